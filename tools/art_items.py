"""Art for the effects that are no kind: the explosion and the rocket.

    python tools/art_items.py    # writes only these files (make_assets.py calls `make_items`)

Drawn from the palette in gunner/pixelart.py, with its helpers, so they sit in the same
world as the tiles and the player. The items' and objects' own art (pickups, keycards,
doors and key symbols, the oil drum) is drawn beside their kinds, in
gunner/entities/<kind>_art.py. Layouts (the game relies on them):

- explosion.png 288x48: 6 frames of 48x48, centred
- rocket.png    12x6, pointing right
"""

from __future__ import annotations

import math
import os
import sys
from pathlib import Path

import numpy as np
import pygame

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_assets import (  # noqa: E402
    BG_DARK,
    BG_LIGHT,
    BG_MID,
    HAZARD,
    ORANGE,
    RED,
    SKY_2,
    STEEL,
    STEEL_DARK,
    STEEL_LIGHT,
    WHITE,
    Colour,
    new_surface,
    put,
    rect,
    save_png,
)

from gunner.pixelart import BAYER4  # noqa: E402

# --------------------------------------------------------------------------------------
# Explosion and rocket
# --------------------------------------------------------------------------------------
EXPLOSION = 48


def blob_field(circles: list[tuple[float, float, float]]) -> np.ndarray:
    """Per pixel, how deep inside the union of circles it is: 1 at a centre, 0 at an edge."""
    xs, ys = np.meshgrid(np.arange(EXPLOSION) + 0.5, np.arange(EXPLOSION) + 0.5, indexing="ij")
    field = np.full((EXPLOSION, EXPLOSION), -1.0)
    for cx, cy, r in circles:
        field = np.maximum(field, 1 - np.hypot(xs - cx, ys - cy) / r)
    return field


def paint(surf: pygame.Surface, field: np.ndarray, ramp: list[tuple[float, Colour]]) -> None:
    """Colour pixels by depth with ordered dithering between ramp steps (outermost first)."""
    dither = BAYER4[np.arange(EXPLOSION)[None, :] % 4, np.arange(EXPLOSION)[:, None] % 4]
    for x in range(EXPLOSION):
        for y in range(EXPLOSION):
            depth = field[x, y]
            if depth <= 0:
                continue
            chosen = None
            for i, (threshold, colour) in enumerate(ramp):
                nxt = ramp[i + 1][0] if i + 1 < len(ramp) else 2.0
                if depth >= threshold:
                    # Near the next step's threshold, dither into it.
                    if i + 1 < len(ramp) and depth > nxt - 0.08 and dither[x, y] > 0.5:
                        chosen = ramp[i + 1][1]
                    else:
                        chosen = colour
            if chosen is not None:
                surf.set_at((x, y), chosen)


def explosion_frame(i: int, rng: np.random.Generator) -> pygame.Surface:
    s = new_surface(EXPLOSION, EXPLOSION)
    c = EXPLOSION / 2
    fire = [(0.0, RED), (0.25, ORANGE), (0.5, HAZARD), (0.75, WHITE)]
    smoke = [(0.0, BG_DARK), (0.3, BG_MID), (0.6, BG_LIGHT)]
    if i == 0:  # the flash
        paint(s, blob_field([(c, c, 9)]), [(0.0, HAZARD), (0.3, WHITE)])
    elif i <= 2:  # the fireball swells, lumpy
        radius = (15, 20)[i - 1]
        lumps = [(c, c, radius * 0.8)]
        for k in range(7):
            a = k * 2 * math.pi / 7 + rng.uniform(-0.3, 0.3)
            d = radius * rng.uniform(0.45, 0.6)
            lumps.append(
                (c + d * math.cos(a), c + d * math.sin(a), radius * rng.uniform(0.4, 0.55))
            )
        paint(s, blob_field(lumps), fire if i == 1 else fire[:3])
    else:  # smoke takes over, rising, with embers dying inside
        k_age = i - 3
        lumps = []
        for k in range(6):
            a = k * 2 * math.pi / 6 + rng.uniform(-0.4, 0.4)
            d = 9 + 4 * k_age
            lumps.append(
                (c + d * math.cos(a), c - 3 * k_age + d * math.sin(a) * 0.8, 9 - 2 * k_age)
            )
        field = blob_field(lumps)
        paint(s, field, smoke if k_age < 2 else smoke[:2])
        if k_age < 2:
            # Dying embers: a few lumps of fire, not one disc, so it breaks up.
            embers = []
            for k in range(4):
                a = k * math.pi / 2 + rng.uniform(-0.5, 0.5) + 0.6
                d = rng.uniform(2, 6) + 3 * k_age
                size = (6.5 - 2.5 * k_age) * rng.uniform(0.8, 1.1)
                embers.append((c + d * math.cos(a), c - 3 * k_age + d * math.sin(a), size))
            paint(s, blob_field(embers), [(0.0, RED), (0.55, ORANGE)])
        # Holes in the smoke so it breaks up as it thins.
        if k_age:
            for _ in range((0, 10, 6)[k_age]):
                x, y = (int(v) for v in rng.integers(12, EXPLOSION - 12, 2))
                pygame.draw.circle(s, (0, 0, 0, 0), (x, y), k_age)
    if i in (1, 2, 3):  # sparks flung outward
        for _ in range(10):
            a = rng.uniform(0, 2 * math.pi)
            d = (18, 21, 23)[i - 1] + rng.uniform(-2, 1)
            put(s, round(c + d * math.cos(a)), round(c + d * math.sin(a)), HAZARD)
    if i >= 4:  # the smoke fades out
        alpha = pygame.surfarray.pixels_alpha(s)
        alpha[alpha > 0] = (200, 120)[i - 4]
        del alpha
    return s


def make_explosion() -> None:
    rng = np.random.default_rng(44)
    strip = new_surface(EXPLOSION * 6, EXPLOSION)
    for i in range(6):
        strip.blit(explosion_frame(i, rng), (i * EXPLOSION, 0))
    save_png(strip, "explosion.png")


def make_rocket() -> None:
    """12x6 rocket pointing right: red nose, steel body, fins, a flame out the back."""
    s = new_surface(12, 6)
    rect(s, STEEL, 3, 1, 6, 4)
    rect(s, STEEL_LIGHT, 3, 1, 6, 1)
    rect(s, STEEL_DARK, 3, 4, 6, 1)
    rect(s, RED, 9, 1, 2, 4)
    put(s, 11, 2, RED)
    put(s, 11, 3, SKY_2)
    put(s, 9, 1, ORANGE)
    rect(s, STEEL_DARK, 3, 0, 2, 1)  # fins
    rect(s, STEEL_DARK, 3, 5, 2, 1)
    rect(s, ORANGE, 1, 2, 2, 2)  # exhaust
    put(s, 0, 2, HAZARD)
    put(s, 2, 2, WHITE)
    put(s, 2, 3, HAZARD)
    save_png(s, "rocket.png")


def make_items() -> None:
    make_explosion()
    make_rocket()


if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    make_items()
    print("item art written")
