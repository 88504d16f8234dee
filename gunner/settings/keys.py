"""Actions and keys as settings.json names them: key names both ways, pad buttons, and
the repair that gives an action left with no key its spare defaults back.
"""

from __future__ import annotations

import contextlib
import re
import sys
import warnings
from typing import Any

import pygame

from gunner.bindings import MAX_KEYS, ActionMap
from gunner.gamepad import BUTTON_CODES, DEFAULT_PAD_BINDINGS
from gunner.input import Buttons
from gunner.settings.store import StoreError

ACTIONS: tuple[Buttons, ...] = (
    Buttons.LEFT,
    Buttons.RIGHT,
    Buttons.UP,
    Buttons.DOWN,
    Buttons.JUMP,
    Buttons.FIRE,
    Buttons.AIM,
)


# Actions a game can be played without (standing to aim): one may be left with no key,
# as a file saved before it existed leaves it when its default keys went to others.
OPTIONAL_ACTIONS: tuple[Buttons, ...] = (Buttons.AIM,)


def yield_defaults(bound: ActionMap, named: set[Buttons]) -> list[Buttons]:
    """Actions the file does not name (added since it was saved) keep only those of
    their default keys that no named action uses, so no key does two things. Returns
    the actions this leaves with no key."""
    taken = {k for b in named for k in bound.get(b, ())}
    emptied = []
    for button in ACTIONS:
        if button not in named and bound.get(button):
            bound[button] = tuple(k for k in bound[button] if k not in taken)
            if not bound[button]:
                emptied.append(button)
    return emptied


def action_name(button: Buttons) -> str:
    """An action's name in settings.json and the Options screen (`jump`, `fire`...)."""
    return (button.name or f"button{int(button)}").lower()


# A key no name stands for is stored by its number (`0x40000073`): never as "", which
# no start could read back. Options refuses such keys; this keeps the file loadable anyway.
_KEY_NUMBER = re.compile(r"0x[0-9a-f]{1,8}")


def key_name(key: int) -> str:
    """pygame's own name for `key` ("" for keys its table leaves out): what Options
    shows and accepts. The file can hold more (see `any_key_name`)."""
    with warnings.catch_warnings():  # key names do not need a window
        warnings.simplefilter("ignore")
        return pygame.key.name(key)


def any_key_name(key: int) -> str:
    """A name for `key` that `key_code` maps back to it ("" if none is known).

    pygame's own name first (what the file has always held: `space`, `left`); then
    SDL's, which covers keys pygame's table leaves out (F13-F24, media keys; it
    needs the display, as in the game); then the character itself (`é`, `ß` on
    keyboards beyond US English), which needs nothing.
    """
    candidates = [key_name(key)]
    if pygame.display.get_init():
        with contextlib.suppress(pygame.error), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            candidates.append(pygame.key.name(key, use_compat=False))
    if 0 < key <= sys.maxunicode and chr(key).isprintable():
        candidates.append(chr(key))
    for name in candidates:
        with contextlib.suppress(ValueError):
            if name and key_code(name) == key:
                return name
    return ""


def key_code(name: str) -> int:
    """The key a stored name stands for; ValueError for an unknown name."""
    if _KEY_NUMBER.fullmatch(name):
        return int(name, 16)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return pygame.key.key_code(name)


def pad_buttons_from_json(actions: Any) -> ActionMap:
    """One pad's `action -> button names`; StoreError saying what is wrong."""
    if not isinstance(actions, dict):
        raise StoreError("is not an object of action -> button names")
    bound = dict(DEFAULT_PAD_BINDINGS)
    named = set()
    for button in ACTIONS:
        names = actions.get(action_name(button))
        if names is None:
            continue
        if not isinstance(names, list) or not all(n in BUTTON_CODES for n in names):
            raise StoreError(f"{action_name(button)} is not a list of button names")
        codes = tuple(dict.fromkeys(BUTTON_CODES[n] for n in names))[:MAX_KEYS]
        if not codes and button not in OPTIONAL_ACTIONS:
            raise StoreError(f"{action_name(button)} has no button")
        bound[button] = codes
        named.add(button)
    yield_defaults(bound, named)
    return bound


def give_every_action_a_key(bound: ActionMap, defaults: ActionMap) -> list[Buttons]:
    """An action with no key gets back those of its default keys nothing else uses.

    Options never leaves an action keyless, but a hand-edited file can, and a game
    where JUMP cannot be pressed is worse than a file set aside. Returns the actions
    still without a key (all their defaults are taken).
    """
    keyless = []
    for button in ACTIONS:
        if bound.get(button) or button in OPTIONAL_ACTIONS:
            continue
        used = {k for b, keys in bound.items() if b != button for k in keys}
        spare = tuple(k for k in defaults.get(button, ()) if k not in used)
        if spare:
            bound[button] = spare
        else:
            keyless.append(button)
    return keyless
