"""How a boss's fight reads on screen: weak points that pulse while they can be hurt,
the telegraph's glow at the coming attack's muzzle, the shutter behind the player.
Drawing only (the boss's own `draw` calls these); the fight is in boss.py."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from gunner.config import TILE
from gunner.entities.boss_table import BossState

if TYPE_CHECKING:
    from gunner.entities.boss import Boss


def draw_weak(self: Boss, surface: pygame.Surface, ox: float, oy: float) -> None:
    """Weak points pulse red while they can be hurt, stay dark otherwise."""
    open_now = self.state == BossState.FIGHT
    for part, rect in self.parts():
        if not part.weak:
            continue
        r = pygame.Rect(round(rect.x - ox), round(rect.y - oy), round(rect.w), round(rect.h))
        if part.name in self.weak_parts() and open_now:
            glow = 150 + int(80 * math.sin(self.clock * 0.25))
            surface.fill((20, 16, 26), r)
            surface.fill((glow, 40, 40), r.inflate(-2, -2))
            surface.fill((255, 230, 180), r.inflate(-r.w + 2, -r.h + 4))
        else:
            surface.fill((20, 16, 26), r)
            surface.fill((58, 66, 80), r.inflate(-2, -2))


def draw_charge(self: Boss, surface: pygame.Surface, ox: float, oy: float) -> None:
    """The telegraph: a growing, flickering glow at the muzzle of the coming attack."""
    attack = self.charging
    if attack is None:
        return
    grow = (self.attack_step + 1) / attack.telegraph
    radius = 3 + 9 * grow
    colour = (255, 240, 200) if self.attack_step % 6 < 3 else (244, 124, 36)
    for x, y in self.charge_points(attack):
        centre = (round(x - ox), round(y - oy))
        pygame.draw.circle(surface, (220, 44, 44), centre, round(radius) + 2, 2)
        pygame.draw.circle(surface, colour, centre, round(radius * 0.6))


def draw_gate(self: Boss, surface: pygame.Surface, ox: float, oy: float) -> None:
    """The shutter that closed behind the player: a hazard-striped steel column."""
    for col, row, _ in self.gate:
        x, y = round(col * TILE - ox), round(row * TILE - oy)
        surface.fill((20, 16, 26), (x, y, TILE, TILE))
        surface.fill((102, 114, 128), (x + 1, y, TILE - 2, TILE))
        for k in range(0, TILE, 4):
            surface.fill((240, 190, 48), (x + 3, y + k, TILE - 6, 2))
