"""The heads-up display: level name and mission time."""

from __future__ import annotations

import pygame

from gunner import text
from gunner.stage import Stage


def format_time(seconds: float) -> str:
    minutes, rest = divmod(seconds, 60)
    return f"{int(minutes)}:{rest:04.1f}"


def draw_hud(surface: pygame.Surface, stage: Stage) -> None:
    w = surface.get_width()
    text.draw(surface, stage.level.name.upper(), (6, 4), 16, text.YELLOW)
    text.draw(surface, format_time(stage.time), (w - 6, 4), 16, text.WHITE, "topright")
