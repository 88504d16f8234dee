"""What every enemy shares, pinned where the mutation run (`make mutants`) found nothing
watching: a soldier placed in the air falls before it patrols, a hit flashes white for a
moment and costs nothing when it is no hit, a kill shakes the screen once, sight is
cached for a few steps and lost at once when the player dies or walks out of reach, and
an enemy's shot comes with its flash, sound and event."""

from __future__ import annotations

import pytest

from ascii_maps import FIELD, FLOOR, make_stage, obj, run
from gunner.config import DT, TILE
from gunner.entities.enemy import FLASH_TIME, LOS_INTERVAL
from gunner.entities.rifleman import Rifleman
from gunner.entities.soldier import Soldier
from gunner.events import SHOT
from gunner.input import Buttons as B


def soldier_stage(tmp_path, y: float = FLOOR, **props):
    stage = make_stage(tmp_path, [obj("Soldier", 25 * TILE, y, **props)])
    (soldier,) = [e for e in stage.entities if isinstance(e, Soldier)]
    return stage, soldier


def test_a_soldier_placed_in_the_air_falls_facing_where_it_was_placed(tmp_path):
    stage, soldier = soldier_stage(tmp_path, y=FLOOR - 5 * TILE)
    y = soldier.hitbox.y
    stage.step(B.NONE)
    # Not standing on anything yet: no ledge to turn at, just gravity.
    assert soldier.facing == -1 and not soldier.on_ground
    assert soldier.vy == pytest.approx(1500.0 * DT)
    assert soldier.hitbox.y - y == pytest.approx(1500.0 * DT * DT, abs=1e-4)


def test_a_hit_flashes_white_for_a_moment_and_sounds(tmp_path):
    stage, soldier = soldier_stage(tmp_path, health=5)
    run(stage, B.NONE, 2)
    stage.events.clear()
    soldier.damage(1, stage)
    assert soldier.flash and soldier.health == 4 and stage.events == ["enemy_hit"]
    flash = round(FLASH_TIME / DT)
    run(stage, B.NONE, flash - 1)
    assert soldier.flash
    stage.step(B.NONE)
    assert not soldier.flash


def test_no_damage_is_no_hit_and_a_dead_enemy_takes_none(tmp_path):
    stage, soldier = soldier_stage(tmp_path)
    run(stage, B.NONE, 2)
    stage.events.clear()
    soldier.damage(0, stage)
    assert not soldier.flash and stage.events == [] and soldier.health == 3
    soldier.damage(3, stage)
    assert not soldier.alive and stage.kills == 1
    assert stage.trauma == pytest.approx(0.15)  # a kill shakes the screen a little
    stage.events.clear()
    soldier.damage(3, stage)  # a second bullet into the falling body
    assert stage.kills == 1 and stage.events == [] and soldier.health == 0


def rifleman_stage(tmp_path, **props):
    rows = list(FIELD)
    stage = make_stage(tmp_path, [obj("Rifleman", 12 * TILE, FLOOR, **props)], rows=rows)
    (rifleman,) = [e for e in stage.entities if isinstance(e, Rifleman)]
    return stage, rifleman


def test_sight_is_lost_at_once_when_the_player_dies_or_leaves_reach(tmp_path):
    stage, rifleman = rifleman_stage(tmp_path)
    run(stage, B.NONE, 5)
    p = stage.player
    eye = (p.hitbox.centerx + 100, p.hitbox.centery)
    assert rifleman.watch(stage, eye, 100.0)  # exactly at the edge of its reach
    assert rifleman.sees_player
    assert not rifleman.watch(stage, eye, 99.9)
    assert not rifleman.sees_player and not rifleman.los_clock
    assert rifleman.watch(stage, eye, 100.0)  # back in reach: seen on the same step
    p.alive = False
    assert not rifleman.watch(stage, eye, 100.0)
    assert not rifleman.sees_player and not rifleman.los_clock
    p.alive = True
    assert rifleman.watch(stage, eye, 100.0)  # back again: seen on the same step


def test_sight_is_rechecked_every_few_steps(tmp_path):
    stage, rifleman = rifleman_stage(tmp_path)
    run(stage, B.NONE, 5)
    p = stage.player
    eye = (p.hitbox.centerx + 100, p.hitbox.centery)
    rifleman.los_clock.stop()  # due to look now
    assert rifleman.watch(stage, eye, 150.0)
    col = int((p.hitbox.centerx + 50) // TILE)
    stage.tilemap.set_cell(col, 14, 1)  # a wall rises between them
    seen = [rifleman.watch(stage, eye, 150.0) for _ in range(LOS_INTERVAL)]
    assert seen == [True] * (LOS_INTERVAL - 1) + [False]


def test_no_enemy_aims_at_a_dead_player(tmp_path):
    stage, rifleman = rifleman_stage(tmp_path, fire_rate=0.2)
    run(stage, B.NONE, 60)
    assert "enemy_shoot" in stage.events  # it fires at the living player
    stage.player.die(stage)
    stage.events.clear()
    run(stage, B.NONE, 60)
    assert "enemy_shoot" not in stage.events and not rifleman.sees_player


def test_a_rifleman_shows_no_glint_before_it_has_looked(tmp_path):
    stage, rifleman = rifleman_stage(tmp_path, fire_rate=0.2)
    assert not rifleman.sees_player and not rifleman.aiming


def test_an_enemy_shot_comes_with_its_flash_sound_and_event(tmp_path):
    stage, soldier = soldier_stage(tmp_path)
    heard = []
    stage.subscribe(SHOT, lambda source, **data: heard.append(source))
    stage.effects.clear()
    soldier.shoot(stage, 100.0, 100.0, 100.0, 40.0, speed=150.0)  # straight up
    (bullet,) = stage.bullets.live
    assert (bullet.vx, bullet.vy) == pytest.approx((0.0, -150.0))
    (flash,) = stage.effects
    assert flash.name == "muzzle_flash" and flash.angle == pytest.approx(90.0)
    assert (flash.x, flash.y) == (100.0, 100.0)
    assert stage.events == ["enemy_shoot"] and heard == [soldier]


# -- the soldier -----------------------------------------------------------------------


def test_a_fresh_soldier_shows_its_idle_frame_and_walks_from_the_first_frame(tmp_path):
    stage, soldier = soldier_stage(tmp_path)
    assert soldier.frame() == (1, 0)  # drawn before any step: standing, not yet landed
    stage.step(B.NONE)
    assert soldier.on_ground and soldier.frame() == (0, 0)
    cols = []
    for _ in range(16):
        stage.step(B.NONE)
        cols.append(soldier.frame()[1])
    assert cols[:6] == [0] * 6 and cols[-1] == 2  # 8 frames a second


def test_soldiers_placed_together_draw_their_first_shot_apart(tmp_path):
    soldiers = [obj("Soldier", (10 + 3 * k) * TILE, FLOOR, fire_rate=1.0) for k in range(6)]
    stage = make_stage(tmp_path, soldiers)
    stage.step(B.NONE)
    lefts = [e.fire_timer.left for e in stage.entities if isinstance(e, Soldier)]
    # Each first shot is 0.5 s to its fire rate away (less the step just taken).
    assert all(round(0.5 / DT) - 1 <= n <= round(1.0 / DT) - 1 for n in lefts)
    assert len(set(lefts)) > 1


def test_a_soldier_stands_after_its_shot_then_walks_on(tmp_path):
    from gunner.entities.soldier import RECOVER_TIME

    stage = make_stage(tmp_path, [obj("Soldier", 12 * TILE, FLOOR)])  # facing the player
    soldier = stage.entities[-1]
    for _ in range(300):
        stage.step(B.NONE)
        if "enemy_shoot" in stage.events:
            break
    assert stage.events.count("enemy_shoot") == 1 and soldier.vx == 0.0
    run(stage, B.NONE, round(RECOVER_TIME / DT))
    assert soldier.vx == soldier.facing * soldier.speed


def test_a_soldier_turns_with_its_leading_foot_one_pixel_past_the_edge(tmp_path):
    # A platform over columns 10-15 (x 160 to 256), walked slowly: half a pixel a step.
    rows = ["." * 30] * 6 + ["." * 10 + "#" * 6 + "." * 14] + ["." * 30] * 7
    rows += ["." * 29 + "P", "#" * 30]
    stage = make_stage(tmp_path, [obj("Soldier", 12 * TILE, 6 * TILE, speed=30)], rows=rows)
    soldier = stage.entities[-1]
    run(stage, B.NONE, 10)
    lefts, rights = [], []
    for _ in range(600):
        stage.step(B.NONE)
        lefts.append(soldier.hitbox.left)
        rights.append(soldier.hitbox.right)
    assert 160 <= min(lefts) < 161 and 255 <= max(rights) < 256


def test_a_soldier_never_drops_to_chase_a_dead_player(tmp_path):
    # Its platform over columns 10-15 (row 4); the player lies dead below, near.
    rows = ["." * 40] * 4 + ["." * 10 + "######" + "." * 24] + ["." * 40] * 5
    rows += ["." * 17 + "P" + "." * 22, "#" * 40]
    stage = make_stage(tmp_path, [obj("Soldier", 12 * TILE, 4 * TILE)], rows=rows)
    soldier = stage.entities[-1]
    stage.player.lives = 99
    stage.player.die(stage)
    for _ in range(80):  # dead for 1.5 s: long enough to reach an edge
        stage.step(B.NONE)
        assert soldier.hitbox.bottom == 4 * TILE


# -- the soldier's rules, at their edges (positions set by hand, the rule asked directly)


def posed(tmp_path, rows, sx: float, s_bottom: float, facing: int, px: float, p_top: float):
    """A soldier with its feet at (sx, s_bottom) facing `facing`, and the player's box
    centred on px with its top at p_top (nothing stepped)."""
    stage = make_stage(tmp_path, [obj("Soldier", 30 * TILE, FLOOR)], rows=rows)
    soldier = stage.entities[-1]
    soldier.hitbox.midbottom = (sx, s_bottom)
    soldier.facing = facing
    p = stage.player
    p.hitbox.centerx, p.hitbox.top = px, p_top
    for e in (soldier, p):
        stage.tree.remove(e)
        stage.tree.add(e)
    return stage, soldier


# The soldier's feet on row 4's top (y 64), a floor three rows down in one column.
def chase_rows(floor_col: int, floor_row: int = 7) -> list[str]:
    rows = ["." * 40] * 4 + ["#" * 40] + ["." * 40] * 9 + ["..P" + "." * 37, "#" * 40]
    rows = [r[:18] + "." * 22 if 4 <= k < 14 else r for k, r in enumerate(rows)]
    rows[floor_row] = "." * floor_col + "#" + "." * (39 - floor_col)
    return rows


@pytest.mark.parametrize(
    ("below", "dx", "drops"),
    [
        (0.0, 60.0, False),  # level with its feet: not below
        (0.5, 60.0, True),
        (200.0, 60.0, True),  # as far below as it chases
        (200.5, 60.0, False),
        (60.0, 0.0, False),  # straight under the edge: not to this side
        (60.0, 0.5, True),
        (60.0, 180.0, True),  # as far to the side as it chases
        (60.0, 180.5, False),
    ],
)
def test_a_soldier_chases_a_player_below_within_its_reach(tmp_path, below, dx, drops):
    # Facing right at the ledge ending at x 288; a floor lies three rows below x 288-304.
    stage, soldier = posed(tmp_path, chase_rows(18), 281.0, 64.0, 1, 281.0 + dx, 64.0 + below)
    assert bool(soldier._drop_to_chase(stage)) == drops


@pytest.mark.parametrize(
    ("facing", "edge", "floor_col", "floor_row", "drops"),
    [
        # It looks for a floor under the pixel just past its leading foot.
        (1, 159.0, 10, 7, True),  # right side 159: the pixel at 160 is column 10
        (1, 159.0, 9, 7, False),
        (1, 158.0, 9, 7, True),  # right side 158: the pixel at 159 is column 9
        (1, 158.0, 10, 7, False),
        (-1, 160.0, 9, 7, True),  # left side 160: the pixel at 159 is column 9
        (-1, 160.0, 10, 7, False),
        (-1, 161.0, 10, 7, True),  # left side 161: the pixel at 160 is column 10
        (-1, 161.0, 9, 7, False),
        (1, 159.0, 10, 5, True),  # a floor right under the ledge's own row counts
    ],
)
def test_a_soldier_drops_only_where_a_floor_lies_past_its_foot(
    tmp_path, facing, edge, floor_col, floor_row, drops
):
    sx = edge - 7 if facing > 0 else edge + 7  # the soldier is 14 px wide
    rows = chase_rows(floor_col, floor_row)
    rows[4] = "." * 40  # nothing under it: only the floor column below counts
    stage, soldier = posed(tmp_path, rows, sx, 64.0, facing, sx + facing * 40, 120.0)
    assert bool(soldier._drop_to_chase(stage)) == drops


@pytest.mark.parametrize(
    ("dx", "dy", "facing", "pose", "faces"),
    [
        (100.0, 28.0, 1, "forward", 1),  # 28 px higher still counts as level
        (100.0, -28.0, 1, "forward", 1),
        (0.0, 0.0, 1, None, 1),  # level but not ahead: right on top of it
        (0.5, 0.0, 1, "forward", 1),
        (-0.5, 0.0, -1, "forward", -1),
        (10.0, 30.0, -1, "up", 1),  # within 10 px to the side: straight up, turning
        (-20.0, 80.0, 1, "up", -1),  # steeper than 72 degrees
        (0.0, 60.0, -1, "up", 1),  # right overhead: it faces right
        (0.5, 60.0, -1, "up", 1),
        (20.0, 20.0 * 2.1445, -1, None, -1),  # 65 degrees: between diagonal and up
        (80.0, 80.0, -1, "diag_up", 1),
        (80.0, 30.0, 1, None, 1),  # 20.6 degrees: too shallow for the diagonal
        (40.0, -40.0, 1, None, 1),  # below it: never
    ],
)
def test_a_soldier_takes_aim_by_where_the_player_is(tmp_path, dx, dy, facing, pose, faces):
    sx, bottom = 20 * TILE, 12 * TILE
    stage, soldier = posed(tmp_path, list(FIELD), sx, bottom, facing, sx, 0.0)
    p = stage.player
    stage.tree.remove(p)
    p.hitbox.center = (soldier.hitbox.centerx + dx, soldier.hitbox.centery - dy)
    stage.tree.add(p)
    assert bool(soldier._take_aim(stage)) == (pose is not None)
    assert soldier.facing == faces
    if pose:
        assert soldier.pose == pose


def test_a_soldier_never_takes_aim_at_a_dead_player(tmp_path):
    sx, bottom = 20 * TILE, 12 * TILE
    stage, soldier = posed(tmp_path, list(FIELD), sx, bottom, 1, sx + 60, bottom - 30)
    assert soldier._take_aim(stage)
    stage.player.alive = False
    assert not soldier._take_aim(stage)


@pytest.mark.parametrize("facing", [1, -1])
@pytest.mark.parametrize(("pose", "mx", "my"), [("forward", 28, 13), ("up", 21, 3)])
def test_a_soldiers_shot_leaves_the_muzzle_of_the_drawn_gun(tmp_path, facing, pose, mx, my):
    # The muzzle pixel of each pose in its 32 px frame (facing right), frame bottom on the feet.
    sx, bottom = 20 * TILE, 12 * TILE
    stage, soldier = posed(tmp_path, list(FIELD), sx, bottom, facing, sx, 0.0)
    soldier.pose = pose
    soldier._fire(stage)
    (bullet,) = stage.bullets.live
    x, y = bullet.hitbox.center
    assert (x, y) == pytest.approx((sx + (mx - 16) * facing, bottom - 32 + my), abs=1.0)
    assert soldier.muzzle(pose) == pytest.approx((sx + (mx - 16) * facing, bottom - 32 + my))
    assert soldier.recover_time and soldier.fire_timer.seconds >= 2.5 - 0.6


# -- the turret --------------------------------------------------------------------------


def turret_at(tmp_path, rows, left: float, bottom: float):
    """A turret whose box (16 px square) has its left side and bottom where given."""
    from gunner.entities.turret import Turret

    stage = make_stage(tmp_path, [], rows=rows)
    turret = Turret(left + 8, bottom, {"range": 1})
    stage.add_entity(turret)
    return stage, turret


# A room of air with a floor, a 2-tile ledge on the left and a ceiling block.
MOUNTS = ["#" * 20] + ["#" + "." * 18 + "#"] * 3 + ["####" + "." * 15 + "#"] * 2
MOUNTS += ["#" + "." * 18 + "#"] * 2 + ["#" + "." * 17 + "P#", "#" * 20]


@pytest.mark.parametrize(
    ("left", "bottom", "mount"),
    [
        (16.0, 144.0, "floor"),  # on the floor, a wall at its left: the floor wins
        (16.0, 142.0, "left"),  # 2 px above the floor: only the wall touches it
        (16.0, 32.0, "ceiling"),  # under the ceiling, a wall at its left: the ceiling wins
        (16.0, 33.0, "left"),  # 1 px under the ceiling: only the wall touches it
        (17.0, 120.0, "floor"),  # 1 px from the wall, in mid-air: as on a floor
        (64.0, 80.0, "left"),  # touching the ledge's side
        (287.0, 120.0, "right"),  # touching the right wall (x 304)
        (286.0, 120.0, "floor"),  # 1 px short of it
    ],
)
def test_a_turret_is_bolted_only_to_tiles_it_touches(tmp_path, left, bottom, mount):
    stage, turret = turret_at(tmp_path, MOUNTS, left, bottom)
    stage.step(B.NONE)
    assert turret.mount == mount


def test_a_fresh_turret_points_its_barrel_up(tmp_path):
    import math

    stage, turret = turret_at(tmp_path, MOUNTS, 100.0, 144.0)
    # What the first frame shows, before the turret has looked at its mount.
    assert turret.angle == -math.pi / 2 and turret.normal == -math.pi / 2
    cx, cy = turret.hitbox.center
    assert turret.muzzle() == pytest.approx((cx, cy - 11))


@pytest.mark.parametrize(
    "kind",
    ["Soldier", "Turret", "Rifleman", "Drone", "Runner", "Grenadier", "PopupTurret", "Sniper"],
)
def test_every_enemy_flashes_only_for_a_moment(tmp_path, kind):
    stage = make_stage(tmp_path, [obj(kind, 25 * TILE, FLOOR, health=5)])
    enemy = stage.entities[-1]
    run(stage, B.NONE, 2)
    enemy.damage(1, stage)
    assert enemy.flash  # the hit shows
    run(stage, B.NONE, round(FLASH_TIME / DT))
    assert enemy.alive and not enemy.flash


def test_a_dying_turret_sparks_then_bursts(tmp_path):
    from gunner.entities.turret import SPARK_EVERY, SPARK_STEPS

    stage = make_stage(tmp_path, [obj("Turret", 25 * TILE, FLOOR)])
    turret = stage.entities[-1]
    cx, cy = turret.hitbox.center
    turret.damage(99, stage)
    assert [e.name for e in stage.effects] == ["impact"]
    (wreck,) = [e for e in stage.entities if e.kind == "Wreck"]
    sprays: list[tuple[int, float, float, int, float]] = []
    real = stage.particles.sparks
    stage.particles.sparks = lambda x, y, n=6, speed=140.0: (
        sprays.append((wreck.age, x - cx, y - cy, n, speed)),
        real(x, y, n, speed),
    )
    run(stage, B.NONE, 3)  # the kill's hit-stop
    sounds = []
    for _ in range(SPARK_STEPS - 1):
        stage.events.clear()
        stage.step(B.NONE)
        sounds += [wreck.age] * stage.events.count("enemy_hit")
    assert wreck.alive and wreck.age == SPARK_STEPS - 1 and "explosion" not in stage.events
    # A spray of five sparks every SPARK_EVERY steps, with a crackle, each from another
    # spot on the turret (fixed offsets, no rng).
    ages = list(range(1, SPARK_STEPS, SPARK_EVERY))
    assert [a for a, *_ in sprays] == ages == sounds
    assert [(x, y) for _, x, y, _, _ in sprays] == [
        (-5, -4), (0, 3), (5, 1), (-1, -1), (4, -3), (-2, 4), (3, 2)
    ]  # fmt: skip
    assert {(n, speed) for *_, n, speed in sprays} == {(5, 110.0)}
    stage.effects.clear()
    stage.events.clear()
    stage.step(B.NONE)
    assert not wreck.alive and stage.events.count("explosion") == 2  # the blast, the bang
    fireballs = [(e.x - cx, e.y - cy) for e in stage.effects if e.name == "explosion"]
    assert fireballs == [(0.0, 0.0), (-6.0, -8.0), (7.0, -3.0)]


# -- deaths ------------------------------------------------------------------------------


def test_a_shot_soldier_faces_the_shot_and_lies_still_until_it_blinks_out(tmp_path):
    from gunner.entities.enemy import FALLEN_STEPS, THROW_LIFT, THROW_SPEED

    stage, soldier = soldier_stage(tmp_path)
    run(stage, B.NONE, 2)
    soldier.facing = 1
    stage.events.clear()
    soldier.damage(9, stage, from_x=soldier.hitbox.centerx - 30)  # shot from its left
    (wreck,) = [e for e in stage.entities if e.kind == "Wreck"]
    assert "enemy_die" in stage.events and [e.name for e in stage.effects] == ["impact"]
    assert wreck.facing == -1 and (wreck.vx, wreck.vy) == (THROW_SPEED, -THROW_LIFT)
    assert not wreck.on_ground  # thrown up, not lying yet
    run(stage, B.NONE, 3)  # the kill's hit-stop
    xs = []
    while wreck.alive:
        stage.step(B.NONE)
        xs.append((wreck.age, wreck.on_ground, wreck.hitbox.x))
    assert xs[-1][0] == FALLEN_STEPS  # gone on its hundredth step
    lying = [x for _, on_ground, x in xs if on_ground]
    assert len(lying) > 50 and len(set(lying)) == 1  # lands and lies still


def test_a_thrown_body_stops_sliding_at_a_wall(tmp_path):
    rows = [r[:27] + "#" + r[28:] for r in FIELD]
    stage = make_stage(tmp_path, [obj("Soldier", 26 * TILE + 8, FLOOR)], rows=rows)
    soldier = stage.entities[-1]
    run(stage, B.NONE, 2)
    soldier.damage(9, stage, from_x=soldier.hitbox.centerx - 30)  # thrown right, at the wall
    (wreck,) = [e for e in stage.entities if e.kind == "Wreck"]
    run(stage, B.NONE, 8)
    assert wreck.hitbox.right == 27 * TILE and wreck.vx == 0.0 and not wreck.on_ground


def test_an_enemy_kind_without_death_frames_blows_up(tmp_path):
    import pygame

    from gunner.entities.enemy import Enemy

    class Blob(Enemy):  # what a designer's new enemy gets before it has death art
        kind = "Blob"

    stage = make_stage(tmp_path, [])
    blob = Blob(pygame.FRect(200, 200, 16, 16))
    stage.add_entity(blob)
    blob.damage(9, stage)
    assert [e.name for e in stage.effects] == ["explosion"]
    assert not any(e.kind == "Wreck" for e in stage.entities)


# -- the drone ---------------------------------------------------------------------------


def drone_stage(tmp_path, rows=None, x: float = 20 * TILE, y: float = 6 * TILE, **props):
    from gunner.entities.drone import Drone

    stage = make_stage(tmp_path, [obj("Drone", x, y, **props)], rows=rows or list(FIELD))
    (drone,) = [e for e in stage.entities if isinstance(e, Drone)]
    return stage, drone


def place(stage, entity, cx: float, cy: float) -> None:
    stage.tree.remove(entity)
    entity.hitbox.center = (cx, cy)
    stage.tree.add(entity)


def test_a_dive_heads_for_the_player_at_dive_speed_and_faces_it(tmp_path):
    from gunner.entities.drone import DIVE_SPEED, DIVE_TIME

    stage, drone = drone_stage(tmp_path)
    cx, cy = drone.hitbox.center
    drone._start_dive(cx + 40, cy + 30)  # a 3-4-5 triangle: 160 across, 120 down
    assert drone.dive_v == pytest.approx((0.8 * DIVE_SPEED, 0.6 * DIVE_SPEED))
    assert drone.dive_to == cy + 30 and drone.dive.left == round(DIVE_TIME / DT)
    assert drone.facing == 1
    drone._start_dive(cx - 40, cy + 30)
    assert drone.dive_v == pytest.approx((-0.8 * DIVE_SPEED, 0.6 * DIVE_SPEED))
    assert drone.facing == -1
    drone._start_dive(cx, cy + 30)  # straight down: it faces right
    assert drone.facing == 1 and drone.dive_v == pytest.approx((0.0, DIVE_SPEED))


def test_a_dive_ends_at_the_players_height_then_the_drone_climbs_back(tmp_path):
    from gunner.entities.drone import CLIMB_SPEED

    stage, drone = drone_stage(tmp_path, range=1)
    cx, cy = drone.hitbox.center
    drone._start_dive(cx + 40, cy + 30)  # 2 px down a step: 15 steps to the player's height
    for _ in range(15):
        assert drone.dive
        stage.step(B.NONE)
    assert not drone.dive
    assert drone.hitbox.center == pytest.approx((cx + 40, cy + 30), abs=1e-3)
    stage.step(B.NONE)
    assert drone.hitbox.centery == pytest.approx(cy + 30 - CLIMB_SPEED * DT, abs=1e-3)


def test_a_dive_ends_after_its_time_or_on_the_floor_and_passes_planks(tmp_path):
    from gunner.entities.drone import DIVE_TIME

    rows = list(FIELD)
    rows[9] = "=" * 40  # a one-way plank under the drone
    stage, drone = drone_stage(tmp_path, rows, range=1)
    cx, cy = drone.hitbox.center
    drone._start_dive(cx + 300, cy + 9)  # almost level: the time runs out first
    run(stage, B.NONE, round(DIVE_TIME / DT) - 1)
    assert drone.dive
    stage.step(B.NONE)
    assert not drone.dive and drone.hitbox.centery < cy + 9
    place(stage, drone, cx, 8 * TILE)
    drone._start_dive(cx, 8 * TILE + 400)  # through the plank, into the floor
    for _ in range(40):
        stage.step(B.NONE)
        if drone.hitbox.bottom == FLOOR:
            break
    assert drone.hitbox.bottom == FLOOR and not drone.dive  # over on the step it lands


def test_a_chasing_drone_flies_at_its_speed_toward_the_player(tmp_path):
    for side in (1, -1):
        (tmp_path / str(side)).mkdir()
        stage, drone = drone_stage(tmp_path / str(side), x=2 * TILE + 8 + 100)
        # Put it on the player's left only now: loading refuses a spawn off the map.
        place(stage, drone, 2 * TILE + 8 + side * 100, drone.hitbox.centery)
        drone.facing = side
        run(stage, B.NONE, 3)
        assert drone.sees_player
        assert drone.facing == -side and drone.vx == -side * drone.speed


def test_a_drone_holds_its_tell_while_it_cannot_see_the_player(tmp_path):
    from gunner.entities.drone import TELL_STEPS

    stage, drone = drone_stage(tmp_path, x=2 * TILE + 8, y=3 * TILE)
    p = stage.player
    place(stage, p, p.hitbox.centerx, 1 * TILE)  # above it: unseen
    p.on_ground = True
    for _ in range(120):
        stage.step(B.NONE)
        place(stage, p, drone.hitbox.centerx + 5, 1 * TILE)
    assert drone.cooldown.left == TELL_STEPS + 1 and not drone.sees_player
    assert not drone.aiming


def test_a_drone_loses_sight_of_a_player_who_gets_above_it(tmp_path):
    stage, drone = drone_stage(tmp_path, x=2 * TILE + 8)
    run(stage, B.NONE, 3)
    assert drone.sees_player
    p = stage.player
    place(stage, p, p.hitbox.centerx, drone.hitbox.top - 30)
    stage.step(B.NONE)
    assert not drone.sees_player


def test_a_drone_never_attacks_a_player_above_it(tmp_path):
    stage, drone = drone_stage(tmp_path, x=20 * TILE, y=12 * TILE, fire_rate=0.3)
    p = stage.player
    p.invulnerable = 1e9
    for _ in range(120):
        place(stage, p, drone.hitbox.centerx + 30, drone.hitbox.top - 40)
        stage.step(B.NONE)
        assert not drone.dive and not drone.sees_player
    assert "enemy_shoot" not in stage.events


def drone_wreck(tmp_path, rows=None, y: float = 6 * TILE):
    stage, drone = drone_stage(tmp_path, rows, y=y, range=1)
    run(stage, B.NONE, 2)
    drone.damage(9, stage, from_x=drone.hitbox.centerx - 30)  # shot from its left
    (wreck,) = [e for e in stage.entities if e.kind == "Wreck"]
    return stage, drone, wreck


def test_a_shot_drone_drifts_away_spinning_and_smoking(tmp_path):
    import math

    from gunner.entities.drone import SPIN_STEP, SPIRAL_DRIFT

    stage, drone, wreck = drone_wreck(tmp_path)
    assert [e.name for e in stage.effects] == ["impact"]
    assert (wreck.facing, wreck.vx, wreck.vy, wreck.on_ground) == (1, SPIRAL_DRIFT, -40.0, False)
    puffs = []
    stage.particles.smoke = lambda x, y, n=8, spread=14.0: puffs.append((wreck.age, n, spread))
    run(stage, B.NONE, 3)  # the kill's hit-stop
    x = wreck.hitbox.x
    stage.step(B.NONE)
    assert wreck.spin == SPIN_STEP
    assert wreck.hitbox.x - x == pytest.approx(SPIRAL_DRIFT * math.cos(0.25) * DT, abs=1e-3)
    run(stage, B.NONE, 11)
    assert puffs == [(4, 2, 3.0), (8, 2, 3.0), (12, 2, 3.0)]


def test_a_shot_drone_that_never_lands_bursts_after_its_spiral(tmp_path):
    from gunner.entities.drone import SPIRAL_STEPS

    rows = ["." * 40] * 14 + ["..P" + "." * 37] + ["#" * 40]
    rows = ["." * 40] * 30 + rows  # a deep shaft: it cannot reach the floor in time
    stage, drone, wreck = drone_wreck(tmp_path, rows, y=2 * TILE)
    run(stage, B.NONE, 3)
    run(stage, B.NONE, SPIRAL_STEPS - 1)
    assert wreck.alive and not wreck.on_ground
    stage.effects.clear()
    stage.step(B.NONE)
    assert not wreck.alive and [e.name for e in stage.effects] == ["explosion"]
    assert stage.trauma == pytest.approx(0.1 - 1.5 * DT)  # a shake, less this step's decay


def test_a_shot_drone_falling_into_a_pit_is_gone_without_a_burst(tmp_path):
    rows = ["." * 40] * 14 + ["..P" + "." * 37] + ["###" + "." * 37]
    stage, drone, wreck = drone_wreck(tmp_path, rows, y=13 * TILE)
    run(stage, B.NONE, 3)
    stage.effects.clear()
    for _ in range(100):
        stage.step(B.NONE)
        if not wreck.alive:
            break
    assert not wreck.alive and wreck.hitbox.top > 16 * TILE
    assert not any(e.name == "explosion" for e in stage.effects)


# -- the rifleman ------------------------------------------------------------------------


def test_a_fresh_rifleman_shows_its_first_idle_frame(tmp_path):
    stage, rifleman = rifleman_stage(tmp_path)
    assert rifleman.frame() == 0


def test_the_riflemans_glint_and_firing_pose_last_their_time(tmp_path):
    from gunner.entities.rifleman import FIRE_POSE, TELL_STEPS

    stage, rifleman = rifleman_stage(tmp_path)
    stage.player.invulnerable = 1e9
    glint = 0
    for _ in range(300):
        before = stage.events.count("enemy_shoot")
        stage.step(B.NONE)
        if stage.events.count("enemy_shoot") > before:
            break
        glint = glint + 1 if rifleman.aiming else 0
    assert glint == TELL_STEPS  # the glint, every step of the tell
    assert rifleman.frame() == 5 + rifleman.pose  # firing
    run(stage, B.NONE, round(FIRE_POSE / DT) - 1)
    assert rifleman.frame() == 5 + rifleman.pose
    stage.step(B.NONE)
    assert rifleman.frame() == 2 + rifleman.pose  # aiming, no glint yet


def test_a_rifleman_out_of_sight_holds_a_full_tell_for_when_it_sees(tmp_path):
    from gunner.entities.rifleman import TELL_STEPS

    stage, rifleman = rifleman_stage(tmp_path, range=60)
    p = stage.player
    p.invulnerable = 1e9
    run(stage, B.NONE, 120)
    assert rifleman.cooldown.left == TELL_STEPS + 1 and not rifleman.sees_player
    place(stage, p, rifleman.hitbox.centerx - 40, p.hitbox.centery)
    seen = 0
    while "enemy_shoot" not in stage.events and seen < 60:
        stage.step(B.NONE)
        seen += 1
    assert seen == TELL_STEPS + 1


@pytest.mark.parametrize(
    ("dx", "dy", "facing", "pose"),
    [
        (60.0, 0.0, 1, 0),  # level, to the right: it turns to face him
        (0.0, -60.0, 1, 1),  # straight above the eye: facing right, aiming up
        (-60.0, 50.0, -1, 2),  # 40 degrees below, to the left: diagonally down
        (60.0, -50.0, 1, 1),  # 40 degrees above: diagonally up
    ],
)
def test_the_rifleman_faces_and_aims_where_the_player_is(tmp_path, dx, dy, facing, pose):
    rows = ["." * 40] * 6 + ["." * 14 + "###" + "." * 23] + ["." * 40] * 8
    rows += ["..P" + "." * 37, "#" * 40]
    stage = make_stage(tmp_path, [obj("Rifleman", 15 * TILE, 6 * TILE)], rows=rows)
    rifleman = stage.entities[-1]
    p = stage.player
    p.invulnerable = 1e9
    stage.step(B.NONE)
    rifleman.facing = -facing
    ex, ey = rifleman.eye()
    place(stage, p, ex + dx, ey + dy)
    p.on_ground = True
    rifleman.tick(stage)
    assert rifleman.sees_player and rifleman.facing == facing and rifleman.pose == pose


def test_a_soldiers_next_shot_comes_its_fire_rate_give_or_take_the_jitter(tmp_path):
    from gunner.entities.soldier import FIRE_EVERY, FIRE_JITTER

    stage, soldier = soldier_stage(tmp_path)
    waits = []
    for _ in range(30):
        soldier._fire(stage)
        waits.append(soldier.fire_timer.left)
    low, high = round((FIRE_EVERY - FIRE_JITTER) / DT), round((FIRE_EVERY + FIRE_JITTER) / DT)
    assert low <= min(waits) < round(FIRE_EVERY / DT) < max(waits) <= high


def test_the_drones_eye_burns_through_the_tell_and_the_dive(tmp_path):
    from gunner.entities.drone import TELL_STEPS

    stage, drone = drone_stage(tmp_path, x=2 * TILE + 8)
    stage.player.invulnerable = 1e9
    assert not drone.aiming
    burning = 0
    for _ in range(200):
        before = drone.cooldown.left
        stage.step(B.NONE)
        if drone.cooldown.left > before:  # it attacked: a shot or a dive
            break
        burning = burning + 1 if drone.aiming else 0
    assert burning == TELL_STEPS
    assert drone.aiming is bool(drone.dive)  # ablaze while diving, dark after a shot
    drone._start_dive(*stage.player.hitbox.center)
    assert drone.aiming


def test_a_hovering_drone_keeps_its_facing_over_the_player(tmp_path):
    # Exactly CHASE_GAP (20 px) to the side still counts as over him: it stops there.
    stage, drone = drone_stage(tmp_path, x=2 * TILE + 8)
    run(stage, B.NONE, 3)
    p = stage.player
    place(stage, drone, p.hitbox.centerx - 20, drone.hitbox.centery)
    drone.facing = -1
    stage.step(B.NONE)
    assert drone.sees_player and drone.vx == 0.0 and drone.facing == -1
    place(stage, drone, p.hitbox.centerx - 5, drone.hitbox.centery)
    stage.step(B.NONE)
    assert drone.vx == 0.0 and drone.facing == -1


def test_an_idle_rifleman_shifts_his_weight(tmp_path):
    stage, rifleman = rifleman_stage(tmp_path, range=10)  # never sees the player
    frames = []
    for _ in range(90):
        stage.step(B.NONE)
        frames.append(rifleman.frame())
    assert frames[:39] == [0] * 39 and frames[41:79] == [1] * 38  # 1.5 changes a second


def test_a_soldiers_tell_starts_when_its_fire_timer_runs_out_and_it_stands_through_it(tmp_path):
    from gunner.entities.soldier import AIM_TIME, RECOVER_TIME
    from gunner.timer import Timer

    stage = make_stage(tmp_path, [obj("Soldier", 12 * TILE, FLOOR)])  # facing the player
    # The soldier's own tick is under test, and the test sets its fire timer from
    # outside, which the bulk crowd step (its own copy of the timer) would not see.
    stage.crowd_step.enabled = False
    soldier = stage.entities[-1]
    stage.player.invulnerable = 1e9
    stage.step(B.NONE)
    soldier.fire_timer = Timer(5)
    run(stage, B.NONE, 4)
    assert not soldier.aim_time
    stage.step(B.NONE)
    assert soldier.aim_time
    x = soldier.hitbox.x
    run(stage, B.NONE, round(AIM_TIME / DT) - 1)
    assert soldier.aim_time and soldier.hitbox.x == x  # still, through the whole tell
    stage.step(B.NONE)
    assert "enemy_shoot" in stage.events and soldier.hitbox.x == x
    run(stage, B.NONE, round(RECOVER_TIME / DT) - 1)
    assert soldier.vx == 0.0 and soldier.hitbox.x == x  # and through the recovery
    stage.step(B.NONE)
    assert soldier.vx == soldier.facing * soldier.speed


def test_a_soldier_never_takes_aim_at_a_player_far_beyond_its_sight(tmp_path):
    rows = ["." * 80] * 14 + ["..P" + "." * 77, "#" * 80]
    stage = make_stage(tmp_path, [obj("Soldier", 60 * TILE, FLOOR, speed=0)], rows=rows)
    soldier = stage.entities[-1]
    stage.player.invulnerable = 1e9
    run(stage, B.NONE, 300)  # 5 s: its fire timer runs out more than once
    assert "enemy_shoot" not in stage.events and not soldier.aim_time
