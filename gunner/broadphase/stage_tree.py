"""The stage's one broad phase (`Stage.tree`): the entity, enemy, solid and bullet
classes, any design live."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from operator import attrgetter
from typing import Any

import numpy as np
import pygame

from gunner.broadphase.bullet_rows import BulletRows
from gunner.broadphase.designs import DESIGNS, Design, PerItem

# Batched queries of at most this many boxes go box by box (see StageTree.query_many).
FEW = 12
# Query results are sorted by this: the order items entered the stage.
SERIAL = attrgetter("serial")
_SERIAL = SERIAL


class StageTree:
    """The stage's one broad phase: its classes, any design live.

    Entities are filed at `add` by what they are: ``solid`` (doors, drums), ``enemy``
    (the enemy team's), or ``entity`` (the player, pickups, checkpoints...). So
    moves ask only the solids, and an enemy bullet only the classes it can hit
    (enemy bullets never hurt enemies), however large the crowd. `remove` finds an
    item in whichever class holds it (a door that opened while filed as solid).
    Query results come sorted by ``serial`` (the order items entered the stage),
    so what the simulation sees never depends on the design.
    """

    def __init__(
        self,
        bounds: tuple[float, float, float, float],
        typical_size: tuple[float, float],
        design: str = "ours",
    ) -> None:
        self.bounds = tuple(float(v) for v in bounds)
        self.typical_size = typical_size
        self.bullets = BulletRows(self.bounds)  # type: ignore[arg-type]
        self.design = ""
        self.entity: Design
        self.enemy: Design
        self.solid: Design
        self.use(design)

    @property
    def classes(self) -> tuple[Design, Design, Design]:
        return (self.entity, self.enemy, self.solid)

    def use(self, design: str) -> None:
        """Switch every entity class to ``design``, re-filing every item."""
        if design not in DESIGNS:
            raise ValueError(f"unknown broad-phase design {design!r}; one of {list(DESIGNS)}")
        make = DESIGNS[design]
        old = [] if not self.design else list(self)
        self.design = design
        # Covers every hitbox filed in the solid class since it was last empty.
        self._solid_area: pygame.FRect | None = None
        # Its left and right edges, one pixel wider, as plain floats: `Stage.move`'s
        # first, cheapest test (a move wholly left or right of it is far from solids).
        self.solid_span = (math.inf, -math.inf)
        self.entity = make(self.bounds, self.typical_size)
        self.enemy = make(self.bounds, self.typical_size)
        self.solid = make(self.bounds, (16.0, 48.0))  # a door; drums fit too
        for item in sorted(old, key=_SERIAL):
            item.filed_in = None  # its old class is gone
            self.add(item)

    @property
    def checks(self) -> int:
        return self.entity.checks + self.enemy.checks + self.solid.checks

    def add(self, item: Any) -> None:
        # Solids, then the enemy team, then the rest. The class is remembered on the
        # item, so `remove` (once per entity per step) goes straight to it, even if the
        # item's `solid` changed while filed (a door opened). `Stage.step` does the
        # same inline for every entity that is not solid: keep the two alike.
        if getattr(item, "filed_in", None) is not None:
            raise ValueError(f"{item!r} is already in the broad phase")
        if item.solid:
            home = self.solid
            if self._solid_area is None:
                self._solid_area = pygame.FRect(item.hitbox)
            else:
                self._solid_area.union_ip(item.hitbox)
            self.solid_span = (self._solid_area.left - 1.0, self._solid_area.right + 1.0)
        else:
            home = self.enemy if item.team == "enemy" else self.entity
        home.add(item)
        item.filed_in = home

    def slide_enemies(self, dx: float) -> bool:
        """The crowd step's walkers (enemy class) are about to move, each at most ``dx``
        px along x: True when the class re-files them in bulk (ours: `LazyTree.slide`),
        so they stay filed while they walk; False when each must leave and be filed
        again, as every other entity does."""
        slide = getattr(self.enemy, "slide", None)
        if slide is None:
            return False
        slide(dx)
        return True

    def near_solids(self, rect: pygame.FRect) -> bool:
        """Could ``rect`` overlap anything in the solid class? False when it lies clear of
        every place a solid has been filed since the class was last empty (a door, a
        drum, a platform's whole ride), so a move far from all of them skips the query."""
        area = self._solid_area
        if area is None or not len(self.solid):
            self._solid_area = None
            self.solid_span = (math.inf, -math.inf)
            return False
        return area.colliderect(rect)

    def remove(self, item: Any) -> None:
        home = getattr(item, "filed_in", None)
        if home is None:
            raise KeyError("not in the broad phase")
        home.remove(item)
        item.filed_in = None

    def targets(self, team: str) -> list[Design]:
        """The classes a bullet of ``team`` can hit something in: enemy bullets never
        hurt enemies; the player's skip the entity class unless it holds a target
        (something shootable of another team: usually it holds none)."""
        if team == "enemy":
            wanted = [self.entity, self.solid]
        elif team == "player":
            wanted = [self.enemy, self.solid]
            if any(it.shootable and it.team != "player" for it in self.entity):
                wanted.append(self.entity)
        else:
            wanted = list(self.classes)
        return [c for c in wanted if len(c)]

    def query(self, rect: pygame.FRect | pygame.Rect, ignore: Any = None) -> list[Any]:
        """Every entity overlapping ``rect``, in stage order."""
        found = self.entity.query(rect, ignore)
        if len(self.enemy):
            found += self.enemy.query(rect, ignore)
        if len(self.solid):
            found += self.solid.query(rect, ignore)
        if len(found) > 1:
            found.sort(key=_SERIAL)
        return found

    def query_solids(self, rect: pygame.FRect | pygame.Rect, ignore: Any = None) -> list[Any]:
        """Only the solid class: what moves, footing and line of sight ask."""
        found = self.solid.query(rect, ignore)
        if len(found) > 1:
            found.sort(key=_SERIAL)
        return found

    def in_view(self, rect: pygame.FRect | pygame.Rect) -> tuple[list[Any], np.ndarray]:
        """The camera's draw list: every entity and the bullet ids overlapping ``rect``."""
        return self.query(rect), self.bullets.query(rect)

    def query_box(
        self, rect: pygame.FRect, team: str = "neutral", classes: list[Design] | None = None
    ) -> list[Any]:
        """One box of `query_many`: what a bullet of ``team`` may hit overlapping
        ``rect``, in stage order. ``classes``: `targets(team)`, when the caller asks
        many boxes of one team in a row."""
        found: list[Any] = []
        for c in self.targets(team) if classes is None else classes:
            found += c.query(rect)
        if len(found) > 1:
            found.sort(key=_SERIAL)
        return found

    def asker(self, team: str) -> Callable[[pygame.FRect], list[Any]]:
        """`query_box` for ``team`` as one function, for many boxes in a row while nothing
        is added to the tree (the few-bullet step)."""
        classes = self.targets(team)
        return lambda rect: self.query_box(rect, classes=classes)

    def query_many(self, boxes: np.ndarray, team: str = "neutral") -> tuple[np.ndarray, list[Any]]:
        """(query index, entity) overlap pairs for many boxes, by query then stage order,
        among what a bullet of ``team`` may hit (see `targets`)."""
        classes = self.targets(team)
        if len(boxes) <= FEW:
            # A handful of bullets (the shipped levels): per-box queries cost less than
            # numpy's per-call overhead, and find exactly the same pairs.
            parts = [PerItem.query_many(c, boxes) for c in classes]  # type: ignore[arg-type]
        else:
            parts = [c.query_many(boxes) for c in classes]
        if not parts:
            return np.empty(0, dtype=np.intp), []
        index = np.concatenate([q for q, _ in parts]).astype(np.intp)
        items = [it for _, found in parts for it in found]
        if not items:
            return index, items
        serials = np.fromiter(map(_SERIAL, items), np.int64, len(items))
        order = np.lexsort((serials, index))
        return index[order], [items[k] for k in order.tolist()]

    def cells(
        self, view: pygame.Rect | pygame.FRect | None = None
    ) -> Iterator[tuple[pygame.FRect, int]]:
        """Every class's cells: entity, enemy, solid, then the occupied bullet cells."""
        for c in self.classes:
            yield from c.cells(view)
        yield from self.bullets.cells(view)

    def __len__(self) -> int:
        return len(self.entity) + len(self.enemy) + len(self.solid) + len(self.bullets)

    def __contains__(self, item: object) -> bool:
        return any(item in c for c in self.classes)

    def __iter__(self) -> Iterator[Any]:
        """The entities filed (bullets are rows of ids: see `bullets`)."""
        for c in self.classes:
            yield from c
