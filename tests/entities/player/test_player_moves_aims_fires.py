"""Player physics, aiming and firing, driven through the stage with button masks."""

import pytest

from ascii_maps import run, write_map
from gunner.config import DT, TILE
from gunner.entities.body import MAX_FALL
from gunner.entities.player import (
    AIM_VECTORS,
    CROUCH_HEIGHT,
    HEIGHT,
    LIVES,
    RUN_SPEED,
    Aim,
    choose_aim,
)
from gunner.input import Buttons as B
from gunner.level import load_level
from gunner.stage import Stage
from gunner.weapons import WEAPONS

OPEN_FIELD = [
    "." * 40,
] * 14 + [
    "....P" + "." * 35,
    "#" * 40,
]


@pytest.fixture
def stage(tmp_path):
    return Stage(load_level(write_map(tmp_path, OPEN_FIELD), images=False))


def test_player_settles_on_the_ground(stage):
    run(stage, B.NONE, 30)
    p = stage.player
    assert p.on_ground and p.hitbox.bottom == 15 * TILE and p.vy == 0


def test_running_reaches_run_speed_and_facing_follows_movement(stage):
    run(stage, B.NONE, 10)
    x0 = stage.player.hitbox.centerx
    run(stage, B.RIGHT, 60)
    p = stage.player
    assert p.vx == pytest.approx(RUN_SPEED)
    assert p.hitbox.centerx - x0 == pytest.approx(RUN_SPEED, rel=0.1)
    assert p.facing == 1
    run(stage, B.LEFT, 5)
    assert p.facing == -1


def jump_height(stage, hold_steps):
    run(stage, B.NONE, 20)
    floor = stage.player.hitbox.bottom
    top = floor
    for i in range(120):
        stage.step(B.JUMP if i < hold_steps else B.NONE)
        top = min(top, stage.player.hitbox.bottom)
    assert stage.player.on_ground
    return floor - top


def test_holding_jump_jumps_higher(tmp_path):
    tap = jump_height(Stage(load_level(write_map(tmp_path, OPEN_FIELD), images=False)), 1)
    held = jump_height(Stage(load_level(write_map(tmp_path, OPEN_FIELD), images=False)), 40)
    assert 2 * TILE <= tap < 3.5 * TILE
    assert held > tap * 1.5
    assert held >= 4.5 * TILE


def test_fall_speed_is_capped(tmp_path):
    rows = ["....P..."] + ["........"] * 40
    stage = Stage(load_level(write_map(tmp_path, rows), images=False))
    run(stage, B.NONE, 60)
    assert stage.player.vy == pytest.approx(MAX_FALL)


def test_falling_into_a_pit_costs_a_life_then_respawns_until_game_over(tmp_path):
    rows = ["....P..."] + ["........"] * 4
    stage = Stage(load_level(write_map(tmp_path, rows), images=False))
    run(stage, B.NONE, 60)
    assert not stage.player.alive and stage.player.lives == LIVES - 1
    assert stage.player not in stage.tree and stage.player not in stage.entities
    for _ in range(120):  # the death delay passes: back at the spawn
        stage.step(B.NONE)
        if stage.player.alive:
            break
    assert stage.player.alive and stage.player in stage.tree
    assert stage.player.hitbox.midbottom == (4 * 16 + 8, 16)
    run(stage, B.NONE, 600)
    assert stage.player.lives == 0 and stage.outcome == "dead"


@pytest.mark.parametrize(
    ("held", "on_ground", "aim", "crouch"),
    [
        (B.NONE, True, Aim.FORWARD, False),
        (B.UP, True, Aim.UP, False),
        (B.UP | B.RIGHT, True, Aim.DIAG_UP, False),
        (B.DOWN | B.LEFT, True, Aim.DIAG_DOWN, False),
        (B.DOWN, True, Aim.FORWARD, True),
        (B.DOWN, False, Aim.DOWN, False),
        (B.DOWN | B.RIGHT, False, Aim.DIAG_DOWN, False),
    ],
)
def test_contra_aiming_rules(held, on_ground, aim, crouch):
    assert choose_aim(held, on_ground) == (aim, crouch)


@pytest.mark.parametrize(
    ("held", "direction"),
    [
        (B.FIRE, (1, 0)),
        (B.FIRE | B.UP, (0, -1)),
        (B.FIRE | B.UP | B.RIGHT, AIM_VECTORS[Aim.DIAG_UP]),
        (B.FIRE | B.UP | B.LEFT, (-AIM_VECTORS[Aim.DIAG_UP][0], AIM_VECTORS[Aim.DIAG_UP][1])),
        (B.FIRE | B.DOWN | B.RIGHT, AIM_VECTORS[Aim.DIAG_DOWN]),
    ],
)
def test_bullets_leave_the_muzzle_in_the_aim_direction(stage, held, direction):
    run(stage, B.NONE, 20)
    stage.step(held)
    (bullet,) = stage.bullets.live
    speed = (bullet.vx**2 + bullet.vy**2) ** 0.5
    assert bullet.vx / speed == pytest.approx(direction[0], abs=1e-6)
    assert bullet.vy / speed == pytest.approx(direction[1], abs=1e-6)
    # Spawned at the gun (one step's flight ago), inside the sprite's frame.
    p = stage.player
    x0, y0 = bullet.hitbox.centerx - bullet.vx * DT, bullet.hitbox.centery - bullet.vy * DT
    assert abs(x0 - p.hitbox.centerx) <= 16
    assert p.hitbox.bottom - 32 <= y0 <= p.hitbox.bottom
    assert (x0 - p.hitbox.centerx) * direction[0] >= 0  # on the side it shoots towards


def test_crouching_shrinks_the_hitbox_and_holds_position(stage):
    run(stage, B.NONE, 20)
    x = stage.player.hitbox.centerx
    run(stage, B.DOWN, 10)
    assert stage.player.crouching and stage.player.hitbox.height == CROUCH_HEIGHT
    run(stage, B.DOWN | B.FIRE, 1)
    assert stage.player.hitbox.centerx == x
    run(stage, B.NONE, 2)
    assert stage.player.hitbox.height == HEIGHT


def test_airborne_down_aims_straight_down(stage):
    run(stage, B.NONE, 20)
    run(stage, B.JUMP, 10)
    stage.step(B.DOWN | B.FIRE)
    (bullet,) = stage.bullets.live
    assert bullet.vx == 0 and bullet.vy > 0


def test_holding_fire_is_automatic_with_a_cooldown(stage):
    run(stage, B.NONE, 20)
    run(stage, B.FIRE, 60)
    expected = 60 * DT / WEAPONS["pistol"].cooldown
    assert abs(stage.bullets.fired - expected) <= 1.5


def test_drop_through_one_way_platform(tmp_path):
    rows = ["." * 10] * 3 + ["..P......."] + ["=" * 10] + ["." * 10] * 4 + ["#" * 10]
    stage = Stage(load_level(write_map(tmp_path, rows), images=False))
    run(stage, B.NONE, 30)
    assert stage.player.hitbox.bottom == 4 * TILE
    run(stage, B.DOWN | B.JUMP, 3)
    run(stage, B.NONE, 60)
    assert stage.player.hitbox.bottom == 9 * TILE


def test_reaching_the_exit_completes_the_level(tmp_path):
    rows = ["." * 12] * 3 + ["..P......E.."] + ["#" * 12]
    stage = Stage(load_level(write_map(tmp_path, rows), images=False))
    run(stage, B.RIGHT, 120)
    assert stage.outcome == "complete"


def test_a_button_held_when_the_level_starts_is_not_a_press(stage):
    # Z both confirms START in the menu and jumps: still held, it must not jump.
    run(stage, B.JUMP, 30)
    assert stage.player.on_ground and stage.player.vy == 0
    stage.step(B.NONE)
    stage.step(B.JUMP)
    assert stage.player.vy < 0


def test_knockback_never_carries_the_player_over_a_ledge(tmp_path):
    # A hit from the right at the edge of a scaffold over a pit: a hop on the spot,
    # not a push into the pit (which used to cost a life).
    rows = ["." * 24] * 6 + ["......P" + "." * 17, "....#######" + "." * 13] + ["." * 24] * 6
    stage = Stage(load_level(write_map(tmp_path, rows), images=False))
    player = stage.player
    for _ in range(30):
        stage.step(B.NONE)
    player.hitbox.left = 4 * TILE + 1  # a step from the scaffold's left edge
    stage.tree.remove(player)
    stage.tree.add(player)
    ledge_top = player.hitbox.bottom
    player.damage(1, stage, from_x=player.hitbox.centerx + 20)
    for _ in range(90):
        stage.step(B.NONE)
    assert player.alive and player.lives == LIVES
    assert player.hitbox.bottom == ledge_top and player.on_ground


def test_knockback_still_pushes_away_on_open_ground(tmp_path):
    rows = ["." * 30] * 6 + ["..............P" + "." * 15, "#" * 30]
    stage = Stage(load_level(write_map(tmp_path, rows), images=False))
    player = stage.player
    for _ in range(30):
        stage.step(B.NONE)
    x = player.hitbox.centerx
    player.damage(1, stage, from_x=x + 20)
    for _ in range(30):
        stage.step(B.NONE)
    assert player.hitbox.centerx < x - 20


@pytest.mark.parametrize(
    ("held", "aim", "facing"),
    [
        (B.UP | B.RIGHT, Aim.DIAG_UP, 1),
        (B.UP | B.LEFT, Aim.DIAG_UP, -1),
        (B.DOWN | B.RIGHT, Aim.DIAG_DOWN, 1),
        (B.LEFT, Aim.FORWARD, -1),
    ],
)
def test_holding_aim_stands_and_fires_diagonally_without_walking(stage, held, aim, facing):
    """A diagonal on its own walks (Contra's rule), so a weak point up and to the side
    could only be hit in passing: the Warden's reactor, from a band a few pixels wide
    (seen playing level 1). Holding AIM on the ground stands still: the directions turn
    and aim, the gun fires along them, and letting go of AIM walks again."""
    run(stage, B.RIGHT, 120)  # to the middle of the field: room to shoot either way
    run(stage, B.NONE, 30)
    p = stage.player
    x = p.hitbox.centerx
    run(stage, B.AIM | held | B.FIRE, 30)
    assert p.hitbox.centerx == x and p.on_ground
    assert p.aim == aim and p.facing == facing and not p.crouching
    shots = stage.bullets.live  # (shots aimed down meet the floor at once)
    assert aim == Aim.DIAG_DOWN or shots
    assert all((b.vx > 0) == (facing > 0) for b in shots)
    if aim == Aim.DIAG_UP:
        assert all(b.vy < 0 for b in shots)
    run(stage, held, 20)
    assert (p.hitbox.centerx - x) * facing > 10  # without AIM the same keys walk


def test_aim_does_not_stop_a_jump(stage):
    """In the air AIM changes nothing: a jump carries on as it was aimed."""
    run(stage, B.NONE, 20)
    x = stage.player.hitbox.centerx
    stage.step(B.JUMP | B.RIGHT)
    run(stage, B.AIM | B.RIGHT | B.UP, 15)
    assert not stage.player.on_ground and stage.player.hitbox.centerx > x + 10
