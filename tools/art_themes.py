"""Level themes: each level look gets its own tileset palette and its own backdrop.

A themed tileset, assets/tiles_NAME.png + tiles_NAME.tsx, is the default tile sheet
(make_assets.draw_tile_sheet) with its palette swapped: the same tiles, ids and `solid` /
`oneway` properties, so a theme changes how a level looks and never where the player can
stand. Signs (the EXIT sign, the warning arrow) keep their colours in every theme, so
they read the same in every level.

Each theme's backdrop is drawn by tools/art_backdrops.py: assets/bg_far_NAME.png and
bg_near_NAME.png. A map picks them with its `backdrop` property (gunner.objects.BACKDROPS);
the builder's `@tileset NAME` picks the tileset. "outpost" is the default look (tiles.tsx,
bg_far.png, bg_near.png), made by tools/make_assets.py itself.

    python tools/art_themes.py      # just the themed tilesets and backdrops
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pygame
from make_assets import (
    BG_DARK,
    BG_LIGHT,
    BG_MID,
    DIRT,
    DIRT_DARK,
    DIRT_LIGHT,
    GRASS,
    GRASS_DARK,
    HAZARD,
    SKY_3,
    SKY_4,
    STEEL,
    STEEL_DARK,
    STEEL_LIGHT,
    TILE,
    Colour,
    draw_tile_sheet,
    save_png,
    write_tileset,
)

# Tiles drawn in the same colours in every theme: the warning sign and the EXIT sign.
SIGN_TILES = (14, 24)
# Tiles whose grass tips are lit in HAZARD yellow (elsewhere HAZARD is warning paint).
GRASS_TILES = (0, 2, 3, 13)


@dataclass(frozen=True)
class Theme:
    """A level look: the palette swap of its tiles (default colour -> its colour; a
    colour not listed stays) and what the tips of its ground cover turn to."""

    name: str
    colours: dict[Colour, Colour]
    tips: Colour


THEMES = (
    # Industrial: rust-red slag, oily crust for grass, warm grimy steel, flare-lit windows.
    Theme(
        "refinery",
        {
            DIRT_DARK: (66, 36, 30),
            DIRT: (108, 58, 40),
            DIRT_LIGHT: (150, 86, 54),
            GRASS_DARK: (70, 58, 50),
            GRASS: (112, 96, 76),
            STEEL_DARK: (70, 62, 62),
            STEEL: (118, 106, 98),
            STEEL_LIGHT: (176, 162, 146),
            BG_DARK: (44, 30, 30),
            BG_MID: (68, 48, 42),
            BG_LIGHT: (94, 70, 58),
            SKY_3: (214, 112, 48),
            SKY_4: (244, 176, 84),
        },
        tips=(196, 150, 96),
    ),
    # Cold night: blue-grey stone under frost, cold steel, warm lamplit windows.
    Theme(
        "fortress",
        {
            DIRT_DARK: (38, 42, 60),
            DIRT: (62, 70, 92),
            DIRT_LIGHT: (94, 106, 130),
            GRASS_DARK: (128, 146, 172),
            GRASS: (188, 204, 222),
            STEEL_DARK: (46, 54, 76),
            STEEL: (84, 98, 124),
            STEEL_LIGHT: (146, 162, 186),
            BG_DARK: (24, 28, 44),
            BG_MID: (38, 44, 64),
            BG_LIGHT: (58, 66, 90),
            SKY_3: (200, 170, 96),
            SKY_4: (236, 222, 150),
        },
        tips=(232, 240, 248),
    ),
    # A burning town: ash and scorched earth, dry burnt grass, sooty steel, fire in the windows.
    Theme(
        "siege",
        {
            DIRT_DARK: (54, 34, 32),
            DIRT: (86, 58, 48),
            DIRT_LIGHT: (124, 86, 64),
            GRASS_DARK: (84, 66, 40),
            GRASS: (126, 102, 56),
            STEEL_DARK: (58, 52, 56),
            STEEL: (98, 90, 92),
            STEEL_LIGHT: (156, 146, 142),
            BG_DARK: (40, 24, 28),
            BG_MID: (62, 38, 40),
            BG_LIGHT: (88, 58, 54),
            SKY_3: (226, 92, 40),
            SKY_4: (250, 172, 70),
        },
        tips=(236, 128, 52),
    ),
    # Dawn high above the clouds: mauve tower stone, teal moss, lilac steel, pink light.
    Theme(
        "ascent",
        {
            DIRT_DARK: (74, 56, 86),
            DIRT: (114, 94, 124),
            DIRT_LIGHT: (156, 136, 164),
            GRASS_DARK: (58, 104, 92),
            GRASS: (96, 150, 122),
            STEEL_DARK: (70, 66, 98),
            STEEL: (116, 112, 150),
            STEEL_LIGHT: (184, 178, 208),
            BG_DARK: (46, 36, 64),
            BG_MID: (70, 56, 92),
            BG_LIGHT: (98, 82, 120),
            SKY_3: (228, 124, 146),
            SKY_4: (250, 196, 170),
        },
        tips=(200, 226, 170),
    ),
)
THEME_NAMES = tuple(theme.name for theme in THEMES)


def recolour(surf: pygame.Surface, colours: dict[Colour, Colour]) -> None:
    """Swap colours in place (each pixel looked up in the default colours, not in the
    swapped ones, so a swap never chains); alpha is left as it is."""
    rgb = pygame.surfarray.pixels3d(surf)
    before = rgb.copy()
    for old, new in colours.items():
        rgb[(before == np.array(old, dtype=np.uint8)).all(axis=-1)] = new
    del rgb


def themed_sheet(theme: Theme) -> pygame.Surface:
    """The default tile sheet in the theme's colours (signs as they are)."""
    sheet = draw_tile_sheet()
    for tile_id in range(sheet.get_width() // TILE * (sheet.get_height() // TILE)):
        if tile_id in SIGN_TILES:
            continue
        cell = sheet.subsurface(((tile_id % 8) * TILE, (tile_id // 8) * TILE, TILE, TILE))
        swap = dict(theme.colours)
        if tile_id in GRASS_TILES:
            swap[HAZARD] = theme.tips
        recolour(cell, swap)
    return sheet


def make_themes() -> None:
    """Every theme's tileset and backdrop (after make_assets' default ones)."""
    from art_backdrops import BACKDROPS

    for theme in THEMES:
        write_tileset(themed_sheet(theme), f"tiles_{theme.name}")
    for name in THEME_NAMES:
        far, near = BACKDROPS[name]()
        save_png(far, f"bg_far_{name}.png")
        save_png(near, f"bg_near_{name}.png")


if __name__ == "__main__":
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    make_themes()
