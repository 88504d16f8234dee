"""The player's body and poses: its size standing and crouching, the aim poses (Contra
rules), and where the gun's barrel ends in each pose."""

from __future__ import annotations

import enum
import math

from gunner.input import Buttons

WIDTH, HEIGHT, CROUCH_HEIGHT = 12, 28, 18


class Aim(enum.IntEnum):
    """Aim poses; the sprite sheet has one row per pose (facing right)."""

    FORWARD = 0
    UP = 1
    DIAG_UP = 2
    DIAG_DOWN = 3
    DOWN = 4


_SQRT_HALF = math.sqrt(0.5)
# Direction of fire for each pose when facing right.
AIM_VECTORS = {
    Aim.FORWARD: (1.0, 0.0),
    Aim.UP: (0.0, -1.0),
    Aim.DIAG_UP: (_SQRT_HALF, -_SQRT_HALF),
    Aim.DIAG_DOWN: (_SQRT_HALF, _SQRT_HALF),
    Aim.DOWN: (0.0, 1.0),
}
AIM_NAMES = {
    Aim.FORWARD: "forward",
    Aim.UP: "up",
    Aim.DIAG_UP: "diag_up",
    Aim.DIAG_DOWN: "diag_down",
    Aim.DOWN: "down",
}
# Where shots leave the gun: the barrel's end in each aim pose, in a sprite frame
# facing right, and the frame's point on the hitbox's bottom centre. Simulation
# numbers (bullets start here), so the game never reads the art to play; the art
# draws the barrel to end here, and tests/test_assets.py checks the sheet's
# player.json against these.
ANCHOR = (16, 32)
MUZZLES = {
    "forward": (27, 16),
    "up": (20, 4),
    "diag_up": (27, 6),
    "diag_down": (27, 25),
    "down": (20, 26),
    "crouch": (27, 24),
}


def choose_aim(held: Buttons, on_ground: bool) -> tuple[Aim, bool]:
    """Contra rules: (aim, crouching) from the held directions.

    Down aims straight down only in the air; on the ground it crouches, or aims
    diagonally down while running.
    """
    horizontal = bool(held & Buttons.LEFT) != bool(held & Buttons.RIGHT)
    if held & Buttons.UP:
        return (Aim.DIAG_UP if horizontal else Aim.UP), False
    if held & Buttons.DOWN:
        if horizontal:
            return Aim.DIAG_DOWN, False
        return (Aim.FORWARD, True) if on_ground else (Aim.DOWN, False)
    return Aim.FORWARD, False
