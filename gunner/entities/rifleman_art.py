"""The rifleman's art, assets/rifleman.png: 32x32 frames, one row: 0-1 idle, 2-4 aim
forward / diag up / diag down, 5-7 the same firing, 8-10 the same with the glint that
warns of a shot, 11-13 dying.

Drawn by `make assets` (tools/make_assets.py reads `SHEETS` beside the kind).
"""

from __future__ import annotations

import pygame

from gunner.entities.soldier_art import (
    BRACE,
    FRAME,
    Uniform,
    draw_rifle,
    draw_trooper,
    fallen_frames,
    spark,
)
from gunner.pixelart import (
    BG_DARK,
    DIRT_LIGHT,
    ORANGE,
    RED,
    STEEL_DARK,
    STEEL_LIGHT,
    WHITE,
    Colour,
    Point,
    add_outline,
    new_surface,
    put,
    rect,
    strip,
)

# -- rifleman -----------------------------------------------------------------------------
# Aim pose -> (grip, direction, barrel length); the muzzles land on gunner/entities/
# rifleman.py's MUZZLES: forward (28, 13), diag up (26, 5), diag down (26, 21).
RIFLE_AIMS = [
    ((18, 13), (1.0, 0.0), 10),
    ((19, 12), (0.7071, -0.7071), 10),
    ((19, 14), (0.7071, 0.7071), 10),
]


# The rifleman wears maroon: in steel grey he vanished against the fortress's metal walls.
MAROON: Colour = (150, 44, 58)


MAROON_DARK: Colour = (96, 26, 40)


RIFLEMAN = Uniform(
    MAROON, MAROON_DARK, DIRT_LIGHT, hip=MAROON_DARK, helmet=MAROON, shine=STEEL_LIGHT
)


def rifleman_frame(aim: int | None, firing: bool, glint: bool, breath: int) -> pygame.Surface:
    surf = new_surface(FRAME, FRAME)
    draw_trooper(surf, BRACE, breath, RIFLEMAN)
    rect(surf, STEEL_LIGHT, 15, 13 + breath, 3, 3)  # the armour plate
    if aim is None:  # rifle held across the body, muzzle up
        muzzle = draw_rifle(
            surf, (15, 18 + breath), (0.6, -0.8), 11, STEEL_DARK, BG_DARK, (16, 13 + breath), True
        )
    else:
        grip, direction, length = RIFLE_AIMS[aim]
        muzzle = draw_rifle(surf, grip, direction, length, STEEL_DARK, BG_DARK, (16, 13), True)
    add_outline(surf)
    if firing:
        spark(surf, *muzzle)
    elif glint:  # the warning: a red glint at the barrel's end, bright enough at 1x
        mx, my = muzzle
        for d in (1, 2):
            for px, py in ((mx + d, my), (mx - d, my), (mx, my - d), (mx, my + d)):
                put(surf, px, py, RED if d == 2 else ORANGE)
        put(surf, mx, my, WHITE)
    return surf


def rifleman_sheet() -> pygame.Surface:
    frames = [rifleman_frame(None, False, False, 0), rifleman_frame(None, False, False, 1)]
    frames += [rifleman_frame(a, False, False, 0) for a in range(3)]
    frames += [rifleman_frame(a, True, False, 0) for a in range(3)]
    frames += [rifleman_frame(a, False, True, 0) for a in range(3)]
    frames += fallen_frames(rifleman_frame(None, False, False, 0))  # 11-13: dying
    return strip(frames)


def muzzles(barrel: int | None = None) -> dict[int, Point]:
    """Where each aim's barrel ends in a frame (aim index -> pixel), for a barrel of
    `barrel` px (None: the rifleman's own). The kinds' MUZZLES must match: the
    rifleman's, and the sniper's with its longer barrel (sniper_art.SNIPER_BARREL)."""
    return {
        a: (round(grip[0] + dx * (barrel or length)), round(grip[1] + dy * (barrel or length)))
        for a, (grip, (dx, dy), length) in enumerate(RIFLE_AIMS)
    }


SHEETS = {"rifleman": rifleman_sheet}
