"""The crowd step's plan: every member's common-case step worked out at once in its
columns (soldiers walking, turrets idling), for the stage to write back at each
member's turn. Membership is CrowdStep's (members.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from gunner.config import DT, TILE
from gunner.crowdstep.table import (
    CELL,
    MARGIN,
    SOLDIER_COLUMNS,
    TURRET_COLUMNS,
    ZONE,
    ColumnTable,
)
from gunner.entities.body import MAX_FALL
from gunner.entities.soldier import CHASE_X, CHASE_Y, FAR
from gunner.tilemap import EMPTY, ONEWAY, SOLID

if TYPE_CHECKING:
    from gunner.entities.base import Entity
    from gunner.tilemap import TileMap
    from gunner.world.api import WorldView

_f32 = np.float32


class CrowdPlan:
    """Members' state as columns and the step that plans them all at once."""

    def __init__(self) -> None:
        self.enabled = True
        self.soldiers = ColumnTable(SOLDIER_COLUMNS)
        self.turrets = ColumnTable(TURRET_COLUMNS)
        self._grids: tuple[int, np.ndarray, np.ndarray, np.ndarray] | None = None
        # The step's plan while the stage writes it back: a member let go mid-step
        # leaves it too (its state changed since it was planned).
        self.current: dict[Entity, tuple] = {}
        # How far (px, along x) the plan moves any member; none moves along y.
        self.slide = 0.0

    def __len__(self) -> int:
        return self.soldiers.n + self.turrets.n

    def __contains__(self, entity: object) -> bool:
        return entity in self.soldiers.row or entity in self.turrets.row

    # -- the step ------------------------------------------------------------------

    def plan(self, stage: WorldView, zone_makers: list[Entity]) -> dict[Entity, tuple]:
        """Step every member that can take the common case, in its columns, and return
        member -> what the stage writes back at its turn. A soldier walking on as it was:
        its new x (walk_time gains DT, as in its tick), or (x, fire timer) while that
        runs; any other soldier: (x, facing, vx, walk_time, fire timer, flash). A turret:
        its cooldown while only that runs, (cooldown, flash, 0) while its flash does too,
        () once both have run out. Members left out tick on their own."""
        plan: dict[Entity, tuple] = {}
        self.current = plan
        self.slide = 0.0
        if not self.enabled or not len(self):
            return plan
        marked = self._zones(stage, zone_makers) if zone_makers else None
        # Far from every player (co-op: from both), as each member's tick would find.
        player = [p.hitbox for p in stage.players]
        self.turrets.flush()
        self.soldiers.flush()
        if self.turrets.n:
            self._idle(player, marked, plan)
        if self.soldiers.n:
            self._walk(stage, player, marked, plan)
        return plan

    def _idle(
        self, player: list[Any], marked: np.ndarray | None, plan: dict[Entity, tuple]
    ) -> None:
        """`Turret.tick` out of the player's range: its timers count down (`watch` finds
        the player too far, as it already knew)."""
        t = self.turrets
        n = t.n
        c = t.cols
        cx, cy = c["cx"][:n], c["cy"][:n]
        reach = c["reach"][:n]
        go = np.ones(n, dtype=bool)
        for box in player:
            dx, dy = cx - box.centerx, cy - box.centery
            go &= dx * dx + dy * dy > reach * reach
        if marked is not None:
            go &= ~_in(marked, cx, cy)
        fire, flash = c["fire"][:n], c["flash"][:n]
        busy = (fire > 0) | (flash > 0)
        ents = t.ents
        plan.update((ents[k], ()) for k in np.flatnonzero(go & ~busy).tolist())
        run = np.flatnonzero(go & busy)
        if len(run):
            f, g = fire[run], flash[run]
            flashing = g > 0
            fire[run] = f = np.where(f > 0, f - 1, f)
            flash[run] = g = np.where(flashing, g - 1, g)
            cool = run[~flashing]
            plan.update(zip([ents[k] for k in cool.tolist()], f[~flashing].tolist(), strict=True))
            hot = run[flashing]
            plan.update(
                zip(
                    [ents[k] for k in hot.tolist()],
                    zip(f[flashing].tolist(), g[flashing].tolist(), [0] * len(hot), strict=True),
                    strict=True,
                )
            )

    def _walk(
        self,
        stage: WorldView,
        player: list[Any],
        marked: np.ndarray | None,
        plan: dict[Entity, tuple],
    ) -> None:
        """`Soldier.tick` for soldiers walking on the ground with nobody near: the
        ledge look, the walk (`TileMap.move_x`), the floor under the feet, the turn at
        a wall. The arithmetic is the tick's, float for float (pygame's FRect keeps
        float32 and adds in double)."""
        s = self.soldiers
        n = s.n
        c = s.cols
        x, w, bottom, cy = c["x"][:n], c["w"][:n], c["bottom"][:n], c["cy"][:n]
        right = x + w
        cx = x + w / 2
        # Where the player is matters to a soldier whose fire timer has run out (it
        # takes aim: `_take_aim`, which reads `watch`'s cached answer too) and to one at
        # a ledge (`_drop_to_chase`). Within reach of either (plus margin) it ticks.
        sight = c["wary"][:n] != 0
        chase = np.zeros(n, dtype=bool)
        for box in player:
            dx = cx - box.centerx
            dy = cy - box.centery
            sight |= dx * dx + dy * dy <= (FAR + MARGIN) ** 2
            below = box.top - bottom
            chase |= (
                (np.abs(dx) <= CHASE_X + MARGIN) & (below > -MARGIN) & (below <= CHASE_Y + MARGIN)
            )
        go = ~(sight & (c["fire"][:n] <= 1))
        if marked is not None:
            go &= ~_in(marked, cx, cy)
        rows = np.flatnonzero(go)
        if not len(rows):
            return
        chase = chase[rows]
        tiles = stage.tilemap
        empty, blocks, floor = self._tile_grids(tiles)
        n_rows, n_cols = tiles.rows, tiles.cols
        x, w, bottom, right = x[rows], w[rows], bottom[rows], right[rows]
        old_facing = c["facing"][rows]
        fire, flash = c["fire"][rows], c["flash"][rows]
        fire = np.where(fire > 0, fire - 1, fire)
        flash = np.where(flash > 0, flash - 1, flash)
        # The ledge ahead (`_ledge_ahead`): the cell just beyond the leading foot, one
        # pixel below it. Off the map's sides counts as solid, above or below as open.
        ahead = np.where(old_facing > 0, right + 1, x - 1)
        col = np.floor(ahead / TILE).astype(np.int64)
        lrow = c["lrow"][rows]
        look = (col >= 0) & (col < n_cols) & (lrow >= 0) & (lrow < n_rows)
        open_ = np.where(
            look,
            empty[_clip(lrow, 0, n_rows - 1), _clip(col, 0, n_cols - 1)],
            (col >= 0) & (col < n_cols),
        )
        facing = np.where(open_, -old_facing, old_facing)
        vx = facing * c["speed"][rows]
        walk = c["walk"][rows] + DT
        step = vx * DT
        # `TileMap.move_x`: at most one new column (|dx| < TILE); a solid tile anywhere
        # along the body's height in it stops the body flush against it.
        fwd = step > 0
        old = np.where(fwd, right, x)
        new = old + step
        first = np.where(fwd, np.ceil(old / TILE), np.floor(old / TILE) - 1).astype(np.int64)
        end = np.where(fwd, np.ceil(new / TILE), np.floor(new / TILE) - 1).astype(np.int64)
        enters = first != end
        r0, r1 = c["r0"][rows], c["r1"][rows]
        tiles.checks += int(((r1 - r0 + 1) * enters).sum())
        in_map = (first >= 0) & (first < n_cols)
        cfirst = _clip(first, 0, n_cols - 1)
        solid_rows = blocks[_clip(r1 + 1, 0, n_rows), cfirst] - blocks[_clip(r0, 0, n_rows), cfirst]
        wall = enters & (~in_map | (solid_rows > 0))
        to = np.where(wall, np.where(fwd, first * TILE, (first + 1) * TILE), new)
        # box.right = v stores float32(float32(v) - w); box.left = v stores float32(v).
        to32 = to.astype(_f32)
        new_x = np.where(fwd, to32 - w.astype(_f32), to32).astype(np.float64)
        facing = np.where(wall, -facing, facing)  # the wall it walked into is ahead
        # `TileMap.standing_on` after the move: a solid or one-way tile under the feet,
        # else it walks off: left to its own tick (it falls).
        c0 = np.floor(new_x / TILE).astype(np.int64)
        c1 = np.ceil((new_x + w) / TILE).astype(np.int64)
        frow = c["frow"][rows]
        edge = (c0 < 0) | (c1 > n_cols)
        frow_c = _clip(frow, 0, n_rows - 1)
        under = floor[frow_c, _clip(c1, 0, n_cols)] - floor[frow_c, _clip(c0, 0, n_cols)]
        stands = (c1 > c0) & (edge | ((frow >= 0) & (frow < n_rows) & (under > 0)))
        stands &= ~(open_ & chase)  # at a ledge with the player maybe below: it ticks
        if not stands.all():
            keep = np.flatnonzero(stands)
            rows, facing, fire, flash = rows[keep], facing[keep], fire[keep], flash[keep]
            new_x, vx, walk = new_x[keep], vx[keep], walk[keep]
        if len(rows):
            self.slide = float(np.abs(new_x - c["x"][rows]).max())
        # Most walk on as they were: x and walk_time change, and the fire timer while it
        # runs. Either is a short write-back; anything else (a turn, a flash) the long one.
        old_fire = c["fire"][rows]
        walk_on = (
            (facing == c["facing"][rows]) & (vx == c["vx"][rows]) & (flash == c["flash"][rows])
        )
        c["x"][rows], c["facing"][rows], c["vx"][rows], c["walk"][rows] = new_x, facing, vx, walk
        c["fire"][rows], c["flash"][rows] = fire, flash
        ents = s.ents
        if walk_on.all() and (fire == old_fire).all():
            plan.update(zip([ents[k] for k in rows.tolist()], new_x.tolist(), strict=True))
            return
        timed = fire != old_fire
        for pick, values in (
            (walk_on & ~timed, (new_x,)),
            (walk_on & timed, (new_x, fire)),
            (~walk_on, (new_x, facing, vx, walk, fire, flash)),
        ):
            ks = rows[pick].tolist()
            if not ks:
                continue
            members = [ents[k] for k in ks]
            if len(values) == 1:
                plan.update(zip(members, values[0][pick].tolist(), strict=True))
            else:
                columns = [v[pick].tolist() for v in values]
                plan.update(zip(members, zip(*columns, strict=True), strict=True))

    def _zones(self, stage: WorldView, makers: list[Entity]) -> np.ndarray:
        """A grid over the map marking every cell within ZONE px (plus a member's half
        size, and the maker's travel in a step) of a zone maker's hitbox."""
        tiles = stage.tilemap
        gw = tiles.pixel_width // CELL + 2
        gh = tiles.pixel_height // CELL + 2
        marked = np.zeros((gh, gw), dtype=bool)
        for entity in makers:
            left, top, width, height = entity.hitbox
            speed = getattr(entity, "speed", 0.0)
            fast = abs(speed) if isinstance(speed, int | float) and speed == speed else 0.0
            travel = min(max(fast, MAX_FALL), 1e6) * DT
            # The zone's edge, plus a member's half size (its centre is what is tested).
            pad = ZONE + TILE + travel
            c0 = max(int((left - pad) // CELL), 0)
            c1 = min(int((left + width + pad) // CELL) + 1, gw)
            r0 = max(int((top - pad) // CELL), 0)
            r1 = min(int((top + height + pad) // CELL) + 1, gh)
            if c0 < c1 and r0 < r1:
                marked[r0:r1, c0:c1] = True
        return marked

    def _tile_grids(self, tiles: TileMap) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(cell is EMPTY; solid tiles per column above each row, cumulative; floor
        tiles (solid or one-way) per row left of each column, cumulative), kept until
        the tiles change."""
        if self._grids is None or self._grids[0] != tiles.version:
            solid = tiles.solid
            empty = solid == EMPTY
            blocks = np.zeros((tiles.rows + 1, tiles.cols), dtype=np.int32)
            np.cumsum(solid == SOLID, axis=0, out=blocks[1:])
            floor = np.zeros((tiles.rows, tiles.cols + 1), dtype=np.int32)
            np.cumsum((solid == SOLID) | (solid == ONEWAY), axis=1, out=floor[:, 1:])
            self._grids = (tiles.version, empty, blocks, floor)
        return self._grids[1], self._grids[2], self._grids[3]


def _clip(a: np.ndarray, lo: int, hi: int) -> np.ndarray:
    """np.clip without its per-call checks (a tenth of the time on small arrays)."""
    out: np.ndarray = np.minimum(np.maximum(a, lo), hi)
    return out


def _in(marked: np.ndarray, cx: np.ndarray, cy: np.ndarray) -> np.ndarray:
    """Which centres lie in a marked cell (centres off the map: its border cells)."""
    gh, gw = marked.shape
    col = _clip((cx // CELL).astype(np.int64), 0, gw - 1)
    row = _clip((cy // CELL).astype(np.int64), 0, gh - 1)
    hit: np.ndarray = marked[row, col]
    return hit
