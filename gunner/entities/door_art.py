"""The door's art (assets/door.png) and the key symbols (assets/key_symbols.png): the
shape each key colour is known by, printed on its door, its keycard (pickup_art.py)
and the HUD's key slots, so no player needs to tell red from yellow: a triangle (red),
a circle (blue), a diamond (yellow).

- door.png        80x144: rows red, blue, yellow; columns closed, opening x3, open (16x48)
- key_symbols.png 27x9: red, blue, yellow; each key's symbol (9x9, outlined) for the HUD

Drawn by `make assets` (tools/make_assets.py reads `SHEETS` beside the kind).
"""

from __future__ import annotations

import pygame

from gunner.pixelart import (
    BG_DARK,
    BLUE,
    BLUE_DARK,
    DIRT_LIGHT,
    GRASS,
    HAZARD,
    ORANGE,
    OUTLINE,
    RED,
    SKY_2,
    STEEL,
    STEEL_DARK,
    STEEL_LIGHT,
    WHITE,
    Colour,
    add_outline,
    new_surface,
    put,
    rect,
)

# Light, body, shade for each key / door colour.
KEY_RAMPS: dict[str, tuple[Colour, Colour, Colour]] = {
    "red": (ORANGE, RED, SKY_2),
    "blue": (STEEL_LIGHT, BLUE, BLUE_DARK),
    "yellow": (WHITE, HAZARD, DIRT_LIGHT),
}
COLORS = ("red", "blue", "yellow")
# Each key colour's symbol, 7 and 5 px across (the 5 px one fits on the card).
SYMBOLS: dict[str, tuple[list[str], list[str]]] = {
    "red": (  # a triangle
        ["...#...", "..###..", "..###..", ".#####.", ".#####.", "#######", "#######"],
        ["..#..", ".###.", ".###.", "#####", "#####"],
    ),
    "blue": (  # a circle
        ["..###..", ".#####.", "#######", "#######", "#######", ".#####.", "..###.."],
        [".###.", "#####", "#####", "#####", ".###."],
    ),
    "yellow": (  # a diamond
        ["...#...", "..###..", ".#####.", "#######", ".#####.", "..###..", "...#..."],
        ["..#..", ".###.", "#####", ".###.", "..#.."],
    ),
}
SYMBOL_TILE = 9  # key_symbols.png: the 7 px symbol with a 1 px outline all round


def symbol(surf: pygame.Surface, color: str, x: int, y: int, colour: Colour, big: bool) -> None:
    """`color`'s key symbol with its top-left at (x, y), in `colour`."""
    for dy, row in enumerate(SYMBOLS[color][0 if big else 1]):
        for dx, cell in enumerate(row):
            if cell == "#":
                put(surf, x + dx, y + dy, colour)


DOOR_W, DOOR_H = 16, 48
LINTEL = 5  # px of the header the shutter rolls up into
DOOR_FRAMES = (1.0, 0.7, 0.4, 0.15, 0.0)  # how much of the shutter still hangs down


def door_frame(color: str, shut: float) -> pygame.Surface:
    """A steel frame with a ribbed shutter; `shut` 1 = closed, 0 = rolled up."""
    light, body, shade = KEY_RAMPS[color]
    s = new_surface(DOOR_W, DOOR_H)
    # The gap behind: dark, so an open door reads as a doorway.
    rect(s, BG_DARK, 2, LINTEL, 12, DOOR_H - LINTEL)
    rect(s, OUTLINE, 2, LINTEL, 12, 1)
    # Shutter: horizontal slats, with a coloured hazard band and a lock light.
    bottom = LINTEL + round((DOOR_H - LINTEL) * shut)
    for y in range(LINTEL, bottom):
        # Slats run down from the bottom edge, so the shutter's foot rises as it opens.
        k = (bottom - 1 - y) % 5
        colour = (shade, body, body, light, body)[k]
        rect(s, colour, 2, y, 12, 1)
        put(s, 2, y, shade if k else OUTLINE)  # the shutter's guides
        put(s, 13, y, shade if k else OUTLINE)
    if shut > 0:
        rect(s, OUTLINE, 2, bottom - 1, 12, 1)  # the shutter's lip
        rect(s, STEEL_DARK, 2, bottom - 2, 12, 1)
        # Coloured band (diagonal stripes) across the middle of the shutter.
        band = bottom - 22
        for y in range(band, band + 6):
            if LINTEL < y < bottom - 2:
                for x in range(2, 14):
                    stripe = (x + y) % 6 < 3
                    put(s, x, y, STEEL_LIGHT if stripe else OUTLINE)
        if LINTEL < band - 1 < bottom - 2:
            rect(s, STEEL, 2, band - 1, 12, 1)
        if LINTEL < band + 6 < bottom - 2:
            rect(s, STEEL_DARK, 2, band + 6, 12, 1)
        # The key's symbol on a plaque below the band: rides up with the shutter.
        plaque = bottom - 13
        if plaque > LINTEL:
            rect(s, OUTLINE, 3, plaque, 10, 9)
            rect(s, shade, 4, plaque + 1, 8, 7)
            symbol(s, color, 4, plaque + 1, light if color != "yellow" else WHITE, big=True)
    # Jambs.
    for x0 in (0, 14):
        rect(s, STEEL_DARK, x0, 0, 2, DOOR_H)
        rect(s, STEEL, x0, 0, 1, DOOR_H)
    for y in range(LINTEL + 3, DOOR_H, 8):  # rivets
        put(s, 1, y, STEEL_LIGHT)
        put(s, 14, y, STEEL_LIGHT)
    # Header, with the lock lamp: door colour while locked, green once open.
    rect(s, STEEL_DARK, 0, 0, DOOR_W, LINTEL)
    rect(s, STEEL, 0, 0, DOOR_W, 1)
    rect(s, OUTLINE, 0, LINTEL - 1, DOOR_W, 1)
    lamp = body if shut >= 1 else GRASS
    rect(s, OUTLINE, 5, 1, 6, 3)
    rect(s, lamp, 6, 1, 4, 2)
    put(s, 6, 1, WHITE if shut >= 1 else (GRASS if shut > 0 else WHITE))
    # Keycard reader on the right jamb at hand height, in the door's colour.
    rect(s, OUTLINE, 12, 24, 4, 7)
    rect(s, body, 13, 25, 2, 5)
    put(s, 13, 25, light)
    put(s, 14, 29, GRASS if shut < 1 else shade)
    return s


def key_symbols_sheet() -> pygame.Surface:
    """The three symbols on their own, white with a dark outline, for the HUD's key slots."""
    sheet = new_surface(SYMBOL_TILE * len(COLORS), SYMBOL_TILE)
    for i, color in enumerate(COLORS):
        tile = new_surface(SYMBOL_TILE, SYMBOL_TILE)
        symbol(tile, color, 1, 1, WHITE, big=True)
        add_outline(tile)
        sheet.blit(tile, (i * SYMBOL_TILE, 0))
    return sheet


def door_sheet() -> pygame.Surface:
    sheet = new_surface(DOOR_W * len(DOOR_FRAMES), DOOR_H * len(COLORS))
    for row, color in enumerate(COLORS):
        for col, shut in enumerate(DOOR_FRAMES):
            sheet.blit(door_frame(color, shut), (col * DOOR_W, row * DOOR_H))
    return sheet


SHEETS = {"door": door_sheet, "key_symbols": key_symbols_sheet}
