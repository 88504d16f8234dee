"""Mission complete: the run's numbers (time, kills, accuracy, best time), then the next
level; after the campaign's last level, the ending and back to the title."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from gunner import text
from gunner.config import DT
from gunner.feedback import feedback_of
from gunner.hud import accuracy, format_time, player_rows
from gunner.input import Buttons
from gunner.scenes.base import Menu, Scene, dim
from gunner.splits import compared, delta_colour, format_steps, steps_of

if TYPE_CHECKING:
    from gunner.app import App
    from gunner.scenes.play import PlayScene

REVEAL = 0.25  # seconds between the result lines appearing
ROW_H = 17  # pixels from one result line to the next


def accuracy_label(hits: int, fired: int) -> str:
    value = accuracy(hits, fired)
    return "--" if value is None else f"{value}%"


class CompleteScene(Scene):
    overlay = True

    def __init__(self, play: PlayScene) -> None:
        self.play = play
        self.menu: Menu | None = None
        self.age = 0.0

    @property
    def campaign_done(self) -> bool:
        """The last level of the campaign was just finished."""
        return self.play.campaign_index is not None and not self.play.has_next_level()

    def enter(self, app: App) -> None:
        if self.menu is not None:
            return
        to_title = ("QUIT TO TITLE", lambda: app.reset_to(app.router.make("title")))
        if self.play.has_next_level():
            go = (
                "NEXT LEVEL",
                lambda: app.open_level(lambda: self.play.next_level(app), self.play.next_path),
            )
            self.menu = Menu([go, to_title])
        elif self.campaign_done:
            app.audio.play_music("title")
            self.menu = Menu([("BACK TO TITLE", lambda: app.reset_to(app.router.make("title")))])
        else:  # a single map played with --level
            again = (
                "PLAY AGAIN",
                lambda: app.open_level(lambda: self.play.restarted(app), self.play.path),
            )
            self.menu = Menu([again, to_title])

    def handle_event(self, app: App, event: pygame.event.Event) -> None:
        assert self.menu is not None
        self.menu.handle_event(app, event)

    def step(self, app: App, held: Buttons) -> None:
        self.age += DT
        # The level stands still behind the results, but its last explosions, sparks and
        # shake play out rather than freeze mid-frame (presentation only: nothing hashed).
        stage = self.play.stage
        feedback_of(stage).step(stage.tilemap.solid)

    def lines(self) -> list[tuple[str, str, tuple[int, int, int]]]:
        """(label, value, colour) rows of the results table."""
        stage, play = self.play.stage, self.play
        rows = [("TIME", format_steps(stage.steps), text.WHITE)]
        if len(stage.players) > 1:
            rows += player_rows(stage)
        else:
            rows += [
                ("KILLS", str(stage.kills), text.WHITE),
                ("ACCURACY", accuracy_label(stage.bullets.hits, stage.bullets.fired), text.WHITE),
            ]
        # An assisted run is compared with assisted runs only, and says so.
        label = "ASSISTED BEST" if play.assisted.marks_run else "BEST"
        if play.previous_best is not None:
            delta = stage.steps - steps_of(play.previous_best)
            rows.append(("VS " + label, compared(delta), delta_colour(delta)))
        if play.new_best:
            rows.append((label, "NEW BEST!", text.YELLOW))
        elif play.best_time is not None:
            rows.append((label, format_time(play.best_time), text.GREY))
        return rows

    def assist_line(self) -> str:
        """The line that marks an assisted run ("" for one without assists)."""
        labels = self.play.assisted.labels()
        return "ASSISTED RUN: " + ", ".join(labels) if labels else ""

    def draw(self, app: App, surface: pygame.Surface) -> None:
        assert self.menu is not None
        dim(surface, 180)
        stage = self.play.stage
        w = surface.get_width()
        if self.campaign_done:
            text.draw(surface, "CAMPAIGN COMPLETE", (w // 2, 26), 40, text.YELLOW, "midtop")
            line = "THE FACTORY IS QUIET AGAIN. THANKS FOR PLAYING!"
            text.draw(surface, line, (w // 2, 60), 16, text.WHITE, "midtop")
        else:
            text.draw(surface, "MISSION COMPLETE", (w // 2, 30), 40, text.GREEN, "midtop")
            name = stage.level.name.upper()
            text.draw(surface, name, (w // 2, 62), 18, text.YELLOW, "midtop")
        y = 90
        if line := self.assist_line():
            text.draw(surface, line, (w // 2, 80), 14, text.CYAN, "midtop")
            y = 96
        rows = self.lines()
        # The menu sits under the last row (however many there are), never on it.
        menu_top = max(182, y + ROW_H * len(rows) + 6)
        for i, (label, value, colour) in enumerate(rows):
            if self.age < i * REVEAL:
                break
            text.draw(surface, label, (w // 2 - 8, y), 20, text.GREY, "topright")
            if value == "NEW BEST!" and int(self.age * 4) % 2:
                colour = text.WHITE  # it blinks
            text.draw(surface, value, (w // 2 + 8, y), 20, colour, "topleft")
            y += ROW_H
        self.menu.draw(surface, w // 2, menu_top)
