"""Bindings: which keys, and which pad buttons, press each action.

An action has one to three keys (`MAX_KEYS`), added, replaced or cleared one at a
time. Keys are kept per player slot (slot 1 is the keyboard player of a one-player
game; a second player's set goes under slot 2), pad buttons per pad, keyed by the
pad's GUID, so a pad brings its own layout to any machine's port. Taking a key or a
button that another action holds is a `Conflict`: the screen says so and offers a
swap (`bind(..., swap=True)`), never a silent theft. Pure functions on plain dicts:
the Controls screen edits with them, settings.json stores what they make.
"""

from __future__ import annotations

from dataclasses import dataclass

from gunner.input import DEFAULT_BINDINGS, PLAYER_TWO_BINDINGS, Buttons

MAX_KEYS = 3
# Action -> its keys (or a pad's buttons), in the order the player set them.
ActionMap = dict[Buttons, tuple[int, ...]]
# Each player slot's keys when nothing is saved: slot 1 is the keyboard player of a
# one-player game, slot 2 player 2 on the same keyboard (WASD + F/G).
PLAYER_DEFAULTS: dict[int, ActionMap] = {1: DEFAULT_BINDINGS, 2: PLAYER_TWO_BINDINGS}


def default_keys(slot: int) -> ActionMap:
    """A copy of slot `slot`'s default keys ({} for a slot with none)."""
    return dict(PLAYER_DEFAULTS.get(slot, {}))


class BindError(ValueError):
    """A change that would leave an action with no key, or more than MAX_KEYS; str()
    is the line the screen shows."""


@dataclass(frozen=True)
class Conflict(Exception):
    """`key` is `owner`'s: binding it takes it away, so the screen asks first."""

    key: int
    owner: Buttons


def owner_of(bound: ActionMap, key: int, but: Buttons | None = None) -> Buttons | None:
    """The action other than `but` that `key` presses, if any."""
    for action, keys in bound.items():
        if action != but and key in keys:
            return action
    return None


def bind(bound: ActionMap, action: Buttons, slot: int, key: int, swap: bool = False) -> ActionMap:
    """`bound` with `key` as `action`'s key number `slot` (0-based; `slot` equal to the
    number of keys it has adds one).

    A key another action holds raises Conflict unless `swap`: then that action gets
    the key this slot had in its place (or just loses the key, if this slot was
    empty and it has others). BindError if an action would be left with none.
    """
    keys = list(bound.get(action, ()))
    if not 0 <= slot <= min(len(keys), MAX_KEYS - 1):
        raise BindError(f"an action has at most {MAX_KEYS} keys")
    old = keys[slot] if slot < len(keys) else None
    if key in keys:  # already this action's: move it to this slot
        keys.remove(key)
        keys.insert(min(slot, len(keys)), key)
        return {**bound, action: tuple(keys)}
    result = dict(bound)
    other = owner_of(bound, key, but=action)
    if other is not None:
        if not swap:
            raise Conflict(key, other)
        theirs = [k for k in bound[other] if k != key]
        if old is not None:  # in the taken key's place
            theirs.insert(bound[other].index(key), old)
        if not theirs:
            raise BindError(f"{other.name} would have no key left")
        result[other] = tuple(dict.fromkeys(theirs))
    if old is None:
        keys.append(key)
    else:
        keys[slot] = key
    result[action] = tuple(keys)
    return result


def clear(bound: ActionMap, action: Buttons, slot: int) -> ActionMap:
    """`bound` without `action`'s key number `slot`; BindError for its last key."""
    keys = list(bound.get(action, ()))
    if slot >= len(keys):
        return dict(bound)
    if len(keys) == 1:
        raise BindError(f"{action.name} needs a key")
    del keys[slot]
    return {**bound, action: tuple(keys)}
