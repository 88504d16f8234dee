"""Wave spawners as a player meets them: the defaults a designer gets, waves announced in
order whatever their numbers, one announcement per wave, where along a gate enemies
come out and what they are told.

(tests/entities/spawners/test_siege.py covers the timing of a wave and the `waves` objective.)
"""

from __future__ import annotations

from pathlib import Path

import pygame
from siege_stages import enemies, gate

from ascii_maps import FLOOR, make_stage
from gunner.config import TILE
from gunner.entities.soldier import FIRE_EVERY, SPEED, Soldier
from gunner.entities.spawner import WAVE_PAUSE, WaveSpawner, current_wave, wave_number
from gunner.input import Buttons as B
from gunner.level import Spawn
from gunner.stage import Stage
from gunner.timer import steps


def run_counting(stage: Stage, n: int) -> list[str]:
    """Step n times; the lines the HUD was given, in order."""
    said: list[str] = []
    say = stage.say
    stage.say = lambda line: (said.append(line), say(line))  # type: ignore[method-assign]
    try:
        for _ in range(n):
            stage.step(B.NONE)
    finally:
        del stage.say
    return said


def test_a_gate_with_nothing_set_lets_out_ten_soldiers_every_half_second(siege) -> None:
    stage = siege([gate(30 * TILE)])
    spawner = stage.spawners[0]
    assert (spawner.wave, spawner.lets_out, spawner.left, spawner.every) == (1, "Soldier", 10, 0.5)
    out_at = []
    for step in range(steps(WAVE_PAUSE) + 10 * steps(0.5) + 5):
        before = len(enemies(stage))
        stage.step(B.NONE)
        if len(enemies(stage)) > before:
            out_at.append(step)
    assert len(out_at) == 10 and len(enemies(stage)) == 10
    assert all(type(e) is Soldier for e in enemies(stage))
    assert {b - a for a, b in zip(out_at, out_at[1:], strict=False)} == {steps(0.5)}
    assert spawner.left == 0 and not spawner.finished  # out, but alive
    assert stage.totals["kill_all"] == 10
    for soldier in enemies(stage):
        soldier.damage(99, stage)
    for _ in range(5):  # (the kills' hit-stop)
        stage.step(B.NONE)
    assert spawner.finished and current_wave(stage.spawners) is None


def test_waves_are_announced_in_order_whatever_their_numbers_once_each(siege) -> None:
    gates = [
        gate(30 * TILE, wave=20, count=1, every=0.1),
        gate(24 * TILE, wave=10, count=1, every=0.1),
        gate(34 * TILE, wave=10, count=1, every=0.1),
    ]
    stage = siege(gates)
    assert current_wave(stage.spawners) == 10
    assert wave_number(stage.spawners, 10) == 1 and wave_number(stage.spawners, 20) == 2
    said = run_counting(stage, steps(WAVE_PAUSE + 1))
    # Two gates open wave 10, one announcement; wave 20 waits.
    assert said == ["WAVE 1"]
    assert len(enemies(stage)) == 2
    for enemy in enemies(stage):
        enemy.damage(99, stage)
    said = run_counting(stage, steps(WAVE_PAUSE + 1))
    assert said == ["WAVE 2: THE LAST"]
    assert current_wave(stage.spawners) == 20 and len(enemies(stage)) == 1


def test_a_wave_waits_its_pause_before_the_first_enemy(tmp_path: Path) -> None:
    stage = make_stage(tmp_path, [gate(30 * TILE, count=2, every=0.1)], objective="waves")
    for _ in range(steps(WAVE_PAUSE) - 2):
        stage.step(B.NONE)
    assert not enemies(stage)
    for _ in range(4):
        stage.step(B.NONE)
    assert len(enemies(stage)) == 1


def let_out(stage: Stage, n: int) -> list[tuple[float, float, int]]:
    """Step n times; (centre x, feet, facing) of each enemy as it was let out."""
    placed: list[tuple[float, float, int]] = []
    add = stage.add_entity

    def watch(entity) -> None:  # noqa: ANN001
        placed.append((entity.hitbox.centerx, entity.hitbox.bottom, entity.facing))
        add(entity)

    stage.add_entity = watch  # type: ignore[method-assign]
    try:
        for _ in range(n):
            stage.step(B.NONE)
    finally:
        del stage.add_entity
    return placed


def test_a_gate_no_wider_than_an_enemy_lets_them_out_at_its_centre(siege) -> None:
    stage = siege([gate(30 * TILE, w=16, count=3, every=0.1)])
    placed = let_out(stage, steps(WAVE_PAUSE) + steps(0.5))
    assert placed == [(30 * TILE + 8, FLOOR, -1)] * 3


def test_a_wider_gates_enemies_come_out_anywhere_8_px_inside_its_ends(siege) -> None:
    # 17 px wide: the 1 px between its ends' margins is where they all come out.
    stage = siege([gate(30 * TILE, w=17, count=12, every=0.1)])
    xs = [x for x, _, _ in let_out(stage, steps(WAVE_PAUSE) + steps(1.5))]
    assert len(xs) == 12
    assert all(30 * TILE + 8 <= x <= 30 * TILE + 9 for x in xs)
    assert len(set(xs)) > 6  # at random places along it, not at its centre


def test_an_enemy_let_out_right_under_the_player_faces_right(siege) -> None:
    stage = siege([gate(30 * TILE, w=16, count=1)])
    stage.player.hitbox.centerx = 30 * TILE + 8
    placed = let_out(stage, steps(WAVE_PAUSE) + steps(0.6))
    assert placed == [(30 * TILE + 8, FLOOR, 1)]


def test_enemies_face_the_player_on_either_side(siege) -> None:
    # A gate left of the player, one right of him.
    stage = siege([gate(0, w=32, count=1), gate(30 * TILE, count=1)])
    stage.player.hitbox.centerx = 10 * TILE
    placed = let_out(stage, steps(WAVE_PAUSE) + steps(0.6))
    assert sorted((x < 10 * TILE, facing) for x, _, facing in placed) == [(False, -1), (True, 1)]


def test_a_zero_health_fire_rate_or_speed_means_the_kinds_own_default(tmp_path: Path) -> None:
    stage = make_stage(
        tmp_path, [gate(30 * TILE, count=1, health=0, fire_rate=0, speed=0)], objective="waves"
    )
    spawner = stage.spawners[0]
    assert spawner.enemy_props == {}
    for _ in range(steps(WAVE_PAUSE) + steps(0.6)):
        stage.step(B.NONE)
    (soldier,) = enemies(stage)
    assert soldier.health == Soldier.max_health and soldier.fire_every == FIRE_EVERY
    assert soldier.speed == SPEED


def test_a_gates_speed_sends_its_soldiers_across_the_field_faster(tmp_path: Path) -> None:
    """A siege's far gates can send their troops in at a jog: `speed` on the spawner."""

    def walked(**props: object) -> float:
        # Far enough right of the player (at column 3) that nobody stops to shoot yet.
        stage = make_stage(tmp_path, [gate(36 * TILE, count=1, **props)], objective="waves")
        for _ in range(steps(WAVE_PAUSE) + steps(0.1)):
            stage.step(B.NONE)
        (soldier,) = enemies(stage)
        start = soldier.hitbox.centerx
        for _ in range(steps(0.5)):
            stage.step(B.NONE)
        return start - soldier.hitbox.centerx

    own, jog = walked(), walked(speed=3 * SPEED)
    assert own > 0
    assert jog > 2 * own


def test_a_spawner_given_as_a_point_is_a_default_gate_standing_on_it() -> None:
    spawner = WaveSpawner.from_spawn(Spawn("WaveSpawner", 100, 200, 0, 0, props={"count": 3}))
    assert spawner.hitbox.size == (64, 32)
    assert spawner.hitbox.midbottom == (100, 200)
    assert spawner.left == 3
    # A line (no height, or no width) is no gate either: a default one at its foot.
    flat = WaveSpawner.from_spawn(Spawn("WaveSpawner", 100, 200, 48, 0, props={}))
    assert flat.hitbox.size == (64, 32) and flat.hitbox.midbottom == (124, 200)
    boxed = WaveSpawner.from_spawn(Spawn("WaveSpawner", 100, 200, 48, 40, props={}))
    assert boxed.hitbox == pygame.FRect(100, 200, 48, 40)


def test_a_gate_passes_its_kinds_own_properties_on_to_each_it_lets_out(siege) -> None:
    """A siege's runners climb because their gate says so: any property of the kind's
    own set on the gate (here a runner's `climb`) reaches every one it lets out; one the
    kind does not have is the designer's note and goes nowhere."""
    stage = siege(
        [
            gate(30 * TILE, count=2, every=0.1, kind="Runner", climb="true", note="east"),
            gate(10 * TILE, count=2, every=0.1, kind="Runner"),
        ]
    )
    for _ in range(steps(WAVE_PAUSE) + steps(0.5)):
        stage.step(B.NONE)
    runners = enemies(stage)
    assert len(runners) == 4
    assert sorted(r.climb for r in runners) == [False, False, True, True]
    assert all(r.climb == (r.hitbox.centerx > 20 * TILE) for r in runners)
    assert "note" not in stage.spawners[0].enemy_props
