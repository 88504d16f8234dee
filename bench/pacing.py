"""Frame pacing: how long one whole frame (step + render + debug overlay + present) takes.

    python -m bench.pacing [--level PATH] [--frames N] [--seed S] [--json]
                           [--present WxH,WxH,...] [--present-frames N] [--siege-frames N]

Runs headless on SDL's dummy video driver unless SDL_VIDEODRIVER says otherwise,
on the largest shipped level (most tiles) unless told otherwise, with seeded
random input and the F3 overlay on, and prints the median, 99th percentile
and worst frame in milliseconds. Each frame is presented as the game does
(`gunner.app.Screen`, in a 480x270 window). A 60 Hz game has 16.7 ms per
frame; p99 must stay under that. The same frames are then timed in the siege
(levels/level4.tmx, without the overlay, as players see it) while its last wave has
more than 300 enemies on the stage.

Then it times presenting one frame into windows of the given sizes (default
1920x1080 and 3840x2160), on the GPU path the game uses and on 0.1's CPU path
(scale into the window surface, then flip, with SDL's default hints), interleaved
in one run, and prints the medians side by side. The game's path is SDL's renderer
where OpenGL has a GPU, and scaling on the CPU into a shared-memory window where
OpenGL is a software rasterizer (gunner.window); the row says which ran. That
comparison means something only on a real display: `Xvfb :9 -screen 0 3840x2160x24 &` then
`DISPLAY=:9 SDL_VIDEODRIVER=x11 python -m bench.pacing`.
This is a measurement, not a test: run it on a quiet machine (`make bench` lists it).

    python -m bench.pacing --window [--frames N] [--json]

Frame pacing in a real window, as a player sees it: level 3 with `--crowd 1000`
(1,000 soldiers, 250 turrets) and 2,000 bullets in flight (topped up before every
step), in a 1440x810 window (3x), driven by the game's own loop (`App.run_frame`:
events, the steps the loop's clock allows, drawing, presenting). Frame time is the
wall time from one presented frame to the next. It prints median and p99 frame time,
how the frame splits into step, render and present (wall and CPU time: on a shared
machine the difference is time spent waiting for a core), the steps per frame and the
game's speed. The loop's policy (catch up only with affordable steps) and the old one
(up to five steps a frame) run in alternating rounds in one window. It needs a display
(`Xvfb :9 -screen 0 1920x1080x24 &` then `DISPLAY=:9 python -m bench.pacing --window`);
with none it says so in one line and measures nothing.
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
PRESENT_SIZES = ((1920, 1080), (3840, 2160))
PRESENT_ROUNDS = 4  # contenders alternate in rounds, so drift on a busy machine hits both


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


class _Frames:
    """One whole frame as the game makes it: step, render, overlay, HUD, present."""

    def __init__(self) -> None:
        import pygame

        from gunner import debug
        from gunner.app import Screen
        from gunner.assets import Art
        from gunner.config import VIEW_H, VIEW_W

        if not pygame.display.get_init():
            pygame.display.init()
            pygame.font.init()
        self.screen = Screen(vsync=False)  # the game's presenting; vsync would time the display
        self.screen.open(False, 1)
        self.art = Art()
        self.surface = pygame.Surface((VIEW_W, VIEW_H))
        self.times = debug.FrameTimes()
        self.video_driver = pygame.display.get_driver()

    def run(self, stage: Any, buttons: Any, overlay: bool = True) -> float:
        """Make one frame (with the F3 overlay, or as players see it); its milliseconds."""
        from gunner import debug
        from gunner.hud import draw_hud
        from gunner.render import draw_stage

        start = time.perf_counter()
        stage.step(buttons)
        stage.events.clear()
        mid = time.perf_counter()
        drawn = draw_stage(self.surface, stage, self.art)
        if overlay:
            debug.draw_world_overlay(self.surface, stage)
        draw_hud(self.surface, stage)
        if overlay:
            debug.draw_panel(self.surface, stage, self.times, drawn)
        self.screen.present(self.surface)
        end = time.perf_counter()
        self.times.step_ms, self.times.render_ms = (mid - start) * 1000, (end - mid) * 1000
        return (end - start) * 1000

    def result(self, frame_ms: list[float], **extra: Any) -> dict[str, Any]:
        frame_ms.sort()
        return {
            **extra,
            "video_driver": self.video_driver,
            "presented": "gpu" if self.screen.renderer is not None else screen_path(self.screen),
            "frames": len(frame_ms),
            "median_ms": round(percentile(frame_ms, 50), 3),
            "p99_ms": round(percentile(frame_ms, 99), 3),
            "max_ms": round(frame_ms[-1], 3) if frame_ms else 0.0,
            "budget_ms": round(FRAME_BUDGET_MS, 3),
            "within_budget": percentile(frame_ms, 99) < FRAME_BUDGET_MS,
        }


def measure(path: Path, frames: int = 1800, seed: int = 1) -> dict[str, Any]:
    """Time `frames` frames after a warm-up; returns median / p99 / max in ms."""
    from gunner.input import RandomInput
    from gunner.level import load_level
    from gunner.stage import Stage

    maker = _Frames()
    level = load_level(path)
    stage = Stage(level, seed=seed)
    source = RandomInput(seed)
    frame_ms: list[float] = []
    restarts = 0
    for i in range(WARMUP + frames):
        ms = maker.run(stage, source.next())
        if i >= WARMUP:
            frame_ms.append(ms)
        if stage.outcome is not None:  # keep playing, as the soak does
            restarts += 1
            stage = Stage(level, seed=seed + restarts)
    return maker.result(frame_ms, level=str(path))


def measure_siege(frames: int = 600, seed: int = 1) -> dict[str, Any]:
    """The siege's last wave: whole frames while more than 300 enemies are on the stage.

    The player stands untouched on the keep firing diagonally down (it cannot die, so
    the crowd stays); the first two waves are cleared by hand to reach the last. Frames
    are made as players see them: without the F3 overlay.
    """
    from gunner.config import LEVELS_DIR
    from gunner.entities.spawner import current_wave
    from gunner.input import Buttons
    from gunner.level import load_level
    from gunner.stage import Stage

    maker = _Frames()
    path = LEVELS_DIR / "level4.tmx"
    stage = Stage(load_level(path), seed=seed)
    stage.player.invulnerable = 1e9
    frame_ms: list[float] = []
    counts: list[int] = []
    fire = Buttons.FIRE | Buttons.DOWN
    for step in range(60 * 300):
        enemies = [e for e in stage.entities if e.team == "enemy"]
        wave = current_wave(stage.spawners)
        if wave is not None and wave < 3 and step % 60 == 0:
            for enemy in enemies:
                enemy.damage(10**6, stage)
        side = Buttons.RIGHT if (step // 90) % 2 else Buttons.LEFT
        ms = maker.run(stage, fire | side if wave == 3 else Buttons.NONE, overlay=False)
        if len(enemies) >= 300:
            frame_ms.append(ms)
            counts.append(len(enemies))
            if len(frame_ms) >= frames:
                break
    return maker.result(
        frame_ms, level=str(path), enemies=[min(counts, default=0), max(counts, default=0)]
    )


def present_0_1(frame: Any) -> None:
    """0.1's present, kept as the reference contender: CPU scaling into the window, flip."""
    import pygame

    from gunner.app import integer_viewport

    window = pygame.display.get_surface()
    viewport = integer_viewport(window.get_size(), frame.get_size())
    window.fill((0, 0, 0))
    pygame.transform.scale(frame, viewport.size, window.subsurface(viewport))
    pygame.display.flip()


def screen_path(screen: Any) -> str:
    """How `screen` presents: "renderer" (SDL's, scaling on the GPU where OpenGL has
    one), or "cpu+shm" (scaling on the CPU into a shared-memory window: OpenGL here is
    a software rasterizer) or "cpu" (no renderer could be made)."""
    if screen.renderer is not None:
        return "renderer"
    return "cpu+shm" if screen.software_gl else "cpu"


def present_samples(path: str, sizes: Sequence[tuple[int, int]], frames: int) -> dict[str, Any]:
    """In this process: ms to present one real 480x270 frame into a window of each size,
    on 0.1's path ("cpu") or the way the game's `Screen` opens ("gpu")."""
    import pygame

    from gunner.app import Screen
    from gunner.assets import Art
    from gunner.config import VIEW_H, VIEW_W
    from gunner.level import load_level
    from gunner.render import draw_stage
    from gunner.stage import Stage

    pygame.display.init()
    screen = Screen(gpu=path == "gpu", vsync=False)  # vsync would time the display
    screen.open(False, 1)  # as the game opens it, whichever way it presents
    frame = pygame.Surface((VIEW_W, VIEW_H))
    draw_stage(frame, Stage(load_level(largest_level()), seed=1), Art())  # a real picture
    out: dict[str, Any] = {"path": screen_path(screen) if path == "gpu" else "0.1"}
    for size in sizes:
        if screen.window is not None:
            screen.window.size = size
        else:
            pygame.display.set_mode(size, pygame.RESIZABLE)
        present = screen.present if path == "gpu" else present_0_1
        for _ in range(5):  # let the window settle at its size
            pygame.event.pump()
            present(frame)
        samples = []
        for _ in range(frames):
            start = time.perf_counter()
            present(frame)
            samples.append((time.perf_counter() - start) * 1000)
        out[f"{size[0]}x{size[1]}"] = {"ms": samples, "window": pygame.display.get_window_size()}
    pygame.display.quit()
    return out


def measure_present(
    sizes: Sequence[tuple[int, int]] = PRESENT_SIZES,
    frames: int = 60,
    env: dict[str, str] | None = None,
) -> list[dict[str, Any]]:
    """Median ms to present one 480x270 frame into a window of each size, per path.

    Each path runs in child processes, in alternating rounds (drift on a busy machine
    hits both): SDL settles how it backs a window surface once per display start, and
    0.1 ran with SDL's defaults where today's `Screen` may set a hint. ``env``: the
    children's environment (default: this process's), from before any Screen opened."""
    import subprocess

    rounds = max(1, min(PRESENT_ROUNDS, frames // 10))
    spec = ",".join(f"{w}x{h}" for w, h in sizes)
    env = dict(os.environ if env is None else env)
    samples: dict[str, dict[str, list[float]]] = {"cpu": {}, "gpu": {}}
    info: dict[str, Any] = {}
    for _ in range(rounds):
        for path in ("cpu", "gpu"):
            child = subprocess.run(
                [sys.executable, "-m", "bench.pacing", "--present-child", path,
                 "--present", spec, "--present-frames", str(max(1, frames // rounds))],
                capture_output=True, text=True, env=env, check=False,
            )  # fmt: skip
            if child.returncode != 0:
                raise RuntimeError(f"presenting on the {path} path failed: {child.stderr}")
            got = json.loads(child.stdout.strip().splitlines()[-1])
            info[path] = got
            for key, value in got.items():
                if key != "path":
                    samples[path].setdefault(key, []).extend(value["ms"])
    rows = []
    for w, h in sizes:
        key = f"{w}x{h}"
        cpu, gpu = sorted(samples["cpu"][key]), sorted(samples["gpu"][key])
        rows.append(
            {
                "size": key,
                "window": list(info["gpu"][key]["window"]),
                "cpu_0_1_ms": round(percentile(cpu, 50), 3),
                "gpu_ms": round(percentile(gpu, 50), 3),
                "path": info["gpu"]["path"],
                "ratio": round(percentile(gpu, 50) / max(percentile(cpu, 50), 1e-9), 3),
            }
        )
    return rows


WINDOW_SCALE = 3  # 1440x810
WINDOW_CROWD = 1000
WINDOW_BULLETS = 2000
WINDOW_FRAMES = 240  # per loop policy
WINDOW_WARMUP = 5  # frames per round before timing (the clock learns the costs)
WINDOW_ROUNDS = 4  # the two loop policies alternate, so drift on a busy machine hits both


class OldStepClock:
    """The loop's clock before issue 23 (the reference contender): up to five steps a
    frame whatever they cost, the rest of the backlog dropped at the cap."""

    def __init__(self, dt: float, max_steps: int = 5) -> None:
        self.dt, self.max_steps, self.backlog = dt, max_steps, 0.0

    def advance(self, real_dt: float) -> int:
        self.backlog += min(max(real_dt, 0.0), self.max_steps * self.dt)
        steps = 0
        while self.backlog >= self.dt and steps < self.max_steps:
            self.backlog -= self.dt
            steps += 1
        if steps == self.max_steps:
            self.backlog = 0.0
        return steps

    def measured(self, step_seconds: float, steps: int, other_seconds: float) -> None:
        pass  # cost-blind


def no_display(env: dict[str, str]) -> str | None:
    """Why no window can be opened with `env`, or None when one can."""
    if not (env.get("DISPLAY") or env.get("WAYLAND_DISPLAY")):
        return "no display (DISPLAY is not set)"
    return None


def measure_window(
    frames: int = WINDOW_FRAMES,
    rounds: int = WINDOW_ROUNDS,
    crowd: int = WINDOW_CROWD,
    bullets: int = WINDOW_BULLETS,
) -> dict[str, Any]:
    """In this process, on a real display: frames of the game's loop in a 1440x810
    window on level 3 with a crowd and bullets, for each loop policy in turn."""
    import random

    import pygame

    from bench.stage import top_up
    from gunner.app import App, FixedStepClock
    from gunner.config import DT, LEVELS_DIR
    from gunner.scenes.play import PlayScene
    from gunner.settings import Settings

    app = App(scale=WINDOW_SCALE, fullscreen=False, settings=Settings())
    app.screen.vsync = False
    scene = PlayScene(LEVELS_DIR / "level3.tmx", seed=1, crowd=crowd)
    scene.watcher = None  # no hot reload polling the disk
    app.push(scene)
    app.pause_game = lambda: None  # type: ignore[method-assign]  # unfocused, it plays on
    stage = scene.stage
    stage.player.invulnerable = 1e9  # it watches: the run must not end
    rng = random.Random(7)
    shooters = [e for e in stage.entities if e.team == "enemy"]
    parts: dict[str, float] = {}
    cpu: dict[str, float] = {}

    def timed(name: str, fn: Any) -> Any:
        def run(*args: Any) -> Any:
            wall, thread = time.perf_counter(), time.thread_time()
            try:
                return fn(*args)
            finally:
                parts[name] = parts.get(name, 0.0) + time.perf_counter() - wall
                cpu[name] = cpu.get(name, 0.0) + time.thread_time() - thread

        return run

    step = scene.step

    def step_with_bullets(app_: Any, held: Any) -> None:
        top_up(stage, rng, shooters, bullets)
        step(app_, held)

    scene.step = timed("step", step_with_bullets)  # type: ignore[method-assign]
    app.draw = timed("render", app.draw)  # type: ignore[method-assign]
    app.present = timed("present", app.present)  # type: ignore[method-assign]
    policies: dict[str, Any] = {"today": FixedStepClock(), "old (up to 5 steps)": OldStepClock(DT)}
    out: dict[str, dict[str, list[float]]] = {
        name: {
            k: []
            for k in ("frame", "steps", "step", "render", "present", "cpu")
            + ("cpu_step", "cpu_render", "cpu_present")
        }
        for name in policies
    }
    per_round = max(1, frames // rounds)
    ticker = pygame.time.Clock()  # the loop's 120 FPS cap, as App._run has it
    for _ in range(rounds):
        for name, clock in policies.items():
            clock.backlog = 0.0
            previous = time.perf_counter()
            for i in range(WINDOW_WARMUP + per_round):
                parts.clear()
                cpu.clear()
                now = time.perf_counter()
                steps = app.run_frame(clock, now - previous)  # type: ignore[arg-type]
                if i >= WINDOW_WARMUP:
                    row = out[name]
                    row["frame"].append((now - previous) * 1000)
                    row["steps"].append(steps)
                    for part in ("step", "render", "present"):
                        row[part].append(parts.get(part, 0.0) * 1000)
                        row["cpu_" + part].append(cpu.get(part, 0.0) * 1000)
                    row["cpu"].append(sum(cpu.values()) * 1000)
                previous = now
                ticker.tick(120)
    size = pygame.display.get_window_size()
    result: dict[str, Any] = {
        "window": list(size),
        "video_driver": pygame.display.get_driver(),
        "presented": screen_path(app.screen),
        "entities": len(stage.entities),
        "bullets": len(stage.bullets),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "cores": os.cpu_count(),
        "budget_ms": round(FRAME_BUDGET_MS, 3),
        "policies": {},
    }
    for name, row in out.items():
        steps_ = row["steps"]
        frame_ms = sorted(row["frame"])
        stepped = [s / n for s, n in zip(row["step"], steps_, strict=True) if n]
        stepped_cpu = [s / n for s, n in zip(row["cpu_step"], steps_, strict=True) if n]

        def med(values: list[float]) -> float:
            return round(percentile(sorted(values), 50), 3)

        result["policies"][name] = {
            "frames": len(frame_ms),
            "median_ms": med(frame_ms),
            "p99_ms": round(percentile(frame_ms, 99), 3),
            "max_ms": round(frame_ms[-1], 3),
            "fps": round(1000 * len(frame_ms) / max(sum(frame_ms), 1e-9), 1),
            "steps_per_frame": {str(n): steps_.count(n) for n in sorted(set(steps_))},
            "game_speed": round(sum(steps_) * DT * 1000 / max(sum(frame_ms), 1e-9), 3),
            "step_ms_per_step": med(stepped),
            "render_ms": med(row["render"]),
            "present_ms": med(row["present"]),
            "cpu_ms_per_frame": med(row["cpu"]),
            "cpu_p99_ms": round(percentile(sorted(row["cpu"]), 99), 3),
            "cpu_step_ms_per_step": med(stepped_cpu),
            "cpu_render_ms": med(row["cpu_render"]),
            "cpu_present_ms": med(row["cpu_present"]),
            "within_budget": percentile(frame_ms, 99) <= FRAME_BUDGET_MS,
        }
    return result  # the window closes with the process (quitting pygame here would
    # invalidate the fonts text.render caches for the rest of a test run)


def run_window(frames: int, env: dict[str, str]) -> dict[str, Any] | str:
    """The window benchmark in a child process on the real display (the caller may run
    on SDL's dummy driver, as `make bench` does); its result, or why it was skipped."""
    import subprocess

    env = {k: v for k, v in env.items() if k != "SDL_VIDEODRIVER"}  # not the dummy
    reason = no_display(env)
    if reason:
        return reason
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    child = subprocess.run(
        [sys.executable, "-m", "bench.pacing", "--window-child", "--frames", str(frames)],
        capture_output=True, text=True, env=env, check=False,
    )  # fmt: skip
    lines = child.stdout.strip().splitlines()
    if child.returncode != 0 or not lines:
        last = (child.stderr.strip().splitlines() or ["no output"])[-1]
        return f"the window could not be measured ({last})"
    result: dict[str, Any] = json.loads(lines[-1])
    return result


def print_window(result: dict[str, Any] | str) -> None:
    if isinstance(result, str):
        print(f"frame pacing in a window: skipped: {result}. Run under a display, e.g. "
              "`Xvfb :9 -screen 0 1920x1080x24 &` then `DISPLAY=:9 make bench`.")  # fmt: skip
        return
    w, h = result["window"]
    print(
        f"frame pacing in a {w}x{h} window: level 3, {result['entities']} entities, "
        f"{result['bullets']} bullets, {result['presented']} path, "
        f"{result['video_driver']} driver; {result['cores']} cores, load average "
        f"{' '.join(str(x) for x in result['load_average'])}"
    )
    print(
        f"  {'loop policy':<21}{'median':>8}{'p99':>9}{'FPS':>7}{'speed':>7}"
        f"{'step/step':>11}{'render':>8}{'present':>9}  steps a frame"
    )
    for name, r in result["policies"].items():
        spread = ", ".join(f"{n}: {c}" for n, c in r["steps_per_frame"].items())
        print(
            f"  {name:<21}{r['median_ms']:>8.2f}{r['p99_ms']:>9.2f}{r['fps']:>7.1f}"
            f"{r['game_speed']:>6.0%} {r['step_ms_per_step']:>10.2f}{r['render_ms']:>8.2f}"
            f"{r['present_ms']:>9.2f}  {spread}"
        )
        print(
            f"  {'  CPU time':<21}{r['cpu_ms_per_frame']:>8.2f}{r['cpu_p99_ms']:>9.2f}"
            f"{'':>14}{r['cpu_step_ms_per_step']:>11.2f}{r['cpu_render_ms']:>8.2f}"
            f"{r['cpu_present_ms']:>9.2f}"
        )
    today = result["policies"].get("today", {})
    verdict = "ok" if today.get("within_budget") else "OVER"
    print(
        f"  (ms: wall time, then this thread's CPU time, whose gap is time spent waiting for"
        f" a core; the budget is p99 wall <= {result['budget_ms']:.1f} ms: {verdict})"
    )


def parse_sizes(text: str) -> list[tuple[int, int]]:
    """'1920x1080,3840x2160' -> [(1920, 1080), (3840, 2160)]."""
    sizes: list[tuple[int, int]] = []
    if not text.strip():
        return sizes
    for part in text.split(","):
        w, _, h = part.strip().lower().partition("x")
        if not (w.isdigit() and h.isdigit() and int(w) > 0 and int(h) > 0):
            raise argparse.ArgumentTypeError(f"not a window size like 1920x1080: {part!r}")
        if int(w) < 480 or int(h) < 270:  # 0.1's path, the reference, raises below a frame
            raise argparse.ArgumentTypeError(f"smaller than one 480x270 frame: {part!r}")
        sizes.append((int(w), int(h)))
    return sizes


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.pacing", description="Frame time with the debug overlay on."
    )
    parser.add_argument("--level", type=Path, help="map to measure (default: the largest shipped)")
    parser.add_argument(
        "--frames",
        type=int,
        metavar="N",
        help="frames to time (1800; 240 per loop policy with --window)",
    )
    parser.add_argument("--seed", type=int, default=1, metavar="S")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--present",
        type=parse_sizes,
        default=list(PRESENT_SIZES),
        metavar="WxH,...",
        help="window sizes, each at least 480x270, to time presenting in "
        "(default 1920x1080,3840x2160; '' skips)",
    )
    parser.add_argument("--present-frames", type=int, default=120, metavar="N")
    parser.add_argument(
        "--siege-frames", type=int, default=600, metavar="N", help="siege frames (0 skips)"
    )
    parser.add_argument("--present-child", choices=("cpu", "gpu"), help=argparse.SUPPRESS)
    parser.add_argument(
        "--window",
        action="store_true",
        help="frame pacing in a 1440x810 window on level 3 with a crowd and bullets only",
    )
    parser.add_argument("--window-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.window_child:
        print(json.dumps(measure_window(max(1, args.frames or WINDOW_FRAMES))))
        return 0
    if args.window:
        window = run_window(max(1, args.frames or WINDOW_FRAMES), dict(os.environ))
        if args.json:
            print(json.dumps({"window": window}))
        else:
            print_window(window)
        return 0
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    env = dict(os.environ)  # before the game's Screen sets anything
    if args.present_child:
        print(json.dumps(present_samples(args.present_child, args.present, args.present_frames)))
        return 0
    from gunner.level import LevelError

    try:
        path = args.level or largest_level()
        result = measure(path, max(1, args.frames or 1800), args.seed)
        siege = measure_siege(args.siege_frames) if args.siege_frames > 0 else None
        present = measure_present(args.present, max(1, args.present_frames), env)
    except (LevelError, FileNotFoundError) as exc:
        print(f"bench.pacing: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps({**result, "siege": siege, "present": present}))
        return 0
    print(
        f"{result['level']}: {result['frames']} frames "
        f"(step + render + debug overlay + present, {result['presented']} path, "
        f"{result['video_driver']} video driver)\n"
        f"  median {result['median_ms']:.2f} ms   p99 {result['p99_ms']:.2f} ms   "
        f"max {result['max_ms']:.2f} ms   (budget {result['budget_ms']:.1f} ms: "
        f"{'ok' if result['within_budget'] else 'OVER'})"
    )
    if siege:
        print(
            f"siege, last wave ({siege['enemies'][0]}-{siege['enemies'][1]} enemies on the "
            f"stage): {siege['frames']} frames, no overlay\n"
            f"  median {siege['median_ms']:.2f} ms   p99 {siege['p99_ms']:.2f} ms   "
            f"max {siege['max_ms']:.2f} ms   (budget {siege['budget_ms']:.1f} ms: "
            f"{'ok' if siege['within_budget'] else 'OVER'})"
        )
    if present:
        print("present one frame, median ms (0.1's CPU scaling + flip | today's | ratio)")
        for row in present:
            print(
                f"  {row['size']:>9}   {row['cpu_0_1_ms']:8.2f} | {row['gpu_ms']:8.2f} | "
                f"{row['ratio']:.2f}x   (today: {row['path']})"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
