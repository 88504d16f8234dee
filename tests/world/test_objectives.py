"""Objectives: read from the map's `objective` property, their progress text in the HUD,
the exit shut until the rest are done, and when a boss or a siege counts as done."""

from __future__ import annotations

import pytest

from ascii_maps import FLOOR, make_stage, obj, run, unchecked_stage
from gunner.config import DT, TILE
from gunner.input import Buttons
from gunner.stage import HITSTOP_KILL, parse_objectives


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


def test_the_counts_the_objectives_and_hud_read_follow_the_entity_list(tmp_path):
    """Counted once a list (World.census), not by every reader each frame: still
    right after an entity is added between steps, one dies in a step, or player 2 leaves."""
    soldiers = [obj("Soldier", 500 + 40 * k, FLOOR) for k in range(2)]
    stage = make_stage(tmp_path, [*soldiers, obj("OilDrum", 200, FLOOR)], objective="kill_all")
    census = stage.census()
    assert (census.enemies, census.kinds["OilDrum"], census.bosses) == (2, 1, [])
    assert stage.census() is census  # read again: not counted again
    x, y = stage.player.hitbox.midbottom
    stage.spawn("Soldier", x + 300, y)
    assert stage.census().enemies == 3
    next(e for e in stage.entities if e.kind == "OilDrum").alive = False
    run(stage, Buttons.NONE, 1)
    assert stage.census().kinds["OilDrum"] == 0 and stage.census().enemies == 3
    stage.add_player()
    players = stage.census().kinds["Player"]
    stage.remove_player()
    assert stage.census().kinds["Player"] == players - 1
