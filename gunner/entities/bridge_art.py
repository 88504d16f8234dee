"""The exploding bridge's art, assets/bridge.png: 16x16 frames, one bridge segment (they
tile side by side): planks with rivets on a steel truss; 1 the charge under it lit,
2 the same blinking off.

Drawn by `make assets` (tools/make_assets.py reads `SHEETS` beside the kind).
"""

from __future__ import annotations

import pygame

from gunner.pixelart import (
    DIRT,
    DIRT_DARK,
    DIRT_LIGHT,
    HAZARD,
    ORANGE,
    RED,
    STEEL,
    STEEL_DARK,
    STEEL_LIGHT,
    WHITE,
    Colour,
    add_outline,
    new_surface,
    put,
    rect,
    stamp_line,
    strip,
)

# -- set pieces -----------------------------------------------------------------------------
CELL = 16


PLANK_LIGHT: Colour = (186, 134, 84)


def bridge_segment(charge: str) -> pygame.Surface:
    """One segment: a plank deck, a riveted steel stringer and a truss under it; `charge`
    "" none, "on" the demolition charge strapped under it glowing, "off" it unlit."""
    surf = new_surface(CELL, CELL)
    rect(surf, DIRT_LIGHT, 0, 1, CELL, 4)  # the deck: planks laid across
    rect(surf, PLANK_LIGHT, 0, 1, CELL, 1)
    for x in (3, 7, 11, 15):  # the seams between planks
        rect(surf, DIRT_DARK, x, 1, 1, 4)
    rect(surf, DIRT, 0, 4, CELL, 1)
    rect(surf, STEEL_DARK, 0, 5, CELL, 3)  # the stringer
    rect(surf, STEEL, 0, 5, CELL, 1)
    for x in (1, 5, 9, 13):  # its rivets
        put(surf, x, 6, STEEL_LIGHT)
    stamp_line(surf, STEEL_DARK, (1, 8), (7, 13), 2)  # the truss
    stamp_line(surf, STEEL_DARK, (14, 8), (8, 13), 2)
    rect(surf, STEEL_DARK, 0, 14, CELL, 2)
    rect(surf, STEEL, 0, 14, CELL, 1)
    for x in (2, 13):
        put(surf, x, 14, STEEL_LIGHT)
    if charge:
        rect(surf, RED, 6, 8, 4, 3)  # the charge, taped to the stringer
        put(surf, 6, 9, HAZARD)
        put(surf, 9, 9, HAZARD)
        rect(surf, ORANGE if charge == "on" else DIRT_DARK, 7, 8, 2, 1)  # its lamp
    add_outline(surf)
    if charge == "on":
        put(surf, 7, 8, WHITE)
        put(surf, 8, 7, HAZARD)  # sparks from the fuse
        put(surf, 10, 7, ORANGE)
    return surf


def bridge_sheet() -> pygame.Surface:
    return strip([bridge_segment(charge) for charge in ("", "on", "off")])


SHEETS = {"bridge": bridge_sheet}
