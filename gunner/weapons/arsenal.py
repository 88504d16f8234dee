"""The shipped guns, one entry each: the pistol every player starts with and the three
a pickup gives. Registered in this order, which is the pickups' column order in
assets/pickups.png (after health)."""

from __future__ import annotations

from functools import partial

from gunner.pixelart import BLUE, BLUE_DARK, GRASS_DARK, ORANGE, OUTLINE, RED, SKY_2, STEEL_LIGHT
from gunner.weapons.badge import badge
from gunner.weapons.base import Weapon, register_weapon

PISTOL = register_weapon(Weapon("pistol", "PISTOL", 0.16, 380.0, 1))

MACHINE_GUN = register_weapon(
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
        pickup_art=partial(badge, "M", STEEL_LIGHT, BLUE, BLUE_DARK),
    )
)

SPREAD = register_weapon(
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
        pickup_art=partial(badge, "S", ORANGE, RED, SKY_2),
    )
)

ROCKET = register_weapon(
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
        pickup_art=partial(badge, "R", STEEL_LIGHT, GRASS_DARK, OUTLINE),
    )
)
