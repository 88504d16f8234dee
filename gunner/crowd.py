"""Crowd mode (--crowd N, F6): soldiers and turrets on open floor across the level,
so anyone can watch the broad phase under load."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import numpy as np

from gunner.config import TILE
from gunner.tilemap import EMPTY

if TYPE_CHECKING:
    from gunner.world import World

# Nobody is placed this close to the player, so a crowd does not start on top of you.
CLEARANCE = 12 * TILE


def floor_spots(stage: World) -> list[tuple[float, float, float]]:
    """(feet x, feet y, sideways slack) on every tile with two open tiles above it.
    The slack is how far a crowd member may stand off the tile's centre: only where
    the tiles beside it are open too, so nobody is placed inside a wall."""
    open_ = stage.tilemap.solid == EMPTY
    # Row r + 1 is standing room when it and the row above are open and r + 2 is not.
    stand = open_[1:-1] & open_[:-2] & ~open_[2:]
    roomy = np.zeros_like(stand)
    roomy[:, 1:-1] = stand[:, 1:-1] & open_[1:-1, :-2] & open_[1:-1, 2:]
    roomy[:, 1:-1] &= open_[:-2, :-2] & open_[:-2, 2:]
    rows, cols = np.nonzero(stand)
    xs = [p.hitbox.centerx for p in stage.players]
    spots = [
        (float(c * TILE + TILE / 2), float((r + 2) * TILE), 6.0 if roomy[r, c] else 0.0)
        for r, c in zip(rows.tolist(), cols.tolist(), strict=True)
    ]
    return [s for s in spots if all(abs(s[0] - px) > CLEARANCE for px in xs)]


def add_crowd(stage: World, soldiers: int, wave: int = 0) -> int:
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
            x, y, slack = rng.choice(spots)
            # Several on one tile stand side by side where there is room, not in one spot.
            stage.spawn(kind, x + rng.uniform(-slack, slack), y)
            added += 1
    # "Defeat every enemy" counts the crowd too.
    stage.expect_enemies(added)
    return added
