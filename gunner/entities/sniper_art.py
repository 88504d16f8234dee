"""The sniper's art, assets/sniper.png: 32x32 frames. Row 0: ready, aim forward / diag
up / diag down, the same firing. Row 1: dying.

Drawn by `make assets` (tools/make_assets.py reads `SHEETS` beside the kind).
"""

from __future__ import annotations

import pygame

from gunner.entities.rifleman_art import RIFLE_AIMS
from gunner.entities.soldier_art import (
    BRACE,
    FRAME,
    Uniform,
    draw_rifle,
    draw_trooper,
    fallen_frames,
    spark,
)
from gunner.pixelart import BG_DARK, BG_MID, Colour, add_outline, new_surface, rect

# -- sniper --------------------------------------------------------------------------------
# A marksman in pale urban camouflage (no other figure is light) with a long scoped rifle.
HOOD: Colour = (196, 200, 206)


HOOD_DARK: Colour = (120, 126, 140)


SNIPER = Uniform(HOOD, HOOD_DARK, BG_MID, helmet=HOOD_DARK, shine=HOOD)


SNIPER_BARREL = 12  # the muzzles land on gunner/entities/sniper.py's MUZZLES


def sniper_frame(aim: int | None, firing: bool) -> pygame.Surface:
    surf = new_surface(FRAME, FRAME)
    draw_trooper(surf, BRACE, 0, SNIPER)
    rect(surf, BG_DARK, 14, 13, 2, 2)  # camouflage blots
    rect(surf, BG_DARK, 16, 17, 2, 1)
    if aim is None:  # rifle held upright, ready
        muzzle = draw_rifle(surf, (15, 18), (0.5, -0.87), 12, HOOD, BG_DARK, (16, 13), True)
    else:
        grip, direction, _ = RIFLE_AIMS[aim]
        muzzle = draw_rifle(surf, grip, direction, SNIPER_BARREL, HOOD, BG_DARK, (16, 13), True)
    add_outline(surf)
    if firing:
        spark(surf, *muzzle)
    return surf


def sniper_sheet() -> pygame.Surface:
    sheet = new_surface(7 * FRAME, 2 * FRAME)
    frames = [sniper_frame(None, False)]
    frames += [sniper_frame(a, False) for a in range(3)]
    frames += [sniper_frame(a, True) for a in range(3)]
    for k, frame in enumerate(frames):
        sheet.blit(frame, (k * FRAME, 0))
    for k, frame in enumerate(fallen_frames(sniper_frame(None, False))):
        sheet.blit(frame, (k * FRAME, FRAME))
    return sheet


SHEETS = {"sniper": sniper_sheet}
