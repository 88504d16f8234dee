"""Small Tiled maps written from ASCII art, and stages built from them, for tests.

Legend: `#` solid, `=` one-way platform, `.` empty, `P` the player's feet
(bottom-centre of that cell), `E` an exit tile.
"""

from __future__ import annotations

import copy
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from gunner.config import TILE
from gunner.input import Buttons
from gunner.level import EMPTY, ONEWAY, SOLID, load_level
from gunner.stage import Stage

TSX = """<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="t" tilewidth="16" tileheight="16"
 tilecount="2" columns="2">
 <image source="t.png" width="32" height="16"/>
 <tile id="0"><properties><property name="solid" type="bool" value="true"/></properties></tile>
 <tile id="1"><properties><property name="oneway" type="bool" value="true"/></properties></tile>
</tileset>
"""


def png(width: int, height: int) -> bytes:
    """A valid opaque grey RGB PNG (the loader checks tileset images exist and are PNGs)."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        )

    rows = b"".join(b"\x00" + b"\x80" * (3 * width) for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


def grid(rows: list[str]) -> np.ndarray:
    """Solid grid from ASCII art (for tilemap tests that need no file)."""
    values = {"#": SOLID, "=": ONEWAY}
    return np.array([[values.get(ch, EMPTY) for ch in row] for row in rows], dtype=np.uint8)


# A closed room: the player on the left, the exit on the right (running right
# reaches it in about 170 steps).
CORRIDOR = [
    "########################",
    "#......................#",
    "#......................#",
    "#.P..................E.#",
    "########################",
]


def write_map(
    directory: Path, rows: list[str], name: str = "test.tmx", extra_objects: str = ""
) -> Path:
    """A real .tmx + .tsx pair in `directory`, built from ASCII art."""
    height, width = len(rows), len(rows[0])
    gids = {"#": 1, "=": 2}
    csv = ",\n".join(",".join(str(gids.get(ch, 0)) for ch in row) for row in rows)
    objects = []
    next_id = 1
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == "P":
                objects.append(
                    f'<object id="{next_id}" type="Player" x="{c * 16 + 8}" y="{(r + 1) * 16}">'
                    "<point/></object>"
                )
                next_id += 1
            elif ch == "E":
                objects.append(
                    f'<object id="{next_id}" type="Exit" x="{c * 16}" y="{r * 16}" '
                    'width="16" height="16"/>'
                )
                next_id += 1
    (directory / "t.tsx").write_text(TSX)
    (directory / "t.png").write_bytes(png(32, 16))
    path = directory / name
    path.write_text(
        f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down"
 width="{width}" height="{height}" tilewidth="16" tileheight="16" infinite="0"
 nextlayerid="3" nextobjectid="{next_id + 10}">
 <properties><property name="name" value="Test Range"/></properties>
 <tileset firstgid="1" source="t.tsx"/>
 <layer id="1" name="ground" width="{width}" height="{height}">
  <data encoding="csv">
{csv}
</data>
 </layer>
 <objectgroup id="2" name="objects">
  {"".join(objects)}
  {extra_objects}
 </objectgroup>
</map>
"""
    )
    return path


# A flat 40-tile floor with the player near its left end, for item and gameplay tests.
FLOOR = 15 * TILE  # the top of FIELD's floor row
FIELD = ["." * 40] * 14 + ["..P" + "." * 37, "#" * 40]


def obj(cls: str, x: float, y: float, w: float = 0, h: float = 0, **props) -> str:
    """One Tiled object; (x, y) is the top-left of a rectangle, or the point itself."""
    body = "".join(f'<property name="{k}" value="{v}"/>' for k, v in props.items())
    shape = f' width="{w}" height="{h}">' if w else "><point/>"
    return f'<object type="{cls}" x="{x}" y="{y}"{shape}<properties>{body}</properties></object>'


def make_stage(tmp_path: Path, objects: list[str], rows=None, objective: str = "") -> Stage:
    """A stage of `rows` (FIELD by default) holding `objects`, with an optional objective."""
    path = write_map(tmp_path, rows or FIELD, extra_objects="".join(objects))
    if objective:
        text = path.read_text().replace(
            "<properties>",
            f'<properties><property name="objective" value="{objective}"/>',
            1,
        )
        path.write_text(text)
    return Stage(load_level(path, images=False))


def run(stage: Stage, held: Buttons, steps: int) -> None:
    for _ in range(steps):
        stage.step(held)


def platform(x: float, y: float, path_id: int = 101, w: float = 48, h: float = 8, **props) -> str:
    """A MovingPlatform object (id 100) riding the path object `path_id`."""
    body = "".join(
        f'<property name="{k}" type="{t}" value="{v}"/>'
        for k, (t, v) in {"path": ("object", path_id), **props}.items()
    )
    return (
        f'<object id="100" type="MovingPlatform" x="{x}" y="{y}" width="{w}" height="{h}">'
        f"<properties>{body}</properties></object>"
    )


def polyline(x: float, y: float, points, oid: int = 101) -> str:
    """A class-less polyline object: a platform's path."""
    pts = " ".join(f"{px},{py}" for px, py in points)
    return f'<object id="{oid}" x="{x}" y="{y}"><polyline points="{pts}"/></object>'


def unchecked_stage(
    tmp_path: Path, objects: list[str], second_player_x: float | None = None, objective=None
) -> Stage:
    """A stage of a level loading would refuse (a second Player, a `boss` objective with
    no boss): the level is read valid, then changed in memory, as a tool building levels
    in memory might. The stage must still cope."""
    path = write_map(tmp_path, FIELD, extra_objects="".join(objects))
    level = load_level(path, images=False)
    if second_player_x is not None:
        first = next(i for i, s in enumerate(level.spawns) if s.cls == "Player")
        second = copy.copy(level.spawns[first])
        second.x = second_player_x
        level.spawns.insert(first + 1, second)
    if objective is not None:
        level.properties["objective"] = objective
    return Stage(level)


@dataclass(frozen=True)
class CellRun:
    """A run of 16x16 `cls` objects over the cells `cols` of `row`, as tools/build_level.py
    writes a run of a kind's builder character (`_` a Bridge, `%` a CrumbleFloor)."""

    cls: str
    cols: range
    row: int = 8

    def pit(self, width: int = 30) -> list[str]:
        """12 rows: solid ground either side of a bottomless pit right under the run,
        the player standing on the left bank at column 3."""
        sky = "." * width
        first, last = self.cols[0], self.cols[-1] + 1
        ground = "#" * first + "." * (last - first) + "#" * (width - last)
        return (
            [sky] * (self.row - 1) + ["...P" + "." * (width - 4), ground] + [sky] * (11 - self.row)
        )

    def objects(self, cols: range | list[int] | None = None, **props) -> list[str]:
        """One object per cell (of `cols`, by default the whole run), with `props`."""
        cells = self.cols if cols is None else cols
        return [obj(self.cls, c * TILE, self.row * TILE, TILE, TILE, **props) for c in cells]

    def emptied(self, stage: Stage, held: Buttons, seconds: float) -> dict[int, int]:
        """The step at which each cell of the run left the tile map while `held` was held
        for `seconds`: when a bridge segment blew, or a crumbling block fell."""
        times: dict[int, int] = {}
        for step in range(round(seconds * 60)):
            stage.step(held)
            for c in self.cols:
                if c not in times and stage.tilemap.cell(c, self.row) == EMPTY:
                    times[c] = step
        return times
