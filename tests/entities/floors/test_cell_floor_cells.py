"""Which tiles a floor that gives way owns, and who sets it off: the cells a drawn
rectangle, sliver or point becomes, the map's edges and its own tiles, a floor drawn
as one wide rectangle, and only feet resting on a block's top cracking it."""

from __future__ import annotations

import pygame
import pytest

from ascii_maps import CellRun, make_stage, obj
from gunner.assets import Art
from gunner.config import TILE
from gunner.entities.bridge import Bridge
from gunner.entities.cell_floor import cells_of
from gunner.entities.crumble_floor import CrumbleFloor
from gunner.input import Buttons as B
from gunner.tilemap import SOLID

FLOOR = CellRun("CrumbleFloor", range(8, 16))
ROW = FLOOR.row


@pytest.mark.parametrize(
    ("rect", "cols", "row"),
    [
        ((0, 112, 48, 16), [0, 1, 2], 7),  # three whole tiles
        ((2, 112, 30, 16), [0, 1], 7),  # both tile centres (8 and 24) inside it
        ((9, 112, 14, 16), [1], 7),  # no centre inside: the tile under its middle
        ((14, 112, 4, 16), [1], 7),  # a sliver over a tile edge: its middle's tile
        ((10, 112, 5, 16), [0], 7),
        ((100, 128, 0, 0), [6], 7),  # a point: the tile just above it
        ((100, 129, 0, 0), [6], 8),  # a pixel lower: the tile it is in
    ],
)
def test_a_drawn_shape_becomes_the_cells_along_its_bottom(rect, cols, row) -> None:
    assert cells_of(*rect) == [(c, row) for c in cols]


def test_a_floors_hitbox_is_its_cells() -> None:
    bridge = Bridge([(3, 5), (4, 5), (5, 5)])
    assert bridge.hitbox == pygame.FRect(48, 80, 48, 16)


def test_a_bridge_drawn_before_its_first_step_shows_plain_planks(over_pit) -> None:
    stage = over_pit(CellRun("Bridge", FLOOR.cols))
    art = Art()
    plain = pygame.image.tobytes(art.sheet("bridge", TILE, TILE)[0][0], "RGBA")
    surface = pygame.Surface((480, 270), pygame.SRCALPHA)
    for bridge in (e for e in stage.entities if isinstance(e, Bridge)):
        bridge.draw(surface, (0.0, 0.0), art)
    drawn = surface.subsurface((8 * TILE, ROW * TILE, TILE, TILE))
    assert pygame.image.tobytes(drawn, "RGBA") == plain


def wide(tmp_path, rows: list[str] | None = None):  # noqa: ANN001, ANN201
    """The crumbling span as one rectangle over the pit."""
    span = obj("CrumbleFloor", 8 * TILE, ROW * TILE, 8 * TILE, TILE)
    stage = make_stage(tmp_path, [span], rows or FLOOR.pit())
    (floor,) = [e for e in stage.entities if isinstance(e, CrumbleFloor)]
    return stage, floor


def test_one_wide_crumbling_floor_falls_block_by_block_in_his_wake(tmp_path) -> None:
    stage, floor = wide(tmp_path)
    times = FLOOR.emptied(stage, B.RIGHT, 4.0)
    assert stage.player.alive and stage.player.hitbox.left > 16 * TILE
    order = [times[c] for c in FLOOR.cols]
    assert order == sorted(order) and len(set(order)) == len(order)
    assert not floor.alive  # every block gone: it has left the stage


def test_standing_still_on_one_wide_floor_drops_him_with_his_block_alone(tmp_path) -> None:
    stage, _ = wide(tmp_path)
    lives = stage.player.lives
    while stage.player.hitbox.left < 11 * TILE + 4:
        stage.step(B.RIGHT)
    for _ in range(120):
        stage.step(B.NONE)
        if not stage.player.alive:
            break
    assert stage.player.lives == lives - 1
    standing = [c for c in FLOOR.cols if stage.tilemap.cell(c, ROW) == SOLID]
    assert len(standing) >= 3  # the blocks ahead of him hold


def test_a_floor_drawn_over_a_tile_of_the_map_leaves_that_tile_alone(tmp_path) -> None:
    rows = FLOOR.pit()
    rows[ROW] = rows[ROW][:11] + "#" + rows[ROW][12:]
    stage, floor = wide(tmp_path, rows)
    times = FLOOR.emptied(stage, B.RIGHT, 4.0)
    assert sorted(times) == [c for c in FLOOR.cols if c != 11]
    assert stage.tilemap.cell(11, ROW) == SOLID  # the map's, for good
    assert not floor.alive and floor not in stage.entities


def test_cells_on_the_maps_edges_are_floor_and_cells_beyond_it_are_dropped(tmp_path) -> None:
    stage = make_stage(tmp_path, [], FLOOR.pit())
    cols, rows = stage.tilemap.cols, stage.tilemap.rows
    left = CrumbleFloor([(-1, 3), (0, 3), (1, 3)])
    right = CrumbleFloor([(cols - 1, 3), (cols, 3)])
    top = CrumbleFloor([(5, -1), (5, 0)])
    bottom = CrumbleFloor([(6, rows - 1)])
    below = CrumbleFloor([(7, rows)])
    for floor in (left, right, top, bottom, below):
        stage.add_entity(floor)
    stage.step(B.NONE)
    assert left.cells == [(0, 3), (1, 3)] and right.cells == [(cols - 1, 3)]
    assert top.cells == [(5, 0)] and bottom.cells == [(6, rows - 1)]
    assert all(stage.tilemap.cell(c, r) == SOLID for c, r in [(0, 3), (1, 3), (cols - 1, 3)])
    assert stage.tilemap.cell(5, 0) == SOLID and stage.tilemap.cell(6, rows - 1) == SOLID
    assert below.cells == [] and not below.alive


def test_a_player_on_a_ledge_above_a_crumbling_floor_cracks_nothing(tmp_path) -> None:
    rows = FLOOR.pit()
    rows[3] = "." * 8 + "#" * 8 + "." * 14  # a ledge over the span
    rows[2] = "." * 10 + "P" + "." * 19
    rows[ROW - 1] = rows[0]
    stage = make_stage(tmp_path, FLOOR.objects(), rows)
    for _ in range(120):
        stage.step(B.NONE)
    assert stage.player.on_ground and stage.player.hitbox.bottom == 3 * TILE
    floors = [e for e in stage.entities if isinstance(e, CrumbleFloor)]
    assert len(floors) == 8 and not any(any(f.left) for f in floors)


@pytest.mark.parametrize("side", ["left", "right"])
def test_feet_touching_a_blocks_side_do_not_crack_it(tmp_path, side) -> None:
    """On the bank, flush against the span's end block: not standing on it."""
    stage = make_stage(tmp_path, FLOOR.objects(), FLOOR.pit())
    player = stage.player
    for _ in range(30):
        if side == "left":
            player.hitbox.right = 8 * TILE
        else:
            player.hitbox.left = 16 * TILE
        player.hitbox.bottom = ROW * TILE
        stage.step(B.NONE)
    floors = [e for e in stage.entities if isinstance(e, CrumbleFloor)]
    assert not any(any(f.left) for f in floors)
    assert all(stage.tilemap.cell(c, ROW) == SOLID for c in FLOOR.cols)


def test_a_bullet_stops_on_a_bridges_deck(tmp_path) -> None:
    stage = make_stage(tmp_path, CellRun("Bridge", FLOOR.cols).objects(), FLOOR.pit())
    stage.step(B.NONE)
    stage.bullets.spawn(12.5 * TILE, 4 * TILE, 0.0, 300.0, team="enemy")
    for _ in range(20):  # it reaches the deck in 13 steps, the map's bottom in 26
        stage.step(B.NONE)
    assert len(stage.bullets) == 0
