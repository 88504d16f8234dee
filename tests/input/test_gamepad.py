"""Pad mapping, tested with fake pad states: no device needed."""

import math

import pygame
import pytest

from gunner.gamepad import (
    DEAD_ZONE,
    Pads,
    PadState,
    buttons_from_pad,
    menu_key,
    stick_direction,
    stick_menu_key,
)
from gunner.input import Buttons

B = pygame


def pad(*buttons: int, stick: tuple[float, float] = (0.0, 0.0)) -> PadState:
    return PadState(frozenset(buttons), stick)


def test_resting_or_drifting_stick_holds_nothing():
    assert buttons_from_pad(pad()) == Buttons.NONE
    assert stick_direction(DEAD_ZONE * 0.9, 0.0) == Buttons.NONE
    assert stick_direction(0.2, -0.2) == Buttons.NONE  # worn stick: inside the round zone


@pytest.mark.parametrize(
    ("angle", "expected"),
    [
        (0, Buttons.RIGHT),
        (45, Buttons.RIGHT | Buttons.UP),
        (90, Buttons.UP),
        (135, Buttons.LEFT | Buttons.UP),
        (180, Buttons.LEFT),
        (225, Buttons.LEFT | Buttons.DOWN),
        (270, Buttons.DOWN),
        (315, Buttons.RIGHT | Buttons.DOWN),
        (20, Buttons.RIGHT),  # nearly right is right, not a diagonal
    ],
)
def test_stick_gives_eight_directions(angle, expected):
    rad = math.radians(angle)
    # Pad y grows downwards, so "up" is a negative y.
    assert stick_direction(math.cos(rad) * 0.9, -math.sin(rad) * 0.9) == expected


def test_dpad_and_face_buttons():
    state = pad(B.CONTROLLER_BUTTON_DPAD_LEFT, B.CONTROLLER_BUTTON_DPAD_UP, B.CONTROLLER_BUTTON_A)
    assert buttons_from_pad(state) == Buttons.LEFT | Buttons.UP | Buttons.JUMP
    assert buttons_from_pad(pad(B.CONTROLLER_BUTTON_X)) == Buttons.FIRE
    assert buttons_from_pad(pad(B.CONTROLLER_BUTTON_B)) == Buttons.FIRE
    assert buttons_from_pad(pad(B.CONTROLLER_BUTTON_Y)) == Buttons.NONE


def test_stick_and_dpad_merge():
    state = pad(B.CONTROLLER_BUTTON_DPAD_DOWN, stick=(1.0, 0.0))
    assert buttons_from_pad(state) == Buttons.RIGHT | Buttons.DOWN


def test_menu_keys_in_menus_and_in_play():
    assert menu_key(B.CONTROLLER_BUTTON_A, in_play=False) == pygame.K_RETURN
    assert menu_key(B.CONTROLLER_BUTTON_B, in_play=False) == pygame.K_ESCAPE
    assert menu_key(B.CONTROLLER_BUTTON_DPAD_DOWN, in_play=False) == pygame.K_DOWN
    # In play A jumps and B fires: only Start reaches the scene (as Esc: pause).
    assert menu_key(B.CONTROLLER_BUTTON_A, in_play=True) is None
    assert menu_key(B.CONTROLLER_BUTTON_B, in_play=True) is None
    assert menu_key(B.CONTROLLER_BUTTON_START, in_play=True) == pygame.K_ESCAPE


def test_stick_moves_the_menu_once_per_lean():
    assert stick_menu_key(Buttons.NONE, Buttons.DOWN) == pygame.K_DOWN
    assert stick_menu_key(Buttons.DOWN, Buttons.DOWN) is None  # still leaning: no repeat
    assert stick_menu_key(Buttons.NONE, Buttons.UP | Buttons.RIGHT) is None  # ambiguous


class FakeController:
    def __init__(self, buttons=(), stick=(0, 0)):
        self.buttons = set(buttons)
        self.stick = stick
        self.closed = False

    def get_button(self, b):
        return b in self.buttons

    def get_axis(self, axis):
        return {B.CONTROLLER_AXIS_LEFTX: self.stick[0], B.CONTROLLER_AXIS_LEFTY: self.stick[1]}.get(
            axis, 0
        )

    def quit(self):
        self.closed = True


def test_pads_merge_held_buttons_and_notice_unplugging():
    pads = Pads()
    pads.enabled = True
    first = FakeController([B.CONTROLLER_BUTTON_A])
    pads.pads = {3: first, 4: FakeController(stick=(-32767, 0))}
    assert pads.held() == Buttons.JUMP | Buttons.LEFT
    removed = pygame.event.Event(B.CONTROLLERDEVICEREMOVED, instance_id=3)
    keys, unplugged = pads.handle_event(removed, in_play=True)
    assert unplugged and keys == [] and first.closed
    assert pads.held() == Buttons.LEFT
    press = pygame.event.Event(B.CONTROLLERBUTTONDOWN, instance_id=4, button=B.CONTROLLER_BUTTON_A)
    keys, _ = pads.handle_event(press, in_play=False)
    assert [(k.type, k.key, k.pad) for k in keys] == [(pygame.KEYDOWN, pygame.K_RETURN, True)]
