"""No input is lost: taps shorter than a frame, taps during hit-stop, keys that change screens."""

import pygame
import pytest

from ascii_maps import write_map
from gunner.input import Buttons
from gunner.scenes.pause import PauseScene
from gunner.scenes.play import PlayScene

ROWS = [
    "########################",
    "#......................#",
    "#......................#",
    "#.P....................#",
    "########################",
]


@pytest.fixture
def play(app, tmp_path):
    scene = PlayScene(write_map(tmp_path, ROWS))
    app.push(scene)
    app.frame(10)  # settle on the floor
    assert scene.stage.player.on_ground
    return scene


def tap(key: int) -> None:
    """Down and up again before the game looks: SDL's keyboard state never shows it."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))


def record_presses(scene: PlayScene) -> list[Buttons]:
    """The stage's press edges, one entry per step that ran the simulation."""
    presses: list[Buttons] = []
    step = scene.stage.step

    def spy(held: Buttons) -> None:
        frozen = scene.stage.frozen > 0
        step(held)
        if not frozen:
            presses.append(scene.stage.pressed)

    scene.stage.step = spy
    return presses


def test_a_tap_shorter_than_a_frame_jumps_and_fires_once(app, play):
    fired = play.stage.bullets.fired
    presses = record_presses(play)
    tap(pygame.K_z)
    tap(pygame.K_x)
    app.frame(3)  # a slow frame: three steps after the tap was already over
    assert presses[0] == Buttons.JUMP | Buttons.FIRE
    assert presses[1:] == [Buttons.NONE, Buttons.NONE], "one press, not one per step"
    assert play.stage.player.vy < 0, "the player jumped"
    assert play.stage.bullets.fired == fired + 1


def test_a_tap_in_a_frame_without_a_step_waits_for_the_next_step(app, play):
    fired = play.stage.bullets.fired
    tap(pygame.K_x)
    app.frame(0)  # a fast frame: no simulation step this time
    app.frame(0)
    app.frame(1)
    assert play.stage.bullets.fired == fired + 1


def test_a_tap_during_hit_stop_counts_once_the_world_moves_again(app, play):
    presses = record_presses(play)
    play.stage.hitstop(4)
    tap(pygame.K_z)
    app.frame(1)
    assert play.stage.frozen > 0 and not presses
    app.frame(5)
    assert presses[0] == Buttons.JUMP and Buttons.JUMP not in presses[1]
    assert play.stage.player.vy < 0


def test_a_held_key_is_one_press_not_a_press_per_frame(app, play):
    fired = play.stage.bullets.fired
    presses = record_presses(play)
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="", scancode=0)
    pygame.event.post(down)
    for _ in range(4):
        app.frame(1)
    assert presses == [Buttons.LEFT, Buttons.NONE, Buttons.NONE, Buttons.NONE]
    assert play.stage.held == Buttons.LEFT
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_LEFT, mod=0))
    app.frame(1)
    assert play.stage.held == Buttons.NONE and play.stage.bullets.fired == fired


def test_the_key_that_resumes_from_pause_is_not_a_jump(app, play):
    app.push(PauseScene(play))
    tap(pygame.K_z)  # Z confirms RESUME
    app.frame(1)
    assert app.scene is play
    app.frame(3)
    assert play.stage.player.on_ground and play.stage.player.vy >= 0


def test_replays_record_one_mask_per_step_with_the_tap_in_the_first(app, play, tmp_path):
    from gunner.replay import Recorder

    app.recorder = Recorder(tmp_path / "run.replay")
    tap(pygame.K_x)
    app.frame(3)
    assert app.recorder.replay.masks == [int(Buttons.FIRE), 0, 0]
