"""Property tests for the stage broad phase (`gunner.quadtree`) and a bench smoke run.

Hitboxes may be zero-sized (pygame says a zero-size rect overlaps nothing, so such
items are stored, counted and never returned) and may lie partly or wholly outside the
tree's bounds (they are clamped into the border cells and must still be found).
"""

from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from bench import broadphase as bench  # noqa: E402
from gunner import quadtree  # noqa: E402
from gunner.quadtree import LEARN_AFTER, LazyTree, Quadtree  # noqa: E402

BOUNDS = (0, 0, 640, 320)


class Thing:
    """A minimal item; __eq__ says every Thing is equal, so identity must be what counts."""

    def __init__(self, x: float, y: float, w: float, h: float) -> None:
        self.hitbox = pygame.FRect(x, y, w, h)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Thing)

    __hash__ = object.__hash__


coord_x = st.floats(-200, 840, allow_nan=False)
coord_y = st.floats(-200, 520, allow_nan=False)
size = st.one_of(st.just(0.0), st.floats(0.5, 60), st.floats(60, 400))
boxes = st.tuples(coord_x, coord_y, size, size)

# ("add", box) | ("move", index, box) | ("remove", index)
ops = st.lists(
    st.one_of(
        st.tuples(st.just("add"), boxes),
        st.tuples(st.just("move"), st.integers(0, 10_000), boxes),
        st.tuples(st.just("remove"), st.integers(0, 10_000)),
    ),
    max_size=60,
)


def brute(items: list[Thing], rect: pygame.FRect, ignore: object = None) -> set[int]:
    return {id(t) for t in items if t is not ignore and rect.colliderect(t.hitbox)}


def check(tree: Quadtree, live: list[Thing], rect: pygame.FRect) -> None:
    before = tree.checks
    got = tree.query(rect)
    assert len(got) == len({id(t) for t in got}), "duplicates"
    assert {id(t) for t in got} == brute(live, rect)
    assert tree.checks - before >= len(got)  # every hit was a checked candidate


@settings(max_examples=120, deadline=None)
@given(ops=ops, queries=st.lists(boxes, min_size=1, max_size=6), hint=st.booleans())
def test_matches_brute_force(ops: list, queries: list, hint: bool) -> None:
    tree = Quadtree(BOUNDS, typical_size=(24, 48) if hint else None)
    live: list[Thing] = []
    for op in ops:
        if op[0] == "add":
            t = Thing(*op[1])
            tree.add(t)
            live.append(t)
        elif live and op[0] == "move":
            t = live[op[1] % len(live)]
            tree.remove(t)  # remove, move, add: the stage's loop
            t.hitbox.update(*op[2])
            tree.add(t)
        elif live and op[0] == "remove":
            t = live.pop(op[1] % len(live))
            tree.remove(t)
            assert t not in tree
        assert len(tree) == len(live)
    for t in live:
        assert t in tree
        # Each item's own hitbox finds everything it overlaps, ignoring itself.
        got = tree.query(t.hitbox, ignore=t)
        assert all(g is not t for g in got)
        assert {id(g) for g in got} == brute(live, t.hitbox, ignore=t)
    for q in queries:
        check(tree, live, pygame.FRect(q))
    assert sum(n for _, n in tree.cells()) == len(live)


class Eager(Quadtree):
    """The same tree with every removed item out of its row at once (never lifted)."""

    __slots__ = ()

    def remove(self, item: object) -> None:
        super().remove(item)  # type: ignore[arg-type]
        self._drop_lifted()


@settings(max_examples=150, deadline=None)
@given(ops=ops, probe=boxes, hint=st.booleans())
def test_a_lifted_item_is_out_as_if_removed(ops: list, probe: tuple, hint: bool) -> None:
    """`remove` leaves the item lifted in its row until the next remove; queries made
    while it is out (the stage queries during a tick) find and count exactly what a
    tree that took it out at once finds and counts, whether it then comes back to the
    same place, moves along its row, moves anywhere else, or is gone for good."""
    typical = (24, 48) if hint else None
    lazy, eager = Quadtree(BOUNDS, typical_size=typical), Eager(BOUNDS, typical_size=typical)
    live: list[Thing] = []

    def same(rect: pygame.FRect, ignore: object = None) -> None:
        before = (lazy.checks, eager.checks)
        got, want = lazy.query(rect, ignore), eager.query(rect, ignore)
        assert sorted(map(id, got)) == sorted(map(id, want)) == sorted(brute(live, rect, ignore))
        assert lazy.checks - before[0] == eager.checks - before[1]

    for op in ops:
        if op[0] == "add":
            t = Thing(*op[1])
            lazy.add(t)
            eager.add(t)
            live.append(t)
            continue
        if not live:
            continue
        t = live.pop(op[1] % len(live))
        lazy.remove(t)
        eager.remove(t)
        assert t not in lazy and len(lazy) == len(live)
        same(t.hitbox)
        same(pygame.FRect(probe), ignore=t)
        if op[0] == "remove" and op[1] % 2:
            continue  # gone for good
        if op[0] == "move":
            x, y, w, h = op[2]
            # Half the moves stay close (along its row, as walkers do), half jump.
            if op[1] % 2:
                x, y, w, h = t.hitbox.x + x % 41 - 20, t.hitbox.y, t.hitbox.w, t.hitbox.h
            t.hitbox.update(x, y, w, h)
        lazy.add(t)
        eager.add(t)
        live.append(t)
    same(pygame.FRect(probe))
    for t in live:
        same(t.hitbox, ignore=t)
    assert sum(n for _, n in lazy.cells()) == len(live) == len(lazy)


def test_a_crowd_walking_through_itself_along_one_row() -> None:
    """Walkers in one row pass each other all the time: each step, each is removed,
    queried for, moved a little and added back, as the stage does. Results and counts
    stay those of a tree that never lifts, so the row stays in order."""
    import random

    rng = random.Random(5)
    lazy, eager = Quadtree(BOUNDS, typical_size=(24, 48)), Eager(BOUNDS, typical_size=(24, 48))
    pairs = [(Thing(100 + 9 * k, 100, 10, 30), Thing(100 + 9 * k, 100, 10, 30)) for k in range(40)]
    for a, b in pairs:
        lazy.add(a)
        eager.add(b)
    for _ in range(60):
        for a, b in pairs:
            lazy.remove(a)
            eager.remove(b)
            dx = rng.choice((0.0, 0.0, rng.uniform(-14, 14)))
            for t in (a, b):
                t.hitbox.x += dx
            before = (lazy.checks, eager.checks)
            got, want = lazy.query(a.hitbox, a), eager.query(b.hitbox, b)
            assert [t.hitbox.x for t in got] == [t.hitbox.x for t in want]
            assert lazy.checks - before[0] == eager.checks - before[1]
            lazy.add(a)
            eager.add(b)


@settings(max_examples=40, deadline=None)
@given(items=st.lists(boxes, min_size=1, max_size=40), q=boxes)
def test_remove_after_moving_far(items: list, q: tuple) -> None:
    """`remove` finds an item that moved anywhere (even off the map) since `add`."""
    tree = Quadtree(BOUNDS, typical_size=(24, 48))
    things = [Thing(*b) for b in items]
    for t in things:
        tree.add(t)
    for t in things:
        t.hitbox.update(q)  # all pile onto one spot without telling the tree
    for t in things:
        tree.remove(t)
    assert len(tree) == 0
    assert tree.query(pygame.FRect(-1e4, -1e4, 3e4, 3e4)) == []


def test_touching_edges_do_not_overlap() -> None:
    tree = Quadtree(BOUNDS, typical_size=(10, 10))
    a = Thing(100, 100, 10, 10)
    tree.add(a)
    assert tree.query(pygame.FRect(110, 100, 10, 10)) == []
    assert tree.query(pygame.FRect(109.9, 100, 10, 10)) == [a]
    assert tree.query(pygame.Rect(105, 105, 1, 1)) == [a]  # int Rect works too
    assert tree.query((105, 105, 1, 1)) == [a]  # and a plain tuple


def test_errors_and_clear() -> None:
    tree = Quadtree(pygame.Rect(BOUNDS))
    a = Thing(1, 1, 5, 5)
    with pytest.raises(KeyError):
        tree.remove(a)
    tree.add(a)
    with pytest.raises(ValueError):
        tree.add(a)
    a.hitbox.x = 300  # even after moving: already stored is already stored
    with pytest.raises(ValueError):
        tree.add(a)
    assert len(tree) == 1
    tree.clear()
    assert len(tree) == 0 and a not in tree
    assert tree.query(pygame.FRect(BOUNDS)) == []
    tree.add(a)
    assert tree.query(pygame.FRect(BOUNDS)) == [a]


def test_learns_leaf_size_from_items() -> None:
    tree = Quadtree((0, 0, 6400, 1280))
    things = [Thing(i * 50.0, 600, 24, 48) for i in range(LEARN_AFTER + 5)]
    for t in things:
        tree.add(t)
    assert tree.leaf_size == (24.0, 48.0)
    assert len(tree) == len(things)
    assert {id(t) for t in tree.query(pygame.FRect(0, 0, 6400, 1280))} == {id(t) for t in things}


def test_big_items_and_checks_stay_low() -> None:
    """A boss adds candidates only to queries near it, not to everyone's."""

    def checks(with_boss: bool) -> tuple[int, int]:
        tree = Quadtree((0, 0, 6400, 1280), typical_size=(24, 48))
        if with_boss:
            tree.add(Thing(3000, 500, 300, 300))
        small = [Thing(x * 30.0, y * 60.0, 24, 48) for x in range(0, 200, 2) for y in range(20)]
        for t in small:
            tree.add(t)
        tree.checks = 0
        hits = sum(len(tree.query(t.hitbox, ignore=t)) for t in small)
        return tree.checks, hits

    (c0, h0), (c1, h1) = checks(False), checks(True)
    assert h1 > h0
    near_boss = 20 * 12  # queries within ~the boss's width of it
    assert c1 - c0 <= near_boss


def test_cells_view_and_counts() -> None:
    tree = Quadtree(BOUNDS, typical_size=(24, 48))
    things = [Thing(x, y, 20, 20) for x in range(0, 600, 37) for y in range(0, 300, 41)]
    things.append(Thing(-500, -500, 4, 4))  # off the map: counted in a border cell
    for t in things:
        tree.add(t)
    cells = list(tree.cells())
    assert sum(n for _, n in cells) == len(things)
    assert all(isinstance(r, pygame.FRect) and n >= 0 for r, n in cells)
    view = pygame.FRect(100, 100, 50, 50)
    assert all(r.colliderect(view) for r, _ in tree.cells(view))


def test_bench_quick_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--quick", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    rows = data["rows"]
    names = {r["contender"] for r in rows}
    assert {"ours", "brute force", "tutorial (depth 4)"} <= names
    # Whole-stage rows: today's design beside 0.1.0's per-item one, ratio against today's.
    stage_rows = [r for r in rows if r["contender"] in ("ours (today)", "0.1.0 per-item")]
    workloads = {r["workload"] for r in stage_rows}
    assert {w.split(" ")[0] for w in workloads} >= {"stage", "crowd:", "10,000", "shipped"}
    for workload in workloads:
        pair = {r["contender"]: r for r in stage_rows if r["workload"] == workload}
        assert set(pair) == {"ours (today)", "0.1.0 per-item"}, workload
        assert all(r["ms"] > 0 for r in pair.values())
        assert pair["0.1.0 per-item"]["rel"] == pytest.approx(
            pair["0.1.0 per-item"]["ms"] / pair["ours (today)"]["ms"]
        )
    crowd = {r["contender"]: r for r in stage_rows if r["workload"].startswith("crowd")}
    assert crowd["ours (today)"]["checks"] < crowd["0.1.0 per-item"]["checks"]
    pacing_rows = [r for r in rows if r["workload"].startswith("frame pacing")]
    assert len(pacing_rows) == 1 and pacing_rows[0]["ms"] > 0 and "p99" in pacing_rows[0]["note"]
    # The design race: every F4 design on each of its workloads (and each shipped level).
    race = [r for r in rows if r["workload"].startswith("race: ")]
    races = {r["workload"] for r in race}
    assert len(races) >= 3 + 4
    for workload in races:
        assert sorted(r["contender"] for r in race if r["workload"] == workload) == sorted(
            bench.RACE_DESIGNS
        )
    ours = [r for r in race if r["contender"] == "ours"]
    assert all(r["rel"] == 1.0 and "ours / best other" in r["note"] for r in ours)
    whole_game = workloads | races | {pacing_rows[0]["workload"]}
    for workload in {r["workload"] for r in rows} - whole_game:
        overlaps = {r["overlaps"] for r in rows if r["workload"] == workload}
        assert len(overlaps) == 1, overlaps
        assert overlaps.pop() > 0


# -- bulk filing (Quadtree.file_all) and the lazy class ours files the stage in ------------


def rows_of(tree: Quadtree) -> list:
    """Every level's rows as (level, row, [(key, item id)...]), and its reach."""
    out = []
    for i, lv in enumerate(tree._levels):
        if lv is None or lv.rw < 0:
            continue
        out.append((i, lv.rw, lv.rh))
        for r, (keys, items) in enumerate(zip(lv.keys, lv.items, strict=True)):
            if keys:
                out.append((i, r, list(zip(keys, map(id, items), strict=True))))
    return out


@settings(max_examples=80, deadline=None)
@given(items=st.lists(boxes, max_size=50), later=ops, hint=st.booleans())
def test_file_all_files_as_adds_in_order_would(items: list, later: list, hint: bool) -> None:
    """The same levels, rows, keys, order within a row and reach as one `add` per item;
    and the tree then goes on as any other (remove, move, add, query)."""
    typical = (24, 48) if hint else (10, 10)
    things = [Thing(*b) for b in items]
    one_by_one, bulk = (
        Quadtree(BOUNDS, typical_size=typical),
        Quadtree(BOUNDS, typical_size=typical),
    )
    one_by_one.add_many(things)
    bulk.add(Thing(5, 5, 500, 500))  # forgotten by file_all, reach and all
    with pytest.MonkeyPatch.context() as patch:  # in bulk however few (numpy's path)
        patch.setattr(quadtree.batched, "FILE_ONE_BY_ONE", 0)
        bulk.file_all(things)
    assert rows_of(bulk) == rows_of(one_by_one)
    assert len(bulk) == len(things) and all(t in bulk for t in things)
    live = list(things)
    for op in later:
        if op[0] == "add":
            live.append(Thing(*op[1]))
            bulk.add(live[-1])
        elif live and op[0] == "move":
            t = live[op[1] % len(live)]
            bulk.remove(t)
            t.hitbox.update(*op[2])
            bulk.add(t)
        elif live:
            bulk.remove(live.pop(op[1] % len(live)))
    for t in live:
        assert {id(g) for g in bulk.query(t.hitbox, ignore=t)} == brute(live, t.hitbox, t)


def test_file_all_refuses_an_item_listed_twice_and_learns_one_by_one() -> None:
    tree = Quadtree(BOUNDS, typical_size=(24, 48))
    a = Thing(1, 1, 5, 5)
    with pytest.raises(ValueError, match="twice"):
        tree.file_all([a, a])
    learning = Quadtree(BOUNDS)  # no size given: it learns from its first adds
    things = [Thing(10 * k, 10, 8, 8) for k in range(5)]
    learning.file_all(things)
    assert {id(t) for t in learning.query(pygame.FRect(BOUNDS))} == set(map(id, things))


def check_lazy(tree: LazyTree, live: list[Thing], rect: pygame.FRect, ignore: object) -> None:
    before = tree.checks
    got = tree.query(rect, ignore)
    assert len(got) == len({id(t) for t in got}), "duplicates"
    assert {id(t) for t in got} == brute(live, rect, ignore)
    assert tree.checks - before >= len(got)


@pytest.mark.parametrize(("small", "scans"), [(0, 0), (0, 2), (3, 1), (1000, 4)])
# The patch is the same for every example of one parametrization.
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(ops=ops, probes=st.lists(boxes, min_size=1, max_size=5), data=st.data())
def test_lazy_tree_matches_brute_force_on_every_path(
    monkeypatch: pytest.MonkeyPatch, small: int, scans: int, ops: list, probes: list, data
) -> None:
    """Ours as the stage files it: whether a class is scanned (small, or asked too little
    to index), answered by its tree, or by its tree plus what was filed since the last
    rebuild, every query and batched query finds exactly the overlaps, and `len`, `in`
    and iteration follow removes and adds at once."""
    monkeypatch.setattr(quadtree.lazy, "SMALL", small)
    monkeypatch.setattr(quadtree.lazy, "SCANS", scans)
    tree = LazyTree(BOUNDS, typical_size=(24, 48))
    live: list[Thing] = []
    for op in ops:
        if op[0] == "add":
            live.append(Thing(*op[1]))
            tree.add(live[-1])
        elif live and op[0] == "move":
            t = live[op[1] % len(live)]
            tree.remove(t)  # the stage's loop: out, asked about, moved, filed again
            check_lazy(tree, [o for o in live if o is not t], pygame.FRect(probes[0]), None)
            t.hitbox.update(*op[2])
            tree.add(t)
        elif live:
            t = live.pop(op[1] % len(live))
            tree.remove(t)
            assert t not in tree
        assert len(tree) == len(live) and sorted(map(id, tree)) == sorted(map(id, live))
        if data.draw(st.booleans()):  # asked at any moment
            check_lazy(tree, live, pygame.FRect(data.draw(st.sampled_from(probes))), None)
    for t in live:
        check_lazy(tree, live, t.hitbox, t)
    queries = np.array(probes, dtype=np.float32)
    index, found = tree.query_many(queries)
    got = sorted(zip(index.tolist(), map(id, found), strict=True))
    want = sorted((k, i) for k, q in enumerate(probes) for i in brute(live, pygame.FRect(q)))
    assert got == want
    assert sum(n for _, n in tree.cells()) == len(live)


# One step of a sliding crowd: (slide bound, [(index, fraction of the bound)...] slid
# while filed, [(index, box)...] that leave, move anywhere and are filed again).
slide_steps = st.lists(
    st.tuples(
        st.sampled_from([0.0, 0.5, 3.0, 17.0]),
        st.lists(st.tuples(st.integers(0, 10_000), st.floats(-1, 1)), max_size=12),
        st.lists(st.tuples(st.integers(0, 10_000), boxes), max_size=3),
    ),
    max_size=12,
)


@pytest.mark.parametrize(("small", "scans", "far"), [(0, 0, 20.0), (0, 2, 64.0), (3, 1, 5.0)])
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(start=st.lists(boxes, min_size=1, max_size=40), steps=slide_steps, data=st.data())
def test_lazy_tree_matches_brute_force_while_a_crowd_slides(
    monkeypatch: pytest.MonkeyPatch, small: int, scans: int, far: float, start, steps, data
) -> None:
    """Ours re-files a walking crowd in bulk (`LazyTree.slide`): its walkers stay filed
    and move along x within the step's bound, while others leave, move anywhere and are
    filed again; asked at any moment (mid-step too), and in a batch, it finds exactly
    the overlaps, rebuilt or not (``far``: the slack that makes it rebuild)."""
    monkeypatch.setattr(quadtree.lazy, "SMALL", small)
    monkeypatch.setattr(quadtree.lazy, "SCANS", scans)
    monkeypatch.setattr(quadtree.lazy, "SLIDE", far)
    tree = LazyTree(BOUNDS, typical_size=(24, 48))
    live = [Thing(*b) for b in start]
    tree.add_many(live)
    probes = [t.hitbox.copy() for t in live[:4]] + [pygame.FRect(-300, -300, 1500, 900)]
    for bound, slid, moved in steps:
        tree.slide(bound)
        for k, fraction in slid:
            live[k % len(live)].hitbox.x += bound * fraction
            if data.draw(st.booleans()):
                check_lazy(tree, live, data.draw(st.sampled_from(probes)), None)
        for k, box in moved:
            t = live[k % len(live)]
            tree.remove(t)
            t.hitbox.update(*box)
            tree.add(t)
        for t in live[:3]:
            check_lazy(tree, live, t.hitbox, t)
    queries = np.array([tuple(p) for p in probes], dtype=np.float32)
    index, found = tree.query_many(queries)
    got = sorted(zip(index.tolist(), map(id, found), strict=True))
    want = sorted((k, i) for k, q in enumerate(probes) for i in brute(live, pygame.FRect(q)))
    assert got == want


def test_a_sliding_crowd_is_answered_by_the_tree_and_rebuilt_once_it_walked_far() -> None:
    """Pinned: a crowd walking 1 px a step, re-filed in bulk, asked `SCANS` times a
    step. After its first questions the tree answers (few checks a question); one walker
    that slid from just out of a probe's reach into it is found, and one that slid out
    is not; past `SLIDE` px of slack the tree is rebuilt."""
    tree = LazyTree((0, 0, 6400, 1280), typical_size=(24, 48))
    crowd = [Thing(x * 30.0, y * 60.0, 24, 48) for x in range(100) for y in range(10)]
    tree.add_many(crowd)
    probe = pygame.FRect(300, 300, 10, 10)  # the walker at x=300 overlaps it
    for _ in range(3):
        tree.slide(1.0)
        for t in crowd:
            t.hitbox.x += 1.0
        for _ in range(quadtree.lazy.SCANS):
            tree.query(probe)
    assert tree._indexed
    tree.checks = 0
    assert [t.hitbox.x for t in tree.query(probe)] == [303.0]
    assert tree.checks < 20
    # 6 px more: the walker from 270 reaches into the probe, the one at 303 stays in it.
    tree.slide(6.0)
    for t in crowd:
        t.hitbox.x += 6.0
    assert sorted(t.hitbox.x for t in tree.query(probe)) == [279.0, 309.0]
    for _ in range(int(quadtree.lazy.SLIDE - tree._slack) + 1):
        tree.slide(1.0)
        for t in crowd:
            t.hitbox.x += 1.0
    assert tree._slack > quadtree.lazy.SLIDE
    tree.query(probe)  # more than SLIDE px of slack: filed afresh first
    assert tree._slack == 1.0  # only this step's slides may still come
    assert {id(t) for t in tree.query(probe)} == brute(crowd, probe)


def test_lazy_tree_pinned_edges(monkeypatch: pytest.MonkeyPatch) -> None:
    """Items on a row's edge, crossing rows, a class growing past `SMALL` and shrinking
    back, a whole crowd re-filed between two questions, and an empty class."""
    monkeypatch.setattr(quadtree.lazy, "SMALL", 4)
    monkeypatch.setattr(quadtree.lazy, "SCANS", 1)
    tree = LazyTree(BOUNDS, typical_size=(24, 48))
    everywhere = pygame.FRect(-1000, -1000, 5000, 5000)
    assert tree.query(everywhere) == [] and len(tree) == 0 and list(tree) == []
    assert tree.query_many(np.zeros((0, 4), np.float32))[1] == []
    assert tree.query_many(np.array([tuple(everywhere)], np.float32))[1] == []
    # Centres exactly on the edge between rows 0 and 1 (row height 48).
    edge = [Thing(30 * k, 24, 20, 48) for k in range(8)]
    tree.add_many(edge)
    for _ in range(3):  # scanned, then indexed (asked more than SCANS times)
        assert len(tree.query(pygame.FRect(0, 71.9, 500, 1))) == 8
        assert tree.query(pygame.FRect(0, 72, 500, 1)) == []  # touching is not overlapping
    assert tree._indexed  # what follows goes through the tree
    # Each crosses into the next row while the tree is indexed: found where it went.
    for t in edge:
        tree.remove(t)
        t.hitbox.y += 30
        tree.add(t)
        assert t in tree.query(pygame.FRect(t.hitbox.x, 100, 1, 1))
    assert tree.query(pygame.FRect(0, 53, 500, 1)) == []  # left where it was
    # Indexed again; then one leaves for good and another is filed again: the one gone
    # is never found, though its tree entry and hitbox stay where they were.
    for _ in range(3):
        assert len(tree.query(pygame.FRect(0, 101.9, 500, 1))) == 8
    assert tree._indexed
    gone_for_good, refiled = edge[0], edge[1]
    tree.remove(gone_for_good)
    tree.remove(refiled)
    tree.add(refiled)
    assert gone_for_good not in tree.query(gone_for_good.hitbox)
    assert tree.query(gone_for_good.hitbox, refiled) == []
    tree.add(gone_for_good)
    assert len(tree.query(pygame.FRect(0, 101.9, 500, 1))) == 8
    # Shrinking below SMALL: scanned again; growing back: the tree is still right.
    gone = edge[:6]
    tree.remove_many(gone)
    assert len(tree) == 2 and tree.query(everywhere) != []
    for t in gone:
        t.hitbox.x += 400
    tree.add_many(gone)
    assert {id(t) for t in tree.query(pygame.FRect(400, 0, 240, 320))} == set(map(id, gone))
    tree.remove_many(edge)
    assert tree.query(everywhere) == [] and len(tree) == 0


def test_lazy_tree_indexes_a_class_asked_often_and_scans_one_asked_seldom() -> None:
    """What F3's check count shows under ours: a crowd asked three times while everyone
    is filed again (a quiet step) is scanned, and so is one asked a dozen times while no
    one moves (a few bullets' turn: a rebuild costs more than a dozen scans); asked on
    and on while no one moves, it is indexed, so each question tests a few candidates."""
    tree = LazyTree((0, 0, 6400, 1280), typical_size=(24, 48))
    crowd = [Thing(x * 30.0, y * 60.0, 24, 48) for x in range(100) for y in range(10)]
    tree.add_many(crowd)
    probe = pygame.FRect(300, 300, 10, 10)
    for _ in range(3):  # quiet steps: everyone filed again, three questions a step
        tree.checks = 0
        for k, t in enumerate(crowd):
            tree.remove(t)
            tree.add(t)
            if k % 400 == 0:
                tree.query(probe)
        assert tree.checks == 3 * len(crowd)
    tree.checks = 0
    for _ in range(12):  # a few bullets' turn: a dozen questions, no one moves
        assert len(tree.query(probe)) == 1
    assert tree.checks == 12 * len(crowd) and not tree._indexed
    for _ in range(2 * quadtree.lazy.SCANS):  # asked on and on while no one moves
        assert len(tree.query(probe)) == 1
    assert tree._indexed
    tree.checks = 0
    assert len(tree.query(probe)) == 1 and tree.checks < 20


@pytest.mark.parametrize("refiled", [10, 30, 100])
def test_a_sliding_class_is_rebuilt_at_a_step_only_once_it_shows_it_stays_filed(refiled):
    """Pinned: a class of 100 slides each step while ``refiled`` of its items leave, move
    and are filed again, and is asked a dozen questions a step. Filed again under a
    quarter (10 of 100), it is rebuilt at the second step's `slide` (one whole step
    showed it stays filed) and its tree answers from then on; filed again a quarter or
    more (30, and everyone: a shipped level's enemies), it is never rebuilt and every
    question scans. Every answer is exact either way."""
    tree = LazyTree((0, 0, 6400, 1280), typical_size=(24, 48))
    crowd = [Thing(x * 60.0, y * 60.0, 24, 48) for x in range(20) for y in range(5)]
    tree.add_many(crowd)
    probe = pygame.FRect(300, 60, 10, 10)
    indexed = []
    for step in range(6):
        tree.slide(1.0)
        indexed.append(tree._indexed)
        for k, t in enumerate(crowd):
            if k % 100 < refiled:  # leaves, moves and is filed again
                tree.remove(t)
                t.hitbox.y += 1.0 if step % 2 else -1.0
                tree.add(t)
            else:  # slides while filed
                t.hitbox.x += 1.0 if step % 2 else -1.0
        for _ in range(12):
            check_lazy(tree, crowd, probe, None)
    if refiled < 25:
        assert indexed == [False, True, True, True, True, True]
    else:
        assert not any(indexed) and not tree._indexed


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_a_copied_lazy_tree_files_into_its_own_dict(how: str) -> None:
    """Snapshots and the bot copy whole stages: a copy's filing (its dict's own methods)
    must never reach the original."""
    import copy
    import pickle

    tree = LazyTree(BOUNDS, typical_size=(24, 48))
    a = Thing(10, 10, 20, 20)
    tree.add(a)
    twin = copy.deepcopy(tree) if how == "deepcopy" else pickle.loads(pickle.dumps(tree))
    (b,) = list(twin)
    twin.remove(b)
    twin.add(Thing(50, 50, 5, 5))
    assert list(tree) == [a] and len(twin) == 1 and b not in twin
    assert tree.query(a.hitbox) == [a]
