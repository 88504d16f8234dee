"""The loading screen: a map is read on a worker thread while the window keeps drawing;
a quick load never shows it, a refused map says why, and Back cancels."""

from __future__ import annotations

import threading

import pygame
import pytest

from app_helpers import key
from ascii_maps import write_map
from gunner import __main__ as cli
from gunner.app import App
from gunner.input import Buttons
from gunner.scenes.error import ErrorScene
from gunner.scenes.loading import SHOW_AFTER, LoadingScene
from gunner.scenes.play import PlayScene
from gunner.scenes.title import TitleScene

ROWS = ["........", "..P.....", "........", "########"]


@pytest.fixture
def app():
    app = App(scale=1, fullscreen=False)
    yield app
    pygame.display.set_mode((480, 270))


def gated(path):
    """A PlayScene maker that waits for the test to let it finish: a slow map, no clock."""
    gate = threading.Event()

    def make() -> PlayScene:
        assert gate.wait(30), "the test never opened the gate"
        return PlayScene(path)

    return gate, make


def test_a_slow_load_keeps_the_window_drawing_and_then_plays(tmp_path, app):
    gate, make = gated(write_map(tmp_path, ROWS))
    app.reset_to(TitleScene())
    app.push(LoadingScene(make, "big.tmx", reset=True))
    loading = app.scene
    assert isinstance(loading, LoadingScene)
    for _ in range(30):  # frames go by while the map is read
        app.scene.step(app, Buttons.NONE)
        app.draw()
    assert app.scene is loading
    # Past a quarter second it says so, over whatever was on screen.
    before = app.surface.copy()
    assert loading.started is not None
    loading.started -= SHOW_AFTER + 1
    app.draw()
    assert pygame.image.tobytes(app.surface, "RGB") != pygame.image.tobytes(before, "RGB")
    gate.set()
    assert loading.build.done.wait(30)
    app.scene.step(app, Buttons.NONE)
    assert isinstance(app.scene, PlayScene) and len(app.scenes) == 1


def test_a_quick_load_never_flashes_the_loading_screen(tmp_path, app):
    app.reset_to(TitleScene())
    app.draw()
    title = pygame.image.tobytes(app.surface, "RGB")
    app.push(LoadingScene(lambda: PlayScene(write_map(tmp_path, ROWS)), "quick.tmx"))
    app.draw()  # the title stays as it was, not a black frame
    assert pygame.image.tobytes(app.surface, "RGB") == title


def test_a_refused_map_shows_its_error_over_the_screen_it_came_from(tmp_path, app):
    broken = tmp_path / "broken.tmx"
    broken.write_text("<map")
    app.reset_to(TitleScene())
    app.push(LoadingScene(lambda: PlayScene(broken), broken, reset=True))
    loading = app.scene
    assert isinstance(loading, LoadingScene) and loading.build.done.wait(30)
    loading.step(app, Buttons.NONE)
    error = app.scene
    assert isinstance(error, ErrorScene)
    assert "broken.tmx: not valid XML (unclosed token: line 1, column 0)" in " ".join(error.lines)
    app.handle_event(key(pygame.K_ESCAPE))
    assert isinstance(app.scene, TitleScene)


def test_back_cancels_a_load_and_its_scene_never_opens(tmp_path, app):
    gate, make = gated(write_map(tmp_path, ROWS))
    app.reset_to(TitleScene())
    app.push(LoadingScene(make, "big.tmx", reset=True))
    loading = app.scene
    assert isinstance(loading, LoadingScene)
    app.handle_event(key(pygame.K_ESCAPE))
    assert isinstance(app.scene, TitleScene)
    gate.set()
    assert loading.build.done.wait(30)
    app.scene.step(app, Buttons.NONE)
    assert isinstance(app.scene, TitleScene) and len(app.scenes) == 1


def test_level_with_a_refused_map_exits_1_with_its_one_line(tmp_path, capsys, monkeypatch):
    broken = tmp_path / "broken.tmx"
    broken.write_text("<map")

    def run(app, first):  # App.run's loop until the load ends, without quitting pygame
        app.push(first)
        assert isinstance(first, LoadingScene) and first.build.done.wait(30)
        while app.running:
            app.scene.step(app, Buttons.NONE)

    monkeypatch.setattr(App, "run", run)
    try:
        assert cli.main(["--level", str(broken), "--scale", "1"]) == 1
    finally:
        pygame.display.set_mode((480, 270))
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"gunner: {broken}: not valid XML (unclosed token: line 1, column 0)"]
