"""The player's feel in numbers, pinned where the mutation run (`make mutants`) found
nothing watching: how fast it speeds up and slows down on the ground and in the air,
how high a tap and a held jump go, when landing makes a sound, knockback and the
moments without control or harm after a hit, dying and respawning, healing, ammo."""

from __future__ import annotations

import pytest

from gunner.config import DT, TILE
from gunner.entities.player import (
    AIR_ACCEL,
    CROUCH_HEIGHT,
    GROUND_ACCEL,
    HEIGHT,
    HURT_TIME,
    INVULNERABLE_TIME,
    KNOCKBACK_X,
    KNOCKBACK_Y,
    LIVES,
    MAX_HEALTH,
    RUN_SPEED,
)
from gunner.input import Buttons as B
from gunner.level import load_level
from gunner.stage import HITSTOP_HURT, Stage
from gunner.weapons import DEFAULT_WEAPON, WEAPONS
from maps import run, write_map

FIELD = ["." * 60] * 14 + ["...................P" + "." * 40, "#" * 60]


def settled(tmp_path, rows=FIELD) -> Stage:
    tmp_path.mkdir(parents=True, exist_ok=True)
    stage = Stage(load_level(write_map(tmp_path, rows), images=False))
    run(stage, B.NONE, 30)
    assert stage.player.on_ground
    return stage


def test_ground_speed_builds_and_sheds_at_the_ground_rate(tmp_path):
    stage = settled(tmp_path)
    p = stage.player
    step = GROUND_ACCEL * DT
    speeds = []
    for _ in range(5):
        x = p.hitbox.x
        stage.step(B.RIGHT)
        speeds.append(p.vx)
        assert p.hitbox.x - x == pytest.approx(p.vx * DT, abs=1e-3)
    assert speeds == pytest.approx([step, 2 * step, 3 * step, RUN_SPEED, RUN_SPEED])
    stage.step(B.NONE)
    assert p.vx == pytest.approx(RUN_SPEED - step)
    run(stage, B.NONE, 5)
    assert p.vx == 0.0
    stage.step(B.LEFT)
    assert p.vx == pytest.approx(-step) and p.facing == -1


def test_in_the_air_speed_changes_at_the_air_rate(tmp_path):
    stage = settled(tmp_path)
    p = stage.player
    stage.step(B.JUMP)
    assert not p.on_ground
    stage.step(B.JUMP | B.RIGHT)
    assert p.vx == pytest.approx(AIR_ACCEL * DT)
    stage.step(B.JUMP | B.RIGHT)
    assert p.vx == pytest.approx(2 * AIR_ACCEL * DT)


def test_aiming_up_or_crouching_holds_position(tmp_path):
    stage = settled(tmp_path)
    p = stage.player
    x = p.hitbox.x
    run(stage, B.UP, 10)
    assert p.hitbox.x == x
    run(stage, B.DOWN, 3)
    assert p.crouching and p.hitbox.height == CROUCH_HEIGHT and p.hitbox.x == x
    run(stage, B.DOWN | B.LEFT, 1)  # running and aiming down: up and moving
    assert not p.crouching and p.hitbox.x < x


def test_crouched_under_a_low_ceiling_it_stays_down_and_put(tmp_path):
    stage = settled(tmp_path)
    p = stage.player
    col = int(p.hitbox.centerx // TILE)
    run(stage, B.DOWN, 2)
    assert p.crouching
    floor, x = p.hitbox.bottom, p.hitbox.x
    stage.tilemap.set_cell(col, 13, 1)  # a ceiling closes over its head
    run(stage, B.NONE, 5)
    assert p.crouching and p.hitbox.height == CROUCH_HEIGHT  # no room to stand
    run(stage, B.RIGHT, 5)
    assert p.crouching and p.hitbox.x == x  # and it cannot crawl
    stage.tilemap.set_cell(col, 13, 0)
    run(stage, B.NONE, 1)
    assert not p.crouching and p.hitbox.height == HEIGHT and p.hitbox.bottom == floor


def peak(stage: Stage, hold_steps: int) -> float:
    p = stage.player
    floor = top = p.hitbox.bottom
    for i in range(100):
        stage.step(B.JUMP if i < hold_steps else B.NONE)
        top = min(top, p.hitbox.bottom)
    assert p.on_ground and p.hitbox.bottom == floor
    return floor - top


def test_a_tap_hops_about_three_tiles_a_hold_about_five_and_a_half(tmp_path):
    tap = peak(settled(tmp_path / "a"), 1)
    held = peak(settled(tmp_path / "b"), 60)
    half = peak(settled(tmp_path / "c"), 7)
    assert tap == pytest.approx(3 * TILE, rel=0.1)
    assert held == pytest.approx(5.5 * TILE, rel=0.1)
    assert tap < half < held


def test_the_first_step_of_a_jump(tmp_path):
    stage = settled(tmp_path)
    p = stage.player
    stage.step(B.JUMP)
    assert "jump" in stage.events and any(e.name == "dust" for e in stage.effects)
    # Held on the press step: the weak gravity of a held jump already applies.
    assert p.vy == pytest.approx(-380.0 + 1500.0 * 0.4 * DT)
    stage2 = settled(tmp_path / "b")
    stage2.step(B.JUMP)
    stage2.step(B.NONE)
    assert stage2.player.vy == pytest.approx(-380.0 + 1500.0 * 0.4 * DT + 1500.0 * DT)


def test_a_hard_landing_thumps_a_soft_one_does_not(tmp_path):
    for hold, loud in ((1, True), (60, True)):
        stage = settled(tmp_path / f"j{hold}")
        stage.events.clear()
        peak(stage, hold)
        assert ("land" in stage.events) is loud
    # A step down of a few pixels: a soft landing.
    rows = ["." * 30] * 13 + ["..P" + "." * 27, "...####" + "." * 23, "#" * 30]
    (tmp_path / "s").mkdir()
    stage = Stage(load_level(write_map(tmp_path / "s", rows), images=False))
    run(stage, B.NONE, 30)
    stage.events.clear()
    run(stage, B.RIGHT, 60)
    assert stage.player.hitbox.bottom == 15 * TILE and "land" not in stage.events


def hurt(stage: Stage, from_x: float | None) -> None:
    stage.player.damage(1, stage, from_x=from_x)


@pytest.mark.parametrize("side", [1, -1])
def test_knockback_pushes_away_from_the_source(tmp_path, side):
    stage = settled(tmp_path)
    p = stage.player
    hurt(stage, p.hitbox.centerx - side * 30)
    assert p.vx == side * KNOCKBACK_X and p.vy == -KNOCKBACK_Y and not p.on_ground
    assert p.health == MAX_HEALTH - 1 and "hurt" in stage.events


@pytest.mark.parametrize("facing", [1, -1])
def test_a_hit_from_nowhere_knocks_back_against_the_facing(tmp_path, facing):
    stage = settled(tmp_path)
    p = stage.player
    p.facing = facing
    hurt(stage, None)
    assert p.vx == -facing * KNOCKBACK_X


def test_after_a_hit_no_control_for_a_moment_and_no_harm_for_longer(tmp_path):
    stage = settled(tmp_path)
    p = stage.player
    hurt(stage, p.hitbox.centerx + 30)
    run(stage, B.NONE, HITSTOP_HURT)  # the world holds still first
    no_control = round(HURT_TIME / DT)
    shield = round(INVULNERABLE_TIME / DT)
    for _ in range(no_control - 1):
        stage.step(B.RIGHT | B.JUMP | B.FIRE)
    assert stage.bullets.fired == 0 and p.vx < 0  # still carried by the knockback
    hurt(stage, p.hitbox.centerx + 30)
    assert p.health == MAX_HEALTH - 1  # shielded
    run(stage, B.NONE, shield - no_control)
    hurt(stage, p.hitbox.centerx + 30)
    assert p.health == MAX_HEALTH - 1
    stage.step(B.NONE)
    hurt(stage, p.hitbox.centerx + 30)
    assert p.health == MAX_HEALTH - 2
    p.damage(0, stage)
    p.shield.stop()
    p.damage(0, stage)
    assert p.health == MAX_HEALTH - 2  # nothing for nothing


def test_dying_once_costs_one_life_and_respawn_restores_the_player(tmp_path):
    stage = settled(tmp_path)
    p = stage.player
    p.equip("spread", 5)
    p.damage(MAX_HEALTH, stage)
    assert not p.alive and p.health == 0 and p.lives == LIVES - 1
    assert stage.events.count("death") == 1
    assert any(e.name == "explosion" for e in stage.effects)
    p.die(stage)
    assert p.lives == LIVES - 1 and stage.events.count("death") == 1
    p.crouching = True
    p.respawn(100.0, 10 * TILE)
    assert p.alive and p.health == MAX_HEALTH and p.hitbox.midbottom == (100.0, 10 * TILE)
    assert p.hitbox.height == HEIGHT and not p.crouching
    assert (p.vx, p.vy, p.on_ground) == (0.0, 0.0, False)
    assert p.weapon == WEAPONS[DEFAULT_WEAPON] and p.ammo is None
    assert p.invulnerable == pytest.approx(2 * INVULNERABLE_TIME)


def test_healing_tops_up_to_full_and_not_beyond(tmp_path):
    stage = settled(tmp_path)
    p = stage.player
    assert p.heal(1) is False and p.health == MAX_HEALTH
    p.health = 2
    assert p.heal(2) is True and p.health == 4
    assert p.heal(5) is True and p.health == MAX_HEALTH


def test_ammo_counts_down_and_the_pistol_comes_back(tmp_path):
    stage = settled(tmp_path)
    p = stage.player
    p.equip("spread", 2)
    assert p.ammo == 2
    p.equip("spread")
    assert p.ammo == WEAPONS["spread"].ammo
    p.equip("spread", 2)
    steps = 0
    while p.weapon.name != DEFAULT_WEAPON and steps < 200:
        stage.step(B.FIRE)
        steps += 1
    assert p.weapon == WEAPONS[DEFAULT_WEAPON] and p.ammo is None
    # Two shots of five pellets, the cooldown apart.
    assert stage.bullets.fired == 2 * len(WEAPONS["spread"].spread)
    assert steps == round(WEAPONS["spread"].cooldown / DT) + 1
