"""Ghosts: a best run saved when a level is finished faster (and only then, and only
without assists), drawn as a see-through runner that touches nothing, refused when
its level changed, set aside when damaged."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pygame
import pytest

from ascii_maps import CORRIDOR, write_map
from gunner.assets import Art
from gunner.assists import Assists
from gunner.ghost import GHOST_ALPHA, GhostRecorder, ghost_path, load_ghost
from gunner.input import Buttons
from gunner.level import load_level
from gunner.render import draw_stage
from gunner.settings import level_key
from gunner.stage import Stage


@pytest.fixture
def level(tmp_path: Path) -> Path:
    return write_map(tmp_path, CORRIDOR, "corridor.tmx")


def run(
    path: Path, script: list[Buttons], assists: Assists | None = None
) -> tuple[Stage, GhostRecorder]:
    """A run of the map as the play scene makes one: a recorder beside the world."""
    world = Stage(load_level(path), seed=3)
    recorder = GhostRecorder(world)
    for held in script:
        if assists is not None:
            world.assists = assists.simulation()
        world.step(held)
        recorder.step(world, held)
        if world.outcome:
            break
    return world, recorder


def finish_line(path: Path, wait: int = 0) -> list[Buttons]:
    """Stand still `wait` steps, then run right to the exit."""
    return [Buttons.NONE] * wait + [Buttons.RIGHT] * 600


def test_a_best_run_is_saved_then_drawn_as_a_ghost_that_never_collides(level, _data_dir):
    world, recorder = run(level, finish_line(level))
    assert world.outcome == "complete"
    key = level_key(level)
    saved = recorder.finish(world, key, assisted=False)
    assert saved == ghost_path(key) and saved.parent == _data_dir / "ghosts"
    ghost = load_ghost(key)
    assert ghost is not None and ghost.steps == world.steps
    # Its replay is the run itself: played back, it ends where the run ended.
    assert ghost.replay.masks == [int(b) for b in finish_line(level)[: world.steps]]
    # The next attempt: the player waits at the start while the ghost runs ahead.
    art = Art()
    surface = pygame.Surface((480, 270))
    racing = Stage(load_level(level), seed=3)
    alone = Stage(load_level(level), seed=3)
    xs = []
    for _ in range(120):
        racing.step(Buttons.NONE)
        alone.step(Buttons.NONE)
        draw_stage(surface, racing, art, shake=0.0)
        ox, oy = racing.camera.offset
        rect = ghost.draw(surface, racing.steps, ox, oy, art)
        assert rect is not None and rect.colliderect(surface.get_rect())
        xs.append(ghost.pose(racing.steps)[0])
    assert xs[-1] > xs[0] + 100, "the ghost runs on"
    assert racing.player.hitbox.centerx == alone.player.hitbox.centerx, "it never pushed"
    assert racing.state_hash() == alone.state_hash(), "nothing in the world saw it"
    assert all(type(e).__name__ != "Ghost" for e in racing.entities)
    # See-through: no pixel of it is more than GHOST_ALPHA opaque.
    image = next(iter(ghost._images.values()))
    alpha = pygame.surfarray.pixels_alpha(image)
    assert 0 < int(np.max(alpha)) <= GHOST_ALPHA
    del alpha
    # Past its last step the ghost has finished: it is not drawn.
    assert ghost.draw(surface, ghost.steps + 1, 0, 0, art) is None


def test_only_a_faster_run_without_assists_replaces_the_ghost(level, _data_dir):
    key = level_key(level)
    slow, recorder = run(level, finish_line(level, wait=30))
    assert recorder.finish(slow, key, assisted=False) is not None
    slower, recorder = run(level, finish_line(level, wait=60))
    assert recorder.finish(slower, key, assisted=False) is None, "slower: kept the best"
    fast, recorder = run(level, finish_line(level))
    assert recorder.finish(fast, key, assisted=True) is None, "an assisted run is no ghost"
    invincible, recorder = run(level, finish_line(level), Assists(invincible=True))
    assert recorder.finish(invincible, key, assisted=False) is None, "the world was assisted"
    assert load_ghost(key).steps == slow.steps
    fast, recorder = run(level, finish_line(level))
    assert recorder.finish(fast, key, assisted=False) is not None
    assert load_ghost(key).steps == fast.steps < slow.steps


def test_a_run_that_did_not_start_at_the_levels_start_is_not_kept(level, _data_dir):
    world = Stage(load_level(level), seed=3)
    world.step(Buttons.NONE)  # a run resumed from a checkpoint starts part way
    recorder = GhostRecorder(world)
    for _ in range(600):
        world.step(Buttons.RIGHT)
        recorder.step(world, Buttons.RIGHT)
        if world.outcome:
            break
    assert world.outcome == "complete"
    assert recorder.finish(world, level_key(level), assisted=False) is None


def test_a_changed_levels_ghost_is_refused_in_one_line(level, _data_dir, capsys):
    key = level_key(level)
    world, recorder = run(level, finish_line(level))
    recorder.finish(world, key, assisted=False)
    level.write_text(level.read_text().replace("</map>", "<!-- moved a wall -->\n</map>"))
    assert load_ghost(key) is None
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [
        f"gunner: {ghost_path(key)}: no ghost: its level changed since the run was recorded"
    ]
    assert ghost_path(key).exists(), "kept: the player may put the level back"


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        (lambda doc: "{not json", "not valid JSON"),
        (lambda doc: json.dumps({**doc, "ghost": {"format": 1, "track": "@@@"}}), "damaged"),
        (
            lambda doc: json.dumps(
                {**doc, "ghost": {"format": 1, "track": doc["ghost"]["track"][:20]}}
            ),
            "does not hold the",
        ),
        (lambda doc: json.dumps({k: v for k, v in doc.items() if k != "ghost"}), "no ghost track"),
        (lambda doc: json.dumps({**doc, "seed": -1}), "seed -1 is negative"),
    ],
    ids=["not-json", "not-base64", "cut-short", "no-track", "bad-seed"],
)
def test_a_damaged_ghost_is_set_aside_in_one_line(level, _data_dir, capsys, damage, said):
    key = level_key(level)
    world, recorder = run(level, finish_line(level))
    path = recorder.finish(world, key, assisted=False)
    path.write_text(damage(json.loads(path.read_text())))
    assert load_ghost(key) is None
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and said in err[0] and "; no ghost (kept as " in err[0], err
    assert not path.exists() and path.with_name(path.name + ".bad-1").exists()
    # And the next best run is saved afresh.
    world, recorder = run(level, finish_line(level))
    assert recorder.finish(world, key, assisted=False) == path


def test_a_track_that_unpacks_to_a_flood_is_refused(level, _data_dir, capsys):
    import base64
    import zlib

    key = level_key(level)
    world, recorder = run(level, finish_line(level))
    path = recorder.finish(world, key, assisted=False)
    doc = json.loads(path.read_text())
    bomb = base64.b64encode(zlib.compress(b"\0" * 50_000_000)).decode()
    doc["ghost"]["track"] = bomb
    path.write_text(json.dumps(doc))
    assert load_ghost(key) is None
    assert "does not hold" in capsys.readouterr().err


def test_level_select_plays_the_best_run_back(tmp_path, _data_dir, capsys):
    from gunner.app import App
    from gunner.scenes.demo import DemoScene
    from gunner.scenes.levelselect import LevelSelectScene

    folder = tmp_path / "mine"
    folder.mkdir()
    level = write_map(folder, CORRIDOR, "corridor.tmx")
    world, recorder = run(level, finish_line(level))
    recorder.finish(world, level_key(level), assisted=False)
    app = App(scale=1, fullscreen=False, custom_folder=folder)
    try:
        select = LevelSelectScene()
        app.scenes = [select]
        select.enter(app)
        select.index = next(i for i, e in enumerate(select.entries) if e.path == level)
        select.handle_event(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r))
        watching = app.scene
        assert isinstance(watching, DemoScene) and watching.label == "BEST RUN"
        while not watching.over:
            watching.step(app, Buttons.NONE)
        assert watching.stage.outcome == "complete" and watching.stage.steps == world.steps
        assert watching.stage.state_hash() == world.state_hash(), "the very run, replayed"
        # Its level edited since: refused, and the screen says why.
        app.scenes = [select]
        level.write_text(level.read_text().replace("</map>", "<!-- edited -->\n</map>"))
        select.handle_event(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r))
        assert app.scene is select
        assert select.message == "CANNOT WATCH: ITS LEVEL CHANGED SINCE THE RUN WAS RECORDED"
        assert "changed since" in capsys.readouterr().err
    finally:
        pygame.display.set_mode((480, 270))
