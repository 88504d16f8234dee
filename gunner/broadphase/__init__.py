"""The stage's broad phase: one tree holding three size classes, and the designs F4 switches.

`StageTree` is what `Stage.tree` is. It files every item in a *class*:

* ``entity``: the player, pickups, checkpoints... (the default);
* ``enemy``: the enemy team, which enemy bullets never ask about (they never hurt
  their own side), so a crowd firing from inside itself costs nothing extra;
* ``solid``: doors and drums, what `Stage.move`, `supported` and line of sight ask
  about, so those queries never wade through the crowd;
* ``bullet``: every bullet, as numpy rows (`BulletRows`), moved in bulk by the bullet
  system. Bullets never query their own class, so they are never each other's
  candidates.

The entity classes are held by a *design*, chosen live with F4:

* ``ours``: the loose quadtree flattened into sorted rows (`gunner.quadtree`), filed
  lazily (`LazyTree`): filing is a dict operation, small classes are scanned, a big
  one is re-filed in bulk when enough questions come, and a walking crowd stays filed
  while it slides (`StageTree.slide_enemies`); `query_many` vectorized;
* ``tutorial``: the SDL2 "gunner" tutorial's quadtree, pre-built to a fixed depth,
  straddling items kept in the parent;
* ``grid``: the split-screen game's uniform grid, an item filed in every cell it
  touches;
* ``brute``: a list, every item tested.

Every design has the same interface, batched methods included (a per-item loop for
the slow ones), and queries return items in one canonical order (the order they
entered the stage), so the simulation is identical whichever design is live.
"""

from gunner.broadphase.bullet_rows import BulletRows
from gunner.broadphase.designs import (
    DESIGN_NAMES,
    DESIGNS,
    BruteForce,
    Design,
    PerItem,
    TutorialQuadtree,
    UniformGrid,
)
from gunner.broadphase.stage_tree import FEW, SERIAL, StageTree

__all__ = [
    "DESIGNS",
    "DESIGN_NAMES",
    "FEW",
    "SERIAL",
    "BruteForce",
    "BulletRows",
    "Design",
    "PerItem",
    "StageTree",
    "TutorialQuadtree",
    "UniformGrid",
]
