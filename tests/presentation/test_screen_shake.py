"""The screen-shake slider (issue 27): 0 % never moves the picture, and the setting is
saved and mended like the volumes."""

import json

import pygame
import pytest

from ascii_maps import CORRIDOR, write_map
from gunner.app import App
from gunner.assets import Art
from gunner.config import VIEW_H, VIEW_W
from gunner.input import Buttons as B
from gunner.level import load_level
from gunner.render import MAX_SHAKE, draw_stage, shake_offset
from gunner.scenes.options import OptionsScene
from gunner.settings import load_settings
from gunner.stage import Stage


def frame(stage: Stage, shake: float) -> bytes:
    surface = pygame.Surface((VIEW_W, VIEW_H))
    draw_stage(surface, stage, Art(), shake)
    return pygame.image.tobytes(surface, "RGB")


def test_no_shake_draws_a_blast_as_if_the_screen_were_still(tmp_path):
    stage = Stage(load_level(write_map(tmp_path, CORRIDOR)))
    stage.step(B.NONE)
    stage.steps = 7  # a step where full trauma moves the picture
    assert shake_offset(1.0, stage.steps) != (0, 0)
    still = frame(stage, 1.0)
    stage.feedback.trauma = 1.0  # the screen shake the feedback keeps
    assert frame(stage, 1.0) != still, "full shake moves the picture"
    assert frame(stage, 0.0) == still, "0 % never does"


def test_the_slider_scales_the_shake():
    full = max(abs(x) for x, _ in (shake_offset(1.0, s) for s in range(300)))
    half = max(abs(x) for x, _ in (shake_offset(1.0, s, 0.5) for s in range(300)))
    assert full >= MAX_SHAKE / 2 and half == pytest.approx(full / 2, abs=1)


def test_options_change_the_shake_and_save_it_at_once(_data_dir):
    app = App(scale=1, fullscreen=False)
    options = OptionsScene()
    app.scenes = [options]
    options.index = options.rows.index("shake")
    for _ in range(3):
        options.handle_event(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT))
    assert app.settings.shake == pytest.approx(0.7)
    assert json.loads((_data_dir / "settings.json").read_text())["shake"] == pytest.approx(0.7)
    assert options.value(app, "shake") == ("SCREEN SHAKE", "<  70% >")
    pygame.display.set_mode((480, 270))


def test_a_shake_out_of_range_is_mended_in_one_line(_data_dir, capsys):
    (_data_dir / "settings.json").write_text('{"version": 1, "shake": 3, "scale": 2}')
    settings = load_settings()
    assert settings.shake == 1.0 and settings.scale == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "settings.json" in err[0] and "shake" in err[0]
