"""Frame pacing: how long one whole frame (step + render + debug overlay) takes.

    python -m bench.pacing [--level PATH] [--frames N] [--seed S] [--json]

Runs headless on SDL's dummy video driver, on the largest shipped level (most
tiles) unless told otherwise, with seeded random input and the F3 overlay on,
and prints the median, 99th percentile and worst frame in milliseconds. A
60 Hz game has 16.7 ms per frame; p99 must stay under that. This is a
measurement, not a test: run it on a quiet machine (`make bench` lists it).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

FRAME_BUDGET_MS = 1000 / 60
WARMUP = 120


def largest_level() -> Path:
    """The shipped map with the most tiles."""
    from gunner.config import LEVELS_DIR
    from gunner.level import load_level

    def tiles(path: Path) -> int:
        w, h = load_level(path, images=False).solid.shape
        return w * h

    levels = sorted(LEVELS_DIR.glob("*.tmx"))
    if not levels:
        raise FileNotFoundError(f"no .tmx maps in {LEVELS_DIR}")
    return max(levels, key=tiles)


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile of already sorted values (q in 0..100)."""
    if not sorted_values:
        return 0.0
    rank = max(1, math.ceil(q / 100 * len(sorted_values)))
    return sorted_values[min(rank, len(sorted_values)) - 1]


def measure(path: Path, frames: int = 1800, seed: int = 1) -> dict[str, Any]:
    """Time `frames` frames after a warm-up; returns median / p99 / max in ms."""
    import pygame

    from gunner import debug
    from gunner.assets import Art
    from gunner.config import VIEW_H, VIEW_W
    from gunner.hud import draw_hud
    from gunner.input import RandomInput
    from gunner.level import load_level
    from gunner.render import draw_stage
    from gunner.stage import Stage

    if not pygame.display.get_init():
        pygame.display.init()
        pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((VIEW_W, VIEW_H))
    level = load_level(path)
    art = Art()
    surface = pygame.Surface((VIEW_W, VIEW_H))
    stage = Stage(level, seed=seed)
    source = RandomInput(seed)
    times = debug.FrameTimes()
    frame_ms: list[float] = []
    restarts = 0
    for i in range(WARMUP + frames):
        start = time.perf_counter()
        stage.step(source.next())
        stage.events.clear()
        mid = time.perf_counter()
        drawn = draw_stage(surface, stage, art)
        debug.draw_world_overlay(surface, stage)
        draw_hud(surface, stage)
        debug.draw_panel(surface, stage, times, drawn)
        end = time.perf_counter()
        times.step_ms, times.render_ms = (mid - start) * 1000, (end - mid) * 1000
        if i >= WARMUP:
            frame_ms.append((end - start) * 1000)
        if stage.outcome is not None:  # keep playing, as the soak does
            restarts += 1
            stage = Stage(level, seed=seed + restarts)
    frame_ms.sort()
    return {
        "level": str(path),
        "frames": frames,
        "median_ms": round(percentile(frame_ms, 50), 3),
        "p99_ms": round(percentile(frame_ms, 99), 3),
        "max_ms": round(frame_ms[-1], 3) if frame_ms else 0.0,
        "budget_ms": round(FRAME_BUDGET_MS, 3),
        "within_budget": percentile(frame_ms, 99) < FRAME_BUDGET_MS,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.pacing", description="Frame time with the debug overlay on."
    )
    parser.add_argument("--level", type=Path, help="map to measure (default: the largest shipped)")
    parser.add_argument("--frames", type=int, default=1800, metavar="N", help="frames to time")
    parser.add_argument("--seed", type=int, default=1, metavar="S")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from gunner.level import LevelError

    try:
        path = args.level or largest_level()
        result = measure(path, max(1, args.frames), args.seed)
    except (LevelError, FileNotFoundError) as exc:
        print(f"bench.pacing: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"{result['level']}: {result['frames']} frames (step + render + debug overlay)\n"
            f"  median {result['median_ms']:.2f} ms   p99 {result['p99_ms']:.2f} ms   "
            f"max {result['max_ms']:.2f} ms   (budget {result['budget_ms']:.1f} ms: "
            f"{'ok' if result['within_budget'] else 'OVER'})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
