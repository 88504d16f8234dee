"""The shipped level: levels/level1.tmx is a clean Tiled map, matches its ASCII layout byte
for byte, and can be finished (BFS from tools/build_level.py).

Reads the map with pytmx alone (no images, no game code), so a broken map is blamed on the
map and not on the loader.
"""

from __future__ import annotations

import importlib.util
import logging
import sys
import warnings
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest
import pytmx

ROOT = Path(__file__).resolve().parent.parent
MAP = ROOT / "levels" / "level1.tmx"
SOURCE = ROOT / "levels" / "src" / "level1.txt"
TILESET = ROOT / "assets" / "tiles.tsx"
TILE = 16

pytestmark = pytest.mark.skipif(
    not TILESET.exists(), reason="assets/tiles.tsx is not generated yet (make assets)"
)


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    """tools/build_level.py, imported by path (tools/ is not a package)."""
    spec = importlib.util.spec_from_file_location("build_level", ROOT / "tools" / "build_level.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    # dataclasses look their module up in sys.modules while the class is being built.
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    return module


@pytest.fixture(scope="module")
def tmx() -> pytmx.TiledMap:
    return pytmx.TiledMap(str(MAP))


def _grid(tmx: pytmx.TiledMap, tool: ModuleType) -> list[list[int]]:
    """EMPTY / SOLID / ONEWAY per cell, from the tileset's tile properties on every layer."""
    grid = [[tool.EMPTY] * tmx.width for _ in range(tmx.height)]
    for layer in tmx.visible_layers:
        if not isinstance(layer, pytmx.TiledTileLayer):
            continue
        for x, y, gid in layer.iter_data():
            props = (tmx.get_tile_properties_by_gid(gid) or {}) if gid else {}
            if props.get("solid"):
                grid[y][x] = tool.SOLID
            elif props.get("oneway") and grid[y][x] == tool.EMPTY:
                grid[y][x] = tool.ONEWAY
    return grid


def _objects(tmx: pytmx.TiledMap, cls: str) -> list[pytmx.TiledObject]:
    return [obj for obj in tmx.objects if obj.type == cls]


def _spawn_cell(tmx: pytmx.TiledMap) -> tuple[int, int]:
    """The cell holding the player's feet (the point is the bottom-centre of that cell)."""
    (player,) = _objects(tmx, "Player")
    return int(player.x // TILE), int(player.y // TILE) - 1


def _exit_rect(tmx: pytmx.TiledMap) -> tuple[int, int, int, int]:
    exit_zone = _objects(tmx, "Exit")[0]
    return (
        int(exit_zone.x // TILE),
        int(exit_zone.y // TILE),
        int(exit_zone.width // TILE),
        int(exit_zone.height // TILE),
    )


def test_loads_without_warnings(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING), warnings.catch_warnings():
        warnings.simplefilter("error")
        tmx = pytmx.TiledMap(str(MAP))
    assert not caplog.records, [r.getMessage() for r in caplog.records]
    assert tmx.properties.get("name")


def test_size_tiles_and_external_tileset(tmx: pytmx.TiledMap) -> None:
    assert tmx.width >= 100 and tmx.height >= 30
    assert (tmx.tilewidth, tmx.tileheight) == (TILE, TILE)
    # pytmx replaces a tileset's `source` with its image, so read the reference itself.
    tilesets = [ts.attrib for ts in ET.parse(MAP).getroot().iter("tileset")]
    assert tilesets == [{"firstgid": "1", "source": "../assets/tiles.tsx"}]
    names = [layer.name for layer in tmx.layers]
    assert names == ["background", "ground", "foreground", "objects"]


def test_one_player_spawn_on_the_ground(tmx: pytmx.TiledMap, tool: ModuleType) -> None:
    players = _objects(tmx, "Player")
    assert len(players) == 1
    assert not players[0].width and not players[0].height  # a point: the player's feet
    col, row = _spawn_cell(tmx)
    grid = _grid(tmx, tool)
    assert grid[row][col] == tool.EMPTY and grid[row - 1][col] == tool.EMPTY
    assert grid[row + 1][col] == tool.SOLID


def test_exit_zone(tmx: pytmx.TiledMap) -> None:
    exits = _objects(tmx, "Exit")
    assert len(exits) == 1
    col, row, w, h = _exit_rect(tmx)
    assert w > 0 and h > 0
    assert col + w <= tmx.width and row + h <= tmx.height
    # The exit is at the far right end of the level.
    assert col > tmx.width * 3 // 4


def test_object_ids_unique_and_next_id_correct(tmx: pytmx.TiledMap) -> None:
    ids = [obj.id for obj in tmx.objects]
    assert len(ids) == len(set(ids))
    assert tmx.nextobjectid == max(ids) + 1


def test_exit_is_reachable(tmx: pytmx.TiledMap, tool: ModuleType) -> None:
    result = tool.reach(_grid(tmx, tool), _spawn_cell(tmx), _exit_rect(tmx))
    assert result.reachable
    assert not result.dead_ends, f"soft locks at {result.dead_ends[:10]}"


def test_map_is_in_sync_with_its_layout(tool: ModuleType) -> None:
    """The committed map is exactly what the layout builds (run tools/build_level.py)."""
    assert tool.build(SOURCE, MAP).encode("utf-8") == MAP.read_bytes()


def test_reachability_refuses_an_impossible_gap(tool: ModuleType) -> None:
    """The BFS is conservative: a 6-tile pit and a 5-tile wall are not crossed."""
    empty, solid = tool.EMPTY, tool.SOLID
    pit = [[empty] * 14 for _ in range(6)] + [[solid] * 4 + [empty] * 6 + [solid] * 4]
    assert not tool.reach(pit, (1, 5), (12, 4, 1, 2)).reachable
    wall = [[empty] * 8 for _ in range(8)] + [[solid] * 8]
    for row in range(3, 8):
        wall[row][4] = solid
    assert not tool.reach(wall, (1, 7), (6, 6, 1, 2)).reachable
    wall[3][4] = empty  # four tiles high: a held jump clears it
    assert tool.reach(wall, (1, 7), (6, 6, 1, 2)).reachable
