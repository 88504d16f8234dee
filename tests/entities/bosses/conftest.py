"""What the boss tests share: a campaign boss fighting with the player inside its arena,
and a player's shot at one of a boss's parts."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from gunner.bullets import Bullet
from gunner.config import TILE
from gunner.entities.boss import INTRO_STEPS, Boss
from gunner.input import Buttons as B
from gunner.level import load_level
from gunner.stage import Stage


def fight_on(level: str) -> tuple[Stage, Boss]:
    """The level's boss fighting (its intro over), an unhurtable player standing three
    tiles inside its arena."""
    stage = Stage(load_level(level, images=False))
    boss = next(e for e in stage.entities if isinstance(e, Boss))
    stage.player.hitbox.midbottom = (boss.arena(stage).left + 3 * TILE, boss.fy)
    stage.player.invulnerable = 1e9
    for _ in range(INTRO_STEPS + 2):
        stage.step(B.NONE)
    assert boss.state == "fight"
    return stage, boss


def shot(rect: pygame.FRect, damage: int = 1, blast: int = 0) -> Bullet:
    """A player bullet flying right, struck at the left edge of `rect`'s middle row."""
    return Bullet(
        hitbox=pygame.FRect(rect.left - 4, rect.centery - 2, 4, 4),
        vx=380.0,
        vy=0.0,
        team="player",
        damage=damage,
        style="player",
        blast_radius=0.0,
        blast_damage=blast,
        life=1.0,
        alive=True,
    )


@pytest.fixture(scope="session")
def fighting() -> Callable[[str], tuple[Stage, Boss]]:
    """fighting(level): a campaign level's boss fighting (see `fight_on`)."""
    return fight_on


@pytest.fixture(scope="session")
def shot_at() -> Callable[..., Bullet]:
    """shot_at(rect, damage=1, blast=0): a player's bullet striking `rect` (see `shot`)."""
    return shot
