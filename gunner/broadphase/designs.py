"""The designs F4 switches between for the stage tree's entity classes: ours (the
quadtree's `LazyTree`), the tutorial's quadtree, a uniform grid and brute force; all
with one interface (`Design`), batched methods included."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, Protocol

import numpy as np
import pygame

from gunner.quadtree import Filed, HasHitbox, LazyTree


class Design(Protocol):
    """What a broad-phase design offers the stage."""

    checks: int

    def add(self, item: HasHitbox) -> None: ...
    def remove(self, item: HasHitbox) -> None: ...
    def query(self, rect: pygame.FRect | pygame.Rect, ignore: Any = None) -> list[Any]: ...
    def add_many(self, items: Iterable[HasHitbox]) -> None: ...
    def remove_many(self, items: Iterable[HasHitbox]) -> None: ...
    def query_many(self, boxes: np.ndarray) -> tuple[np.ndarray, list[Any]]: ...
    def cells(
        self, view: pygame.Rect | pygame.FRect | None = None
    ) -> Iterator[tuple[pygame.FRect, int]]: ...
    def __len__(self) -> int: ...
    def __contains__(self, item: object) -> bool: ...
    def __iter__(self) -> Iterator[Any]: ...


class PerItem(Filed):
    """Batched methods as loops over the per-item ones: the slow designs' default.
    Subclasses keep ``_where``: every item filed -> where it is."""

    checks: int

    def add(self, item: HasHitbox) -> None:
        raise NotImplementedError

    def remove(self, item: HasHitbox) -> None:
        raise NotImplementedError

    def query(self, rect: pygame.FRect | pygame.Rect, ignore: Any = None) -> list[Any]:
        raise NotImplementedError

    def add_many(self, items: Iterable[HasHitbox]) -> None:
        for item in items:
            self.add(item)

    def remove_many(self, items: Iterable[HasHitbox]) -> None:
        for item in items:
            self.remove(item)

    def query_many(self, boxes: np.ndarray) -> tuple[np.ndarray, list[Any]]:
        index: list[int] = []
        found: list[Any] = []
        for k, (x, y, w, h) in enumerate(np.asarray(boxes, dtype=np.float32).tolist()):
            hits = self.query(pygame.FRect(x, y, w, h))
            index.extend([k] * len(hits))
            found.extend(hits)
        return np.array(index, dtype=np.intp), found


def _exact(rect: pygame.FRect | pygame.Rect, candidates: Iterable[Any], ignore: Any) -> list[Any]:
    collide = pygame.FRect(rect).colliderect
    return [c for c in candidates if c is not ignore and collide(c.hitbox)]


class BruteForce(PerItem):
    """Every item tested against every query."""

    name = "brute force"

    def __init__(self, bounds: tuple[float, float, float, float]) -> None:
        self._where: dict[Any, None] = {}
        self._bounds = pygame.FRect(bounds)
        self.checks = 0

    def add(self, item: HasHitbox) -> None:
        if item in self._where:
            raise ValueError(f"{item!r} is already in the broad phase")
        self._where[item] = None

    def remove(self, item: HasHitbox) -> None:
        del self._where[item]

    def query(self, rect: pygame.FRect | pygame.Rect, ignore: Any = None) -> list[Any]:
        self.checks += len(self._where)
        return _exact(rect, self._where, ignore)

    def cells(
        self, view: pygame.Rect | pygame.FRect | None = None
    ) -> Iterator[tuple[pygame.FRect, int]]:
        yield pygame.FRect(self._bounds), len(self._where)


class _Node:
    __slots__ = ("rect", "items", "kids")

    def __init__(self, x: float, y: float, w: float, h: float, depth: int) -> None:
        self.rect = (x, y, w, h)
        self.items: dict[Any, None] = {}
        self.kids: list[_Node] | None = None
        if depth > 0:  # the tutorial builds the whole tree up front, to a fixed depth
            hw, hh = w / 2, h / 2
            self.kids = [
                _Node(x + hw, y, hw, hh, depth - 1),  # 0: top right
                _Node(x, y, hw, hh, depth - 1),  # 1: top left
                _Node(x, y + hh, hw, hh, depth - 1),  # 2: bottom left
                _Node(x + hw, y + hh, hw, hh, depth - 1),  # 3: bottom right
            ]

    def quadrant(self, x: float, y: float, w: float, h: float) -> int:
        """The tutorial's getIndex: the child the rect fits in, -1 if it straddles."""
        nx, ny, nw, nh = self.rect
        vmid, hmid = nx + nw / 2, ny + nh / 2
        top = y + h < hmid
        bottom = y > hmid
        if x + w < vmid:
            return 1 if top else 2 if bottom else -1
        if x > vmid:
            return 0 if top else 3 if bottom else -1
        return -1


class TutorialQuadtree(PerItem):
    """The SDL2 "gunner" tutorial's quadtree: fixed depth, straddlers stay in the parent.

    An item is found again at `remove` from where it was filed (the tutorial walks
    down with the current hitbox, which works because the stage removes before moving).
    """

    name = "tutorial quadtree"

    def __init__(self, bounds: tuple[float, float, float, float], depth: int = 4) -> None:
        self.root = _Node(*bounds, depth)
        self._where: dict[Any, _Node] = {}
        self.checks = 0

    def add(self, item: HasHitbox) -> None:
        if item in self._where:
            raise ValueError(f"{item!r} is already in the broad phase")
        x, y, w, h = item.hitbox
        node = self.root
        while node.kids is not None:
            i = node.quadrant(x, y, w, h)
            if i < 0:
                break
            node = node.kids[i]
        node.items[item] = None
        self._where[item] = node

    def remove(self, item: HasHitbox) -> None:
        del self._where.pop(item).items[item]

    def query(self, rect: pygame.FRect | pygame.Rect, ignore: Any = None) -> list[Any]:
        x, y, w, h = rect
        out: list[Any] = []
        stack = [self.root]
        while stack:
            node = stack.pop()
            out.extend(node.items)
            if node.kids is not None:
                i = node.quadrant(x, y, w, h)
                if i >= 0:
                    stack.append(node.kids[i])
                else:  # a straddling query visits all four children
                    stack.extend(node.kids)
        self.checks += len(out)
        return _exact(rect, out, ignore)

    def cells(
        self, view: pygame.Rect | pygame.FRect | None = None
    ) -> Iterator[tuple[pygame.FRect, int]]:
        stack = [self.root]
        while stack:
            node = stack.pop()
            rect = pygame.FRect(node.rect)
            if view is not None and not rect.colliderect(view):
                continue
            if node.kids is None:
                yield rect, len(node.items)
            else:
                stack.extend(node.kids)


class UniformGrid(PerItem):
    """The split-screen game's uniform grid: an item is filed in every cell it touches."""

    name = "uniform grid"

    def __init__(self, bounds: tuple[float, float, float, float], cell: float = 64.0) -> None:
        self._bx, self._by, bw, bh = bounds
        self._cell = cell
        self._inv = 1.0 / cell
        self._ncols = max(1, int(-(-bw // cell)))
        self._nrows = max(1, int(-(-bh // cell)))
        self._cells: dict[int, dict[Any, None]] = {}
        self._where: dict[Any, list[dict[Any, None]]] = {}
        self.checks = 0

    def _span(self, x: float, y: float, w: float, h: float) -> tuple[int, int, int, int]:
        inv, maxc, maxr = self._inv, self._ncols - 1, self._nrows - 1
        c0 = min(max(int((x - self._bx) * inv), 0), maxc)
        c1 = min(max(int((x + w - self._bx) * inv), 0), maxc)
        r0 = min(max(int((y - self._by) * inv), 0), maxr)
        r1 = min(max(int((y + h - self._by) * inv), 0), maxr)
        return c0, c1, r0, r1

    def add(self, item: HasHitbox) -> None:
        if item in self._where:
            raise ValueError(f"{item!r} is already in the broad phase")
        c0, c1, r0, r1 = self._span(*item.hitbox)
        mine = []
        for r in range(r0, r1 + 1):
            for c in range(c0, c1 + 1):
                cell = self._cells.setdefault(r * self._ncols + c, {})
                cell[item] = None
                mine.append(cell)
        self._where[item] = mine

    def remove(self, item: HasHitbox) -> None:
        for cell in self._where.pop(item):
            del cell[item]

    def query(self, rect: pygame.FRect | pygame.Rect, ignore: Any = None) -> list[Any]:
        c0, c1, r0, r1 = self._span(*rect)
        seen: dict[Any, None] = {}
        for r in range(r0, r1 + 1):
            for c in range(c0, c1 + 1):
                cell = self._cells.get(r * self._ncols + c)
                if cell:
                    seen.update(cell)
        self.checks += len(seen)
        return _exact(rect, seen, ignore)

    def cells(
        self, view: pygame.Rect | pygame.FRect | None = None
    ) -> Iterator[tuple[pygame.FRect, int]]:
        c0, c1, r0, r1 = (
            (0, self._ncols - 1, 0, self._nrows - 1) if view is None else self._span(*view)
        )
        for r in range(r0, r1 + 1):
            for c in range(c0, c1 + 1):
                rect = pygame.FRect(
                    self._bx + c * self._cell, self._by + r * self._cell, self._cell, self._cell
                )
                yield rect, len(self._cells.get(r * self._ncols + c, ()))


def _ours(bounds: tuple[float, float, float, float], typical: tuple[float, float]) -> Design:
    return LazyTree(bounds, typical_size=typical)


# F4 cycles through these, in this order.
DESIGNS: dict[str, Any] = {
    "ours": _ours,
    "tutorial": lambda bounds, typical: TutorialQuadtree(bounds),
    "grid": lambda bounds, typical: UniformGrid(bounds),
    "brute": lambda bounds, typical: BruteForce(bounds),
}
DESIGN_NAMES = {
    "ours": "ours: sorted rows, filed lazily",
    "tutorial": "tutorial: fixed-depth quadtree",
    "grid": "uniform grid 64 px",
    "brute": "brute force",
}
