"""Weapons: how each gun fires. Pure data plus one function that spawns its shots."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gunner.stage import Stage


@dataclass(frozen=True)
class Weapon:
    name: str  # the id used by pickups and maps
    label: str  # what the HUD shows
    cooldown: float  # seconds between shots while fire is held
    speed: float  # bullet speed, px/s
    damage: int
    spread: tuple[float, ...] = (0.0,)  # degrees off the aim, one bullet each
    jitter: float = 0.0  # random degrees added to each shot
    ammo: int | None = None  # shots a pickup gives; None = unlimited
    blast_radius: float = 0.0  # > 0: the shot explodes on impact
    blast_damage: int = 0
    style: str = "player"  # bullet sprite
    sound: str = "shoot"


WEAPONS: dict[str, Weapon] = {
    w.name: w
    for w in (
        Weapon("pistol", "PISTOL", 0.16, 380.0, 1),
        Weapon(
            "machinegun",
            "MACHINE GUN",
            0.07,
            440.0,
            1,
            jitter=3.0,
            ammo=150,
            sound="shoot_machinegun",
        ),
        Weapon(
            "spread",
            "SPREAD",
            0.3,
            360.0,
            1,
            spread=(-20.0, -10.0, 0.0, 10.0, 20.0),
            ammo=40,
            sound="shoot_spread",
        ),
        Weapon(
            "rocket",
            "ROCKETS",
            0.6,
            260.0,
            3,
            ammo=12,
            blast_radius=40.0,
            blast_damage=4,
            style="rocket",
            sound="shoot_rocket",
        ),
    )
}
DEFAULT_WEAPON = "pistol"


def fire(weapon: Weapon, stage: Stage, x: float, y: float, dx: float, dy: float, team: str) -> None:
    """Spawn the weapon's shots from (x, y) along the unit vector (dx, dy)."""
    base = math.atan2(dy, dx)
    for offset in weapon.spread:
        if weapon.jitter:
            offset += stage.rng.uniform(-weapon.jitter, weapon.jitter)
        if offset:
            angle = base + math.radians(offset)
            ux, uy = math.cos(angle), math.sin(angle)
        else:  # straight along the aim, without trigonometry's rounding
            ux, uy = dx, dy
        stage.bullets.spawn(
            x,
            y,
            ux * weapon.speed,
            uy * weapon.speed,
            team=team,
            damage=weapon.damage,
            style=weapon.style,
            blast_radius=weapon.blast_radius,
            blast_damage=weapon.blast_damage,
        )
    stage.emit(weapon.sound)
