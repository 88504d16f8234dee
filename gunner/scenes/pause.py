"""The pause menu, drawn over the frozen game; after a pad was unplugged it says whose."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from gunner import text
from gunner.input import PAUSE_KEYS
from gunner.scenes.base import Menu, Scene, dim

if TYPE_CHECKING:
    from gunner.app import App
    from gunner.scenes.play import PlayScene


class PauseScene(Scene):
    overlay = True

    def __init__(self, play: PlayScene) -> None:
        self.play = play
        self.menu: Menu | None = None
        self.lost_pad: int | None = None  # the player whose pad was unplugged, if that paused

    def enter(self, app: App) -> None:
        previous = self.menu
        if app.unplugged is not None:  # told once, by the pause it caused
            self.lost_pad, app.unplugged = app.unplugged, None
        co_op = self._co_op_option(app)
        self.menu = Menu(
            [
                ("RESUME", app.pop),
                (
                    "RESTART LEVEL",
                    lambda: app.open_level(lambda: self.play.restarted(app), self.play.path),
                ),
                ("OPTIONS", lambda: app.push(app.router.make("options"))),
                *co_op,
                ("QUIT TO TITLE", lambda: app.reset_to(app.router.make("title"))),
            ],
            on_back=app.pop,
        )
        if previous is not None:  # back from Options: the cursor stays where it was
            self.menu.index = previous.index

    def _co_op_option(self, app: App) -> list[tuple[str, Callable[[], None]]]:
        """PLAYER 2 JOIN or LEAVE (back to the game at once); none during a replay."""
        play = self.play
        if play.replay is not None:
            return []

        def toggle() -> None:
            if len(play.stage.players) > 1:
                play.leave()
            else:
                play.join()
            app.pop()

        label = "PLAYER 2 LEAVE" if len(play.stage.players) > 1 else "PLAYER 2 JOIN (WASD F G)"
        return [(label, toggle)]

    def handle_event(self, app: App, event: pygame.event.Event) -> None:
        assert self.menu is not None
        if event.type == pygame.KEYDOWN and event.key in PAUSE_KEYS:
            app.pop()
            return
        self.menu.handle_event(app, event)

    def draw(self, app: App, surface: pygame.Surface) -> None:
        assert self.menu is not None
        dim(surface)
        w = surface.get_width()
        text.draw(surface, "PAUSED", (w // 2, 70), 40, text.YELLOW, "midtop")
        if self.lost_pad is not None:  # on a dark strip: the level's banner may be under it
            strip = pygame.Rect(0, 34, w, 32)
            surface.fill((20, 0, 0), strip)
            lost = f"PLAYER {self.lost_pad} PAD UNPLUGGED"
            text.draw(surface, lost, (w // 2, 37), 20, text.RED, "midtop")
            again = "PLUG IT BACK IN AND PRESS START" if self.lost_pad > 1 else "PLUG IT BACK IN"
            text.draw(surface, again, (w // 2, 54), 14, text.WHITE, "midtop")
        self.menu.draw(surface, w // 2, 120)
