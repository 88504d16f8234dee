"""A moving platform's path as a player sees it ride: on the drawn line at every step,
at its speed, waiting its `wait` at each end and only there, a loop closing itself
with a straight leg home, the size it is drawn at, and bullets stopping on a solid
plank but not a one-way one."""

from __future__ import annotations

import math

import pygame
import pytest
from platform_stages import door_at, slid_for, stage_with, the_platform

from ascii_maps import platform, polyline, write_map
from gunner.config import DT
from gunner.entities.platform import HEIGHT, WIDTH, MovingPlatform
from gunner.input import Buttons
from gunner.level import load_level
from gunner.stage import Stage
from gunner.timer import steps

ORIGIN = (160.0, 160.0)  # every platform here starts at this top-left
FLOOR_Y = 15 * 16  # FIELD's floor top


def along(points: list[tuple[float, float]], x: float, y: float) -> float | None:
    """How far along the polyline `points` the point (x, y) lies; None if off it."""
    s = 0.0
    for (ax, ay), (bx, by) in zip(points, points[1:], strict=False):
        length = math.hypot(bx - ax, by - ay)
        if length:
            t = ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / length**2
            px, py = ax + t * (bx - ax), ay + t * (by - ay)
            if -1e-9 <= t <= 1 + 1e-9 and math.hypot(x - px, y - py) < 1e-4:
                return s + t * length
        s += length
    return None


def travel(stage: Stage, n: int, points: list[tuple[float, float]]) -> list[float]:
    """Its distance along `points` (offsets from ORIGIN) after each of n steps."""
    plat = the_platform(stage)
    out = []
    for _ in range(n):
        stage.step(Buttons.NONE)
        s = along(points, plat.hitbox.x - ORIGIN[0], plat.hitbox.y - ORIGIN[1])
        assert s is not None, (plat.hitbox.topleft, len(out))  # always on the line
        out.append(s)
    return out


BENT = [(0.0, 0.0), (48.0, 36.0), (48.0, 96.0), (112.0, 96.0)]  # legs of 60, 60 and 64 px


def test_it_follows_a_bent_path_at_its_speed_and_waits_only_at_the_ends(tmp_path) -> None:
    objects = [
        platform(*ORIGIN, speed=("float", 120), wait=("float", 0.25)),
        polyline(ORIGIN[0] + 24, ORIGIN[1], BENT),
    ]
    stage = stage_with(tmp_path, objects)
    length, step, wait = 184.0, 120 * DT, steps(0.25)
    s = travel(stage, 400, BENT)
    assert s[0] == pytest.approx(step, abs=1e-4)  # it starts at the path's first point
    moves = [b - a for a, b in zip([0.0, *s], s, strict=False)]
    for k, move in enumerate(moves):
        at_end = s[k] == pytest.approx(length, abs=1e-4) or s[k] == pytest.approx(0.0, abs=1e-4)
        if not at_end:
            assert abs(move) == pytest.approx(step, abs=1e-4), (k, s[k], move)
    # At each end it stands exactly `wait` (the step it arrives, then the wait).
    far = [k for k in range(len(s)) if s[k] == pytest.approx(length, abs=1e-4)]
    near = [k for k in range(far[0], len(s)) if s[k] == pytest.approx(0.0, abs=1e-4)]
    for stay in (far, near):
        first = [k for k in stay if k - stay[0] <= wait]
        assert first == list(range(stay[0], stay[0] + wait + 1))
        assert stay[0] + wait + 1 not in stay  # and then it moves on
    assert max(s) == pytest.approx(length, abs=1e-4) and the_platform(stage).stopped == 0


@pytest.mark.parametrize(
    "points",
    [[(0.0, 0.0), (64.0, 0.0), (64.0, 64.0)], [(0.0, 0.0), (64.0, 0.0)]],
    ids=["bent", "straight"],
)
def test_a_loop_comes_home_along_a_straight_leg_without_a_jump(tmp_path, points) -> None:
    objects = [
        platform(*ORIGIN, speed=("float", 120), wait=("float", 0), mode=("string", "loop")),
        polyline(ORIGIN[0] + 24, ORIGIN[1], points),
    ]
    stage = stage_with(tmp_path, objects)
    plat = the_platform(stage)
    home = [*points, (0.0, 0.0)]
    seen = []
    for _ in range(240):
        stage.step(Buttons.NONE)
        seen.append((plat.hitbox.x - ORIGIN[0], plat.hitbox.y - ORIGIN[1]))
    assert all(along(home, x, y) is not None for x, y in seen)
    hops = [math.dist(a, b) for a, b in zip(seen, seen[1:], strict=False)]
    assert (0.0, 0.0) in seen  # round again from exactly its first point
    assert max(hops) <= 120 * DT + 1e-4  # never a jump home (float32 boxes)
    last = points[-1]
    halfway = (last[0] / 2, last[1] / 2)  # the middle of the leg home
    assert min(math.dist(p, halfway) for p in seen) <= 120 * DT


def test_a_path_whose_last_point_is_doubled_is_ridden_there_and_back(tmp_path) -> None:
    points = [(0.0, 0.0), (64.0, 0.0), (64.0, 0.0)]  # the last point clicked twice
    objects = [
        platform(*ORIGIN, speed=("float", 120), wait=("float", 0)),
        polyline(ORIGIN[0] + 24, ORIGIN[1], points),
    ]
    stage = stage_with(tmp_path, objects)
    s = travel(stage, 120, points)
    assert max(s) == pytest.approx(64.0, abs=1e-4) and s[-1] < 63.0  # there, and on its way back


def test_a_platform_drawn_as_a_point_gets_the_default_size_and_a_drawn_one_keeps_its_own(
    tmp_path,
) -> None:
    point = (
        '<object id="100" type="MovingPlatform" x="160" y="160"><point/><properties>'
        '<property name="path" type="object" value="101"/></properties></object>'
    )
    stage = stage_with(tmp_path, [point, polyline(184, 160, [(0, 0), (64, 0)])])
    assert the_platform(stage).hitbox.size == (WIDTH, HEIGHT)
    drawn = platform(160, 160, w=64, h=16)
    stage = stage_with(tmp_path, [drawn, polyline(184, 160, [(0, 0), (64, 0)])])
    assert the_platform(stage).hitbox.size == (64, 16)


def test_a_platform_given_no_path_stands_still(tmp_path) -> None:
    stage = stage_with(tmp_path, [])
    plat = MovingPlatform(pygame.FRect(160, 160, 48, 8))
    stage.add_entity(plat)
    for _ in range(30):
        stage.step(Buttons.NONE)
    assert plat.hitbox.topleft == (160, 160)


@pytest.mark.parametrize(("oneway", "left"), [("false", 0), ("true", 1)])
def test_bullets_stop_on_a_solid_plank_and_pass_a_one_way_one(tmp_path, oneway, left) -> None:
    objects = [
        platform(*ORIGIN, speed=("float", 1), oneway=("bool", oneway)),
        polyline(ORIGIN[0] + 24, ORIGIN[1], [(0, 0), (1, 0)]),
    ]
    stage = stage_with(tmp_path, objects)
    stage.bullets.spawn(100.0, 164.0, 300.0, 0.0, team="enemy")
    for _ in range(20):  # 100 px: through the plank's 48 and beyond, if it lets it
        stage.step(Buttons.NONE)
    assert len(stage.bullets) == left


# -- what it carries and pushes ----------------------------------------------------------


def put(stage: Stage, entity, midbottom) -> None:  # noqa: ANN001
    """Place a filed entity somewhere else (and file it there)."""
    stage.tree.remove(entity)
    entity.hitbox.midbottom = midbottom
    stage.tree.add(entity)


@pytest.mark.parametrize("speed", [30, 120])
@pytest.mark.parametrize("way", [1, -1])
def test_it_pushes_a_player_in_its_way_exactly_ahead_of_its_front(tmp_path, speed, way) -> None:
    floor = 15 * 16
    x0 = 160 if way > 0 else 480
    objects = [
        platform(x0, floor - 16, w=32, h=16, speed=("float", speed), wait=("float", 0)),
        polyline(x0 + 16, floor - 16, [(0, 0), (way * 160, 0)]),
    ]
    stage = stage_with(tmp_path, objects)
    plat = the_platform(stage)
    player = stage.player
    put(stage, player, (x0 + 16 + way * 40, floor))  # standing in its way
    pushed = 0
    for _ in range(60):
        player.vx = 0.0
        stage.step(Buttons.NONE)
        front = plat.hitbox.right if way > 0 else plat.hitbox.left
        if (player.hitbox.left if way > 0 else player.hitbox.right) == pytest.approx(front):
            pushed += 1
        assert not player.hitbox.colliderect(plat.hitbox)
    assert pushed > 20 and plat.stopped == 0  # pushed along, flush with its front


@pytest.mark.parametrize("speed", [40, 120])
def test_a_rider_half_on_a_ledge_stays_on_it_as_the_elevator_goes_down(tmp_path, speed) -> None:
    """Feet on the ledge's tiles and on the plank beside it: the plank sinks away, the
    ledge holds him (he is never pulled into the tiles)."""
    rows = ["." * 40] * 10 + ["#" * 10 + "." * 30] + ["." * 40] * 3 + ["..P" + "." * 37, "#" * 40]
    objects = [
        platform(160, 160, w=48, h=8, speed=("float", speed), wait=("float", 0)),
        polyline(184, 160, [(0, 0), (0, 64)]),
    ]
    path = write_map(tmp_path, rows, extra_objects="".join(objects))
    stage = Stage(load_level(path, images=False), seed=1)
    player = stage.player
    put(stage, player, (160, 160))  # half on the ledge (ends at 160), half on the plank
    for _ in range(90):
        stage.step(Buttons.NONE)
        assert not stage.tilemap.overlaps_solid(player.hitbox)
    assert player.hitbox.bottom == 160 and player.on_ground
    assert the_platform(stage).hitbox.top > 170


@pytest.mark.parametrize("side", [-1, 1])
def test_a_player_flush_beside_a_plank_at_its_height_is_not_carried(tmp_path, side) -> None:
    """On a ledge level with the plank's top, touching its side: the plank moves away
    from him and leaves him where he stands."""
    ledge = "#" * 10 + "." * 30 if side < 0 else "." * 23 + "#" * 17
    rows = ["." * 40] * 10 + [ledge] + ["." * 40] * 3 + ["..P" + "." * 37, "#" * 40]
    x0, away = (160, 96) if side < 0 else (320, -96)
    objects = [
        platform(x0, 176 - 16, w=48, h=8, speed=("float", 60), wait=("float", 0)),
        polyline(x0 + 24, 160, [(0, 0), (away, 0)]),
    ]
    path = write_map(tmp_path, rows, extra_objects="".join(objects))
    stage = Stage(load_level(path, images=False), seed=1)
    plat = the_platform(stage)
    player = stage.player
    stage.tree.remove(player)
    if side < 0:
        player.hitbox.right = plat.hitbox.left
    else:
        player.hitbox.left = plat.hitbox.right
    player.hitbox.bottom = 160
    stage.tree.add(player)
    stand = player.hitbox.midbottom
    for _ in range(30):
        stage.step(Buttons.NONE)
    assert player.hitbox.midbottom == stand and player.on_ground


def test_a_one_way_elevator_carries_its_rider_down(tmp_path) -> None:
    objects = [
        platform(160, 96, speed=("float", 120), wait=("float", 0), oneway=("bool", "true")),
        polyline(184, 96, [(0, 0), (0, 96)]),
    ]
    stage = stage_with(tmp_path, objects)
    plat = the_platform(stage)
    put(stage, stage.player, (plat.hitbox.centerx, plat.hitbox.top))
    tops = []
    for _ in range(40):
        stage.step(Buttons.NONE)
        assert stage.player.hitbox.bottom == plat.hitbox.top
        tops.append(plat.hitbox.top)
    assert tops[-1] - tops[0] > 60  # down it went, with him on it


def test_a_one_way_plank_sinks_through_a_door_but_a_sliding_one_waits_at_it(tmp_path) -> None:
    """A one-way plank moving down never pushes, so it passes a closed door; moving
    sideways it meets the door like any plank and waits there."""
    down = [
        platform(160, 40, speed=("float", 30), wait=("float", 0), oneway=("bool", "true")),
        polyline(184, 40, [(0, 0), (0, 120)]),
        door_at(176, 100),
    ]
    stage = stage_with(tmp_path, down)
    tops = []
    for _ in range(steps(4.0)):  # the way down, 120 px at 30 px/s
        stage.step(Buttons.NONE)
        tops.append(the_platform(stage).hitbox.top)
    assert max(tops) == 160 and the_platform(stage).stopped == 0  # down past the door
    side = [
        platform(100, 120, speed=("float", 120), wait=("float", 0), oneway=("bool", "true")),
        polyline(124, 120, [(0, 0), (200, 0)]),
        door_at(200, 100),
    ]
    plat = slid_for(tmp_path, side, 2.0)
    assert plat.stopped > 0 and plat.hitbox.right <= 200


def test_a_player_jumping_up_through_a_moving_one_way_plank_is_not_carried(tmp_path) -> None:
    objects = [
        platform(
            120, FLOOR_Y - 56, speed=("float", 120), wait=("float", 0), oneway=("bool", "true")
        ),
        polyline(144, FLOOR_Y - 56, [(0, 0), (160, 0)]),
    ]
    stage = stage_with(tmp_path, objects)
    player = stage.player
    put(stage, player, (170, FLOOR_Y))
    x = player.hitbox.x
    for step in range(40):
        stage.step(Buttons.JUMP if step < 12 else Buttons.NONE)
        assert player.hitbox.x == x  # straight up through it, whatever it does


def test_a_rising_elevator_stopped_by_a_door_keeps_its_rider_on_it(tmp_path) -> None:
    """The door sits over the plank's far end; the rider stands at the near end. The
    plank lifts him, meets the door, puts him back and waits: he never hangs in the air."""
    objects = [
        platform(160, 200, w=64, speed=("float", 120), wait=("float", 0)),
        polyline(192, 200, [(0, 0), (0, -120)]),
        door_at(208, 120),
    ]
    stage = stage_with(tmp_path, objects)
    plat = the_platform(stage)
    put(stage, stage.player, (170, 200))
    for _ in range(60):
        stage.step(Buttons.NONE)
        assert stage.player.hitbox.bottom == plat.hitbox.top
    assert plat.stopped > 0 and plat.hitbox.top >= 168
