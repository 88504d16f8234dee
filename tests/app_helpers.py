"""Driving the whole app in tests: key presses, a small level with its exit in
reach, waiting out a level's loading screen, and walking a level to its exit."""

from __future__ import annotations

import pygame

from gunner.app import App
from gunner.input import Buttons
from gunner.scenes.play import PlayScene

# A level whose exit lies four tiles right of the player.
SHORT = [
    "##########",
    "#........#",
    "#.P...E..#",
    "##########",
]


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def finish(app: App, limit: int = 600) -> PlayScene:
    """Walk right through the current level's exit; returns its play scene."""
    play = app.scene
    assert isinstance(play, PlayScene)
    for _ in range(limit):
        if app.scene is not play:
            break
        play.step(app, Buttons.RIGHT)
    assert play.stage.outcome == "complete"
    return play


def run_to_exit(app: App, scene: PlayScene, wait: int = 0) -> PlayScene:
    """Make `scene` the app's only scene and play it to the exit: stand `wait` steps,
    then run right (a level whose exit lies to the right of the start)."""
    app.reset_to(scene)
    for n in range(wait + 600):
        scene.step(app, Buttons.NONE if n < wait else Buttons.RIGHT)
        if scene.stage.outcome:
            break
    assert scene.stage.outcome == "complete"
    return scene


def loaded(app: App):
    """The scene a loading screen opens, once its worker is done (as the next frame
    after the map is read would put it in place): every level opens behind one."""
    from gunner.scenes.loading import LoadingScene

    loading = app.scene
    assert isinstance(loading, LoadingScene), f"{type(loading).__name__}: no loading screen"
    assert loading.build.done.wait(60), "the level never finished loading"
    loading.step(app, Buttons.NONE)
    return app.scene


def shows(lines: list[str], message: str) -> bool:
    """Whether a screen's wrapped lines show `message`: wrapping drops the spaces it
    breaks at, and may break a long path after a hyphen, where there was none."""
    return "".join(lines).replace(" ", "") == message.replace(" ", "")


# An Xbox 360 pad's GUID, as SDL names it.
GUID = "030000005e0400008e02000010010000"


class FakePad:
    """A plugged-in controller (the dummy video driver has none): SDL's instance id,
    its name and GUID, and the buttons held on it."""

    def __init__(self, instance: int = 0, held: frozenset[int] | set[int] = frozenset()) -> None:
        self.instance = instance
        self.held = set(held)
        self.name = "Xbox 360 Controller"

    def as_joystick(self):
        pad = self

        class Joystick:
            def get_instance_id(self) -> int:
                return pad.instance

            def get_guid(self) -> str:
                return GUID

        return Joystick()

    def get_button(self, b: int) -> bool:
        return b in self.held

    def get_axis(self, axis: int) -> int:
        return 0

    def quit(self) -> None:
        pass
