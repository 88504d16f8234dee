"""The whole-stage benchmark row: the real Stage.step with a crowd, tile collision included.

1,000 enemies walk (axis-split tile collision, turning at walls) and shoot, and
bullets are topped up to 2,000 each step, on a 300x60-tile map of floors, ledges
and walls. Every entity and bullet goes through the stage quadtree exactly as in
the game. Used by `python -m bench`.
"""

from __future__ import annotations

import random
import statistics
import time
from pathlib import Path

import numpy as np
import pygame

from gunner.assets import PlayerMeta
from gunner.config import DT, TILE
from gunner.entities.base import Entity
from gunner.input import Buttons
from gunner.level import SOLID, Level, Spawn
from gunner.stage import Stage

MAP_W, MAP_H = 300, 60
ENEMIES = 1000
BULLETS = 2000
CRATES = 60
BULLET_SPEED = 200.0
# The bench needs no art: muzzle points as in the shipped player.json.
META = PlayerMeta(
    32,
    32,
    10,
    12,
    (16, 32),
    {k: (27, 16) for k in ("forward", "up", "diag_up", "diag_down", "down", "crouch")},
)


class Crate(Entity):
    """A solid obstacle, so every move also resolves against solid entities."""

    kind = "Crate"
    solid = True
    shootable = True


class Walker(Entity):
    """A soldier reduced to what costs time: gravity, walking, turning at walls."""

    kind = "Walker"
    team = "enemy"
    shootable = True

    def __init__(self, x: float, y: float, facing: int) -> None:
        super().__init__(pygame.FRect(x, y, 14, 30))
        self.vx = 40.0 * facing
        self.vy = 0.0

    def tick(self, stage: Stage) -> None:
        self.vy = min(self.vy + 1500.0 * DT, 450.0)
        result = stage.move(self, self.vx * DT, self.vy * DT)
        if result.on_ground:
            self.vy = 0.0
        if result.hit_wall:
            self.vx = -self.vx


def bench_map(seed: int) -> np.ndarray:
    """Floors every 10 rows with gaps, short walls on them: corridors to walk and turn in."""
    rng = np.random.default_rng(seed)
    solid = np.zeros((MAP_H, MAP_W), dtype=np.uint8)
    solid[:, 0] = solid[:, -1] = SOLID
    for floor in range(9, MAP_H, 10):
        solid[floor, :] = SOLID
        for gap in rng.integers(5, MAP_W - 8, size=6):
            solid[floor, gap : gap + 3] = 0
        for wall in rng.integers(5, MAP_W - 5, size=12):
            solid[floor - 2 : floor, wall] = SOLID
    solid[-1, :] = SOLID
    return solid


def build(seed: int = 1) -> Stage:
    solid = bench_map(seed)
    spawn = Spawn("Player", 2 * TILE, 7 * TILE, 16, 16)
    level = Level(Path("<bench>"), "bench", MAP_W, MAP_H, solid, [], [spawn])
    stage = Stage(level, seed=seed, player_meta=META)
    rng = random.Random(seed)
    floors = list(range(9, MAP_H, 10))
    for _ in range(ENEMIES):
        floor = rng.choice(floors)
        x = rng.uniform(2, MAP_W - 3) * TILE
        stage.add_entity(Walker(x, (floor - 2) * TILE - 2, rng.choice((-1, 1))))
    for _ in range(CRATES):
        floor = rng.choice(floors)
        x = rng.randrange(3, MAP_W - 3) * TILE
        stage.add_entity(Crate(pygame.FRect(x, (floor - 1) * TILE, TILE, TILE)))
    return stage


def top_up_bullets(stage: Stage, rng: random.Random, walkers: list[Entity]) -> None:
    """Keep BULLETS in flight: the walkers shoot forward, up or diagonally."""
    for _ in range(BULLETS - len(stage.bullets)):
        w = rng.choice(walkers)
        angle = rng.choice((0.0, 0.5, -0.5, 1.57)) + (0.0 if w.vx > 0 else np.pi)
        stage.bullets.spawn(
            w.hitbox.centerx,
            w.hitbox.centery,
            BULLET_SPEED * np.cos(angle),
            -BULLET_SPEED * np.sin(angle),
            "enemy",
        )


def run(frames: int = 40, warmup: int = 10, seed: int = 1) -> dict[str, float]:
    """Median step time and per-step checks over `frames` steps after `warmup`."""
    stage = build(seed)
    # The player only watches: stray bullets would hurt it and trigger hit-stop,
    # freezing steps in the middle of the measurement.
    stage.player.invulnerable = float("inf")
    rng = random.Random(seed)
    walkers = [e for e in stage.entities if e.kind == "Walker"]
    times: list[float] = []
    sums = {
        "tile": 0,
        "entity_entity": 0,
        "bullet_entity": 0,
        "brute_entity_entity": 0,
        "brute_bullet_entity": 0,
    }
    for frame in range(warmup + frames):
        top_up_bullets(stage, rng, walkers)
        start = time.perf_counter()
        stage.step(Buttons.NONE)
        elapsed = time.perf_counter() - start
        assert len(stage.tree) == len(stage.entities) + len(stage.bullets)
        if frame >= warmup:
            times.append(elapsed)
            for key in sums:
                sums[key] += getattr(stage.counters, key)
    result = {"ms": statistics.median(times) * 1000, "items": len(stage.tree)}
    result.update({k: v / frames for k, v in sums.items()})
    return result
