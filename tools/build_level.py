"""Build Tiled maps (.tmx) from ASCII level layouts, and check that they can be finished.

    python tools/build_level.py                      # every levels/src/*.txt -> levels/*.tmx
                                                     # and levels/arenas/src/*.txt -> arenas
    python tools/build_level.py --all                # the same
    python tools/build_level.py SRC.txt -o OUT.tmx
    python tools/build_level.py --check [SRC.txt]    # BFS: can every level be finished?

A layout is a text file with one character per 16x16 tile. Lines starting with `;` are
comments. Every other line is one row of tiles; all rows must be the same width.

Header lines
------------
    @name Outpost Breach          the level's display name (required; a map property)
    @objective destroy_drums,exit  any other `@key value` is written as a map property
    @music level2                  (string), e.g. objective, music
    @seed 7                        picks the stone pattern; not written to the map
    @tileset refinery              the map uses assets/tiles_refinery.tsx (the same tile
                                   ids and collision, another palette) instead of the
                                   default assets/tiles.tsx; not a map property
    @at COL,ROW key=value ...      properties of the object whose marker is at that cell
                                   (0-based column and row of the map rows), e.g.
                                   `@at 40,21 drop=spread health=5`; the types of the
                                   known properties are in PROPERTY_TYPES
    @drop COL,ROW ITEM             shorthand for `@at COL,ROW drop=ITEM`

Legend
------
Solid and one-way tiles go to the `ground` layer:

    #   ground       auto-tiled: grass top, top corners, side edges, inner corners, fill
                     (fill tiles get the stony variant where a seeded hash says so)
    M   metal wall   the topmost tile of a column that has open air above gets the hazard lip
    D   dark metal wall
    C   concrete block
    B   crate (box)
    =   one-way platform: you jump up through it and stand on it; ends are auto-tiled

Decoration goes to the `background` layer (behind the player, never solid):

    w   background wall         n   background wall with a lit window
    |   pipe (vertical)         +   girder / scaffold
    :   dark fill (shaft and cave interiors)
    >   warning sign (arrow right)
    X   EXIT sign

and to the `foreground` layer (drawn over the player, never solid):

    "   grass tuft

Objects go to the `objects` layer; their own cell stays empty on the tile layers:

    P   player spawn: a point at the bottom-centre of the cell (the player's feet)
    E   exit zone: one rectangle covering every E cell (they must form a rectangle);
        E cells get a dark-fill background so the exit reads as a doorway
    s   Soldier  (patrols)      16x32     r   Rifleman (aims)   16x32
    t   Turret                  16x16     d   Drone (flies)     16x16, needs no floor
    h   Pickup item=health      16x16     m   Pickup item=machinegun
    g   Pickup item=spread (gun)          k   Pickup item=rocket
    1   Keycard color=red       16x16     2   Keycard color=blue  3   Keycard color=yellow
    R   Door color=red   U   blue door   Y   yellow door: a vertical run of exactly three
        letters is one 16x48 Door
    o   OilDrum                 16x24     c   Checkpoint        16x32
    G   WaveSpawner (a siege's gate, 64x32, needs no floor): `@at COL,ROW wave=1
        kind=Soldier count=25 every=0.5` sets its wave
    u   Runner   (one hit, runs at you)     16x32     e   Grenadier (lobs grenades) 16x32
    b   Shieldbearer (hurt from behind/above) 16x32   T   PopupTurret (rises from the
        floor it stands on)     16x16     x   Sniper (laser, then a fast shot) 16x32
    Z   Generator (not drawn, needs no floor): a point whose region is a screen centred
        on it; `@at COL,ROW kind=Runner every=1.5 cap=3 total=0 side=either`
    *   SpawnPoint (versus arenas; a pad on the floor): a point at the bottom-centre of
        the cell, where a player starts or comes back; a layout with `@mode versus` is
        an arena for two, which needs at least two `*` and no exit (`E`)
    (The object characters come from the entity kinds: each declares its `chars`;
    `--legend` lists them all, from the kinds and the schema.)
    W   Warden (level 1's boss) 128x176: `@at COL,ROW arena=PX` puts its arena's
        left edge PX left of its feet (default 400); the arena is one screen wide
    V   Crawler (level 2's boss) 144x96     O   Overseer (level 3's boss) 128x200: the
        same `arena`
    ~   MovingPlatform: a horizontal run of `~` is one 8 px thick plank at the top of
        its cells; `@path COL,ROW DC,DR ...` (its first cell, then tile offsets of the
        path's points from it) gives it a path, written as a polyline it follows;
        `@at COL,ROW speed=60 wait=1 mode=loop oneway=true` sets the rest. The
        finishing check ignores platforms: a level must be finishable without them.
    _   Bridge (explodes): one 16x16 plank segment per cell, spanning a pit (needs no
        floor); a run of `_` is one bridge. Once the player stands on it the segments
        blow one after another, `@at COL,ROW fuse=0.4` seconds apart
    %   CrumbleFloor (collapses): one 16x16 stone block per cell (needs no floor); a
        block cracks when the player stands on it and falls `@at COL,ROW delay=0.5`
        seconds later

Every object but doors and drones stands on the tile below its marker: the object's
rectangle bottom is the bottom of the marker cell, its x is centred on the cell (the
game spawns things by that bottom-centre, their feet). A Turret may instead hang from a
ceiling or sit on a wall beside it: it bolts itself to whatever it touches. Object ids are
1 (Player), 2 (Exit), then the other markers row by row.

    .   (or space) empty sky

A cell holds one character, so `=`, `B`, `"`, `P` and object cells show the background
decoration of the nearest plain cell above them, or below them if there is only sky above
(a platform in a shaft keeps the dark fill behind it).

The map is written the way Tiled 1.8 writes one: CSV layers, the external tileset
`assets/tiles.tsx` (or the `@tileset` one) at firstgid 1, classes as the object `type`
attribute, properties in name order. Output is deterministic, so a committed map can be
checked against its layout byte for byte.

Finishing a level (`--check`)
-----------------------------
A BFS over standing positions and the keycards held (see `reach`): a closed door is solid
until its keycard has been picked up, then open for good. The check proves that the exit
can be reached, that every reachable state can still get there (no soft locks), and for
the `destroy_drums` / `kill_all` / `boss` objectives that one run can shoot every drum /
enemy / boss (from a standing position in one of the 8 aim directions, with a clear line
of tiles and closed doors, within TARGET_RANGE tiles across and TARGET_ROWS up or down)
before reaching the exit.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import xml.etree.ElementTree as ET
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "levels" / "src"
# Versus arenas: levels/arenas/src/*.txt -> levels/arenas/*.tmx (never in the campaign).
ARENA_SOURCES = ROOT / "levels" / "arenas" / "src"
TILESET = ROOT / "assets" / "tiles.tsx"
# `@tileset NAME` picks assets/tiles_NAME.tsx: a themed copy of TILESET (same ids, same
# collision), generated by tools/make_assets.py.
THEMED_TILESET = "tiles_{}.tsx"
TILE = 16
FIRSTGID = 1

# Local tile ids in assets/tiles.tsx (gid = FIRSTGID + id).
GROUND_TOP = 0
GROUND_FILL = 1
GROUND_TOP_LEFT = 2
GROUND_TOP_RIGHT = 3
METAL = 4
DARK_METAL = 5
CRATE = 6
ONEWAY_MID = 7
ONEWAY_LEFT = 8
ONEWAY_RIGHT = 9
BG_WALL = 10
BG_WINDOW = 11
BG_PIPE = 12
GRASS_TUFT = 13
SIGN_RIGHT = 14
BG_GIRDER = 15
GROUND_STONES = 16
GROUND_LEFT = 17
GROUND_RIGHT = 18
GROUND_INNER_FROM_RIGHT = 19  # "bottom-left inner corner": grass tucks in from the right
GROUND_INNER_FROM_LEFT = 20  # "bottom-right inner corner": grass tucks in from the left
METAL_TOP = 21
CONCRETE = 22
DARK_FILL = 23
EXIT_SIGN = 24

# Characters with a fixed tile, by layer. `#`, `M` and `=` are auto-tiled (see _ground_gid).
GROUND_CHARS = {"#": GROUND_FILL, "M": METAL, "D": DARK_METAL, "C": CONCRETE, "B": CRATE}
ONEWAY_CHAR = "="
BACKGROUND_CHARS = {
    "w": BG_WALL,
    "n": BG_WINDOW,
    "|": BG_PIPE,
    "+": BG_GIRDER,
    ":": DARK_FILL,
    ">": SIGN_RIGHT,
    "X": EXIT_SIGN,
}
FOREGROUND_CHARS = {'"': GRASS_TUFT}
EMPTY_CHARS = {".", " "}


def _entity_kinds() -> dict[str, Any]:
    """The game's entity kinds (gunner.entities discovers them): each declares the
    layout characters that place it, its size here and whether it may float."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from gunner.entities import ENTITY_TYPES

    return dict(ENTITY_TYPES)


KINDS = _entity_kinds()
from gunner.schema import ARENA_SPAWNS  # noqa: E402  (gunner is importable once KINDS is read)


def _char_of(kind: str) -> str:
    (char,) = KINDS[kind].chars
    return str(char)


# Kinds placed by a shape rather than one marker: the player's feet, the exit's
# rectangle of cells, a door's run of three letters, a platform's run of `~`.
PLAYER_CHAR = _char_of("Player")
EXIT_CHAR = _char_of("Exit")
PLATFORM_CHAR = _char_of("MovingPlatform")
DOOR_CHARS = {char: props["color"] for char, props in KINDS["Door"].chars.items()}
SHAPED_KINDS = ("Player", "Exit", "MovingPlatform", "Door")
# A versus arena's spawn point: an arena (`@mode versus`) needs ARENA_SPAWNS of them.
SPAWN_CHAR = _char_of("SpawnPoint")

# Object markers: char -> (class, fixed properties, width, height in px), from the kinds.
OBJECT_CHARS: dict[str, tuple[str, dict[str, str], int, int]] = {
    char: (kind, dict(props), *cls.builder_size)
    for kind, cls in sorted(KINDS.items())
    if kind not in SHAPED_KINDS
    for char, props in cls.chars.items()
}
PLATFORM_HEIGHT = KINDS["MovingPlatform"].builder_size[1]  # px
DOOR_HEIGHT = KINDS["Door"].builder_size[1] // TILE  # tiles
ENEMY_CLASSES = tuple(kind for kind, cls in sorted(KINDS.items()) if cls.team == "enemy")
# Bosses: the `boss` objective needs each one shot (kill_all counts them as enemies too).
BOSS_CLASSES = tuple(kind for kind, cls in sorted(KINDS.items()) if getattr(cls, "is_boss", False))
# Markers that need no floor under them (a drone flies; a turret bolts to any side).
FLOATING_CLASSES = {kind for kind, cls in KINDS.items() if cls.floats}
# Markers that are floor themselves while they last (a bridge, a collapsing floor): the
# reachability check stands on their cells, and other markers may stand on them.
FLOOR_CLASSES = {kind for kind, cls in KINDS.items() if getattr(cls, "is_floor", False)}
FLOOR_CHARS = {char for char, (kind, *_) in OBJECT_CHARS.items() if kind in FLOOR_CLASSES}


def _check_chars() -> None:
    """Two kinds, or a kind and a tile, never share a character."""
    seen: dict[str, str] = {}
    tiles = set(GROUND_CHARS) | {ONEWAY_CHAR} | set(BACKGROUND_CHARS) | set(FOREGROUND_CHARS)
    for kind, cls in sorted(KINDS.items()):
        for char in cls.chars:
            if len(char) != 1 or char in tiles | EMPTY_CHARS or char in seen:
                clash = seen.get(char, "a tile")
                raise SystemExit(f"{kind}: layout character {char!r} is taken ({clash})")
            seen[char] = kind


_check_chars()


# Types of the object properties a layout may set with `@at`; anything else is a string.
def _property_types() -> dict[str, str]:
    """Every object property's type, from the game's schema (gunner/objects.py)."""
    from gunner.objects import SCHEMA

    types: dict[str, str] = {}
    for spec in SCHEMA.values():
        for name, prop in spec.props.items():
            if types.setdefault(name, prop.type) != prop.type:
                raise SystemExit(f"property {name!r} has two types in the schema")
    return types


PROPERTY_TYPES = _property_types()
# Cells that sit in front of the background and borrow the decoration above them.
OVERLAY_CHARS = (
    {ONEWAY_CHAR, "B", PLAYER_CHAR, PLATFORM_CHAR}
    | set(FOREGROUND_CHARS)
    | set(OBJECT_CHARS)
    | set(DOOR_CHARS)
)
# Blocks that cover the ground next to them (no grass or cliff rim where they touch).
# Crates and platforms do not: grass runs on under a crate and the dirt face shows.
TERRAIN_CHARS = {"#", "M", "D", "C"}

# Percentage of plain fill tiles drawn with stones: enough to break the repetition.
STONE_PERCENT = 14

# Collision values, as the game's own loader (gunner/level.py) reads them from the tileset.
EMPTY, SOLID, ONEWAY = 0, 1, 2

# Reachability model (all in tiles), deliberately below what the player can really do:
# a held jump rises ~5.6 tiles and covers ~5 tiles of ground at 110 px/s (see
# gunner/entities/player.py), so anything this BFS accepts has margin to spare.
BODY_HEIGHT = 2  # the 12x28 px player, rounded up to whole tiles
MAX_PEAK = 5  # highest point of a jump above the take-off floor
MAX_RISE = 4  # highest floor a jump may land on
# Farthest column offset of a landing, by how much higher it is than the take-off floor:
# the higher the landing, the less air time is left to travel sideways.
MAX_ACROSS_BY_RISE = {4: 3, 3: 4, 2: 4}
MAX_ACROSS = 5  # for landings up to one tile higher, level or lower
# A jump boxed in by a low ceiling is short, so it also cannot go as far.
MAX_ACROSS_BY_PEAK = {1: 2, 2: 3, 3: 3, 4: 4, 5: 5}


class LayoutError(ValueError):
    """A layout the tool cannot turn into a map; the message names the line."""


@dataclass
class Layout:
    """A parsed ASCII layout: the rows of characters plus map properties."""

    rows: list[str]
    properties: dict[str, str] = field(default_factory=dict)
    seed: int = 1
    # (col, row) of an object marker -> extra properties from `@at` / `@drop` lines.
    overrides: dict[tuple[int, int], dict[str, str]] = field(default_factory=dict)
    # (col, row) of a platform's first cell -> its path's points, in tiles from there.
    paths: dict[tuple[int, int], list[tuple[int, int]]] = field(default_factory=dict)
    tileset: Path = TILESET  # the .tsx the map refers to (`@tileset NAME`)

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @property
    def height(self) -> int:
        return len(self.rows)

    def at(self, col: int, row: int) -> str:
        return self.rows[row][col]

    def cells(self, char: str) -> list[tuple[int, int]]:
        """(col, row) of every cell holding `char`, row by row."""
        return [
            (c, r) for r, line in enumerate(self.rows) for c, ch in enumerate(line) if ch == char
        ]


@dataclass
class LevelMap:
    """Everything written to the .tmx: tile layers as local tile ids (-1 = no tile)."""

    width: int
    height: int
    name: str
    background: list[list[int]]
    ground: list[list[int]]
    foreground: list[list[int]]
    player: tuple[int, int]  # spawn cell (col, row)
    # Exit zone in cells: col, row, width, height (None: a versus arena has none).
    exit: tuple[int, int, int, int] | None
    properties: dict[str, str] = field(default_factory=dict)  # map properties, name included
    objects: list[MapObject] = field(default_factory=list)  # everything but Player and Exit


@dataclass
class MapObject:
    """One marker's object: class, rectangle in px, properties, and its marker cell."""

    cls: str
    x: int
    y: int
    w: int
    h: int
    props: dict[str, str]
    cell: tuple[int, int]  # (col, row); a door's is its bottom cell
    # A platform's path: polyline points in px from (x + w / 2, y), written as their own
    # object right after it (its `path` property names that object).
    path: list[tuple[int, int]] = field(default_factory=list)

    @property
    def color(self) -> str:
        return self.props.get("color", "")


# -- parsing -------------------------------------------------------------------------------


def _parse_cell(text: str, where: str) -> tuple[int, int]:
    try:
        col, row = (int(v) for v in text.split(","))
    except ValueError:
        raise LayoutError(f"{where}: expected COL,ROW, got {text!r}") from None
    return col, row


def tileset_names() -> list[str]:
    """The NAMEs `@tileset` accepts: every assets/tiles_NAME.tsx."""
    prefix, suffix = THEMED_TILESET.split("{}")
    found = TILESET.parent.glob(THEMED_TILESET.format("*"))
    return sorted(p.name[len(prefix) : -len(suffix)] for p in found)


def themed_tileset(name: str, where: str) -> Path:
    """The tileset `@tileset NAME` picks; LayoutError names the line and the choices."""
    names = tileset_names()
    if name not in names:
        raise LayoutError(
            f"{where}: unknown tileset {name!r}; use one of {', '.join(names) or '(none made)'}"
            " (assets/tiles_NAME.tsx), or no @tileset line for assets/tiles.tsx"
        )
    return TILESET.parent / THEMED_TILESET.format(name)


def parse_layout(text: str, source: str = "<layout>") -> Layout:
    """Split a layout file into tile rows and `@` lines, validating every character."""
    known = (
        set(GROUND_CHARS)
        | {ONEWAY_CHAR, PLAYER_CHAR, EXIT_CHAR}
        | set(BACKGROUND_CHARS)
        | set(FOREGROUND_CHARS)
        | set(OBJECT_CHARS)
        | set(DOOR_CHARS)
        | {PLATFORM_CHAR}
        | EMPTY_CHARS
    )
    rows: list[str] = []
    paths: dict[tuple[int, int], list[tuple[int, int]]] = {}
    properties: dict[str, str] = {}
    overrides: dict[tuple[int, int], dict[str, str]] = {}
    override_lines: dict[tuple[int, int], int] = {}
    set_at: dict[tuple[tuple[int, int], str], int] = {}  # (cell, property) -> its line
    seed = 1
    tileset = TILESET
    for number, line in enumerate(text.splitlines(), start=1):
        where = f"{source}:{number}"
        if line.startswith(";") or (not line.strip() and not rows):
            continue
        if line.startswith("@"):
            key, _, value = line[1:].partition(" ")
            value = value.strip()
            if key == "seed":
                seed = int(value)
            elif key == "tileset":
                tileset = themed_tileset(value, where)
            elif key == "path":
                cell_text, *steps = value.split()
                cell = _parse_cell(cell_text, where)
                paths[cell] = [(0, 0)] + [_parse_cell(step, where) for step in steps]
                if len(paths[cell]) < 2:
                    raise LayoutError(f"{where}: a path needs at least one DC,DR after the cell")
            elif key in ("at", "drop"):
                cell_text, _, rest = value.partition(" ")
                cell = _parse_cell(cell_text, where)
                pairs = rest.split() if key == "at" else [f"drop={rest.strip()}"]
                props = overrides.setdefault(cell, {})
                override_lines.setdefault(cell, number)
                for pair in pairs:
                    name, eq, val = pair.partition("=")
                    if not eq or not name:
                        raise LayoutError(f"{where}: expected key=value, got {pair!r}")
                    if props.get(name, val) != val:
                        # Two lines for one object would silently keep the last value.
                        raise LayoutError(
                            f"{where}: {name} of the object at {cell[0]},{cell[1]} is already "
                            f"{props[name]} (line {set_at[cell, name]}); one object, one value"
                        )
                    props[name] = val
                    set_at.setdefault((cell, name), number)
            else:
                properties[key] = value
            continue
        if not line.strip():
            raise LayoutError(f"{where}: blank line inside the map (use '.' for sky)")
        bad = sorted(set(line) - known)
        if bad:
            raise LayoutError(f"{where}: unknown tile character(s) {''.join(bad)!r}")
        if rows and len(line) != len(rows[0]):
            raise LayoutError(f"{where}: row is {len(line)} wide, the first row is {len(rows[0])}")
        rows.append(line)
    if not rows:
        raise LayoutError(f"{source}: no map rows")
    for (col, row), number in override_lines.items():
        ok = 0 <= row < len(rows) and 0 <= col < len(rows[0])
        markers = set(OBJECT_CHARS) | set(DOOR_CHARS) | {PLATFORM_CHAR}
        if not ok or rows[row][col] not in markers:
            found = repr(rows[row][col]) if ok else "outside the map"
            raise LayoutError(f"{source}:{number}: no object marker at {col},{row} (found {found})")
    for col, row in paths:
        ok = 0 <= row < len(rows) and 0 <= col < len(rows[0])
        first = ok and rows[row][col] == PLATFORM_CHAR
        if not first or (col and rows[row][col - 1] == PLATFORM_CHAR):
            raise LayoutError(f"{source}: @path {col},{row} is not the first cell of a platform")
    return Layout(rows, properties, seed, overrides, paths, tileset)


# -- auto-tiling ---------------------------------------------------------------------------


def _hash(col: int, row: int, seed: int) -> int:
    """A stable 32-bit hash of a cell (Python's hash() is salted per process)."""
    h = (col * 374761393 + row * 668265263 + seed * 2246822519) & 0xFFFFFFFF
    h = ((h ^ (h >> 13)) * 1274126177) & 0xFFFFFFFF
    return h ^ (h >> 16)


def _covered(layout: Layout, col: int, row: int) -> bool:
    """Whether a terrain block sits at (col, row). Off the map counts as covered at the
    sides and bottom (no cliff rim against the map border) but as open sky above."""
    if row < 0:
        return False
    if col < 0 or col >= layout.width or row >= layout.height:
        return True
    return layout.at(col, row) in TERRAIN_CHARS


def _ground_tile(layout: Layout, col: int, row: int) -> int:
    """The `#` tile that fits its neighbours: grass where open to the sky, a rim on exposed
    sides, inner corners where a lower floor meets a wall, plain or stony fill inside."""
    up = _covered(layout, col, row - 1)
    left = _covered(layout, col - 1, row)
    right = _covered(layout, col + 1, row)
    if not up:
        if not left and right:
            return GROUND_TOP_LEFT
        if not right and left:
            return GROUND_TOP_RIGHT
        return GROUND_TOP
    if not left:
        return GROUND_LEFT
    if not right:
        return GROUND_RIGHT
    # The floor's grass tucks into the foot of the wall rising beside it.
    if not _covered(layout, col + 1, row - 1):
        return GROUND_INNER_FROM_RIGHT
    if not _covered(layout, col - 1, row - 1):
        return GROUND_INNER_FROM_LEFT
    stony = _hash(col, row, layout.seed) % 100 < STONE_PERCENT
    return GROUND_STONES if stony else GROUND_FILL


def _ground_gid_tile(layout: Layout, col: int, row: int) -> int:
    """Local tile id on the ground layer for one cell, -1 for none."""
    ch = layout.at(col, row)
    if ch == "#":
        return _ground_tile(layout, col, row)
    if ch == "M":
        return METAL_TOP if not _covered(layout, col, row - 1) else METAL
    if ch == ONEWAY_CHAR:
        # A platform piece is an end where the run of `=` stops.
        left = col > 0 and layout.at(col - 1, row) == ONEWAY_CHAR
        right = col + 1 < layout.width and layout.at(col + 1, row) == ONEWAY_CHAR
        if left == right:  # the middle of a run, or a lone piece
            return ONEWAY_MID
        return ONEWAY_RIGHT if left else ONEWAY_LEFT
    return GROUND_CHARS.get(ch, -1)


def _background_tile(layout: Layout, col: int, row: int) -> int:
    """Local tile id on the background layer for one cell, -1 for none.

    A cell holds one character, so a platform, crate, tuft or spawn cannot also name the
    decoration behind it: it shows the decoration of the nearest plain cell above it, or
    below it if there is only sky above (a platform inside the shaft keeps the dark fill,
    a girder along a ruin's roof line the wall under it).
    """
    ch = layout.at(col, row)
    if ch == EXIT_CHAR:
        return DARK_FILL  # the exit reads as a dark doorway
    if ch not in OVERLAY_CHARS:
        return BACKGROUND_CHARS.get(ch, -1)
    for step in (-1, 1):
        r = row + step
        while 0 <= r < layout.height and layout.at(col, r) in OVERLAY_CHARS:
            r += step
        if 0 <= r < layout.height and layout.at(col, r) in BACKGROUND_CHARS:
            return BACKGROUND_CHARS[layout.at(col, r)]
    return -1


def _marker_rect(layout: Layout, char: str, what: str) -> tuple[int, int, int, int]:
    """The bounding box (col, row, w, h) of a marker's cells, which must fill it exactly."""
    cells = layout.cells(char)
    if not cells:
        raise LayoutError(f"no {what} ({char!r}) in the layout")
    cols = [c for c, _ in cells]
    rows = [r for _, r in cells]
    col, row = min(cols), min(rows)
    w, h = max(cols) - col + 1, max(rows) - row + 1
    if len(cells) != w * h:
        raise LayoutError(f"the {what} cells ({char!r}) do not form one rectangle")
    return col, row, w, h


def build_map(layout: Layout) -> LevelMap:
    """Turn a parsed layout into tile layers and object positions."""
    w, h = layout.width, layout.height
    background = [[-1] * w for _ in range(h)]
    ground = [[-1] * w for _ in range(h)]
    foreground = [[-1] * w for _ in range(h)]
    for row in range(h):
        for col in range(w):
            ch = layout.at(col, row)
            ground[row][col] = _ground_gid_tile(layout, col, row)
            background[row][col] = _background_tile(layout, col, row)
            foreground[row][col] = FOREGROUND_CHARS.get(ch, -1)
    player = _marker_rect(layout, PLAYER_CHAR, "player spawn")
    if player[2:] != (1, 1):
        raise LayoutError(f"there must be exactly one player spawn ({PLAYER_CHAR!r})")
    arena = layout.properties.get("mode") == "versus"
    exit_rect = None if arena else _marker_rect(layout, EXIT_CHAR, "exit zone")
    if arena and len(layout.cells(SPAWN_CHAR)) < ARENA_SPAWNS:
        raise LayoutError(f"an arena needs at least {ARENA_SPAWNS} spawn points ({SPAWN_CHAR!r})")
    name = layout.properties.get("name", "")
    if not name:
        raise LayoutError("the layout has no '@name' line")
    return LevelMap(
        w,
        h,
        name,
        background,
        ground,
        foreground,
        player[:2],
        exit_rect,
        dict(layout.properties),
        _objects(layout),
    )


def _objects(layout: Layout) -> list[MapObject]:
    """Every object marker as a MapObject, row by row (a door at its top cell)."""
    objects: list[MapObject] = []
    used: set[tuple[int, int]] = set()

    def blocked(col: int, row: int) -> bool:
        return 0 <= row < layout.height and layout.at(col, row) in TERRAIN_CHARS | {"B"}

    def floor(col: int, row: int) -> bool:
        return row + 1 >= layout.height or layout.at(col, row + 1) in (
            TERRAIN_CHARS | {"B", ONEWAY_CHAR} | FLOOR_CHARS
        )

    for row, line in enumerate(layout.rows):
        for col, ch in enumerate(line):
            if ch in DOOR_CHARS and (col, row) not in used:
                run = 0
                while row + run < layout.height and layout.at(col, row + run) == ch:
                    used.add((col, row + run))
                    run += 1
                if run != DOOR_HEIGHT:
                    raise LayoutError(
                        f"door {ch!r} at {col},{row} is {run} tall; a door is exactly "
                        f"{DOOR_HEIGHT} letters in a column"
                    )
                bottom = row + DOOR_HEIGHT - 1
                if not floor(col, bottom):
                    raise LayoutError(f"door {ch!r} at {col},{row} does not stand on a floor")
                props = {"color": DOOR_CHARS[ch]}
                for r in range(row, bottom + 1):
                    props.update(layout.overrides.get((col, r), {}))
                objects.append(
                    MapObject(
                        "Door",
                        col * TILE,
                        row * TILE,
                        TILE,
                        DOOR_HEIGHT * TILE,
                        props,
                        (col, bottom),
                    )
                )
            elif ch == PLATFORM_CHAR and (col, row) not in used:
                run = 0
                while col + run < layout.width and layout.at(col + run, row) == ch:
                    used.add((col + run, row))
                    run += 1
                if (col, row) not in layout.paths:
                    raise LayoutError(f"platform at {col},{row} has no '@path {col},{row} ...'")
                x, y = col * TILE, row * TILE
                path = [(dc * TILE, dr * TILE) for dc, dr in layout.paths[(col, row)]]
                props = dict(layout.overrides.get((col, row), {}))
                obj = MapObject(
                    "MovingPlatform", x, y, run * TILE, PLATFORM_HEIGHT, props, (col, row)
                )
                obj.path = path
                objects.append(obj)
            elif ch in OBJECT_CHARS:
                cls, fixed, ow, oh = OBJECT_CHARS[ch]
                if cls not in FLOATING_CLASSES and not floor(col, row):
                    raise LayoutError(f"{cls} {ch!r} at {col},{row} does not stand on a floor")
                if cls == "Turret" and not (
                    floor(col, row)
                    or blocked(col, row - 1)
                    or (col > 0 and blocked(col - 1, row))
                    or (col + 1 < layout.width and blocked(col + 1, row))
                ):
                    raise LayoutError(f"Turret at {col},{row} touches no floor, ceiling or wall")
                if oh > TILE and blocked(col, row - 1):
                    raise LayoutError(f"{cls} {ch!r} at {col},{row} has a solid tile above it")
                props = dict(fixed) | layout.overrides.get((col, row), {})
                x = col * TILE + (TILE - ow) // 2
                y = (row + 1) * TILE - oh
                objects.append(MapObject(cls, x, y, ow, oh, props, (col, row)))
    return objects


# -- writing -------------------------------------------------------------------------------


def _csv(tiles: list[list[int]]) -> str:
    """A layer's data as Tiled writes CSV: one row per line, a comma after all but the last."""
    lines = [",".join(str(t + FIRSTGID if t >= 0 else 0) for t in row) for row in tiles]
    return ",\n".join(lines)


def _property_xml(name: str, value: str, indent: str) -> str:
    kind = PROPERTY_TYPES.get(name, "string")
    type_attr = "" if kind == "string" else f' type="{kind}"'
    return f"{indent}<property name={quoteattr(name)}{type_attr} value={quoteattr(value)}/>"


def tmx_text(level: LevelMap, tileset_source: str) -> str:
    """The .tmx document, formatted like Tiled 1.8.2 saves it."""
    layers = [("background", level.background), ("ground", level.ground)]
    fixed = 1 if level.exit is None else 2  # object ids taken by the spawn and the exit
    next_id = len(level.objects) + sum(1 for o in level.objects if o.path) + fixed + 1
    layers.append(("foreground", level.foreground))
    objects_layer_id = len(layers) + 1
    pc, pr = level.player
    properties = dict(level.properties)
    properties["name"] = level.name
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" '
        f'renderorder="right-down" width="{level.width}" height="{level.height}" '
        f'tilewidth="{TILE}" tileheight="{TILE}" infinite="0" '
        f'nextlayerid="{objects_layer_id + 1}" '
        f'nextobjectid="{next_id}">',
        " <properties>",
        *(
            f"  <property name={quoteattr(k)} value={quoteattr(v)}/>"
            for k, v in sorted(properties.items())
        ),
        " </properties>",
        f' <tileset firstgid="{FIRSTGID}" source={quoteattr(tileset_source)}/>',
    ]
    for layer_id, (name, tiles) in enumerate(layers, start=1):
        out += [
            f' <layer id="{layer_id}" name="{escape(name)}" width="{level.width}" '
            f'height="{level.height}">',
            '  <data encoding="csv">',
            _csv(tiles),
            "</data>",
            " </layer>",
        ]
    out += [
        f' <objectgroup id="{objects_layer_id}" name="objects">',
        # The spawn is the player's feet: bottom-centre of the P cell.
        f'  <object id="1" name="spawn" type="Player" x="{pc * TILE + TILE // 2}" '
        f'y="{(pr + 1) * TILE}">',
        "   <point/>",
        "  </object>",
    ]
    if level.exit is not None:
        ec, er, ew, eh = level.exit
        out.append(
            f'  <object id="2" name="exit" type="Exit" x="{ec * TILE}" y="{er * TILE}" '
            f'width="{ew * TILE}" height="{eh * TILE}"/>'
        )
    number = fixed
    for obj in level.objects:
        number += 1
        # A kind with no size (a generator's marker) is a point, as Tiled writes one.
        point = not (obj.w or obj.h)
        size = "" if point else f' width="{obj.w}" height="{obj.h}"'
        head = f'  <object id="{number}" type="{obj.cls}" x="{obj.x}" y="{obj.y}"{size}'
        props = dict(obj.props) | ({"path": str(number + 1)} if obj.path else {})
        if not props and not point:
            out.append(head + "/>")
            continue
        out.append(head + ">")
        if props:
            out += ["   <properties>"]
            out += [_property_xml(k, v, "    ") for k, v in sorted(props.items())]
            out += ["   </properties>"]
        out += ["   <point/>"] if point else []
        out += ["  </object>"]
        if obj.path:  # the line it follows, from the middle of its top
            number += 1
            points = " ".join(f"{px},{py}" for px, py in obj.path)
            out += [
                f'  <object id="{number}" name="path" x="{obj.x + obj.w // 2}" y="{obj.y}">',
                f'   <polyline points="{points}"/>',
                "  </object>",
            ]
    out += [" </objectgroup>", "</map>", ""]
    return "\n".join(out)


def tileset_source_for(out_path: Path, tsx: Path = TILESET) -> str:
    """The tileset path as the map refers to it: relative to the map, with `/`."""
    return Path(os.path.relpath(tsx, out_path.resolve().parent)).as_posix()


def build(source: Path, out_path: Path) -> str:
    """The .tmx text for the layout at `source`, as it would be saved at `out_path`."""
    layout = parse_layout(source.read_text(encoding="utf-8"), str(source))
    return tmx_text(build_map(layout), tileset_source_for(out_path, layout.tileset))


def default_output(source: Path) -> Path:
    """levels/src/NAME.txt -> levels/NAME.tmx."""
    return source.resolve().parent.parent / f"{source.stem}.tmx"


# -- reachability --------------------------------------------------------------------------

Cell = tuple[int, int]  # (col, row) of the tile the player's feet are in


def tileset_collision(tsx: Path = TILESET) -> dict[int, int]:
    """Local tile id -> SOLID / ONEWAY, from the tileset's `solid` and `oneway` properties
    (the same data the game reads, so the check and the game cannot disagree)."""
    kinds: dict[int, int] = {}
    for tile in ET.parse(tsx).getroot().iterfind("tile"):
        props = {p.get("name"): p.get("value") for p in tile.iterfind("properties/property")}
        if props.get("solid") == "true":
            kinds[int(tile.get("id", "0"))] = SOLID
        elif props.get("oneway") == "true":
            kinds[int(tile.get("id", "0"))] = ONEWAY
    return kinds


def collision_grid(level: LevelMap, kinds: dict[int, int]) -> list[list[int]]:
    """EMPTY / SOLID / ONEWAY per cell; a solid tile on any layer wins over a platform.
    A bridge's or collapsing floor's cell is solid: the player arrives while it stands."""
    grid = [[EMPTY] * level.width for _ in range(level.height)]
    for layer in (level.background, level.ground, level.foreground):
        for r, row in enumerate(layer):
            for c, tile in enumerate(row):
                kind = kinds.get(tile, EMPTY) if tile >= 0 else EMPTY
                grid[r][c] = max(grid[r][c], kind)
    for obj in level.objects:
        if obj.cls in FLOOR_CLASSES:
            grid[obj.cell[1]][obj.cell[0]] = SOLID
    return grid


@dataclass(frozen=True)
class Door:
    """A door for the BFS: solid cells (col, top row .. top row + height - 1) until its
    colour's keycard is held."""

    col: int
    row: int  # top cell
    color: str
    height: int = DOOR_HEIGHT


@dataclass(frozen=True)
class Key:
    col: int
    row: int  # the cell the keycard rests in
    color: str


@dataclass(frozen=True)
class Target:
    """Something an objective needs shot: cells (col, row - height + 1 .. row)."""

    col: int
    row: int  # bottom cell
    height: int
    kind: str


State = tuple[int, int, frozenset[str]]  # feet cell and the keycard colours held


@dataclass
class Reach:
    """What the BFS found. Positions are cells holding the player's feet."""

    reachable: bool  # the exit (and, with targets, every target first) in one run
    explored: int  # standing positions reachable from the spawn
    path: list[Cell]  # spawn ... first position inside the exit, empty if unreachable
    dead_ends: list[Cell]  # reachable positions from which the exit cannot be reached
    keys: list[str] = field(default_factory=list)  # keycard colours that can be picked up
    exit_reachable: bool = False  # the exit zone alone, whatever the targets
    unreachable_targets: list[Target] = field(default_factory=list)  # cannot be shot at all
    missed_targets: list[Target] = field(default_factory=list)  # not all in one run
    states: int = 0  # (position, keys) states explored
    seen: list[State] = field(default_factory=list)  # every state reached, in BFS order
    # Why the layout kills the player rather than the enemies: (cell, message) for a
    # ledge he cannot leave, a required jump without margin, a required one-tile landing.
    refusals: list[tuple[Cell, str]] = field(default_factory=list)


# Farthest a target may be from the player's body and still count as shootable, in tiles
# (less than half the 30-tile-wide screen: the player sees what they shoot at).
TARGET_RANGE = 12
# ... and above or below it: a player's shot ends at the view's edge, and the view
# (17 rows) holds the player about mid-height, so a target more rows off than this
# may be out of view from every spot it is in line with.
TARGET_ROWS = 7


def _across_limit(rise: int, peak: int) -> int:
    """Farthest landing column offset for a jump that peaks `peak` tiles up and lands
    `rise` tiles up (-1: not possible)."""
    if rise > MAX_RISE:
        return -1
    return min(MAX_ACROSS_BY_RISE.get(rise, MAX_ACROSS), MAX_ACROSS_BY_PEAK[peak])


def cell_moves(grid: Sequence[Sequence[int]], pos: Cell) -> Iterable[Cell]:
    """Every standing position one walk step, fall or jump away from `pos`."""
    return (spot for spot, _ in _moves_by_peak(grid, pos))


def _moves_by_peak(grid: Sequence[Sequence[int]], pos: Cell) -> Iterable[tuple[Cell, int]]:
    """Every standing position one walk step, fall or jump away from `pos`, with the
    jump's peak in tiles (0: a walk step, or a walk off a ledge and the fall after it).

    The player is one tile wide and BODY_HEIGHT tall. A jump is checked as a box: straight
    up in the take-off column to its peak, across (every column passed over must be free
    from the take-off floor to the peak, since a real arc moves sideways while it rises),
    then a fall in the landing column to the first floor (solid or platform) below it.
    Platforms never stop a body going up or sideways; dropping down through one is not used.
    """
    height, width = len(grid), len(grid[0])

    def clear(c: int, r: int) -> bool:
        # Above the map is open sky; beyond the sides is wall.
        return 0 <= c < width and (r < 0 or (r < height and grid[r][c] != SOLID))

    def clear_rows(c: int, top: int, bottom: int) -> bool:
        return all(clear(c, r) for r in range(top, bottom + 1))

    def land(c: int, r: int) -> Cell | None:
        """Fall from feet row r in column c: the first standing position, None into a pit."""
        while r + 1 < height:
            if r + 1 >= 0 and grid[r + 1][c] != EMPTY:  # above the map is open sky
                return (c, r)
            r += 1
        return None

    col, row = pos
    for step in (-1, 1):  # walk a tile; fall if there is no floor there
        if clear_rows(col + step, row - BODY_HEIGHT + 1, row):
            spot = land(col + step, row)
            if spot:
                yield spot, 0
    for peak in range(1, MAX_PEAK + 1):
        feet = row - peak  # feet row at the top of the jump
        head = feet - BODY_HEIGHT + 1
        if not clear_rows(col, head, row):
            break  # a ceiling: no higher jump from here either
        for step in (-1, 1):
            for dx in range(1, MAX_ACROSS_BY_PEAK[peak] + 1):
                c = col + step * dx
                if not clear_rows(c, head, feet):
                    break  # the body hits a wall at the top of the jump
                spot = land(c, feet)
                if spot and spot != pos and dx <= _across_limit(row - spot[1], peak):
                    yield spot, peak
                if not clear_rows(c, head, row):
                    break  # cannot pass over this column to land farther out


def grid_for(grid: Sequence[Sequence[int]], doors: Sequence[Door], keys: frozenset[str]):
    """The grid with every door whose keycard is not held made solid."""
    closed = [d for d in doors if d.color not in keys]
    if not closed:
        return grid
    copy = [list(row) for row in grid]
    for door in closed:
        for r in range(door.row, door.row + door.height):
            copy[r][door.col] = SOLID
    return copy


def _clear_line(grid: Sequence[Sequence[int]], c0: int, r0: int, c1: int, r1: int) -> bool:
    """No solid cell strictly between two cells on a straight or 45-degree line."""
    steps = max(abs(c1 - c0), abs(r1 - r0))
    dc = (c1 > c0) - (c1 < c0)
    dr = (r1 > r0) - (r1 < r0)
    return all(grid[r0 + dr * i][c0 + dc * i] != SOLID for i in range(1, steps))


def can_shoot(grid: Sequence[Sequence[int]], pos: Cell, target: Target) -> bool:
    """Can the player standing at `pos` hit `target` in one of the eight aim directions?

    The shot leaves either body cell (standing or crouching) and must meet one of the
    target's cells exactly along a row, a column (upwards) or a diagonal, within
    TARGET_RANGE tiles across and TARGET_ROWS up or down (a shot ends at the view's
    edge), with no solid tile (or closed door) in between.
    """
    col, row = pos
    for gun_row in (row - 1, row):
        for r in range(target.row - target.height + 1, target.row + 1):
            dc, dr = target.col - col, r - gun_row
            if abs(dc) > TARGET_RANGE or abs(dr) > TARGET_ROWS or (dc == 0 and dr >= 0):
                continue
            if (dr == 0 or dc == 0 or abs(dc) == abs(dr)) and _clear_line(
                grid, col, gun_row, target.col, r
            ):
                return True
    return False


def reach(
    grid: Sequence[Sequence[int]],
    spawn: Cell,
    exit_rect: tuple[int, int, int, int],
    doors: Sequence[Door] = (),
    keys: Sequence[Key] = (),
    targets: Sequence[Target] = (),
    moves: Callable[[Sequence[Sequence[int]], Cell], Iterable[Cell]] | None = None,
) -> Reach:
    """BFS over (standing position, keycards held) from the spawn cell.

    A closed door is solid until the player holds its colour (touching it with the key
    opens it for good); a keycard is picked up by standing with the body over its cell.
    The exit counts as reached when the player's body overlaps the exit rectangle (col,
    row, w, h, in cells). With `targets` (drums, enemies) the level is finishable only if
    one run can shoot every target before it reaches the exit: the states are grouped into
    strongly connected components, and a walk through the component graph must collect
    them all. `moves` (default: every move of the model) may leave some out.
    """
    moves = moves or cell_moves
    ec, er, ew, eh = exit_rect
    grids: dict[frozenset[str], Sequence[Sequence[int]]] = {}

    def grid_of(held: frozenset[str]) -> Sequence[Sequence[int]]:
        if held not in grids:
            grids[held] = grid_for(grid, doors, held)
        return grids[held]

    def in_exit(pos: Cell) -> bool:
        c, r = pos
        return ec <= c < ec + ew and r - BODY_HEIGHT + 1 < er + eh and r >= er

    def pick_up(pos: Cell, held: frozenset[str]) -> frozenset[str]:
        c, r = pos
        found = {k.color for k in keys if k.col == c and r - BODY_HEIGHT < k.row <= r}
        return held | found if found - held else held

    start: State = (*spawn, pick_up(spawn, frozenset()))
    parent: dict[State, State | None] = {start: None}
    edges: dict[State, list[State]] = {}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        held = state[2]
        nexts = []
        for spot in dict.fromkeys(moves(grid_of(held), state[:2])):
            nxt = (*spot, pick_up(spot, held))
            nexts.append(nxt)
            if nxt not in parent:
                parent[nxt] = state
                queue.append(nxt)
        edges[state] = nexts
    goals = [s for s in parent if in_exit(s[:2])]

    # Walk the moves backwards from the exit: anything reachable that is not reached this
    # way is a soft lock (the player is stuck without dying).
    incoming: dict[State, list[State]] = {s: [] for s in parent}
    for src, dsts in edges.items():
        for dst in dsts:
            incoming[dst].append(src)
    can_finish = set(goals)
    back = deque(goals)
    while back:
        for src in incoming[back.popleft()]:
            if src not in can_finish:
                can_finish.add(src)
                back.append(src)
    dead_ends = sorted({s[:2] for s in parent if s not in can_finish})

    hits: dict[State, frozenset[int]] = {}
    for state in parent:
        g = grid_of(state[2])
        hits[state] = frozenset(
            i
            for i, t in enumerate(targets)
            if abs(t.col - state[0]) <= TARGET_RANGE and can_shoot(g, state[:2], t)
        )
    shootable = frozenset().union(*hits.values()) if hits else frozenset()
    unreachable = [t for i, t in enumerate(targets) if i not in shootable]
    collected = _collect_in_one_run(start, edges, incoming, hits, set(goals))
    everything = frozenset(range(len(targets)))
    missed = [t for i, t in enumerate(targets) if i not in collected and i in shootable]

    path: list[Cell] = []
    if goals:
        goal = min(goals, key=lambda s: _depth(parent, s))
        node: State | None = goal
        while node is not None:
            path.append(node[:2])
            node = parent[node]
        path.reverse()
    return Reach(
        bool(goals) and collected == everything,
        len({s[:2] for s in parent}),
        path,
        dead_ends,
        sorted(set().union(*(s[2] for s in parent))),
        bool(goals),
        unreachable,
        missed,
        len(parent),
        list(parent),
    )


# Pareto sets of targets kept per component in _collect_in_one_run; more is never needed
# for hand-made levels, and fewer only makes the check stricter.
MAX_FRONTIER = 64


def _collect_in_one_run(
    start: State,
    edges: dict[State, list[State]],
    incoming: dict[State, list[State]],
    hits: dict[State, frozenset[int]],
    goals: set[State],
) -> frozenset[int]:
    """The largest set of targets one walk from `start` to a goal can shoot.

    Kosaraju's strongly connected components (within one, the player can go anywhere and
    come back); then, in topological order, the maximal target sets of walks into each
    component. Exact up to MAX_FRONTIER sets per component.
    """
    order: list[State] = []
    seen: set[State] = set()
    for root in edges:
        if root in seen:
            continue
        seen.add(root)
        stack = [(root, iter(edges[root]))]
        while stack:
            node, it = stack[-1]
            for nxt in it:
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, iter(edges[nxt])))
                    break
            else:
                stack.pop()
                order.append(node)
    comp: dict[State, int] = {}
    count = 0
    for root in reversed(order):  # components come out in topological order
        if root in comp:
            continue
        comp[root] = count
        todo = [root]
        while todo:
            for src in incoming[todo.pop()]:
                if src not in comp:
                    comp[src] = count
                    todo.append(src)
        count += 1
    comp_hits = [frozenset()] * count
    succ: list[set[int]] = [set() for _ in range(count)]
    for state, dsts in edges.items():
        c = comp[state]
        comp_hits[c] = comp_hits[c] | hits[state]
        succ[c].update(comp[d] for d in dsts if comp[d] != c)
    goal_comps = {comp[g] for g in goals}
    frontier: list[list[frozenset[int]]] = [[] for _ in range(count)]
    frontier[comp[start]] = [comp_hits[comp[start]]]
    best: frozenset[int] = frozenset()
    for c in range(count):  # topological order: every predecessor is done first
        sets = frontier[c]
        if not sets:
            continue
        if c in goal_comps:
            best = max([best, *sets], key=len)
        for d in succ[c]:
            merged = frontier[d] + [s | comp_hits[d] for s in sets]
            merged.sort(key=len, reverse=True)
            kept: list[frozenset[int]] = []
            for s in merged:
                if not any(s <= k for k in kept):
                    kept.append(s)
            frontier[d] = kept[:MAX_FRONTIER]
    return best


def _depth(parent: dict[State, State | None], state: State) -> int:
    depth = 0
    node = parent[state]
    while node is not None:
        depth, node = depth + 1, parent[node]
    return depth


def standing_spawn(grid: Sequence[Sequence[int]], spawn: Cell) -> Cell:
    """The spawn cell itself must be a standing position: free, with a floor below it."""
    col, row = spawn
    if grid[row][col] == SOLID or row + 1 >= len(grid) or grid[row + 1][col] == EMPTY:
        raise LayoutError(f"the player spawn {spawn} does not stand on a floor")
    return spawn


def level_targets(level: LevelMap) -> list[Target]:
    """What the level's objectives need shot: drums for destroy_drums, enemies for kill_all."""
    wanted = {o.strip() for o in level.properties.get("objective", "exit").split(",")}
    classes = set()
    if "destroy_drums" in wanted:
        classes.add("OilDrum")
    if "kill_all" in wanted:
        classes.update(ENEMY_CLASSES)
    if "boss" in wanted:
        classes.update(BOSS_CLASSES)
    return [
        Target(o.cell[0], o.cell[1], -(-o.h // TILE), o.cls)
        for o in level.objects
        if o.cls in classes
    ]


# -- what the check refuses: a layout that kills the player, not the enemies ---------------

HEIGHT_MARGIN = 12  # px: a required jump's highest point clears its landing by this much
# A landing one tile wide is risky when missing it drops the player this many rows or
# more, or into a pit: the top of a stack of two crates or a staircase's steps are not.
RISKY_DROP = 3


def _jump_apex() -> float:
    """How high the feet rise (px) in a jump held to its top, stepped exactly as the game
    steps the player (gunner/entities/player.py): jump speed, the weaker gravity while the
    button is held early on, then full gravity."""
    from gunner.config import DT
    from gunner.entities.body import GRAVITY, MAX_FALL
    from gunner.entities.player import JUMP_HOLD_GRAVITY, JUMP_HOLD_TIME, JUMP_SPEED
    from gunner.timer import steps

    vy, hold, y, top = -JUMP_SPEED, steps(JUMP_HOLD_TIME), 0.0, 0.0
    while vy < 0:
        holding = hold > 0
        hold -= holding
        vy = min(vy + GRAVITY * (JUMP_HOLD_GRAVITY if holding else 1.0) * DT, MAX_FALL)
        y += vy * DT
        top = min(top, y)
    return -top


def _body_px() -> int:
    from gunner.entities.player import HEIGHT

    return int(HEIGHT)


JUMP_APEX = _jump_apex()  # ~90 px
BODY_PX = _body_px()


def jump_margin(grid: Sequence[Sequence[int]], pos: Cell, spot: Cell, peak: int) -> float:
    """Px by which the feet's highest point clears the landing's floor, for the model's
    jump from `pos` to `spot` over `peak` tiles: the real jump's apex, lowered by the
    lowest ceiling over the columns it crosses (the head stops there)."""
    col, row = pos
    c = spot[0]
    step = 1 if c > col else -1
    feet = row - peak
    apex = JUMP_APEX
    for k in range(col, c + step, step):
        up = 0
        while feet - up >= 0 and grid[feet - up][k] != SOLID:
            up += 1
        if feet - up >= 0:  # a ceiling (not open sky) over this column
            apex = min(apex, TILE * (peak + up) - BODY_PX)
    return apex - TILE * (row - spot[1])


def _standable(grid: Sequence[Sequence[int]], c: int, r: int) -> bool:
    height, width = len(grid), len(grid[0])
    if not (0 <= c < width and r >= 0 and r + 1 < height) or grid[r + 1][c] == EMPTY:
        return False
    return all(rr < 0 or grid[rr][c] != SOLID for rr in range(r - BODY_HEIGHT + 1, r + 1))


def risky_landing(grid: Sequence[Sequence[int]], spot: Cell) -> bool:
    """Is `spot` a floor one tile wide with a side the player drops off (RISKY_DROP rows
    or more, or into a pit) if he overshoots or falls short?"""
    height, width = len(grid), len(grid[0])
    c, r = spot
    if _standable(grid, c - 1, r) or _standable(grid, c + 1, r):
        return False
    for k in (c - 1, c + 1):
        if not 0 <= k < width or any(
            rr >= 0 and grid[rr][k] == SOLID for rr in range(r - BODY_HEIGHT + 1, r + 1)
        ):
            continue  # a wall on this side: nothing to miss
        below = r + 1
        while below < height and grid[below][k] == EMPTY:
            below += 1
        if below >= height or below - 1 - r >= RISKY_DROP:
            return True
    return False


def hard_moves(grid: Sequence[Sequence[int]], pos: Cell) -> dict[Cell, str]:
    """The spots one move from `pos` the player can hardly make, and why: a jump whose
    best apex clears the landing by less than HEIGHT_MARGIN, or a jump or fall onto a
    risky one-tile landing. Walking a tile along a floor is never hard."""
    best: dict[Cell, float] = {}
    for spot, peak in _moves_by_peak(grid, pos):
        margin = jump_margin(grid, pos, spot, peak) if peak else math.inf
        best[spot] = max(best.get(spot, -math.inf), margin)
    hard = {}
    for spot, margin in best.items():
        if margin < HEIGHT_MARGIN:
            hard[spot] = (
                f"its apex clears this floor by only {margin:.0f} px ({HEIGHT_MARGIN} needed)"
            )
        elif (spot[1] != pos[1] or abs(spot[0] - pos[0]) > 1) and risky_landing(grid, spot):
            hard[spot] = "it lands on a floor one tile wide over a drop"
    return hard


def easy_moves(grid: Sequence[Sequence[int]], pos: Cell) -> Iterable[Cell]:
    """The model's moves without the hard ones."""
    hard = hard_moves(grid, pos)
    return (spot for spot in cell_moves(grid, pos) if spot not in hard)


def _leads_on(
    grid: Sequence[Sequence[int]],
    spot: Cell,
    reached: set[Cell],
    moves: Callable[[Sequence[Sequence[int]], Cell], Iterable[Cell]],
) -> bool:
    """Does `spot` lead anywhere new: a standing position neither it nor in `reached`,
    by `moves`? (A hard landing on a ledge one can only leave back the way one came
    is an optional spot, not a way on.)"""
    seen = {spot}
    todo = [spot]
    while todo:
        for nxt in moves(grid, todo.pop()):
            if nxt not in seen and nxt not in reached:
                return True
    return False


def refusals(
    found: Reach,
    grid: Sequence[Sequence[int]],
    spawn: Cell,
    exit_rect: tuple[int, int, int, int],
    doors: Sequence[Door] = (),
    keys: Sequence[Key] = (),
    targets: Sequence[Target] = (),
) -> list[tuple[Cell, str]]:
    """(cell, why) for what the layout does to the player, as `found` (the model's own
    reach) leaves it: a ledge he reaches but cannot leave except into a pit or by a hard
    jump; and, if every way to finish needs one, the hard moves on the way (from a spot
    the player reaches without any hard move, into the rest of the level)."""
    out: list[tuple[Cell, str]] = []
    grids = {held: grid_for(grid, doors, held) for held in {s[2] for s in found.seen}}
    ec, er, ew, eh = exit_rect
    stuck = set()
    for col, row, held in found.seen:
        if ec <= col < ec + ew and row - BODY_HEIGHT + 1 < er + eh and row >= er:
            continue  # in the exit: done
        g = grids[held]
        if (col, row) not in stuck and not any(s != (col, row) for s in easy_moves(g, (col, row))):
            stuck.add((col, row))
            hard = hard_moves(g, (col, row))
            how = (
                f" (its only ways off are jumps with under {HEIGHT_MARGIN} px to spare or "
                "one-tile landings)"
                if hard
                else ""
            )
            out.append(((col, row), f"a ledge the player cannot leave but into a pit{how}"))
    if not found.reachable:
        return out  # the level is refused already
    # Finish without any hard move; where that fails, the hard moves out of what the
    # player reaches are the ways on: name them, allow them, and go on, until it finishes.
    allowed: set[tuple[Cell, Cell]] = set()

    def moves(g: Sequence[Sequence[int]], pos: Cell) -> Iterable[Cell]:
        hard = hard_moves(g, pos)
        return (s for s in cell_moves(g, pos) if s not in hard or (pos, s) in allowed)

    lost = set(found.dead_ends)
    while True:
        easy = reach(grid, spawn, exit_rect, doors, keys, targets, moves)
        if easy.reachable:
            return out
        inside = set(easy.seen)
        ways: dict[tuple[Cell, str], list[Cell]] = {}
        for col, row, held in easy.seen:
            g = grids.get(held) or grid_for(grid, doors, held)
            for spot, why in hard_moves(g, (col, row)).items():
                move = ((col, row), spot)
                if (*spot, held) in inside or spot in lost or move in allowed:
                    continue
                if _leads_on(g, spot, {s[:2] for s in inside if s[2] == held}, moves):
                    ways.setdefault((spot, why), []).append((col, row))
        if not ways:
            out.append((spawn, "no way to finish without a hard jump or landing"))
            return out
        for (spot, why), sources in ways.items():
            allowed.update((src, spot) for src in sources)
            starts = [f"{c},{r}" for c, r in dict.fromkeys(sources)]
            start = " or ".join(starts[:3]) + (" or ..." if len(starts) > 3 else "")
            out.append((spot, f"a required jump or drop (from {start}): {why}"))


def check_level(level: LevelMap, tsx: Path = TILESET) -> Reach:
    """Can `level` be finished: exit, keys before doors, objectives, no soft locks, and
    nothing in the way but the enemies (see `refusals`)?"""
    grid = collision_grid(level, tileset_collision(tsx))
    doors = [
        Door(o.cell[0], o.cell[1] - DOOR_HEIGHT + 1, o.color)
        for o in level.objects
        if o.cls == "Door"
    ]
    keys = [Key(*o.cell, o.color) for o in level.objects if o.cls == "Keycard"]
    args = (grid, standing_spawn(grid, level.player), level.exit, doors, keys)
    result = reach(*args, level_targets(level))
    result.refusals = refusals(result, *args, level_targets(level))
    return result


def check(source: Path, tsx: Path | None = None) -> Reach:
    """Finishability of the layout at `source`, with the collision of `tsx` (default:
    the tileset the layout picks)."""
    layout = parse_layout(source.read_text(encoding="utf-8"), str(source))
    return check_level(build_map(layout), tsx or layout.tileset)


def report(source: Path, result: Reach, level: LevelMap) -> list[str]:
    """Human-readable lines for one level's check."""
    lines = [
        f"{source}: {level.name!r}, {level.width}x{level.height}, objective "
        f"{level.properties.get('objective', 'exit')}"
    ]
    if result.exit_reachable:
        lines.append(
            f"  exit reachable: yes ({len(result.path) - 1} moves; {result.explored} standing "
            f"positions, {result.states} states with keys explored)"
        )
    else:
        lines.append(f"  exit reachable: NO ({result.explored} standing positions explored)")
    doors = sorted({o.color for o in level.objects if o.cls == "Door"})
    if doors:
        lines.append(
            f"  doors: {', '.join(doors)}; keycards reachable: {', '.join(result.keys) or 'none'}"
        )
    targets = level_targets(level)
    if targets:
        got = len(targets) - len(result.unreachable_targets) - len(result.missed_targets)
        lines.append(f"  objective targets shot in one run: {got}/{len(targets)}")
        for t in result.unreachable_targets:
            lines.append(f"    cannot be shot from anywhere: {t.kind} at {t.col},{t.row}")
        for t in result.missed_targets:
            lines.append(f"    not in the same run as the rest: {t.kind} at {t.col},{t.row}")
    if result.dead_ends:
        shown = ", ".join(map(str, result.dead_ends[:10]))
        lines.append(
            f"  soft locks: {len(result.dead_ends)} positions cannot reach the exit: {shown}"
        )
    else:
        lines.append("  soft locks: none (every reachable position can still reach the exit)")
    # One line each, file and cell first, as --check reports a map's problems.
    lines += [f"{source}: {col},{row}: {why}" for (col, row), why in result.refusals]
    return lines


# -- command line --------------------------------------------------------------------------


def all_sources() -> list[Path]:
    return sorted(SOURCES.glob("*.txt"))


def arena_sources() -> list[Path]:
    return sorted(ARENA_SOURCES.glob("*.txt"))


def legend() -> list[str]:
    """One line per object character, from the entity kinds and the schema: what
    `--legend` prints (the docstring's legend must name each; a test says so)."""
    from gunner.objects import SCHEMA

    lines = []
    for char, (kind, props, w, h) in sorted(OBJECT_CHARS.items(), key=lambda i: i[1][0]):
        fixed = " ".join(f"{k}={v}" for k, v in props.items())
        size = "a point" if not (w and h) else f"{w}x{h}"
        floats = ", needs no floor" if kind in FLOATING_CLASSES else ""
        names = ", ".join(SCHEMA[kind].props) if kind in SCHEMA else ""
        lines.append(
            f"{char}   {kind} {fixed}".rstrip() + f" ({size}{floats}); @at: {names or '-'}"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", nargs="*", type=Path, help="default: every levels/src/*.txt")
    parser.add_argument("-o", "--output", type=Path, help="default: levels/<name>.tmx")
    parser.add_argument("--all", action="store_true", help="every levels/src/*.txt")
    parser.add_argument(
        "--check", action="store_true", help="only check that the levels can be finished"
    )
    parser.add_argument("--legend", action="store_true", help="list the object characters and exit")
    args = parser.parse_args(argv)
    if args.legend:
        print("\n".join(legend()))
        return 0
    every = all_sources() + arena_sources()
    sources = every if args.all or not args.source else args.source
    if args.output and len(sources) != 1:
        parser.error("-o needs exactly one source")
    status = 0
    for source in sources:
        try:
            if args.check:
                layout = parse_layout(source.read_text(encoding="utf-8"), str(source))
                level = build_map(layout)
                if level.exit is None:  # an arena: nothing to finish (build_map counted spawns)
                    spawns = sum(o.cls == "SpawnPoint" for o in level.objects)
                    print(f"{source}: versus arena, {spawns} spawn points, no exit to reach")
                    continue
                result = check_level(level, layout.tileset)
                print("\n".join(report(source, result, level)))
                if not result.reachable or result.dead_ends or result.refusals:
                    status = 1
                continue
            out = args.output or default_output(source)
            text = build(source, out)
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(text, encoding="utf-8", newline="\n")
            print(f"wrote {out}")
        except LayoutError as exc:
            print(f"error: {exc}", file=sys.stderr)
            status = 2
    return status


if __name__ == "__main__":
    sys.exit(main())
