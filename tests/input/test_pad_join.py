"""Pads for two: Start on a pad claims a player slot (keyed by the pad's instance id),
on the title or mid-level, and player 2 joins on it; unplugging a pad pauses the game
and the pause screen says whose pad it was. Driven by the controller events SDL sends,
with fake devices behind them (the dummy video driver has none)."""

import pygame

from app_helpers import FakePad
from ascii_maps import write_map
from gunner.input import Buttons
from gunner.scenes.pause import PauseScene
from gunner.scenes.play import PlayScene
from gunner.scenes.title import TitleScene

ROWS = ["#" * 40] + ["#" + "." * 38 + "#"] * 3 + ["#.P" + "." * 36 + "#", "#" * 40]
START = pygame.CONTROLLER_BUTTON_START


class FakeControllers:
    """Stands in for pygame._sdl2.controller: device index -> the pad plugged in there."""

    def __init__(self) -> None:
        self.next_instance = 10
        self.opened: list[FakePad] = []

    def is_controller(self, index: int) -> bool:
        return True

    def Controller(self, index: int) -> FakePad:  # noqa: N802 (SDL's name)
        pad = FakePad(self.next_instance)
        self.next_instance += 1  # SDL gives a pad plugged in again a new instance id
        self.opened.append(pad)
        return pad


def plug(app) -> FakePad:
    fake = app.pads._controller
    app.handle_event(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0))
    return fake.opened[-1]


def unplug(app, pad: FakePad) -> None:
    app.handle_event(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=pad.instance))


def press_start(app, pad: FakePad) -> None:
    event = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=pad.instance, button=START)
    app.handle_event(event)


def key(k: int, kind: int = pygame.KEYDOWN) -> None:
    pygame.event.post(pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0))


def with_pads(app):
    app.pads.enabled = True
    app.pads._controller = FakeControllers()
    return app


def test_a_pad_joins_mid_level_as_player_two_and_its_unplugging_pauses_naming_them(app, tmp_path):
    with_pads(app)
    scene = PlayScene(write_map(tmp_path, ROWS))
    app.push(scene)
    key(pygame.K_RIGHT)  # player 1 plays on the keyboard
    app.frame(5)
    key(pygame.K_RIGHT, pygame.KEYUP)
    app.frame(1)
    pad = plug(app)
    assert len(scene.stage.players) == 1, "plugging in alone joins nobody"
    press_start(app, pad)
    assert app.scene is scene, "Start joined player 2: no pause"
    assert len(scene.stage.players) == 2 and app.pads.slots == {pad.instance: 2}
    one, two = scene.stage.players
    app.frame(10)
    x1, x2 = one.hitbox.x, two.hitbox.x
    pad.held = {pygame.CONTROLLER_BUTTON_DPAD_RIGHT}
    app.frame(20)
    assert two.hitbox.x > x2 + 10, "the pad drives player 2"
    assert one.hitbox.x == x1, "and not player 1"
    pad.held = set()
    # Unplugged mid-level: the game pauses and says whose pad went.
    unplug(app, pad)
    pause = app.scene
    assert isinstance(pause, PauseScene) and pause.lost_pad == 2
    pause.draw(app, app.surface)
    assert app.pads.slots == {} and len(scene.stage.players) == 2
    # Plugged back in (a new instance id): Start gives it player 2's slot and resumes.
    again = plug(app)
    press_start(app, again)
    assert app.pads.slots == {again.instance: 2}
    assert app.scene is scene
    again.held = {pygame.CONTROLLER_BUTTON_DPAD_LEFT}
    x2 = two.hitbox.x
    app.frame(20)
    assert two.hitbox.x < x2 - 10


def test_a_lone_players_pad_takes_slot_one_and_start_still_pauses(app, tmp_path):
    with_pads(app)
    scene = PlayScene(write_map(tmp_path, ROWS))
    app.push(scene)
    app.frame(2)
    pad = plug(app)
    press_start(app, pad)
    assert isinstance(app.scene, PauseScene), "Start pauses, as it always did"
    assert app.pads.slots == {pad.instance: 1} and len(scene.stage.players) == 1
    assert app.scene.lost_pad is None
    app.pop()
    unplug(app, pad)
    assert isinstance(app.scene, PauseScene) and app.scene.lost_pad == 1


def test_player_two_left_from_the_pause_menu_comes_back_with_start(app, tmp_path):
    with_pads(app)
    scene = PlayScene(write_map(tmp_path, ROWS))
    app.push(scene)
    app.keyboard_play = True
    pad = plug(app)
    press_start(app, pad)
    assert len(scene.stage.players) == 2
    scene.leave()
    assert len(scene.stage.players) == 1
    pad.held = {pygame.CONTROLLER_BUTTON_A}
    assert app.held() & Buttons.JUMP == Buttons.NONE, "player 2's pad never drives player 1"
    press_start(app, pad)
    assert len(scene.stage.players) == 2 and app.scene is scene


def test_two_pads_pressing_start_on_the_title_start_a_game_for_two(app):
    with_pads(app)
    title = TitleScene()
    app.push(title)
    first, second = plug(app), plug(app)
    press_start(app, first)
    press_start(app, second)
    assert app.pads.slots == {first.instance: 1, second.instance: 2}
    assert app.pad_players() == 2
    title.draw(app, app.surface)
    opened = []
    app.open_level = lambda make, what, reset=True: opened.append(make)
    labels = [label for label, _ in title.menu.options]
    title.menu.options[labels.index("START")][1]()
    assert app.players == 2 and opened
