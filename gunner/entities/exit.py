"""The level exit: a trigger zone that completes the mission when the player reaches it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from gunner.entities.base import Entity, feet_box, register
from gunner.schema import ObjectClass

if TYPE_CHECKING:
    from gunner.maps import Spawn
    from gunner.world.api import WorldView

# An exit placed as a point stands this big on it (a doorway), so it can be reached.
WIDTH, HEIGHT = 16, 32


# The map class: its shape in Tiled, its help, its properties and their defaults
# (stated here only: the validator, the loader and the Tiled project read them).
ENTRY = ObjectClass(
    shape="rectangle",
    color="#50e650",
    doc="Reaching it completes the level.",
)


@register("Exit", ENTRY)
class Exit(Entity):
    """Invisible: the map's tiles show where it is (the EXIT sign)."""

    visible = False
    chars = {"E": {}}

    @classmethod
    def from_spawn(cls, spawn: Spawn) -> Exit:
        if spawn.w and spawn.h:
            return cls(pygame.FRect(spawn.x, spawn.y, spawn.w, spawn.h))
        # A point is the doorway's feet; a 1x1 box there could never be touched.
        return cls(feet_box(WIDTH, HEIGHT, spawn.foot))

    def tick(self, stage: WorldView) -> None:
        pass
