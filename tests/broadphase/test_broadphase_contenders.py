"""What F3 draws and F4 counts for the broad-phase contenders other than ours: the
tutorial's fixed-depth quadtree, the uniform grid and brute force. Every design finds
the same pairs (test_broadphase_designs.py); here, the shape each one files items in
(the cells the overlay draws, with their counts) and the checks its queries make,
which is what the comparison measures."""

from __future__ import annotations

import itertools

import numpy as np
import pygame
import pytest

from gunner.broadphase import BulletRows
from gunner.broadphase.designs import BruteForce, TutorialQuadtree, UniformGrid

W, H = 1600.0, 640.0  # the tutorial's leaves: 16 x 16 of them, 100 x 40 px each
LEAF_W, LEAF_H = W / 16, H / 16


class Thing:
    def __init__(self, x: float, y: float, w: float, h: float) -> None:
        self.hitbox = pygame.FRect(x, y, w, h)


def counts(design) -> dict[tuple[float, float, float, float], int]:  # noqa: ANN001
    return {tuple(rect): n for rect, n in design.cells()}


# -- brute force -------------------------------------------------------------------------


def test_brute_force_is_one_cell_the_size_of_the_bounds_and_checks_everything() -> None:
    brute = BruteForce((10.0, 20.0, 300.0, 200.0))
    assert brute.checks == 0
    things = [Thing(20 * k, 30, 8, 8) for k in range(5)]
    brute.add_many(things)
    assert list(brute.cells()) == [(pygame.FRect(10, 20, 300, 200), 5)]
    brute.query(pygame.FRect(0, 0, 1, 1))
    brute.query(pygame.FRect(0, 0, 500, 500))
    assert brute.checks == 10  # every item, for every query


# -- the tutorial's quadtree -------------------------------------------------------------


def leaf_corners() -> set[tuple[float, float, float, float]]:
    return {
        (i * LEAF_W, j * LEAF_H, LEAF_W, LEAF_H) for i, j in itertools.product(range(16), repeat=2)
    }


def test_the_tutorials_tree_is_built_whole_to_depth_four_over_the_bounds() -> None:
    tree = TutorialQuadtree((0.0, 0.0, W, H))
    assert tree.checks == 0
    cells = counts(tree)
    assert set(cells) == leaf_corners()  # 256 leaves tiling the bounds, none empty of room
    assert set(cells.values()) == {0}
    shallow = TutorialQuadtree((0.0, 0.0, W, H), depth=1)
    assert set(counts(shallow)) == {
        (0, 0, W / 2, H / 2),
        (W / 2, 0, W / 2, H / 2),
        (0, H / 2, W / 2, H / 2),
        (W / 2, H / 2, W / 2, H / 2),
    }


def test_the_overlay_asks_the_tutorials_tree_only_for_the_leaves_in_view() -> None:
    tree = TutorialQuadtree((0.0, 0.0, W, H))
    view = pygame.FRect(LEAF_W * 3 + 1, LEAF_H * 5 + 1, LEAF_W * 2, LEAF_H)  # over 2 x 2
    shown = {tuple(rect) for rect, _ in tree.cells(view)}
    assert shown == {(i * LEAF_W, j * LEAF_H, LEAF_W, LEAF_H) for i in (3, 4, 5) for j in (5, 6)}


def test_an_item_inside_a_leaf_is_filed_there_whichever_quadrant_at_every_level() -> None:
    tree = TutorialQuadtree((0.0, 0.0, W, H))
    for x, y, _, _ in leaf_corners():
        tree.add(Thing(x + 10, y + 5, 20, 10))  # well inside every midline it meets
    cells = counts(tree)
    assert set(cells.values()) == {1}, {r: n for r, n in cells.items() if n != 1}


@pytest.mark.parametrize(
    ("x", "y", "w", "h"),
    [
        (W / 2 - 10, 5, 10, 10),  # its right edge on the root's vertical midline
        (W / 2, 5, 10, 10),  # its left edge on it
        (5, H / 2 - 10, 10, 10),  # its bottom on the horizontal midline
        (5, H / 2, 10, 10),  # its top on it
        (LEAF_W - 10, 5, 10, 10),  # on a leaf's own border, deep down
        (W / 2 - 5, 5, 10, 10),  # across the midline
    ],
)
def test_an_item_touching_or_crossing_a_midline_stays_in_the_parent(x, y, w, h) -> None:
    """The tutorial's getIndex compares strictly: a box on a midline fits neither side,
    so it stays in the node above (no leaf counts it; every query under it checks it)."""
    tree = TutorialQuadtree((0.0, 0.0, W, H))
    tree.add(Thing(x, y, w, h))
    assert sum(counts(tree).values()) == 0


def test_a_query_checks_the_items_on_its_way_down_every_side_of_a_midline_it_crosses() -> None:
    tree = TutorialQuadtree((0.0, 0.0, W, H))
    for x, y, _, _ in leaf_corners():
        tree.add(Thing(x + 10, y + 5, 20, 10))
    tree.add(Thing(W / 2 - 5, H / 2 - 5, 10, 10))  # on the root's cross: the root keeps it
    for i, j in itertools.product(range(16), repeat=2):  # a query inside each leaf
        before = tree.checks
        tree.query(pygame.FRect(i * LEAF_W + 50, j * LEAF_H + 20, 10, 10))
        assert tree.checks - before == 2, (i, j)  # the root's straddler and the leaf's own
    before = tree.checks
    tree.query(pygame.FRect(W / 2 - 1, H / 2 - 1, 2, 2))  # on the root's cross
    assert tree.checks - before == 5  # the root's own, then down each of its four children
    before = tree.checks
    tree.query(pygame.FRect(LEAF_W - 1, 1, 2, 2))  # on two leaves' border, deep down
    assert tree.checks - before == 5  # the root's, and the four leaves of the node it splits


# -- the uniform grid --------------------------------------------------------------------


def test_the_grid_covers_the_bounds_in_whole_cells_rounded_up() -> None:
    grid = UniformGrid((0.0, 0.0, 1000.0, 300.0))  # 15.6 x 4.7 cells: 16 x 5
    assert grid.checks == 0
    cells = counts(grid)
    assert set(cells) == {
        (c * 64.0, r * 64.0, 64.0, 64.0) for c, r in itertools.product(range(16), range(5))
    }
    exact = UniformGrid((0.0, 0.0, 640.0, 128.0))  # an exact fit: 10 x 2
    assert len(counts(exact)) == 20
    tiny = UniformGrid((0.0, 0.0, 10.0, 10.0), cell=32.0)
    assert list(tiny.cells()) == [(pygame.FRect(0, 0, 32, 32), 0)]


def test_the_grid_files_an_item_in_every_cell_it_touches_clamped_to_its_edges() -> None:
    grid = UniformGrid((0.0, 0.0, 1000.0, 300.0))
    grid.add(Thing(60, 60, 10, 10))  # over a corner: four cells
    grid.add(Thing(1200, 10, 10, 10))  # past the right edge: the last column's cell
    grid.add(Thing(10, 500, 10, 10))  # below the bottom: the last row's cell
    grid.add(Thing(-50, -50, 10, 10))  # before the top-left: the first cell
    cells = {rect: n for rect, n in counts(grid).items() if n}
    assert cells == {
        (0.0, 0.0, 64.0, 64.0): 2,
        (64.0, 0.0, 64.0, 64.0): 1,
        (0.0, 64.0, 64.0, 64.0): 1,
        (64.0, 64.0, 64.0, 64.0): 1,
        (960.0, 0.0, 64.0, 64.0): 1,
        (0.0, 256.0, 64.0, 64.0): 1,
    }
    # The overlay asks only for the cells in view.
    view = list(grid.cells(pygame.FRect(70, 70, 100, 30)))
    assert [tuple(r) for r, _ in view] == [(64.0, 64.0, 64.0, 64.0), (128.0, 64.0, 64.0, 64.0)]


def test_a_grid_query_checks_each_item_in_its_cells_once() -> None:
    grid = UniformGrid((0.0, 0.0, 1000.0, 300.0))
    grid.add_many([Thing(60, 60, 10, 10), Thing(300, 10, 10, 10), Thing(1200, 10, 10, 10)])
    grid.query(pygame.FRect(0, 0, 128, 128))  # the four cells the first item touches
    assert grid.checks == 1
    grid.query(pygame.FRect(900, 0, 500, 10))  # reaching past the edge: the last column
    assert grid.checks == 2


def test_a_grid_over_bounds_away_from_the_origin_starts_its_cells_there() -> None:
    grid = UniformGrid((-100.0, 50.0, 200.0, 300.0), cell=50.0)  # 4 x 6 cells
    grid.add(Thing(-45, 110, 10, 10))  # the second column, second row
    cells = counts(grid)
    assert len(cells) == 24 and min(cells) == (-100.0, 50.0, 50.0, 50.0)
    assert {rect: n for rect, n in cells.items() if n} == {(-100.0 + 50, 100.0, 50.0, 50.0): 1}
    assert grid.query(pygame.FRect(-40, 115, 2, 2)) and grid.checks == 1


def test_a_query_inside_one_grid_cell_checks_only_that_cells_items() -> None:
    grid = UniformGrid((0.0, 0.0, 1000.0, 300.0))
    grid.add_many([Thing(c * 64 + 20, r * 64 + 20, 10, 10) for c in range(16) for r in range(5)])
    for c, r in itertools.product(range(16), range(5)):
        before = grid.checks
        grid.query(pygame.FRect(c * 64 + 30, r * 64 + 30, 4, 4))
        assert grid.checks - before == 1, (c, r)
    before = grid.checks
    grid.query(pygame.FRect(60, 60, 8, 8))  # on four cells' corner
    assert grid.checks - before == 4


# -- the bullet rows ---------------------------------------------------------------------


def test_bullet_rows_start_empty_and_draw_a_bullet_in_the_row_of_its_centre() -> None:
    rows = BulletRows((0.0, 0.0, 320.0, 100.0))  # rows of 32 px: four, the last cut short
    assert len(rows) == 0 and len(rows.boxes) == 0 and rows.checks == 0
    assert list(rows.cells()) == []  # an empty class draws nothing
    boxes = [(40, 20, 4, 4), (40, 70, 4, 40), (200, 300, 4, 4), (-90, -90, 4, 4)]
    rows.add_many(np.arange(4), np.array(boxes, dtype=np.float32))
    cells = {tuple(rect): n for rect, n in rows.cells()}
    assert cells == {
        (32.0, 0.0, 32.0, 32.0): 1,  # centre (42, 22)
        (32.0, 64.0, 32.0, 32.0): 1,  # a tall one: centre (42, 90), not its top's row
        (192.0, 96.0, 32.0, 32.0): 1,  # below the bounds: the last row
        (-96.0, 0.0, 32.0, 32.0): 1,  # above them: the first
    }
    low = BulletRows((0.0, 0.0, 320.0, 20.0))  # less than a row high: one row
    low.add_many(np.arange(1), np.array([(40, 90, 4, 4)], dtype=np.float32))
    assert [tuple(r) for r, _ in low.cells()] == [(32.0, 0.0, 32.0, 32.0)]


@pytest.mark.parametrize(
    ("query", "hits"),
    [
        ((90, 110, 10.01, 2), [0]),
        ((101.99, 110, 10, 2), [0]),
        ((100, 60, 2, 40.01), [0]),
        ((100, 139.99, 2, 10), [0]),
        ((102, 110, 10, 2), []),  # touching its right side
        ((103, 110, 5, 2), []),  # beside it, within its height
        ((100, 140, 2, 10), []),  # touching its bottom
        ((100, 90, 2, 10), []),  # touching its top
    ],
    ids=["left", "right", "top", "bottom", "touching", "beside", "below", "above"],
)
def test_a_tall_thin_bullet_is_found_by_a_query_overlapping_it_by_a_sliver(query, hits) -> None:
    """A box 2 px wide and 40 tall (100..102 x 100..140) among small ones: its centre,
    not its corner, files it, so a query overlapping any side by 0.01 px finds it; one
    touching it or beside it does not (pygame's overlap rule)."""
    rows = BulletRows((0.0, 0.0, 320.0, 320.0))
    boxes = [(100, 100, 2, 40)] + [(10 + 20 * k, 10, 2, 2) for k in range(10)]
    rows.add_many(np.arange(len(boxes)), np.array(boxes, dtype=np.float32))
    assert rows.query(pygame.FRect(query)).tolist() == hits


def test_slivers_overlap_and_zero_sizes_do_not_in_bullet_rows() -> None:
    rows = BulletRows((0.0, 0.0, 320.0, 320.0))
    boxes = [(10, 10, 0.5, 0.5), (20, 10, 0, 4), (30, 10, 4, 0), (40, 10, 4, 4)]
    rows.add_many(np.arange(4), np.array(boxes, dtype=np.float32))
    assert rows.query(pygame.FRect(0, 0, 100, 100)).tolist() == [0, 3]  # not the flat two
    assert rows.query(pygame.FRect(10.2, 10.2, 0.1, 0.1)).tolist() == [0]
    assert rows.query(pygame.FRect(41, 11, 0.5, 0.5)).tolist() == [3]
    assert rows.query(pygame.FRect(41, 11, 0, 2)).tolist() == []  # a query of no width
    assert rows.query(pygame.FRect(41, 11, 2, 0)).tolist() == []  # nor of no height


@pytest.mark.parametrize(
    ("box", "query"),
    [
        ((100, 200, 40, 2), (139.95, 200, 5, 1)),  # a wide flat bullet, at its far end
        ((100, 107.96875, 2, 40), (100, 147.95, 2, 5)),  # a tall one whose middle is
    ],  # just above a row's edge (128), at its foot
    ids=["wide", "tall"],
)
def test_a_bullet_is_found_by_a_sliver_at_its_far_end(box, query) -> None:
    rows = BulletRows((0.0, 0.0, 320.0, 320.0))
    rows.add_many(np.arange(2), np.array([box, (10, 10, 2, 2)], dtype=np.float32))
    assert rows.query(pygame.FRect(query)).tolist() == [0]


def test_bullet_rows_check_only_the_bullets_of_the_rows_and_reach_a_query_spans() -> None:
    """A query checks the bullets filed in its rows whose centres lie within half the
    widest bullet (and 1/16 px) of it: the count F3 shows."""
    rows = BulletRows((0.0, 0.0, 320.0, 320.0))
    # A row of 4 px bullets 4.5 px apart (centres 12, 16.5, 21, ...), one row lower too.
    xs = [10 + 4.5 * k for k in range(20)]
    rows.add_many(np.arange(40), np.concatenate([boxes_at(xs, 10), boxes_at(xs, 42)]))
    assert rows.query(pygame.FRect(22.8, 11, 0.1, 1)).tolist() == [2]
    assert rows.checks == 1  # centre 21 only: 25.5 lies 0.64 px past its reach
    assert rows.query(pygame.FRect(22.8, 43, 0.1, 1)).tolist() == [22]
    assert rows.checks == 2
    rows.query(pygame.FRect(20, 30, 1, 4))  # between two rows of bullets, touching none
    assert rows.checks == 2 + 2  # the one within reach in each row it spans
    rows.query(pygame.FRect(-50, 11, 20, 1))
    assert rows.checks == 4  # nothing within reach: nothing checked
    rows.query(pygame.FRect(22.8, 28, 0.1, 1))  # in the first row, 3 px above the next
    assert rows.checks == 5  # the next row lies beyond the reach of its bullets


def test_bullet_rows_over_bounds_away_from_the_origin() -> None:
    rows = BulletRows((-100.0, 50.0, 320.0, 100.0))  # rows 50-82, 82-114, 114-146, 146-
    rows.add_many(np.arange(3), boxes_at([-98, -20, 100], 60))
    rows.add_many(np.array([7]), np.array([(0, 140, 4, 4)], dtype=np.float32))
    assert rows.query(pygame.FRect(-97, 61, 1, 1)).tolist() == [0]
    assert rows.query(pygame.FRect(1, 143, 1, 1)).tolist() == [7]  # the last row
    cells = {tuple(r): n for r, n in rows.cells()}
    assert cells == {
        (-100.0, 50.0, 32.0, 32.0): 1,
        (-36.0, 50.0, 32.0, 32.0): 1,
        (92.0, 50.0, 32.0, 32.0): 1,
        (-4.0, 114.0, 32.0, 32.0): 1,
    }
    # The overlay asks only for the cells in view.
    view = [tuple(r) for r, _ in rows.cells(pygame.FRect(-40, 40, 60, 20))]
    assert view == [(-36.0, 50.0, 32.0, 32.0)]


def boxes_at(xs: list[float], y: float = 10.0) -> np.ndarray:
    return np.array([(x, y, 4, 4) for x in xs], dtype=np.float32)


def found(rows: BulletRows) -> list[int]:
    return sorted(rows.query(pygame.FRect(-1000, -1000, 5000, 5000)).tolist())


def test_bullet_rows_file_in_several_batches_and_take_out_any_of_them() -> None:
    rows = BulletRows((0.0, 0.0, 320.0, 320.0))
    rows.add_many(np.array([5, 2, 9]), boxes_at([10, 20, 30]))  # not ascending: fine
    rows.add_many(np.array([11, 12]), boxes_at([40, 50]))  # into a class holding some
    rows.file_all(np.array([20]), boxes_at([60]))  # the bullet system's filing, too
    rows.file_all(np.array([21]), lambda: boxes_at([70]))  # its boxes made when read
    assert len(rows) == 7 and found(rows) == [2, 5, 9, 11, 12, 20, 21]
    assert rows.query(pygame.FRect(71, 11, 1, 1)).tolist() == [21]
    rows.remove_filed(np.array([2, 11]))  # not all it holds: those only
    assert found(rows) == [5, 9, 12, 20, 21]
    rows.remove_many(np.array([21]))
    assert found(rows) == [5, 9, 12, 20] and 21 not in rows and 20 in rows
    rows.remove_many(np.array([5, 9, 12, 20]))  # all of them, in their filing order
    assert len(rows) == 0 and found(rows) == [] and list(rows.cells()) == []
    with pytest.raises(KeyError):
        rows.remove_many(np.array([5]))


def test_the_bullet_systems_own_removal_empties_the_rows_it_filed() -> None:
    rows = BulletRows((0.0, 0.0, 320.0, 320.0))
    rows.file_all(np.array([1, 2, 3]), lambda: boxes_at([10, 20, 30]))
    rows.remove_filed(np.array([3]))  # the last one only
    assert found(rows) == [1, 2]
    with pytest.raises(KeyError):
        rows.remove_many(np.array([1, 4]))  # as many as it holds, but not those
    assert found(rows) == [1, 2]
    with pytest.raises(KeyError):
        rows.remove_filed(np.array([1, 4]))  # as many, ending in one it does not hold
    rows.remove_filed(np.array([1, 2]))
    assert len(rows) == 0 and found(rows) == []
    rows.remove_filed(np.array([], dtype=np.int64))  # nothing filed, nothing taken
    assert len(rows) == 0


@pytest.mark.parametrize("ids", [[3, 3], [1, 2, 2], [4, 1, 4]])
def test_bullet_rows_refuse_a_bullet_listed_twice_in_one_filing(ids) -> None:
    rows = BulletRows((0.0, 0.0, 320.0, 320.0))
    with pytest.raises(ValueError, match="twice"):
        rows.add_many(np.array(ids), boxes_at([10.0] * len(ids)))
    assert len(rows) == 0
