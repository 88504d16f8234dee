"""Level select: the campaign's levels with their best times; locked ones greyed out.

The first level is always open; completing a level unlocks the next (see
`PlayScene._save_progress`). Levels whose map file is not there are left out.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from gunner import config, text
from gunner.config import DT
from gunner.hud import format_time
from gunner.input import BACK_KEYS, CONFIRM_KEYS, Buttons
from gunner.render import draw_background
from gunner.scenes.base import Scene, dim

if TYPE_CHECKING:
    from gunner.app import App
    from gunner.settings import Progress


@dataclass(frozen=True)
class LevelEntry:
    index: int  # position in the campaign
    file: str  # level1.tmx
    title: str  # the map's `name` property
    unlocked: bool
    best: float | None  # seconds


@lru_cache(maxsize=32)
def _map_title(path: Path, mtime: float) -> str:
    # Only the map's properties are needed: reading them is much cheaper than loading it.
    try:
        for prop in ET.parse(path).getroot().iterfind("./properties/property"):
            if prop.get("name") == "name" and prop.get("value"):
                return str(prop.get("value"))
    except (ET.ParseError, OSError):
        pass
    return path.stem


def map_title(path: Path) -> str:
    try:
        return _map_title(path, path.stat().st_mtime)
    except OSError:
        return path.stem


def is_unlocked(progress: Progress | None, index: int, name: str) -> bool:
    return index == 0 or (progress is not None and progress.is_unlocked(name))


def campaign_entries(
    progress: Progress | None,
    campaign: tuple[str, ...] | None = None,
    levels_dir: Path | None = None,
) -> list[LevelEntry]:
    """The campaign's levels that exist on disk, in order, each unlocked or not."""
    campaign = config.CAMPAIGN if campaign is None else campaign
    levels_dir = config.LEVELS_DIR if levels_dir is None else levels_dir
    entries = []
    for index, name in enumerate(campaign):
        path = levels_dir / name
        if not path.is_file():
            continue  # not made yet
        best = progress.best_times.get(name) if progress is not None else None
        unlocked = is_unlocked(progress, index, name)
        entries.append(LevelEntry(index, name, map_title(path), unlocked, best))
    return entries


def unlocked_entries(progress: Progress | None, **kwargs) -> list[LevelEntry]:
    return [e for e in campaign_entries(progress, **kwargs) if e.unlocked]


def continue_index(progress: Progress | None, **kwargs) -> int | None:
    """The furthest unlocked campaign level, or None when there is nothing to continue."""
    if progress is None or not (progress.unlocked or progress.best_times):
        return None
    unlocked = unlocked_entries(progress, **kwargs)
    return unlocked[-1].index if unlocked else None


class LevelSelectScene(Scene):
    def __init__(self) -> None:
        self.entries: list[LevelEntry] = []
        self.index = 0
        self.scroll = 0.0

    def enter(self, app: App) -> None:
        self.entries = campaign_entries(app.progress)
        open_ = [i for i, e in enumerate(self.entries) if e.unlocked]
        if self.index >= len(self.entries) or not self.entries[self.index].unlocked:
            self.index = open_[-1] if open_ else 0

    def move(self, app: App, direction: int) -> None:
        """Step to the next unlocked level up or down (locked ones are skipped)."""
        n = len(self.entries)
        for k in range(1, n + 1):
            i = (self.index + direction * k) % n
            if self.entries[i].unlocked:
                if i != self.index:
                    app.audio.play("menu_move")
                self.index = i
                return

    def choose(self, app: App) -> None:
        from gunner.scenes.play import PlayScene

        if not self.entries or not self.entries[self.index].unlocked:
            return
        index = self.entries[self.index].index
        app.audio.play("menu_select")
        app.open_level(lambda: PlayScene.campaign(app, index), reset=True)

    def handle_event(self, app: App, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if event.key in (pygame.K_UP, pygame.K_w):
            self.move(app, -1)
        elif event.key in (pygame.K_DOWN, pygame.K_s):
            self.move(app, 1)
        elif event.key in CONFIRM_KEYS:
            self.choose(app)
        elif event.key in BACK_KEYS:
            app.pop()

    def step(self, app: App, held: Buttons) -> None:
        self.scroll += 30 * DT

    def draw(self, app: App, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        draw_background(surface, app.art, self.scroll, 0, h)
        dim(surface, 170)
        text.draw(surface, "LEVEL SELECT", (w // 2, 24), 36, text.YELLOW, "midtop")
        left, right = w // 2 - 150, w // 2 + 150
        y = 76
        for i, entry in enumerate(self.entries):
            selected = i == self.index
            if entry.unlocked:
                colour = text.YELLOW if selected else text.WHITE
                best = f"BEST {format_time(entry.best)}" if entry.best else "NOT CLEARED"
                best_colour = text.GREEN if entry.best else text.GREY
            else:
                colour = best_colour = (88, 92, 104)
                best = "LOCKED"
            if selected:
                box = pygame.Rect(left - 10, y - 4, right - left + 20, 26)
                shade = pygame.Surface(box.size, pygame.SRCALPHA)
                shade.fill((255, 214, 90, 40))
                surface.blit(shade, box)
                text.draw(surface, ">", (left - 4, y), 22, text.YELLOW, "topright")
            text.draw(surface, f"{entry.index + 1}", (left + 6, y), 22, colour)
            text.draw(surface, entry.title.upper(), (left + 28, y), 22, colour)
            text.draw(surface, best, (right, y + 3), 16, best_colour, "topright")
            y += 30
        if not self.entries:
            text.draw(surface, "NO LEVELS FOUND", (w // 2, y), 22, text.RED, "midtop")
        hint = "UP/DOWN choose   ENTER play   ESC back"
        text.draw(surface, hint, (w // 2, h - 10), 14, text.GREY, "midbottom")
