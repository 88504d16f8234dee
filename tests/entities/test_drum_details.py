"""An oil drum's details as a player meets them: the health, blast radius and damage a
designer sets, the white flash of a hit, a lit drum shot again, the fireball and smoke
of its blast, and a drum lost in a pit."""

from __future__ import annotations

from typing import Any

import pytest

from ascii_maps import FLOOR, make_stage, obj, run
from gunner.config import DT, TILE
from gunner.entities.drum import FLASH_TIME, FUSE_TIME, OilDrum
from gunner.events import HURT
from gunner.input import Buttons as B
from gunner.stage import Stage
from gunner.timer import steps


def drum_stage(tmp_path, **props: Any) -> tuple[Stage, OilDrum, list[tuple]]:  # noqa: ANN001
    """A stage with one drum at column 20 (with `props`), and the blasts it asks for."""
    stage = make_stage(tmp_path, [obj("OilDrum", 20 * TILE, FLOOR, **props)])
    (drum,) = [e for e in stage.entities if isinstance(e, OilDrum)]
    blasts: list[tuple] = []
    explode = stage.explode

    def record(x: float, y: float, radius: float, damage: int, **kw: Any) -> None:
        blasts.append((radius, damage))
        explode(x, y, radius, damage, **kw)

    stage.explode = record  # type: ignore[method-assign]
    return stage, drum, blasts


def blow(stage: Stage, drum: OilDrum) -> None:
    for _ in range(steps(FUSE_TIME) + 2):
        stage.step(B.NONE)
    assert not drum.alive


@pytest.mark.parametrize(
    ("props", "hits", "blast"),
    [
        ({}, 3, (48.0, 3)),
        ({"health": 5, "radius": 80.0, "damage": 2}, 5, (80.0, 2)),
        ({"health": 1, "damage": 0}, 1, (48.0, 0)),
    ],
)
def test_a_drum_takes_the_hits_and_deals_the_blast_its_map_sets(
    tmp_path, props, hits, blast
) -> None:
    stage, drum, blasts = drum_stage(tmp_path, **props)
    for _ in range(hits - 1):
        drum.damage(1, stage)
    assert not drum.lit
    drum.damage(1, stage)
    assert drum.lit
    blow(stage, drum)
    assert blasts == [blast]


def test_a_hit_flashes_the_drum_white_for_a_moment(tmp_path) -> None:
    stage, drum, _ = drum_stage(tmp_path)
    drum.damage(1, stage)
    assert drum.flash
    run(stage, B.NONE, steps(FLASH_TIME))
    assert not drum.flash


def test_a_lit_drum_shot_again_still_blows_on_its_first_fuse(tmp_path) -> None:
    stage, drum, blasts = drum_stage(tmp_path)
    hurt: list[int] = []
    stage.subscribe(HURT, lambda source, amount=0, **_: hurt.append(amount))
    drum.damage(0, stage)  # a hit of nothing: no flash, no sound
    assert hurt == [] and not drum.flash
    drum.damage(3, stage)
    fuse = steps(FUSE_TIME)
    for _ in range(fuse - 1):
        stage.step(B.NONE)
        drum.damage(1, stage)  # shot again and again while it burns
    assert hurt == [3] and drum.health == 0
    stage.step(B.NONE)
    assert not drum.alive and len(blasts) == 1


def test_its_blast_shows_a_fireball_over_it_and_smoke_rolling_up(tmp_path) -> None:
    stage, drum, _ = drum_stage(tmp_path)
    x, top = drum.hitbox.centerx, drum.hitbox.top
    drum.damage(3, stage)
    blow(stage, drum)
    shown = [(e.name, e.x, e.y) for e in stage.effects if e.name in ("dust", "explosion")]
    assert ("explosion", x, top - 4) in shown
    assert ("dust", x - 5, top) in shown and ("dust", x + 5, top - 6) in shown


def test_a_drum_that_falls_into_a_pit_is_gone_without_a_blast(tmp_path) -> None:
    rows = ["." * 40] * 14 + ["..P" + "." * 37] + ["#" * 18 + "." * 4 + "#" * 18]
    stage = make_stage(tmp_path, [obj("OilDrum", 20 * TILE, 8 * TILE)], rows)
    (drum,) = [e for e in stage.entities if isinstance(e, OilDrum)]
    for _ in range(round(2.0 / DT)):
        stage.step(B.NONE)
    assert not drum.alive and drum not in stage.entities
    assert "explosion" not in stage.events and not stage.destroyed
