"""The entity base class and the name -> constructor registry."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from gunner.bullets import Bullet
    from gunner.level import Spawn
    from gunner.stage import Stage

ENTITY_TYPES: dict[str, type[Entity]] = {}


def register(name: str) -> Callable[[type[Entity]], type[Entity]]:
    """Class decorator: map objects of class `name` become this entity."""

    def decorate(cls: type[Entity]) -> type[Entity]:
        if name in ENTITY_TYPES:
            raise ValueError(f"entity class {name!r} registered twice")
        ENTITY_TYPES[name] = cls
        cls.kind = name
        return cls

    return decorate


def create_entity(spawn: Spawn) -> Entity | None:
    """Build the entity a map object describes; None for classes the game does not know."""
    cls = ENTITY_TYPES.get(spawn.cls)
    return cls.from_spawn(spawn) if cls else None


class Entity:
    """Something that lives on the stage: it has a hitbox, ticks, and draws itself.

    The stage removes an entity from the quadtree before `tick` and re-adds it
    after, so `tick` may move `hitbox` freely. `draw` must not change anything
    the simulation reads.
    """

    kind = "Entity"
    team = "neutral"  # bullets never hurt their own team
    shootable = False  # do bullets stop on it?
    touches = False  # does the stage report overlapping entities to `touch`?
    # Solid entities (doors, drums) block movers that go through `Stage.move`, stop
    # every team's bullets, and block line of sight.
    solid = False

    def __init__(self, hitbox: pygame.FRect) -> None:
        self.hitbox = hitbox
        self.alive = True

    @classmethod
    def from_spawn(cls, spawn: Spawn) -> Entity:
        return cls(pygame.FRect(spawn.x, spawn.y, max(spawn.w, 1), max(spawn.h, 1)))

    def tick(self, stage: Stage) -> None:
        """Advance one fixed step."""

    def touch(self, other: Entity, stage: Stage) -> None:
        """Called when this entity overlaps `other` after moving (if `touches`)."""

    def hit(self, bullet: Bullet, stage: Stage) -> None:
        """Called when one of the other team's bullets strikes this entity."""
        self.damage(bullet.damage, stage, bullet.hitbox.centerx)

    def damage(self, amount: int, stage: Stage, from_x: float | None = None) -> None:
        """Take `amount` damage from a bullet or an explosion centred at `from_x`."""

    def draw(self, surface: pygame.Surface, offset: tuple[float, float], art: object) -> None:
        """Draw at the hitbox position minus the camera offset."""
