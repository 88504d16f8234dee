"""Game over: the run's numbers, then retry the level or go back to the title."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from gunner import text
from gunner.hud import format_time
from gunner.scenes.base import Menu, Scene, dim

if TYPE_CHECKING:
    from gunner.app import App
    from gunner.scenes.play import PlayScene


class GameOverScene(Scene):
    overlay = True

    def __init__(self, play: PlayScene) -> None:
        self.play = play
        self.menu: Menu | None = None

    def enter(self, app: App) -> None:
        from gunner.scenes.title import TitleScene

        if self.menu is not None:
            return
        app.audio.stop_music()
        self.menu = Menu(
            [
                ("RETRY", lambda: app.open_level(lambda: self.play.restarted(app), reset=True)),
                ("QUIT TO TITLE", lambda: app.reset_to(TitleScene())),
            ]
        )

    def handle_event(self, app: App, event: pygame.event.Event) -> None:
        assert self.menu is not None
        self.menu.handle_event(app, event)

    def draw(self, app: App, surface: pygame.Surface) -> None:
        assert self.menu is not None
        dim(surface, 180)
        stage = self.play.stage
        w = surface.get_width()
        text.draw(surface, "GAME OVER", (w // 2, 52), 56, text.RED, "midtop")
        text.draw(surface, stage.level.name.upper(), (w // 2, 98), 18, text.YELLOW, "midtop")
        summary = f"KILLS {stage.kills}     TIME {format_time(stage.time)}"
        text.draw(surface, summary, (w // 2, 118), 18, text.WHITE, "midtop")
        self.menu.draw(surface, w // 2, 150)
