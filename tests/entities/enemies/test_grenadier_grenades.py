"""A grenade as the player meets it: a small ball thrown from the grenadier's hand that
lands where it was aimed, bursts once on touching the player (and is gone), and is gone
too once it falls out of the map, without a blast nobody could see."""

from __future__ import annotations

import pytest

from ascii_maps import write_map
from gunner.config import DT, TILE
from gunner.entities.grenadier import FUSE, HAND, Grenade, Grenadier, lob
from gunner.events import EXPLODED
from gunner.input import Buttons as B
from gunner.level import load_level
from gunner.stage import Stage

SKY = "." * 40


def stage_of(tmp_path, rows: list[str]) -> tuple[Stage, list[tuple[float, float]]]:
    """The stage, and the list the places of its blasts are added to."""
    stage = Stage(load_level(write_map(tmp_path, rows), images=False))
    blasts: list[tuple[float, float]] = []
    stage.subscribe(EXPLODED, lambda source, **data: blasts.append((data["x"], data["y"])))
    return stage, blasts


def grenades(stage: Stage) -> list[Grenade]:
    return [e for e in stage.entities if isinstance(e, Grenade)]


def test_a_grenade_is_a_six_pixel_ball_centred_where_it_is_thrown_from() -> None:
    grenade = Grenade(100.0, 50.0, 0.0, 0.0)
    assert grenade.hitbox.center == (100.0, 50.0) and grenade.hitbox.size == (6, 6)


def test_it_leaves_from_the_hand_of_the_grenadier_facing_the_player(tmp_path) -> None:
    rows = [SKY] * 6 + ["..P" + "." * 37, "#" * 40]
    stage = Stage(
        load_level(
            write_map(
                tmp_path,
                rows,
                extra_objects=f'<object type="Grenadier" x="{14 * TILE + 8}" y="{7 * TILE}"/>',
            ),
            images=False,
        )
    )
    grenadier = next(e for e in stage.entities if isinstance(e, Grenadier))
    for _ in range(round(3.0 / DT)):
        hand = (
            grenadier.hitbox.centerx + HAND[0] * grenadier.facing,
            grenadier.hitbox.bottom + HAND[1],
        )
        stage.step(B.NONE)
        if grenades(stage):
            break
    (grenade,) = grenades(stage)
    assert grenadier.facing == -1  # the player is on its left
    # Thrown this step: it flies from the next.
    assert grenade.hitbox.center == pytest.approx(hand)


def test_a_lobbed_grenade_bursts_where_it_was_aimed(tmp_path) -> None:
    stage, blasts = stage_of(tmp_path, [SKY] * 6 + ["P" + "." * 39, "#" * 40])
    stage.player.hitbox.x = 2  # out of the way, at the left wall
    floor = 7 * TILE
    start, target = (20 * TILE, 5 * TILE), (32 * TILE, floor - 2)
    stage.add_entity(Grenade(*start, *lob(*start, *target)))
    for _ in range(round(2.0 / DT)):
        stage.step(B.NONE)
    assert not grenades(stage)
    ((x, y),) = blasts  # one blast, on the floor where it was aimed
    assert x == pytest.approx(target[0], abs=6) and y == pytest.approx(floor - 3, abs=4)


def test_it_bursts_once_on_touching_the_player_and_is_gone(tmp_path) -> None:
    stage, blasts = stage_of(tmp_path, [SKY] * 6 + ["....P" + "." * 35, "#" * 40])
    player = stage.player
    health = player.health
    x, y = player.hitbox.midleft
    stage.add_entity(Grenade(x - 20, y, 600.0, -30.0))  # flat and fast, at its chest
    for _ in range(round(0.5 / DT)):
        stage.step(B.NONE)
    assert not grenades(stage)
    assert len(blasts) == 1 and blasts[0][1] < y + 4  # at the chest, not on the floor
    assert player.health == health - 1


def test_a_grenade_that_falls_out_of_the_map_is_gone_without_a_blast(tmp_path) -> None:
    rows = [SKY] * 6 + ["P" + "." * 39, "#" * 20 + "...." + "#" * 16]
    stage, blasts = stage_of(tmp_path, rows)
    stage.add_entity(Grenade(22 * TILE, 7 * TILE, 0.0, 200.0))  # down the pit
    for _ in range(round(FUSE / 2 / DT)):
        stage.step(B.NONE)
    assert not grenades(stage) and blasts == []
