"""The tile moves and probes against their contracts, checked by brute force on random grids:
a move goes as far as it can and stops flush against what it hit, never beyond; sight and
bullet paths agree with each other and with the cells a segment really crosses."""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from ascii_maps import grid
from gunner.config import TILE
from gunner.level import EMPTY, ONEWAY, SOLID
from gunner.tilemap import TileMap

ROWS, COLS = 8, 10
grids = st.lists(
    st.lists(st.sampled_from([EMPTY, EMPTY, EMPTY, SOLID, ONEWAY]), min_size=COLS, max_size=COLS),
    min_size=ROWS,
    max_size=ROWS,
).map(lambda rows: np.array(rows, dtype=np.uint8))


def cells_under(tiles: TileMap, box: pygame.FRect) -> list[int]:
    """Every cell value the box covers (beyond the side edges: solid; above/below: empty)."""
    return [
        tiles.cell(col, row)
        for row in range(math.floor(box.top / TILE), math.ceil(box.bottom / TILE))
        for col in range(math.floor(box.left / TILE), math.ceil(box.right / TILE))
    ]


def on_grid_line(value: float) -> bool:
    return abs(value - round(value / TILE) * TILE) < 1e-3  # FRect keeps float32


def inset(box: pygame.FRect) -> pygame.FRect:
    """The box less float32 rounding: what it really covers."""
    return pygame.FRect(box.left + 1e-3, box.top + 1e-3, box.width - 2e-3, box.height - 2e-3)


def free_box(tiles: TileMap, x: float, y: float, w: float, h: float) -> pygame.FRect:
    box = pygame.FRect(x, y, w, h)
    for row in range(math.floor(box.top / TILE), math.ceil(box.bottom / TILE)):
        for col in range(math.floor(box.left / TILE), math.ceil(box.right / TILE)):
            if 0 <= row < tiles.rows and 0 <= col < tiles.cols:
                tiles.set_cell(col, row, EMPTY)
    return box


@settings(max_examples=200, deadline=None)
@given(
    solid=grids,
    x=st.floats(0, COLS * TILE - 40, width=32),
    y=st.floats(-20, ROWS * TILE, width=32),
    w=st.floats(2, 40, width=32),
    h=st.floats(2, 50, width=32),
    dx=st.floats(-200, 200, width=32),
)
@example(solid=np.zeros((ROWS, COLS), np.uint8), x=20.0, y=20.0, w=10.0, h=10.0, dx=0.0)
def test_a_sideways_move_goes_as_far_as_it_can_and_stops_flush(solid, x, y, w, h, dx):
    tiles = TileMap(solid)
    box = free_box(tiles, x, y, w, h)
    left, right, top = box.left, box.right, box.top
    hit = tiles.move_x(box, dx)
    assert box.top == top and box.width == pytest.approx(w)
    # Everything swept on the way is free of solid tiles (one-way platforms never block).
    swept = pygame.FRect(
        min(left, box.left), box.top, max(right, box.right) - min(left, box.left), h
    )
    assert SOLID not in cells_under(tiles, inset(swept))
    if hit == 0:
        assert box.left == pytest.approx(left + dx, abs=1e-3)
    else:
        # Stopped short, in the direction of travel, flush against a solid column.
        assert hit == (1 if dx > 0 else -1)
        assert abs(box.left - left) < abs(dx)
        edge = box.right if hit > 0 else box.left
        assert on_grid_line(edge)
        nudged = box.move(hit * 0.5, 0)
        assert SOLID in cells_under(tiles, nudged)


@settings(max_examples=200, deadline=None)
@given(
    solid=grids,
    x=st.floats(0, COLS * TILE - 40, width=32),
    y=st.floats(-40, ROWS * TILE - 10, width=32),
    w=st.floats(2, 40, width=32),
    h=st.floats(2, 50, width=32),
    dy=st.floats(-200, 200, width=32),
    drop=st.booleans(),
)
@example(
    solid=np.array([[EMPTY] * COLS] * 3 + [[ONEWAY] * COLS] + [[EMPTY] * COLS] * 4, np.uint8),
    x=20.0, y=10.0, w=10.0, h=38.0, dy=30.0, drop=False,
)  # fmt: skip
def test_a_vertical_move_lands_on_solid_and_one_way_tops_and_stops_flush(
    solid, x, y, w, h, dy, drop
):
    tiles = TileMap(solid)
    box = free_box(tiles, x, y, w, h)
    top, bottom, left = box.top, box.bottom, box.left
    hit = tiles.move_y(box, dy, drop_through=drop)
    assert box.left == left
    swept = pygame.FRect(
        box.left, min(top, box.top), w, max(bottom, box.bottom) - min(top, box.top)
    )
    assert SOLID not in cells_under(tiles, inset(swept))
    if dy > 0 and not drop:
        # A one-way platform whose top the feet started on or above stops the fall.
        rows = range(math.ceil(bottom / TILE), math.ceil(box.bottom / TILE))
        cols = range(math.floor(box.left / TILE), math.ceil(box.right / TILE))
        assert all(
            tiles.cell(c, r) != ONEWAY for r in rows for c in cols if r * TILE < box.bottom - 1e-3
        )
    if hit == 0:
        assert box.top == pytest.approx(top + dy, abs=1e-3)
    else:
        assert hit == (1 if dy > 0 else -1)
        assert abs(box.top - top) < abs(dy)
        edge = box.bottom if hit > 0 else box.top
        assert on_grid_line(edge)
        row = round(edge / TILE) if hit > 0 else round(edge / TILE) - 1
        below = {
            tiles.cell(c, row)
            for c in range(math.floor(box.left / TILE), math.ceil(box.right / TILE))
        }
        assert SOLID in below or (hit > 0 and not drop and ONEWAY in below)


def test_a_move_reports_what_it_ran_into():
    tiles = TileMap(grid(["######", "#....#", "#....#", "######"]))
    box = pygame.FRect(20, 20, 10, 10)
    result = tiles.move(box, 100, 100)
    assert (result.hit_wall, result.on_ground, result.hit_ceiling) == (1, True, False)
    assert (box.right, box.bottom) == (5 * TILE, 3 * TILE)
    result = tiles.move(box, -100, -100)
    assert (result.hit_wall, result.on_ground, result.hit_ceiling) == (-1, False, True)
    assert (box.left, box.top) == (TILE, TILE)
    assert tiles.move(box, 0, 0) == type(result)()
    assert tiles.move_x(box, 0) == 0 and tiles.move_y(box, 0) == 0


def test_standing_on_says_what_is_under_the_feet_solid_first():
    tiles = TileMap(grid(["......", "......", "##==..", "......"]))
    feet = 2 * TILE
    assert tiles.standing_on(pygame.FRect(4, feet - 10, 10, 10)) == SOLID
    assert tiles.standing_on(pygame.FRect(36, feet - 10, 10, 10)) == ONEWAY
    assert tiles.standing_on(pygame.FRect(26, feet - 10, 10, 10)) == SOLID  # solid wins
    assert tiles.standing_on(pygame.FRect(56, feet - 10, 10, 10)) == ONEWAY  # over one-way and air
    assert tiles.standing_on(pygame.FRect(70, feet - 10, 10, 10)) == EMPTY
    assert tiles.standing_on(pygame.FRect(4, feet - 10.5, 10, 10)) == EMPTY  # in the air
    assert tiles.standing_on(pygame.FRect(4, feet - 26, 10, 10)) == EMPTY  # a row higher


def test_cells_beyond_the_sides_are_solid_beyond_top_and_bottom_open():
    tiles = TileMap(grid(["...", "..."]))
    assert tiles.cell(-1, 0) == SOLID and tiles.cell(3, 1) == SOLID
    assert tiles.cell(0, -1) == EMPTY and tiles.cell(2, 2) == EMPTY
    assert tiles.is_solid_at(-0.5, 5) and tiles.is_solid_at(3 * TILE, 5)
    assert not tiles.is_solid_at(0, -0.5) and not tiles.is_solid_at(2 * TILE + 15.9, 2 * TILE)
    assert (tiles.pixel_width, tiles.pixel_height) == (3 * TILE, 2 * TILE)


def test_a_changed_cell_is_seen_by_moves_sight_and_bullets():
    tiles = TileMap(grid([".....", ".....", "....."]))
    assert tiles.line_of_sight(8, 24, 72, 24)
    assert math.isinf(tiles.first_solid(*(np.array([v]) for v in (8.0, 24.0, 64.0, 0.0)))[0])
    tiles.set_cell(2, 1, SOLID)  # a door closing
    assert tiles.solid[1, 2] == SOLID and tiles.cell(2, 1) == SOLID
    assert not tiles.line_of_sight(8, 24, 72, 24)
    t = tiles.first_solid(*(np.array([v]) for v in (8.0, 24.0, 64.0, 0.0)))[0]
    assert t == pytest.approx((2 * TILE - 8) / 64)
    box = pygame.FRect(4, 20, 8, 8)
    assert tiles.move_x(box, 60) == 1 and box.right == 2 * TILE
    tiles.set_cell(2, 1, EMPTY)  # and opening again
    assert tiles.line_of_sight(8, 24, 72, 24)


segments = st.tuples(
    st.floats(1, COLS * TILE - 1, width=32),
    st.floats(1, ROWS * TILE - 1, width=32),
    st.floats(1, COLS * TILE - 1, width=32),
    st.floats(1, ROWS * TILE - 1, width=32),
)


@settings(max_examples=150, deadline=None)
@given(solid=grids, segs=st.lists(segments, min_size=1, max_size=20))
def test_sight_and_bullet_paths_stop_at_the_first_solid_cell_crossed(solid, segs):
    tiles = TileMap(solid)
    x0, y0, x1, y1 = (np.array(v, dtype=np.float64) for v in zip(*segs, strict=True))
    ts = tiles.first_solid(x0, y0, x1 - x0, y1 - y0)
    one_by_one = [tiles.first_solid_one(a, b, c - a, d - b) for a, b, c, d in segs]
    assert ts.tolist() == one_by_one  # the vectorized walk and the plain one agree
    for (a, b, c, d), t in zip(segs, ts.tolist(), strict=True):
        seen = tiles.line_of_sight(a, b, c, d)
        assert seen == math.isinf(t), (a, b, c, d, t)
        # Samples before t lie in open cells; at t the path enters a solid cell.
        limit = 1.0 if math.isinf(t) else t
        for k in range(64):
            s = limit * k / 64
            if limit - s > 1e-6:
                px, py = a + (c - a) * s, b + (d - b) * s
                assert not tiles.is_solid_at(px, py), (a, b, c, d, t, s)
        if not seen:
            assert 0.0 <= t <= 1.0
            s = min(1.0, t + 1e-7)
            px, py = a + (c - a) * s, b + (d - b) * s
            near = {
                tiles.cell(math.floor((px + ex) / TILE), math.floor((py + ey) / TILE))
                for ex in (-1e-3, 1e-3)
                for ey in (-1e-3, 1e-3)
            }
            assert SOLID in near


def test_sight_is_blocked_by_a_wall_at_every_angle():
    """A one-tile pillar in the middle of a room blocks every line through its centre."""
    tiles = TileMap(grid(["..........."] * 5 + [".....#....."] + ["..........."] * 5))
    cx, cy = 5.5 * TILE, 5.5 * TILE
    for k in range(32):
        a = 2 * math.pi * k / 32
        x0, y0 = cx + 70 * math.cos(a), cy + 70 * math.sin(a)
        x1, y1 = cx - 70 * math.cos(a), cy - 70 * math.sin(a)
        assert not tiles.line_of_sight(x0, y0, x1, y1), k
        t = tiles.first_solid(*(np.array([v]) for v in (x0, y0, x1 - x0, y1 - y0)))[0]
        assert (70 - 8 * math.sqrt(2)) / 140 - 1e-9 <= t <= (70 - 8) / 140 + 1e-9, k
        # ... and a line passing beside it is clear.
        ox, oy = -math.sin(a) * 20, math.cos(a) * 20
        assert tiles.line_of_sight(x0 + ox, y0 + oy, x1 + ox, y1 + oy), k


def test_the_overlay_counts_each_tile_cell_examined():
    tiles = TileMap(grid(["......"] * 6))
    tiles.is_solid_at(5, 5)
    assert tiles.checks == 1
    box = pygame.FRect(0, 0, 10, 20)  # two rows tall, one column wide
    tiles.move_x(box, 2 * TILE)  # enters two new columns: 2 x 2 cells
    assert tiles.checks == 1 + 4
    tiles.move_y(box, 3 * TILE)  # now in one column: enters three new rows, 3 cells
    assert tiles.checks == 1 + 4 + 3
