"""Pinned cases for the stage broad phase that the mutation run (`make mutants`) found
unchecked: trees whose bounds do not start at (0, 0), items that grow in size as they
are added (each must widen the reach queries look with), hairline and zero-size items,
long flat platforms and tall pillars, depth limits, the cost the debug overlay shows
(`checks`) and the cells it draws.

Every query is compared with brute force; the cost tests bound `checks` as the design
promises."""

from __future__ import annotations

import itertools

import numpy as np
import pygame
import pytest

from gunner.quadtree import LEARN_AFTER, Quadtree


class Thing:
    def __init__(self, x: float, y: float, w: float, h: float) -> None:
        self.hitbox = pygame.FRect(x, y, w, h)

    def __repr__(self) -> str:
        return f"Thing{tuple(self.hitbox)}"


def brute(items: list[Thing], rect: pygame.FRect, ignore: object = None) -> set[int]:
    return {id(t) for t in items if t is not ignore and rect.colliderect(t.hitbox)}


def probes(t: Thing) -> list[pygame.FRect]:
    """Queries that touch ``t`` only at its very edges and corners, and just miss it."""
    x, y, w, h = t.hitbox
    out = [pygame.FRect(x, y, w, h)]
    # Overlapping by a hair (0.03 px, under the 1/16 px pad the reach carries) or more.
    for px, py in itertools.product(
        (x - 0.97, x - 0.9, x + w * 0.5, x + w - 0.1, x + w - 0.03),
        (y - 0.97, y - 0.9, y + h * 0.5, y + h - 0.1, y + h - 0.03),
    ):
        out.append(pygame.FRect(px, py, 1, 1))
    # Just beyond each side: must not find t.
    out += [pygame.FRect(x + w, y, 3, h or 1), pygame.FRect(x - 3, y, 3, h or 1)]
    out += [pygame.FRect(x, y + h, w or 1, 3), pygame.FRect(x, y - 3, w or 1, 3)]
    return out


def agree(tree: Quadtree, live: list[Thing], probed: list[Thing] | None = None) -> None:
    """Every probe of the ``probed`` items (default: all) finds what brute force does."""
    assert len(tree) == len(live)
    for t in live if probed is None else probed:
        assert t in tree
        for rect in probes(t):
            before = tree.checks
            got = tree.query(rect)
            assert len(got) == len(set(map(id, got))), "an item returned twice"
            assert set(map(id, got)) == brute(live, rect), (t, rect)
            assert tree.checks - before >= len(got)
        got = tree.query(t.hitbox, ignore=t)
        assert set(map(id, got)) == brute(live, t.hitbox, ignore=t)


def many_agrees(tree: Quadtree, rects: list[pygame.FRect]) -> None:
    """The batched query (bullets ask it, thousands at a time) finds exactly the pairs
    one query per box would, in the same order, and counts the same checks."""
    rects = rects + [pygame.FRect(r.x, r.y, 0, r.h) for r in rects[:5]]  # zero-size boxes
    before = tree.checks
    one_by_one = [tree.query(r) for r in rects]
    single = tree.checks - before
    boxes = np.array([tuple(r) for r in rects], dtype=np.float32)
    index, items = tree.query_many(boxes)
    assert tree.checks - before == 2 * single
    assert len(index) == len(items) == sum(map(len, one_by_one))
    expected = [(k, id(it)) for k, found in enumerate(one_by_one) for it in found]
    assert [(int(k), id(it)) for k, it in zip(index, items, strict=True)] == expected


# Sizes in the order they are added: each new one wider or taller than any before it,
# so every add must widen the reach of the level it lands in.
GROWING = [
    (0.5, 0.5),
    (1.5, 1.0),
    (3.0, 2.0),
    (6.0, 9.0),
    (11.0, 7.0),
    (20.0, 20.0),
    (24.0, 20.0),  # a little wider only
    (20.0, 26.0),  # a little taller only
    (24.0, 48.0),
    (0.0, 10.0),
    (30.0, 30.0),
    (300.0, 8.0),  # a long flat platform
    (8.0, 200.0),  # a tall pillar
    (100.0, 100.0),
    (700.0, 500.0),  # bigger than the bounds
]

BOUNDS = [(0, 0, 640, 320), (-96, -64, 500, 300), (40, 72, 700, 260)]
SETUPS = [
    {"typical_size": (24, 48)},
    {},
    {"leaf_size": (16, 16)},
    {"leaf_size": (16, 16), "max_depth": 0},
    {"typical_size": (10, 10), "max_depth": 2},
]


def scatter(bounds: tuple, sizes: list[tuple[float, float]]) -> list[Thing]:
    bx, by, bw, bh = bounds
    out = []
    for k, (w, h) in enumerate(sizes):
        for j, (fx, fy) in enumerate(
            [(0.1, 0.2), (0.55, 0.5), (0.9, 0.95), (-0.2, 1.3), (0.3, -0.4)]
        ):
            out.append(Thing(bx + fx * bw + 7 * k + j, by + fy * bh + 5 * k - 3 * j, w, h))
    return out


@pytest.mark.parametrize("bounds", BOUNDS)
@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: ",".join(s) or "learnt")
def test_queries_find_exactly_the_overlaps_as_items_grow(bounds, setup):
    tree = Quadtree(bounds, **setup)
    live: list[Thing] = []
    for size in GROWING:
        batch = scatter(bounds, [size])
        tree.add_many(batch)
        live += batch
        agree(tree, live, batch + live[:2])  # right after the reach had to grow
    many_agrees(tree, [r for t in live[::2] for r in probes(t)])
    # The stage's loop: remove, move, add back; then some leave for good.
    for k, t in enumerate(live):
        tree.remove(t)
        t.hitbox.move_ip(13 * (k % 5) - 30, 11 * (k % 7) - 33)
        tree.add(t)
    agree(tree, live)
    gone = live[::3]
    tree.remove_many(gone)
    live = [t for t in live if t not in gone]
    agree(tree, live)
    # After a clear, reach starts again from nothing and still grows with each add.
    tree.clear()
    assert len(tree) == 0 and tree.query(pygame.FRect(bounds)) == []
    live = []
    for size in GROWING[:8]:
        batch = scatter(bounds, [size])
        tree.add_many(batch)
        live += batch
    agree(tree, live)
    assert sum(n for _, n in tree.cells()) == len(live)


def test_learning_trees_sample_even_the_tiniest_items():
    tree = Quadtree((0, 0, 640, 320))
    live = [Thing(5.0 * i, 100 + i % 3, 0.5, 0.5) for i in range(LEARN_AFTER - 1)]
    tree.add_many(live)
    agree(tree, live)  # still learning: every item was sampled and is found
    big = Thing(300, 200, 24, 48)
    tree.add(big)  # the 64th add: the tree re-files everything at the learnt size
    live.append(big)
    assert tree.leaf_size == (1.0, 1.0)  # the median of the samples, floored at 1 px
    agree(tree, live)


def test_a_given_typical_size_is_kept_not_learnt():
    tree = Quadtree((0, 0, 640, 320), typical_size=(24, 48))
    tree.add_many(Thing(9.0 * i, 100, 8, 8) for i in range(LEARN_AFTER + 1))
    assert tree.leaf_size == (24.0, 48.0)
    tree = Quadtree((0, 0, 640, 320), leaf_size=(16, 32))
    tree.add_many(Thing(9.0 * i, 100, 8, 8) for i in range(LEARN_AFTER + 1))
    assert tree.leaf_size == (16.0, 32.0)


def test_sizes_below_a_pixel_give_one_pixel_cells():
    assert Quadtree((0, 0, 64, 64), typical_size=(0.25, 0.5)).leaf_size == (1.0, 1.0)
    assert Quadtree((0, 0, 64, 64), typical_size=(0.25, 7)).leaf_size == (1.0, 7.0)
    assert Quadtree((0, 0, 64, 64), typical_size=(5, 0.5)).leaf_size == (5.0, 1.0)


def test_checks_count_exactly_the_candidates_tested():
    tree = Quadtree((0, 0, 640, 320), typical_size=(20, 20))
    assert tree.checks == 0
    a, b = Thing(100, 100, 20, 20), Thing(100, 125, 20, 20)
    far = Thing(131, 100, 20, 20)  # beyond reach in x of both queries: never tested
    tree.add_many([a, b, far])
    # a's row and b's (the next one down) are both within reach in y of this query:
    # a is found, b tested and refused.
    assert tree.query(pygame.FRect(105, 105, 5, 5)) == [a]
    assert tree.checks == 2
    # Between the two: both tested, neither overlaps.
    assert tree.query(pygame.FRect(105, 121, 2, 2)) == []
    assert tree.checks == 4


def crowd_cost(bounds: tuple, extra: list[Thing], **setup) -> tuple[int, int]:
    bx, by, bw, bh = bounds
    tree = Quadtree(bounds, **setup)
    small = [
        Thing(bx + x * 17.0, by + y * 37.0, 24, 48)
        for x in range(int(bw // 17))
        for y in range(int(bh // 37))
    ]
    tree.add_many(small)
    tree.add_many(extra)
    tree.checks = 0
    hits = sum(len(tree.query(t.hitbox, ignore=t)) for t in small)
    return tree.checks, hits


@pytest.mark.parametrize(
    "bounds", [(0, 0, 1600, 640), (-320, -200, 1600, 640), (64, 96, 1600, 640)]
)
def test_crowd_queries_test_few_more_candidates_than_they_find(bounds):
    """The debug overlay's check count stays near the true overlaps (the design's
    ~1.5x), wherever the map's bounds start, whether the size was given or learnt."""
    for setup in ({"typical_size": (24, 48)}, {}):
        checks, hits = crowd_cost(bounds, [], **setup)
        # Measured 1.46x; a row further in reach, or clamping, costs far more.
        assert hits > 10_000 and checks <= 1.6 * hits, (setup, checks, hits)


def test_long_platforms_and_tall_pillars_leave_the_crowd_cheap():
    bounds = (0, 0, 1600, 640)
    base, _ = crowd_cost(bounds, [], typical_size=(24, 48))
    flat = [Thing(100 + 400 * k, 320, 380, 6) for k in range(3)]
    tall = [Thing(210 + 400 * k, 0, 6, 600) for k in range(3)]
    for extra, limit in ((flat, 1400), (tall, 250)):
        checks, hits = crowd_cost(bounds, extra, typical_size=(24, 48))
        # Filed with the crowd, each would widen the crowd's reach for every query;
        # on their own level each costs only the queries that come near it (measured:
        # 1,224 more checks for the platforms, 102 for the pillars).
        assert checks - base <= limit, (checks, base)


def cell_sizes(tree: Quadtree) -> set[tuple[float, float]]:
    return {(r.w, r.h) for r, _ in tree.cells()}


def test_the_overlay_draws_only_levels_in_use():
    tree = Quadtree((0, 0, 640, 320), typical_size=(20, 40))
    assert list(tree.cells()) == []
    tree.add(Thing(100, 100, 10, 10))
    assert cell_sizes(tree) == {(20.0, 40.0)}
    tree.add(Thing(300, 100, 70, 70))  # 4x the leaf: two levels up
    assert cell_sizes(tree) == {(20.0, 40.0), (80.0, 160.0)}
    tree.add(Thing(300, 100, 40, 20))  # wider than a leaf, not taller: one level up
    tree.add(Thing(300, 100, 10, 60))  # taller, not wider: one level up
    assert cell_sizes(tree) == {(20.0, 40.0), (40.0, 80.0), (80.0, 160.0)}
    tree.add(Thing(0, 0, 2000, 2000))  # too big for any level: the coarsest one
    assert max(cell_sizes(tree)) == (160.0, 320.0)  # rows as tall as the bounds
    tree.clear()
    assert list(tree.cells()) == []


def test_max_depth_and_bounds_cap_the_coarsest_level():
    tree = Quadtree((0, 0, 640, 320), leaf_size=(40, 40))
    tree.add(Thing(0, 0, 900, 900))
    assert cell_sizes(tree) == {(320.0, 320.0)}  # 40 * 2**3 = the bounds' height
    assert len(list(tree.cells())) == 2  # one row of two cells covers the bounds
    tree = Quadtree((0, 0, 640, 321), leaf_size=(40, 40))
    tree.add(Thing(0, 0, 900, 900))
    assert cell_sizes(tree) == {(640.0, 640.0)}
    for depth in (0, 1, 2):
        tree = Quadtree((0, 0, 640, 320), leaf_size=(16, 16), max_depth=depth)
        tree.add(Thing(0, 0, 300, 300))
        assert cell_sizes(tree) == {(16.0 * 2**depth, 16.0 * 2**depth)}


@pytest.mark.parametrize("bounds", [(0, 0, 200, 100), (-50, 30, 200, 100)])
def test_each_cell_counts_the_centres_inside_it(bounds):
    bx, by, bw, bh = bounds
    tree = Quadtree(bounds, typical_size=(20, 25))
    things = [
        Thing(bx + x * 13.0 - 30, by + y * 11.0 - 20, 6, 6) for x in range(21) for y in range(13)
    ]
    tree.add_many(things)
    cells = list(tree.cells())
    assert len(cells) == 10 * 4  # 200 / 20 columns, 100 / 25 rows
    assert {(r.x, r.y) for r, _ in cells} == {
        (bx + 20.0 * c, by + 25.0 * r) for c in range(10) for r in range(4)
    }

    def clamp(v: float, lo: float, hi: float) -> float:
        return min(max(v, lo), hi)

    for rect, n in cells:
        inside = 0
        for t in things:
            # Centres off the map count in the border cells.
            cx = clamp(t.hitbox.centerx, bx, bx + bw - 0.01)
            cy = clamp(t.hitbox.centery, by, by + bh - 0.01)
            inside += rect.left <= cx < rect.right and rect.top <= cy < rect.bottom
        assert n == inside, rect
    view = pygame.FRect(bx + 45, by + 30, 50, 21)
    assert [c for c in tree.cells(view)] == [c for c in cells if c[0].colliderect(view)]


def test_a_query_clear_of_hairline_items_tests_none_of_them():
    """The overlay's check count for a query in clear space is zero: the reach a level
    looks with is its items' own half-size (plus a 1/16 px pad), not a pixel more."""
    tree = Quadtree((0, 0, 64, 64), typical_size=(1, 1))
    a, b = Thing(10, 10, 1, 1), Thing(13.1, 10, 1, 1)
    tree.add_many([a, b])
    for rect in (
        pygame.FRect(11.3, 10, 1.5, 1),  # between them: 0.8 px from each centre
        pygame.FRect(10.2, 11.8, 0.6, 1),  # 1.3 px below a's centre
        pygame.FRect(10.2, 8.2, 0.6, 1),  # above it
    ):
        assert tree.query(rect) == []
        assert tree.checks == 0, rect
    assert tree.query(pygame.FRect(10.9, 10.9, 2.5, 0.5)) == [a, b]
    assert tree.checks == 2


def test_zero_width_items_are_tested_and_never_found():
    tree = Quadtree((0, 0, 64, 64), typical_size=(8, 8))
    flat = [Thing(10 + 4 * k, 10, 0, 6) for k in range(3)]
    tree.add_many(flat)
    assert tree.query(pygame.FRect(0, 0, 64, 64)) == []
    assert tree.checks == 3 and len(tree) == 3
    assert sum(n for _, n in tree.cells()) == 3


def test_learning_takes_the_median_by_area():
    tree = Quadtree((0, 0, 640, 320))
    # By area the flat ones are the bigger half; by height the tall ones would be.
    flat = [Thing(20.0 * i, 50, 40, 10) for i in range(LEARN_AFTER // 2)]
    tall = [Thing(20.0 * i, 200, 10, 30) for i in range(LEARN_AFTER // 2)]
    tree.add_many(flat + tall)
    assert tree.leaf_size == (40.0, 10.0)
    agree(tree, flat + tall)


def test_an_item_a_little_taller_than_any_before_still_widens_the_reach():
    # Rows are 48 px tall; each item's centre sits a pixel above a row boundary, so a
    # query touching its bottom starts in the next row and finds it only if the level's
    # reach in y has grown to its half-height.
    tree = Quadtree((0, 0, 640, 320), typical_size=(24, 48))
    live = [Thing(100, 47 - 10, 20, 20), Thing(200, 47 - 10, 24, 20)]
    live.append(Thing(300, 95 - 13, 20, 26))
    live.append(Thing(400, 143 - 13, 23, 26))
    tree.add_many(live)
    agree(tree, live)


def test_the_stage_loop_with_shared_and_crossing_centres_keeps_every_query_right():
    """Remove, move, add back (the stage's loop), in one row, with items sharing a
    centre and moves that stay between neighbours, land on one, or cross them all."""
    tree = Quadtree((0, 0, 640, 320), typical_size=(24, 48))
    live = [Thing(100 + 10 * (k // 3), 100, 12, 20) for k in range(12)]  # threes share
    tree.add_many(live)
    moves = [0, 3, -3, 10, -10, 400, -90, 1, 0, 250, -5, 7]
    for rounds in range(3):
        for k, t in enumerate(live):
            tree.remove(t)
            t.hitbox.x += moves[(k + rounds) % len(moves)]
            tree.add(t)
            agree(tree, live, [t])
    agree(tree, live)
    # The first of the row moving past every other one.
    first = min(live, key=lambda t: t.hitbox.centerx)
    tree.remove(first)
    first.hitbox.x = 600
    tree.add(first)
    agree(tree, live)
    tree.remove_many(live)
    assert len(tree) == 0 and tree.query(pygame.FRect(0, 0, 640, 320)) == []


def test_an_item_goes_to_the_first_level_twice_as_big_as_it_needs():
    tree = Quadtree((0, 0, 640, 320), typical_size=(20, 40))
    tree.add(Thing(300, 100, 90, 10))  # 20 -> 40 -> 80 -> 160 px wide cells
    assert cell_sizes(tree) == {(160.0, 320.0)}
    tree = Quadtree((0, 0, 640, 320), typical_size=(20, 40))
    tree.add(Thing(300, 100, 10, 170))  # 40 -> 80 -> 160 -> 320 px tall rows
    assert cell_sizes(tree) == {(160.0, 320.0)}


@pytest.mark.parametrize(
    ("xs", "mover", "to"),
    [
        ([100, 140], 0, 200),  # the first of two passes the last one
        ([100, 140], 1, 40),  # the last of two passes the first one
        ([100, 110, 120], 2, 80),  # the last of three passes both others at once
        ([100, 110, 120], 0, 150),  # the first of three passes both others
        ([100, 110, 120], 2, 105),  # past one neighbour: a swap
    ],
)
def test_an_item_moving_past_its_neighbours_in_a_row_is_found_where_it_went(xs, mover, to):
    tree = Quadtree((0, 0, 640, 320), typical_size=(24, 48))
    live = [Thing(x, 100, 12, 20) for x in xs]
    tree.add_many(live)
    t = live[mover]
    tree.remove(t)
    t.hitbox.x = to
    tree.add(t)
    agree(tree, live)
    found = tree.query(pygame.FRect(0, 0, 640, 320))
    assert [f.hitbox.centerx for f in found] == sorted(f.hitbox.centerx for f in found)
