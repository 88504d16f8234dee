"""Frame pacing for two players: what the second view costs.

    python -m bench.pacing_split [--level PATH] [--crowd N] [--frames N] [--rounds N]
                                 [--seed S] [--json]

Level 3 with `--crowd 1000` (1,000 soldiers, 250 turrets) and two players driven by
seeded random input, stepped once per frame and drawn as the game draws them (every
view, the HUD, then presented in a 480x270 window): split into two views (the camera
setting "always") and unsplit (one shared view, "never" without its leash), in
alternating rounds on the same stage, so drift on a busy machine hits both. Prints
the median and p99 of the step, the render (every view and the HUD), the present
and their sum for each, and the render's difference: the second view's cost. A 60 Hz
game has 16.7 ms per frame. This is a measurement, not a test: run it on a quiet
machine (`setsid nice` it beside other work and the numbers say so).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench.pacing import FRAME_BUDGET_MS, percentile

WARMUP = 60
MODES = ("split", "shared")


def measure(path: Path, crowd: int, frames: int, rounds: int, seed: int) -> dict[str, Any]:
    import pygame

    from gunner.app import Screen
    from gunner.assets import Art
    from gunner.camera import SplitScreen
    from gunner.config import DT, VIEW_H, VIEW_W
    from gunner.crowd import add_crowd
    from gunner.hud import draw_hud, hud_sides
    from gunner.input import RandomInput
    from gunner.level import load_level
    from gunner.render import draw_views
    from gunner.stage import Stage

    pygame.display.init()
    pygame.font.init()
    screen = Screen(vsync=False)
    screen.open(False, 1)
    art = Art()
    surface = pygame.Surface((VIEW_W, VIEW_H))
    level = load_level(path)

    def fresh(k: int) -> tuple[Any, dict[str, SplitScreen], list[RandomInput]]:
        stage = Stage(level, seed=seed + k, players=2)
        add_crowd(stage, crowd)
        views = {"split": SplitScreen(stage.camera, "always"), "shared": SplitScreen(stage.camera)}
        views["shared"].mode = "never"  # one view, without the leash (the world has none)
        for v in views.values():
            v.snap(stage.players)
        return stage, views, [RandomInput(seed + k, player=p) for p in (1, 2)]

    restarts = 0
    stage, screens, hands = fresh(restarts)
    samples: dict[str, dict[str, list[float]]] = {
        m: {"step": [], "render": [], "present": [], "frame": []} for m in MODES
    }
    entities = []
    for round_ in range(rounds):
        for mode in MODES:
            for _ in range(WARMUP if round_ == 0 and mode == MODES[0] else 0):
                stage.step([h.next() for h in hands])
            for _ in range(frames):
                t0 = time.perf_counter()
                stage.step([h.next() for h in hands])
                stage.events.clear()
                t1 = time.perf_counter()
                for s in screens.values():  # both follow every step, as the game would its one
                    s.update(stage.players, DT)
                views = screens[mode].views()
                draw_views(surface, stage, art, views)
                draw_hud(surface, stage, sides=hud_sides(views))
                t2 = time.perf_counter()
                screen.present(surface)
                t3 = time.perf_counter()
                row = samples[mode]
                row["step"].append((t1 - t0) * 1000)
                row["render"].append((t2 - t1) * 1000)
                row["present"].append((t3 - t2) * 1000)
                row["frame"].append((t3 - t0) * 1000)
                entities.append(len(stage.entities))
                if stage.outcome is not None:
                    restarts += 1
                    stage, screens, hands = fresh(restarts)

    def stats(values: list[float]) -> dict[str, float]:
        values = sorted(values)
        return {"median": round(percentile(values, 50), 3), "p99": round(percentile(values, 99), 3)}

    result: dict[str, Any] = {
        "level": str(path),
        "crowd": crowd,
        "frames_per_mode": frames * rounds,
        "entities": [min(entities), max(entities)],
        "restarts": restarts,
        "budget_ms": round(FRAME_BUDGET_MS, 3),
    }
    for mode in MODES:
        result[mode] = {name: stats(v) for name, v in samples[mode].items()}
        step_render = [
            a + b for a, b in zip(samples[mode]["step"], samples[mode]["render"], strict=True)
        ]
        result[mode]["step_plus_render"] = stats(step_render)
    result["second_view_ms"] = round(
        result["split"]["render"]["median"] - result["shared"]["render"]["median"], 3
    )
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.pacing_split", description=__doc__)
    parser.add_argument("--level", type=Path, help="map (default: levels/level3.tmx)")
    parser.add_argument("--crowd", type=int, default=1000, metavar="N")
    parser.add_argument("--frames", type=int, default=150, metavar="N", help="per mode per round")
    parser.add_argument("--rounds", type=int, default=4, metavar="N")
    parser.add_argument("--seed", type=int, default=1, metavar="S")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from gunner.config import LEVELS_DIR
    from gunner.level import LevelError

    try:
        path = args.level or LEVELS_DIR / "level3.tmx"
        result = measure(path, args.crowd, max(1, args.frames), max(1, args.rounds), args.seed)
    except (LevelError, FileNotFoundError) as exc:
        print(f"bench.pacing_split: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(result))
        return 0
    print(
        f"{result['level']} with --crowd {result['crowd']} and two players: "
        f"{result['frames_per_mode']} frames each way, {result['entities'][0]}-"
        f"{result['entities'][1]} entities (ms: median / p99)"
    )
    print(f"{'':10}{'step':>16}{'render':>16}{'present':>16}{'step+render':>16}{'frame':>16}")
    for mode in MODES:
        r = result[mode]
        cells = "".join(
            f"{r[k]['median']:>8.2f} /{r[k]['p99']:>6.2f}"
            for k in ("step", "render", "present", "step_plus_render", "frame")
        )
        print(f"{mode:10}{cells}")
    print(
        f"the second view costs {result['second_view_ms']:.2f} ms of render (median); "
        f"budget {result['budget_ms']:.1f} ms a frame"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
