"""The options screen: controls, volumes, fullscreen, window scale, screen shake, reduce
flashing, the ghost, two players' split screen, and the way to the assists; saved as
they change.

Up/down choose a row; left/right (or confirm) change it. Changes apply at once and
are written to the settings file at once, so a crash loses none. The window rows show
the window as it is (F11 flips the same switch), and the scale stops at the largest
that fits the desktop. Keys and pad buttons are set on their own screen
(gunner.scenes.controls), opened from the first row.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

import pygame

from gunner import text
from gunner.assists import Assists
from gunner.scenes.base import RowsScene
from gunner.settings import MAX_KILLS, MIN_KILLS, SPLIT_MODES

if TYPE_CHECKING:
    from gunner.app import App

VOLUMES = (("master_volume", "MASTER VOLUME"), ("effects_volume", "EFFECTS VOLUME"),
           ("music_volume", "MUSIC VOLUME"))  # fmt: skip
VOLUME_STEP = 0.1
# On/off rows: label, what it does (shown under the rows while chosen).
SWITCHES = {
    "reduce_flashing": (
        "REDUCE FLASHING",
        "At most three flashes a second, never white: hits show pale, blasts dull.",
    ),
    "ghost": ("GHOST", "Race a see-through ghost of your best run of the level."),
}
ABOUT = {
    "controls": "Keys and pad buttons: up to three keys for each action.",
    "shake": "How hard blasts and hits shake the screen. 0 % keeps it still.",
    "assists": "Game speed, invincibility, infinite ammo, auto-fire.",
    "kills": "Versus: the kills that win a round in an arena (VERSUS on the title).",
    "split": "Two players: AUTO cuts the screen along the line between them when they "
    "part, VERTICAL down the middle, ALWAYS keeps it split, NEVER keeps one view they "
    "cannot leave.",
}
BACKDROP = (10, 10, 22)


class OptionsScene(RowsScene):
    # Drawn on its own: the menu beneath, showing through a dimming, fought the rows
    # (and its key reminder the hint line).
    overlay = False

    def __init__(self) -> None:
        self.rows: list[str] = ["controls", *(v for v, _ in VOLUMES)]
        self.rows += ["fullscreen", "scale", "shake", *SWITCHES, "split", "kills"]
        self.rows += ["assists", "back"]
        self.index = 0

    # -- input -------------------------------------------------------------------------

    def confirm(self, app: App, row: str) -> None:
        if row == "back":
            self.leave(app)
        elif row in ("assists", "controls"):
            app.push(app.router.make(row))
        else:
            self.adjust(app, row, 1)
            return
        app.audio.play("menu_select")

    def adjust(self, app: App, row: str, direction: int) -> None:
        s = app.settings
        if row in dict(VOLUMES) or row == "shake":
            value = round(getattr(s, row) + direction * VOLUME_STEP, 2)
            setattr(s, row, min(1.0, max(0.0, value)))
            app.apply_volumes()
        elif row in SWITCHES:
            setattr(s, row, not getattr(s, row))
            app.art.reduce_flashing = s.reduce_flashing
        elif row == "fullscreen":
            app.set_window(not app.fullscreen, app.scale)
            s.fullscreen = app.fullscreen
        elif row == "scale":
            app.set_window(app.fullscreen, app.scale + direction)  # kept to the desktop
            s.scale = app.scale
        elif row == "split":
            s.split = SPLIT_MODES[(SPLIT_MODES.index(s.split) + direction) % len(SPLIT_MODES)]
            app.set_split(s.split)
        elif row == "kills":
            s.versus_kills = min(MAX_KILLS, max(MIN_KILLS, s.versus_kills + direction))
        else:
            return
        app.save_settings()
        app.audio.play("menu_move")  # also lets the player hear the new effects volume

    def leave(self, app: App) -> None:
        app.save_settings()  # already saved as changed; once more costs nothing
        app.pop()

    # -- drawing -----------------------------------------------------------------------

    def value(self, app: App, row: str) -> tuple[str, str]:
        s = app.settings
        if row in dict(VOLUMES):
            return dict(VOLUMES)[row], f"< {round(getattr(s, row) * 100):3d}% >"
        if row == "shake":
            return "SCREEN SHAKE", f"< {round(s.shake * 100):3d}% >"
        if row in SWITCHES:
            return SWITCHES[row][0], "< ON >" if getattr(s, row) else "< OFF >"
        # The window rows show the window itself: F11 or --scale may differ from the file.
        if row == "fullscreen":
            return "FULLSCREEN", "< ON >" if app.fullscreen else "< OFF >"
        if row == "scale":
            return "WINDOW SCALE", f"< {app.scale}x >"
        if row == "split":
            return "SPLIT SCREEN", f"< {s.split.upper()} >"
        if row == "kills":
            return "VERSUS KILLS", f"< {s.versus_kills} >"
        if row == "assists":
            return "ASSISTS", "ON" if app.assists != Assists() else "OFF"
        return ("CONTROLS", "") if row == "controls" else ("BACK", "")

    def draw(self, app: App, surface: pygame.Surface) -> None:
        surface.fill(BACKDROP)
        w, h = surface.get_size()
        text.draw(surface, "OPTIONS", (w // 2, 8), 28, text.YELLOW, "midtop")
        y = 40
        for i, row in enumerate(self.rows):
            label, value = self.value(app, row)
            selected = i == self.index
            colour = text.YELLOW if selected else text.GREY
            rect = text.draw(surface, label, (w // 2 - 12, y), 16, colour, "topright")
            text.draw(surface, value, (w // 2 + 12, y), 16, text.WHITE if selected else colour)
            if selected:
                text.draw(surface, ">", (rect.left - 6, y), 16, text.YELLOW, "topright")
            y += 15
        row = self.rows[self.index]
        about = SWITCHES[row][1] if row in SWITCHES else ABOUT.get(row, "")
        for i, line in enumerate(textwrap.wrap(about, 64)):
            text.draw(surface, line, (w // 2, y + 8 + 11 * i), 14, text.WHITE, "midtop")
        hint = "UP/DOWN choose   LEFT/RIGHT change   ENTER open   ESC back"
        text.draw(surface, hint, (w // 2, h - 6), 14, text.CYAN, "midbottom")
