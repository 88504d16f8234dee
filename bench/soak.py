"""Soak test: long seeded random play on every level, checking invariants every step.

    python -m bench.soak --frames 100000 --seed 1 [levels...]   (make soak)

Each step it runs `Stage.check_invariants()`: the quadtree holds exactly the
live entities and bullets, by identity, each where its hitbox is, the player
among them at a finite position. When a run is decided (the
player is out of lives, or reaches the exit) the stage restarts on the same
level with the next seed, so all N steps keep exercising the game rather than
idling on a game-over screen.

Memory is traced with tracemalloc, sampled ~200 times per level. It must stop
growing after warm-up: the mean of the last quarter's samples may exceed the
second quarter's by at most `GROWTH_LIMIT` bytes. The first quarter is
warm-up (pools fill, the quadtree's rows grow, caches settle).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import tracemalloc
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from gunner.config import LEVELS_DIR
from gunner.input import RandomInput
from gunner.stage import InvariantError, Stage

# Allowed growth between the second and last quarters. Short runs (the test
# suite's) see allocator noise of a few tens of KiB; a real leak of one small
# object per step is 100+ bytes x 25,000 steps in a long run.
GROWTH_LIMIT = 256 * 1024
SAMPLES = 200


class SoakError(AssertionError):
    """An invariant broke; the message names the level, the step and what broke."""


@dataclass
class SoakResult:
    level: str
    steps: int
    seconds: float
    restarts: int
    peak_kib: float  # tracemalloc's peak for this level's run
    second_quarter_kib: float  # mean traced memory over steps N/4 .. N/2
    last_quarter_kib: float  # mean traced memory over steps 3N/4 .. N
    max_entities: int
    max_bullets: int

    @property
    def steps_per_second(self) -> float:
        return self.steps / self.seconds if self.seconds else 0.0

    @property
    def growth_kib(self) -> float:
        return self.last_quarter_kib - self.second_quarter_kib

    def line(self) -> str:
        return (
            f"{Path(self.level).name:24s} {self.steps:7d} steps  {self.steps_per_second:7.0f}"
            f" steps/s  restarts {self.restarts:3d}  entities <= {self.max_entities:3d}"
            f"  bullets <= {self.max_bullets:3d}  peak {self.peak_kib:8.0f} KiB"
            f"  growth {self.growth_kib:+7.1f} KiB (Q2 -> Q4)"
        )


def check_invariants(stage: Stage, level: str, step: int) -> None:
    """Raise SoakError naming the level and step if the stage's bookkeeping broke."""
    try:
        stage.check_invariants()
    except InvariantError as exc:
        raise SoakError(f"{level}: step {step}: {exc}") from None


def soak_level(path: Path, frames: int, seed: int, memory: bool = True) -> SoakResult:
    """Run `frames` random steps on one level, checking invariants after every step."""
    from gunner.level import load_level

    level = load_level(path, images=False)
    name = str(path)
    source = RandomInput(seed)
    restarts = 0
    every = max(1, frames // SAMPLES)
    samples: list[tuple[int, int]] = []
    max_entities = max_bullets = 0
    if memory:
        tracemalloc.start()
        tracemalloc.reset_peak()
    start = time.perf_counter()
    try:
        stage = Stage(level, seed=seed)
        for step in range(frames):
            stage.step(source.next())
            stage.events.clear()
            check_invariants(stage, name, step)
            max_entities = max(max_entities, len(stage.entities))
            max_bullets = max(max_bullets, len(stage.bullets))
            if stage.outcome is not None:
                restarts += 1
                stage = Stage(level, seed=seed + restarts)
            if memory and step % every == 0:
                samples.append((step, tracemalloc.get_traced_memory()[0]))
        seconds = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1] if memory else 0
    finally:
        if memory:
            tracemalloc.stop()

    def mean_kib(lo: float, hi: float) -> float:
        chosen = [b for s, b in samples if lo * frames <= s < hi * frames]
        return sum(chosen) / len(chosen) / 1024 if chosen else 0.0

    return SoakResult(
        level=name,
        steps=frames,
        seconds=seconds,
        restarts=restarts,
        peak_kib=peak / 1024,
        second_quarter_kib=mean_kib(0.25, 0.5),
        last_quarter_kib=mean_kib(0.75, 1.0),
        max_entities=max_entities,
        max_bullets=max_bullets,
    )


def shipped_levels() -> list[Path]:
    return sorted(LEVELS_DIR.glob("*.tmx"))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.soak",
        description="Long random play on each level, checking invariants every step.",
    )
    parser.add_argument("levels", nargs="*", type=Path, help="maps (default: levels/*.tmx)")
    parser.add_argument("--frames", type=int, default=100_000, metavar="N", help="steps per level")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="random seed")
    parser.add_argument(
        "--no-memory", action="store_true", help="skip tracemalloc (faster; no growth check)"
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per level")
    args = parser.parse_args(argv)
    if args.frames < 4:
        parser.error("--frames must be at least 4 (the run is split in quarters)")

    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from gunner.level import LevelError

    levels = args.levels or shipped_levels()
    if not levels:
        print("bench.soak: no levels to soak", file=sys.stderr)
        return 1
    failed = False
    for path in levels:
        try:
            result = soak_level(path, args.frames, args.seed, memory=not args.no_memory)
        except (SoakError, LevelError) as exc:
            print(f"bench.soak: FAIL {exc}", file=sys.stderr)
            failed = True
            continue
        leaking = not args.no_memory and result.growth_kib * 1024 > GROWTH_LIMIT
        if args.json:
            data = asdict(result) | {
                "steps_per_second": round(result.steps_per_second, 1),
                "growth_kib": round(result.growth_kib, 1),
                "leaking": leaking,
            }
            print(json.dumps(data))
        else:
            print(result.line() + ("  LEAK?" if leaking else ""))
        if leaking:
            print(
                f"bench.soak: FAIL {path}: memory grew {result.growth_kib:.0f} KiB "
                f"after warm-up (limit {GROWTH_LIMIT // 1024} KiB)",
                file=sys.stderr,
            )
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
