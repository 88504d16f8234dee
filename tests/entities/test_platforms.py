"""Moving platforms: they follow their path, carry riders exactly, push without
crushing, and move through the stage's tree like any entity."""

from __future__ import annotations

import pytest
from platform_stages import put, stage_with, the_platform

from ascii_maps import FIELD, platform, polyline, write_map
from gunner.check import check_file
from gunner.config import DT, TILE
from gunner.input import Buttons
from gunner.level import LevelError, load_level

FLOOR = 15 * TILE  # FIELD's floor top


def ride(stage, steps, held=Buttons.NONE):
    """Step, yielding (player, platform) after each step."""
    plat = the_platform(stage)
    for _ in range(steps):
        stage.step(held)
        stage.check_invariants()
        yield stage.player, plat


@pytest.mark.parametrize("speed", [30, 120, 600])
def test_a_rider_stays_exactly_on_a_platform_going_sideways(tmp_path, speed):
    objects = [
        platform(160, 160, speed=("float", speed), wait=("float", 0.2)),
        polyline(184, 160, [(0, 0), (320, 0)]),
    ]
    stage = stage_with(tmp_path, objects)
    plat = the_platform(stage)
    put(stage, stage.player, (plat.hitbox.centerx, plat.hitbox.top))
    offset = stage.player.hitbox.x - plat.hitbox.x
    xs = []
    for player, plat in ride(stage, 240):
        assert player.hitbox.bottom == plat.hitbox.top  # never sinks, never hovers
        assert player.hitbox.x - plat.hitbox.x == pytest.approx(offset, abs=1e-3)
        xs.append(plat.hitbox.x)
    assert max(xs) - min(xs) > min(300, speed * 240 * DT * 0.5)  # it really travelled


@pytest.mark.parametrize("speed", [40, 300, 600])
def test_an_elevator_carries_its_rider_up_and_down_without_jitter(tmp_path, speed):
    objects = [
        platform(256, 224, speed=("float", speed), wait=("float", 0)),
        polyline(280, 224, [(0, 0), (0, -144)]),
    ]
    stage = stage_with(tmp_path, objects)
    plat = the_platform(stage)
    put(stage, stage.player, (plat.hitbox.centerx, plat.hitbox.top))
    tops = []
    for player, plat in ride(stage, int(2 * 144 / speed / DT) + 30):
        assert player.hitbox.bottom == plat.hitbox.top
        assert player.alive
        tops.append(plat.hitbox.top)
    assert max(tops) - min(tops) == pytest.approx(144, abs=1)  # the whole way, both ways
    # It turned round at least once, so it carried the player down as well as up.
    assert tops.index(min(tops)) < len(tops) - 1


def test_a_drum_on_a_platform_rides_off_screen_and_a_player_on_the_drum_too(tmp_path):
    objects = [
        platform(480, 160, w=64, speed=("float", 80)),
        polyline(512, 160, [(0, 0), (96, 0)]),
        '<object id="102" type="OilDrum" x="512" y="160"><point/></object>',
    ]
    rows = ["." * 60] * 14 + ["..P" + "." * 57, "#" * 60]
    stage = stage_with(tmp_path, objects, rows)
    plat = the_platform(stage)
    (drum,) = [e for e in stage.entities if e.kind == "OilDrum"]
    assert not stage.camera.rect.colliderect(plat.hitbox)  # far off screen
    put(stage, stage.player, (drum.hitbox.centerx, drum.hitbox.top))
    for player, plat in ride(stage, 120):
        assert drum.hitbox.bottom == plat.hitbox.top
        assert player.hitbox.bottom == pytest.approx(drum.hitbox.top, abs=1e-3)
    assert drum.hitbox.centerx != 512  # carried along


def test_it_pushes_what_it_runs_into_and_stops_rather_than_crush(tmp_path):
    # The platform sweeps along the floor towards a wall; the player stands in its way.
    rows = ["." * 30] * 14 + ["..P" + "." * 24 + "###", "#" * 30]
    objects = [
        platform(32, FLOOR - 16, w=32, h=16, speed=("float", 120)),
        polyline(48, FLOOR - 16, [(0, 0), (400, 0)]),
    ]
    stage = stage_with(tmp_path, objects, rows)
    plat = the_platform(stage)
    put(stage, stage.player, (160, FLOOR))
    for player, plat in ride(stage, 300):
        assert not player.hitbox.colliderect(plat.hitbox)
        assert not stage.tilemap.overlaps_solid(player.hitbox)
        assert player.alive
    assert stage.player.hitbox.right == pytest.approx(27 * TILE, abs=0.5)  # pushed to the wall
    assert plat.stopped > 0  # and there it waited instead of crushing


def test_an_elevator_waits_under_a_low_ceiling_instead_of_crushing_its_rider(tmp_path):
    rows = ["." * 30] * 8 + ["#" * 30] + ["." * 30] * 5 + ["..P" + "." * 27, "#" * 30]
    objects = [
        platform(256, 224, speed=("float", 200), wait=("float", 0)),
        polyline(280, 224, [(0, 0), (0, -200)]),
    ]
    stage = stage_with(tmp_path, objects, rows)
    plat = the_platform(stage)
    put(stage, stage.player, (plat.hitbox.centerx, plat.hitbox.top))
    for player, plat in ride(stage, 120):
        assert not stage.tilemap.overlaps_solid(player.hitbox)
        assert player.hitbox.bottom == plat.hitbox.top
    assert plat.stopped > 0
    # It stopped within one step's travel of the ceiling, the rider's head under it.
    assert 0 <= stage.player.hitbox.top - 9 * TILE <= 200 * DT


def test_a_one_way_platform_is_jumped_through_and_dropped_through(tmp_path):
    objects = [
        platform(8, FLOOR - 48, w=64, speed=("float", 1), oneway=("bool", "true")),
        polyline(40, FLOOR - 48, [(0, 0), (1, 0)]),
    ]
    stage = stage_with(tmp_path, objects)
    plat = the_platform(stage)
    # From the floor below, a jump goes up through it and lands on top.
    landed = False
    for step in range(90):
        stage.step(Buttons.JUMP if 1 <= step < 13 else Buttons.NONE)
        if stage.player.on_ground and stage.player.hitbox.bottom == plat.hitbox.top:
            landed = True
            break
    assert landed
    # Down + jump drops through it to the floor.
    for step in range(60):
        stage.step(Buttons.DOWN | Buttons.JUMP if 1 <= step < 4 else Buttons.NONE)
    assert stage.player.hitbox.bottom == FLOOR


def test_the_platform_is_filed_in_the_tree_where_it_is(tmp_path):
    objects = [platform(160, 160), polyline(184, 160, [(0, 0), (200, 40)])]
    stage = stage_with(tmp_path, objects)
    plat = the_platform(stage)
    for _ in range(50):
        stage.step(Buttons.NONE)
    assert plat in stage.tree.query(plat.hitbox)
    assert plat.hitbox.x != 160
    stage.check_invariants()


def test_a_loop_goes_round_to_its_start(tmp_path):
    square = [(0, 0), (64, 0), (64, 64), (0, 64)]
    objects = [
        platform(160, 96, speed=("float", 200), wait=("float", 0), mode=("string", "loop")),
        polyline(184, 96, square),
    ]
    stage = stage_with(tmp_path, objects)
    plat = the_platform(stage)
    seen = []
    for _ in range(100):  # 333 px: once round the 256 px square and on
        stage.step(Buttons.NONE)
        seen.append((plat.hitbox.x, plat.hitbox.y))
    on_edges = [
        (x, y) for x, y in seen if min(abs(x - 160), abs(x - 224), abs(y - 96), abs(y - 160)) < 1e-3
    ]
    assert len(on_edges) == len(seen)  # always on the square's outline
    for cx, cy in ((224, 96), (224, 160), (160, 160), (160, 96)):  # every corner, in turn
        assert min(abs(x - cx) + abs(y - cy) for x, y in seen) < 200 * DT


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("", "property 'path' must be set (pick an object)"),
        ('<object id="101" x="10" y="10" width="20" height="20"/>', "is a rectangle"),
        (polyline(184, 160, [(0, 0), (1e9, 0)]), "reaches far outside the map"),
    ],
)
def test_a_platform_path_that_cannot_be_followed_is_refused(tmp_path, path, message):
    pid = 0 if not path else 101
    objects = [platform(160, 160, path_id=pid), path]
    map_path = write_map(tmp_path, FIELD, extra_objects="".join(objects))
    assert any(message in line for line in check_file(map_path)), check_file(map_path)
    with pytest.raises(LevelError) as info:
        load_level(map_path, images=False)
    assert "\n" not in str(info.value)


def test_a_path_line_needs_no_class(tmp_path):
    objects = [platform(160, 160), polyline(184, 160, [(0, 0), (64, 0)])]
    map_path = write_map(tmp_path, FIELD, extra_objects="".join(objects))
    assert not [line for line in check_file(map_path) if "no class" in line]
