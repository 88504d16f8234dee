"""The stage-level broad phase: a loose quadtree flattened into sorted rows per level.

Every live entity and bullet lives in one `Quadtree`. Each simulation step an item is
`remove`d, moves, and is `add`ed back; collision candidates and the camera's draw list
come from `query`.

Design (chosen by measurement: ``python -m bench``, notes in the report)
---------------------------------------------------------------------------
A loose quadtree files each item in exactly one node, chosen in O(1) from its size
(the level) and its centre (the node), and a query visits the nodes whose loose bounds
reach it. Walking nodes costs a Python call each, so each level here is flattened:

* a level is a stack of horizontal rows of height ``row_h`` (level 0: the typical
  item's height; level i: ``2**i`` times that), and an item goes to the finest level
  whose cell (``typical_w x typical_h`` times ``2**i``) is at least its size;
* within its level the item sits in the row holding its centre y, in a list kept
  sorted by centre x (two parallel lists: keys and items);
* a level remembers its *reach*: the largest half-width/half-height of any item ever
  filed there. A query visits the rows whose centres it can reach and, in each, takes
  the slice of centres within reach in x by two ``bisect`` calls (C speed). So x adds
  no false candidates at all and y adds at most one row's height: for same-sized items
  that is ~1.5x the true overlaps, visiting ~3 rows.

``remove`` finds an item in O(log n) from the (row, key) remembered at `add`, however
far it has moved since. Candidates are filtered exactly with ``FRect.colliderect``
(touching edges do not overlap), so ``query`` returns exactly the overlapping items,
each once.

Tuning rule
-----------
Pass ``typical_size=(w, h)``: the largest common moving thing (e.g. the biggest
enemy's hitbox). Without it the tree learns it: the median size of the first
`LEARN_AFTER` adds, after which it re-files everything once. ``leaf_size`` sets level
0's (cell width, row height) directly. Bigger rows mean fewer rows per query but more
false candidates (ratio ~ 1 + row_h / (query_h + item_h)). ``max_depth`` caps the
number of coarser levels (default: until a row is as tall as the bounds); items too
big for the coarsest level still go there. Reach only grows (until `clear`).

Items outside ``bounds`` are clamped into the top or bottom row (x is never clamped):
clamping is monotone, so they are still stored and found.

Items are keyed by identity: use the default ``object.__hash__``; ``__eq__`` is never
called. Hitboxes must not have negative sizes. Zero-size hitboxes are stored and
counted but overlap nothing (pygame's rule).
"""

from __future__ import annotations

from bisect import bisect_left as _bisect_left
from bisect import bisect_right as _bisect_right
from collections.abc import Iterable, Iterator
from functools import partial
from itertools import chain, repeat, takewhile
from operator import attrgetter, is_not
from typing import Any, Protocol

import numpy as np
import pygame

__all__ = ["Filed", "HasHitbox", "LazyTree", "Quadtree"]

# Pad the query's reach so float32 rounding inside pygame's colliderect can never
# make an item overlap that real arithmetic put just out of reach (1/16 px >> float32
# ulp for coordinates below ~100k px).
_PAD = 0.0625

_DEFAULT_SIZE = (32.0, 32.0)
_HITBOX = attrgetter("hitbox")
_chain = chain.from_iterable
# `query_many` compares every query with each key of a row holding at most this many
# items (numpy's per-call cost beats bisection of many queries into a few keys).
FEW_KEYS = 8
# Without a typical_size hint, the tree learns it from this many adds.
LEARN_AFTER = 64
# `file_all` files fewer items than this one by one (numpy's per-call cost is more).
FILE_ONE_BY_ONE = 256
# `LazyTree`: a class of at most this many items is always scanned linearly...
SMALL = 48
# ...and a bigger one until it has been asked this many times since all its items
# were last filed again; then its tree is rebuilt (a rebuild costs a few scans).
SCANS = 4
# ...and rebuilt once the items it holds may have slid this far (px) since (`slide`):
# a crowd walks about 40 px a second, so about every second and a half.
SLIDE = 64.0


def _leaf_for(typical: tuple[float, float]) -> tuple[float, float]:
    """The finest level's (cell width, row height) for items about ``typical`` big."""
    return (max(float(typical[0]), 1.0), max(float(typical[1]), 1.0))


class HasHitbox(Protocol):
    """Anything with a pygame ``FRect``/``Rect`` hitbox can live in the tree."""

    # Read-only here, so an item whose hitbox is declared as just an FRect conforms.
    @property
    def hitbox(self) -> pygame.FRect | pygame.Rect: ...


class _Level:
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
                max(self.rw, 0.0) + _PAD, max(self.rh, 0.0) + _PAD, self.by)  # fmt: skip


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


class Quadtree(Filed):
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
            typical_size = _DEFAULT_SIZE
        self._setup(leaf_size or _leaf_for(typical_size))  # type: ignore[arg-type]

    # -- construction -------------------------------------------------------------

    def _setup(self, leaf: tuple[float, float]) -> None:
        cw, ch = float(leaf[0]), float(leaf[1])
        if cw <= 0 or ch <= 0:
            raise ValueError(f"leaf_size must be positive, got {leaf}")
        self._leaf = (cw, ch)
        depth = 0
        while ch * 2**depth < self._bh and (self._max_depth is None or depth < self._max_depth):
            depth += 1
        self._levels: list[_Level | None] = [None] * (depth + 1)
        self._level(0)
        self._refresh_active()

    def _level(self, i: int) -> _Level:
        lv = self._levels[i]
        if lv is None:
            s = 2**i
            lv = _Level(self._by, self._bh, self._leaf[0] * s, self._leaf[1] * s)
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
        sizes = sorted(self._learn or [_DEFAULT_SIZE], key=lambda s: s[0] * s[1])
        self._learn = None
        items = list(self._where)
        self._where.clear()
        self._setup(_leaf_for(sizes[len(sizes) // 2]))
        for item in items:
            self.add(item)

    def _pick_level(self, w: float, h: float) -> _Level:
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

    # -- batched: many items or many queries per call ----------------------------

    def add_many(self, items: Iterable[HasHitbox]) -> None:
        """`add` each item (the stage re-adds whole groups this way)."""
        add = self.add
        for item in items:
            add(item)

    def remove_many(self, items: Iterable[HasHitbox]) -> None:
        """`remove` each item. KeyError if one is absent."""
        remove = self.remove
        for item in items:
            remove(item)

    def query_many(self, boxes: np.ndarray, slack: float = 0.0) -> tuple[np.ndarray, list[Any]]:
        """Every (query, item) pair whose rectangles overlap, for many queries at once.

        ``boxes`` is an (n, 4) float array of x, y, w, h. Returns ``(index, items)``:
        ``items[k]`` overlaps ``boxes[index[k]]``; pairs are ordered by query, then
        as ``query`` would list them. The rows and the bisection run vectorized over
        all queries (numpy ``searchsorted`` on each row's keys), so the Python cost
        is per *overlap*, not per query: what bullets need, thousands a step.
        ``checks`` grows by the candidates tested, as ``query`` counts them; ``slack``
        as in `query`.
        """
        self._drop_lifted()
        # float32 throughout, as pygame's FRect stores and compares: the pairs are then
        # exactly those `query(FRect(box))` finds, so every design agrees bit for bit.
        boxes = np.asarray(boxes, dtype=np.float32).reshape(-1, 4)
        # Row and slice bounds in double precision, as `query` computes them.
        dx, dy, dw, dh = boxes.astype(np.float64).T
        # Candidates are (query, item) pairs: the items of the rows a query reaches whose
        # keys lie in its [lo, hi]. Each is named by its item's place in `flat` (every
        # level's rows with items, end to end, in order), so sorting pairs by (query,
        # place) lists them as `query` would.
        flat: list[Any] = []
        pair_q: list[np.ndarray] = []
        pair_k: list[np.ndarray] = []
        for rkeys, ritems, maxr, ich, rw, rh, by in self._active:
            full = [r for r, keys in enumerate(rkeys) if keys]
            if not full:
                continue
            base = len(flat)
            r0 = np.clip(np.floor((dy - rh - by) * ich), 0, maxr).astype(np.intp)
            r1 = np.clip(np.floor((dy + dh + rh - by) * ich), 0, maxr).astype(np.intp)
            lo = dx - rw - slack
            hi = dx + dw + rw + slack
            at = base
            for r in full:
                keys = rkeys[r]
                sel = np.flatnonzero((r0 <= r) & (r1 >= r))
                if len(sel):
                    if len(keys) <= FEW_KEYS:
                        # A few items in the row (what bullets meet): the queries whose
                        # [lo, hi] holds each key, a few numpy calls per key.
                        slo, shi = lo[sel], hi[sel]
                        for p, key in enumerate(keys, at):
                            found = sel[(slo <= key) & (shi >= key)]
                            if len(found):
                                pair_q.append(found)
                                pair_k.append(np.full(len(found), p))
                    else:
                        # Many: each query's [i, j) slice of the row's keys by bisection.
                        karr = np.fromiter(keys, np.float64, len(keys))  # Python floats
                        i = np.searchsorted(karr, lo[sel], "left")
                        counts = np.searchsorted(karr, hi[sel], "right") - i
                        pair_q.append(np.repeat(sel, counts))
                        starts = np.repeat(i - np.cumsum(counts) + counts + at, counts)
                        pair_k.append(np.arange(int(counts.sum())) + starts)
                at += len(keys)
            for r in full:
                flat += ritems[r]
        q = np.concatenate(pair_q) if pair_q else np.empty(0, dtype=np.intp)
        self.checks += len(q)
        if not len(q):
            return np.empty(0, dtype=np.intp), []
        k = np.concatenate(pair_k)
        order = np.lexsort((k, q))
        q, k = q[order], k[order]
        cand = list(map(flat.__getitem__, k.tolist()))
        hb = np.fromiter(_chain(map(_HITBOX, cand)), np.float32, 4 * len(cand)).reshape(-1, 4)
        qb = boxes[q]
        # colliderect: strict overlap on both axes (touching edges do not count).
        hit = (
            (hb[:, 0] < qb[:, 0] + qb[:, 2])
            & (qb[:, 0] < hb[:, 0] + hb[:, 2])
            & (hb[:, 1] < qb[:, 1] + qb[:, 3])
            & (qb[:, 1] < hb[:, 1] + hb[:, 3])
            & (hb[:, 2] > 0)
            & (hb[:, 3] > 0)
            & (qb[:, 2] > 0)
            & (qb[:, 3] > 0)
        )
        keep = np.flatnonzero(hit)
        return q[keep], [cand[i] for i in keep.tolist()]

    def file_all(self, items: list[Any]) -> None:
        """Forget everything and file ``items`` at their hitboxes in one go: where each
        goes (level, row, key) is worked out for all of them with numpy, and the rows
        are filled by slices, so the cost per item is a few C operations, not an `add`.
        Each lands in the level, row and order within its row that `add`s in list order
        would give it. What `LazyTree` re-files a crowd with. ValueError if an item is
        listed twice."""
        self.clear()
        n = len(items)
        where: dict[Any, Any] = dict.fromkeys(items)  # every value is set below
        if len(where) != n:
            raise ValueError("an item is listed twice")
        if self._learn is not None or n < max(FILE_ONE_BY_ONE, 1):
            # Still learning the leaf size, or too few for numpy's per-call cost to pay.
            self.add_many(items)
            return
        boxes = np.fromiter(_chain(map(_HITBOX, items)), np.float64, 4 * n).reshape(-1, 4)
        x, y, w, h = boxes.T
        key = x + w * 0.5
        cy = y + h * 0.5
        # The level `_pick_level` gives: one more for each doubling it does not fit in.
        cw, ch = self._leaf
        last = len(self._levels) - 1
        level = np.zeros(n, np.intp)
        for i in range(last):
            level += (w > cw * 2**i) | (h > ch * 2**i)
        # The row of the centre in its level, clamped, as `add` finds it.
        ich = np.array([lv.ich for lv in map(self._level, range(last + 1))])
        nrows = np.array([lv.nrows for lv in self._levels], np.intp)  # type: ignore[union-attr]
        row = np.floor((cy - self._by) * ich[level])
        row = np.clip(row, 0, nrows[level] - 1).astype(np.intp)
        # One stable sort by (level, row, key): equal keys keep the list's order, as a
        # run of `add`s leaves them (`bisect_right`). Then each row is one slice.
        order = np.lexsort((key, row, level))
        cell = (level * (int(nrows.max()) + 1) + row)[order]
        cuts = (np.flatnonzero(cell[1:] != cell[:-1]) + 1).tolist()
        skeys = key[order].tolist()
        sitems = list(map(items.__getitem__, order.tolist()))
        levels, rows = level[order].tolist(), row[order].tolist()
        for a, b in zip([0, *cuts], [*cuts, n], strict=True):
            lv = self._levels[levels[a]]
            assert lv is not None
            keys = skeys[a:b]
            row_items = sitems[a:b]
            lv.keys[rows[a]] = keys
            lv.items[rows[a]] = row_items
            where.update(zip(row_items, zip(repeat(keys), repeat(row_items), keys), strict=False))
        for i in np.unique(level).tolist():
            lv = self._levels[i]
            assert lv is not None
            sel = level == i
            lv.rw = float(w[sel].max()) * 0.5
            lv.rh = float(h[sel].max()) * 0.5
            lv.spec = lv._spec()
        self._where = where
        self._refresh_active()

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


class _Mark:
    """`LazyTree`'s bookmark in its filing order. Its hitbox is empty: it overlaps
    nothing, so a scan may pass over it like any item."""

    __slots__ = ("hitbox",)

    def __init__(self) -> None:
        self.hitbox = pygame.FRect(0, 0, 0, 0)


class LazyTree(Filed):
    """Ours as the stage uses it: a `Quadtree` kept up to date only when it pays.

    The stage takes every item out and files it again each step, and between those it
    asks a class a handful of questions. So filing is as cheap as Python allows, and
    the sorting is left to the questions:

    * `remove` and `add` are a dict's own ``pop`` and ``setdefault``: no Python frame
      at all. The dict keeps filing order, and a bookmark (`_Mark`) sits in it: the
      items after the bookmark were filed since the tree was last rebuilt (they may
      have moved), those before it have not moved since.
    * A class of at most `SMALL` items (the solids, the player's class) is scanned
      linearly: a few ``colliderect`` calls in C cost less than any index.
    * A bigger class is scanned linearly too, unless it is asked more than `SCANS`
      times while fewer than half its items are filed again (a crowd's quiet step
      asks it two or three times while re-filing nearly everyone; the bullets' turn
      may ask a dozen while no one moves). Then its tree is rebuilt in one go
      (`Quadtree.file_all`) and a question costs a walk of a few rows plus a scan of
      what was filed since, until half the items have been: then it scans again.
      A batched query (`query_many`, the bullets) always rebuilds a stale tree first.

    A crowd is re-filed in bulk (`slide`): the crowd step's walkers each move at most a
    few pixels along x a step, so instead of leaving the class and being filed again one
    by one, they stay filed, and the tree widens its questions by how far anyone may have
    slid since it was built (``slack``), testing each candidate where it is now. Past
    `SLIDE` px of slack it is rebuilt. A quiet crowd's questions (the doors', the
    player's) then cost a walk of a few rows instead of a scan of the crowd.

    Items must move only while out of the class, or along x within what `slide` was
    told (the stage's contract). `add` does not check for an item filed twice:
    `StageTree.add` does, by ``filed_in``. ``checks`` counts candidates tested: a linear
    scan tests every item.
    """

    def __init__(
        self,
        bounds: pygame.Rect | pygame.FRect | tuple[float, float, float, float],
        typical_size: tuple[float, float] = _DEFAULT_SIZE,
    ) -> None:
        self._mark = _Mark()
        self._where: dict[Any, None] = {self._mark: None}
        # The hot pair, once per item per step: C methods shadow the ones below.
        self.add = self._where.setdefault  # type: ignore[method-assign,assignment]
        self.remove = self._where.pop  # type: ignore[method-assign,assignment]
        self._tree = Quadtree(bounds, typical_size=typical_size)
        # Does `_tree` hold, where they are, every item filed before the bookmark?
        self._indexed = False
        self._scans = 0  # linear scans since the items were last all re-filed
        # How far (px, along x) an item the tree holds may lie from where it was filed
        # (see `slide`), and how far the current step's slides go.
        self._slack = 0.0
        self._sliding = 0.0
        self.checks = 0

    def __getstate__(self) -> dict[str, Any]:
        # A copy (pickle, deepcopy) must file into its own dict: bind its methods anew.
        state = dict(vars(self))
        del state["add"], state["remove"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        vars(self).update(state)
        self.add = self._where.setdefault  # type: ignore[method-assign,assignment]
        self.remove = self._where.pop  # type: ignore[method-assign,assignment]

    def add(self, item: HasHitbox) -> None:
        """File ``item`` at its hitbox (each instance uses its dict's ``setdefault``)."""
        self._where.setdefault(item)

    def remove(self, item: HasHitbox) -> None:
        """Take ``item`` out, KeyError if absent (each instance uses its dict's ``pop``)."""
        self._where.pop(item)

    def __len__(self) -> int:
        return len(self._where) - 1

    def __iter__(self) -> Iterator[Any]:
        mark = self._mark
        return iter([it for it in self._where if it is not mark])

    def slide(self, dx: float) -> None:
        """Items about to move this step without leaving the class, each by at most
        ``dx`` px along x and not at all along y (the crowd step's walkers, re-filed in
        bulk): questions from now on reach that much further."""
        self._sliding = dx
        self._slack += dx

    def _rebuild(self) -> None:
        """File every item in the tree afresh and put the bookmark after them all."""
        where, mark = self._where, self._mark
        del where[mark]
        self._tree.file_all(list(where))
        where[mark] = None
        self._indexed = True
        self._scans = 0
        # Filed where they are now; this step's slides may not all have happened yet.
        self._slack = self._sliding

    def _fresh(self) -> None:
        """Rebuild unless the tree holds every item where it is (nothing filed since
        the last rebuild, though some may have left)."""
        where = self._where
        if (
            not self._indexed
            or next(reversed(where)) is not self._mark
            or len(self._tree) != len(where) - 1
            or self._slack > SLIDE
        ):
            self._rebuild()

    def _since(self) -> list[Any]:
        """The items filed since the bookmark, newest first (a walk in C)."""
        return list(takewhile(partial(is_not, self._mark), reversed(self._where)))

    def _restart(self) -> None:
        """Forget the tree: move the bookmark to the end and count questions afresh."""
        where = self._where
        del where[self._mark]
        where[self._mark] = None
        self._indexed = False
        self._scans = 0

    def query(self, rect: pygame.FRect | pygame.Rect, ignore: Any = None) -> list[Any]:
        """Every item whose hitbox overlaps ``rect`` (colliderect), except ``ignore``."""
        where = self._where
        n = len(where) - 1
        if n > SMALL:
            if self._indexed:
                since = self._since()
                if len(since) <= n >> 1:
                    if self._slack > SLIDE:  # the crowd has walked far: file it afresh
                        self._rebuild()
                        since = []
                    return self._query_tree(rect, ignore, since)
                self._restart()  # most items were filed again: the tree is stale
            self._scans += 1
            if self._scans > SCANS:
                # Asked more than SCANS times since the bookmark: an index pays if the
                # items have not mostly been filed again meanwhile (a crowd's step asks
                # a few questions while re-filing nearly everyone; the bullets' turn asks
                # many while no one moves). Counting costs a walk in C, once per SCANS.
                if len(self._since()) > n >> 1:
                    self._restart()
                    self._scans = 1
                else:
                    self._rebuild()
                    return self._query_tree(rect, ignore, [])
        if type(rect) is not pygame.FRect:
            rect = pygame.FRect(rect)
        collide = rect.colliderect
        self.checks += n
        return [it for it in where if collide(it.hitbox) and it is not ignore]

    def _query_tree(
        self, rect: pygame.FRect | pygame.Rect, ignore: Any, since: list[Any]
    ) -> list[Any]:
        # The tree answers for the items filed before the bookmark (those still filed);
        # the items filed since (they may have moved) are tested one by one.
        where = self._where
        tree = self._tree
        found = tree.query(rect, ignore, None, self._slack)
        self.checks += tree.checks
        tree.checks = 0
        if since:
            moved = set(since)
            found = [it for it in found if it in where and it not in moved]
            if type(rect) is not pygame.FRect:
                rect = pygame.FRect(rect)
            collide = rect.colliderect
            self.checks += len(since)
            found += [it for it in since if collide(it.hitbox) and it is not ignore]
        elif found and len(tree) != len(where) - 1:  # some left since: not found
            found = [it for it in found if it in where]
        return found

    def add_many(self, items: Iterable[HasHitbox]) -> None:
        add = self._where.setdefault
        for item in items:
            add(item)

    def remove_many(self, items: Iterable[HasHitbox]) -> None:
        remove = self._where.pop
        for item in items:
            remove(item)

    def query_many(self, boxes: np.ndarray) -> tuple[np.ndarray, list[Any]]:
        """`Quadtree.query_many` over every item filed, after a rebuild if anything was
        filed since the last one (bullets ask once a step, after every item moved)."""
        self._fresh()
        tree = self._tree
        found = tree.query_many(boxes, self._slack)
        self.checks += tree.checks
        tree.checks = 0
        return found

    def cells(
        self, view: pygame.Rect | pygame.FRect | None = None
    ) -> Iterator[tuple[pygame.FRect, int]]:
        """The tree's cells, with every item filed where it is now (see `Quadtree.cells`)."""
        if self._slack:
            self._rebuild()
        self._fresh()
        return self._tree.cells(view)
