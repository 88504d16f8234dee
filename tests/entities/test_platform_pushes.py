"""What a moving plank does to what is under, over or beside it when it is not
sliding straight into a standing player: it rests on a head rather than crush it or
shove it aside, pushes along what it clips at head or foot height, and gives up a
refused step at once rather than waiting out its end's `wait`, stops short of a
ceiling its rider cannot clear by a whole step, and still waits at a door behind a
zone or a player it passes through."""

from __future__ import annotations

import pytest
from platform_stages import door_at, put, slid_for, stage_with, the_platform

from ascii_maps import obj, platform, polyline
from gunner.config import DT
from gunner.input import Buttons
from gunner.timer import steps

FLOOR = 15 * 16  # FIELD's floor top


@pytest.mark.parametrize("where", ["middle", "left shoulder", "right shoulder"])
def test_a_plank_sinking_onto_a_standing_player_rests_on_his_head(tmp_path, where) -> None:
    """Under its middle or a pixel under either end, he is neither crushed, pushed into
    the floor nor shoved aside: the plank stops on his head and waits there."""
    objects = [
        platform(160, 100, w=48, h=8, speed=("float", 120), wait=("float", 0)),
        polyline(184, 100, [(0, 0), (0, 130)]),
    ]
    stage = stage_with(tmp_path, objects)
    plat, player = the_platform(stage), stage.player
    x = {
        "middle": 184,
        "left shoulder": 160 + 1 - player.hitbox.width / 2,
        "right shoulder": 208 - 1 + player.hitbox.width / 2,
    }[where]
    put(stage, player, (x, FLOOR))
    stand = player.hitbox.topleft
    for _ in range(steps(2.0)):
        player.vx = 0.0
        stage.step(Buttons.NONE)
        assert player.hitbox.topleft == stand
        assert not plat.hitbox.colliderect(player.hitbox)
        assert player.alive
    assert plat.stopped > 60
    assert 0 <= player.hitbox.top - plat.hitbox.bottom < 120 * DT  # on his head


@pytest.mark.parametrize("way", [1, -1])
@pytest.mark.parametrize("clip", ["head", "feet"])
def test_a_sliding_plank_that_clips_a_player_by_a_pixel_pushes_him_along(
    tmp_path, way, clip
) -> None:
    """A plank sliding at head height, its bottom a pixel below his head, or sunk into
    the floor with its top a pixel above his feet: he is pushed ahead of its front, on
    the floor all the way, and it never waits for him."""
    probe = stage_with(tmp_path, [])
    height = probe.player.hitbox.height
    y = FLOOR - height + 1 - 8 if clip == "head" else FLOOR - 1
    x0 = 160 if way > 0 else 432
    objects = [
        platform(x0, y, w=48, h=8, speed=("float", 120), wait=("float", 0)),
        polyline(x0 + 24, y, [(0, 0), (way * 160, 0)]),
    ]
    stage = stage_with(tmp_path, objects)
    plat, player = the_platform(stage), stage.player
    put(stage, player, (x0 + 24 + way * 60, FLOOR))
    start = player.hitbox.x
    for _ in range(60):
        player.vx = 0.0
        stage.step(Buttons.NONE)
        assert player.hitbox.bottom == FLOOR
        assert not plat.hitbox.colliderect(player.hitbox)
    assert plat.stopped == 0
    assert (player.hitbox.x - start) * way > 60  # pushed along


def test_a_plank_refused_its_last_step_tries_again_at_once(tmp_path) -> None:
    """Its path ends a pixel into a closed door: the last step is refused, and it tries
    again every step (its end's `wait` starts only once it gets there)."""
    # The plank's right edge runs 160+48 -> 400 in 2 px steps; the door's left is 400.
    objects = [
        platform(160, 200, w=48, h=8, speed=("float", 120), wait=("float", 2.0)),
        polyline(184, 200, [(0, 0), (193, 0)]),
        door_at(400, 180),
    ]
    stage = stage_with(tmp_path, objects)
    plat = the_platform(stage)
    for _ in range(steps(3.0)):
        stage.step(Buttons.NONE)
    assert plat.hitbox.right == 400
    before = plat.stopped
    assert before > 0
    for _ in range(60):
        stage.step(Buttons.NONE)
    assert plat.stopped == before + 60  # it asked every step, not once a `wait`


def test_an_elevator_stops_short_of_a_ceiling_it_cannot_clear_by_a_whole_step(tmp_path) -> None:
    """The rider's head comes within a step's rise of a ceiling (3 px under it, the step
    3.5 px): lifting him falls half a pixel short, so the plank waits; he is never
    pressed into the ceiling, not even by a fraction of a pixel."""
    rows = ["." * 30] * 8 + ["#" * 30] + ["." * 30] * 5 + ["..P" + "." * 27, "#" * 30]
    # 3.5 px a step; his head starts 52 px under the ceiling: 14 steps, then 3 px left.
    objects = [
        platform(256, 224, speed=("float", 210), wait=("float", 0)),
        polyline(280, 224, [(0, 0), (0, -200)]),
    ]
    stage = stage_with(tmp_path, objects, rows)
    plat, player = the_platform(stage), stage.player
    put(stage, player, (plat.hitbox.centerx, plat.hitbox.top))
    for _ in range(40):
        stage.step(Buttons.NONE)
        assert not stage.tilemap.overlaps_solid(player.hitbox)
        assert player.hitbox.bottom == plat.hitbox.top
    assert plat.stopped > 20
    assert player.hitbox.top - 9 * 16 == pytest.approx(3.0, abs=1e-3)


def test_a_one_way_plank_sliding_through_a_player_still_waits_at_the_door_behind_him(
    tmp_path,
) -> None:
    """He stands against the door; the plank passes through him but not the door."""
    objects = [
        platform(100, 210, speed=("float", 120), wait=("float", 0), oneway=("bool", "true")),
        polyline(124, 210, [(0, 0), (200, 0)]),
        door_at(200, 192),
    ]
    stage = stage_with(tmp_path, objects)
    player = stage.player
    put(stage, player, (200 - player.hitbox.width / 2, FLOOR))
    for _ in range(steps(2.0)):
        player.vx = 0.0
        stage.step(Buttons.NONE)
    plat = the_platform(stage)
    assert plat.stopped > 0 and plat.hitbox.right <= 200


def test_a_plank_sliding_through_a_checkpoint_still_waits_at_the_door_beyond(tmp_path) -> None:
    """A checkpoint's flag is a zone it passes through; the door behind it still stops it."""
    objects = [
        platform(100, 210, speed=("float", 120), wait=("float", 0)),
        polyline(124, 210, [(0, 0), (200, 0)]),
        obj("Checkpoint", 184, FLOOR - 32, 16, 32),
        door_at(200, 192),
    ]
    plat = slid_for(tmp_path, objects, 2.0)
    assert plat.stopped > 0 and plat.hitbox.right <= 200


def test_a_plank_sinking_faster_than_a_player_falls_pushes_him_down_ahead_of_it(
    tmp_path,
) -> None:
    """Falling under a plank that sinks faster: it catches him and carries him down just
    under it, no lower, to the floor, and then rests on his head."""
    objects = [
        platform(160, 100, w=48, h=8, speed=("float", 600), wait=("float", 0)),
        polyline(184, 100, [(0, 0), (0, 130)]),
    ]
    stage = stage_with(tmp_path, objects)
    plat, player = the_platform(stage), stage.player
    put(stage, player, (184, FLOOR - 60))
    x = player.hitbox.x
    pushed = 0
    for _ in range(60):
        player.vx = 0.0
        stage.step(Buttons.NONE)
        assert not plat.hitbox.colliderect(player.hitbox)
        assert player.hitbox.x == x
        if not player.on_ground and player.hitbox.top == pytest.approx(plat.hitbox.bottom):
            pushed += 1
    assert pushed >= 2
    assert player.hitbox.bottom == FLOOR and player.alive
    assert 0 <= player.hitbox.top - plat.hitbox.bottom < 10


def test_a_rising_plank_lifts_a_player_jumping_slower_than_it(tmp_path) -> None:
    """Jumping up just over an elevator that rises faster: it catches his feet and lifts
    him just on top of it, no higher, and then carries him."""
    objects = [
        platform(160, 200, w=48, h=8, speed=("float", 600), wait=("float", 0)),
        polyline(184, 200, [(0, 0), (0, -100)]),
    ]
    stage = stage_with(tmp_path, objects)
    plat, player = the_platform(stage), stage.player
    put(stage, player, (184, 190))
    player.vy = -60.0
    lifted = 0
    for _ in range(30):
        player.vx = 0.0
        stage.step(Buttons.NONE)
        assert not plat.hitbox.colliderect(player.hitbox)
        if player.hitbox.bottom == pytest.approx(plat.hitbox.top):
            lifted += 1
    assert lifted >= 20


def test_a_drum_beside_a_rider_left_on_a_ledge_still_rides_the_plank_down(tmp_path) -> None:
    """Two ride a sinking plank: the player half on a ledge, which holds him, and a drum
    wholly on the plank, which goes down with it, never left hanging in the air."""
    rows = ["." * 40] * 10 + ["#" * 10 + "." * 30] + ["." * 40] * 3 + ["..P" + "." * 37, "#" * 40]
    objects = [
        platform(160, 160, w=48, h=8, speed=("float", 60), wait=("float", 0)),
        polyline(184, 160, [(0, 0), (0, 64)]),
        '<object id="102" type="OilDrum" x="192" y="160"><point/></object>',
    ]
    stage = stage_with(tmp_path, objects, rows)
    plat, player = the_platform(stage), stage.player
    (drum,) = [e for e in stage.entities if e.kind == "OilDrum"]
    put(stage, player, (160, 160))  # half on the ledge (ends at 160), half on the plank
    for _ in range(40):
        stage.step(Buttons.NONE)
        assert drum.hitbox.bottom == plat.hitbox.top
    assert player.hitbox.bottom == 160 and plat.hitbox.top > 190
