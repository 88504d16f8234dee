"""The grenadier's art: assets/grenadier.png, 32x32 frames. Row 0: 4 walk frames, stand,
wind-up, throw. Row 1: dying. assets/grenade.png: 8x8, 4 frames of a tumbling grenade.

Drawn by `make assets` (tools/make_assets.py reads `SHEETS` beside the kind).
"""

from __future__ import annotations

import math

import pygame

from gunner.entities.soldier_art import (
    BRACE,
    FRAME,
    WALK_CYCLE,
    Uniform,
    draw_trooper,
    fallen_frames,
)
from gunner.entities.turret_art import disc
from gunner.pixelart import (
    DIRT_DARK,
    DIRT_LIGHT,
    HAZARD,
    RED,
    SKIN,
    STAND,
    STEEL_LIGHT,
    Colour,
    Legs,
    add_outline,
    new_surface,
    put,
    rect,
    run_legs,
    stamp_line,
)

# -- grenadier -----------------------------------------------------------------------------
# Navy fatigues, a helmet with a steel band, a satchel of grenades at the hip.
NAVY: Colour = (70, 96, 160)


NAVY_DARK: Colour = (40, 56, 100)


GRENADE: Colour = (84, 110, 60)


GRENADIER = Uniform(NAVY, NAVY_DARK, DIRT_LIGHT, helmet=NAVY, shine=STEEL_LIGHT)


def grenadier_frame(legs: Legs, bob: int, arm: str) -> pygame.Surface:
    """`arm`: "carry" (a grenade in hand at the side), "wind" (drawn back over the
    shoulder), "throw" (flung forward, hand open)."""
    surf = new_surface(FRAME, FRAME)
    draw_trooper(surf, legs, bob, GRENADIER)
    rect(surf, DIRT_DARK, 12, 18 + bob, 3, 3)  # satchel
    put(surf, 13, 19 + bob, GRENADE)
    shoulder = (16, 13 + bob)
    hand = {"carry": (17, 19 + bob), "wind": (11, 7 + bob), "throw": (23, 9 + bob)}[arm]
    stamp_line(surf, NAVY, shoulder, hand, 2)
    if arm != "throw":
        rect(surf, GRENADE, hand[0] - 1, hand[1] - 1, 3, 3)
        put(surf, hand[0], hand[1] - 2, STEEL_LIGHT)  # the pin
    else:
        put(surf, *hand, SKIN)
    add_outline(surf)
    return surf


def grenadier_sheet() -> pygame.Surface:
    sheet = new_surface(7 * FRAME, 2 * FRAME)
    for k in range(4):
        legs, bob = run_legs(k * 3 // 2, WALK_CYCLE)
        sheet.blit(grenadier_frame(legs, bob, "carry"), (k * FRAME, 0))
    for col, arm in ((4, "carry"), (5, "wind"), (6, "throw")):
        sheet.blit(grenadier_frame(BRACE, 0, arm), (col * FRAME, 0))
    for col, frame in enumerate(fallen_frames(grenadier_frame(STAND, 0, "carry"))):
        sheet.blit(frame, (col * FRAME, FRAME))
    return sheet


def grenade_sheet() -> pygame.Surface:
    """The grenade it throws: 4 frames, 8x8, tumbling, the fuse blinking."""
    strip = new_surface(32, 8)
    for k in range(4):
        g = new_surface(8, 8)
        disc(g, 4, 4, 2.6, GRENADE)
        put(g, 3, 3, (140, 170, 100))
        angle = k * math.pi / 2
        px, py = round(4 + math.cos(angle) * 3), round(4 - math.sin(angle) * 3)
        put(g, px, py, STEEL_LIGHT)  # the lever, tumbling round
        put(g, 4, 4, RED if k % 2 else HAZARD)  # the fuse blinks
        add_outline(g)
        strip.blit(g, (k * 8, 0))
    return strip


SHEETS = {"grenadier": grenadier_sheet, "grenade": grenade_sheet}
