"""The quadtree's batched forms: many items or many queries per call, with numpy
(`Quadtree` inherits them)."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain, repeat
from operator import attrgetter
from typing import TYPE_CHECKING, Any

import numpy as np

from gunner.quadtree.rows import HasHitbox, RowLevel

_HITBOX = attrgetter("hitbox")
_chain = chain.from_iterable
# `query_many` compares every query with each key of a row holding at most this many
# items (numpy's per-call cost beats bisection of many queries into a few keys).
FEW_KEYS = 8
# `file_all` files fewer items than this one by one (numpy's per-call cost is more).
FILE_ONE_BY_ONE = 256


class Batched:
    """`add_many`, `remove_many`, `query_many` and `file_all` of `Quadtree`."""

    __slots__ = ()

    if TYPE_CHECKING:
        _by: float
        _leaf: tuple[float, float]
        _learn: list[tuple[float, float]] | None
        _levels: list[RowLevel | None]
        _active: list[tuple]
        _where: dict[Any, tuple[list[float], list[Any], float]]
        checks: int

        def add(self, item: HasHitbox) -> None: ...
        def remove(self, item: HasHitbox) -> None: ...
        def clear(self) -> None: ...
        def _level(self, i: int) -> RowLevel: ...
        def _drop_lifted(self) -> None: ...
        def _refresh_active(self) -> None: ...

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
        self.checks += len(q)  # type: ignore[misc]  # (a slot of Quadtree)
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
        self._where = where  # type: ignore[misc]  # (a slot of Quadtree)
        self._refresh_active()
