"""Mission complete: the level stands still behind the results, but what was still
exploding plays out instead of freezing mid-frame."""

from __future__ import annotations

import pygame
import pytest
from test_ghost_race import finish

from ascii_maps import CORRIDOR, write_map
from gunner.app import App
from gunner.input import Buttons
from gunner.scenes.complete import CompleteScene
from gunner.scenes.play import PlayScene
from gunner.settings import Progress


@pytest.fixture
def app(_data_dir):
    app = App(scale=1, fullscreen=False, progress=Progress(_data_dir))
    yield app
    pygame.display.set_mode((480, 270))


def test_explosions_behind_mission_complete_play_out_instead_of_freezing(tmp_path, _data_dir, app):
    level = write_map(tmp_path, CORRIDOR, "corridor.tmx")
    scene = finish(app, PlayScene(level))
    assert isinstance(app.scene, CompleteScene)
    stage = scene.stage
    stage.add_effect("explosion", stage.player.hitbox.center)
    steps, state = stage.steps, stage.state_hash()
    for _ in range(240):
        app.scene.step(app, Buttons.NONE)
    assert not stage.effects, "the blast ran its course behind the results"
    assert (stage.steps, stage.state_hash()) == (steps, state)  # the level itself stood still
