"""Game over: the run's numbers, then retry from the last checkpoint, restart the level
or go back to the title."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from gunner import text
from gunner.hud import player_rows
from gunner.scenes.base import Menu, Scene, draw_results
from gunner.splits import format_steps

if TYPE_CHECKING:
    from gunner.app import App
    from gunner.scenes.play import PlayScene


class GameOverScene(Scene):
    overlay = True

    def __init__(self, play: PlayScene) -> None:
        self.play = play
        self.menu: Menu | None = None

    def enter(self, app: App) -> None:
        if self.menu is not None:
            return
        app.audio.stop_music()
        play = self.play

        def restart() -> None:
            app.open_level(lambda: play.restarted(app), play.path)

        options = [("RETRY", lambda: app.reset_to(play.retried(app)))]
        if play.checkpoint is None:
            options = [("RETRY", restart)]  # nothing to go back to but the start
        else:
            options.append(("RESTART LEVEL", restart))
        options.append(("QUIT TO TITLE", lambda: app.reset_to(app.router.make("title"))))
        self.menu = Menu(options)

    def handle_event(self, app: App, event: pygame.event.Event) -> None:
        assert self.menu is not None
        self.menu.handle_event(app, event)

    def draw(self, app: App, surface: pygame.Surface) -> None:
        assert self.menu is not None
        stage = self.play.stage
        summary = f"KILLS {stage.kills}     TIME {format_steps(stage.steps)}"
        # Co-op: each player's kills, accuracy and deaths.
        rows = player_rows(stage) if len(stage.players) > 1 else []
        note = self.retry_note()
        draw_results(
            surface,
            ("GAME OVER", 56, text.RED),
            [(stage.level.name.upper(), 18, text.YELLOW), (summary, 18, text.WHITE)],
            rows,
            self.menu,
            note,
        )

    def retry_note(self) -> str:
        """Where RETRY goes back to, under the menu."""
        if self.play.checkpoint_label is not None:
            return f"RETRY: FROM THE START OF {self.play.checkpoint_label}, ALL LIVES BACK"
        if self.play.checkpoint is not None:
            return "RETRY: FROM THE LAST CHECKPOINT, ALL LIVES BACK"
        return "RETRY: FROM THE START (NO CHECKPOINT REACHED)"
