"""The stage's own rules: a level as it starts (spawns, unknown classes, a second
player), what the debug overlay counts, death and respawn timing, the run's
end-of-level numbers, its invariants and the state it keeps between steps.

Objectives, blasts and effects, and moves near solids have files of their own here."""

from __future__ import annotations

import pygame
import pytest

from ascii_maps import FLOOR, make_stage, obj, run, unchecked_stage
from gunner.config import DT, TILE
from gunner.input import Buttons
from gunner.stage import DEATH_DELAY

ROOM = ["#" * 30] + ["#" + "." * 28 + "#"] * 6 + ["#..P" + "." * 25 + "#"] + ["#" * 30]


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
    player.lives = 2
    player.die(stage)  # the last spare life: back once more
    run(stage, Buttons.NONE, delay)
    assert player.alive and player.lives == 1 and stage.outcome is None
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


def test_the_camera_starts_on_a_player_far_from_the_maps_corner(tmp_path):
    rows = ["." * 90] * 14 + ["." * 70 + "P" + "." * 19, "#" * 90]
    stage = make_stage(tmp_path, [], rows=rows)
    p, cam = stage.player, stage.camera.rect
    assert cam.left <= p.hitbox.centerx <= cam.right and cam.left > 0


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


def test_the_overlay_starts_every_step_from_zero(tmp_path):
    stage = make_stage(tmp_path, [])
    run(stage, Buttons.NONE, 5)
    stage.player.die(stage)
    stage.step(Buttons.NONE)  # the player leaves the stage: nothing moves or looks
    stage.counters.entity_entity = stage.counters.bullet_entity = 99
    stage.tilemap.checks = 99
    stage.step(Buttons.NONE)
    assert set(stage.counters.as_dict().values()) == {0}


def test_the_end_of_run_numbers_round_to_hundredths(tmp_path):
    rows = ["." * 40] * 4 + ["..P" + "." * 37] + ["." * 40] * 10 + ["#" * 40]
    stage = make_stage(tmp_path, [], rows=rows)
    run(stage, Buttons.RIGHT, 7)  # in mid-fall: neither coordinate is a round number
    p, stats = stage.player, stage.stats()
    assert stats["player"]["x"] == round(p.hitbox.centerx, 2)
    assert stats["player"]["y"] == round(p.hitbox.bottom, 2) != round(p.hitbox.bottom, 3)


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


def test_every_shot_that_lands_counts_toward_the_players_accuracy(tmp_path):
    """The results' accuracy: shots fired and shots that hit, each hit counted once,
    whichever bullet of the run is the first to land."""
    stage = make_stage(tmp_path, [obj("Soldier", 6 * TILE, FLOOR, health=1000)])
    stage.bullets.spawn(40, 40, 0, -300, "player")  # the run's first bullet: it flies off
    run(stage, Buttons.FIRE, 40)
    tally = stage.tallies[0]
    assert tally.shots >= 3 and stage.bullets.next_id == tally.shots + 1
    assert tally.hits == tally.shots - len(stage.bullets)  # all but those still flying


def test_an_enemy_a_blast_kills_counts_for_the_level_not_as_a_players_kill(tmp_path):
    """A kill no player's bullet made (a drum's blast, a wreck's fall) counts toward the
    level's kills and objectives; the results credit no player with it."""
    stage = make_stage(tmp_path, [obj("Soldier", 12 * TILE, FLOOR, health=1)])
    run(stage, Buttons.NONE, 2)
    soldier = next(e for e in stage.entities if e.kind == "Soldier")
    stage.explode(*soldier.hitbox.center, 24, 5)
    assert not soldier.alive and stage.kills == 1
    assert stage.tallies[0].kills == 0
