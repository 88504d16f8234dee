"""The boss bullet (assets/bullet_boss.png) and the boss sounds (assets/sfx/boss_*.wav).
Each boss's own sprite sheet is drawn beside it (gunner/entities/<boss>_art.py, sharing
boss_art.py), read by make_assets.py from the registry.

Run on its own (``python tools/art_bosses.py``) or from make_assets.py's main.

* bullet_boss.png  8x8: a curtain's orb, round where aimed shots are darts (its
  hitbox stays 4x4).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import numpy as np
import pygame

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_assets import (  # noqa: E402
    RATE,
    WHITE,
    Colour,
    decay,
    fades,
    new_surface,
    normalise,
    put,
    save_png,
    sine,
    smooth,
    square,
    write_wav,
)

# A curtain's orb is magenta: no aimed shot and no shot of the player's is.
MAGENTA: Colour = (236, 64, 200)
VIOLET: Colour = (96, 24, 110)


def make_bullet() -> None:
    """A curtain's orb: round (aimed shots are darts), white centre, a magenta ring, a
    dark violet rim so it reads on sky and on fire."""
    s = new_surface(8, 8)
    for y in range(8):
        for x in range(8):
            d = ((x - 3.5) ** 2 + (y - 3.5) ** 2) ** 0.5
            if d <= 1.3:
                put(s, x, y, WHITE)
            elif d <= 2.0:
                put(s, x, y, (255, 180, 240))
            elif d <= 3.2:
                put(s, x, y, MAGENTA)
            elif d <= 4.0:
                put(s, x, y, VIOLET)
    save_png(s, "bullet_boss.png")


# -- sounds --------------------------------------------------------------------------------


def _t(seconds: float) -> tuple[int, np.ndarray]:
    n = int(RATE * seconds)
    return n, np.arange(n) / RATE


def noise(rng: np.random.Generator, n: int) -> np.ndarray:
    return rng.uniform(-1, 1, n)


def sfx_boss_charge(rng: np.random.Generator) -> np.ndarray:
    """The telegraph: half a second of a rising whine over a throb, so it is heard coming."""
    n, t = _t(0.5)
    whine = square(220 + 900 * (t / 0.5) ** 2, n, 0.3) * 0.35 * (t / 0.5)
    throb = sine(70, n) * (0.5 + 0.5 * np.sin(t * 2 * np.pi * 16)) * 0.5
    return whine + throb


def sfx_boss_clank(rng: np.random.Generator) -> np.ndarray:
    """A shot on armour: a short, dull ping (no damage done)."""
    n, _ = _t(0.12)
    ping = sine(1850, n) * decay(n, 0.02) * 0.5 + sine(2630, n) * decay(n, 0.012) * 0.3
    return ping + noise(rng, n) * decay(n, 0.004) * 0.5


def sfx_boss_roar(rng: np.random.Generator) -> np.ndarray:
    """The arena closes or a phase breaks: a low siren sweep over grinding noise."""
    n, t = _t(1.0)
    siren = square(110 + 60 * np.sin(t * 2 * np.pi * 3), n, 0.5) * 0.4 * decay(n, 0.6)
    grind = smooth(noise(rng, n), 12) * 3 * decay(n, 0.4)
    return siren + grind


SFX = {"boss_charge": sfx_boss_charge, "boss_clank": sfx_boss_clank, "boss_roar": sfx_boss_roar}


def make_boss_sounds() -> None:
    for i, (name, build) in enumerate(SFX.items()):
        rng = np.random.default_rng(900 + i)
        write_wav(f"sfx/{name}.wav", normalise(fades(build(rng))))


def make_bosses() -> None:
    """The boss bullet and the boss sounds."""
    make_bullet()
    make_boss_sounds()


if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    make_bosses()
