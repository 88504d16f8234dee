"""How far above and below a grenadier throws, to the pixel: a player standing exactly
REACH_UP over its feet (8 tiles: a ledge a designer can place) or exactly REACH_DOWN
under them (12 tiles) is in its reach; a pixel further is not."""

from __future__ import annotations

import pytest
from enemy_stages import make_stage, obj, stand

from gunner.config import TILE
from gunner.entities.grenadier import REACH_DOWN, REACH_UP, Grenadier
from gunner.input import Buttons as B

ROWS = ["." * 40] * 29 + ["..P" + "." * 37, "#" * 40]


@pytest.mark.parametrize(
    ("dy", "reached"),
    [(-REACH_UP, True), (-REACH_UP - 1, False), (REACH_DOWN, True), (REACH_DOWN + 1, False)],
)
def test_it_throws_exactly_reach_up_above_and_reach_down_below(tmp_path, dy, reached) -> None:
    stage = make_stage(tmp_path, ROWS, obj("Grenadier", 20, 15, 1))
    grenadier = next(e for e in stage.entities if isinstance(e, Grenadier))
    feet = grenadier.hitbox.bottom
    assert feet == 16 * TILE
    stand(stage, grenadier.hitbox.centerx + 4 * TILE, feet + dy)
    assert grenadier.in_reach(stage) == reached


def test_a_player_straight_over_it_is_faced_right_like_every_kind_on_that_tie(tmp_path) -> None:
    """On a ledge 5 tiles up at exactly its x (as runners and a generator's arrivals take
    the same tie), it turns from its start facing (left) to the right."""
    rows = ["." * 40] * 29 + ["..P" + "." * 37, "#" * 40]
    rows[25] = "." * 18 + "#####" + "." * 17  # the ledge over it, row 25
    stage = make_stage(tmp_path, rows, obj("Grenadier", 20, 29, 1))
    grenadier = next(e for e in stage.entities if isinstance(e, Grenadier))
    assert grenadier.facing == -1
    stand(stage, grenadier.hitbox.centerx, 25 * TILE)
    stage.player.invulnerable = 1e9
    assert grenadier.in_reach(stage)
    stage.step(B.NONE)
    assert stage.player.hitbox.centerx == grenadier.hitbox.centerx
    assert grenadier.facing == 1
