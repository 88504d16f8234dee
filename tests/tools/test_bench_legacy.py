"""The benchmarks' 0.1.0 stage (bench/legacy.py) still plays a fight on today's world."""

from __future__ import annotations

import pytest

pytest.importorskip("pygame")

from bench import stage as sb  # noqa: E402
from gunner.input import Buttons  # noqa: E402


def test_a_hit_by_the_old_bullets_is_credited_to_the_player() -> None:
    # `make bench`'s whole-step rows died here: the world's credit asks the bullets
    # which one is striking, and 0.1.0's bullets did not say.
    stage = sb.to_legacy(sb.level3(0))
    enemy = next(e for e in stage.entities if e.team == "enemy" and e.shootable)
    x, y = enemy.hitbox.center
    stage.bullets.spawn(x - 24, y, 300.0, 0.0, "player", damage=1)
    for _ in range(10):
        stage.step(Buttons.NONE)
    assert stage.bullets.hits == 1
    assert stage.tallies[0].hits == 1
    assert stage.bullets.striking == -1  # between strikes
