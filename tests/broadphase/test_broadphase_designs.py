"""The broad phase: batched tree methods against brute force, every live design, crowds."""

from __future__ import annotations

import numpy as np
import pygame
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from gunner.broadphase import DESIGNS, BulletRows, StageTree
from gunner.config import TILE
from gunner.crowd import add_crowd
from gunner.input import Buttons, RandomInput
from gunner.level import EMPTY, load_level
from gunner.quadtree import Quadtree
from gunner.scenes.play import PlayScene
from gunner.stage import Stage

BOUNDS = (0.0, 0.0, 1600.0, 640.0)
LEVEL3 = "levels/level3.tmx"


class Thing:
    solid = False
    shootable = False
    team = "neutral"

    def __init__(self, serial: int, x: float, y: float, w: float, h: float) -> None:
        self.serial = serial
        self.hitbox = pygame.FRect(x, y, w, h)


coord = st.floats(-100, 1700, allow_nan=False, width=32)
size = st.floats(0, 120, allow_nan=False, width=32)
boxes = st.lists(st.tuples(coord, coord, size, size), min_size=0, max_size=60)


def brute_pairs(things: list[Thing], queries: list[tuple]) -> list[tuple[int, int]]:
    out = []
    for k, q in enumerate(queries):
        rect = pygame.FRect(q)
        out += [(k, t.serial) for t in things if rect.colliderect(t.hitbox)]
    return out


def make(design: str, things: list[Thing]):
    tree = DESIGNS[design](BOUNDS, (24.0, 48.0))
    tree.add_many(things)
    return tree


# The edge cases, pinned: touching edges do not overlap, zero-size boxes overlap
# nothing, items and queries outside the bounds, one item exactly on another.
EDGES = [
    ([(0, 0, 10, 10)], [(10, 0, 10, 10)]),
    ([(5, 5, 0, 10), (5, 5, 10, 0)], [(0, 0, 20, 20)]),
    ([(-100, -100, 50, 50), (1650, 700, 40, 40)], [(-90, -90, 5, 5), (1660, 710, 1, 1)]),
    ([(7, 7, 24, 48), (7, 7, 24, 48)], [(7, 7, 24, 48)]),
    ([(0, 0, 120, 120)], [(119.99, 119.99, 0.01, 0.01)]),
]


@pytest.mark.parametrize("design", list(DESIGNS))
@settings(max_examples=60, deadline=None)
@given(items=boxes, queries=boxes)
@example(items=EDGES[0][0], queries=EDGES[0][1])
@example(items=EDGES[1][0], queries=EDGES[1][1])
@example(items=EDGES[2][0], queries=EDGES[2][1])
@example(items=EDGES[3][0], queries=EDGES[3][1])
@example(items=EDGES[4][0], queries=EDGES[4][1])
def test_query_many_finds_exactly_the_overlapping_pairs(design, items, queries):
    things = [Thing(i, *b) for i, b in enumerate(items)]
    tree = make(design, things)
    index, found = tree.query_many(np.array(queries, dtype=np.float32).reshape(-1, 4))
    got = sorted(zip(index.tolist(), (t.serial for t in found), strict=True))
    assert got == sorted(brute_pairs(things, queries))
    # The same answer, pair by pair, as one query per box.
    for k, q in enumerate(queries):
        single = {t.serial for t in tree.query(pygame.FRect(q))}
        assert single == {s for i, s in got if i == k}


@pytest.mark.parametrize("design", list(DESIGNS))
@settings(max_examples=40, deadline=None)
@given(items=boxes, data=st.data())
def test_remove_many_leaves_exactly_the_rest(design, items, data):
    things = [Thing(i, *b) for i, b in enumerate(items)]
    tree = make(design, things)
    gone = data.draw(st.lists(st.sampled_from(things), unique=True) if things else st.just([]))
    tree.remove_many(gone)
    rest = [t for t in things if t not in gone]
    assert len(tree) == len(rest) and all(t in tree for t in rest)
    assert not any(t in tree for t in gone)
    everywhere = pygame.FRect(-1000, -1000, 5000, 5000)
    assert {t.serial for t in tree.query(everywhere)} == {
        t.serial for t in rest if t.hitbox.w > 0 and t.hitbox.h > 0
    }


def test_quadtree_query_many_keeps_query_order_within_a_box():
    tree = Quadtree(BOUNDS, typical_size=(16, 16))
    things = [Thing(i, 10 + i * 3, 10, 16, 16) for i in range(20)]
    tree.add_many(things)
    rect = pygame.FRect(0, 0, 200, 40)
    index, found = tree.query_many(np.array([tuple(rect)], dtype=np.float32))
    assert found == tree.query(rect) and set(index.tolist()) == {0}


@settings(max_examples=60, deadline=None)
@given(items=boxes, query=st.tuples(coord, coord, size, size), data=st.data())
def test_bullet_rows_add_remove_and_query_in_bulk(items, query, data):
    rows = BulletRows(BOUNDS)
    ids = np.arange(len(items), dtype=np.int64) * 7 + 3
    arr = np.array(items, dtype=np.float32).reshape(-1, 4)
    rows.add_many(ids, arr)
    assert len(rows) == len(items)
    gone = data.draw(
        st.lists(st.sampled_from(ids.tolist()), unique=True) if len(ids) else st.just([])
    )
    rows.remove_many(np.array(gone, dtype=np.int64))
    keep = [(i, b) for i, b in zip(ids.tolist(), items, strict=True) if i not in gone]
    rect = pygame.FRect(query)
    expected = {i for i, b in keep if rect.colliderect(pygame.FRect(b))}
    assert set(rows.query(rect).tolist()) == expected
    with pytest.raises(ValueError):
        if keep:
            rows.add_many(np.array([keep[0][0]]), np.zeros((1, 4), np.float32))
        else:
            raise ValueError("nothing left to add twice")


def test_bullet_rows_follow_pygames_overlap_rule_at_the_edges():
    rows = BulletRows(BOUNDS)
    boxes = [(0, 1, 1, 0), (10, 0, 4, 4), (20, 0, 4, 4), (-50, -50, 4, 4)]
    rows.add_many(np.arange(4), np.array(boxes, dtype=np.float32))
    assert rows.query(pygame.FRect(0, 0, 1, 2)).tolist() == []  # zero height: nothing
    assert rows.query(pygame.FRect(14, 0, 6, 4)).tolist() == []  # touching both: neither
    assert rows.query(pygame.FRect(13.5, 0, 7, 4)).tolist() == [1, 2]
    assert rows.query(pygame.FRect(-60, -60, 12, 12)).tolist() == [3]  # outside the bounds


def test_bullets_are_never_each_others_candidates(tmp_path):
    stage = Stage(load_level(LEVEL3, images=False))
    for k in range(500):
        stage.bullets.spawn(300 + k % 50, 300 + k // 50, 0.0, 0.0, team="enemy")
    before = stage.counters.bullet_entity
    stage.step(Buttons.NONE)
    # 500 bullets in a 50x10 px clump: brute force would test 500 x 499 pairs of them.
    assert len(stage.tree.bullets) == 500
    assert stage.counters.bullet_entity - before < 500
    stage.check_invariants()


def run_hash(design: str, frames: int = 240, crowd: int = 150, switch_at: int | None = None) -> str:
    stage = Stage(load_level(LEVEL3, images=False), seed=3)
    add_crowd(stage, crowd)
    stage.tree.use(design)
    source = RandomInput(5)
    for step in range(frames):
        if switch_at is not None and step == switch_at:
            stage.tree.use("grid")
        stage.step(source.next())
    stage.check_invariants()
    return stage.state_hash()


def test_the_simulation_is_identical_under_every_broad_phase():
    hashes = {design: run_hash(design) for design in DESIGNS}
    assert len(set(hashes.values())) == 1, hashes
    assert run_hash("ours", switch_at=120) == hashes["ours"], "switching mid-run changes nothing"


def test_the_simulation_is_identical_whichever_way_ours_answers(monkeypatch):
    # Ours scans a class or asks its tree (rebuilt in bulk, plus what was filed since)
    # by how big it is and how often it is asked: forcing either road everywhere must
    # not change the play by a bit.
    from gunner import quadtree

    def play(small: int, scans: int, slide: float = quadtree.lazy.SLIDE) -> str:
        monkeypatch.setattr(quadtree.lazy, "SMALL", small)
        monkeypatch.setattr(quadtree.lazy, "SCANS", scans)
        # The walking crowd stays filed until it has slid this far: rebuilt every step
        # or two, or never.
        monkeypatch.setattr(quadtree.lazy, "SLIDE", slide)
        return run_hash("ours", frames=160)

    always_tree, always_scan = play(0, 0), play(10**9, 10**9)
    assert always_tree == always_scan == play(0, 2) == run_hash("brute", frames=160)
    assert play(0, 0, slide=1.0) == play(0, 0, slide=1e9) == always_tree


def crowd_under_fire(design: str, quiet: bool = False) -> tuple[int, int]:
    """Candidate checks (entity-entity, bullet-entity) in 30 steps of a crowd of 375,
    with 100 player bullets kept flying over it (unless ``quiet``)."""
    import random

    from gunner.crowd import floor_spots

    stage = Stage(load_level(LEVEL3, images=False), seed=3)
    add_crowd(stage, 300)
    stage.tree.use(design)
    rng = random.Random(1)
    spots = floor_spots(stage)
    entity = bullet = 0
    for _ in range(30):
        while not quiet and len(stage.bullets) < 100:
            x, y, _ = rng.choice(spots)
            stage.bullets.spawn(x, y - 40, rng.choice((-200.0, 200.0)), 50.0, "player", damage=0)
        stage.step(Buttons.NONE)
        entity += stage.counters.entity_entity
        bullet += stage.counters.bullet_entity
    return entity, bullet


def test_designs_differ_in_the_checks_they_make():
    checks = {design: crowd_under_fire(design)[1] for design in DESIGNS}
    assert checks["ours"] < checks["grid"] < checks["tutorial"] < checks["brute"], checks
    # A quiet crowd is asked two or three times a step while its walkers slide along,
    # re-filed in bulk: ours scans it for its first few questions, then its tree answers.
    # (On the second-pass Fortress, with its scaffold riflemen and ceiling turrets: 8,734
    # checks against brute force's 29,566.)
    quiet_ours = crowd_under_fire("ours", quiet=True)[0]
    assert quiet_ours * 3 < crowd_under_fire("brute", quiet=True)[0]


def test_crowd_stands_on_open_floor_and_counts_toward_defeat_every_enemy():
    stage = Stage(load_level(LEVEL3, images=False), seed=2)
    enemies = sum(e.team == "enemy" for e in stage.entities)
    total = stage.totals["kill_all"]
    assert add_crowd(stage, 400) == 500
    assert sum(e.team == "enemy" for e in stage.entities) == enemies + 500
    assert stage.totals["kill_all"] == total + 500
    for entity in stage.entities[-500:]:
        assert not stage.tilemap.overlaps_solid(entity.hitbox)
        assert abs(entity.hitbox.centerx - stage.player.hitbox.centerx) > 8 * TILE
    for _ in range(3):
        stage.step(Buttons.NONE)
    soldiers = [e for e in stage.entities[-500:] if e.kind == "Soldier"]
    on_floor = sum(stage.tilemap.standing_on(s.hitbox) != EMPTY for s in soldiers)
    assert on_floor >= 0.95 * len(soldiers)
    stage.check_invariants()


def test_f6_adds_a_wave_and_f4_switches_the_design_without_changing_play():
    scene = PlayScene(LEVEL3, seed=4)
    count = len(scene.stage.entities)
    assert scene.add_wave() == 125
    assert len(scene.stage.entities) == count + 125
    assert scene.add_wave(recording=True) == 0
    assert "RECORDING" in scene.stage.message
    seen = [scene.switch_design() for _ in DESIGNS]
    assert seen == [*list(DESIGNS)[1:], "ours"]
    assert scene.stage.tree.design == "ours"
    scene.stage.check_invariants()


def test_tree_counts_entities_solids_and_bullets_in_their_own_classes():
    tree = StageTree(BOUNDS, (24.0, 48.0))
    wall = Thing(0, 100, 100, 16, 48)
    wall.solid = True
    walker = Thing(1, 100, 100, 14, 30)
    tree.add(wall)
    tree.add(walker)
    assert wall in tree.solid and walker in tree.entity and len(tree) == 2
    assert tree.query_solids(pygame.FRect(90, 90, 40, 40)) == [wall]
    assert tree.query(pygame.FRect(90, 90, 40, 40)) == [wall, walker]
    wall.solid = False  # a door that opened while filed
    tree.remove(wall)
    assert len(tree) == 1


def test_moves_far_from_every_solid_skip_the_solid_query_but_never_miss_one():
    tree = StageTree(BOUNDS, (24.0, 48.0))
    drum = Thing(0, 100, 100, 16, 16)
    drum.solid = True
    tree.add(drum)
    far, touching, over = (pygame.FRect(400, 100, 14, 30), pygame.FRect(116, 100, 14, 30),
                           pygame.FRect(110, 100, 14, 30))  # fmt: skip
    assert not tree.near_solids(far) and not tree.near_solids(touching)
    assert tree.near_solids(over) and tree.query_solids(over) == [drum]
    tree.remove(drum)  # it rolls away and is filed again where it stopped
    drum.hitbox.x = 400
    tree.add(drum)
    assert tree.near_solids(far) and tree.query_solids(far) == [drum]


@pytest.mark.parametrize("level", ["levels/level2.tmx", LEVEL3])
def test_few_bullets_and_many_take_the_same_paths(monkeypatch, level):
    # A handful of bullets is worked out in plain floats, many with numpy: forcing
    # every step down one road or the other must not change the play by a bit.
    import gunner.broadphase.stage_tree
    import gunner.bullets.step
    import gunner.tilemap

    def play(limit: int) -> str:
        monkeypatch.setattr(gunner.bullets.step, "FEW_BULLETS", limit)
        monkeypatch.setattr(gunner.broadphase.stage_tree, "FEW", limit)
        monkeypatch.setattr(gunner.tilemap, "FEW_SEGMENTS", limit)
        stage = Stage(load_level(level, images=False), seed=9)
        add_crowd(stage, 60)
        source = RandomInput(9)
        for _ in range(400):
            stage.step(source.next() | Buttons.FIRE)
        assert stage.bullets.fired > 20
        return stage.state_hash()

    assert play(0) == play(10_000)
