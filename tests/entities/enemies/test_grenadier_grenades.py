"""A grenade as the player meets it: a small ball thrown from the grenadier's hand that
lands where it was aimed, bursts once on touching the player (and is gone), and is gone
too once it falls out of the map, without a blast nobody could see."""

from __future__ import annotations

import pytest

from ascii_maps import write_map
from gunner.config import DT, TILE
from gunner.entities.grenadier import FIRST, FOLLOW, FUSE, HAND, WIND_UP, Grenade, Grenadier, lob
from gunner.events import EXPLODED, SHOT
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
    flight = 0
    while grenades(stage) and flight < round(2.0 / DT):
        stage.step(B.NONE)
        flight += 1
    assert not grenades(stage)
    ((x, y),) = blasts  # one blast, on the floor where it was aimed
    assert x == pytest.approx(target[0], abs=6) and y == pytest.approx(floor - 3, abs=4)
    # 192 px across: half a second plus a second for every 320 px.
    assert flight * DT == pytest.approx(0.5 + 192 / 320, abs=3 * DT)


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


def grenadier_stage(tmp_path, rows: list[str], col: int, **props: object) -> Stage:
    body = "".join(f'<property name="{k}" value="{v}"/>' for k, v in props.items())
    feet = (rows.index(next(r for r in rows if "P" in r)) + 1) * TILE
    thrower = (
        f'<object type="Grenadier" x="{col * TILE + 8}" y="{feet}">'
        f"<properties>{body}</properties><point/></object>"
    )
    stage = Stage(load_level(write_map(tmp_path, rows, extra_objects=thrower), images=False))
    stage.player.invulnerable = 1e9  # stands there whatever lands
    return stage


def test_it_throws_on_its_rhythm_standing_still_to_throw_and_backs_off_between(
    tmp_path,
) -> None:
    # The player 40 px to its right: near enough that it backs away whenever it is not
    # winding up or throwing; a throw every second.
    rows = [SKY] * 6 + ["." * 10 + "P" + "." * 29, "#" * 40]
    stage = grenadier_stage(tmp_path, rows, 8, fire_rate=1.0)
    grenadier = next(e for e in stage.entities if isinstance(e, Grenadier))
    shots: list[int] = []
    stage.subscribe(SHOT, lambda source, **data: shots.append(step))
    thrown: list[int] = []
    xs: list[float] = []
    busy: list[bool] = []
    seen: set[int] = set()
    for step in range(round(4.0 / DT)):
        stage.step(B.NONE)
        xs.append(grenadier.hitbox.x)
        busy.append(bool(grenadier.wind_up or grenadier.follow))  # as it moved this step
        new = [g for g in grenades(stage) if id(g) not in seen]
        seen.update(id(g) for g in new)
        if new:
            thrown.append(step)
            assert grenadier.follow.left == round(FOLLOW / DT)  # the throwing pose, in steps
    assert grenadier.facing == 1  # toward the player
    assert shots == thrown and len(thrown) >= 2
    assert thrown[0] * DT == pytest.approx(FIRST + WIND_UP, abs=2 * DT)
    assert (thrown[1] - thrown[0]) * DT == pytest.approx(1.0 + WIND_UP, abs=2 * DT)
    moves = [b - a for a, b in zip(xs, xs[1:], strict=False)]
    assert all(m == 0 for m, held in zip(moves, busy[1:], strict=False) if held)
    after = thrown[0] + round(FOLLOW / DT) + 2
    assert xs[after + 10] < xs[after]  # the pose over, it backs away again


def test_it_stands_with_the_player_beyond_arms_length_and_never_backs_off_a_ledge(
    tmp_path,
) -> None:
    far = [SKY] * 6 + ["." * 20 + "P" + "." * 19, "#" * 40]  # 128 px away
    stage = grenadier_stage(tmp_path, far, 12, fire_rate=60)
    grenadier = next(e for e in stage.entities if isinstance(e, Grenadier))
    start = grenadier.hitbox.x
    for _ in range(round(0.7 / DT)):  # before its first wind-up
        stage.step(B.NONE)
        assert grenadier.hitbox.x == start
    # Backing away from a player 48 px off, to a drop behind it: it stops with its
    # trailing foot at the floor's end (x 80 on the left, 560 on the right).
    left = [SKY] * 6 + ["." * 10 + "P" + "." * 29, "." * 5 + "#" * 35]
    stage = grenadier_stage(tmp_path, left, 7, fire_rate=60)
    grenadier = next(e for e in stage.entities if isinstance(e, Grenadier))
    lefts = []
    for _ in range(round(3.0 / DT)):
        stage.step(B.NONE)
        assert grenadier.alive and grenadier.on_ground
        lefts.append(grenadier.hitbox.left)
    assert min(lefts) == 80
    right = [SKY] * 6 + ["." * 29 + "P" + "." * 10, "#" * 35 + "." * 5]
    stage = grenadier_stage(tmp_path, right, 32, fire_rate=60)
    grenadier = next(e for e in stage.entities if isinstance(e, Grenadier))
    rights = []
    for _ in range(round(3.0 / DT)):
        stage.step(B.NONE)
        assert grenadier.alive and grenadier.on_ground
        rights.append(grenadier.hitbox.right)
    assert max(rights) == 559


def test_a_map_sets_its_range_and_it_throws_at_no_one_out_of_it(tmp_path) -> None:
    rows = [SKY] * 6 + ["." * 25 + "P" + "." * 14, "#" * 40]  # 160 px to its right
    for reach, throws in ((150, False), (170, True)):
        stage = grenadier_stage(tmp_path, rows, 15, range=reach)
        for _ in range(round(2.0 / DT)):
            stage.step(B.NONE)
        assert bool(grenades(stage)) == throws, reach
