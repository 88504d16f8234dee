"""The pieces the quadtree is built of: a size class's sorted rows (`RowLevel`), what
an item must have (`HasHitbox`), what every broad-phase design counts (`Filed`), and
the sizes they share."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol

import pygame

# Pad the query's reach so float32 rounding inside pygame's colliderect can never
# make an item overlap that real arithmetic put just out of reach (1/16 px >> float32
# ulp for coordinates below ~100k px).
PAD = 0.0625

DEFAULT_SIZE = (32.0, 32.0)


def leaf_for(typical: tuple[float, float]) -> tuple[float, float]:
    """The finest level's (cell width, row height) for items about ``typical`` big."""
    return (max(float(typical[0]), 1.0), max(float(typical[1]), 1.0))


class HasHitbox(Protocol):
    """Anything with a pygame ``FRect``/``Rect`` hitbox can live in the tree."""

    # Read-only here, so an item whose hitbox is declared as just an FRect conforms.
    @property
    def hitbox(self) -> pygame.FRect | pygame.Rect: ...


class RowLevel:
    """One size class: rows of height ``ch``, each a list of items sorted by centre x.

    ``keys[r]`` holds the centre x of ``items[r]`` (parallel lists, ascending).
    ``rw``/``rh`` = the largest half-extent of any item filed here (-1 = never used).
    """

    __slots__ = ("keys", "items", "cw", "ch", "nrows", "ich", "rw", "rh", "by", "spec")

    def __init__(self, by: float, bh: float, cw: float, ch: float) -> None:
        self.by = by
        self.nrows = max(1, int(-(-bh // ch)))
        self.cw = cw  # items up to cw x ch belong to this level
        self.ch = ch
        self.ich = 1.0 / ch
        self.keys: list[list[float]] = [[] for _ in range(self.nrows)]
        self.items: list[list[Any]] = [[] for _ in range(self.nrows)]
        self.rw = -1.0
        self.rh = -1.0
        self.spec = self._spec()

    def _spec(self) -> tuple:
        # Everything `query` needs, unpacked in one go.
        return (self.keys, self.items, self.nrows - 1, self.ich,
                max(self.rw, 0.0) + PAD, max(self.rh, 0.0) + PAD, self.by)  # fmt: skip


class Filed:
    """`len`, `in` and iteration over ``_where`` (item -> where it is filed), which
    every broad-phase design keeps; items are keyed by identity."""

    __slots__ = ()
    _where: dict[Any, Any]

    def __len__(self) -> int:
        return len(self._where)

    def __contains__(self, item: object) -> bool:
        return item in self._where

    def __iter__(self) -> Iterator[Any]:
        return iter(list(self._where))
