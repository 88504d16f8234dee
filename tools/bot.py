"""Developer tool: a search bot that finishes a level through the real simulation.

    nice -n 10 python tools/bot.py levels/level1.tmx -o tests/replays/complete/level1.replay
    python tools/bot.py levels/level2.tmx --seed 7 --beam 8 --macro 8 -o /tmp/l2.replay

A beam search over macro-actions: every node is a whole `Stage` (a pickled copy, a
snapshot that replays deterministically), every action holds one button mask for
`--macro` steps. Each round expands the beam's nodes by every action, scores the
children and keeps the best `--beam` of them, at most one per place (so the beam does
not collapse onto one trajectory). The score is lexicographic in effect:

- finishing the level beats everything; losing a life costs far more than any progress;
- then keycards held, the health left in what the objectives need destroyed (drums,
  enemies), the boss's health, the player's health;
- then the distance to the current goal, in tiles along the level builder's own model
  of where the player can stand and jump (`tools/build_level.py`): the nearest thing an
  objective still needs shot (a place it can be shot from), else a keycard not yet held
  when what is needed lies behind a door, else the boss's arena or the exit.

A macro-action is shorter than a shot's flight, so the score also looks a little ahead
along straight lines: the player's bullets in flight count half the damage they will
deal (to a target with no wall or closed door before it, to a boss's weak point of this
phase before its armour), and enemy bullets about to meet the player (or enemies about
to walk into it) cost half the hit they would land. Outside a siege the first two
points of health lost are cheap (about 30 tiles each), so a drop past a soldier is
worth taking; the rest are dear.

Bullets are dodged because a child that gets hit scores lower than its siblings that
did not: the beam keeps several trajectories alive and drops the ones a pattern catches.
The search is deterministic for a given level, seed and settings (no randomness, ties
broken by action order). When a child completes the level, its masks are written as a
`gunner.replay.Replay`, replayed from scratch to check that it reproduces (outcome
"complete", the same state hash), and saved with its outcome.

Developer tool, not part of the game or the tests: it takes minutes per level (run it
under `nice -n 10`). `make demos` runs it for every campaign level.
"""

from __future__ import annotations

import argparse
import heapq
import os
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import build_level as builder  # noqa: E402

from gunner.bullets import TEAMS  # noqa: E402
from gunner.bullets.store import HALF  # noqa: E402
from gunner.config import TILE  # noqa: E402
from gunner.entities.boss import TRIGGER, Boss  # noqa: E402
from gunner.entities.boss_table import BossState  # noqa: E402
from gunner.entities.player import LIVES, MAX_HEALTH  # noqa: E402
from gunner.entities.spawner import current_wave  # noqa: E402
from gunner.input import Buttons  # noqa: E402
from gunner.level import EMPTY, SOLID, load_level  # noqa: E402
from gunner.replay import Replay, level_ref, level_sha256, play  # noqa: E402
from gunner.snapshot import copy_stage  # noqa: E402
from gunner.stage import Stage  # noqa: E402

Cell = tuple[int, int]
B = Buttons
FIRE = B.FIRE
# Every action fires: the pistol never runs out and a shot never hurts the player.
ACTIONS: tuple[int, ...] = tuple(
    int(m | FIRE)
    for m in (
        B.RIGHT,
        B.RIGHT | B.JUMP,
        B.LEFT,
        B.LEFT | B.JUMP,
        B.NONE,
        B.JUMP,
        B.UP,
        B.RIGHT | B.UP,
        B.DOWN,
        B.LEFT | B.UP,
        B.RIGHT | B.DOWN,  # running, aiming down: at what stands low (a turret, a drum)
        B.LEFT | B.DOWN,
    )
)
# When nothing hostile is near, moving is all there is to decide.
QUIET_ACTIONS: tuple[int, ...] = ACTIONS[:6]
# A siege: shoot down into the crowd on either side, up at drones, jump their shots.
SIEGE_ACTIONS: tuple[int, ...] = tuple(
    int(m | FIRE)
    for m in (
        B.NONE,
        B.UP,
        B.RIGHT | B.DOWN,
        B.LEFT | B.DOWN,
        B.RIGHT | B.UP,
        B.LEFT | B.UP,
        B.RIGHT | B.JUMP,
        B.LEFT | B.JUMP,
        B.JUMP | B.DOWN,
    )
)
FAR = 5000.0  # the distance of a place the model cannot place (a pit, a wall)
ENEMY_TEAM = TEAMS.index("enemy")
PLAYER_TEAM = TEAMS.index("player")
DANGER_RANGE = 320.0  # px: an enemy or enemy bullet this near makes a round "busy"

# Score weights: each tier outweighs everything below it.
W_COMPLETE = 1e12
W_LIFE = 1e10
W_KEY = 1e9
W_TARGET_HP = 1e7
W_TARGET = 3e7
W_BOSS_HP = 2e4
W_HEALTH = 2e5
# The first hits taken cost about as much as this many tiles of the way (health pickups
# give them back); below that, health is dear. Dearer first hits made the search stop at
# any drop past a soldier.
SPARE_HEALTH = 2
W_SPARE_HEALTH = 30 * 100.0
# A shot on its way to a target (its straight path enters the target's box before the
# bullet fades, with no wall between): worth this much of a hit landed. Shots take up to
# a second and a half to land, far longer than one macro-action, so without this the
# search never sees the worth of shooting at something far away (a drone overhead).
W_PENDING = 0.5
# Enemy shots whose straight path meets the player within THREAT_TIME (if it stood still)
# cost this much of the hit they would land: the search steps aside before the last
# macro-action, not after (a boss's patterns leave no time to react).
W_THREAT = 0.5
THREAT_TIME = 0.4
CONTACT_REACH = 16.0  # px: what a soldier walks in THREAT_TIME
W_DIST = 100.0
W_KILL = 5e4
STALL_STEPS = 600  # steps with nothing more destroyed before a target is set aside
SKIP_STEPS = 900


@dataclass
class Node:
    stage: Stage
    masks: tuple[Any, int, int] | None  # (parent masks, mask, count): a linked list
    score: float

    def mask_list(self) -> list[int]:
        out: list[int] = []
        link = self.masks
        while link is not None:
            parent, mask, count = link
            out.extend([mask] * count)
            link = parent
        out.reverse()
        return out


class Planner:
    """Distance fields over the builder's standing positions, cached per goal set."""

    def __init__(self, stage: Stage) -> None:
        solid = stage.level.solid
        self.rows, self.cols = solid.shape
        self.grid = [[int(v) for v in row] for row in solid.tolist()]
        for e in stage.entities:  # a bridge, a collapsing floor: floor while it stands
            if getattr(e, "is_floor", False):
                for (c, r), gone in zip(e.cells, e.gone, strict=True):
                    if not gone and 0 <= r < self.rows and 0 <= c < self.cols:
                        self.grid[r][c] = SOLID
        self.doors = [
            builder.Door(
                int(e.hitbox.left // TILE), int(e.hitbox.top // TILE), e.color, builder.DOOR_HEIGHT
            )
            for e in stage.entities
            if e.kind == "Door"
        ]
        self.door_colors = {d.color for d in self.doors}
        self.keys = [
            (int(e.hitbox.centerx // TILE), int((e.hitbox.bottom - 1) // TILE), e.color)
            for e in stage.entities
            if e.kind == "Keycard"
        ]
        self._reverse: dict[frozenset[str], dict[Cell, list[tuple[Cell, float]]]] = {}
        self._fields: dict[Any, dict[Cell, float]] = {}
        self._standing: dict[frozenset[str], set[Cell]] = {}

    def grid_for(self, keys: frozenset[str]) -> list[list[int]]:
        return builder.grid_for(self.grid, self.doors, keys)  # type: ignore[no-any-return]

    def reverse_edges(self, keys: frozenset[str]) -> dict[Cell, list[tuple[Cell, float]]]:
        """dst -> [(src, cost)] for every move of the builder's model (doors of colours
        not in `keys` closed)."""
        if keys in self._reverse:
            return self._reverse[keys]
        grid = self.grid_for(keys)
        rev: dict[Cell, list[tuple[Cell, float]]] = {}
        for r in range(self.rows - 1):
            for c in range(self.cols):
                if grid[r][c] == SOLID or grid[r + 1][c] == EMPTY:
                    continue
                if r > 0 and grid[r - 1][c] == SOLID:
                    continue
                for spot in set(builder.cell_moves(grid, (c, r))):
                    dc, dr = abs(spot[0] - c), spot[1] - r
                    cost = dc + (0.0 if dc <= 1 and dr >= 0 else 1.0) + max(0, -dr) * 0.5
                    rev.setdefault(spot, []).append(((c, r), cost))
        self._reverse[keys] = rev
        return rev

    def cached(self, keys: frozenset[str], name: Any) -> dict[Cell, float] | None:
        return self._fields.get((keys, name))

    def field(self, keys: frozenset[str], name: Any, goals: Iterable[Cell]) -> dict[Cell, float]:
        """Cost to reach any goal cell from every standing position (Dijkstra, reversed)."""
        cache_key = (keys, name)
        if cache_key in self._fields:
            return self._fields[cache_key]
        rev = self.reverse_edges(keys)
        dist: dict[Cell, float] = {}
        heap = [(0.0, g) for g in sorted(set(goals))]
        heapq.heapify(heap)
        while heap:
            d, cell = heapq.heappop(heap)
            if cell in dist:
                continue
            dist[cell] = d
            for src, cost in rev.get(cell, ()):
                if src not in dist:
                    heapq.heappush(heap, (d + cost, src))
        self._fields[cache_key] = dist
        return dist

    def standing(self, keys: frozenset[str]) -> set[Cell]:
        if keys not in self._standing:
            rev = self.reverse_edges(keys)
            cells = set(rev)
            for srcs in rev.values():
                cells.update(s for s, _ in srcs)
            self._standing[keys] = cells
        return self._standing[keys]

    def where(self, stage: Stage, field: dict[Cell, float]) -> float:
        """The field's value where the player is. In the air: the best place it may land,
        looking a few columns ahead the way it moves (and a few rows up while rising), so
        a jump over a pit is worth what its far side is."""
        player = stage.player
        box = player.hitbox
        row0 = int((box.bottom - 0.5) // TILE)
        col0 = int(box.centerx // TILE)
        if player.on_ground:
            reach = [
                (col0, 0.0),
                (int((box.left + 1) // TILE), 0.0),
                (int((box.right - 1) // TILE), 0.0),
            ]
            top = row0
        else:
            way = 1 if player.vx > 1 else -1 if player.vx < -1 else 0
            ahead = [way * k for k in range(0, 5)] if way else [0, -1, 1, -2, 2]
            reach = [(col0 + dc, abs(dc) * 0.3) for dc in ahead]
            top = row0 - (5 if player.vy < 0 else 0)
        best = FAR
        grid = self.grid
        lo = max(0, top)
        blocked: set[int] = set()  # ways (-1, +1) a wall has closed for this jump
        for col, extra in reach:
            if not 0 <= col < self.cols:
                continue
            way = (col > col0) - (col < col0)
            if way in blocked:
                continue
            # A step in the way is climbed if the jump rises above it; solid all the
            # way up to the jump's top is a wall: nothing beyond it is reached.
            row = min(row0, self.rows - 1)
            while row >= lo and grid[row][col] == SOLID:
                row -= 1
            if row < lo:
                if way:
                    blocked.add(way)
                continue
            # Rising: up to the jump's top or a ceiling, then down to what it lands on.
            while row - 1 >= lo and grid[row - 1][col] != SOLID:
                row -= 1
            while row + 1 < self.rows and grid[row + 1][col] == EMPTY:
                row += 1
            if row + 1 >= self.rows:
                continue  # over a pit
            best = min(best, field.get((col, row), FAR) + extra + abs(row - row0) * 0.05)
        return best

    def pending_hits(self, stage: Stage, targets: list[Any]) -> float:
        """The damage the player's bullets in flight will deal to these targets if
        nothing moves: each path (cut at its first wall) that enters a target's box (a
        little grown) before any closed door, up to the target's health."""
        shots = _shots(stage, PLAYER_TEAM)
        if shots is None or not targets:
            return 0.0
        x, y, vx, vy, life, damage = shots
        reach = float(np.max(np.hypot(vx, vy) * life)) + 16
        px, py = stage.player.hitbox.center
        # A closed door stops every bullet: a path that meets one first lands nothing.
        doors = [
            _enter_times(e.hitbox, x, y, vx, vy, life)
            for e in stage.entities
            if e.kind == "Door" and e.closed and abs(e.hitbox.centerx - px) < reach + 16
        ]
        total = 0.0
        for t in targets:
            box = t.hitbox
            if abs(box.centerx - px) > reach + 400 or abs(box.centery - py) > reach + 400:
                continue
            enter = _enter_times(box.inflate(6, 6), x, y, vx, vy, life)
            for door in doors:
                enter[(door >= 0) & (door <= enter)] = -1.0
            total += min(int(damage[enter >= 0].sum()), max(0, t.health))
        return total

    def pending_boss_hits(self, stage: Stage, boss: Boss) -> float:
        """The damage the player's bullets in flight will deal to the boss: those whose
        path (cut at its first wall) enters a weak part of this phase before any other
        part (armour stops the rest); up to the boss's health."""
        shots = _shots(stage, PLAYER_TEAM)
        if shots is None:
            return 0.0
        x, y, vx, vy, life, damage = shots
        weak = set(boss.weak_parts())
        first = np.full(len(x), np.inf)
        hits_weak = np.zeros(len(x), dtype=bool)
        for part, rect in boss.parts():
            enter = _enter_times(rect, x, y, vx, vy, life)
            sooner = (enter >= 0) & (enter < first)
            first = np.where(sooner, enter, first)
            hits_weak = np.where(sooner, part.weak and part.name in weak, hits_weak)
        return float(min(int(damage[hits_weak].sum()), boss.health))

    def below(self, box: Any) -> Cell:
        """The standing cell under a box (a flying drone: the floor beneath it)."""
        col = min(self.cols - 1, max(0, int(box.centerx // TILE)))
        row = min(self.rows - 2, max(0, int((box.bottom - 1) // TILE)))
        while row + 2 < self.rows and self.grid[row + 1][col] == EMPTY:
            row += 1
        return (col, row)

    # -- goals -------------------------------------------------------------------------

    def shoot_spots(self, keys: frozenset[str], box: Any) -> list[Cell]:
        """Standing positions from which something in `box` can be shot, preferring
        ones at least 4 tiles away (a drum's blast reaches 3)."""
        grid = self.grid_for(keys)
        col = int(box.centerx // TILE)
        bottom = int((box.bottom - 1) // TILE)
        height = max(1, -(-int(box.height) // TILE))
        target = builder.Target(col, bottom, height, "target")
        spots = [
            (c, r)
            for (c, r) in self.standing(keys)
            if abs(c - col) <= builder.TARGET_RANGE and builder.can_shoot(grid, (c, r), target)
        ]
        far = [s for s in spots if max(abs(s[0] - col), abs(s[1] - bottom)) >= 4]
        return far or spots


def _enter_times(
    box: Any, x: np.ndarray, y: np.ndarray, vx: np.ndarray, vy: np.ndarray, life: np.ndarray
) -> np.ndarray:
    """When each straight path (x, y) + (vx, vy) t, 0 <= t <= life, enters `box`
    (seconds; 0 if it starts inside), or -1 if it never does."""
    with np.errstate(divide="ignore", invalid="ignore"):
        tx1, tx2 = (box.left - x) / vx, (box.right - x) / vx
        ty1, ty2 = (box.top - y) / vy, (box.bottom - y) / vy
    inside_x = (box.left <= x) & (x <= box.right)
    inside_y = (box.top <= y) & (y <= box.bottom)
    lo_x = np.where(vx == 0, np.where(inside_x, -np.inf, np.inf), np.minimum(tx1, tx2))
    hi_x = np.where(vx == 0, np.where(inside_x, np.inf, -np.inf), np.maximum(tx1, tx2))
    lo_y = np.where(vy == 0, np.where(inside_y, -np.inf, np.inf), np.minimum(ty1, ty2))
    hi_y = np.where(vy == 0, np.where(inside_y, np.inf, -np.inf), np.maximum(ty1, ty2))
    t_in = np.maximum(np.maximum(lo_x, lo_y), 0.0)
    t_out = np.minimum(np.minimum(hi_x, hi_y), life)
    return np.where(t_in <= t_out, t_in, -1.0)


def threats(stage: Stage) -> int:
    """Enemy bullets whose straight path meets the player (standing still) within
    THREAT_TIME, and enemies that touch the player's box grown by CONTACT_REACH (a
    crowd walks into a player who stays); at most 2."""
    box = stage.player.hitbox.inflate(4, 4)
    reach = stage.player.hitbox.inflate(2 * CONTACT_REACH, 4)
    touching = sum(
        1
        for e in stage.entities
        if e.team == "enemy"
        and e.alive
        and getattr(e, "contact_damage", 0)
        and reach.colliderect(e.hitbox)
    )
    if touching >= 2:
        return 2
    shots = _shots(stage, ENEMY_TEAM, near=box.center, horizon=THREAT_TIME)
    if shots is None:
        return touching
    x, y, vx, vy, life, _ = shots
    enter = _enter_times(box, x, y, vx, vy, life)
    return min(2, touching + int(np.count_nonzero(enter >= 0)))


def _shots(
    stage: Stage, team: int, near: tuple[float, float] | None = None, horizon: float = np.inf
) -> tuple[np.ndarray, ...] | None:
    """One team's bullets in flight as arrays x, y, vx, vy, life, damage (None if it has
    none), each life cut where its path enters its first solid tile: the bullets' own
    walk (`TileMap.first_solid`), so no path counts beyond a wall. With `near`, only
    those within 200 px of it on both axes; lives count up to `horizon` seconds."""
    b = stage.bullets
    rows = np.flatnonzero(b.team[: b.n] == team)
    if near is not None:
        rows = rows[(np.abs(b.x[rows] - near[0]) < 200) & (np.abs(b.y[rows] - near[1]) < 200)]
    if not len(rows):
        return None
    x, y, vx, vy = b.x[rows], b.y[rows], b.vx[rows], b.vy[rows]
    life = np.minimum(b.life[rows], horizon)
    if team == PLAYER_TEAM:  # a player's shot ends once out of the view (as it stands)
        life = np.minimum(life, _time_in_view(stage.camera.rect, x, y, vx, vy))
    life = life * np.minimum(stage.tilemap.first_solid(x, y, vx * life, vy * life), 1.0)
    return x, y, vx, vy, life, b.damage[rows]


def _time_in_view(view: Any, x: np.ndarray, y: np.ndarray, vx: np.ndarray, vy: np.ndarray):
    """Seconds until each bullet is wholly out of `view` (the view held still)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        tx = np.where(vx > 0, (view.right + HALF - x) / vx, (view.left - HALF - x) / vx)
        ty = np.where(vy > 0, (view.bottom + HALF - y) / vy, (view.top - HALF - y) / vy)
    tx = np.where(vx == 0, np.inf, tx)
    ty = np.where(vy == 0, np.inf, ty)
    return np.maximum(np.minimum(tx, ty), 0.0)


# A copy of the stage that plays on exactly as the original would: a pickle round trip
# (gunner.snapshot), about twice as fast as `copy.deepcopy` on a crowded stage (62
# against 27 ms with 365 entities; copying was half the search's time in a siege).
snapshot = copy_stage


def objective_targets(stage: Stage) -> list[Any]:
    """Entities the objectives still need destroyed (bosses apart)."""
    wanted = set(stage.objectives)
    out = []
    for e in stage.entities:
        if not e.alive:
            continue
        drum = "destroy_drums" in wanted and e.kind == "OilDrum"
        foe = "kill_all" in wanted and e.team == "enemy" and not e.is_boss
        if drum or foe:
            out.append(e)
    return out


class Bot:
    def __init__(self, path: Path, seed: int, beam: int, macro: int, log: bool = True) -> None:
        self.path = path
        self.seed = seed
        self.beam = beam
        self.macro = self.busy_macro = macro
        self.quiet_macro = macro + macro // 2  # nothing to dodge: decide less often
        self.log = log
        self.stage = Stage(load_level(path, images=False), seed=seed)
        self.planner = Planner(self.stage)
        self.boss = next((e for e in self.stage.entities if isinstance(e, Boss)), None)
        self.expansions = 0
        # Targets set aside for a while (serial -> step): the search made no progress on
        # them (e.g. a drum the model says can be shot from a ledge's very end).
        self.skip: dict[int, int] = {}
        self.siege = "waves" in self.stage.objectives
        self._left, self._since = 1 << 30, 0

    # -- scoring -----------------------------------------------------------------------

    def goal_distance(self, stage: Stage, keys: frozenset[str], targets: list[Any]) -> float:
        planner = self.planner
        if targets:
            box = stage.player.hitbox
            ranked = sorted(
                [t for t in targets if self.skip.get(t.serial, -1) < stage.steps] or targets,
                # Far above counts for more: a drone overhead is hard to hit from below.
                key=lambda t: (
                    abs(t.hitbox.centerx - box.centerx) + 4 * abs(t.hitbox.bottom - box.bottom)
                ),
            )
            # The nearest few; if none of them can be walked to, any of them.
            for near in (ranked[:4], ranked):
                d = planner.where(stage, self.target_field(keys, near))
                if d < FAR:
                    return d
        else:
            waves_on = "waves" in stage.objectives and any(not s.finished for s in stage.spawners)
            name = ("finish", waves_on, self.boss_of(stage) is not None)
            field = planner.cached(keys, name) or planner.field(
                keys, name, self.finish_cells(stage, keys)
            )
            d = planner.where(stage, field)
            if d < FAR:
                return d
        # What is needed lies behind a door: the nearest keycard not yet held.
        field = planner.cached(keys, ("keys",))
        if field is not None:
            return planner.where(stage, field)
        wanted = [(c, r) for c, r, color in planner.keys if color not in keys]
        spots = [
            (c, r)
            for (c, r) in planner.standing(keys)
            for kc, kr in wanted
            if c == kc and r - builder.BODY_HEIGHT < kr <= r
        ]
        field = planner.field(keys, ("keys",), spots)
        return planner.where(stage, field)

    def target_field(self, keys: frozenset[str], near: list[Any]) -> dict[Cell, float]:
        """Distances to where these targets can be shot from (drums) or walked up to."""
        planner = self.planner
        drums = [t for t in near if t.kind == "OilDrum"]
        movers = [t for t in near if t.kind != "OilDrum"]
        cells = tuple(
            sorted((int(t.hitbox.centerx // 64), int(t.hitbox.bottom // 64)) for t in drums)
        ) + tuple(sorted(planner.below(t.hitbox) for t in movers))
        field = planner.cached(keys, ("targets", cells))
        if field is None:
            goals = [s for t in drums for s in planner.shoot_spots(keys, t.hitbox)]
            for t in movers:  # walk up to what moves; every action fires
                c, r = planner.below(t.hitbox)
                goals += [(c + dc, r) for dc in range(-4, 5)]
            field = planner.field(keys, ("targets", cells), goals)
        return field

    def boss_of(self, stage: Stage) -> Boss | None:
        """This stage's own boss while it is on the stage (each node has its copy)."""
        if self.boss is None:
            return None
        serial = self.boss.serial
        return next((e for e in stage.entities if e.serial == serial), None)  # type: ignore[return-value]

    def finish_cells(self, stage: Stage, keys: frozenset[str]) -> list[Cell]:
        planner = self.planner
        cells = planner.standing(keys)
        boss = self.boss
        if (
            boss is not None
            and self.boss_of(stage) is not None
            and {"boss", "kill_all"} & set(stage.objectives)
        ):
            arena = boss.arena(stage)
            left = arena.left + TILE + TRIGGER + 8
            return [
                (c, r)
                for c, r in cells
                if c * TILE >= left and arena.top <= (r + 1) * TILE <= arena.bottom + TILE
            ]
        exits = [e.hitbox for e in stage.entities if e.kind == "Exit"]
        if "waves" in stage.objectives and any(not s.finished for s in stage.spawners):
            # Hold the place the level starts the player in (the keep) until the waves end.
            return [(int(stage.checkpoint[0] // TILE), int((stage.checkpoint[1] - 1) // TILE))]
        return [
            (c, r)
            for c, r in cells
            for box in exits
            if box.left <= c * TILE + 8 <= box.right and box.top < (r + 1) * TILE <= box.bottom + 8
        ]

    def score(self, stage: Stage) -> float:
        player = stage.player
        if stage.outcome == "complete":
            return W_COMPLETE * 10 - stage.steps
        if stage.outcome == "dead":
            return -W_COMPLETE
        keys = frozenset(player.keys)
        s = -W_LIFE * (LIVES - player.lives)
        s += W_KEY * len(keys & self.planner.door_colors)
        targets = objective_targets(stage)
        s -= W_TARGET * len(targets) + W_TARGET_HP * sum(max(0, t.health) for t in targets)
        boss = self.boss_of(stage)
        if boss is not None:  # (gone: its death played out)
            s -= W_BOSS_HP * (boss.health + DEATH_BONUS)
            if boss.state == BossState.FIGHT:
                s += W_PENDING * W_BOSS_HP * self.planner.pending_boss_hits(stage, boss)
            if boss.state == BossState.DYING:
                s += W_BOSS_HP * boss.clock / 10
        if player.alive:
            lost = MAX_HEALTH - player.health
            # (Not in a siege: there a kill is worth 50 tiles, so cheap health would be
            # traded for kills until the lives ran out.)
            spare = 0 if self.siege else min(lost, SPARE_HEALTH)
            s -= W_SPARE_HEALTH * spare + W_HEALTH * (lost - spare)
            if not player.invulnerable:
                cheap = not self.siege and lost < SPARE_HEALTH
                next_hit = W_LIFE if player.health <= 1 else W_SPARE_HEALTH if cheap else W_HEALTH
                s -= W_THREAT * next_hit * threats(stage)
        if self.siege:
            s += W_KILL * stage.kills  # a kill is worth less than a block of health
            foes = [e for e in stage.entities if e.team == "enemy" and e.alive]
            s -= W_KILL / 4 * sum(e.health for e in foes)
            s += W_PENDING * W_KILL / 4 * self.planner.pending_hits(stage, foes)
        else:
            s += W_PENDING * W_TARGET_HP * self.planner.pending_hits(stage, targets)
        engaged = boss is not None and boss.alive and boss.state != BossState.DORMANT
        if not engaged:
            if self.siege and any(not g.finished for g in stage.spawners):
                # Hold nothing: go out to the crowd (they patrol; few come to the keep).
                # The wave's own first: only they end it (a sniper on a perch does not),
                # and a shot ends at the view's edge, so they must be gone out to.
                wave = current_wave(stage.spawners)
                foes = [e for g in stage.spawners if g.wave == wave for e in g.out if e.alive]
                foes = foes or [e for e in stage.entities if e.team == "enemy" and e.alive]
                s -= W_DIST * self.goal_distance(stage, keys, foes)
            else:
                s -= W_DIST * self.goal_distance(stage, keys, targets)
        return s

    # -- search ------------------------------------------------------------------------

    def busy(self, stage: Stage) -> bool:
        """Is anything hostile near the player (then every action is tried)?"""
        box = stage.player.hitbox
        x, y = box.center
        for e in stage.entities:
            if e.team == "enemy" and e.alive:
                ex, ey = e.hitbox.center
                if abs(ex - x) < DANGER_RANGE and abs(ey - y) < DANGER_RANGE:
                    return True
        b = stage.bullets
        n = b.n
        if n and bool(
            (
                (b.team[:n] == ENEMY_TEAM)
                & (abs(b.x[:n] - x) < DANGER_RANGE)
                & (abs(b.y[:n] - y) < DANGER_RANGE)
            ).any()
        ):
            return True
        return any(
            e.kind == "OilDrum" and e.alive and abs(e.hitbox.centerx - x) < 96
            for e in stage.entities
        )

    def expand(self, node: Node, mask: int, last: bool) -> Node:
        stage = node.stage if last else snapshot(node.stage)
        held = Buttons(mask)
        count = 0
        while count < self.macro:
            stage.step(held)
            stage.events.clear()
            count += 1
            if stage.outcome is not None:
                break
        self.expansions += 1
        return Node(stage, (node.masks, mask, count), self.score(stage))

    def watch_stall(self, best: Node) -> None:
        """After STALL_STEPS with no less left to destroy, set the nearest target aside
        for SKIP_STEPS (the distance field then leads to another one)."""
        stage = best.stage
        targets = objective_targets(stage)
        left = sum(max(0, t.health) for t in targets) + len(targets)
        if left < self._left:
            self._left, self._since = left, stage.steps
        elif targets and stage.steps - self._since > STALL_STEPS:
            box = stage.player.hitbox
            open_ = [t for t in targets if self.skip.get(t.serial, -1) < stage.steps] or targets
            near = min(
                open_,
                # Far above counts for more: a drone overhead is hard to hit from below.
                key=lambda t: (
                    abs(t.hitbox.centerx - box.centerx) + 4 * abs(t.hitbox.bottom - box.bottom)
                ),
            )
            self.skip[near.serial] = stage.steps + SKIP_STEPS
            self._since = stage.steps
            if self.log:
                print(f"  stalled: setting {near.kind} {near.serial} aside", flush=True)

    def save_partial(self, node: Node, path: Path) -> None:
        """The best beginning so far, to resume from (`--resume`) if the search is cut."""
        replay = Replay(level=level_ref(self.path), seed=self.seed, masks=node.mask_list())
        replay.save(path)

    @staticmethod
    def place(node: Node) -> tuple[Any, ...]:
        st = node.stage
        p = st.player
        return (
            int(p.hitbox.centerx // 6),
            int(p.hitbox.bottom // 8),
            p.alive,
            p.facing,
            p.health,
            p.lives,
            round(node.score / W_TARGET_HP),
        )

    def run(
        self,
        max_seconds: float = 400.0,
        prefix: list[int] | None = None,
        partial: Path | None = None,
    ) -> Node | None:
        root = Node(self.stage, None, 0.0)
        if prefix:  # resume: play a saved beginning, then search on from its end
            for mask in prefix:
                self.stage.step(Buttons(mask))
                self.stage.events.clear()
            root.masks = (None, prefix[0], 1)
            for mask in prefix[1:]:
                root.masks = (root.masks, mask, 1)
        root.score = self.score(root.stage)
        beam = [root]
        rounds = 0
        started = time.process_time()
        limit = int(max_seconds * 60)
        while beam and beam[0].stage.steps < limit:
            children: list[Node] = []
            busy = any(self.busy(node.stage) for node in beam)
            actions = ACTIONS if busy else QUIET_ACTIONS
            if self.siege and any(not s.finished for s in beam[0].stage.spawners):
                actions = SIEGE_ACTIONS
            width = self.beam if busy else max(2, self.beam // 2)
            self.macro = self.busy_macro if busy else self.quiet_macro
            for node in beam[:width]:
                for i, mask in enumerate(actions):
                    # The last child may take the parent's stage itself: no copy needed.
                    children.append(self.expand(node, mask, last=i == len(actions) - 1))
            children.sort(key=lambda n: -n.score)
            if children[0].stage.outcome == "complete":
                return children[0]
            kept: list[Node] = []
            seen: set[tuple[Any, ...]] = set()
            for child in children:
                if child.stage.outcome == "dead":
                    continue
                key = self.place(child)
                if key in seen:
                    continue
                seen.add(key)
                kept.append(child)
                if len(kept) >= self.beam:
                    break
            beam = kept
            rounds += 1
            if beam:
                self.watch_stall(beam[0])
            if partial is not None and rounds % 100 == 0 and beam:
                self.save_partial(beam[0], partial)
            if self.log and rounds % 25 == 0 and beam:
                best = beam[0]
                p = best.stage.player
                boss = self.boss_of(best.stage)
                print(
                    f"  t={best.stage.steps / 60:6.1f}s x={p.hitbox.centerx:6.0f}"
                    f" y={p.hitbox.bottom:5.0f} hp={p.health} lives={p.lives}"
                    f" keys={sorted(p.keys)} targets={len(objective_targets(best.stage))}"
                    f" boss={boss.health if boss else '-'}:{boss.state if boss else ''}"
                    f" kills={best.stage.kills} cpu={time.process_time() - started:5.0f}s",
                    flush=True,
                )
        return None


DEATH_BONUS = 50  # a boss still alive (its death sequence playing) counts this much more


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("level", type=Path)
    parser.add_argument("-o", "--out", type=Path, required=True, help="the replay to write")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--beam", type=int, default=8, help="nodes kept per round")
    parser.add_argument("--macro", type=int, default=8, help="steps each action is held")
    parser.add_argument("--max-seconds", type=float, default=400.0, help="of game time")
    parser.add_argument(
        "--resume", type=Path, help="a replay whose masks start the run (e.g. OUT.partial)"
    )
    args = parser.parse_args(argv)
    partial = args.out.with_suffix(".partial")
    prefix = Replay.load(args.resume).masks if args.resume else None
    started = time.process_time()
    bot = Bot(args.level, args.seed, args.beam, args.macro)
    found = bot.run(args.max_seconds, prefix, partial)
    cpu = time.process_time() - started
    if found is None:
        print(f"{args.level}: not finished ({bot.expansions} expansions, {cpu:.0f} s CPU)")
        return 1
    masks = found.mask_list()
    replay = Replay(level=level_ref(args.level), seed=args.seed, masks=masks)
    replay.level_sha256 = level_sha256(args.level)
    stage = play(replay)
    if stage.outcome != "complete":
        print(f"{args.level}: the found run did not replay to the end (outcome {stage.outcome})")
        return 1
    replay.state_hash = stage.state_hash()
    replay.outcome = stage.outcome
    args.out.parent.mkdir(parents=True, exist_ok=True)
    replay.save(args.out)
    partial.unlink(missing_ok=True)
    print(
        f"{args.out}: complete in {len(masks)} steps ({len(masks) / 60:.1f} s of game time),"
        f" {bot.expansions} expansions, {cpu:.0f} s CPU"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
