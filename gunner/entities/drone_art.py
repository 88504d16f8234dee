"""The drone's art, assets/drone.png: 24x16 frames. Row 0: 4 propeller frames. Row 1:
the same, eye ablaze.

Drawn by `make assets` (tools/make_assets.py reads `SHEETS` beside the kind).
"""

from __future__ import annotations

import pygame

from gunner.pixelart import (
    BG_DARK,
    HAZARD,
    OUTLINE,
    RED,
    STEEL,
    STEEL_DARK,
    STEEL_LIGHT,
    WHITE,
    add_outline,
    new_surface,
    put,
    rect,
)

DRONE_W, DRONE_H = 24, 16


# -- drone --------------------------------------------------------------------------------
BLADES = [9, 5, 1, 5]  # half-width of the blur of the rotor, per frame


def drone_frame(k: int, blazing: bool) -> pygame.Surface:
    surf = new_surface(DRONE_W, DRONE_H)
    # Hull: a rounded steel pod, darker underneath.
    rect(surf, STEEL, 6, 7, 12, 4)
    rect(surf, STEEL, 7, 6, 10, 1)
    rect(surf, STEEL_DARK, 6, 10, 12, 2)
    rect(surf, STEEL_DARK, 7, 12, 10, 1)
    rect(surf, STEEL_LIGHT, 8, 7, 4, 1)
    rect(surf, HAZARD, 6, 9, 2, 1)  # tail marking
    put(surf, 5, 8, STEEL_DARK)  # tail fin
    put(surf, 4, 7, STEEL_DARK)
    rect(surf, STEEL_DARK, 11, 4, 2, 2)  # rotor mast
    # Skids.
    rect(surf, BG_DARK, 8, 13, 1, 1)
    rect(surf, BG_DARK, 15, 13, 1, 1)
    rect(surf, BG_DARK, 7, 14, 10, 1)
    # Eye: a red lens at the front, low down.
    rect(surf, OUTLINE, 14, 9, 4, 3)
    rect(surf, RED, 15, 10, 2, 1)
    half = BLADES[k]
    add_outline(surf)
    # The rotor blur is drawn after the outline: thin and light, it reads as motion.
    rect(surf, STEEL_LIGHT, 12 - half, 3, 2 * half, 1)
    put(surf, 12 - half, 3, STEEL)
    put(surf, 11 + half, 3, STEEL)
    if blazing:
        put(surf, 15, 10, HAZARD)
        put(surf, 16, 10, WHITE)
        for px, py in ((14, 11), (17, 11), (15, 12), (16, 12), (18, 10)):
            surf.set_at((px, py), (*RED, 200))
    return surf


def drone_sheet() -> pygame.Surface:
    sheet = new_surface(4 * DRONE_W, 2 * DRONE_H)
    for row, blazing in enumerate((False, True)):
        for k in range(4):
            sheet.blit(drone_frame(k, blazing), (k * DRONE_W, row * DRONE_H))
    return sheet


SHEETS = {"drone": drone_sheet}
