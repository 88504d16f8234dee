"""The turret as a designer placing one in Tiled, and a player facing it, would see it:
where it bolts itself, how fast its barrel swings, how far it can turn, and its rhythm."""

from __future__ import annotations

import math

import pytest
from enemy_stages import enemy_bullets, find, make_stage, obj, shot_steps

from gunner.config import DT
from gunner.entities.turret import ARC, BARREL, BURST, BURST_GAP, TURN_SPEED, angle_diff
from gunner.input import Buttons as B


def test_angle_diff_is_the_shortest_signed_turn():
    assert angle_diff(0.25, 0.0) == pytest.approx(0.25)
    assert angle_diff(0.0, 0.25) == pytest.approx(-0.25)
    # Across the +-pi seam the short way round, never the long one.
    assert angle_diff(math.pi - 0.1, -math.pi + 0.1) == pytest.approx(-0.2)
    assert angle_diff(-math.pi + 0.1, math.pi - 0.1) == pytest.approx(0.2)
    assert angle_diff(1.5 * math.pi, 0.0) == pytest.approx(-0.5 * math.pi)
    for a in (-7.0, -3.0, 0.0, 2.0, 9.5):
        for b in (-4.0, 0.5, 6.0):
            d = angle_diff(a, b)
            assert -math.pi <= d < math.pi
            assert math.cos(d) == pytest.approx(math.cos(a - b))
            assert math.sin(d) == pytest.approx(math.sin(a - b))


MOUNT_ROOM = [
    "############",
    "#..........#",
    "#..........#",
    "#.........P#",
    "############",
]


def test_a_turret_bolts_itself_to_the_floor_ceiling_or_wall_it_touches(tmp_path):
    """Floor first, then ceiling, then the wall beside it; in mid-air it acts as on a floor."""
    spots = {"floor": (3, 3), "ceiling": (5, 1), "left": (1, 2), "right": (10, 2), "air": (6, 2)}
    normals = {"floor": -math.pi / 2, "ceiling": math.pi / 2, "left": 0.0, "right": math.pi}
    for name, (col, row) in spots.items():
        (tmp_path / name).mkdir()
        stage = make_stage(tmp_path / name, MOUNT_ROOM, obj("Turret", col, row, 1, range=1))
        stage.step(B.NONE)
        turret = find(stage, "Turret")[0]
        expected = "floor" if name == "air" else name
        assert turret.mount == expected, name
        # Out of range of the player, the barrel rests along its mount's outward normal.
        assert math.cos(turret.angle) == pytest.approx(math.cos(normals[expected]), abs=1e-9)
        assert math.sin(turret.angle) == pytest.approx(math.sin(normals[expected]), abs=1e-9)


OPEN_FLOOR = [
    "####################",
    "#..................#",
    "#..................#",
    "#..................#",
    "#..P...............#",
    "####################",
]


def test_the_barrel_swings_toward_the_player_at_its_turn_speed(tmp_path):
    stage = make_stage(tmp_path, OPEN_FLOOR, obj("Turret", 11, 4, 1))
    turret = find(stage, "Turret")[0]
    stage.player.invulnerable = 1e9
    for steps in range(1, 13):
        stage.step(B.NONE)
        # From straight up, it turns anticlockwise toward the player on its left.
        swung = angle_diff(-math.pi / 2, turret.angle)
        assert swung == pytest.approx(steps * TURN_SPEED * DT)


def test_bursts_of_three_shots_then_a_pause_of_fire_rate(tmp_path):
    stage = make_stage(tmp_path, OPEN_FLOOR, obj("Turret", 11, 4, 1, fire_rate=2.0))
    stage.player.invulnerable = 1e9
    fired = shot_steps(stage, 5.0)
    assert len(fired) == 2 * BURST
    gaps = [b - a for a, b in zip(fired, fired[1:], strict=False)]
    within, between = gaps[: BURST - 1] + gaps[BURST:], gaps[BURST - 1]
    assert all(abs(g * DT - BURST_GAP) <= DT for g in within), gaps
    # The pause runs from the burst's last shot to the next burst's first.
    assert abs(between * DT - 2.0) <= 2 * DT, gaps
    # The first burst waits half a fire_rate from the start (the barrel is on target
    # well before: its swing takes under 0.6 s), so a player walking in can react.
    assert abs(fired[0] * DT - 1.0) <= 2 * DT, fired


def test_shots_leave_the_barrel_tip_toward_the_player(tmp_path):
    stage = make_stage(tmp_path, OPEN_FLOOR, obj("Turret", 11, 4, 1))
    turret = find(stage, "Turret")[0]
    stage.player.invulnerable = 1e9
    for _ in range(round(2.0 / DT)):
        stage.step(B.NONE)
        if stage.events.count("enemy_shoot"):
            break
    flash = [e for e in stage.effects if e.name == "muzzle_flash"][-1]
    cx, cy = turret.hitbox.center
    assert math.hypot(flash.x - cx, flash.y - cy) == pytest.approx(BARREL)
    (bullet,) = enemy_bullets(stage)
    # The flash sits on the line the bullet flies along, on the player's side.
    assert bullet.vx < 0
    along = math.atan2(bullet.vy, bullet.vx)
    assert angle_diff(math.atan2(flash.y - cy, flash.x - cx), along) == pytest.approx(0, abs=1e-6)
    px, py = stage.player.hitbox.center
    assert abs(angle_diff(math.atan2(py - cy, px - cx), along)) < math.radians(8)


PILLAR = [
    "####################",
    "#..................#",
    "#..................#",
    "#.............#....#",
    "#.............#....#",
    "#.......P.....#....#",
    "####################",
]


def test_a_player_below_the_turrets_reach_is_never_fired_at(tmp_path):
    """A floor turret cannot aim down into its own mount: it stops at the end of its arc."""
    stage = make_stage(tmp_path, PILLAR, obj("Turret", 14, 2, 1))
    turret = find(stage, "Turret")[0]
    stage.player.invulnerable = 1e9
    for _ in range(round(3.0 / DT)):
        stage.step(B.NONE)
        assert not stage.events.count("enemy_shoot")
    assert turret.mount == "floor"
    assert angle_diff(turret.angle, -math.pi / 2) == pytest.approx(-ARC)
