"""Particles: sparks, smoke and shell casings. Looks only: nothing in the simulation reads them.

A fixed-size numpy pool (Object Pool): every particle is a row of parallel
arrays, updated together each step. When the pool is full the oldest
particles are overwritten, so the cap always holds. The system owns its own
seeded random generator, so spawning particles never disturbs `stage.rng`
and replays stay deterministic whether or not particles are drawn.
"""

from __future__ import annotations

import math
import random

import numpy as np
import pygame

from gunner.config import DT, TILE

CAP = 600
# Impact spark bursts per step; more in one step are not drawn (see `impact`).
IMPACT_BURSTS = 12
GRAVITY = 900.0

# Kinds, and what each looks like: colour ramps from young to old.
SPARK, SMOKE, CASING, DEBRIS = 0, 1, 2, 3
SPARK_COLOURS = ((255, 250, 210), (255, 214, 90), (240, 140, 50), (170, 70, 40))
SMOKE_COLOURS = ((120, 116, 112), (92, 90, 92), (70, 70, 76), (52, 54, 62))
CASING_COLOURS = ((250, 214, 110), (214, 170, 70))
DEBRIS_COLOURS = ((110, 96, 84), (80, 70, 64))


class Particles:
    """Up to `cap` particles in parallel numpy arrays."""

    def __init__(self, seed: int = 0, cap: int = CAP) -> None:
        self.cap = cap
        self.rng = random.Random(seed * 7919 + 17)  # its own: never touches stage.rng
        self._impacts = 0  # impact bursts this step
        self.x = np.zeros(cap)
        self.y = np.zeros(cap)
        self.vx = np.zeros(cap)
        self.vy = np.zeros(cap)
        self.age = np.zeros(cap)
        self.life = np.ones(cap)
        self.kind = np.zeros(cap, dtype=np.int8)
        self.bounces = np.zeros(cap, dtype=np.int8)
        self.alive = np.zeros(cap, dtype=bool)
        self._next = 0  # ring index: the next slot to fill (the oldest when full)

    def __len__(self) -> int:
        return int(self.alive.sum())

    def clear(self) -> None:
        self.alive[:] = False

    # -- spawning ----------------------------------------------------------------------

    def add(self, kind: int, x: float, y: float, vx: float, vy: float, life: float) -> None:
        i = self._next
        self._next = (i + 1) % self.cap
        self.x[i], self.y[i], self.vx[i], self.vy[i] = x, y, vx, vy
        self.age[i], self.life[i] = 0.0, life
        self.kind[i], self.bounces[i] = kind, 0
        self.alive[i] = True

    def impact(self, x: float, y: float) -> None:
        """Sparks where a bullet struck. A crowd's bullets strike by the dozen each
        step; past a budget more sparks add nothing to see and cost a loop each."""
        if self._impacts < IMPACT_BURSTS:
            self._impacts += 1
            self.sparks(x, y)

    def sparks(self, x: float, y: float, count: int = 6, speed: float = 140.0) -> None:
        r = self.rng
        for _ in range(count):
            a = r.uniform(0, math.tau)
            s = speed * r.uniform(0.3, 1.0)
            self.add(SPARK, x, y, math.cos(a) * s, math.sin(a) * s - 40, r.uniform(0.12, 0.3))

    def smoke(self, x: float, y: float, count: int = 8, spread: float = 14.0) -> None:
        r = self.rng
        for _ in range(count):
            px, py = x + r.uniform(-spread, spread), y + r.uniform(-spread, spread) * 0.6
            vx, vy = r.uniform(-18, 18), r.uniform(-38, -14)
            self.add(SMOKE, px, py, vx, vy, r.uniform(0.7, 1.4))

    def debris(self, x: float, y: float, count: int = 6) -> None:
        r = self.rng
        for _ in range(count):
            a = r.uniform(math.pi * 1.1, math.pi * 1.9)  # mostly upward
            s = r.uniform(90, 220)
            self.add(DEBRIS, x, y, math.cos(a) * s, math.sin(a) * s, r.uniform(0.6, 1.1))

    def explosion(self, x: float, y: float, radius: float = 32.0) -> None:
        scale = max(0.5, min(2.0, radius / 32))
        self.sparks(x, y, int(12 * scale), 220 * scale)
        self.smoke(x, y, int(10 * scale), radius * 0.4)
        self.debris(x, y, int(5 * scale))

    def casing(self, x: float, y: float, facing: int) -> None:
        """A brass shell flicked up and backwards from the gun."""
        r = self.rng
        vx = -facing * r.uniform(40, 90)
        self.add(CASING, x, y, vx, -r.uniform(110, 170), r.uniform(1.0, 1.6))

    # -- simulation --------------------------------------------------------------------

    def step(self, solid: np.ndarray | None = None) -> None:
        """Advance every live particle by one step; `solid` is the tile grid casings bounce on."""
        self._impacts = 0
        live = self.alive
        if not live.any():
            return
        self.age[live] += DT
        self.alive &= self.age < self.life
        live = self.alive
        kind = self.kind
        falls = live & ((kind == CASING) | (kind == DEBRIS) | (kind == SPARK))
        self.vy[falls] += GRAVITY * DT
        smoke = live & (kind == SMOKE)
        self.vx[smoke] *= 0.96
        self.vy[smoke] *= 0.97
        new_x = self.x + self.vx * DT
        new_y = self.y + self.vy * DT
        if solid is not None:
            self._collide(solid, live & (falls | smoke), new_x, new_y)
        self.x[live] = new_x[live]
        self.y[live] = new_y[live]

    def _collide(self, solid: np.ndarray, mask: np.ndarray, new_x: np.ndarray, new_y: np.ndarray):
        rows, cols = solid.shape
        idx = np.flatnonzero(mask)
        if not idx.size:
            return
        c = np.clip((new_x[idx] // TILE).astype(int), 0, cols - 1)
        r = np.clip((new_y[idx] // TILE).astype(int), 0, rows - 1)
        inside = solid[r, c] == 1
        hit = idx[inside]
        if not hit.size:
            return
        kind = self.kind[hit]
        # Sparks and smoke die against walls; casings and debris bounce once, then lie still.
        self.alive[hit[(kind == SPARK) | (kind == SMOKE)]] = False
        solid_ones = hit[(kind == CASING) | (kind == DEBRIS)]
        first = solid_ones[self.bounces[solid_ones] == 0]
        rest = solid_ones[self.bounces[solid_ones] > 0]
        new_x[solid_ones] = self.x[solid_ones]
        new_y[solid_ones] = self.y[solid_ones]
        self.vy[first] = -np.abs(self.vy[first]) * 0.35
        self.vx[first] *= 0.5
        self.bounces[first] = 1
        self.vx[rest] = 0.0
        self.vy[rest] = 0.0

    # -- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, ox: float, oy: float) -> None:
        idx = np.flatnonzero(self.alive)
        if not idx.size:
            return
        w, h = surface.get_size()
        sx = np.round(self.x[idx] - ox).astype(int)
        sy = np.round(self.y[idx] - oy).astype(int)
        on = (sx > -8) & (sx < w + 8) & (sy > -8) & (sy < h + 8)
        t = np.clip(self.age[idx] / self.life[idx], 0, 0.999)
        kinds = self.kind[idx]
        fill = surface.fill
        # Smoke first (behind), then the bright bits.
        for j in np.flatnonzero(on & (kinds == SMOKE)):
            colour = SMOKE_COLOURS[int(t[j] * len(SMOKE_COLOURS))]
            radius = 2 + int(t[j] * 6)
            pygame.draw.circle(surface, colour, (int(sx[j]), int(sy[j])), radius)
        for j in np.flatnonzero(on & (kinds != SMOKE)):
            k, x, y = kinds[j], int(sx[j]), int(sy[j])
            if k == SPARK:
                fill(SPARK_COLOURS[int(t[j] * len(SPARK_COLOURS))], (x, y, 1, 1))
            elif k == CASING:
                fill(CASING_COLOURS[int(self.age[idx[j]] * 12) % 2], (x, y, 2, 1))
            else:
                fill(DEBRIS_COLOURS[j % 2], (x, y, 2, 2))
