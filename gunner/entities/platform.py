"""Moving platforms: a solid (or one-way) plank that travels along a path.

The path is the shape of the polyline its `path` property names, drawn from the
platform (or a point it travels to and back): the platform moves so that it keeps
its place relative to the path's first point, at `speed`, waiting `wait` seconds at
each end, then back along the path (`pingpong`) or round to its start (`loop`).

Every step, like any entity, it leaves the stage's tree, moves and is filed again.
What stands on it rides: each rider moves by exactly the platform's move (through
`Stage.move`, so a wall stops the rider, who then slides off rather than being
dragged through it) and is set back on the platform's top, so riders never jitter,
slide or fall through, at any speed, on screen or off. What it runs into is pushed
along; if something cannot be pushed (a wall behind it) or a rider cannot be lifted
(a ceiling above it), the platform waits this step instead of crushing anyone.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from gunner.config import DT
from gunner.entities.base import Entity, register
from gunner.schema import ObjectClass, Prop
from gunner.timer import Timer

if TYPE_CHECKING:
    from gunner.maps import Spawn
    from gunner.world.api import WorldView

# The map class: its shape in Tiled, its help, its properties and their defaults
# (stated here only: the validator, the loader and the Tiled project read them).
ENTRY = ObjectClass(
    shape="rectangle",
    color="#8ca0b4",
    doc="A platform (its rectangle, e.g. 48x8) that moves along its `path`: the "
    "shape of a polyline drawn from it, or to a point and back. It carries whatever "
    "stands on it, pushes what it runs into, and stops rather than crush anyone.",
    props={
        "path": Prop("object", 0, "the polyline or point it travels along", required=True),
        "speed": Prop("float", 50.0, "pixels per second", low=1, high=600),
        "wait": Prop("float", 0.6, "seconds it waits at each end", low=0, high=60),
        "mode": Prop(
            "string",
            "pingpong",
            "pingpong: back along the path; loop: round to its start",
            allowed=("pingpong", "loop"),
            enum="PlatformMode",
        ),
        "oneway": Prop("bool", False, "stand on it, jump up through it, drop through"),
    },
)
DEFAULTS = ENTRY.defaults()

HEIGHT = 8  # a platform drawn as a point or a flat line gets this thickness
WIDTH = 48
RIDE_EPSILON = 0.05  # px: feet this close to the top stand on it
MAX_RIDER_DEPTH = 4  # a drum on the platform carries the player on the drum, and so on


@register("MovingPlatform", ENTRY)
class MovingPlatform(Entity):
    chars = {"~": {}}
    builder_size = (16, 8)
    solid = True

    def __init__(self, hitbox: pygame.FRect, props: dict[str, Any] | None = None) -> None:
        super().__init__(hitbox)
        props = props or {}
        self.speed = float(props.get("speed", DEFAULTS["speed"]))
        self.wait = float(props.get("wait", DEFAULTS["wait"]))
        self.loop = props.get("mode", DEFAULTS["mode"]) == "loop"
        self.oneway = bool(props.get("oneway", DEFAULTS["oneway"]))
        self.shootable = not self.oneway  # bullets stop on a solid plank, pass a one-way one
        self.origin = (hitbox.x, hitbox.y)
        self.offsets: list[tuple[float, float]] = [(0.0, 0.0)]  # path points minus the first
        self.leg = 0  # the path segment it is on
        self.along = 0.0  # px travelled along that segment
        self.forward = True
        self.waiting = Timer()  # running: it waits at an end of its path
        self.stopped = 0  # steps it has waited for something in its way (for tests/HUD)

    @classmethod
    def from_spawn(cls, spawn: Spawn) -> MovingPlatform:
        w, h = spawn.w or WIDTH, spawn.h or HEIGHT
        platform = cls(pygame.FRect(spawn.x, spawn.y, w, h), spawn.props)
        if len(spawn.path) >= 2:
            x0, y0 = spawn.path[0]
            platform.offsets = [(x - x0, y - y0) for x, y in spawn.path]
            if platform.loop and platform.offsets[-1] != (0.0, 0.0):
                platform.offsets.append((0.0, 0.0))  # round to the start
        return platform

    # -- where the path puts it ------------------------------------------------------

    def _legs(self) -> int:
        return len(self.offsets) - 1

    def _leg_length(self, leg: int) -> float:
        (ax, ay), (bx, by) = self.offsets[leg], self.offsets[leg + 1]
        return math.hypot(bx - ax, by - ay)

    def _point(self) -> tuple[float, float]:
        """Its top-left for the current leg and distance along it."""
        (ax, ay), (bx, by) = self.offsets[self.leg], self.offsets[self.leg + 1]
        length = self._leg_length(self.leg)
        f = self.along / length if length > 0 else 0.0
        return (self.origin[0] + ax + (bx - ax) * f, self.origin[1] + ay + (by - ay) * f)

    def _advance(self) -> None:
        """Move its place on the path on by one step's travel (no hitbox change)."""
        travel = self.speed * DT
        while travel > 0:
            length = self._leg_length(self.leg)
            room = length - self.along if self.forward else self.along
            if travel < room:
                self.along += travel if self.forward else -travel
                return
            travel -= room
            self.along = length if self.forward else 0.0
            at_end = (self.leg == self._legs() - 1) if self.forward else (self.leg == 0)
            if at_end:
                self.waiting.start(self.wait)
                if self.loop:  # round again from the start
                    self.leg, self.along = 0, 0.0
                else:
                    self.forward = not self.forward
                return
            self.leg += 1 if self.forward else -1
            self.along = 0.0 if self.forward else self._leg_length(self.leg)

    # -- the step --------------------------------------------------------------------

    def tick(self, stage: WorldView) -> None:
        if self._legs() < 1:
            return
        if self.waiting:
            self.waiting.tick()
            return
        saved = (self.leg, self.along, self.forward)  # (the wait has run out)
        self._advance()
        x, y = self._point()
        dx, dy = x - self.hitbox.x, y - self.hitbox.y
        if not self.carry(stage, dx, dy):
            self.leg, self.along, self.forward = saved  # wait and try again
            self.waiting.stop()
            self.stopped += 1

    def carry(self, stage: WorldView, dx: float, dy: float) -> bool:
        """Move by (dx, dy) with its riders; False (nothing moved) if that would crush
        someone: a rider that cannot rise, or something in the way that cannot give."""
        riders = self.riders(stage)
        before = [rider.hitbox.y for rider in riders]
        if dy < 0:  # lift the riders first, so none is caught between it and a ceiling
            lifted = [_shift(stage, rider, 0.0, dy) for rider in riders]
            if not all(lifted):  # someone is pinned under a ceiling: put all back, wait
                _restore(stage, riders, before)
                return False
        moved = self.hitbox.move(dx, dy)
        if not self._push(stage, moved, dx, dy, riders):
            _restore(stage, riders, before)
            return False
        self.hitbox.topleft = moved.topleft
        for rider in riders:
            # Sideways through Stage.move: a wall stops the rider, who slides off the
            # platform instead of being dragged through the wall.
            _shift(stage, rider, dx, 0.0)
            if dy > 0 and not _shift(stage, rider, 0.0, dy):
                continue  # a floor caught it first: it stays there, freed
            if _stands_on(rider, moved, abs(dy) + 1):
                # Exactly on the top again, whatever float rounding did on the way.
                _shift(stage, rider, 0.0, moved.top - rider.hitbox.bottom, force=True)
        return True

    def riders(self, stage: WorldView) -> list[Entity]:
        """What stands on its top (feet on it, across it, not leaving it upward), then
        what stands on those that are solid (a player on a drum on the platform)."""
        found: list[Entity] = []
        bases: list[pygame.FRect] = [self.hitbox]
        for _ in range(MAX_RIDER_DEPTH):
            solid_riders = []
            for base in bases:
                probe = pygame.FRect(base.x, base.y - 1, base.width, 2)
                for other in stage.query(probe, "entity_entity", ignore=self):
                    if other not in found and _stands_on(other, base, RIDE_EPSILON):
                        found.append(other)
                        if other.solid:
                            solid_riders.append(other.hitbox)
            if not solid_riders:
                break
            bases = solid_riders
        return found

    def _push(
        self, stage: WorldView, moved: pygame.FRect, dx: float, dy: float, riders: list[Entity]
    ) -> bool:
        """Push what the moved platform would overlap out of its way; False if
        something cannot give (it would be crushed)."""
        if self.oneway and dy >= 0 and dx == 0:
            return True  # a one-way plank moving down or standing never pushes
        # Everything the query finds overlaps the moved box (nothing else moves meanwhile
        # but the one being pushed).
        for other in stage.query(moved, "entity_entity", ignore=self):
            if other in riders or not other.alive:
                continue
            if not _movable(other):  # exits and checkpoints are zones; doors are in the way
                if other.solid:
                    return False  # a door or another platform: wait for it
                continue
            if self.oneway:
                continue  # things pass through a one-way plank from below and the sides
            box = other.hitbox
            px = (moved.right - box.left) if dx > 0 else (moved.left - box.right) if dx < 0 else 0
            py = (moved.bottom - box.top) if dy > 0 else (moved.top - box.bottom) if dy < 0 else 0
            # Push along the axis it is least into (as a wall would be resolved).
            if px and (not py or abs(px) <= abs(py)):
                _shift(stage, other, px, 0.0)
            elif py:
                _shift(stage, other, 0.0, py)
            if moved.colliderect(other.hitbox):
                return False
        return True

    def draw(self, surface: pygame.Surface, offset: tuple[float, float], art: object) -> None:
        x = round(self.hitbox.x - offset[0])
        y = round(self.hitbox.y - offset[1])
        w, h = round(self.hitbox.width), round(self.hitbox.height)
        image = art.platform(w, h, self.oneway)  # type: ignore[attr-defined]
        surface.blit(image, (x, y))


def _stands_on(other: Entity, base: pygame.FRect, near: float) -> bool:
    box = other.hitbox
    return (
        other.alive
        and _movable(other)
        and abs(box.bottom - base.top) <= near
        and box.right > base.left
        and box.left < base.right
        and getattr(other, "vy", 0.0) >= 0  # a jump leaving it is not a ride
    )


def _restore(stage: WorldView, riders: list[Entity], ys: list[float]) -> None:
    for rider, y in zip(riders, ys, strict=True):
        _shift(stage, rider, 0.0, y - rider.hitbox.y, force=True)


def _movable(entity: Entity) -> bool:
    """Can a platform push it? Bodies that move (not doors, turrets or other platforms)."""
    return entity.kind not in ("Door", "Turret", "MovingPlatform", "Exit", "Checkpoint")


def _shift(stage: WorldView, entity: Entity, dx: float, dy: float, force: bool = False) -> bool:
    """Move an entity that may be filed in the stage's tree (refiling it); through
    `Stage.move` (walls stop it) unless `force`. True if it moved the whole way."""
    if not dx and not dy:
        return True
    box = entity.hitbox
    with stage.lifted(entity):
        if force:
            box.move_ip(dx, dy)
            return True
        x, y = box.x, box.y
        stage.move(entity, dx, dy)
        return abs(box.x - (x + dx)) < 1e-3 and abs(box.y - (y + dy)) < 1e-3
