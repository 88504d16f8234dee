"""Campaign progress (progress.json): unlocked levels, best times and their splits,
and the keys that name a level in it.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from gunner import config
from gunner.datafile import DataFileError, read_bytes
from gunner.settings.store import (
    MAX_FILE_BYTES,
    PROGRESS_FILE,
    PROGRESS_VERSION,
    JsonStore,
    StoreError,
    atomic_write_text,
    data_dir,
    short_repr,
    warn,
)

# can stand for a campaign level, whatever its file is called.
CAMPAIGN_PREFIX = "levels/"
CUSTOM_PREFIX = "custom:"
# The folder inside the data folder where players drop their own maps.
CUSTOM_LEVELS_FOLDER = "levels"


def custom_levels_dir(directory: Path | None = None) -> Path:
    """Where Level select looks for the player's own maps (not created if missing)."""
    return (directory or data_dir()) / CUSTOM_LEVELS_FOLDER


def campaign_key(name: str) -> str:
    """The progress key of a shipped level by its file name: `levels/level1.tmx`."""
    return CAMPAIGN_PREFIX + name


def level_key(path: str | Path, levels_dir: Path | None = None) -> str:
    """The progress key of the map at `path`: shipped levels by their place among the
    shipped levels, any other map by its resolved path."""
    levels_dir = config.LEVELS_DIR if levels_dir is None else levels_dir
    resolved = Path(path).resolve()
    try:
        return CAMPAIGN_PREFIX + resolved.relative_to(levels_dir.resolve()).as_posix()
    except ValueError:
        return CUSTOM_PREFIX + str(resolved)


def next_campaign_key(key: str, campaign: tuple[str, ...] | None = None) -> str | None:
    """The key of the campaign level that finishing `key` opens, if any."""
    campaign = config.CAMPAIGN if campaign is None else campaign
    keys = [campaign_key(name) for name in campaign]
    if key in keys and keys.index(key) + 1 < len(keys):
        return keys[keys.index(key) + 1]
    return None


def migrate_progress_v1(data: dict[str, Any]) -> dict[str, Any]:
    """0.1.0's progress (levels named by file name alone) in today's keys.

    0.1.0 only ever unlocked campaign levels, so every unlocked name becomes its
    `levels/` key. A best time under a shipped level's name becomes that level's;
    one under any other name came from a map played with --level whose path 0.1.0
    did not keep: it stays under its bare name, which no map's key can equal, so
    it is kept without being shown for a map it may not belong to.
    """
    shipped = set(config.CAMPAIGN)

    def is_shipped(name: str) -> bool:
        return name in shipped or (config.LEVELS_DIR / name).is_file()

    unlocked = data.get("unlocked", [])
    best = data.get("best_times", {})
    if isinstance(unlocked, list):
        unlocked = [campaign_key(n) if isinstance(n, str) else n for n in unlocked]
    if isinstance(best, dict):
        best = {campaign_key(k) if is_shipped(str(k)) else k: v for k, v in best.items()}
    return {**data, "unlocked": unlocked, "best_times": best}


class Progress:
    """Unlocked levels and best times, saved after every change (it is rare and precious).

    Levels are named by `level_key`: `levels/level1.tmx` for the campaign,
    `custom:PATH` for the player's own maps, whose times are kept apart and never
    unlock a campaign level. Times of runs made with assists are kept apart too
    (`assisted_times`): an assisted time never replaces an unassisted best. Each
    best time keeps the splits of its run (`best_splits`, `assisted_splits`: level ->
    checkpoint -> seconds), for the next run to be compared with; a damaged splits
    entry is dropped with one line, never the file. A file written by 0.1.0 (version
    1) is migrated on load; the original is kept beside it as `progress.json.v1`.
    """

    def __init__(self, directory: Path | None = None) -> None:
        self.store = JsonStore(
            (directory or data_dir()) / PROGRESS_FILE, PROGRESS_VERSION, older=(1,)
        )
        self.unlocked: list[str] = []
        self.best_times: dict[str, float] = {}
        self.assisted_times: dict[str, float] = {}
        self.best_splits: dict[str, dict[str, float]] = {}
        self.assisted_splits: dict[str, dict[str, float]] = {}
        data = self.store.load()
        if data is None:
            return
        migrated = self.store.loaded_version == 1
        try:
            self._read(migrate_progress_v1(data) if migrated else data)
        except StoreError as exc:
            self.unlocked, self.best_times, self.assisted_times = [], {}, {}
            self.store.reject(str(exc))
            return
        if migrated:
            self._keep_v1_and_save()

    def _keep_v1_and_save(self) -> None:
        """Write the migrated record, keeping 0.1.0's file beside it (0.1.0 cannot read
        the new one: a player going back to it can rename the copy)."""
        kept = self.store.path.with_name(self.store.path.name + ".v1")
        try:
            if not kept.exists():
                original = read_bytes(self.store.path, MAX_FILE_BYTES).decode("utf-8-sig")
                atomic_write_text(kept, original)
            self.save()
        except (OSError, DataFileError) as exc:  # read-only: play on with the record in memory
            cause = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            warn(f"{self.store.path}: cannot save the migrated progress ({cause})")

    def _read(self, data: dict[str, Any]) -> None:
        unlocked = data.get("unlocked", [])
        if not isinstance(unlocked, list) or not all(isinstance(n, str) for n in unlocked):
            raise StoreError("unlocked must be a list of level names")
        self.unlocked = list(dict.fromkeys(unlocked))
        self.best_times = _times(data, "best_times")
        self.assisted_times = _times(data, "assisted_times")
        self.best_splits = self._splits(data, "best_splits")
        self.assisted_splits = self._splits(data, "assisted_splits")

    def _splits(self, data: dict[str, Any], name: str) -> dict[str, dict[str, float]]:
        """A `level -> checkpoint -> seconds` table; a level whose splits are damaged
        loses only its splits (told in one line), never its time or the file."""
        table = data.get(name, {})
        if not isinstance(table, dict):
            self.store.report(f"{name} is not an object of splits; splits dropped")
            return {}
        kept = {}
        for level, splits in table.items():
            if isinstance(splits, dict) and all(
                isinstance(v, int | float) and not isinstance(v, bool) and 0 <= v < math.inf
                for v in splits.values()
            ):
                kept[str(level)] = {str(k): float(v) for k, v in splits.items()}
            else:
                self.store.report(f"{name}.{short_repr(level)} is damaged; its splits dropped")
        return kept

    def is_unlocked(self, level: str) -> bool:
        return level in self.unlocked

    def unlock(self, level: str) -> None:
        if level not in self.unlocked:
            self.unlocked.append(level)
            self.save()

    def best_time(self, level: str, assisted: bool = False) -> float | None:
        """The best time for `level` among unassisted runs, or among assisted ones."""
        return (self.assisted_times if assisted else self.best_times).get(level)

    def best_splits_of(self, level: str, assisted: bool = False) -> dict[str, float]:
        """The splits of the best run of `level` (checkpoint -> seconds; {} for none)."""
        return dict((self.assisted_splits if assisted else self.best_splits).get(level, {}))

    def record_time(
        self,
        level: str,
        seconds: float,
        assisted: bool = False,
        splits: dict[str, float] | None = None,
    ) -> bool:
        """Keep `seconds`, and the run's `splits`, if it beats the best time for `level`
        (among assisted runs if `assisted`: those never touch the unassisted best);
        True if it did."""
        times = self.assisted_times if assisted else self.best_times
        table = self.assisted_splits if assisted else self.best_splits
        best = times.get(level)
        seconds = round(seconds, 3)  # as stored: the same run again is no new best
        if best is not None and best <= seconds:
            return False
        times[level] = seconds
        table.pop(level, None)  # an older run's splits would compare with the wrong run
        if splits:
            table[level] = dict(splits)
        self.save()
        return True

    def record_finish(
        self,
        level: str,
        seconds: float,
        assisted: bool = False,
        splits: dict[str, float] | None = None,
    ) -> bool:
        """A finished run of the level keyed `level`: its time and splits, and the next
        campaign level opens (only a campaign level opens one). True for a new best time
        (among assisted runs for an assisted one)."""
        new_best = self.record_time(level, seconds, assisted, splits)
        following = next_campaign_key(level)
        if following is not None:
            self.unlock(following)
        return new_best

    def save(self) -> None:
        data: dict[str, Any] = {"unlocked": self.unlocked, "best_times": self.best_times}
        for name in ("assisted_times", "best_splits", "assisted_splits"):
            if getattr(self, name):
                data[name] = getattr(self, name)
        self.store.save(data)


def _times(data: dict[str, Any], name: str) -> dict[str, float]:
    """A `level key -> seconds` table of progress.json; StoreError if it is not one."""
    times = data.get(name, {})
    if not isinstance(times, dict) or not all(
        isinstance(v, int | float) and not isinstance(v, bool) and 0 < v < math.inf
        for v in times.values()
    ):
        raise StoreError(f"{name} must map level names to seconds")
    return {str(k): float(v) for k, v in times.items()}
