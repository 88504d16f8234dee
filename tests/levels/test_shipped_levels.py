"""The shipped levels: each levels/levelN.tmx is a clean Tiled map of at least 150x40 tiles,
matches its ASCII layout byte for byte, builds a Stage the game knows every object of, and
can be finished: a BFS (tools/build_level.py) with keycards and doors proves the exit and
every objective target can be reached in one run. Together the campaign uses every enemy,
weapon pickup, keycard and door colour, and objective type.

The map checks read each map with pytmx alone (no game code), so a broken map is blamed on
the map and not on the loader; the Stage checks then load it the way the game does.
"""

from __future__ import annotations

import importlib.util
import logging
import re
import sys
import warnings
import xml.etree.ElementTree as ET
from types import ModuleType

import pytest
import pytmx

from checkout import ROOT
from gunner.config import VIEW_H, VIEW_W
from gunner.entities.base import ENTITY_TYPES
from gunner.entities.cell_floor import cells_of

LEVELS = ROOT / "levels"
NAMES = ("level1", "level2", "level3", "level4", "level5")
TILESET = ROOT / "assets" / "tiles.tsx"
TILE = 16
ENEMIES = {"Soldier", "Rifleman", "Turret", "Drone", "Warden", "Crawler", "Overseer"}
# Every kind on the enemy team: what a kill_all objective counts.
ENEMY_KINDS = {kind for kind, cls in ENTITY_TYPES.items() if cls.team == "enemy"}
ITEMS = {"health", "machinegun", "spread", "rocket"}
COLORS = {"red", "blue", "yellow"}
OBJECTIVES = {"exit", "destroy_drums", "kill_all", "boss", "waves"}
# Classes that float or bolt to any side (or, a moving platform, hang in the air);
# everything else stands on a floor.
# Kinds that need no floor under them: those whose class says it floats (drones,
# turrets, generators, bridges...), and the exit, the player's start and a platform's path.
FLOATING = {kind for kind, cls in ENTITY_TYPES.items() if cls.floats} | {
    "Exit",
    "Player",
    "MovingPlatform",
}

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


@pytest.fixture(scope="module", params=NAMES)
def name(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture(scope="module")
def tmx(name: str) -> pytmx.TiledMap:
    return pytmx.TiledMap(str(LEVELS / f"{name}.tmx"))


@pytest.fixture(scope="module")
def all_maps() -> dict[str, pytmx.TiledMap]:
    return {n: pytmx.TiledMap(str(LEVELS / f"{n}.tmx")) for n in NAMES}


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
    # A bridge or a collapsing floor is floor while it stands: the player arrives on it.
    for obj in tmx.objects:
        if getattr(ENTITY_TYPES.get(obj.type), "is_floor", False):
            for col, row in cells_of(obj.x, obj.y, obj.width, obj.height):
                if grid[row][col] == tool.EMPTY:
                    grid[row][col] = tool.SOLID
    return grid


def _objects(tmx: pytmx.TiledMap, cls: str) -> list[pytmx.TiledObject]:
    return [obj for obj in tmx.objects if obj.type == cls]


def _foot_cell(obj: pytmx.TiledObject) -> tuple[int, int]:
    """The cell holding an object's bottom-centre (its feet)."""
    return int((obj.x + (obj.width or 0) / 2) // TILE), int((obj.y + (obj.height or 0)) // TILE) - 1


def _spawn_cell(tmx: pytmx.TiledMap) -> tuple[int, int]:
    (player,) = _objects(tmx, "Player")
    return _foot_cell(player)


def _exit_rect(tmx: pytmx.TiledMap) -> tuple[int, int, int, int]:
    exit_zone = _objects(tmx, "Exit")[0]
    return (
        int(exit_zone.x // TILE),
        int(exit_zone.y // TILE),
        int(exit_zone.width // TILE),
        int(exit_zone.height // TILE),
    )


def _objectives(tmx: pytmx.TiledMap) -> list[str]:
    return [o.strip() for o in str(tmx.properties.get("objective", "exit")).split(",")]


def _reach(tmx: pytmx.TiledMap, tool: ModuleType):
    """The BFS on the map as saved: doors, keycards and objective targets from its objects."""
    doors = []
    for door in _objects(tmx, "Door"):
        col, bottom = _foot_cell(door)
        height = int(door.height // TILE)
        doors.append(tool.Door(col, bottom - height + 1, door.properties["color"], height))
    keys = [tool.Key(*_foot_cell(k), k.properties["color"]) for k in _objects(tmx, "Keycard")]
    wanted = set()
    if "destroy_drums" in _objectives(tmx):
        wanted.add("OilDrum")
    if "kill_all" in _objectives(tmx):
        wanted |= ENEMY_KINDS
    targets = [
        tool.Target(*_foot_cell(obj), max(1, -(-int(obj.height) // TILE)), obj.type)
        for obj in tmx.objects
        if obj.type in wanted
    ]
    return tool.reach(_grid(tmx, tool), _spawn_cell(tmx), _exit_rect(tmx), doors, keys, targets)


# -- each map ------------------------------------------------------------------------------


def test_loads_without_warnings(name: str, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING), warnings.catch_warnings():
        warnings.simplefilter("error")
        tmx = pytmx.TiledMap(str(LEVELS / f"{name}.tmx"))
    assert not caplog.records, [r.getMessage() for r in caplog.records]
    assert tmx.properties.get("name")


def test_size_tiles_and_external_tileset(name: str, tmx: pytmx.TiledMap) -> None:
    # Room to run, and at least two screens of height to climb and fall in; a climb
    # (`scroll=up`) is taller than wide instead: at least two screens wide, five tall.
    if tmx.properties.get("scroll") == "up":
        assert tmx.width * TILE >= 2 * VIEW_W and tmx.height * TILE >= 5 * VIEW_H
        assert tmx.height > tmx.width
    else:
        assert tmx.width >= 150 and tmx.height * TILE >= 2 * VIEW_H
    assert (tmx.tilewidth, tmx.tileheight) == (TILE, TILE)
    # pytmx replaces a tileset's `source` with its image, so read the reference itself.
    tilesets = [ts.attrib for ts in ET.parse(LEVELS / f"{name}.tmx").getroot().iter("tileset")]
    # The default tileset or a level look's recoloured copy of it (`@tileset NAME`).
    (tileset,) = tilesets
    assert tileset["firstgid"] == "1"
    assert re.fullmatch(r"\.\./assets/tiles(_[a-z]+)?\.tsx", tileset["source"])
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
    if "waves" in _objectives(tmx):
        # A siege is held where it starts: its way out is there too, within a screen of
        # the start, so the last wave's end is not followed by a long empty walk.
        start_col, _ = _spawn_cell(tmx)
        assert abs(col - start_col) * tmx.tilewidth <= VIEW_W
    else:
        # The exit is at the far right end of the level.
        assert col > tmx.width * 3 // 4


def test_object_ids_unique_and_next_id_correct(tmx: pytmx.TiledMap) -> None:
    ids = [obj.id for obj in tmx.objects]
    assert len(ids) == len(set(ids))
    assert tmx.nextobjectid == max(ids) + 1


def test_objects_stand_on_the_ground_and_not_in_walls(
    tmx: pytmx.TiledMap, tool: ModuleType
) -> None:
    grid = _grid(tmx, tool)
    for obj in tmx.objects:
        if obj.type is None:
            continue  # a moving platform's path line: not a thing that stands anywhere
        if getattr(ENTITY_TYPES.get(obj.type), "is_floor", False):
            continue  # a bridge, a collapsing floor: it is the floor there
        col, row = _foot_cell(obj)
        top = int(obj.y // TILE)
        for r in range(top, row + 1):
            assert grid[r][col] != tool.SOLID, f"{obj.type} {obj.id} is inside a wall"
        if obj.type not in FLOATING:
            assert grid[row + 1][col] != tool.EMPTY, f"{obj.type} {obj.id} floats"


def test_doors_and_keycards_match(tmx: pytmx.TiledMap) -> None:
    doors = {d.properties.get("color") for d in _objects(tmx, "Door")}
    keys = {k.properties.get("color") for k in _objects(tmx, "Keycard")}
    assert doors <= COLORS and keys == doors
    for door in _objects(tmx, "Door"):
        assert (door.width, door.height) == (16, 48)


def test_objectives_parse(tmx: pytmx.TiledMap) -> None:
    from gunner.stage import parse_objectives

    names = _objectives(tmx)
    assert names and set(names) <= OBJECTIVES
    assert parse_objectives(tmx.properties.get("objective")) == names
    assert names[-1] in ("exit", "boss") or names == ["kill_all"]


def test_level_is_finishable(tmx: pytmx.TiledMap, tool: ModuleType) -> None:
    """Exit reached, keys before their doors, every drum / enemy the objective needs shot in
    the same run, and no position from which the exit cannot be reached."""
    result = _reach(tmx, tool)
    assert result.exit_reachable
    assert not result.unreachable_targets, result.unreachable_targets
    assert not result.missed_targets, result.missed_targets
    assert result.reachable
    assert not result.dead_ends, f"soft locks at {result.dead_ends[:10]}"
    assert set(result.keys) >= {d.properties["color"] for d in _objects(tmx, "Door")}


def test_map_is_in_sync_with_its_layout(name: str, tool: ModuleType) -> None:
    """The committed map is exactly what the layout builds (run tools/build_level.py)."""
    source, out = LEVELS / "src" / f"{name}.txt", LEVELS / f"{name}.tmx"
    assert tool.build(source, out).encode("utf-8") == out.read_bytes()


def test_stage_builds_with_every_class_known(name: str, tmx: pytmx.TiledMap) -> None:
    from gunner.entities import ENTITY_TYPES
    from gunner.level import load_level
    from gunner.stage import Stage

    # Every class a shipped level uses has an entity (a path line has no class).
    assert {obj.type for obj in tmx.objects if obj.type} <= set(ENTITY_TYPES)
    level = load_level(LEVELS / f"{name}.tmx", images=False)
    stage = Stage(level)
    assert stage.unknown_classes == []
    assert stage.objectives == _objectives(tmx)
    if "destroy_drums" in stage.objectives:
        assert stage.totals["destroy_drums"] == len(_objects(tmx, "OilDrum")) > 0
    if "kill_all" in stage.objectives:
        assert stage.totals["kill_all"] == sum(len(_objects(tmx, e)) for e in ENEMY_KINDS) > 0


def test_map_passes_the_validator(name: str) -> None:
    from gunner.check import check_file

    assert check_file(LEVELS / f"{name}.tmx") == []


# -- the campaign --------------------------------------------------------------------------


def test_campaign_lists_the_five_levels() -> None:
    from gunner.config import CAMPAIGN

    assert tuple(f"{n}.tmx" for n in NAMES) == CAMPAIGN


def test_campaign_uses_everything(all_maps: dict[str, pytmx.TiledMap]) -> None:
    objects = [obj for tmx in all_maps.values() for obj in tmx.objects]
    classes = {obj.type for obj in objects}
    assert classes >= ENEMIES
    assert {"OilDrum", "Checkpoint"} <= classes
    items = {obj.properties.get("item") for obj in objects if obj.type == "Pickup"}
    assert items == ITEMS
    # The rebuilt levels keep their keys on the way: Fortress alone has a keycard door
    # (yellow) now. The campaign shows at least one; every colour's doors are tested on
    # small maps of their own.
    doors = {o.properties.get("color") for o in objects if o.type == "Door"}
    assert doors and doors <= COLORS
    assert {o.properties.get("color") for o in objects if o.type == "Keycard"} == doors
    used = {name for tmx in all_maps.values() for name in _objectives(tmx)}
    # Every objective but kill_all: Fortress dropped it (it sent each run back for what
    # it had passed, 2.3 walks of every metre); tests/world/test_objectives.py and the
    # generator's tests play it on small maps.
    assert used == OBJECTIVES - {"kill_all"}
    # Levels 1-3 end with their boss; the siege ends with its waves, then the exit, and
    # the climb with the exit on the roof.
    assert [_objectives(all_maps[n])[-1] for n in NAMES] == ["boss"] * 3 + ["exit"] * 2


# -- the tool ------------------------------------------------------------------------------


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


def _corridor(tool: ModuleType) -> list[list[int]]:
    """A walled 20x6 corridor: floor on row 5, ceiling on row 0."""
    empty, solid = tool.EMPTY, tool.SOLID
    grid = [[solid] * 20] + [[solid] + [empty] * 18 + [solid] for _ in range(4)]
    return grid + [[solid] * 20]


def test_a_door_blocks_until_its_key_is_reached(tool: ModuleType) -> None:
    grid = _corridor(tool)
    door = tool.Door(10, 1, "red", 4)  # fills the corridor from ceiling to floor
    exit_rect = (17, 3, 1, 2)
    assert not tool.reach(grid, (2, 4), exit_rect, [door]).reachable
    wrong = tool.Key(5, 4, "blue")
    assert not tool.reach(grid, (2, 4), exit_rect, [door], [wrong]).reachable
    behind = tool.Key(14, 4, "red")  # the key locked behind its own door
    assert not tool.reach(grid, (2, 4), exit_rect, [door], [behind]).reachable
    key = tool.Key(5, 4, "red")
    result = tool.reach(grid, (2, 4), exit_rect, [door], [key])
    assert result.reachable and result.keys == ["red"] and not result.dead_ends


def test_targets_must_all_fall_in_one_run(tool: ModuleType) -> None:
    """kill_all / destroy_drums: a target on a cliff is fine if shot before jumping down;
    one only visible from the bottom of a well with no way out is missed; one walled off
    from every position cannot be shot at all."""
    empty, solid = tool.EMPTY, tool.SOLID
    grid = [[empty] * 24 for _ in range(12)] + [[solid] * 24]
    for row in range(6, 12):  # a 6-tall cliff: jump down, never back up
        for col in range(0, 8):
            grid[row][col] = solid
    exit_rect = (22, 10, 1, 2)
    spawn = (6, 5)
    on_cliff = tool.Target(2, 5, 2, "Soldier")
    assert tool.reach(grid, spawn, exit_rect, targets=[on_cliff]).reachable

    well = [row[:] for row in grid] + [[solid] * 24 for _ in range(8)]
    for row in range(12, 19):  # a 7-deep well in the lower floor
        well[row][14] = well[row][15] = empty
    in_well = tool.Target(15, 18, 1, "Turret")
    result = tool.reach(well, spawn, exit_rect, targets=[in_well])
    assert result.exit_reachable and not result.unreachable_targets
    assert result.missed_targets == [in_well] and not result.reachable
    assert (14, 18) in result.dead_ends

    boxed = [row[:] for row in grid]
    for row in range(0, 6):
        boxed[row][3] = solid  # a wall between the spawn and the enemy, up to the sky
    far = tool.Target(1, 5, 2, "Soldier")
    result = tool.reach(boxed, spawn, exit_rect, targets=[far])
    assert not result.reachable and result.unreachable_targets == [far]


def test_a_target_more_rows_off_than_the_view_holds_cannot_be_shot(tool: ModuleType) -> None:
    """A player's shot ends at the view's edge: a turret hung from a vault more than
    TARGET_ROWS over every floor it is in line with is refused as unshootable, and the
    same turret lowered to TARGET_ROWS is fine."""
    empty, solid = tool.EMPTY, tool.SOLID
    height = tool.TARGET_ROWS + 4
    grid = [[empty] * 24 for _ in range(height)] + [[solid] * 24]
    floor = height - 1  # the standing row
    exit_rect = (22, floor - 1, 1, 2)
    spawn = (2, floor)
    # The gun is a body's height up (rows floor-1 and floor): straight up from it.
    low = tool.Target(12, floor - 1 - tool.TARGET_ROWS, 1, "Turret")
    assert tool.reach(grid, spawn, exit_rect, targets=[low]).reachable
    high = tool.Target(12, floor - 2 - tool.TARGET_ROWS, 1, "Turret")
    result = tool.reach(grid, spawn, exit_rect, targets=[high])
    assert not result.reachable and result.unreachable_targets == [high]


def test_a_layout_platform_becomes_a_platform_following_its_path(tool, tmp_path) -> None:
    layout = (
        "@name Lift\n@path 4,4 0,-3 2,-3\n@at 4,4 speed=80 oneway=true\n"
        + "........\n" * 4
        + ".P..~~..\n"
        + "######EE\n"
        + "########\n"
    ).replace("######EE\n########", "#####.E.\n########")
    src = tmp_path / "lift.txt"
    src.write_text(layout)
    out = tmp_path / "lift.tmx"
    out.write_text(tool.build(src, out))
    from gunner.level import load_level

    level = load_level(out, images=False)
    (plat,) = level.spawns_of("MovingPlatform")
    assert (plat.x, plat.y, plat.w, plat.h) == (64, 64, 32, 8)
    assert plat.props["speed"] == 80.0 and plat.props["oneway"] is True
    # The path, from the middle of its top: up three tiles, then two to the right.
    assert plat.path == [(80, 64), (80, 16), (112, 16)]
    src.write_text(layout.replace("@path 4,4 0,-3 2,-3\n", ""))
    with pytest.raises(tool.LayoutError, match=r"platform at 4,4 has no '@path 4,4"):
        tool.build(src, out)
