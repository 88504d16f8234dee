"""Reduce flashing (Options): at most three flashes a second anywhere on screen and no
full-screen white, counted frame by frame over a boss's death (the game's brightest
moment: a blinking wreck and a chain of blasts)."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from gunner.assets import Art
from gunner.config import STEPS_PER_SECOND, TILE
from gunner.entities.boss import DEATH_STEPS, INTRO_STEPS, TRIGGER, Boss
from gunner.input import Buttons
from gunner.level import load_level
from gunner.render import draw_stage
from gunner.stage import Stage

# A pixel this bright (relative luminance, 0..1) is part of a flash when it was not
# the frame before; a frame where at least FLASH_AREA pixels light up so is a flash.
BRIGHT = 0.6
FLASH_AREA = 48  # 7x7 px: a hit sprite's silhouette, a blast's core
FRAME_MS = 1000 / STEPS_PER_SECOND


def luminance(surface: pygame.Surface) -> np.ndarray:
    """Relative luminance per pixel (sRGB decoded, as WCAG defines it)."""
    c = pygame.surfarray.array3d(surface).astype(np.float32) / 255
    c = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return c[..., 0] * 0.2126 + c[..., 1] * 0.7152 + c[..., 2] * 0.0722


def boss_death_frames(reduce_flashing: bool) -> tuple[list[int], float]:
    """Every frame of a boss's death as the player sees it: (the frames that flash,
    the largest share of the screen lit bright at once)."""
    stage = Stage(load_level("levels/level1.tmx"))
    boss = next(e for e in stage.entities if isinstance(e, Boss))
    stage.player.hitbox.midbottom = (boss.arena(stage).left + TILE + TRIGGER + 40, boss.fy)
    stage.camera.snap(*stage.player.hitbox.center)
    for _ in range(INTRO_STEPS + 2):
        stage.step(Buttons.NONE)
    art = Art()
    frame = [0]
    art.flash_gate.clock = lambda: round(frame[0] * FRAME_MS)  # one frame per step
    art.reduce_flashing = reduce_flashing
    surface = pygame.Surface((480, 270))
    boss.wound(boss.health, stage)
    flashes, brightest, before = [], 0.0, None
    for frame[0] in range(DEATH_STEPS + 30):
        stage.step(Buttons.NONE)
        draw_stage(surface, stage, art, shake=0.0)
        bright = luminance(surface) >= BRIGHT
        brightest = max(brightest, float(bright.mean()))
        if before is not None and int((bright & ~before).sum()) >= FLASH_AREA:
            flashes.append(frame[0])
        before = bright
    assert not boss.alive, "the whole death sequence was seen"
    return flashes, brightest


def most_in_a_second(frames: list[int]) -> int:
    second = STEPS_PER_SECOND
    return max((sum(f <= g < f + second for g in frames) for f in frames), default=0)


@pytest.fixture(scope="module")
def counted() -> dict[bool, tuple[list[int], float]]:
    return {on: boss_death_frames(on) for on in (False, True)}


def test_a_boss_death_flashes_more_than_three_times_a_second_by_default(counted):
    flashes, _ = counted[False]
    assert most_in_a_second(flashes) > 3, "the count sees the flashes the switch removes"


def test_with_reduce_flashing_no_second_has_more_than_three_flashes(counted):
    flashes, brightest = counted[True]
    assert flashes, "a hit still shows: rarely, not never"
    assert most_in_a_second(flashes) <= 3, flashes
    assert brightest < 0.25, "no full-screen white"


def test_every_flash_on_screen_starts_on_the_same_frame():
    art = Art()
    now = [0]
    art.flash_gate.clock = lambda: now[0]
    art.reduce_flashing = True
    a, b = (pygame.Surface((8, 8)) for _ in range(2))
    assert art.flash(a) is not a, "the first hit flashes"
    now[0] = 17
    assert art.flash(a) is not a, "and goes on for a moment"
    assert art.flash(b) is b, "another starting mid-flash waits: two flashes would show"
    now[0] = FLASH_GATE_GAP = 334
    assert art.flash(b) is not b, f"a third of a second ({FLASH_GATE_GAP} ms) on it may flash"
    white = art.flash(b).get_at((0, 0))
    assert max(white[:3]) < 255, "pale, never white"
