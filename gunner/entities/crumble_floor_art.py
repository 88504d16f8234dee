"""The collapsing floor's art, assets/crumble_floor.png: 16x16 frames, one block: 0
whole, 1-3 cracking wider, the last with its pieces parting.

Drawn by `make assets` (tools/make_assets.py reads `SHEETS` beside the kind).
"""

from __future__ import annotations

import pygame

from gunner.entities.bridge_art import CELL
from gunner.pixelart import OUTLINE, Colour, add_outline, new_surface, put, rect, stamp_line, strip

STONE: Colour = (176, 156, 124)


STONE_LIGHT: Colour = (208, 190, 152)


STONE_DARK: Colour = (120, 102, 80)


# Cracks drawn in order: each frame adds the next set (pixels), the last parts the pieces.
CRACK_LINES = (
    ((8, 1), (9, 4), (7, 7)),
    ((7, 7), (8, 10), (6, 14)),
    ((7, 7), (3, 9), (0, 9), (8, 10), (12, 11), (15, 12)),
)


def crumble_block(cracks: int) -> pygame.Surface:
    """A sandstone block with a worn top and mortar seams; `cracks` 0-3 split it wider."""
    surf = new_surface(CELL, CELL)
    rect(surf, STONE, 0, 1, CELL, CELL - 1)
    rect(surf, STONE_LIGHT, 0, 1, CELL, 2)  # the worn top the player walks on
    rect(surf, STONE_DARK, 0, 8, CELL, 1)  # a mortar course halfway down
    rect(surf, STONE_DARK, 0, CELL - 1, CELL, 1)
    rect(surf, STONE_DARK, 5, 3, 1, 5)  # staggered joints
    rect(surf, STONE_DARK, 11, 9, 1, 6)
    for x, y in ((2, 5), (9, 4), (13, 6), (3, 12), (8, 11)):  # pits in the stone
        put(surf, x, y, STONE_DARK)
    for k in range(cracks):
        points = CRACK_LINES[k]
        for a, b in zip(points, points[1:], strict=False):
            stamp_line(surf, OUTLINE, a, b, 1)
    if cracks == 3:  # the pieces part: the right half sags a pixel
        right = surf.subsurface((8, 0, CELL - 8, CELL)).copy()
        rect(surf, OUTLINE, 8, 0, CELL - 8, CELL)
        surf.blit(right, (8, 1))
        rect(surf, (0, 0, 0, 0), 8, 0, CELL - 8, 1)
    add_outline(surf)
    return surf


def crumble_floor_sheet() -> pygame.Surface:
    return strip([crumble_block(k) for k in range(4)])


SHEETS = {"crumble_floor": crumble_floor_sheet}
