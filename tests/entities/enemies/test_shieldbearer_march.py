"""The shieldbearer's march and fire, as a player learns them: it walks at the player
at its speed and stops at a ledge's edge, braces before each shot and fires one level
shot from its slot, fires only at a player roughly level with it and in front, turns
round only after a delay, and a shot its shield stops clanks and sparks off its face."""

from __future__ import annotations

import pytest
from enemy_stages import Volley, make_stage, obj, player_bullet, stand

from gunner.config import DT, TILE
from gunner.entities.shieldbearer import (
    BRACE,
    BULLET_SPEED,
    MUZZLE,
    RECOVER,
    TURN_DELAY,
    Shieldbearer,
)
from gunner.input import Buttons as B

SKY = "." * 40
FLAT = [SKY] * 6 + ["..P" + "." * 37, "#" * 40]


def bearer_on(tmp_path, rows, col, row, **props) -> tuple:
    stage = make_stage(tmp_path, rows, obj("Shieldbearer", col, row, 1, **props))
    bearer = next(e for e in stage.entities if isinstance(e, Shieldbearer))
    stage.player.invulnerable = 1e9
    return stage, bearer


def shots(stage, monkeypatch, seconds: float, each=None) -> list[tuple[int, tuple]]:
    """(step, (x, y, vx, vy)) of every bullet spawned in `seconds` with no buttons."""
    volley = Volley(stage, monkeypatch)
    out = []
    for n in range(1, round(seconds / DT) + 1):
        before = len(volley.bullets)
        stage.step(B.NONE)
        if each:
            each(n)
        out += [(n, b) for b in volley.bullets[before:]]
    return out


def test_it_braces_then_fires_one_level_shot_from_its_slot_every_fire_rate(
    tmp_path, monkeypatch
) -> None:
    stage, bearer = bearer_on(tmp_path, FLAT, 14, 6, speed=0, fire_rate=1.5)
    still = []
    fired = shots(stage, monkeypatch, 6.0, lambda n: still.append(bearer.vx == 0))
    first = round((1.0 + BRACE) / DT)  # a second's wait, then the brace
    every = round((1.5 + BRACE) / DT)  # its fire rate, then the brace again
    assert [n for n, _ in fired] == [first, first + every, first + 2 * every]
    for _, (x, y, vx, vy) in fired:
        assert (vx, vy) == (-BULLET_SPEED, 0.0)  # level, at the player on its left
        assert (x, y) == (bearer.hitbox.centerx - MUZZLE[0], bearer.hitbox.bottom + MUZZLE[1])
    assert stage.events.count("enemy_shoot") == 3  # each with its sound


def test_it_walks_at_the_player_at_its_speed_and_stops_to_brace(tmp_path, monkeypatch) -> None:
    stage, bearer = bearer_on(tmp_path, FLAT, 30, 6, speed=30)  # too far off to fire at
    start = bearer.hitbox.centerx
    stage.step(B.NONE)
    assert bearer.vx == -30.0
    for _ in range(59):
        stage.step(B.NONE)
    assert bearer.hitbox.centerx == pytest.approx(start - 30.0, abs=0.6)
    # Once in reach it stands still to brace and fire, then walks on.
    stand(stage, bearer.hitbox.centerx - 8 * TILE, stage.player.hitbox.bottom)
    moving = []
    fired = shots(stage, monkeypatch, 3.0, lambda n: moving.append(bearer.vx != 0))
    assert fired
    n = fired[0][0]  # steps count from 1, `moving` from 0
    braced, recover = round(BRACE / DT), round(RECOVER / DT)
    assert not any(moving[n - braced - 1 : n + recover - 1])
    assert moving[n + recover - 1]


LEDGE = [SKY] * 4 + ["." * 20 + "#" * 8 + "." * 12] + [SKY] * 2 + ["#" * 40]


@pytest.mark.parametrize("player_col, side", [(2, -1), (38, 1)])
def test_it_stops_at_a_ledges_edge_rather_than_walk_off(tmp_path, player_col, side) -> None:
    """On a ledge three tiles over the floor the player walks on: too high to fire at
    them, so it walks their way, up to the edge and no further."""
    rows = list(LEDGE)
    rows[6] = "." * player_col + "P" + "." * (39 - player_col)
    stage, bearer = bearer_on(tmp_path, rows, 24, 3)
    for _ in range(round(6.0 / DT)):
        stage.step(B.NONE)
    assert bearer.hitbox.bottom == 4 * TILE, "it walked off"
    if side < 0:
        # At most one step's walk over the edge (its probe is a pixel out).
        assert 20 * TILE - 1 < bearer.hitbox.left < 20 * TILE + 2
    else:
        assert 28 * TILE - 2 < bearer.hitbox.right < 28 * TILE + 1
    assert bearer.vx == 0.0


@pytest.mark.parametrize("tiles_up, fires", [(0, True), (2, True), (3, False)])
def test_it_fires_only_at_a_player_about_level_with_it(
    tmp_path, monkeypatch, tiles_up, fires
) -> None:
    rows = [SKY] * 6 + ["." * 20 + "P" + "." * 19, "#" * 40]
    if tiles_up:
        rows[7 - tiles_up] = "#" * 8 + "." * 32  # a ledge on the left, that high
    stage, bearer = bearer_on(tmp_path, rows, 14, 6, speed=0)
    stand(stage, 4 * TILE, (7 - tiles_up) * TILE)
    assert bool(shots(stage, monkeypatch, 3.0)) == fires


def test_it_turns_round_only_after_a_delay_and_never_fires_at_its_back(
    tmp_path, monkeypatch
) -> None:
    stage, bearer = bearer_on(tmp_path, FLAT, 14, 6, speed=30)
    stage.step(B.NONE)
    assert bearer.facing == -1
    floor = stage.player.hitbox.bottom

    def steps_to_face(side: int, quiet: bool = True) -> int:
        facing: list[int] = []
        fired = shots(stage, monkeypatch, TURN_DELAY, lambda n: facing.append(bearer.facing))
        assert not (quiet and fired)  # nothing at its back meanwhile
        stage.step(B.NONE)
        return (facing + [bearer.facing]).index(side) + 1  # the first step facing `side`

    delay = round(TURN_DELAY / DT) + 1
    stand(stage, bearer.hitbox.centerx + 4 * TILE, floor)  # behind it
    assert steps_to_face(1) == delay
    # Behind it again, then a moment in front before it has turned: the next time
    # behind it, it takes the whole delay again.
    stand(stage, bearer.hitbox.centerx - 4 * TILE, floor)
    for _ in range(delay - 10):
        stage.step(B.NONE)
    stand(stage, bearer.hitbox.centerx + 4 * TILE, floor)
    stage.step(B.NONE)
    assert bearer.facing == 1
    stand(stage, bearer.hitbox.centerx - 4 * TILE, floor)
    assert steps_to_face(-1, quiet=False) == delay  # (a shot braced for goes off ahead)


def test_a_shot_its_shield_stops_clanks_and_sparks_off_its_face(tmp_path) -> None:
    stage, bearer = bearer_on(tmp_path, FLAT, 14, 6, speed=0)
    stage.step(B.NONE)
    assert bearer.facing == -1
    deflected = stage.events.count("boss_clank")
    before = len(stage.particles)
    y = bearer.hitbox.centery - 3
    bearer.hit(player_bullet(bearer.hitbox.centerx - 20, y, 380.0, 0.0), stage)
    assert bearer.health == Shieldbearer.max_health
    assert stage.events.count("boss_clank") == deflected + 1  # the clank
    assert len(stage.particles) == before + 4
    face = bearer.hitbox.centerx - (bearer.hitbox.width / 2 + 2)  # just off the shield
    alive = stage.particles.alive
    assert sorted(set(stage.particles.x[alive].tolist())) == [face]
    assert set(stage.particles.y[alive].tolist()) == {y}


@pytest.mark.parametrize(
    ("vx", "vy", "hurts"),
    [
        (0.0, -380.0, False),  # straight up from below: the shield's lower edge
        (-380.0, 40.0, False),  # a shot dipping a little into its face
        (-200.0, 100.0, True),  # falling one in two: over the shield
    ],
)
def test_the_shield_covers_shots_from_below_and_shallow_ones(tmp_path, vx, vy, hurts) -> None:
    stage, bearer = bearer_on(tmp_path, FLAT, 14, 6, speed=0)
    bearer.facing = 1
    bearer.hit(player_bullet(*bearer.hitbox.center, vx, vy), stage)
    assert (bearer.health < Shieldbearer.max_health) == hurts
