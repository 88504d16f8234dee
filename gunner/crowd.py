"""Crowd mode (--crowd N, F6): soldiers and turrets on open floor across the level,
so anyone can watch the broad phase under load."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import numpy as np

from gunner.config import TILE
from gunner.level import EMPTY

if TYPE_CHECKING:
    from gunner.stage import Stage

# Nobody is placed this close to the player, so a crowd does not start on top of you.
CLEARANCE = 12 * TILE


def floor_spots(stage: Stage) -> list[tuple[float, float]]:
    """Feet positions (bottom-centre) on every tile with two open tiles above it."""
    solid = stage.tilemap.solid
    open_ = solid == EMPTY
    # Row r is standing room when r and r - 1 are open and r + 1 holds something.
    stand = open_[1:-1] & open_[:-2] & ~open_[2:]
    rows, cols = np.nonzero(stand)
    px = stage.player.hitbox.centerx
    spots = [
        (float(c * TILE + TILE / 2), float((r + 2) * TILE))
        for r, c in zip((rows).tolist(), cols.tolist(), strict=True)
    ]
    return [s for s in spots if abs(s[0] - px) > CLEARANCE]


def add_crowd(stage: Stage, soldiers: int, wave: int = 0) -> int:
    """Add ``soldiers`` soldiers and a quarter as many turrets on open floor; returns
    how many entities were added. The same stage, count and wave place them the same
    way (their own seeded rng, so the stage's rng is untouched)."""
    spots = floor_spots(stage)
    if not spots or soldiers <= 0:
        return 0
    rng = random.Random(f"crowd:{stage.seed}:{wave}:{soldiers}")
    added = 0
    for kind, count in (("Soldier", soldiers), ("Turret", soldiers // 4)):
        for _ in range(count):
            x, y = rng.choice(spots)
            # Several on one tile stand side by side, not in one spot.
            stage.spawn(kind, x + rng.uniform(-6, 6), y)
            added += 1
    return added
