"""The player's feel in numbers, pinned where the mutation run (`make mutants`) found
nothing watching: how fast it speeds up and slows down on the ground and in the air,
how high a tap and a held jump go, when landing makes a sound, knockback and the
moments without control or harm after a hit, dying and respawning, healing, ammo."""

from __future__ import annotations

import pytest

from ascii_maps import run, write_map
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


# -- found by the mutation run on the rewritten player ---------------------------------


def air_stage(tmp_path) -> Stage:
    """The player placed ten tiles above the floor: it falls from its first step."""
    rows = ["." * 40] * 4 + ["..P" + "." * 37] + ["." * 40] * 10 + ["#" * 40]
    tmp_path.mkdir(parents=True, exist_ok=True)
    return Stage(load_level(write_map(tmp_path, rows), images=False))


def test_a_fresh_player_stands_still_and_upright_until_its_first_step(tmp_path):
    stage = air_stage(tmp_path)
    p = stage.player
    # The first frame is drawn before any step: upright, aiming ahead, not yet landed.
    assert p.frame() == (0, 9) and not p.crouching and p.aim == 0
    x, y = p.hitbox.x, p.hitbox.y
    stage.step(B.RIGHT)
    assert p.vx == pytest.approx(AIR_ACCEL * DT) and p.vy == pytest.approx(1500.0 * DT)
    assert (p.hitbox.x - x, p.hitbox.y - y) == pytest.approx((p.vx * DT, p.vy * DT), abs=1e-4)


def test_a_player_placed_in_the_air_cannot_jump_before_landing(tmp_path):
    stage = air_stage(tmp_path)
    p = stage.player
    stage.step(B.NONE)
    stage.step(B.JUMP)  # a press in mid-air, far above the floor: nothing to jump from
    assert p.vy > 0 and "jump" not in stage.events


def test_the_run_cycle_plays_forward_a_frame_every_five_steps(tmp_path):
    stage = settled(tmp_path)
    p = stage.player
    run(stage, B.RIGHT, 5)  # up to speed
    cols = []
    for _ in range(60):
        stage.step(B.RIGHT)
        cols.append(p.frame()[1])
    changes = [(a, b) for a, b in zip(cols, cols[1:], strict=False) if a != b]
    assert set(cols) == set(range(2, 8)) and len(changes) >= 10
    assert all(b == 2 + (a - 2 + 1) % 6 for a, b in changes)  # 2, 3 ... 7, 2 ...


def test_control_comes_back_when_the_knockback_ends(tmp_path):
    stage = settled(tmp_path)
    p = stage.player
    hurt(stage, p.hitbox.centerx + 30)
    run(stage, B.NONE, HITSTOP_HURT + round(HURT_TIME / DT))
    vx = p.vx
    stage.step(B.RIGHT | B.FIRE)
    assert stage.bullets.fired == 1 and p.vx > vx and p.facing == 1


def low_ceiling(tmp_path) -> Stage:
    rows = list(FIELD)
    rows[12] = "#" * 60  # 4 px of head room above the player
    return settled(tmp_path, rows)


def test_one_press_under_a_low_ceiling_is_one_jump(tmp_path):
    stage = low_ceiling(tmp_path)
    stage.events.clear()
    stage.step(B.JUMP)
    run(stage, B.NONE, 30)
    assert stage.events.count("jump") == 1 and stage.player.on_ground


def test_a_second_press_in_mid_air_does_not_jump_again(tmp_path):
    stage = settled(tmp_path)
    p = stage.player
    stage.step(B.JUMP)
    stage.step(B.NONE)
    stage.step(B.JUMP)
    assert stage.events.count("jump") == 1
    assert p.vy == pytest.approx(-380.0 + 1500.0 * 0.4 * DT + 2 * 1500.0 * DT)


def test_a_jump_from_a_crouch_stands_up_at_once(tmp_path):
    stage = settled(tmp_path)
    p = stage.player
    run(stage, B.DOWN, 2)
    assert p.crouching
    stage.step(B.DOWN | B.JUMP)
    assert p.vy < 0 and not p.crouching and p.hitbox.height == HEIGHT


def test_jump_on_a_one_way_platform_jumps_and_only_down_jump_drops(tmp_path):
    rows = ["." * 10] * 3 + ["..P......."] + ["=" * 10] + ["." * 10] * 4 + ["#" * 10]
    stage = settled(tmp_path, rows)
    p = stage.player
    stage.step(B.JUMP)
    assert p.vy < 0 and "jump" in stage.events and not p.drop_timer


def test_letting_go_of_jump_ends_the_high_jump_for_good(tmp_path):
    tap = peak(settled(tmp_path / "a"), 1)
    stage = settled(tmp_path / "b")
    p = stage.player
    floor = top = p.hitbox.bottom
    for i in range(100):
        stage.step(B.NONE if i in (1, 2) else B.JUMP)  # tap, let go, hold again
        top = min(top, p.hitbox.bottom)
    assert floor - top == pytest.approx(tap)


def test_running_into_a_wall_stops_dead_and_turning_back_is_immediate(tmp_path):
    rows = [row[:25] + "#" + row[26:] for row in FIELD]
    stage = settled(tmp_path, rows)
    p = stage.player
    run(stage, B.RIGHT, 60)
    assert p.hitbox.right == 25 * TILE and p.vx == 0.0
    stage.step(B.LEFT)
    assert p.vx == pytest.approx(-GROUND_ACCEL * DT)


@pytest.mark.parametrize(("drop", "thump"), [(14, False), (16, True)])
def test_a_landing_thumps_only_faster_than_200_px_per_second(tmp_path, drop, thump):
    # 14 px take 8 steps, landing at exactly 200 px/s; 16 px take 9 (225 px/s).
    stage = settled(tmp_path)
    p = stage.player
    stage.tree.remove(p)
    p.hitbox.y -= drop
    p.on_ground = False
    stage.tree.add(p)
    stage.events.clear()
    stage.effects.clear()
    for _ in range(20):
        stage.step(B.NONE)
        if p.on_ground:
            break
    assert p.on_ground and ("land" in stage.events) is thump
    assert any(e.name == "dust" for e in stage.effects) is thump


@pytest.mark.parametrize(
    ("held", "facing", "angle"), [(B.UP, 1, 90.0), (B.NONE, 1, 0.0), (B.LEFT | B.UP, -1, 135.0)]
)
def test_the_muzzle_flash_points_along_the_shot(tmp_path, held, facing, angle):
    stage = settled(tmp_path)
    p = stage.player
    stage.step(held)
    stage.effects.clear()
    stage.step(held | B.FIRE)
    (flash,) = [e for e in stage.effects if e.name == "muzzle_flash"]
    assert flash.angle == pytest.approx(angle) and p.facing == facing
    assert (flash.x, flash.y) == pytest.approx(p.muzzle())


def test_firing_shows_the_firing_pose_for_a_moment(tmp_path):
    stage = settled(tmp_path)
    p = stage.player
    stage.step(B.FIRE)
    assert p.frame()[0] == 5  # the forward aim's firing row
    run(stage, B.NONE, round(0.12 / DT))
    assert p.frame()[0] == 0


def test_walking_into_an_enemy_hurts_and_knocks_back(tmp_path):
    stage = settled(tmp_path)
    p = stage.player
    # A turret standing in the way, bolted to the floor just ahead.
    from gunner.entities.turret import Turret

    turret = Turret(p.hitbox.right + 12, p.hitbox.bottom)
    turret.cooldown.start(60.0)  # holds its fire: only the touch hurts
    stage.add_entity(turret)
    for _ in range(30):
        stage.step(B.RIGHT)
        if p.health < MAX_HEALTH:
            break
    assert p.health == MAX_HEALTH - turret.contact_damage and p.vx == -KNOCKBACK_X


@pytest.mark.parametrize("side", [1, -1])
def test_a_bullet_knocks_the_player_away_from_where_it_came(tmp_path, side):
    stage = settled(tmp_path)
    p = stage.player
    stage.bullets.spawn(p.hitbox.centerx - side * 20, p.hitbox.centery, side * 600, 0, "enemy")
    for _ in range(3):
        stage.step(B.NONE)
        if p.health < MAX_HEALTH:
            break
    assert p.health == MAX_HEALTH - 1 and p.vx == side * KNOCKBACK_X


def test_a_hit_shakes_the_screen_and_nothing_is_no_hit(tmp_path):
    stage = settled(tmp_path)
    p = stage.player
    p.damage(0, stage)
    assert "hurt" not in stage.events and stage.trauma == 0.0 and not p.shield
    assert p.vx == 0.0 and p.on_ground
    p.health = 2
    p.damage(1, stage)
    assert p.alive and p.health == 1 and stage.trauma == pytest.approx(0.3)


def test_a_fall_into_a_pit_leaves_no_health(tmp_path):
    stage = settled(tmp_path)
    p = stage.player
    p.die(stage)
    assert p.health == 0 and not p.alive


def test_a_respawn_gives_control_back_at_once(tmp_path):
    stage = settled(tmp_path)
    p = stage.player
    hurt(stage, p.hitbox.centerx + 30)
    p.die(stage)  # knocked back into a pit, say
    run(stage, B.NONE, HITSTOP_HURT + round(1.5 / DT))
    assert p.alive
    stage.step(B.RIGHT)
    assert p.vx > 0


def ledge_stage(tmp_path, gaps: list[int]) -> Stage:
    floor = "".join("." if c in gaps else "#" for c in range(40))
    rows = ["." * 40] * 14 + ["..P" + "." * 37, floor]
    return settled(tmp_path, rows)


@pytest.mark.parametrize(
    ("gaps", "side", "edge", "hop"),
    [
        # Hit from the right, the left side 205 px in: a knockback carries 46 px.
        ([9], -1, 205, True),  # a gap 46 px out (col 9 ends at 160 > 159)
        ([8, 30], -1, 205, False),  # 61 px out; and a gap on the far side never counts
        # Hit from the left, the right side at 280 px.
        ([20], 1, 280, True),  # the gap starts 40 px out, the far reach at 326
        ([21], 1, 280, False),  # the next column starts at 336, beyond reach
    ],
)
def test_knockback_reach_in_columns(tmp_path, gaps, side, edge, hop):
    stage = ledge_stage(tmp_path, gaps)
    p = stage.player
    stage.tree.remove(p)
    if side < 0:
        p.hitbox.left = edge
    else:
        p.hitbox.right = edge
    stage.tree.add(p)
    p.damage(1, stage, from_x=p.hitbox.centerx - side * 20)
    assert p.vx == (0.0 if hop else side * KNOCKBACK_X)
    assert p.vy == -KNOCKBACK_Y


def test_holding_jump_through_a_respawn_does_not_float(tmp_path):
    stage = settled(tmp_path)
    p = stage.player
    x, y = stage.checkpoint
    stage.checkpoint = (x, y - 5 * TILE)  # a checkpoint in mid-air, to watch the fall
    stage.step(B.JUMP)
    p.die(stage)  # killed a step into a held jump
    run(stage, B.JUMP, round(1.5 / DT))
    assert p.alive and p.vy == 0.0
    stage.step(B.JUMP)
    assert p.vy == pytest.approx(1500.0 * DT)  # full gravity: no jump is held
