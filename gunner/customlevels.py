"""The player's own maps: found in the data folder's `levels/` and given with --level.

Finding them is bounded whatever the folder holds: at most MAX_SCANNED entries
are looked at and MAX_LISTED maps listed; only regular `.tmx` files count (a
FIFO or a device is never opened, see `gunner.datafile.check_regular`). Each map
is read as `--level` reads it (`load_level`), so one the game cannot use is
listed with the same one-line refusal instead of failing when it is chosen (its
images decoded too, as `--check` does).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from gunner import config
from gunner.datafile import DataFileError, check_regular
from gunner.maps import LevelError, decode_images, load_level

__all__ = [
    "MAX_LISTED",
    "MAX_SCANNED",
    "MapInfo",
    "custom_maps",
    "inspect",
    "read_info",
    "signature",
    "unreadable",
    "unusable",
]

# Enough for any player's collection, few enough to read them all when Level select opens.
MAX_LISTED = 50
# Folder entries looked at: a folder of a million files must not stall the menu.
MAX_SCANNED = 5000
MAP_SUFFIX = ".tmx"


@dataclass(frozen=True)
class MapInfo:
    title: str  # the map's `name` property, else its file name
    problem: str | None  # the one-line refusal when the game cannot use the map


def _is_map(path: Path) -> bool:
    """A regular .tmx file (following links); FIFOs, devices and folders are not."""
    if path.suffix.lower() != MAP_SUFFIX:
        return False
    try:
        check_regular(path)
    except (OSError, DataFileError):
        return False
    return True


def _is_shipped(path: Path, levels_dir: Path) -> bool:
    return path.resolve().is_relative_to(levels_dir.resolve())


def _scan(folder: Path) -> list[Path]:
    """The first MAX_LISTED maps of `folder` by name (of its first MAX_SCANNED entries)."""
    names: list[str] = []
    try:
        with os.scandir(folder) as entries:
            for n, entry in enumerate(entries):
                if n >= MAX_SCANNED:
                    break
                if entry.name.lower().endswith(MAP_SUFFIX):
                    names.append(entry.name)
    except OSError:  # no folder yet, not a folder, not readable: no custom maps
        return []
    names.sort(key=lambda name: (name.casefold(), name))
    found = []
    for name in names:
        if _is_map(folder / name):
            found.append(folder / name)
            if len(found) == MAX_LISTED:
                break
    return found


def custom_maps(
    folder: Path | None, extra: Iterable[Path] = (), levels_dir: Path | None = None
) -> list[Path]:
    """The maps to list under "Custom": `extra` (the --level map) first, then the folder's.

    A map is listed once however it was reached; the shipped levels never (they
    are the campaign). Maps that are not there any more are left out.
    """
    levels_dir = config.LEVELS_DIR if levels_dir is None else levels_dir
    candidates = [Path(p) for p in extra if _is_map(Path(p))]
    if folder is not None:
        candidates += _scan(folder)
    seen: set[Path] = set()
    maps = []
    for path in candidates:
        resolved = path.resolve()
        if resolved in seen or _is_shipped(path, levels_dir):
            continue
        seen.add(resolved)
        maps.append(path)
    return maps[:MAX_LISTED]


def unusable(path: Path, exc: Exception) -> LevelError:
    """Any failure to start a map as the one-line refusal the player sees (never a traceback)."""
    if isinstance(exc, LevelError):
        return exc
    cause = " ".join(f"{type(exc).__name__}: {exc}".split())[:120]
    return LevelError(path, f"the game could not start this map ({cause})")


def signature(path: Path) -> tuple[int, int, int]:
    """What tells a map file's versions apart: changed, it is read again."""
    info = os.stat(path)
    return (info.st_mtime_ns, info.st_size, info.st_ino)


def read_info(path: Path) -> MapInfo:
    """Title and refusal of one map, read as `--level` reads it (within the loader's
    limits); in the map reader's process for a big map (gunner.maptitles)."""
    try:
        level = load_level(path, images=False)
        decode_images(level)  # as play and --check will: a corrupt PNG is no surprise
    except Exception as exc:  # a map in the player's folder must never crash the menu
        return MapInfo(path.stem, str(unusable(path, exc)))
    return MapInfo(level.name, None)


@lru_cache(maxsize=2 * MAX_LISTED)
def _inspect(path: Path, version: tuple[int, int, int]) -> MapInfo:
    return read_info(path)


def inspect(path: Path) -> MapInfo:
    """Title and refusal of one map, read again only when the map file changed."""
    try:
        version = signature(path)
    except OSError as exc:
        return unreadable(path, exc)
    return _inspect(path, version)


def unreadable(path: Path, exc: OSError) -> MapInfo:
    """A map whose file cannot even be looked at (gone, no permission)."""
    return MapInfo(path.stem, str(LevelError(path, f"cannot be read ({exc.strerror})")))
