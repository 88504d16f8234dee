"""The pixel-art palette and drawing helpers every generated image is made with: the
art tool (tools/make_assets.py and tools/art_*.py) and the kinds and weapons that draw
their own art beside their behaviour (a weapon's pickup badge) share them, so all of it
sits in one world. Drawing only: nothing here is read while the game runs.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pygame

Colour = tuple[int, int, int]
Point = tuple[int, int]

# --------------------------------------------------------------------------------------
# Palette: every pixel of every image comes from these 24 colours (plus alpha for glows).
# Backgrounds only use the SKY_* and BG_* ramps, which are darker and less saturated than
# the foreground ramps, so the playfield always reads in front of the scenery.
# --------------------------------------------------------------------------------------
OUTLINE: Colour = (20, 16, 26)
BG_DARK: Colour = (36, 30, 48)
BG_MID: Colour = (58, 52, 72)
BG_LIGHT: Colour = (84, 78, 98)
SKY_0: Colour = (34, 26, 58)
SKY_1: Colour = (70, 40, 84)
SKY_2: Colour = (124, 56, 86)
SKY_3: Colour = (184, 90, 76)
SKY_4: Colour = (230, 148, 88)
DIRT_DARK: Colour = (70, 44, 34)
DIRT: Colour = (110, 70, 46)
DIRT_LIGHT: Colour = (150, 102, 64)
GRASS_DARK: Colour = (58, 98, 42)
GRASS: Colour = (104, 156, 56)
STEEL_DARK: Colour = (58, 66, 80)
STEEL: Colour = (102, 114, 128)
STEEL_LIGHT: Colour = (168, 180, 188)
HAZARD: Colour = (240, 190, 48)
ORANGE: Colour = (244, 124, 36)
RED: Colour = (220, 44, 44)
SKIN: Colour = (236, 180, 132)
BLUE_DARK: Colour = (36, 60, 140)
BLUE: Colour = (64, 120, 220)
WHITE: Colour = (248, 246, 236)
# Player 2's own colours (co-op, versus): a teal bandana and violet trousers, which no
# enemy wears (they wear green, crimson, sand, navy, steel and greys).
TEAL: Colour = (40, 190, 170)
VIOLET: Colour = (150, 90, 220)
VIOLET_DARK: Colour = (86, 46, 140)
PLAYER_TWO: dict[Colour, Colour] = {RED: TEAL, BLUE: VIOLET, BLUE_DARK: VIOLET_DARK}

PALETTE: tuple[Colour, ...] = (
    OUTLINE,
    BG_DARK,
    BG_MID,
    BG_LIGHT,
    SKY_0,
    SKY_1,
    SKY_2,
    SKY_3,
    SKY_4,
    DIRT_DARK,
    DIRT,
    DIRT_LIGHT,
    GRASS_DARK,
    GRASS,
    STEEL_DARK,
    STEEL,
    STEEL_LIGHT,
    HAZARD,
    ORANGE,
    RED,
    SKIN,
    BLUE_DARK,
    BLUE,
    WHITE,
)

# 4x4 ordered-dither thresholds: gradients become crisp pixel patterns, not extra colours.
BAYER4 = np.array([[0, 8, 2, 10], [12, 4, 14, 6], [3, 11, 1, 9], [15, 7, 13, 5]]) / 16.0 + 1 / 32


# --------------------------------------------------------------------------------------
# Small drawing helpers
# --------------------------------------------------------------------------------------
def new_surface(w: int, h: int) -> pygame.Surface:
    """A fully transparent RGBA surface."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    return surf


def put(surf: pygame.Surface, x: int, y: int, colour: Colour | tuple[int, int, int, int]) -> None:
    """Set one pixel, silently ignoring coordinates outside the surface."""
    if 0 <= x < surf.get_width() and 0 <= y < surf.get_height():
        surf.set_at((x, y), colour)


def rect(
    surf: pygame.Surface, colour: Colour | tuple[int, int, int, int], x: int, y: int, w: int, h: int
) -> None:
    surf.fill(colour, (x, y, w, h))


def strip(frames: list[pygame.Surface]) -> pygame.Surface:
    """Frames of one size side by side, left to right: a one-row sprite sheet."""
    w, h = frames[0].get_size()
    sheet = new_surface(len(frames) * w, h)
    for k, frame in enumerate(frames):
        sheet.blit(frame, (k * w, 0))
    return sheet


def line_points(p0: Point, p1: Point) -> list[Point]:
    """Bresenham line, inclusive of both ends (pygame's lines can drop end pixels)."""
    (x0, y0), (x1, y1) = p0, p1
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x1 >= x0 else -1), (1 if y1 >= y0 else -1)
    err = dx + dy
    points = []
    while True:
        points.append((x0, y0))
        if (x0, y0) == (x1, y1):
            return points
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy


def stamp_line(surf: pygame.Surface, colour: Colour, p0: Point, p1: Point, size: int) -> None:
    """A thick line made of size x size squares: gives chunky limbs with even width."""
    lo = -(size // 2) if size % 2 else -(size // 2) + 1
    for x, y in line_points(p0, p1):
        rect(surf, colour, x + lo, y + lo, size, size)


def add_outline(surf: pygame.Surface, colour: Colour = OUTLINE) -> None:
    """Draw a 1 px outline on every transparent pixel 4-adjacent to an opaque one.

    Outlining the composite (rather than each part) keeps one clean silhouette edge, which
    is what makes the sprites read against any background.
    """
    solid = pygame.surfarray.array_alpha(surf) > 0
    grown = solid.copy()
    grown[1:, :] |= solid[:-1, :]
    grown[:-1, :] |= solid[1:, :]
    grown[:, 1:] |= solid[:, :-1]
    grown[:, :-1] |= solid[:, 1:]
    for x, y in np.argwhere(grown & ~solid):
        surf.set_at((int(x), int(y)), colour)


def surface_from_indices(indices: np.ndarray, colours: list[Colour]) -> pygame.Surface:
    """An opaque surface from a (w, h) array of indices into `colours`."""
    lut = np.array(colours, dtype=np.uint8)
    return _rgb_surface(lut[indices])


def _rgb_surface(rgb: np.ndarray) -> pygame.Surface:
    surf = new_surface(rgb.shape[0], rgb.shape[1])
    pygame.surfarray.blit_array(surf, _pack(rgb, surf))
    alpha = pygame.surfarray.pixels_alpha(surf)
    alpha[:] = 255
    del alpha
    return surf


def _pack(rgb: np.ndarray, surf: pygame.Surface) -> np.ndarray:
    """Pack an RGB array into the surface's native 32-bit pixel format."""
    r = rgb[..., 0].astype(np.uint32)
    g = rgb[..., 1].astype(np.uint32)
    b = rgb[..., 2].astype(np.uint32)
    rs, gs, bs, _ = surf.get_shifts()
    return (r << rs) | (g << gs) | (b << bs)


def dither_ramp(value: np.ndarray, colours: list[Colour]) -> pygame.Surface:
    """Map a (w, h) array of positions 0..len(colours)-1 onto colours with Bayer dithering."""
    w, h = value.shape
    xs, ys = np.meshgrid(np.arange(w), np.arange(h), indexing="ij")
    base = np.floor(value).astype(int)
    frac = value - base
    idx = base + (frac > BAYER4[ys % 4, xs % 4])
    idx = np.clip(idx, 0, len(colours) - 1)
    return surface_from_indices(idx, colours)


# --------------------------------------------------------------------------------------
# Figures: the legs every drawn body stands on (the player's, and the infantry's, which
# pass their own walk cycle)
# --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Leg:
    hip: Point
    knee: Point
    ankle: Point


@dataclass(frozen=True)
class Legs:
    back: Leg
    front: Leg


STAND = Legs(Leg((15, 22), (14, 25), (13, 28)), Leg((17, 22), (18, 25), (19, 28)))
JUMP = Legs(Leg((15, 22), (16, 24), (13, 26)), Leg((17, 22), (21, 23), (20, 27)))

# One leg's run cycle, 6 keyframes: (ankle x from body centre, ankle lift, knee offset from
# the hip). Contact, planted, pushing back, toe-off, heel kicks up behind, knee drives
# forward. The other leg plays the same cycle three frames later.
RUN_CYCLE: list[tuple[int, int, Point]] = [
    (5, 0, (3, 3)),
    (2, 0, (2, 3)),
    (-2, 0, (0, 3)),
    (-5, 0, (-1, 3)),
    (-4, 5, (0, 4)),
    (1, 3, (3, 2)),
]


def run_legs(frame: int, cycle: list[tuple[int, int, Point]] = RUN_CYCLE) -> tuple[Legs, int]:
    """Leg pose and body bob for run frame 0..5 (of `cycle`: the enemies' walk passes its own).

    The body is 1 px higher between the two contact frames (0 and 3), which sells the weight
    of the run.
    """
    bob = 0 if frame % 3 == 0 else -1
    legs = []
    for hip_x, delay in ((15, 3), (17, 0)):
        ax, lift, (kx, ky) = cycle[(frame + delay) % 6]
        hip = (hip_x, 22 + bob)
        legs.append(Leg(hip, (hip_x + kx, hip[1] + ky), (16 + ax, 28 - lift)))
    return Legs(back=legs[0], front=legs[1]), bob


def draw_leg(
    surf: pygame.Surface, leg: Leg, colour: Colour, boot: Colour, toe: Colour | None = None
) -> None:
    """One leg, hip to knee to ankle, three pixels thick, and its boot; the boot stays
    two rows above the frame's bottom, so the outline under the sole fits in the frame.
    `toe`: a lit toe cap (the player's boots)."""
    stamp_line(surf, colour, leg.hip, leg.knee, 3)
    stamp_line(surf, colour, leg.knee, leg.ankle, 3)
    ax, ay = leg.ankle
    boot_y = min(ay + 1, surf.get_height() - 3)
    rect(surf, boot, ax - 1, boot_y, 4, 2)
    if toe is not None:
        put(surf, ax + 2, boot_y, toe)
