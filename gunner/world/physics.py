"""Physics every body shares: the axis-split move against tiles and solid entities,
what holds a body up, line of sight and blasts. One helper for every body, as
Arcade's platformer engine has one, instead of collision written per class."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

import pygame

from gunner.broadphase import SERIAL, StageTree
from gunner.events import EXPLODED
from gunner.tilemap import MoveResult, TileMap

if TYPE_CHECKING:
    from gunner.entities import Entity


@dataclass
class Counters:
    """Collision checks made in one step, and what brute force would have made."""

    tile: int = 0
    entity_entity: int = 0
    bullet_entity: int = 0
    brute_entity_entity: int = 0
    brute_bullet_entity: int = 0

    def reset(self) -> None:
        for f in fields(self):
            setattr(self, f.name, 0)

    def as_dict(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


class Physics:
    """The world's physics, mixed into the World (a method call from an entity costs
    no extra hop: `move` is the hottest call of a crowd)."""

    tilemap: TileMap
    tree: StageTree
    counters: Counters

    if TYPE_CHECKING:  # the World's own, used by a blast

        def add_effect(
            self, name: str, pos: tuple[float, float], angle: float = 0.0, size: float = 0.0
        ) -> None: ...

        def shake(self, trauma: float) -> None: ...

        def publish(self, event: str, source: Entity | None, **data: Any) -> None: ...

    def query(
        self, rect: pygame.FRect, counter: str, ignore: Any = None, solids: bool = False
    ) -> list:
        """Broad-phase query that charges its candidate checks to one of the counters;
        ``solids`` asks the solid class only (doors, drums)."""
        before = self.tree.checks
        found = (self.tree.query_solids if solids else self.tree.query)(rect, ignore)
        setattr(self.counters, counter, getattr(self.counters, counter) + self.tree.checks - before)
        return found

    def move(self, entity: Entity, dx: float, dy: float, drop_through: bool = False) -> MoveResult:
        """Axis-split move against the tiles and then against solid entities.

        Each axis is resolved against the tile grid first, then pushed back out of
        any solid entity (door, drum) overlapping, so a soldier stops at a closed
        door and the player can stand on a drum. One query of the tree's solid class
        over the swept box finds the solid entities for both axes. Solids the box
        overlaps before the move are left out, so whatever one lands on walks out of it.
        """
        box = entity.hitbox
        tiles = self.tilemap
        tree = self.tree
        solid_class = tree.solid
        # The hottest query of a crowd: made inline, not through `query`, and only near
        # where solids are (most of a crowd is nowhere near a door or a drum). Far from
        # them, the move is the tiles' alone. The solids' span in x, in plain floats, is
        # the cheapest test, and most moves end there.
        left, right = tree.solid_span
        if not (
            box.right + (dx if dx > 0.0 else 0.0) > left
            and box.left + (dx if dx < 0.0 else 0.0) < right
            and len(solid_class)
            and tree.near_solids(sweep := box.union(box.move(dx, dy)))
        ):
            wall = tiles.move_x(box, dx) if dx else 0
            vertical = tiles.move_y(box, dy, drop_through) if dy else 0
            return MoveResult(vertical > 0, vertical < 0, wall)
        before = solid_class.checks
        found = solid_class.query(sweep, entity)
        self.counters.entity_entity += solid_class.checks - before
        # A solid the box already overlaps (a drum that fell on it) does not block:
        # pushing out of it could land the box inside a wall, so it walks free.
        solids = [
            other
            for other in found
            if other.solid and other.alive and not box.colliderect(other.hitbox)
        ]
        if len(solids) > 1:
            solids.sort(key=SERIAL)  # the same push-out order under every design
        feet = box.bottom  # before the move: a one-way plank holds only what was above it
        wall = tiles.move_x(box, dx)
        for other in solids:
            if other.oneway:
                continue  # one-way planks never block sideways
            if box.colliderect(other.hitbox):
                if dx > 0:
                    box.right = other.hitbox.left
                    wall = 1
                elif dx < 0:
                    box.left = other.hitbox.right
                    wall = -1
        vertical = tiles.move_y(box, dy, drop_through)
        for other in solids:
            if other.oneway:
                lands = dy > 0 and not drop_through and feet <= other.hitbox.top + 0.01
                if lands and box.colliderect(other.hitbox):
                    box.bottom = other.hitbox.top
                    vertical = 1
                continue
            if box.colliderect(other.hitbox):
                if dy > 0:
                    box.bottom = other.hitbox.top
                    vertical = 1
                elif dy < 0:
                    box.top = other.hitbox.bottom
                    vertical = -1
        return MoveResult(on_ground=vertical > 0, hit_ceiling=vertical < 0, hit_wall=wall)

    def supported(self, entity: Entity) -> bool:
        """Does something hold the entity up: a tile, a platform or a solid entity under
        its feet? (What a resting drum or pickup asks: the drum below may have blown up.)"""
        if self.tilemap.standing_on(entity.hitbox):
            return True
        return any(other.solid and other.alive for other in self._underfoot(entity))

    def on_oneway(self, entity: Entity) -> bool:
        """Is the entity standing on a one-way solid (a one-way moving plank)?"""
        feet = entity.hitbox.bottom
        return any(
            other.oneway and other.alive and other.hitbox.top == feet
            for other in self._underfoot(entity)
        )

    def _underfoot(self, entity: Entity) -> list[Entity]:
        """The solid class's entities in the pixel row just under the entity's feet."""
        box = entity.hitbox
        probe = pygame.FRect(box.x, box.bottom, box.width, 1)
        return self.query(probe, "entity_entity", entity, solids=True)

    def line_of_sight(self, x0: float, y0: float, x1: float, y1: float) -> bool:
        """No solid tile and no solid entity (a closed door) lies between the points."""
        if not self.tilemap.line_of_sight(x0, y0, x1, y1):
            return False
        span = pygame.FRect(min(x0, x1), min(y0, y1), abs(x1 - x0) + 1, abs(y1 - y0) + 1)
        for other in self.query(span, "entity_entity", solids=True):
            if other.oneway:
                continue  # a one-way plank is a catwalk: you see through under it
            if other.solid and other.alive and other.hitbox.clipline(x0, y0, x1, y1):
                return False
        return True

    def explode(
        self, x: float, y: float, radius: float, damage: int, spare_team: str | None = None
    ) -> None:
        """Area damage: everything whose hitbox comes within `radius` of (x, y) is hurt,
        except entities of `spare_team` (a player's rocket never hurts the player)."""
        # One pixel wider than the blast: a box the blast's edge just reaches only
        # touches the exact square, and touching is not overlapping for the tree.
        area = pygame.FRect(x - radius - 1, y - radius - 1, radius * 2 + 2, radius * 2 + 2)
        for other in self.query(area, "entity_entity"):
            if not other.alive or other.team == spare_team:
                continue
            box = other.hitbox
            nearest_x = min(max(x, box.left), box.right)
            nearest_y = min(max(y, box.top), box.bottom)
            if (nearest_x - x) ** 2 + (nearest_y - y) ** 2 <= radius * radius:
                other.damage(damage, self, x)
        # The fireball spans the blast: what looks hit is what is hit.
        self.add_effect("explosion", (x, y), size=radius * 2)
        self.shake(min(1.0, radius / 48))
        self.publish(EXPLODED, None, x=x, y=y)
