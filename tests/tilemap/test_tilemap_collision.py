"""Axis-split tile collision: the cases a run-and-gun relies on."""

import math

import numpy as np
import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from ascii_maps import grid
from gunner.config import TILE
from gunner.level import SOLID
from gunner.tilemap import TileMap


def box_at(col: float, row: float, w: float, h: float) -> pygame.FRect:
    return pygame.FRect(col * TILE, row * TILE, w, h)


def test_tall_entity_stops_at_chest_high_ledge():
    # A 3-tile-tall soldier walks right into a ledge that only touches its middle tile:
    # sampling the corners alone would let it walk through.
    tiles = TileMap(
        grid(
            [
                "..........",
                "......####",
                "..........",
                "##########",
            ]
        )
    )
    soldier = pygame.FRect(2 * TILE, 0, 12, 48)  # rows 0-2, feet on the floor at row 3
    for _ in range(40):
        tiles.move_x(soldier, 4.0)
    assert soldier.right == 6 * TILE
    assert not tiles.overlaps_solid(soldier)


def test_no_tunnelling_through_one_tile_wall_at_any_speed():
    tiles = TileMap(
        grid(
            [
                "..........",
                ".....#....",
                "..........",
            ]
        )
    )
    for speed in (7.5, 15.9, 16.0, 40.0, 500.0):
        box = pygame.FRect(0, TILE, 10, 10)
        while tiles.move_x(box, speed) == 0:
            assert box.right <= 5 * TILE
        assert box.right == 5 * TILE
        box = pygame.FRect(9 * TILE, TILE, 10, 10)
        while tiles.move_x(box, -speed) == 0:
            assert box.left >= 6 * TILE
        assert box.left == 6 * TILE


def test_no_tunnelling_through_one_tile_floor_when_falling_fast():
    tiles = TileMap(grid(["....", "....", "####", "...."]))
    box = box_at(1, 0, 12, 12)
    result = tiles.move(box, 0, 200.0)
    assert result.on_ground and box.bottom == 2 * TILE


def test_landing_sets_on_ground_and_ceiling_stops_rise():
    tiles = TileMap(grid(["####", "....", "....", "####"]))
    box = box_at(1, 1, 12, 20)
    up = tiles.move(box, 0, -30.0)
    assert up.hit_ceiling and not up.on_ground and box.top == TILE
    down = tiles.move(box, 0, 30.0)
    assert down.on_ground and box.bottom == 3 * TILE


def test_one_way_platform_lands_from_above_passes_from_below_and_drops_through():
    tiles = TileMap(grid(["....", "....", "====", "....", "...."]))
    rising = box_at(1, 3, 12, 12)
    assert not tiles.move(rising, 0, -40.0).hit_ceiling  # jumps up through
    assert rising.top < 2 * TILE
    falling = box_at(1, 0, 12, 12)
    assert tiles.move(falling, 0, 40.0).on_ground
    assert falling.bottom == 2 * TILE
    assert tiles.standing_on(falling) == 2
    assert not tiles.move(falling, 0, 10.0, drop_through=True).on_ground
    assert falling.bottom > 2 * TILE
    # Moving sideways never bumps into a platform.
    side = box_at(0, 2, 12, 12)
    assert tiles.move_x(side, 30.0) == 0


def test_map_edges_are_walls_but_bottom_is_open():
    tiles = TileMap(grid(["....", "....", "...."]))
    box = box_at(1, 1, 12, 12)
    assert tiles.move_x(box, -100.0) == -1 and box.left == 0
    assert tiles.move_x(box, 100.0) == 1 and box.right == 4 * TILE
    result = tiles.move(box, 0, 100.0)
    assert not result.on_ground and box.top > tiles.pixel_height


def test_checks_are_counted_per_tile_along_the_side():
    tiles = TileMap(grid(["....."] * 4))
    box = pygame.FRect(0, 0, 12, 48)  # spans 3 rows
    tiles.move_x(box, 10.0)  # enters one new column
    assert tiles.checks == 3


def test_line_of_sight():
    tiles = TileMap(
        grid(
            [
                "..........",
                "....#.....",
                "..........",
            ]
        )
    )
    assert not tiles.line_of_sight(8, 24, 150, 24)
    assert tiles.line_of_sight(8, 40, 150, 40)
    assert tiles.line_of_sight(8, 8, 150, 8)


# -- property: no entity ever ends a move inside a solid tile ---------------------------

grids = st.lists(
    st.lists(st.sampled_from([0, 0, 0, 1, 2]), min_size=12, max_size=12), min_size=10, max_size=10
).map(lambda rows: np.array(rows, dtype=np.uint8))


@settings(max_examples=150, deadline=None)
@given(
    solid=grids,
    col=st.integers(0, 11),
    row=st.integers(0, 9),
    w=st.integers(4, 40),
    h=st.integers(4, 56),
    moves=st.lists(
        st.tuples(st.floats(-60, 60), st.floats(-60, 60), st.booleans()), min_size=1, max_size=25
    ),
)
def test_moves_never_end_inside_solid(solid, col, row, w, h, moves):
    tiles = TileMap(solid)
    box = pygame.FRect(col * TILE + 1, row * TILE + 1, w, h)
    # Only start from free space: clear the tiles under the starting box.
    for r in range(math.floor(box.top / TILE), min(10, math.ceil(box.bottom / TILE))):
        for c in range(math.floor(box.left / TILE), min(12, math.ceil(box.right / TILE))):
            if tiles.cell(c, r) == SOLID:
                tiles.set_cell(c, r, 0)
    if box.right > tiles.pixel_width:
        return
    for dx, dy, drop in moves:
        tiles.move(box, dx, dy, drop)
        assert not tiles.overlaps_solid(box), (box, dx, dy)
        assert box.left >= 0 and box.right <= tiles.pixel_width
