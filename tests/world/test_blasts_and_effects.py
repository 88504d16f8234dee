"""Blasts and what the stage shows of a hit: who a blast reaches and spares, how hard
the screen shakes, hit-stop, effects and their lifetimes, casings and sparks, and the
camera following the player."""

from __future__ import annotations

import pytest

from ascii_maps import FLOOR, make_stage, obj, run
from gunner.config import DT, TILE
from gunner.input import Buttons
from gunner.stage import DEATH_DELAY, EFFECTS, HITSTOP_HURT


def blast_stage(tmp_path):
    stage = make_stage(tmp_path, [obj("Soldier", 20 * TILE, FLOOR, health=9)])
    soldier = stage.entities[-1]
    return stage, soldier


def test_a_blast_reaches_exactly_its_radius(tmp_path):
    stage, soldier = blast_stage(tmp_path)
    box = soldier.hitbox
    # From a point level with its middle, 30 px from its left side.
    x, y = box.left - 30, box.centery
    stage.explode(x, y, 29.9, 2, spare_team="player")
    assert soldier.health == 9
    stage.explode(x, y, 30.1, 2, spare_team="player")
    assert soldier.health == 7
    # Diagonally off its corner: 30-40-50.
    stage.explode(box.right + 30, box.top - 40, 49.9, 1)
    assert soldier.health == 7
    stage.explode(box.right + 30, box.top - 40, 50.0, 1)
    assert soldier.health == 6
    stage.explode(box.centerx, box.centery, 50.0, 1, spare_team="enemy")
    assert soldier.health == 6  # its own side's blast spares it
    fireballs = [e for e in stage.effects if e.name == "explosion"]
    assert [f.size for f in fireballs] == [59.8, 60.2, 99.8, 100.0, 100.0]
    assert (fireballs[0].x, fireballs[0].y) == (x, y)
    assert stage.events.count("explosion") == 5


def test_screen_shake_grows_with_the_blast_and_caps(tmp_path):
    stage, _ = blast_stage(tmp_path)
    assert stage.trauma == 0.0  # a level starts still
    stage.explode(100, 40, 12.0, 0)
    assert stage.trauma == pytest.approx(12.0 / 48)
    stage.explode(100, 40, 24.0, 0)
    assert stage.trauma == pytest.approx(0.75)
    stage.explode(100, 40, 500.0, 0)
    assert stage.trauma == 1.0
    stage.step(Buttons.NONE)
    assert stage.trauma == pytest.approx(1.0 - 1.5 * DT)


def test_hit_stop_freezes_the_world_and_time_still_runs(tmp_path):
    stage = make_stage(tmp_path, [])
    run(stage, Buttons.NONE, 30)
    stage.shake(0.5)
    stage.hitstop(4)
    stage.hitstop(2)  # never shortens, never stacks
    assert stage.frozen == 4
    x, steps, time = stage.player.hitbox.x, stage.steps, stage.time
    run(stage, Buttons.RIGHT, 4)
    assert stage.player.hitbox.x == x and stage.frozen == 0
    assert stage.steps == steps + 4 and stage.time == pytest.approx(time + 4 * DT)
    assert stage.trauma == pytest.approx(0.5 - 4 * 1.5 * DT)
    stage.step(Buttons.RIGHT)
    assert stage.player.hitbox.x > x
    assert stage.pressed & Buttons.RIGHT  # the press waited for the world to move


def test_being_hurt_freezes_the_world_for_the_hurt_time(tmp_path):
    stage = make_stage(tmp_path, [])
    run(stage, Buttons.NONE, 20)
    player = stage.player
    stage.bullets.spawn(player.hitbox.centerx + 30, player.hitbox.centery, -600, 0, "enemy")
    for _ in range(5):
        stage.step(Buttons.NONE)
        if player.health < 5:
            break
    assert player.health < 5 and stage.frozen == HITSTOP_HURT


def test_effects_last_their_frames_then_go(tmp_path):
    stage = make_stage(tmp_path, [])
    stage.add_effect("impact", (100.0, 50.0))
    stage.add_effect("explosion", (200.0, 50.0), angle=30.0, size=64.0)
    assert len(stage.particles) > 0  # sparks and smoke come with them
    frames, per = EFFECTS["impact"]
    run(stage, Buttons.NONE, frames * per - 1)
    impact = [e for e in stage.effects if e.name == "impact"]
    assert len(impact) == 1 and impact[0].age == frames * per - 1
    assert impact[0].frame == frames - 1
    stage.step(Buttons.NONE)
    assert [e.name for e in stage.effects] == ["explosion"]
    assert stage.effects[0].size == 64.0 and stage.effects[0].angle == 30.0


def test_firing_throws_a_casing_but_a_rocket_does_not(tmp_path):
    stage = make_stage(tmp_path, [])
    run(stage, Buttons.NONE, 10)
    stage.particles.clear()
    stage.step(Buttons.FIRE)
    assert len(stage.particles) == 1
    stage.particles.clear()
    stage.player.equip("rocket")
    run(stage, Buttons.NONE, 30)
    stage.particles.clear()
    stage.step(Buttons.FIRE)
    assert stage.bullets.fired == 2 and len(stage.particles) == 0


def test_a_blast_reaches_exactly_its_radius_on_every_side(tmp_path):
    stage, soldier = blast_stage(tmp_path)
    box = soldier.hitbox
    spots = [
        (box.right + 30, box.centery),  # to its right
        (box.centerx, box.bottom + 30),  # under it
        (box.centerx, box.top - 30),  # over it
    ]
    for x, y in spots:
        health = soldier.health
        stage.explode(x, y, 29.9, 1)
        assert soldier.health == health
        stage.explode(x, y, 30.0, 1)
        assert soldier.health == health - 1


def test_a_blast_that_spares_the_player_still_hurts_the_soldier_beside_him(tmp_path):
    stage, soldier = blast_stage(tmp_path)
    p = stage.player
    x = (p.hitbox.centerx + soldier.hitbox.centerx) / 2
    stage.explode(x, p.hitbox.centery, 400, 2, "player")
    assert p.health == 5 and soldier.health == 7


def test_sparks_and_smoke_come_from_where_the_effect_is(tmp_path):
    stage = make_stage(tmp_path, [])
    calls = []
    stage.particles.impact = lambda x, y: calls.append(("impact", x, y))
    stage.particles.explosion = lambda x, y: calls.append(("explosion", x, y))
    stage.add_effect("impact", (100.0, 50.0))
    stage.add_effect("explosion", (200.0, 70.0), size=40.0)
    stage.add_effect("dust", (300.0, 90.0))
    assert calls == [("impact", 100.0, 50.0), ("explosion", 200.0, 70.0)]


def test_sparks_fly_and_fade_and_the_camera_follows_the_player(tmp_path):
    rows = ["." * 90] * 14 + [".." + "P" + "." * 87, "#" * 90]
    stage = make_stage(tmp_path, [], rows=rows)
    stage.add_effect("impact", (100.0, 50.0))
    assert len(stage.particles) > 0
    x = stage.camera.rect.x
    run(stage, Buttons.RIGHT, 240)
    assert len(stage.particles) == 0  # a spark lives well under a second
    assert stage.camera.rect.x > x + 100


def test_a_casing_flies_from_just_above_the_middle_of_the_gun_hand(tmp_path):
    stage = make_stage(tmp_path, [])
    run(stage, Buttons.NONE, 10)
    casings = []
    stage.particles.casing = lambda x, y, facing: casings.append((x, y, facing))
    box = stage.player.hitbox
    stage.step(Buttons.FIRE)
    assert casings == [(box.centerx, box.centery - 2, 1)]


def test_the_camera_cuts_to_the_player_on_respawn(tmp_path):
    rows = ["." * 90] * 14 + [".." + "P" + "." * 87, "#" * 90]
    stage = make_stage(tmp_path, [], rows=rows)
    run(stage, Buttons.RIGHT, 300)  # far from the checkpoint
    p = stage.player
    p.die(stage)
    for _ in range(round(DEATH_DELAY / DT) + 5):
        stage.step(Buttons.NONE)
        if p.alive:
            break
    cam = stage.camera.rect
    assert p.alive and cam.left <= p.hitbox.centerx <= cam.right
