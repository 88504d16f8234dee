"""Two players in one world: each moves, shoots and dies on their own buttons; enemies
go for the nearest player they can see; lives, comebacks, the leash and the shared
keys, checkpoints and exit."""

from __future__ import annotations

import pytest

from ascii_maps import FIELD, FLOOR, obj, write_map
from gunner.config import DT, TILE
from gunner.entities.player import LIVES, MAX_HEALTH
from gunner.hud import player_rows
from gunner.input import Buttons
from gunner.level import load_level
from gunner.stage import Stage
from gunner.world.players import LEASH_X, REVIVE_DELAY

N = Buttons.NONE
REVIVE_STEPS = round(REVIVE_DELAY / DT)


def co_op(tmp_path, objects=(), rows=None, leash=False, objective="") -> Stage:
    path = write_map(tmp_path, rows or FIELD, extra_objects="".join(objects))
    if objective:
        text = path.read_text().replace(
            "<properties>", f'<properties><property name="objective" value="{objective}"/>', 1
        )
        path.write_text(text)
    return Stage(load_level(path, images=False), players=2, leash=leash)


def run(stage: Stage, held: tuple[Buttons, Buttons], steps: int) -> None:
    for _ in range(steps):
        stage.step(held)


def kill(stage: Stage, player) -> None:
    player.shield.stop()
    player.damage(MAX_HEALTH, stage)


def test_player_two_joins_beside_player_one_on_the_floor(tmp_path):
    stage = co_op(tmp_path)
    one, two = stage.players
    assert two in stage.entities and two is not one
    assert two.hitbox.bottom == one.hitbox.bottom == FLOOR
    assert 0 < abs(two.hitbox.centerx - one.hitbox.centerx) <= 3 * TILE


def test_each_player_moves_on_their_own_buttons(tmp_path):
    stage = co_op(tmp_path)
    one, two = stage.players
    stage.players[1].hitbox.x += 10 * TILE  # room to walk left
    x1, x2 = one.hitbox.x, two.hitbox.x
    run(stage, (Buttons.RIGHT, Buttons.LEFT), 30)
    assert one.hitbox.x > x1 + TILE and one.facing == 1
    assert two.hitbox.x < x2 - TILE and two.facing == -1
    jumped = two.hitbox.bottom
    run(stage, (N, Buttons.JUMP), 8)
    assert two.hitbox.bottom < jumped - TILE and one.hitbox.bottom == FLOOR


def test_each_player_shoots_on_their_own_button_and_is_credited(tmp_path):
    stage = co_op(tmp_path)
    run(stage, (N, Buttons.FIRE), 1)
    assert stage.bullets.fired == 1
    assert [t.shots for t in stage.tallies] == [0, 1]
    run(stage, (Buttons.FIRE, N), 1)
    assert [t.shots for t in stage.tallies] == [1, 1]


def test_a_players_bullets_pass_through_the_partner(tmp_path):
    stage = co_op(tmp_path)
    one, two = stage.players
    two.hitbox.centerx = one.hitbox.centerx + 4 * TILE
    two.shield.stop()
    run(stage, (Buttons.FIRE, N), 20)
    assert two.health == MAX_HEALTH and two.alive


def test_one_player_dies_and_the_other_plays_on_then_the_first_returns_beside_them(tmp_path):
    stage = co_op(tmp_path)
    one, two = stage.players
    run(stage, (N, N), 5)
    kill(stage, two)
    assert not two.alive and one.alive and two.lives == LIVES - 1
    run(stage, (Buttons.RIGHT, N), REVIVE_STEPS - 30)
    assert not two.alive and stage.outcome is None
    run(stage, (N, N), 40)
    assert two.alive and two.health == MAX_HEALTH
    assert two.invulnerable > 0  # back blinking, briefly safe
    assert abs(two.hitbox.centerx - one.hitbox.centerx) <= 2 * TILE
    assert stage.tallies[1].deaths == 1 and stage.tallies[0].deaths == 0


def test_out_of_lives_press_jump_to_take_one_from_a_partner_with_two(tmp_path):
    stage = co_op(tmp_path)
    one, two = stage.players
    two.lives = 1
    kill(stage, two)
    run(stage, (N, N), REVIVE_STEPS + 5)
    assert not two.alive and two.lives == 0 and stage.outcome is None
    run(stage, (N, Buttons.JUMP), 1)
    assert (one.lives, two.lives) == (LIVES - 1, 1)
    run(stage, (N, N), REVIVE_STEPS + 2)
    assert two.alive


def test_no_life_to_take_from_a_partner_down_to_their_last(tmp_path):
    stage = co_op(tmp_path)
    one, two = stage.players
    one.lives, two.lives = 1, 1
    kill(stage, two)
    run(stage, (N, N), REVIVE_STEPS + 5)
    run(stage, (N, Buttons.JUMP), 1)
    run(stage, (N, N), 1)
    assert (one.lives, two.lives) == (1, 0)


def test_the_game_is_over_only_when_both_are_out(tmp_path):
    stage = co_op(tmp_path)
    one, two = stage.players
    one.lives = two.lives = 1
    kill(stage, one)
    run(stage, (N, N), REVIVE_STEPS * 2)
    assert stage.outcome is None  # player 2 still standing
    kill(stage, two)
    run(stage, (N, N), 2)
    assert stage.outcome == "dead"


def test_either_player_reaching_the_exit_ends_the_level(tmp_path):
    stage = co_op(tmp_path, [obj("Exit", 2 * TILE, FLOOR - 2 * TILE, 16, 32)])
    one, two = stage.players
    one.hitbox.x += 20 * TILE  # far from the exit; player 2 stands beside it
    two.hitbox.centerx = 3 * TILE
    run(stage, (N, Buttons.LEFT), 30)
    assert stage.outcome == "complete"


def test_a_key_either_player_holds_opens_the_door(tmp_path):
    door = obj("Door", 12 * TILE, FLOOR - 3 * TILE, 16, 48, color="red")
    stage = co_op(tmp_path, [door])
    one, two = stage.players
    one.keys.add("red")
    one.hitbox.x = 2 * TILE
    two.hitbox.right = 12 * TILE - 1
    run(stage, (N, Buttons.RIGHT), 20)
    assert next(e for e in stage.entities if e.kind == "Door").state != "closed"


def test_a_checkpoint_either_reaches_brings_a_lone_comeback_there(tmp_path):
    flag = obj("Checkpoint", 20 * TILE, FLOOR)
    stage = co_op(tmp_path, [flag])
    one, two = stage.players
    two.hitbox.centerx = 19 * TILE
    run(stage, (N, Buttons.RIGHT), 30)
    assert stage.checkpoint == (pytest.approx(20 * TILE), FLOOR)
    kill(stage, one)
    kill(stage, two)
    run(stage, (N, N), REVIVE_STEPS + 2)
    assert one.alive and two.alive
    for p in (one, two):
        assert abs(p.hitbox.centerx - 20 * TILE) <= 2 * TILE


def test_never_split_keeps_the_players_within_one_view(tmp_path):
    rows = ["." * 80] * 14 + ["..P" + "." * 77, "#" * 80]
    stage = co_op(tmp_path, rows=rows, leash=True)
    one, two = stage.players
    run(stage, (Buttons.RIGHT, N), 400)
    gap = one.hitbox.centerx - two.hitbox.centerx
    assert LEASH_X - 2 <= gap <= LEASH_X + 1e-6
    run(stage, (N, Buttons.RIGHT), 60)  # the partner catching up frees the leader
    run(stage, (Buttons.RIGHT, Buttons.RIGHT), 30)
    assert one.hitbox.centerx - two.hitbox.centerx <= LEASH_X + 1e-6
    free = co_op(tmp_path, rows=rows, leash=False)
    run(free, (Buttons.RIGHT, N), 400)
    assert free.players[0].hitbox.centerx - free.players[1].hitbox.centerx > LEASH_X + TILE


WALLED = ["." * 40] * 10 + ["." * 12 + "#" + "." * 27] * 5 + ["..P" + "." * 37, "#" * 40]


def test_an_enemy_goes_for_the_nearest_player_it_can_see(tmp_path):
    # A turret at column 16: player 1 nearer but behind the wall at column 12,
    # player 2 farther, in the open.
    turret = obj("Turret", 16 * TILE, FLOOR - TILE, 16, 16, range=400)
    stage = co_op(tmp_path, [turret], rows=WALLED)
    one, two = stage.players
    one.hitbox.centerx = 10 * TILE
    two.hitbox.centerx = 28 * TILE
    t = next(e for e in stage.entities if e.kind == "Turret")
    x, y = t.hitbox.center
    assert stage.nearest_player(x, y) is one  # nearest of all
    assert stage.nearest_player(x, y, seeing=True) is two  # nearest it can see
    run(stage, (N, N), 240)
    shots = [b for b in stage.bullets.live if b.team == "enemy"]
    assert shots and all(b.vx > 0 for b in shots)  # every shot toward player 2
    # With player 2 down, it goes for whoever is left standing.
    kill(stage, two)
    assert stage.nearest_player(x, y, seeing=True) is one


def test_a_downed_player_is_nobodys_target(tmp_path):
    stage = co_op(tmp_path)
    one, two = stage.players
    two.hitbox.centerx = one.hitbox.centerx + 20 * TILE
    kill(stage, one)
    x, y = one.hitbox.center
    assert stage.nearest_player(x, y) is two


def test_two_player_runs_hash_both_players(tmp_path):
    a, b = co_op(tmp_path), co_op(tmp_path)
    assert a.state_hash() == b.state_hash()
    b.players[1].hitbox.x += 1
    assert a.state_hash() != b.state_hash()
    run(a, (N, Buttons.JUMP), 1)
    c = co_op(tmp_path)
    run(c, (N, N), 1)
    assert a.state_hash() != c.state_hash()  # player 2's buttons are state


def test_player_two_can_leave_and_player_one_plays_on(tmp_path):
    stage = co_op(tmp_path)
    two = stage.players[1]
    stage.remove_player()
    assert stage.players == [stage.player] and two not in stage.entities
    run(stage, (Buttons.RIGHT, N), 10)
    stage.check_invariants()
    # One seat, one line of results, one view: nothing of player two stays behind.
    assert len(stage.seats) == 0 and len(stage.tallies) == 1 and stage.own_cameras == []
    assert len(stage.views()) == 1
    stage.add_player()
    assert len(stage.seats) == 1 and len(stage.tallies) == 2 and len(stage.own_cameras) == 2
    run(stage, (N, Buttons.RIGHT), 10)
    stage.check_invariants()
    assert len(stage.players) == 2


def test_the_results_credit_each_players_kills_accuracy_and_deaths(tmp_path):
    soldier = obj("Soldier", 12 * TILE, FLOOR - 2 * TILE, 16, 32, health=1)
    stage = co_op(tmp_path, [soldier])
    one, two = stage.players
    one.hitbox.centerx = 2 * TILE  # player 2 stands nearer, facing the soldier
    two.hitbox.centerx = 6 * TILE
    run(stage, (N, Buttons.FIRE), 60)
    assert stage.kills == 1
    assert [t.kills for t in stage.tallies] == [0, 1]
    kill(stage, one)
    rows = dict((label, value) for label, value, _ in player_rows(stage))
    assert rows["P1"].startswith("0 KILLS") and rows["P1"].endswith("1 DEATH")
    assert rows["P2"].startswith("1 KILLS") and "--" not in rows["P2"]
    assert rows["P2"].endswith("0 DEATHS")


def test_a_button_player_two_holds_from_the_menu_is_not_a_press(tmp_path):
    # Both confirm START with JUMP and still hold it as the level opens: nobody jumps
    # until they press it again.
    stage = co_op(tmp_path)
    one, two = stage.players
    run(stage, (Buttons.JUMP, Buttons.JUMP), 10)
    assert one.hitbox.bottom == two.hitbox.bottom == FLOOR
    run(stage, (N, N), 1)
    run(stage, (N, Buttons.JUMP), 8)
    assert two.hitbox.bottom < FLOOR - TILE and one.hitbox.bottom == FLOOR


def test_a_step_given_player_ones_buttons_only_leaves_player_two_still(tmp_path):
    # A one-player replay (or pad) driving a co-op world: player two holds nothing.
    stage = co_op(tmp_path)
    one, two = stage.players
    x2 = two.hitbox.x
    for _ in range(20):
        stage.step([Buttons.RIGHT])
    assert one.hitbox.x > x2 and two.hitbox.x == x2
