"""Hot reload pacing: the longest frame while a saved map is reloaded, as a player sees it.

    python -m bench.reload [--maps DIR] [--only NAME] [--quick] [--repeat N] [--first]

Plays level 1 in the game's own loop (gunner.app.App on SDL's dummy video driver
unless SDL_VIDEODRIVER says otherwise, the map opened as with --level so it is
watched), saves another map over it after a second of play, and times every frame
from that save until the new stage (or the refusal's banner) has been drawn a few
times: the worst frame is what a designer saving in Tiled sees as a stutter. Also
prints the worst frame of the second before the save (the same loop without a
reload, for scale), how long the reload took (from the save to the new stage,
including the watcher's half-second poll).

The maps: the shipped levels, level 1 widened to 10,000 columns, level 1 with its
tile layers stacked to about 5 MB (drawn, and again with the copies hidden, which
parse the same but draw as level 1 does), level 1 named by a 20 MB property, and
level 1 with its tileset's file named by 20 MB (refused), and level 1 with 100,000
more objects (refused). They are written to a temporary folder, or --maps (kept).
--quick measures the first shipped level only.

Each save is made by another process, as Tiled makes it (until 2026-11-26 the
benchmark saved in the game's loop, and a 20 MB save's own writing was the slowest
frame; --saves compares the two ways). Beside each frame's wall time, its CPU time on
the main thread is kept: the most any frame took while a map reloaded (*main CPU*)
does not grow with the machine's load, and shows whether the game's main thread did
anything that grows with the map.

The target: no frame over 50 ms while a save is reloaded. Two contenders, each map
saved once under each, in turn, both with the map reader's process (gunner.apart):
*before*, the map read there and the stage built and tried for a step on the
reload's worker thread (main until the build moved), which takes turns with the
frames for Python's lock while it unpickles the level, builds the stage and copies
it; *after*, the stage read, built and tried there and only taken in here
(`gunner.hotreload.build_apart`, the game's way). The process is started once,
before the first map, as a designer's first save starts it; its start-up time is
printed. First, for each map, the main thread's longest gap while a stage is only
built (a thread waking every 2 ms): the stall the build itself causes, nothing
drawn. *No reload* is the same loop with nothing saved, as long as a reload of that
map took: the machine's own noise, measured between the two contenders' runs.

*CPU here* is the CPU time the build took in the game's process (on the reload's
thread, taking turns with the frames for Python's lock): unlike the frame times, it
does not grow with the machine's load.

The last good stage must keep playing until the new one is ready: "played" is how
many steps the old stage took while the reload ran, as a share of the steps its
wall-clock time holds (100 % is play that never paused; frames that stall lose steps).

A first load goes behind the loading screen (a worker thread of the game's own
process builds the scene, and a map of 1 MB or more is read and built in the app's
reader process): for each map, how long the first load took, when the LOADING screen
was first drawn, and the longest frame meanwhile. A load over about a second must show
that it is loading, and keep drawing. --first compares only first loads, each map read
on the loading screen's thread (before) and as the game reads it, the reader's process
started by the load (cold) or before it (warm).

This is a measurement, not a test: run it on a quiet machine. On a busy one, --repeat
N measures everything N times and keeps the least worst frame of each: another
program's stalls only add to a frame, the reload's own stall is there every time.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pygame

    from gunner.apart import Worker
    from gunner.app import App
    from gunner.stage import Stage

    Build = Any  # a callable(reader, path, seed, crowd, design, check) -> Stage

WIDE = 10_000  # columns of the widened map
STACKED_BYTES = 5_000_000  # size the stacked map reaches
SETTLE_S = 1.0  # play before the save
AFTER_S = 0.5  # play after the new stage is in
TIMEOUT_S = 300.0  # a 100,000-object map read on a thread of a busy machine


LAYER = re.compile(
    r'<layer id="(\d+)" name="([^"]*)" width="(\d+)" height="(\d+)"[^>]*>'
    r'\s*<data encoding="csv">\s*(.*?)\s*</data>\s*</layer>',
    re.S,
)
AFTER_FRAMES = 5  # frames after the swap still counted: the new stage's first draws
TARGET_S = 0.050  # issue 24: no frame longer than this while a save is reloaded


def _layers(text: str) -> list[re.Match[str]]:
    return list(LAYER.finditer(text))


def widen(source: Path, target: Path, width: int = WIDE) -> Path:
    """`source` with every tile layer repeated sideways to `width` columns."""
    text = source.read_text(encoding="utf-8")
    old = int(re.search(r'<map [^>]*width="(\d+)"', text).group(1))  # type: ignore[union-attr]

    def wide(match: re.Match[str]) -> str:
        rows = [r.rstrip(",").split(",") for r in match.group(5).split("\n")]
        rows = [(row * (width // len(row) + 1))[:width] for row in rows]
        data = ",\n".join(",".join(row) for row in rows)
        return (
            f'<layer id="{match.group(1)}" name="{match.group(2)}" width="{width}" '
            f'height="{match.group(4)}">\n  <data encoding="csv">\n{data}\n</data>\n </layer>'
        )

    for match in reversed(_layers(text)):
        text = text[: match.start()] + wide(match) + text[match.end() :]
    text = re.sub(r'(<map [^>]*?)width="\d+"', rf'\1width="{width}"', text, count=1)
    assert old < width
    target.write_text(text, encoding="utf-8")
    _copy_neighbours(source, target)
    return target


def stack(source: Path, target: Path, size: int = STACKED_BYTES, hidden: bool = False) -> Path:
    """`source` with its tile layers copied over and over until the file is `size` bytes
    (the copies `hidden`: parsed and checked, never drawn)."""
    text = source.read_text(encoding="utf-8")
    layers = _layers(text)
    block = "\n".join(m.group(0) for m in layers)
    copies, next_id = [], 1000
    while len(text) + sum(map(len, copies)) < size:
        for match in layers:
            copy = match.group(0).replace(f'id="{match.group(1)}"', f'id="{next_id}"', 1)
            copy = copy.replace(f'name="{match.group(2)}"', f'name="copy {next_id}"', 1)
            if hidden:
                copy = copy.replace(f'id="{next_id}"', f'id="{next_id}" visible="0"', 1)
            copies.append(copy)
            next_id += 1
    end = layers[-1].end()
    text = text[:end] + "\n" + "\n".join(copies) + text[end:]
    text = re.sub(r'nextlayerid="\d+"', f'nextlayerid="{next_id}"', text, count=1)
    assert block
    target.write_text(text, encoding="utf-8")
    _copy_neighbours(source, target)
    return target


def long_name(source: Path, target: Path, size: int = 20_000_000) -> Path:
    """`source` with a map `name` property of `size` characters."""
    text = source.read_text(encoding="utf-8")
    text = re.sub(r'(<property name="name" value=")[^"]*"', rf'\g<1>{"N" * size}"', text, count=1)
    target.write_text(text, encoding="utf-8")
    _copy_neighbours(source, target)
    return target


def long_tileset(source: Path, target: Path, size: int = 20_000_000) -> Path:
    """`source` with its tileset's file named by `size` characters: refused (no such
    file can exist), with a cause that quotes the name."""
    text = source.read_text(encoding="utf-8")
    text = re.sub(r'(<tileset [^>]*source=")[^"]*"', rf'\g<1>{"N" * size}.tsx"', text, count=1)
    target.write_text(text, encoding="utf-8")
    _copy_neighbours(source, target)
    return target


def many_objects(source: Path, target: Path, count: int = 100_000) -> Path:
    """`source` with `count` more objects of a class the game does not know."""
    text = source.read_text(encoding="utf-8")
    junk = "".join(
        f'<object id="{100_000 + i}" type="Junk" x="{i % 4000}" y="16"/>\n' for i in range(count)
    )
    text = text.replace("</objectgroup>", junk + "</objectgroup>", 1)
    text = re.sub(r'nextobjectid="\d+"', f'nextobjectid="{100_000 + count}"', text, count=1)
    target.write_text(text, encoding="utf-8")
    _copy_neighbours(source, target)
    return target


def _copy_neighbours(source: Path, target: Path) -> None:
    """The map's relative references (../assets/tiles.tsx) must resolve from `target`."""
    assets = source.parent.parent / "assets"
    if not (target.parent.parent / "assets").exists():
        (target.parent.parent / "assets").symlink_to(assets)


def save_over(path: Path, data: bytes) -> None:
    """Save `data` as the map at `path` as Tiled does: a new file renamed over the old."""
    fresh = path.with_suffix(".tmp")
    fresh.write_bytes(data)
    os.replace(fresh, path)


# Tiled's save, made by another process: the map's bytes copied to a new file renamed
# over the old one.
_SAVE = (
    "import os, shutil, sys; source, path = sys.argv[1:]; "
    "shutil.copyfile(source, path + '.tmp'); os.replace(path + '.tmp', path)"
)


def save_apart(path: Path, source: Path) -> subprocess.Popen[bytes]:
    """Save `source` over the map at `path` from another process, as the designer's Tiled
    does: the game's process writes nothing (a 20 MB map took 40-110 ms to read and
    write, which a save made in the game's loop added to the frame it was made in)."""
    return subprocess.Popen([sys.executable, "-c", _SAVE, str(source), str(path)])


def build_before(
    reader: Worker, path: Path, seed: int, crowd: int, design: str, check: Any
) -> Stage:
    """The reload as it was before the build moved: the map read in `reader`'s process,
    the stage built and its first step tried on a copy here, on the calling thread."""
    from gunner.hotreload import build_stage
    from gunner.maps import load_level

    return build_stage(path, seed, crowd, design, lambda p: reader.call(load_level, p, check=check))


def contenders() -> dict[str, Build]:
    from gunner.hotreload import build_apart

    return {"before": build_before, "after": build_apart}


def build_gaps(path: Path, reader: Worker, build: Build) -> tuple[float, float, float]:
    """The longest gap, and the 99th percentile, in ms, between the main thread's wake-ups
    (every 2 ms asked) while a worker thread has `build` make a stage of the map at
    `path`: the stall the build alone causes, without drawing or stepping anything.
    Third, the CPU time the build took in the game's process, in ms: what it takes from
    the frames however busy the machine is (the reader's process is not counted)."""
    import threading

    from gunner.apart import Failed
    from gunner.maps import LevelError

    done = threading.Event()
    cpu = [0.0]

    def read() -> None:
        start = time.thread_time()
        try:
            build(reader, path, 0, 0, "ours", lambda: None)
        except (LevelError, Failed):
            pass
        finally:
            cpu[0] = time.thread_time() - start
            done.set()

    gaps: list[float] = []
    last = time.perf_counter()
    threading.Thread(target=read, daemon=True).start()
    while True:  # at least one wake-up, however quick the read
        time.sleep(0.002)
        now = time.perf_counter()
        gaps.append(now - last)
        last = now
        if done.is_set():
            break
    gaps.sort()
    return gaps[-1] * 1000, gaps[int(len(gaps) * 0.99)] * 1000, cpu[0] * 1000


def measure(
    app: App,
    playing: Path,
    saved: Path | None,
    reader: Worker,
    build: Build,
    quiet_s: float = 0,
    save_here: bool = False,
) -> dict[str, Any]:
    """Play `playing` in the game's loop, save `saved`'s bytes over it, and time every
    frame from the save until the new stage (or the refusal) has been shown a few times.
    `build` makes the new stage with `reader`. With `saved` None nothing is saved: the
    frames of `quiet_s` seconds of play after the first second are timed instead.
    The save is made by another process, as Tiled makes it; `save_here` makes it in the
    game's loop instead, as this benchmark did before (its frame then holds the save).
    Each frame's CPU time on the main thread is kept too: unlike its wall time, it
    does not grow with the machine's load, and it shows whether the game itself did
    something long in that frame."""
    import pygame

    from gunner.app import FixedStepClock
    from gunner.config import DT
    from gunner.hotreload import Reloader
    from gunner.scenes.pause import PauseScene
    from gunner.scenes.play import PlayScene

    scene = PlayScene(playing)
    scene.reader = reader

    cpu: list[float] = []  # the build's CPU time in this process, on its thread

    def make(job: Any) -> Stage:
        seed = scene.stage.seed
        start = time.thread_time()
        try:
            return build(scene.reader, scene.path, seed, scene.crowd, scene.design, job.check)
        finally:
            cpu.append(time.thread_time() - start)

    scene.reloader = Reloader(make)
    app.reset_to(scene)
    # The dummy display's window says it lost focus when made, which pauses play.
    pygame.event.clear()
    clock = pygame.time.Clock()
    stepper = FixedStepClock()
    previous = started = time.perf_counter()
    previous_cpu = time.thread_time()
    saving: subprocess.Popen[bytes] | None = None
    saved_at: float | None = None
    done_at: float | None = None
    old = scene.stage
    steps_at_save = steps_at_swap = 0
    worst = before = 0.0
    frames = after = 0
    during: list[float] = []  # every frame from the save to the new stage's first draws
    during_cpu: list[float] = []  # their CPU time on the main thread
    parts: list[int] = []
    worst_parts: list[int] = []
    while True:
        now, now_cpu = time.perf_counter(), time.thread_time()
        frame = now - previous
        if saved_at is not None and after <= AFTER_FRAMES:
            during.append(frame)
            during_cpu.append(now_cpu - previous_cpu)
            if frame >= worst:
                worst, worst_parts = frame, parts
        elif saved_at is None and frames > 10:  # past the first frames' caches
            before = max(before, frame)
        frames += 1
        steps = stepper.advance(frame)
        previous, previous_cpu = now, now_cpu
        marks = [time.perf_counter()]
        app.frame(steps)
        marks.append(time.perf_counter())
        app.draw()
        marks.append(time.perf_counter())
        app.present()
        marks.append(time.perf_counter())
        clock.tick(120)
        marks.append(time.perf_counter())
        parts = [round((b - a) * 1000) for a, b in zip(marks, marks[1:], strict=False)]
        if saved_at is None and now - started > SETTLE_S:
            if saved is not None and save_here:
                save_over(playing, saved.read_bytes())
            elif saved is not None:
                saving = save_apart(playing, saved)
            saved_at = time.perf_counter()
            steps_at_save = old.steps
        elif saved is None and saved_at is not None and done_at is None:
            if now - saved_at > quiet_s:  # nothing was saved: as long as a reload took
                done_at = time.perf_counter()
                steps_at_swap = old.steps
        elif saved_at is not None and done_at is None:
            if scene.stage is not old or scene.reload_error:
                done_at = time.perf_counter()
                steps_at_swap = old.steps
            elif now - saved_at > TIMEOUT_S:
                print(f"{saved}: not reloaded within {TIMEOUT_S:.0f} s", file=sys.stderr)
                done_at = time.perf_counter()
                steps_at_swap = old.steps
        elif done_at is not None:
            after += 1
            if now - done_at > AFTER_S and after > AFTER_FRAMES:
                break
    assert saved_at is not None and done_at is not None
    if saving is not None:
        saving.wait()
    # (The new map may end the run, game over or complete: those are part of play.)
    paused = any(isinstance(s, PauseScene) for s in app.scenes)
    assert not paused, "something paused the play while it was measured"
    return {
        "before_ms": before * 1000,
        "worst_ms": worst * 1000,
        # Frames over the target, and the 99th percentile: a long reload on a busy machine
        # meets the machine's own stalls too, and one of them may be the worst frame.
        "over": sum(f > TARGET_S for f in during),
        "frames": len(during),
        "p99_ms": sorted(during)[int(len(during) * 0.99)] * 1000,
        "parts": worst_parts,
        "reload_s": done_at - saved_at,
        # The old stage's steps during the reload, as a share of what the time holds.
        "played": (steps_at_swap - steps_at_save) * DT / (done_at - saved_at),
        "refused": bool(scene.reload_error),
        "cpu_ms": sum(cpu) * 1000,
        # The most CPU any one frame took on the main thread while it reloaded.
        "main_cpu_ms": max(during_cpu) * 1000,
    }


def _over(run: dict[str, Any]) -> str:
    """Frames over the target, of all the frames while it reloaded."""
    return f"{run['over']}/{run['frames']}"


def _least(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The run whose worst frame is the least: other programs' stalls only ever add to a
    frame, so the least of several is the nearest to what the reload itself costs."""
    return min(runs, key=lambda run: run["worst_ms"])


def _most_cpu(runs: list[dict[str, Any]]) -> float:
    """The least, over the repeats, of the most CPU one frame took on the main thread."""
    return min(run["main_cpu_ms"] for run in runs)


def compare_saves(app: App, levels: Path, maps: list[Path], reader: Worker, repeat: int) -> None:
    """For each map, the reload's frames with the save made in the game's loop (as this
    benchmark made it until 2026-11-26) and by another process (as Tiled makes it), in
    turn, `repeat` times each; the least worst frame of each, with the main thread's
    CPU time in its most costly frame."""
    from gunner.hotreload import build_apart

    level1 = levels / "level1.tmx"
    playing = levels / "playing.tmx"
    print("The save made in the game's loop, and by another process (the reload in the")
    print("reader's process both ways): worst frame, and the most main-thread CPU in one frame.")
    print(f"{'saved map':<17} {'worst: in loop, apart':>22} {'main CPU: in loop, apart':>26}")
    for path in maps:
        runs: dict[bool, list[dict[str, Any]]] = {True: [], False: []}
        for _ in range(repeat):
            for in_loop in (True, False):
                shutil.copy(level1, playing)
                run = measure(app, playing, path, reader, build_apart, save_here=in_loop)
                runs[in_loop].append(run)
        here, apart = _least(runs[True]), _least(runs[False])
        print(
            f"{path.name:<17} {here['worst_ms']:>12.0f}ms {apart['worst_ms']:>7.0f}ms "
            f"{_most_cpu(runs[True]):>16.0f}ms {_most_cpu(runs[False]):>7.0f}ms",
            flush=True,
        )


def measure_first_load(
    app: App, path: Path, apart: bool = True, idle: float | None = None
) -> dict[str, Any]:
    """Open `path` as `--level` does, behind the loading screen, in the game's loop:
    the load's length, when the LOADING screen was first drawn (None: never, the load
    was quicker than the screen's delay), the longest frame meanwhile, how many frames
    took over 50 ms, and the most CPU time the main thread spent in one frame. `apart`:
    as the game reads it (a big map in the app's reader process); else every map on the
    loading screen's thread, as before. `idle`: no map read at all, the loading thread
    only sleeps that long (the machine's own noise, for scale)."""
    import pygame

    from gunner.scenes.base import Scene
    from gunner.scenes.loading import SHOW_AFTER, LoadingScene
    from gunner.scenes.play import PlayScene
    from gunner.scenes.playing import opening

    refused: list[Exception] = []
    reader = app.reader if apart else None

    def make() -> Scene:
        if idle is None:
            return PlayScene(path, reader=reader)
        time.sleep(idle)
        return app.router.make("title")

    loading = LoadingScene(make, path, on_error=refused.append)
    drawn = loading.draw
    shown: list[float] = []

    def draw(app: App, surface: pygame.Surface) -> None:
        drawn(app, surface)
        if not shown and loading.elapsed >= SHOW_AFTER:
            shown.append(time.perf_counter())

    loading.draw = draw  # type: ignore[method-assign]
    app.running = True
    app.reset_to(loading)
    pygame.event.clear()
    clock = pygame.time.Clock()
    started = previous = time.perf_counter()
    worst, over, cpu = 0.0, 0, 0.0
    while app.running and app.scenes[-1] is loading:
        now = time.perf_counter()
        over += now - previous > TARGET_S
        worst, previous = max(worst, now - previous), now
        began = time.thread_time()
        app.frame(1)
        app.draw()
        app.present()
        cpu = max(cpu, time.thread_time() - began)
        clock.tick(120)
    loaded = time.perf_counter() - started
    return {
        "load_s": loaded,
        "shown_s": shown[0] - started if shown else None,
        "worst_ms": worst * 1000,
        "over": over,
        "cpu_ms": cpu * 1000,
        "refused": bool(refused),
        "apart": apart and opening.big(path),
    }


def compare_first_loads(app: App, maps: list[Path], repeat: int) -> None:
    """Each map's first load, in turn: read on the loading screen's thread (*before*);
    as the game reads it now, a big map in the reader's process, started by the load
    (*cold*: the first big map of a session opened with --level) or already started
    (*warm*: level select starts it when it lists a big map); and *idle*, the loading
    screen as long as *cold*, reading nothing (the machine's own noise)."""
    from gunner.scenes.playing.opening import ready

    print("First loads, behind the loading screen: before (on the loading screen's thread);")
    print("a map of 1 MB or more in the reader's process, started by the load (cold) or")
    print("before it (warm); idle: the loading screen as long as cold, nothing read.")
    print(
        f"{'map':<17} {'size':>8} {'load before, cold, warm':>24} "
        f"{'LOADING shown before, cold, warm':>33} "
        f"{'worst frame before, cold, warm, idle':>37} "
        f"{'>50ms before, cold, warm, idle':>31} {'main CPU before, cold, warm, idle':>34}"
    )
    for path in maps:
        runs: dict[str, list[dict[str, Any]]] = {"before": [], "cold": [], "warm": [], "idle": []}
        for _ in range(repeat):
            for name in runs:
                app.reader.close()
                if name == "warm":
                    app.reader.call(ready)
                idle = runs["cold"][-1]["load_s"] if name == "idle" else None
                runs[name].append(measure_first_load(app, path, name != "before", idle))
        least = [min(r, key=lambda r: r["worst_ms"]) for r in runs.values()]

        def shown(run: dict[str, Any]) -> str:
            return "-" if run["shown_s"] is None else f"{run['shown_s']:.2f}s"

        flag = (" refused" if least[1]["refused"] else "") + (
            "" if least[1]["apart"] else " (small: read on the thread)"
        )
        print(
            f"{path.name:<17} {path.stat().st_size / 1e6:>6.2f}MB "
            + " ".join(f"{r['load_s']:>6.2f}s" for r in least[:3])
            + "   "
            + " ".join(f"{shown(r):>7}" for r in least[:3])
            + "   "
            + " ".join(f"{r['worst_ms']:>6.0f}ms" for r in least)
            + "   "
            + " ".join(f"{r['over']:>4}" for r in least)
            + "   "
            + " ".join(f"{r['cpu_ms']:>5.0f}ms" for r in least)
            + flag,
            flush=True,
        )
    app.reader.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--maps", type=Path, help="folder for the generated maps (kept)")
    parser.add_argument("--only", help="measure only the maps whose name contains this")
    parser.add_argument("--quick", action="store_true", help="the first shipped level only")
    parser.add_argument(
        "--saves",
        action="store_true",
        help="only compare, for each map, the save made in the game's loop (as this "
        "benchmark made it before) with the save made by another process (as Tiled does)",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        metavar="N",
        help="save (and read) each map N times under each contender, in turn, and keep "
        "the least worst frame (a busy machine's own stalls vary from save to save)",
    )
    parser.add_argument(
        "--first",
        action="store_true",
        help="only compare first loads: every map read on the loading screen's thread "
        "(before) and big maps read in the reader's process (after)",
    )
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from gunner.app import App
    from gunner.config import LEVELS_DIR

    work = args.maps or Path(tempfile.mkdtemp(prefix="gunner-reload-"))
    levels = work / "levels"
    levels.mkdir(parents=True, exist_ok=True)
    maps = []
    for shipped in sorted(LEVELS_DIR.glob("*.tmx")):
        maps.append(Path(shutil.copy(shipped, levels / shipped.name)))
        _copy_neighbours(shipped, levels / shipped.name)
    level1 = LEVELS_DIR / "level1.tmx"
    maps.append(widen(level1, levels / f"wide{WIDE}.tmx"))
    maps.append(stack(level1, levels / "stacked5mb.tmx"))
    maps.append(stack(level1, levels / "hidden5mb.tmx", hidden=True))
    maps.append(long_name(level1, levels / "name20mb.tmx"))
    maps.append(long_tileset(level1, levels / "tileset20mb.tmx"))
    maps.append(many_objects(level1, levels / "objects100k.tmx"))
    maps = [m for m in maps if not args.only or args.only in m.name]
    if args.quick:
        maps = maps[:1]
    from gunner.apart import Worker

    app = App()
    if args.first:
        compare_first_loads(app, maps, max(1, args.repeat))
        if args.maps is None:
            shutil.rmtree(work)
        return 0
    builds = contenders()
    reader = Worker()
    started = time.perf_counter()
    reader.call(int, "0")
    print(f"The map reader's process started in {time.perf_counter() - started:.2f}s.")
    if args.saves:
        compare_saves(app, levels, maps, reader, max(1, args.repeat))
        reader.close()
        return 0
    print("The main thread's longest gap (and 99th percentile) while a stage is only built,")
    print("and the CPU time the build took in the game's process (least of the repeats):")
    print(f"{'map':<17} {'gap before':>18} {'gap after':>18} {'CPU before, after':>20}")
    for path in maps:
        gaps = {
            name: [build_gaps(path, reader, build) for _ in range(max(1, args.repeat))]
            for name, build in builds.items()
        }
        cells = [f"{min(gaps[n])[0]:>7.0f}ms ({min(gaps[n])[1]:>4.0f}ms)" for n in builds]
        cpu = [min(g[2] for g in gaps[n]) for n in builds]
        print(
            f"{path.name:<17} {cells[0]:>18} {cells[1]:>18} {cpu[0]:>10.0f}ms {cpu[1]:>7.0f}ms",
            flush=True,
        )
    print()
    print("Playing level 1, the designer saves each map over it: frames while it reloads.")
    print("before: the stage built and tried on the reload's thread; after: in the reader's")
    print("process. no reload: as long with nothing saved (worst, p99, >50ms, between them).")
    print(
        f"{'saved map':<17} {'size':>8} {'no reload: worst p99 >50':>25} "
        f"{'worst before, after':>20} {'p99 before, after':>18} {'>50ms before, after':>20} "
        f"{'reload before, after':>21} {'played before, after':>21} "
        f"{'CPU here before, after':>22} {'main CPU: none, before, after':>30}"
        "  after's worst: steps, draw, present, wait ms"
    )
    playing = levels / "playing.tmx"
    for path in maps:
        runs: dict[str, list[dict[str, Any]]] = {name: [] for name in [*builds, "quiet"]}
        for _ in range(max(1, args.repeat)):
            for name, build in builds.items():
                shutil.copy(level1, playing)
                runs[name].append(measure(app, playing, path, reader, build))
                if name == "before":  # the machine's noise, between the two
                    shutil.copy(level1, playing)
                    length = runs[name][-1]["reload_s"]
                    runs["quiet"].append(measure(app, playing, None, reader, build, length))
        before, after, quiet = (_least(runs[name]) for name in runs)
        size = f"{path.stat().st_size / 1e6:.2f} MB"
        flag = " refused" if after["refused"] else ""
        print(
            f"{path.name:<17} {size:>8} {quiet['worst_ms']:>8.0f}ms {quiet['p99_ms']:>5.0f}ms "
            f"{_over(quiet):>8} "
            f"{before['worst_ms']:>9.0f}ms {after['worst_ms']:>6.0f}ms "
            f"{before['p99_ms']:>8.0f}ms {after['p99_ms']:>6.0f}ms "
            f"{_over(before):>11} {_over(after):>8} "
            f"{before['reload_s']:>10.2f}s {after['reload_s']:>8.2f}s "
            f"{before['played']:>11.0%} {after['played']:>8.0%} "
            f"{before['cpu_ms']:>12.0f}ms {after['cpu_ms']:>6.0f}ms "
            f"{_most_cpu(runs['quiet']):>12.0f}ms {_most_cpu(runs['before']):>6.0f}ms "
            f"{_most_cpu(runs['after']):>6.0f}ms  {after['parts']}{flag}",
            flush=True,
        )
    print()
    print("First load, behind the loading screen (as --level opens a map):")
    print(f"{'map':<17} {'load':>8} {'LOADING shown':>14} {'worst frame':>12}")
    for path in maps:
        first = measure_first_load(app, path)
        shown = "-" if first["shown_s"] is None else f"{first['shown_s']:.2f}s"
        flag = " refused" if first["refused"] else ""
        print(
            f"{path.name:<17} {first['load_s']:>7.2f}s {shown:>14} "
            f"{first['worst_ms']:>10.0f}ms{flag}",
            flush=True,
        )
    reader.close()
    if args.maps is None:
        shutil.rmtree(work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
