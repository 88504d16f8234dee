"""The data folder and `JsonStore`: one versioned JSON document, loaded without raising
and saved atomically. A file the game cannot read is set aside with a one-line warning.
"""

from __future__ import annotations

import glob
import json
import os
import stat
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pygame

from gunner.datafile import DataFileError, load_json

DATA_DIR_ENV = "GUNNER_DATA_DIR"
SETTINGS_FILE = "settings.json"
PROGRESS_FILE = "progress.json"
SETTINGS_VERSION = 1
# 2: levels keyed by `level_key` (0.1.0 wrote 1, file names alone; migrated on load).
PROGRESS_VERSION = 2
MAX_SCALE = 8
# Both files are a few hundred bytes; anything past this is not ours (or damaged).
MAX_FILE_BYTES = 1 << 20
# A temporary file this old is left over from an interrupted save, not one under way.
STALE_TEMPORARY_S = 60.0
# Action names as written in settings.json; Buttons' own names, lower-cased.


class StoreError(ValueError):
    """The file's contents are not what this version of the game writes."""


def data_dir() -> Path:
    """The folder for settings, progress and crash logs (created if missing)."""
    override = os.environ.get(DATA_DIR_ENV)
    # Otherwise SDL picks the platform's place: ~/.local/share/gunner/gunner/ on Linux.
    path = Path(override) if override else Path(pygame.system.get_pref_path("gunner", "gunner"))
    path.mkdir(parents=True, exist_ok=True)
    return path


def usable_data_dir() -> Path | None:
    """data_dir(), or None with a one-line warning if it cannot be used (then nothing is saved)."""
    try:
        return data_dir()
    except (OSError, pygame.error) as exc:
        where = os.environ.get(DATA_DIR_ENV) or "the per-user data folder"
        if isinstance(exc, FileExistsError):
            cause = "a file, not a folder"
        else:
            cause = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        warn(f"{where}: cannot use it as the data folder ({cause}); defaults, nothing saved")
        return None


def short_repr(value: Any, most: int = 24) -> str:
    """A value as the file spells it (`true`, `NaN`, `"1"`), cut short so a damaged
    file's megabyte string cannot flood the warning line."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= most else text[: most - 3] + "..."


def warn(message: str) -> None:
    print(f"gunner: {message}", file=sys.stderr)


def atomic_write_text(path: Path, text: str) -> None:
    """Write so readers see the old file or the new one, never a mix or a stub."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        # mkstemp makes the file private (0600); keep the mode an ordinary save would have.
        os.chmod(tmp, path.stat().st_mode & 0o777 if path.exists() else 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class JsonStore:
    """One versioned JSON document on disk: `load` never raises, `save` is atomic."""

    def __init__(self, path: Path, version: int, older: tuple[int, ...] = ()) -> None:
        self.path = Path(path)
        self.version = version
        self.older = older  # earlier versions the owner can migrate
        self.loaded_version: int | None = None  # the version `load` found

    def load(self) -> dict[str, Any] | None:
        """The stored document (without its version), or None if absent or unreadable."""
        self.clean_stale_temporaries()
        try:
            data = load_json(self.path, MAX_FILE_BYTES)
        except FileNotFoundError:
            return None
        except DataFileError as exc:
            self._set_aside(str(exc))
            return None
        except OSError as exc:
            self._set_aside(f"cannot read it ({exc.strerror or exc.__class__.__name__})")
            return None
        if not isinstance(data, dict):
            self._set_aside("not a JSON object")
            return None
        version = data.get("version")
        # `true` and `1.0` equal 1 in Python, but no game writes them: not a version.
        if (
            isinstance(version, bool)
            or not isinstance(version, int)
            or (version != self.version and version not in self.older)
        ):
            self._set_aside(
                f"unknown version {short_repr(version)} (this game writes {self.version})"
            )
            return None
        self.loaded_version = data.pop("version")
        return data

    def clean_stale_temporaries(self) -> None:
        """Delete `<name>.*.tmp` files left by saves that were interrupted (a crash, a kill).

        Only ones older than STALE_TEMPORARY_S: a younger one may be another
        running copy of the game in the middle of its own save.
        """
        pattern = glob.escape(self.path.name) + ".*.tmp"
        now = time.time()
        for tmp in self.path.parent.glob(pattern):
            try:
                info = tmp.lstat()
                if stat.S_ISDIR(info.st_mode) or now - info.st_mtime < STALE_TEMPORARY_S:
                    continue
                tmp.unlink()
            except OSError:
                continue  # not ours to fight over: the next start tries again

    def report(self, repair: str) -> None:
        """Tell the player about a value the caller repaired, as a rejection is told."""
        warn(f"{self.path}: {repair}")

    def reject(self, cause: str) -> None:
        """The caller found the document unusable: keep it aside and warn."""
        self._set_aside(cause)

    def save(self, data: dict[str, Any]) -> None:
        text = json.dumps({"version": self.version, **data}, indent=2, sort_keys=True) + "\n"
        atomic_write_text(self.path, text)

    def _set_aside(self, cause: str) -> None:
        # Never overwrite a file we could not read: the player may want it back.
        n = 1
        while (aside := self.path.with_name(f"{self.path.name}.bad-{n}")).exists():
            n += 1
        try:
            os.replace(self.path, aside)
            kept = f"kept as {aside.name}"
        except OSError:
            kept = "left in place"
        warn(f"{self.path}: {cause}; using defaults ({kept})")
