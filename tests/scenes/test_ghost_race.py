"""The play scene races the best run: a level finished faster than before leaves its
ghost, and the next attempt at it shows that ghost (when Options' GHOST is on)."""

from __future__ import annotations

import pygame
import pytest

from ascii_maps import CORRIDOR, write_map
from gunner.app import App
from gunner.ghost import ghost_path
from gunner.input import Buttons
from gunner.scenes.play import PlayScene
from gunner.settings import Progress


@pytest.fixture
def app(_data_dir):
    app = App(scale=1, fullscreen=False, progress=Progress(_data_dir))
    yield app
    pygame.display.set_mode((480, 270))


def finish(app: App, scene: PlayScene, wait: int = 0) -> PlayScene:
    """Play the scene to the exit: stand `wait` steps, then run right."""
    app.reset_to(scene)
    for n in range(wait + 600):
        scene.step(app, Buttons.NONE if n < wait else Buttons.RIGHT)
        if scene.stage.outcome:
            break
    assert scene.stage.outcome == "complete"
    return scene


def test_a_finished_level_leaves_its_ghost_and_the_next_attempt_races_it(tmp_path, _data_dir, app):
    level = write_map(tmp_path, CORRIDOR, "corridor.tmx")
    first = finish(app, PlayScene(level), wait=30)
    saved = ghost_path(first.progress_key)
    assert saved.exists()

    second = PlayScene(level)
    app.reset_to(second)
    assert second.ghost is not None and second.ghost.steps == first.stage.steps
    second.draw(app, app.surface)  # drawn beside the player, touching nothing
    # A faster run replaces it; the ghost raced is the one kept when the run began.
    finish(app, second)
    assert second.ghost.steps == first.stage.steps
    third = PlayScene(level)
    app.reset_to(third)
    assert third.ghost is not None and third.ghost.steps == second.stage.steps < first.stage.steps


def test_with_the_ghost_switched_off_no_ghost_is_raced(tmp_path, _data_dir, app):
    level = write_map(tmp_path, CORRIDOR, "corridor.tmx")
    finish(app, PlayScene(level))
    app.settings.ghost = False
    again = PlayScene(level)
    app.reset_to(again)
    assert again.ghost is None
