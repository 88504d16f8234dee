"""The soldier's art, assets/soldier.png, and the body parts every infantry kind's art
shares (the trooper's body in its uniform's colours: legs, torso and helmeted head; the
rifle, the spark, the fall when killed).

* soldier.png   32x32 frames. Row 0: walk cycle, 6 frames. Row 1: idle, aim, firing.

Drawn by `make assets` (tools/make_assets.py reads `SHEETS` beside the kind).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from gunner.pixelart import (
    BG_DARK,
    BG_MID,
    DIRT_DARK,
    DIRT_LIGHT,
    GRASS,
    GRASS_DARK,
    HAZARD,
    ORANGE,
    OUTLINE,
    RED,
    SKIN,
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
    draw_leg,
    line_points,
    new_surface,
    put,
    rect,
    run_legs,
    stamp_line,
)

FRAME = 32


# A walk is a shorter, flatter run: (ankle x from body centre, lift, knee offset).
WALK_CYCLE: list[tuple[int, int, Point]] = [
    (4, 0, (2, 3)),
    (1, 0, (1, 3)),
    (-2, 0, (0, 3)),
    (-4, 0, (-1, 3)),
    (-2, 2, (0, 3)),
    (2, 2, (2, 3)),
]


BRACE = Legs(Leg((15, 22), (13, 25), (11, 28)), Leg((17, 22), (19, 25), (20, 28)))


@dataclass(frozen=True)
class Uniform:
    """An infantry kind's colours. `far`: the far leg (None: the shade); `hip`: a patch
    over the hips, under the torso (None: none); `helmet` and its `shine` (helmet None:
    the kind draws its own head)."""

    cloth: Colour
    shade: Colour
    strap: Colour
    far: Colour | None = None
    hip: Colour | None = None
    helmet: Colour | None = None
    shine: Colour = STEEL_LIGHT


def draw_trooper(surf: pygame.Surface, legs: Legs, bob: int, uniform: Uniform) -> None:
    """The body every infantry kind shares, in its uniform: the far leg (booted in the
    outline colour), the near leg, the hips, the torso and the helmeted head, `bob` px
    lower than standing. The kind adds its gear (rifle, shield, satchel) over it."""
    draw_leg(surf, legs.back, uniform.far or uniform.shade, OUTLINE)
    draw_leg(surf, legs.front, uniform.cloth, BG_DARK)
    if uniform.hip is not None:
        rect(surf, uniform.hip, 14, legs.front.hip[1] - 1, 5, 2)
    draw_torso(surf, bob, uniform.cloth, uniform.shade, uniform.strap, 9)
    if uniform.helmet is not None:
        draw_helmet_head(surf, bob, uniform.helmet, uniform.shine)


def draw_helmet_head(surf: pygame.Surface, dy: int, helmet: Colour, shine: Colour) -> None:
    """A round combat helmet pulled low, a red visor slit, a chin strap: the enemy look."""
    rect(surf, helmet, 14, 4 + dy, 6, 1)
    rect(surf, helmet, 13, 5 + dy, 8, 3)
    rect(surf, helmet, 12, 8 + dy, 10, 1)  # the brim
    put(surf, 15, 5 + dy, shine)
    put(surf, 16, 5 + dy, shine)
    put(surf, 14, 6 + dy, shine)
    rect(surf, SKIN, 15, 9 + dy, 5, 3)
    rect(surf, RED, 16, 9 + dy, 5, 1)  # visor
    put(surf, 20, 9 + dy, HAZARD)  # the visor's glint faces forward
    rect(surf, BG_DARK, 14, 9 + dy, 1, 3)  # strap
    put(surf, 15, 11 + dy, DIRT_LIGHT)  # jaw shade


def draw_torso(
    surf: pygame.Surface, dy: int, cloth: Colour, shade: Colour, strap: Colour, length: int = 9
) -> None:
    rect(surf, cloth, 13, 12 + dy, 6, length)
    rect(surf, shade, 13, 12 + dy, 1, length)
    rect(surf, shade, 13, 12 + length - 1 + dy, 6, 1)
    for px, py in line_points((18, 12), (14, 12 + length - 2)):
        put(surf, px, py + dy, strap)  # webbing across the chest
    rect(surf, BG_DARK, 13, 12 + length + dy - 1, 6, 1)  # belt
    put(surf, 16, 12 + length + dy - 1, DIRT_LIGHT)


def draw_rifle(
    surf: pygame.Surface,
    grip: Point,
    direction: tuple[float, float],
    length: int,
    sleeve: Colour,
    glove: Colour,
    shoulder: Point,
    scope: bool = False,
) -> Point:
    """A rifle from `grip` along `direction`, both arms reaching it; returns the muzzle."""
    dx, dy = direction
    gx, gy = grip

    def at(t: float) -> Point:
        return (round(gx + dx * t), round(gy + dy * t))

    stock, muzzle = at(-4), at(length)
    fore = at(5)
    stamp_line(surf, sleeve, shoulder, fore, 2)  # far arm to the fore-grip
    stamp_line(surf, STEEL_DARK, stock, muzzle, 1)
    below = (0, 1) if abs(dx) >= abs(dy) else (1, 0)
    for t in range(-4, 7):  # receiver and stock are two pixels thick
        x, y = at(t)
        put(surf, x + below[0], y + below[1], STEEL_DARK if t < 0 else STEEL)
        put(surf, x, y, STEEL)
    mag = at(2)
    put(surf, mag[0] + 2 * below[0], mag[1] + 2 * below[1], BG_DARK)
    if scope:
        for t in (1, 2, 3):
            x, y = at(t)
            put(surf, x - below[0], y - below[1], BG_DARK)
    put(surf, *muzzle, STEEL_LIGHT)
    stamp_line(surf, sleeve, shoulder, (gx + below[0], gy + below[1]), 2)  # near arm
    put(surf, gx + below[0], gy + below[1], glove)
    put(surf, fore[0] + below[0], fore[1] + below[1], glove)
    return muzzle


def spark(surf: pygame.Surface, x: int, y: int, big: bool = True) -> None:
    """A muzzle spark / glint drawn over the outline."""
    for px, py in ((x, y - 1), (x, y + 1), (x - 1, y), (x + 1, y)):
        put(surf, px, py, HAZARD)
    if big:
        for px, py in ((x + 2, y), (x, y - 2), (x, y + 2)):
            put(surf, px, py, ORANGE)
    put(surf, x, y, WHITE)


# -- soldier ------------------------------------------------------------------------------
OLIVE, OLIVE_SHADE, KHAKI = GRASS_DARK, DIRT_DARK, DIRT_LIGHT
SOLDIER = Uniform(OLIVE, OLIVE_SHADE, KHAKI, far=BG_MID, hip=OLIVE, helmet=OLIVE, shine=GRASS)


# Soldier aims: (grip, direction, barrel length). The muzzles land on gunner/entities/
# soldier.py's MUZZLES: forward (28, 13), diagonally up (26, 5), straight up (21, 3).
SOLDIER_AIMS = {
    "forward": ((18, 13), (1.0, 0.0), 10),
    "diag_up": ((19, 12), (0.7071, -0.7071), 10),
    "up": ((21, 12), (0.0, -1.0), 9),
}


def soldier_frame(legs: Legs, bob: int, aim: bool | str, firing: bool) -> pygame.Surface:
    surf = new_surface(FRAME, FRAME)
    draw_trooper(surf, legs, bob, SOLDIER)
    if aim:  # shouldered: level, diagonally up or straight up
        grip, direction, length = SOLDIER_AIMS["forward" if aim is True else str(aim)]
        muzzle = draw_rifle(surf, grip, direction, length, OLIVE, BG_DARK, (16, 13))
    else:  # carried at the hip, muzzle low
        muzzle = draw_rifle(surf, (17, 17 + bob), (0.95, -0.3), 9, OLIVE, BG_DARK, (15, 13 + bob))
    add_outline(surf)
    if firing:
        spark(surf, muzzle[0] + 1, muzzle[1])
    return surf


def fallen_frames(upright: pygame.Surface) -> list[pygame.Surface]:
    """A figure's death, from its standing frame: thrown back (tilted 20 degrees),
    falling (55) and lying on its back (90), each standing on the frame's bottom edge.
    Turned without filtering, so every pixel keeps a palette colour."""
    frames = []
    for angle in (20, 55, 90):
        turned = pygame.transform.rotate(upright, angle)
        body = turned.subsurface(turned.get_bounding_rect())
        frame = new_surface(FRAME, FRAME)
        w, h = body.get_size()
        frame.blit(body, ((FRAME - w) // 2, FRAME - h))
        frames.append(frame)
    return frames


def soldier_sheet() -> pygame.Surface:
    """Row 0 walks; row 1 idle, aim, fire, then aim and fire diagonally up and straight
    up; row 2 dies (thrown, falling, lying)."""
    sheet = new_surface(7 * FRAME, 3 * FRAME)
    for k in range(6):
        legs, bob = run_legs(k, WALK_CYCLE)
        sheet.blit(soldier_frame(legs, bob, False, False), (k * FRAME, 0))
    poses: list[tuple[bool | str, bool]] = [(False, False), (True, False), (True, True)]
    poses += [("diag_up", False), ("diag_up", True), ("up", False), ("up", True)]
    for col, (aim, fire) in enumerate(poses):
        sheet.blit(soldier_frame(STAND, 0, aim, fire), (col * FRAME, FRAME))
    for col, frame in enumerate(fallen_frames(soldier_frame(STAND, 0, False, False))):
        sheet.blit(frame, (col * FRAME, 2 * FRAME))
    return sheet


SHEETS = {"soldier": soldier_sheet}
