"""A wreck's clock: a fallen soldier lies exactly FALLEN_STEPS steps before it is gone, a
turret's wreck blows exactly SPARK_STEPS steps after the kill, and a drone's wreck turns
SPIN_STEP degrees a step from level as it falls.

(test_enemy_life.py shows each death as a whole: thrown, falling, lying, bursting.)
"""

from __future__ import annotations

import pytest
from enemy_stages import find, make_stage, obj

from gunner.entities.drone import SPIN_STEP
from gunner.entities.enemy import FALLEN_STEPS
from gunner.entities.turret import SPARK_STEPS
from gunner.entities.wreck import Wreck
from gunner.input import Buttons as B
from gunner.stage import Stage

OPEN = ["." * 40] * 11 + ["#" * 40]
WITH_PLAYER = OPEN[:10] + ["P" + "." * 39] + OPEN[10:]


def killed(stage: Stage, kind: str, from_x: float) -> Wreck:
    stage.step(B.NONE)
    (enemy,) = find(stage, kind)
    enemy.damage(enemy.health, stage, from_x)
    (wreck,) = find(stage, "Wreck")
    while stage.frozen:  # the kill's hit-stop: the world holds still
        stage.step(B.NONE)
    assert wreck.age == 0 and wreck.dead is enemy
    return wreck


def steps_alive(stage: Stage, wreck: Wreck, limit: int = 400) -> int:
    n = 0
    while wreck.alive and n < limit:
        stage.step(B.NONE)
        n += 1
    return n


@pytest.mark.parametrize("kind", ["Soldier", "Rifleman"])
def test_a_fallen_soldier_lies_exactly_its_time_then_is_gone(tmp_path, kind) -> None:
    stage = make_stage(tmp_path, WITH_PLAYER, obj(kind, 20, 10, 1))
    wreck = killed(stage, kind, from_x=0)
    assert steps_alive(stage, wreck) == FALLEN_STEPS
    assert wreck.age == FALLEN_STEPS
    assert not find(stage, "Wreck")


def test_a_turret_blows_exactly_its_spark_time_after_the_kill(tmp_path) -> None:
    stage = make_stage(tmp_path, WITH_PLAYER, obj("Turret", 20, 10, 1))
    wreck = killed(stage, "Turret", from_x=0)
    blew = None
    for step in range(1, SPARK_STEPS + 5):
        stage.events.clear()
        stage.step(B.NONE)
        if "explosion" in stage.events:
            blew = step
            break
    assert blew == SPARK_STEPS and not wreck.alive


def test_a_drones_wreck_turns_from_level_a_step_at_a_time(tmp_path) -> None:
    stage = make_stage(tmp_path, WITH_PLAYER, obj("Drone", 20, 2, 1))
    wreck = killed(stage, "Drone", from_x=0)  # shot from the left: it turns clockwise
    assert wreck.spin == 0.0
    for n in range(1, 6):
        stage.step(B.NONE)
        assert wreck.spin == pytest.approx(n * SPIN_STEP * wreck.facing)
    assert wreck.facing == 1
