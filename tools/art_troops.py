"""Sprite sheets of the kinds that set the pace (issue 22): runner, grenadier,
shieldbearer, pop-up turret and sniper (assets/<name>.png).

Drawn from the palette and helpers of tools/make_assets.py and tools/art_enemies.py,
facing right, one outline around each figure. Run from art_enemies.make_enemies() (and so
from make_assets.py's main). Layouts (gunner/entities/<kind>.py rely on them):

* runner.png        32x32 frames. Row 0: 6 run frames, then the leap. Row 1: dying
  (thrown, falling, lying).
* grenadier.png     32x32 frames. Row 0: 4 walk frames, stand, wind-up, throw. Row 1:
  dying. grenade.png: 8x8, 4 frames of a tumbling grenade.
* shieldbearer.png  32x32 frames. Row 0: 4 walk frames, brace, fire. Row 1: dying.
* sniper.png        32x32 frames. Row 0: ready, aim forward / diag up / diag down, the
  same firing. Row 1: dying.
* bridge.png        16x16 frames, one bridge segment (they tile side by side): planks
  with rivets on a steel truss; 1 the charge under it lit, 2 the same blinking off.
* crumble_floor.png 16x16 frames, one block of a collapsing floor: 0 whole, 1-3 cracking
  wider, the last with its pieces parting.
* popup_turret.png  24x24 frames, the hatch on the frame's bottom edge. Row 0: the hatch
  shut, rising (2 frames), up; row 1: 9 barrels from the dome's pivot (12, 12), frame k
  pointing k*22.5 degrees anticlockwise from the right (0 to 180: never into the floor).
"""

from __future__ import annotations

import math

import pygame
from art_enemies import (
    BRACE,
    FRAME,
    RIFLE_AIMS,
    WALK_CYCLE,
    disc,
    draw_helmet_head,
    draw_leg,
    draw_rifle,
    draw_torso,
    fallen_frames,
    spark,
)
from make_assets import (
    BG_DARK,
    BG_MID,
    DIRT,
    DIRT_DARK,
    DIRT_LIGHT,
    HAZARD,
    JUMP,
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
    Legs,
    add_outline,
    new_surface,
    put,
    rect,
    run_legs,
    save_png,
    stamp_line,
)

# -- runner -------------------------------------------------------------------------------
# Light infantry in sand-coloured fatigues and a soft cap: no helmet, no rifle, all legs.
SAND: Colour = (200, 160, 96)
SAND_DARK: Colour = (140, 104, 60)


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
    draw_leg(surf, legs.back, SAND_DARK, OUTLINE)
    draw_leg(surf, legs.front, SAND, BG_DARK)
    shoulder = (16, 13 + bob)
    stamp_line(surf, SAND_DARK, shoulder, (16 - 4 * swing, 18 + bob), 2)  # far arm
    draw_torso(surf, bob, SAND, SAND_DARK, DIRT_DARK, 9)
    runner_head(surf, bob)
    hand = (16 + 4 * swing, 18 + bob - abs(swing))
    stamp_line(surf, SAND, shoulder, hand, 2)  # near arm
    put(surf, *hand, SKIN)
    add_outline(surf)
    return surf


def make_runner() -> None:
    sheet = new_surface(7 * FRAME, 2 * FRAME)
    for k in range(6):
        legs, bob = run_legs(k)
        swing = (1, 0, -1, -1, 0, 1)[k]
        sheet.blit(runner_frame(legs, bob, swing), (k * FRAME, 0))
    sheet.blit(runner_frame(JUMP, -1, 1), (6 * FRAME, 0))
    for col, frame in enumerate(fallen_frames(runner_frame(STAND, 0, 0))):
        sheet.blit(frame, (col * FRAME, FRAME))
    save_png(sheet, "runner.png")


# -- grenadier -----------------------------------------------------------------------------
# Navy fatigues, a helmet with a steel band, a satchel of grenades at the hip.
NAVY: Colour = (70, 96, 160)
NAVY_DARK: Colour = (40, 56, 100)
GRENADE: Colour = (84, 110, 60)


def grenadier_frame(legs: Legs, bob: int, arm: str) -> pygame.Surface:
    """`arm`: "carry" (a grenade in hand at the side), "wind" (drawn back over the
    shoulder), "throw" (flung forward, hand open)."""
    surf = new_surface(FRAME, FRAME)
    draw_leg(surf, legs.back, NAVY_DARK, OUTLINE)
    draw_leg(surf, legs.front, NAVY, BG_DARK)
    draw_torso(surf, bob, NAVY, NAVY_DARK, DIRT_LIGHT, 9)
    rect(surf, DIRT_DARK, 12, 18 + bob, 3, 3)  # satchel
    put(surf, 13, 19 + bob, GRENADE)
    draw_helmet_head(surf, bob, NAVY, STEEL_LIGHT)
    shoulder = (16, 13 + bob)
    hand = {"carry": (17, 19 + bob), "wind": (11, 7 + bob), "throw": (23, 9 + bob)}[arm]
    stamp_line(surf, NAVY, shoulder, hand, 2)
    if arm != "throw":
        rect(surf, GRENADE, hand[0] - 1, hand[1] - 1, 3, 3)
        put(surf, hand[0], hand[1] - 2, STEEL_LIGHT)  # the pin
    else:
        put(surf, *hand, SKIN)
    add_outline(surf)
    return surf


def make_grenadier() -> None:
    sheet = new_surface(7 * FRAME, 2 * FRAME)
    for k in range(4):
        legs, bob = run_legs(k * 3 // 2, WALK_CYCLE)
        sheet.blit(grenadier_frame(legs, bob, "carry"), (k * FRAME, 0))
    for col, arm in ((4, "carry"), (5, "wind"), (6, "throw")):
        sheet.blit(grenadier_frame(BRACE, 0, arm), (col * FRAME, 0))
    for col, frame in enumerate(fallen_frames(grenadier_frame(STAND, 0, "carry"))):
        sheet.blit(frame, (col * FRAME, FRAME))
    save_png(sheet, "grenadier.png")
    strip = new_surface(32, 8)
    for k in range(4):
        g = new_surface(8, 8)
        disc(g, 4, 4, 2.6, GRENADE)
        put(g, 3, 3, (140, 170, 100))
        angle = k * math.pi / 2
        px, py = round(4 + math.cos(angle) * 3), round(4 - math.sin(angle) * 3)
        put(g, px, py, STEEL_LIGHT)  # the lever, tumbling round
        put(g, 4, 4, RED if k % 2 else HAZARD)  # the fuse blinks
        add_outline(g)
        strip.blit(g, (k * 8, 0))
    save_png(strip, "grenade.png")


# -- shieldbearer --------------------------------------------------------------------------
# Dark grey riot gear behind a tall steel shield with a vision slot.
RIOT: Colour = (86, 92, 104)
RIOT_DARK: Colour = (52, 56, 66)


def shield(surf: pygame.Surface, x: int, top: int, firing: bool) -> None:
    """The shield: 5 px thick, 22 tall, riveted, a slot for the gun, its edge lit."""
    rect(surf, STEEL_DARK, x, top, 5, 22)
    rect(surf, STEEL, x + 1, top + 1, 3, 20)
    rect(surf, STEEL_LIGHT, x + 4, top + 1, 1, 20)
    for ry in (top + 3, top + 18):
        put(surf, x + 2, ry, STEEL_LIGHT)
    rect(surf, OUTLINE, x + 1, top + 11, 4, 2)  # the gun slot
    put(surf, x + 2, top + 6, HAZARD)  # a hazard chevron
    put(surf, x + 3, top + 7, HAZARD)
    put(surf, x + 2, top + 8, HAZARD)
    if firing:
        spark(surf, x + 6, top + 12)


def shieldbearer_frame(legs: Legs, bob: int, firing: bool) -> pygame.Surface:
    surf = new_surface(FRAME, FRAME)
    draw_leg(surf, legs.back, RIOT_DARK, OUTLINE)
    draw_leg(surf, legs.front, RIOT, BG_DARK)
    draw_torso(surf, bob, RIOT, RIOT_DARK, BG_MID, 9)
    draw_helmet_head(surf, bob, RIOT_DARK, STEEL)
    rect(surf, STEEL_LIGHT, 17, 9 + bob, 4, 1)  # the visor's plate
    draw_rifle(surf, (17, 16 + bob), (1.0, 0.0), 6, RIOT, BG_DARK, (16, 13 + bob))
    add_outline(surf)
    shield(surf, 22, 6 + bob, firing)
    return surf


def make_shieldbearer() -> None:
    sheet = new_surface(6 * FRAME, 2 * FRAME)
    for k in range(4):
        legs, bob = run_legs(k * 3 // 2, WALK_CYCLE)
        sheet.blit(shieldbearer_frame(legs, bob, False), (k * FRAME, 0))
    sheet.blit(shieldbearer_frame(BRACE, 0, False), (4 * FRAME, 0))
    sheet.blit(shieldbearer_frame(BRACE, 0, True), (5 * FRAME, 0))
    body = new_surface(FRAME, FRAME)  # falls without its shield, which is dropped
    draw_leg(body, STAND.back, RIOT_DARK, OUTLINE)
    draw_leg(body, STAND.front, RIOT, BG_DARK)
    draw_torso(body, 0, RIOT, RIOT_DARK, BG_MID, 9)
    draw_helmet_head(body, 0, RIOT_DARK, STEEL)
    add_outline(body)
    for col, frame in enumerate(fallen_frames(body)):
        sheet.blit(frame, (col * FRAME, FRAME))
    save_png(sheet, "shieldbearer.png")


# -- pop-up turret -------------------------------------------------------------------------
POP = 24
PIVOT = (POP // 2, POP - 4)


def popup_body(rise: int) -> pygame.Surface:
    """The hatch in the floor and the dome risen `rise` px (0 shut, 12 up)."""
    surf = new_surface(POP, POP)
    if rise:
        cx, cy = PIVOT[0], PIVOT[1] - rise + 4
        rect(surf, STEEL_DARK, cx - 5, cy, 10, POP - 4 - cy)  # the column it rides up on
        disc(surf, cx, cy, 6.0, STEEL_DARK)
        disc(surf, cx - 0.5, cy - 0.5, 5.0, (120, 100, 78))
        disc(surf, cx - 1.5, cy - 2, 1.8, STEEL_LIGHT)
        rect(surf, RED, cx - 2, cy + 2, 5, 1)  # the sensor
    for x in range(2, POP - 2):  # the hatch frame, hazard striped, flush with the floor
        put(surf, x, POP - 4, HAZARD if x % 4 < 2 else BG_DARK)
        put(surf, x, POP - 3, STEEL_DARK)
    if not rise:
        rect(surf, STEEL, 5, POP - 6, POP - 10, 2)  # the shut lid
        put(surf, POP // 2, POP - 6, RED)
    add_outline(surf)
    return surf


def popup_barrel(angle: float) -> pygame.Surface:
    surf = new_surface(POP, POP)
    cx, cy = PIVOT[0], PIVOT[1] - 8
    dx, dy = math.cos(angle), -math.sin(angle)
    tip = (round(cx + dx * 10), round(cy + dy * 10))
    stamp_line(surf, STEEL_DARK, (round(cx + dx * 3), round(cy + dy * 3)), tip, 3)
    put(surf, *tip, ORANGE)
    add_outline(surf)
    put(surf, *tip, WHITE)
    return surf


def make_popup_turret() -> None:
    sheet = new_surface(9 * POP, 2 * POP)
    for k, rise in enumerate((0, 4, 8, 12)):
        sheet.blit(popup_body(rise), (k * POP, 0))
    for k in range(9):
        sheet.blit(popup_barrel(k * math.pi / 8), (k * POP, POP))
    save_png(sheet, "popup_turret.png")


# -- sniper --------------------------------------------------------------------------------
# A marksman in pale urban camouflage (no other figure is light) with a long scoped rifle.
HOOD: Colour = (196, 200, 206)
HOOD_DARK: Colour = (120, 126, 140)
SNIPER_BARREL = 12  # the muzzles land on gunner/entities/sniper.py's MUZZLES


def sniper_frame(aim: int | None, firing: bool) -> pygame.Surface:
    surf = new_surface(FRAME, FRAME)
    draw_leg(surf, BRACE.back, HOOD_DARK, OUTLINE)
    draw_leg(surf, BRACE.front, HOOD, BG_DARK)
    draw_torso(surf, 0, HOOD, HOOD_DARK, BG_MID, 9)
    draw_helmet_head(surf, 0, HOOD_DARK, HOOD)
    rect(surf, BG_DARK, 14, 13, 2, 2)  # camouflage blots
    rect(surf, BG_DARK, 16, 17, 2, 1)
    if aim is None:  # rifle held upright, ready
        muzzle = draw_rifle(surf, (15, 18), (0.5, -0.87), 12, HOOD, BG_DARK, (16, 13), True)
    else:
        grip, direction, _ = RIFLE_AIMS[aim]
        muzzle = draw_rifle(surf, grip, direction, SNIPER_BARREL, HOOD, BG_DARK, (16, 13), True)
    add_outline(surf)
    if firing:
        spark(surf, *muzzle)
    return surf


def make_sniper() -> None:
    sheet = new_surface(7 * FRAME, 2 * FRAME)
    frames = [sniper_frame(None, False)]
    frames += [sniper_frame(a, False) for a in range(3)]
    frames += [sniper_frame(a, True) for a in range(3)]
    for k, frame in enumerate(frames):
        sheet.blit(frame, (k * FRAME, 0))
    for k, frame in enumerate(fallen_frames(sniper_frame(None, False))):
        sheet.blit(frame, (k * FRAME, FRAME))
    save_png(sheet, "sniper.png")


# -- set pieces -----------------------------------------------------------------------------
CELL = 16
PLANK_LIGHT: Colour = (186, 134, 84)


def bridge_segment(charge: str) -> pygame.Surface:
    """One segment: a plank deck, a riveted steel stringer and a truss under it; `charge`
    "" none, "on" the demolition charge strapped under it glowing, "off" it unlit."""
    surf = new_surface(CELL, CELL)
    rect(surf, DIRT_LIGHT, 0, 1, CELL, 4)  # the deck: planks laid across
    rect(surf, PLANK_LIGHT, 0, 1, CELL, 1)
    for x in (3, 7, 11, 15):  # the seams between planks
        rect(surf, DIRT_DARK, x, 1, 1, 4)
    rect(surf, DIRT, 0, 4, CELL, 1)
    rect(surf, STEEL_DARK, 0, 5, CELL, 3)  # the stringer
    rect(surf, STEEL, 0, 5, CELL, 1)
    for x in (1, 5, 9, 13):  # its rivets
        put(surf, x, 6, STEEL_LIGHT)
    stamp_line(surf, STEEL_DARK, (1, 8), (7, 13), 2)  # the truss
    stamp_line(surf, STEEL_DARK, (14, 8), (8, 13), 2)
    rect(surf, STEEL_DARK, 0, 14, CELL, 2)
    rect(surf, STEEL, 0, 14, CELL, 1)
    for x in (2, 13):
        put(surf, x, 14, STEEL_LIGHT)
    if charge:
        rect(surf, RED, 6, 8, 4, 3)  # the charge, taped to the stringer
        put(surf, 6, 9, HAZARD)
        put(surf, 9, 9, HAZARD)
        rect(surf, ORANGE if charge == "on" else DIRT_DARK, 7, 8, 2, 1)  # its lamp
    add_outline(surf)
    if charge == "on":
        put(surf, 7, 8, WHITE)
        put(surf, 8, 7, HAZARD)  # sparks from the fuse
        put(surf, 10, 7, ORANGE)
    return surf


def make_bridge() -> None:
    sheet = new_surface(3 * CELL, CELL)
    for k, charge in enumerate(("", "on", "off")):
        sheet.blit(bridge_segment(charge), (k * CELL, 0))
    save_png(sheet, "bridge.png")


STONE: Colour = (176, 156, 124)
STONE_LIGHT: Colour = (208, 190, 152)
STONE_DARK: Colour = (120, 102, 80)
# Cracks drawn in order: each frame adds the next set (pixels), the last parts the pieces.
CRACK_LINES = (
    ((8, 1), (9, 4), (7, 7)),
    ((7, 7), (8, 10), (6, 14)),
    ((7, 7), (3, 9), (0, 9), (8, 10), (12, 11), (15, 12)),
)


def crumble_block(cracks: int) -> pygame.Surface:
    """A sandstone block with a worn top and mortar seams; `cracks` 0-3 split it wider."""
    surf = new_surface(CELL, CELL)
    rect(surf, STONE, 0, 1, CELL, CELL - 1)
    rect(surf, STONE_LIGHT, 0, 1, CELL, 2)  # the worn top the player walks on
    rect(surf, STONE_DARK, 0, 8, CELL, 1)  # a mortar course halfway down
    rect(surf, STONE_DARK, 0, CELL - 1, CELL, 1)
    rect(surf, STONE_DARK, 5, 3, 1, 5)  # staggered joints
    rect(surf, STONE_DARK, 11, 9, 1, 6)
    for x, y in ((2, 5), (9, 4), (13, 6), (3, 12), (8, 11)):  # pits in the stone
        put(surf, x, y, STONE_DARK)
    for k in range(cracks):
        points = CRACK_LINES[k]
        for a, b in zip(points, points[1:], strict=False):
            stamp_line(surf, OUTLINE, a, b, 1)
    if cracks == 3:  # the pieces part: the right half sags a pixel
        right = surf.subsurface((8, 0, CELL - 8, CELL)).copy()
        rect(surf, OUTLINE, 8, 0, CELL - 8, CELL)
        surf.blit(right, (8, 1))
        rect(surf, (0, 0, 0, 0), 8, 0, CELL - 8, 1)
    add_outline(surf)
    return surf


def make_crumble_floor() -> None:
    sheet = new_surface(4 * CELL, CELL)
    for k in range(4):
        sheet.blit(crumble_block(k), (k * CELL, 0))
    save_png(sheet, "crumble_floor.png")


def make_troops() -> None:
    make_bridge()
    make_crumble_floor()
    make_runner()
    make_grenadier()
    make_shieldbearer()
    make_popup_turret()
    make_sniper()
