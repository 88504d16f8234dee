"""Level select: the campaign's levels with their best times, locked ones greyed out;
then, under "Custom", the player's own maps (see `gunner.customlevels`).

The first level is always open; completing a level unlocks the next (see
`Progress.record_finish`). Levels whose map file is not there are left out.
Custom maps are always open, their best times kept apart from the campaign's; one
the game cannot use is listed as such, and choosing it shows why. A level with a best
run kept (gunner.ghost) can have it played back: R, or Y on a pad.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import pygame

from gunner import config, text
from gunner.config import DT
from gunner.customlevels import unusable
from gunner.ghost import GhostRefused, ghost_path, read_ghost
from gunner.hud import format_time
from gunner.input import BACK_KEYS, CONFIRM_KEYS, Buttons
from gunner.levellist import (
    LevelEntry,
    campaign_entries,
    continue_index,
    custom_entries,
    unlocked_entries,
    with_titles,
)
from gunner.maps import LevelError
from gunner.render import draw_background
from gunner.scenes.base import Scene, dim
from gunner.scenes.playing.opening import big, ready
from gunner.settings import campaign_key, level_key

if TYPE_CHECKING:
    from gunner.app import App

# The list itself is gunner.levellist's; these names stay importable from here.
__all__ = [
    "LevelEntry",
    "LevelSelectScene",
    "campaign_entries",
    "continue_index",
    "custom_entries",
    "unlocked_entries",
]


# The list's rows, in pixels of the 480x270 frame; more rows than fit scroll.
LIST_TOP = 58
LIST_BOTTOM = 36  # from the frame's bottom: room for the chosen map's file and the keys
ROW_H = 24
HEADING_H = 20
LOCKED = (88, 92, 104)
# Plays the chosen level's best run back.
WATCH_KEYS = (pygame.K_r,)
WATCH_BUTTONS = (pygame.CONTROLLER_BUTTON_Y,)


def entry_key(entry: LevelEntry) -> str:
    """How progress (and the ghosts' folder) names the level of `entry`."""
    if entry.path is not None:
        return level_key(entry.path, config.LEVELS_DIR)
    return campaign_key(entry.file)


def fit(line: str, size: int, width: int, keep_end: bool = False) -> str:
    """`line` cut with "..." until it is at most `width` pixels wide at `size`."""
    font = text.font(size)
    if font.size(line)[0] <= width:
        return line
    while line and font.size(line)[0] > width - font.size("...")[0]:
        line = line[1:] if keep_end else line[:-1]
    return "..." + line if keep_end else line + "..."


def fit_middle(line: str, size: int, width: int) -> str:
    """`line` with its middle cut to "..." until it is at most `width` pixels wide at
    `size`: a folder's path keeps where it starts and the folder it ends in."""
    font = text.font(size)
    if font.size(line)[0] <= width:
        return line
    head, tail = line[: len(line) // 2], line[len(line) // 2 :]
    while (head or tail) and font.size(head + "..." + tail)[0] > width:
        if len(head) >= len(tail):
            head = head[:-1]
        else:
            tail = tail[1:]
    return head + "..." + tail


class LevelSelectScene(Scene):
    def __init__(self) -> None:
        self.entries: list[LevelEntry] = []
        self.index = 0
        self.scroll = 0.0
        self.top = 0  # pixels of the list scrolled off above
        self.message = ""  # why a best run cannot be watched, until the cursor moves
        self.best_runs: set[int] = set()  # entries whose best run is kept (gunner.ghost)
        self.titles_seen = -1  # app.map_titles.version when the titles were last filled in

    def enter(self, app: App) -> None:
        # The custom maps' titles come in the background (gunner.maptitles): a map not
        # read yet is listed by its file's name, and `step` fills its title in.
        self.titles_seen = app.map_titles.version
        self.entries = campaign_entries(app.progress) + custom_entries(
            app.progress, app.custom_folder, app.extra_levels, titles=app.map_titles
        )
        self.best_runs = {
            i
            for i, e in enumerate(self.entries)
            if e.unlocked and ghost_path(entry_key(e)).exists()
        }
        # A big custom map is read in the app's reader process: start it now, so choosing
        # one does not wait for the process too (seconds on a busy machine).
        if any(e.path is not None and big(e.path) for e in self.entries):
            app.reader.warm(ready)
        if self.index >= len(self.entries) or not self.entries[self.index].unlocked:
            open_ = [i for i, e in enumerate(self.entries) if e.unlocked and not e.custom]
            self.index = open_[-1] if open_ else 0

    def move(self, app: App, direction: int) -> None:
        """Step to the next unlocked level up or down (locked ones are skipped)."""
        n = len(self.entries)
        for k in range(1, n + 1):
            i = (self.index + direction * k) % n
            if self.entries[i].unlocked:
                if i != self.index:
                    app.audio.play("menu_move")
                    self.message = ""
                self.index = i
                return

    def choose(self, app: App) -> None:
        if not self.entries or not self.entries[self.index].unlocked:
            return
        entry = self.entries[self.index]
        app.audio.play("menu_select")
        if entry.index is not None:
            index = entry.index
            make = app.router.make
            app.open_level(lambda: make("campaign", app, index), config.LEVELS_DIR / entry.file)
            return
        path = entry.path
        assert path is not None

        def play_custom() -> Scene:
            # Read afresh, not from the list: the designer may have fixed it meanwhile.
            try:
                return app.router.make("play", path, reader=app.reader)
            except Exception as exc:  # a refusal (ErrorScene), never a traceback
                raise unusable(path, exc) from exc

        app.open_level(play_custom, path)

    def has_best_run(self) -> bool:
        return self.index in self.best_runs

    def watch(self, app: App) -> None:
        """Play the chosen level's best run back (the replay kept with its ghost)."""
        if not self.has_best_run():
            return
        try:
            ghost = read_ghost(entry_key(self.entries[self.index]))
            if ghost is None:
                return
            scene = app.router.make("watch", ghost.replay, "BEST RUN")
        except GhostRefused as exc:
            print(f"gunner: {exc}", file=sys.stderr)
            self.message = f"CANNOT WATCH: {exc.why}".upper()
            return
        except LevelError as exc:
            print(f"gunner: {exc}", file=sys.stderr)
            self.message = "ITS LEVEL CANNOT BE LOADED"
            return
        app.audio.play("menu_select")
        app.push(scene)

    def handle_event(self, app: App, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if event.key in WATCH_KEYS or getattr(event, "button", None) in WATCH_BUTTONS:
            self.watch(app)
        elif event.key in (pygame.K_UP, pygame.K_w):
            self.move(app, -1)
        elif event.key in (pygame.K_DOWN, pygame.K_s):
            self.move(app, 1)
        elif event.key in CONFIRM_KEYS:
            self.choose(app)
        elif event.key in BACK_KEYS:
            app.pop()

    def step(self, app: App, held: Buttons) -> None:
        self.scroll += 30 * DT
        if app.map_titles.version != self.titles_seen:  # a custom map's title came in
            self.titles_seen = app.map_titles.version
            self.entries = with_titles(self.entries, app.map_titles)

    def layout(self, app: App) -> list[tuple[int, str, int | None]]:
        """(y in the list, kind, entry index) of every row: "entry", "heading" or "empty"."""
        rows: list[tuple[int, str, int | None]] = []
        y = 0
        for i, entry in enumerate(self.entries):
            if entry.custom and (i == 0 or not self.entries[i - 1].custom):
                rows.append((y, "heading", None))
                y += HEADING_H
            rows.append((y, "entry", i))
            y += ROW_H
        if app.custom_folder is not None and not any(e.custom for e in self.entries):
            rows += [(y, "heading", None), (y + HEADING_H, "empty", None)]
        return rows

    def keep_in_view(self, rows: list[tuple[int, str, int | None]], height: int) -> None:
        """Scroll so the chosen row shows whole, moving the list as little as possible;
        the first entry shows the list from its top."""
        ys = [y for y, _, i in rows if i == self.index]
        if not ys or self.index == 0:
            self.top = 0
        else:
            self.top = min(max(self.top, ys[0] + ROW_H - height), ys[0])

    def draw(self, app: App, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        draw_background(surface, app.art, self.scroll, 0, h)
        dim(surface, 170)
        text.draw(surface, "LEVEL SELECT", (w // 2, 16), 36, text.YELLOW, "midtop")
        left, right = w // 2 - 160, w // 2 + 160
        height = h - LIST_BOTTOM - LIST_TOP
        rows = self.layout(app)
        self.keep_in_view(rows, height)
        hidden_above = hidden_below = False
        for y, kind, i in rows:
            # Only whole rows are drawn; the arrows below say where the rest is.
            if y < self.top:
                hidden_above = True
                continue
            if y + (ROW_H if kind == "entry" else HEADING_H) > self.top + height:
                hidden_below = True
                continue
            y += LIST_TOP - self.top
            if kind == "heading":
                text.draw(surface, "CUSTOM", (left - 4, y + 4), 16, text.CYAN)
                pygame.draw.line(surface, text.CYAN, (left + 52, y + 11), (right, y + 11))
            elif kind == "empty":
                # Two lines: the words always show whole, the folder below them.
                text.draw(surface, "PUT .TMX MAPS IN", (left + 6, y), 14, text.GREY)
                where = fit_middle(str(app.custom_folder), 14, right - left - 6)
                text.draw(surface, where, (left + 6, y + 11), 14, text.GREY)
            elif i is not None:
                self.draw_entry(surface, self.entries[i], i == self.index, left, right, y)
        # Arrows beside the list say there is more of it above or below.
        x = right + 18
        if hidden_above:
            y = LIST_TOP + 2
            pygame.draw.polygon(surface, text.GREY, [(x - 5, y + 5), (x + 5, y + 5), (x, y)])
        if hidden_below:
            y = h - LIST_BOTTOM - 8
            pygame.draw.polygon(surface, text.GREY, [(x - 5, y), (x + 5, y), (x, y + 5)])
        if not self.entries:
            text.draw(surface, "NO LEVELS FOUND", (w // 2, LIST_TOP), 22, text.RED, "midtop")
        elif (chosen := self.entries[self.index]).path is not None:
            # Which file a custom row is (titles repeat), or why it cannot be played.
            # The cause alone: the whole line (with the path) shows when it is chosen.
            about = (chosen.problem or "").removeprefix(f"{chosen.path}: ") or str(chosen.path)
            colour = text.RED if chosen.problem else text.GREY
            line = fit(about, 14, w - 20, keep_end=not chosen.problem)
            text.draw(surface, line, (w // 2, h - 22), 14, colour, "midbottom")
        if self.message:
            text.draw(surface, self.message, (w // 2, h - 6), 14, text.RED, "midbottom")
            return
        watch = "   R watch best run" if self.has_best_run() else ""
        hint = f"UP/DOWN choose   ENTER play{watch}   ESC back"
        text.draw(surface, hint, (w // 2, h - 6), 14, text.GREY, "midbottom")

    @staticmethod
    def draw_entry(
        surface: pygame.Surface, entry: LevelEntry, selected: bool, left: int, right: int, y: int
    ) -> None:
        if not entry.unlocked:
            colour = best_colour = LOCKED
            best = "LOCKED"
        else:
            colour = text.YELLOW if selected else text.WHITE
            if entry.problem:
                best, best_colour = "CANNOT LOAD", text.RED
            elif entry.best and entry.assisted:  # marked, as Celeste marks assisted saves
                best, best_colour = f"ASSISTED {format_time(entry.best)}", text.CYAN
            elif entry.best:
                best, best_colour = f"BEST {format_time(entry.best)}", text.GREEN
            else:
                best, best_colour = "READING" if entry.reading else "NOT CLEARED", text.GREY
        if selected:
            box = pygame.Rect(left - 10, y - 3, right - left + 20, ROW_H - 2)
            shade = pygame.Surface(box.size, pygame.SRCALPHA)
            shade.fill((255, 214, 90, 40))
            surface.blit(shade, box)
            text.draw(surface, ">", (left - 4, y), 22, text.YELLOW, "topright")
        if entry.index is not None:
            text.draw(surface, f"{entry.index + 1}", (left + 6, y), 22, colour)
        status = text.draw(surface, best, (right, y + 3), 16, best_colour, "topright")
        title = fit(entry.title.upper(), 22, status.left - 8 - (left + 28))
        text.draw(surface, title, (left + 28, y), 22, colour)
