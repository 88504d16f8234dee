"""Enemies with more life: how each dies, soldiers aiming up and dropping down to chase,
drones diving.

A killed enemy is counted at once, and a `Wreck` plays its death: a soldier or rifleman
is thrown back from the shot and falls over, a drone spirals down and bursts where it
lands, a turret sparks and then blows (test_enemies.py times the turret's blast).
"""

from __future__ import annotations

import pygame
import pytest
from enemy_stages import enemy_bullets, find, make_stage, obj, run

from gunner.assets import Art
from gunner.config import TILE
from gunner.entities.enemy import FALLEN_STEPS
from gunner.input import Buttons as B
from gunner.stage import Stage

FLOOR_ROW = 11  # the floor's row in OPEN; things stand on row 10
OPEN = ["." * 40] * FLOOR_ROW + ["#" * 40]


def kill(stage: Stage, kind: str, from_x: float) -> object:
    """Kill the only `kind` with a shot from `from_x`; return its wreck."""
    (enemy,) = find(stage, kind)
    enemy.damage(enemy.health, stage, from_x)
    assert not enemy.alive
    (wreck,) = find(stage, "Wreck")
    return wreck


def steps_until_gone(stage: Stage, wreck: object, limit: int = 400) -> int:
    n = 0
    while wreck.alive and n < limit:  # type: ignore[attr-defined]
        stage.step(B.NONE)
        n += 1
    return n


@pytest.mark.parametrize("kind", ["Soldier", "Rifleman"])
def test_a_shot_soldier_is_thrown_back_falls_over_and_blinks_out(tmp_path, kind):
    stage = make_stage(tmp_path, OPEN[:10] + ["P" + "." * 39] + OPEN[11:], obj(kind, 20, 10, 1))
    stage.step(B.NONE)
    (enemy,) = find(stage, kind)
    x0 = enemy.hitbox.centerx
    wreck = kill(stage, kind, from_x=x0 - 50)  # shot from its left
    assert stage.kills == 1 and stage.destroyed == {kind: 1}  # counted at once
    assert not wreck.shootable and wreck.team == "neutral" and not wreck.solid
    tops = [wreck.hitbox.top]
    for _ in range(40):
        stage.step(B.NONE)
        tops.append(wreck.hitbox.top)
    assert wreck.hitbox.centerx > x0 + 4  # thrown away from the shot, to the right
    assert min(tops) < tops[0]  # thrown up a little first
    assert wreck.on_ground and wreck.hitbox.bottom == FLOOR_ROW * TILE  # lies on the floor
    assert wreck.facing == -1  # facing the shot, fallen on its back
    gone_after = 40 + steps_until_gone(stage, wreck)
    assert FALLEN_STEPS - 5 <= gone_after <= FALLEN_STEPS + 10
    assert not find(stage, "Wreck")


def test_a_dying_soldier_hurts_no_one_and_stops_no_bullet(tmp_path):
    rows = OPEN[:10] + [".........P" + "." * 30] + OPEN[11:]
    stage = make_stage(tmp_path, rows, obj("Soldier", 10, 10, 1, speed=0))
    stage.step(B.NONE)
    player = stage.player
    player.invulnerable = 0.0
    wreck = kill(stage, "Soldier", from_x=player.hitbox.centerx)
    health = player.health
    for _ in range(30):
        stage.step(B.NONE)
    assert player.health == health  # its body touched the player and did nothing
    hits = stage.bullets.hits
    stage.bullets.spawn(wreck.hitbox.left - 30, wreck.hitbox.centery, 400.0, 0.0, team="player")
    for _ in range(10):
        stage.step(B.NONE)
    assert stage.bullets.hits == hits  # flew through


def test_a_shot_drone_spirals_down_smoking_and_bursts_on_the_ground(tmp_path):
    stage = make_stage(tmp_path, OPEN[:10] + ["P" + "." * 39] + OPEN[11:], obj("Drone", 20, 4, 1))
    stage.step(B.NONE)
    (drone,) = find(stage, "Drone")
    bottom = drone.hitbox.bottom
    wreck = kill(stage, "Drone", from_x=drone.hitbox.centerx + 40)
    spins, smoke = set(), 0
    while wreck.alive and len(spins) < 1000:
        before = len(stage.particles)
        stage.step(B.NONE)
        smoke += len(stage.particles) > before
        spins.add(round(wreck.spin) % 360)
    assert wreck.hitbox.bottom >= FLOOR_ROW * TILE - 1 > bottom  # came down to the floor
    assert len(spins) > 8 and smoke > 5
    assert any(e.name == "explosion" for e in stage.effects)  # burst where it landed
    assert "explosion" in stage.events


@pytest.mark.parametrize("kind", ["Soldier", "Rifleman", "Drone", "Turret"])
def test_every_dying_enemy_is_drawn(tmp_path, kind):
    """Each wreck draws its death on screen (not nothing, not the living sprite's frame)."""
    stage = make_stage(tmp_path, OPEN[:10] + ["P" + "." * 39] + OPEN[11:], obj(kind, 20, 10, 1))
    stage.step(B.NONE)
    wreck = kill(stage, kind, from_x=0)
    art = Art()
    for _ in range(12):
        stage.step(B.NONE)
    surface = pygame.Surface((480, 270), pygame.SRCALPHA)
    wreck.draw(surface, (0.0, 0.0), art)
    box = wreck.hitbox.inflate(40, 40)
    assert pygame.mask.from_surface(surface.subsurface(box.clip(surface.get_rect()))).count() > 20


# -- soldiers: aiming up, dropping down ----------------------------------------------------


def shots_at(tmp_path, rows: list[str], col: int, row: int) -> list:
    """The first enemy bullets a soldier at (col, row) fires at the player in `rows`."""
    stage = make_stage(tmp_path, rows, obj("Soldier", col, row, 1, speed=0))
    stage.player.invulnerable = 1e9
    seen: list = []
    for _ in range(60 * 6):
        stage.step(B.NONE)
        seen += [(b.vx, b.vy) for b in enemy_bullets(stage) if (b.vx, b.vy) not in seen]
        if seen:
            break
    return seen


def test_a_soldier_fires_straight_up_at_a_player_above_it(tmp_path):
    # The player stands on a one-way platform: sight passes through it, as bullets do.
    rows = ["." * 40] * 4 + ["." * 19 + "P" + "." * 20, "." * 17 + "=====" + "." * 18]
    rows += ["." * 40] * 4 + ["#" * 40]
    (shot,) = shots_at(tmp_path, rows, 19, 9)[:1]
    vx, vy = shot
    assert vy < 0 and abs(vx) < 1e-6


def test_a_soldier_fires_diagonally_up_at_a_player_up_and_ahead(tmp_path):
    rows = ["." * 40] * 4 + ["." * 24 + "P" + "." * 15, "." * 22 + "=====" + "." * 13]
    rows += ["." * 40] * 4 + ["#" * 40]
    (shot,) = shots_at(tmp_path, rows, 19, 9)[:1]
    vx, vy = shot
    assert vy < 0 and vx > 0 and abs(abs(vx) - abs(vy)) < 1e-6


def test_a_soldier_never_fires_down_at_a_player_below(tmp_path):
    rows = ["." * 40] * 4 + ["." * 17 + "#####" + "." * 18] + ["." * 40] * 4
    rows += ["." * 22 + "P" + "." * 17, "#" * 40]
    stage = make_stage(tmp_path, rows, obj("Soldier", 19, 3, 1, speed=0))
    stage.player.invulnerable = 1e9
    run(stage, 6.0)
    assert "enemy_shoot" not in stage.events


# A platform (cols 10..15, row 4) over a floor (row 11); the player below it.
PLATFORM = ["." * 40] * 4 + ["." * 10 + "######" + "." * 24] + ["." * 40] * 5


def test_a_soldier_drops_off_its_ledge_to_chase_a_player_below(tmp_path):
    rows = PLATFORM + ["." * 20 + "P" + "." * 19, "#" * 40]
    stage = make_stage(tmp_path, rows, obj("Soldier", 12, 3, 1))
    stage.player.invulnerable = 1e9
    (soldier,) = find(stage, "Soldier")
    run(stage, 6.0)
    assert soldier.alive and soldier.hitbox.bottom == 11 * TILE  # down on the floor


def test_a_soldier_never_drops_into_a_pit_to_chase(tmp_path):
    """The player is below and near, on a ledge (row 11 from col 18); under the
    platform's edges the floor is 15 tiles down: it turns at the edge."""
    rows = PLATFORM + ["." * 20 + "P" + "." * 19, "." * 18 + "#" * 22] + ["." * 40] * 7
    rows += ["#" * 40]
    stage = make_stage(tmp_path, rows, obj("Soldier", 12, 3, 1))
    stage.player.invulnerable = 1e9
    (soldier,) = find(stage, "Soldier")
    run(stage, 8.0)
    assert soldier.hitbox.bottom == 4 * TILE  # still up on its platform


# -- drones dive ---------------------------------------------------------------------------


def test_a_drone_sometimes_dives_at_the_player_and_climbs_back(tmp_path):
    rows = OPEN[:10] + ["." * 20 + "P" + "." * 19] + OPEN[11:]
    stage = make_stage(tmp_path, rows, obj("Drone", 20, 3, 1, range=400))
    stage.player.invulnerable = 1e9
    (drone,) = find(stage, "Drone")
    home = drone.home[1]
    lows = []
    run(stage, 20.0, each=lambda s: lows.append(drone.hitbox.centery))
    assert max(lows) > home + 3 * TILE  # dived well below its patrol height
    assert "enemy_shoot" in stage.events  # and still shoots at other times
    # Between dives it climbs back to patrol: most of the time it is up at home.
    assert sum(abs(y - home) < 8 for y in lows) > len(lows) / 2
