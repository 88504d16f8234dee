"""The runner's art, assets/runner.png: 32x32 frames. Row 0: 6 run frames, then the
leap. Row 1: dying (thrown, falling, lying).

Drawn by `make assets` (tools/make_assets.py reads `SHEETS` beside the kind).
"""

from __future__ import annotations

import pygame

from gunner.entities.soldier_art import FRAME, Uniform, draw_trooper, fallen_frames
from gunner.pixelart import (
    DIRT_DARK,
    DIRT_LIGHT,
    JUMP,
    OUTLINE,
    SKIN,
    STAND,
    Colour,
    Legs,
    add_outline,
    new_surface,
    put,
    rect,
    run_legs,
    stamp_line,
)

# -- runner -------------------------------------------------------------------------------
# Light infantry in sand-coloured fatigues and a soft cap: no helmet, no rifle, all legs.
SAND: Colour = (200, 160, 96)


SAND_DARK: Colour = (140, 104, 60)


RUNNER = Uniform(SAND, SAND_DARK, DIRT_DARK)  # no helmet: its own cap (runner_head)


def runner_head(surf: pygame.Surface, dy: int) -> None:
    rect(surf, SAND_DARK, 15, 5 + dy, 5, 2)  # the cap
    rect(surf, SAND_DARK, 19, 6 + dy, 3, 1)  # its peak
    rect(surf, SKIN, 15, 7 + dy, 5, 4)
    put(surf, 20, 8 + dy, SKIN)
    put(surf, 18, 8 + dy, OUTLINE)  # eye
    rect(surf, DIRT_DARK, 14, 7 + dy, 1, 3)  # hair under the cap
    put(surf, 15, 10 + dy, DIRT_LIGHT)


def runner_frame(legs: Legs, bob: int, swing: int) -> pygame.Surface:
    """A leaning run: arms pumping opposite the legs (`swing` -1..1)."""
    surf = new_surface(FRAME, FRAME)
    shoulder = (16, 13 + bob)
    stamp_line(surf, SAND_DARK, shoulder, (16 - 4 * swing, 18 + bob), 2)  # far arm
    draw_trooper(surf, legs, bob, RUNNER)
    runner_head(surf, bob)
    hand = (16 + 4 * swing, 18 + bob - abs(swing))
    stamp_line(surf, SAND, shoulder, hand, 2)  # near arm
    put(surf, *hand, SKIN)
    add_outline(surf)
    return surf


def runner_sheet() -> pygame.Surface:
    sheet = new_surface(7 * FRAME, 2 * FRAME)
    for k in range(6):
        legs, bob = run_legs(k)
        swing = (1, 0, -1, -1, 0, 1)[k]
        sheet.blit(runner_frame(legs, bob, swing), (k * FRAME, 0))
    sheet.blit(runner_frame(JUMP, -1, 1), (6 * FRAME, 0))
    for col, frame in enumerate(fallen_frames(runner_frame(STAND, 0, 0))):
        sheet.blit(frame, (col * FRAME, FRAME))
    return sheet


SHEETS = {"runner": runner_sheet}
