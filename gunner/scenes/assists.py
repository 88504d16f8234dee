"""The assists screen (from Options): game speed, invincibility, infinite ammo and
auto-fire, mixed freely, as Celeste's Assist Mode. Each applies at once, also to a level
paused beneath, and is saved at once; a run made with a lower speed, invincibility or
infinite ammo is marked as assisted."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

import pygame

from gunner import text
from gunner.assists import Assists
from gunner.scenes.base import RowsScene

if TYPE_CHECKING:
    from gunner.app import App

# Row -> (label, what it does, shown under the rows while it is chosen).
ROWS = {
    "speed": ("GAME SPEED", "The whole game runs slower: more time to read and react."),
    "invincible": (
        "INVINCIBILITY",
        "Nothing hurts you. A pit puts you back on the last ground you stood on.",
    ),
    "ammo": ("INFINITE AMMO", "A weapon you pick up never runs out."),
    "autofire": (
        "AUTO-FIRE",
        "Tap FIRE to start firing, tap it again to stop. Does not mark the run.",
    ),
    "back": ("BACK", ""),
}
BACKDROP = (10, 10, 22)
ABOUT = (
    "Assists make the game easier to play. Mix them freely. A run made with a lower "
    "speed, invincibility or infinite ammo is marked as assisted, and its time is kept "
    "apart from your best."
)


class AssistsScene(RowsScene):
    # Drawn on its own: the menu beneath, showing through a dimming, would fight the text.
    overlay = False

    def __init__(self) -> None:
        self.rows = list(ROWS)
        self.index = 0

    def adjust(self, app: App, row: str, direction: int) -> None:
        """Step the speed, or flip a switch; in force and saved at once."""
        old = app.assists
        if row == "speed":
            new = old.with_speed(direction)
        elif row in ROWS and row != "back":
            new = old.switched(row)
        else:
            return
        if new == old:
            return  # already at 50 % or 100 %
        app.assists = new
        app.settings.assists = new
        app.save_settings()
        app.audio.play("menu_move")

    def value(self, assists: Assists, row: str) -> str:
        if row == "speed":
            return f"< {assists.speed}% >"
        if row == "back":
            return ""
        return "< ON >" if getattr(assists, row) else "< OFF >"

    def draw(self, app: App, surface: pygame.Surface) -> None:
        surface.fill(BACKDROP)
        w, h = surface.get_size()
        text.draw(surface, "ASSISTS", (w // 2, 8), 28, text.YELLOW, "midtop")
        y = 38
        for line in textwrap.wrap(ABOUT, 64):
            text.draw(surface, line, (w // 2, y), 14, text.GREY, "midtop")
            y += 11
        y += 10
        for i, row in enumerate(self.rows):
            label = ROWS[row][0]
            selected = i == self.index
            colour = text.YELLOW if selected else text.GREY
            rect = text.draw(surface, label, (w // 2 - 12, y), 16, colour, "topright")
            value = self.value(app.assists, row)
            on = value in ("< ON >",) or (row == "speed" and app.assists.speed < 100)
            shown = text.CYAN if on else (text.WHITE if selected else colour)
            text.draw(surface, value, (w // 2 + 12, y), 16, shown)
            if selected:
                text.draw(surface, ">", (rect.left - 6, y), 16, text.YELLOW, "topright")
            y += 17
        about = ROWS[self.rows[self.index]][1]
        for i, line in enumerate(textwrap.wrap(about, 64)):
            text.draw(surface, line, (w // 2, y + 10 + 11 * i), 14, text.WHITE, "midtop")
        hint = "UP/DOWN choose   LEFT/RIGHT change   ESC back"
        text.draw(surface, hint, (w // 2, h - 6), 14, text.CYAN, "midbottom")
