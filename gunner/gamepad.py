"""Gamepads through SDL's game controller API: held buttons for play, key presses for menus.

SDL's controller mappings give every supported pad the same Xbox-style layout,
so one table serves them all:

| action | pad (by default) |
| --- | --- |
| move / aim | d-pad or left stick (8 directions, with a dead zone) |
| jump | A (south) |
| fire | X (west) or B (east) |
| pause | Start |
| menus | d-pad / left stick up-down (left-right for sliders), A confirm, B back |

The buttons of each action can be rebound in Options > Controls (the stick always
moves), and are kept per pad, by the pad's GUID (`Pads.bindings`).

Held pad buttons merge into the same `Buttons` mask the keyboard makes, so the
simulation cannot tell them apart. A pad drives player 1 until Start gives it a
player slot of its own (`Pads.slots`, keyed by SDL's instance id; the app decides
which slot, see `App.pad_start`): from then on it drives that player alone. Menu
presses are turned into the KEYDOWN events the menus already understand (marked
`pad=True`). The mapping functions
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
AIM_BUTTONS = (pygame.CONTROLLER_BUTTON_LEFTSHOULDER,)
DPAD = {
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: Buttons.LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: Buttons.RIGHT,
    pygame.CONTROLLER_BUTTON_DPAD_UP: Buttons.UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: Buttons.DOWN,
}
# Action -> pad buttons, for a pad the player has not rebound.
DEFAULT_PAD_BINDINGS: dict[Buttons, tuple[int, ...]] = {
    **{action: (button,) for button, action in DPAD.items()},
    Buttons.JUMP: JUMP_BUTTONS,
    Buttons.FIRE: FIRE_BUTTONS,
    Buttons.AIM: AIM_BUTTONS,
}
# SDL's own names for the buttons (SDL_GameControllerGetStringForButton): what
# settings.json stores. Start and Guide pause and open menus: never bound.
BUTTON_NAMES = {
    pygame.CONTROLLER_BUTTON_A: "a",
    pygame.CONTROLLER_BUTTON_B: "b",
    pygame.CONTROLLER_BUTTON_X: "x",
    pygame.CONTROLLER_BUTTON_Y: "y",
    pygame.CONTROLLER_BUTTON_BACK: "back",
    pygame.CONTROLLER_BUTTON_LEFTSTICK: "leftstick",
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: "rightstick",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "leftshoulder",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "rightshoulder",
    pygame.CONTROLLER_BUTTON_DPAD_UP: "dpup",
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: "dpdown",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "dpleft",
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "dpright",
}
BUTTON_CODES = {name: button for button, name in BUTTON_NAMES.items()}
# What Options shows for each (Xbox letters: SDL's mapping gives every pad that layout).
BUTTON_LABELS = {
    "dpup": "PAD UP", "dpdown": "PAD DOWN", "dpleft": "PAD LEFT", "dpright": "PAD RIGHT",
    "leftshoulder": "LB", "rightshoulder": "RB", "leftstick": "L3", "rightstick": "R3",
}  # fmt: skip
# The pad Options sets when none is plugged in: its buttons are every pad's default.
ANY_PAD = "any"


def button_label(button: int) -> str:
    name = BUTTON_NAMES.get(button, f"button{button}")
    return BUTTON_LABELS.get(name, name.upper())


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
    guid: str = ANY_PAD  # which pad: its buttons may be bound its own way
    instance: int = -1  # SDL's instance id of the pad (its player slot is kept by it)


def stick_direction(x: float, y: float, dead_zone: float = DEAD_ZONE) -> Buttons:
    """The 8-way direction a stick points, or NONE inside the (round) dead zone."""
    if math.hypot(x, y) < dead_zone:
        return Buttons.NONE
    angle = math.atan2(-y, x)  # stick y grows downwards
    return _SECTORS[round(angle / (math.pi / 4)) % 8]


def buttons_from_pad(
    state: PadState, bindings: dict[Buttons, tuple[int, ...]] = DEFAULT_PAD_BINDINGS
) -> Buttons:
    """The `Buttons` a pad holds: the stick's direction, and each action whose bound
    buttons are down."""
    held = stick_direction(*state.stick)
    for action, buttons in bindings.items():
        if any(b in state.buttons for b in buttons):
            held |= action
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


def key_event(key: int, button: int | None = None, guid: str = ANY_PAD) -> pygame.event.Event:
    """A menu key pressed on a pad (`pad=True`); `button` and `guid` say which, for the
    Controls screen to bind (key 0: a button no menu answers to)."""
    return pygame.event.Event(
        pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0, pad=True, button=button, guid=guid
    )


class Pads:
    """The connected controllers, opened and closed as they are plugged in and out."""

    def __init__(self) -> None:
        self.pads: dict[int, Any] = {}  # SDL instance id -> Controller
        self.guids: dict[int, str] = {}  # SDL instance id -> the pad's GUID
        # SDL instance id -> the player (1, 2) whose pad it is, once Start claimed a
        # slot for it; a pad with none drives player 1.
        self.slots: dict[int, int] = {}
        self._stick_dirs: dict[int, Buttons] = {}
        # GUID -> the buttons of each action, for pads the player rebound (the app
        # shares the settings' table here); any other pad plays by the defaults.
        self.bindings: dict[str, dict[Buttons, tuple[int, ...]]] = {}
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
        try:
            self.guids[instance] = str(pad.as_joystick().get_guid())
        except (pygame.error, AttributeError):
            self.guids[instance] = ANY_PAD

    def handle_event(self, event: pygame.event.Event, in_play: bool) -> tuple[list[Any], bool]:
        """(key events to deliver instead, whether a pad was unplugged) for one SDL event."""
        if not self.enabled:
            return [], False
        if event.type == pygame.CONTROLLERDEVICEADDED:
            self._open(event.device_index)
        elif event.type == pygame.CONTROLLERDEVICEREMOVED:
            pad = self.pads.pop(event.instance_id, None)
            self._stick_dirs.pop(event.instance_id, None)
            self.guids.pop(event.instance_id, None)
            self.slots.pop(event.instance_id, None)
            if pad is not None:
                with contextlib.suppress(pygame.error):
                    pad.quit()
                return [], True
        elif event.type == pygame.CONTROLLERBUTTONDOWN:
            key = menu_key(event.button, in_play)
            if key is None and in_play:
                return [], False
            guid = self.guids.get(getattr(event, "instance_id", -1), ANY_PAD)
            # In menus every button arrives (key 0 if no menu answers to it): Options
            # binds buttons from these.
            return [key_event(key or 0, event.button, guid)], False
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
        for instance, pad in list(self.pads.items()):
            try:
                buttons = frozenset(
                    b for b in range(pygame.CONTROLLER_BUTTON_MAX) if pad.get_button(b)
                )
                guid = self.guids.get(instance, ANY_PAD)
                yield PadState(buttons, self._stick(pad), guid, instance)
            except pygame.error:
                continue  # unplugged between the event and now

    def bindings_for(self, guid: str) -> dict[Buttons, tuple[int, ...]]:
        """The buttons of each action on the pad `guid`: its own if rebound, else those
        set for any pad, else the defaults."""
        return self.bindings.get(guid) or self.bindings.get(ANY_PAD) or DEFAULT_PAD_BINDINGS

    def held(self, player: int = 1) -> Buttons:
        """Buttons held on `player`'s pads: those Start gave that slot, and for player 1
        also every pad without a slot (one player's pads drive them together)."""
        held = Buttons.NONE
        for state in self.states():
            if self.slots.get(state.instance, 1) == player:
                held |= buttons_from_pad(state, self.bindings_for(state.guid))
        return held

    def pad_of(self, player: int) -> int | None:
        """The instance id of the pad holding `player`'s slot, if any."""
        return next((i for i, slot in self.slots.items() if slot == player), None)
