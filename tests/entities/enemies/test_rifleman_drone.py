"""The rifleman and the drone as a player meets them: where a shot leaves the gun, the
rhythm of fire a designer sets, the drone's bob, patrol and chase."""

from __future__ import annotations

import math

import pytest
from enemy_stages import HANGAR, enemy_bullets, find, make_stage, obj, shot_steps

from gunner.config import DT, TILE
from gunner.entities.drone import (
    BOB,
    BOB_RATE,
    CHASE_GAP,
    FIRE_EVERY,
    HUNT_HEIGHT,
    HUNT_LAYER,
    PATROL,
)
from gunner.entities.rifleman import MUZZLES
from gunner.input import Buttons as B

ROOM = ["#" * 30] + ["#" + "." * 28 + "#"] * 9 + ["#....P.......................#", "#" * 30]


def first_flash(stage, seconds: float = 3.0):
    """Step until the first enemy shot; return its muzzle flash and the step it came on."""
    for step in range(round(seconds / DT)):
        stage.step(B.NONE)
        if stage.events.count("enemy_shoot"):
            return [e for e in stage.effects if e.name == "muzzle_flash"][-1], step
    raise AssertionError("never fired")


@pytest.mark.parametrize(
    ("ledge_row", "ledge", "rifleman", "pose"),
    [
        (None, "", (18, 10), 0),  # level with the player: forward
        (4, "#########", (9, 3), 2),  # high above him on a ledge: diagonally down
    ],
)
def test_the_riflemans_shot_leaves_the_muzzle_of_the_pose_it_shows(
    tmp_path, ledge_row, ledge, rifleman, pose
):
    rows = list(ROOM)
    if ledge_row is not None:
        rows[ledge_row] = "#" + "." * 8 + ledge + rows[ledge_row][9 + len(ledge) :]
    stage = make_stage(tmp_path, rows, obj("Rifleman", *rifleman, 1))
    stage.player.invulnerable = 1e9
    shooter = find(stage, "Rifleman")[0]
    flash, _ = first_flash(stage)
    assert shooter.facing == -1 and shooter.pose == pose
    mx, my = MUZZLES[pose]
    # The sprite is 32 px square, feet at its bottom centre, drawn mirrored facing left.
    assert flash.x == pytest.approx(shooter.hitbox.centerx - (mx - 16))
    assert flash.y == pytest.approx(shooter.hitbox.bottom - 32 + my)
    (bullet,) = enemy_bullets(stage)
    px, py = stage.player.hitbox.center
    # Aimed from the muzzle at the player's centre.
    assert math.atan2(bullet.vy, bullet.vx) == pytest.approx(
        math.atan2(py - flash.y, px - flash.x), abs=0.02
    )


def test_a_rifleman_below_aims_diagonally_up(tmp_path):
    rows = list(ROOM)
    rows[10] = "#" + "." * 28 + "#"
    rows[4] = "######" + rows[4][6:]  # the player's ledge
    rows[3] = "#....P" + rows[3][6:]
    stage = make_stage(tmp_path, rows, obj("Rifleman", 10, 10, 1))
    stage.player.invulnerable = 1e9
    shooter = find(stage, "Rifleman")[0]
    flash, _ = first_flash(stage)
    assert shooter.pose == 1
    mx, my = MUZZLES[1]
    assert (flash.x, flash.y) == pytest.approx(
        (shooter.hitbox.centerx - (mx - 16), shooter.hitbox.bottom - 32 + my)
    )
    assert enemy_bullets(stage)[0].vy < 0


def test_the_rifleman_fires_at_half_his_rate_then_at_his_rate(tmp_path):
    stage = make_stage(tmp_path, ROOM, obj("Rifleman", 18, 10, 1, fire_rate=1.0))
    stage.player.invulnerable = 1e9
    shots = shot_steps(stage, 3.2)
    assert [round(s * DT, 1) for s in shots] == [0.5, 1.5, 2.5]


def test_a_rifleman_at_the_fastest_fire_rate_a_map_may_set(tmp_path):
    stage = make_stage(tmp_path, ROOM, obj("Rifleman", 18, 10, 1, fire_rate=0.2))
    stage.player.invulnerable = 1e9
    shots = shot_steps(stage, 2.0)
    # The first at about 0.1 s, then one every 0.2 s.
    assert shots[0] * DT == pytest.approx(0.1, abs=2 * DT)
    gaps = {b - a for a, b in zip(shots, shots[1:], strict=False)}
    assert len(shots) >= 9 and gaps <= {round(0.2 / DT), round(0.2 / DT) + 1}


def test_a_rifleman_placed_in_the_air_lands_and_stands(tmp_path):
    stage = make_stage(tmp_path, ROOM, obj("Rifleman", 18, 4, 1, range=1))
    shooter = find(stage, "Rifleman")[0]
    for _ in range(round(2.0 / DT)):
        stage.step(B.NONE)
    assert shooter.hitbox.bottom == 11 * TILE and shooter.on_ground
    x = shooter.hitbox.x
    for _ in range(30):
        stage.step(B.NONE)
    assert shooter.hitbox.x == x  # a rifleman holds his spot


def test_the_drone_bobs_on_a_sine_around_its_height(tmp_path):
    stage = make_stage(tmp_path, HANGAR, obj("Drone", 20, 5, 1, range=1))
    drone = find(stage, "Drone")[0]
    home = drone.hitbox.centery
    quarter = round(math.pi / 2 / BOB_RATE / DT)
    for _ in range(quarter):
        stage.step(B.NONE)
    assert drone.hitbox.centery == pytest.approx(home + BOB, abs=0.3)  # lowest (y down)
    for _ in range(2 * quarter):
        stage.step(B.NONE)
    assert drone.hitbox.centery == pytest.approx(home - BOB, abs=0.3)  # highest


def test_the_drone_patrols_its_beat_either_side_of_home(tmp_path):
    stage = make_stage(tmp_path, HANGAR, obj("Drone", 20, 5, 1, range=1))
    drone = find(stage, "Drone")[0]
    home = drone.hitbox.centerx
    xs = []
    for _ in range(round(10.0 / DT)):
        stage.step(B.NONE)
        xs.append(drone.hitbox.centerx)
    assert max(xs) - home == pytest.approx(PATROL, abs=2)
    assert home - min(xs) == pytest.approx(PATROL, abs=2)


def test_the_drone_closes_in_over_the_player_then_hovers_and_fires_down(tmp_path):
    rows = list(HANGAR)
    rows[13] = "#" + "." * 27 + "P" + "." * 10 + "#"
    stage = make_stage(tmp_path, rows, obj("Drone", 20, 8, 1))
    drone = find(stage, "Drone")[0]
    stage.player.invulnerable = 1e9
    px = stage.player.hitbox.centerx
    shots = []
    for step in range(round(4.0 / DT)):
        stage.step(B.NONE)
        shots += [step] * (stage.events.count("enemy_shoot") - len(shots))
        if step == 20:
            assert drone.facing == 1 and drone.vx > 0  # heads for the player
    assert abs(drone.hitbox.centerx - px) <= CHASE_GAP
    assert drone.vx == 0.0  # hovering over him
    # First shot half a period after it first saw him, then one per period.
    assert shots[0] * DT == pytest.approx(FIRE_EVERY / 2, abs=2 * DT)
    assert (shots[1] - shots[0]) * DT == pytest.approx(FIRE_EVERY, abs=2 * DT)
    assert all(b.vy > 0 for b in enemy_bullets(stage))


def test_the_drone_ignores_a_player_above_it(tmp_path):
    rows = list(HANGAR)
    rows[13] = "#" + "." * 38 + "#"
    rows[3] = "#" + "." * 19 + "P" + "." * 18 + "#"
    rows[4] = "#" * 40
    rows[4] = "#" + "." * 17 + "####" + "." * 17 + "#"
    stage = make_stage(tmp_path, rows, obj("Drone", 20, 8, 1))
    for _ in range(round(3.0 / DT)):
        stage.step(B.NONE)
    assert stage.events.count("enemy_shoot") == 0
    assert not find(stage, "Drone")[0].sees_player


# A tall shaft: 30 tiles of sky over a floor 60 tiles wide, the player at its left end.
SKY = ["#" * 60] + ["#" + "." * 58 + "#"] * 30 + ["#P" + "." * 57 + "#", "#" * 60]


@pytest.mark.parametrize("hunt", [True, False])
def test_a_hunting_drone_comes_down_from_the_sky_to_the_player(tmp_path, hunt):
    """Placed 27 tiles up, beyond its 200 px sight: only a hunting drone ever comes to
    the player (a siege's drones hunt, or a wave from the sky never arrives)."""
    stage = make_stage(tmp_path, SKY, obj("Drone", 30, 4, 1, hunt=str(hunt).lower()))
    drone = find(stage, "Drone")[0]
    assert drone.hunt is hunt
    stage.player.invulnerable = 1e9
    shots = 0
    for _ in range(round(12.0 / DT)):
        stage.step(B.NONE)
        shots += stage.events.count("enemy_shoot")
    player = stage.player.hitbox
    if hunt:
        assert shots >= 1 or drone.dive  # it found him and attacked
        assert abs(drone.hitbox.centerx - player.centerx) <= PATROL
        # Over his head, within its sight (diving at him or back on its beat above him).
        assert player.top - drone.hunt_height - BOB - 1 <= drone.hitbox.centery < player.centery
        assert HUNT_HEIGHT <= drone.hunt_height <= HUNT_HEIGHT + 3 * HUNT_LAYER
        assert player.centery - drone.hitbox.bottom <= drone.range
    else:
        assert shots == 0 and drone.hitbox.top < 6 * TILE  # still up on its beat


def test_a_hunting_drone_follows_a_running_player(tmp_path):
    stage = make_stage(tmp_path, SKY, obj("Drone", 4, 26, 1, hunt="true"))
    drone = find(stage, "Drone")[0]
    stage.player.invulnerable = 1e9
    for _ in range(round(8.0 / DT)):
        stage.step(B.RIGHT)
    for _ in range(round(6.0 / DT)):  # he stops at the far wall; it catches up
        stage.step(B.NONE)
    assert stage.player.hitbox.centerx > 50 * TILE
    assert abs(drone.hitbox.centerx - stage.player.hitbox.centerx) <= PATROL


def test_a_hunting_drone_stays_in_the_players_view(tmp_path):
    """Its beat over his head is low enough that the camera shows it: a swarm of them
    never shoots him from off the top of the screen. (Ground goes on under the floor,
    so the camera frames him as it would in a level, not held up by the map's bottom.)"""
    drones = (  # at x 320-323: a swarm's four heights
        f'<object id="{110 + k}" type="Drone" x="{320 + k}" y="80"><properties>'
        '<property name="hunt" value="true"/></properties><point/></object>'
        for k in range(4)
    )
    stage = make_stage(tmp_path, SKY + ["#" * 60] * 12, *drones)
    drones = find(stage, "Drone")
    assert {d.hunt_height for d in drones} == {HUNT_HEIGHT + k * HUNT_LAYER for k in range(4)}
    stage.player.invulnerable = 1e9
    for _ in range(round(6.0 / DT)):  # they come down to him
        stage.step(B.NONE)
    for _ in range(round(6.0 / DT)):
        stage.step(B.NONE)
        view = stage.camera.rect
        assert all(view.contains(d.hitbox) for d in drones if d.alive)


def test_a_hunting_drone_let_out_high_above_comes_down_into_view_quickly(tmp_path):
    """A siege's drone gates are high over the keep: a hunting drone comes down to its
    beat as fast as it flies to one (HUNT_RUSH), so it is on the screen within 3 s of
    setting off 28 tiles up, not hanging above the view for over four."""
    stage = make_stage(
        tmp_path, SKY + ["#" * 60] * 12, obj("Drone", 2, 2, 1, hunt="true", fire_rate=60)
    )
    drone = find(stage, "Drone")[0]
    stage.player.invulnerable = 1e9
    seen = None
    for step in range(round(5.0 / DT)):
        stage.step(B.NONE)
        if seen is None and stage.camera.rect.colliderect(drone.hitbox):
            seen = step * DT
    assert seen is not None and seen <= 3.0, seen
