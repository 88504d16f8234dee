"""The Crawler's art, assets/boss_crawler.png: 144x96 frames, the same four as the
Warden's: the flare stack capped in phase 1, open from phase 2, torn off in the wreck.

Drawn by `make assets` (tools/make_assets.py reads `SHEETS` beside the kind).
"""

from __future__ import annotations

import pygame

from gunner.entities.boss_art import boss_sheet, cannon, disc, hazard_band, plate, scorch
from gunner.pixelart import (
    BG_DARK,
    BLUE,
    DIRT_DARK,
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

CRAWLER_W, CRAWLER_H = 144, 96


def crawler_frame(phase: int) -> pygame.Surface:
    """A tracked tanker facing left: treads, a fuel tank hull with a cab at the front,
    the flare stack on its back, the cannon and the engine grille under its nose."""
    s = new_surface(CRAWLER_W, CRAWLER_H)
    # Treads (x 12..136, y 78..96) with road wheels.
    rect(s, OUTLINE, 12, 78, 124, 18)
    rect(s, BG_DARK, 13, 79, 122, 16)
    for x in range(14, 134, 4):
        put(s, x, 79, STEEL_DARK)
        put(s, x + 1, 94, STEEL_DARK)
    for cx in range(24, 130, 16):
        disc(s, cx, 87, 6, STEEL_DARK)
        disc(s, cx, 87, 3.5, STEEL)
        put(s, cx, 87, OUTLINE)
    # Hull: a fuel tank (x 20..128, y 34..80), rounded ends, hazard band, rivets.
    rect(s, OUTLINE, 22, 36, 104, 44)
    rect(s, ORANGE, 23, 37, 102, 42)
    rect(s, HAZARD, 23, 38, 102, 2)
    rect(s, RED, 23, 70, 102, 8)
    hazard_band(s, 40, 56, 80, 6)
    for x in range(28, 124, 10):
        put(s, x, 44, WHITE)
        put(s, x, 66, DIRT_DARK)
    # The cab at the front (left): armoured glass slit.
    plate(s, 18, 44, 26, 36, STEEL)
    rect(s, OUTLINE, 22, 50, 16, 5)
    rect(s, BLUE if phase < 3 else BG_DARK, 23, 51, 14, 3)
    put(s, 24, 51, WHITE)
    # Flare stack (x 66..80, y 4..34), banded; a socket once its cap has blown (phase 2+).
    rect(s, OUTLINE, 65, 4, 16, 32)
    rect(s, STEEL_DARK, 66, 5, 14, 30)
    rect(s, STEEL_LIGHT, 67, 5, 1, 30)
    hazard_band(s, 66, 26, 14, 4)
    if phase == 0:
        plate(s, 63, 2, 20, 8, STEEL)
    # Cannon (x 0..20, y 56..66) and the grille under the nose (x 6..14, y 66..78).
    cannon(s, 0, 56, 24, 10)
    rect(s, OUTLINE, 5, 65, 11, 14)
    rect(s, STEEL_DARK, 6, 66, 9, 12)
    for y in range(67, 78, 2):
        rect(s, BG_DARK, 7, y, 7, 1)
    if phase >= 2:
        scorch(s, 31 + phase, 16 if phase == 2 else 34, CRAWLER_W, CRAWLER_H - 20, 8)
    if phase >= 3:
        rect(s, (0, 0, 0, 0), 65, 0, 16, 14)  # the stack torn off
    add_outline(s)
    return s


def crawler_sheet() -> pygame.Surface:
    return boss_sheet(crawler_frame)


SHEETS = {"boss_crawler": crawler_sheet}
