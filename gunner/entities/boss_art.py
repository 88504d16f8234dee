"""What every boss's art shares: hazard bands, rivets, plates, cannons, scorch marks.
The bosses face left (they stand at the right of their arena); the weak points' glow
and the charge-up glows are drawn by the game over the sprite.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pygame

from gunner.pixelart import (
    BG_DARK,
    DIRT_DARK,
    HAZARD,
    OUTLINE,
    STEEL,
    STEEL_DARK,
    STEEL_LIGHT,
    Colour,
    put,
    rect,
    strip,
)

PHASES = 4  # every boss's sheet: phases 1 to 3, then the wreck


def boss_sheet(frame: Callable[[int], pygame.Surface]) -> pygame.Surface:
    """A boss's sheet: one frame per phase (`frame(phase)`, phase 0 to 3), in a row."""
    return strip([frame(phase) for phase in range(PHASES)])


def hazard_band(surf: pygame.Surface, x: int, y: int, w: int, h: int) -> None:
    for px in range(x, x + w):
        for py in range(y, y + h):
            put(surf, px, py, HAZARD if (px + py) % 6 < 3 else BG_DARK)


def rivets(surf: pygame.Surface, x: int, y: int, w: int, h: int, step: int = 8) -> None:
    for px in range(x + 3, x + w - 2, step):
        put(surf, px, y + 2, STEEL_LIGHT)
        put(surf, px, y + h - 3, STEEL_DARK)


def plate(surf: pygame.Surface, x: int, y: int, w: int, h: int, colour: Colour = STEEL) -> None:
    """An armour plate: lit top and left edges, a shadowed bottom, rivets."""
    rect(surf, OUTLINE, x, y, w, h)
    rect(surf, colour, x + 1, y + 1, w - 2, h - 2)
    rect(surf, STEEL_LIGHT, x + 1, y + 1, w - 2, 1)
    rect(surf, STEEL_LIGHT, x + 1, y + 1, 1, h - 2)
    rect(surf, STEEL_DARK, x + 1, y + h - 2, w - 2, 1)
    rivets(surf, x, y, w, h)


def cannon(surf: pygame.Surface, x: int, y: int, length: int, h: int) -> None:
    """A barrel pointing left from (x + length, y), its muzzle ring at x."""
    rect(surf, OUTLINE, x, y, length, h)
    rect(surf, STEEL_DARK, x + 1, y + 1, length - 2, h - 2)
    rect(surf, STEEL, x + 1, y + 2, length - 2, 2)
    rect(surf, STEEL_LIGHT, x + 3, y + 2, length - 8, 1)
    rect(surf, BG_DARK, x, y + 2, 3, h - 4)  # the bore
    rect(surf, STEEL, x + 4, y, 3, h)  # the muzzle ring


def scorch(
    surf: pygame.Surface, seed: int, count: int, w: int = 128, h: int = 176, left: int = 28
) -> None:
    """Soot blots and cracks over the body (phase 3 and the wreck)."""
    rng = np.random.default_rng(seed)
    for _ in range(count):
        x = int(rng.integers(left, w - 6))
        y = int(rng.integers(12, h - 8))
        r = int(rng.integers(2, 6))
        for px in range(x - r, x + r + 1):
            for py in range(y - r, y + r + 1):
                inside = (px - x) ** 2 + (py - y) ** 2 <= r * r
                if inside and surf.get_at((px % w, py % h)).a:
                    put(surf, px, py, DIRT_DARK if (px + py) % 3 else OUTLINE)
        for k in range(int(rng.integers(4, 10))):  # a crack, only across the body
            cx, cy = x + k, y + (k * 3) // 4
            if 0 <= cx < w and 0 <= cy < h and surf.get_at((cx, cy)).a:
                put(surf, cx, cy, OUTLINE)


def disc(surf: pygame.Surface, cx: float, cy: float, r: float, colour: Colour) -> None:
    for y in range(int(cy - r) - 1, int(cy + r) + 2):
        for x in range(int(cx - r) - 1, int(cx + r) + 2):
            if (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r * r:
                put(surf, x, y, colour)
