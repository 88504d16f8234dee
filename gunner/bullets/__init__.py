"""The bullet system: every bullet as a row of numpy arrays (structure of arrays).

Each step the system takes all its bullets out of the stage tree's bullet class,
walks every path through the tile grid at once (the cell-by-cell rule line of
sight uses, so no bullet slips through a tile corner or a one-tile diagonal
wall), asks the tree for the entities every swept path overlaps in one batched
query, resolves hits in spawn order, and files the survivors back, all in bulk.
Python runs per *hit*, never per bullet.

- store.py: the arrays, spawning, reading a bullet, the hashed state (`BulletStore`);
- step.py: the step, paths and strikes (`BulletSystem`, `path_enters`, `FEW_BULLETS`).
"""

from gunner.bullets.step import FEW_BULLETS, BulletSystem, path_enters
from gunner.bullets.store import (
    BULLET_LIFE,
    BULLET_SIZE,
    FLOAT_ROWS,
    HALF,
    INT_ROWS,
    LOOK_ONLY,
    TEAM_INDEX,
    TEAMS,
    Bullet,
    BulletHandle,
    BulletStore,
)

__all__ = [
    "BULLET_LIFE",
    "BULLET_SIZE",
    "FEW_BULLETS",
    "FLOAT_ROWS",
    "HALF",
    "INT_ROWS",
    "LOOK_ONLY",
    "TEAMS",
    "TEAM_INDEX",
    "Bullet",
    "BulletHandle",
    "BulletStore",
    "BulletSystem",
    "path_enters",
]
