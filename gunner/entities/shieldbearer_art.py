"""The shieldbearer's art, assets/shieldbearer.png: 32x32 frames. Row 0: 4 walk frames,
brace, fire. Row 1: dying.

Drawn by `make assets` (tools/make_assets.py reads `SHEETS` beside the kind).
"""

from __future__ import annotations

import pygame

from gunner.entities.soldier_art import (
    BRACE,
    FRAME,
    WALK_CYCLE,
    Uniform,
    draw_rifle,
    draw_trooper,
    fallen_frames,
    spark,
)
from gunner.pixelart import (
    BG_DARK,
    BG_MID,
    HAZARD,
    OUTLINE,
    STAND,
    STEEL,
    STEEL_DARK,
    STEEL_LIGHT,
    Colour,
    Legs,
    add_outline,
    new_surface,
    put,
    rect,
    run_legs,
)

# -- shieldbearer --------------------------------------------------------------------------
# Dark grey riot gear behind a tall steel shield with a vision slot.
RIOT: Colour = (86, 92, 104)


RIOT_DARK: Colour = (52, 56, 66)


SHIELDBEARER = Uniform(RIOT, RIOT_DARK, BG_MID, helmet=RIOT_DARK, shine=STEEL)


def shield(surf: pygame.Surface, x: int, top: int, firing: bool) -> None:
    """The shield: 5 px thick, 22 tall, riveted, a slot for the gun, its edge lit."""
    rect(surf, STEEL_DARK, x, top, 5, 22)
    rect(surf, STEEL, x + 1, top + 1, 3, 20)
    rect(surf, STEEL_LIGHT, x + 4, top + 1, 1, 20)
    for ry in (top + 3, top + 18):
        put(surf, x + 2, ry, STEEL_LIGHT)
    rect(surf, OUTLINE, x + 1, top + 11, 4, 2)  # the gun slot
    put(surf, x + 2, top + 6, HAZARD)  # a hazard chevron
    put(surf, x + 3, top + 7, HAZARD)
    put(surf, x + 2, top + 8, HAZARD)
    if firing:
        spark(surf, x + 6, top + 12)


def shieldbearer_frame(legs: Legs, bob: int, firing: bool) -> pygame.Surface:
    surf = new_surface(FRAME, FRAME)
    draw_trooper(surf, legs, bob, SHIELDBEARER)
    rect(surf, STEEL_LIGHT, 17, 9 + bob, 4, 1)  # the visor's plate
    draw_rifle(surf, (17, 16 + bob), (1.0, 0.0), 6, RIOT, BG_DARK, (16, 13 + bob))
    add_outline(surf)
    shield(surf, 22, 6 + bob, firing)
    return surf


def shieldbearer_sheet() -> pygame.Surface:
    sheet = new_surface(6 * FRAME, 2 * FRAME)
    for k in range(4):
        legs, bob = run_legs(k * 3 // 2, WALK_CYCLE)
        sheet.blit(shieldbearer_frame(legs, bob, False), (k * FRAME, 0))
    sheet.blit(shieldbearer_frame(BRACE, 0, False), (4 * FRAME, 0))
    sheet.blit(shieldbearer_frame(BRACE, 0, True), (5 * FRAME, 0))
    body = new_surface(FRAME, FRAME)  # falls without its shield, which is dropped
    draw_trooper(body, STAND, 0, SHIELDBEARER)
    add_outline(body)
    for col, frame in enumerate(fallen_frames(body)):
        sheet.blit(frame, (col * FRAME, FRAME))
    return sheet


SHEETS = {"shieldbearer": shieldbearer_sheet}
