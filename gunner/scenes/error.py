"""A level that cannot be played: say why, then go back."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

import pygame

from gunner import text
from gunner.scenes.base import Menu, Scene, dim

if TYPE_CHECKING:
    from gunner.app import App


class ErrorScene(Scene):
    overlay = True

    def __init__(self, message: str) -> None:
        self.lines = textwrap.wrap(message, 60)
        self.menu: Menu | None = None

    def enter(self, app: App) -> None:
        self.menu = Menu([("BACK", app.pop)], on_back=app.pop)

    def handle_event(self, app: App, event: pygame.event.Event) -> None:
        assert self.menu is not None
        self.menu.handle_event(app, event)

    def draw(self, app: App, surface: pygame.Surface) -> None:
        assert self.menu is not None
        dim(surface, 200)
        w = surface.get_width()
        text.draw(surface, "CANNOT LOAD LEVEL", (w // 2, 60), 28, text.RED, "midtop")
        y = 100
        for line in self.lines:
            y = text.draw(surface, line, (w // 2, y), 16, text.WHITE, "midtop").bottom + 2
        self.menu.draw(surface, w // 2, y + 16)
