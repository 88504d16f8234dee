"""The words a boss is written in: its body's `Part`s, its telegraphed `Attack`s, the
`Phase`s its health falls through and the `BossState` of its fight. A boss's module is
a table of these (gunner/entities/warden.py); the fight that plays them is
gunner/entities/boss.py."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import pygame


@dataclass(frozen=True)
class Part:
    """A hitbox of the boss's body, placed from its feet: (x, y) is the top-left
    corner's offset from the feet (y negative is up)."""

    name: str
    x: float
    y: float
    w: float
    h: float
    weak: bool = False

    def rect(self, fx: float, fy: float) -> pygame.FRect:
        return pygame.FRect(fx + self.x, fy + self.y, self.w, self.h)


@dataclass(frozen=True)
class Attack:
    """One telegraphed attack: `telegraph` steps of charge-up at `muzzle` (a part's
    name), then `volleys` volleys `every` steps apart, then `rest` quiet steps."""

    name: str
    muzzle: str
    telegraph: int = 30
    volleys: int = 1
    every: int = 10
    rest: int = 30

    @property
    def steps(self) -> int:
        return self.telegraph + (self.volleys - 1) * self.every + 1 + self.rest


@dataclass(frozen=True)
class Phase:
    """A phase lasts while health is above `until` (a fraction of full health)."""

    until: float
    attacks: tuple[Attack, ...]
    weak: tuple[str, ...]  # the parts that take damage in this phase


class BossState(StrEnum):
    """Where a fight stands (the HUD and the bot read it; hashed as its text)."""

    DORMANT = "dormant"  # waiting, invulnerable, for the player to enter the arena
    INTRO = "intro"  # the shutter has dropped; it roars before its first attack
    FIGHT = "fight"  # attacking; its weak points take damage
    SHIFT = "shift"  # between phases: a plate blows off, no attacks, no damage
    DYING = "dying"  # the chained explosions before it is gone
