"""The world's bookkeeping checks: the soak runs them every step; tests use them too."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np
import pygame

if TYPE_CHECKING:
    from gunner.world.world import World


class InvariantError(AssertionError):
    """The world's bookkeeping disagrees with itself; str() says what broke."""


def check_invariants(world: World) -> None:
    """Raise InvariantError unless the tree holds exactly the live entities and
    bullets, by identity, each where a query of its own hitbox finds it.

    Comparing counts is not enough: a missing player and a stale corpse in its
    place have the same count. A dead player waiting to respawn is off the list.
    Call it between steps.
    """
    expected = {id(e): e for e in world.entities}
    if len(expected) != len(world.entities):
        raise InvariantError("an entity is listed twice")
    held = {id(item): item for item in world.tree}
    for key in held.keys() - expected.keys():
        raise InvariantError(f"the tree holds {_describe(held[key])}, which the world does not")
    for key in expected.keys() - held.keys():
        raise InvariantError(f"{_describe(expected[key])} is missing from the tree")
    for item in expected.values():
        if not item.alive:
            raise InvariantError(f"{_describe(item)} is dead but still in play")
        if item not in world.tree.query(item.hitbox):
            raise InvariantError(f"{_describe(item)} is not found where its hitbox is")
    # Bullets spawned since the bullets last stepped join the tree when they step.
    ids = world.bullets.id[: world.bullets.filed]
    filed = world.tree.bullets.ids
    if len(filed) != len(ids) or not np.array_equal(np.sort(filed), ids):
        missing = np.setdiff1d(ids, filed)
        extra = np.setdiff1d(filed, ids)
        raise InvariantError(
            f"the tree's bullet class holds {len(filed)} bullets, the stage {len(ids)}"
            f" (missing {missing[:5].tolist()}, stale {extra[:5].tolist()})"
        )
    for k, box in enumerate(world.bullets.boxes(slice(0, world.bullets.filed))):
        if ids[k] not in world.tree.bullets.query(pygame.FRect(*box.tolist())):
            raise InvariantError(f"bullet {ids[k]} is not found where its hitbox is")
    for problem in world.crowd_step.disagreements(world.entities):
        raise InvariantError(problem)
    for player in world.players:
        if player.alive and id(player) not in expected:
            raise InvariantError("a player is alive but not in play")
        x, y = player.hitbox.center
        if not (math.isfinite(x) and math.isfinite(y)):
            raise InvariantError(f"player position is not finite ({x}, {y})")


def _describe(item: Any) -> str:
    kind = getattr(item, "kind", type(item).__name__)
    return f"{'a dead ' if not getattr(item, 'alive', True) else ''}{kind} at {tuple(item.hitbox)}"
