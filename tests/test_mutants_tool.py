"""`make mutants` (tools/mutants.py): its mutants really change the running game, and its
list of equivalent survivors names only mutants it still makes."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path

import pytest

from gunner.entities import turret

ROOT = Path(__file__).resolve().parent.parent


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
