"""Frame pacing for two players: what the second view costs.

    python -m bench.pacing_split [--level PATH] [--crowd N] [--frames N] [--rounds N]
                                 [--seed S] [--json]

Level 3 with `--crowd 1000` (1,000 soldiers, 250 turrets) and two players driven by
seeded random input, stepped once per frame and drawn as the game draws them (every
view, the HUD, then presented in a 480x270 window) three ways, in alternating rounds
on the same stage, so drift on a busy machine hits all three:

- shared: one view ("never" without its leash);
- vertical: two halves side by side (the camera setting "always");
- dynamic: the screen cut along the line between the players (the default, "auto"),
  as it is when they stand a screen and a half apart; the cut turns 7 degrees a frame
  round the players' midpoint, so every angle is measured, the diagonal ones (whose
  halves' boxes are biggest) included.

Prints the median and p99 of the step, the render (every view and the HUD), the
present and their sum for each (wall time), the step and render's CPU time (the
thread's, which leaves out waiting for a core on a busy machine), and each split's
render less the shared one's: the second view's cost (on the CPU too), and the
garbage collector's part: how many collections ran in each mode's frames, how many of
them full ones, and the longest pause (CPU). A 60 Hz game
has 16.7 ms per frame. This is a measurement, not a test: run it on a quiet machine
(`setsid nice` it beside other work and the numbers say so).
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench.pacing import FRAME_BUDGET_MS, percentile

WARMUP = 60
MODES = ("shared", "vertical", "dynamic")
# The dynamic split's stand-in players: this far apart (px), the cut turning this much
# (degrees) a frame.
APART = 700.0
TURN = 7.0


def stand_ins(players: list[Any], frame: int) -> list[Any]:
    """Two bodies APART apart round the players' midpoint, on a line turning TURN
    degrees a frame: what the dynamic split's camera follows in this benchmark."""
    from types import SimpleNamespace

    import pygame

    mx = sum(p.hitbox.centerx for p in players) / len(players)
    my = sum(p.hitbox.centery for p in players) / len(players)
    angle = math.radians(frame * TURN)
    dx, dy = math.cos(angle) * APART / 2, math.sin(angle) * APART / 2
    bodies = []
    for sign in (-1, 1):
        box = pygame.FRect(0, 0, 12, 28)
        box.center = (mx + sign * dx, my + sign * dy)
        bodies.append(SimpleNamespace(hitbox=box, alive=True, facing=1, on_ground=True))
    return bodies


def measure(path: Path, crowd: int, frames: int, rounds: int, seed: int) -> dict[str, Any]:
    import pygame

    from gunner.app import Screen
    from gunner.assets import Art
    from gunner.camera import SplitScreen
    from gunner.config import DT, VIEW_H, VIEW_W
    from gunner.crowd import add_crowd
    from gunner.hud import draw_hud, hud_spots
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
        views = {
            "shared": SplitScreen(stage.camera),
            "vertical": SplitScreen(stage.camera, "always"),
            "dynamic": SplitScreen(stage.camera, "auto"),
        }
        views["shared"].mode = "never"  # one view, without the leash (the world has none)
        for mode, v in views.items():
            v.snap(stand_ins(stage.players, 0) if mode == "dynamic" else stage.players)
        return stage, views, [RandomInput(seed + k, player=p) for p in (1, 2)]

    restarts = 0
    stage, screens, hands = fresh(restarts)
    # The collector's pauses, each (generation, CPU ms), while a mode's frames run.
    pauses: dict[str, list[tuple[int, float]]] = {m: [] for m in MODES}
    started: list[tuple[int, float]] = []
    measuring: list[str] = []

    def collector(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            started[:] = [(info["generation"], time.thread_time())]
        elif started and measuring:
            generation, at = started[0]
            pauses[measuring[0]].append((generation, (time.thread_time() - at) * 1000))

    gc.callbacks.append(collector)
    samples: dict[str, dict[str, list[float]]] = {
        m: {"step": [], "render": [], "present": [], "frame": [], "cpu": [], "cpu_render": []}
        for m in MODES
    }
    entities = []
    frame = 0
    for round_ in range(rounds):
        for mode in MODES:
            for _ in range(WARMUP if round_ == 0 and mode == MODES[0] else 0):
                stage.step([h.next() for h in hands])
            measuring[:] = [mode]
            for _ in range(frames):
                t0, c0 = time.perf_counter(), time.thread_time()
                stage.step([h.next() for h in hands])
                stage.events.clear()
                t1, c1 = time.perf_counter(), time.thread_time()
                frame += 1
                for name, s in screens.items():  # all follow every step, as the game's one does
                    s.update(
                        stand_ins(stage.players, frame) if name == "dynamic" else stage.players, DT
                    )
                views = screens[mode].views()
                draw_views(surface, stage, art, views)
                draw_hud(surface, stage, spots=hud_spots(views))
                t2, c2 = time.perf_counter(), time.thread_time()
                screen.present(surface)
                t3 = time.perf_counter()
                row = samples[mode]
                row["step"].append((t1 - t0) * 1000)
                row["render"].append((t2 - t1) * 1000)
                row["present"].append((t3 - t2) * 1000)
                row["frame"].append((t3 - t0) * 1000)
                row["cpu"].append((c2 - c0) * 1000)  # step + render on the CPU (no waiting)
                row["cpu_render"].append((c2 - c1) * 1000)
                entities.append(len(stage.entities))
                if stage.outcome is not None:
                    restarts += 1
                    measuring.clear()  # a new stage's making is not a frame
                    stage, screens, hands = fresh(restarts)
                    measuring[:] = [mode]
            measuring.clear()
    gc.callbacks.remove(collector)

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
        result[mode]["gc"] = {
            "collections": len(pauses[mode]),
            "full": sum(1 for generation, _ in pauses[mode] if generation == 2),
            "longest_ms": round(max((ms for _, ms in pauses[mode]), default=0.0), 3),
        }
    shared = result["shared"]["render"]["median"]
    result["second_view_ms"] = {
        mode: round(result[mode]["render"]["median"] - shared, 3) for mode in MODES[1:]
    }
    shared_cpu = result["shared"]["cpu_render"]["median"]
    result["second_view_cpu_ms"] = {
        mode: round(result[mode]["cpu_render"]["median"] - shared_cpu, 3) for mode in MODES[1:]
    }
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
    heads = ("step", "render", "present", "step+render", "frame", "CPU step+render")
    print(f"{'':10}" + "".join(f"{h:>16}" for h in heads))
    for mode in MODES:
        r = result[mode]
        cells = "".join(
            f"{r[k]['median']:>8.2f} /{r[k]['p99']:>6.2f}"
            for k in ("step", "render", "present", "step_plus_render", "frame", "cpu")
        )
        print(f"{mode:10}{cells}")
    shared = result["shared"]["render"]["median"]
    costs = ", ".join(
        f"{mode} {ms:.2f} ms ({result[mode]['render']['median'] / shared:.2f}x)"
        for mode, ms in result["second_view_ms"].items()
    )
    budget = result["budget_ms"]
    print(f"the second view costs, in render (median): {costs}; budget {budget:.1f} ms a frame")
    shared_cpu = result["shared"]["cpu_render"]["median"]
    costs = ", ".join(
        f"{mode} {ms:.2f} ms ({result[mode]['cpu_render']['median'] / shared_cpu:.2f}x)"
        for mode, ms in result["second_view_cpu_ms"].items()
    )
    print(f"on the CPU (render {shared_cpu:.2f} ms with one view): {costs}")
    collections = ", ".join(
        f"{mode} {g['collections']} ({g['full']} full, longest {g['longest_ms']:.2f} ms)"
        for mode in MODES
        for g in (result[mode]["gc"],)
    )
    print(f"garbage collections during the frames: {collections}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
