"""Generators: the rule that keeps enemies coming, as Contra generates its running men.

A `Generator` is an invisible region placed in Tiled (a rectangle; a point stands for a
screen centred on it). While the camera's view overlaps the region it lets in one enemy
of its `kind` every `every` seconds from just off-screen on its `side` (a view edge, or
the ledges over the view on a climb), standing on a floor (a flier in open air), never
in view and never in a wall, with at most `cap` of them alive. It stops for good once the
view has passed the region (wholly right of it, or above it on a climb) or once it has
let in `total` (0: no limit). Its enemies left far off-screen are recalled (gone, not
killed), so a stream never clogs its cap.

With two players "the view" is every view the world counts as seen (`views()`): the
shared camera's on their midpoint and each living player's own, half a screen wide, as
their half of a split screen shows it. Either one reaching the region wakes it; it is
passed once every view has gone by; it lets enemies in outside all of them and recalls
only those far from all of them. With one player it is the camera's view alone.

The simulation reads the camera here: the camera is stepped by the stage with the fixed
step, from the player's state only, so it is the same on every run of the same inputs.
The view a generator read is kept in its own state, so the state hash covers it.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any

import pygame

from gunner.config import TILE, VIEW_H, VIEW_W
from gunner.entities.base import ENTITY_TYPES, Entity, register
from gunner.maps import Spawn
from gunner.schema import ObjectClass, Prop, kind_prop, passed_on
from gunner.tilemap import EMPTY
from gunner.timer import Timer

if TYPE_CHECKING:
    from gunner.world.api import WorldView


class GeneratorState(StrEnum):
    """Hashed as its text."""

    WAITING = "waiting"  # for the view to reach its region
    ON = "on"  # letting them in
    DONE = "done"  # for good: the view has passed it, or its total is out


# The map class: its shape in Tiled, its help, its properties and their defaults
# (stated here only: the validator, the loader and the Tiled project read them).
ENTRY = ObjectClass(
    shape="rectangle",
    color="#e05a28",
    doc="A stream of enemies (not drawn). While the view overlaps its rectangle (a "
    "point: a screen centred on it) it lets in one `kind` every `every` seconds from "
    "just off-screen on a floor (`side`: left, right, ahead of where the player faces, "
    "either, or above for a climb), never in view and never in a wall, with at most "
    "`cap` of them alive. "
    "It stops for good once the view has passed it (right of it, or above it on a "
    "climb) or after `total` of them (0: no limit); those left far off-screen are "
    "recalled. Any other property of its kind set on it (a runner's `climb`) is "
    "passed on to each.",
    props={
        "kind": kind_prop("what it lets in"),
        "every": Prop("float", 1.5, "seconds between two of them", low=0.1, high=60),
        "cap": Prop("int", 3, "most of them alive at once", low=1, high=50),
        "total": Prop("int", 0, "how many it lets in, then stops (0: no limit)", low=0, high=10000),
        "side": Prop(
            "string",
            "either",
            "which edge of the view they come in from (above: from the ledges over "
            "the view, as on a climb)",
            allowed=("either", "left", "right", "ahead", "above"),
            enum="GeneratorSide",
        ),
    },
)
DEFAULTS = ENTRY.defaults()  # kind, every, cap, total, side: stated in the schema
# An enemy comes in this far outside the view (hitbox to view edge, px): more than a
# sprite overhangs its hitbox plus the screen shake, so not a pixel of it shows.
GUARD = 24.0
FIRST = 0.5  # s from the view reaching the region to the first enemy
RETRY = 0.25  # s before it looks again when no spot is free
# Its enemies this far outside the view (px) are recalled.
RECALL = 320.0
# Fliers come in this high over the player's centre (px); from above, this far to
# either side of the player.
FLIER_LIFT = 96.0
FLIER_SPREAD = 96.0
ABOVE_ROWS = 6  # from above, walkers stand on a floor at most this many rows over the view


@register("Generator", ENTRY)
class Generator(Entity):
    visible = False
    chars = {"Z": {}}  # a point: the region is a screen centred on it
    builder_size = (0, 0)  # written as a point at the marker's bottom-centre
    floats = True

    def __init__(self, zone: pygame.FRect, props: dict[str, Any] | None = None) -> None:
        # The hitbox is a speck at the region's bottom-centre: the region is not a body,
        # and a screen-sized box in the tree would be every query's candidate.
        super().__init__(pygame.FRect(zone.centerx, zone.bottom - 1, 1, 1))
        props = props or {}
        self.zone = pygame.FRect(zone)
        self.lets_in = str(props.get("kind", DEFAULTS["kind"]))
        self.every = float(props.get("every", DEFAULTS["every"]))
        self.cap = int(props.get("cap", DEFAULTS["cap"]))
        total = int(props.get("total", DEFAULTS["total"]))
        self.left = total if total > 0 else -1  # still to let in; -1: no limit
        self.side = str(props.get("side", DEFAULTS["side"]))
        # Any property of its kind's own set on it (a runner's `climb`) goes to each one.
        kind = ENTITY_TYPES.get(self.lets_in)
        self.given = passed_on(ENTRY, kind.schema, props) if kind else {}
        self.state = GeneratorState.WAITING
        self.clock = Timer()  # running: the next one comes when it runs out
        self.out: list[Entity] = []  # let in and still alive
        self.view = pygame.FRect(0, 0, 0, 0)  # the camera's view as it last read it

    @classmethod
    def from_spawn(cls, spawn: Spawn) -> Generator:
        if spawn.w > 0 and spawn.h > 0:
            return cls(pygame.FRect(spawn.x, spawn.y, spawn.w, spawn.h), spawn.props)
        zone = pygame.FRect(0, 0, VIEW_W, VIEW_H)
        zone.center = (spawn.x, spawn.y)
        return cls(zone, spawn.props)

    def passed(self, view: pygame.FRect, climb: bool = False) -> bool:
        """Has the view gone by the region: wholly right of it, or, on a climb, wholly
        above it? A run's route rises and falls (a catwalk over a tunnel), so outside a
        climb a view over the region has not passed it."""
        return view.left >= self.zone.right or (climb and view.bottom <= self.zone.top)

    def tick(self, stage: WorldView) -> None:
        # Every view counts (the shared one, and each co-op player's own): what either
        # player sees wakes it, and it is passed only once every view has gone by.
        views = stage.views()
        self.out = [e for e in self.out if e.alive]
        self._recall(views)
        seen = [v for v in views if v.colliderect(self.zone)]
        view = self.view = seen[0] if seen else views[0]
        if self.state == GeneratorState.DONE:
            return
        if all(self.passed(v, stage.camera.climb) for v in views):
            self.state = GeneratorState.DONE
            return
        if not seen or not any(p.alive for p in stage.players):
            return
        if self.state == GeneratorState.WAITING:
            self.state = GeneratorState.ON
            self.clock.start(FIRST)
        if self.clock.left > 0 and not self.clock.tick():
            return
        if len(self.out) >= self.cap:
            return  # the clock stays run out: the next one comes as soon as one falls
        entity = self._let_in(stage, view, views)
        if entity is None:
            self.clock.start(RETRY)
            return
        self.out.append(entity)
        if self.left > 0:
            self.left -= 1
        if self.left == 0:
            self.state = GeneratorState.DONE
        else:
            self.clock.start(self.every)

    def _recall(self, views: list[pygame.FRect]) -> None:
        """Its enemies far off every view are gone (no kill, no drop): out of play, as
        in Contra."""
        far = [view.inflate(2 * RECALL, 2 * RECALL) for view in views]
        for entity in self.out:
            if not any(f.colliderect(entity.hitbox) for f in far):
                entity.alive = False
        self.out = [e for e in self.out if e.alive]

    def sides(self, stage: WorldView) -> list[int]:
        """The view's edges to try, -1 left, +1 right and 0 the top, in order."""
        if self.side == "above":
            return [0]
        if self.side == "left":
            return [-1]
        if self.side == "right":
            return [1]
        if self.side == "ahead":
            return [1 if stage.quarry(self).facing >= 0 else -1]
        return [-1, 1] if stage.rng.random() < 0.5 else [1, -1]

    def _let_in(
        self, stage: WorldView, view: pygame.FRect, views: list[pygame.FRect]
    ) -> Entity | None:
        """One enemy just off `view` on a free spot, in no view at all, facing the
        player; None if no spot."""
        cls = ENTITY_TYPES[self.lets_in]
        props: dict[str, Any] = {"hunt": True} if cls.floats else {}
        props |= self.given
        guards = [v.inflate(2 * GUARD, 2 * GUARD) for v in views]
        player = stage.quarry(self).hitbox
        for side in self.sides(stage):
            for foot in self._spots(stage, view, side, cls.floats):
                spawn = Spawn(self.lets_in, foot[0] - 8, foot[1] - 16, 16, 16, props=props)
                entity = cls.from_spawn(spawn)
                box = entity.hitbox
                if box.collidelist(guards) >= 0 or stage.tilemap.overlaps_solid(box):
                    continue
                if box.left < 0 or box.right > stage.tilemap.pixel_width:
                    continue
                facing = 1 if player.centerx >= box.centerx else -1
                entity.facing = facing  # type: ignore[attr-defined]
                stage.add_entity(entity)
                return entity
        return None

    def _spots(
        self, stage: WorldView, view: pygame.FRect, side: int, flier: bool
    ) -> list[tuple[float, float]]:
        """Feet positions beside the view on `side`, the nearest to the player's height
        first: on floors (solid or one-way tiles) for walkers, in the air for fliers."""
        if side == 0:
            return self._spots_above(stage, view, flier)
        half = TILE  # wider than any let-in kind's half width
        x = view.right + GUARD + half if side > 0 else view.left - GUARD - half
        target = stage.quarry(self).hitbox
        feet = target.bottom
        if flier:
            return [(x, target.centery - FLIER_LIFT)]
        tiles = stage.tilemap
        col = int(x // TILE)
        if not 0 <= col < tiles.cols:
            return []
        top = max(1, int(view.top // TILE))
        bottom = min(tiles.rows - 1, int(view.bottom // TILE) + 2)
        floors = [
            (x, float(row * TILE))
            for row in range(top, bottom + 1)
            if tiles.cell(col, row) != EMPTY and tiles.cell(col, row - 1) == EMPTY
        ]
        return sorted(floors, key=lambda spot: abs(spot[1] - feet))

    def _spots_above(
        self, stage: WorldView, view: pygame.FRect, flier: bool
    ) -> list[tuple[float, float]]:
        """Over the view: fliers above the player, walkers on floors at most ABOVE_ROWS
        over the view's top edge (the ledges a climb leads up to), in a seeded order."""
        player = stage.quarry(self).hitbox
        if flier:
            x = player.centerx + stage.rng.uniform(-FLIER_SPREAD, FLIER_SPREAD)
            return [(x, view.top - GUARD - TILE)]
        tiles = stage.tilemap
        last = int((view.top - GUARD) // TILE)  # a floor row whose top is over the view
        rows = range(max(1, last - ABOVE_ROWS), last + 1)
        cols = range(max(0, int(view.left // TILE)), min(tiles.cols, int(view.right // TILE) + 1))
        spots = [
            (col * TILE + TILE / 2, float(row * TILE))
            for row in rows
            for col in cols
            if tiles.cell(col, row) != EMPTY and tiles.cell(col, row - 1) == EMPTY
        ]
        stage.rng.shuffle(spots)
        return spots
