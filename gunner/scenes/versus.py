"""Versus screens: the arena choice (from the title) and the round's end (who won,
the score, each player's accuracy; rematch, another arena or the title)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from gunner import text
from gunner.config import ARENAS_DIR
from gunner.hud import PLAYER_COLOURS, player_rows
from gunner.levellist import map_title
from gunner.render import draw_background
from gunner.scenes.base import Menu, Scene, dim, draw_footer, draw_results

if TYPE_CHECKING:
    from pathlib import Path

    from gunner.app import App
    from gunner.scenes.play import PlayScene


def arenas() -> list[Path]:
    """The shipped arenas (levels/arenas/*.tmx), by file name: never campaign levels."""
    return sorted(ARENAS_DIR.glob("*.tmx"))


def open_arena(app: App, path: Path) -> None:
    """A versus round on `path`, to the kills Options sets, behind the loading screen."""
    kills = app.settings.versus_kills
    app.players = 2
    app.open_level(lambda: app.router.make("play", path, versus=kills, reader=app.reader), path)


class ArenaSelectScene(Scene):
    """VERSUS on the title: which arena the round is played in."""

    def __init__(self) -> None:
        self.menu: Menu | None = None
        self.scroll = 0.0

    def enter(self, app: App) -> None:
        if self.menu is not None:
            return
        options = [
            (map_title(path).upper(), lambda path=path: open_arena(app, path)) for path in arenas()
        ]
        self.menu = Menu([*options, ("BACK", app.pop)], on_back=app.pop)

    def handle_event(self, app: App, event: pygame.event.Event) -> None:
        assert self.menu is not None
        self.menu.handle_event(app, event)

    def draw(self, app: App, surface: pygame.Surface) -> None:
        assert self.menu is not None
        w, h = surface.get_size()
        draw_background(surface, app.art, self.scroll, 0, h)
        dim(surface, 120)
        text.draw(surface, "VERSUS", (w // 2, 24), 40, text.YELLOW, "midtop")
        rule = f"FIRST TO {app.settings.versus_kills} KILLS WINS  (OPTIONS CHANGES IT)"
        text.draw(surface, rule, (w // 2, 70), 16, text.WHITE, "midtop")
        self.menu.draw(surface, w // 2, 104, 20)
        draw_footer(surface, "P1 ARROWS + Z/X     P2 WASD + F/G     or a pad each (START)")


class VersusOverScene(Scene):
    """The round is won: over the frozen arena, who won and the score."""

    overlay = True

    def __init__(self, play: PlayScene) -> None:
        self.play = play
        self.menu: Menu | None = None

    def enter(self, app: App) -> None:
        if self.menu is not None:
            return
        play = self.play

        def rematch() -> None:
            app.open_level(lambda: play.restarted(app), play.path)

        self.menu = Menu(
            [
                ("REMATCH", rematch),
                ("ANOTHER ARENA", lambda: app.reset_to(app.router.make("arenas"))),
                ("QUIT TO TITLE", lambda: app.reset_to(app.router.make("title"))),
            ]
        )

    def handle_event(self, app: App, event: pygame.event.Event) -> None:
        assert self.menu is not None
        self.menu.handle_event(app, event)

    def draw(self, app: App, surface: pygame.Surface) -> None:
        assert self.menu is not None
        arena = self.play.stage.arena
        assert arena is not None and arena.winner is not None
        winner = arena.winner
        # In versus a player's kills are the other's deaths: accuracy says the rest.
        rows = player_rows(self.play.stage)
        draw_results(
            surface,
            (f"PLAYER {winner + 1} WINS", 48, PLAYER_COLOURS[winner]),
            [(f"{arena.kills[0]} - {arena.kills[1]}", 28, text.WHITE)],
            rows,
            self.menu,
        )
