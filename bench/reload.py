"""Hot reload pacing: the longest frame while a saved map is reloaded, as a player sees it.

    python -m bench.reload [--maps DIR] [--keep]

Plays each map in the game's own loop (gunner.app.App on SDL's dummy video driver
unless SDL_VIDEODRIVER says otherwise, the map opened as with --level so it is
watched), saves it again (same bytes, new mtime) after a second of play, and times
every frame from that save until the new stage is in play: the worst frame is what
a designer saving in Tiled sees as a stutter. Also prints how long the reload took
(from the save to the new stage), which includes the watcher's half-second poll.

The maps: the shipped levels, level 1 widened to 10,000 columns, and level 1 with
its tile layers stacked to about 5 MB (written to a temporary folder, or --maps).
This is a measurement, not a test: run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gunner.app import App

WIDE = 10_000  # columns of the widened map
STACKED_BYTES = 5_000_000  # size the stacked map reaches
SETTLE_S = 1.0  # play before the save
AFTER_S = 0.5  # play after the new stage is in
TIMEOUT_S = 60.0


LAYER = re.compile(
    r'<layer id="(\d+)" name="([^"]*)" width="(\d+)" height="(\d+)"[^>]*>'
    r'\s*<data encoding="csv">\s*(.*?)\s*</data>\s*</layer>',
    re.S,
)
AFTER_FRAMES = 5  # frames after the swap still counted: the new stage's first draws


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


def _copy_neighbours(source: Path, target: Path) -> None:
    """The map's relative references (../assets/tiles.tsx) must resolve from `target`."""
    assets = source.parent.parent / "assets"
    if not (target.parent.parent / "assets").exists():
        (target.parent.parent / "assets").symlink_to(assets)


def resave(path: Path) -> None:
    """Save the map again as Tiled does: a new file renamed over the old one."""
    data = path.read_bytes()
    fresh = path.with_suffix(".tmp")
    fresh.write_bytes(data)
    os.replace(fresh, path)


def measure(app: App, path: Path) -> dict[str, float]:
    """Play `path` in the game's loop, save it, and time the frames until it is reloaded."""
    import pygame

    from gunner.app import FixedStepClock
    from gunner.scenes.play import PlayScene

    opened = time.perf_counter()
    scene = PlayScene(path)
    first_load = time.perf_counter() - opened
    app.reset_to(scene)
    clock = pygame.time.Clock()
    stepper = FixedStepClock()
    previous = time.perf_counter()
    started = previous
    saved_at: float | None = None
    done_at: float | None = None
    old = scene.stage
    worst = playing = 0.0
    frames = after = 0
    parts: list[int] = []
    worst_parts: list[int] = []
    while True:
        now = time.perf_counter()
        frame = now - previous
        if saved_at is not None and after <= AFTER_FRAMES:
            worst = max(worst, frame)
        elif saved_at is None and frames > 10:  # past the first frames' caches
            playing = max(playing, frame)
        frames += 1
        if saved_at is not None and after <= AFTER_FRAMES and frame >= worst:
            worst_parts = parts
        steps = stepper.advance(frame)
        previous = now
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
            resave(path)
            saved_at = time.perf_counter()
        elif saved_at is not None and done_at is None:
            if scene.stage is not old or scene.reload_error:
                done_at = time.perf_counter()
            elif now - saved_at > TIMEOUT_S:
                raise RuntimeError(f"{path}: not reloaded within {TIMEOUT_S} s")
        elif done_at is not None:
            after += 1
            if now - done_at > AFTER_S and after > AFTER_FRAMES:
                break
    assert saved_at is not None and done_at is not None
    return {
        "first_load_s": first_load,
        "worst_frame_ms": worst * 1000,
        "playing_ms": playing * 1000,
        "reload_s": done_at - saved_at,
        "error": bool(scene.reload_error),
        "parts": worst_parts,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--maps", type=Path, help="folder for the generated maps (kept)")
    parser.add_argument("--switch", type=float, help="sys.setswitchinterval (experiment)")
    args = parser.parse_args(argv)
    if args.switch:
        sys.setswitchinterval(args.switch)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from gunner.config import LEVELS_DIR

    work = args.maps or Path(tempfile.mkdtemp(prefix="gunner-reload-"))
    levels = work / "levels"
    levels.mkdir(parents=True, exist_ok=True)
    maps = []
    for shipped in sorted(LEVELS_DIR.glob("*.tmx")):
        maps.append(shutil.copy(shipped, levels / shipped.name))
        _copy_neighbours(shipped, levels / shipped.name)
    level1 = LEVELS_DIR / "level1.tmx"
    maps.append(widen(level1, levels / f"wide{WIDE}.tmx"))
    maps.append(stack(level1, levels / "stacked5mb.tmx"))
    maps.append(stack(level1, levels / "hidden5mb.tmx", hidden=True))
    from gunner.app import App

    app = App()
    print(
        f"{'map':<18} {'size':>8} {'first load':>10} {'frame playing':>14} "
        f"{'frame reloading':>16} {'reload':>7}"
    )
    for path in map(Path, maps):
        row = measure(app, path)
        size = f"{path.stat().st_size / 1e6:.2f} MB"
        flag = "  (refused)" if row["error"] else ""
        print(
            f"{path.name:<18} {size:>8} {row['first_load_s']:>9.2f}s "
            f"{row['playing_ms']:>12.0f}ms {row['worst_frame_ms']:>14.0f}ms "
            f"{row['reload_s']:>6.2f}s{flag}  (steps, draw, present, wait: {row['parts']})",
            flush=True,
        )
    if args.maps is None:
        shutil.rmtree(work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
