"""Art for items and solid objects: pickups, keycards, doors, oil drums, explosion, rocket.

    python tools/art_items.py    # writes only these files (make_assets.py calls `make_items`)

Drawn from the palette in make_assets.py, with its helpers, so the items sit in the
same world as the tiles and the player. Layouts (the game relies on them):

- pickups.png   16 px a column: health, then each weapon pickup in registry order
                (machinegun, spread, rocket); row 0 plain, row 1 glint
- keycards.png  48x32: columns red, blue, yellow; row 0 plain, row 1 glint
- door.png      80x144: rows red, blue, yellow; columns closed, opening x3, open (16x48)
- key_symbols.png 27x9: red, blue, yellow; each key's symbol (9x9, outlined) for the HUD

Each key colour has a symbol as well, so no player needs to tell red from yellow: a
triangle (red), a circle (blue), a diamond (yellow), printed on the card, on the
shutter of its door and in key_symbols.png.
- drum.png      60x24: 20x24 frames intact, damaged, lit (about to blow); body 16 px wide
- explosion.png 288x48: 6 frames of 48x48, centred
- rocket.png    12x6, pointing right
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pygame

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_assets import (  # noqa: E402
    BG_DARK,
    BG_LIGHT,
    BG_MID,
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
    line_points,
    new_surface,
    put,
    rect,
    save_png,
)

from gunner.pixelart import BAYER4  # noqa: E402
from gunner.weapons import ITEMS, WEAPONS  # noqa: E402
from gunner.weapons.badge import ICON, bevel  # noqa: E402

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


def glint(surf: pygame.Surface, x: int, y: int) -> None:
    """A four-point star: the sparkle that makes an item say 'pick me up'."""
    put(surf, x, y, WHITE)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        put(surf, x + dx, y + dy, WHITE)
    for dx, dy in ((2, 0), (-2, 0), (0, 2), (0, -2)):
        put(surf, x + dx, y + dy, HAZARD)


def sheen(surf: pygame.Surface, x0: int, y0: int, x1: int, y1: int) -> None:
    """A diagonal light streak over the opaque pixels of the box (x0, y0)-(x1, y1)."""
    for i in range(-2, 2):
        for px, py in line_points((x0 + 3 + i, y1), (x0 + 3 + i + (y1 - y0), y0)):
            if x0 <= px <= x1 and surf.get_at((px, py)).a and surf.get_at((px, py))[:3] != OUTLINE:
                put(surf, px, py, WHITE if i in (-1, 0) else STEEL_LIGHT)


# --------------------------------------------------------------------------------------
# Pickups
# --------------------------------------------------------------------------------------
def icon_health() -> pygame.Surface:
    """A white medkit with a red cross and a carry handle."""
    s = new_surface(ICON, ICON)
    rect(s, STEEL_DARK, 5, 2, 6, 1)  # handle
    rect(s, STEEL_DARK, 5, 2, 1, 3)
    rect(s, STEEL_DARK, 10, 2, 1, 3)
    rect(s, WHITE, 2, 4, 12, 10)
    rect(s, STEEL_LIGHT, 2, 12, 12, 2)  # shaded base
    rect(s, STEEL_LIGHT, 13, 4, 1, 10)
    rect(s, RED, 6, 5, 4, 8)  # the cross
    rect(s, RED, 3, 7, 10, 4)
    rect(s, SKY_2, 6, 11, 4, 2)
    rect(s, SKY_2, 12, 9, 1, 2)
    add_outline(s)
    return s


def make_pickups() -> None:
    """Health, then each weapon pickup's badge, drawn by its weapon's entry
    (`Weapon.pickup_art`), in the registry's item order: the columns Pickup draws from."""
    icons: list[Callable[[], pygame.Surface]] = []
    for name in ITEMS:
        draw = icon_health if name == "health" else WEAPONS[name].pickup_art
        if draw is None:
            raise SystemExit(f"weapon {name!r}: a pickup gives it, but its entry has no pickup_art")
        icons.append(draw)
    sheet = new_surface(ICON * len(icons), ICON * 2)
    for i, draw in enumerate(icons):
        plain = draw()
        shiny = draw()
        sheen(shiny, 2, 2, 13, 13)
        glint(shiny, 12, 3)
        sheet.blit(plain, (i * ICON, 0))
        sheet.blit(shiny, (i * ICON, ICON))
    save_png(sheet, "pickups.png")


def keycard(color: str) -> pygame.Surface:
    """A card held slightly tilted: coloured face, dark magnetic stripe, gold chip."""
    light, body, shade = KEY_RAMPS[color]
    s = new_surface(ICON, ICON)
    bevel(s, 1, 4, 14, 9, light, body, shade)
    rect(s, OUTLINE, 2, 5, 12, 1)  # magnetic stripe
    rect(s, HAZARD if color != "yellow" else ORANGE, 3, 8, 3, 2)  # chip
    put(s, 3, 8, WHITE)
    # Printed large, as on its door: light on the dark cards, dark on the yellow one.
    symbol(s, color, 8, 7, WHITE if color != "yellow" else OUTLINE, big=False)
    put(s, 13, 5, (0, 0, 0, 0))  # punched hole for a lanyard
    put(s, 1, 4, (0, 0, 0, 0))
    put(s, 14, 12, (0, 0, 0, 0))
    add_outline(s)
    return s


def make_keycards() -> None:
    sheet = new_surface(ICON * 3, ICON * 2)
    for i, color in enumerate(COLORS):
        plain = keycard(color)
        shiny = keycard(color)
        sheen(shiny, 1, 4, 14, 12)
        glint(shiny, 12, 3)
        sheet.blit(plain, (i * ICON, 0))
        sheet.blit(shiny, (i * ICON, ICON))
    save_png(sheet, "keycards.png")


# --------------------------------------------------------------------------------------
# Doors
# --------------------------------------------------------------------------------------
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


def make_key_symbols() -> None:
    """The three symbols on their own, white with a dark outline, for the HUD's key slots."""
    sheet = new_surface(SYMBOL_TILE * len(COLORS), SYMBOL_TILE)
    for i, color in enumerate(COLORS):
        tile = new_surface(SYMBOL_TILE, SYMBOL_TILE)
        symbol(tile, color, 1, 1, WHITE, big=True)
        add_outline(tile)
        sheet.blit(tile, (i * SYMBOL_TILE, 0))
    save_png(sheet, "key_symbols.png")


def make_doors() -> None:
    sheet = new_surface(DOOR_W * len(DOOR_FRAMES), DOOR_H * len(COLORS))
    for row, color in enumerate(COLORS):
        for col, shut in enumerate(DOOR_FRAMES):
            sheet.blit(door_frame(color, shut), (col * DOOR_W, row * DOOR_H))
    save_png(sheet, "door.png")


# --------------------------------------------------------------------------------------
# Oil drum
# --------------------------------------------------------------------------------------
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


def make_drum() -> None:
    sheet = new_surface(DRUM_W * 3, DRUM_H)
    for i in range(3):
        sheet.blit(drum(i), (i * DRUM_W, 0))
    save_png(sheet, "drum.png")


# --------------------------------------------------------------------------------------
# Explosion and rocket
# --------------------------------------------------------------------------------------
EXPLOSION = 48


def blob_field(circles: list[tuple[float, float, float]]) -> np.ndarray:
    """Per pixel, how deep inside the union of circles it is: 1 at a centre, 0 at an edge."""
    xs, ys = np.meshgrid(np.arange(EXPLOSION) + 0.5, np.arange(EXPLOSION) + 0.5, indexing="ij")
    field = np.full((EXPLOSION, EXPLOSION), -1.0)
    for cx, cy, r in circles:
        field = np.maximum(field, 1 - np.hypot(xs - cx, ys - cy) / r)
    return field


def paint(surf: pygame.Surface, field: np.ndarray, ramp: list[tuple[float, Colour]]) -> None:
    """Colour pixels by depth with ordered dithering between ramp steps (outermost first)."""
    dither = BAYER4[np.arange(EXPLOSION)[None, :] % 4, np.arange(EXPLOSION)[:, None] % 4]
    for x in range(EXPLOSION):
        for y in range(EXPLOSION):
            depth = field[x, y]
            if depth <= 0:
                continue
            chosen = None
            for i, (threshold, colour) in enumerate(ramp):
                nxt = ramp[i + 1][0] if i + 1 < len(ramp) else 2.0
                if depth >= threshold:
                    # Near the next step's threshold, dither into it.
                    if i + 1 < len(ramp) and depth > nxt - 0.08 and dither[x, y] > 0.5:
                        chosen = ramp[i + 1][1]
                    else:
                        chosen = colour
            if chosen is not None:
                surf.set_at((x, y), chosen)


def explosion_frame(i: int, rng: np.random.Generator) -> pygame.Surface:
    s = new_surface(EXPLOSION, EXPLOSION)
    c = EXPLOSION / 2
    fire = [(0.0, RED), (0.25, ORANGE), (0.5, HAZARD), (0.75, WHITE)]
    smoke = [(0.0, BG_DARK), (0.3, BG_MID), (0.6, BG_LIGHT)]
    if i == 0:  # the flash
        paint(s, blob_field([(c, c, 9)]), [(0.0, HAZARD), (0.3, WHITE)])
    elif i <= 2:  # the fireball swells, lumpy
        radius = (15, 20)[i - 1]
        lumps = [(c, c, radius * 0.8)]
        for k in range(7):
            a = k * 2 * math.pi / 7 + rng.uniform(-0.3, 0.3)
            d = radius * rng.uniform(0.45, 0.6)
            lumps.append(
                (c + d * math.cos(a), c + d * math.sin(a), radius * rng.uniform(0.4, 0.55))
            )
        paint(s, blob_field(lumps), fire if i == 1 else fire[:3])
    else:  # smoke takes over, rising, with embers dying inside
        k_age = i - 3
        lumps = []
        for k in range(6):
            a = k * 2 * math.pi / 6 + rng.uniform(-0.4, 0.4)
            d = 9 + 4 * k_age
            lumps.append(
                (c + d * math.cos(a), c - 3 * k_age + d * math.sin(a) * 0.8, 9 - 2 * k_age)
            )
        field = blob_field(lumps)
        paint(s, field, smoke if k_age < 2 else smoke[:2])
        if k_age < 2:
            # Dying embers: a few lumps of fire, not one disc, so it breaks up.
            embers = []
            for k in range(4):
                a = k * math.pi / 2 + rng.uniform(-0.5, 0.5) + 0.6
                d = rng.uniform(2, 6) + 3 * k_age
                size = (6.5 - 2.5 * k_age) * rng.uniform(0.8, 1.1)
                embers.append((c + d * math.cos(a), c - 3 * k_age + d * math.sin(a), size))
            paint(s, blob_field(embers), [(0.0, RED), (0.55, ORANGE)])
        # Holes in the smoke so it breaks up as it thins.
        if k_age:
            for _ in range((0, 10, 6)[k_age]):
                x, y = (int(v) for v in rng.integers(12, EXPLOSION - 12, 2))
                pygame.draw.circle(s, (0, 0, 0, 0), (x, y), k_age)
    if i in (1, 2, 3):  # sparks flung outward
        for _ in range(10):
            a = rng.uniform(0, 2 * math.pi)
            d = (18, 21, 23)[i - 1] + rng.uniform(-2, 1)
            put(s, round(c + d * math.cos(a)), round(c + d * math.sin(a)), HAZARD)
    if i >= 4:  # the smoke fades out
        alpha = pygame.surfarray.pixels_alpha(s)
        alpha[alpha > 0] = (200, 120)[i - 4]
        del alpha
    return s


def make_explosion() -> None:
    rng = np.random.default_rng(44)
    strip = new_surface(EXPLOSION * 6, EXPLOSION)
    for i in range(6):
        strip.blit(explosion_frame(i, rng), (i * EXPLOSION, 0))
    save_png(strip, "explosion.png")


def make_rocket() -> None:
    """12x6 rocket pointing right: red nose, steel body, fins, a flame out the back."""
    s = new_surface(12, 6)
    rect(s, STEEL, 3, 1, 6, 4)
    rect(s, STEEL_LIGHT, 3, 1, 6, 1)
    rect(s, STEEL_DARK, 3, 4, 6, 1)
    rect(s, RED, 9, 1, 2, 4)
    put(s, 11, 2, RED)
    put(s, 11, 3, SKY_2)
    put(s, 9, 1, ORANGE)
    rect(s, STEEL_DARK, 3, 0, 2, 1)  # fins
    rect(s, STEEL_DARK, 3, 5, 2, 1)
    rect(s, ORANGE, 1, 2, 2, 2)  # exhaust
    put(s, 0, 2, HAZARD)
    put(s, 2, 2, WHITE)
    put(s, 2, 3, HAZARD)
    save_png(s, "rocket.png")


def make_items() -> None:
    make_pickups()
    make_keycards()
    make_key_symbols()
    make_doors()
    make_drum()
    make_explosion()
    make_rocket()


if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    make_items()
    print("item art written")
