"""Attract mode: left alone on the title screen, the game plays its finishing runs."""

import pygame
import pytest

from ascii_maps import CORRIDOR, write_map
from gunner.app import App
from gunner.config import CAMPAIGN, STEPS_PER_SECOND
from gunner.input import Buttons
from gunner.replay import Replay, level_sha256, play
from gunner.scenes import demo as demo_module
from gunner.scenes.demo import END_HOLD, IDLE_SECONDS, DemoScene, demo_files
from gunner.scenes.title import TitleScene

IDLE_STEPS = int(IDLE_SECONDS * STEPS_PER_SECOND)


def tap(k: int) -> None:
    """A key pressed and let go, as a player does it."""
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0))


def record(folder, name, rows, masks, seed=3):
    """A replay of `masks` on the map `rows`, saved as `folder/name`."""
    level = write_map(folder, rows, name=name.replace(".replay", ".tmx"))
    replay = Replay(level=str(level), seed=seed, masks=list(masks))
    replay.level_sha256 = level_sha256(level)
    replay.state_hash = play(replay).state_hash()
    replay.save(folder / name)
    return replay


@pytest.fixture
def app():
    pygame.event.clear()
    app = App(scale=1, fullscreen=False)
    yield app
    pygame.event.clear()
    pygame.display.set_mode((480, 270))


@pytest.fixture
def demos(tmp_path, monkeypatch):
    """Two finishing runs (a: run right to the exit; b: wait, then run) as the shipped demos."""
    folder = tmp_path / "demos"
    folder.mkdir()
    a = record(folder, "a.replay", CORRIDOR, [Buttons.RIGHT] * 240)
    wait_then_run = [Buttons.NONE] * 30 + [Buttons.RIGHT | Buttons.FIRE] * 240
    b = record(folder, "b.replay", CORRIDOR, wait_then_run)
    monkeypatch.setattr(demo_module, "demos_dir", lambda: folder)
    return folder, a, b


def run(app, steps):
    """`steps` fixed steps through the app's own frame loop (events first)."""
    while steps > 0:
        app.frame(min(5, steps))
        steps -= 5


def test_the_title_left_alone_for_twenty_seconds_plays_the_first_demo(app, demos):
    app.push(TitleScene())
    run(app, IDLE_STEPS - 1)
    assert isinstance(app.scene, TitleScene)
    run(app, 1)
    assert isinstance(app.scene, DemoScene)
    assert app.scene.stage.level.path.name == "a.tmx"


def test_a_key_on_the_title_restarts_the_idle_count(app, demos):
    app.push(TitleScene())
    run(app, IDLE_STEPS - 60)
    tap(pygame.K_DOWN)
    run(app, 120)  # past the moment the first count would have ended
    assert isinstance(app.scene, TitleScene)
    run(app, IDLE_STEPS - 120 + 1)  # +1: the step after a tap sees it held
    assert isinstance(app.scene, DemoScene)


def test_the_demo_plays_the_recorded_inputs_exactly(app, demos):
    _, a, _ = demos
    title = TitleScene()
    app.push(title)
    assert title.start_demo(app)
    run(app, 100)
    # The same state as the recording replayed headless: it is the run, not an imitation.
    assert app.scene.stage.state_hash() == play(a, 100).state_hash()
    assert app.scene.stage.player.hitbox.x > 100  # and the recording ran right


def test_any_key_returns_to_the_title_and_is_not_a_menu_choice(app, demos):
    title = TitleScene()
    app.push(title)
    title.start_demo(app)
    run(app, 30)
    tap(pygame.K_RETURN)  # on the title, RETURN would press START
    run(app, 1)
    assert app.scenes == [title]
    assert title.menu.index == 0
    run(app, IDLE_STEPS - 2)  # and the idle count starts again from nothing
    assert app.scenes == [title]
    run(app, 1)
    assert isinstance(app.scene, DemoScene)


def test_a_finished_run_goes_back_to_the_title_and_the_next_demo_comes_next(app, demos):
    title = TitleScene()
    app.push(title)
    title.start_demo(app)
    demo = app.scene
    seen = set()
    for _ in range(240 + END_HOLD):
        run(app, 1)
        seen.add(type(app.scene).__name__)
    assert app.scenes == [title] and demo.stage.outcome == "complete"
    # The run reached the exit, but a demo is not the player's: no results, no progress.
    assert seen == {"DemoScene", "TitleScene"}
    run(app, IDLE_STEPS)
    assert app.scene.stage.level.path.name == "b.tmx"
    app.pop()
    run(app, IDLE_STEPS)
    assert app.scene.stage.level.path.name == "a.tmx"  # and round again


def test_a_demo_whose_level_changed_is_skipped_with_one_line(app, demos, capsys):
    folder, _, _ = demos
    (folder / "a.tmx").write_text((folder / "a.tmx").read_text().replace("</map>", "\n</map>"))
    title = TitleScene()
    app.push(title)
    assert title.start_demo(app)
    assert app.scene.stage.level.path.name == "b.tmx"
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "a.replay" in err[0] and "changed" in err[0]


def test_with_no_playable_demo_the_title_stays_and_warns_once(app, demos, capsys):
    folder, _, _ = demos
    (folder / "a.replay").write_text("{not json")
    (folder / "b.replay").unlink()
    app.push(TitleScene())
    run(app, 3 * IDLE_STEPS)
    assert isinstance(app.scene, TitleScene)
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "a.replay" in err[0]


def test_demos_are_listed_in_campaign_order(tmp_path):
    for name in ["zz.replay", *reversed([n.replace(".tmx", ".replay") for n in CAMPAIGN])]:
        (tmp_path / name).write_text("{}")
    names = [p.name for p in demo_files(tmp_path)]
    assert names == [n.replace(".tmx", ".replay") for n in CAMPAIGN] + ["zz.replay"]


def test_every_shipped_finishing_run_can_play_as_a_demo():
    files = demo_files()
    assert [f.name for f in files] == [
        n.replace(".tmx", ".replay")
        for n in CAMPAIGN
        if n.replace(".tmx", ".replay") in {f.name for f in files}
    ]
    assert files, "no finishing runs shipped: tests/replays/complete is empty"
    for path in files:
        replay = demo_module.load_demo(path)
        assert replay is not None, f"{path.name} would be skipped by attract mode"
        DemoScene(replay)  # its level loads
