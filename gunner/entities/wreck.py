"""What is left of an enemy while its death plays out.

A killed enemy leaves the stage at once (it is counted, its drop appears), and a
`Wreck` takes its place for a moment: a soldier is thrown back and falls, a drone
spirals down trailing smoke and bursts where it hits, a turret sparks and then blows.
The wreck is neutral, not shootable and touches nothing: bullets fly through it and
it hurts no one, except as its enemy's `death_step` says (a turret's last blast).
It is not a map class: only a dying enemy makes one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from gunner.entities.base import Entity

if TYPE_CHECKING:
    from gunner.entities.enemy import Enemy
    from gunner.world.api import WorldView


class Wreck(Entity):
    kind = "Wreck"

    def __init__(self, dead: Enemy) -> None:
        super().__init__(dead.hitbox.copy())
        self.dead = dead  # hashed by reference: a dead enemy never changes again
        self.facing = dead.facing
        self.vx = 0.0
        self.vy = 0.0
        self.on_ground = dead.on_ground
        self.age = 0  # steps since the death
        self.spin = 0.0  # degrees, for what tumbles

    def tick(self, stage: WorldView) -> None:
        self.age += 1
        if not self.dead.death_step(self, stage):
            self.alive = False

    def draw(self, surface: pygame.Surface, offset: tuple[float, float], art: Any) -> None:
        self.dead.draw_death(self, surface, offset, art)
