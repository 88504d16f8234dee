"""An advancing grenadier (a siege wave's, or one a map marks `advance`) as a player
meets it: out of its hold it walks at the player at ADVANCE_SPEED, facing the way it
walks, from either side; once the player is down it neither walks nor throws."""

from __future__ import annotations

import pytest
from enemy_stages import make_stage, obj, run

from gunner.entities.grenadier import ADVANCE_SPEED, Grenade, Grenadier
from gunner.input import Buttons as B

WIDE = 80
COL = 40  # the grenadier's column


def field(player_col: int) -> list[str]:
    return (
        ["." * WIDE] * 10 + ["." * player_col + "P" + "." * (WIDE - 1 - player_col)] + ["#" * WIDE]
    )


def advancing(tmp_path, player_col: int):
    rows = field(player_col)
    stage = make_stage(tmp_path, rows, obj("Grenadier", COL, 10, 1, advance="true", fire_rate=60))
    stage.player.invulnerable = 1e9
    grenadier = next(e for e in stage.entities if isinstance(e, Grenadier))
    assert grenadier.advance
    return stage, grenadier


@pytest.mark.parametrize("way", [1, -1])
def test_out_of_reach_it_walks_at_the_player_facing_the_way_it_walks(tmp_path, way) -> None:
    stage, grenadier = advancing(tmp_path, COL + way * 30)  # 480 px off: out of its reach
    run(stage, 0.2)  # settled on its floor
    start = grenadier.hitbox.centerx
    facings = set()
    for _ in range(60):
        stage.step(B.NONE)
        facings.add(grenadier.facing)
    assert facings == {way}
    assert (grenadier.hitbox.centerx - start) * way == pytest.approx(ADVANCE_SPEED, abs=1.0)


@pytest.mark.parametrize("down", [False, True])
def test_once_the_player_is_down_it_neither_walks_nor_throws(tmp_path, down) -> None:
    """The player 15 tiles off (inside its throw, beyond every rank's hold): alive, it
    walks in and throws; down (for the second and more before the player is back), it
    stands where it is and throws nothing."""
    stage, grenadier = advancing(tmp_path, COL + 15)
    run(stage, 0.5)  # its first throw 0.3 s off, if it still has someone to throw at
    stage.player.alive = not down
    start = grenadier.hitbox.centerx
    thrown = 0
    for _ in range(60):
        stage.step(B.NONE)
        thrown += sum(isinstance(e, Grenade) for e in stage.entities)
    moved = grenadier.hitbox.centerx - start
    if down:
        assert not stage.player.alive, "the player came back before the test ended"
        assert moved == 0.0 and thrown == 0
    else:
        assert moved > 0 and thrown > 0
