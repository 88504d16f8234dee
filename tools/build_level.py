"""Build a Tiled map (.tmx) from an ASCII level layout, and check that it can be finished.

    python tools/build_level.py                      # levels/src/level1.txt -> levels/level1.tmx
    python tools/build_level.py SRC.txt -o OUT.tmx
    python tools/build_level.py --check [SRC.txt]    # BFS: can the Player reach the Exit?

A layout is a text file with one character per 16x16 tile. Lines starting with `;` are
comments, `@key value` lines set map properties (`@name` is the level's display name;
`@seed` picks the stone pattern and is not written to the map). Every other line is one
row of tiles; all rows must be the same width.

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

    .   (or space) empty sky

A cell holds one character, so `=`, `B`, `"` and `P` cells show the background decoration
of the nearest plain cell above them, or below them if there is only sky above (a platform
in a shaft keeps the dark fill behind it).

The map is written the way Tiled 1.8 writes one: CSV layers, the external tileset
`assets/tiles.tsx` at firstgid 1, classes as the object `type` attribute. Output is
deterministic, so a committed map can be checked against its layout byte for byte.
"""

from __future__ import annotations

import argparse
import os
import sys
import xml.etree.ElementTree as ET
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SOURCE = ROOT / "levels" / "src" / "level1.txt"
TILESET = ROOT / "assets" / "tiles.tsx"
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
PLAYER_CHAR = "P"
EXIT_CHAR = "E"
EMPTY_CHARS = {".", " "}
# Cells that sit in front of the background and borrow the decoration above them.
OVERLAY_CHARS = {ONEWAY_CHAR, "B", PLAYER_CHAR} | set(FOREGROUND_CHARS)
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
    exit: tuple[int, int, int, int]  # exit zone in cells: col, row, width, height


# -- parsing -------------------------------------------------------------------------------


def parse_layout(text: str, source: str = "<layout>") -> Layout:
    """Split a layout file into tile rows and `@` properties, validating every character."""
    known = (
        set(GROUND_CHARS)
        | {ONEWAY_CHAR, PLAYER_CHAR, EXIT_CHAR}
        | set(BACKGROUND_CHARS)
        | set(FOREGROUND_CHARS)
        | EMPTY_CHARS
    )
    rows: list[str] = []
    properties: dict[str, str] = {}
    seed = 1
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith(";") or (not line.strip() and not rows):
            continue
        if line.startswith("@"):
            key, _, value = line[1:].partition(" ")
            if key == "seed":
                seed = int(value.strip())
            else:
                properties[key] = value.strip()
            continue
        if not line.strip():
            raise LayoutError(f"{source}:{number}: blank line inside the map (use '.' for sky)")
        bad = sorted(set(line) - known)
        if bad:
            raise LayoutError(f"{source}:{number}: unknown tile character(s) {''.join(bad)!r}")
        if rows and len(line) != len(rows[0]):
            raise LayoutError(
                f"{source}:{number}: row is {len(line)} wide, the first row is {len(rows[0])}"
            )
        rows.append(line)
    if not rows:
        raise LayoutError(f"{source}: no map rows")
    return Layout(rows, properties, seed)


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
    exit_rect = _marker_rect(layout, EXIT_CHAR, "exit zone")
    name = layout.properties.get("name", "")
    if not name:
        raise LayoutError("the layout has no '@name' line")
    return LevelMap(w, h, name, background, ground, foreground, player[:2], exit_rect)


# -- writing -------------------------------------------------------------------------------


def _csv(tiles: list[list[int]]) -> str:
    """A layer's data as Tiled writes CSV: one row per line, a comma after all but the last."""
    lines = [",".join(str(t + FIRSTGID if t >= 0 else 0) for t in row) for row in tiles]
    return ",\n".join(lines)


def tmx_text(level: LevelMap, tileset_source: str) -> str:
    """The .tmx document, formatted like Tiled 1.8.2 saves it."""
    layers = [("background", level.background), ("ground", level.ground)]
    layers.append(("foreground", level.foreground))
    objects_layer_id = len(layers) + 1
    pc, pr = level.player
    ec, er, ew, eh = level.exit
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" '
        f'renderorder="right-down" width="{level.width}" height="{level.height}" '
        f'tilewidth="{TILE}" tileheight="{TILE}" infinite="0" '
        f'nextlayerid="{objects_layer_id + 1}" nextobjectid="3">',
        " <properties>",
        f'  <property name="name" value={quoteattr(level.name)}/>',
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
        f'  <object id="2" name="exit" type="Exit" x="{ec * TILE}" y="{er * TILE}" '
        f'width="{ew * TILE}" height="{eh * TILE}"/>',
        " </objectgroup>",
        "</map>",
        "",
    ]
    return "\n".join(out)


def tileset_source_for(out_path: Path) -> str:
    """The tileset path as the map refers to it: relative to the map, with `/`."""
    return Path(os.path.relpath(TILESET, out_path.resolve().parent)).as_posix()


def build(source: Path, out_path: Path) -> str:
    """The .tmx text for the layout at `source`, as it would be saved at `out_path`."""
    layout = parse_layout(source.read_text(encoding="utf-8"), str(source))
    return tmx_text(build_map(layout), tileset_source_for(out_path))


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
    """EMPTY / SOLID / ONEWAY per cell; a solid tile on any layer wins over a platform."""
    grid = [[EMPTY] * level.width for _ in range(level.height)]
    for layer in (level.background, level.ground, level.foreground):
        for r, row in enumerate(layer):
            for c, tile in enumerate(row):
                kind = kinds.get(tile, EMPTY) if tile >= 0 else EMPTY
                grid[r][c] = max(grid[r][c], kind)
    return grid


@dataclass
class Reach:
    """What the BFS found. Positions are cells holding the player's feet."""

    reachable: bool
    explored: int  # standing positions reachable from the spawn
    path: list[Cell]  # spawn ... first position inside the exit, empty if unreachable
    dead_ends: list[Cell]  # reachable positions from which the exit cannot be reached


def _across_limit(rise: int, peak: int) -> int:
    """Farthest landing column offset for a jump that peaks `peak` tiles up and lands
    `rise` tiles up (-1: not possible)."""
    if rise > MAX_RISE:
        return -1
    return min(MAX_ACROSS_BY_RISE.get(rise, MAX_ACROSS), MAX_ACROSS_BY_PEAK[peak])


def _moves(grid: Sequence[Sequence[int]], pos: Cell) -> Iterable[Cell]:
    """Every standing position one walk step, fall or jump away from `pos`.

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
            if grid[r + 1][c] != EMPTY:
                return (c, r)
            r += 1
        return None

    col, row = pos
    for step in (-1, 1):  # walk a tile; fall if there is no floor there
        if clear_rows(col + step, row - BODY_HEIGHT + 1, row):
            spot = land(col + step, row)
            if spot:
                yield spot
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
                    yield spot
                if not clear_rows(c, head, row):
                    break  # cannot pass over this column to land farther out


def reach(
    grid: Sequence[Sequence[int]], spawn: Cell, exit_rect: tuple[int, int, int, int]
) -> Reach:
    """BFS over standing positions from the spawn cell; the exit counts as reached when
    the player's body overlaps the exit rectangle (col, row, w, h, in cells)."""
    ec, er, ew, eh = exit_rect

    def in_exit(pos: Cell) -> bool:
        c, r = pos
        return ec <= c < ec + ew and r - BODY_HEIGHT + 1 < er + eh and r >= er

    start = spawn
    parent: dict[Cell, Cell | None] = {start: None}
    edges: dict[Cell, list[Cell]] = {}
    queue = deque([start])
    while queue:
        pos = queue.popleft()
        edges[pos] = list(dict.fromkeys(_moves(grid, pos)))
        for nxt in edges[pos]:
            if nxt not in parent:
                parent[nxt] = pos
                queue.append(nxt)
    goals = [p for p in parent if in_exit(p)]

    # Walk the moves backwards from the exit: anything reachable that is not reached this
    # way is a soft lock (the player is stuck without dying).
    incoming: dict[Cell, list[Cell]] = {p: [] for p in parent}
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
    dead_ends = sorted(p for p in parent if p not in can_finish)

    path: list[Cell] = []
    if goals:
        goal = min(goals, key=lambda p: _depth(parent, p))
        node: Cell | None = goal
        while node is not None:
            path.append(node)
            node = parent[node]
        path.reverse()
    return Reach(bool(goals), len(parent), path, dead_ends)


def _depth(parent: dict[Cell, Cell | None], pos: Cell) -> int:
    depth = 0
    node = parent[pos]
    while node is not None:
        depth, node = depth + 1, parent[node]
    return depth


def standing_spawn(grid: Sequence[Sequence[int]], spawn: Cell) -> Cell:
    """The spawn cell itself must be a standing position: free, with a floor below it."""
    col, row = spawn
    if grid[row][col] == SOLID or row + 1 >= len(grid) or grid[row + 1][col] == EMPTY:
        raise LayoutError(f"the player spawn {spawn} does not stand on a floor")
    return spawn


def check(source: Path, tsx: Path = TILESET) -> Reach:
    """Reachability of the exit for the layout at `source`, with the tileset's collision."""
    level = build_map(parse_layout(source.read_text(encoding="utf-8"), str(source)))
    grid = collision_grid(level, tileset_collision(tsx))
    return reach(grid, standing_spawn(grid, level.player), level.exit)


# -- command line --------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", nargs="?", type=Path, default=DEFAULT_SOURCE)
    parser.add_argument("-o", "--output", type=Path, help="default: levels/<name>.tmx")
    parser.add_argument(
        "--check", action="store_true", help="only check that the exit can be reached"
    )
    args = parser.parse_args(argv)
    try:
        if args.check:
            result = check(args.source)
            if result.reachable:
                moves = len(result.path) - 1
                print(
                    f"exit reachable: yes ({moves} moves; {result.explored} standing "
                    f"positions explored)"
                )
            else:
                print(f"exit reachable: NO ({result.explored} standing positions explored)")
            if result.dead_ends:
                shown = ", ".join(map(str, result.dead_ends[:10]))
                print(
                    f"soft locks: {len(result.dead_ends)} positions cannot reach the exit: {shown}"
                )
            else:
                print("soft locks: none (every reachable position can still reach the exit)")
            return 0 if result.reachable and not result.dead_ends else 1
        out = args.output or default_output(args.source)
        text = build(args.source, out)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8", newline="\n")
        print(f"wrote {out}")
        return 0
    except LayoutError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
