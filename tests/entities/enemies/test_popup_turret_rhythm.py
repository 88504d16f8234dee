"""The pop-up turret's rhythm and aim, as a player learns them: half a second before its
first rise, `fire_rate` seconds down between rises, hurt and hurting only while up, never
rising under a player standing on its hatch, and its fan aimed from the barrel's end at
the player, or flat along its floor when the player is below it."""

from __future__ import annotations

import math

import pytest
from enemy_stages import Volley, make_stage, obj, stand

from gunner.config import TILE
from gunner.entities.popup_turret import BARREL, CLEAR, PIVOT, PopupTurret
from gunner.input import Buttons as B

SKY = "." * 30
# The player far left on the floor; the turret's floor is row 7.
FLAT = [SKY] * 6 + ["..P" + "." * 27, "#" * 30]
# The turret on a one-tile pillar (its top at row 4), over a floor three tiles lower;
# a ledge up on the right, two tiles over the pillar's top.
PILLAR = [SKY] * 2 + ["." * 22 + "####....", SKY, "." * 10 + "#" + "." * 19]
PILLAR += ["." * 10 + "#" + "." * 19] * 2 + [".P" + "." * 8 + "#" + "." * 19, "#" * 30]


def turret_on(tmp_path, rows, col, row, **props):
    stage = make_stage(tmp_path, rows, obj("PopupTurret", col, row, 1, **props))
    turret = next(e for e in stage.entities if isinstance(e, PopupTurret))
    stage.player.invulnerable = 1e9
    return stage, turret


def steps_until(stage, turret, name: str, limit: int = 600) -> int:
    """Steps (with no buttons) until the turret's stage is `name`; their count."""
    for n in range(1, limit + 1):
        stage.step(B.NONE)
        if turret.stage_name == name:
            return n
    raise AssertionError(f"never {name}")


def first_volley(stage, turret, monkeypatch) -> Volley:
    volley = Volley(stage, monkeypatch)
    for _ in range(600):
        stage.step(B.NONE)
        if volley.bullets:
            return volley
    raise AssertionError("it never fired")


def heading(vx: float, vy: float) -> float:
    """Radians anticlockwise from the right (y up on screen)."""
    return math.atan2(-vy, vx)


def test_its_first_rise_comes_half_a_second_after_the_level_starts(tmp_path) -> None:
    stage, turret = turret_on(tmp_path, FLAT, 10, 6)
    assert steps_until(stage, turret, "rising") == 30


def test_between_rises_it_stays_down_for_its_fire_rate(tmp_path) -> None:
    stage, turret = turret_on(tmp_path, FLAT, 10, 6, fire_rate=1.5)
    steps_until(stage, turret, "sinking")
    steps_until(stage, turret, "down")
    assert steps_until(stage, turret, "rising") == 90  # 1.5 s, to the step
    steps_until(stage, turret, "down")
    assert steps_until(stage, turret, "rising") == 90


def test_touching_it_hurts_only_while_it_is_up(tmp_path) -> None:
    stage, turret = turret_on(tmp_path, FLAT, 10, 6)
    player = stage.player
    player.invulnerable = 0
    seen = {}
    for _ in range(600):
        name = turret.stage_name
        if name != "down" and name not in seen:
            health = player.health
            stand(stage, turret.hitbox.centerx, turret.hitbox.bottom)  # onto it, for a step
            stage.step(B.NONE)
            seen[name] = health - player.health
            stand(stage, turret.hitbox.centerx - 6 * TILE, turret.hitbox.bottom)
            player.invulnerable = 0
        else:
            stage.step(B.NONE)
        if len(seen) == 4:
            break
    assert seen == {"rising": 0, "aiming": 1, "holding": 1, "sinking": 0}


@pytest.mark.parametrize("name", ["rising", "sinking"])
def test_rising_or_sinking_it_cannot_be_hurt(tmp_path, name) -> None:
    stage, turret = turret_on(tmp_path, FLAT, 10, 6)
    steps_until(stage, turret, name)
    assert not turret.shootable and turret.contact_damage == 0
    stage.step(B.NONE)
    assert turret.stage_name == name and not turret.shootable


def test_it_shows_itself_up_exactly_while_it_can_be_hurt(tmp_path) -> None:
    """What the art reads (`up`: the risen body and its barrel) is the turret's danger
    and chance: up on every step it can be shot and hurts by touch, and on no other."""
    stage, turret = turret_on(tmp_path, FLAT, 10, 6, fire_rate=1.0)
    shown = []
    for _ in range(300):
        stage.step(B.NONE)
        shown.append(turret.up)
        assert turret.up == turret.shootable == (turret.contact_damage > 0)
    assert True in shown and False in shown
    assert shown.index(True) > 0  # down (drawn flat in its floor) before its first rise


def test_it_stays_down_while_the_player_stands_over_its_hatch(tmp_path) -> None:
    stage, turret = turret_on(tmp_path, FLAT, 10, 6)
    x, floor = turret.hitbox.centerx, turret.hitbox.bottom
    for across in (0.0, 8.0, -8.0, CLEAR - 1, -(CLEAR - 1)):
        stand(stage, x + across, floor)
        for _ in range(60):
            stage.step(B.NONE)
            assert turret.stage_name == "down", across
    stand(stage, x + CLEAR, floor)  # a step and a half off the hatch: it rises
    assert steps_until(stage, turret, "rising", 5) <= 5


def test_its_fan_leaves_the_barrels_end_aimed_at_a_player_above(tmp_path, monkeypatch) -> None:
    stage, turret = turret_on(tmp_path, PILLAR, 10, 3)
    stand(stage, 24 * TILE, 2 * TILE)  # up on the ledge to the right
    volley = first_volley(stage, turret, monkeypatch)
    px, py = turret.hitbox.centerx, turret.hitbox.bottom - PIVOT
    tx, ty = stage.player.hitbox.center
    aim = math.atan2(py - ty, tx - px)
    assert 0.1 < aim < 1.0  # up and to the right
    assert len(volley.bullets) == 3
    x, y, vx, vy = volley.bullets[1]
    assert (x, y) == pytest.approx((px + BARREL * math.cos(aim), py - BARREL * math.sin(aim)))
    assert all((b[0], b[1]) == (x, y) for b in volley.bullets)
    assert heading(vx, vy) == pytest.approx(aim)  # the middle one at the player
    # One flash, on the middle shot, pointing its way.
    assert len(volley.flashes) == 1
    (fx, fy), angle = volley.flashes[0]
    assert (fx, fy) == (x, y) and angle == pytest.approx(math.degrees(aim))


@pytest.mark.parametrize(
    "edge, across, flat",
    [
        (11 * TILE, 96.0, 0.0),
        (11 * TILE, 56.0, 0.0),
        (11 * TILE, CLEAR, 0.0),  # steeply below: over 60 degrees down
        (10 * TILE, -CLEAR, math.pi),
        (10 * TILE, -96.0, math.pi),
    ],
)
def test_a_player_below_it_is_shot_at_flat_along_its_floor(
    tmp_path, monkeypatch, edge, across, flat
) -> None:
    """On an edge of the pillar (its centre over the edge, as a designer may place it),
    so it sees down past that edge."""
    stage = make_stage(
        tmp_path,
        PILLAR,
        f'<object id="101" type="PopupTurret" x="{edge}" y="{4 * TILE}"><point/></object>',
    )
    turret = next(e for e in stage.entities if isinstance(e, PopupTurret))
    stage.player.invulnerable = 1e9
    stand(stage, edge + across, 7 * TILE)  # on the floor three tiles below
    volley = first_volley(stage, turret, monkeypatch)
    x, y, vx, vy = volley.bullets[1]
    assert vy == pytest.approx(0.0, abs=1e-9)
    assert heading(vx, vy) == pytest.approx(flat)
