"""The themed backdrops: for each level look a far layer (opaque sky and distance) and a
near layer (silhouettes, transparent above), both wrapping every 480 px across.

Drawn in the style of make_assets' own dusk backdrop: dithered sky ramps, silhouettes in
a few dark, desaturated colours (the playfield always reads in front), small lit details.
A far or near layer taller than the screen is for a climb: the renderer slides it up as
the view rises, so the top of the image is what is seen at the top of the level.

Used by tools/art_themes.py; BACKDROPS maps a theme's name to its drawing function.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import pygame
from make_assets import (
    SCREEN_H,
    SCREEN_W,
    Colour,
    dither_ramp,
    line_points,
    new_surface,
    periodic_noise,
    put,
    rect,
)

from gunner.pixelart import BAYER4

Draw = Callable[[pygame.Surface, int], None]
# A climb's layers: the far sky spans two screens, the near layer three.
TALL_FAR = 2 * SCREEN_H
TALL_NEAR = 3 * SCREEN_H


# -- helpers -------------------------------------------------------------------------------


def wrapped(surf: pygame.Surface, draw: Draw, x: int) -> None:
    """Draw a shape at x and one screen-width either side, so it wraps across the seam."""
    for offset in (-SCREEN_W, 0, SCREEN_W):
        draw(surf, x + offset)


def sky(
    height: int,
    colours: list[Colour],
    horizon: float,
    power: float,
    wave: float = 0.0,
    seed: int = 0,
) -> pygame.Surface:
    """A dithered ramp from colours[0] at the top to colours[-1] at `horizon` (and below);
    `wave` streaks it with horizontal bands (smog, cloud strata) that wrap across."""
    ys = np.arange(height) / horizon
    ramp = np.clip(ys, 0, 1) ** power * (len(colours) - 1)
    value = np.tile(ramp, (SCREEN_W, 1))
    if wave:
        rng = np.random.default_rng(seed)
        drift = periodic_noise(SCREEN_W, rng, 3, 6.0)[:, None]
        rows = np.arange(height)[None, :]
        value = value + wave * np.sin((rows + drift) / 7.0) * np.clip(ys, 0.2, 1)[None, :]
    return dither_ramp(np.clip(value, 0, len(colours) - 1), colours)


def dither_fill(surf: pygame.Surface, mask: np.ndarray, colour: Colour, amount: float) -> None:
    """Paint `colour` over the (w, h) `mask` on the ordered-dither pattern: `amount` of
    the pixels (0..1), so a glow or haze stays crisp pixels, not extra colours."""
    w, h = mask.shape
    xs, ys = np.meshgrid(np.arange(w), np.arange(h), indexing="ij")
    on = mask & (BAYER4[ys % 4, xs % 4] < amount)
    rgb = pygame.surfarray.pixels3d(surf)
    rgb[on] = colour
    del rgb
    if surf.get_flags() & pygame.SRCALPHA:
        alpha = pygame.surfarray.pixels_alpha(surf)
        alpha[on] = 255
        del alpha


def disc_mask(w: int, h: int, cx: float, cy: float, r: float) -> np.ndarray:
    """Pixels within r of (cx, cy), the disc wrapped across the width."""
    xs, ys = np.meshgrid(np.arange(w), np.arange(h), indexing="ij")
    dx = np.abs(xs - cx) % w
    dx = np.minimum(dx, w - dx)
    return dx**2 + (ys - cy) ** 2 <= r * r


def plume(
    surf: pygame.Surface,
    x: int,
    y: int,
    colour: Colour,
    rng: np.random.Generator,
    puffs: int = 7,
    drift: float = 6.0,
    grow: float = 1.5,
    amount: float = 0.6,
) -> None:
    """Smoke rising from (x, y): puffs that grow and drift with the wind as they climb."""
    w, h = surf.get_size()
    r = 3.0
    for i in range(puffs):
        cx = x + drift * i + rng.uniform(-2, 2)
        cy = y - i * (2.0 + grow * i * 0.9)
        dither_fill(surf, disc_mask(w, h, cx, cy, r), colour, amount * (1 - i / (puffs * 1.6)))
        r += grow


def silhouette(surf: pygame.Surface, heights: np.ndarray, colour: Colour, bottom: int) -> None:
    for x, top in enumerate(heights):
        rect(surf, colour, x, int(top), 1, bottom - int(top))


def flame(surf: pygame.Surface, x: int, y: int, size: int, outer: Colour, inner: Colour) -> None:
    """A small flame standing on (x, y): an orange tongue around a yellow core."""
    for i in range(size):
        half = max(0, (size - i) // 2 - (1 if i < 2 else 0))
        rect(surf, outer, x - half, y - i, 2 * half + 1, 1)
        if i < size - 2 and half > 0:
            rect(surf, inner, x - half // 2, y - i, half + 1 if half > 1 else 1, 1)
    put(surf, x + (1 if size % 2 else -1), y - size, outer)


def lattice(surf: pygame.Surface, x: int, top: int, bottom: int, w: int, colour: Colour) -> None:
    """A lattice tower: two legs and X bracing every 8 px."""
    rect(surf, colour, x, top, 2, bottom - top)
    rect(surf, colour, x + w - 2, top, 2, bottom - top)
    for y in range(top, bottom, 8):
        for a, b in (((x, y), (x + w - 1, y + 8)), ((x + w - 1, y), (x, y + 8))):
            for px, py in line_points(a, b):
                if py < bottom:
                    put(surf, px, py, colour)
        rect(surf, colour, x, y, w, 1)


# -- refinery: rust and smog, smoke stacks and flare towers --------------------------------

REF_SKY = [(36, 28, 34), (56, 40, 42), (86, 56, 48), (124, 76, 52), (166, 104, 60), (198, 140, 82)]
REF_FAR = (58, 40, 40)
REF_FAR_DARK = (42, 30, 32)
REF_SMOKE = (92, 72, 66)
REF_DARK = (40, 28, 30)
REF_MID = (64, 44, 40)
REF_LIGHT = (92, 66, 54)
FIRE_OUTER = (236, 118, 40)
FIRE_INNER = (252, 206, 104)


def refinery() -> tuple[pygame.Surface, pygame.Surface]:
    rng = np.random.default_rng(21)
    far = sky(SCREEN_H, REF_SKY, 205, 1.2, wave=0.45, seed=21)
    # The sun is a pale smudge behind the smog.
    dither_fill(far, disc_mask(SCREEN_W, SCREEN_H, 110, 118, 15), (214, 160, 104), 0.55)
    # Far off: a plant of columns, spheres and flat sheds, with stacks trailing smoke.
    x = 0
    while x < SCREEN_W:
        kind = rng.integers(0, 3)
        if kind == 0:  # a distillation column with its platforms
            w, h = int(rng.integers(5, 9)), int(rng.integers(36, 70))
            wrapped(far, lambda s, bx, w=w, h=h: rect(s, REF_FAR, bx, 214 - h, w, h), x)
            for py in range(214 - h + 6, 210, 12):
                wrapped(far, lambda s, bx, py=py, w=w: rect(s, REF_FAR, bx - 2, py, w + 4, 1), x)
        elif kind == 1:  # a storage sphere on legs
            r = int(rng.integers(7, 12))

            def sphere(s: pygame.Surface, bx: int, r: int = r) -> None:
                pygame.draw.circle(s, REF_FAR, (bx + r, 212 - r - 4), r)
                rect(s, REF_FAR, bx + 2, 212 - r - 4, 2, r + 6)
                rect(s, REF_FAR, bx + 2 * r - 4, 212 - r - 4, 2, r + 6)

            wrapped(far, sphere, x)
            w = 2 * r
        else:  # a shed
            w, h = int(rng.integers(16, 34)), int(rng.integers(10, 20))
            wrapped(far, lambda s, bx, w=w, h=h: rect(s, REF_FAR, bx, 214 - h, w, h), x)
        x += w + int(rng.integers(4, 16))
    for sx in (40, 200, 330, 430):  # smoke stacks with plumes leaning in the wind
        h = int(rng.integers(70, 100))
        wrapped(far, lambda s, bx, h=h: rect(s, REF_FAR, bx, 214 - h, 4, h), sx)
        plume(far, sx + 2, 214 - h - 3, REF_SMOKE, rng, puffs=8, drift=5.0, grow=1.6, amount=0.5)
    for fx in (120, 290):  # flare stacks: a thin mast and its flame
        h = int(rng.integers(80, 96))
        wrapped(far, lambda s, bx, h=h: rect(s, REF_FAR, bx, 214 - h, 2, h), fx)
        glow = disc_mask(SCREEN_W, SCREEN_H, fx + 1, 214 - h - 4, 7)
        dither_fill(far, glow, (204, 120, 64), 0.35)
        flame(far, fx + 1, 214 - h - 1, 6, FIRE_OUTER, FIRE_INNER)
    lights = rng.random((SCREEN_W, 30)) < 0.01
    for lx, ly in np.argwhere(lights):
        if far.get_at((int(lx), 186 + int(ly)))[:3] == REF_FAR:
            put(far, int(lx), 186 + int(ly), (236, 172, 92))
    rect(far, REF_FAR_DARK, 0, 214, SCREEN_W, SCREEN_H - 214)
    rect(far, REF_DARK, 0, 236, SCREEN_W, SCREEN_H - 236)

    near = new_surface(SCREEN_W, SCREEN_H)
    base = 200

    def stack(s: pygame.Surface, x: int, h: int = 150) -> None:
        top = base - h
        rect(s, REF_DARK, x, top, 14, h)
        rect(s, REF_MID, x + 2, top, 2, h)
        for band in (top + 8, top + 20):  # rust bands near the lip
            rect(s, REF_LIGHT, x, band, 14, 4)
        rect(s, REF_MID, x - 2, top - 2, 18, 3)
        for y in range(top + 30, base, 24):
            rect(s, REF_MID, x - 1, y, 16, 1)  # ladder rest rings

    def flare(s: pygame.Surface, x: int, h: int = 120) -> None:
        top = base - h
        lattice(s, x, top, base, 14, REF_DARK)
        rect(s, REF_DARK, x + 5, top - 14, 4, 14)  # the flare pipe
        rect(s, REF_MID, x + 2, top - 2, 10, 2)
        flame(s, x + 7, top - 15, 11, FIRE_OUTER, FIRE_INNER)

    def column(s: pygame.Surface, x: int, h: int = 104) -> None:
        top = base - h
        rect(s, REF_DARK, x, top, 18, h)
        pygame.draw.ellipse(s, REF_DARK, (x, top - 5, 18, 10))
        rect(s, REF_MID, x + 3, top, 1, h)
        for y in range(top + 14, base - 8, 22):  # platforms with hand rails
            rect(s, REF_MID, x - 5, y, 28, 2)
            for px in range(x - 5, x + 23, 4):
                rect(s, REF_DARK, px, y - 5, 1, 5)
            rect(s, REF_DARK, x - 5, y - 5, 28, 1)
        rect(s, REF_DARK, x + 20, top + 10, 2, h - 10)  # a riser pipe down its side

    def tanks(s: pygame.Surface, x: int) -> None:
        for i, (w, h) in enumerate(((46, 30), (34, 22))):
            tx = x + i * 50
            rect(s, REF_DARK, tx, base - h, w, h)
            pygame.draw.ellipse(s, REF_DARK, (tx, base - h - 4, w, 8))
            rect(s, REF_MID, tx + 3, base - h + 4, w - 6, 1)
            for px, py in line_points((tx + w - 2, base - 1), (tx + w - 12, base - h)):
                put(s, px, py, REF_MID)  # the stair round it

    def rack(s: pygame.Surface, x: int) -> None:
        for leg in range(0, 64, 16):
            rect(s, REF_DARK, x + leg, base - 36, 2, 36)
        for y in (base - 36, base - 26):
            rect(s, REF_DARK, x - 4, y, 72, 5)
            rect(s, REF_MID, x - 4, y, 72, 1)

    layout: list[tuple[Draw, int]] = [
        (stack, 16),
        (rack, 44),
        (flare, 118),
        (column, 160),
        (tanks, 208),
        (stack, 318),
        (stack, 338),
        (column, 386),
        (flare, 430),
    ]
    for draw, x in layout:
        wrapped(near, draw, x + int(rng.integers(-3, 4)))
    for x in (23, 325, 345):  # their smoke, thick and low
        plume(near, x, 46, (78, 60, 58), rng, puffs=6, drift=7.0, grow=1.8, amount=0.5)
    _pipework(near, base, REF_DARK, REF_MID, REF_LIGHT)
    return far, near


def _pipework(surf: pygame.Surface, base: int, dark: Colour, mid: Colour, light: Colour) -> None:
    """Ground pipe runs across the whole width (seamless by construction)."""
    rect(surf, dark, 0, base, SCREEN_W, SCREEN_H - base)
    for y in (base + 8, base + 22):
        rect(surf, mid, 0, y, SCREEN_W, 4)
        rect(surf, light, 0, y, SCREEN_W, 1)
        for x in range(0, SCREEN_W, 40):  # pipe joints
            rect(surf, dark, x + (y % 20), y - 1, 3, 6)
    rect(surf, (20, 16, 26), 0, base + 40, SCREEN_W, SCREEN_H - base - 40)


# -- fortress: a cold night, stone walls, searchlights and the moon ------------------------

FORT_SKY = [(8, 10, 24), (14, 18, 38), (22, 28, 54), (32, 40, 70), (44, 54, 88)]
FORT_MOUNTAIN = (32, 38, 62)
FORT_SNOW = (104, 116, 150)
FORT_FAR = (22, 26, 44)
FORT_DARK = (26, 30, 46)
FORT_MID = (40, 46, 66)
FORT_LIGHT = (60, 68, 94)
LAMP = (226, 200, 116)


def fortress() -> tuple[pygame.Surface, pygame.Surface]:
    rng = np.random.default_rng(31)
    far = sky(SCREEN_H, FORT_SKY, 215, 1.1)
    for sx, sy in zip(rng.integers(0, SCREEN_W, 90), rng.integers(0, 170, 90), strict=True):
        bright = rng.random() < 0.25
        put(far, int(sx), int(sy), (210, 216, 232) if bright else (110, 120, 156))
    # The moon: a halo, the disc, its shaded limb and a few craters.
    mx, my, r = 284, 58, 20
    dither_fill(far, disc_mask(SCREEN_W, SCREEN_H, mx, my, r + 12), (40, 50, 82), 0.5)
    dither_fill(far, disc_mask(SCREEN_W, SCREEN_H, mx, my, r + 5), (58, 70, 104), 0.5)
    pygame.draw.circle(far, (224, 228, 236), (mx, my), r)
    shade = disc_mask(SCREEN_W, SCREEN_H, mx, my, r) & ~disc_mask(
        SCREEN_W, SCREEN_H, mx - 5, my - 4, r
    )
    dither_fill(far, shade, (168, 178, 200), 1.0)
    for cx, cy, cr in ((-6, -3, 4), (5, 6, 3), (7, -8, 2), (-3, 9, 2)):
        pygame.draw.circle(far, (188, 196, 214), (mx + cx, my + cy), cr)
    # Searchlights sweep the sky from behind the walls: wedges of dithered light.
    xs, ys = np.meshgrid(np.arange(SCREEN_W), np.arange(SCREEN_H), indexing="ij")
    for bx, angle in ((90, 62), (250, 112), (420, 80)):
        for offset in (-SCREEN_W, 0, SCREEN_W):
            ox, oy = bx + offset, 200
            a = math.radians(angle)
            along = (xs - ox) * math.cos(a) - (ys - oy) * math.sin(a)
            across = (xs - ox) * math.sin(a) + (ys - oy) * math.cos(a)
            beam = (along > 0) & (np.abs(across) < 2 + along * 0.07)
            dither_fill(far, beam & (along < 230), (70, 84, 118), 0.45)
            dither_fill(far, beam & (np.abs(across) < 1 + along * 0.02), (120, 134, 166), 0.5)
    ridge = 176 + periodic_noise(SCREEN_W, rng, 5, 16)
    silhouette(far, ridge, FORT_MOUNTAIN, SCREEN_H)
    for x, top in enumerate(ridge):  # snow on what stands above the snow line
        depth = int(max(0, 172 - top) * 0.5) + (1 if top < 176 else 0)
        rect(far, FORT_SNOW, x, int(top), 1, depth)
    # The fortress far off on its hill: a crenellated wall and towers with lit slits.
    rect(far, FORT_FAR, 0, 204, SCREEN_W, SCREEN_H - 204)
    for x in range(0, SCREEN_W, 6):
        rect(far, FORT_FAR, x, 200, 3, 4)
    for tx in (60, 170, 300, 410):
        wrapped(far, lambda s, bx: rect(s, FORT_FAR, bx, 180, 14, 24), tx)
        for cx in range(tx, tx + 14, 5):
            wrapped(far, lambda s, bx: rect(s, FORT_FAR, bx, 177, 3, 3), cx)
        put(far, tx + 6, 188, LAMP)
    rect(far, (16, 18, 32), 0, 236, SCREEN_W, SCREEN_H - 236)

    near = new_surface(SCREEN_W, SCREEN_H)
    wall_top = 176

    def stone(s: pygame.Surface, x: int, top: int, w: int, h: int) -> None:
        """Stonework: dark blocks with mortar lines in staggered courses."""
        rect(s, FORT_DARK, x, top, w, h)
        for row, y in enumerate(range(top + 6, top + h, 7)):
            rect(s, FORT_MID, x, y, w, 1)
            for bx in range(x + (row % 2) * 6, x + w, 12):
                rect(s, FORT_MID, bx, y - 6, 1, 6)

    def battlement(s: pygame.Surface, x: int, y: int, w: int) -> None:
        for cx in range(x, x + w, 10):
            rect(s, FORT_DARK, cx, y - 6, 6, 6)
            rect(s, FORT_LIGHT, cx, y - 6, 6, 1)

    stone(near, 0, wall_top, SCREEN_W, SCREEN_H - wall_top)
    battlement(near, 0, wall_top, SCREEN_W)
    rect(near, FORT_LIGHT, 0, wall_top, SCREEN_W, 1)

    def tower(s: pygame.Surface, x: int, h: int = 110, lamp: bool = False) -> None:
        top = wall_top - h + 40
        stone(s, x, top, 40, SCREEN_H - top)
        rect(s, FORT_DARK, x - 3, top - 2, 46, 4)
        battlement(s, x - 3, top - 2, 46)
        for wy in (top + 14, top + 40):  # arrow slits, lit from within
            rect(s, (12, 14, 24), x + 18, wy, 4, 10)
            rect(s, LAMP, x + 19, wy + 2, 2, 6)
        if lamp:  # a searchlight on the roof, its lens toward the sky
            rect(s, FORT_MID, x + 14, top - 14, 12, 8)
            rect(s, (240, 240, 214), x + 22, top - 14, 4, 5)
            rect(s, FORT_DARK, x + 18, top - 8, 4, 6)

    for x, h, lamp in ((30, 118, True), (170, 96, False), (380, 128, True)):
        wrapped(near, lambda s, bx, h=h, lamp=lamp: tower(s, bx, h, lamp), x)
    for gx in (110, 250, 300):  # gates' dark arches and the odd lit window in the wall
        wrapped(near, lambda s, bx: pygame.draw.ellipse(s, (14, 16, 28), (bx, 196, 22, 40)), gx)
        wrapped(near, lambda s, bx: rect(s, (14, 16, 28), bx, 216, 22, 30), gx)
    rect(near, (20, 16, 26), 0, 240, SCREEN_W, SCREEN_H - 240)
    return far, near


# -- siege: a town burning at dusk ----------------------------------------------------------

SIEGE_SKY = [(32, 12, 20), (64, 18, 26), (112, 28, 30), (158, 50, 34), (194, 84, 42)]
SIEGE_SKY.append((216, 122, 60))
SIEGE_SMOKE = (54, 24, 28)
SIEGE_FAR = (42, 16, 22)
SIEGE_DARK = (30, 16, 20)
SIEGE_MID = (50, 28, 30)
SIEGE_LIGHT = (74, 42, 40)


def siege() -> tuple[pygame.Surface, pygame.Surface]:
    rng = np.random.default_rng(41)
    far = sky(SCREEN_H, SIEGE_SKY, 208, 1.3)
    # A swollen red sun sinking into the smoke.
    dither_fill(far, disc_mask(SCREEN_W, SCREEN_H, 150, 180, 30), (226, 84, 44), 0.8)
    dither_fill(far, disc_mask(SCREEN_W, SCREEN_H, 150, 180, 24), (240, 120, 60), 1.0)
    # Columns of smoke from the fires, dark against the glow, leaning with the wind.
    for sx in (60, 196, 300, 420):
        plume(far, sx, 206, SIEGE_SMOKE, rng, puffs=11, drift=4.0, grow=2.2, amount=0.8)
    # The town far off: roofs, gables and a steeple, some ablaze.
    x = 0
    while x < SCREEN_W:
        w, h = int(rng.integers(12, 24)), int(rng.integers(10, 22))

        def house(s: pygame.Surface, bx: int, w: int = w, h: int = h) -> None:
            rect(s, SIEGE_FAR, bx, 216 - h, w, h)
            pygame.draw.polygon(
                s,
                SIEGE_FAR,
                [(bx - 1, 216 - h), (bx + w // 2, 216 - h - w // 2), (bx + w, 216 - h)],
            )

        wrapped(far, house, x)
        if rng.random() < 0.3:
            wrapped(
                far,
                lambda s, bx, h=h: flame(s, bx, 214 - h, 5, (236, 110, 40), (252, 190, 90)),
                x + w // 2,
            )
        x += w + int(rng.integers(-2, 5))
    wrapped(far, lambda s, bx: rect(s, SIEGE_FAR, bx, 150, 6, 60), 350)  # the steeple
    wrapped(
        far,
        lambda s, bx: pygame.draw.polygon(
            s, SIEGE_FAR, [(bx - 1, 150), (bx + 3, 130), (bx + 6, 150)]
        ),
        350,
    )
    for ex, ey in zip(rng.integers(0, SCREEN_W, 60), rng.integers(60, 200, 60), strict=True):
        put(far, int(ex), int(ey), (250, 176, 80) if rng.random() < 0.4 else (226, 104, 44))
    rect(far, SIEGE_FAR, 0, 216, SCREEN_W, SCREEN_H - 216)
    rect(far, SIEGE_DARK, 0, 234, SCREEN_W, SCREEN_H - 234)

    near = new_surface(SCREEN_W, SCREEN_H)
    base = 204

    def ruin(s: pygame.Surface, x: int, w: int = 60, h: int = 60, broken: int = 0) -> None:
        """A burnt-out house: a gable with a bite out of its roof, fire in the windows."""
        top = base - h
        rect(s, SIEGE_DARK, x, top, w, h)
        roof = [(x - 4, top), (x + w // 2, top - w // 3), (x + w + 4, top)]
        pygame.draw.polygon(s, SIEGE_DARK, roof)
        if broken:  # the roof caved in: a notch of sky, charred rafters across it
            cx = x + w // 2 + broken
            pygame.draw.polygon(
                s,
                (0, 0, 0, 0),
                [(cx - 10, top - w // 3 + 6), (cx + 12, top - w // 3 + 10), (cx + 2, top + 4)],
            )
            for rx in range(cx - 8, cx + 10, 6):
                rect(s, SIEGE_DARK, rx, top - w // 3 + 6, 2, 14)
        rect(s, SIEGE_DARK, x + w - 14, top - w // 3 - 4, 7, 16)  # chimney
        for wx in range(x + 6, x + w - 8, 16):
            for wy in (top + 10, top + 32):
                if wy + 12 < base:
                    lit = (wx // 16 + wy) % 3 != 0
                    rect(s, (18, 8, 12), wx, wy, 9, 12)
                    if lit:  # the fire inside
                        rect(s, (214, 86, 38), wx + 1, wy + 5, 7, 7)
                        rect(s, (248, 170, 74), wx + 2, wy + 8, 5, 4)
        rect(s, SIEGE_MID, x, top, w, 1)

    def blaze(s: pygame.Surface, x: int, y: int) -> None:
        flame(s, x, y, 14, (226, 96, 36), (250, 180, 80))
        flame(s, x + 7, y, 9, (226, 96, 36), (250, 180, 80))

    def church(s: pygame.Surface, x: int) -> None:
        """A bell tower, its spire snapped off."""
        rect(s, SIEGE_DARK, x, base - 150, 26, 150)
        pygame.draw.polygon(
            s,
            SIEGE_DARK,
            [(x - 2, base - 150), (x + 9, base - 174), (x + 15, base - 160), (x + 28, base - 150)],
        )
        pygame.draw.ellipse(s, (18, 8, 12), (x + 7, base - 136, 12, 18))
        rect(s, SIEGE_MID, x + 12, base - 124, 2, 6)

    layout: list[tuple[Draw, int]] = [
        (lambda s, x: ruin(s, x, 64, 58, 6), 10),
        (lambda s, x: ruin(s, x, 44, 80, 0), 96),
        (church, 160),
        (lambda s, x: ruin(s, x, 70, 50, -8), 212),
        (lambda s, x: ruin(s, x, 52, 70, 4), 306),
        (lambda s, x: ruin(s, x, 58, 46, 0), 392),
    ]
    for draw, x in layout:
        wrapped(near, draw, x + int(rng.integers(-3, 4)))
    for x, y in ((118, base - 80), (240, base - 52), (420, base - 48)):
        wrapped(near, lambda s, bx, y=y: blaze(s, bx, y), x)
    # Rubble along the street, seamless: a noisy heap line.
    heap = base - 4 - np.abs(periodic_noise(SCREEN_W, rng, 6, 5))
    silhouette(near, heap, SIEGE_DARK, SCREEN_H)
    rect(near, SIEGE_MID, 0, base + 10, SCREEN_W, 2)
    rect(near, (20, 16, 26), 0, base + 36, SCREEN_W, SCREEN_H - base - 36)
    return far, near


# -- ascent: dawn, high above a sea of cloud (two and three screens tall) -------------------

DAWN = [
    (20, 16, 50),
    (36, 26, 76),
    (64, 38, 102),
    (104, 54, 126),
    (156, 76, 138),
    (206, 110, 148),
    (236, 152, 156),
    (248, 194, 168),
]
CLOUD_TOP = (226, 180, 196)
CLOUD = (186, 132, 168)
CLOUD_SHADE = (146, 100, 150)
SPIRE = (58, 42, 82)
SPIRE_MID = (82, 62, 108)


def cloud_bank(
    surf: pygame.Surface,
    top: int,
    bottom: int,
    rng: np.random.Generator,
    colours: tuple[Colour, Colour, Colour],
    bump: float = 8.0,
) -> None:
    """A bank of cloud from `top` down: a scalloped lit crest over shaded body, wrapping."""
    light, body, shade = colours
    crest = top + np.abs(periodic_noise(SCREEN_W, rng, 7, bump))
    for x, y in enumerate(crest):
        y = int(y)
        rect(surf, body, x, y, 1, bottom - y)
        rect(surf, light, x, y, 1, 2)
    mask = np.zeros((SCREEN_W, surf.get_height()), bool)
    for x, y in enumerate(crest):
        mask[x, int(y) + 6 : bottom] = True
    dither_fill(surf, mask, shade, 0.5)


def puff(
    surf: pygame.Surface,
    cx: int,
    cy: int,
    w: int,
    rng: np.random.Generator,
    colours: tuple[Colour, Colour, Colour],
) -> None:
    """A cloud: round puffs on a flat base at cy, lit on top, shaded underneath; wraps."""
    light, body, shade = colours
    width, height = surf.get_size()
    mask = np.zeros((width, height), bool)
    n = max(2, w // 14)
    for i in range(n):
        px = cx - w // 2 + (i + 0.5) * w / n
        r = rng.uniform(5, 9) + 6 * math.sin(math.pi * (i + 0.5) / n)
        mask |= disc_mask(width, height, px, cy - r * 0.4, r)
    mask[:, cy + 2 :] = False
    ys = np.arange(height)[None, :]
    dither_fill(surf, mask, body, 1.0)
    rim = mask & ~np.roll(mask, 2, axis=1)
    dither_fill(surf, rim, light, 1.0)
    dither_fill(surf, mask & (ys > cy - 5), shade, 0.5)


def ascent() -> tuple[pygame.Surface, pygame.Surface]:
    rng = np.random.default_rng(51)
    horizon = TALL_FAR - 96
    far = sky(TALL_FAR, DAWN, horizon, 1.5, wave=0.25, seed=51)
    for sx, sy in zip(rng.integers(0, SCREEN_W, 120), rng.integers(0, 220, 120), strict=True):
        if rng.random() < 1 - sy / 240:  # thinning out as the sky brightens
            put(far, int(sx), int(sy), (220, 212, 240) if rng.random() < 0.3 else (130, 110, 180))
    # The sun just up, banded like the outpost's but pale: dawn, not dusk.
    cx, cy, radius = 300, horizon - 4, 24
    dither_fill(far, disc_mask(SCREEN_W, TALL_FAR, cx, cy, radius + 18), (250, 206, 170), 0.35)
    for y in range(cy - radius, cy + radius + 1):
        half = int(math.sqrt(max(0, radius * radius - (y - cy) ** 2)))
        if not (y > cy + 2 and (y - cy) % 5 in (0, 1)):
            rect(far, (252, 230, 186), cx - half, y, 2 * half + 1, 1)
    for streak_y in (horizon - 190, horizon - 120, horizon - 60):  # thin cloud strata
        length = int(rng.integers(80, 160))
        sx = int(rng.integers(0, SCREEN_W))
        for i in range(length):
            put(far, (sx + i) % SCREEN_W, streak_y + (i // 40) % 2, (214, 132, 160))
            if 10 < i < length - 10:
                put(far, (sx + i) % SCREEN_W, streak_y + 1 + (i // 40) % 2, (188, 104, 146))
    for px, h in ((60, 34), (96, 22), (380, 40), (420, 26)):  # summits through the clouds
        wrapped(
            far,
            lambda s, bx, h=h: pygame.draw.polygon(
                s,
                (118, 74, 128),
                [(bx - h, horizon + 12), (bx, horizon + 12 - h), (bx + h, horizon + 12)],
            ),
            px,
        )
        wrapped(
            far,
            lambda s, bx, h=h: pygame.draw.polygon(
                s,
                (176, 122, 156),
                [
                    (bx - h // 4, horizon + 12 - h * 3 // 4),
                    (bx, horizon + 12 - h),
                    (bx + 2, horizon + 12 - h * 3 // 4),
                ],
            ),
            px,
        )
    cloud_bank(far, horizon + 8, TALL_FAR, rng, (CLOUD_TOP, CLOUD, CLOUD_SHADE), bump=6)
    cloud_bank(far, horizon + 40, TALL_FAR, rng, ((208, 160, 186), (170, 120, 160), CLOUD_SHADE))

    near = new_surface(SCREEN_W, TALL_NEAR)

    def spire(s: pygame.Surface, x: int, top: int, w: int) -> None:
        """A far tower like the one being climbed: a shaft, a pointed roof, lit windows."""
        rect(s, SPIRE, x, top, w, TALL_NEAR - top)
        pygame.draw.polygon(s, SPIRE, [(x - 3, top), (x + w // 2, top - w), (x + w + 3, top)])
        rect(s, SPIRE_MID, x - 3, top, w + 6, 2)
        rect(s, SPIRE_MID, x + 1, top, 1, TALL_NEAR - top)
        for y in range(top + 12, TALL_NEAR, 40):
            rect(s, SPIRE_MID, x - 2, y, w + 4, 2)
            rect(s, (236, 150, 150), x + w // 2 - 1, y + 10, 3, 5)

    spires = ((30, 380, 22), (150, 250, 16), (262, 470, 26), (380, 140, 14), (448, 560, 18))
    for x, top, w in spires:
        wrapped(near, lambda s, bx, top=top, w=w: spire(s, bx, top, w), x)
    # Clouds drift past at every height as the view climbs; the sea below at the bottom.
    near_clouds = ((204, 150, 184), (160, 112, 156), (124, 86, 138))
    for cy in range(60, TALL_NEAR - 110, 70):
        for _ in range(2):
            cx = int(rng.integers(0, SCREEN_W))
            puff(
                near,
                cx,
                cy + int(rng.integers(-12, 12)),
                int(rng.integers(40, 90)),
                rng,
                near_clouds,
            )
    cloud_bank(
        near,
        TALL_NEAR - 90,
        TALL_NEAR,
        rng,
        ((180, 128, 168), (140, 96, 142), (108, 74, 124)),
        bump=10,
    )
    return far, near


BACKDROPS: dict[str, Callable[[], tuple[pygame.Surface, pygame.Surface]]] = {
    "refinery": refinery,
    "fortress": fortress,
    "siege": siege,
    "ascent": ascent,
}
