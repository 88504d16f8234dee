"""A weapon pickup's badge (Contra's falcon crates, boiled down): a bevelled 16x16 plate
carrying the weapon's letter. Each shipped weapon's entry draws its pickup with it."""

from __future__ import annotations

import pygame

from gunner.pixelart import OUTLINE, WHITE, Colour, add_outline, new_surface, put, rect

ICON = 16
# 5x7 letters for the weapon badges (bigger than the tileset's 3x5 font: they must read
# at a glance while the player is under fire).
FONT_5X7 = {
    "M": ["#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#"],
    "S": [".####", "#....", "#....", ".###.", "....#", "....#", "####."],
    "R": ["####.", "#...#", "#...#", "####.", "#.#..", "#..#.", "#...#"],
}


def letter(surf: pygame.Surface, ch: str, x: int, y: int, colour: Colour) -> None:
    for dy, row in enumerate(FONT_5X7[ch]):
        for dx, cell in enumerate(row):
            if cell == "#":
                put(surf, x + dx, y + dy, colour)


def bevel(
    s: pygame.Surface, x: int, y: int, w: int, h: int, light: Colour, body: Colour, shade: Colour
) -> None:
    """A filled box lit along its top and left edges, shaded along its bottom and right."""
    rect(s, body, x, y, w, h)
    rect(s, light, x, y, w, 1)
    rect(s, light, x, y, 1, h)
    rect(s, shade, x, y + h - 1, w, 1)
    rect(s, shade, x + w - 1, y, 1, h)


def badge(ch: str, light: Colour, body: Colour, shade: Colour) -> pygame.Surface:
    """A bevelled badge carrying the weapon letter `ch` (in FONT_5X7)."""
    s = new_surface(ICON, ICON)
    # Bevel: lit top-left, shaded bottom-right, corners clipped round.
    bevel(s, 2, 2, 12, 12, light, body, shade)
    for cx, cy in ((2, 2), (13, 2), (2, 13), (13, 13)):
        put(s, cx, cy, (0, 0, 0, 0))
    # Letter with a drop shadow so it reads on every body colour.
    letter(s, ch, 6, 5, OUTLINE)
    letter(s, ch, 5, 4, WHITE)
    add_outline(s)
    return s
