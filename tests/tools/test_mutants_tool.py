"""`make mutants` (tools/mutants.py): its mutants really change the running game, and its
list of equivalent survivors names only mutants it still makes."""

from __future__ import annotations

import importlib.util
import math
import sys

import pytest

from checkout import ROOT
from gunner.entities import turret


@pytest.fixture(scope="module")
def tool():
    spec = importlib.util.spec_from_file_location("mutants_tool", ROOT / "tools" / "mutants.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["mutants_tool"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    yield module
    del sys.modules["mutants_tool"]


def test_a_mutant_is_swapped_into_the_live_function_and_back(tool):
    mutants = {m.key: m for m in tool.generate("turret")}
    mutant = mutants["turret.py:angle_diff: 2 -> 3"]
    original = turret.angle_diff.__code__
    assert turret.angle_diff(1.5 * math.pi, 0.0) == pytest.approx(-0.5 * math.pi)
    try:
        tool.patch(mutant)
        # Wrapping into a 3-pi range instead of 2-pi: the long way round.
        assert turret.angle_diff(1.5 * math.pi, 0.0) == pytest.approx(1.5 * math.pi)
    finally:
        turret.angle_diff.__code__ = original
    assert turret.angle_diff(1.5 * math.pi, 0.0) == pytest.approx(-0.5 * math.pi)


def test_methods_and_super_calls_can_be_mutated(tool):
    mutants = tool.generate("turret")
    deleted = next(
        m for m in mutants if m.key == "turret.py:Turret.tick: super().tick(stage) -> pass"
    )
    original = turret.Turret.tick.__code__
    try:
        tool.patch(deleted)
        assert turret.Turret.tick.__code__ is not original
        assert turret.Turret.tick.__code__.co_freevars == original.co_freevars
    finally:
        turret.Turret.tick.__code__ = original


def test_every_listed_equivalent_mutant_still_exists(tool):
    made = {m.key for name in tool.MODULES for m in tool.generate(name)}
    listed = tool.equivalent_keys()
    assert listed, "docs/mutants.md lists the equivalent survivors"
    stale = sorted(set(listed) - made)
    assert not stale, f"docs/mutants.md lists mutants the tool no longer makes: {stale}"
    assert all(reason for reason in listed.values()), "each equivalent mutant says why"


def test_the_bosses_wreck_spawner_troops_and_set_pieces_are_mutated(tool):
    fighters = ("boss", "warden", "crawler", "overseer", "wreck", "spawner", "grenadier")
    for name in (*fighters, "bridge", "crumble_floor", "platform", "drum", "checkpoint"):
        assert name in tool.CORE
        assert tool.generate(name), f"{name} gives mutants"
    assert "broadphase" not in tool.CORE  # a benchmark's contenders: only when named


def test_a_modules_own_tests_are_the_topic_folder_its_tests_live_in(tool):
    own = tool._own
    # The folder holding test_<stem>*.py, whole: the wreck's tests with the enemies'.
    assert own("wreck", "tests/entities/enemies/test_wreck.py::test_x")
    assert own("wreck", "tests/entities/enemies/test_enemy_life.py::test_x")
    assert own("spawner", "tests/entities/spawners/test_siege.py::test_x")
    assert own("boss", "tests/entities/bosses/test_boss_attacks.py::test_x")
    assert own("quadtree", "tests/broadphase/test_quadtree_edges.py::test_x")
    assert own("world", "tests/world/test_state_hash.py::test_x")
    assert own("physics", "tests/world/test_solid_moves.py::test_x")
    # A folder named for the module: the player's tests, whatever their file names.
    assert own("player", "tests/entities/player/test_forgiving_rules.py::test_x")
    # No file named for it: the folder mirroring its package (each boss: every entity's).
    assert own("warden", "tests/entities/bosses/test_boss.py::test_x")
    assert own("popup_turret", "tests/entities/enemies/test_troops.py::test_x")
    # Another module's tests are not its own (they may still run, within the budget).
    assert not own("wreck", "tests/entities/bosses/test_boss.py::test_x")
    assert not own("spawner", "tests/world/test_stage_bookkeeping.py::test_x")
    assert not own("warden", "tests/world/test_stage_rules.py::test_x")
    # Every module of the core owns some tests.
    assert all(tool.own_files(name) for name in tool.CORE)


def test_a_run_can_be_limited_to_some_test_files(tool):
    files = tool.test_files(["test_siege.py", "tests/entities/bosses/test_boss*.py"])
    assert files == sorted(files)
    siege = "tests/entities/spawners/test_siege.py"
    bosses = "tests/entities/bosses/test_boss"
    assert {siege, f"{bosses}.py", f"{bosses}_attacks.py"} <= set(files)
    assert all(f == siege or f.startswith(bosses) for f in files)
    everything = tool.test_files()
    assert siege in everything and "tests/world/test_stage_rules.py" in everything
    assert not set(tool.EXCLUDED_TESTS) & set(everything)  # the replay hashes never run
    assert all((tool.ROOT / f).is_file() for f in tool.EXCLUDED_TESTS)
    assert all((tool.ROOT / n.split("::")[0]).is_file() for n in tool.EXCLUDED_NODES)


def test_a_test_pattern_that_matches_no_file_is_refused_in_one_line(tool):
    """A folder left out of the path (`bosses/...` for `entities/bosses/...`) matched
    nothing, and the run reported every mutant as run by no test."""
    with pytest.raises(SystemExit) as refused:
        tool.test_files(["test_siege.py", "bosses/test_boss_fight.py"])
    assert str(refused.value) == (
        "mutants: --tests bosses/test_boss_fight.py: no test file matches it under tests/"
    )


def test_mutants_a_stopped_run_did_not_reach_are_left_out_of_the_score(tool):
    made = tool.generate("wreck")[:4]
    made[0].status, made[1].status, made[2].status = "killed", "survived", "timeout"
    (s,) = tool.score(made, {}).values()
    assert (s.mutants, s.killed, s.timeout, s.survived, s.pending) == (3, 1, 1, 1, 1)
    assert s.percent == pytest.approx(200 / 3)


def test_drawing_is_not_mutated(tool):
    units = {m.unit for m in tool.generate("boss")}
    assert "Boss.tick" in units and "Boss.wound" in units
    assert not [u for u in units if u.split(".")[-1].startswith(("draw", "_draw"))]
