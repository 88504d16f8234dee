"""Checkpoints: touching one, or jumping over it, moves the player's respawn point there."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from gunner.config import TILE
from gunner.entities.base import Entity, feet_box, register
from gunner.events import CHECKPOINT
from gunner.schema import ObjectClass

if TYPE_CHECKING:
    from gunner.maps import Spawn
    from gunner.world.api import WorldView

WIDTH, HEIGHT = 16, 32  # the flag, and the size a point object gets
# How high above its feet a flag is reached (px): over the top of any jump (the feet
# rise about 90 px), so a player who hops over the flag has still reached it. A run
# that jumped the 32 px flag used to leave it grey, and the next death went back further.
REACH = 7 * TILE


# The map class: its shape in Tiled, its help, its properties and their defaults
# (stated here only: the validator, the loader and the Tiled project read them).
ENTRY = ObjectClass(
    shape="rectangle",
    color="#5adc6e",
    doc="A flag (16x32): touching it, or jumping over it (up to 112 px above its feet), "
    "makes its bottom-centre the player's respawn point.",
)


@register("Checkpoint", ENTRY)
class Checkpoint(Entity):
    chars = {"c": {}}
    builder_size = (16, 32)

    def __init__(self, hitbox: pygame.FRect) -> None:
        # The hitbox is where it is reached: the flag, stretched up to REACH above its
        # feet (a taller rectangle drawn in Tiled keeps its height).
        reach = max(hitbox.height, REACH)
        super().__init__(pygame.FRect(hitbox.x, hitbox.bottom - reach, hitbox.width, reach))
        self.reached = False

    @classmethod
    def from_spawn(cls, spawn: Spawn) -> Checkpoint:
        # A point object is the flag's feet: give it the flag's size standing there, or
        # the player (whose feet stop on the floor's top edge) could never touch it.
        if spawn.w and spawn.h:
            return cls(pygame.FRect(spawn.x, spawn.y, spawn.w, spawn.h))
        return cls(feet_box(WIDTH, HEIGHT, spawn.foot))

    def reach(self, stage: WorldView) -> None:
        if not self.reached:
            self.reached = True
            stage.checkpoint = self.hitbox.midbottom
            stage.publish(CHECKPOINT, self)
            stage.say("CHECKPOINT")

    def draw(self, surface: pygame.Surface, offset: tuple[float, float], art: object) -> None:
        # A flag on a pole: grey until reached, then green.
        x = round(self.hitbox.centerx - offset[0])
        bottom = round(self.hitbox.bottom - offset[1])
        pygame.draw.line(surface, (40, 40, 48), (x, bottom - 1), (x, bottom - 30), 2)
        colour = (90, 220, 110) if self.reached else (150, 150, 160)
        pygame.draw.polygon(
            surface, colour, [(x + 1, bottom - 30), (x + 13, bottom - 25), (x + 1, bottom - 20)]
        )
