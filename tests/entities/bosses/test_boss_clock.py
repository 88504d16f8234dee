"""A boss's state clock, which the looks read (the HUD bar's blink as it dies, the
weak points' pulse, the dying flicker): it counts the steps spent in the current state,
from 0 on the step the state begins, and starts again at each new state."""

from __future__ import annotations

from gunner.entities.boss_table import BossState
from gunner.input import Buttons as B


def test_the_clock_counts_the_steps_in_the_state_from_zero(fighting) -> None:
    stage, boss = fighting("levels/level2.tmx")
    boss.enter(BossState.SHIFT)
    assert boss.clock == 0
    for n in range(1, 11):
        stage.step(B.NONE)
        assert boss.clock == n
    boss.enter(BossState.FIGHT)
    assert boss.clock == 0
    stage.step(B.NONE)
    assert boss.clock == 1
