"""Broad-phase benchmark: ``python -m bench [--quick] [--json] [--sizes 250,1000]``.

One process, one seeded workload, every contender side by side. Each frame, every item
does what the stage does: ``remove`` it, move it (bouncing inside the world), ``query``
its own hitbox ignoring itself, ``add`` it back. Workloads:

* ``moving N``: N items of 24x48 in a 6,400x1,280 world, N in 250/1,000/2,000/4,000.
* ``bullets``: 200 entities of 24x48 plus 3,000 fast 6x6 bullets, all doing the same
  loop (a bullet's query finds what it hits).

Contenders: brute force (``FRect.collidelistall`` over every hitbox, all pairs in C);
the SDL2 "gunner" tutorial's fixed-depth quadtree, re-implemented here faithfully as the
reference; a classic threshold-split quadtree rebuilt from scratch every frame; a uniform
grid with de-duplication; ``pyqtree``; ``fastquadtree`` (Rust); and ours,
`gunner.quadtree.Quadtree`. Optional libraries are imported lazily and skipped with a
note when missing.

Every contender's results are filtered exactly (``colliderect``) and checked, query by
query and frame by frame, against brute force; any difference aborts loudly. Columns:
median ms/frame after warm-up, candidate checks/frame (candidates each contender hands
back or examines; for libraries that return exact hits that is the hits), real
overlaps/frame (one per querier per item it overlaps) and time relative to ours.

Then the design race (``--race`` runs only it): the real ``Stage.step`` under each F4
design (ours, the tutorial's quadtree, the uniform grid, brute force), one stage per
design stepped in turn in one process, hit-stop off, timed in thread time: level 3
with 1,000 soldiers and 250 turrets (the crowd alone; 2,000 enemy bullets in flight;
2,000 player bullets through the crowd) and every shipped level as played by seeded
random input. It ends with one table of medians and ours over the best other design.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from gunner.broadphase import TutorialQuadtree, UniformGrid  # noqa: E402
from gunner.quadtree import Quadtree  # noqa: E402

FRect = pygame.FRect
WORLD_W = 6400.0
WORLD_H = 1280.0
ENTITY_SIZE = (24.0, 48.0)
BULLET_SIZE = (6.0, 6.0)
SEED = 1234
# CPU time of this thread, not wall time: on a shared machine, time spent waiting for
# a core is not the contender's cost (bench.pacing keeps wall time: presenting
# involves the display server, another process).
CLOCK = time.thread_time


class Body:
    """A benchmark item: a hitbox, a velocity, a stable id and a slot for adapters."""

    __slots__ = ("hitbox", "vx", "vy", "mx", "my", "id", "box")

    def __init__(self, i: int, x: float, y: float, w: float, h: float, vx: float, vy: float):
        self.hitbox = FRect(x, y, w, h)
        self.vx = vx
        self.vy = vy
        self.mx = WORLD_W - w  # largest x that keeps it inside the world
        self.my = WORLD_H - h
        self.id = i
        self.box: Any = None  # adapters for libraries remember the last bbox here

    def __repr__(self) -> str:
        return f"Body({self.id})"


def move(b: Body) -> None:
    """Advance one frame, bouncing off the world's edges (same for every contender)."""
    hb = b.hitbox
    x = hb.x + b.vx
    if x < 0.0 or x > b.mx:
        b.vx = -b.vx
        x = hb.x + b.vx
    y = hb.y + b.vy
    if y < 0.0 or y > b.my:
        b.vy = -b.vy
        y = hb.y + b.vy
    hb.x = x
    hb.y = y


def make_bodies(entities: int, bullets: int = 0, seed: int = SEED) -> list[Body]:
    """The seeded workload: entities walk (<=3 px/frame), bullets fly (6-12 px/frame)."""
    rng = random.Random(seed)
    out: list[Body] = []
    for kind, count, speed in ((ENTITY_SIZE, entities, 3.0), (BULLET_SIZE, bullets, 12.0)):
        w, h = kind
        for _ in range(count):
            vx = rng.uniform(-speed, speed)
            vy = rng.uniform(-speed, speed) * (0.3 if kind is ENTITY_SIZE else 1.0)
            x = rng.uniform(0.0, WORLD_W - w)
            y = rng.uniform(0.0, WORLD_H - h)
            out.append(Body(len(out), x, y, w, h, vx, vy))
    return out


# --------------------------------------------------------------------------------------
# Contenders. Each is a class whose `step(bodies, results)` runs one frame and appends
# each query's exact hits to `results`; `checks` counts candidates examined.
# --------------------------------------------------------------------------------------


class Contender:
    """Base: a name, a candidate counter and the per-frame loop."""

    name = "?"

    def __init__(self, bodies: list[Body]) -> None:
        self.checks = 0

    def step(self, bodies: list[Body], results: list[list[Body]]) -> None:
        raise NotImplementedError


class BruteForce(Contender):
    """All pairs: every query tests every hitbox (in C, via ``collidelistall``)."""

    name = "brute force"

    def __init__(self, bodies: list[Body]) -> None:
        super().__init__(bodies)
        self.rects = [b.hitbox for b in bodies]  # the same FRects, mutated in place

    def step(self, bodies: list[Body], results: list[list[Body]]) -> None:
        rects = self.rects
        n = len(rects)
        for b in bodies:
            move(b)
            # The querier is "removed" while it queries; it is the only absent item.
            results.append(
                [bodies[i] for i in b.hitbox.collidelistall(rects) if bodies[i] is not b]
            )
        self.checks += n * (n - 1)


class TreeLike(Contender):
    """Anything with add/remove/query(rect, ignore): the game's own loop."""

    def make(self, bodies: list[Body]) -> Any:
        raise NotImplementedError

    def __init__(self, bodies: list[Body]) -> None:
        super().__init__(bodies)
        self.tree = self.make(bodies)
        for b in bodies:
            self.tree.add(b)

    def step(self, bodies: list[Body], results: list[list[Body]]) -> None:
        tree = self.tree
        remove = tree.remove
        add = tree.add
        query = tree.query
        append = results.append
        for b in bodies:
            remove(b)
            move(b)
            append(query(b.hitbox, b))
            add(b)
        self.checks = tree.checks


class Ours(TreeLike):
    name = "ours"

    def make(self, bodies: list[Body]) -> Any:
        # The game passes the largest entity's size as the typical size.
        return Quadtree((0, 0, WORLD_W, WORLD_H), typical_size=ENTITY_SIZE)


class Tutorial(TreeLike):
    """The game's own copy of the tutorial's tree (gunner.broadphase, F4 in play)."""

    name = "tutorial (depth 4)"
    depth = 4

    def make(self, bodies: list[Body]) -> Any:
        return TutorialQuadtree((0.0, 0.0, WORLD_W, WORLD_H), self.depth)


class _RNode:
    __slots__ = ("x0", "y0", "x1", "y1", "depth", "items", "kids")

    def __init__(self, x0: float, y0: float, x1: float, y1: float, depth: int) -> None:
        self.x0, self.y0, self.x1, self.y1, self.depth = x0, y0, x1, y1, depth
        self.items: list[tuple[float, float, float, float, Body]] = []
        self.kids: list[_RNode] | None = None


class Rebuilt(Contender):
    """Classic threshold-split quadtree (capacity 8), cleared and rebuilt every frame.

    Items move during the frame after the rebuild, so queries grow by the largest
    per-frame speed; candidates are then tested against current hitboxes.
    """

    name = "rebuilt each frame"
    capacity = 8
    max_depth = 8

    def __init__(self, bodies: list[Body]) -> None:
        super().__init__(bodies)
        self.mx = max(abs(b.vx) for b in bodies) if bodies else 0.0
        self.my = max(abs(b.vy) for b in bodies) if bodies else 0.0

    def _insert(self, node: _RNode, entry: tuple) -> None:
        x0, y0, x1, y1, _ = entry
        while True:
            kids = node.kids
            if kids is not None:
                mx = (node.x0 + node.x1) * 0.5
                my = (node.y0 + node.y1) * 0.5
                if x1 < mx:
                    i = 0 if y1 < my else (2 if y0 >= my else -1)
                elif x0 >= mx:
                    i = 1 if y1 < my else (3 if y0 >= my else -1)
                else:
                    i = -1
                if i >= 0:
                    node = kids[i]
                    continue
            node.items.append(entry)
            if kids is None and len(node.items) > self.capacity and node.depth < self.max_depth:
                self._split(node)
            return

    def _split(self, node: _RNode) -> None:
        mx = (node.x0 + node.x1) * 0.5
        my = (node.y0 + node.y1) * 0.5
        d = node.depth + 1
        node.kids = [
            _RNode(node.x0, node.y0, mx, my, d),
            _RNode(mx, node.y0, node.x1, my, d),
            _RNode(node.x0, my, mx, node.y1, d),
            _RNode(mx, my, node.x1, node.y1, d),
        ]
        items, node.items = node.items, []
        for e in items:
            self._insert(node, e)

    def step(self, bodies: list[Body], results: list[list[Body]]) -> None:
        root = _RNode(0.0, 0.0, WORLD_W, WORLD_H, 0)
        insert = self._insert
        for b in bodies:
            x, y, w, h = b.hitbox
            insert(root, (x, y, x + w, y + h, b))
        gx, gy = self.mx, self.my
        checks = 0
        for b in bodies:
            move(b)
            hb = b.hitbox
            collide = hb.colliderect
            x, y, w, h = hb
            qx0, qy0, qx1, qy1 = x - gx, y - gy, x + w + gx, y + h + gy
            found = []
            stack = [root]
            while stack:
                n = stack.pop()
                if n.x0 > qx1 or n.x1 < qx0 or n.y0 > qy1 or n.y1 < qy0:
                    continue
                if n.kids is not None:
                    stack.extend(n.kids)
                checks += len(n.items)
                for e in n.items:
                    o = e[4]
                    if collide(o.hitbox) and o is not b:
                        found.append(o)
            results.append(found)
        self.checks += checks


class Grid(TreeLike):
    """The game's uniform grid (gunner.broadphase, F4 in play)."""

    name = "uniform grid 64"

    def make(self, bodies: list[Body]) -> Any:
        return UniformGrid((0.0, 0.0, WORLD_W, WORLD_H), 64.0)


class PyQtree(Contender):
    """``pyqtree.Index``: insert(item, bbox) / remove(item, bbox) / intersect(bbox)."""

    name = "pyqtree"

    def __init__(self, bodies: list[Body]) -> None:
        super().__init__(bodies)
        import pyqtree

        self.index = pyqtree.Index(bbox=(0.0, 0.0, WORLD_W, WORLD_H))
        for b in bodies:
            x, y, w, h = b.hitbox
            b.box = (x, y, x + w, y + h)
            self.index.insert(b, b.box)

    def step(self, bodies: list[Body], results: list[list[Body]]) -> None:
        index = self.index
        remove, insert, intersect = index.remove, index.insert, index.intersect
        checks = 0
        for b in bodies:
            remove(b, b.box)
            move(b)
            hb = b.hitbox
            x, y, w, h = hb
            box = (x, y, x + w, y + h)
            cands = intersect(box)  # inclusive edges: filter exactly below
            checks += len(cands)
            collide = hb.colliderect
            results.append([o for o in cands if o is not b and collide(o.hitbox)])
            insert(b, box)
            b.box = box
        self.checks += checks


class FastQuadtree(Contender):
    """``fastquadtree.RectQuadTree`` (Rust) with integer ids; a move is one ``update``.

    Measured faster than delete + insert around the query (two calls per item, not
    three); ids index the body list so no object store is needed.
    """

    name = "fastquadtree"
    capacity = 16

    def __init__(self, bodies: list[Body]) -> None:
        super().__init__(bodies)
        from fastquadtree import RectQuadTree

        self.tree = RectQuadTree((0.0, 0.0, WORLD_W, WORLD_H), self.capacity, dtype="f64")
        self.by_id = {b.id: b for b in bodies}
        for b in bodies:
            x, y, w, h = b.hitbox
            b.box = (x, y, x + w, y + h)
            self.tree.insert(b.box, b.id)

    def step(self, bodies: list[Body], results: list[list[Body]]) -> None:
        tree = self.tree
        update, query = tree.update_tuple, tree.query
        by_id = self.by_id
        checks = 0
        for b in bodies:
            move(b)
            hb = b.hitbox
            x, y, w, h = hb
            box = (x, y, x + w, y + h)
            update(b.id, b.box, box)
            b.box = box
            me = b.id
            cands = query(box)  # (id, x0, y0, x1, y1) tuples, inclusive edges
            checks += len(cands) - 1  # it finds the querier itself; not a candidate
            collide = hb.colliderect
            found = []
            for t in cands:
                if t[0] != me:
                    o = by_id[t[0]]
                    if collide(o.hitbox):
                        found.append(o)
            results.append(found)
        self.checks += checks


# --------------------------------------------------------------------------------------
# Running and reporting.
# --------------------------------------------------------------------------------------


@dataclass
class Row:
    """One line of a table."""

    workload: str
    items: int
    contender: str
    ms: float  # median ms/frame
    checks: float  # candidate checks/frame
    overlaps: float  # real overlaps/frame
    rel: float | None = None  # time / ours
    note: str = ""


def _fingerprint(results: list[list[Body]]) -> int:
    return hash(tuple(tuple(sorted(o.id for o in found)) for found in results))


def run_one(
    cls: type[Contender], make: Callable[[], list[Body]], frames: int, warmup: int
) -> tuple[Row, list[int]]:
    bodies = make()
    c = cls(bodies)
    times: list[float] = []
    prints: list[int] = []
    overlaps = 0
    checks0 = 0
    for f in range(warmup + frames):
        if f == warmup:
            checks0 = c.checks
        results: list[list[Body]] = []
        t0 = CLOCK()
        c.step(bodies, results)
        t1 = CLOCK()
        prints.append(_fingerprint(results))
        if f >= warmup:
            times.append(t1 - t0)
            overlaps += sum(map(len, results))
    row = Row(
        "", len(bodies), cls.name, statistics.median(times) * 1000.0,
        (c.checks - checks0) / frames, overlaps / frames,
    )  # fmt: skip
    return row, prints


def contenders() -> tuple[list[type[Contender]], list[str]]:
    """Every contender that can run here, and notes on those skipped."""
    out: list[type[Contender]] = [BruteForce, Tutorial, Rebuilt, Grid]
    notes = []
    for mod, cls in (("pyqtree", PyQtree), ("fastquadtree", FastQuadtree)):
        try:
            __import__(mod)
        except ImportError:
            notes.append(f"{mod} not installed: skipped (pip install -e '.[bench]')")
        else:
            out.append(cls)
    out.append(Ours)
    return out, notes


def bench_workload(
    label: str, make: Callable[[], list[Body]], frames: int, warmup: int
) -> list[Row]:
    """Run every contender on one workload, verify them against brute force."""
    classes, _ = contenders()
    rows = []
    reference: list[int] | None = None
    for cls in classes:
        row, prints = run_one(cls, make, frames, warmup)
        row.workload = label
        if reference is None:  # brute force runs first
            reference = prints
        elif prints != reference:
            bad = next(i for i, (a, b) in enumerate(zip(prints, reference, strict=True)) if a != b)
            raise SystemExit(
                f"FATAL: {cls.name} disagrees with brute force on {label}, frame {bad}: "
                "it missed or invented overlaps"
            )
        rows.append(row)
    ours = next(r for r in rows if r.contender == Ours.name)
    for r in rows:
        r.rel = r.ms / ours.ms if ours.ms > 0 else None
    return rows


def _pair(workload: str, items: int, r: dict[str, dict[str, float]], note: str = "") -> list[Row]:
    new, old = r["new"], r["0.1.0"]
    return [
        Row(workload, items, "ours (today)", new["ms"], new["checks"], 0.0, 1.0, note),
        Row(
            workload, items, "0.1.0 per-item", old["ms"], old["checks"], 0.0, old["ms"] / new["ms"]
        ),
    ]


def bench_stage(quick: bool = False) -> list[Row]:
    """Whole Stage.step rows, today's design beside 0.1.0's per-item design, each
    stepped in turn in one process (see bench.stage). Checks are the step's
    entity-entity + bullet-entity candidate checks."""
    from bench import stage as sb

    frames, warmup = (3, 1) if quick else (40, 10)
    rows: list[Row] = []
    r = sb.compare(sb.build, sb.BULLETS, frames, warmup)
    rows += _pair("stage step (1,000 walkers + 2,000 bullets, 300x60 tiles)", 3000, r)
    r = sb.compare(lambda: sb.level3(1000), 2000, frames, warmup)
    items = int(r["new"]["entities"] + r["new"]["bullets"])
    rows += _pair("crowd: level 3 + 1,000 soldiers, 250 turrets, 2,000 bullets", items, r)
    r = sb.compare(lambda: sb.level3(0), 10_000, frames, warmup)
    items = int(r["new"]["entities"] + r["new"]["bullets"])
    rows += _pair("10,000 bullets (level 3)", items, r)
    for name in ("level1.tmx", "level2.tmx", "level3.tmx"):
        r = sb.compare(
            lambda name=name: sb.level3(0, name=name, watch=False),
            0,
            frames * 5,
            warmup,
            play=True,
        )
        items = int(r["new"]["entities"])
        rows += _pair(f"shipped {name}, seeded random play", items, r)
    # The crowd rows (bench.stage.crowd_report): µs per entity per step with the crowd
    # step in bulk and with every entity ticking (the step before it), and the largest
    # crowd within a frame both ways (minutes of steps: left out of --quick).
    for c in [] if quick else sb.crowd_report():
        if "soldiers" in c:
            label = f"crowd row: level 3 + {c['soldiers']:,} soldiers, no bullets"
            for how, us, rel, note in (
                ("every entity ticks", c["each_us"], 1.0, ""),
                ("crowd step in bulk", c["bulk_us"], c["ratio"], f", {c['members']} members"),
            ):
                ms = us * c["entities"] / 1000
                rows.append(
                    Row(
                        label,
                        int(c["entities"]),
                        how,
                        ms,
                        0.0,
                        0.0,
                        rel,
                        note=f"{us:.2f} µs/entity/step{note}",
                    )
                )
        else:
            best, tried = c["largest"], c["tried"]
            rows.append(
                Row(
                    "largest level-3 crowd with step + render <= 16.7 ms (the crowd's own fire)",
                    best,
                    "crowd step in bulk" if c["bulk"] else "every entity ticks",
                    tried.get(best, float("nan")),
                    0.0,
                    0.0,
                    note="soldiers: ms " + ", ".join(f"{n}: {ms:.1f}" for n, ms in tried.items()),
                )
            )
    return rows


# --------------------------------------------------------------------------------------
# The design race: the real Stage.step under each F4 design, stepped in turn.
# --------------------------------------------------------------------------------------

RACE_DESIGNS = ("ours", "tutorial", "grid", "brute")
RACE_SOLDIERS = 1000  # and a quarter as many turrets (gunner.crowd)
RACE_BULLETS = 2000


def _no_hitstop(stage: Any) -> Any:
    """Hit-stop off: a frozen step costs nothing and would time nothing."""
    stage.hitstop = lambda steps: None
    return stage


class CrowdFire:
    """Keeps ``bullets`` enemy bullets in flight, fired by the crowd (bench.stage). Each
    stage's shooters are listed once and kept here, by stage, not on the stage: an
    attribute set on it from outside would be private state it never owned (and the
    state hash would read it)."""

    def __init__(self) -> None:
        self.shooters: dict[int, list[Any]] = {}  # id(stage) -> its enemies, listed once

    def __call__(self, stage: Any, rng: random.Random, bullets: int) -> None:
        from bench.stage import top_up

        shooters = self.shooters.get(id(stage))
        if shooters is None:
            shooters = self.shooters[id(stage)] = [e for e in stage.entities if e.team == "enemy"]
        top_up(stage, rng, shooters, bullets)


def _player_fire(stage: Any, rng: random.Random, bullets: int) -> None:
    """Keep ``bullets`` player bullets in flight through the crowd: fired from random
    floor spots just over the crowd's heads (40 px above the floor), left or right,
    some dipping into it. They carry no damage, so one that strikes a soldier stops
    there as a real hit does while the crowd stays the same for every design and step
    (most fly on: about one in a hundred strikes something each step)."""
    from gunner.crowd import floor_spots

    spots = getattr(stage, "_race_spots", None)
    if spots is None:
        spots = stage._race_spots = floor_spots(stage)
    from bench.stage import BULLET_SPEED

    for _ in range(bullets - len(stage.bullets)):
        x, y, _slack = rng.choice(spots)
        vx = BULLET_SPEED * rng.choice((-1.0, 1.0))
        vy = BULLET_SPEED * rng.choice((0.0, 0.0, 0.25, -0.25))
        stage.bullets.spawn(x, y - 40.0, vx, vy, "player", damage=0)


class _Tape:
    """The floor (``race(floor=True)``): a stage under brute force records every answer
    its classes give, and a twin stage, stepped right after it, is handed the same
    answers (its own entities, matched by serial) at the cost of a list pop, filing
    with a dict's own C methods. No design can answer for less, so the twin's step
    time is the least any broad phase could take on that workload."""

    def __init__(self) -> None:
        from collections import deque

        from gunner.broadphase import BruteForce, PerItem

        self.answers: deque[Any] = deque()
        self.serials: dict[int, Any] = {}
        self.twin: Any = None
        tape = self

        class Recorder(BruteForce):
            def query(self, rect: Any, ignore: Any = None) -> list[Any]:
                found = super().query(rect, ignore)
                tape.answers.append(list(found))  # callers extend what they get
                return found

            def query_many(self, boxes: Any) -> tuple[Any, list[Any]]:
                n = len(tape.answers)
                found = PerItem.query_many(self, boxes)
                while len(tape.answers) > n:  # one answer for the batch, not per box
                    tape.answers.pop()
                tape.answers.append(found)
                return found

        class Replayer(BruteForce):
            def __init__(self, bounds: Any) -> None:
                super().__init__(bounds)
                self.add = self._where.setdefault  # type: ignore[method-assign,assignment]
                self.remove = self._where.pop  # type: ignore[method-assign,assignment]

            def query(self, rect: Any, ignore: Any = None) -> list[Any]:
                return tape.mine(tape.answers.popleft())

            def query_many(self, boxes: Any) -> tuple[Any, list[Any]]:
                index, found = tape.answers.popleft()
                return index, tape.mine(found)

        self.designs = {"recorder": Recorder, "floor": Replayer}

    def mine(self, found: list[Any]) -> list[Any]:
        """The twin's own entities for the recorder's."""
        serials = self.serials
        for item in found:
            if item.serial not in serials:
                serials.clear()
                serials.update((it.serial, it) for it in self.twin.tree)
                break
        return [serials[item.serial] for item in found]


def race(
    make: Callable[[], Any],
    feed: Callable[[Any, random.Random], None] | None = None,
    frames: int = 40,
    warmup: int = 10,
    play: bool = False,
    designs: Sequence[str] = RACE_DESIGNS,
    floor: bool = False,
) -> dict[str, dict[str, float]]:
    """Median Stage.step ms (thread time) per design, on identical stages stepped in turn
    step by step, who goes first rotating (the machine's drift lands on every design
    alike), hit-stop off.
    ``feed(stage, rng)`` tops up bullets before each step; ``play``: seeded random
    input drives the player. ``floor``: also time the least any design could take
    (`_Tape`). Raises SystemExit if the designs' state hashes differ."""
    from gunner.broadphase import DESIGNS
    from gunner.input import Buttons, RandomInput

    stages = {}
    tape = _Tape() if floor else None
    names = [*(tape.designs if tape else ()), *designs]
    for design in names:
        stage = _no_hitstop(make())
        if tape and design in tape.designs:
            DESIGNS[design] = lambda bounds, typical, cls=tape.designs[design]: cls(bounds)
            try:
                stage.tree.use(design)
            finally:
                del DESIGNS[design]
        else:
            stage.tree.use(design)
        stages[design] = stage
    if tape:
        tape.twin = stages["floor"]
    designs = [d for d in names if d != "recorder"]
    rngs = {d: random.Random(7) for d in designs}
    inputs = {d: RandomInput(11) for d in designs}
    times: dict[str, list[float]] = {d: [] for d in designs}
    checks: dict[str, list[float]] = {d: [] for d in designs}
    rngs["recorder"], inputs["recorder"] = random.Random(7), RandomInput(11)
    # Who steps first turns each step (the recorder and its twin as one), so no design
    # always follows the same one into a cache the other left.
    turns = [[d] for d in stages if d not in ("recorder", "floor")]
    if tape:
        turns.insert(0, ["recorder", "floor"])
    for frame in range(warmup + frames):
        k = frame % len(turns)
        for design in [d for turn in turns[k:] + turns[:k] for d in turn]:
            stage = stages[design]
            if feed is not None:
                feed(stage, rngs[design])
            held = inputs[design].next() if play else Buttons.NONE
            start = CLOCK()
            stage.step(held)
            elapsed = CLOCK() - start
            if frame >= warmup and design != "recorder":
                times[design].append(elapsed)
                c = stage.counters
                checks[design].append(c.entity_entity + c.bullet_entity)
    hashes = {d: st.state_hash() for d, st in stages.items()}
    if len(set(hashes.values())) != 1:
        raise SystemExit(f"FATAL: the designs played differently: {hashes}")
    return {
        d: {
            "ms": statistics.median(times[d]) * 1000,
            "checks": statistics.median(checks[d]),
            "entities": len(stages[d].entities),
            "bullets": len(stages[d].bullets),
        }
        for d in designs
    }


def _race_rows(workload: str, r: dict[str, dict[str, float]]) -> list[Row]:
    """One row per design; ``rel`` is time / ours, and ours' note the verdict:
    ours over the best other design (the target is at most 0.9)."""
    ours = r["ours"]["ms"]
    best = min(v["ms"] for d, v in r.items() if d not in ("ours", "floor"))
    items = int(r["ours"]["entities"] + r["ours"]["bullets"])
    rows = []
    for d, v in r.items():
        note = f"ours / best other {ours / best:.2f}" if d == "ours" else ""
        if d == "floor":
            note = f"no design can take less: floor / best other {v['ms'] / best:.2f}"
        rows.append(Row(workload, items, d, v["ms"], v["checks"], 0.0, v["ms"] / ours, note))
    return rows


def bench_race(quick: bool = False, floor: bool = False) -> list[Row]:
    """The design race: level 3 with 1,000 soldiers and 250 turrets under three
    workloads, then every shipped level as played, every design in turn (and with
    ``floor``, the least any design could take: `_Tape`)."""
    from bench.stage import level3
    from gunner.config import LEVELS_DIR

    frames, warmup = (3, 1) if quick else (80, 10)
    crowd = f"level 3 + {RACE_SOLDIERS:,} soldiers, {RACE_SOLDIERS // 4} turrets"
    rows: list[Row] = []
    for label, feed in (
        ("the crowd alone", None),
        (f"{RACE_BULLETS:,} enemy bullets in flight", CrowdFire()),
        (f"{RACE_BULLETS:,} player bullets through the crowd", _player_fire),
    ):
        fed = None if feed is None else (lambda st, rng, feed=feed: feed(st, rng, RACE_BULLETS))
        r = race(lambda: level3(RACE_SOLDIERS), fed, frames, warmup, floor=floor)
        rows += _race_rows(f"race: {crowd}, {label}", r)
    for path in sorted(LEVELS_DIR.glob("*.tmx")):
        r = race(
            lambda path=path: level3(0, name=path.name, watch=False),
            None,
            frames * 10,
            warmup,
            play=True,
            floor=floor,
        )
        rows += _race_rows(f"race: shipped {path.name}, seeded random play", r)
    return rows


def print_race(rows: Sequence[Row], out: Any = None) -> None:
    """The race as one Markdown table: a workload a line, median ms per design, and
    ours over the best other design (the target: at most 0.90); with ``--floor``, the
    least any design could take, and that over the best other design."""
    out = out or sys.stdout
    by: dict[str, dict[str, Row]] = {}
    for r in rows:
        if r.workload.startswith("race: "):
            by.setdefault(r.workload[len("race: ") :], {})[r.contender] = r
    floor = any("floor" in r for r in by.values())
    cols = [*RACE_DESIGNS, *(["floor"] if floor else [])]
    tail = " floor / best other |" if floor else ""
    print("\n| workload | " + " | ".join(cols) + " | ours / best other |" + tail, file=out)
    print("|---|" + "---:|" * (len(cols) + 1 + floor), file=out)
    for workload, r in by.items():
        best = min(v.ms for d, v in r.items() if d not in ("ours", "floor"))
        cells = " | ".join(f"{r[d].ms:.2f}" for d in cols)
        end = f" {r['floor'].ms / best:.2f} |" if floor else ""
        print(f"| {workload} | {cells} | {r['ours'].ms / best:.2f} |" + end, file=out)


def bench_pacing(frames: int = 1800) -> Row:
    """Whole frames (step + render + debug overlay) on the largest shipped level, with
    seeded random play (see bench.pacing). ms is the median; the note has p99 and max."""
    from bench import pacing

    r = pacing.measure(pacing.largest_level(), frames=frames)
    return Row(
        f"frame pacing ({Path(r['level']).name}, debug overlay on)",
        frames,
        "ours (step+render)",
        r["median_ms"],
        0.0,
        0.0,
        note=f"p99 {r['p99_ms']:.2f} ms, max {r['max_ms']:.2f} ms (budget 16.7 ms)",
    )


def print_table(rows: Sequence[Row], notes: Sequence[str] = (), out: Any = None) -> None:
    """Human-readable tables, one per workload."""
    out = out or sys.stdout
    header = (
        f"{'contender':<22}{'ms/frame':>10}{'checks/frame':>14}{'overlaps/frame':>16}{'vs ours':>9}"
    )
    last = None
    for r in rows:
        key = (r.workload, r.items)
        if key != last:
            print(f"\n== {r.workload}: {r.items} items ==", file=out)
            print(header, file=out)
            last = key
        rel = f"{r.rel:.2f}x" if r.rel is not None else "-"
        print(
            f"{r.contender:<22}{r.ms:>10.3f}{r.checks:>14.0f}{r.overlaps:>16.0f}{rel:>9}"
            + (f"  {r.note}" if r.note else ""),
            file=out,
        )
    for n in notes:
        print(f"note: {n}", file=out)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="tiny smoke run (a second or two)")
    ap.add_argument("--json", action="store_true", help="print results as JSON instead")
    ap.add_argument("--sizes", default="250,1000,2000,4000", help="comma-separated item counts")
    ap.add_argument("--no-bullets", action="store_true", help="skip the bullets workload")
    ap.add_argument(
        "--race", action="store_true", help="only the design race of the F4 designs (minutes)"
    )
    ap.add_argument(
        "--floor",
        action="store_true",
        help="with --race: also time the least any design could take (answers replayed)",
    )
    args = ap.parse_args(argv)
    if args.race:
        rows = bench_race(quick=args.quick, floor=args.floor)
        if args.json:
            print(json.dumps({"rows": [asdict(r) for r in rows], "notes": []}, indent=1))
        else:
            print_table(rows)
            print_race(rows)
        return 0

    if args.quick:
        sizes, bullets = [120], (20, 200)
    else:
        sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
        bullets = (200, 3000)
    _, notes = contenders()
    rows: list[Row] = []
    for n in sizes:
        # Fewer frames for big N keeps the whole run within ~3 minutes on 2 cores.
        frames, warmup = (3, 1) if args.quick else (max(20, min(60, 60_000 // n)), 3)
        rows += bench_workload("moving", lambda n=n: make_bodies(n), frames, warmup)
        if not args.json:
            print_table(rows[-len(contenders()[0]) :])
    if not args.no_bullets:
        e, b = bullets
        frames, warmup = (3, 1) if args.quick else (40, 3)
        rows += bench_workload(f"bullets ({e} + {b})", lambda: make_bodies(e, b), frames, warmup)
        if not args.json:
            print_table(rows[-len(contenders()[0]) :])
    race = bench_race(quick=args.quick)
    if not args.json:
        print_table(race)
    extra = bench_stage(quick=args.quick)
    extra.append(bench_pacing(frames=30 if args.quick else 1800))
    rows += race + extra
    if args.json:
        print(json.dumps({"rows": [asdict(r) for r in rows], "notes": notes}, indent=1))
    else:
        print_table(extra)
        print_race(race)
        for n in notes:
            print(f"note: {n}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
