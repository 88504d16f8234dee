"""The pop-up turret's art, assets/popup_turret.png: 24x24 frames, the hatch on the
frame's bottom edge. Row 0: the hatch shut, rising (2 frames), up; row 1: 9 barrels
from the dome's pivot (12, 12), frame k pointing k*22.5 degrees anticlockwise from the
right (0 to 180: never into the floor).

Drawn by `make assets` (tools/make_assets.py reads `SHEETS` beside the kind).
"""

from __future__ import annotations

import math

import pygame

from gunner.entities.turret_art import disc
from gunner.pixelart import (
    BG_DARK,
    HAZARD,
    ORANGE,
    RED,
    STEEL,
    STEEL_DARK,
    STEEL_LIGHT,
    WHITE,
    add_outline,
    new_surface,
    put,
    rect,
    stamp_line,
)

# -- pop-up turret -------------------------------------------------------------------------
POP = 24


PIVOT = (POP // 2, POP - 4)


def popup_body(rise: int) -> pygame.Surface:
    """The hatch in the floor and the dome risen `rise` px (0 shut, 12 up)."""
    surf = new_surface(POP, POP)
    if rise:
        cx, cy = PIVOT[0], PIVOT[1] - rise + 4
        rect(surf, STEEL_DARK, cx - 5, cy, 10, POP - 4 - cy)  # the column it rides up on
        disc(surf, cx, cy, 6.0, STEEL_DARK)
        disc(surf, cx - 0.5, cy - 0.5, 5.0, (120, 100, 78))
        disc(surf, cx - 1.5, cy - 2, 1.8, STEEL_LIGHT)
        rect(surf, RED, cx - 2, cy + 2, 5, 1)  # the sensor
    for x in range(2, POP - 2):  # the hatch frame, hazard striped, flush with the floor
        put(surf, x, POP - 4, HAZARD if x % 4 < 2 else BG_DARK)
        put(surf, x, POP - 3, STEEL_DARK)
    if not rise:
        rect(surf, STEEL, 5, POP - 6, POP - 10, 2)  # the shut lid
        put(surf, POP // 2, POP - 6, RED)
    add_outline(surf)
    return surf


def popup_barrel(angle: float) -> pygame.Surface:
    surf = new_surface(POP, POP)
    cx, cy = PIVOT[0], PIVOT[1] - 8
    dx, dy = math.cos(angle), -math.sin(angle)
    tip = (round(cx + dx * 10), round(cy + dy * 10))
    stamp_line(surf, STEEL_DARK, (round(cx + dx * 3), round(cy + dy * 3)), tip, 3)
    put(surf, *tip, ORANGE)
    add_outline(surf)
    put(surf, *tip, WHITE)
    return surf


def popup_turret_sheet() -> pygame.Surface:
    sheet = new_surface(9 * POP, 2 * POP)
    for k, rise in enumerate((0, 4, 8, 12)):
        sheet.blit(popup_body(rise), (k * POP, 0))
    for k in range(9):
        sheet.blit(popup_barrel(k * math.pi / 8), (k * POP, POP))
    return sheet


SHEETS = {"popup_turret": popup_turret_sheet}
