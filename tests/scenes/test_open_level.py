"""Every way into a level opens it behind the loading screen and ends in play: START,
CONTINUE, level select, NEXT LEVEL, RESTART LEVEL (pause, game over) and RETRY with no
checkpoint. RETRY from a checkpoint plays on at once. A broken map chosen in level
select says why in one line and goes back there, with the settings and progress kept."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from app_helpers import SHORT, key, loaded, shows
from ascii_maps import write_map
from gunner import config
from gunner.app import App
from gunner.input import Buttons
from gunner.scenes import play as play_module
from gunner.scenes.complete import CompleteScene
from gunner.scenes.error import ErrorScene
from gunner.scenes.gameover import GameOverScene
from gunner.scenes.levelselect import LevelSelectScene
from gunner.scenes.loading import LoadingScene
from gunner.scenes.pause import PauseScene
from gunner.scenes.play import PlayScene
from gunner.scenes.playing.checkpoints import take_checkpoint
from gunner.scenes.title import TitleScene
from gunner.settings import Progress, Settings, campaign_key, load_settings


@pytest.fixture
def campaign(tmp_path: Path, monkeypatch) -> Path:
    """A two-level campaign in a tmp folder."""
    levels = tmp_path / "levels"
    levels.mkdir()
    write_map(levels, SHORT, "a.tmx")
    write_map(levels, SHORT, "b.tmx")
    for module in (config, play_module):
        monkeypatch.setattr(module, "CAMPAIGN", ("a.tmx", "b.tmx"))
        monkeypatch.setattr(module, "LEVELS_DIR", levels)
    return levels


@pytest.fixture
def app(_data_dir, campaign):
    settings = Settings(master_volume=0.3, scale=2)
    app = App(scale=1, fullscreen=False, settings=settings, progress=Progress(_data_dir))
    app.custom_folder = _data_dir / "levels"
    app.custom_folder.mkdir()
    yield app
    pygame.display.set_mode((480, 270))


def press(app: App, label: str) -> None:
    """Walk the top scene's menu down to `label` with the keys, then press Enter."""
    menu = app.scene.menu
    labels = [name for name, _ in menu.options]
    while menu.options[menu.index][0] != label:
        assert label in labels, f"{label} not in {labels}"
        app.handle_event(key(pygame.K_DOWN))
    app.handle_event(key(pygame.K_RETURN))


def playing(app: App, file: str) -> PlayScene:
    """The loading screen is up, and it ends in play on `file`, the only scene left."""
    assert isinstance(app.scene, LoadingScene)
    scene = loaded(app)
    assert isinstance(scene, PlayScene) and scene.path.name == file
    assert app.scenes == [scene]
    return scene


def test_start_and_continue_open_behind_the_loading_screen(app):
    app.reset_to(TitleScene())
    press(app, "START")
    playing(app, "a.tmx")
    app.progress.unlock(campaign_key("b.tmx"))
    app.reset_to(TitleScene())
    press(app, "CONTINUE  (TEST RANGE)")
    assert playing(app, "b.tmx").campaign_index == 1


def test_level_select_opens_behind_the_loading_screen(app):
    app.reset_to(TitleScene())
    app.push(LevelSelectScene())
    app.handle_event(key(pygame.K_RETURN))
    playing(app, "a.tmx")


def test_next_level_opens_behind_the_loading_screen(app):
    play = PlayScene.campaign(app, 0)
    app.reset_to(play)
    app.push(CompleteScene(play))
    press(app, "NEXT LEVEL")
    assert playing(app, "b.tmx").campaign_index == 1


def test_restart_from_the_pause_menu_opens_behind_the_loading_screen(app):
    play = PlayScene.campaign(app, 0)
    app.reset_to(play)
    play.step(app, Buttons.RIGHT)
    app.push(PauseScene(play))
    press(app, "RESTART LEVEL")
    again = playing(app, "a.tmx")
    assert again is not play and again.stage.steps == 0


def test_after_game_over_retry_and_restart_reload_but_a_checkpoint_plays_on_at_once(app):
    play = PlayScene.campaign(app, 0)
    app.reset_to(play)
    app.push(GameOverScene(play))
    press(app, "RETRY")  # no checkpoint reached: the level from its start
    play = playing(app, "a.tmx")

    play.step(app, Buttons.RIGHT)
    play.checkpoint = take_checkpoint(play.stage)
    app.push(GameOverScene(play))
    press(app, "RESTART LEVEL")
    play = playing(app, "a.tmx")

    play.checkpoint = take_checkpoint(play.stage)
    app.push(GameOverScene(play))
    press(app, "RETRY")  # the run as it stood there: nothing to read from disk
    assert isinstance(app.scene, PlayScene) and app.scene is not play


def test_a_broken_map_from_level_select_says_why_and_goes_back_keeping_everything(app, _data_dir):
    app.save_settings()
    app.progress.record_finish(campaign_key("a.tmx"), 42.0)
    settings_file = {p.name: p.read_bytes() for p in _data_dir.iterdir() if p.is_file()}
    broken = app.custom_folder / "broken.tmx"
    broken.write_text("<map")
    app.reset_to(TitleScene())
    press(app, "LEVEL SELECT")
    select = app.scene
    assert isinstance(select, LevelSelectScene)
    select.index = next(i for i, e in enumerate(select.entries) if e.file == "broken.tmx")
    app.handle_event(key(pygame.K_RETURN))

    assert isinstance(app.scene, LoadingScene)
    error = loaded(app)
    assert isinstance(error, ErrorScene)
    assert shows(error.lines, f"{broken}: not valid XML (unclosed token: line 1, column 0)")
    app.handle_event(key(pygame.K_RETURN))  # BACK
    assert app.scene is select and select.entries[select.index].file == "broken.tmx"
    # Nothing the player had is lost: not in the game, not on disk.
    assert app.settings.master_volume == 0.3 and app.settings.scale == 2
    assert load_settings(_data_dir) == app.settings
    assert Progress(_data_dir).best_times[campaign_key("a.tmx")] == 42.0
    kept = {p.name: p.read_bytes() for p in _data_dir.iterdir() if p.is_file()}
    assert kept == settings_file
