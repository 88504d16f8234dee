"""The window: whole-number scaling at any size, F11 and Options agree, scale fits the desktop,
fullscreen covers the desktop from its corner and a window never opens past its edge."""

import warnings

import pygame
import pytest

from app_helpers import key
from gunner import window
from gunner.app import App, Screen, integer_viewport, max_scale
from gunner.scenes.options import OptionsScene
from gunner.settings import Settings, load_settings
from gunner.window import Desktop, bars, desktop_of, first_scale, fit_window

TINY_AND_BACK = [(1, 1), (2, 1), (1, 2), (1, 270), (480, 1), (100, 50), (479, 269), (480, 270),
                 (481, 271), (1366, 768), (1920, 1080), (3, 3), (1, 1), (960, 540)]  # fmt: skip


@pytest.fixture
def app():
    app = App(scale=1, fullscreen=False)
    yield app
    pygame.display.set_mode((480, 270))


def frame() -> pygame.Surface:
    """A logical frame with a marker in each corner, to see where it lands."""
    surface = pygame.Surface((480, 270))
    surface.fill((10, 120, 200))
    surface.fill((255, 255, 0), pygame.Rect(0, 0, 1, 1))
    surface.fill((255, 0, 255), pygame.Rect(479, 269, 1, 1))
    return surface


def resize(size: tuple[int, int]) -> None:
    """What a player dragging the window edge does (the window manager sends a resize)."""
    with warnings.catch_warnings():  # pygame nudges towards Window.get_surface; we resize only
        warnings.simplefilter("ignore", DeprecationWarning)
        pygame.Window.from_display_module().size = size
    pygame.event.pump()


def test_resizing_down_to_one_pixel_and_back_never_raises_on_the_gpu_path(app):
    assert app.screen.renderer is not None, "the dummy driver has a software renderer"
    app.surface = frame()
    for size in TINY_AND_BACK:
        resize(size)
        app.present()
        assert pygame.display.get_window_size() == size
        assert app.screen.renderer.get_viewport() == integer_viewport(size, (480, 270))


def test_the_gpu_path_scales_by_whole_numbers_with_black_bars(app):
    resize((1100, 700))  # 2x fits (960x540); 2.29x would not be whole pixels
    app.surface = frame()
    app.present()
    app.screen.renderer.set_viewport(None)  # read back the whole window, bars included
    shown = app.screen.renderer.to_surface()
    assert shown.get_size() == (1100, 700)
    left, top = (1100 - 960) // 2, (700 - 540) // 2
    assert shown.get_at((left, top))[:3] == (255, 255, 0)  # top-left logical pixel...
    assert shown.get_at((left + 1, top + 1))[:3] == (255, 255, 0)  # ...is 2x2 window pixels
    assert shown.get_at((left + 2, top + 2))[:3] == (10, 120, 200)
    assert shown.get_at((left + 959, top + 539))[:3] == (255, 0, 255)
    assert shown.get_at((left - 1, top))[:3] == (0, 0, 0)  # the bars are black
    assert shown.get_at((left, top - 1))[:3] == (0, 0, 0)


@pytest.mark.parametrize("fullscreen", [False, True])
def test_the_cpu_path_survives_tiny_windows_too(fullscreen):
    screen = Screen(gpu=False)
    screen.open(fullscreen, 1)
    for size in TINY_AND_BACK:
        window = pygame.display.set_mode(size, pygame.RESIZABLE)
        screen.present(frame())
        viewport = integer_viewport(size, (480, 270))
        if window.get_rect().contains(viewport):
            assert window.get_at(viewport.topleft)[:3] == (255, 255, 0)
        else:  # cropped to the middle of the frame at 1x
            assert window.get_at((0, 0))[:3] == (10, 120, 200)
    pygame.display.set_mode((480, 270))


def test_with_no_gpu_the_window_scales_on_the_cpu_into_shared_memory(monkeypatch):
    """Where OpenGL is a software rasterizer the game skips SDL's renderer (and its
    texture-backed window surface) and scales on the CPU, with whole-number pixels,
    bars and F11 as ever; a player's own SDL hint is kept."""
    monkeypatch.setattr(window, "software_gl", lambda: True)
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    screen = Screen()
    screen.open(False, 2)
    assert screen.renderer is None and screen.software_gl
    assert window.os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "0"
    assert pygame.display.get_window_size() == (960, 540)
    screen.present(frame())
    assert pygame.display.get_surface().get_at((1, 1))[:3] == (255, 255, 0)  # 2x2 pixels
    screen.switch(True, 2)
    assert pygame.display.get_window_size() == pygame.display.get_desktop_sizes()[0]
    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", "1")
    Screen().open(False, 1)
    assert window.os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "1"
    pygame.display.set_mode((480, 270))


def test_f11_and_the_options_row_are_one_switch_and_both_are_saved(app):
    options = OptionsScene()
    app.push(options)
    assert options.value(app, "fullscreen")[1] == "< OFF >"
    app.handle_event(key(pygame.K_F11))
    desktop = pygame.display.get_desktop_sizes()[0]
    assert app.fullscreen and pygame.display.get_window_size() == desktop
    assert options.value(app, "fullscreen")[1] == "< ON >", "Options shows what F11 did"
    assert load_settings().fullscreen, "F11's choice is saved"
    options.index = options.rows.index("fullscreen")
    app.handle_event(key(pygame.K_RIGHT))  # the row switches back
    assert not app.fullscreen and options.value(app, "fullscreen")[1] == "< OFF >"
    assert not load_settings().fullscreen
    app.handle_event(key(pygame.K_F11))
    app.handle_event(key(pygame.K_F11))
    assert not app.fullscreen and not load_settings().fullscreen


def test_window_scale_stops_at_what_fits_the_desktop(monkeypatch):
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1366, 768)])
    assert max_scale() == 2 and max_scale((3840, 2160)) == 8 and max_scale((320, 200)) == 1
    assert App(settings=Settings(), scale=6).scale == 2  # --scale too
    app = App(settings=Settings(scale=8))  # saved on a bigger monitor
    assert app.scale == 2 and pygame.display.get_window_size() == (960, 540)
    options = OptionsScene()
    app.push(options)
    options.index = options.rows.index("scale")
    app.handle_event(key(pygame.K_RIGHT))
    assert app.scale == 2 and options.value(app, "scale")[1] == "< 2x >"
    app.handle_event(key(pygame.K_LEFT))
    assert app.scale == 1 and pygame.display.get_window_size() == (480, 270)
    assert load_settings().scale == 1, "saved as it changed"
    pygame.display.set_mode((480, 270))


def test_bench_pacing_presents_each_frame_and_times_both_paths(capsys):
    import json

    from bench import pacing

    assert pacing.main(["--frames", "3", "--present", "481x271,961x541", "--present-frames", "4",
                        "--json"]) == 0  # fmt: skip
    result = json.loads(capsys.readouterr().out)
    assert result["presented"] == "gpu" and result["median_ms"] > 0
    assert [row["size"] for row in result["present"]] == ["481x271", "961x541"]
    assert all(row["cpu_0_1_ms"] > 0 and row["gpu_ms"] > 0 for row in result["present"])
    assert pacing.parse_sizes("") == [] and pacing.parse_sizes("480x270, 500X300") == [
        (480, 270),
        (500, 300),
    ]
    with pytest.raises(Exception, match="1920x1080"):
        pacing.parse_sizes("big")
    with pytest.raises(Exception, match="480x270 frame"):
        pacing.parse_sizes("200x100")
    pygame.display.set_mode((480, 270))


# A 1920x1080 desktop under a window manager whose frame has a 20-pixel title bar.
FRAMED = Desktop((0, 0, 1920, 1080), (20, 1, 5, 1))


def test_the_scale_falls_to_the_largest_window_that_fits_with_its_frame_centred():
    assert fit_window(3, FRAMED) == (3, (240, 142))  # frame 239..1681 x 122..957
    assert fit_window(4, FRAMED) == (3, (240, 142)), "4x and a title bar pass 1080 rows"
    assert fit_window(4, Desktop((0, 0, 1920, 1080))) == (4, (0, 0)), "no frame: 4x fits"
    assert fit_window(8, Desktop((0, 0, 3840, 2160), (30, 0, 0, 0))) == (7, (240, 150))
    # A taskbar on the left: centred in what is left of the screen.
    assert fit_window(2, Desktop((48, 0, 1872, 1080))) == (2, (48 + 456, 270))
    # Smaller than one frame: 1x, with the title bar still on screen to grab.
    assert fit_window(3, Desktop((0, 0, 400, 240), (20, 1, 5, 1))) == (1, (1, 20))


@pytest.mark.parametrize("gpu", [True, False], ids=["renderer", "cpu"])
def test_no_window_opens_past_the_desktop_and_fullscreen_starts_at_its_corner(gpu):
    screen = Screen(gpu=gpu, desktop=lambda w: FRAMED)
    screen.open(False, 4)  # 1920x1080 + a title bar does not fit 1080 rows
    assert (screen.renderer is not None) == gpu
    assert screen.scale == 3 and pygame.display.get_window_size() == (1440, 810)
    assert pygame.display.get_window_position() == (240, 142)
    screen.switch(True, 3)  # F11
    assert pygame.display.get_window_position() == (0, 0)
    assert pygame.display.get_window_size() == pygame.display.get_desktop_sizes()[0]
    screen.present(frame())
    screen.switch(False, 4)  # and back: the same fit, centred again
    assert screen.scale == 3 and pygame.display.get_window_size() == (1440, 810)
    assert pygame.display.get_window_position() == (240, 142)
    pygame.display.set_mode((480, 270))


def test_a_frame_reported_late_is_remembered():
    """A window manager reports no frame while the window is fullscreen (or before it
    decorates it): the largest frame seen still counts."""
    frames = iter([(20, 1, 5, 1), (0, 0, 0, 0)])
    screen = Screen(gpu=False, desktop=lambda w: Desktop((0, 0, 1920, 1080), next(frames)))
    screen.open(False, 3)
    screen.switch(True, 3)
    screen.switch(False, 4)
    # SDL, knowing no frame yet, places the window itself; the manager adds the frame
    # above and left of it: asked 20 rows higher, it lands centred.
    assert screen.scale == 3 and pygame.display.get_window_position() == (239, 122)
    pygame.display.set_mode((480, 270))


def test_the_app_keeps_the_scale_the_window_could_show(monkeypatch):
    monkeypatch.setattr(window, "desktop_of", lambda w: FRAMED)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    app = App(settings=Settings(scale=4))
    assert app.scale == 3 and pygame.display.get_window_size() == (1440, 810)
    options = OptionsScene()
    app.push(options)
    options.index = options.rows.index("scale")
    app.handle_event(key(pygame.K_RIGHT))  # 4x fits the desktop but not with the frame
    assert app.scale == 3 and options.value(app, "scale")[1] == "< 3x >"
    pygame.display.set_mode((480, 270))


def test_a_first_start_opens_the_largest_window_that_fits_with_room_to_spare(monkeypatch):
    # Room for a title bar and a taskbar: 4x fills a 1920x1080 screen to its last row.
    assert first_scale((1920, 1080)) == 3 and first_scale((1280, 720)) == 2
    assert first_scale((2560, 1440)) == 5 and first_scale((800, 600)) == 1
    assert first_scale((3840, 2160)) == 7
    monkeypatch.setattr(window, "desktop_of", lambda w: Desktop((0, 0, 1920, 1080)))
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    app = App(settings=Settings())  # nothing saved, no --scale
    assert app.scale == 3 and pygame.display.get_window_size() == (1440, 810)
    monkeypatch.setattr(window, "desktop_of", lambda w: Desktop((0, 0, 1280, 720)))
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1280, 720)])
    app = App(settings=Settings())
    assert app.scale == 2 and pygame.display.get_window_size() == (960, 540)
    # Chosen, not picked: nothing is saved, so a bigger screen later gets a bigger window.
    assert "scale" not in Settings().to_json()
    assert Settings.from_json(Settings().to_json()).scale is None
    assert Settings.from_json({"scale": 4}).scale == 4
    pygame.display.set_mode((480, 270))


def test_a_saved_or_asked_scale_that_does_not_fit_is_lowered_with_one_line(monkeypatch, capsys):
    monkeypatch.setattr(window, "desktop_of", lambda w: Desktop((0, 0, 1280, 720)))
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1280, 720)])
    capsys.readouterr()
    assert App(settings=Settings(scale=3)).scale == 2  # the old default, saved
    assert App(settings=Settings(), scale=4).scale == 2  # --scale 4
    said = capsys.readouterr().err.splitlines()
    assert said == [
        "gunner: window scale 3 (1440x810) does not fit this 1280x720 desktop; using 2 (960x540)",
        "gunner: window scale 4 (1920x1080) does not fit this 1280x720 desktop; using 2 (960x540)",
    ]
    assert App(settings=Settings(scale=2)).scale == 2  # fits: nothing said
    app = App(settings=Settings(scale=4, fullscreen=True))  # fullscreen: as ever
    assert app.fullscreen
    assert capsys.readouterr().err == ""
    app.handle_event(key(pygame.K_F11))  # out of fullscreen: a window that fits
    assert app.scale == 2 and pygame.display.get_window_size() == (960, 540)
    pygame.display.set_mode((480, 270))


def test_sdl_tells_the_desktop_here():
    screen = Screen(gpu=False)
    screen.open(False, 1)
    desktop = desktop_of(screen.window)
    assert desktop is not None
    assert desktop.usable[2:] == pygame.display.get_desktop_sizes()[0]
    assert desktop.frame == (0, 0, 0, 0), "the dummy driver draws no frame"
    pygame.display.set_mode((480, 270))


def test_only_the_bars_are_painted_black():
    area = pygame.Rect(0, 0, 1100, 700)
    viewport = integer_viewport(area.size, (480, 270))
    found = bars(area, viewport)
    assert sum(b.width * b.height for b in found) == 1100 * 700 - 960 * 540
    assert not any(b.colliderect(viewport) for b in found)
    assert bars(pygame.Rect(0, 0, 1440, 810), pygame.Rect(0, 0, 1440, 810)) == []


def test_the_cpu_path_paints_its_bars_black_and_the_picture_whole():
    screen = Screen(gpu=False)
    screen.open(False, 1)
    window = pygame.display.set_mode((1100, 700), pygame.RESIZABLE)
    window.fill((255, 255, 255))  # whatever the window showed before
    screen.present(frame())
    left, top = (1100 - 960) // 2, (700 - 540) // 2
    assert window.get_at((left - 1, top))[:3] == (0, 0, 0)
    assert window.get_at((left, top - 1))[:3] == (0, 0, 0)
    assert window.get_at((1099, 699))[:3] == (0, 0, 0)
    assert window.get_at((left, top))[:3] == (255, 255, 0)
    assert window.get_at((left + 959, top + 539))[:3] == (255, 0, 255)
    pygame.display.set_mode((480, 270))


def test_bench_pacing_in_a_window_says_in_one_line_when_there_is_no_display(capsys):
    from bench import pacing

    assert pacing.run_window(10, {"PATH": "/usr/bin"}) == "no display (DISPLAY is not set)"
    pacing.print_window("no display (DISPLAY is not set)")
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1 and "skipped" in out[0] and "DISPLAY=" in out[0]


def test_bench_pacing_in_a_window_times_the_game_loop_under_both_policies():
    """A smoke run on the dummy driver (a real display is for `make bench`)."""
    from bench import pacing

    result = pacing.measure_window(frames=12, rounds=1, crowd=4, bullets=20)
    w, h = result["window"]
    assert w * 270 == h * 480 and w <= 1440, "3x, or the largest that fits the desktop"
    for name in ("today", "old (up to 5 steps)"):
        policy = result["policies"][name]
        assert policy["frames"] == 12 and policy["median_ms"] > 0
        assert policy["step_ms_per_step"] > 0, "the level's own steps, not a pause screen's"
        assert policy["render_ms"] > 0 and policy["present_ms"] > 0
    assert result["bullets"] >= 10, "bullets kept in flight"
    pacing.print_window(result)
    pygame.display.set_mode((480, 270))


def test_the_gpu_probe_opens_the_display_again_when_x11_refuses_at_first(monkeypatch):
    """Under Xvfb about one start in six crashed with "x11 not available": opening X11
    again straight after the probe's OpenGL window closed failed once. The probe tries
    again a moment later, and the game opens its window as ever."""
    real_init = pygame.display.init
    refusals = [pygame.error("x11 not available")] * 2

    def init_refusing_twice():
        if refusals:
            raise refusals.pop()
        real_init()

    def no_opengl(*args, **kwargs):
        raise pygame.error("no OpenGL here")

    monkeypatch.setattr(window.pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(window.pygame.display, "set_mode", no_opengl)
    monkeypatch.setattr(window.pygame.display, "init", init_refusing_twice)
    monkeypatch.setattr(window, "REINIT_PAUSE", 0.0)
    assert window.software_gl() is False
    assert refusals == [] and pygame.display.get_init()
    monkeypatch.undo()  # the probe closed the display: the next tests need its mode back
    pygame.display.set_mode((480, 270))


def test_the_gpu_probe_gives_up_after_a_few_refusals(monkeypatch):
    """A display that never comes back is an error, not a hang."""
    calls = []

    def init_refusing():
        calls.append(1)
        raise pygame.error("x11 not available")

    monkeypatch.setattr(window.pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(window.pygame.display, "set_mode", lambda *a, **k: None)
    monkeypatch.setattr(window.pygame.display, "quit", lambda: None)
    monkeypatch.setattr(window.pygame.display, "init", init_refusing)
    monkeypatch.setattr(window, "REINIT_PAUSE", 0.0)

    def no_libgl(name):
        raise OSError("no libGL")

    monkeypatch.setattr(window.ctypes, "CDLL", no_libgl)
    with pytest.raises(pygame.error):
        window.software_gl()
    assert len(calls) == window.REINIT_TRIES


def test_with_no_gpu_the_display_opens_again_when_x11_refuses_at_first(monkeypatch):
    """The CPU path restarts the display for SDL's hint: X11 refusing once there, as it
    does now and then under Xvfb, still opens the window."""
    real_init = pygame.display.init
    refusals = [pygame.error("x11 not available")]

    def init_refusing_once():
        if refusals:
            raise refusals.pop()
        real_init()

    monkeypatch.setattr(window, "software_gl", lambda: True)
    monkeypatch.setattr(window.pygame.display, "init", init_refusing_once)
    monkeypatch.setattr(window, "REINIT_PAUSE", 0.0)
    screen = Screen()
    screen.open(False, 2)
    assert refusals == [] and pygame.display.get_window_size() == (960, 540)
