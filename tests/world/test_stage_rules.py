"""The stage's own rules, pinned where the mutation run (`make mutants`) found nothing
watching: objectives and their progress text, what the debug overlay counts, blasts
(who is in reach, who is spared, how hard the screen shakes), hit-stop, effects and
their lifetimes, death and respawn timing, and the run's end-of-level numbers."""

from __future__ import annotations

import pygame
import pytest

from ascii_maps import FIELD, FLOOR, make_stage, obj, run, write_map
from gunner.config import DT, TILE
from gunner.input import Buttons
from gunner.level import load_level
from gunner.stage import DEATH_DELAY, EFFECTS, HITSTOP_HURT, HITSTOP_KILL, Stage, parse_objectives


def unchecked_stage(tmp_path, objects, second_player_x=None, objective=None):
    """A stage of a level loading would refuse (a second Player, a `boss` objective with
    no boss): the level is read valid, then changed in memory, as a tool building levels
    in memory might. The stage must still cope."""
    import copy

    path = write_map(tmp_path, FIELD, extra_objects="".join(objects))
    level = load_level(path, images=False)
    if second_player_x is not None:
        first = next(i for i, s in enumerate(level.spawns) if s.cls == "Player")
        second = copy.copy(level.spawns[first])
        second.x = second_player_x
        level.spawns.insert(first + 1, second)
    if objective is not None:
        level.properties["objective"] = objective
    return Stage(level)


ROOM = ["#" * 30] + ["#" + "." * 28 + "#"] * 6 + ["#..P" + "." * 25 + "#"] + ["#" * 30]


def test_objectives_are_read_from_the_map_property():
    assert parse_objectives(None) == ["exit"]
    assert parse_objectives("") == ["exit"]
    assert parse_objectives(" Kill_All , destroy_drums") == ["kill_all", "destroy_drums"]
    assert parse_objectives("exit,bogus") == ["exit"]
    assert parse_objectives("bogus") == ["exit"]


def test_objective_progress_counts_what_is_gone(tmp_path):
    drums = [obj("OilDrum", 200 + 40 * k, FLOOR) for k in range(2)]
    soldiers = [obj("Soldier", 500 + 40 * k, FLOOR) for k in range(4)]
    stage = make_stage(tmp_path, drums + soldiers, objective="destroy_drums,kill_all,exit")
    status = stage.objective_status()
    assert status == [
        ("destroy_drums", False, "DESTROY OIL DRUMS 0/2"),
        ("kill_all", False, "DEFEAT ENEMIES 0/4"),
        ("exit", False, "REACH THE EXIT"),
    ]
    soldier = next(e for e in stage.entities if e.kind == "Soldier")
    soldier.damage(99, stage)
    assert stage.frozen == HITSTOP_KILL  # a kill lands with a hit-stop
    drum = next(e for e in stage.entities if e.kind == "OilDrum")
    drum.alive = False
    run(stage, Buttons.NONE, HITSTOP_KILL + 1)  # the kill's hit-stop, then a step
    assert stage.objective_status()[:2] == [
        ("destroy_drums", False, "DESTROY OIL DRUMS 1/2"),
        ("kill_all", False, "DEFEAT ENEMIES 1/4"),
    ]
    assert stage.kills == 1 and stage.destroyed == {"Soldier": 1}


def test_the_exit_says_so_when_objectives_remain(tmp_path):
    stage = make_stage(tmp_path, [obj("Soldier", 500, FLOOR)], objective="kill_all,exit")
    stage.reach_exit()
    stage.step(Buttons.NONE)
    assert stage.message == "OBJECTIVE NOT COMPLETE" and not stage.exit_reached
    assert stage.message_time == 2.0
    stage.message = ""
    stage.reach_exit()
    stage.step(Buttons.NONE)
    assert stage.message == ""  # not repeated while the last one shows
    assert stage.message_time == pytest.approx(2.0 - DT)
    assert stage.outcome is None
    run(stage, Buttons.NONE, round(2.0 / DT) + 2)
    assert stage.message_time == 0.0
    stage.reach_exit()
    stage.step(Buttons.NONE)
    assert stage.message == "OBJECTIVE NOT COMPLETE"
    soldier = next(e for e in stage.entities if e.kind == "Soldier")
    soldier.damage(99, stage)
    run(stage, Buttons.NONE, HITSTOP_KILL + 1)
    assert stage.outcome is None  # the exit is still to reach
    stage.reach_exit()
    stage.step(Buttons.NONE)
    assert stage.exit_reached and stage.outcome == "complete"
    assert stage.events.count("menu_select") == 1
    stage.complete()
    assert stage.events.count("menu_select") == 1  # decided once


def test_the_overlay_counts_one_steps_checks(tmp_path):
    stage = make_stage(tmp_path, [obj("Soldier", 300 + 30 * k, FLOOR) for k in range(3)])
    for k in range(5):
        stage.bullets.spawn(100 + 10 * k, 60, 50, 0, "enemy")
    stage.step(Buttons.NONE)
    counters = stage.counters.as_dict()
    assert counters["brute_entity_entity"] == 4 * 3 // 2
    assert counters["brute_bullet_entity"] == 5 * 4
    assert counters["tile"] == stage.tilemap.checks > 0
    assert set(counters) == {
        "tile", "entity_entity", "bullet_entity", "brute_entity_entity", "brute_bullet_entity"
    }  # fmt: skip
    # A query charges exactly the candidates it tested to the counter named.
    before, checks = stage.counters.bullet_entity, stage.tree.checks
    found = stage.query(pygame.FRect(0, 0, 40 * TILE, 16 * TILE), "bullet_entity")
    assert len(found) == 4
    assert stage.counters.bullet_entity - before == stage.tree.checks - checks >= 4
    stage.counters.reset()
    assert set(stage.counters.as_dict().values()) == {0}


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


def test_death_waits_then_respawns_at_the_checkpoint_until_lives_run_out(tmp_path):
    stage = make_stage(tmp_path, [])
    run(stage, Buttons.NONE, 10)
    player = stage.player
    start = player.hitbox.midbottom
    player.hitbox.x += 100
    stage.tree.remove(player)
    stage.tree.add(player)
    lives = player.lives
    player.die(stage)
    delay = round(DEATH_DELAY / DT)  # whole steps, counted from the next one
    run(stage, Buttons.NONE, delay - 1)
    assert not player.alive and player not in stage.entities
    stage.step(Buttons.NONE)
    assert player.alive and player in stage.entities and player.lives == lives - 1
    assert player.hitbox.midbottom == pytest.approx(start)
    stage.check_invariants()
    player.lives = 1
    player.die(stage)  # the last life
    run(stage, Buttons.NONE, delay + 2)
    assert stage.outcome == "dead" and not player.alive


def test_the_end_of_run_numbers(tmp_path):
    stage = make_stage(tmp_path, [obj("Soldier", 300, FLOOR)])
    run(stage, Buttons.RIGHT, 20)
    assert stage.time == pytest.approx(20 * DT)
    stats = stage.stats()
    p = stage.player
    assert stats["frames"] == 20 and stats["entities"] == 2 and stats["bullets"] == 0
    assert stats["tree_items"] == 2 and stats["outcome"] is None and stats["kills"] == 0
    assert stats["player"] == {
        "x": round(p.hitbox.centerx, 2), "y": round(p.hitbox.bottom, 2), "alive": True
    }  # fmt: skip
    assert (stats["lives"], stats["health"]) == (p.lives, p.health)
    assert stats["collisions"] == stage.counters.as_dict()


def test_line_of_sight_sees_under_planks_and_past_dead_doors(tmp_path):
    stage = make_stage(
        tmp_path, [obj("Door", 20 * TILE, 12 * TILE, 16, 48, color="red")], rows=FIELD
    )
    door = stage.entities[-1]
    y = 13 * TILE
    assert not stage.line_of_sight(10 * TILE, y, 30 * TILE, y)
    assert not stage.line_of_sight(30 * TILE, y, 10 * TILE, y)
    assert stage.line_of_sight(10 * TILE, 5 * TILE, 30 * TILE, 5 * TILE)  # over it
    x = door.hitbox.centerx
    assert not stage.line_of_sight(x, 5 * TILE, x, 14.5 * TILE)  # straight down through it
    door.alive = False
    assert stage.line_of_sight(10 * TILE, y, 30 * TILE, y)


def test_a_map_without_a_second_player_keeps_the_first(tmp_path):
    stage = unchecked_stage(tmp_path, [], second_player_x=22 * TILE)
    assert stage.player.hitbox.centerx == 2 * TILE + 8
    assert sum(1 for e in stage.entities if e.kind == "Player") == 1
    assert stage.camera is not None


# -- a level as it starts ------------------------------------------------------------------


def test_a_level_starts_at_zero_and_its_first_step_moves_the_world(tmp_path):
    rows = ["." * 40] * 5 + ["..P" + "." * 37] + ["." * 40] * 9 + ["#" * 40]
    stage = make_stage(tmp_path, [obj("Soldier", 300, FLOOR)], rows=rows)
    p = stage.player
    assert (stage.steps, stage.time, stage.kills, stage.frozen) == (0, 0.0, 0, 0)
    assert stage.outcome is None and not stage.exit_reached and stage.destroyed == {}
    assert stage.checkpoint == p.hitbox.midbottom
    # The camera starts on the player, not sliding in from the map's corner.
    cam = stage.camera.rect
    assert cam.left <= p.hitbox.centerx <= cam.right and cam.top <= p.hitbox.centery <= cam.bottom
    y = p.hitbox.y
    stage.step(Buttons.NONE)
    assert p.hitbox.y > y and stage.steps == 1 and stage.time == pytest.approx(DT)
    assert stage.outcome is None and not stage.exit_reached


def test_unknown_map_classes_are_listed_and_the_rest_still_built(tmp_path):
    objects = [
        obj("Bogus", 100, FLOOR),
        obj("Soldier", 300, FLOOR),
        obj("Gizmo", 400, FLOOR),
        obj("OilDrum", 500, FLOOR),
    ]
    stage = make_stage(tmp_path, objects, objective="destroy_drums,kill_all")
    assert stage.unknown_classes == ["Bogus", "Gizmo"]
    assert sorted(e.kind for e in stage.entities) == ["OilDrum", "Player", "Soldier"]
    assert stage.totals == {"destroy_drums": 1, "kill_all": 1, "boss": 0}


def test_a_second_player_spawn_is_skipped_and_later_things_still_built(tmp_path):
    stage = unchecked_stage(tmp_path, [obj("Soldier", 30 * TILE, FLOOR)], second_player_x=22 * TILE)
    assert sorted(e.kind for e in stage.entities) == ["Player", "Soldier"]
    assert len({e.serial for e in stage.entities}) == 2


def test_the_boss_objective_is_done_once_the_boss_has_left_the_stage(tmp_path):
    stage = make_stage(tmp_path, [obj("Warden", 35 * TILE, FLOOR)], objective="boss")
    (boss,) = [e for e in stage.entities if getattr(e, "is_boss", False)]
    assert stage.totals["boss"] == 1
    run(stage, Buttons.NONE, 3)
    assert stage.objective_status() == [("boss", False, "DEFEAT THE BOSS")]
    assert stage.outcome is None
    boss.alive = False  # its death sequence over
    stage.step(Buttons.NONE)
    assert stage.objective_status() == [("boss", True, "DEFEAT THE BOSS")]
    assert stage.outcome == "complete"


def test_a_boss_objective_without_a_boss_is_never_done(tmp_path):
    stage = unchecked_stage(tmp_path, [obj("Soldier", 30 * TILE, FLOOR)], objective="boss")
    assert stage.totals["boss"] == 0
    run(stage, Buttons.NONE, 3)
    assert stage.objective_status() == [("boss", False, "DEFEAT THE BOSS")]
    assert stage.outcome is None


def test_the_camera_starts_on_a_player_far_from_the_maps_corner(tmp_path):
    rows = ["." * 90] * 14 + ["." * 70 + "P" + "." * 19, "#" * 90]
    stage = make_stage(tmp_path, [], rows=rows)
    p, cam = stage.player, stage.camera.rect
    assert cam.left <= p.hitbox.centerx <= cam.right and cam.left > 0


def test_a_siege_is_won_when_every_wave_is_out_and_down(tmp_path):
    gates = [obj("WaveSpawner", 30 * TILE, FLOOR, wave=w, count=1, every=0.1) for w in (1, 2)]
    stage = make_stage(tmp_path, gates, objective="waves")
    assert [s.wave for s in stage.spawners] == [1, 2]
    assert stage.objective_status() == [("waves", False, "SURVIVE WAVE 1/2")]
    stage.player.invulnerable = 1e9
    for wave in (1, 2):
        assert stage.objective_status()[0][2] == f"SURVIVE WAVE {wave}/2"
        for _ in range(300):
            stage.step(Buttons.NONE)
            if any(e.team == "enemy" for e in stage.entities):
                break
        for e in [e for e in stage.entities if e.team == "enemy"]:
            e.damage(99, stage)
        run(stage, Buttons.NONE, 5)
    assert stage.objective_status() == [("waves", True, "SURVIVE WAVE 2/2")]
    assert stage.outcome == "complete"


def test_the_invariants_catch_a_swapped_bullet_and_a_lost_position(tmp_path):
    from gunner.stage import InvariantError

    stage = make_stage(tmp_path, [])
    stage.bullets.spawn(40, 40, 100, 0, team="player")
    stage.bullets.spawn(60, 40, 100, 0, team="player")
    stage.step(Buttons.NONE)
    stage.check_invariants()
    filed = stage.tree.bullets
    first, box = filed.ids[:1].copy(), filed.boxes[:1].copy()
    filed.remove_many(first)
    filed.add_many(first + 1000, box)  # as many bullets, one of them a stranger
    with pytest.raises(InvariantError, match="bullet class holds 2 bullets, the stage 2"):
        stage.check_invariants()

    stage = make_stage(tmp_path, [])
    stage.player.die(stage)
    stage.step(Buttons.NONE)  # off the list while it waits to respawn
    stage.check_invariants()
    stage.player.hitbox.x = float("nan")
    with pytest.raises(InvariantError, match="not finite"):
        stage.check_invariants()


def test_things_keep_their_serials_and_a_drop_appears_at_the_feet_given(tmp_path):
    stage = make_stage(tmp_path, [obj("Soldier", 300, FLOOR)])
    serials = {e.kind: e.serial for e in stage.entities}
    assert serials["Player"] < serials["Soldier"]  # numbered in the order they were built
    run(stage, Buttons.NONE, 5)
    stage.player.die(stage)
    run(stage, Buttons.NONE, round(DEATH_DELAY / DT) + 1)
    assert stage.player.alive and {e.kind: e.serial for e in stage.entities} == serials
    stage.spawn("Soldier", 200.0, FLOOR)
    new = stage.entities[-1]
    assert new.serial > max(serials.values())
    assert new.hitbox.midbottom == (200.0, FLOOR)


# -- moves near and far from solids -------------------------------------------------------


def mover(x: float, bottom: float):
    """A 12x20 box with its feet at (x, bottom), filed nowhere: what Stage.move moves."""
    thing = type("Body", (), {})()
    thing.hitbox = pygame.FRect(0, 0, 12, 20)
    thing.hitbox.midbottom = (x, bottom)
    return thing


def test_a_sub_pixel_step_into_a_drum_from_flush_is_stopped(tmp_path):
    stage = make_stage(tmp_path, [obj("OilDrum", 20 * TILE, FLOOR)])
    drum = stage.entities[-1]
    box = mover(0, FLOOR)
    box.hitbox.right = drum.hitbox.left  # touching its left side
    result = stage.move(box, 0.5, 0.0)
    assert result.hit_wall == 1 and box.hitbox.right == drum.hitbox.left
    box.hitbox.left = drum.hitbox.right  # touching its right side
    result = stage.move(box, -0.5, 0.0)
    assert result.hit_wall == -1 and box.hitbox.left == drum.hitbox.right


def test_a_sliver_of_a_foot_on_a_drums_edge_still_stands_on_it(tmp_path):
    stage = make_stage(tmp_path, [obj("OilDrum", 20 * TILE, FLOOR)])
    drum = stage.entities[-1]
    box = mover(0, drum.hitbox.top)
    box.hitbox.left = drum.hitbox.right - 0.5  # half a pixel over its right edge
    result = stage.move(box, 0.0, 0.5)
    assert result.on_ground and box.hitbox.bottom == drum.hitbox.top
    box.hitbox.right = drum.hitbox.left + 0.5  # and over its left edge
    result = stage.move(box, 0.0, 0.5)
    assert result.on_ground and box.hitbox.bottom == drum.hitbox.top


def test_the_top_of_a_jump_is_not_a_landing(tmp_path):
    # Held for three steps, a jump stands still in the air for exactly one step
    # (-380 + 3 * 10 + 14 * 25 = 0 px/s): no floor there, nothing to land on.
    stage = make_stage(tmp_path, [])
    p = stage.player
    run(stage, Buttons.NONE, 10)
    run(stage, Buttons.JUMP, 3)
    speeds = []
    for _ in range(60):
        stage.step(Buttons.NONE)
        speeds.append(p.vy)
        assert p.on_ground == (p.hitbox.bottom == FLOOR)  # grounded only on the floor
    assert 0.0 in speeds and p.on_ground


def test_a_one_way_plank_in_the_way_never_lets_a_box_into_the_drum_beyond(tmp_path):
    from ascii_maps import platform, polyline

    plank = platform(313, 225, oneway=("bool", "true")) + polyline(313, 225, [(0, 0), (0, -32)])
    stage = make_stage(tmp_path, [plank, obj("OilDrum", 20 * TILE, FLOOR)])
    drum = stage.entities[-1]
    assert [e.kind for e in stage.entities][-2:] == ["MovingPlatform", "OilDrum"]
    box = mover(0, FLOOR)
    box.hitbox.right = drum.hitbox.left
    result = stage.move(box, 5.0, 0.0)  # the plank comes first, and is skipped sideways
    assert result.hit_wall == 1 and box.hitbox.right == drum.hitbox.left


def test_a_move_near_solids_is_charged_to_the_overlay(tmp_path):
    stage = make_stage(tmp_path, [obj("OilDrum", 20 * TILE, FLOOR)])
    drum = stage.entities[-1]
    box = mover(0, FLOOR)
    box.hitbox.right = drum.hitbox.left - 2
    stage.move(box, 5.0, 0.0)  # an earlier move near it: the class has counted before
    assert stage.tree.solid.checks > 0
    box.hitbox.right = drum.hitbox.left - 2
    before, checks = stage.counters.entity_entity, stage.tree.solid.checks
    stage.move(box, 5.0, 0.0)
    charged = stage.counters.entity_entity - before
    assert charged == stage.tree.solid.checks - checks > 0


def one_way_plank(tmp_path):
    from ascii_maps import platform, polyline

    plank = platform(300, 200, oneway=("bool", "true")) + polyline(300, 200, [(0, 0), (0, -32)])
    stage = make_stage(tmp_path, [plank])
    return stage, stage.entities[-1]


def test_a_one_way_plank_holds_what_settles_onto_it_from_above(tmp_path):
    stage, plank = one_way_plank(tmp_path)
    box = mover(plank.hitbox.centerx, plank.hitbox.top)  # resting on it
    result = stage.move(box, 0.0, 0.5)
    assert result.on_ground and box.hitbox.bottom == plank.hitbox.top
    box.hitbox.bottom = plank.hitbox.top - 0.25  # a slow start of a fall, just above it
    result = stage.move(box, 0.0, 0.5)
    assert result.on_ground and box.hitbox.bottom == plank.hitbox.top


def test_a_one_way_plank_never_snaps_up_what_comes_from_beside_it(tmp_path):
    stage, plank = one_way_plank(tmp_path)
    box = mover(0, plank.hitbox.top + 0.5)  # feet half a pixel below its top
    box.hitbox.right = plank.hitbox.left - 1
    result = stage.move(box, 3.0, 0.5)
    assert not result.on_ground and box.hitbox.bottom == plank.hitbox.top + 1.0


def test_a_plank_passed_on_the_way_down_never_lets_a_box_into_the_drum_below(tmp_path):
    from ascii_maps import platform, polyline

    plank = platform(320, 200, oneway=("bool", "true")) + polyline(320, 200, [(0, 0), (0, -32)])
    stage = make_stage(tmp_path, [plank, obj("OilDrum", 20 * TILE, FLOOR)])
    drum = stage.entities[-1]
    # Beside the plank (its feet below the plank's top), above the drum, moving onto both.
    box = mover(0, drum.hitbox.top - 2)
    box.hitbox.right = 318
    result = stage.move(box, 4.0, 4.0)
    assert result.on_ground and box.hitbox.bottom == drum.hitbox.top


def test_down_and_jump_on_a_drum_jumps(tmp_path):
    stage = make_stage(tmp_path, [obj("OilDrum", 20 * TILE, FLOOR)])
    drum, p = stage.entities[-1], stage.player
    stage.tree.remove(p)
    p.hitbox.midbottom = (drum.hitbox.centerx, drum.hitbox.top)
    stage.tree.add(p)
    run(stage, Buttons.NONE, 5)
    assert p.on_ground and p.hitbox.bottom == drum.hitbox.top
    stage.step(Buttons.DOWN)
    stage.step(Buttons.DOWN | Buttons.JUMP)  # only a one-way plank can be dropped through
    assert p.vy < 0 and "jump" in stage.events


def test_sight_from_just_inside_a_doors_edge_is_blocked(tmp_path):
    stage = make_stage(tmp_path, [obj("Door", 20 * TILE, 12 * TILE, 16, 48, color="red")])
    door = stage.entities[-1].hitbox
    y = door.centery
    assert not stage.line_of_sight(door.left + 0.5, y, door.left - 100, y)
    x = door.centerx
    assert not stage.line_of_sight(x, door.top + 0.5, x, door.top - 100)
    assert stage.line_of_sight(door.left - 0.5, y, door.left - 100, y)  # just outside it


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


def test_a_plank_before_a_door_never_lets_sight_through_the_door(tmp_path):
    from ascii_maps import platform, polyline

    plank = platform(240, 200, oneway=("bool", "true")) + polyline(240, 200, [(0, 0), (0, -32)])
    door = obj("Door", 20 * TILE, 12 * TILE, 16, 48, color="red")
    stage = make_stage(tmp_path, [plank, door])
    y = 204  # through the plank, then the door
    assert not stage.line_of_sight(200, y, 400, y)
    assert stage.line_of_sight(200, y, 300, y)  # the plank alone: seen under and through


def test_sparks_and_smoke_come_from_where_the_effect_is(tmp_path):
    stage = make_stage(tmp_path, [])
    calls = []
    stage.particles.impact = lambda x, y: calls.append(("impact", x, y))
    stage.particles.explosion = lambda x, y: calls.append(("explosion", x, y))
    stage.add_effect("impact", (100.0, 50.0))
    stage.add_effect("explosion", (200.0, 70.0), size=40.0)
    stage.add_effect("dust", (300.0, 90.0))
    assert calls == [("impact", 100.0, 50.0), ("explosion", 200.0, 70.0)]


def test_the_overlay_starts_every_step_from_zero(tmp_path):
    stage = make_stage(tmp_path, [])
    run(stage, Buttons.NONE, 5)
    stage.player.die(stage)
    stage.step(Buttons.NONE)  # the player leaves the stage: nothing moves or looks
    stage.counters.entity_entity = stage.counters.bullet_entity = 99
    stage.tilemap.checks = 99
    stage.step(Buttons.NONE)
    assert set(stage.counters.as_dict().values()) == {0}


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


def test_the_end_of_run_numbers_round_to_hundredths(tmp_path):
    rows = ["." * 40] * 4 + ["..P" + "." * 37] + ["." * 40] * 10 + ["#" * 40]
    stage = make_stage(tmp_path, [], rows=rows)
    run(stage, Buttons.RIGHT, 7)  # in mid-fall: neither coordinate is a round number
    p, stats = stage.player, stage.stats()
    assert stats["player"]["x"] == round(p.hitbox.centerx, 2)
    assert stats["player"]["y"] == round(p.hitbox.bottom, 2) != round(p.hitbox.bottom, 3)


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


def test_the_state_hash_covers_values_not_the_order_they_were_set_in(tmp_path):
    stage = make_stage(tmp_path, [obj("Soldier", 300, FLOOR)])
    run(stage, Buttons.NONE, 3)
    before = stage.state_hash()
    kills = stage.kills
    del stage.kills
    stage.kills = kills  # the same value, now last in the stage's attributes
    assert stage.state_hash() == before
    stage.kills += 1
    assert stage.state_hash() != before


def test_state_is_frozen_by_value_and_entities_by_reference(tmp_path):
    from types import SimpleNamespace

    from gunner.stage import freeze

    stage = make_stage(tmp_path, [obj("Soldier", 300, FLOOR)])
    soldier = stage.entities[-1]
    assert freeze(soldier) == ["entity", "Soldier", soldier.serial]
    assert freeze({"by": [soldier, stage.player]}) == {
        "by": [["entity", "Soldier", soldier.serial], ["entity", "Player", stage.player.serial]]
    }
    # Neither an entity nor data: its type's name, never its repr (which holds an address).
    assert freeze(object()) == "object"
    assert freeze(SimpleNamespace(kind="Soldier")) == "SimpleNamespace"
    assert freeze(SimpleNamespace(serial=3)) == "SimpleNamespace"
