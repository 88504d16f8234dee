"""Weapons: how each gun fires. Pure data plus one function that spawns its shots."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gunner.world.api import WorldView


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
    # As a pickup (weapons with ammo): the banner when it is picked up, and its
    # character in tools/build_level.py layouts.
    title: str = ""
    char: str = ""


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
            title="MACHINE GUN",
            char="m",
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
            title="SPREAD GUN",
            char="g",
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
            title="ROCKET LAUNCHER",
            char="k",
        ),
    )
}
DEFAULT_WEAPON = "pistol"


@dataclass(frozen=True)
class Item:
    """Something a Pickup can be (its `item` property, an enemy's `drop`)."""

    name: str  # the id maps use
    title: str  # the banner when it is picked up
    char: str  # its character in tools/build_level.py layouts


# Every item name, in one place: health, then each weapon a pickup can give. The order
# is also the column order of assets/pickups.png.
ITEMS: dict[str, Item] = {
    item.name: item
    for item in (
        Item("health", "HEALTH", "h"),
        *(Item(w.name, w.title, w.char) for w in WEAPONS.values() if w.ammo is not None),
    )
}


def fire(
    weapon: Weapon, stage: WorldView, x: float, y: float, dx: float, dy: float, team: str
) -> None:
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
