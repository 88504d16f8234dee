"""Generate every art and sound asset of Gunner under assets/.

Run from the repository root::

    python tools/make_assets.py

Everything is drawn procedurally with pygame and numpy from the one palette below, with
fixed random seeds and no timestamps, so running the script twice gives identical files.
Nothing under assets/ is edited by hand: change this script and run it again.

Layouts the game relies on (tile ids, sprite sheet rows/columns, muzzle points) are
documented in assets/README.md, which this script also writes.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import math
import os
import sys
import wave
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import numpy as np
import pygame

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
sys.path.insert(0, str(ROOT))  # gunner, when run as a script from a bare checkout

# The palette and the drawing helpers live in gunner.pixelart (the kinds and weapons that
# draw their own art use them too); the art modules import them from here as before.
from gunner.pixelart import (  # noqa: E402
    BG_DARK,
    BG_LIGHT,
    BG_MID,
    BLUE,
    BLUE_DARK,
    DIRT,
    DIRT_DARK,
    DIRT_LIGHT,
    GRASS,
    GRASS_DARK,
    HAZARD,
    JUMP,
    ORANGE,
    OUTLINE,
    PLAYER_TWO,
    RED,
    SKIN,
    SKY_0,
    SKY_1,
    SKY_2,
    SKY_3,
    SKY_4,
    STAND,
    STEEL,
    STEEL_DARK,
    STEEL_LIGHT,
    WHITE,
    Colour,
    Leg,
    Legs,
    Point,
    add_outline,
    dither_ramp,
    draw_leg,
    line_points,
    new_surface,
    put,
    rect,
    run_legs,
    stamp_line,
)

TILE = 16
SCREEN_W, SCREEN_H = 480, 270
FRAME = 32  # player frame size
RATE = 22050  # audio sample rate

# Every file name save_png wrote in this run (main checks the entity sheets against it).
WRITTEN: set[str] = set()


def save_png(surf: pygame.Surface, name: str) -> None:
    WRITTEN.add(name)
    path = ASSETS / name
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(path))


def periodic_noise(width: int, rng: np.random.Generator, terms: int, amp: float) -> np.ndarray:
    """A smooth 1-D curve made of sines with whole periods over `width` so it wraps around."""
    x = np.arange(width)
    curve = np.zeros(width)
    for k in range(1, terms + 1):
        phase = rng.uniform(0, 2 * math.pi)
        curve += amp / k * np.sin(2 * math.pi * k * rng.integers(1, 4) * x / width + phase)
    return curve


# --------------------------------------------------------------------------------------
# Tiles
# --------------------------------------------------------------------------------------
# Per-column depth of the grass cap on ground tiles; a fixed 16-long pattern, so tiles
# placed side by side continue it seamlessly.
GRASS_DEPTH = [4, 5, 4, 3, 4, 6, 5, 4, 3, 4, 5, 4, 4, 6, 5, 3]
# Per-row width of the exposed cliff rim on ground side walls (also 16-periodic).
RIM_WIDTH = [2, 2, 3, 3, 2, 2, 2, 3, 2, 2, 3, 3, 3, 2, 2, 2]


def dirt_texture(seed: int, stones: bool = False) -> pygame.Surface:
    """The shared ground interior: noise specks placed modulo 16 so every edge wraps."""
    rng = np.random.default_rng(seed)
    surf = new_surface(TILE, TILE)
    surf.fill(DIRT)
    # Dark pits with a lit lower-right rim read as small clods under top-left light.
    for _ in range(7):
        x, y = (int(v) for v in rng.integers(0, TILE, 2))
        put(surf, x, y, DIRT_DARK)
        put(surf, (x + 1) % TILE, y, DIRT_DARK)
        put(surf, (x + 1) % TILE, (y + 1) % TILE, DIRT_LIGHT)
    for _ in range(6):
        x, y = (int(v) for v in rng.integers(0, TILE, 2))
        put(surf, x, y, DIRT_LIGHT)
    for _ in range(5):
        x, y = (int(v) for v in rng.integers(0, TILE, 2))
        put(surf, x, y, DIRT_DARK)
    if stones:
        for sx, sy, w, h in ((2, 3, 5, 3), (9, 9, 4, 3), (11, 2, 2, 2), (3, 11, 3, 2)):
            rect(surf, STEEL, sx, sy, w, h)
            rect(surf, STEEL_LIGHT, sx, sy, w - 1, 1)
            rect(surf, STEEL_DARK, sx, sy + h - 1, w, 1)
            put(surf, sx + w - 1, sy, STEEL)
            # Trim corners so the stones look rounded, and drop a shadow underneath.
            for cx, cy in ((sx, sy), (sx + w - 1, sy), (sx, sy + h - 1), (sx + w - 1, sy + h - 1)):
                put(surf, cx, cy, DIRT)
            rect(surf, DIRT_DARK, sx + 1, sy + h, w - 1, 1)
    return surf


def draw_grass_cap(surf: pygame.Surface, x_from: int = 0, x_to: int = TILE) -> None:
    """Grass over the top of a ground tile, with ragged roots and a shadow below them."""
    for x in range(x_from, x_to):
        depth = GRASS_DEPTH[x]
        rect(surf, GRASS, x, 0, 1, depth)
        put(surf, x, depth - 1, GRASS_DARK)
        put(surf, x, depth, DIRT_DARK)
        if x % 3 == 0:
            put(surf, x, 1, GRASS_DARK if x % 2 else GRASS)
    # Lit blade tips along the surface line.
    for x in range(x_from, x_to):
        if x % 4 in (1, 2):
            put(surf, x, 0, HAZARD if x % 8 == 1 else GRASS)


def draw_rim(surf: pygame.Surface, side: str, y_from: int = 0) -> None:
    """The exposed cliff face on the left or right side of a ground block."""
    for y in range(y_from, TILE):
        w = RIM_WIDTH[y]
        for i in range(w + 1):
            x = i if side == "left" else TILE - 1 - i
            colour = DIRT_DARK if i == 0 else (DIRT_LIGHT if side == "left" else DIRT_DARK)
            if i == w:
                colour = DIRT_DARK if side == "left" else DIRT_LIGHT
            put(surf, x, y, colour)


def tile_ground_top() -> pygame.Surface:
    surf = dirt_texture(1)
    draw_grass_cap(surf)
    return surf


def tile_ground_corner(side: str) -> pygame.Surface:
    surf = dirt_texture(1)
    draw_rim(surf, side, y_from=3)
    draw_grass_cap(surf)
    # Grass rolls over the edge and hangs down a little; the very corner is rounded off.
    edge = 0 if side == "left" else TILE - 1
    inner = 1 if side == "left" else TILE - 2
    rect(surf, GRASS_DARK, edge, 2, 1, 5)
    rect(surf, GRASS, inner, 2, 1, 3)
    put(surf, edge, 7, GRASS_DARK)
    put(surf, edge, 0, (0, 0, 0, 0))
    put(surf, edge, 1, GRASS_DARK)
    return surf


def tile_ground_side(side: str) -> pygame.Surface:
    surf = dirt_texture(1)
    draw_rim(surf, side)
    return surf


def tile_inner_corner(side: str) -> pygame.Surface:
    """Concave corner: grass of the lower floor tucks into the foot of a wall on `side`.

    Tile 19 ("bottom-left inner corner") is the foot of a pit's left wall, so the grass
    enters from its right; tile 20 mirrors it.
    """
    surf = dirt_texture(1)
    xs = range(9, TILE) if side == "right" else range(0, 7)
    for x in xs:
        ramp = (x - 9) if side == "right" else (6 - x)
        depth = max(1, min(GRASS_DEPTH[x], 1 + ramp))
        rect(surf, GRASS, x, 0, 1, depth)
        put(surf, x, depth - 1, GRASS_DARK)
        put(surf, x, depth, DIRT_DARK)
    return surf


def tile_metal_panel(dark: bool = False) -> pygame.Surface:
    surf = new_surface(TILE, TILE)
    body, light, shade = (STEEL_DARK, STEEL, OUTLINE) if dark else (STEEL, STEEL_LIGHT, STEEL_DARK)
    surf.fill(body)
    rect(surf, light, 0, 0, TILE, 1)
    rect(surf, light, 0, 0, 1, TILE)
    rect(surf, shade, 0, TILE - 1, TILE, 1)
    rect(surf, shade, TILE - 1, 0, 1, TILE)
    if dark:
        # Vertical grooves make the dark panel read as a different, heavier material.
        for gx in (5, 10):
            rect(surf, OUTLINE, gx, 2, 1, TILE - 4)
            rect(surf, STEEL, gx + 1, 2, 1, TILE - 4)
    else:
        for i in range(4):  # a faint diagonal scuff
            put(surf, 5 + i, 9 - i, STEEL_DARK)
    for rx, ry in ((2, 2), (13, 2), (2, 13), (13, 13)):
        put(surf, rx, ry, WHITE if not dark else STEEL_LIGHT)
        put(surf, rx + 1, ry + 1, shade)
    return surf


def tile_metal_top() -> pygame.Surface:
    surf = tile_metal_panel()
    for x in range(TILE):
        for y in range(4):
            # 45-degree stripes with period 8 divide 16, so neighbours line up.
            put(surf, x, y, HAZARD if (x + y) % 8 < 4 else OUTLINE)
    rect(surf, STEEL_DARK, 0, 4, TILE, 1)
    return surf


def tile_crate() -> pygame.Surface:
    surf = new_surface(TILE, TILE)
    surf.fill(DIRT)
    for y in (5, 10):  # plank seams
        rect(surf, DIRT_DARK, 1, y, 14, 1)
    for x, y in line_points((2, 13), (13, 2)):  # diagonal brace
        rect(surf, DIRT_LIGHT, x, y, 2, 1)
        put(surf, x, y + 1, DIRT_DARK)
    rect(surf, DIRT_LIGHT, 1, 1, 14, 1)
    rect(surf, DIRT_LIGHT, 1, 1, 1, 14)
    rect(surf, DIRT_DARK, 1, 14, 14, 1)
    rect(surf, DIRT_DARK, 14, 1, 1, 14)
    pygame.draw.rect(surf, OUTLINE, (0, 0, TILE, TILE), 1)
    for cx, cy in ((1, 1), (12, 1), (1, 12), (12, 12)):  # steel corner caps
        rect(surf, STEEL, cx, cy, 3, 3)
        put(surf, cx + 1, cy + 1, STEEL_LIGHT)
    return surf


def tile_girder(part: str) -> pygame.Surface:
    """One-way steel girder: only the top 5 rows are drawn so it reads as a thin ledge."""
    surf = new_surface(TILE, TILE)
    rect(surf, STEEL_LIGHT, 0, 0, TILE, 1)
    rect(surf, STEEL, 0, 1, TILE, 1)
    rect(surf, STEEL_DARK, 0, 2, TILE, 2)
    for x in range(TILE):  # open truss: alternating triangles, period 8
        if x % 8 in (2, 3, 4, 5):
            put(surf, x, 2 if x % 8 in (3, 4) else 3, (0, 0, 0, 0))
            put(surf, x, 3, (0, 0, 0, 0))
    rect(surf, OUTLINE, 0, 4, TILE, 1)
    if part in ("left", "right"):
        x = 0 if part == "left" else TILE - 1
        inner = 1 if part == "left" else TILE - 2
        rect(surf, OUTLINE, x, 0, 1, 5)
        rect(surf, STEEL, inner, 1, 1, 3)
        put(surf, inner, 2, WHITE)  # bolt head on the end plate
        put(surf, x, 0, (0, 0, 0, 0))
    return surf


def tile_bg_wall(window: bool = False) -> pygame.Surface:
    surf = new_surface(TILE, TILE)
    surf.fill(BG_MID)
    rect(surf, BG_LIGHT, 0, 0, TILE, 1)
    rect(surf, BG_DARK, 0, TILE - 1, TILE, 1)
    rect(surf, BG_DARK, 7, 1, 1, TILE - 2)
    for x, y in ((3, 4), (11, 10), (12, 3), (2, 12)):
        put(surf, x, y, BG_DARK)
    if window:
        rect(surf, BG_DARK, 3, 3, 10, 9)
        rect(surf, SKY_3, 4, 4, 8, 7)
        rect(surf, SKY_4, 4, 4, 3, 3)
        rect(surf, BG_DARK, 7, 4, 1, 7)  # window mullions
        rect(surf, BG_DARK, 4, 7, 8, 1)
    return surf


def tile_bg_pipe() -> pygame.Surface:
    surf = new_surface(TILE, TILE)
    rect(surf, BG_DARK, 4, 0, 8, TILE)
    rect(surf, BG_MID, 5, 0, 6, TILE)
    rect(surf, BG_LIGHT, 6, 0, 1, TILE)
    rect(surf, BG_DARK, 3, 11, 10, 3)  # flange
    rect(surf, BG_MID, 3, 11, 10, 1)
    put(surf, 4, 12, BG_LIGHT)
    put(surf, 11, 12, BG_LIGHT)
    return surf


def tile_grass_tuft() -> pygame.Surface:
    surf = new_surface(TILE, TILE)
    blades = [(3, 6, -1), (5, 9, 0), (7, 5, 1), (8, 10, 0), (10, 7, 1), (12, 5, 1), (6, 4, -1)]
    for x, height, lean in blades:
        top = (x + lean * 2, TILE - 1 - height)
        colour = GRASS if height > 5 else GRASS_DARK
        for px, py in line_points((x, TILE - 1), top):
            put(surf, px, py, colour)
        put(surf, *top, HAZARD if height >= 9 else GRASS)
    add_outline(surf)
    return surf


def tile_warning_sign() -> pygame.Surface:
    surf = new_surface(TILE, TILE)
    rect(surf, STEEL_DARK, 7, 10, 2, 6)  # post
    rect(surf, HAZARD, 1, 1, 14, 9)
    pygame.draw.rect(surf, OUTLINE, (1, 1, 14, 9), 1)
    rect(surf, OUTLINE, 3, 5, 6, 1)  # arrow shaft
    for i in range(4):  # arrow head
        rect(surf, OUTLINE, 9 + i, 2 + i, 1, 7 - 2 * i)
    add_outline(surf)
    return surf


def tile_bg_scaffold() -> pygame.Surface:
    surf = new_surface(TILE, TILE)
    rect(surf, BG_MID, 0, 0, 2, TILE)
    rect(surf, BG_MID, 0, 0, TILE, 2)
    rect(surf, BG_LIGHT, 0, 0, TILE, 1)
    for x, y in line_points((2, 15), (15, 2)):
        rect(surf, BG_DARK, x, y, 2, 1)
    return surf


def tile_dark_fill() -> pygame.Surface:
    surf = new_surface(TILE, TILE)
    surf.fill(OUTLINE)
    for x, y in ((3, 2), (11, 6), (6, 11), (14, 13), (9, 1)):
        put(surf, x, y, BG_DARK)
    return surf


# A 3x5 pixel font: just the letters the art needs.
FONT_3X5 = {
    "E": ["###", "#..", "##.", "#..", "###"],
    "X": ["#.#", "#.#", ".#.", "#.#", "#.#"],
    "I": ["#", "#", "#", "#", "#"],
    "T": ["###", ".#.", ".#.", ".#.", ".#."],
}


def draw_text(surf: pygame.Surface, text: str, x: int, y: int, colour: Colour) -> None:
    for ch in text:
        rows = FONT_3X5[ch]
        for dy, row in enumerate(rows):
            for dx, cell in enumerate(row):
                if cell == "#":
                    put(surf, x + dx, y + dy, colour)
        x += len(rows[0]) + 1


def tile_exit_sign() -> pygame.Surface:
    surf = new_surface(TILE, TILE)
    rect(surf, GRASS_DARK, 0, 1, TILE, 9)
    pygame.draw.rect(surf, OUTLINE, (0, 1, TILE, 9), 1)
    draw_text(surf, "EXIT", 2, 3, WHITE)
    rect(surf, WHITE, 3, 12, 7, 2)  # arrow below pointing right
    for i in range(3):
        rect(surf, WHITE, 10 + i, 10 + i, 1, 6 - 2 * i)
    add_outline(surf)
    return surf


SOLID_TILES = (0, 1, 2, 3, 4, 5, 6, 16, 17, 18, 19, 20, 21, 22)
ONEWAY_TILES = (7, 8, 9)


def tile_concrete() -> pygame.Surface:
    rng = np.random.default_rng(22)
    surf = new_surface(TILE, TILE)
    surf.fill(STEEL)
    for _ in range(8):  # aggregate speckle
        x, y = (int(v) for v in rng.integers(1, TILE - 1, 2))
        put(surf, x, y, STEEL_DARK if rng.random() < 0.6 else STEEL_LIGHT)
    for x, y in ((11, 1), (11, 2), (12, 3), (12, 4), (13, 5)):  # a hairline crack
        put(surf, x, y, STEEL_DARK)
    rect(surf, STEEL_DARK, 2, 9, 3, 2)  # a chipped pit
    put(surf, 2, 9, OUTLINE)
    rect(surf, STEEL_LIGHT, 0, 0, TILE, 1)
    rect(surf, STEEL_LIGHT, 0, 0, 1, TILE)
    rect(surf, OUTLINE, 0, TILE - 1, TILE, 1)
    rect(surf, STEEL_DARK, TILE - 1, 0, 1, TILE - 1)
    return surf


def draw_tile_sheet() -> pygame.Surface:
    """The 8x4 sheet of 16 px tiles (ids in assets/README.md), in the default palette."""
    builders: dict[int, Callable[[], pygame.Surface]] = {
        0: tile_ground_top,
        1: lambda: dirt_texture(1),
        2: lambda: tile_ground_corner("left"),
        3: lambda: tile_ground_corner("right"),
        4: tile_metal_panel,
        5: lambda: tile_metal_panel(dark=True),
        6: tile_crate,
        7: lambda: tile_girder("middle"),
        8: lambda: tile_girder("left"),
        9: lambda: tile_girder("right"),
        10: tile_bg_wall,
        11: lambda: tile_bg_wall(window=True),
        12: tile_bg_pipe,
        13: tile_grass_tuft,
        14: tile_warning_sign,
        15: tile_bg_scaffold,
        16: lambda: dirt_texture(1, stones=True),
        17: lambda: tile_ground_side("left"),
        18: lambda: tile_ground_side("right"),
        19: lambda: tile_inner_corner("right"),
        20: lambda: tile_inner_corner("left"),
        21: tile_metal_top,
        22: tile_concrete,
        23: tile_dark_fill,
        24: tile_exit_sign,
    }
    sheet = new_surface(8 * TILE, 4 * TILE)
    for tile_id, build in builders.items():
        sheet.blit(build(), ((tile_id % 8) * TILE, (tile_id // 8) * TILE))
    return sheet


def write_tileset(sheet: pygame.Surface, name: str) -> None:
    """assets/NAME.png and the Tiled external tileset NAME.tsx that uses it: the tile
    properties (`solid`, `oneway`) are the same whatever the sheet's colours."""
    save_png(sheet, f"{name}.png")
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.8" tiledversion="1.8.2" name="{name}" tilewidth="16" '
        'tileheight="16" tilecount="32" columns="8">',
        f' <image source="{name}.png" width="128" height="64"/>',
    ]
    for tile_id in sorted(SOLID_TILES + ONEWAY_TILES):
        prop = "solid" if tile_id in SOLID_TILES else "oneway"
        lines += [
            f' <tile id="{tile_id}">',
            "  <properties>",
            f'   <property name="{prop}" type="bool" value="true"/>',
            "  </properties>",
            " </tile>",
        ]
    lines.append("</tileset>")
    (ASSETS / f"{name}.tsx").write_text("\n".join(lines) + "\n", encoding="utf-8")


def make_tiles() -> None:
    """assets/tiles.png (8x4 tiles of 16 px) and the Tiled external tileset tiles.tsx."""
    write_tileset(draw_tile_sheet(), "tiles")


# --------------------------------------------------------------------------------------
# Player sprite sheet
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Aim:
    """A gun pose: grip point, barrel direction, and the gun's 'thickness' side."""

    grip: Point
    direction: Point
    side: Point


AIMS: dict[str, Aim] = {
    "forward": Aim((18, 16), (1, 0), (0, 1)),
    "up": Aim((20, 13), (0, -1), (1, 0)),
    "diag_up": Aim((18, 15), (1, -1), (0, 1)),
    "diag_down": Aim((18, 16), (1, 1), (0, 1)),
    # Held out in front of the legs so it stays visible over the airborne pose.
    "down": Aim((20, 17), (0, 1), (1, 0)),
}
AIM_ROWS = ["forward", "up", "diag_up", "diag_down", "down"]
GUN_BACK, GUN_BODY, GUN_TIP = 3, 4, 9  # stock length, body length, barrel end (from grip)
CROUCH_DY = 9  # how far head and torso drop when crouching
CROUCH_GUN_DY = 8  # the gun sits one pixel higher on the hunched torso

# STAND, JUMP and the run cycle are in gunner.pixelart: the enemies stand on them too.
FALL = Legs(Leg((15, 22), (14, 25), (12, 27)), Leg((17, 22), (19, 25), (20, 28)))
HURT = Legs(Leg((15, 22), (13, 25), (11, 28)), Leg((17, 22), (19, 25), (21, 28)))
KNEEL = Legs(Leg((14, 28), (12, 28), (9, 28)), Leg((17, 28), (21, 27), (21, 28)))


def draw_head(surf: pygame.Surface, x: int, y: int, tail: int, hurt: bool) -> None:
    """Head at offset (x, y) from the standing position: hair, red bandana, face right."""
    rect(surf, DIRT_DARK, 15 + x, 5 + y, 4, 1)
    rect(surf, DIRT_DARK, 14 + x, 6 + y, 6, 1)
    rect(surf, RED, 14 + x, 7 + y, 6, 1)
    rect(surf, SKIN, 15 + x, 8 + y, 5, 3)
    rect(surf, SKIN, 15 + x, 11 + y, 4, 1)
    rect(surf, DIRT_DARK, 14 + x, 8 + y, 1, 2)
    put(surf, 20 + x, 9 + y, SKIN)  # nose
    put(surf, 15 + x, 10 + y, DIRT_LIGHT)  # jaw shade
    put(surf, 16 + x, 9 + y, DIRT_LIGHT)  # ear
    if hurt:
        rect(surf, OUTLINE, 17 + x, 8 + y, 2, 1)  # squeezed-shut eye
        put(surf, 19 + x, 11 + y, OUTLINE)  # open mouth
    else:
        put(surf, 18 + x, 8 + y, OUTLINE)
    # Bandana tails flutter behind the head: three shapes cycled by the animation.
    tails = [
        [(13, 7), (12, 8), (11, 8)],
        [(13, 7), (12, 7), (11, 8), (10, 8)],
        [(13, 7), (12, 8), (11, 9)],
    ][tail % 3]
    for tx, ty in tails:
        put(surf, tx + x, ty + y, RED)


def draw_torso(surf: pygame.Surface, x: int, y: int, length: int) -> None:
    """White tank top with a brass-studded bandolier, belt with a buckle."""
    rect(surf, WHITE, 13 + x, 12 + y, 6, length)
    rect(surf, STEEL_LIGHT, 13 + x, 12 + y, 1, length)
    rect(surf, STEEL_LIGHT, 13 + x, 12 + length - 1 + y, 6, 1)
    for i, (px, py) in enumerate(line_points((14, 12), (18, 12 + length - 2))):
        put(surf, px + x, py + y, HAZARD if i % 2 else DIRT_DARK)
    rect(surf, DIRT_DARK, 13 + x, 12 + length + y, 6, 1)
    put(surf, 17 + x, 12 + length + y, HAZARD)


def gun_pixels(aim: Aim, shift: Point) -> tuple[list[Point], list[Point], list[Point], Point]:
    """Pixels of the gun for an aim: (top row of body, bottom row of body, barrel, muzzle)."""
    (gx, gy), (dx, dy), (nx, ny) = aim.grip, aim.direction, aim.side
    gx, gy = gx + shift[0], gy + shift[1]
    body = [(gx + i * dx, gy + i * dy) for i in range(-GUN_BACK, GUN_BODY + 1)]
    under = [(x + nx, y + ny) for x, y in body]
    barrel = [(gx + i * dx, gy + i * dy) for i in range(GUN_BODY + 1, GUN_TIP + 1)]
    return body, under, barrel, barrel[-1]


def draw_arms_and_gun(surf: pygame.Surface, aim: Aim, shift: Point, recoil: bool) -> Point:
    """Both arms reach from the shoulder to the gun; returns the un-recoiled muzzle pixel."""
    _, _, _, muzzle = gun_pixels(aim, shift)
    dx, dy = aim.direction
    if recoil:  # the whole gun and both hands kick back 1 px along the barrel
        shift = (shift[0] - dx, shift[1] - dy)
    body, under, barrel, _ = gun_pixels(aim, shift)
    shoulder = (16 + shift[0] + (dx if recoil else 0), 13 + shift[1] + (dy if recoil else 0))
    grip = body[GUN_BACK]
    fore = body[GUN_BACK + 3]
    nx, ny = aim.side
    stamp_line(surf, DIRT_LIGHT, shoulder, (fore[0] + nx, fore[1] + ny), 2)  # far arm
    stamp_line(surf, SKIN, shoulder, (grip[0] + nx, grip[1] + ny), 2)  # near arm
    for p in body:
        put(surf, *p, STEEL)
    for p in under:
        put(surf, *p, STEEL_DARK)
    for p in barrel:
        put(surf, *p, STEEL_DARK)
    put(surf, *body[-1], STEEL_LIGHT)  # glint where the barrel leaves the receiver
    put(surf, *barrel[-1], STEEL_LIGHT)
    mag = body[GUN_BACK + 1]
    put(surf, mag[0] + 2 * nx, mag[1] + 2 * ny, STEEL_DARK)  # magazine
    put(surf, grip[0] + nx, grip[1] + ny, SKIN)  # the near hand wraps the grip
    put(surf, fore[0] + nx, fore[1] + ny, DIRT_LIGHT)
    return muzzle


def draw_hanging_arm(surf: pygame.Surface, shift: Point) -> None:
    sx, sy = 16 + shift[0], 13 + shift[1]
    stamp_line(surf, SKIN, (sx, sy), (sx + 1, sy + 6), 2)


def draw_flash(surf: pygame.Surface, aim: Aim, muzzle: Point) -> None:
    """A tiny bright muzzle spark on top of the outline (the big flash is a separate effect)."""
    (dx, dy), (nx, ny) = aim.direction, aim.side
    mx, my = muzzle
    put(surf, mx + dx, my + dy, HAZARD)
    put(surf, mx + nx, my + ny, HAZARD)
    put(surf, mx - nx, my - ny, HAZARD)
    put(surf, mx, my, WHITE)


@dataclass(frozen=True)
class Pose:
    legs: Legs
    aim: str | None = "forward"
    bob: int = 0  # head/torso/arms vertical offset
    lean: int = 0  # head/torso/arms horizontal offset
    head: Point = (0, 0)  # extra head offset on top of bob/lean
    tail: int = 0
    firing: bool = False
    crouch: bool = False
    hurt: bool = False


def draw_soldier(pose: Pose, outline: bool = True) -> tuple[pygame.Surface, Point | None]:
    """Composite one 32x32 player frame; returns it and the muzzle pixel (if holding a gun)."""
    surf = new_surface(FRAME, FRAME)
    body_dy = pose.bob + (CROUCH_DY if pose.crouch else 0)
    torso_len = 6 if pose.crouch else 8
    draw_leg(surf, pose.legs.back, BLUE_DARK, DIRT_DARK, DIRT_LIGHT)
    draw_leg(surf, pose.legs.front, BLUE, DIRT_DARK, DIRT_LIGHT)
    hip_y = pose.legs.front.hip[1]
    rect(surf, BLUE_DARK, 14, hip_y - 1, 5, 2)
    draw_torso(surf, pose.lean, body_dy, torso_len)
    draw_head(surf, pose.lean + pose.head[0], body_dy + pose.head[1], pose.tail, pose.hurt)
    muzzle = None
    aim = AIMS[pose.aim] if pose.aim else None
    if aim is None:
        draw_hanging_arm(surf, (pose.lean, body_dy))
    else:
        gun_dy = pose.bob + (CROUCH_GUN_DY if pose.crouch else 0)
        muzzle = draw_arms_and_gun(surf, aim, (pose.lean, gun_dy), pose.firing)
    if outline:
        add_outline(surf)
    if aim is not None and pose.firing and muzzle is not None:
        draw_flash(surf, aim, muzzle)
    return surf, muzzle


def death_frame(angle: int, lift: int, drop_gun: bool) -> pygame.Surface:
    """The standing body tipped backwards by `angle` degrees, resting on the frame floor."""
    body, _ = draw_soldier(Pose(STAND, aim=None, hurt=True), outline=False)
    tipped = pygame.transform.rotate(body, angle)  # nearest-neighbour: stays crisp
    bounds = tipped.get_bounding_rect()
    part = tipped.subsurface(bounds)
    frame = new_surface(FRAME, FRAME)
    frame.blit(part, (FRAME // 2 - bounds.w // 2, FRAME - 1 - bounds.h - lift))
    if drop_gun:  # the rifle lies on the ground in front of the body
        rect(frame, STEEL, 18, FRAME - 3, 9, 1)
        rect(frame, STEEL_DARK, 17, FRAME - 2, 12, 1)
    add_outline(frame)
    return frame


def make_player() -> dict[str, Point]:
    """assets/player.png (10x12 frames of 32 px) and player.json; returns muzzle points."""
    sheet = new_surface(10 * FRAME, 12 * FRAME)
    muzzles: dict[str, Point] = {}

    def place(frame: pygame.Surface, row: int, col: int) -> None:
        sheet.blit(frame, (col * FRAME, row * FRAME))

    for fire in (False, True):
        for r, aim in enumerate(AIM_ROWS):
            row = r + (5 if fire else 0)
            poses = [
                Pose(STAND, aim, bob=0, tail=0, firing=fire),
                Pose(STAND, aim, bob=1, tail=2, firing=fire),
            ]
            for k in range(6):
                legs, bob = run_legs(k)
                poses.append(Pose(legs, aim, bob=bob, tail=k % 3, firing=fire))
            poses.append(Pose(JUMP, aim, bob=-1, tail=1, firing=fire))
            poses.append(Pose(FALL, aim, bob=0, tail=2, firing=fire))
            for col, pose in enumerate(poses):
                frame, muzzle = draw_soldier(pose)
                place(frame, row, col)
                if col == 0 and not fire and muzzle is not None:
                    muzzles[aim] = muzzle

    for col, fire in enumerate((False, True)):
        frame, muzzle = draw_soldier(Pose(KNEEL, "forward", crouch=True, firing=fire))
        place(frame, 10, col)
        if not fire and muzzle is not None:
            muzzles["crouch"] = muzzle

    hurt, _ = draw_soldier(Pose(HURT, "diag_up", lean=-1, head=(-1, 1), tail=1, hurt=True))
    place(hurt, 11, 0)
    kneel, _ = draw_soldier(Pose(KNEEL, None, crouch=True, lean=-1, head=(-1, 1), hurt=True))
    place(kneel, 11, 1)
    place(death_frame(45, 0, False), 11, 2)
    place(death_frame(90, 2, False), 11, 3)
    place(death_frame(90, 0, True), 11, 4)

    save_png(sheet, "player.png")
    save_png(swapped(sheet, PLAYER_TWO), "player2.png")
    meta = {
        "frame_w": FRAME,
        "frame_h": FRAME,
        "columns": 10,
        "rows": 12,
        "anchor": [FRAME // 2, FRAME],
        "muzzle": {k: list(muzzles[k]) for k in (*AIM_ROWS, "crouch")},
    }
    (ASSETS / "player.json").write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    make_icon(sheet)
    return muzzles


def swapped(sheet: pygame.Surface, colours: dict[Colour, Colour]) -> pygame.Surface:
    """A copy of `sheet` with each of `colours`' keys (exact pixels) in its value."""
    done = sheet.copy()
    rgb = pygame.surfarray.pixels3d(done)
    for old, new in colours.items():
        rgb[(rgb == old).all(axis=2)] = new
    del rgb  # unlocks the surface
    return done


def make_icon(sheet: pygame.Surface) -> None:
    """assets/icon.png: the player's bandana'd head from the idle frame, doubled."""
    head = sheet.subsurface((8, 2, 16, 13)).copy()
    icon = new_surface(32, 32)
    icon.blit(pygame.transform.scale(head, (32, 26)), (0, 4))
    save_png(icon, "icon.png")


# --------------------------------------------------------------------------------------
# Bullets and effects
# --------------------------------------------------------------------------------------
def radial_sprite(size: int, rings: list[tuple[float, Colour, int]]) -> pygame.Surface:
    """Concentric discs, outermost first: (radius, colour, alpha) around the centre."""
    surf = new_surface(size, size)
    c = (size - 1) / 2
    for y in range(size):
        for x in range(size):
            d = math.hypot(x - c, y - c)
            for radius, colour, alpha in rings:
                if d <= radius:
                    surf.set_at((x, y), (*colour, alpha))
    return surf


# Readable fire: the player's shots are cyan streaks, enemies' aimed shots red darts,
# curtains and patterns (bosses) magenta orbs; shape and colour both differ.
TRACER: Colour = (120, 220, 255)
TRACER_EDGE: Colour = (40, 130, 210)


def make_bullets() -> None:
    """The player's tracer and the enemies' aimed dart, 8x8, both pointing right (the
    game turns them along their flight)."""
    # A thin streak, four times as long as it is thick: no enemy shot has that shape
    # (a dart is an arrowhead, an orb round), so it reads as yours in any colour.
    tracer = new_surface(8, 8)
    rect(tracer, TRACER_EDGE, 0, 3, 2, 2)  # the tail fades out behind
    rect(tracer, TRACER, 2, 3, 3, 2)
    rect(tracer, WHITE, 5, 3, 3, 2)  # the hot head
    save_png(tracer, "bullet_player.png")
    dart = new_surface(8, 8)
    # An arrowhead: widest at its back, a hot point in front.
    for x, half in ((1, 3), (2, 3), (3, 3), (4, 2), (5, 2), (6, 1), (7, 0)):
        for y in range(4 - half, 4 + half):
            put(dart, x, y, RED)
        if half:
            put(dart, x, 4 - half, OUTLINE)
            put(dart, x, 3 + half, OUTLINE)
    rect(dart, OUTLINE, 0, 1, 1, 6)
    rect(dart, ORANGE, 2, 3, 4, 2)
    rect(dart, HAZARD, 4, 3, 2, 2)
    put(dart, 6, 3, WHITE)
    put(dart, 7, 3, RED)
    save_png(dart, "bullet_enemy.png")


def make_muzzle_flash() -> None:
    """3 frames of 16x16, pointing right, base at (0, 8), each smaller than the last."""
    strip = new_surface(48, 16)
    for i, (length, width) in enumerate(((15, 6), (11, 4), (6, 2))):
        f = new_surface(16, 16)
        layers = ((ORANGE, 1.0), (HAZARD, 0.7), (WHITE, 0.4))
        for colour, scale in layers:
            ln, wd = max(2, round(length * scale)), max(1, round(width * scale))
            pygame.draw.polygon(f, colour, [(0, 8 - wd), (ln, 8), (0, 8 + wd)])
            pygame.draw.polygon(f, colour, [(0, 8 - 1), (ln, 8), (0, 8 + 1)])
        if i == 0:  # side spikes on the brightest frame
            for px, py in line_points((2, 7), (7, 2)) + line_points((2, 9), (7, 14)):
                put(f, px, py, HAZARD)
        strip.blit(f, (i * 16, 0))
    save_png(strip, "muzzle_flash.png")


def make_impact() -> None:
    """4 frames of 16x16: a spark burst that flashes, spreads, then dies out."""
    strip = new_surface(64, 16)
    angles = [a * math.pi / 4 + 0.3 for a in range(8)]
    for i in range(4):
        f = new_surface(16, 16)
        if i < 2:
            r = 3 - i
            pygame.draw.circle(f, HAZARD, (8, 8), r + 1)
            pygame.draw.circle(f, WHITE, (8, 8), r)
        for k, a in enumerate(angles):
            inner, outer = 2 + 2 * i, 4 + 2 * i + (k % 2)
            colour = (WHITE, HAZARD, ORANGE, RED)[i]
            if i == 3 and k % 2:
                continue
            p0 = (round(8 + inner * math.cos(a)), round(8 + inner * math.sin(a)))
            p1 = (round(8 + outer * math.cos(a)), round(8 + outer * math.sin(a)))
            pts = line_points(p0, p1)[: 3 - i // 2]
            for px, py in pts:
                put(f, px, py, colour)
        strip.blit(f, (i * 16, 0))
    save_png(strip, "impact.png")


def make_dust() -> None:
    """4 frames of 16x16: a puff that spreads along the ground and fades."""
    strip = new_surface(64, 16)
    for i in range(4):
        f = new_surface(16, 16)
        alpha = (230, 190, 140, 80)[i]
        spread = 2 + i * 2
        for side in (-1, 1):
            cx = 8 + side * spread
            r = (3, 3, 2, 2)[i]
            pygame.draw.circle(f, (*DIRT_LIGHT, alpha), (cx, 13 - i), r)
            pygame.draw.circle(f, (*STEEL_LIGHT, alpha), (cx - side, 12 - i), max(1, r - 1))
        if i < 2:
            pygame.draw.circle(f, (*DIRT_LIGHT, alpha), (8, 13), 2 - i)
        strip.blit(f, (i * 16, 0))
    save_png(strip, "dust.png")


# --------------------------------------------------------------------------------------
# Backgrounds (480x270, horizontally seamless)
# --------------------------------------------------------------------------------------
def draw_wrapped(surf: pygame.Surface, draw: Callable[[pygame.Surface, int], None], x: int) -> None:
    """Draw a shape at x and one screen-width either side, so it wraps across the seam."""
    for offset in (-SCREEN_W, 0, SCREEN_W):
        draw(surf, x + offset)


def fill_silhouette(surf: pygame.Surface, heights: np.ndarray, colour: Colour) -> None:
    for x, top in enumerate(heights):
        rect(surf, colour, x, int(top), 1, SCREEN_H - int(top))


def make_bg_far() -> None:
    """Dusk sky, a banded setting sun, far mountains and a dark city skyline."""
    rng = np.random.default_rng(7)
    sky = [SKY_0, SKY_1, SKY_2, SKY_3, SKY_4]
    ys = np.arange(SCREEN_H) / 190.0  # the glow peaks just above the horizon (~y=190)
    ramp = np.clip(ys, 0, 1) ** 1.4 * (len(sky) - 1)
    value = np.tile(ramp, (SCREEN_W, 1))
    surf = dither_ramp(value, sky)

    # Sun: a disc cut by horizontal gaps (classic retro stripes) sinking behind the hills.
    cx, cy, radius = 330, 168, 30
    for y in range(cy - radius, cy + radius + 1):
        half = int(math.sqrt(max(0, radius * radius - (y - cy) ** 2)))
        gap = y > cy - 4 and (y - cy) % 6 in (0, 1)
        if not gap:
            rect(surf, SKY_4, cx - half, y, 2 * half + 1, 1)

    hills = 178 + periodic_noise(SCREEN_W, rng, 4, 14)
    fill_silhouette(surf, hills, SKY_1)
    # Ridge highlight from the sun behind.
    for x, top in enumerate(hills):
        if x % 3 != 0:
            put(surf, x, int(top), SKY_2)

    # City skyline: blocks of varying height, each drawn wrapped.
    x = 0
    while x < SCREEN_W:
        w = int(rng.integers(10, 26))
        h = int(rng.integers(14, 48))
        top = 222 - h
        windows = rng.random((h // 4, w // 3)) < 0.12

        def block(
            s: pygame.Surface, bx: int, w: int = w, top: int = top, windows: np.ndarray = windows
        ) -> None:
            rect(s, SKY_0, bx, top, w, SCREEN_H - top)
            for wy, wx in np.argwhere(windows):
                put(s, bx + 1 + int(wx) * 3, top + 2 + int(wy) * 4, SKY_3)

        draw_wrapped(surf, block, x)
        if rng.random() < 0.3:  # antenna
            ax, ah = x + w // 2, int(rng.integers(4, 10))
            draw_wrapped(
                surf, lambda s, bx, ah=ah, top=top: rect(s, SKY_0, bx, top - ah, 1, ah), ax
            )
        x += w + int(rng.integers(-3, 4))
    rect(surf, SKY_0, 0, 222, SCREEN_W, SCREEN_H - 222)
    rect(surf, BG_DARK, 0, 236, SCREEN_W, SCREEN_H - 236)
    save_png(surf, "bg_far.png")


def make_bg_near() -> None:
    """Industrial silhouettes in the lower half, transparent sky above, wrapping at 480 px."""
    rng = np.random.default_rng(11)
    surf = new_surface(SCREEN_W, SCREEN_H)
    base = 200

    def tower(s: pygame.Surface, x: int, h: int = 90) -> None:
        """A lattice cooling/radio tower."""
        top = base - h
        rect(s, BG_DARK, x, top, 2, h)
        rect(s, BG_DARK, x + 14, top, 2, h)
        for y in range(top, base, 8):
            for px, py in line_points((x, y), (x + 15, y + 8)):
                put(s, px, py, BG_DARK)
            for px, py in line_points((x + 15, y), (x, y + 8)):
                put(s, px, py, BG_DARK)
            rect(s, BG_DARK, x, y, 16, 1)
        rect(s, BG_MID, x - 2, top - 3, 20, 3)
        put(s, x + 7, top - 5, SKY_3)  # aircraft warning light

    def stack(s: pygame.Surface, x: int, h: int = 110) -> None:
        top = base - h
        rect(s, BG_DARK, x, top, 10, h)
        rect(s, BG_MID, x + 1, top, 1, h)
        for y in (top + 6, top + 30):
            rect(s, BG_MID, x - 1, y, 12, 2)

    def tank(s: pygame.Surface, x: int, r: int = 18) -> None:
        cy = base - r - 12
        rect(s, BG_DARK, x - r + 4, cy, 2, r + 12)
        rect(s, BG_DARK, x + r - 6, cy, 2, r + 12)
        pygame.draw.circle(s, BG_DARK, (x, cy), r)
        pygame.draw.arc(s, BG_MID, (x - r, cy - r, 2 * r, 2 * r), 0.9, 2.4, 1)

    def hall(s: pygame.Surface, x: int, w: int = 70, h: int = 46) -> None:
        """A factory hall with a saw-tooth roof and dim lit windows."""
        top = base - h
        rect(s, BG_DARK, x, top, w, h)
        for i in range(0, w - 8, 12):
            pygame.draw.polygon(
                s, BG_DARK, [(x + i, top), (x + i + 12, top - 8), (x + i + 12, top)]
            )
            rect(s, BG_MID, x + i + 11, top - 7, 1, 7)
        for i in range(4, w - 6, 9):
            rect(s, BG_MID, x + i, top + 12, 5, 4)
            if (x + i) % 3 == 0:
                rect(s, SKY_2, x + i, top + 12, 5, 4)

    def crane(s: pygame.Surface, x: int) -> None:
        top = base - 120
        rect(s, BG_DARK, x, top, 4, 120)
        rect(s, BG_DARK, x - 30, top, 70, 3)
        for px, py in line_points((x + 2, top - 12), (x - 30, top)):
            put(s, px, py, BG_DARK)
        for px, py in line_points((x + 2, top - 12), (x + 39, top)):
            put(s, px, py, BG_DARK)
        rect(s, BG_DARK, x + 30, top + 3, 1, 24)  # hook cable
        rect(s, BG_MID, x + 28, top + 27, 5, 3)

    layout: list[tuple[Callable[..., None], int]] = [
        (tower, 20),
        (hall, 50),
        (stack, 130),
        (stack, 146),
        (tank, 190),
        (tank, 228),
        (crane, 290),
        (hall, 330),
        (tower, 415),
        (stack, 452),
    ]
    for draw, x in layout:
        draw_wrapped(surf, draw, x + int(rng.integers(-3, 4)))

    # Pipe runs across the whole width are seamless by construction.
    rect(surf, BG_DARK, 0, base, SCREEN_W, SCREEN_H - base)
    for y in (base + 8, base + 22):
        rect(surf, BG_MID, 0, y, SCREEN_W, 4)
        rect(surf, BG_LIGHT, 0, y, SCREEN_W, 1)
        for x in range(0, SCREEN_W, 40):  # pipe joints
            rect(surf, BG_DARK, x + (y % 20), y - 1, 3, 6)
    rect(surf, OUTLINE, 0, base + 40, SCREEN_W, SCREEN_H - base - 40)
    save_png(surf, "bg_near.png")


# --------------------------------------------------------------------------------------
# Sound
# --------------------------------------------------------------------------------------
PEAK = 10 ** (-3 / 20)  # -3 dBFS
TARGET_RMS = 10 ** (-15 / 20)  # loud effects are turned down to this, so none dominates
MIN_PEAK = 10 ** (-10 / 20)


def timeline(seconds: float) -> np.ndarray:
    return np.arange(int(seconds * RATE)) / RATE


def osc_phase(freq: np.ndarray | float, n: int) -> np.ndarray:
    """Accumulated phase in cycles, so frequency sweeps stay continuous (no clicks)."""
    return np.cumsum(np.broadcast_to(np.asarray(freq, dtype=float), (n,))) / RATE


def square(freq: np.ndarray | float, n: int, duty: float = 0.5) -> np.ndarray:
    return np.where(osc_phase(freq, n) % 1.0 < duty, 1.0, -1.0)


def triangle(freq: np.ndarray | float, n: int) -> np.ndarray:
    return 4.0 * np.abs(osc_phase(freq, n) % 1.0 - 0.5) - 1.0


def sine(freq: np.ndarray | float, n: int) -> np.ndarray:
    return np.sin(2 * math.pi * osc_phase(freq, n))


def smooth(x: np.ndarray, width: int) -> np.ndarray:
    """Box low-pass filter: softens white noise into rumble or hiss."""
    return np.convolve(x, np.ones(width) / width, mode="same")


def decay(n: int, seconds: float) -> np.ndarray:
    return np.exp(-np.arange(n) / (seconds * RATE))


def fades(x: np.ndarray, fade_in_ms: float = 3, fade_out_ms: float = 10) -> np.ndarray:
    """Short linear ramps at both ends so the sound starts and stops without a click."""
    x = x.copy()
    a, b = int(RATE * fade_in_ms / 1000), int(RATE * fade_out_ms / 1000)
    x[:a] *= np.linspace(0, 1, a)
    x[-b:] *= np.linspace(1, 0, b)
    return x


def normalise(x: np.ndarray) -> np.ndarray:
    """Peak to -3 dBFS, unless that makes the sound too loud overall (RMS over target)."""
    gain = PEAK / np.max(np.abs(x))
    rms = float(np.sqrt(np.mean((x * gain) ** 2)))
    if rms > TARGET_RMS:
        gain *= max(TARGET_RMS / rms, MIN_PEAK / PEAK)
    return x * gain


def write_wav(name: str, x: np.ndarray) -> None:
    path = ASSETS / name
    path.parent.mkdir(parents=True, exist_ok=True)
    data = np.round(np.clip(x, -1, 1) * 32767).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data.tobytes())


def sfx_shoot(rng: np.random.Generator) -> np.ndarray:
    n = len(timeline(0.22))
    t = np.arange(n) / RATE
    crack = smooth(rng.uniform(-1, 1, n), 2) * decay(n, 0.025)
    body = square(900 * np.exp(-t / 0.03) + 110, n, 0.5) * decay(n, 0.06) * 0.6
    thump = sine(150 * np.exp(-t / 0.05) + 50, n) * decay(n, 0.08) * 0.7
    return crack + body + thump


def sfx_jump(rng: np.random.Generator) -> np.ndarray:
    n = len(timeline(0.16))
    t = np.arange(n) / RATE
    freq = 280 + 600 * (t / t[-1]) ** 0.7
    return square(freq, n, 0.25) * np.minimum(1, 2 - 2 * t / t[-1]) * 0.8


def sfx_land(rng: np.random.Generator) -> np.ndarray:
    n = len(timeline(0.16))
    t = np.arange(n) / RATE
    thud = sine(120 * np.exp(-t / 0.04) + 45, n) * decay(n, 0.05)
    scuff = smooth(rng.uniform(-1, 1, n), 12) * decay(n, 0.03) * 1.5
    return thud + scuff


def sfx_hit_wall(rng: np.random.Generator) -> np.ndarray:
    n = len(timeline(0.14))
    t = np.arange(n) / RATE
    tick = rng.uniform(-1, 1, n) * decay(n, 0.006)
    ping = sine(2600 - 900 * t / t[-1], n) * decay(n, 0.035) * 0.6
    return tick + ping


def sfx_hurt(rng: np.random.Generator) -> np.ndarray:
    n = len(timeline(0.3))
    t = np.arange(n) / RATE
    freq = (420 - 260 * t / t[-1]) * (1 + 0.06 * np.sin(2 * math.pi * 30 * t))
    return (
        square(freq, n, 0.5) * decay(n, 0.12)
        + smooth(rng.uniform(-1, 1, n), 4) * decay(n, 0.03) * 0.5
    )


def sfx_death(rng: np.random.Generator) -> np.ndarray:
    n = len(timeline(0.8))
    t = np.arange(n) / RATE
    freq = 520 * np.exp(-t / 0.3) + 50
    tremolo = 0.6 + 0.4 * np.sign(np.sin(2 * math.pi * 14 * t))
    tone = square(freq, n, 0.5) * tremolo * np.clip(1.15 - t / 0.8, 0, 1)
    return tone + smooth(rng.uniform(-1, 1, n), 6) * decay(n, 0.08) * 0.8


def sfx_menu_move(rng: np.random.Generator) -> np.ndarray:
    n = len(timeline(0.06))
    return square(880.0, n, 0.25) * decay(n, 0.03)


def sfx_menu_select(rng: np.random.Generator) -> np.ndarray:
    half = len(timeline(0.07))
    a = square(660.0, half, 0.5) * decay(half, 0.06)
    b = square(990.0, 2 * half, 0.5) * decay(2 * half, 0.07)
    return np.concatenate([a, b])


def sfx_pause(rng: np.random.Generator) -> np.ndarray:
    parts = []
    for freq in (1046.5, 784.0, 1046.5):
        n = len(timeline(0.08))
        parts.append(triangle(freq, n) * decay(n, 0.05))
    return np.concatenate(parts)


def sfx_explosion(rng: np.random.Generator) -> np.ndarray:
    n = len(timeline(0.8))
    t = np.arange(n) / RATE
    rumble = smooth(rng.uniform(-1, 1, n), 40) * 6 * decay(n, 0.25)
    crackle = smooth(rng.uniform(-1, 1, n), 5) * decay(n, 0.06)
    boom = sine(70 * np.exp(-t / 0.2) + 30, n) * decay(n, 0.3)
    return rumble + crackle + boom


SFX: dict[str, Callable[[np.random.Generator], np.ndarray]] = {
    "shoot": sfx_shoot,
    "jump": sfx_jump,
    "land": sfx_land,
    "hit_wall": sfx_hit_wall,
    "hurt": sfx_hurt,
    "death": sfx_death,
    "menu_move": sfx_menu_move,
    "menu_select": sfx_menu_select,
    "pause": sfx_pause,
    "explosion": sfx_explosion,
}


def make_sfx() -> None:
    for i, (name, build) in enumerate(SFX.items()):
        rng = np.random.default_rng(100 + i)  # one seed per effect: edits stay local
        write_wav(f"sfx/{name}.wav", normalise(fades(build(rng))))


# --------------------------------------------------------------------------------------
# Music: a 16 s chiptune loop (120 BPM, 8 bars of 16 sixteenths)
# --------------------------------------------------------------------------------------
MUSIC_SECONDS = 16
STEPS = 128  # sixteenth notes in the loop
MUSIC_PEAK = 10 ** (-6 / 20)
# One chord per bar as MIDI notes (root, third, fifth): Am Am F G Am Am F E. The E major
# bar at the end pulls back to A minor, so the loop point sounds like a downbeat.
CHORDS = [(57, 60, 64), (57, 60, 64), (53, 57, 60), (55, 59, 62)] * 2
CHORDS[7] = (52, 56, 59)
# Lead line over the second half, one entry per eighth note (None = rest).
LEAD = [76, None, 76, 74, 72, None, 71, 72, 69, None, None, 72, 74, None, 71, None] * 2


def midi_hz(note: int) -> float:
    return 440.0 * 2 ** ((note - 69) / 12)


def note_env(n: int, release: float = 0.3) -> np.ndarray:
    """Attack/sustain/release inside the note's own length, so nothing rings past it."""
    env = np.ones(n)
    a, r = min(40, n // 4), max(1, int(n * release))
    env[:a] = np.linspace(0, 1, a)
    env[-r:] *= np.linspace(1, 0, r)
    return env


def make_music() -> None:
    """assets/music/level1.wav: bass, arpeggio, lead and noise drums, seamlessly looping."""
    rng = np.random.default_rng(2024)
    total = MUSIC_SECONDS * RATE
    out = np.zeros(total)
    starts = [round(i * total / STEPS) for i in range(STEPS + 1)]

    def add(step: int, voice: np.ndarray) -> None:
        a = starts[step]
        out[a : a + len(voice)] += voice

    def span(step: int, length: int) -> int:
        return starts[min(step + length, STEPS)] - starts[step]

    for step in range(STEPS):
        bar, beat = divmod(step, 16)
        root, third, fifth = CHORDS[bar]
        if step % 2 == 0:  # bass: eighth notes, octave jump on the off-beats
            n = span(step, 2)
            note = root - 12 + (12 if beat in (6, 14) else 0)
            add(step, triangle(midi_hz(note), n) * note_env(n, 0.2) * 0.55)
        n = span(step, 1)  # arpeggio: sixteenths cycling up through the chord
        arp = (root + 12, third + 12, fifth + 12, root + 24)[step % 4]
        add(step, square(midi_hz(arp), n, 0.125) * note_env(n, 0.5) * 0.10)
        if beat in (0, 8) or (beat == 10 and bar % 2):  # kick
            t = np.arange(n) / RATE
            add(step, sine(150 * np.exp(-t / 0.03) + 40, n) * note_env(n, 0.6) * 0.7)
        if beat in (4, 12):  # snare
            add(step, rng.uniform(-1, 1, n) * decay(n, 0.04) * note_env(n, 0.3) * 0.35)
        if beat % 2 == 0:  # hi-hat
            hat = np.diff(rng.uniform(-1, 1, n + 1)) * decay(n, 0.008) * 0.12
            add(step, hat * note_env(n, 0.3))
        if bar >= 4 and step % 2 == 0:
            lead = LEAD[(step - 64) // 2]
            if lead is not None:
                n = span(step, 2)
                t = np.arange(n) / RATE
                vibrato = 1 + 0.008 * np.sin(2 * math.pi * 6 * t)
                add(step, square(midi_hz(lead) * vibrato, n, 0.25) * note_env(n, 0.4) * 0.16)
    out *= MUSIC_PEAK / np.max(np.abs(out))
    write_wav("music/level1.wav", out)


# --------------------------------------------------------------------------------------
# README
# --------------------------------------------------------------------------------------
README = """\
# Gunner assets

Generated by `tools/make_assets.py`; do not edit by hand. Run `python tools/make_assets.py`
from the repository root to regenerate every file (deterministic: fixed seeds).

| File | Layout |
|------|--------|
| `tiles.png` | 128x64: 8 columns x 4 rows of 16x16 tiles, no margin/spacing |
| `tiles.tsx` | Tiled 1.8 external tileset for `tiles.png`; bool properties `solid` / `oneway` |
| `player.png` | 320x384: 10 columns x 12 rows of 32x32 frames, facing right |
| `player2.png` | {player2} |
| `player.json` | frame size, grid, `anchor` (bottom-centre) and per-aim `muzzle` pixels |
| `bullet_player.png` | 8x8 cyan tracer, a thin 8x2 streak pointing right |
| `bullet_enemy.png` | 8x8 red arrowhead dart pointing right (every aimed enemy shot) |
| `muzzle_flash.png` | 48x16: 3 frames of 16x16, pointing right, base at (0, 8) |
| `impact.png` | 64x16: 4 frames of 16x16 spark burst |
| `dust.png` | 64x16: 4 frames of 16x16 dust puff |
| `bg_far.png` | 480x270 opaque dusk sky, mountains, skyline; wraps horizontally |
| `bg_near.png` | 480x270 transparent-topped industrial silhouettes; wraps horizontally |
| `tiles_NAME.png/.tsx` | a level look's tileset: `tiles.png` recoloured, same ids and properties |
| `bg_far_NAME.png` | a look's far backdrop, opaque, wraps horizontally; 480x540 for `ascent` |
| `bg_near_NAME.png` | a look's near backdrop, transparent-topped; 480x810 for `ascent` |
| `icon.png` | 32x32 window icon (player head) |
| `pickups.png` | 64x32: 16x16 icons health, machinegun, spread, rocket; row 0 plain, row 1 glint |
| `keycards.png` | 48x32: 16x16 keycards red, blue, yellow; row 0 plain, row 1 glint |
| `key_symbols.png` | 27x9: 9x9 symbols of the red, blue, yellow keys (triangle, circle, diamond) |
| `door.png` | 80x144: 16x48 frames; rows red, blue, yellow; columns closed, opening x3, open |
| `drum.png` | 60x24: 20x24 oil drum frames intact, damaged, lit; body 16 px wide, centred |
| `explosion.png` | 288x48: 6 frames of 48x48 explosion (flash, fireball, smoke), centred |
| `rocket.png` | 12x6 rocket pointing right (turned in 45 degree steps in flight) |
| `sfx/*.wav` | 22050 Hz mono 16-bit effects (list below), < 0.6 s (death, explosion 0.8 s) |
| `soldier.png` | 32x32 frames facing right; row 0 walk (6), row 1 idle, aim, firing |
| `rifleman.png` | 32x32 frames: idle x2, aim fwd/up/down x3, firing x3, warning glint x3 |
| `turret.png` | 24x24, pivot centred; row 0 bases (floor, ceiling, left, right wall), |
| | row 1: 16 barrels, frame k at k*22.5 degrees anticlockwise from the right |
| `drone.png` | 24x16 frames; row 0: 4 propeller frames; row 1: the same, eye ablaze |
| `music/*.wav` | 22050 Hz mono 16-bit seamless chiptune loops: title, level1 to level5 |

## Level looks

NAME is refinery, fortress, siege or ascent (tools/art_themes.py, tools/art_backdrops.py);
the default look, outpost, is `tiles.tsx`, `bg_far.png` and `bg_near.png`. A layout picks a
tileset with `@tileset NAME`, a map its backdrop with the `backdrop` property. A backdrop
layer taller than 270 px slides through its height as the view climbs the level.

## Tile ids (0-based local ids)

0 ground top, 1 ground fill, 2 ground top-left corner, 3 ground top-right corner,
4 metal panel, 5 dark metal panel, 6 crate, 7 one-way girder middle, 8 girder left end,
9 girder right end, 10 background wall, 11 background wall with lit window,
12 background pipe (vertical), 13 grass tuft, 14 warning sign (arrow right),
15 background scaffold, 16 ground fill with stones, 17 ground left side,
18 ground right side, 19 bottom-left inner corner (foot of a pit's left wall: grass enters
from the tile's right), 20 bottom-right inner corner (mirror: grass enters from the left),
21 metal wall top with hazard stripes, 22 concrete block, 23 dark background fill,
24 EXIT sign, 25-31 transparent (reserved).
Solid: 0-6, 16-22. One-way: 7-9. The rest are decoration.

## Player sheet

Rows 0-4 aim forward / up / diag_up / diag_down / down; rows 5-9 the same aims firing
(gun recoiled 1 px, muzzle spark). Columns 0-1 idle, 2-7 run cycle, 8 jump (rising),
9 fall. Row 10: col 0 crouch, col 1 crouch firing. Row 11: col 0 hurt, cols 1-4 death.
Feet rest on y=31; the body is centred on x=16.

## Sounds

`sfx/`: {sounds}.
Peaks at about -3 dBFS; loud effects are turned down to a common RMS so none dominates.
Per-sound playback volumes live in gunner/audio.py.
"""


def make_readme() -> None:
    # Listed from disk, so sounds added by the art_* generators appear too.
    sounds = ", ".join(sorted(p.stem for p in (ASSETS / "sfx").glob("*.wav")))
    player2 = (
        "`player.png` in player 2's colours (a teal bandana, violet trousers: no enemy wears them)"
    )
    text = README.format(sounds=sounds, player2=player2)
    (ASSETS / "README.md").write_text(text, encoding="utf-8")


def kind_art(module: str) -> ModuleType | None:
    """The art module beside a kind's module (`gunner/entities/door.py` ->
    `door_art.py`), if it has one."""
    name = f"{module}_art"
    try:
        found = importlib.util.find_spec(name)
    except ModuleNotFoundError:  # a kind outside any package (a test's toy)
        found = None
    return importlib.import_module(name) if found else None


def make_entity_sheets() -> None:
    """Save the sheets entity kinds draw themselves: a kind's `make_sheet()`, and the
    `SHEETS` (name -> drawing) of the art module beside its module. Then check that
    every sheet a kind declares was written by this run: a new kind's art is either
    beside it or here, never forgotten."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from gunner.entities import ENTITY_TYPES

    for kind, cls in sorted(ENTITY_TYPES.items()):
        image = cls.make_sheet()
        if image is not None:
            if not cls.sheet:
                raise SystemExit(f"{kind}: make_sheet() draws art but the kind names no sheet")
            save_png(image, f"{cls.sheet}.png")
    for module in sorted({cls.__module__ for cls in ENTITY_TYPES.values()}):
        art = kind_art(module)
        for name, draw in getattr(art, "SHEETS", {}).items():
            try:
                save_png(draw(), f"{name}.png")
            except ValueError as error:
                raise SystemExit(f"{art.__name__}: {error}") from None
    for kind, cls in sorted(ENTITY_TYPES.items()):
        if cls.sheet and f"{cls.sheet}.png" not in WRITTEN:
            raise SystemExit(
                f"{kind}: no art for its sheet {cls.sheet!r}: give the kind a make_sheet(), "
                "an art module beside it (gunner/entities/<kind>_art.py), or draw it in tools/"
            )


def main() -> None:
    import sys

    # The art modules import this one by name: let them share this run's WRITTEN.
    sys.modules.setdefault("make_assets", sys.modules[__name__])
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    ASSETS.mkdir(exist_ok=True)
    make_tiles()
    muzzles = make_player()
    make_bullets()
    make_muzzle_flash()
    make_impact()
    make_dust()
    make_bg_far()
    make_bg_near()
    make_sfx()
    make_music()
    __import__("art_audio").make_audio()  # issue 4's sounds and music
    __import__("art_items").make_items()  # explosion, rocket
    __import__("art_bosses").make_bosses()  # the boss bullet, boss sounds
    __import__("art_themes").make_themes()  # each level look's tileset and backdrop
    make_entity_sheets()  # every kind's own art, beside it (gunner/entities/<kind>_art.py)
    make_readme()
    print(f"assets written to {ASSETS} (muzzles: {muzzles})")


if __name__ == "__main__":
    main()
