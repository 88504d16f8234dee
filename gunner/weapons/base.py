"""Weapons: how each gun fires. Pure data, a registry of it (`WEAPONS`, and `ITEMS`:
what a Pickup can be), and one function that spawns a gun's shots.

A weapon is one entry, `register_weapon(Weapon(...))`, in its own module: its name,
how it fires, its ammo, its HUD label, its shot sound, its pickup banner and builder
character, and the function that draws its pickup badge. The map schema's item choices,
the pickup sheet (tools/make_assets.py) and the Tiled project follow the registry.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

    from gunner.world.api import WorldView

# A dataclass field marked so is presentation: the state hash leaves it out.
NOT_STATE = {"state": False}


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
    # Draws its 16x16 pickup badge (weapons with ammo): tools/make_assets.py lays the
    # badges out in assets/pickups.png, one column per item in `ITEMS` order.
    pickup_art: Callable[[], pygame.Surface] | None = field(
        default=None, compare=False, repr=False, metadata=NOT_STATE
    )


DEFAULT_WEAPON = "pistol"


@dataclass(frozen=True)
class Item:
    """Something a Pickup can be (its `item` property, an enemy's `drop`)."""

    name: str  # the id maps use
    title: str  # the banner when it is picked up
    char: str  # its character in tools/build_level.py layouts


# The registry: every weapon by name, in registration order.
WEAPONS: dict[str, Weapon] = {}
# Every item name, in one place: health, then each weapon a pickup can give (the
# weapons with ammo), in registration order. The order is also the column order of
# assets/pickups.png.
ITEMS: dict[str, Item] = {"health": Item("health", "HEALTH", "h")}
# Told after each registration (the map schema's item choices follow the registry:
# gunner.entities.pickup).
WATCHERS: list[Callable[[], None]] = []


def register_weapon(weapon: Weapon) -> Weapon:
    """Add a weapon (and, if it has ammo, its pickup item); returns it."""
    if weapon.name in WEAPONS or weapon.name in ITEMS:
        raise ValueError(f"weapon {weapon.name!r} registered twice")
    WEAPONS[weapon.name] = weapon
    if weapon.ammo is not None:
        ITEMS[weapon.name] = Item(weapon.name, weapon.title, weapon.char)
    for watcher in WATCHERS:
        watcher()
    return weapon


def unregister_weapon(name: str) -> None:
    """Forget a weapon (a tool or test that registered one for a while)."""
    WEAPONS.pop(name, None)
    if name != "health":
        ITEMS.pop(name, None)
    for watcher in WATCHERS:
        watcher()


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
