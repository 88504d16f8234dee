"""Axis-split movement against the level's solid grid.

An entity moves along X and is resolved, then along Y and is resolved. Each
axis sweeps every tile row or column the moving side enters, and samples the
side tile by tile along its whole length, so a tall soldier stops at a ledge at
chest height and nothing tunnels through a one-tile wall at any speed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pygame

from gunner.config import TILE

# Values of the solid grid that collision reads (a map's solid layers become these).
EMPTY = 0
SOLID = 1
ONEWAY = 2  # a platform: stand on it, jump up through it, drop down through it


@dataclass(slots=True)
class MoveResult:
    """What a move ran into."""

    on_ground: bool = False
    hit_ceiling: bool = False
    hit_wall: int = 0  # -1 left, +1 right, 0 none


_floor = math.floor
_ceil = math.ceil
# At most this many bullet paths are walked one by one instead of vectorized.
FEW_SEGMENTS = 12


class TileMap:
    """The solid grid of a level plus the moves and probes that read it.

    Beyond the left and right edges counts as solid (the map is a closed
    corridor); above and below the map is open, so entities can fall out.
    """

    def __init__(self, solid: np.ndarray) -> None:
        self.solid = solid
        self.rows, self.cols = solid.shape
        # The map's size in px (plain attributes: every falling body reads the height).
        self.pixel_width: int = self.cols * TILE
        self.pixel_height: int = self.rows * TILE
        # Scalar reads from a numpy array go through its C API at ~100 ns each;
        # collision makes thousands per step, so it reads a bytes mirror.
        self._cells = bytearray(solid.tobytes())
        self._pad: np.ndarray | None = None  # bool grid padded by one cell, for bullets
        self._pad_bytes: bytes | None = None  # the same, flat, for one bullet at a time
        self.checks = 0  # tile cells examined since the last reset
        self.version = 0  # counts cell changes: what caches the grid knows when to renew

    def set_cell(self, col: int, row: int, value: int) -> None:
        """Change one cell (a door opening, a wall blown away)."""
        self.solid[row, col] = value
        self._cells[row * self.cols + col] = value
        self._pad = self._pad_bytes = None
        self.version += 1

    def cell(self, col: int, row: int) -> int:
        if col < 0 or col >= self.cols:
            return SOLID
        if row < 0 or row >= self.rows:
            return EMPTY
        return self._cells[row * self.cols + col]

    def is_solid_at(self, x: float, y: float) -> bool:
        """Is the pixel (x, y) inside a solid tile? (One-way platforms are not.)"""
        self.checks += 1
        return self.cell(math.floor(x / TILE), math.floor(y / TILE)) == SOLID

    def overlaps_solid(self, box: pygame.FRect | pygame.Rect) -> bool:
        """Does the box cover any part of a solid tile?"""
        for row in range(math.floor(box.top / TILE), math.ceil(box.bottom / TILE)):
            for col in range(math.floor(box.left / TILE), math.ceil(box.right / TILE)):
                if self.cell(col, row) == SOLID:
                    return True
        return False

    def _column_blocked(self, col: int, r0: int, r1: int) -> bool:
        """Is any tile of column `col`, rows r0..r1 inclusive, solid?"""
        self.checks += r1 - r0 + 1
        if col < 0 or col >= self.cols:
            return True
        cells, cols = self._cells, self.cols
        for row in range(max(r0, 0), min(r1, self.rows - 1) + 1):
            if cells[row * cols + col] == SOLID:
                return True
        return False

    def _row_blocked(self, row: int, c0: int, c1: int, landing: bool) -> bool:
        """Is any tile of row `row`, columns c0..c1, solid (or one-way when landing)?"""
        self.checks += c1 - c0 + 1
        if row < 0 or row >= self.rows:
            return False
        cells, base = self._cells, row * self.cols
        for col in range(c0, c1 + 1):
            if col < 0 or col >= self.cols:
                return True
            value = cells[base + col]
            if value == SOLID or (landing and value == ONEWAY):
                return True
        return False

    def move_x(self, box: pygame.FRect, dx: float) -> int:
        """Move the box along X, stopping flush against a solid tile. Returns -1/+1 on a hit."""
        if dx == 0:
            return 0
        # Most steps of a walker enter no new column: then there is nothing to sample.
        if dx > 0:
            old, new = box.right, box.right + dx
            first, end = _ceil(old / TILE), _ceil(new / TILE)
            if first < end:
                r0, r1 = _floor(box.top / TILE), _ceil(box.bottom / TILE) - 1
                for col in range(first, end):
                    if self._column_blocked(col, r0, r1):
                        box.right = col * TILE
                        return 1
            box.right = new
        else:
            old, new = box.left, box.left + dx
            first, end = _floor(old / TILE) - 1, _floor(new / TILE) - 1
            if first > end:
                r0, r1 = _floor(box.top / TILE), _ceil(box.bottom / TILE) - 1
                for col in range(first, end, -1):
                    if self._column_blocked(col, r0, r1):
                        box.left = (col + 1) * TILE
                        return -1
            box.left = new
        return 0

    def move_y(self, box: pygame.FRect, dy: float, drop_through: bool = False) -> int:
        """Move the box along Y. Returns +1 on landing, -1 on hitting a ceiling.

        One-way platforms stop a fall only when the box starts above their top
        edge, and never when `drop_through` is set.
        """
        if dy == 0:
            return 0
        c0 = math.floor(box.left / TILE)
        c1 = math.ceil(box.right / TILE) - 1
        if dy > 0:
            old, new = box.bottom, box.bottom + dy
            for row in range(math.ceil(old / TILE), math.ceil(new / TILE)):
                if self._row_blocked(row, c0, c1, landing=not drop_through):
                    box.bottom = row * TILE
                    return 1
            box.bottom = new
        else:
            old, new = box.top, box.top + dy
            for row in range(math.floor(old / TILE) - 1, math.floor(new / TILE) - 1, -1):
                if self._row_blocked(row, c0, c1, landing=False):
                    box.top = (row + 1) * TILE
                    return -1
            box.top = new
        return 0

    def move(
        self, box: pygame.FRect, dx: float, dy: float, drop_through: bool = False
    ) -> MoveResult:
        """Axis-split move: X first, then Y."""
        wall = self.move_x(box, dx)
        vertical = self.move_y(box, dy, drop_through)
        return MoveResult(on_ground=vertical > 0, hit_ceiling=vertical < 0, hit_wall=wall)

    def standing_on(self, box: pygame.FRect) -> int:
        """What is directly under the box's feet: EMPTY, SOLID or ONEWAY (solid wins)."""
        bottom = box.bottom
        if bottom % TILE:
            return EMPTY  # feet are not on a tile boundary: in the air
        c0, c1 = _floor(box.left / TILE), _ceil(box.right / TILE)
        if c1 <= c0:
            return EMPTY
        if c0 < 0 or c1 > self.cols:
            return SOLID  # beyond the left and right edges counts as solid
        row = int(bottom // TILE)
        if row < 0 or row >= self.rows:
            return EMPTY
        # Every walker asks this every step: one slice of the row, searched in C.
        under = self._cells[row * self.cols + c0 : row * self.cols + c1]
        return SOLID if SOLID in under else ONEWAY if ONEWAY in under else EMPTY

    def first_solid(
        self, x0: np.ndarray, y0: np.ndarray, dx: np.ndarray, dy: np.ndarray
    ) -> np.ndarray:
        """For many segments (x0, y0) -> (x0 + dx, y0 + dy) at once: the fraction t of
        each at which it enters its first solid tile (0 if it starts in one), or inf.

        The walk is `line_of_sight`'s, cell by cell in the order the segment enters
        them, ties (an exact corner) stepping the row first, so a path that sight
        cannot take through a corner or a one-tile diagonal wall, no bullet takes
        either. Beyond the left and right edges counts as solid, above and below not.
        """
        n = len(x0)
        if n <= FEW_SEGMENTS:
            # A handful (the shipped levels): the same walk in plain floats beats numpy's
            # per-call overhead, step for step the same arithmetic, so the same answers.
            return (
                np.array(
                    [
                        self.first_solid_one(*v)
                        for v in zip(
                            x0.tolist(), y0.tolist(), dx.tolist(), dy.tolist(), strict=True
                        )
                    ],
                    dtype=np.float64,
                )
                if n
                else np.full(0, np.inf)
            )
        out = np.full(n, np.inf)
        with np.errstate(invalid="ignore", over="ignore"):
            col = np.floor(x0 / TILE).astype(np.int64)
            row = np.floor(y0 / TILE).astype(np.int64)
            end_col = np.floor((x0 + dx) / TILE).astype(np.int64)
            end_row = np.floor((y0 + dy) / TILE).astype(np.int64)
        # The grid padded by one cell: solid walls left and right, open above and below.
        grid = self._padded()
        rows, cols = self.rows, self.cols
        steps = int((np.abs(end_col - col) + np.abs(end_row - row)).max()) + 1
        steps = min(steps, cols + rows + 2)  # as line_of_sight bounds its walk
        # The first cell of every path; most (a bullet's step) also end there, so only
        # the others set up the walk below.
        self.checks += n
        solid = grid[np.clip(row, -1, rows) + 1, np.clip(col, -1, cols) + 1]
        out[solid] = 0.0
        walk = np.flatnonzero(~(solid | ((col == end_col) & (row == end_row))))
        if len(walk):
            x0, y0, dx, dy = x0[walk], y0[walk], dx[walk], dy[walk]
            col, row, end_col, end_row = col[walk], row[walk], end_col[walk], end_row[walk]
            found = np.full(len(walk), np.inf)
            with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
                step_c = np.where(dx > 0, 1, -1)
                step_r = np.where(dy > 0, 1, -1)
                t_dc = np.where(dx != 0, np.abs(TILE / dx), np.inf)
                t_dr = np.where(dy != 0, np.abs(TILE / dy), np.inf)
                t_c = np.where(dx != 0, np.abs(((col + (step_c > 0)) * TILE - x0) / dx), np.inf)
                t_r = np.where(dy != 0, np.abs(((row + (step_r > 0)) * TILE - y0) / dy), np.inf)
            t_in = np.zeros(len(walk))
            live = np.arange(len(walk))
            for _ in range(steps - 1):
                by_col = t_c[live] < t_r[live]
                by_row = ~by_col
                lc, lr = live[by_col], live[by_row]
                t_in[lc] = t_c[lc]
                col[lc] += step_c[lc]
                t_c[lc] += t_dc[lc]
                t_in[lr] = t_r[lr]
                row[lr] += step_r[lr]
                t_r[lr] += t_dr[lr]
                self.checks += len(live)
                r = np.clip(row[live], -1, rows) + 1
                c = np.clip(col[live], -1, cols) + 1
                solid = grid[r, c]
                found[live[solid]] = t_in[live[solid]]
                done = solid | ((col[live] == end_col[live]) & (row[live] == end_row[live]))
                live = live[~done]
                if not len(live):
                    break
            out[walk] = found
        # A last crossing can round a hair past the end of the segment.
        return np.minimum(out, np.where(np.isfinite(out), 1.0, np.inf))

    def first_solid_one(self, x0: float, y0: float, dx: float, dy: float) -> float:
        """`first_solid` for one segment, in Python floats (identical arithmetic): the
        bullets' path step calls it per bullet where numpy's set-up would cost more."""
        col, row = _floor(x0 / TILE), _floor(y0 / TILE)
        end_col, end_row = _floor((x0 + dx) / TILE), _floor((y0 + dy) / TILE)
        grid = self._pad_bytes
        if grid is None:  # bytes reads cost a fraction of numpy's scalar indexing
            grid = self._pad_bytes = self._padded().tobytes()
        width, rows, cols = self.cols + 2, self.rows, self.cols
        # The first cell before any set-up: most short paths (a bullet's step) end in
        # the cell they start in.
        self.checks += 1
        r = -1 if row < -1 else rows if row > rows else row
        c = -1 if col < -1 else cols if col > cols else col
        if grid[(r + 1) * width + c + 1]:
            return 0.0
        if col == end_col and row == end_row:
            return math.inf
        step_c = 1 if dx > 0 else -1
        step_r = 1 if dy > 0 else -1
        t_dc = abs(TILE / dx) if dx != 0 else math.inf
        t_dr = abs(TILE / dy) if dy != 0 else math.inf
        t_c = abs(((col + (step_c > 0)) * TILE - x0) / dx) if dx != 0 else math.inf
        t_r = abs(((row + (step_r > 0)) * TILE - y0) / dy) if dy != 0 else math.inf
        steps = min(abs(end_col - col) + abs(end_row - row) + 1, cols + rows + 2)
        for k in range(1, steps):
            if t_c < t_r:
                t_in = t_c
                col += step_c
                t_c += t_dc
            else:
                t_in = t_r
                row += step_r
                t_r += t_dr
            r = -1 if row < -1 else rows if row > rows else row
            c = -1 if col < -1 else cols if col > cols else col
            if grid[(r + 1) * width + c + 1]:
                self.checks += k
                return min(t_in, 1.0)
            if col == end_col and row == end_row:
                self.checks += k
                return math.inf
        self.checks += steps - 1
        return math.inf

    def _padded(self) -> np.ndarray:
        if self._pad is None:
            pad = np.zeros((self.rows + 2, self.cols + 2), dtype=bool)
            pad[1:-1, 1:-1] = self.solid == SOLID
            pad[:, 0] = pad[:, -1] = True
            self._pad = pad
        return self._pad

    def line_of_sight(self, x0: float, y0: float, x1: float, y1: float) -> bool:
        """True when no solid tile lies on the segment, walking the grid cell by cell (DDA)."""
        col, row = math.floor(x0 / TILE), math.floor(y0 / TILE)
        end_col, end_row = math.floor(x1 / TILE), math.floor(y1 / TILE)
        dx, dy = x1 - x0, y1 - y0
        step_c = 1 if dx > 0 else -1
        step_r = 1 if dy > 0 else -1
        t_dc = abs(TILE / dx) if dx else math.inf
        t_dr = abs(TILE / dy) if dy else math.inf
        next_x = (col + (step_c > 0)) * TILE
        next_y = (row + (step_r > 0)) * TILE
        t_c = abs((next_x - x0) / dx) if dx else math.inf
        t_r = abs((next_y - y0) / dy) if dy else math.inf
        for _ in range(self.cols + self.rows + 2):
            self.checks += 1
            if self.cell(col, row) == SOLID and 0 <= col < self.cols:
                return False
            if col == end_col and row == end_row:
                return True
            if t_c < t_r:
                col += step_c
                t_c += t_dc
            else:
                row += step_r
                t_r += t_dr
        return True
