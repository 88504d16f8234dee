"""The title screen: start the campaign or quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from gunner import text
from gunner.config import DT
from gunner.input import Buttons
from gunner.render import draw_background
from gunner.scenes.base import Menu, Scene

if TYPE_CHECKING:
    from gunner.app import App


class TitleScene(Scene):
    def __init__(self) -> None:
        self.menu: Menu | None = None
        self.scroll = 0.0

    def enter(self, app: App) -> None:
        from gunner.scenes.play import PlayScene

        self.menu = Menu(
            [
                ("START", lambda: app.open_level(lambda: PlayScene.campaign(app, 0), reset=True)),
                ("QUIT", app.quit),
            ]
        )
        app.audio.stop_music()

    def handle_event(self, app: App, event: pygame.event.Event) -> None:
        assert self.menu is not None
        self.menu.handle_event(app, event)

    def step(self, app: App, held: Buttons) -> None:
        self.scroll += 30 * DT

    def draw(self, app: App, surface: pygame.Surface) -> None:
        assert self.menu is not None
        w, h = surface.get_size()
        draw_background(surface, app.art, self.scroll, 0, h)
        text.draw(surface, "GUNNER", (w // 2 + 2, 48 + 2), 72, text.RED, "midtop")
        text.draw(surface, "GUNNER", (w // 2, 48), 72, text.YELLOW, "midtop")
        text.draw(surface, "RUN.  JUMP.  AIM.  SHOOT.", (w // 2, 110), 16, text.WHITE, "midtop")
        self.menu.draw(surface, w // 2, 144)
        hint = "ARROWS/WASD move+aim   Z/J jump   X/K fire   ESC/P pause   F11 fullscreen"
        text.draw(surface, hint, (w // 2, h - 8), 14, text.GREY, "midbottom")
