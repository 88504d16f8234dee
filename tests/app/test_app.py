"""The app: fixed-step pacing (slowing down smoothly), settings applied, pausing, options
screen, crash logs."""

import json

import pygame
import pytest

from app_helpers import key
from ascii_maps import CORRIDOR as ROWS
from ascii_maps import write_map
from gunner import __main__ as cli
from gunner.app import App, FixedStepClock
from gunner.config import DT, MAX_STEPS_PER_FRAME
from gunner.input import Buttons, buttons_from_keys
from gunner.scenes.options import OptionsScene
from gunner.scenes.pause import PauseScene
from gunner.scenes.play import PlayScene
from gunner.settings import Settings, load_settings


def test_normal_frames_step_at_sixty_hertz():
    clock = FixedStepClock()
    steps = sum(clock.advance(1 / 120) for _ in range(240))  # two seconds at 120 fps
    assert steps in (119, 120)


def test_a_two_second_frame_runs_at_most_five_steps_and_drops_the_backlog():
    clock = FixedStepClock()
    assert clock.advance(2.0) == MAX_STEPS_PER_FRAME
    assert clock.backlog < DT
    # The next ordinary frame is ordinary again: no catching up on the lost time.
    assert clock.advance(DT) == 1
    assert sum(clock.advance(DT) for _ in range(10)) == 10


def test_negative_time_never_runs_steps():
    assert FixedStepClock().advance(-1.0) == 0


def play_frames(clock, frames, step_s, other_s, stall_at=None, stall_s=0.0):
    """The loop on a fake clock: each frame costs its steps at `step_s` each plus
    `other_s` (events, drawing, presenting), and the next frame is given that much real
    time. Returns (steps, seconds) per frame."""
    out, real_dt = [], 0.0
    for i in range(frames):
        steps = clock.advance(real_dt)
        seconds = steps * step_s + other_s + (stall_s if i == stall_at else 0.0)
        clock.measured(steps * step_s, steps, other_s)
        out.append((steps, seconds))
        real_dt = seconds
    return out


def test_a_simulation_that_cannot_keep_up_slows_the_game_not_the_frame_rate():
    # A 14 ms step and 6 ms to draw and present: one step a frame is all that fits.
    frames = play_frames(FixedStepClock(), 300, 0.014, 0.006)[30:]
    assert {steps for steps, _ in frames} == {1}, "one step a frame, never a burst"
    assert {round(s, 6) for _, s in frames} == {0.020}  # 50 FPS, evenly
    # The game runs at 50 steps a second: 83 % speed, smoothly.
    steps_per_second = sum(n for n, _ in frames) / sum(s for _, s in frames)
    assert steps_per_second == pytest.approx(50)


def test_a_cheap_simulation_catches_up_after_a_stall_without_losing_time():
    # 2 ms steps, 8 ms for the rest of a frame (the loop's 120 FPS cap); one frame
    # stalls for 60 ms (a dragged window, a slow disk).
    frames = play_frames(FixedStepClock(), 200, 0.002, 0.008, stall_at=100, stall_s=0.060)
    after = [steps for steps, _ in frames[101:106]]
    assert max(after) > 1, "it catches up in bursts the frame can afford"
    assert all(steps * 0.002 + 0.008 <= DT for steps, _ in frames[101:]), "within a frame"
    # Every DT of real time ran a step: the stall cost nothing but its own frame.
    real = sum(s for _, s in frames[:-1])
    assert sum(n for n, _ in frames) == pytest.approx(real / DT, abs=1)


def test_a_stall_longer_than_five_steps_is_dropped_even_when_steps_are_cheap():
    clock = FixedStepClock()
    clock.measured(0.001, 1, 0.001)
    assert clock.advance(2.0) == MAX_STEPS_PER_FRAME and clock.backlog < DT


def test_a_step_slower_than_a_frame_still_runs_one_step_a_frame():
    clock = FixedStepClock()
    clock.measured(0.050, 1, 0.010)  # 50 ms a step: 17 FPS at best, never less
    assert clock.affordable() == 1
    assert [clock.advance(0.060) for _ in range(5)] == [1] * 5


def test_the_loop_on_a_slow_fake_clock_steps_exactly_as_headless(tmp_path, monkeypatch):
    """The loop's policy decides only how many steps a frame runs: under a fake clock
    where every step costs 30 ms (one step a frame) the played run ends on the same
    state as the same masks stepped headless."""
    from gunner.input import RandomInput
    from gunner.level import load_level
    from gunner.replay import ReplayInput
    from gunner.stage import Stage

    path = write_map(tmp_path, ROWS)
    source = RandomInput(3)
    masks = [int(source.next()) for _ in range(240)]
    headless = Stage(load_level(path), seed=5)
    for mask in masks:
        headless.step(Buttons(mask))
    app = App(scale=1, fullscreen=False)
    scene = PlayScene(path, seed=5, replay=ReplayInput(masks))
    app.push(scene)
    fake = [0.0]
    app.now = lambda: fake[0]
    step = scene.step

    def slow_step(app_, held):
        fake[0] += 0.030
        step(app_, held)

    scene.step = slow_step
    monkeypatch.setattr(pygame.event, "get", list)  # no window events: the steps only
    stepper, counts = FixedStepClock(), []
    while not scene.replay.finished and len(counts) < 1000:
        counts.append(app.run_frame(stepper, 0.032 if counts else 0.0))
        fake[0] += 0.002  # drawing and presenting
    assert scene.stage.state_hash() == headless.state_hash()
    assert set(counts[2:]) == {1}, "one step a frame once the costs are known"
    pygame.display.set_mode((480, 270))


class Pressed(set):
    """Stands in for pygame.key.get_pressed(): indexable by any key code."""

    def __getitem__(self, key):
        return key in self


@pytest.fixture
def app():
    app = App(scale=1, fullscreen=False)
    yield app
    pygame.display.set_mode((480, 270))


def test_settings_apply_at_start_and_flags_override_them():
    s = Settings(master_volume=0.25, effects_volume=0.5, music_volume=0.1, scale=2)
    s.bindings[Buttons.FIRE] = (pygame.K_c,)
    app = App(settings=s)
    assert app.scale == 2 and not app.fullscreen
    assert (app.audio.master, app.audio.effects_volume, app.audio.music_volume) == (0.25, 0.5, 0.1)
    assert App(settings=s, scale=1).scale == 1  # --scale wins for this run
    assert buttons_from_keys(Pressed({pygame.K_c}), app.settings.bindings) == Buttons.FIRE
    assert buttons_from_keys(Pressed({pygame.K_x}), app.settings.bindings) == Buttons.NONE
    pygame.display.set_mode((480, 270))


def test_losing_focus_or_unplugging_a_pad_pauses_the_game(app, tmp_path):
    play = PlayScene(write_map(tmp_path, ROWS))
    app.push(play)
    app.handle_event(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    assert isinstance(app.scene, PauseScene)
    app.pop()
    assert app.scene is play
    app.pads.enabled = True
    app.pads.pads[9] = type("Pad", (), {"quit": lambda self: None})()
    app.handle_event(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=9))
    assert isinstance(app.scene, PauseScene)


def test_options_screen_saves_each_change_at_once(app, _data_dir):
    options = OptionsScene()
    app.scenes = [options]
    # Music volume down one notch with the left arrow.
    for _ in range(options.rows.index("music_volume")):
        app.handle_event(key(pygame.K_DOWN))
    app.handle_event(key(pygame.K_LEFT))
    assert app.audio.music_volume == pytest.approx(0.4)
    # Reduce flashing on: in force for the art at once, and saved.
    options.index = options.rows.index("reduce_flashing")
    app.handle_event(key(pygame.K_RETURN))
    assert app.settings.reduce_flashing and app.art.reduce_flashing
    # Saved already, before leaving: a crash now would lose nothing.
    saved = load_settings()
    assert saved.music_volume == pytest.approx(0.4) and saved.reduce_flashing
    # The first row opens the keys and buttons.
    options.index = 0
    app.handle_event(key(pygame.K_RETURN))
    assert type(app.scene).__name__ == "ControlsScene"
    app.handle_event(key(pygame.K_ESCAPE))
    assert app.scene is options
    app.handle_event(key(pygame.K_ESCAPE))
    doc = json.loads((_data_dir / "settings.json").read_text())
    assert doc["volume"]["music"] == pytest.approx(0.4) and doc["reduce_flashing"] is True


def test_a_crash_writes_a_log_and_exits_1(monkeypatch, capsys, _data_dir):
    def explode(self, first):
        raise RuntimeError("boom in the loop")

    monkeypatch.setattr(App, "run", explode)
    code = cli.main(["--scale", "1"])
    assert code == 1
    err = capsys.readouterr().err.strip().splitlines()
    logs = list(_data_dir.glob("crash-*.log"))
    assert len(logs) == 1 and len(err) == 1 and str(logs[0]) in err[0]
    assert "RuntimeError: boom in the loop" in logs[0].read_text()
    pygame.init()
    pygame.display.set_mode((480, 270))


def test_a_data_folder_that_is_a_file_warns_once_and_plays_with_defaults(
    monkeypatch, capsys, tmp_path
):
    not_a_folder = tmp_path / "data"
    not_a_folder.write_text("a file, not a folder")
    monkeypatch.setenv("GUNNER_DATA_DIR", str(not_a_folder))
    started = []
    monkeypatch.setattr(App, "run", lambda self, first: started.append(self))
    assert cli.main(["--scale", "1"]) == 0
    assert started and started[0].settings == Settings() and started[0].progress is None
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(not_a_folder) in err[0]
    assert not list(tmp_path.glob("crash-*.log"))
    pygame.display.set_mode((480, 270))


def test_pause_menu_keeps_its_cursor_after_options(app, tmp_path):
    from ascii_maps import write_map
    from gunner.scenes.options import OptionsScene
    from gunner.scenes.pause import PauseScene
    from gunner.scenes.play import PlayScene

    app.push(PlayScene(write_map(tmp_path, ["P...", "####"])))
    pause = PauseScene(app.scene)
    app.push(pause)
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN)
    for _ in range(2):
        pause.handle_event(app, down)
    assert pause.menu.options[pause.menu.index][0] == "OPTIONS"
    pause.handle_event(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    assert isinstance(app.scene, OptionsScene)
    app.pop()
    assert app.scene is pause and pause.menu.options[pause.menu.index][0] == "OPTIONS"
