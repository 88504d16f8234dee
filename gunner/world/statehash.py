"""The state hash: sha256 of everything the simulation carries from one step to the
next. Replays compare it, so the same level, seed and masks must give the same hash."""

from __future__ import annotations

import enum
import hashlib
import json
from dataclasses import fields, is_dataclass
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from gunner.world.world import World

# World attributes that are not simulation state: the level and its tiles (hashed
# apart), services, what only looks or sounds, and the tree (its contents are the
# entities and bullets, hashed themselves). The players are hashed apart too. The
# assists are rules of the run, kept by a replay beside its seed; what they change
# shows in the state itself. So is the leash (co-op's "never split"). Player 2 and
# its seat are hashed apart, only when there is one, so a one-player run hashes as
# it did before co-op; the tallies (and whose bullet is whose) are reporting only.
# A versus round's arena is hashed apart, only in versus. The cameras, the shared
# one and each co-op player's own, are what generators read: each generator keeps the
# views it read in its own state, so the hash sees them there. Whose message the HUD
# shows (`message_owner`) only says which view it goes in, and each player's own
# (`own_messages`) what their view shows; the census counts the entities (hashed
# themselves).
NOT_STATE = frozenset(
    ("level", "rng", "tilemap", "tree", "bullets", "entities", "bus", "looks",
     "counters", "players", "camera", "crowd_step", "zone_makers", "assists",
     "seats", "leash", "tallies", "credit", "_quarries", "arena",
     "own_cameras", "message_owner", "own_messages", "_census")
)  # fmt: skip


def sim_state(world: World) -> dict[str, Any]:
    """The world's own state that carries from step to step (entities apart)."""
    return {k: v for k, v in vars(world).items() if k not in NOT_STATE}


def state_hash(world: World) -> str:
    """sha256 of everything the simulation carries from one step to the next.

    The world and every entity declare their state (`sim_state()`: every attribute
    unless excluded by name, so a new field is covered without touching this);
    values are frozen deeply (lists, dicts, sets, enums, rects, dataclasses such as
    the weapon), entities in list order; floats are written exactly (repr), never
    rounded, so the smallest drift shows.
    """
    player = world.player
    state = {
        "stage": sim_state(world),
        # The player is listed apart: while waiting to respawn it is off the entity list.
        "player": [player.kind, player.sim_state()],
        "entities": [[e.kind, e.sim_state()] for e in world.entities],
        "bullets": world.bullets.state(),
        "fired": world.bullets.fired,
        "hits": world.bullets.hits,
        "solid": hashlib.sha256(world.tilemap.solid.tobytes()).hexdigest(),
        "rng": hashlib.sha256(repr(world.rng.getstate()).encode()).hexdigest(),
    }
    if len(world.players) > 1:
        state["partners"] = [
            [p.kind, p.sim_state(), seat]
            for p, seat in zip(world.players[1:], world.seats, strict=True)
        ]
    if world.arena is not None:
        state["arena"] = world.arena.state()
    text = json.dumps(freeze(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def freeze(value: Any) -> Any:
    """A JSON-ready, run-independent copy of a state value, however nested."""
    if value is None or isinstance(value, bool | str):
        return value
    if isinstance(value, enum.Enum):
        return value.value if isinstance(value.value, int | str) else value.name
    if isinstance(value, int | float):
        return value
    if isinstance(value, pygame.FRect | pygame.Rect):
        return list(value)
    if isinstance(value, dict):
        return {str(k): freeze(v) for k, v in value.items()}
    if isinstance(value, set | frozenset):  # keycards held: order-free, so sorted
        return sorted(str(freeze(v)) for v in value)
    if isinstance(value, list | tuple):
        return [freeze(v) for v in value]
    if hasattr(value, "serial") and hasattr(value, "kind"):  # another entity: by reference
        return ["entity", value.kind, value.serial]
    if is_dataclass(value) and not isinstance(value, type):
        # A field marked presentation (a weapon's pickup art: `metadata={"state": False}`)
        # is no state.
        return {
            f.name: freeze(getattr(value, f.name))
            for f in fields(value)
            if f.metadata.get("state", True)
        }
    # Never repr(): an object's default repr holds its memory address, which varies by run.
    return type(value).__name__
