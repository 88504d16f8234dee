"""Short soak runs: random play on every shipped level keeps the quadtree in step."""

import pytest

from ascii_maps import write_map
from bench.soak import SoakError, check_invariants, shipped_levels, soak_level
from gunner.level import load_level
from gunner.stage import InvariantError, Stage

ROWS = [
    "########################",
    "#......................#",
    "#........====..........#",
    "#.P..................E.#",
    "#####..#################",
]


@pytest.mark.parametrize("level", shipped_levels(), ids=lambda p: p.name)
def test_short_soak_on_every_shipped_level(level):
    # The long run (100,000 steps per level, memory traced) is `make soak`.
    result = soak_level(level, frames=3000, seed=1, memory=False)
    assert result.steps == 3000


def test_soak_restarts_decided_runs_and_measures_memory(tmp_path):
    # The pit at columns 5-6 kills the random runner again and again.
    result = soak_level(write_map(tmp_path, ROWS), frames=4000, seed=2)
    assert result.restarts >= 1, "a decided run restarts so the soak keeps playing"
    assert result.peak_kib > 0 and result.second_quarter_kib > 0 and result.last_quarter_kib > 0


def test_invariant_check_catches_a_lost_quadtree_item(tmp_path):
    stage = Stage(load_level(write_map(tmp_path, ROWS), images=False))
    check_invariants(stage, "test", 0)
    stage.tree.remove(stage.player)  # what a forgotten re-add would look like
    with pytest.raises(SoakError, match="test: step 7: Player .* missing from the tree"):
        check_invariants(stage, "test", 7)


def test_invariants_compare_items_by_identity_not_by_count(tmp_path):
    # The player missing and a dead soldier filed in its place: the counts still agree.
    stage = Stage(load_level(write_map(tmp_path, ROWS), images=False))
    stage.spawn("Soldier", 200, 64)
    corpse = stage.entities.pop()
    corpse.alive = False
    stage.tree.remove(stage.player)
    assert len(stage.tree) == len(stage.entities) + len(stage.bullets)
    with pytest.raises(InvariantError, match="holds a dead Soldier"):
        stage.check_invariants()


def test_invariants_catch_an_item_the_tree_files_in_the_wrong_place(tmp_path):
    """A crowd's class, once indexed, answers from where its items were filed: one moved
    without leaving and re-entering the tree is then not found where it is. (A small
    class, or one not indexed, is scanned where its items are, so there the same move
    cannot be misfiled.)"""
    from ascii_maps import obj
    from gunner.config import TILE

    rows = ["." * 70] * 6 + ["..P" + "." * 67, "#" * 70]
    soldiers = "".join(obj("Soldier", (6 + k) * TILE + 8, 7 * TILE) for k in range(60))
    stage = Stage(load_level(write_map(tmp_path, rows, extra_objects=soldiers), images=False))
    stage.check_invariants()
    enemies = stage.tree.enemy
    enemies._rebuild()  # index the crowd's class, as a busy step would
    soldier = next(e for e in stage.entities if e.kind == "Soldier")
    soldier.hitbox.x += 200  # moved without leaving and re-entering the tree
    with pytest.raises(InvariantError, match="Soldier .* not found where its hitbox is"):
        stage.check_invariants()


def test_invariants_catch_a_bullet_the_tree_lost(tmp_path):
    stage = Stage(load_level(write_map(tmp_path, ROWS), images=False))
    stage.bullets.spawn(40, 40, 100, 0, team="player")
    stage.bullets.spawn(60, 40, 100, 0, team="player")
    stage.check_invariants()  # spawned, not yet stepped: waiting to join the tree
    stage.step(stage.held)
    stage.check_invariants()
    stage.tree.bullets.remove_many(stage.tree.bullets.ids[:1])
    with pytest.raises(InvariantError, match="bullet class holds 1 bullets, the stage 2"):
        stage.check_invariants()
