"""Versus: two players in an arena, each the other's target; first to N kills wins, a
fallen player comes back at the spawn point furthest from the other, pickups return,
and `--check` knows an arena's rules (two spawn points, no exit needed)."""

from __future__ import annotations

import pytest

from ascii_maps import FIELD, FLOOR, obj, write_map
from gunner.check import check_file
from gunner.config import DT, TILE
from gunner.entities.player import MAX_HEALTH
from gunner.input import Buttons
from gunner.level import load_level
from gunner.maps import LevelError
from gunner.stage import Stage
from gunner.world.versus import PICKUP_RESPAWN, RESPAWN_DELAY, RIVAL

N = Buttons.NONE
BACK_STEPS = round(RESPAWN_DELAY / DT) + 2


def arena_map(tmp_path, spawns=(6, 20, 36), extra=(), mode="versus"):
    """FIELD as an arena: player 1 at tile 2, SpawnPoints at these tiles (feet on the floor)."""
    objects = [obj("SpawnPoint", x * TILE + TILE // 2, FLOOR) for x in spawns] + list(extra)
    path = write_map(tmp_path, FIELD, extra_objects="".join(objects))
    text = path.read_text().replace(
        "<properties>", f'<properties><property name="mode" value="{mode}"/>', 1
    )
    path.write_text(text)
    return path


def arena(tmp_path, kills=3, **kw) -> Stage:
    return Stage(load_level(arena_map(tmp_path, **kw), images=False), versus=kills)


def kill(stage: Stage, player) -> None:
    player.shield.stop()
    player.damage(MAX_HEALTH, stage)


def run(stage: Stage, held: tuple[Buttons, Buttons], steps: int) -> None:
    for _ in range(steps):
        stage.step(held)


def feet_tile(player) -> int:
    return int(player.hitbox.centerx // TILE)


def test_an_arena_map_plays_for_two_and_player_two_starts_furthest_from_player_one(tmp_path):
    stage = Stage(load_level(arena_map(tmp_path), images=False))  # asked for one: two play
    assert len(stage.players) == 2 and stage.arena is not None
    assert stage.arena.target == 10, "the default, unless Options says otherwise"
    one, two = stage.players
    assert feet_tile(one) == 2 and feet_tile(two) == 36
    assert two.team == RIVAL and one.team == "player"


def test_each_players_bullets_hurt_the_other_and_never_themselves(tmp_path):
    stage = arena(tmp_path, spawns=(8, 12))
    one, two = stage.players
    assert feet_tile(two) == 12
    run(stage, (Buttons.FIRE, N), 90)  # player 1 faces right, towards player 2
    assert two.health < MAX_HEALTH or stage.arena.kills[0] > 0
    assert one.health == MAX_HEALTH, "one's own bullets never hurt"
    # Player 2 turns round and fires back.
    run(stage, (N, Buttons.LEFT), 2)
    health = one.health
    run(stage, (N, Buttons.FIRE), 90)
    assert one.health < health or stage.arena.kills[1] > 0


def test_a_versus_round_ends_at_n_kills_and_the_results_name_the_winner(tmp_path):
    stage = arena(tmp_path, kills=3)
    one, two = stage.players
    for k in range(1, 4):
        kill(stage, two)
        stage.step((N, N))
        assert stage.arena.kills == [k, 0]
        if k < 3:
            assert stage.outcome is None
            run(stage, (N, N), BACK_STEPS)
            assert two.alive and two in stage.entities, "back 2 s after falling"
    assert stage.outcome == "versus" and stage.arena.winner == 0
    assert stage.tallies[0].kills == 3 and stage.tallies[1].deaths == 3
    assert stage.stats()["versus"] == {"kills": [3, 0], "target": 3, "winner": 0}


def test_a_fallen_player_comes_back_at_the_spawn_point_furthest_from_the_other(tmp_path):
    stage = arena(tmp_path, spawns=(6, 20, 36))
    one, two = stage.players
    kill(stage, two)
    run(stage, (N, N), round(RESPAWN_DELAY / DT) - 5)
    assert not two.alive, "not before 2 s"
    run(stage, (N, N), 7)
    assert two.alive and feet_tile(two) == 36, "player 1 stands at tile 2"
    # Player 1 walks right, past the middle: now the furthest spawn is at the left.
    run(stage, (Buttons.RIGHT, N), 200)
    assert feet_tile(one) >= 24  # nearer tile 36 than tile 6
    kill(stage, two)
    run(stage, (N, N), BACK_STEPS)
    assert feet_tile(two) == 6
    # And the same rule for player 1, measured from player 2.
    kill(stage, one)
    run(stage, (N, N), BACK_STEPS)
    assert one.alive and feet_tile(one) == 36 and one.lives > 0
    assert stage.arena.kills == [2, 1]


def test_a_taken_pickup_comes_back_where_it_lay(tmp_path):
    gun = obj("Pickup", 4 * TILE + TILE // 2, FLOOR, item="machinegun")
    stage = arena(tmp_path, extra=[gun])
    one = stage.players[0]
    run(stage, (Buttons.RIGHT, N), 30)
    assert one.weapon.name != "pistol" and not any(e.kind == "Pickup" for e in stage.entities)
    run(stage, (N, N), round(PICKUP_RESPAWN / DT) + 2)
    back = [e for e in stage.entities if e.kind == "Pickup"]
    assert len(back) == 1 and int(back[0].hitbox.centerx // TILE) == 4


def test_check_knows_the_arena_rules(tmp_path):
    # Two spawn points and no exit: a good arena.
    assert check_file(arena_map(tmp_path, spawns=(6, 30))) == []
    # One spawn point: refused, in one line, naming the file.
    lone = arena_map(tmp_path, spawns=(6,))
    lines = check_file(lone)
    assert len(lines) == 1 and lines[0].startswith(str(lone))
    assert "needs at least 2 SpawnPoint objects (it has 1)" in lines[0]
    with pytest.raises(LevelError, match="needs at least 2 SpawnPoint"):
        load_level(lone, images=False)
    # An unknown mode, likewise.
    odd = arena_map(tmp_path, mode="deathmatch")
    (line,) = check_file(odd)
    assert "property 'mode' is 'deathmatch'; use campaign or versus" in line


def test_one_player_and_co_op_runs_have_no_arena(tmp_path):
    path = write_map(tmp_path, FIELD)
    assert Stage(load_level(path, images=False)).arena is None
    assert Stage(load_level(path, images=False), players=2).arena is None


def test_a_versus_round_asked_for_two_players_has_two(tmp_path):
    path = arena_map(tmp_path)
    stage = Stage(load_level(path, images=False), players=2, versus=3)
    assert len(stage.players) == 2 and len(stage.seats) == 1 and len(stage.tallies) == 2
