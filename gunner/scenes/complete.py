"""Mission complete: the run's numbers, then the next level or the title."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from gunner import text
from gunner.hud import format_time
from gunner.scenes.base import Menu, Scene, dim

if TYPE_CHECKING:
    from gunner.app import App
    from gunner.scenes.play import PlayScene


class CompleteScene(Scene):
    overlay = True

    def __init__(self, play: PlayScene) -> None:
        self.play = play
        self.menu: Menu | None = None

    def enter(self, app: App) -> None:
        from gunner.scenes.title import TitleScene

        if self.play.has_next_level():
            choice = ("NEXT LEVEL", lambda: app.open_level(lambda: self.play.next_level(app), True))
        else:
            choice = ("BACK TO TITLE", lambda: app.reset_to(TitleScene()))
        self.menu = Menu([choice])

    def handle_event(self, app: App, event: pygame.event.Event) -> None:
        assert self.menu is not None
        self.menu.handle_event(app, event)

    def draw(self, app: App, surface: pygame.Surface) -> None:
        assert self.menu is not None
        dim(surface, 170)
        stage = self.play.stage
        w = surface.get_width()
        text.draw(surface, "MISSION COMPLETE", (w // 2, 50), 40, text.GREEN, "midtop")
        text.draw(surface, stage.level.name.upper(), (w // 2, 88), 18, text.YELLOW, "midtop")
        text.draw(
            surface, f"TIME   {format_time(stage.time)}", (w // 2, 112), 18, text.WHITE, "midtop"
        )
        text.draw(surface, f"SHOTS  {stage.bullets.fired}", (w // 2, 130), 18, text.WHITE, "midtop")
        self.menu.draw(surface, w // 2, 170)
