"""The bullet class of the stage tree: bullet ids filed in rows, sorted by centre x,
moved in bulk with numpy arrays."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np
import pygame

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
        # (row, col) pairs, not one packed key: a bullet half off the map's left edge
        # has a column of -1.
        cells, counts = np.unique(np.stack([rows, cols], axis=1), axis=0, return_counts=True)
        for (row, col), count in zip(cells.tolist(), counts.tolist(), strict=True):
            rect = pygame.FRect(
                self._bx + col * self._row_h, self._by + row * self._row_h, self._row_h, self._row_h
            )
            if view is None or rect.colliderect(view):
                yield rect, count

    def __len__(self) -> int:
        return len(self.ids)

    def __contains__(self, bullet_id: object) -> bool:
        return isinstance(bullet_id, int | np.integer) and bool((self.ids == bullet_id).any())
