"""Camera: follows, and never shows outside the map."""

import pygame

from gunner.camera import Camera


def test_camera_clamps_to_map_edges():
    cam = Camera(480, 270, 2000, 600)
    cam.snap(0, 0)
    assert (cam.x, cam.y) == (0, 0)
    cam.snap(5000, 5000)
    assert (cam.x, cam.y) == (2000 - 480, 600 - 270)
    for _ in range(600):
        cam.update(1990, 590, 1, 1 / 60)
    assert cam.x <= 2000 - 480 and cam.y <= 600 - 270


def test_camera_follows_a_running_target_and_keeps_it_on_screen():
    cam = Camera(480, 270, 4000, 600)
    cam.snap(240, 400)
    x = 240.0
    for _ in range(600):
        x += 110 / 60
        cam.update(x, 400, 1, 1 / 60)
        assert cam.x < x < cam.x + 480
    assert cam.x > 500
    # Look-ahead: facing right shows more ahead than behind.
    assert x - cam.x < 240


def test_map_smaller_than_view_is_centred():
    cam = Camera(480, 270, 320, 200)
    cam.snap(100, 100)
    assert (cam.x, cam.y) == ((320 - 480) / 2, (200 - 270) / 2)


def test_dead_zone_ignores_small_moves():
    cam = Camera(480, 270, 4000, 2000)
    cam.snap(1000, 1000)
    start = (cam.x, cam.y)
    cam.update(1010, 1000, 0, 1 / 60)
    assert (cam.x, cam.y) == start


def test_the_view_settles_back_down_after_a_jump(tmp_path):
    # After the first full jump the view used to stay about 28 px higher for good.
    from ascii_maps import write_map
    from gunner.input import Buttons
    from gunner.level import load_level
    from gunner.stage import Stage

    # Room below the floor, so the view is not pinned to the map's bottom edge.
    rows = ["." * 60] * 20 + ["....P" + "." * 55, "#" * 60] + ["." * 60] * 20 + ["#" * 60]
    stage = Stage(load_level(write_map(tmp_path, rows), images=False))
    for _ in range(90):
        stage.step(Buttons.NONE)
    rest = stage.camera.y
    for _ in range(40):  # a full, held jump
        stage.step(Buttons.JUMP)
    for _ in range(120):
        stage.step(Buttons.NONE)
    assert stage.player.on_ground
    assert abs(stage.camera.y - rest) < 1.0, (stage.camera.y, rest)


def test_a_climbing_view_rises_with_its_target_and_never_comes_back_down():
    cam = Camera(480, 270, 640, 3000, climb=True)
    cam.snap(320, 2900)
    start = cam.y
    y = 2900.0
    for _ in range(300):  # climbing
        y -= 2.0
        cam.update(320, y, 1, 1 / 60, grounded=True)
    high = cam.y
    assert high < start - 400
    for _ in range(300):  # then falling back down
        y += 3.0
        cam.update(320, y, 1, 1 / 60, grounded=True)
        assert cam.y <= high
        high = cam.y
    assert cam.dropped(pygame.FRect(300, cam.y + 271, 16, 32))
    assert not cam.dropped(pygame.FRect(300, cam.y + 200, 16, 32))
    # More than half of the body under the edge is out: a head showing is not enough.
    # (Centres a pixel either side of the edge: an FRect holds 32-bit floats.)
    assert cam.dropped(pygame.FRect(300, cam.y + 270 - 16 + 1, 16, 32))
    assert not cam.dropped(pygame.FRect(300, cam.y + 270 - 16 - 1, 16, 32))


def test_a_free_view_follows_its_target_back_down_and_drops_nothing():
    cam = Camera(480, 270, 640, 3000)
    cam.snap(320, 1000)
    for _ in range(300):
        cam.update(320, 1600, 1, 1 / 60, grounded=True)
    assert cam.y > 1000
    assert not cam.dropped(pygame.FRect(300, cam.y + 1000, 16, 32))


def test_a_snap_resets_the_climb_to_where_it_lands():
    """A respawn at a checkpoint below the view: the view goes there, then rises again."""
    cam = Camera(480, 270, 640, 3000, climb=True)
    cam.snap(320, 500)
    cam.snap(320, 2500)
    assert cam.y > 2000
