"""The exact edges of the shieldbearer's rules, where a player standing just so finds
them: the step where it stops at a ledge (its probe is one pixel past its toes), a
player right on its x or half a pixel in front, a player exactly LEVEL px above it, the
slowest shots at its back or down onto it, and the flash of a hit that gets through."""

from __future__ import annotations

import pytest
from enemy_stages import make_stage, obj, player_bullet, stand

from gunner.config import DT, TILE
from gunner.entities.enemy import FLASH_TIME
from gunner.entities.shieldbearer import LEVEL, Shieldbearer
from gunner.input import Buttons as B

SKY = "." * 40
FLAT = [SKY] * 6 + ["..P" + "." * 37, "#" * 40]
# A ledge (columns 20-27) three tiles over the floor the player walks on.
LEDGE = [SKY] * 4 + ["." * 20 + "#" * 8 + "." * 12] + [SKY] * 2 + ["#" * 40]


def bearer_on(tmp_path, rows, col, row, **props) -> tuple:
    stage = make_stage(tmp_path, rows, obj("Shieldbearer", col, row, 1, **props))
    bearer = next(e for e in stage.entities if isinstance(e, Shieldbearer))
    stage.player.invulnerable = 1e9
    return stage, bearer


def fired_within(stage, seconds: float) -> bool:
    before = stage.events.count("enemy_shoot")
    for _ in range(round(seconds / DT)):
        stage.step(B.NONE)
    return stage.events.count("enemy_shoot") > before


@pytest.mark.parametrize("player_col", [2, 38])
def test_it_stops_with_its_toes_at_the_ledges_edge(tmp_path, player_col) -> None:
    """It looks one pixel past its toes and walks while there is floor there: it stops
    less than one step's walk (28 px/s: under half a pixel) short of that pixel."""
    rows = list(LEDGE)
    rows[6] = "." * player_col + "P" + "." * (39 - player_col)
    stage, bearer = bearer_on(tmp_path, rows, 24, 3)
    for _ in range(round(6.0 / DT)):
        stage.step(B.NONE)
    assert bearer.vx == 0.0 and bearer.hitbox.bottom == 4 * TILE
    if player_col < 20:
        assert 20 * TILE - 0.5 < bearer.hitbox.left <= 20 * TILE
    else:
        assert 28 * TILE - 1 <= bearer.hitbox.right < 28 * TILE - 0.5


def test_a_player_right_on_its_x_is_on_its_right_and_not_in_front_of_its_slot(tmp_path) -> None:
    stage, bearer = bearer_on(tmp_path, FLAT, 14, 6, speed=0)
    stand(stage, bearer.hitbox.centerx, stage.player.hitbox.bottom)
    stage.step(B.NONE)
    assert bearer.facing == 1  # a tie counts as the right
    assert not fired_within(stage, 3.0)


def test_a_player_half_a_pixel_in_front_is_in_front(tmp_path) -> None:
    stage, bearer = bearer_on(tmp_path, FLAT, 14, 6, speed=0)
    stand(stage, bearer.hitbox.centerx + 0.5, stage.player.hitbox.bottom)
    stage.step(B.NONE)
    assert bearer.facing == 1
    assert fired_within(stage, 3.0)


@pytest.mark.parametrize(("rise", "sees"), [(LEVEL, True), (LEVEL + 0.5, False)])
def test_it_fires_at_a_player_exactly_level_px_above_it_and_no_higher(tmp_path, rise, sees) -> None:
    stage, bearer = bearer_on(tmp_path, FLAT, 14, 6, speed=0)
    stage.step(B.NONE)
    assert bearer.facing == -1
    player = stage.player
    stand(stage, bearer.hitbox.centerx - 4 * TILE, stage.player.hitbox.bottom)
    stage.tree.remove(player)
    player.hitbox.centery = bearer.hitbox.centery - rise
    stage.tree.add(player)
    assert bearer._sees(stage) is sees


@pytest.mark.parametrize(
    ("vx", "vy", "hurts"),
    [
        (0.5, 0.0, True),  # drifting into its back, however slowly
        (0.0, 0.5, True),  # sinking onto it from above, however slowly
        (0.0, 0.0, False),  # at rest against it: the shield
    ],
)
def test_the_slowest_shots_at_its_back_or_from_above_still_hurt(tmp_path, vx, vy, hurts) -> None:
    stage, bearer = bearer_on(tmp_path, FLAT, 14, 6, speed=0)
    bearer.facing = 1
    bearer.hit(player_bullet(*bearer.hitbox.center, vx, vy), stage)
    assert (bearer.health < Shieldbearer.max_health) == hurts


def test_a_hit_in_the_back_flashes_it_for_a_moment(tmp_path) -> None:
    stage, bearer = bearer_on(tmp_path, FLAT, 14, 6, speed=0)
    stage.step(B.NONE)
    bearer.hit(player_bullet(*bearer.hitbox.center, 380.0 * bearer.facing, 0.0), stage)
    assert bearer.flash
    for _ in range(round(FLASH_TIME / DT)):
        stage.step(B.NONE)
    assert not bearer.flash


def test_it_stands_still_through_the_whole_turn_delay(tmp_path) -> None:
    stage, bearer = bearer_on(tmp_path, FLAT, 14, 6, speed=30)
    stage.step(B.NONE)
    assert bearer.facing == -1 and bearer.vx < 0  # walking at the player on its left
    stand(stage, bearer.hitbox.centerx + 4 * TILE, stage.player.hitbox.bottom)
    still = []
    while bearer.facing == -1:
        stage.step(B.NONE)
        still.append(bearer.vx == 0.0)
    assert len(still) > 1 and all(still[:-1])  # then it walks the new way at once
    assert bearer.vx == 30.0
