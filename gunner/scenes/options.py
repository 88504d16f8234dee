"""The options screen: key bindings, volumes, fullscreen, window scale, screen shake and
the way to the assists; saved as they change.

Up/down choose a row. On a key row, confirm waits for the new key (Esc
cancels); left/right change volumes, fullscreen and scale. Changes apply at
once and are written to the settings file at once, so a crash loses none.
The window rows show the window as it is (F11 flips the same switch), and
the scale stops at the largest that fits the desktop.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from gunner import text
from gunner.assists import Assists
from gunner.input import BACK_KEYS, CONFIRM_KEYS, DEFAULT_BINDINGS, Buttons
from gunner.scenes.base import DOWN_KEYS, LEFT_KEYS, RIGHT_KEYS, UP_KEYS, Scene, dim
from gunner.settings import ACTIONS, Settings, action_name, key_code, key_name

if TYPE_CHECKING:
    from gunner.app import App

ACTION_LABELS = {
    Buttons.LEFT: "MOVE LEFT",
    Buttons.RIGHT: "MOVE RIGHT",
    Buttons.UP: "AIM UP",
    Buttons.DOWN: "AIM DOWN / CROUCH",
    Buttons.JUMP: "JUMP",
    Buttons.FIRE: "FIRE",
}
VOLUMES = (("master_volume", "MASTER VOLUME"), ("effects_volume", "EFFECTS VOLUME"),
           ("music_volume", "MUSIC VOLUME"))  # fmt: skip
VOLUME_STEP = 0.1
# Keys the game itself answers to: binding them to an action would make them do two things.
RESERVED_KEYS = frozenset(
    (pygame.K_ESCAPE, pygame.K_p, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_BACKSPACE,
     pygame.K_F3, pygame.K_F4, pygame.K_F5, pygame.K_F6, pygame.K_F11)
)  # fmt: skip


def key_label(keys: tuple[int, ...]) -> str:
    return " / ".join(pygame.key.name(k).upper() for k in keys) or "(NONE)"


def bindable(key: int) -> bool:
    """A key the settings file can name and read back: pygame gives some keys (unknown
    scancodes, K_UNKNOWN) an empty name, and a name that maps to another key would
    come back as that key."""
    name = key_name(key)
    try:
        return bool(name) and key_code(name) == key
    except ValueError:
        return False


def rebind(settings: Settings, action: Buttons, key: int) -> None:
    """Make `key` the one key for `action`, taking it away from any other action.

    An action that would be left with no key takes `action`'s old keys instead
    (a swap), so every action can always be pressed.
    """
    old = tuple(k for k in settings.bindings.get(action, ()) if k != key)
    for other, keys in settings.bindings.items():
        if other != action and key in keys:
            settings.bindings[other] = tuple(k for k in keys if k != key) or old
    settings.bindings[action] = (key,)
    settings.give_every_action_a_key()  # only a hand-edited file can still leave a gap


class OptionsScene(Scene):
    overlay = True

    def __init__(self) -> None:
        # Rows: the six actions, three volumes, fullscreen, scale, shake, assists, default
        # keys, back.
        self.rows: list[str] = [action_name(a).upper() for a in ACTIONS] + [v for v, _ in VOLUMES]
        self.rows += ["fullscreen", "scale", "shake", "assists", "defaults", "back"]
        self.index = 0
        self.waiting_for_key = False
        self.message = ""

    # -- input -------------------------------------------------------------------------

    def handle_event(self, app: App, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if self.waiting_for_key:
            self._take_key(app, event)
            return
        key, row = event.key, self.rows[self.index]
        if key in UP_KEYS or key in DOWN_KEYS:
            self.index = (self.index + (-1 if key in UP_KEYS else 1)) % len(self.rows)
            self.message = ""
            app.audio.play("menu_move")
        elif key in LEFT_KEYS or key in RIGHT_KEYS:
            self._adjust(app, row, -1 if key in LEFT_KEYS else 1)
        elif key in CONFIRM_KEYS:
            self._confirm(app, row)
        elif key in BACK_KEYS:
            self.leave(app)

    def _take_key(self, app: App, event: pygame.event.Event) -> None:
        self.waiting_for_key = False
        if event.key == pygame.K_ESCAPE or getattr(event, "pad", False):
            self.message = "CANCELLED"
            return
        if event.key in RESERVED_KEYS:
            self.message = f"{pygame.key.name(event.key).upper()} IS RESERVED"
            return
        if not bindable(event.key):
            self.message = "THAT KEY CANNOT BE BOUND"
            return
        rebind(app.settings, Buttons[self.rows[self.index]], event.key)
        app.save_settings()
        self.message = ""
        app.audio.play("menu_select")

    def _confirm(self, app: App, row: str) -> None:
        if row in Buttons.__members__:
            self.waiting_for_key = True
            self.message = "PRESS THE NEW KEY  (ESC CANCELS)"
        elif row == "defaults":
            app.settings.bindings = dict(DEFAULT_BINDINGS)
            app.save_settings()
            self.message = "DEFAULT KEYS RESTORED"
        elif row == "back":
            self.leave(app)
        elif row == "assists":
            app.push(app.router.make("assists"))
        else:
            self._adjust(app, row, 1)
            return
        app.audio.play("menu_select")

    def _adjust(self, app: App, row: str, direction: int) -> None:
        s = app.settings
        if row in dict(VOLUMES) or row == "shake":
            value = round(getattr(s, row) + direction * VOLUME_STEP, 2)
            setattr(s, row, min(1.0, max(0.0, value)))
            app.apply_volumes()
        elif row == "fullscreen":
            app.set_window(not app.fullscreen, app.scale)
            s.fullscreen = app.fullscreen
        elif row == "scale":
            app.set_window(app.fullscreen, app.scale + direction)  # kept to the desktop
            s.scale = app.scale
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
        if row in Buttons.__members__:
            button = Buttons[row]
            return ACTION_LABELS[button], key_label(s.bindings.get(button, ()))
        if row in dict(VOLUMES):
            return dict(VOLUMES)[row], f"< {round(getattr(s, row) * 100):3d}% >"
        if row == "shake":
            return "SCREEN SHAKE", f"< {round(s.shake * 100):3d}% >"
        # The window rows show the window itself: F11 or --scale may differ from the file.
        if row == "fullscreen":
            return "FULLSCREEN", "< ON >" if app.fullscreen else "< OFF >"
        if row == "scale":
            return "WINDOW SCALE", f"< {app.scale}x >"
        if row == "assists":
            return "ASSISTS", "ON" if app.assists != Assists() else "OFF"
        return ("DEFAULT KEYS", "") if row == "defaults" else ("BACK", "")

    def draw(self, app: App, surface: pygame.Surface) -> None:
        dim(surface, 240)  # nearly opaque: the title's big letters would fight the rows
        w, h = surface.get_size()
        text.draw(surface, "OPTIONS", (w // 2, 8), 28, text.YELLOW, "midtop")
        y = 34
        for i, row in enumerate(self.rows):
            label, value = self.value(app, row)
            selected = i == self.index
            colour = text.YELLOW if selected else text.GREY
            if selected and self.waiting_for_key:
                value = "..."
            rect = text.draw(surface, label, (w // 2 - 12, y), 16, colour, "topright")
            text.draw(surface, value, (w // 2 + 12, y), 16, text.WHITE if selected else colour)
            if selected:
                text.draw(surface, ">", (rect.left - 6, y), 16, text.YELLOW, "topright")
            y += 14  # fifteen rows above the hint line
        hint = self.message or "UP/DOWN choose   LEFT/RIGHT change   ENTER rebind   ESC back"
        text.draw(surface, hint, (w // 2, h - 6), 14, text.CYAN, "midbottom")
