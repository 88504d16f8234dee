"""The dynamic split (two players' `auto` camera): one view on their midpoint while both
fit, and when they part, the screen cut along the perpendicular bisector of the line
between them, each player's part of the screen following them (a Voronoi split, as
the LEGO games draw it). The split point is vertical's (gunner.camera's margins).

The two views are the shared view pushed apart: player 1's by -s, player 2's by +s,
where s is the part of half the players' separation that no longer fits the screen
(with a margin). At the point of splitting s is zero, so both views show the same
picture and the cut cannot be seen; it grows as they part and shrinks as they meet,
so the views merge back without a jump. Each player stays on their own side of the
line, about REACH from the screen's centre. Presentation only: nothing here is state.
"""

from __future__ import annotations

import math

import pygame

# The divider fades in over this much of the split (t from 1 to 1 + FADE_IN).
FADE_IN = 0.1


def push(
    a: tuple[float, float], b: tuple[float, float], reach_x: float, reach_y: float
) -> tuple[tuple[float, float], float]:
    """(s, t): how far the views of players at `a` and `b` are pushed apart from the
    shared view on their midpoint (player a's by -s, b's by +s), and how far apart they
    are in screen reaches (t <= 1: they fit one view, s is zero)."""
    ox, oy = (b[0] - a[0]) / 2, (b[1] - a[1]) / 2
    t = max(abs(ox) / reach_x, abs(oy) / reach_y)
    if t <= 1.0:
        return (0.0, 0.0), t
    k = 1.0 - 1.0 / t
    return (ox * k, oy * k), t


def fade(t: float) -> float:
    """The divider's strength (0 to 1) at separation `t`: none at the point of
    splitting, where both views show the same picture."""
    return min(1.0, max(0.0, (t - 1.0) / FADE_IN))


def half_plane(
    size: tuple[int, int], normal: tuple[float, float], positive: bool = True
) -> list[tuple[float, float]]:
    """The screen rectangle cut by the line through its centre perpendicular to
    `normal`: the corners and crossing points on the side `normal` points to (or the
    other side), in order round the polygon (Sutherland-Hodgman against one line)."""
    w, h = size
    cx, cy = w / 2, h / 2
    nx, ny = normal if positive else (-normal[0], -normal[1])
    corners = [(0.0, 0.0), (float(w), 0.0), (float(w), float(h)), (0.0, float(h))]

    def side(p: tuple[float, float]) -> float:
        return (p[0] - cx) * nx + (p[1] - cy) * ny

    out: list[tuple[float, float]] = []
    for i, p in enumerate(corners):
        q = corners[(i + 1) % 4]
        sp, sq = side(p), side(q)
        if sp >= 0:
            out.append(p)
        if (sp >= 0) != (sq >= 0):
            u = sp / (sp - sq)
            out.append((p[0] + (q[0] - p[0]) * u, p[1] + (q[1] - p[1]) * u))
    return out


def divider(
    size: tuple[int, int], normal: tuple[float, float]
) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two ends of the cut on the screen's edges (the line through the centre,
    perpendicular to `normal`)."""
    w, h = size
    cx, cy = w / 2, h / 2
    nx, ny = normal
    dx, dy = -ny, nx  # along the line
    length = math.hypot(dx, dy) or 1.0
    dx, dy = dx / length, dy / length
    # Far enough either way to cross the screen's edges; the drawing clips it.
    far = w + h
    return ((cx - dx * far, cy - dy * far), (cx + dx * far, cy + dy * far))


def masked(layer: pygame.Surface, normal: tuple[float, float], key: tuple[int, int, int]) -> None:
    """Leave only the half of `layer` that `normal` points to: the other half is filled
    with `key` and made see-through (the layer's colour key)."""
    layer.set_colorkey(key)
    pygame.draw.polygon(layer, key, half_plane(layer.get_size(), normal, positive=False))


__all__ = ["FADE_IN", "divider", "fade", "half_plane", "masked", "push"]
