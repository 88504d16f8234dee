"""The crowd step's columns: one dense table per kind, one row per member, and the
distances that decide who may be stepped in bulk.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from gunner.entities.base import Entity

# Clearance from solid entities (a platform carries or pushes what it touches, a door or
# a drum blocks what walks into it), beyond how far the solid travels in a step: its
# `speed` (px/s) if it declares one (a platform), else a fall's (a drum losing its
# footing falls at most MAX_FALL). A member's own step reaches 1 px past its hitbox.
ZONE = 8.0
# More than the player moves in one step (it runs at 110 px/s and falls at 450 px/s at
# most, 7.5 px a step, and a platform may carry it), added to every reach.
MARGIN = 24.0
# Cells of the grid that marks the zones (px).
CELL = 16

# Soldier columns: the hitbox (x changes; y, and so every row it covers, does not while
# it walks on the ground), the tick's state, and rows its step reads.
SOLDIER_COLUMNS = ("x", "w", "bottom", "cy", "facing", "speed", "vx", "fire", "flash", "walk",
                   "wary", "r0", "r1", "lrow", "frow")  # fmt: skip
WHOLE_COLUMNS = {"facing", "fire", "flash", "wary", "r0", "r1", "lrow", "frow"}
TURRET_COLUMNS = ("cx", "cy", "reach", "fire", "flash")


class ColumnTable:
    """Dense columns, one row per member; a member that leaves is replaced by the last."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names
        self.n = 0
        self.ents: list[Any] = []  # row -> member (rows past n: stale)
        self.pending: list[tuple[int, tuple]] = []  # (row, values) not yet written
        self.row: dict[Entity, int] = {}
        self.cols: dict[str, np.ndarray] = {
            name: np.zeros(0, dtype=np.int64 if name in WHOLE_COLUMNS else np.float64)
            for name in names
        }

    def put(self, entity: Entity, values: tuple) -> None:
        """Give the entity a row (its own, or a new one) holding ``values``, written with
        every other put since the last `flush` in one go (a scalar write into a numpy
        column costs as much as a whole small column)."""
        k = self.row.get(entity)
        if k is None:
            k = self.n
            if k == len(self.ents):
                self._grow()
            self.ents[k] = entity
            self.row[entity] = k
            self.n += 1
        self.pending.append((k, values))

    def flush(self) -> None:
        if not self.pending:
            return
        rows = [k for k, _ in self.pending]
        values = np.array([v for _, v in self.pending], dtype=np.float64)
        self.pending = []
        for j, column in enumerate(self.cols.values()):
            column[rows] = values[:, j]

    def drop(self, entity: Entity) -> bool:
        if entity not in self.row:
            return False
        self.flush()
        k = self.row.pop(entity)
        last = self.n - 1
        if k != last:
            moved = self.ents[last]
            self.ents[k] = moved
            self.row[moved] = k
            for column in self.cols.values():
                column[k] = column[last]
        self.n = last
        return True

    def _grow(self) -> None:
        size = max(64, 2 * len(self.ents))
        self.ents.extend([None] * (size - len(self.ents)))
        for name, column in self.cols.items():
            grown = np.zeros(size, dtype=column.dtype)
            grown[: len(column)] = column
            self.cols[name] = grown
