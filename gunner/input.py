"""Input state: the only thing the simulation learns about the player's hands.

The app turns the keyboard into a `Buttons` bitmask for every step; the stage
gets that mask and derives presses and releases itself. A replay is therefore
just a list of masks, and tests and the headless runner can drive the game
with any source of masks. `KeyboardInput` builds those masks from key events,
so a tap too short for any frame to see is still one press.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence

import pygame


class Buttons(enum.IntFlag):
    NONE = 0
    LEFT = enum.auto()
    RIGHT = enum.auto()
    UP = enum.auto()
    DOWN = enum.auto()
    JUMP = enum.auto()
    FIRE = enum.auto()
    AIM = enum.auto()  # held on the ground: stand and aim eight ways without walking


# Default keyboard layout: arrows or WASD move and aim, Z/J jump, X/K fire, Left Shift/L
# held to stand and aim.
DEFAULT_BINDINGS: dict[Buttons, tuple[int, ...]] = {
    Buttons.LEFT: (pygame.K_LEFT, pygame.K_a),
    Buttons.RIGHT: (pygame.K_RIGHT, pygame.K_d),
    Buttons.UP: (pygame.K_UP, pygame.K_w),
    Buttons.DOWN: (pygame.K_DOWN, pygame.K_s),
    Buttons.JUMP: (pygame.K_z, pygame.K_j, pygame.K_SPACE),
    Buttons.FIRE: (pygame.K_x, pygame.K_k),
    Buttons.AIM: (pygame.K_LSHIFT, pygame.K_l),
}
# Player 2 on the same keyboard (co-op): WASD move and aim, F jump, G fire, R stand. While two
# play, these keys are player 2's alone (`co_op_bindings` takes them from player 1).
PLAYER_TWO_BINDINGS: dict[Buttons, tuple[int, ...]] = {
    Buttons.LEFT: (pygame.K_a,),
    Buttons.RIGHT: (pygame.K_d,),
    Buttons.UP: (pygame.K_w,),
    Buttons.DOWN: (pygame.K_s,),
    Buttons.JUMP: (pygame.K_f,),
    Buttons.FIRE: (pygame.K_g,),
    Buttons.AIM: (pygame.K_r,),
}
PAUSE_KEYS = (pygame.K_ESCAPE, pygame.K_p)
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_z, pygame.K_j, pygame.K_SPACE)
BACK_KEYS = (pygame.K_ESCAPE, pygame.K_BACKSPACE)


Bindings = dict[Buttons, tuple[int, ...]]


def co_op_bindings(
    first: Bindings = DEFAULT_BINDINGS, second: Bindings = PLAYER_TWO_BINDINGS
) -> tuple[Bindings, Bindings]:
    """Each player's table while two share the keyboard: player 1's own (the saved
    one) less every key player 2's uses, and player 2's. One key never moves two
    players. A table Options stores per player slots straight in here."""
    taken = {key for keys in second.values() for key in keys}
    mine = {button: tuple(k for k in keys if k not in taken) for button, keys in first.items()}
    return mine, dict(second)


def player_bindings(
    players: int, first: Bindings = DEFAULT_BINDINGS, second: Bindings = PLAYER_TWO_BINDINGS
) -> list[Bindings]:
    """The key table of each of `players` players (one player keeps all of `first`)."""
    if players < 2:
        return [first]
    return list(co_op_bindings(first, second))


def buttons_from_keys(
    pressed: Sequence[bool], bindings: dict[Buttons, tuple[int, ...]] = DEFAULT_BINDINGS
) -> Buttons:
    """Held buttons from `pygame.key.get_pressed()`."""
    held = Buttons.NONE
    for button, keys in bindings.items():
        if any(pressed[k] for k in keys):
            held |= button
    return held


class KeyboardInput:
    """The keyboard's mask for each step, built from key events so no tap is lost.

    `pygame.key.get_pressed()` only says what is down at the moment it is read:
    a key pressed and released between two frames (a slow frame, a quick tap)
    never shows there. So each bound KEYDOWN is also latched as a tap, and the
    next step that reads input sees that button held even if the key is already
    up; the step after sees it released, so the stage counts exactly one press.
    A step that ignores input (hit-stop) leaves the tap latched for the next one.
    """

    def __init__(self) -> None:
        self.down: set[int] = set()  # keys down according to the events seen
        self.taps = Buttons.NONE  # buttons pressed since the last step that read input

    def handle_event(
        self, event: pygame.event.Event, bindings: dict[Buttons, tuple[int, ...]]
    ) -> None:
        if event.type == pygame.KEYDOWN:
            if getattr(event, "pad", False):
                return  # a pad's menu key: the pad's own held state already covers play
            self.down.add(event.key)
            for button, keys in bindings.items():
                if event.key in keys:
                    self.taps |= button
        elif event.type == pygame.KEYUP:
            self.down.discard(event.key)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.down.clear()  # key-ups may go to another window now

    def mask(
        self,
        bindings: dict[Buttons, tuple[int, ...]],
        pressed: Sequence[bool] | None = None,
    ) -> Buttons:
        """Buttons for the next step: held now (events or SDL's state) or tapped since."""
        held = self.taps
        for button, keys in bindings.items():
            if any(k in self.down for k in keys):
                held |= button
        if pressed is not None:
            held |= buttons_from_keys(pressed, bindings)
        return held

    def consume(self) -> None:
        """A step has read the taps: from now on only keys still down count."""
        self.taps = Buttons.NONE


class RandomInput:
    """Seeded random play for soak runs and screenshots: mostly runs right and shoots.

    Buttons are held for random stretches, as a person would, not re-rolled every step.
    """

    def __init__(self, seed: int, player: int = 1) -> None:
        # Player 2's hands: their own stream from the same seed.
        self._rng = random.Random(seed if player == 1 else f"{seed}:player{player}")
        self._held = Buttons.NONE
        self._left = 0

    def next(self) -> Buttons:
        if self._left <= 0:
            rng = self._rng
            held = Buttons.NONE
            move = rng.random()
            if move < 0.6:
                held |= Buttons.RIGHT
            elif move < 0.8:
                held |= Buttons.LEFT
            if rng.random() < 0.25:
                held |= Buttons.UP
            elif rng.random() < 0.12:
                held |= Buttons.DOWN
            if rng.random() < 0.4:
                held |= Buttons.JUMP
            if rng.random() < 0.6:
                held |= Buttons.FIRE
            self._held = held
            self._left = rng.randint(6, 40)
        self._left -= 1
        return self._held
