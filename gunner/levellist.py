"""The levels a player can choose: the campaign's, each unlocked or not, with its best
time; then the player's own maps (see `gunner.customlevels`). Level select lists them,
and the title screen's CONTINUE opens the furthest one unlocked.

The first level is always open; completing a level unlocks the next (see
`Progress.record_finish`). Levels whose map file is not there are left out.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from gunner import config
from gunner.customlevels import custom_maps, inspect
from gunner.settings import campaign_key, level_key

if TYPE_CHECKING:
    from gunner.maptitles import MapTitles
    from gunner.settings import Progress

__all__ = [
    "LevelEntry",
    "campaign_entries",
    "continue_index",
    "custom_entries",
    "is_unlocked",
    "map_title",
    "unlocked_entries",
    "with_titles",
]


@dataclass(frozen=True)
class LevelEntry:
    index: int | None  # position in the campaign; None for a custom map
    file: str  # level1.tmx
    title: str  # the map's `name` property
    unlocked: bool
    best: float | None  # seconds
    path: Path | None = None  # the map of a custom entry
    problem: str | None = None  # why the game cannot use this custom map
    assisted: bool = False  # `best` is an assisted run's (no unassisted run finished it)
    reading: bool = False  # a custom map still being read: `title` is its file's name

    @property
    def custom(self) -> bool:
        return self.index is None


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


def best_time(progress: Progress | None, key: str) -> tuple[float | None, bool]:
    """(best time, whether it was assisted): the unassisted best if there is one, else
    the assisted best, marked so."""
    if progress is None:
        return None, False
    best = progress.best_time(key)
    if best is not None:
        return best, False
    assisted = progress.best_time(key, assisted=True)
    return assisted, assisted is not None


def is_unlocked(progress: Progress | None, index: int, name: str) -> bool:
    return index == 0 or (progress is not None and progress.is_unlocked(campaign_key(name)))


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
        best, assisted = best_time(progress, campaign_key(name))
        unlocked = is_unlocked(progress, index, name)
        entries.append(LevelEntry(index, name, map_title(path), unlocked, best, assisted=assisted))
    return entries


def custom_entries(
    progress: Progress | None,
    folder: Path | None,
    extra: Iterable[Path] = (),
    levels_dir: Path | None = None,
    titles: MapTitles | None = None,
) -> list[LevelEntry]:
    """The player's own maps (see `custom_maps`), each with its own best time. With
    `titles` (Level select), a map not read yet is listed at once by its file's name,
    and read in the background (`with_titles` fills its title in later); without, each
    is read here."""
    levels_dir = config.LEVELS_DIR if levels_dir is None else levels_dir
    entries = []
    for path in custom_maps(folder, extra, levels_dir):
        info = inspect(path) if titles is None else titles.info(path)
        best, assisted = best_time(progress, level_key(path, levels_dir))
        title, problem = (path.name, None) if info is None else (info.title, info.problem)
        entries.append(
            LevelEntry(None, path.name, title, True, best, path, problem, assisted, info is None)
        )
    return entries


def with_titles(entries: list[LevelEntry], titles: MapTitles) -> list[LevelEntry]:
    """`entries` with the title and refusal of each map read since they were listed."""
    out = []
    for entry in entries:
        info = titles.info(entry.path) if entry.reading and entry.path is not None else None
        if info is not None:
            entry = replace(entry, title=info.title, problem=info.problem, reading=False)
        out.append(entry)
    return out


def unlocked_entries(progress: Progress | None, **kwargs) -> list[LevelEntry]:
    return [e for e in campaign_entries(progress, **kwargs) if e.unlocked]


def continue_index(progress: Progress | None, **kwargs) -> int | None:
    """The furthest unlocked campaign level, or None when there is nothing to continue."""
    if progress is None or not (progress.unlocked or progress.best_times):
        return None
    unlocked = unlocked_entries(progress, **kwargs)
    return unlocked[-1].index if unlocked else None
