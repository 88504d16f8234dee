"""Scene interface and the menu widget every menu screen shares."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from gunner import text
from gunner.feedback import feedback_of
from gunner.input import BACK_KEYS, CONFIRM_KEYS, Buttons

if TYPE_CHECKING:
    from gunner.app import App
    from gunner.world import World

# Seconds of nobody touching anything on the title screen before the demo starts.
IDLE_SECONDS = 20.0
# Menu keys, fixed (never rebound), so a menu can always be worked.
UP_KEYS = (pygame.K_UP, pygame.K_w)
DOWN_KEYS = (pygame.K_DOWN, pygame.K_s)
LEFT_KEYS = (pygame.K_LEFT, pygame.K_a)
RIGHT_KEYS = (pygame.K_RIGHT, pygame.K_d)
# Whatever a person does that ends the demo: a key (pads arrive as keys), a click.
WAKE_EVENTS = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.JOYBUTTONDOWN)


class Scene:
    """One screen. Only the top scene of the stack gets events and steps."""

    # Draw the scene below first (a pause menu over the frozen game).
    overlay = False
    # Play runs slower under the game-speed assist; menus never do.
    slowed_by_assists = False

    def enter(self, app: App) -> None:
        """Called when the scene becomes the top of the stack."""

    def handle_event(self, app: App, event: pygame.event.Event) -> None:
        pass

    def step(self, app: App, held: Buttons) -> None:
        """One fixed simulation step with the buttons held."""

    def reads_input(self) -> bool:
        """Whether the next step looks at the buttons; if not, taps wait for one that does."""
        return True

    def draw(self, app: App, surface: pygame.Surface) -> None:
        pass


class RowsScene(Scene):
    """A screen of setting rows (Options, Assists): up/down choose a row (with a
    click), left/right `adjust` it, confirm `confirm`s it, back `leave`s. A screen
    lists its `rows` by name and says what each does."""

    rows: list[str]
    index: int

    def handle_event(self, app: App, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        key, row = event.key, self.rows[self.index]
        if key in UP_KEYS or key in DOWN_KEYS:
            self.index = (self.index + (-1 if key in UP_KEYS else 1)) % len(self.rows)
            app.audio.play("menu_move")
        elif key in LEFT_KEYS or key in RIGHT_KEYS:
            self.adjust(app, row, -1 if key in LEFT_KEYS else 1)
        elif key in CONFIRM_KEYS:
            self.confirm(app, row)
        elif key in BACK_KEYS:
            self.leave(app)

    def adjust(self, app: App, row: str, direction: int) -> None:
        """Left (-1) or right (+1) on `row`."""

    def confirm(self, app: App, row: str) -> None:
        """Confirm on `row`: the `back` row leaves, any other steps it right."""
        if row == "back":
            self.leave(app)
        else:
            self.adjust(app, row, 1)

    def leave(self, app: App) -> None:
        app.pop()


class Menu:
    """A vertical list of choices: up/down to move, confirm to choose, back to cancel."""

    def __init__(
        self,
        options: list[tuple[str, Callable[[], None]]],
        on_back: Callable[[], None] | None = None,
    ) -> None:
        self.options = options
        self.index = 0
        self.on_back = on_back

    def handle_event(self, app: App, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if event.key in (pygame.K_UP, pygame.K_w):
            self.index = (self.index - 1) % len(self.options)
            app.audio.play("menu_move")
        elif event.key in (pygame.K_DOWN, pygame.K_s):
            self.index = (self.index + 1) % len(self.options)
            app.audio.play("menu_move")
        elif event.key in CONFIRM_KEYS:
            app.audio.play("menu_select")
            self.options[self.index][1]()
        elif event.key in BACK_KEYS and self.on_back is not None:
            self.on_back()

    def draw(self, surface: pygame.Surface, centre_x: int, top: int, size: int = 22) -> None:
        y = top
        for i, (label, _) in enumerate(self.options):
            selected = i == self.index
            colour = text.YELLOW if selected else text.GREY
            rect = text.draw(surface, label, (centre_x, y), size, colour, "midtop")
            if selected:
                text.draw(surface, ">", (rect.left - 6, y), size, text.YELLOW, "topright")
            y += rect.height + 4


def draw_footer(
    surface: pygame.Surface, line: str, colour: tuple[int, int, int] = text.GREY
) -> None:
    """One line of small text on a dark strip across the bottom of the screen."""
    w, h = surface.get_size()
    shade = pygame.Surface((w, 16), pygame.SRCALPHA)
    shade.fill((0, 0, 12, 150))
    surface.blit(shade, (0, h - 16))
    text.draw(surface, line, (w // 2, h - 3), 14, colour, "midbottom")


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 12, alpha))
    surface.blit(shade, (0, 0))


Line = tuple[str, int, tuple[int, int, int]]  # what a line says, its size and colour


def draw_results(
    surface: pygame.Surface,
    title: Line,
    lines: list[Line],
    rows: list[tuple[str, str, tuple[int, int, int]]],
    menu: Menu,
    note: str = "",
) -> None:
    """The results of a run or a round over the frozen game (game over, versus): the
    `title`, the `lines` under it (the level, the score), a row per player (label,
    numbers, colour: `hud.player_rows`), the menu, and a `note` along the bottom,
    stacked down the middle of the dimmed screen."""
    dim(surface, 180)
    centre = surface.get_width() // 2
    y = 40
    for said, size, colour in [title, *lines]:
        y = text.draw(surface, said, (centre, y), size, colour, "midtop").bottom + 2
    y += 8
    for label, value, colour in rows:
        y = text.draw(surface, f"{label}  {value}", (centre, y), 16, colour, "midtop").bottom
    menu.draw(surface, centre, y + 10)
    if note:
        text.draw(surface, note, (centre, surface.get_height() - 24), 14, text.GREY, "midtop")


def level_music(stage: World) -> str:
    """The map's `music` property names its track; by default the map's file stem."""
    return str(stage.level.properties.get("music") or stage.level.path.stem)


def play_sounds(app: App, stage: World) -> None:
    """The sounds of the step just taken, once each."""
    sounds = feedback_of(stage).sounds
    for sound in sounds:
        app.audio.play(sound)
    sounds.clear()
