"""The bullet store: every bullet as a row of numpy arrays (structure of arrays),
spawned, read, hashed and dropped in bulk. The step is in step.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pygame

BULLET_SIZE = 4
HALF = BULLET_SIZE / 2
BULLET_LIFE = 1.6  # seconds; a bullet that hits nothing fades out off-screen
# "rival": player 2's in versus (gunner.world.versus), whose bullets hit player 1.
TEAMS = ("player", "enemy", "neutral", "rival")
TEAM_INDEX = {name: i for i, name in enumerate(TEAMS)}
# The arrays, in the order the state hash lists them. Each is a row of one of two
# blocks (floats, whole numbers), so dropping dead bullets is two numpy calls, not 11.
_FIELDS = ("id", "x", "y", "vx", "vy", "life", "team", "damage", "style", "blast_radius",
           "blast_damage")  # fmt: skip
FLOAT_ROWS = ("x", "y", "vx", "vy", "life", "blast_radius")  # x, y: the centre
INT_ROWS = ("id", "team", "damage", "style", "blast_damage")
# Styles that only look different from another (nothing in the simulation reads a style):
# the state hash lists them as that one, so a new look never moves a replay.
LOOK_ONLY = {"boss_aimed": "boss"}


@dataclass
class Bullet:
    """One bullet as entities see it when it strikes them (`Entity.hit`)."""

    hitbox: pygame.FRect
    vx: float
    vy: float
    team: str
    damage: int
    style: str
    blast_radius: float
    blast_damage: int
    life: float
    alive: bool

    kind = "Bullet"


class BulletHandle:
    """A live view of one spawned bullet (what `spawn` returns): reads the arrays."""

    __slots__ = ("_system", "id")

    def __init__(self, system: BulletStore, bullet_id: int) -> None:
        self._system = system
        self.id = bullet_id

    def _row(self) -> int | None:
        s = self._system
        i = int(np.searchsorted(s.id[: s.n], self.id))  # ids ascend: spawn order is kept
        return i if i < s.n and s.id[i] == self.id else None

    def view(self) -> Bullet | None:
        i = self._row()
        return None if i is None else self._system.bullet(i)

    def __getattr__(self, name: str) -> Any:
        bullet = self.view()
        if bullet is None:
            if name == "alive":
                return False
            raise AttributeError(f"bullet {self.id} is gone; only .alive is known")
        return getattr(bullet, name)


class BulletStore:
    """All live bullets, as parallel arrays grown by doubling (rows 0..n-1 are live):
    spawning, reading and dropping them. `BulletSystem` (step.py) adds the step."""

    # The arrays (see _FIELDS), made by _grow.
    id: np.ndarray
    x: np.ndarray
    y: np.ndarray
    vx: np.ndarray
    vy: np.ndarray
    life: np.ndarray
    team: np.ndarray
    damage: np.ndarray
    style: np.ndarray
    blast_radius: np.ndarray
    blast_damage: np.ndarray
    _floats: np.ndarray  # (len(FLOAT_ROWS), capacity): the float arrays above are its rows
    _ints: np.ndarray

    def __init__(self) -> None:
        self.n = 0
        # Rows below this are filed in the stage tree; later ones were spawned since
        # the last step (an entity fired) and join the tree when the bullets step.
        self.filed = 0
        self._next_id = 0
        self.styles: list[str] = ["player", "enemy", "rocket"]
        self._cap = 0
        self._grow(256)
        self.fired = 0
        self.hits = 0
        # The id of the bullet whose hit is being resolved (-1: none): whose shot it
        # was is reporting's business (a player's kills), never the simulation's.
        self.striking = -1

    def _grow(self, cap: int) -> None:
        floats = np.zeros((len(FLOAT_ROWS), cap), dtype=np.float64)
        ints = np.zeros((len(INT_ROWS), cap), dtype=np.int64)
        if self._cap:
            floats[:, : self.n] = self._floats[:, : self.n]
            ints[:, : self.n] = self._ints[:, : self.n]
        self._floats, self._ints = floats, ints
        self._bind_rows()
        self._cap = cap

    def _bind_rows(self) -> None:
        """Name each row of the blocks (`x`, `life`...): writes through them land in the blocks."""
        for block, names in ((self._floats, FLOAT_ROWS), (self._ints, INT_ROWS)):
            for row, name in zip(block, names, strict=True):
                setattr(self, name, row)

    def expire_team(self, team: str) -> list[tuple[float, float]]:
        """Every bullet of ``team`` expires this step (a boss's fall clears the air);
        where each was, in spawn order."""
        mine = np.flatnonzero(self.team[: self.n] == TEAM_INDEX[team])
        self.life[mine] = 0.0
        return list(zip(self.x[mine].tolist(), self.y[mine].tolist(), strict=True))

    def __getstate__(self) -> dict[str, Any]:
        """Copied and pickled without the named rows: they are views of the blocks, and
        copied apart they would come back as separate arrays; the copy then drifts from
        the original (an expired bullet staying alive), so a snapshot of a stage would
        not play on the same. `__setstate__` binds them to the copied blocks again."""
        rows = set(FLOAT_ROWS) | set(INT_ROWS)
        return {name: value for name, value in vars(self).items() if name not in rows}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._bind_rows()

    def __len__(self) -> int:
        return self.n

    @property
    def next_id(self) -> int:
        """The id the next bullet spawned will have."""
        return self._next_id

    # -- spawning and reading ---------------------------------------------------------

    def spawn(
        self,
        x: float,
        y: float,
        vx: float,
        vy: float,
        team: str,
        damage: int = 1,
        style: str | None = None,
        blast_radius: float = 0.0,
        blast_damage: int = 0,
    ) -> BulletHandle:
        """A new bullet centred on (x, y). It joins the tree when the bullets step."""
        if self.n == self._cap:
            self._grow(self._cap * 2)
        style = style or ("enemy" if team == "enemy" else "player")
        if style not in self.styles:
            self.styles.append(style)
        i = self.n
        self.id[i] = self._next_id
        self.x[i], self.y[i], self.vx[i], self.vy[i] = x, y, vx, vy
        self.life[i] = BULLET_LIFE
        self.team[i] = TEAM_INDEX[team]
        self.damage[i] = damage
        self.style[i] = self.styles.index(style)
        self.blast_radius[i], self.blast_damage[i] = blast_radius, blast_damage
        self.n += 1
        self._next_id += 1
        if team == "player":
            self.fired += 1
        return BulletHandle(self, self._next_id - 1)

    def bullet(self, i: int) -> Bullet:
        """Row ``i`` as a plain object (for entities, tools and tests)."""
        return Bullet(
            hitbox=pygame.FRect(self.x[i] - HALF, self.y[i] - HALF, BULLET_SIZE, BULLET_SIZE),
            vx=float(self.vx[i]),
            vy=float(self.vy[i]),
            team=TEAMS[self.team[i]],
            damage=int(self.damage[i]),
            style=self.styles[self.style[i]],
            blast_radius=float(self.blast_radius[i]),
            blast_damage=int(self.blast_damage[i]),
            life=float(self.life[i]),
            alive=True,
        )

    @property
    def live(self) -> list[Bullet]:
        """Every live bullet as it is now (a snapshot), in spawn order."""
        return [self.bullet(i) for i in range(self.n)]

    def boxes(self, rows: np.ndarray | slice | None = None) -> np.ndarray:
        """(n, 4) float32 hitboxes (x, y, w, h) of the given rows (default: all live)."""
        sel = slice(0, self.n) if rows is None else rows
        x, y = self.x[sel], self.y[sel]
        out = np.empty((len(x), 4), dtype=np.float32)
        out[:, 0] = x - HALF
        out[:, 1] = y - HALF
        out[:, 2:] = BULLET_SIZE
        return out

    def state(self) -> list[Any]:
        """Everything that carries to the next step, for the stage's hash."""
        n = self.n
        state = [getattr(self, name)[:n].tolist() for name in _FIELDS]
        styles = self.styles
        if any(style in LOOK_ONLY for style in styles):
            # Each look-only style hashed as the style it stands for (see LOOK_ONLY).
            hashed: list[str] = []
            index = []
            for style in styles:
                same = LOOK_ONLY.get(style, style)
                if same not in hashed:
                    hashed.append(same)
                index.append(hashed.index(same))
            styles = hashed
            state[_FIELDS.index("style")] = [index[k] for k in state[_FIELDS.index("style")]]
        return [self._next_id, styles, *state]

    def clear(self) -> None:
        """Forget every bullet (the caller empties the tree's bullet class)."""
        self.n = self.filed = 0

    def _keep(self, alive: np.ndarray) -> None:
        """Drop the rows `alive` marks dead, keeping the others in spawn order."""
        keep = np.flatnonzero(alive[: self.n])
        # np.take along the rows: twice as fast as fancy indexing the 2-D block.
        self._floats[:, : len(keep)] = np.take(self._floats, keep, axis=1)
        self._ints[:, : len(keep)] = np.take(self._ints, keep, axis=1)
        self.n = len(keep)
