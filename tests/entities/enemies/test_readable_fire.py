"""Readable fire: a player tells the enemies' shots from their own, aimed shots from
curtains, and finds the way through the Crawler's meltdown.

Looks are presentation: a style that only looks different is hashed as the one it
stands for, so changing a bullet's look never moves a replay.
"""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest

from checkout import ROOT
from gunner import patterns
from gunner.bullets import LOOK_ONLY, BulletSystem
from gunner.config import TILE
from gunner.entities.boss import AIMED_STYLE, INTRO_STEPS, TRIGGER
from gunner.entities.crawler import LANE, Crawler
from gunner.input import Buttons as B
from gunner.level import load_level
from gunner.stage import Stage

ASSETS = ROOT / "assets"


def image(name: str) -> pygame.Surface:
    return pygame.image.load(str(ASSETS / f"{name}.png"))


def mean_colour(surface: pygame.Surface) -> np.ndarray:
    """The average colour of the opaque pixels."""
    rgb = pygame.surfarray.array3d(surface).reshape(-1, 3).astype(float)
    alpha = pygame.surfarray.array_alpha(surface).reshape(-1)
    return rgb[alpha > 128].mean(axis=0)


def mask(surface: pygame.Surface) -> np.ndarray:
    return pygame.surfarray.array_alpha(surface) > 128


def hue(colour: np.ndarray) -> float:
    import colorsys

    return colorsys.rgb_to_hsv(*(colour / 255))[0] * 360


def hue_apart(a: float, b: float) -> float:
    return abs((a - b + 180) % 360 - 180)


@pytest.mark.parametrize("enemy", ["bullet_enemy", "bullet_boss"])
def test_enemy_shots_differ_from_the_players_in_shape_and_colour(enemy: str) -> None:
    player, theirs = image("bullet_player"), image(enemy)
    assert hue_apart(hue(mean_colour(player)), hue(mean_colour(theirs))) > 60
    assert (mask(player) != mask(theirs)).sum() >= 12


def test_aimed_shots_differ_from_curtains_in_shape_and_colour() -> None:
    aimed, curtain = image("bullet_enemy"), image("bullet_boss")
    assert hue_apart(hue(mean_colour(aimed)), hue(mean_colour(curtain))) > 30
    assert (mask(aimed) != mask(curtain)).sum() >= 12


def test_the_game_draws_aimed_shots_pointing_their_way_and_curtain_orbs_as_they_are() -> None:
    from gunner.assets import Art

    pygame.display.set_mode((16, 16))
    art = Art()
    right = art.bullet_image("enemy", 190.0, 0.0)
    down = art.bullet_image("enemy", 0.0, 190.0)
    assert pygame.image.tobytes(right, "RGBA") != pygame.image.tobytes(down, "RGBA")
    # A boss's aimed burst is drawn as an aimed shot, its curtains as orbs.
    boss_aimed = art.bullet_image(AIMED_STYLE, 0.0, 190.0)
    assert pygame.image.tobytes(boss_aimed, "RGBA") == pygame.image.tobytes(down, "RGBA")
    orb = art.bullet_image("boss", 0.0, 190.0)
    assert orb is art.bullet_image("boss", 190.0, 0.0)


def test_a_look_only_style_hashes_as_the_style_it_stands_for() -> None:
    def state(style: str) -> list:
        bullets = BulletSystem()
        bullets.spawn(1.0, 2.0, 3.0, 4.0, team="enemy", style="boss")
        bullets.spawn(5.0, 6.0, 7.0, 8.0, team="enemy", style=style)
        return bullets.state()

    assert LOOK_ONLY[AIMED_STYLE] == "boss"
    assert state(AIMED_STYLE) == state("boss")
    assert state("enemy") != state("boss")  # a real difference still shows


def test_a_lane_takes_out_exactly_the_bullets_flying_along_it() -> None:
    ring = patterns.ring(36, 100.0)
    kept = patterns.lane(ring, math.pi, 0.5)
    angles = np.arctan2(kept[:, 1], kept[:, 0])
    assert len(kept) == 36 - 3  # 10 degrees apart: 170, 180 and 190 are in the lane
    assert np.all(np.abs((angles - math.pi + math.pi) % (2 * math.pi) - math.pi) > 0.25)


def crawler_fight() -> tuple[Stage, Crawler]:
    stage = Stage(load_level("levels/level2.tmx", images=False))
    boss = next(e for e in stage.entities if isinstance(e, Crawler))
    stage.player.hitbox.midbottom = (boss.arena(stage).left + TILE + TRIGGER + 40, boss.fy)
    stage.camera.snap(*stage.player.hitbox.center)
    for _ in range(INTRO_STEPS + 2):
        stage.step(B.NONE)
    return stage, boss


def test_the_crawlers_meltdown_leaves_a_lane_to_where_the_player_stood() -> None:
    """In its third phase, no bullet of its spirals flies toward the spot the player
    held when the stack glowed: stand there, or walk along the lane."""
    stage, boss = crawler_fight()
    boss.health = 10
    boss.phase = boss.phase_for(boss.health)
    assert boss.phase == 2
    boss.enter("fight")  # the spiral, from its charge
    stage.player.invulnerable = 1e9
    spirals = []
    for _ in range(Crawler.SPIRAL.telegraph + 20 * Crawler.SPIRAL.every):
        before = stage.bullets.n
        stage.step(B.NONE)
        new = range(before, stage.bullets.n)
        spirals += [stage.bullets.bullet(i) for i in new if stage.bullets.vy[i] != 170.0]
    assert boss.current is Crawler.SPIRAL and len(spirals) > 100
    mx, my = boss.mark
    sx, sy = boss.muzzle("stack")
    toward = math.atan2(my - 14 - sy, mx - sx)
    # The muzzle moves as it paces: judge each bullet's heading, not its position.
    off = [
        abs((math.atan2(b.vy, b.vx) - toward + math.pi) % (2 * math.pi) - math.pi) for b in spirals
    ]
    assert min(off) > LANE / 2 - 0.05


def test_the_crawlers_locked_bursts_are_drawn_as_aimed_shots() -> None:
    stage, boss = crawler_fight()
    boss.health = 10
    boss.phase = boss.phase_for(boss.health)
    boss.enter("fight")
    boss.attack = 1  # the lock
    assert boss.current is Crawler.LOCK
    stage.player.invulnerable = 1e9
    for _ in range(Crawler.LOCK.telegraph + 2):
        stage.step(B.NONE)
    styles = {stage.bullets.bullet(i).style for i in range(stage.bullets.n)}
    assert AIMED_STYLE in styles
