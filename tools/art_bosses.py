"""Boss art and sound: sprite sheets (assets/boss_<name>.png), the boss bullet
(assets/bullet_boss.png) and the boss sounds (assets/sfx/boss_*.wav).

Drawn from the palette and helpers of tools/make_assets.py, facing left (bosses stand
at the right of their arena). Run on its own (``python tools/art_bosses.py``) or from
make_assets.py's main. Layouts (gunner/entities/<boss>.py rely on them):

* boss_warden.png  128x176 frames, feet at the bottom-centre, one row: phase 1 (reactor
  behind a plate), phase 2 (plate gone), phase 3 (cracked, burning), the wreck. The weak
  points' glow and the charge-up glows are drawn by the game over the sprite.
* boss_crawler.png 144x96 frames, the same four: the flare stack capped in phase 1,
  open from phase 2, torn off in the wreck.
* boss_overseer.png 128x64 frames, the same four: pods cowled in phase 1, their engine
  cores bare from phase 2; drawn floating (Overseer.LIFT px over its feet).
* bullet_boss.png  8x8: a curtain's magenta orb, round where aimed shots are darts (its
  hitbox stays 4x4).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import numpy as np
import pygame

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_assets import (  # noqa: E402
    BG_DARK,
    BLUE,
    BLUE_DARK,
    DIRT_DARK,
    HAZARD,
    ORANGE,
    OUTLINE,
    RATE,
    RED,
    STEEL,
    STEEL_DARK,
    STEEL_LIGHT,
    WHITE,
    Colour,
    add_outline,
    decay,
    fades,
    new_surface,
    normalise,
    put,
    rect,
    save_png,
    sine,
    smooth,
    square,
    write_wav,
)

WARDEN_W, WARDEN_H = 128, 176
FEET_X = WARDEN_W // 2


def hazard_band(surf: pygame.Surface, x: int, y: int, w: int, h: int) -> None:
    for px in range(x, x + w):
        for py in range(y, y + h):
            put(surf, px, py, HAZARD if (px + py) % 6 < 3 else BG_DARK)


def rivets(surf: pygame.Surface, x: int, y: int, w: int, h: int, step: int = 8) -> None:
    for px in range(x + 3, x + w - 2, step):
        put(surf, px, y + 2, STEEL_LIGHT)
        put(surf, px, y + h - 3, STEEL_DARK)


def plate(surf: pygame.Surface, x: int, y: int, w: int, h: int, colour: Colour = STEEL) -> None:
    """An armour plate: lit top and left edges, a shadowed bottom, rivets."""
    rect(surf, OUTLINE, x, y, w, h)
    rect(surf, colour, x + 1, y + 1, w - 2, h - 2)
    rect(surf, STEEL_LIGHT, x + 1, y + 1, w - 2, 1)
    rect(surf, STEEL_LIGHT, x + 1, y + 1, 1, h - 2)
    rect(surf, STEEL_DARK, x + 1, y + h - 2, w - 2, 1)
    rivets(surf, x, y, w, h)


def cannon(surf: pygame.Surface, x: int, y: int, length: int, h: int) -> None:
    """A barrel pointing left from (x + length, y), its muzzle ring at x."""
    rect(surf, OUTLINE, x, y, length, h)
    rect(surf, STEEL_DARK, x + 1, y + 1, length - 2, h - 2)
    rect(surf, STEEL, x + 1, y + 2, length - 2, 2)
    rect(surf, STEEL_LIGHT, x + 3, y + 2, length - 8, 1)
    rect(surf, BG_DARK, x, y + 2, 3, h - 4)  # the bore
    rect(surf, STEEL, x + 4, y, 3, h)  # the muzzle ring


def scorch(
    surf: pygame.Surface, seed: int, count: int, w: int = 128, h: int = 176, left: int = 28
) -> None:
    """Soot blots and cracks over the body (phase 3 and the wreck)."""
    rng = np.random.default_rng(seed)
    for _ in range(count):
        x = int(rng.integers(left, w - 6))
        y = int(rng.integers(12, h - 8))
        r = int(rng.integers(2, 6))
        for px in range(x - r, x + r + 1):
            for py in range(y - r, y + r + 1):
                inside = (px - x) ** 2 + (py - y) ** 2 <= r * r
                if inside and surf.get_at((px % w, py % h)).a:
                    put(surf, px, py, DIRT_DARK if (px + py) % 3 else OUTLINE)
        for k in range(int(rng.integers(4, 10))):  # a crack, only across the body
            cx, cy = x + k, y + (k * 3) // 4
            if 0 <= cx < w and 0 <= cy < h and surf.get_at((cx, cy)).a:
                put(surf, cx, cy, OUTLINE)


def warden_frame(phase: int) -> pygame.Surface:
    """The gate wall: a hull against the right edge, a tower with the top cannon, the low
    cannon, the reactor hatch (plated in phase 0) and the core socket at its foot."""
    s = new_surface(WARDEN_W, WARDEN_H)
    # Hull: x 24..128 (the parts' "hull" -40..+64 from the feet).
    plate(s, 24, 8, 104, 168)
    for y in range(16, 168, 24):  # plate seams
        rect(s, STEEL_DARK, 25, y, 102, 1)
    hazard_band(s, 25, 150, 102, 6)
    hazard_band(s, 25, 8, 102, 4)
    # Tower crown and the mortar hatch on top.
    plate(s, 56, 0, 40, 12, STEEL_DARK)
    rect(s, OUTLINE, 68, 1, 16, 4)
    rect(s, RED, 70, 2, 12, 2)
    # Buttresses.
    for x in (40, 100):
        rect(s, STEEL_DARK, x, 20, 6, 150)
        rect(s, STEEL_LIGHT, x, 20, 1, 150)
    # Top cannon (part at -62..-38, y -150..-136 -> frame x 2..26, y 26..40).
    plate(s, 18, 22, 16, 22, STEEL_DARK)
    cannon(s, 2, 26, 26, 14)
    # Low cannon (x 2..26, y 92..104).
    plate(s, 18, 88, 16, 20, STEEL_DARK)
    cannon(s, 2, 92, 26, 12)
    # Reactor hatch (x 14..26, y 48..74): a bolted plate in phase 1, an open socket later.
    if phase == 0:
        plate(s, 12, 46, 18, 30)
        hazard_band(s, 14, 58, 14, 4)
    else:
        rect(s, OUTLINE, 12, 46, 18, 30)
        rect(s, BG_DARK, 13, 47, 16, 28)
        for y in range(49, 74, 5):  # torn plate edges
            put(s, 12, y, STEEL_LIGHT)
    # Core socket at the foot (x 10..26, y 130..168): a heavy frame around the core.
    rect(s, OUTLINE, 8, 128, 22, 42)
    rect(s, STEEL_DARK, 9, 129, 20, 40)
    rect(s, BG_DARK, 11, 131, 14, 36)
    hazard_band(s, 9, 166, 20, 3)
    # Signal lamps.
    for y in (60, 120):
        rect(s, OUTLINE, 58, y, 6, 6)
        rect(s, ORANGE if phase else HAZARD, 59, y + 1, 4, 4)
        put(s, 59, y + 1, WHITE)
    if phase >= 2:
        scorch(s, 11 + phase, 18 if phase == 2 else 40)
    if phase >= 3:  # the wreck: the cannons hang, the crown is gone
        rect(s, (0, 0, 0, 0), 56, 0, 40, 8)
        rect(s, OUTLINE, 2, 26, 16, 14)
        rect(s, OUTLINE, 2, 92, 16, 12)
    add_outline(s)
    return s


def make_warden() -> None:
    sheet = new_surface(4 * WARDEN_W, WARDEN_H)
    for k in range(4):
        sheet.blit(warden_frame(k), (k * WARDEN_W, 0))
    save_png(sheet, "boss_warden.png")


CRAWLER_W, CRAWLER_H = 144, 96


def disc(surf: pygame.Surface, cx: float, cy: float, r: float, colour: Colour) -> None:
    for y in range(int(cy - r) - 1, int(cy + r) + 2):
        for x in range(int(cx - r) - 1, int(cx + r) + 2):
            if (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r * r:
                put(surf, x, y, colour)


def crawler_frame(phase: int) -> pygame.Surface:
    """A tracked tanker facing left: treads, a fuel tank hull with a cab at the front,
    the flare stack on its back, the cannon and the engine grille under its nose."""
    s = new_surface(CRAWLER_W, CRAWLER_H)
    # Treads (x 12..136, y 78..96) with road wheels.
    rect(s, OUTLINE, 12, 78, 124, 18)
    rect(s, BG_DARK, 13, 79, 122, 16)
    for x in range(14, 134, 4):
        put(s, x, 79, STEEL_DARK)
        put(s, x + 1, 94, STEEL_DARK)
    for cx in range(24, 130, 16):
        disc(s, cx, 87, 6, STEEL_DARK)
        disc(s, cx, 87, 3.5, STEEL)
        put(s, cx, 87, OUTLINE)
    # Hull: a fuel tank (x 20..128, y 34..80), rounded ends, hazard band, rivets.
    rect(s, OUTLINE, 22, 36, 104, 44)
    rect(s, ORANGE, 23, 37, 102, 42)
    rect(s, HAZARD, 23, 38, 102, 2)
    rect(s, RED, 23, 70, 102, 8)
    hazard_band(s, 40, 56, 80, 6)
    for x in range(28, 124, 10):
        put(s, x, 44, WHITE)
        put(s, x, 66, DIRT_DARK)
    # The cab at the front (left): armoured glass slit.
    plate(s, 18, 44, 26, 36, STEEL)
    rect(s, OUTLINE, 22, 50, 16, 5)
    rect(s, BLUE if phase < 3 else BG_DARK, 23, 51, 14, 3)
    put(s, 24, 51, WHITE)
    # Flare stack (x 66..80, y 4..34), banded; a socket once its cap has blown (phase 2+).
    rect(s, OUTLINE, 65, 4, 16, 32)
    rect(s, STEEL_DARK, 66, 5, 14, 30)
    rect(s, STEEL_LIGHT, 67, 5, 1, 30)
    hazard_band(s, 66, 26, 14, 4)
    if phase == 0:
        plate(s, 63, 2, 20, 8, STEEL)
    # Cannon (x 0..20, y 56..66) and the grille under the nose (x 6..14, y 66..78).
    cannon(s, 0, 56, 24, 10)
    rect(s, OUTLINE, 5, 65, 11, 14)
    rect(s, STEEL_DARK, 6, 66, 9, 12)
    for y in range(67, 78, 2):
        rect(s, BG_DARK, 7, y, 7, 1)
    if phase >= 2:
        scorch(s, 31 + phase, 16 if phase == 2 else 34, CRAWLER_W, CRAWLER_H - 20, 8)
    if phase >= 3:
        rect(s, (0, 0, 0, 0), 65, 0, 16, 14)  # the stack torn off
    add_outline(s)
    return s


def make_crawler() -> None:
    sheet = new_surface(4 * CRAWLER_W, CRAWLER_H)
    for k in range(4):
        sheet.blit(crawler_frame(k), (k * CRAWLER_W, 0))
    save_png(sheet, "boss_crawler.png")


OVERSEER_W, OVERSEER_H = 128, 64


def overseer_frame(phase: int) -> pygame.Surface:
    """A gunship seen side-on: an armoured hull, an engine pod at each end (exhaust
    grilles glowing), the eye socket under the belly (the game draws the eye's glow)."""
    s = new_surface(OVERSEER_W, OVERSEER_H)
    # Hull (x 16..112, y 4..50): a wedge-nosed plate body with a canopy on top.
    rect(s, OUTLINE, 16, 10, 96, 40)
    rect(s, STEEL, 17, 11, 94, 38)
    rect(s, STEEL_LIGHT, 17, 11, 94, 1)
    rect(s, STEEL_DARK, 17, 40, 94, 9)
    hazard_band(s, 17, 36, 94, 3)
    for k in range(10):  # the nose: its top edge slopes down to the front
        rect(s, (0, 0, 0, 0), 16, 10 + k, 10 - k, 1)
    # Tail fin and the rotor mast with its blurred blades.
    for k in range(8):
        rect(s, STEEL_DARK, 100 - k // 2, 2 + k, 8 + k // 2, 1)
    rect(s, STEEL_DARK, 63, 0, 3, 4)
    rect(s, STEEL_LIGHT, 34, 0, 60, 1)
    for x in range(22, 108, 12):
        put(s, x, 14, STEEL_LIGHT)
        put(s, x, 44, BG_DARK)
    rect(s, OUTLINE, 44, 3, 40, 9)  # canopy
    rect(s, BLUE_DARK, 45, 4, 38, 7)
    rect(s, BLUE, 47, 5, 20, 2)
    put(s, 48, 5, WHITE)
    # Antenna and a red beacon.
    rect(s, STEEL_DARK, 88, 0, 1, 4)
    put(s, 88, 0, RED)
    # Engine pods (x 0..18 and 110..128, y 18..44).
    for x in (0, 110):
        plate(s, x, 18, 18, 26, STEEL_DARK if phase == 0 else STEEL)
        rect(s, OUTLINE, x + 3, 40, 12, 4)
        rect(s, ORANGE if phase else HAZARD, x + 4, 41, 10, 2)  # exhaust glow
        if phase >= 1:  # the cowling blown off: the engine core shows
            rect(s, OUTLINE, x + 4, 23, 10, 12)
            rect(s, RED, x + 5, 24, 8, 10)
            rect(s, HAZARD, x + 7, 26, 4, 6)
    # Eye socket under the belly (x 54..74, y 50..62).
    rect(s, OUTLINE, 52, 48, 24, 16)
    rect(s, STEEL_DARK, 53, 49, 22, 14)
    rect(s, BG_DARK, 55, 51, 18, 10)
    if phase >= 2:
        scorch(s, 51 + phase, 14 if phase == 2 else 30, OVERSEER_W, OVERSEER_H - 16, 4)
    if phase >= 3:
        rect(s, (0, 0, 0, 0), 0, 18, 6, 26)  # a pod half gone
        rect(s, (0, 0, 0, 0), 44, 0, 20, 6)
    add_outline(s)
    return s


def make_overseer() -> None:
    sheet = new_surface(4 * OVERSEER_W, OVERSEER_H)
    for k in range(4):
        sheet.blit(overseer_frame(k), (k * OVERSEER_W, 0))
    save_png(sheet, "boss_overseer.png")


# A curtain's orb is magenta: no aimed shot and no shot of the player's is.
MAGENTA: Colour = (236, 64, 200)
VIOLET: Colour = (96, 24, 110)


def make_bullet() -> None:
    """A curtain's orb: round (aimed shots are darts), white centre, a magenta ring, a
    dark violet rim so it reads on sky and on fire."""
    s = new_surface(8, 8)
    for y in range(8):
        for x in range(8):
            d = ((x - 3.5) ** 2 + (y - 3.5) ** 2) ** 0.5
            if d <= 1.3:
                put(s, x, y, WHITE)
            elif d <= 2.0:
                put(s, x, y, (255, 180, 240))
            elif d <= 3.2:
                put(s, x, y, MAGENTA)
            elif d <= 4.0:
                put(s, x, y, VIOLET)
    save_png(s, "bullet_boss.png")


# -- sounds --------------------------------------------------------------------------------


def _t(seconds: float) -> tuple[int, np.ndarray]:
    n = int(RATE * seconds)
    return n, np.arange(n) / RATE


def noise(rng: np.random.Generator, n: int) -> np.ndarray:
    return rng.uniform(-1, 1, n)


def sfx_boss_charge(rng: np.random.Generator) -> np.ndarray:
    """The telegraph: half a second of a rising whine over a throb, so it is heard coming."""
    n, t = _t(0.5)
    whine = square(220 + 900 * (t / 0.5) ** 2, n, 0.3) * 0.35 * (t / 0.5)
    throb = sine(70, n) * (0.5 + 0.5 * np.sin(t * 2 * np.pi * 16)) * 0.5
    return whine + throb


def sfx_boss_clank(rng: np.random.Generator) -> np.ndarray:
    """A shot on armour: a short, dull ping (no damage done)."""
    n, _ = _t(0.12)
    ping = sine(1850, n) * decay(n, 0.02) * 0.5 + sine(2630, n) * decay(n, 0.012) * 0.3
    return ping + noise(rng, n) * decay(n, 0.004) * 0.5


def sfx_boss_roar(rng: np.random.Generator) -> np.ndarray:
    """The arena closes or a phase breaks: a low siren sweep over grinding noise."""
    n, t = _t(1.0)
    siren = square(110 + 60 * np.sin(t * 2 * np.pi * 3), n, 0.5) * 0.4 * decay(n, 0.6)
    grind = smooth(noise(rng, n), 12) * 3 * decay(n, 0.4)
    return siren + grind


SFX = {"boss_charge": sfx_boss_charge, "boss_clank": sfx_boss_clank, "boss_roar": sfx_boss_roar}


def make_boss_sounds() -> None:
    for i, (name, build) in enumerate(SFX.items()):
        rng = np.random.default_rng(900 + i)
        write_wav(f"sfx/{name}.wav", normalise(fades(build(rng))))


def make_boss_sheets() -> None:
    """Every boss's sprite sheet and the boss bullet."""
    make_warden()
    make_crawler()
    make_overseer()
    make_bullet()


def make_bosses() -> None:
    """Every boss sheet, the boss bullet and the boss sounds."""
    make_boss_sheets()
    make_boss_sounds()


if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    make_bosses()
