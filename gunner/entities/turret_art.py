"""The turret's art, assets/turret.png: 24x24 frames, pivot at the centre. Row 0: the
base mounted on a floor, ceiling, left wall, right wall. Row 1: 16 barrels, frame k
pointing k*22.5 degrees anticlockwise from the right.

Drawn by `make assets` (tools/make_assets.py reads `SHEETS` beside the kind).
"""

from __future__ import annotations

import math

import pygame

from gunner.pixelart import (
    BG_DARK,
    HAZARD,
    RED,
    STEEL,
    STEEL_DARK,
    STEEL_LIGHT,
    Colour,
    add_outline,
    new_surface,
    put,
    rect,
    stamp_line,
)

TURRET = 24


# -- turret -------------------------------------------------------------------------------
def disc(surf: pygame.Surface, cx: float, cy: float, r: float, colour: Colour) -> None:
    for y in range(surf.get_height()):
        for x in range(surf.get_width()):
            if (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r * r:
                surf.set_at((x, y), colour)


def turret_base() -> pygame.Surface:
    """Mounted on the floor: a hazard-striped plate at the bottom, a dome at the pivot."""
    surf = new_surface(TURRET, TURRET)
    rect(surf, STEEL_DARK, 8, 13, 8, 4)  # the neck
    for x in range(3, 21):  # plate, hazard stripes on its face
        for y in (17, 18, 19):
            colour = HAZARD if (x + y) % 4 < 2 else BG_DARK
            put(surf, x, y, colour if y == 18 else STEEL_DARK)
    rect(surf, STEEL, 3, 17, 18, 1)
    disc(surf, 12, 12, 6.5, STEEL_DARK)
    disc(surf, 11.5, 11.5, 5.5, STEEL)
    disc(surf, 10.5, 10, 2, STEEL_LIGHT)
    rect(surf, RED, 11, 14, 3, 1)  # the sensor slit glows red
    add_outline(surf)
    return surf


def turret_barrel(angle: float) -> pygame.Surface:
    """A twin-striped barrel from the pivot, `angle` radians anticlockwise from the right."""
    surf = new_surface(TURRET, TURRET)
    c = TURRET // 2
    dx, dy = math.cos(angle), -math.sin(angle)
    tip = (round(c + dx * 11), round(c + dy * 11))
    root = (round(c + dx * 3), round(c + dy * 3))
    stamp_line(surf, STEEL_DARK, root, tip, 3)
    stamp_line(surf, STEEL, root, (round(c + dx * 9), round(c + dy * 9)), 1)
    put(surf, *tip, BG_DARK)
    disc(surf, c, c, 3.2, STEEL_DARK)
    disc(surf, c - 0.5, c - 0.5, 1.6, STEEL_LIGHT)
    add_outline(surf)
    return surf


def turret_sheet() -> pygame.Surface:
    sheet = new_surface(16 * TURRET, 2 * TURRET)
    base = turret_base()
    # floor, ceiling, wall on the left (faces right), wall on the right (faces left)
    for k, turn in enumerate((0, 180, -90, 90)):
        sheet.blit(pygame.transform.rotate(base, turn), (k * TURRET, 0))
    for k in range(16):
        sheet.blit(turret_barrel(k * math.pi / 8), (k * TURRET, TURRET))
    return sheet


SHEETS = {"turret": turret_sheet}
