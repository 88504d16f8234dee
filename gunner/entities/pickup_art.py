"""The pickups' art: assets/pickups.png (health, then each weapon's badge, drawn by
its weapon's entry) and assets/keycards.png. Row 0 plain, row 1 glinting.

- pickups.png   16 px a column: health, then each weapon pickup in the weapon registry's
                item order (machinegun, spread, rocket)
- keycards.png  48x32: columns red, blue, yellow

Drawn by `make assets` (tools/make_assets.py reads `SHEETS` beside the kind).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from gunner.entities.door_art import COLORS, KEY_RAMPS, symbol
from gunner.pixelart import (
    HAZARD,
    ORANGE,
    OUTLINE,
    RED,
    SKY_2,
    STEEL_DARK,
    STEEL_LIGHT,
    WHITE,
    add_outline,
    line_points,
    new_surface,
    put,
    rect,
)
from gunner.weapons import ITEMS, WEAPONS
from gunner.weapons.badge import ICON, bevel


def glint(surf: pygame.Surface, x: int, y: int) -> None:
    """A four-point star: the sparkle that makes an item say 'pick me up'."""
    put(surf, x, y, WHITE)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        put(surf, x + dx, y + dy, WHITE)
    for dx, dy in ((2, 0), (-2, 0), (0, 2), (0, -2)):
        put(surf, x + dx, y + dy, HAZARD)


def sheen(surf: pygame.Surface, x0: int, y0: int, x1: int, y1: int) -> None:
    """A diagonal light streak over the opaque pixels of the box (x0, y0)-(x1, y1)."""
    for i in range(-2, 2):
        for px, py in line_points((x0 + 3 + i, y1), (x0 + 3 + i + (y1 - y0), y0)):
            if x0 <= px <= x1 and surf.get_at((px, py)).a and surf.get_at((px, py))[:3] != OUTLINE:
                put(surf, px, py, WHITE if i in (-1, 0) else STEEL_LIGHT)


def icon_health() -> pygame.Surface:
    """A white medkit with a red cross and a carry handle."""
    s = new_surface(ICON, ICON)
    rect(s, STEEL_DARK, 5, 2, 6, 1)  # handle
    rect(s, STEEL_DARK, 5, 2, 1, 3)
    rect(s, STEEL_DARK, 10, 2, 1, 3)
    rect(s, WHITE, 2, 4, 12, 10)
    rect(s, STEEL_LIGHT, 2, 12, 12, 2)  # shaded base
    rect(s, STEEL_LIGHT, 13, 4, 1, 10)
    rect(s, RED, 6, 5, 4, 8)  # the cross
    rect(s, RED, 3, 7, 10, 4)
    rect(s, SKY_2, 6, 11, 4, 2)
    rect(s, SKY_2, 12, 9, 1, 2)
    add_outline(s)
    return s


def pickups_sheet() -> pygame.Surface:
    """Health, then each weapon pickup's badge, drawn by its weapon's entry
    (`Weapon.pickup_art`), in the registry's item order: the columns Pickup draws from."""
    icons: list[Callable[[], pygame.Surface]] = []
    for name in ITEMS:
        draw = icon_health if name == "health" else WEAPONS[name].pickup_art
        if draw is None:
            raise ValueError(f"weapon {name!r}: a pickup gives it, but its entry has no pickup_art")
        icons.append(draw)
    return glinting(icons, (2, 2, 13, 13))


def keycard(color: str) -> pygame.Surface:
    """A card held slightly tilted: coloured face, dark magnetic stripe, gold chip."""
    light, body, shade = KEY_RAMPS[color]
    s = new_surface(ICON, ICON)
    bevel(s, 1, 4, 14, 9, light, body, shade)
    rect(s, OUTLINE, 2, 5, 12, 1)  # magnetic stripe
    rect(s, HAZARD if color != "yellow" else ORANGE, 3, 8, 3, 2)  # chip
    put(s, 3, 8, WHITE)
    # Printed large, as on its door: light on the dark cards, dark on the yellow one.
    symbol(s, color, 8, 7, WHITE if color != "yellow" else OUTLINE, big=False)
    put(s, 13, 5, (0, 0, 0, 0))  # punched hole for a lanyard
    put(s, 1, 4, (0, 0, 0, 0))
    put(s, 14, 12, (0, 0, 0, 0))
    add_outline(s)
    return s


def keycards_sheet() -> pygame.Surface:
    return glinting([partial(keycard, color) for color in COLORS], (1, 4, 14, 12))


def glinting(
    icons: list[Callable[[], pygame.Surface]], lit: tuple[int, int, int, int]
) -> pygame.Surface:
    """One 16 px column per icon: row 0 as drawn, row 1 with a sheen across the box `lit`
    (x0, y0, x1, y1) and a glint at its top right."""
    sheet = new_surface(ICON * len(icons), ICON * 2)
    for i, draw in enumerate(icons):
        plain = draw()
        shiny = draw()
        sheen(shiny, *lit)
        glint(shiny, 12, 3)
        sheet.blit(plain, (i * ICON, 0))
        sheet.blit(shiny, (i * ICON, ICON))
    return sheet


SHEETS = {"pickups": pickups_sheet, "keycards": keycards_sheet}
