"""The oil drum's art: assets/drum.png, 60x24: 20x24 frames intact, damaged, lit
(about to blow); the body 16 px wide. Drawn by `make assets` (tools/make_assets.py
reads `SHEETS` beside the kind).
"""

from __future__ import annotations

import pygame

from gunner.pixelart import (
    DIRT_LIGHT,
    HAZARD,
    ORANGE,
    OUTLINE,
    RED,
    SKY_2,
    STEEL,
    STEEL_DARK,
    STEEL_LIGHT,
    WHITE,
    add_outline,
    new_surface,
    put,
    rect,
)

DRUM_W, DRUM_H = 20, 24


def drum(state: int) -> pygame.Surface:
    """A red oil drum with two rolling hoops and a hazard band. state: 0 intact,
    1 damaged (dents, holes, leaking), 2 lit (damaged, flames on the lid)."""
    s = new_surface(DRUM_W, DRUM_H)
    x0, x1 = 3, 16  # body columns, inside a 1 px outline (hitbox 16 px: 2..17)
    top = 3 if state < 2 else 4
    # Cylinder shading by column: lit left of centre, dark at the right edge.
    ramp = [SKY_2, RED, ORANGE, ORANGE, RED, RED, RED, RED, RED, RED, RED, SKY_2, SKY_2, SKY_2]
    for i, x in enumerate(range(x0, x1 + 1)):
        rect(s, ramp[i], x, top, 1, DRUM_H - top - 1)
    # Lid: an ellipse seen from slightly above.
    rect(s, STEEL_DARK, x0 + 1, top - 2, x1 - x0 - 1, 3)
    rect(s, STEEL, x0 + 2, top - 2, x1 - x0 - 3, 1)
    put(s, x1 - 3, top - 1, OUTLINE)  # bung hole
    # Hoops (rolling rings) catch the light.
    for y in (top + 4, DRUM_H - 6):
        rect(s, SKY_2, x0, y, x1 - x0 + 1, 1)
        rect(s, ORANGE, x0 + 2, y - 1, 3, 1)
    # Hazard band: diagonal yellow/black stripes.
    band = top + 7
    for y in range(band, band + 6):
        for x in range(x0, x1 + 1):
            put(s, x, y, HAZARD if (x - y) % 6 < 3 else OUTLINE)
    rect(s, DIRT_LIGHT, x1 - 2, band, 3, 6)  # the band curves into shadow
    for y in range(band, band + 6):
        if (x1 - y) % 6 >= 3:
            put(s, x1, y, OUTLINE)
        if (x1 - 1 - y) % 6 >= 3:
            put(s, x1 - 1, y, OUTLINE)
        if (x1 - 2 - y) % 6 >= 3:
            put(s, x1 - 2, y, OUTLINE)
    # Foot ring.
    rect(s, SKY_2, x0, DRUM_H - 2, x1 - x0 + 1, 1)
    if state >= 1:
        # Dent on the right, bullet holes, an oil drip down the side.
        rect(s, SKY_2, x1 - 4, top + 12, 3, 3)
        put(s, x1 - 4, top + 12, ORANGE)
        for hx, hy in ((x0 + 3, top + 2), (x0 + 8, top + 14)):
            put(s, hx, hy, OUTLINE)
            put(s, hx + 1, hy + 1, ORANGE)
        for y in range(top + 15, DRUM_H - 1):
            put(s, x0 + 8, y, OUTLINE)
        put(s, x0 + 9, top + 16, OUTLINE)
        put(s, x0 + 2, top - 2, OUTLINE)  # lid knocked askew
        put(s, x1 - 1, top - 1, STEEL_LIGHT)
    if state == 2:
        # Flames licking out of the bung hole.
        for fx, fh, colour in ((x1 - 3, 4, ORANGE), (x1 - 4, 3, HAZARD), (x1 - 2, 2, HAZARD)):
            rect(s, colour, fx, top - 1 - fh, 1, fh)
        put(s, x1 - 3, top - 2, WHITE)
    add_outline(s)
    return s


def drum_sheet() -> pygame.Surface:
    sheet = new_surface(DRUM_W * 3, DRUM_H)
    for i in range(3):
        sheet.blit(drum(i), (i * DRUM_W, 0))
    return sheet


SHEETS = {"drum": drum_sheet}
