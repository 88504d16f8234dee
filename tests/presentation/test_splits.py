"""A time to beat (issue 27): the level timer on the fixed tick, a split at each
checkpoint compared with the best run's, and best times and splits kept with progress."""

import json

import pygame
import pytest

from ascii_maps import CORRIDOR, obj, write_map
from gunner.app import App
from gunner.assists import Assists
from gunner.input import Buttons as B
from gunner.scenes.play import PlayScene
from gunner.settings import Progress
from gunner.splits import SHOWN_STEPS, Splits, checkpoint_id, format_steps, seconds_of

# The corridor with a flag eight tiles along: reached about 90 steps into a run right.
FLAG = (8 * 16 + 8, 4 * 16)


@pytest.fixture
def app(_data_dir):
    app = App(scale=1, fullscreen=False, progress=Progress(_data_dir))
    yield app
    pygame.display.set_mode((480, 270))


@pytest.fixture
def level(tmp_path):
    return write_map(tmp_path, CORRIDOR, extra_objects=obj("Checkpoint", *FLAG))


def play_run(app, level, wait: int = 0) -> PlayScene:
    """Stand still `wait` steps, then run right to the exit; returns the finished run,
    with the split it showed at the flag kept as `scene.flag_split`."""
    scene = PlayScene(level)
    app.push(scene)
    for _ in range(wait):
        scene.step(app, B.NONE)
    scene.flag_split = None
    for _ in range(600):
        if scene.stage.outcome:
            break
        scene.step(app, B.RIGHT)
        scene.flag_split = scene.flag_split or scene.splits.shown(scene.stage.steps)
    assert scene.stage.outcome == "complete"
    app.scenes.clear()
    return scene


def test_the_timer_counts_fixed_steps_shown_as_time():
    assert format_steps(0) == "0:00.00"
    assert format_steps(59) == "0:00.98", "cut, never rounded up to the next hundredth"
    assert format_steps(5007) == "1:23.45"
    assert format_steps(60 * 60 * 10 + 6) == "10:00.10"


def test_splits_compare_against_the_best(app, level, _data_dir):
    first = play_run(app, level)
    split = first.flag_split
    assert split is not None and split.delta is None, "no best yet: the time alone"
    assert split.label() == format_steps(split.steps)
    saved = json.loads((_data_dir / "progress.json").read_text())
    key = first.progress_key
    assert saved["best_splits"][key] == {checkpoint_id(FLAG): round(split.steps / 60, 3)}
    # Half a second later at the flag: behind the best by exactly those 30 steps.
    slower = play_run(app, level, wait=30)
    assert slower.flag_split.delta == 30
    assert slower.flag_split.label().endswith("+0.50 BEHIND")
    assert ("VS BEST", "+0.50 BEHIND") in [row[:2] for row in app_rows(app, slower)]
    # The slower run kept neither its time nor its splits: the best is still the first.
    assert Progress(_data_dir).best_splits_of(key) == saved["best_splits"][key]


def app_rows(app, scene):
    return app.router.make("complete", scene).lines()


def test_a_faster_run_is_ahead_and_its_splits_become_the_best(app, level, _data_dir):
    progress = app.progress
    key = PlayScene(level).progress_key
    progress.record_finish(key, 9.0, splits={checkpoint_id(FLAG): 4.0})
    run = play_run(app, level)
    assert run.flag_split.delta < 0 and run.flag_split.label().endswith("AHEAD")
    assert run.new_best
    assert progress.best_splits_of(key) == {checkpoint_id(FLAG): seconds_of(run.flag_split.steps)}


def test_a_split_shows_for_a_moment():
    splits = Splits()
    split = splits.reach(FLAG, 100, {checkpoint_id(FLAG): 2.0})
    assert split.delta == -20 and split.label() == "0:01.66  -0.33 AHEAD"
    assert splits.shown(100) is split and splits.shown(100 + SHOWN_STEPS - 1) is split
    assert splits.shown(100 + SHOWN_STEPS) is None


def test_an_assisted_run_compares_with_assisted_runs_only(app, level):
    key = PlayScene(level).progress_key
    app.progress.record_finish(key, 9.0, splits={checkpoint_id(FLAG): 0.5})
    app.assists = Assists(invincible=True)
    run = play_run(app, level)
    assert run.flag_split.delta is None, "no assisted best yet to compare with"
    assert app.progress.best_splits_of(key) == {checkpoint_id(FLAG): 0.5}


def test_damaged_splits_are_dropped_in_one_line_and_nothing_else_is_lost(_data_dir, capsys):
    (_data_dir / "progress.json").write_text(
        json.dumps(
            {
                "version": 2,
                "unlocked": ["levels/level2.tmx"],
                "best_times": {"levels/level1.tmx": 61.25},
                "best_splits": {"levels/level1.tmx": {"8,64": "soon"}},
            }
        )
    )
    progress = Progress(_data_dir)
    assert progress.unlocked == ["levels/level2.tmx"]
    assert progress.best_times == {"levels/level1.tmx": 61.25}
    assert progress.best_splits == {}
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "progress.json" in err[0] and "best_splits" in err[0]
