"""The bullet system: every bullet as a row of numpy arrays (structure of arrays).

Each step the system takes all its bullets out of the stage tree's bullet class,
walks every path through the tile grid at once (the cell-by-cell rule line of
sight uses, so no bullet slips through a tile corner or a one-tile diagonal
wall), asks the tree for the entities every swept path overlaps in one batched
query, resolves hits in spawn order, and files the survivors back, all in bulk.
Python runs per *hit*, never per bullet.
"""

from __future__ import annotations

import math
from functools import partial
from operator import itemgetter
from typing import TYPE_CHECKING, Any

import numpy as np
import pygame

from gunner.bullets.store import BULLET_SIZE, HALF, TEAM_INDEX, TEAMS, BulletStore
from gunner.config import DT
from gunner.events import WALL_HIT

if TYPE_CHECKING:
    from gunner.broadphase import StageTree
    from gunner.world.api import WorldView
    from gunner.world.physics import Counters

# Up to this many bullets the paths are worked out in plain floats (same results).
FEW_BULLETS = 24
_WHEN = itemgetter(0)  # a strike's (t, entity): sorted by when the path enters it
PLAYER = TEAM_INDEX["player"]


def _seen(views: list[tuple[float, ...]], x: float, y: float) -> bool:
    """Does a bullet at (x, y) touch any of `views` (left, top, width, height)?"""
    return any(
        x + HALF >= left and x - HALF <= left + w and y + HALF >= top and y - HALF <= top + h
        for left, top, w, h in views
    )


class BulletSystem(BulletStore):
    """All live bullets (see BulletStore) and their step: paths, strikes, hits."""

    def step(self, stage: WorldView, tree: StageTree, counters: Counters) -> None:
        """One step of every bullet in `stage`: `tree` is the stage tree they are filed in
        (the world's broad phase, which entities never see), `counters` the debug
        overlay's, which the step's queries add to."""
        n = self.n
        if self.filed:
            tree.bullets.remove_filed(self.id[: self.filed])
            self.filed = 0
        if n == 0:
            return
        few = n <= FEW_BULLETS
        if few:
            x0, y0, dx, dy, alive, t_wall, t_end, strikes = self._paths_few(stage, tree, counters)
        else:
            x0, y0, dx, dy, alive, t_wall, t_end, strikes = self._paths_many(stage, tree, counters)

        # Resolve in spawn order: a blast or a kill changes what later bullets meet.
        walls = (
            [i for i, t in enumerate(t_wall) if t <= 1.0]
            if few
            else np.flatnonzero(t_wall <= 1.0).tolist()
        )
        # Where each bullet is before its move: struck ones stay where they struck.
        xs, ys = (list(x0), list(y0)) if few else (x0, y0)
        for i in sorted(set(walls) | strikes.keys()):
            hit = False
            for t, other in strikes.get(i, ()):
                if t > t_end[i] or not other.alive:
                    continue
                self.x[i], self.y[i] = xs[i], ys[i] = x0[i] + dx[i] * t, y0[i] + dy[i] * t
                alive[i] = False
                bullet = self.bullet(i)
                self.striking = int(self.id[i])
                other.hit(bullet, stage)
                # A hit is a hit: drums (neutral) count, as a boss will (issue 13).
                self.hits += bool(self.team[i] == TEAM_INDEX["player"])
                self._burst(i, stage, float(self.x[i]), float(self.y[i]))
                self.striking = -1
                hit = True
                break
            if not hit and t_wall[i] <= 1.0:
                t = t_wall[i]
                self.x[i], self.y[i] = xs[i], ys[i] = x0[i] + dx[i] * t, y0[i] + dy[i] * t
                alive[i] = False
                self._burst(i, stage, float(self.x[i]), float(self.y[i]))
                stage.publish(WALL_HIT, None)
        map_w, map_h = stage.tilemap.pixel_width, stage.tilemap.pixel_height
        # A player's shot ends once wholly out of every view, as in Contra: nothing is
        # killed that was never on screen, and an enemy walks into view before it can
        # be shot. (Enemy fire may come in from off screen, and keeps its range.)
        views = [tuple(v) for v in stage.views()]
        if few:  # the same moves and edge tests as below, in plain floats
            teams = self.team[:n].tolist()
            for i in range(n):
                if alive[i]:  # struck bullets stay where they struck
                    x, y = xs[i] + dx[i], ys[i] + dy[i]
                    xs[i], ys[i] = x, y
                    alive[i] = (
                        x + HALF >= 0 and x - HALF <= map_w and y + HALF >= 0 and y - HALF <= map_h
                    ) and (teams[i] != PLAYER or _seen(views, x, y))
            self.x[:n], self.y[:n] = xs, ys
            if not all(alive):
                self._keep(np.array(alive, dtype=bool))
                xs = [x for x, keep in zip(xs, alive, strict=True) if keep]
                ys = [y for y, keep in zip(ys, alive, strict=True) if keep]
            # Filed without re-checking the ids (this system hands them out ascending
            # and unique); the boxes are made from the floats only if someone looks.
            tree.bullets.file_all(self.id[: self.n], partial(_boxes_of, xs, ys))
            self.filed = self.n
            return
        else:
            flying = alive.copy()  # struck bullets stay where they struck
            if flying.all():
                self.x[:n] += dx
                self.y[:n] += dy
            else:
                self.x[:n][flying] += dx[flying]
                self.y[:n][flying] += dy[flying]
            # Gone once wholly off the map.
            x, y = self.x[:n], self.y[:n]
            alive &= (x + HALF >= 0) & (x - HALF <= map_w) & (y + HALF >= 0) & (y - HALF <= map_h)
            players = self.team[:n] == PLAYER
            if players.any():
                seen = np.zeros(n, dtype=bool)
                for left, top, w, h in views:
                    seen |= (
                        (x + HALF >= left) & (x - HALF <= left + w)
                        & (y + HALF >= top) & (y - HALF <= top + h)
                    )  # fmt: skip
                alive &= seen | ~players
            if not alive.all():
                self._keep(alive)
        tree.bullets.file_all(self.id[: self.n], self.boxes())
        self.filed = self.n

    def _paths_many(self, stage: WorldView, tree: StageTree, counters: Counters) -> tuple:
        """Every path's start, length, wall and entity strikes: vectorized."""
        n = self.n
        self.life[:n] -= DT
        alive = self.life[:n] > 0
        x0, y0 = self.x[:n].copy(), self.y[:n].copy()
        dx, dy = self.vx[:n] * DT, self.vy[:n] * DT
        moving = np.flatnonzero(alive)
        everyone = len(moving) == n  # the usual step: no gathering of rows needed
        if everyone:
            t_wall = stage.tilemap.first_solid(x0, y0, dx, dy)
        else:
            t_wall = np.full(n, np.inf)
            t_wall[moving] = stage.tilemap.first_solid(
                x0[moving], y0[moving], dx[moving], dy[moving]
            )
        t_end = np.minimum(t_wall, 1.0)
        # Every entity each swept path overlaps, in one batched query of the tree per
        # side: enemy bullets never ask the enemy class (they never hurt their own).
        ex, ey = x0 + dx * t_end, y0 + dy * t_end
        sweep = np.empty((n, 4), dtype=np.float32)
        sweep[:, 0] = np.minimum(x0, ex) - HALF
        sweep[:, 1] = np.minimum(y0, ey) - HALF
        sweep[:, 2] = np.abs(ex - x0) + BULLET_SIZE
        sweep[:, 3] = np.abs(ey - y0) + BULLET_SIZE
        before = tree.checks
        teams = self.team[:n]
        rows_found: list[np.ndarray] = []
        found: list[Any] = []
        if everyone and (teams == teams[0]).all():
            # One side (a crowd's fire): one query of every path, no rows to gather.
            index, items = tree.query_many(sweep, team=TEAMS[teams[0]])
            rows_found.append(index)
            found += items
        else:
            enemy = teams == TEAM_INDEX["enemy"]
            player = teams == TEAM_INDEX["player"]
            for side, team in (
                (moving[enemy[moving]], "enemy"),
                (moving[player[moving]], "player"),
                (moving[~(enemy | player)[moving]], "neutral"),
            ):
                if len(side):
                    index, items = tree.query_many(sweep[side], team=team)
                    rows_found.append(side[index])
                    found += items
        counters.bullet_entity += tree.checks - before
        rows = np.concatenate(rows_found) if rows_found else np.empty(0, dtype=np.intp)
        strikes = self._strikes(rows.tolist(), found, x0, y0, dx, dy)
        return x0, y0, dx, dy, alive, t_wall, t_end, strikes

    def _paths_few(self, stage: WorldView, tree: StageTree, counters: Counters) -> tuple:
        """`_paths_many` for a handful of bullets (the shipped levels), in plain floats:
        the same arithmetic in the same order, so the same results, without numpy's
        per-call overhead. One loop per bullet: tiles, the tree, the entry times."""
        n, first_solid = self.n, stage.tilemap.first_solid_one
        life = [v - DT for v in self.life[:n].tolist()]
        self.life[:n] = life
        x0, y0 = self.x[:n].tolist(), self.y[:n].tolist()
        dx = [v * DT for v in self.vx[:n].tolist()]
        dy = [v * DT for v in self.vy[:n].tolist()]
        alive = [v > 0 for v in life]
        teams = self.team[:n].tolist()
        t_wall = [math.inf] * n
        t_end = [1.0] * n
        strikes: dict[int, list[tuple[float, Any]]] = {}
        asks: dict[int, Any] = {}  # what each team's bullets may hit, this step
        before = tree.checks
        for i in range(n):
            if not alive[i]:
                continue
            x, y, vx, vy = x0[i], y0[i], dx[i], dy[i]
            t = t_wall[i] = first_solid(x, y, vx, vy)
            if t < 1.0:
                t_end[i] = t
            else:
                t = 1.0
            ex, ey = x + vx * t, y + vy * t
            box = pygame.FRect(
                min(x, ex) - HALF, min(y, ey) - HALF, abs(ex - x) + BULLET_SIZE,
                abs(ey - y) + BULLET_SIZE,
            )  # fmt: skip
            team = teams[i]
            if team not in asks:
                asks[team] = tree.asker(TEAMS[team])
            hits = asks[team](box)
            if hits:  # as `_strikes` finds them, bullet by bullet
                mine = []
                for other in hits:
                    if not other.shootable or TEAM_INDEX.get(other.team, -1) == team:
                        continue
                    when = path_enters(other.hitbox, x, y, vx, vy)
                    if when is not None:
                        mine.append((when, other))
                if mine:
                    mine.sort(key=_WHEN)
                    strikes[i] = mine
        counters.bullet_entity += tree.checks - before
        return x0, y0, dx, dy, alive, t_wall, t_end, strikes

    def _strikes(
        self,
        rows: list[int],
        found: list[Any],
        x0: Any,
        y0: Any,
        dx: Any,
        dy: Any,
    ) -> dict[int, list[tuple[float, Any]]]:
        """For each bullet row, the entities its path enters, sorted by when (t in 0..1)."""
        out: dict[int, list[tuple[float, Any]]] = {}
        if not found:
            return out
        teams = self.team[: self.n].tolist()
        for i, other in zip(rows, found, strict=True):
            if not other.shootable or TEAM_INDEX.get(other.team, -1) == teams[i]:
                continue
            t = path_enters(other.hitbox, float(x0[i]), float(y0[i]), float(dx[i]), float(dy[i]))
            if t is not None:
                out.setdefault(i, []).append((t, other))
        for hits in out.values():
            hits.sort(key=_WHEN)  # stable: ties keep stage order
        return out

    def _burst(self, i: int, stage: WorldView, x: float, y: float) -> None:
        """What a bullet leaves where it strikes: sparks, or an explosion for rockets."""
        if self.blast_radius[i] > 0:
            stage.explode(
                x, y, float(self.blast_radius[i]), int(self.blast_damage[i]), TEAMS[self.team[i]]
            )
        else:
            stage.add_effect("impact", (x, y))


def _boxes_of(xs: list[float], ys: list[float]) -> np.ndarray:
    """Bullet hitboxes from centres in plain floats, as `BulletSystem.boxes` makes them."""
    return np.array(
        [(x - HALF, y - HALF, BULLET_SIZE, BULLET_SIZE) for x, y in zip(xs, ys, strict=True)],
        dtype=np.float32,
    ).reshape(-1, 4)


def path_enters(box: pygame.FRect, x0: float, y0: float, dx: float, dy: float) -> float | None:
    """When (t in 0..1) a bullet's centre path enters ``box`` grown by the bullet's
    half size (so the bullet's box overlaps it); None if it never does."""
    t_in, t_out = 0.0, 1.0
    for p, d, lo, hi in (
        (x0, dx, box.left - HALF, box.right + HALF),
        (y0, dy, box.top - HALF, box.bottom + HALF),
    ):
        if d == 0:
            if not lo < p < hi:
                return None
            continue
        a, b = (lo - p) / d, (hi - p) / d
        if a > b:
            a, b = b, a
        t_in, t_out = max(t_in, a), min(t_out, b)
        if t_in >= t_out:
            return None
    return t_in
