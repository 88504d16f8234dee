"""Two players' views without a stage: bodies where a test puts them, and a camera
settled on them."""

from __future__ import annotations

from types import SimpleNamespace

import pygame

from gunner.camera import SplitScreen
from gunner.config import DT


def body(x: float, y: float = 400.0) -> SimpleNamespace:
    """A player as the split screen reads one: a 12x28 box centred at (x, y), standing."""
    box = pygame.FRect(0, 0, 12, 28)
    box.center = (x, y)
    return SimpleNamespace(hitbox=box, alive=True, facing=1, on_ground=True)


def settle(split: SplitScreen, players, steps: int = 240) -> None:
    """Let the views follow the players for `steps` steps."""
    for _ in range(steps):
        split.update(players, DT)
