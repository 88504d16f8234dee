"""How the moving bosses move: the Crawler paces back and forth at its phase's speed
between where it was placed and RANGE px to its left; the Overseer swings on a cosine
from where it was placed, pausing while it fires, and drops out of its flight to die.
"""

from __future__ import annotations

import math

import pytest

from gunner.config import DT
from gunner.entities.boss import INTRO_STEPS, SHIFT_STEPS
from gunner.entities.crawler import PACE, RANGE, Crawler
from gunner.entities.overseer import SWING, SWING_STEPS, Overseer
from gunner.input import Buttons as B


def test_the_crawler_paces_at_its_phases_speed_and_turns_at_both_ends(fighting) -> None:
    stage, boss = fighting("levels/level2.tmx")
    assert isinstance(boss, Crawler)
    home = boss.home
    boss.wound(boss.health - boss.phase_thresholds()[0], stage)
    assert boss.phase == 1 and boss.state == "shift"
    xs = [boss.fx]
    for _ in range(SHIFT_STEPS + round(2 * RANGE / (PACE[1] * DT)) + 20):
        stage.step(B.NONE)
        xs.append(boss.fx)
    # Signs from the exact moves: the last step into an end can be a rounding sliver.
    raw = [b - a for a, b in zip(xs, xs[1:], strict=False)]
    moves = [round(m, 6) for m in raw]
    step = round(PACE[1] * DT, 6)
    assert moves[0] == -step  # it paces through the shift too
    assert min(xs) == pytest.approx(home - RANGE) and max(xs) == pytest.approx(home)
    turn = xs.index(min(xs))
    assert all(m < 0 for m in raw[:turn]) and moves[turn] == step
    back = turn + xs[turn:].index(max(xs[turn:]))
    assert all(m > 0 for m in raw[turn:back]) and moves[back] == -step
    assert boss.heading in (-1, 1)
    # Faster in its last phase.
    assert boss.state == "fight"
    boss.wound(boss.health - 27, stage)  # 27 of 110: a quarter, its last phase
    assert boss.phase == 2
    before = boss.fx
    stage.step(B.NONE)
    assert abs(boss.fx - before) == pytest.approx(PACE[2] * DT)


def exactly_one_step_short(end: float, move: float) -> float:
    """A spot from which one step of `move` px lands exactly on `end` in floats."""
    x = end - move
    while x + move != end:
        x = math.nextafter(x, math.inf if x + move < end else -math.inf)
    return x


@pytest.mark.parametrize("heading", [-1, 1])
def test_the_crawler_turns_on_the_step_it_reaches_an_end_without_a_pause(fighting, heading) -> None:
    stage, boss = fighting("levels/level2.tmx")
    boss.wound(boss.health - boss.phase_thresholds()[0], stage)
    for _ in range(SHIFT_STEPS + 1):
        stage.step(B.NONE)
    assert boss.state == "fight" and boss.phase == 1
    end = boss.home - RANGE if heading < 0 else boss.home
    boss.heading = heading
    boss.fx = exactly_one_step_short(end, heading * PACE[1] * DT)
    stage.step(B.NONE)
    assert boss.fx == end and boss.heading == -heading
    stage.step(B.NONE)
    assert boss.fx == pytest.approx(end - heading * PACE[1] * DT)  # already on its way back


def test_the_crawler_stands_still_while_it_dies(fighting) -> None:
    stage, boss = fighting("levels/level2.tmx")
    boss.wound(boss.health - boss.phase_thresholds()[0], stage)
    for _ in range(SHIFT_STEPS + 1):
        stage.step(B.NONE)
    assert boss.state == "fight" and boss.fx < boss.home  # pacing
    boss.wound(boss.health, stage)
    assert boss.state == "dying"
    x = boss.fx
    for _ in range(10):
        stage.step(B.NONE)
    assert boss.fx == x


def test_the_overseer_flies_a_cosine_swing_and_holds_still_to_fire(fighting) -> None:
    stage, boss = fighting("levels/level3.tmx")
    assert isinstance(boss, Overseer)
    flights = [boss.flight]
    for _ in range(400):
        stage.step(B.NONE)
        flights.append(boss.flight)
        angle = 2 * math.pi * boss.flight / SWING_STEPS
        assert boss.fx == pytest.approx(boss.home - SWING + SWING * math.cos(angle))
    gains = {b - a for a, b in zip(flights, flights[1:], strict=False)}
    assert gains == {0, 1}  # one step of flight a step, none while firing
    assert flights.count(flights[-1]) < 200
    boss.wound(boss.health, stage)
    flight = boss.flight
    for _ in range(10):
        stage.step(B.NONE)
    assert boss.flight == flight  # falls out of the sky where it was hit


def test_the_overseer_holds_still_exactly_from_its_first_volley_to_its_last(fighting) -> None:
    stage, boss = fighting("levels/level3.tmx")
    # It flew every step since the arena closed: the intro, then the first charge-up.
    assert boss.flight == INTRO_STEPS + 2
    for _ in range(700):
        flight = boss.flight
        stage.step(B.NONE)
        attack, t = boss.current, boss.attack_step  # as its move saw them
        assert attack is not None
        firing = attack.telegraph <= t < attack.steps - attack.rest
        assert boss.flight == flight + (0 if firing else 1), (attack.name, t)
