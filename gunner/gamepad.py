"""Gamepads through SDL's game controller API: held buttons for play, key presses for menus.

SDL's controller mappings give every supported pad the same Xbox-style layout,
so one table serves them all:

| action | pad |
| --- | --- |
| move / aim | d-pad or left stick (8 directions, with a dead zone) |
| jump | A (south) |
| fire | X (west) or B (east) |
| pause | Start |
| menus | d-pad / left stick up-down (left-right for sliders), A confirm, B back |

Held pad buttons merge into the same `Buttons` mask the keyboard makes, so the
simulation cannot tell them apart. Menu presses are turned into the KEYDOWN
events the menus already understand (marked `pad=True`). The mapping functions
take a plain `PadState`, so tests need no device.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import pygame

from gunner.input import Buttons

# Fraction of full tilt a stick must pass before it counts: worn sticks rest off-centre.
DEAD_ZONE = 0.35
AXIS_MAX = 32767.0

JUMP_BUTTONS = (pygame.CONTROLLER_BUTTON_A,)
FIRE_BUTTONS = (pygame.CONTROLLER_BUTTON_X, pygame.CONTROLLER_BUTTON_B)
DPAD = {
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: Buttons.LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: Buttons.RIGHT,
    pygame.CONTROLLER_BUTTON_DPAD_UP: Buttons.UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: Buttons.DOWN,
}
# Pad button -> the key a menu already answers to. Start is Esc: pause in play, back in menus.
MENU_KEYS = {
    pygame.CONTROLLER_BUTTON_DPAD_UP: pygame.K_UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: pygame.K_DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: pygame.K_LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: pygame.K_RIGHT,
    pygame.CONTROLLER_BUTTON_A: pygame.K_RETURN,
    pygame.CONTROLLER_BUTTON_B: pygame.K_ESCAPE,
    pygame.CONTROLLER_BUTTON_START: pygame.K_ESCAPE,
}
# During play only Start means anything to the menus: A and B are jump and fire there.
PLAY_KEYS = {pygame.CONTROLLER_BUTTON_START: pygame.K_ESCAPE}
# Eight 45-degree sectors, counter-clockwise from right (screen y points down).
_SECTORS = (
    Buttons.RIGHT,
    Buttons.RIGHT | Buttons.UP,
    Buttons.UP,
    Buttons.LEFT | Buttons.UP,
    Buttons.LEFT,
    Buttons.LEFT | Buttons.DOWN,
    Buttons.DOWN,
    Buttons.RIGHT | Buttons.DOWN,
)


@dataclass(frozen=True)
class PadState:
    """One pad's held buttons (SDL controller button numbers) and left stick (-1..1)."""

    buttons: frozenset[int] = field(default_factory=frozenset)
    stick: tuple[float, float] = (0.0, 0.0)


def stick_direction(x: float, y: float, dead_zone: float = DEAD_ZONE) -> Buttons:
    """The 8-way direction a stick points, or NONE inside the (round) dead zone."""
    if math.hypot(x, y) < dead_zone:
        return Buttons.NONE
    angle = math.atan2(-y, x)  # stick y grows downwards
    return _SECTORS[round(angle / (math.pi / 4)) % 8]


def buttons_from_pad(state: PadState) -> Buttons:
    """The `Buttons` a pad holds: d-pad and stick directions, jump, fire."""
    held = stick_direction(*state.stick)
    for button, flag in DPAD.items():
        if button in state.buttons:
            held |= flag
    if any(b in state.buttons for b in JUMP_BUTTONS):
        held |= Buttons.JUMP
    if any(b in state.buttons for b in FIRE_BUTTONS):
        held |= Buttons.FIRE
    return held


def menu_key(button: int, in_play: bool) -> int | None:
    """The key a pad button press stands for in menus (or in play), if any."""
    return (PLAY_KEYS if in_play else MENU_KEYS).get(button)


def stick_menu_key(previous: Buttons, current: Buttons) -> int | None:
    """A menu up/down/left/right press when the stick newly leans that way."""
    newly = current & ~previous
    for flag, key in (
        (Buttons.UP, pygame.K_UP),
        (Buttons.DOWN, pygame.K_DOWN),
        (Buttons.LEFT, pygame.K_LEFT),
        (Buttons.RIGHT, pygame.K_RIGHT),
    ):
        # A diagonal is ambiguous in a vertical menu: only pure directions count.
        if newly & flag and current == flag:
            return key
    return None


def key_event(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0, pad=True)


class Pads:
    """The connected controllers, opened and closed as they are plugged in and out."""

    def __init__(self) -> None:
        self.pads: dict[int, Any] = {}  # SDL instance id -> Controller
        self._stick_dirs: dict[int, Buttons] = {}
        self.enabled = False
        try:
            from pygame._sdl2 import controller

            controller.init()
            self._controller = controller
            self.enabled = True
        except (ImportError, pygame.error):
            return  # no controller support in this build: keyboard only
        # Pads already plugged in also arrive as CONTROLLERDEVICEADDED events at start.

    def _open(self, index: int) -> None:
        try:
            if not self._controller.is_controller(index):
                return
            pad = self._controller.Controller(index)
            instance = pad.as_joystick().get_instance_id()
        except pygame.error:
            return
        self.pads[instance] = pad
        self._stick_dirs[instance] = Buttons.NONE

    def handle_event(self, event: pygame.event.Event, in_play: bool) -> tuple[list[Any], bool]:
        """(key events to deliver instead, whether a pad was unplugged) for one SDL event."""
        if not self.enabled:
            return [], False
        if event.type == pygame.CONTROLLERDEVICEADDED:
            self._open(event.device_index)
        elif event.type == pygame.CONTROLLERDEVICEREMOVED:
            pad = self.pads.pop(event.instance_id, None)
            self._stick_dirs.pop(event.instance_id, None)
            if pad is not None:
                with contextlib.suppress(pygame.error):
                    pad.quit()
                return [], True
        elif event.type == pygame.CONTROLLERBUTTONDOWN:
            key = menu_key(event.button, in_play)
            return ([key_event(key)] if key is not None else []), False
        elif event.type == pygame.CONTROLLERAXISMOTION and not in_play:
            return self._stick_menu(event.instance_id), False
        return [], False

    def _stick_menu(self, instance: int) -> list[Any]:
        pad = self.pads.get(instance)
        if pad is None:
            return []
        now = stick_direction(*self._stick(pad))
        key = stick_menu_key(self._stick_dirs.get(instance, Buttons.NONE), now)
        self._stick_dirs[instance] = now
        return [key_event(key)] if key is not None else []

    @staticmethod
    def _stick(pad: Any) -> tuple[float, float]:
        return (
            pad.get_axis(pygame.CONTROLLER_AXIS_LEFTX) / AXIS_MAX,
            pad.get_axis(pygame.CONTROLLER_AXIS_LEFTY) / AXIS_MAX,
        )

    def states(self) -> Iterable[PadState]:
        for pad in list(self.pads.values()):
            try:
                buttons = frozenset(
                    b for b in range(pygame.CONTROLLER_BUTTON_MAX) if pad.get_button(b)
                )
                yield PadState(buttons, self._stick(pad))
            except pygame.error:
                continue  # unplugged between the event and now

    def held(self) -> Buttons:
        """Buttons held on any pad (two pads drive the one player together)."""
        held = Buttons.NONE
        for state in self.states():
            held |= buttons_from_pad(state)
        return held
