"""The controls screen (from Options): up to three keys for each action, and the pad's
buttons for each, set one at a time; saved as they change.

The first row chooses whose keys the keyboard rows show: player 1's or player 2's
(co-op on one keyboard; WASD + F/G by default). While two play, a key in both tables
is player 2's (see gunner.input.co_op_bindings), and the screen says so when one is set.

Up/down choose an action, left/right one of its keys (the "+" after the last adds
one). Confirm waits for the new key or pad button; Delete clears the chosen key (an
action keeps at least one). A key another action holds is not taken silently: the
screen says whose it is and offers a swap. Pad buttons are kept for the pad plugged
in (by its GUID), or for every pad when none is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from gunner import text
from gunner.bindings import (
    MAX_KEYS,
    PLAYER_DEFAULTS,
    ActionMap,
    BindError,
    Conflict,
    bind,
    clear,
    default_keys,
    owner_of,
)
from gunner.gamepad import ANY_PAD, DEFAULT_PAD_BINDINGS, button_label
from gunner.input import BACK_KEYS, CONFIRM_KEYS, Buttons
from gunner.scenes.base import DOWN_KEYS, LEFT_KEYS, RIGHT_KEYS, UP_KEYS, Scene
from gunner.settings import ACTIONS, key_code, key_name

if TYPE_CHECKING:
    from gunner.app import App

ACTION_LABELS = {
    Buttons.LEFT: "MOVE LEFT",
    Buttons.RIGHT: "MOVE RIGHT",
    Buttons.UP: "AIM UP",
    Buttons.DOWN: "AIM DOWN",
    Buttons.JUMP: "JUMP",
    Buttons.FIRE: "FIRE",
    Buttons.AIM: "STAND + AIM",
}
# Keys the game itself answers to: binding them to an action would make them do two things.
RESERVED_KEYS = frozenset(
    (pygame.K_ESCAPE, pygame.K_p, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_BACKSPACE,
     pygame.K_DELETE, pygame.K_F3, pygame.K_F4, pygame.K_F5, pygame.K_F6, pygame.K_F11)
)  # fmt: skip
# Pad buttons that pause and open menus: never an action's.
RESERVED_BUTTONS = frozenset((pygame.CONTROLLER_BUTTON_START, pygame.CONTROLLER_BUTTON_GUIDE))
CLEAR_KEYS = (pygame.K_DELETE,)
BACKDROP = (10, 10, 22)
COLUMNS = (196, 262, 328)  # x of each key's column, in the 480 px frame
ROW = 11  # px from one row to the next: seven actions, keys and pad, fit above the hint


def bindable(key: int) -> bool:
    """A key the settings file can name and read back: pygame gives some keys (unknown
    scancodes, K_UNKNOWN) an empty name, and a name that maps to another key would
    come back as that key."""
    name = key_name(key)
    try:
        return bool(name) and key_code(name) == key
    except ValueError:
        return False


def key_label(key: int) -> str:
    """A key's name as a slot shows it: LEFT SHIFT is L SHIFT, to fit its column."""
    name = key_name(key).upper()
    for side in ("LEFT ", "RIGHT "):
        if name.startswith(side):
            name = side[0] + " " + name[len(side) :]
    return name or f"#{key}"


class ControlsScene(Scene):
    overlay = False

    def __init__(self) -> None:
        # Rows: whose keys, keyboard actions, pad actions, defaults, back.
        self.rows: list[tuple[str, Buttons | None]] = [("player", None)]
        self.rows += [("key", a) for a in ACTIONS]
        self.rows += [("pad", a) for a in ACTIONS] + [("defaults", None), ("back", None)]
        self.index = 0
        self.column = 0
        self.waiting = False  # for the new key or button of the chosen slot
        self.pending: Conflict | None = None  # a key another action holds: swap?
        self.message = ""
        self.player = 1  # whose keys the keyboard rows edit (a slot of PLAYER_DEFAULTS)

    # -- what is being edited ------------------------------------------------------------

    @staticmethod
    def pad_id(app: App) -> str:
        """The GUID of the first pad plugged in, else ANY_PAD (every pad's buttons)."""
        return next(iter(app.pads.guids.values()), ANY_PAD) if app.pads.enabled else ANY_PAD

    def bound(self, app: App, kind: str) -> ActionMap:
        if kind == "key":
            return app.settings.keys_by_player.get(self.player) or default_keys(self.player)
        pads = app.settings.pad_buttons
        return pads.get(self.pad_id(app)) or pads.get(ANY_PAD) or dict(DEFAULT_PAD_BINDINGS)

    def store(self, app: App, kind: str, bound: ActionMap) -> None:
        if kind == "key":
            app.settings.keys_by_player[self.player] = bound
        else:
            app.settings.pad_buttons[self.pad_id(app)] = bound
        app.pads.bindings = app.settings.pad_buttons
        app.save_settings()

    @staticmethod
    def label(kind: str, code: int) -> str:
        return key_label(code) if kind == "key" else button_label(code)

    # -- input -------------------------------------------------------------------------

    def handle_event(self, app: App, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if self.pending is not None:
            self._answer_swap(app, event.key in CONFIRM_KEYS)
        elif self.waiting:
            self._take(app, event)
        else:
            self._navigate(app, event.key)

    def _navigate(self, app: App, key: int) -> None:
        kind, action = self.rows[self.index]
        if key in UP_KEYS or key in DOWN_KEYS:
            self.index = (self.index + (-1 if key in UP_KEYS else 1)) % len(self.rows)
            self.message = ""
            self._keep_column(app)
            app.audio.play("menu_move")
        elif kind == "player" and (key in LEFT_KEYS or key in RIGHT_KEYS or key in CONFIRM_KEYS):
            slots = sorted(PLAYER_DEFAULTS)
            step = -1 if key in LEFT_KEYS else 1
            self.player = slots[(slots.index(self.player) + step) % len(slots)]
            self.message = ""
            app.audio.play("menu_move")
        elif key in LEFT_KEYS or key in RIGHT_KEYS:
            self.column += -1 if key in LEFT_KEYS else 1
            self._keep_column(app)
            app.audio.play("menu_move")
        elif key in CLEAR_KEYS and action is not None:
            self._clear(app, kind, action)
        elif key in CONFIRM_KEYS:
            if kind == "back":
                app.pop()
            elif kind == "defaults":
                app.settings.pad_buttons.pop(self.pad_id(app), None)
                self.store(app, "key", default_keys(self.player))
                self.message = f"PLAYER {self.player}'S DEFAULT KEYS AND PAD BUTTONS RESTORED"
            elif action is not None:
                self.waiting = True
                what = "KEY" if kind == "key" else "PAD BUTTON"
                name = ACTION_LABELS[action]
                self.message = f"PRESS A {what} FOR {name}  (DEL CLEARS, ESC CANCELS)"
            app.audio.play("menu_select")
        elif key in BACK_KEYS:
            app.pop()

    def _keep_column(self, app: App) -> None:
        """Keep the chosen column on a key, or on the "+" that adds one."""
        kind, action = self.rows[self.index]
        if action is None:
            self.column = 0
            return
        most = min(len(self.bound(app, kind).get(action, ())), MAX_KEYS - 1)
        self.column = max(0, min(self.column, most))

    def _take(self, app: App, event: pygame.event.Event) -> None:
        kind, action = self.rows[self.index]
        assert action is not None
        self.waiting = False
        from_pad = getattr(event, "pad", False)
        if event.key == pygame.K_ESCAPE and not from_pad:
            self.message = "CANCELLED"
            return
        if event.key in CLEAR_KEYS and not from_pad:
            self._clear(app, kind, action)
            return
        if kind == "key":
            if from_pad:
                self.message = "THAT ROW TAKES A KEY: THE PAD'S ARE BELOW"
                return
            code = event.key
            if code in RESERVED_KEYS:
                self.message = f"{key_label(code)} IS RESERVED"
                return
            if not bindable(code):
                self.message = "THAT KEY CANNOT BE BOUND"
                return
        else:
            code = getattr(event, "button", None)
            if not from_pad or code is None:
                self.message = "THAT ROW TAKES A PAD BUTTON  (ESC CANCELS)"
                self.waiting = True
                return
            if code in RESERVED_BUTTONS:
                self.message = f"{button_label(code)} IS RESERVED"
                return
        self._bind(app, kind, action, code, swap=False)

    def _bind(self, app: App, kind: str, action: Buttons, code: int, swap: bool) -> None:
        try:
            bound = bind(self.bound(app, kind), action, self.column, code, swap=swap)
        except Conflict as conflict:
            self.pending = conflict
            owner = ACTION_LABELS[conflict.owner]
            self.message = f"{self.label(kind, code)} IS {owner}'S.  ENTER SWAPS, ESC KEEPS IT"
            return
        except BindError as exc:
            self.message = str(exc).upper()
            return
        old = self.bound(app, kind)
        self.store(app, kind, bound)
        self.message = self.shared_key_note(app, kind, code)
        if swap and self.pending is not None:
            loser = self.pending.owner
            given = [k for k in bound[loser] if k not in old[loser]]
            gets = f" GETS {self.label(kind, given[0])}" if given else " LOSES IT"
            self.message = f"SWAPPED: {ACTION_LABELS[loser]}{gets}"
        self._keep_column(app)
        app.audio.play("menu_select")

    def shared_key_note(self, app: App, kind: str, code: int) -> str:
        """A key just set that the other keyboard player's table holds too: while two
        play it is player 2's (a key never moves two players), so say so ("" if not)."""
        if kind != "key":
            return ""
        for other in sorted(PLAYER_DEFAULTS):
            theirs = app.settings.keys_by_player.get(other) or default_keys(other)
            action = owner_of(theirs, code) if other != self.player else None
            if action is not None:
                return f"{key_label(code)} IS ALSO PLAYER {other}'S: PLAYER 2'S WHILE TWO PLAY"
        return ""

    def _answer_swap(self, app: App, swap: bool) -> None:
        conflict = self.pending
        assert conflict is not None
        kind, action = self.rows[self.index]
        assert action is not None
        if swap:
            self._bind(app, kind, action, conflict.key, swap=True)
        else:
            owner = ACTION_LABELS[conflict.owner]
            self.message = f"KEPT: {self.label(kind, conflict.key)} STAYS {owner}'S"
        self.pending = None

    def _clear(self, app: App, kind: str, action: Buttons) -> None:
        try:
            bound = clear(self.bound(app, kind), action, self.column)
        except BindError as exc:
            self.message = str(exc).upper()
            return
        self.store(app, kind, bound)
        self.message = "CLEARED"
        self._keep_column(app)
        app.audio.play("menu_move")

    # -- drawing -----------------------------------------------------------------------

    def draw(self, app: App, surface: pygame.Surface) -> None:
        surface.fill(BACKDROP)
        w, h = surface.get_size()
        text.draw(surface, "CONTROLS", (w // 2, 6), 28, text.YELLOW, "midtop")
        y = 30
        for i, (kind, action) in enumerate(self.rows):
            if kind in ("key", "pad", "defaults") and kind != self.rows[i - 1][0]:
                y += 4
                if kind != "defaults":
                    text.draw(surface, self.heading(app, kind), (24, y), 14, text.CYAN)
                    y += 12
            selected = i == self.index
            colour = text.YELLOW if selected else text.GREY
            if kind == "player":
                rect = text.draw(surface, "KEYS OF", (COLUMNS[0] - 12, y), 14, colour, "topright")
                shown = text.WHITE if selected else colour
                text.draw(surface, f"< PLAYER {self.player} >", (COLUMNS[0], y), 14, shown)
            elif action is None:
                label = "DEFAULT KEYS AND BUTTONS" if kind == "defaults" else "BACK"
                rect = text.draw(surface, label, (COLUMNS[0] - 12, y), 14, colour, "topright")
            else:
                rect = text.draw(
                    surface, ACTION_LABELS[action], (COLUMNS[0] - 12, y), 14, colour, "topright"
                )
                self.draw_slots(app, surface, kind, action, selected, y)
            if selected:
                text.draw(surface, ">", (rect.left - 6, y), 14, text.YELLOW, "topright")
            y += ROW
        colour = text.YELLOW if self.pending or self.message.startswith("PRESS") else text.CYAN
        hint = self.message or "ENTER set   LEFT/RIGHT key   DEL clear   ESC back"
        text.draw(surface, hint, (w // 2, h - 5), 14, colour, "midbottom")

    def heading(self, app: App, kind: str) -> str:
        if kind == "key":
            return f"KEYBOARD  (PLAYER {self.player})"
        pad = self.pad_id(app)
        if pad == ANY_PAD:
            return "PAD  (NONE PLUGGED IN: EVERY PAD)"
        names = [getattr(p, "name", "") for p in app.pads.pads.values()]
        return f"PAD  ({str(names[0] or 'PLUGGED IN')[:28].upper()})" if names else "PAD"

    def draw_slots(
        self, app: App, surface: pygame.Surface, kind: str, action: Buttons, selected: bool, y: int
    ) -> None:
        codes = self.bound(app, kind).get(action, ())
        for column, x in enumerate(COLUMNS):
            here = selected and column == self.column
            if column < len(codes):
                label = self.label(kind, codes[column])
            elif column == len(codes):
                label = "+"
            else:
                break
            if here and self.waiting:
                label = "..."
            if here:
                box = pygame.Rect(x - 3, y - 2, 62, 12)
                pygame.draw.rect(surface, text.YELLOW, box, 1)
            shown = text.WHITE if here else (text.GREY if label == "+" else text.WHITE)
            text.draw(surface, label[:9], (x, y), 14, shown)
