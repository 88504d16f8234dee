"""The title screen: start, continue, level select, options, quit; left alone for
20 s, it plays the recorded finishing runs (attract mode, gunner/scenes/demo.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from gunner import config, text
from gunner.config import CAMPAIGN, DT, LEVELS_DIR, STEPS_PER_SECOND
from gunner.input import DEFAULT_BINDINGS, Buttons
from gunner.levellist import continue_index, map_title
from gunner.render import draw_background
from gunner.scenes.base import IDLE_SECONDS, WAKE_EVENTS, Menu, Scene, draw_footer

if TYPE_CHECKING:
    from gunner.app import App

# Characters of a mission's name the CONTINUE row shows: the menu is 480 px wide.
CONTINUE_TITLE_MOST = 22


class TitleScene(Scene):
    def __init__(self) -> None:
        self.menu: Menu | None = None
        self.scroll = 0.0
        self.idle = 0  # steps since anyone touched anything here
        self.demos = True  # False once none could play
        self.next_demo = 0  # the demos take turns

    def enter(self, app: App) -> None:
        from gunner.customlevels import custom_maps

        make = app.router.make

        def play(index: int, players: int | None = None) -> None:
            # A pad that pressed Start here for player 2 makes it a game for two.
            app.players = players or app.pad_players()
            app.open_level(lambda: make("campaign", app, index), LEVELS_DIR / CAMPAIGN[index])

        options = [("START", lambda: play(0))]
        latest = continue_index(app.progress)
        if latest is not None:
            options.append((continue_label(latest), lambda: play(latest)))
        # A new player with maps of their own needs the way to them too.
        if latest is not None or custom_maps(app.custom_folder, app.extra_levels):
            options.append(("LEVEL SELECT", lambda: app.push(make("levelselect"))))
        # Co-op from the first level: player 2 on WASD + F/G.
        options.append(("2 PLAYERS", lambda: play(0, players=2)))
        options.append(("VERSUS", lambda: app.push(make("arenas"))))
        options += [("OPTIONS", lambda: app.push(make("options"))), ("QUIT", app.quit)]
        # Coming back from a sub-screen keeps the choice it was opened from.
        selected = self.menu.options[self.menu.index][0] if self.menu else None
        self.menu = Menu(options)
        labels = [label for label, _ in options]
        if latest is not None and selected is None:
            self.menu.index = 1  # a returning player most likely wants to continue
        elif selected in labels:
            self.menu.index = labels.index(selected)
        app.audio.play_music("title")
        self.idle = 0

    def handle_event(self, app: App, event: pygame.event.Event) -> None:
        assert self.menu is not None
        if event.type in WAKE_EVENTS or event.type == pygame.MOUSEMOTION:
            self.idle = 0
        self.menu.handle_event(app, event)

    def step(self, app: App, held: Buttons) -> None:
        self.scroll += 30 * DT
        self.idle = 0 if held else self.idle + 1
        if self.idle >= IDLE_SECONDS * STEPS_PER_SECOND:
            self.start_demo(app)

    def start_demo(self, app: App) -> bool:
        """Attract mode: the next recorded run plays; any key comes back here."""
        self.idle = 0
        if not self.demos:
            return False
        try:
            scene = app.router.make("demo", self.next_demo)
        except LookupError:
            self.demos = False  # none can play: do not look again (nor warn) every 20 s
            return False
        self.next_demo = getattr(scene, "next_index", 0)
        app.push(scene)
        return True

    def draw(self, app: App, surface: pygame.Surface) -> None:
        assert self.menu is not None
        w, h = surface.get_size()
        draw_background(surface, app.art, self.scroll, 0, h)
        text.draw(surface, "GUNNER", (w // 2 + 2, 26 + 2), 72, text.RED, "midtop")
        text.draw(surface, "GUNNER", (w // 2, 26), 72, text.YELLOW, "midtop")
        text.draw(surface, "RUN.  JUMP.  AIM.  SHOOT.", (w // 2, 86), 16, text.WHITE, "midtop")
        # Seven rows (a returning player's CONTINUE and LEVEL SELECT, co-op, versus)
        # fit above the key reminder in the smaller size.
        self.menu.draw(surface, w // 2, 114, 20 if len(self.menu.options) <= 5 else 16)
        if app.pads.enabled and app.pads.pads:
            if app.pad_players() > 1:
                pads = "PLAYER 2'S PAD IS IN: START PLAYS FOR TWO"
            else:
                pads = "PRESS START ON ANOTHER PAD TO JOIN AS PLAYER 2"
            text.draw(surface, pads, (w // 2, h - 26), 14, text.CYAN, "midbottom")
        draw_footer(surface, controls_hint(app.settings.bindings))


def continue_label(index: int) -> str:
    """CONTINUE with the mission's own name, as Level select lists it (a number says
    little to a player coming back after a week)."""
    title = map_title(config.LEVELS_DIR / config.CAMPAIGN[index]).upper()
    if len(title) > CONTINUE_TITLE_MOST:
        title = title[: CONTINUE_TITLE_MOST - 3].rstrip() + "..."
    return f"CONTINUE  ({title})"


def controls_hint(bindings: dict[Buttons, tuple[int, ...]]) -> str:
    """The one-line key reminder, from the player's own bindings (Options can change them)."""
    if bindings == DEFAULT_BINDINGS:
        return "ARROWS/WASD move+aim   Z/J jump   X/K fire   ESC/P pause   F11 fullscreen"
    arrows = {"LEFT": "<", "RIGHT": ">", "UP": "^", "DOWN": "v"}

    def name(key: int) -> str:
        label = pygame.key.name(key).upper()
        return arrows.get(label, label)

    def keys(button: Buttons, most: int = 2) -> str:
        return "/".join(name(k) for k in bindings.get(button, ())[:most]) or "-"

    move = "".join(keys(b, 1) for b in (Buttons.LEFT, Buttons.RIGHT, Buttons.UP, Buttons.DOWN))
    return (
        f"{move} move+aim   {keys(Buttons.JUMP)} jump   {keys(Buttons.FIRE)} fire   "
        "ESC/P pause   F11 fullscreen"
    )
