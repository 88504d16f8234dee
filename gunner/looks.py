"""Crowd looks: the same soldier in a few uniforms, so a crowd reads as people rather
than one sprite stamped a hundred times.

Presentation only. A look is picked when a body is first drawn (in the order the bodies
first show up, so a replay shows the same crowd each time) and kept by the art, never by
the entity: nothing here is simulation state, and no replay hash can move with it.
"""

from __future__ import annotations

import weakref
from typing import Any

import numpy as np
import pygame

# (hue turn in degrees, saturation scale, value scale) for each look; look 0 is the
# sheet as drawn. Olive, desert tan, urban grey-blue, night black-green, rust.
LOOKS: tuple[tuple[float, float, float], ...] = (
    (0.0, 1.0, 1.0),
    (-45.0, 0.95, 1.15),
    (115.0, 0.45, 1.05),
    (0.0, 0.8, 0.62),
    (-75.0, 0.9, 0.95),
)
# The uniform's colours: the hue band of its olives and greens (degrees), and the least
# saturation that counts (outlines, skin and steel are left alone).
UNIFORM_HUES = (45.0, 170.0)
UNIFORM_SATURATION = 0.12
# Sheets whose uniform is another colour, with looks of their own: the runner's sand
# (hues 33-37 degrees; skin is 28, dirt 17-27 and the hazard yellow 44, none of which may
# turn). As drawn, olive drab, grey-blue, dark khaki, rust: turns that suit sand, where
# the soldier's would make it pink.
SHEET_UNIFORMS: dict[str, tuple[tuple[float, float], tuple[tuple[float, float, float], ...]]] = {
    "runner": (
        (30.0, 40.0),
        (
            (0.0, 1.0, 1.0),
            (40.0, 0.8, 0.9),
            (175.0, 0.45, 1.0),
            (0.0, 0.8, 0.62),
            (-22.0, 0.95, 0.9),
        ),
    ),
}


def recolour(
    image: pygame.Surface,
    look: int,
    hues: tuple[float, float] = UNIFORM_HUES,
    looks: tuple[tuple[float, float, float], ...] = LOOKS,
) -> pygame.Surface:
    """A copy of `image` with its uniform pixels (saturated ones in the hue band `hues`,
    degrees) turned to look number `look` of `looks`."""
    turn, sat_scale, val_scale = looks[look % len(looks)]
    out = image.copy()
    if look % len(looks) == 0:
        return out
    rgb = pygame.surfarray.pixels3d(out)
    c = rgb.astype(np.float32) / 255.0
    hi, lo = c.max(axis=2), c.min(axis=2)
    span = hi - lo
    sat = np.where(hi > 0, span / np.maximum(hi, 1e-6), 0.0)
    r, g, b = c[..., 0], c[..., 1], c[..., 2]
    safe = np.maximum(span, 1e-6)
    hue = (
        np.select(
            [hi == r, hi == g],
            [((g - b) / safe) % 6.0, (b - r) / safe + 2.0],
            (r - g) / safe + 4.0,
        )
        * 60.0
    )
    band = (span > 0) & (sat >= UNIFORM_SATURATION)
    band &= (hue >= hues[0]) & (hue <= hues[1])
    h = (hue + turn) % 360.0
    s = np.clip(sat * sat_scale, 0.0, 1.0)
    v = np.clip(hi * val_scale, 0.0, 1.0)
    new = _hsv_to_rgb(h, s, v)
    rgb[band] = (new[band] * 255.0 + 0.5).astype(np.uint8)
    del rgb  # unlock the surface
    return out


def _hsv_to_rgb(h: np.ndarray, s: np.ndarray, v: np.ndarray) -> np.ndarray:
    sector = (h / 60.0).astype(int) % 6
    f = h / 60.0 - np.floor(h / 60.0)
    p, q, t = v * (1 - s), v * (1 - s * f), v * (1 - s * (1 - f))
    choices = [
        np.stack(channels, axis=-1)
        for channels in ((v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q))
    ]
    return np.select([(sector == k)[..., None] for k in range(6)], choices)


class Looks:
    """Which look each body wears: handed out in turn as bodies are first drawn."""

    def __init__(self) -> None:
        self._worn: weakref.WeakKeyDictionary[Any, int] = weakref.WeakKeyDictionary()
        self._next = 0

    def of(self, body: Any) -> int:
        look = self._worn.get(body)
        if look is None:
            # Stepping by 2 of 5 keeps neighbours (drawn one after another) apart.
            look = self._worn[body] = self._next
            self._next = (self._next + 2) % len(LOOKS)
        return look
