"""Bullet paths through the tile grid, pinned where the mutation run (`make mutants`)
found nothing watching: where a path first enters a solid tile, for one path at a time
(plain floats) and for many at once (numpy), from inside and outside the map and
across its edges, and how many cells the debug overlay says were examined."""

from __future__ import annotations

import math
import random

import numpy as np
import pygame
import pytest

from ascii_maps import grid
from gunner.config import TILE
from gunner.level import EMPTY, ONEWAY, SOLID
from gunner.tilemap import TileMap

ROWS = [
    "..........#.........",
    "....##....#....#....",
    "....#.........##....",
    "........#...........",
    "...#........#..#....",
    "=====.......#.......",
    "..#.....###.........",
    "....................",
]


def reference(tiles: TileMap, x0: float, y0: float, dx: float, dy: float, n: int = 4000) -> float:
    """The first sampled fraction of the segment inside a solid cell (beyond the left
    and right edges is solid, above and below is open), or inf."""
    for k in range(n + 1):
        t = k / n
        col, row = math.floor((x0 + dx * t) / TILE), math.floor((y0 + dy * t) / TILE)
        if col < 0 or col >= tiles.cols:
            return t
        if 0 <= row < tiles.rows and tiles.solid[row, col] == SOLID:
            return t
    return math.inf


def segments(seed: int, count: int) -> list[tuple[float, float, float, float]]:
    rng = random.Random(seed)
    width, height = len(ROWS[0]) * TILE, len(ROWS) * TILE
    out = []
    for _ in range(count):
        # Starts inside, above, below and beyond either side of the map.
        x0 = rng.uniform(-20, width + 20)
        y0 = rng.uniform(-40, height + 40)
        angle = rng.uniform(0, 2 * math.pi)
        length = rng.choice([3.0, 17.0, 45.0, 130.0, 400.0])
        out.append((x0, y0, length * math.cos(angle), length * math.sin(angle)))
    # Straight along each axis, both ways, and standing still.
    out += [(50.3, 21.7, 90.0, 0.0), (250.2, 21.7, -90.0, 0.0), (88.5, 3.3, 0.0, 120.0)]
    out += [(99.1, 120.4, 0.0, -110.0), (40.5, 40.5, 0.0, 0.0), (-5.0, 40.5, 0.0, 0.0)]
    # Slow paths crossing one boundary: under a pixel, and exactly one pixel, per axis.
    out += [(175.6, 5.5, 0.7, 9.0), (176.4, 5.5, -0.7, 9.0), (56.5, 31.6, 9.0, 0.7)]
    out += [(56.5, 32.4, 9.0, -0.7), (175.5, 40.5, 1.0, 3.0), (176.5, 40.5, -1.0, 3.0)]
    out += [(56.5, 31.5, 3.0, 1.0), (56.5, 32.5, 3.0, -1.0)]
    return out


def close(got: float, want: float, n: int = 4000) -> bool:
    if math.isinf(want) or math.isinf(got):
        return got == want
    return abs(got - want) <= 1.0 / n + 1e-9


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_paths_stop_where_they_first_enter_a_solid_tile_one_or_many_at_a_time(seed):
    tiles = TileMap(grid(ROWS))
    segs = segments(seed, 40)
    x0, y0, dx, dy = (np.array(v, dtype=np.float64) for v in zip(*segs, strict=True))
    many = tiles.first_solid(x0, y0, dx, dy)  # more than a handful: vectorized
    for k, seg in enumerate(segs):
        one = tiles.first_solid(*(np.array([v]) for v in seg))[0]  # one: plain floats
        want = reference(tiles, *seg)
        assert close(one, want), (seg, one, want)
        assert one == many[k], (seg, one, many[k])
        assert 0.0 <= one <= 1.0 or math.isinf(one)


def test_a_path_through_a_corner_takes_the_row_step_first_as_sight_does():
    tiles = TileMap(grid(["....", ".#..", "....", "...."]))
    # Exactly through the corner between (0, 0) and the solid (1, 1): stepping the row
    # first goes through (0, 1), open, then (1, 1).
    segs = [(8.0, 8.0, 16.0, 16.0), (24.0, 8.0, -16.0, 16.0), (40.0, 40.0, -16.0, -16.0)]
    for seg in segs:
        for batch in (1, 20):
            arrays = [np.array([v] * batch, dtype=np.float64) for v in seg]
            got = tiles.first_solid(*arrays)
            sight = tiles.line_of_sight(seg[0], seg[1], seg[0] + seg[2], seg[1] + seg[3])
            assert np.all(got == got[0])
            assert (got[0] <= 1.0) == (not sight), seg
    assert tiles.first_solid(*(np.array([v]) for v in segs[0]))[0] == pytest.approx(0.5)


@pytest.mark.parametrize("batch", [1, 20])
def test_the_overlay_counts_each_cell_a_path_walks(batch):
    tiles = TileMap(grid(["......#.", "........"]))

    def walked(x0, y0, dx, dy):
        tiles.checks = 0
        arrays = [np.array([v] * batch, dtype=np.float64) for v in (x0, y0, dx, dy)]
        t = tiles.first_solid(*arrays)
        return tiles.checks // batch, t[0]

    # Across columns 0..6 of row 0: seven cells, the last solid.
    assert walked(3.0, 5.0, 150.0, 0.0) == (7, pytest.approx((96.0 - 3.0) / 150.0))
    # Within one cell: one.
    assert walked(3.0, 5.0, 4.0, 0.0) == (1, math.inf)
    # Starting in a solid cell: one, at once.
    assert walked(100.0, 5.0, 30.0, 0.0) == (1, 0.0)
    # Down out of the map and on: cells below the map are open, walked all the same.
    assert walked(3.0, 20.0, 0.0, 60.0) == (5, math.inf)  # rows 1 to 5
    # Beyond the right edge is solid: stops on the edge.
    assert walked(120.0, 20.0, 40.0, 0.0) == (2, pytest.approx(8.0 / 40.0))
    # A very long path is walked only as far as the map lets it.
    steps, t = walked(3.0, 20.0, 0.0, 1e6)
    assert math.isinf(t) and steps <= tiles.cols + tiles.rows + 2


def box(x: float, y: float, w: float = 10.0, h: float = 20.0) -> pygame.FRect:
    return pygame.FRect(x, y, w, h)


def test_short_moves_near_a_wall_go_exactly_as_far_as_asked():
    # A solid block at columns 4-5, rows 2-3 (x 64..96, y 32..64).
    tiles = TileMap(grid(["........"] * 2 + ["....##.."] * 2 + ["........"] * 3))
    cases = [
        (box(51.0, 40.0), 3.0, 0.0, (54.0, 40.0)),  # 10 px from its left face
        (box(103.0, 40.0), -3.0, 0.0, (100.0, 40.0)),  # 7 px from its right face
        (box(70.0, 5.0), 0.0, 3.0, (70.0, 8.0)),  # 7 px above its top
        (box(70.0, 71.0), 0.0, -3.0, (70.0, 68.0)),  # 7 px below its bottom
        (box(20.0, 40.0), 1.0, 0.0, (21.0, 40.0)),  # exactly one pixel
        (box(53.5, 40.0), 1.0, 0.0, (54.0, 40.0)),  # half a pixel short of the face
        (box(20.0, 40.0), 0.0, 1.0, (20.0, 41.0)),
    ]
    for b, dx, dy, end in cases:
        flush = b.right + dx > 64 and b.x < 64 and dy == 0
        result = tiles.move(b, dx, dy)
        assert (b.x, b.y) == end, (dx, dy)
        assert (result.hit_wall, result.on_ground, result.hit_ceiling) == (int(flush), False, False)
    b = box(20.0, 40.0)
    assert tiles.move_x(b, 0.0) == 0 and tiles.move_y(b, 0.0) == 0 and (b.x, b.y) == (20, 40)


def test_column_zero_and_the_last_column_are_open_ground():
    tiles = TileMap(grid(["......"] * 4 + ["######"]))
    for x in (0.0, 6 * TILE - 10.0):
        b = box(x, 0.0)
        assert tiles.move_y(b, 200.0) == 1 and b.bottom == 4 * TILE
        assert tiles.move_y(b, -30.0) == 0 and b.bottom == 4 * TILE - 30


@pytest.mark.parametrize("x", [-4.0, 6 * TILE - 6.0])
def test_a_box_over_a_side_edge_is_held_by_the_wall_beyond(x):
    # Beyond the left and right edges counts as solid: a box reaching over one can
    # move neither down nor up past a row boundary.
    tiles = TileMap(grid(["......"] * 6))
    b = box(x, 20.0)
    assert tiles.move_y(b, 30.0) == 1 and b.bottom == 3 * TILE
    assert tiles.move_y(b, -30.0) == -1 and b.top == TILE


def test_a_pixel_inside_a_solid_tile_is_solid():
    tiles = TileMap(grid(["....", "..#.", "=..."]))
    assert tiles.is_solid_at(2 * TILE + 1, TILE + 15)
    assert not tiles.is_solid_at(2 * TILE + 1, 2 * TILE + 1)
    assert not tiles.is_solid_at(1, 2 * TILE + 1)  # one-way: not solid
    assert tiles.is_solid_at(-1, 5) and tiles.is_solid_at(4 * TILE, 5)  # beyond the sides
    assert not tiles.is_solid_at(5, -1) and not tiles.is_solid_at(5, 3 * TILE)


def test_the_overlay_counts_the_cells_a_side_sweeps():
    tiles = TileMap(grid(["........"] * 6))
    b = box(20.0, 40.0, 10.0, 20.0)  # rows 2..3
    tiles.checks = 0
    tiles.move_x(b, 40.0)  # its right side crosses columns 2, 3, 4: 3 columns x 2 rows
    assert tiles.checks == 6
    tiles.checks = 0
    tiles.move_y(b, 30.0)  # its bottom (y 60) crosses rows 4 and 5, columns 3..4
    assert tiles.checks == 4


@pytest.mark.parametrize("seed", [4, 5])
def test_sight_is_blocked_exactly_where_a_bullet_would_stop(seed):
    """Within the map's sides, a line of sight is clear exactly when a bullet along
    it would meet no solid tile (the two share one walk)."""
    tiles = TileMap(grid(ROWS))
    width = tiles.pixel_width
    for x0, y0, dx, dy in segments(seed, 60):
        if not (0 <= x0 < width and 0 <= x0 + dx < width) or (dx, dy) == (0, 0):
            continue
        bullet = tiles.first_solid(*(np.array([v]) for v in (x0, y0, dx, dy)))[0]
        assert tiles.line_of_sight(x0, y0, x0 + dx, y0 + dy) == math.isinf(bullet)


def test_sight_over_the_map_corner_to_corner_and_past_its_sides():
    rows = ["." * 6] * 5 + [".....#"]
    tiles = TileMap(grid(rows))
    # The longest walk there is, ending in the one solid tile: blocked.
    assert not tiles.line_of_sight(1.0, 2.0, 6 * TILE - 1.0, 6 * TILE - 2.0)
    assert tiles.line_of_sight(1.0, 2.0, 5 * TILE - 1.0, 6 * TILE - 2.0)
    # Beyond the sides nothing blocks sight (only moves and bullets treat it as wall).
    assert tiles.line_of_sight(3 * TILE, 8.0, 9 * TILE, 8.0)
    assert tiles.line_of_sight(3 * TILE, 8.0, -3 * TILE, 8.0)
    # A wall in column 0 blocks a line of sight down that column.
    walled = TileMap(grid(["......", "#.....", "......"]))
    assert not walled.line_of_sight(5.0, 2.0, 5.0, 40.0)
    # The overlay counts each cell sight walks: four along row 0 here.
    walled.checks = 0
    assert walled.line_of_sight(5.0, 2.0, 3 * TILE + 5.0, 2.0)
    assert walled.checks == 4


@pytest.mark.parametrize("dx", [20.0, -20.0])
@pytest.mark.parametrize("row", [0, 3])  # the map's top row and its bottom row
def test_walls_in_the_first_and_last_rows_stop_a_sideways_move(row, dx):
    rows = ["....................."] * 4
    rows[row] = "...#.........#......."
    tiles = TileMap(grid(rows))
    box = pygame.FRect(0, row * TILE + 2, 12, 12)  # inside that row only
    box.left = 10 * TILE if dx > 0 else 6 * TILE
    assert tiles.move_x(box, dx * 4) == (1 if dx > 0 else -1)
    assert box.right == 13 * TILE if dx > 0 else box.left == 4 * TILE


def test_a_box_hanging_below_the_map_moves_sideways_along_the_last_row():
    rows = ["....................."] * 3 + ["...#................."]
    tiles = TileMap(grid(rows))
    box = pygame.FRect(8 * TILE, 3 * TILE + 8, 12, 40)  # reaching 2 rows below the map
    assert tiles.move_x(box, 40.0) == 0 and box.left == 8 * TILE + 40
    assert tiles.move_x(box, -120.0) == -1 and box.left == 4 * TILE


def test_a_rise_stops_flush_under_a_ceiling_and_not_before():
    rows = ["....#....", ".........", ".........", "........."]
    tiles = TileMap(grid(rows))
    box = pygame.FRect(4 * TILE + 2, 2 * TILE + 4, 12, 20)
    assert tiles.move_y(box, -30.0) == -1 and box.top == TILE  # under the tile in row 0
    box = pygame.FRect(1 * TILE, 2 * TILE + 4, 12, 20)
    assert tiles.move_y(box, -30.0) == 0 and box.top == 2 * TILE + 4 - 30  # open sky


@pytest.mark.parametrize(
    ("left", "width", "bottom", "under"),
    [
        (3 * TILE, 12, 0, SOLID),  # feet on the map's top edge, on row 0's tile
        (-4, 12, 2 * TILE, SOLID),  # partly beyond the left edge: counts as solid
        (8 * TILE + 8, 12, 2 * TILE, SOLID),  # partly beyond the right edge
        (8 * TILE + 8, 12, TILE, SOLID),  # the same, on row 1's boundary
        (8 * TILE + 4, 12, 2 * TILE, EMPTY),  # right side exactly on the map's edge
        (2 * TILE, 12, -TILE, EMPTY),  # feet above the map: nothing under them
        (3 * TILE, 12, 4 * TILE, EMPTY),  # feet on the map's bottom edge: a pit
        (3 * TILE, 0, TILE, EMPTY),  # no width, no footing
        (-TILE, 0, TILE, EMPTY),
        (2 * TILE, 12, 3 * TILE, ONEWAY),
    ],
)
def test_what_a_box_stands_on_at_the_maps_edges(left, width, bottom, under):
    rows = ["...#.....", ".........", ".........", "..=......"]
    tiles = TileMap(grid(rows))
    box = pygame.FRect(left, bottom - 20, width, 20)
    assert tiles.standing_on(box) == under
