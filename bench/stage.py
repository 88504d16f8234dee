"""The whole-stage benchmark rows: the real Stage.step with crowds, tile collision included.

* synthetic: 1,000 enemies walk (axis-split tile collision, turning at walls) and
  shoot, and bullets are topped up to 2,000 each step, on a 300x60-tile map of
  floors, ledges and walls;
* level 3: the shipped Fortress with a crowd (1,000 soldiers, 250 turrets) and
  2,000 bullets topped up each step, or 10,000 bullets;
* the crowd row: level 3 with a crowd and no bullets, microseconds per entity per
  step with the crowd step in bulk (gunner/crowdstep/) and with every entity ticking
  on its own (`CrowdStep.enabled = False`, the step before it), stepped in turn;
* the largest level-3 crowd whose step plus render fits a 60 Hz frame, both ways.

Each row runs two contenders in one process, interleaved step by step so machine
noise hits both alike: today's design (numpy bullets moved in bulk, entity /
solid / bullet classes) and 0.1.0's per-item design (bench/legacy.py: pooled
bullet objects filed one by one in one single-class tree). Used by `python -m bench`.
"""

from __future__ import annotations

import random
import statistics
import time
from pathlib import Path
from typing import Any

import numpy as np
import pygame

from bench import legacy
from gunner.config import DT, TILE
from gunner.crowd import add_crowd
from gunner.entities.base import Entity
from gunner.input import Buttons, RandomInput
from gunner.level import SOLID, Level, Spawn, load_level
from gunner.stage import TYPICAL_ENTITY, Stage

# CPU time of this thread, not wall time: four engineers share this machine's two
# cores, and time spent waiting for a core is not the game's cost.
CLOCK = time.thread_time
MAP_W, MAP_H = 300, 60
ENEMIES = 1000
BULLETS = 2000
CRATES = 60
BULLET_SPEED = 200.0


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
    stage = Stage(
        level,
        seed=seed,
    )
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


def to_legacy(stage: Stage) -> Stage:
    """The same stage on 0.1.0's per-item bullets and single-class tree."""
    width, height = stage.level.pixel_size
    tree = legacy.LegacyTree((0, 0, width, height), typical_size=TYPICAL_ENTITY)
    for entity in stage.entities:
        tree.add(entity)
    stage.tree = tree  # type: ignore[assignment]
    stage.bullets = legacy.BulletSystem()  # type: ignore[assignment]
    return stage


def level3(
    soldiers: int,
    seed: int = 1,
    name: str = "level3.tmx",
    watch: bool = True,
    images: bool = False,
) -> Stage:
    """A shipped level (level 3 by default) with a crowd of ``soldiers`` (and a quarter
    as many turrets)."""
    from gunner.config import LEVELS_DIR

    level = load_level(LEVELS_DIR / name, images=images)
    stage = Stage(
        level,
        seed=seed,
    )
    add_crowd(stage, soldiers)
    if watch:
        stage.player.invulnerable = 1e9  # it watches; hit-stop would freeze steps
    return stage


def top_up(stage: Stage, rng: random.Random, shooters: list[Entity], bullets: int) -> None:
    """Keep ``bullets`` in flight, fired by the shooters forward, up or diagonally."""
    for _ in range(bullets - len(stage.bullets)):
        w = rng.choice(shooters)
        angle = rng.choice((0.0, 0.5, -0.5, 1.57, 2.6, 3.14))
        stage.bullets.spawn(
            w.hitbox.centerx,
            w.hitbox.centery,
            BULLET_SPEED * np.cos(angle),
            -BULLET_SPEED * np.sin(angle),
            "enemy",
        )


def compare(
    make: Any,
    bullets: int,
    frames: int = 40,
    warmup: int = 10,
    contenders: tuple[str, ...] = ("new", "0.1.0"),
    play: bool = False,
) -> dict[str, dict[str, float]]:
    """Median step ms per contender, stepped in turn on identical copies of one workload.
    ``play``: seeded random input drives the player (a shipped level as played)."""
    stages = {}
    for name in contenders:
        stage = make()
        stages[name] = to_legacy(stage) if name == "0.1.0" else stage
    rngs = {name: random.Random(7) for name in contenders}
    inputs = {name: RandomInput(11) for name in contenders}
    shooters = {
        name: [e for e in st.entities if e.team == "enemy"] or [st.player]
        for name, st in stages.items()
    }
    times: dict[str, list[float]] = {name: [] for name in contenders}
    checks: dict[str, list[float]] = {name: [] for name in contenders}
    for frame in range(warmup + frames):
        for name, stage in stages.items():
            top_up(stage, rngs[name], shooters[name], bullets)
            held = inputs[name].next() if play else Buttons.NONE
            start = CLOCK()
            stage.step(held)
            elapsed = CLOCK() - start
            if frame >= warmup:
                times[name].append(elapsed)
                c = stage.counters
                checks[name].append(c.entity_entity + c.bullet_entity)
    return {
        name: {
            "ms": statistics.median(times[name]) * 1000,
            "checks": statistics.median(checks[name]),
            "entities": len(stages[name].entities),
            "bullets": len(stages[name].bullets),
        }
        for name in contenders
    }


def crowd_row(soldiers: int = 1000, frames: int = 40, warmup: int = 150) -> dict[str, float]:
    """Level 3 with a crowd of ``soldiers`` (and a quarter as many turrets), no bullets:
    median µs per entity per step with the crowd step in bulk and with every entity
    ticking on its own, two stages stepped in turn. ``warmup`` steps first (2.5 s of
    play: every soldier's first fire timer has run out, as for most of a crowd most of
    the time). Raises if the two ever disagree (the bulk path must change nothing)."""
    stages = {"each": level3(soldiers), "bulk": level3(soldiers)}
    stages["each"].crowd_step.enabled = False
    times: dict[str, list[float]] = {name: [] for name in stages}
    for frame in range(warmup + frames):
        for name, stage in stages.items():
            start = CLOCK()
            stage.step(Buttons.NONE)
            elapsed = CLOCK() - start
            if frame >= warmup:
                times[name].append(elapsed)
    if stages["each"].state_hash() != stages["bulk"].state_hash():
        raise SystemExit("FATAL: the crowd step in bulk changed the simulation")
    entities = len(stages["bulk"].entities)
    us = {name: statistics.median(t) * 1e6 / entities for name, t in times.items()}
    return {
        "entities": entities,
        "each_us": us["each"],
        "bulk_us": us["bulk"],
        "ratio": us["bulk"] / us["each"],
        "members": len(stages["bulk"].crowd_step),
    }


def frame_ms(
    soldiers: int, bullets: int = 0, frames: int = 30, warmup: int = 10, bulk: bool = True
) -> float:
    """Median step + render (480x270, no overlay) on level 3 with a crowd of ``soldiers``;
    ``bulk``: the crowd step in bulk (else every entity ticks on its own)."""
    from gunner.assets import Art
    from gunner.render import draw_stage

    if pygame.display.get_surface() is None:  # images convert only with a display mode
        pygame.display.init()
        pygame.display.set_mode((480, 270))
    stage = level3(soldiers, images=True)
    stage.crowd_step.enabled = bulk
    surface = pygame.Surface((480, 270))
    art = Art()
    rng = random.Random(7)
    shooters = [e for e in stage.entities if e.team == "enemy"]
    times = []
    for frame in range(warmup + frames):
        top_up(stage, rng, shooters, bullets)
        start = CLOCK()
        stage.step(Buttons.NONE)
        draw_stage(surface, stage, art)
        if frame >= warmup:
            times.append(CLOCK() - start)
    return statistics.median(times) * 1000


# Crowds tried, in order, by `largest_crowd` (soldiers; a quarter as many turrets join).
CROWDS = (500, 750, 1000, 1250, 1500, 1750, 2000, 2500, 3000, 3500, 4000, 5000, 6000)


def largest_crowd(
    budget_ms: float = 1000 / 60,
    bullets: int = 2000,
    bulk: bool = True,
    warmup: int = 10,
    crowds: tuple[int, ...] = CROWDS,
) -> tuple[int, dict[int, float]]:
    """The largest level-3 crowd (soldiers) whose step + render median fits the budget."""
    tried: dict[int, float] = {}
    best = 0
    for soldiers in crowds:
        tried[soldiers] = frame_ms(soldiers, bullets, warmup=warmup, bulk=bulk)
        if tried[soldiers] > budget_ms:
            break
        best = soldiers
    return best, tried


def crowd_report(quick: bool = False) -> list[dict[str, Any]]:
    """The crowd rows of `make bench`, before (every entity ticks) and after (the crowd
    step in bulk): µs per entity per step at 1,000 and 3,000 soldiers, and the largest
    level-3 crowd whose step + render fits 16.7 ms (no bullets but the crowd's own,
    after 2.5 s of play)."""
    rows: list[dict[str, Any]] = []
    sizes = (100,) if quick else (1000, 3000)
    frames, warmup = (3, 2) if quick else (40, 150)
    for soldiers in sizes:
        r = crowd_row(soldiers, frames, warmup)
        rows.append({"soldiers": soldiers, **r})
    if not quick:
        for bulk in (False, True):
            best, tried = largest_crowd(bullets=0, bulk=bulk, warmup=150)
            rows.append({"largest": best, "bulk": bulk, "tried": tried})
    return rows


def print_crowd_report(rows: list[dict[str, Any]]) -> None:
    for r in rows:
        if "soldiers" in r:
            print(
                f"crowd row: level 3 + {r['soldiers']} soldiers ({r['entities']} entities, "
                f"no bullets): every entity ticks {r['each_us']:.2f} µs/entity/step, "
                f"crowd step in bulk {r['bulk_us']:.2f} ({r['ratio']:.2f}x; "
                f"{r['members']} members)"
            )
        else:
            how = "crowd step in bulk" if r["bulk"] else "every entity ticks"
            tried = ", ".join(f"{n}: {ms:.1f}" for n, ms in r["tried"].items())
            print(
                f"largest level-3 crowd with step + render <= 16.7 ms, {how}: "
                f"{r['largest']} soldiers (ms {tried})"
            )


if __name__ == "__main__":
    import sys

    print_crowd_report(crowd_report(quick="--quick" in sys.argv))
