"""The loose quadtree flattened into sorted rows per level (see the package's notes):
construction, the hot paths (`add`, `remove`, `query`) and the overlay's `cells`; the
batched forms are in `batched.py`."""

from __future__ import annotations

from bisect import bisect_left as _bisect_left
from bisect import bisect_right as _bisect_right
from collections.abc import Iterator
from typing import Any

import pygame

from gunner.quadtree.batched import Batched
from gunner.quadtree.rows import DEFAULT_SIZE, Filed, HasHitbox, RowLevel, leaf_for

# Without a typical_size hint, the tree learns it from this many adds.
LEARN_AFTER = 64


class Quadtree(Batched, Filed):
    """Loose quadtree over ``bounds`` holding items with a ``hitbox``.

    ``typical_size`` is the (w, h) of a typical item, e.g. the largest entity.
    ``leaf_size`` overrides the finest level's (cell_w, row_h) directly. ``max_depth``
    is how many coarser levels (each 2x the size) may exist above the finest (default:
    until one level's rows are as tall as the bounds).

    ``checks`` counts the candidates `query` has tested against the query rectangle
    since construction or the last ``checks = 0``.
    """

    __slots__ = (
        "_bx",
        "_by",
        "_bw",
        "_bh",
        "_leaf",
        "_max_depth",
        "_levels",
        "_active",
        "_where",
        "_fast",
        "_learn",
        "_lifted",
        "_lifted_at",
        "checks",
    )

    def __init__(
        self,
        bounds: pygame.Rect | pygame.FRect | tuple[float, float, float, float],
        *,
        max_depth: int | None = None,
        leaf_size: tuple[float, float] | None = None,
        typical_size: tuple[float, float] | None = None,
    ) -> None:
        bx, by, bw, bh = (float(v) for v in bounds)
        if bw <= 0 or bh <= 0:
            raise ValueError(f"bounds must have a positive size, got {tuple(bounds)}")
        self._bx, self._by, self._bw, self._bh = bx, by, bw, bh
        self._max_depth = max_depth
        # item -> (row keys, row items, key): where `remove` finds it without searching.
        self._where: dict[Any, tuple[list[float], list[Any], float]] = {}
        self.checks = 0
        # The last item `remove`d, still in its row (see `remove`), and where it was.
        self._lifted: Any = None
        self._lifted_at: tuple[list[float], list[Any], float] = ([], [], 0.0)
        # Sizes seen while learning; None once the leaf size is settled.
        self._learn: list[tuple[float, float]] | None = None
        if leaf_size is None and typical_size is None:
            self._learn = []
            typical_size = DEFAULT_SIZE
        self._setup(leaf_size or leaf_for(typical_size))  # type: ignore[arg-type]

    # -- construction -------------------------------------------------------------

    def _setup(self, leaf: tuple[float, float]) -> None:
        cw, ch = float(leaf[0]), float(leaf[1])
        if cw <= 0 or ch <= 0:
            raise ValueError(f"leaf_size must be positive, got {leaf}")
        self._leaf = (cw, ch)
        depth = 0
        while ch * 2**depth < self._bh and (self._max_depth is None or depth < self._max_depth):
            depth += 1
        self._levels: list[RowLevel | None] = [None] * (depth + 1)
        self._level(0)
        self._refresh_active()

    def _level(self, i: int) -> RowLevel:
        lv = self._levels[i]
        if lv is None:
            s = 2**i
            lv = RowLevel(self._by, self._bh, self._leaf[0] * s, self._leaf[1] * s)
            self._levels[i] = lv
        return lv

    def _refresh_active(self) -> None:
        self._active = [lv.spec for lv in self._levels if lv is not None and lv.rw >= 0]
        lv = self._levels[0]
        assert lv is not None
        # The fast path of `add`: items no bigger than level 0's reach and cell size.
        # While learning, (-1, -1) sends every add down the slow path to be sampled.
        fw = min(lv.cw, 2.0 * lv.rw) if self._learn is None else -1.0
        fh = min(lv.ch, 2.0 * lv.rh) if self._learn is None else -1.0
        self._fast = (lv.keys, lv.items, lv.nrows - 1, lv.ich, self._by * lv.ich, fw, fh)

    def _relearn(self) -> None:
        self._drop_lifted()
        sizes = sorted(self._learn or [DEFAULT_SIZE], key=lambda s: s[0] * s[1])
        self._learn = None
        items = list(self._where)
        self._where.clear()
        self._setup(leaf_for(sizes[len(sizes) // 2]))
        for item in items:
            self.add(item)

    def _pick_level(self, w: float, h: float) -> RowLevel:
        cw, ch = self._leaf
        last = len(self._levels) - 1
        i = 0
        while i < last and (w > cw or h > ch):
            i += 1
            cw *= 2
            ch *= 2
        return self._level(i)

    # -- the hot paths ------------------------------------------------------------

    def add(self, item: HasHitbox) -> None:
        """Store ``item`` at its current hitbox. Raises ValueError if already stored."""
        x, y, w, h = item.hitbox
        krows, irows, maxr, ich, off, fw, fh = self._fast
        if w > fw or h > fh:
            self._drop_lifted()
            self._add_slow(item, x, y, w, h)
            return
        row = int((y + h * 0.5) * ich - off)
        # int() truncates toward zero; clamping afterwards makes that equal floor().
        if row < 0:
            row = 0
        elif row > maxr:
            row = maxr
        key = x + w * 0.5
        keys = krows[row]
        if item is self._lifted:
            at = self._lifted_at
            if at[0] is keys:
                self._lifted = None
                if at[2] == key:
                    # Back where it was lifted from (a door, a drum, a soldier standing):
                    # it never left its row, so there is nothing to move.
                    self._where[item] = at
                    return
                # Moved along its row: if it stays between its neighbours (it almost
                # always does), only its key changes, where `add` would have put it.
                items = at[1]
                i = _bisect_left(keys, at[2])
                while items[i] is not item:
                    i += 1
                if (i == 0 or keys[i - 1] <= key) and (i + 1 == len(keys) or key < keys[i + 1]):
                    keys[i] = key
                    self._where[item] = (keys, items, key)
                    return
                # Past one neighbour (walkers crossing in a crowd): swap with it, the very
                # place a fresh insertion would give it.
                j = i - 1 if i and key < keys[i - 1] else i + 1
                if (j < i and (j == 0 or keys[j - 1] <= key)) or (
                    j > i and (j + 1 == len(keys) or key < keys[j + 1])
                ):
                    keys[i], items[i] = keys[j], items[j]
                    keys[j], items[j] = key, item
                    self._where[item] = (keys, items, key)
                    return
                del keys[i]
                del items[i]
            else:
                self._drop_lifted()
        items = irows[row]
        rec = (keys, items, key)
        if self._where.setdefault(item, rec) is not rec:
            raise ValueError(f"{item!r} is already in the quadtree")
        i = _bisect_right(keys, key)
        keys.insert(i, key)
        items.insert(i, item)

    def _add_slow(self, item: HasHitbox, x: float, y: float, w: float, h: float) -> None:
        # Big items (coarser level), items wider than the level's reach so far, learning.
        lv = self._pick_level(w, h)
        row = min(max(int((y + h * 0.5 - self._by) * lv.ich), 0), lv.nrows - 1)
        key = x + w * 0.5
        keys = lv.keys[row]
        items = lv.items[row]
        rec = (keys, items, key)
        if self._where.setdefault(item, rec) is not rec:
            raise ValueError(f"{item!r} is already in the quadtree")
        i = _bisect_right(keys, key)
        keys.insert(i, key)
        items.insert(i, item)
        if w * 0.5 > lv.rw or h * 0.5 > lv.rh:
            lv.rw = max(lv.rw, w * 0.5)
            lv.rh = max(lv.rh, h * 0.5)
            lv.spec = lv._spec()
            self._refresh_active()
        if self._learn is not None:
            self._learn.append((w, h))
            if len(self._learn) >= LEARN_AFTER:
                self._relearn()

    def remove(self, item: HasHitbox) -> None:
        """Take ``item`` out, wherever it has moved since `add`. KeyError if absent.

        The item is out at once (`len`, `in`, iteration and every query leave it out,
        and queries do not count it), but it stays in its row, *lifted*, until the next
        `remove` or a batched query: the stage removes every entity before its tick and
        adds it back after, and most come back to the very place they left, which then
        costs nothing."""
        at = self._where.pop(item)
        if self._lifted is not None:
            self._drop_lifted()
        self._lifted = item
        self._lifted_at = at

    def _drop_lifted(self) -> None:
        """Take the lifted item (if any) out of its row for good."""
        item = self._lifted
        if item is None:
            return
        self._lifted = None
        keys, items, key = self._lifted_at
        i = _bisect_left(keys, key)
        # Equal keys are possible: step to this very item (by identity, never __eq__).
        while items[i] is not item:
            i += 1
        del keys[i]
        del items[i]

    def query(
        self,
        rect: pygame.FRect | pygame.Rect,
        ignore: HasHitbox | None = None,
        levels: list[tuple] | None = None,
        slack: float = 0.0,
    ) -> list[Any]:
        """Every stored item whose hitbox overlaps ``rect`` (colliderect), except ``ignore``.

        ``levels``: `levels` of several trees added together, to ask them all in one
        call (the candidates they test are counted in this tree's ``checks``).
        ``slack``: how far (px, along x only) any item may have slid since it was filed;
        candidates are sought that much wider, and tested where they are now."""
        x, y, w, h = rect
        if type(rect) is not pygame.FRect:
            rect = pygame.FRect(rect)
        collide = rect.colliderect
        lifted = self._lifted
        out: list[Any] = []
        n = 0
        # The hottest code of a step: index loops, no slices (a query meets one to
        # three candidates per row, where making a slice costs more than walking it).
        for rkeys, ritems, maxr, ich, rw, rh, by in levels or self._active:
            r0 = int((y - rh - by) * ich)
            r1 = int((y + h + rh - by) * ich)
            if r0 < 0:
                r0 = 0
            elif r0 > maxr:
                r0 = maxr
            if r1 < 0:
                r1 = 0
            elif r1 > maxr:
                r1 = maxr
            lo = x - rw - slack
            hi = x + w + rw + slack
            while r0 <= r1:
                keys = rkeys[r0]
                i = _bisect_left(keys, lo)
                j = _bisect_right(keys, hi, i)
                if i < j:
                    n += j - i
                    items = ritems[r0]
                    while i < j:
                        it = items[i]
                        if it is lifted:  # removed: neither found nor counted
                            n -= 1
                        elif collide(it.hitbox) and it is not ignore:
                            out.append(it)
                        i += 1
                r0 += 1
        self.checks += n
        return out

    @property
    def levels(self) -> list[tuple]:
        """The levels in use, as `query` reads them (valid until the next `add` or
        `remove`): another tree's `query` may walk them, so nothing is left lifted."""
        self._drop_lifted()
        return self._active

    # -- the rest -----------------------------------------------------------------

    def clear(self) -> None:
        """Forget every item (and the reach each level had grown to)."""
        self._lifted = None
        for lv in self._levels:
            if lv is not None:
                for row in lv.keys:
                    row.clear()
                for row in lv.items:
                    row.clear()
                lv.rw = lv.rh = -1.0
                lv.spec = lv._spec()
        self._where.clear()
        self._refresh_active()

    @property
    def leaf_size(self) -> tuple[float, float]:
        """The finest level's (cell width, row height), after learning if it learnt."""
        return self._leaf

    def cells(
        self, view: pygame.Rect | pygame.FRect | None = None
    ) -> Iterator[tuple[pygame.FRect, int]]:
        """Yield ``(cell rectangle, item count)`` for the cells of every level in use.

        A level's row is cut into cells ``cw`` wide for display; an item counts in the
        cell holding its centre (items outside ``bounds`` count in the border cell).
        With ``view`` (e.g. the camera rectangle) only cells overlapping it are
        yielded. Cells of coarser levels overlap finer ones (it is a quadtree).
        """
        self._drop_lifted()
        bx, by = self._bx, self._by
        for lv in self._levels:
            if lv is None or lv.rw < 0:
                continue
            ncols = max(1, int(-(-self._bw // lv.cw)))
            c0, c1, r0, r1 = 0, ncols - 1, 0, lv.nrows - 1
            if view is not None:
                vx, vy, vw, vh = view
                c0 = max(c0, int((vx - bx) // lv.cw))
                c1 = min(c1, int((vx + vw - bx) // lv.cw))
                r0 = max(r0, int((vy - by) // lv.ch))
                r1 = min(r1, int((vy + vh - by) // lv.ch))
            for row in range(r0, r1 + 1):
                keys = lv.keys[row]
                for col in range(c0, c1 + 1):
                    # Count centres in [left, right); the border columns take the rest.
                    lo = _bisect_left(keys, bx + col * lv.cw) if col > 0 else 0
                    hi = (
                        _bisect_left(keys, bx + (col + 1) * lv.cw) if col < ncols - 1 else len(keys)
                    )
                    rect = pygame.FRect(bx + col * lv.cw, by + row * lv.ch, lv.cw, lv.ch)
                    yield rect, hi - lo
