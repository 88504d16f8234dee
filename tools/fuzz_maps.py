"""Fuzz the map loader: seeded mutations of the shipped maps through --check, load and
a few hundred steps with rendering, each in a forked child, so a crash, a hang or a
traceback is caught and reported instead of ending the run.

    python tools/fuzz_maps.py [--mutants N] [--seed S] [--steps K] [--jobs J]   (make fuzz)

A clean refusal (LevelError: one line naming the file) is a pass; any other exception,
a child killed by a signal, or a child over its time limit is a failure, printed with
its seed so it can be replayed (`--only SEED`). Exit status 1 if any failed.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import random
import re
import shutil
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TIME_LIMIT = 20.0  # seconds per mutant: --check, load, steps and render together

# Values a careless designer (or a hostile file) might type.
NASTY = [
    "",
    "-1",
    "0",
    "1e39",
    "-1e39",
    "nan",
    "-nan",
    "inf",
    "-inf",
    "0x10",
    "lots",
    "far",
    "1e308",
    "-0.0",
    "99999999999999999999",
    "3.5",
    "true",
    "  7 ",
    "red",
    "purple",
    "exit,kill_al",
    "destroy_drums",
    "\u00e9\u00e8",
    "A" * 5000,
    "1" * 400,
    "-2147483649",
]
ATTRS = ["x", "y", "width", "height", "id", "gid", "rotation", "width", "height",
         "tilewidth", "tileheight", "firstgid", "margin", "spacing", "tilecount", "columns",
         "offsetx", "offsety", "opacity", "visible", "encoding", "compression",
         "parallaxx", "parallaxy", "tintcolor", "repeatx", "template", "duration",
         "tileid", "parallaxoriginx", "trans"]  # fmt: skip
# Tiled features a designer may add to a map (groups, image layers, tile objects,
# templates, animations), with {} filled from NASTY or plausible values.
FEATURES = [
    '<group offsetx="{}" opacity="{}" tintcolor="{}" visible="{}" parallaxx="{}">'
    '<imagelayer offsety="{}"><image source="../assets/bg_far.png"/></imagelayer></group>',
    '<imagelayer repeatx="1" repeaty="{}" offsetx="{}" parallaxy="{}">'
    '<image source="../assets/{}"/></imagelayer>',
    '<imagelayer name="{}"/>',
    '<objectgroup parallaxx="{}" offsetx="{}"><object id="9001" gid="{}" x="{}" y="{}" '
    'width="{}" height="{}" rotation="{}"/></objectgroup>',
    '<objectgroup><object id="9002" template="{}" x="{}" y="{}"/></objectgroup>',
    '<group visible="{}"><group offsetx="{}" tintcolor="{}"><objectgroup>'
    '<object id="9003" type="Soldier" x="{}" y="{}"><point/></object></objectgroup>'
    "</group></group>",
]
PLAUSIBLE = ["0", "1", "0.5", "8.5", "-3", "16", "#ff8080", "#80ff0000", "2", "3", "1.5",
             "tiles.png", "bg_near.png", "../assets/tiles.tsx", "x.tx", "x.tj", "200"]  # fmt: skip


def mutate(text: str, rng: random.Random) -> str:
    """A few random edits of the kinds that have broken maps before."""
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(8)
        if kind == 0:  # an attribute's value
            attr = rng.choice(ATTRS)
            spots = [m.span(1) for m in re.finditer(rf'\b{attr}="([^"]*)"', text)]
            if spots:
                a, b = rng.choice(spots)
                text = text[:a] + rng.choice(NASTY) + text[b:]
        elif kind == 1:  # a property's value
            spots = [m.span(1) for m in re.finditer(r'<property [^>]*value="([^"]*)"', text)]
            if spots:
                a, b = rng.choice(spots)
                text = text[:a] + rng.choice(NASTY) + text[b:]
        elif kind == 2:  # a property added to some object
            spots = [m.end() for m in re.finditer(r"<object [^>]*>", text)]
            if spots:
                at = rng.choice(spots)
                name = rng.choice(["health", "speed", "range", "radius", "ammo", "fire_rate",
                                   "damage", "color", "item", "drop", "objective"])  # fmt: skip
                value = rng.choice(NASTY)
                prop = f'<properties><property name="{name}" value="{value}"/></properties>'
                text = text[:at] + prop + text[at:]
        elif kind == 3:  # a cut
            if len(text) > 10:
                a = rng.randrange(len(text))
                text = text[:a] + text[a + rng.randint(1, 200) :]
        elif kind == 4:  # a duplicated chunk
            if len(text) > 10:
                a = rng.randrange(len(text))
                b = min(len(text), a + rng.randint(1, 400))
                text = text[:b] + text[a:b] + text[b:]
        elif kind == 5:  # a class changed
            spots = [m.span(1) for m in re.finditer(r'type="([^"]*)"', text)]
            if spots:
                a, b = rng.choice(spots)
                classes = ["Player", "Exit", "Door", "OilDrum", "Soldier", "Rifleman", "Turret",
                           "Drone", "Pickup", "Keycard", "Checkpoint", "", "Boss"]  # fmt: skip
                text = text[:a] + rng.choice(classes) + text[b:]
        elif kind == 7:  # a Tiled feature added, with odd or plausible values
            feature = rng.choice(FEATURES)
            values = [rng.choice(NASTY + PLAUSIBLE * 3) for _ in range(feature.count("{}"))]
            text = text.replace("</map>", feature.format(*values) + "</map>", 1)
        else:  # an object turned into a point, or a point into a huge rectangle
            text = (
                text.replace("<point/>", "<ellipse/>", 1)
                if rng.random() < 0.5
                else re.sub(
                    r"(<object [^>]*?)(/?>)", r'\1 width="1e9" height="1e9"\2', text, count=1
                )
            )
    return text


def _child(map_path: str, steps: int, queue: mp.Queue) -> None:
    """Run one mutant: --check, load, steps with rendering. Report what happened."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    try:
        import contextlib
        import io

        import pygame

        from gunner.check import run
        from gunner.input import RandomInput
        from gunner.level import LevelError, load_level
        from gunner.render import draw_stage
        from gunner.stage import Stage

        with contextlib.redirect_stdout(io.StringIO()):
            checked = run([map_path])
        pygame.display.init()
        pygame.display.set_mode((480, 270))
        try:
            level = load_level(map_path)
        except LevelError as exc:
            line = str(exc)
            ok = "\n" not in line and map_path in line
            queue.put(("refused" if ok else "bad-refusal", f"check={checked} {line[:200]}"))
            return
        from gunner.assets import Art

        stage = Stage(level, seed=1)
        art, surface, source = Art(), pygame.Surface((480, 270)), RandomInput(1)
        for k in range(steps):
            stage.step(source.next())
            if k % 20 == 0:
                draw_stage(surface, stage, art)
        stage.check_invariants()
        queue.put(("played", f"check={checked}"))
    except BaseException:  # noqa: BLE001 - the point is to catch anything at all
        queue.put(("crash", traceback.format_exc(limit=6)[-1500:]))


def run_one(seed: int, steps: int, workdir: Path) -> tuple[str, str]:
    rng = random.Random(seed)
    source = rng.choice(sorted((ROOT / "levels").glob("*.tmx")))
    folder = workdir / f"m{seed}"
    (folder / "levels").mkdir(parents=True, exist_ok=True)
    assets = folder / "assets"
    if not assets.exists():
        assets.symlink_to(ROOT / "assets")
    target = folder / "levels" / "mutant.tmx"
    target.write_text(mutate(source.read_text(encoding="utf-8"), rng), encoding="utf-8")
    queue: mp.Queue = mp.get_context("fork").Queue()
    child = mp.get_context("fork").Process(target=_child, args=(str(target), steps, queue))
    child.start()
    child.join(TIME_LIMIT)
    if child.is_alive():
        child.kill()
        child.join()
        return "hang", f"over {TIME_LIMIT:.0f} s"
    if child.exitcode != 0:
        return "killed", f"exit code {child.exitcode}"
    try:
        return queue.get(timeout=2)
    except Exception:  # noqa: BLE001
        return "lost", "the child reported nothing"
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mutants", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--steps", type=int, default=200)
    ap.add_argument("--only", type=int, help="replay one mutant by its seed")
    args = ap.parse_args(argv)
    seeds = [args.only] if args.only is not None else range(args.seed, args.seed + args.mutants)
    counts: dict[str, int] = {}
    failures = []
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="gunner-fuzz-") as tmp:
        for seed in seeds:
            outcome, detail = run_one(seed, args.steps, Path(tmp))
            counts[outcome] = counts.get(outcome, 0) + 1
            if outcome not in ("refused", "played"):
                failures.append((seed, outcome, detail))
                print(f"FAIL seed {seed}: {outcome}: {detail.strip().splitlines()[-1][:200]}")
    took = time.monotonic() - start
    summary = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
    print(f"{sum(counts.values())} mutants in {took:.0f} s: {summary}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
