"""Gameplay defects a player could hit, each driven headless through a real stage."""

from __future__ import annotations

from ascii_maps import FLOOR, make_stage, obj, run
from gunner.config import TILE
from gunner.entities.drum import OilDrum
from gunner.input import Buttons as B


def test_the_exit_stays_shut_until_the_other_objectives_are_done(tmp_path):
    # The player starts standing in the exit; a drum far off must go first. Touching
    # the exit early must not count, or blowing the drum up anywhere would end the level.
    stage = make_stage(
        tmp_path,
        [obj("Exit", 2 * TILE, FLOOR - 32, 16, 32), obj("OilDrum", 30 * TILE + 8, FLOOR)],
        objective="destroy_drums,exit",
    )
    run(stage, B.NONE, 30)
    assert not stage.exit_reached
    assert stage.message == "OBJECTIVE NOT COMPLETE"
    assert ("exit", False, "REACH THE EXIT") in stage.objective_status()

    run(stage, B.RIGHT, 60)  # walk away from the exit, then the drum goes up
    next(e for e in stage.entities if isinstance(e, OilDrum)).damage(99, stage)
    run(stage, B.NONE, 30)
    assert stage.destroyed == {"OilDrum": 1}
    assert stage.outcome is None  # not at the exit

    run(stage, B.LEFT, 90)  # back to the exit: now it lets the player through
    assert stage.exit_reached and stage.outcome == "complete"


def test_a_checkpoint_placed_as_a_point_is_reached_and_respawns_on_the_floor(tmp_path):
    # README: a Checkpoint may be a point, its feet. Such a flag stands on the floor.
    stage = make_stage(tmp_path, [obj("Checkpoint", 20 * TILE + 8, FLOOR)])
    run(stage, B.RIGHT, 200)  # runs past the flag
    assert stage.checkpoint == (20 * TILE + 8, FLOOR)

    stage.player.die(stage)
    run(stage, B.NONE, 120)
    player = stage.player
    assert player.alive and player.on_ground
    assert player.hitbox.midbottom == (20 * TILE + 8, FLOOR)
    assert not stage.tilemap.overlaps_solid(player.hitbox)


def test_a_soldier_a_drum_lands_on_walks_out_instead_of_into_the_wall(tmp_path):
    # A drum dropping onto a soldier beside a wall used to push the soldier out along
    # its walk, through the wall tile, where it stayed stuck for good.
    rows = ["#" + "." * 38 + "#"] * 14 + ["#" + "." * 25 + "P" + "." * 12 + "#", "#" * 40]
    stage = make_stage(
        tmp_path, [obj("Soldier", TILE + 8, FLOOR), obj("OilDrum", TILE + 12, FLOOR - 60)], rows
    )
    for _ in range(120):
        stage.step(B.NONE)
        soldier = next(e for e in stage.entities if e.kind == "Soldier")
        assert not stage.tilemap.overlaps_solid(soldier.hitbox)
    drum = next(e for e in stage.entities if isinstance(e, OilDrum))
    assert not soldier.hitbox.colliderect(drum.hitbox)  # it walked clear


def test_the_player_a_drum_lands_on_stays_out_of_the_ceiling(tmp_path):
    # A low ceiling over a falling drum: the player under it must not be shoved up
    # on top of the drum and into the tiles above, but be free to walk out.
    # Ceiling on row 11, floor on row 15: 48 px of room, less than a drum and a player.
    rows = ["." * 20] * 11 + ["#" * 20, "." * 20, "..P" + "." * 17, "." * 20, "#" * 20]
    stage = make_stage(tmp_path, [obj("OilDrum", 2 * TILE + 8, FLOOR - 20)], rows)
    run(stage, B.NONE, 30)
    player = stage.player
    assert not stage.tilemap.overlaps_solid(player.hitbox)
    run(stage, B.RIGHT, 60)
    assert player.hitbox.left > 4 * TILE and player.on_ground
    assert not stage.tilemap.overlaps_solid(player.hitbox)


def test_a_checkpoint_jumped_over_is_still_reached(tmp_path):
    # Hand play of Outpost Breach: a run that hopped over a flag left it grey, and the
    # next death respawned at the checkpoint before it.
    flag_x = 20 * TILE + 8
    stage = make_stage(tmp_path, [obj("Checkpoint", flag_x, FLOOR)])
    player = stage.player
    run(stage, B.RIGHT, 1)
    while player.hitbox.right < flag_x - 3 * TILE:  # run up to a few tiles short of it
        stage.step(B.RIGHT)
    over = False
    for _ in range(90):  # jump, held, across the flag
        stage.step(B.RIGHT | B.JUMP)
        if player.hitbox.left <= flag_x <= player.hitbox.right:
            over = over or player.hitbox.bottom < FLOOR - 32  # feet above the flag's top
    assert over, "the jump did not pass over the flag"
    assert stage.checkpoint == (flag_x, FLOOR)

    stage.player.die(stage)
    run(stage, B.NONE, 150)
    assert player.alive and player.hitbox.midbottom == (flag_x, FLOOR)
