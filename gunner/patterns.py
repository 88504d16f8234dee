"""Bullet patterns for bosses: small pure functions that return velocities.

Each function answers "which way do the bullets of one volley fly?" as an (n, 2)
array of (vx, vy) in pixels per second (screen axes: y points down). Nothing here
reads the stage or a random generator, so a pattern is the same every time it is
fired: a player can learn it, and a test can count and measure it.
"""

from __future__ import annotations

import math

import numpy as np

__all__ = ["aimed_burst", "angle_to", "fan", "lane", "rain", "ring", "spiral", "wave"]


def _from_angles(angles: np.ndarray, speed: float | np.ndarray) -> np.ndarray:
    out = np.empty((len(angles), 2))
    out[:, 0] = np.cos(angles) * speed
    out[:, 1] = np.sin(angles) * speed
    return out


def angle_to(x: float, y: float, tx: float, ty: float) -> float:
    """The screen angle (radians, y down) from (x, y) toward (tx, ty)."""
    return math.atan2(ty - y, tx - x)


def fan(count: int, centre: float, spread: float, speed: float) -> np.ndarray:
    """`count` bullets spread evenly over `spread` radians around `centre` (the two
    outermost on its edges); one bullet flies straight along `centre`."""
    if count <= 0:
        return np.empty((0, 2))
    if count == 1:
        return _from_angles(np.array([centre]), speed)
    return _from_angles(np.linspace(centre - spread / 2, centre + spread / 2, count), speed)


def ring(count: int, speed: float, offset: float = 0.0) -> np.ndarray:
    """`count` bullets evenly round a full circle, the first at `offset` radians."""
    if count <= 0:
        return np.empty((0, 2))
    return _from_angles(offset + np.arange(count) * (2 * math.pi / count), speed)


def spiral(volley: int, arms: int, turn: float, speed: float, offset: float = 0.0) -> np.ndarray:
    """Volley number `volley` of a spiral: `arms` bullets evenly round the circle, the
    whole ring turned by `turn` radians per volley, so successive volleys curl."""
    return ring(arms, speed, offset + volley * turn)


def aimed_burst(
    x: float, y: float, tx: float, ty: float, count: int, spread: float, speed: float
) -> np.ndarray:
    """A tight fan aimed at the target (tx, ty): what a boss fires at the player."""
    return fan(count, angle_to(x, y, tx, ty), spread, speed)


def rain(
    left: float, right: float, spacing: float, gap_at: float, gap: float, phase: float = 0.0
) -> np.ndarray:
    """The x positions of one row of falling bullets across [left, right]: one every
    `spacing` px, shifted by `phase` px, with a safe gap `gap` px wide centred on
    `gap_at` (the hole a player can stand in)."""
    xs = np.arange(left + phase % spacing, right, spacing)
    return xs[np.abs(xs - gap_at) > gap / 2]


def wave(
    count: int, centre: float, spread: float, speed: float, volley: int, sway: float
) -> np.ndarray:
    """A fan that sweeps back and forth: volley `volley` is centred `sway` radians times
    a triangle wave (period 8 volleys) from `centre`."""
    t = volley % 8
    tri = (t if t <= 4 else 8 - t) / 4 * 2 - 1  # -1 .. 1 .. -1
    return fan(count, centre + tri * sway, spread, speed)


def lane(velocities: np.ndarray, centre: float, width: float) -> np.ndarray:
    """The volley without the bullets flying within `width`/2 radians of `centre`: a
    clear lane through a curtain, the path a player can read and stand in."""
    if not len(velocities):
        return velocities
    angles = np.arctan2(velocities[:, 1], velocities[:, 0])
    off = np.abs((angles - centre + math.pi) % (2 * math.pi) - math.pi)
    return velocities[off > width / 2]
