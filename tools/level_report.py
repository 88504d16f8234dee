"""Developer tool: a level report for designers, measured from the finishing runs.

    python tools/level_report.py                 # every run in tests/replays/complete
    python tools/level_report.py 1 3 --no-png    # levels 1 and 3, table only
    python tools/level_report.py run.replay --json --out /tmp/report

Each run is replayed through the real simulation (the report only watches: it
subscribes to the stage's events and reads its state after every step, so the
run reproduces its recorded hash, which is checked). Per level it prints:

- the run's length and kills per minute (enemies killed, as the end screen counts);
- the share of the run with no enemy in view, and the longest such stretch. An enemy
  is any living entity of the enemy team (soldiers, runners, riflemen, drones, turrets,
  bosses, whatever kind joins that team later), whatever it is doing; pickups, doors,
  drums, wave spawners, generators and the wrecks of the dead are not. It is in view when its hitbox
  meets the camera's view rectangle after the step. Boss intros are listed, and a
  stretch that overlaps one says so (the issue's pacing target excuses them);
- how many times each metre is walked: a metre is a tile column of one floor, walked
  once each time the player's x crosses the column's centre line standing on that
  floor (a respawn's jump back to the checkpoint is not walking). A column's floors
  are the heights stood at, those within two rows of each other being one floor, so
  a zig-zag up a gatehouse walks each floor once and a walk back along one floor walks
  it twice. The figure is the mean over the metres the run reaches, with the
  most-walked column; the mean per column (every floor of a column as one) is shown
  beside it. A level taller than wide is a climb:
  its metres are tile rows, crossed by the height the player stands at (jumps that
  land where they left walk nothing);
- damage taken (health points: every hit's amount, and what a death took, a fall
  included), lives lost and where each was lost;
- difficulty figures to compare levels: the enemy shots fired per minute (what the level
  throws at the player, however well the run dodged it), and the same outside boss
  fights (a boss's curtains would drown every other figure), the enemies in view on
  average outside boss fights, damage taken per minute, and lives lost;
- and, from the maps alone, how much of each shipped level is copied: the share of its
  24-column windows of solid tiles that appear verbatim elsewhere in the campaign (in
  another level, or 24 or more columns away in the same one). A window is compared
  from its topmost solid tile down, so levels of different heights still match. A climb
  is read bottom-up, in bands of 24 rows: the screens its player climbs through.

It also draws one PNG per level into --out (default build/report/): the map, the
run's path coloured by whether an enemy is in view, kills, hits taken, deaths, boss
intros, and under the map how often each column is walked.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np  # noqa: E402
import pygame  # noqa: E402

from gunner import text  # noqa: E402
from gunner.bullets import TEAMS  # noqa: E402
from gunner.config import DT, TILE  # noqa: E402
from gunner.events import HURT, KILLED  # noqa: E402
from gunner.input import Buttons  # noqa: E402
from gunner.level import SOLID, Level, LevelError, load_level  # noqa: E402
from gunner.render import draw_layers  # noqa: E402
from gunner.replay import Replay, ReplayError  # noqa: E402
from gunner.stage import Stage  # noqa: E402

ENEMY = TEAMS.index("enemy")  # the bullet store's team number for enemy fire

ROOT = Path(__file__).resolve().parent.parent
RUNS = ROOT / "tests" / "replays" / "complete"
OUT = ROOT / "build" / "report"


# -- watching a run -----------------------------------------------------------------


@dataclass
class Mark:
    """Something that happened at a place: a kill, a hit taken, a death, a boss intro."""

    t: float  # seconds into the run
    x: float
    y: float
    what: str  # the enemy killed, the damage taken, the cause of death, the boss
    amount: int = 0


@dataclass
class Trace:
    """What a run did, step by step (after each step) and event by event."""

    xs: list[float] = field(default_factory=list)  # the player's centre; NaN while down
    ys: list[float] = field(default_factory=list)
    # The feet's height where the player last stood (carried through a jump); NaN while down.
    stands: list[float] = field(default_factory=list)
    in_view: list[bool] = field(default_factory=list)  # an enemy in view
    intro: list[bool] = field(default_factory=list)  # a boss is playing its intro
    kills: list[Mark] = field(default_factory=list)
    hits: list[Mark] = field(default_factory=list)
    deaths: list[Mark] = field(default_factory=list)
    intros: list[Mark] = field(default_factory=list)
    enemy_shots: int = 0  # bullets the enemies fired over the run
    # A boss is awake (from its intro to the end of its death): the boss's fight, whose
    # curtains of bullets would drown every other level's figure.
    boss_fight: list[bool] = field(default_factory=list)
    field_shots: int = 0  # enemy bullets fired outside boss fights
    enemies_seen: list[int] = field(default_factory=list)  # enemies in view, per step


class Watcher:
    """Follows one stage: subscribes to its events and samples it after every step.
    It reads and never writes, so the run is the same as unwatched."""

    def __init__(self, stage: Stage) -> None:
        self.stage = stage
        self.trace = Trace()
        self._health = stage.player.health
        self._hurt = 0  # damage from this step's non-lethal hits
        self._was_alive = stage.player.alive
        self._in_intro = False
        self._stand = stage.player.hitbox.bottom
        self._last_bullet = -1  # the newest bullet id already counted (ids only grow)
        stage.subscribe(KILLED, self._on_killed)
        stage.subscribe(HURT, self._on_hurt)

    def _on_killed(self, entity: Any, **_: Any) -> None:
        if entity.team == "enemy":  # as Stage.record_kill counts them
            x, y = entity.hitbox.center
            self.trace.kills.append(Mark(self.stage.time, x, y, entity.kind))

    def _on_hurt(self, entity: Any, amount: int = 0, **_: Any) -> None:
        # The fatal hit is the death's (below), not a hit the player lived through.
        if entity is self.stage.player and entity.health > 0:
            x, y = entity.hitbox.center
            self.trace.hits.append(Mark(self.stage.time, x, y, "hit", amount))
            self._hurt += amount

    def sample(self) -> None:
        """Call after each `stage.step`."""
        stage, trace = self.stage, self.trace
        player = stage.player
        box = player.hitbox
        if self._was_alive and not player.alive:
            # A death took whatever health the hits it lived through left.
            lethal = max(0, self._health - self._hurt)
            height = stage.tilemap.pixel_height
            cause = "fell" if box.top > height else "killed"
            y = min(box.centery, height - TILE / 2)
            trace.deaths.append(Mark(stage.time, box.centerx, y, cause, lethal))
        self._was_alive = player.alive
        self._health, self._hurt = player.health, 0
        trace.xs.append(box.centerx if player.alive else math.nan)
        trace.ys.append(box.centery if player.alive else math.nan)
        if not player.alive:
            self._stand = math.nan
        elif player.on_ground or math.isnan(self._stand):
            self._stand = box.bottom
        trace.stands.append(self._stand)
        view = stage.camera.rect
        seen = sum(
            1
            for e in stage.entities
            if e.team == "enemy" and e.alive and view.colliderect(e.hitbox)
        )
        trace.in_view.append(seen > 0)
        trace.enemies_seen.append(seen)
        trace.boss_fight.append(
            any(e.is_boss and getattr(e, "state", "dormant") != "dormant" for e in stage.entities)
        )
        bosses = [e for e in stage.entities if e.is_boss and getattr(e, "state", "") == "intro"]
        if bosses and not self._in_intro:
            trace.intros.append(Mark(stage.time, box.centerx, box.centery, bosses[0].kind))
        self._in_intro = bool(bosses)
        trace.intro.append(self._in_intro)
        self._count_enemy_shots()

    def _count_enemy_shots(self) -> None:
        """Enemy bullets that appeared this step: the fire the level throws at the player,
        a difficulty figure that does not depend on how well the run dodged it."""
        bullets = self.stage.bullets
        if not bullets.n:
            return
        ids = bullets.id[: bullets.n]
        new = ids > self._last_bullet
        enemy = bullets.team[: bullets.n] == ENEMY
        fired = int(np.count_nonzero(new & enemy))
        self.trace.enemy_shots += fired
        if not self.trace.boss_fight[-1]:
            self.trace.field_shots += fired
        self._last_bullet = max(self._last_bullet, int(ids.max()))


def watch(level: Level, seed: int, masks: list[int]) -> tuple[Trace, Stage]:
    """Play `masks` on a fresh stage of `level`, watched; the trace and the final stage."""
    stage = Stage(level, seed=seed)
    return _watched(stage, (Buttons(mask) for mask in masks)), stage


def watch_replay(replay: Replay, level: Level) -> tuple[Trace, Stage]:
    """Play a recorded run as the game plays it back: with the assists it was made with
    (invincibility, infinite ammo) and, for a co-op run, its partner's input."""
    stage = Stage(level, seed=replay.seed, players=replay.players, leash=replay.leash)
    stage.assists = replay.assists
    source = replay.source()
    return _watched(stage, (source.next_all() for _ in replay.masks)), stage


def _watched(stage: Stage, inputs: Iterable[Any]) -> Trace:
    watcher = Watcher(stage)
    for held in inputs:
        stage.step(held)
        stage.events.clear()  # no one plays the sounds
        watcher.sample()
    return watcher.trace


# -- the figures --------------------------------------------------------------------


def stretches(flags: list[bool] | np.ndarray) -> list[tuple[int, int]]:
    """(start, end) step indices, end excluded, of each run of True in `flags`."""
    padded = np.concatenate(([0], np.asarray(flags, dtype=np.int8), [0]))
    edges = np.flatnonzero(np.diff(padded))
    return list(zip(edges[0::2].tolist(), edges[1::2].tolist(), strict=True))


def _spans(path: list[float] | np.ndarray, cells: int) -> tuple[np.ndarray, ...]:
    """The steps k whose move from path[k] to path[k + 1] (NaN: not walking) crosses the
    centre of at least one tile cell, with the first and last cell each crosses."""
    x = np.asarray(path, dtype=float)
    a, b = x[:-1], x[1:]
    ok = ~(np.isnan(a) | np.isnan(b))
    lo, hi = np.minimum(a, b), np.maximum(a, b)
    # Column c's centre is c * TILE + TILE / 2: crossed when lo < centre <= hi.
    with np.errstate(invalid="ignore"):
        first = np.floor((lo - TILE / 2) / TILE) + 1
        last = np.floor((hi - TILE / 2) / TILE)
    first, last = np.clip(first, 0, cells), np.clip(last, -1, cells - 1)
    step = np.flatnonzero(ok & (last >= first))
    return step, first[step].astype(int), last[step].astype(int)


def cell_passes(path: list[float] | np.ndarray, cells: int) -> np.ndarray:
    """How many times `path`, a coordinate along one axis (NaN: not walking), crosses
    the centre of each tile cell (column or row) along it."""
    _, first, last = _spans(path, cells)
    diff = np.zeros(cells + 1, dtype=int)
    np.add.at(diff, first, 1)
    np.add.at(diff, last + 1, -1)
    return np.cumsum(diff[:-1])


# Two floors of one column are apart when their heights differ by this many rows: the
# player is two tiles tall, so a floor stacked over another is at least three rows up.
FLOOR_ROWS = 3


def floor_passes(
    path: list[float] | np.ndarray, stands: list[float] | np.ndarray, cells: int
) -> tuple[np.ndarray, float]:
    """Walking counted per metre of floor: each column's crossings (as `cell_passes`)
    grouped by the height stood at, `stands` (px, NaN: down), into floors: heights
    within FLOOR_ROWS - 1 rows of each other are one floor (a stair stays one floor),
    a floor stacked over another is another. A zig-zag up a gatehouse walks each of its
    floors once; a walk back along the same floor walks it twice.

    Returns the most any floor of each column is walked (the picture's bars) and the
    mean over the metres of floor walked."""
    rows = np.floor(np.asarray(stands, dtype=float) / TILE)
    crossings: dict[int, list[float]] = {}
    for k, first, last in zip(*_spans(path, cells), strict=True):
        row = rows[k + 1]
        if math.isnan(row):
            continue
        for col in range(first, last + 1):
            crossings.setdefault(col, []).append(row)
    most = np.zeros(cells, dtype=int)
    metres = total = 0
    for col, heights in crossings.items():
        heights.sort()
        floors = [1]
        for below, above in zip(heights, heights[1:], strict=False):
            if above - below >= FLOOR_ROWS:
                floors.append(1)
            else:
                floors[-1] += 1
        most[col] = max(floors)
        metres += len(floors)
        total += len(heights)
    return most, total / metres if metres else 0.0


@dataclass
class LevelReport:
    level: str  # the map's path as the replay names it
    name: str
    run: str  # the replay
    reproduced: bool
    outcome: str | None
    seconds: float
    kills: int
    kills_per_minute: float
    no_enemy_share: float  # 0..1 of the run
    longest_gap: float  # seconds
    longest_gap_at: float  # seconds into the run it began
    longest_gap_x: tuple[float, float]  # the player's x range over it
    longest_gap_in_intro: float  # seconds of it during a boss intro
    longest_gap_excused: float  # the longest stretch not counting boss intros
    walked_per_metre: float  # per metre of floor (per row on a climb)
    walked_per_column: float  # the same counting each column once, whatever its floors
    walked_max: int
    walked_most: int  # the column (row, on a climb) walked most
    walk_axis: str  # "column", or "row" on a climb
    damage: int
    damage_per_minute: float
    enemy_shots_per_minute: float
    # Outside boss fights: enemy shots per minute of that time, and the mean number of
    # enemies in view. With damage per minute, the figures that say how hard a level is.
    field_shots_per_minute: float
    enemies_in_view: float
    hits: int
    lives_lost: int
    siege: bool  # a wave level (the walking target excuses it)
    deaths: list[Mark]
    boss_intros: list[Mark]
    hits_at: list[Mark] = field(repr=False)
    kills_at: list[Mark] = field(repr=False)
    png: str | None = None
    walks: list[int] = field(default_factory=list, repr=False)  # per column (or row)


def summarise(trace: Trace, stage: Stage, run: str, reproduced: bool = True) -> LevelReport:
    steps = len(trace.in_view)
    seconds = steps * DT
    minutes = seconds / 60 or math.inf
    gaps = stretches(~np.asarray(trace.in_view, dtype=bool))
    start, end = max(gaps, key=lambda g: g[1] - g[0], default=(0, 0))
    excused = stretches(~np.asarray(trace.in_view, dtype=bool) & ~np.asarray(trace.intro, bool))
    xs = np.asarray(trace.xs, dtype=float)
    span = xs[start:end]
    span = span[~np.isnan(span)]
    climb = stage.level.height > stage.level.width
    if climb:
        walks = cell_passes(trace.stands, stage.level.height)
        walked = walks[walks > 0]
        per_metre = float(walked.mean()) if walked.size else 0.0
        per_column = per_metre
    else:
        columns = cell_passes(xs, stage.level.width)
        walked = columns[columns > 0]
        per_column = float(walked.mean()) if walked.size else 0.0
        walks, per_metre = floor_passes(xs, trace.stands, stage.level.width)
    damage = sum(m.amount for m in trace.hits) + sum(m.amount for m in trace.deaths)
    fight = np.asarray(trace.boss_fight, dtype=bool)
    field_seen = np.asarray(trace.enemies_seen, dtype=float)[~fight]
    field_minutes = field_seen.size * DT / 60 or math.inf
    return LevelReport(
        level=stage_level_ref(stage),
        name=stage.level.name,
        run=run,
        reproduced=reproduced,
        outcome=stage.outcome,
        seconds=seconds,
        kills=len(trace.kills),
        kills_per_minute=len(trace.kills) / minutes,
        no_enemy_share=sum(e - s for s, e in gaps) / steps if steps else 0.0,
        longest_gap=(end - start) * DT,
        longest_gap_at=start * DT,
        longest_gap_x=(float(span.min()), float(span.max())) if span.size else (0.0, 0.0),
        longest_gap_in_intro=sum(trace.intro[start:end]) * DT,
        longest_gap_excused=max((e - s for s, e in excused), default=0) * DT,
        walked_per_metre=per_metre,
        walked_per_column=per_column,
        walked_max=int(walks.max(initial=0)),
        walked_most=int(walks.argmax()) if walks.size else 0,
        walk_axis="row" if climb else "column",
        damage=damage,
        damage_per_minute=damage / minutes,
        enemy_shots_per_minute=trace.enemy_shots / minutes,
        field_shots_per_minute=trace.field_shots / field_minutes,
        enemies_in_view=float(np.mean(field_seen)) if field_seen.size else 0.0,
        hits=len(trace.hits),
        lives_lost=len(trace.deaths),
        siege="waves" in stage.objectives,
        deaths=trace.deaths,
        hits_at=trace.hits,
        kills_at=trace.kills,
        boss_intros=trace.intros,
        walks=walks.tolist(),
    )


# Issue 22's targets for a finishing run: (what, how the report misses it). A siege is
# excused the walking target, and a boss's intro the longest stretch.
TARGETS = (
    ("kills/min >= 20", lambda r: r.kills_per_minute < 20),
    ("an enemy in view >= 90 % of the run", lambda r: r.no_enemy_share > 0.10),
    ("no stretch > 8 s without one", lambda r: r.longest_gap_excused > 8),
    ("walked/m <= 1.5", lambda r: not r.siege and r.walked_per_metre > 1.5),
)


def missed_targets(report: LevelReport) -> list[str]:
    return [target for target, missed in TARGETS if missed(report)]


def stage_level_ref(stage: Stage) -> str:
    path = Path(stage.level.path).resolve()
    try:
        return path.relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


# -- the picture --------------------------------------------------------------------

SKY = (24, 26, 38)
SOLID_TILE = (92, 84, 78)
ONEWAY_TILE = (150, 140, 120)
PATH_SEEN = (80, 200, 255)  # an enemy in view
PATH_EMPTY = (255, 140, 40)  # none in view
KILL = (255, 230, 80)
HIT = (255, 70, 70)
DEATH = (255, 40, 200)
BOSS = (190, 120, 255)
START = (120, 230, 120)
HEADER_H = 82
STRIP_H = 56
STRIP_CAP = 8  # bars of the walk strip clip at this many passes
TARGET_WALKS = 1.5  # the target: each metre walked at most 1.5 times


# Larger maps are drawn from their solid tiles straight at the picture's scale: a
# full-size copy of the art would take gigabytes.
MAX_FULL_SIZE = 48_000_000  # px


def map_surface(level: Level, scale: float) -> pygame.Surface:
    """The whole level at `scale`: its layers as the game draws them, or (without
    images, or too large for that) its solid and one-way tiles."""
    w, h = level.pixel_size
    if level.images and w * h <= MAX_FULL_SIZE:
        full = pygame.Surface((w, h))
        full.fill(SKY)
        draw_layers(full, level, 0.0, 0.0, 0.0)
        return pygame.transform.smoothscale_by(full, scale) if scale != 1 else full
    surface = pygame.Surface((max(1, round(w * scale)), max(1, round(h * scale))))
    surface.fill(SKY)
    size = max(1, round(TILE * scale))
    for row, col in zip(*np.nonzero(level.solid), strict=True):
        solid = level.solid[row, col] == SOLID
        x, y = round(int(col) * TILE * scale), round(int(row) * TILE * scale)
        surface.fill(SOLID_TILE if solid else ONEWAY_TILE, (x, y, size, size if solid else 2))
    return surface


def _outlined_dot(surface: pygame.Surface, colour: Any, pos: tuple[int, int], r: int) -> None:
    pygame.draw.circle(surface, text.OUTLINE, pos, r + 1)
    pygame.draw.circle(surface, colour, pos, r)


def _cross(surface: pygame.Surface, colour: Any, pos: tuple[int, int], r: int, w: int) -> None:
    x, y = pos
    for dx in (-r, r):
        pygame.draw.line(surface, colour, (x - dx, y - r), (x + dx, y + r), w)


def _diamond(surface: pygame.Surface, colour: Any, pos: tuple[int, int], r: int) -> None:
    x, y = pos
    pygame.draw.polygon(
        surface, text.OUTLINE, [(x, y - r - 2), (x + r, y), (x, y + r + 2), (x - r, y)]
    )
    pygame.draw.polygon(surface, colour, [(x, y - r), (x + r - 2, y), (x, y + r), (x - r + 2, y)])


def draw_death(surface: pygame.Surface, pos: tuple[int, int], number: int | None = None) -> None:
    """A life lost: a crossed-out disc, numbered in the order they were lost."""
    _outlined_dot(surface, DEATH, pos, 8)
    _cross(surface, text.OUTLINE, pos, 4, 3)
    if number is not None:
        text.draw(surface, str(number), (pos[0], pos[1] - 10), 16, DEATH, "midbottom")


def draw_report(level: Level, trace: Trace, report: LevelReport, scale: float) -> pygame.Surface:
    """The report's picture: figures and legend, the map with the run on it, the walks."""
    world = map_surface(level, scale)
    map_w, map_h = world.get_size()
    climb = report.walk_axis == "row"
    # The walk bars go under the map, or beside a climb's; their caption under the map.
    width = max(map_w + (STRIP_H if climb else 0), 980)
    image = pygame.Surface((width, HEADER_H + map_h + (14 if climb else STRIP_H)))
    image.fill(text.OUTLINE)
    image.blit(world, (0, HEADER_H))
    # Darken the map a little so the marks stand out over bright tiles.
    shade = pygame.Surface(world.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 70))
    image.blit(shade, (0, HEADER_H))
    _draw_walks(image, report, scale, (map_w, HEADER_H + map_h))

    def at(x: float, y: float) -> tuple[int, int]:
        return round(x * scale), round(HEADER_H + y * scale)

    # The path, a segment every few steps, coloured by what the view held.
    step = 4
    xs, ys, seen = trace.xs, trace.ys, trace.in_view
    for i in range(0, len(xs) - step, step):
        a, b = (xs[i], ys[i]), (xs[i + step], ys[i + step])
        if math.isnan(a[0]) or math.isnan(b[0]) or abs(b[0] - a[0]) > 8 * TILE:
            continue  # down, or the jump back to a checkpoint
        colour = PATH_SEEN if seen[i] else PATH_EMPTY
        pygame.draw.line(image, colour, at(*a), at(*b), 2)
    s, e = report.longest_gap_at / DT, (report.longest_gap_at + report.longest_gap) / DT
    if e > s:  # the longest stretch with no enemy in view, drawn wide and labelled
        points = [at(xs[i], ys[i]) for i in range(int(s), int(e), step) if not math.isnan(xs[i])]
        if len(points) > 1:
            pygame.draw.lines(image, PATH_EMPTY, False, points, 5)
            # Labelled above the stretch's highest point, clear of its own marks.
            top = min(y for _, y in points)
            middle = (min(x for x, _ in points) + max(x for x, _ in points)) // 2
            label = f"longest with no enemy in view: {report.longest_gap:.1f} s"
            caption = text.render(label, 16, PATH_EMPTY)
            box = caption.get_rect(midbottom=(middle, max(HEADER_H + 16, top - 14)))
            image.blit(caption, box.clamp(image.get_rect()))
    for mark in trace.kills:
        _cross(image, KILL, at(mark.x, mark.y), 3, 2)
    for mark in trace.hits:
        _outlined_dot(image, HIT, at(mark.x, mark.y), 3)
    for mark in trace.intros:
        x, y = at(mark.x, mark.y)
        _diamond(image, BOSS, (x, y), 8)
        text.draw(image, f"{mark.what} intro", (x, y - 10), 16, BOSS, "midbottom")
    start = next((i for i, x in enumerate(xs) if not math.isnan(x)), None)
    if start is not None:
        x, y = at(xs[start], ys[start])
        _outlined_dot(image, START, (x, y), 5)
        text.draw(image, "START", (x, y - 8), 16, START, "midbottom")
    for number, mark in enumerate(trace.deaths, 1):
        draw_death(image, at(mark.x, mark.y), number)

    _draw_header(image, report)
    return image


def _draw_walks(
    image: pygame.Surface, report: LevelReport, scale: float, corner: tuple[int, int]
) -> None:
    """One bar per column under the map (per row beside a climb's, whose `corner` is
    the map's bottom right), as long as the times it is walked."""
    right, top = corner
    climb = report.walk_axis == "row"
    if climb:
        image.fill((16, 16, 24), (right, HEADER_H, STRIP_H, top - HEADER_H))
        base, reach = right + 4, STRIP_H - 8
    else:
        image.fill((16, 16, 24), (0, top, image.get_width(), STRIP_H))
        base, reach = top + STRIP_H - 4, STRIP_H - 16
    for cell, passes in enumerate(report.walks):
        if not passes:
            continue
        colour = (120, 230, 120) if passes <= TARGET_WALKS else KILL if passes <= 3 else HIT
        length = max(1, round(reach * min(passes, STRIP_CAP) / STRIP_CAP))
        a, b = round(cell * TILE * scale), round((cell + 1) * TILE * scale)
        if climb:
            image.fill(colour, (base, HEADER_H + a, length, max(1, b - a)))
        else:
            image.fill(colour, (a, base - length, max(1, b - a), length))
    target = round(reach * TARGET_WALKS / STRIP_CAP)
    if climb:
        for y in range(HEADER_H, top, 8):
            image.fill(text.WHITE, (base + target, y, 1, 4))
    else:
        for x in range(0, image.get_width(), 8):
            image.fill(text.WHITE, (x, base - target, 4, 1))
    metre = "row" if climb else "floor: a column's most walked floor"
    label = (
        f"times each metre ({metre}) is walked: mean {report.walked_per_metre:.1f},"
        f" max {report.walked_max}   green: at most {TARGET_WALKS} (dashes, the target),"
        f" yellow: up to 3, red: more; bars clip at {STRIP_CAP}"
    )
    text.draw(image, label, (4, top + 1), 14, text.WHITE)


def _draw_header(image: pygame.Surface, r: LevelReport) -> None:
    title = f"{r.name}  ({r.level}, {Path(r.run).name})"
    text.draw(image, title, (6, 3), 16, text.YELLOW)
    figures = (
        f"run {fmt_time(r.seconds)}   {r.kills} kills ({r.kills_per_minute:.1f}/min)"
        f"   no enemy in view {r.no_enemy_share:.0%} of the run (longest {r.longest_gap:.1f} s)"
        f"   walked {r.walked_per_metre:.1f}x per metre ({r.walked_per_column:.1f}x per column)"
        f"   damage {r.damage}"
        f" ({r.damage_per_minute:.1f}/min)   lives lost {r.lives_lost}"
    )
    text.draw(image, figures, (6, 20), 16, text.WHITE)
    missed = missed_targets(r)
    verdict = f"misses: {'; '.join(missed)}" if missed else "meets them all"
    text.draw(image, f"issue 22's targets: {verdict}", (6, 37), 16, HIT if missed else START)
    x, y = 10, 66
    legend: list[tuple[str, Any]] = [
        ("enemy in view", lambda p: pygame.draw.line(image, PATH_SEEN, p, (p[0] + 14, p[1]), 2)),
        (
            "no enemy in view",
            lambda p: pygame.draw.line(image, PATH_EMPTY, p, (p[0] + 14, p[1]), 2),
        ),
        ("kill", lambda p: _cross(image, KILL, (p[0] + 6, p[1]), 3, 2)),
        ("hit taken", lambda p: _outlined_dot(image, HIT, (p[0] + 6, p[1]), 3)),
        ("life lost", lambda p: draw_death(image, (p[0] + 6, p[1]))),
        ("boss intro", lambda p: _diamond(image, BOSS, (p[0] + 6, p[1]), 6)),
        ("start", lambda p: _outlined_dot(image, START, (p[0] + 6, p[1]), 4)),
    ]
    for label, symbol in legend:
        symbol((x, y))
        x = text.draw(image, label, (x + 18, y - 7), 16, text.GREY).right + 16


def fmt_time(seconds: float) -> str:
    minutes, rest = divmod(seconds, 60)
    return f"{int(minutes)}:{rest:04.1f}"


# -- the command line ---------------------------------------------------------------


def report_run(path: Path, out: Path | None, scale: float) -> LevelReport:
    """Replay one finishing run, watched; write its picture into `out` (None: none)."""
    replay = Replay.load(path)
    level = load_level(replay.level_path, images=out is not None)
    trace, stage = watch_replay(replay, level)
    problem = replay.not_reproduced(path, stage.state_hash(), stage.outcome)
    if problem:
        print(
            f"level_report: {problem}; the figures are for the run as it plays now", file=sys.stderr
        )
    report = summarise(trace, stage, _shown_path(path), reproduced=problem is None)
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        target = out / f"{Path(replay.level).stem}.png"
        pygame.image.save(draw_report(level, trace, report, scale), str(target))
        report.png = _shown_path(target)
    return report


def _shown_path(path: Path) -> str:
    try:
        return Path(path).resolve().relative_to(Path.cwd()).as_posix()
    except ValueError:
        return str(path)


def find_runs(picks: list[str]) -> list[Path]:
    """The replays to report: every finishing run, or those picked by level number
    (`2`), name (`level2`) or path (a .replay file or a folder of them)."""
    if not picks:
        return sorted(RUNS.glob("*.replay"), key=_natural)
    runs: list[Path] = []
    for pick in picks:
        path = Path(pick)
        if path.is_dir():
            runs.extend(sorted(path.glob("*.replay"), key=_natural))
        elif path.suffix == ".replay" or path.exists():
            runs.append(path)
        else:
            name = f"level{pick}" if pick.isdigit() else pick
            runs.append(RUNS / f"{name}.replay")
    return runs


def _natural(path: Path) -> list[Any]:
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", path.name)]


TABLE = [  # heading, width, how to show a report's figure
    ("level", 20, lambda r: r.name),
    ("run", 6, lambda r: f"{r.seconds:.0f} s"),
    ("kills", 5, lambda r: str(r.kills)),
    ("kills/min", 9, lambda r: f"{r.kills_per_minute:.1f}"),
    ("no enemy", 8, lambda r: f"{r.no_enemy_share:.0%}"),
    ("longest", 7, lambda r: f"{r.longest_gap:.1f} s"),
    ("walked/m", 8, lambda r: f"{r.walked_per_metre:.1f}"),
    ("per col", 7, lambda r: f"{r.walked_per_column:.1f}"),
    ("max", 3, lambda r: str(r.walked_max)),
    ("damage", 6, lambda r: str(r.damage)),
    ("dmg/min", 7, lambda r: f"{r.damage_per_minute:.1f}"),
    ("shots/min", 9, lambda r: f"{r.enemy_shots_per_minute:.0f}"),
    ("field", 5, lambda r: f"{r.field_shots_per_minute:.0f}"),
    ("in view", 7, lambda r: f"{r.enemies_in_view:.1f}"),
    ("lives lost", 10, lambda r: str(r.lives_lost)),
]


def format_table(reports: list[LevelReport]) -> str:
    """One line per level, then what each level's line cannot say: where things were."""

    def row(cells: list[str]) -> str:
        (first, w0, _), *rest = TABLE
        return f"{cells[0][:w0]:<{w0}}" + "".join(
            f"  {c:>{w}}" for c, (_, w, _) in zip(cells[1:], rest, strict=True)
        )

    lines = [row([h for h, _, _ in TABLE])]
    lines += [row([show(r) for _, _, show in TABLE]) for r in reports]
    lines.append(
        "no enemy: share of the run with no enemy in view; longest: the longest such stretch;"
        "\nwalked/m: times each metre of floor is walked, mean and max; per col: the mean"
        " counting each column once;\ndmg/min: damage taken per minute;"
        "\nshots/min: bullets the enemies fired per minute; field: the same outside boss"
        " fights;\nin view: enemies in view on average, outside boss fights"
    )
    for r in reports:
        lines += ["", f"{r.name}: {r.level}, run {r.run} ({r.outcome or 'undecided'})"]
        if not r.reproduced:
            lines.append("  ! the run no longer plays as recorded: the figures are for it as now")
        lines.append(f"  longest with no enemy in view: {_gap(r)}")
        for mark in r.boss_intros:
            lines.append(f"  boss intro: {mark.what} at {fmt_time(mark.t)}, x {mark.x:.0f}")
        lines.append(
            f"  most walked: {r.walk_axis} {r.walked_most}"
            f" ({'y' if r.walk_axis == 'row' else 'x'} {r.walked_most * TILE}),"
            f" {r.walked_max} times"
        )
        lines.append(f"  hits taken: {r.hits}; lives lost: {r.lives_lost or 'none'}")
        for n, d in enumerate(r.deaths, 1):
            lines.append(
                f"    {n}. at {fmt_time(d.t)}, (x, y) = ({d.x:.0f}, {d.y:.0f}):"
                f" {d.what}, losing {d.amount} health"
            )
        missed = missed_targets(r)
        lines.append(
            f"  misses issue 22's targets: {'; '.join(missed)}"
            if missed
            else "  meets issue 22's targets"
        )
        if r.png:
            lines.append(f"  picture: {r.png}")
    if len(reports) > 1:
        lines += [
            "",
            "difficulty, level by level (outside boss fights: enemy shots per minute and"
            " enemies in view; damage taken per minute, lives lost):",
        ]
        lines += [
            f"  {r.name}: {r.field_shots_per_minute:.0f} field shots/min,"
            f" {r.enemies_in_view:.1f} in view, {r.damage_per_minute:.1f} damage/min,"
            f" {r.lives_lost} lives lost"
            for r in reports
        ]
        pairs = list(zip(reports, reports[1:], strict=False))
        for what, figure in (
            ("fewer enemy shots a minute outside boss fights", lambda r: r.field_shots_per_minute),
            ("fewer enemies in view", lambda r: r.enemies_in_view),
            ("less damage a minute", lambda r: r.damage_per_minute),
        ):
            easier = [b.name for a, b in pairs if figure(b) < figure(a)]
            if easier:
                lines.append(f"  easier than the level before ({what}): {', '.join(easier)}")
    return "\n".join(lines)


# -- copied sections -------------------------------------------------------------------

WINDOW = 24  # columns: a little under a screen (30), as issue 22 measures copies


def _window_key(solid: np.ndarray) -> bytes | None:
    """A window's solid tiles from its topmost solid row down (None: all open)."""
    rows = np.flatnonzero(solid.any(axis=1))
    if not rows.size:
        return None
    part = np.ascontiguousarray(solid[rows[0] :])
    return part.shape[0].to_bytes(4, "little") + part.tobytes()


def along_route(solid: np.ndarray) -> np.ndarray:
    """The grid turned so its route runs along the columns: a climb (taller than wide)
    is read bottom-up, so its windows are bands of `WINDOW` rows, the screens a player
    climbs through, rather than slices of its whole height (each unique by its height)."""
    if solid.shape[0] > solid.shape[1]:
        return np.ascontiguousarray(solid[::-1].T)
    return solid


def repeated_windows(grids: dict[str, np.ndarray], width: int = WINDOW) -> dict[str, float]:
    """Per level, the share (0..1) of its `width`-column windows of solid tiles (rows, on
    a climb: see `along_route`) that appear verbatim elsewhere: in another level, or
    `width` or more columns away in the same one. A level narrower than `width` has no
    windows (0.0)."""
    where: dict[bytes, list[tuple[str, int]]] = {}
    keys: dict[str, list[bytes | None]] = {}
    for name, solid in grids.items():
        solid = along_route(solid)
        keys[name] = [
            _window_key(solid[:, c : c + width]) for c in range(solid.shape[1] - width + 1)
        ]
        for c, key in enumerate(keys[name]):
            if key is not None:
                where.setdefault(key, []).append((name, c))
    shares = {}
    for name, row in keys.items():
        copied = sum(
            1
            for c, key in enumerate(row)
            if key is not None and any(n != name or abs(o - c) >= width for n, o in where[key])
        )
        shares[name] = copied / len(row) if row else 0.0
    return shares


def shipped_grids(directory: Path = ROOT / "levels") -> dict[str, np.ndarray]:
    """The solid-tile grid of every shipped map, by file name."""
    return {
        path.name: load_level(path, images=False).solid
        for path in sorted(directory.glob("*.tmx"), key=_natural)
    }


def format_copies(shares: dict[str, float]) -> str:
    lines = [f"copied: share of each level's {WINDOW}-column windows found elsewhere (<= 5 %)"]
    lines += [
        f"  {name}: {share:.1%}{'' if share <= 0.05 else '  (over 5 %)'}"
        for name, share in shares.items()
    ]
    return "\n".join(lines)


def _gap(r: LevelReport) -> str:
    x0, x1 = r.longest_gap_x
    where = f"x {x0:.0f}-{x1:.0f} (columns {int(x0 // TILE)}-{int(x1 // TILE)})"
    text = f"{r.longest_gap:.1f} s from {fmt_time(r.longest_gap_at)}, {where}"
    if r.longest_gap_in_intro:
        text += f", {r.longest_gap_in_intro:.1f} s of it in a boss intro"
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="level_report", description=__doc__.split("\n\n")[0] if __doc__ else None
    )
    parser.add_argument(
        "runs",
        nargs="*",
        help="level numbers, names or .replay files (default: every finishing run)",
    )
    parser.add_argument(
        "--out", type=Path, default=OUT, help="folder for the pictures (%(default)s)"
    )
    parser.add_argument("--no-png", action="store_true", help="figures only, no pictures")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--scale", type=float, default=0.5, help="picture px per map px (0.5)")
    args = parser.parse_args(argv)
    if not 0.05 <= args.scale <= 4:
        parser.error("--scale must be between 0.05 and 4")
    if not args.no_png and not pygame.display.get_surface():
        pygame.display.init()
        pygame.display.set_mode((1, 1))  # tile images convert to the display's format
    out = None if args.no_png else args.out
    reports, failed = [], 0
    for path in find_runs(args.runs):
        try:
            reports.append(report_run(path, out, args.scale))
        except (ReplayError, LevelError, OSError) as exc:
            print(f"level_report: {exc}", file=sys.stderr)
            failed += 1
    if args.json:
        print(json.dumps([asdict(r) | {"missed_targets": missed_targets(r)} for r in reports]))
    elif reports:
        print(format_table(reports))
        print()
        print(format_copies(repeated_windows(shipped_grids())))
    return 1 if failed or not reports else 0


if __name__ == "__main__":
    sys.exit(main())
