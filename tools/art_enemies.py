"""Enemy sprite sheets: soldier, rifleman, turret and drone (assets/<name>.png); the
kinds of issue 22 are drawn by tools/art_troops.py, which `make_enemies` runs too.

Drawn from the palette and helpers of tools/make_assets.py, facing right, one outline
around each composite like the player. Run on its own (``python tools/art_enemies.py``)
or from make_assets.py's main. Layouts (the entities in gunner/entities/ rely on them):

* soldier.png   32x32 frames. Row 0: walk cycle, 6 frames. Row 1: idle, aim, firing.
* rifleman.png  32x32 frames, one row: 0-1 idle, 2-4 aim forward / diag up / diag down,
  5-7 the same firing, 8-10 the same with the glint that warns of a shot.
* turret.png    24x24 frames, pivot at the centre. Row 0: the base mounted on a floor,
  ceiling, left wall, right wall. Row 1: 16 barrels, frame k pointing k*22.5 degrees
  anticlockwise from the right.
* drone.png     24x16 frames. Row 0: 4 propeller frames. Row 1: the same, eye ablaze.
"""

from __future__ import annotations

import math
import os
import sys
from pathlib import Path

import pygame

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_assets import (  # noqa: E402
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
    line_points,
    new_surface,
    put,
    rect,
    run_legs,
    save_png,
    stamp_line,
)

FRAME = 32
TURRET = 24
DRONE_W, DRONE_H = 24, 16

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


def draw_leg(surf: pygame.Surface, leg: Leg, colour: Colour, boot: Colour) -> None:
    stamp_line(surf, colour, leg.hip, leg.knee, 3)
    stamp_line(surf, colour, leg.knee, leg.ankle, 3)
    ax, ay = leg.ankle
    boot_y = min(ay + 1, FRAME - 3)
    rect(surf, boot, ax - 1, boot_y, 4, 2)


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


# Soldier aims: (grip, direction, barrel length). The muzzles land on gunner/entities/
# soldier.py's MUZZLES: forward (28, 13), diagonally up (26, 5), straight up (21, 3).
SOLDIER_AIMS = {
    "forward": ((18, 13), (1.0, 0.0), 10),
    "diag_up": ((19, 12), (0.7071, -0.7071), 10),
    "up": ((21, 12), (0.0, -1.0), 9),
}


def soldier_frame(legs: Legs, bob: int, aim: bool | str, firing: bool) -> pygame.Surface:
    surf = new_surface(FRAME, FRAME)
    draw_leg(surf, legs.back, BG_MID, OUTLINE)
    draw_leg(surf, legs.front, OLIVE, BG_DARK)
    rect(surf, OLIVE, 14, legs.front.hip[1] - 1, 5, 2)
    draw_torso(surf, bob, OLIVE, OLIVE_SHADE, KHAKI, 9)
    draw_helmet_head(surf, bob, OLIVE, GRASS)
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


def make_soldier() -> None:
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
    save_png(sheet, "soldier.png")


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


def rifleman_frame(aim: int | None, firing: bool, glint: bool, breath: int) -> pygame.Surface:
    surf = new_surface(FRAME, FRAME)
    draw_leg(surf, BRACE.back, MAROON_DARK, OUTLINE)
    draw_leg(surf, BRACE.front, MAROON, BG_DARK)
    rect(surf, MAROON_DARK, 14, 21, 5, 2)
    draw_torso(surf, breath, MAROON, MAROON_DARK, DIRT_LIGHT, 9)
    rect(surf, STEEL_LIGHT, 15, 13 + breath, 3, 3)  # the armour plate
    draw_helmet_head(surf, breath, MAROON, STEEL_LIGHT)
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


def make_rifleman() -> dict[int, Point]:
    sheet = new_surface(14 * FRAME, FRAME)
    frames = [rifleman_frame(None, False, False, 0), rifleman_frame(None, False, False, 1)]
    frames += [rifleman_frame(a, False, False, 0) for a in range(3)]
    frames += [rifleman_frame(a, True, False, 0) for a in range(3)]
    frames += [rifleman_frame(a, False, True, 0) for a in range(3)]
    frames += fallen_frames(rifleman_frame(None, False, False, 0))  # 11-13: dying
    for k, frame in enumerate(frames):
        sheet.blit(frame, (k * FRAME, 0))
    save_png(sheet, "rifleman.png")
    muzzles = {}
    for a, (grip, (dx, dy), length) in enumerate(RIFLE_AIMS):
        muzzles[a] = (round(grip[0] + dx * length), round(grip[1] + dy * length))
    return muzzles


# -- turret -------------------------------------------------------------------------------
def disc(surf: pygame.Surface, cx: float, cy: float, r: float, colour: Colour) -> None:
    for y in range(surf.get_height()):
        for x in range(surf.get_width()):
            if (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r * r:
                surf.set_at((x, y), colour)


def turret_base() -> pygame.Surface:
    """Mounted on the floor: a hazard-striped plate at the bottom, a dome at the pivot."""
    surf = new_surface(TURRET, TURRET)
    rect(surf, STEEL_DARK, 8, 13, 8, 4)  # the neck
    for x in range(3, 21):  # plate, hazard stripes on its face
        for y in (17, 18, 19):
            colour = HAZARD if (x + y) % 4 < 2 else BG_DARK
            put(surf, x, y, colour if y == 18 else STEEL_DARK)
    rect(surf, STEEL, 3, 17, 18, 1)
    disc(surf, 12, 12, 6.5, STEEL_DARK)
    disc(surf, 11.5, 11.5, 5.5, STEEL)
    disc(surf, 10.5, 10, 2, STEEL_LIGHT)
    rect(surf, RED, 11, 14, 3, 1)  # the sensor slit glows red
    add_outline(surf)
    return surf


def turret_barrel(angle: float) -> pygame.Surface:
    """A twin-striped barrel from the pivot, `angle` radians anticlockwise from the right."""
    surf = new_surface(TURRET, TURRET)
    c = TURRET // 2
    dx, dy = math.cos(angle), -math.sin(angle)
    tip = (round(c + dx * 11), round(c + dy * 11))
    root = (round(c + dx * 3), round(c + dy * 3))
    stamp_line(surf, STEEL_DARK, root, tip, 3)
    stamp_line(surf, STEEL, root, (round(c + dx * 9), round(c + dy * 9)), 1)
    put(surf, *tip, BG_DARK)
    disc(surf, c, c, 3.2, STEEL_DARK)
    disc(surf, c - 0.5, c - 0.5, 1.6, STEEL_LIGHT)
    add_outline(surf)
    return surf


def make_turret() -> None:
    sheet = new_surface(16 * TURRET, 2 * TURRET)
    base = turret_base()
    # floor, ceiling, wall on the left (faces right), wall on the right (faces left)
    for k, turn in enumerate((0, 180, -90, 90)):
        sheet.blit(pygame.transform.rotate(base, turn), (k * TURRET, 0))
    for k in range(16):
        sheet.blit(turret_barrel(k * math.pi / 8), (k * TURRET, TURRET))
    save_png(sheet, "turret.png")


# -- drone --------------------------------------------------------------------------------
BLADES = [9, 5, 1, 5]  # half-width of the blur of the rotor, per frame


def drone_frame(k: int, blazing: bool) -> pygame.Surface:
    surf = new_surface(DRONE_W, DRONE_H)
    # Hull: a rounded steel pod, darker underneath.
    rect(surf, STEEL, 6, 7, 12, 4)
    rect(surf, STEEL, 7, 6, 10, 1)
    rect(surf, STEEL_DARK, 6, 10, 12, 2)
    rect(surf, STEEL_DARK, 7, 12, 10, 1)
    rect(surf, STEEL_LIGHT, 8, 7, 4, 1)
    rect(surf, HAZARD, 6, 9, 2, 1)  # tail marking
    put(surf, 5, 8, STEEL_DARK)  # tail fin
    put(surf, 4, 7, STEEL_DARK)
    rect(surf, STEEL_DARK, 11, 4, 2, 2)  # rotor mast
    # Skids.
    rect(surf, BG_DARK, 8, 13, 1, 1)
    rect(surf, BG_DARK, 15, 13, 1, 1)
    rect(surf, BG_DARK, 7, 14, 10, 1)
    # Eye: a red lens at the front, low down.
    rect(surf, OUTLINE, 14, 9, 4, 3)
    rect(surf, RED, 15, 10, 2, 1)
    half = BLADES[k]
    add_outline(surf)
    # The rotor blur is drawn after the outline: thin and light, it reads as motion.
    rect(surf, STEEL_LIGHT, 12 - half, 3, 2 * half, 1)
    put(surf, 12 - half, 3, STEEL)
    put(surf, 11 + half, 3, STEEL)
    if blazing:
        put(surf, 15, 10, HAZARD)
        put(surf, 16, 10, WHITE)
        for px, py in ((14, 11), (17, 11), (15, 12), (16, 12), (18, 10)):
            surf.set_at((px, py), (*RED, 200))
    return surf


def make_drone() -> None:
    sheet = new_surface(4 * DRONE_W, 2 * DRONE_H)
    for row, blazing in enumerate((False, True)):
        for k in range(4):
            sheet.blit(drone_frame(k, blazing), (k * DRONE_W, row * DRONE_H))
    save_png(sheet, "drone.png")


def make_enemies() -> None:
    """Every enemy sheet."""
    make_soldier()
    make_rifleman()
    make_turret()
    make_drone()
    __import__("art_troops").make_troops()  # runner, grenadier, shieldbearer, pop-up turret


def contact_sheet(path: str, scale: int = 3) -> None:
    """All four sheets stacked on a mid-grey and a level-like background, for looking at."""
    from make_assets import ASSETS, DIRT, SKY_1

    sheets = [pygame.image.load(str(ASSETS / f"{n}.png")) for n in ("soldier", "rifleman")]
    sheets += [pygame.image.load(str(ASSETS / f"{n}.png")) for n in ("turret", "drone")]
    width = max(s.get_width() for s in sheets) + 8
    height = sum(s.get_height() + 4 for s in sheets) + 4
    out = pygame.Surface((width * 2 + 8, height))
    out.fill(BG_MID)
    out.fill(SKY_1, (width + 8, 0, width, height))
    y = 4
    for s in sheets:
        out.fill(DIRT, (width + 8, y + s.get_height() - 1, width, 1))
        out.blit(s, (4, y))
        out.blit(s, (width + 12, y))
        y += s.get_height() + 4
    pygame.image.save(pygame.transform.scale_by(out, scale), path)


if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    make_enemies()
    if len(sys.argv) > 1:
        contact_sheet(sys.argv[1])
