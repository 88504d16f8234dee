"""The Overseer's art, assets/boss_overseer.png: 128x64 frames, the same four: pods
cowled in phase 1, their engine cores bare from phase 2; drawn floating
(Overseer.LIFT px over its feet).

Drawn by `make assets` (tools/make_assets.py reads `SHEETS` beside the kind).
"""

from __future__ import annotations

import pygame

from gunner.entities.boss_art import boss_sheet, hazard_band, plate, scorch
from gunner.pixelart import (
    BG_DARK,
    BLUE,
    BLUE_DARK,
    HAZARD,
    ORANGE,
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

OVERSEER_W, OVERSEER_H = 128, 64


def overseer_frame(phase: int) -> pygame.Surface:
    """A gunship seen side-on: an armoured hull, an engine pod at each end (exhaust
    grilles glowing), the eye socket under the belly (the game draws the eye's glow)."""
    s = new_surface(OVERSEER_W, OVERSEER_H)
    # Hull (x 16..112, y 4..50): a wedge-nosed plate body with a canopy on top.
    rect(s, OUTLINE, 16, 10, 96, 40)
    rect(s, STEEL, 17, 11, 94, 38)
    rect(s, STEEL_LIGHT, 17, 11, 94, 1)
    rect(s, STEEL_DARK, 17, 40, 94, 9)
    hazard_band(s, 17, 36, 94, 3)
    for k in range(10):  # the nose: its top edge slopes down to the front
        rect(s, (0, 0, 0, 0), 16, 10 + k, 10 - k, 1)
    # Tail fin and the rotor mast with its blurred blades.
    for k in range(8):
        rect(s, STEEL_DARK, 100 - k // 2, 2 + k, 8 + k // 2, 1)
    rect(s, STEEL_DARK, 63, 0, 3, 4)
    rect(s, STEEL_LIGHT, 34, 0, 60, 1)
    for x in range(22, 108, 12):
        put(s, x, 14, STEEL_LIGHT)
        put(s, x, 44, BG_DARK)
    rect(s, OUTLINE, 44, 3, 40, 9)  # canopy
    rect(s, BLUE_DARK, 45, 4, 38, 7)
    rect(s, BLUE, 47, 5, 20, 2)
    put(s, 48, 5, WHITE)
    # Antenna and a red beacon.
    rect(s, STEEL_DARK, 88, 0, 1, 4)
    put(s, 88, 0, RED)
    # Engine pods (x 0..18 and 110..128, y 18..44).
    for x in (0, 110):
        plate(s, x, 18, 18, 26, STEEL_DARK if phase == 0 else STEEL)
        rect(s, OUTLINE, x + 3, 40, 12, 4)
        rect(s, ORANGE if phase else HAZARD, x + 4, 41, 10, 2)  # exhaust glow
        if phase >= 1:  # the cowling blown off: the engine core shows
            rect(s, OUTLINE, x + 4, 23, 10, 12)
            rect(s, RED, x + 5, 24, 8, 10)
            rect(s, HAZARD, x + 7, 26, 4, 6)
    # Eye socket under the belly (x 54..74, y 50..62).
    rect(s, OUTLINE, 52, 48, 24, 16)
    rect(s, STEEL_DARK, 53, 49, 22, 14)
    rect(s, BG_DARK, 55, 51, 18, 10)
    if phase >= 2:
        scorch(s, 51 + phase, 14 if phase == 2 else 30, OVERSEER_W, OVERSEER_H - 16, 4)
    if phase >= 3:
        rect(s, (0, 0, 0, 0), 0, 18, 6, 26)  # a pod half gone
        rect(s, (0, 0, 0, 0), 44, 0, 20, 6)
    add_outline(s)
    return s


def overseer_sheet() -> pygame.Surface:
    return boss_sheet(overseer_frame)


SHEETS = {"boss_overseer": overseer_sheet}
