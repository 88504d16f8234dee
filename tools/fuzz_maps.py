"""Fuzz the map loader with seeded mutants of the shipped maps and their tileset.

    python tools/fuzz_maps.py [--mutants N] [--seed S] [--steps K] [--jobs J]   (make fuzz)

Each mutant is a shipped map (and, often, its tileset) edited the ways careless
designers and hostile files have broken maps before: attribute and property values,
classes and properties drawn from the object schema, cuts and duplicated chunks, Tiled
features, groups nested hundreds deep, stacks of layers, hostile polygon and path
points, tileset counts, gids and image tiles. Each runs in a child process through
`--check`, then load, then a few hundred steps with rendering.

A clean refusal (one line naming the file) is a pass, and so is a map that plays. A
failure is any other exception, a child killed by a signal or over its time limit, a
refusal that is not one line naming the file, or a disagreement: `--check` says "ok"
and play refuses the same file. Failures are printed with their seed, so one can be
replayed with `--only SEED` (and kept with `--keep DIR`). Exit status 1 if any failed.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import random
import re
import shutil
import signal
import sys
import tempfile
import time
import traceback
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gunner.objects import SCHEMA, Prop  # noqa: E402 - after the checkout is on the path

# Per mutant (--check, load, steps and render together): seconds of its own CPU time,
# so a busy machine, where a niced child may wait minutes for a core, is no hang; and
# a generous wall-clock limit for a child that hangs without using the CPU at all.
CPU_LIMIT = 30
WALL_LIMIT = 600.0
TILESET = "tiles.tsx"  # the default tileset, in assets/

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
# Numbers that have broken gids and counts: sign, 32-bit edges, Tiled's flip flags.
BIG = ["0", "-1", "33", "4097", "65536", "99999", "2147483647", "2147483648",
       "4294967295", "4294967296", "3221225473", "1e9", "1.5"]  # fmt: skip
# Hostile coordinates for polygon and polyline points.
BAD_POINT = ["nan", "inf", "-inf", "1e30", "-1e30", "1e308", "", "x", "1e400"]


def _replace_one(text: str, pattern: str, rng: random.Random, value: str) -> str:
    """Put `value` in place of group 1 of one random match of `pattern`."""
    spots = [m.span(1) for m in re.finditer(pattern, text)]
    if not spots:
        return text
    a, b = rng.choice(spots)
    return text[:a] + value + text[b:]


def _schema_value(prop: Prop, rng: random.Random) -> str:
    """A value for one schema property: legal, at or past its edges, or plain nasty."""
    choices: list[Any] = [prop.default, *prop.allowed]
    if prop.low is not None:
        choices += [prop.low, prop.low - 1, prop.low - 0.5]
    if prop.high is not None:
        choices += [prop.high, prop.high + 1, prop.high * 1000]
    choices += ["x" * (prop.max_len + 1)]
    if rng.random() < 0.4:
        return rng.choice(NASTY)
    value = rng.choice(choices)
    return str(value).lower() if isinstance(value, bool) else str(value)


def schema_property(rng: random.Random, cls: str | None = None) -> tuple[str, str]:
    """A `<properties>` block for an object of `cls` (or any class), and the class.

    Names and types come from the schema itself, so a new class or property is
    fuzzed without editing this file; now and then a reserved or unknown name.
    """
    cls = cls if cls in SCHEMA else rng.choice(sorted(SCHEMA))
    props = SCHEMA[cls].props
    if props and rng.random() < 0.85:
        name = rng.choice(sorted(props))
        prop = props[name]
        kind = prop.type if rng.random() < 0.8 else rng.choice(["int", "bool", "float", "color"])
        value = _schema_value(prop, rng)
    else:
        name = rng.choice(["name", "type", "id", "class", "Health", "speeed", "x"])
        kind, value = "string", rng.choice(NASTY + PLAUSIBLE)
    typed = "" if kind == "string" else f' type="{kind}"'
    return f'<properties><property name="{name}"{typed} value="{value}"/></properties>', cls


def _points(rng: random.Random) -> str:
    """A polygon's or path's points: few or over a thousand, some hostile."""
    count = rng.choice([1, 2, 3, 5, 1001, 1500, 5000])
    pts = [f"{rng.randint(-300, 300)},{rng.randint(-300, 300)}" for _ in range(count)]
    for _ in range(rng.randint(0, 2)):
        k = rng.randrange(count)
        pts[k] = f"{rng.choice(BAD_POINT)},{rng.randint(-5, 5)}"
    return " ".join(pts)


def _nest(text: str, rng: random.Random) -> str:
    """Wrap the map's layers in groups, nested up to thousands deep."""
    depth = rng.choice([2, 10, 200, 999, 1000, 3000])
    body = re.search(r"(<layer .*</objectgroup>|<layer .*</layer>)", text, re.S)
    if not body:
        return text
    a, b = body.span(1)
    opening = "".join(f'<group id="{8000 + k}" name="g{k}">' for k in range(depth))
    return text[:a] + opening + text[a:b] + "</group>" * depth + text[b:]


def _stack(text: str, rng: random.Random) -> str:
    """Copy one tile layer many times (a designer's stack of decoration layers)."""
    layer = re.search(r"<layer .*?</layer>", text, re.S)
    if not layer:
        return text
    copies = rng.choice([2, 8, 30, 60])
    more = "".join(
        re.sub(r'id="\d+"', f'id="{7000 + k}"', layer.group(0), count=1) for k in range(copies)
    )
    return text[: layer.end()] + more + text[layer.end() :]


def mutate(text: str, rng: random.Random) -> str:
    """A few random edits of the map, of the kinds that have broken maps before."""
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(14)
        if kind == 0:  # an attribute's value
            attr = rng.choice(ATTRS)
            text = _replace_one(text, rf'\b{attr}="([^"]*)"', rng, rng.choice(NASTY))
        elif kind == 1:  # a property's value
            text = _replace_one(text, r'<property [^>]*value="([^"]*)"', rng, rng.choice(NASTY))
        elif kind == 2:  # a property of the object's own class, drawn from the schema
            spots = [
                (m.end(), m.group(1))
                for m in re.finditer(r'<object [^>]*type="([^"]*)"[^>]*>', text)
            ]
            if spots:
                at, cls = rng.choice(spots)
                block, _ = schema_property(rng, cls)
                text = text[:at] + block + text[at:]
        elif kind == 3:  # a cut
            if len(text) > 10:
                a = rng.randrange(len(text))
                text = text[:a] + text[a + rng.randint(1, 200) :]
        elif kind == 4:  # a duplicated chunk
            if len(text) > 10:
                a = rng.randrange(len(text))
                b = min(len(text), a + rng.randint(1, 400))
                text = text[:b] + text[a:b] + text[b:]
        elif kind == 5:  # a class changed, to any the schema knows or none
            classes = [*sorted(SCHEMA), "", "Boss", "Zombie"]
            text = _replace_one(text, r'type="([^"]*)"', rng, rng.choice(classes))
        elif kind == 6:  # a new object of any class, with a property from the schema
            block, cls = schema_property(rng)
            x, y = rng.randint(-50, 3000), rng.randint(-50, 700)
            shape = "<point/>" if SCHEMA[cls].shape == "point" else ""
            size = "" if shape else ' width="32" height="48"'
            obj = f'<object id="9100" type="{cls}" x="{x}" y="{y}"{size}>{block}{shape}</object>'
            text = text.replace("</objectgroup>", obj + "</objectgroup>", 1)
        elif kind == 7:  # a Tiled feature added, with odd or plausible values
            feature = rng.choice(FEATURES)
            values = [rng.choice(NASTY + PLAUSIBLE * 3) for _ in range(feature.count("{}"))]
            text = text.replace("</map>", feature.format(*values) + "</map>", 1)
        elif kind == 8:  # groups nested deep
            text = _nest(text, rng)
        elif kind == 9:  # layers stacked
            text = _stack(text, rng)
        elif kind == 10:  # hostile points: an existing path, or a new polygon or polyline
            points = _points(rng)
            if "<polyline" in text and rng.random() < 0.5:
                text = _replace_one(text, r'<polyline points="([^"]*)"', rng, points)
            else:
                cls = rng.choice(["Exit", "Platform", "", *sorted(SCHEMA)])
                tag = rng.choice(["polygon", "polyline"])
                shape = f'<{tag} points="{points}"/>'
                obj = f'<object id="9200" type="{cls}" x="200" y="200">{shape}</object>'
                text = text.replace("</objectgroup>", obj + "</objectgroup>", 1)
        elif kind == 11:  # the tileset's first gid
            text = _replace_one(text, r'<tileset firstgid="([^"]*)"', rng, rng.choice(BIG))
        elif kind == 12:  # a gid in a tile layer
            spots = [m.span() for m in re.finditer(r"\b\d+\b", text[text.find("<data") :])]
            if spots:
                offset = text.find("<data")
                a, b = rng.choice(spots[:20000])
                text = text[: offset + a] + rng.choice(BIG) + text[offset + b :]
        else:  # an object turned into a point, or a point into a huge rectangle
            text = (
                text.replace("<point/>", "<ellipse/>", 1)
                if rng.random() < 0.5
                else re.sub(
                    r"(<object [^>]*?)(/?>)", r'\1 width="1e9" height="1e9"\2', text, count=1
                )
            )
    return text


def mutate_tileset(text: str, rng: random.Random) -> str:
    """One or two edits of the tileset: counts, sizes, its image, its tiles."""
    for _ in range(rng.randint(1, 2)):
        kind = rng.randrange(6)
        if kind == 0:  # a count the image cannot hold, or none
            text = _replace_one(text, r'\btilecount="([^"]*)"', rng, rng.choice(BIG + NASTY))
        elif kind == 1:
            text = _replace_one(text, r'\bcolumns="([^"]*)"', rng, rng.choice(BIG + NASTY))
        elif kind == 2:  # the image's stated size, or the tile size
            attr = rng.choice(["width", "height", "tilewidth", "tileheight", "margin", "spacing"])
            text = _replace_one(text, rf'\b{attr}="([^"]*)"', rng, rng.choice(BIG + NASTY))
        elif kind == 3:  # a tile of its own image (an image-collection tile)
            source = rng.choice(["tiles.png", "soldier.png", "missing.png", "../../x.png", ""])
            image = f'<image source="{source}" width="16" height="16"/>'
            tile = f'<tile id="{rng.choice(BIG[:6])}">{image}</tile>'
            text = text.replace("</tileset>", tile + "</tileset>", 1)
        elif kind == 4:  # a tile's id out of range
            text = _replace_one(text, r'<tile id="([^"]*)"', rng, rng.choice(BIG + NASTY))
        else:  # a tile's property
            text = _replace_one(text, r'<property name="solid"[^>]*value="([^"]*)"', rng,
                                rng.choice(NASTY))  # fmt: skip
    return text


def _limited_child(map_path: str, steps: int, queue: Any) -> None:
    """`_child` in the process `run_one` starts, under a CPU time limit: past the soft
    limit the system ends it with SIGXCPU (`run_one` says hang). The limit is set here,
    never in `_child`, which tests call in their own process."""
    import resource

    resource.setrlimit(resource.RLIMIT_CPU, (CPU_LIMIT, CPU_LIMIT + 5))
    _child(map_path, steps, queue)


def _child(map_path: str, steps: int, queue: Any) -> None:
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

        report = io.StringIO()
        with contextlib.redirect_stdout(report):
            checked = run([map_path], out=report)
        first = report.getvalue().splitlines()[:1] or [""]
        pygame.display.init()
        pygame.display.set_mode((480, 270))
        try:
            level = load_level(map_path)
            from gunner.assets import Art

            stage = Stage(level, seed=1)
        except LevelError as exc:
            line = str(exc)
            if "\n" in line or map_path not in line:
                queue.put(("bad-refusal", line[:300]))
            elif checked == 0:
                queue.put(("disagree", f"--check said ok; play refused: {line[:300]}"))
            else:
                queue.put(("refused", f"check={checked} {line[:200]}"))
            return
        art, surface, source = Art(), pygame.Surface((480, 270)), RandomInput(1)
        for k in range(steps):
            stage.step(source.next())
            if k % 20 == 0:
                draw_stage(surface, stage, art)
        stage.check_invariants()
        queue.put(("played", f"check={checked} {first[0][:200]}"))
    except BaseException:  # noqa: BLE001 - the point is to catch anything at all
        queue.put(("crash", traceback.format_exc(limit=6)[-1500:]))


def make_mutant(seed: int, folder: Path) -> Path:
    """Write mutant `seed` (a map, and its own tileset) into `folder`; the map's path."""
    rng = random.Random(seed)
    source = rng.choice(sorted((ROOT / "levels").glob("*.tmx")))
    (folder / "levels").mkdir(parents=True, exist_ok=True)
    assets = folder / "assets"
    assets.mkdir(exist_ok=True)
    # The map's own tileset (a level look's `tiles_NAME.tsx`, else tiles.tsx) is mutated.
    used = re.search(r'source="\.\./assets/([\w.]+\.tsx)"', source.read_text(encoding="utf-8"))
    own = used.group(1) if used else TILESET
    for item in (ROOT / "assets").iterdir():  # the art shared, the tileset the mutant's own
        if item.name != own and not (assets / item.name).exists():
            (assets / item.name).symlink_to(item)
    tileset = (ROOT / "assets" / own).read_text(encoding="utf-8")
    if rng.random() < 0.3:
        tileset = mutate_tileset(tileset, rng)
    (assets / own).write_text(tileset, encoding="utf-8")
    target = folder / "levels" / "mutant.tmx"
    target.write_text(mutate(source.read_text(encoding="utf-8"), rng), encoding="utf-8")
    return target


def run_one(seed: int, steps: int, workdir: Path) -> tuple[str, str]:
    folder = workdir / f"m{seed}"
    target = make_mutant(seed, folder)
    context = mp.get_context("forkserver")
    queue = context.Queue()
    child = context.Process(target=_limited_child, args=(str(target), steps, queue))
    try:
        child.start()
        child.join(WALL_LIMIT)
        if child.is_alive():
            child.kill()
            child.join()
            return "hang", f"over {WALL_LIMIT:.0f} s, waiting"
        if child.exitcode == -signal.SIGXCPU:
            return "hang", f"over {CPU_LIMIT} s of CPU"
        if child.exitcode != 0:
            return "killed", f"exit code {child.exitcode}"
        try:
            return queue.get(timeout=5)
        except Exception:  # noqa: BLE001
            return "lost", "the child reported nothing"
    finally:
        queue.close()
        shutil.rmtree(folder, ignore_errors=True)


PASSES = ("refused", "played")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description="Fuzz the map loader with seeded mutants of the shipped maps and "
        "their tileset, through --check, load and play; count every crash, hang, "
        "bad refusal and --check/play disagreement as a failure."
    )
    ap.add_argument("--mutants", type=int, default=300, help="how many mutants (default 300)")
    ap.add_argument("--seed", type=int, default=1, help="the first mutant's seed (default 1)")
    ap.add_argument("--steps", type=int, default=200, help="steps each playable mutant runs")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="mutants run at once (default: one per core)")  # fmt: skip
    ap.add_argument("--only", type=int, help="run one mutant by its seed")
    ap.add_argument("--keep", type=Path, help="copy each failing mutant's folder here")
    args = ap.parse_args(argv)
    if args.jobs < 1 or args.mutants < 0:
        ap.error("--jobs must be at least 1 and --mutants at least 0")
    seeds = [args.only] if args.only is not None else range(args.seed, args.seed + args.mutants)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    # Children fork from a server that has the game imported already: fast to start,
    # and safe though this process runs threads.
    mp.set_forkserver_preload(["pygame", "numpy", "pytmx", "gunner.stage", "gunner.check"])
    counts: dict[str, int] = {}
    failures = []
    start = time.monotonic()
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="gunner-fuzz-") as tmp:

        def one(seed: int) -> tuple[int, str, str]:
            outcome, detail = run_one(seed, args.steps, Path(tmp))
            if outcome not in PASSES and args.keep:
                make_mutant(seed, args.keep / f"m{seed}")
            return seed, outcome, detail

        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for seed, outcome, detail in pool.map(one, seeds):
                counts[outcome] = counts.get(outcome, 0) + 1
                if outcome not in PASSES:
                    failures.append((seed, outcome, detail))
                    last = (detail.strip().splitlines() or [""])[-1][:200]
                    print(f"FAIL seed {seed}: {outcome}: {last}", flush=True)
                if args.only is not None:
                    print(f"seed {seed}: {outcome}: {detail.strip()[:400]}")
    took = time.monotonic() - start
    summary = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
    print(f"{sum(counts.values())} mutants in {took:.0f} s: {summary}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
