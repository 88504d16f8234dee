"""The weapons: the registry and its words (gunner.weapons.base) and one entry per gun.

Every module of this package is imported when the package is (in name order), so a new
weapon is one module here calling `register_weapon(Weapon(...))`, and nothing else
lists it (see "Adding a weapon" in docs/architecture.md).
"""

from __future__ import annotations

from gunner.discovery import import_all
from gunner.weapons.base import (
    DEFAULT_WEAPON,
    ITEMS,
    WATCHERS,
    WEAPONS,
    Item,
    Weapon,
    fire,
    register_weapon,
    unregister_weapon,
)

MODULES = import_all(__name__, __path__)

__all__ = [
    "DEFAULT_WEAPON",
    "ITEMS",
    "MODULES",
    "WATCHERS",
    "WEAPONS",
    "Item",
    "Weapon",
    "fire",
    "register_weapon",
    "unregister_weapon",
]
