"""Game over: RETRY goes back to the last checkpoint as the run stood there, with every
life back; RESTART LEVEL starts from scratch. Taking the checkpoint changes nothing."""

from __future__ import annotations

import pygame
import pytest

from app_helpers import key
from ascii_maps import FIELD, FLOOR, obj, write_map
from gunner.app import App
from gunner.config import TILE
from gunner.entities.pickup import Keycard
from gunner.entities.player import LIVES, MAX_HEALTH
from gunner.input import Buttons
from gunner.level import load_level
from gunner.scenes.gameover import GameOverScene
from gunner.scenes.loading import LoadingScene
from gunner.scenes.play import PlayScene
from gunner.scenes.playing.checkpoints import siege_wave
from gunner.stage import Stage

START = (2 * TILE + 8, FLOOR)
FLAG = (12 * TILE + 8, FLOOR)
# A red keycard before the checkpoint, a blue one after it.
OBJECTS = [
    obj("Keycard", 6 * TILE + 8, FLOOR, color="red"),
    obj("Checkpoint", *FLAG),
    obj("Keycard", 25 * TILE + 8, FLOOR, color="blue"),
]


@pytest.fixture
def app():
    app = App(scale=1, fullscreen=False)
    yield app
    pygame.display.set_mode((480, 270))


def game_over(app: App, scene: PlayScene, steps_right: int) -> GameOverScene:
    """Run right for a while, then lose the last life."""
    app.reset_to(scene)
    for _ in range(steps_right):
        scene.step(app, Buttons.RIGHT)
    scene.stage.player.lives = 1
    scene.stage.player.die(scene.stage)
    for _ in range(300):
        if isinstance(app.scene, GameOverScene):
            return app.scene
        scene.step(app, Buttons.NONE)
    raise AssertionError("no game over")


def choose(app: App, label: str) -> None:
    over = app.scene
    assert isinstance(over, GameOverScene) and over.menu is not None
    labels = [name for name, _ in over.menu.options]
    for _ in range(labels.index(label)):
        app.handle_event(key(pygame.K_DOWN))
    app.handle_event(key(pygame.K_RETURN))


def loaded(app: App) -> PlayScene:
    """The play scene a loading screen opens, once its worker is done."""
    loading = app.scene
    if isinstance(loading, LoadingScene):
        assert loading.build.done.wait(30)
        loading.step(app, Buttons.NONE)
    assert isinstance(app.scene, PlayScene)
    return app.scene


def keycards(stage: Stage) -> set[str]:
    return {e.color for e in stage.entities if isinstance(e, Keycard)}


def test_retry_goes_back_to_the_checkpoint_with_the_keys_held_then(tmp_path, app):
    scene = PlayScene(write_map(tmp_path, FIELD, extra_objects="".join(OBJECTS)))
    game_over(app, scene, 260)
    assert scene.stage.player.keys == {"red", "blue"}  # both picked up before dying
    choose(app, "RETRY")
    again = app.scene
    assert isinstance(again, PlayScene) and again is not scene
    stage, player = again.stage, again.stage.player
    assert player.alive and player.hitbox.midbottom == FLAG
    assert player.lives == LIVES and player.health == MAX_HEALTH
    assert player.keys == {"red"}  # the blue one lies ahead again
    assert keycards(stage) == {"blue"}
    assert stage.outcome is None and stage.time > 0  # the run goes on from there
    # It plays on: the blue keycard is still there to be picked up.
    for _ in range(200):
        again.step(app, Buttons.RIGHT)
    assert player.keys == {"red", "blue"}


def test_a_second_game_over_retries_from_the_same_checkpoint(tmp_path, app):
    scene = PlayScene(write_map(tmp_path, FIELD, extra_objects="".join(OBJECTS)))
    game_over(app, scene, 260)
    choose(app, "RETRY")
    again = app.scene
    assert isinstance(again, PlayScene)
    game_over(app, again, 10)
    choose(app, "RETRY")
    third = app.scene
    assert isinstance(third, PlayScene)
    assert third.stage.player.hitbox.midbottom == FLAG and third.stage.player.keys == {"red"}


def test_restart_level_goes_back_to_the_start(tmp_path, app):
    scene = PlayScene(write_map(tmp_path, FIELD, extra_objects="".join(OBJECTS)))
    game_over(app, scene, 260)
    choose(app, "RESTART LEVEL")
    fresh = loaded(app)
    player = fresh.stage.player
    assert player.hitbox.midbottom == START and fresh.stage.steps == 0
    assert player.keys == set() and player.lives == LIVES
    assert keycards(fresh.stage) == {"red", "blue"}


def test_with_no_checkpoint_reached_retry_restarts(tmp_path, app):
    scene = PlayScene(write_map(tmp_path, FIELD, extra_objects="".join(OBJECTS)))
    over = game_over(app, scene, 50)  # the red keycard, not yet the flag
    assert scene.stage.player.keys == {"red"}
    assert over.menu is not None
    assert [name for name, _ in over.menu.options] == ["RETRY", "QUIT TO TITLE"]
    choose(app, "RETRY")
    fresh = loaded(app)
    assert fresh.stage.player.hitbox.midbottom == START and fresh.stage.player.keys == set()


def test_keeping_the_checkpoint_does_not_change_the_run(tmp_path, app):
    # The scene snapshots the stage as the flag is reached; a bare stage does not.
    # Same map, seed and buttons: the same state, to the last bit.
    path = write_map(tmp_path, FIELD, extra_objects="".join(OBJECTS))
    scene = PlayScene(path, seed=5)
    app.reset_to(scene)
    bare = Stage(load_level(path), seed=5)
    for i in range(300):
        held = Buttons.RIGHT | (Buttons.FIRE if i % 7 == 0 else Buttons.NONE)
        scene.step(app, held)
        bare.step(held)
        bare.events.clear()
    assert scene.checkpoint is not None
    assert scene.stage.state_hash() == bare.state_hash()


def test_retry_keeps_the_broad_phase_chosen_since_the_checkpoint(tmp_path, app):
    scene = PlayScene(write_map(tmp_path, FIELD, extra_objects="".join(OBJECTS)))
    app.reset_to(scene)
    for _ in range(260):
        scene.step(app, Buttons.RIGHT)
    chosen = scene.switch_design()  # F4 after the flag
    game_over(app, scene, 0)
    choose(app, "RETRY")
    again = app.scene
    assert isinstance(again, PlayScene)
    assert again.design == chosen and again.stage.tree.design == chosen


def test_a_siege_retries_from_the_start_of_the_wave_it_was_lost_in(tmp_path, app):
    """A siege has no flags: the start of each wave after the first is its checkpoint,
    so a game over in wave 2 goes back to wave 2 in the keep, not to wave 1."""
    gates = [
        obj("WaveSpawner", 30 * TILE, FLOOR - 32, 64, 32, wave=1, count=1, every=0.1),
        obj("WaveSpawner", 30 * TILE, FLOOR - 32, 64, 32, wave=2, count=3, every=0.1),
    ]
    path = write_map(tmp_path, FIELD, extra_objects="".join(gates))
    path.write_text(
        path.read_text().replace(
            "<properties>", '<properties><property name="objective" value="waves"/>', 1
        )
    )
    scene = PlayScene(path)
    app.reset_to(scene)
    enemies = lambda: [e for e in scene.stage.entities if e.team == "enemy"]  # noqa: E731
    for _ in range(300):
        scene.step(app, Buttons.NONE)
        if enemies():
            break
    (first,) = enemies()
    assert scene.checkpoint is None  # wave 1 is the start itself
    first.damage(99, scene.stage)
    for _ in range(10):
        scene.step(app, Buttons.NONE)
    assert siege_wave(scene.stage) == 2 and scene.checkpoint_label == "WAVE 2"
    for _ in range(300):  # wave 2's pause, then its three let out
        scene.step(app, Buttons.NONE)
    assert len(enemies()) == 3
    scene.stage.player.lives = 1
    scene.stage.player.die(scene.stage)
    for _ in range(300):
        if isinstance(app.scene, GameOverScene):
            break
        scene.step(app, Buttons.NONE)
    over = app.scene
    assert isinstance(over, GameOverScene) and over.menu is not None
    assert over.retry_note() == "RETRY: FROM THE START OF WAVE 2, ALL LIVES BACK"
    assert [name for name, _ in over.menu.options] == ["RETRY", "RESTART LEVEL", "QUIT TO TITLE"]
    choose(app, "RETRY")
    again = app.scene
    assert isinstance(again, PlayScene)
    stage = again.stage
    assert siege_wave(stage) == 2 and stage.player.lives == LIVES
    assert stage.player.hitbox.midbottom == START  # in the keep: where the siege began
    assert not [e for e in stage.entities if e.team == "enemy" and e.alive]  # wave 2 to come
    assert [s.left for s in stage.spawners] == [0, 3]
    assert again.checkpoint_label == "WAVE 2"  # a second game over comes back here too
