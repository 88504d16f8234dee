"""The Warden's art, assets/boss_warden.png: 128x176 frames, feet at the bottom-centre,
one row: phase 1 (reactor behind a plate), phase 2 (plate gone), phase 3 (cracked,
burning), the wreck.

Drawn by `make assets` (tools/make_assets.py reads `SHEETS` beside the kind).
"""

from __future__ import annotations

import pygame

from gunner.entities.boss_art import boss_sheet, cannon, hazard_band, plate, scorch
from gunner.pixelart import (
    BG_DARK,
    HAZARD,
    ORANGE,
    OUTLINE,
    RED,
    STEEL_DARK,
    STEEL_LIGHT,
    WHITE,
    add_outline,
    new_surface,
    put,
    rect,
)

WARDEN_W, WARDEN_H = 128, 176


FEET_X = WARDEN_W // 2


def warden_frame(phase: int) -> pygame.Surface:
    """The gate wall: a hull against the right edge, a tower with the top cannon, the low
    cannon, the reactor hatch (plated in phase 0) and the core socket at its foot."""
    s = new_surface(WARDEN_W, WARDEN_H)
    # Hull: x 24..128 (the parts' "hull" -40..+64 from the feet).
    plate(s, 24, 8, 104, 168)
    for y in range(16, 168, 24):  # plate seams
        rect(s, STEEL_DARK, 25, y, 102, 1)
    hazard_band(s, 25, 150, 102, 6)
    hazard_band(s, 25, 8, 102, 4)
    # Tower crown and the mortar hatch on top.
    plate(s, 56, 0, 40, 12, STEEL_DARK)
    rect(s, OUTLINE, 68, 1, 16, 4)
    rect(s, RED, 70, 2, 12, 2)
    # Buttresses.
    for x in (40, 100):
        rect(s, STEEL_DARK, x, 20, 6, 150)
        rect(s, STEEL_LIGHT, x, 20, 1, 150)
    # Top cannon (part at -62..-38, y -150..-136 -> frame x 2..26, y 26..40).
    plate(s, 18, 22, 16, 22, STEEL_DARK)
    cannon(s, 2, 26, 26, 14)
    # Low cannon (x 2..26, y 92..104).
    plate(s, 18, 88, 16, 20, STEEL_DARK)
    cannon(s, 2, 92, 26, 12)
    # Reactor hatch (x 14..26, y 48..74): a bolted plate in phase 1, an open socket later.
    if phase == 0:
        plate(s, 12, 46, 18, 30)
        hazard_band(s, 14, 58, 14, 4)
    else:
        rect(s, OUTLINE, 12, 46, 18, 30)
        rect(s, BG_DARK, 13, 47, 16, 28)
        for y in range(49, 74, 5):  # torn plate edges
            put(s, 12, y, STEEL_LIGHT)
    # Core socket at the foot (x 10..26, y 130..168): a heavy frame around the core.
    rect(s, OUTLINE, 8, 128, 22, 42)
    rect(s, STEEL_DARK, 9, 129, 20, 40)
    rect(s, BG_DARK, 11, 131, 14, 36)
    hazard_band(s, 9, 166, 20, 3)
    # Signal lamps.
    for y in (60, 120):
        rect(s, OUTLINE, 58, y, 6, 6)
        rect(s, ORANGE if phase else HAZARD, 59, y + 1, 4, 4)
        put(s, 59, y + 1, WHITE)
    if phase >= 2:
        scorch(s, 11 + phase, 18 if phase == 2 else 40)
    if phase >= 3:  # the wreck: the cannons hang, the crown is gone
        rect(s, (0, 0, 0, 0), 56, 0, 40, 8)
        rect(s, OUTLINE, 2, 26, 16, 14)
        rect(s, OUTLINE, 2, 92, 16, 12)
    add_outline(s)
    return s


def warden_sheet() -> pygame.Surface:
    return boss_sheet(warden_frame)


SHEETS = {"boss_warden": warden_sheet}
