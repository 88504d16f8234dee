"""The kinds that change how the player moves and aims: the grenadier's arcs punish
standing still, the shieldbearer is hurt only from behind or above, and the pop-up
turret can be hurt only while it is up.
"""

from __future__ import annotations

import math

import pytest
from enemy_stages import player_bullet as bullet

from ascii_maps import write_map
from gunner.bullets import Bullet
from gunner.check import check_file
from gunner.config import DT, TILE
from gunner.entities.grenadier import Grenade, Grenadier
from gunner.entities.popup_turret import PopupTurret
from gunner.entities.shieldbearer import TURN_DELAY, Shieldbearer
from gunner.entities.sniper import LOCK_STEPS, Sniper
from gunner.input import Buttons as B
from gunner.level import load_level
from gunner.stage import Stage

SKY = "." * 40
FLAT = [SKY] * 6 + ["..P" + "." * 37, "#" * 40]


def obj(cls: str, col: int, row: int, **props: object) -> str:
    body = "".join(f'<property name="{k}" value="{v}"/>' for k, v in props.items())
    return (
        f'<object type="{cls}" x="{col * TILE + 8}" y="{(row + 1) * TILE}">'
        f"<properties>{body}</properties><point/></object>"
    )


def stage_of(tmp_path, *objects: str, rows=None) -> Stage:
    path = write_map(tmp_path, rows or FLAT, extra_objects="".join(objects))
    return Stage(load_level(path, images=False))


def find(stage: Stage, cls: type):
    return next(e for e in stage.entities if isinstance(e, cls))


def steps(stage: Stage, seconds: float, held: B = B.NONE) -> None:
    for _ in range(round(seconds / DT)):
        stage.step(held)


# -- the grenadier ---------------------------------------------------------------------------


def test_a_grenade_arcs_onto_a_player_who_stands_still(tmp_path) -> None:
    stage = stage_of(tmp_path, obj("Grenadier", 14, 6))
    player = stage.player
    heights = []
    for _ in range(round(3.0 / DT)):
        stage.step(B.NONE)
        heights += [g.hitbox.centery for g in stage.entities if isinstance(g, Grenade)]
        if player.health < 5:
            break
    assert player.health < 5, "the grenade never hurt a player standing still"
    thrown_at = heights[0]
    assert min(heights) < thrown_at - 20  # it rose before it fell: an arc, not a shot


def test_a_player_who_keeps_moving_is_not_hit(tmp_path) -> None:
    rows = [SKY] * 6 + ["..P" + "." * 37, "#" * 40]
    stage = stage_of(tmp_path, obj("Grenadier", 30, 6, fire_rate=3), rows=rows)
    start = stage.player.health
    for k in range(round(2.6 / DT)):  # thrown at where it stood; it runs on
        stage.step(B.RIGHT if k < 40 else B.LEFT)
    assert stage.player.health == start


def test_its_blast_spares_enemies_and_sets_off_drums(tmp_path) -> None:
    stage = stage_of(tmp_path, obj("Grenadier", 20, 6), obj("OilDrum", 8, 6))
    grenadier = find(stage, Grenadier)
    drum = next(e for e in stage.entities if e.kind == "OilDrum")
    x, y = drum.hitbox.midtop
    stage.add_entity(Grenade(x, y - 6, 0.0, 60.0))
    other = Grenade(grenadier.hitbox.centerx, grenadier.hitbox.top - 4, 0.0, 60.0)
    stage.add_entity(other)
    steps(stage, 0.6)
    assert grenadier.alive and grenadier.health == Grenadier.max_health
    assert drum.health < 3 or not drum.alive


def test_it_backs_away_from_a_player_too_near(tmp_path) -> None:
    rows = [SKY] * 6 + ["." * 10 + "P" + "." * 29, "#" * 40]
    stage = stage_of(tmp_path, obj("Grenadier", 14, 6, fire_rate=60), rows=rows)
    grenadier = find(stage, Grenadier)
    stage.player.invulnerable = 1e9
    start = grenadier.hitbox.centerx
    steps(stage, 2.5)
    assert grenadier.hitbox.centerx > start + 20


# -- the shieldbearer ------------------------------------------------------------------------


def test_the_shield_stops_shots_from_in_front(tmp_path) -> None:
    stage = stage_of(tmp_path, obj("Shieldbearer", 14, 6, speed=0))
    bearer = find(stage, Shieldbearer)
    stage.player.invulnerable = 1e9
    stage.player.facing = 1
    hits = stage.bullets.hits
    steps(stage, 2.0, B.FIRE)
    assert stage.bullets.hits > hits  # the shots did strike it...
    assert bearer.alive and bearer.health == Shieldbearer.max_health  # ...and did nothing


def test_it_is_hurt_from_behind_before_it_turns_round(tmp_path) -> None:
    rows = [SKY] * 6 + ["." * 30 + "P" + "." * 9, "#" * 40]
    stage = stage_of(tmp_path, obj("Shieldbearer", 20, 6, speed=0, health=20), rows=rows)
    bearer = find(stage, Shieldbearer)
    stage.step(B.NONE)
    assert bearer.facing == 1  # shield toward the player, on its right
    # The player jumps over to its left and fires at its back.
    stage.tree.remove(stage.player)
    stage.player.hitbox.midbottom = (bearer.hitbox.centerx - 5 * TILE, stage.player.hitbox.bottom)
    stage.tree.add(stage.player)
    stage.player.facing = 1
    stage.player.invulnerable = 1e9
    steps(stage, TURN_DELAY * 0.8, B.FIRE)
    assert bearer.health < 20
    steps(stage, 0.5)
    assert bearer.facing == -1  # and then it turns round


@pytest.mark.parametrize(
    ("vx", "vy", "hurts"),
    [
        (-380.0, 0.0, False),  # straight at the shield (it faces right)
        (-270.0, -270.0, False),  # up into it from below, in front
        (-270.0, 270.0, True),  # diagonally down onto it
        (0.0, 380.0, True),  # straight down from above
        (380.0, 0.0, True),  # at its back
    ],
)
def test_the_shield_covers_its_front_not_its_back_or_top(tmp_path, vx, vy, hurts) -> None:
    stage = stage_of(tmp_path, obj("Shieldbearer", 14, 6, speed=0))
    bearer = find(stage, Shieldbearer)
    bearer.facing = 1
    bearer.hit(bullet(*bearer.hitbox.center, vx, vy), stage)
    assert (bearer.health < Shieldbearer.max_health) == hurts


def test_a_blast_hurts_it_whichever_way_it_faces(tmp_path) -> None:
    stage = stage_of(tmp_path, obj("Shieldbearer", 14, 6, speed=0))
    bearer = find(stage, Shieldbearer)
    bearer.facing = -1
    x, y = bearer.hitbox.center
    stage.explode(x - 20, y, 30, 1)
    assert bearer.health == Shieldbearer.max_health - 1


# -- the pop-up turret ------------------------------------------------------------------------


def test_down_in_the_floor_it_cannot_be_hit_nor_hurt_a_player_walking_over_it(tmp_path) -> None:
    stage = stage_of(tmp_path, obj("PopupTurret", 6, 6, range=32))
    turret = find(stage, PopupTurret)
    stage.player.facing = 1
    hits = stage.bullets.hits
    steps(stage, 0.5, B.FIRE)
    assert stage.bullets.hits == hits and turret.health == PopupTurret.max_health
    assert turret.stage_name == "down"
    health = stage.player.health
    turret.reload.start(30.0)  # reloading: it stays down as the player crosses
    steps(stage, 1.0, B.RIGHT)  # across the hatch
    assert stage.player.hitbox.left > turret.hitbox.right
    assert stage.player.health == health


def test_it_rises_fires_a_fan_of_three_at_the_player_and_sinks(tmp_path) -> None:
    stage = stage_of(tmp_path, obj("PopupTurret", 14, 6))
    turret = find(stage, PopupTurret)
    stage.player.invulnerable = 1e9
    seen = set()
    fired: list[Bullet] = []
    for _ in range(round(3.0 / DT)):
        before = stage.bullets.n
        stage.step(B.NONE)
        seen.add(turret.stage_name)
        fired += [stage.bullets.bullet(i) for i in range(before, stage.bullets.n)]
        if turret.stage_name == "down" and fired:
            break
    assert {"rising", "aiming", "holding", "sinking"} <= seen
    assert len(fired) == 3
    mid = math.atan2(fired[1].vy, fired[1].vx)
    turns = sorted(
        (math.atan2(b.vy, b.vx) - mid + math.pi) % (2 * math.pi) - math.pi for b in fired
    )
    assert all(b.vx < 0 for b in fired)  # at the player, on its left
    assert turns[2] - turns[0] == pytest.approx(0.32)


def test_up_it_can_be_shot_to_pieces(tmp_path) -> None:
    stage = stage_of(tmp_path, obj("PopupTurret", 12, 6))
    turret = find(stage, PopupTurret)
    stage.player.invulnerable = 1e9
    stage.player.facing = 1
    steps(stage, 8.0, B.FIRE)
    assert not turret.alive and stage.kills == 1


# -- the sniper ------------------------------------------------------------------------------


def sniper_stage(tmp_path) -> tuple[Stage, Sniper]:
    """A sniper in a window: on a ledge four tiles over the player's floor."""
    rows = list(FLAT)
    rows[3] = "." * 20 + "###" + "." * 17
    stage = stage_of(tmp_path, obj("Sniper", 20, 2), rows=rows)
    return stage, find(stage, Sniper)


def until_locked(stage: Stage, sniper: Sniper, held: B = B.NONE) -> list[tuple[float, float]]:
    """Step until the laser locks; where it pointed each step before."""
    points = []
    for _ in range(round(4.0 / DT)):
        stage.step(held)
        if sniper.locked:
            return points
        if sniper.aim:
            points.append(sniper.target)
    raise AssertionError("the sniper never locked on")


def test_the_laser_follows_the_player_then_holds_still_before_the_shot(tmp_path) -> None:
    stage, sniper = sniper_stage(tmp_path)
    stage.player.invulnerable = 1e9
    followed = until_locked(stage, sniper, B.RIGHT)
    assert len({round(x) for x, _ in followed}) > 10  # it tracked the running player
    locked = sniper.target
    for _ in range(LOCK_STEPS - 1):
        stage.step(B.LEFT)
        assert sniper.target == locked  # locked: the player's move no longer moves it


def test_a_player_who_stays_in_the_line_is_hit(tmp_path) -> None:
    stage, sniper = sniper_stage(tmp_path)
    until_locked(stage, sniper)
    steps(stage, 1.5)
    assert stage.player.health < 5


def test_a_player_who_steps_out_of_the_locked_line_is_not(tmp_path) -> None:
    stage, sniper = sniper_stage(tmp_path)
    until_locked(stage, sniper)
    steps(stage, 2.0, B.RIGHT)  # on along the floor: the shot lands behind
    assert stage.player.health == 5
    assert not sniper.aim  # it did fire


# -- the schema ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "prop", "value"),
    [
        ("Grenadier", "range", "far"),
        ("Shieldbearer", "speed", "-3"),
        ("PopupTurret", "fire_rate", "0"),
        ("Runner", "health", "lots"),
    ],
)
def test_check_names_a_mistyped_property_in_one_line(tmp_path, kind, prop, value) -> None:
    path = write_map(tmp_path, FLAT, extra_objects=obj(kind, 14, 6, **{prop: value}))
    lines = check_file(path)
    assert len(lines) == 1 and f"'{prop}'" in lines[0] and kind in lines[0], lines
