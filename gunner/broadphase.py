"""The stage's broad phase: one tree holding three size classes, and the designs F4 switches.

`StageTree` is what `Stage.tree` is. It files every item in a *class*:

* ``entity``: the player, pickups, checkpoints... (the default);
* ``enemy``: the enemy team, which enemy bullets never ask about (they never hurt
  their own side), so a crowd firing from inside itself costs nothing extra;
* ``solid``: doors and drums, what `Stage.move`, `supported` and line of sight ask
  about, so those queries never wade through the crowd;
* ``bullet``: every bullet, as numpy rows (`BulletRows`), moved in bulk by the bullet
  system. Bullets never query their own class, so they are never each other's
  candidates.

The entity classes are held by a *design*, chosen live with F4:

* ``ours``: the loose quadtree flattened into sorted rows (`gunner.quadtree`), filed
  lazily (`LazyTree`): filing is a dict operation, small classes are scanned, a big
  one is re-filed in bulk when enough questions come, and a walking crowd stays filed
  while it slides (`StageTree.slide_enemies`); `query_many` vectorized;
* ``tutorial``: the SDL2 "gunner" tutorial's quadtree, pre-built to a fixed depth,
  straddling items kept in the parent;
* ``grid``: the split-screen game's uniform grid, an item filed in every cell it
  touches;
* ``brute``: a list, every item tested.

Every design has the same interface, batched methods included (a per-item loop for
the slow ones), and queries return items in one canonical order (the order they
entered the stage), so the simulation is identical whichever design is live.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
from operator import attrgetter
from typing import Any, Protocol

import numpy as np
import pygame

from gunner.quadtree import Filed, HasHitbox, LazyTree

__all__ = [
    "DESIGNS",
    "BruteForce",
    "BulletRows",
    "Design",
    "PerItem",
    "StageTree",
    "TutorialQuadtree",
    "UniformGrid",
]

# Batched queries of at most this many boxes go box by box (see StageTree.query_many).
FEW = 12
# Query results are sorted by this: the order items entered the stage.
SERIAL = attrgetter("serial")
_SERIAL = SERIAL


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


_NO_IDS = np.empty(0, np.int64)
_NO_BOXES = np.empty((0, 4), np.float32)


class BulletRows:
    """The bullet class: bullets filed by id in rows of ``row_h`` px, sorted by centre x.

    Bullets leave and re-enter in bulk (`remove_many`, `add_many` with numpy arrays),
    once a step. Only the camera and the overlay query this class (bullets never do),
    so the rows are sorted when a query first needs them, once per frame, not on
    every step the frame runs.
    """

    def __init__(self, bounds: tuple[float, float, float, float], row_h: float = 32.0) -> None:
        self._bx, self._by, self._bw, self._bh = bounds
        self._row_h = row_h
        self._nrows = max(1, int(-(-self._bh // row_h)))
        self._row_numbers = np.arange(self._nrows + 1)
        self.ids = _NO_IDS  # in filing order
        self._boxes: np.ndarray | None = _NO_BOXES
        self._make_boxes: Callable[[], np.ndarray] | None = None  # see `file_all`
        self._sorted: tuple | None = None  # the rows, built by `_index` when queried
        self.checks = 0

    def _index(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(ids, boxes, keys, rows, row starts), sorted by row then centre x."""
        if self._sorted is None:
            ids, boxes = self.ids, self.boxes
            cx = boxes[:, 0].astype(np.float64) + boxes[:, 2] * 0.5
            cy = boxes[:, 1].astype(np.float64) + boxes[:, 3] * 0.5
            rows = np.clip(np.floor((cy - self._by) / self._row_h), 0, self._nrows - 1)
            order = np.lexsort((cx, rows))
            srows = rows[order].astype(np.intp)
            starts = np.searchsorted(srows, self._row_numbers)
            self._sorted = (ids[order], boxes[order], cx[order], srows, starts)
        return self._sorted

    @property
    def _reach(self) -> tuple[float, float]:
        if not len(self.boxes):
            return (0.0, 0.0)
        return (
            float(self.boxes[:, 2].max()) * 0.5 + 0.0625,
            float(self.boxes[:, 3].max()) * 0.5 + 0.0625,
        )

    @property
    def boxes(self) -> np.ndarray:
        """(n, 4) float32 hitboxes (x, y, w, h), row for row with ``ids``."""
        if self._boxes is None:
            assert self._make_boxes is not None
            self._boxes = np.asarray(self._make_boxes(), np.float32).reshape(-1, 4)
            self._make_boxes = None
        return self._boxes

    def _set(self, ids: np.ndarray, boxes: np.ndarray) -> None:
        self.ids, self._boxes, self._make_boxes, self._sorted = ids, boxes, None, None

    def add_many(self, ids: np.ndarray, boxes: np.ndarray) -> None:
        """File bullets ``ids`` with hitboxes ``boxes`` ((n, 4): x, y, w, h)."""
        ids = np.asarray(ids, dtype=np.int64)
        if not len(ids):
            return
        boxes = np.asarray(boxes, np.float32).reshape(-1, 4)
        if not len(self.ids):  # the usual case: every bullet left at the step's start
            # Ids come ascending from the bullet system: a cheap proof of no repeats.
            if not (ids[1:] > ids[:-1]).all() and len(np.unique(ids)) != len(ids):
                raise ValueError("a bullet is listed twice")
            self._set(ids, boxes)
            return
        if np.isin(ids, self.ids).any():
            raise ValueError("a bullet is already in the broad phase")
        self._set(np.concatenate([self.ids, ids]), np.concatenate([self.boxes, boxes]))

    def file_all(self, ids: np.ndarray, boxes: np.ndarray | Callable[[], np.ndarray]) -> None:
        """The bullet system's own bulk filing, at the end of its step: every bullet,
        with ids it hands out ascending and unique, into an empty class (`add_many`
        checks both for other callers). ``boxes`` may be a function that makes them:
        it is called when something first reads them (the camera, once a frame), not
        on every step (a few bullets' boxes cost more to make than to move)."""
        if len(self.ids):
            self.add_many(ids, boxes() if callable(boxes) else boxes)
        elif callable(boxes):
            self.ids, self._boxes, self._make_boxes, self._sorted = ids, None, boxes, None
        else:
            self._set(ids, boxes)

    def remove_filed(self, ids: np.ndarray) -> None:
        """The bullet system's own bulk removal at the start of its step: all it filed,
        which is usually every row."""
        if len(ids) == len(self.ids) and (not len(ids) or ids[-1] == self.ids[-1]):
            self._set(_NO_IDS, _NO_BOXES)
        else:
            self.remove_many(ids)

    def remove_many(self, ids: np.ndarray) -> None:
        """Take bullets ``ids`` out. KeyError if one is absent."""
        ids = np.asarray(ids, dtype=np.int64)
        if not len(ids):
            return
        if len(ids) == len(self.ids) and np.array_equal(ids, self.ids):
            self._set(_NO_IDS, _NO_BOXES)  # the usual case: all of them, as filed
            return
        keep = ~np.isin(self.ids, ids)
        if len(self.ids) - int(keep.sum()) != len(np.unique(ids)):
            raise KeyError("a bullet to remove is not in the broad phase")
        self._set(self.ids[keep], self.boxes[keep])

    def query(self, rect: pygame.FRect | pygame.Rect) -> np.ndarray:
        """Ids of the bullets whose hitbox overlaps ``rect``, in filing order."""
        if not len(self.ids):
            return self.ids
        ids, boxes, skeys, _, starts = self._index()
        x, y, w, h = (float(v) for v in rect)
        rw, rh = self._reach
        r0 = int(np.clip(np.floor((y - rh - self._by) / self._row_h), 0, self._nrows - 1))
        r1 = int(np.clip(np.floor((y + h + rh - self._by) / self._row_h), 0, self._nrows - 1))
        lo, hi = starts[r0], starts[r1 + 1]
        keys = skeys[lo:hi]
        # Within each row the keys are sorted; one mask over the few rows is simpler.
        near = np.flatnonzero((keys >= x - rw) & (keys <= x + w + rw)) + lo
        self.checks += len(near)
        b = boxes[near]
        f = np.float32
        hit = (
            (b[:, 0] < f(x) + f(w))
            & (f(x) < b[:, 0] + b[:, 2])
            & (b[:, 1] < f(y) + f(h))
            & (f(y) < b[:, 1] + b[:, 3])
            & (b[:, 2] > 0)  # zero-size boxes overlap nothing (pygame's rule)
            & (b[:, 3] > 0)
            & (w > 0)
            & (h > 0)
        )
        return ids[near[hit]]

    def cells(
        self, view: pygame.Rect | pygame.FRect | None = None
    ) -> Iterator[tuple[pygame.FRect, int]]:
        """Occupied cells only (row_h square): an empty bullet class draws nothing."""
        if not len(self.ids):
            return
        _, _, keys, rows, _ = self._index()
        cols = np.floor((keys - self._bx) / self._row_h).astype(np.int64)
        cells, counts = np.unique(rows * (1 << 32) + cols, return_counts=True)
        for key, count in zip(cells.tolist(), counts.tolist(), strict=True):
            row, col = divmod(key, 1 << 32)
            rect = pygame.FRect(
                self._bx + col * self._row_h, self._by + row * self._row_h, self._row_h, self._row_h
            )
            if view is None or rect.colliderect(view):
                yield rect, count

    def __len__(self) -> int:
        return len(self.ids)

    def __contains__(self, bullet_id: object) -> bool:
        return isinstance(bullet_id, int | np.integer) and bool((self.ids == bullet_id).any())


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
