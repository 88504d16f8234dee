"""Player settings and campaign progress, each kept as a small JSON file in the data folder.

Both use `JsonStore`: a file is written atomically (temporary file in the same
folder, flush + fsync, `os.replace`), so a crash or a full disk mid-save never
leaves half a file behind. A file the game cannot read (corrupt, truncated,
another format version) is renamed aside to `<name>.bad-<n>`, a one-line
warning goes to stderr, and the game goes on with defaults. A value it can
repair (a volume or scale out of range, an action left with no key) is repaired
and told the same way, one line each. Whatever loads saves back as it loaded.
Files are read through `gunner.datafile`, so a FIFO, a device, a huge or deeply
nested file is refused the same way instead of hanging or crashing the start;
temporary files left by interrupted saves are deleted on the next load.

The data folder is `$GUNNER_DATA_DIR` when set (tests, portable installs),
otherwise SDL's per-user preferences folder for "gunner".
"""

from __future__ import annotations

import contextlib
import glob
import json
import math
import os
import re
import stat
import sys
import tempfile
import time
import warnings
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from gunner import config
from gunner.assists import Assists
from gunner.bindings import MAX_KEYS, ActionMap, default_keys
from gunner.camera import SPLIT_MODES
from gunner.datafile import DataFileError, load_json, read_bytes
from gunner.gamepad import BUTTON_CODES, BUTTON_NAMES, DEFAULT_PAD_BINDINGS
from gunner.input import Buttons

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
ACTIONS: tuple[Buttons, ...] = (
    Buttons.LEFT,
    Buttons.RIGHT,
    Buttons.UP,
    Buttons.DOWN,
    Buttons.JUMP,
    Buttons.FIRE,
)


def action_name(button: Buttons) -> str:
    """An action's name in settings.json and the Options screen (`jump`, `fire`...)."""
    return (button.name or f"button{int(button)}").lower()


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


# -- settings ---------------------------------------------------------------------------


# A key no name stands for is stored by its number (`0x40000073`): never as "", which
# no start could read back. Options refuses such keys; this keeps the file loadable anyway.
_KEY_NUMBER = re.compile(r"0x[0-9a-f]{1,8}")


def key_name(key: int) -> str:
    """pygame's own name for `key` ("" for keys its table leaves out): what Options
    shows and accepts. The file can hold more (see `any_key_name`)."""
    with warnings.catch_warnings():  # key names do not need a window
        warnings.simplefilter("ignore")
        return pygame.key.name(key)


def any_key_name(key: int) -> str:
    """A name for `key` that `key_code` maps back to it ("" if none is known).

    pygame's own name first (what the file has always held: `space`, `left`); then
    SDL's, which covers keys pygame's table leaves out (F13-F24, media keys; it
    needs the display, as in the game); then the character itself (`é`, `ß` on
    keyboards beyond US English), which needs nothing.
    """
    candidates = [key_name(key)]
    if pygame.display.get_init():
        with contextlib.suppress(pygame.error), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            candidates.append(pygame.key.name(key, use_compat=False))
    if 0 < key <= sys.maxunicode and chr(key).isprintable():
        candidates.append(chr(key))
    for name in candidates:
        with contextlib.suppress(ValueError):
            if name and key_code(name) == key:
                return name
    return ""


def key_code(name: str) -> int:
    """The key a stored name stands for; ValueError for an unknown name."""
    if _KEY_NUMBER.fullmatch(name):
        return int(name, 16)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return pygame.key.key_code(name)


def _volume(value: Any, name: str, default: float, repairs: list[str]) -> float:
    """A volume from 0 to 1; one out of range (or NaN) is repaired and the repair noted."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise StoreError(f"{name} must be a number from 0 to 1")
    volume = float(value)
    if math.isnan(volume):
        repairs.append(f"{name} {short_repr(value)} is not a number from 0 to 1; using {default}")
        return default
    if not 0.0 <= volume <= 1.0:
        volume = min(1.0, max(0.0, volume))
        side = "below 0" if value < 0 else "above 1"
        repairs.append(f"{name} {short_repr(value)} is {side}; using {volume:g}")
    return volume


def _unknown(data: dict[str, Any], known: Iterable[str], where: str, repairs: list[str]) -> None:
    """Note the entries of `data` the game does not know (they are not saved back)."""
    known = set(known)
    unknown = [str(k) for k in data if k not in known]
    if unknown:
        names = ", ".join(short_repr(where + k) for k in unknown[:3])
        more = f" and {len(unknown) - 3} more" if len(unknown) > 3 else ""
        verb = "is" if len(unknown) == 1 else "are"
        repairs.append(f"{names}{more} {verb} not a setting this game knows; ignored (not saved)")


# On/off settings a damaged value of which is repaired (to its default), not refused.
SWITCHES = ("reduce_flashing", "ghost")


# The most player slots settings.json keeps keys for (`player_keys`).
MAX_PLAYERS = 4
# A pad's GUID as SDL writes it (32 hex digits), or "any" for every pad not its own.
_PAD_ID = re.compile(r"[0-9a-f]{32}|any")


@dataclass
class Settings:
    """What the options screen changes. Volumes are 0..1; scale multiplies 480x270.

    Keys are kept per player slot (`keys_by_player`; `bindings` is slot 1's, the
    keyboard player of a one-player game), pad buttons per pad GUID (`pad_buttons`;
    a pad not in it plays by gamepad.DEFAULT_PAD_BINDINGS). In settings.json slot 1's
    keys are `keys`, as ever (files from before slots load unchanged), any other
    slot's are under `player_keys`, the pads' under `pads`.
    """

    keys_by_player: dict[int, ActionMap] = field(default_factory=lambda: {1: default_keys(1)})
    pad_buttons: dict[str, ActionMap] = field(default_factory=dict)
    master_volume: float = 0.8
    effects_volume: float = 1.0
    music_volume: float = 0.5
    fullscreen: bool = False
    scale: int = 3
    shake: float = 1.0  # screen shake, 0 (none) to 1 (full)
    # At most three flashes a second and no white silhouettes (photosensitive players).
    reduce_flashing: bool = False
    ghost: bool = True  # race the best run's ghost on a level that has one
    # Two players' camera (`--split` for one run): split when they part, always, or
    # never (one shared view they cannot leave); one of camera.SPLIT_MODES.
    split: str = "auto"
    assists: Assists = field(default_factory=Assists)
    # Key names as the loaded file spelled them (`F24`, `Space`), written back as they
    # were: a hand-edited file saves unchanged, display or not.
    key_names: dict[int, str] = field(default_factory=dict, compare=False, repr=False)

    @property
    def bindings(self) -> ActionMap:
        """Slot 1's keys: the keyboard player's."""
        return self.keys_by_player.setdefault(1, default_keys(1))

    @bindings.setter
    def bindings(self, bound: ActionMap) -> None:
        self.keys_by_player[1] = bound

    def stored_key_name(self, key: int) -> str:
        """The name settings.json holds for `key`: one that loads back as `key`."""
        spelled = self.key_names.get(key)
        with contextlib.suppress(ValueError):
            if spelled and key_code(spelled) == key:
                return spelled
        return any_key_name(key) or f"0x{key & 0xFFFFFFFF:x}"

    def keys_json(self, bound: ActionMap) -> dict[str, list[str]]:
        return {
            action_name(b): [self.stored_key_name(k) for k in bound.get(b, ())] for b in ACTIONS
        }

    def to_json(self) -> dict[str, Any]:
        more = {str(n): self.keys_json(b) for n, b in sorted(self.keys_by_player.items()) if n != 1}
        pads = {
            guid: {action_name(a): [BUTTON_NAMES[b] for b in bound.get(a, ())] for a in ACTIONS}
            for guid, bound in sorted(self.pad_buttons.items())
        }
        return {
            "keys": self.keys_json(self.bindings),
            **({"player_keys": more} if more else {}),
            **({"pads": pads} if pads else {}),
            # Unrounded: what was loaded saves back the same (Options steps by 0.1 anyway).
            "volume": {
                "master": self.master_volume,
                "effects": self.effects_volume,
                "music": self.music_volume,
            },
            "fullscreen": self.fullscreen,
            "scale": self.scale,
            "shake": self.shake,
            "reduce_flashing": self.reduce_flashing,
            "ghost": self.ghost,
            "split": self.split,
            "assists": self.assists.to_json(),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], repairs: list[str] | None = None) -> Settings:
        """Settings from a stored document; missing entries keep their defaults.

        Raises StoreError for entries of the wrong type or unknown key names. A
        value it can repair (a volume or scale out of range, an action with no key,
        an entry it does not know) is repaired, with a line for the player in `repairs`.
        """
        repairs = [] if repairs is None else repairs
        s = cls()
        known = ["keys", "player_keys", "pads", "volume", "fullscreen", "scale", "shake"]
        known += ["assists", "split", *SWITCHES]
        _unknown(data, known, "", repairs)
        s.bindings = s.read_keys(data.get("keys", {}), 1, "keys.", repairs)
        s.read_more_players(data.get("player_keys", {}), repairs)
        s.read_pads(data.get("pads", {}), repairs)
        volume = data.get("volume", {})
        if not isinstance(volume, dict):
            raise StoreError("volume must be an object")
        _unknown(volume, ("master", "effects", "music"), "volume.", repairs)
        for attr, name in (
            ("master_volume", "master"),
            ("effects_volume", "effects"),
            ("music_volume", "music"),
        ):
            default = getattr(s, attr)
            value = volume.get(name, default)
            setattr(s, attr, _volume(value, f"volume.{name}", default, repairs))
        fullscreen = data.get("fullscreen", s.fullscreen)
        if not isinstance(fullscreen, bool):
            raise StoreError("fullscreen must be true or false")
        s.fullscreen = fullscreen
        scale = data.get("scale", s.scale)
        if isinstance(scale, bool) or not isinstance(scale, int):
            raise StoreError("scale must be a whole number")
        s.scale = min(MAX_SCALE, max(1, scale))
        if s.scale != scale:
            side = "below 1" if scale < 1 else f"above {MAX_SCALE}"
            repairs.append(f"scale {short_repr(scale)} is {side}; using {s.scale}")
        s.shake = _volume(data.get("shake", s.shake), "shake", s.shake, repairs)
        for name in SWITCHES:
            value = data.get(name, getattr(s, name))
            if isinstance(value, bool):
                setattr(s, name, value)
            else:
                default = json.dumps(getattr(s, name))
                repairs.append(f"{name} {short_repr(value)} is not true or false; using {default}")
        split = data.get("split", s.split)
        if split in SPLIT_MODES:
            s.split = split
        else:
            modes = ", ".join(SPLIT_MODES)
            repairs.append(f"split {short_repr(split)} is not one of {modes}; using {s.split}")
        if "assists" in data:
            s.assists = Assists.from_json(data["assists"], repairs)
        return s

    def read_keys(self, keys: Any, slot: int, where: str, repairs: list[str]) -> ActionMap:
        """One slot's `action -> key names` table; StoreError for a damaged one."""
        if not isinstance(keys, dict):
            what = where.rstrip(".")
            raise StoreError(f"{what} must be an object of action -> list of key names")
        _unknown(keys, (action_name(b) for b in ACTIONS), where, repairs)
        bound = default_keys(slot)
        for button in ACTIONS:
            action = action_name(button)
            names = keys.get(action)
            if names is None:
                continue
            if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                raise StoreError(f"{where}{action} must be a list of key names")
            try:
                codes = tuple(dict.fromkeys(key_code(n) for n in names))
            except ValueError as exc:
                raise StoreError(f"{where}{action}: unknown key name") from exc
            if len(codes) > MAX_KEYS:  # from before the limit, or edited by hand
                kept = ", ".join(names[:MAX_KEYS])
                repairs.append(f"{where}{action} has more than {MAX_KEYS} keys; keeping {kept}")
                codes = codes[:MAX_KEYS]
            bound[button] = codes
            self.key_names.update(zip(codes, names, strict=False))
        empty = [b for b in ACTIONS if not bound.get(b)]
        if keyless := give_every_action_a_key(bound, default_keys(slot)):
            raise StoreError(f"{where}{action_name(keyless[0])} has no key")
        for button in empty:
            given = ", ".join(self.stored_key_name(k) for k in bound[button])
            repairs.append(f"{where}{action_name(button)} has no key; using {given}")
        return bound

    def read_more_players(self, table: Any, repairs: list[str]) -> None:
        """Slots 2.. of `player_keys`; a slot that is not one is dropped with a line."""
        if not isinstance(table, dict):
            raise StoreError("player_keys must be an object of player number -> keys")
        for slot_name, keys in table.items():
            slot = int(slot_name) if str(slot_name).isdigit() else 0
            if not 2 <= slot <= MAX_PLAYERS:
                repairs.append(
                    f"player_keys.{short_repr(slot_name)} is not a player from 2 to "
                    f"{MAX_PLAYERS}; ignored (not saved)"
                )
                continue
            try:
                self.keys_by_player[slot] = self.read_keys(
                    keys, slot, f"player_keys.{slot}.", repairs
                )
            except StoreError as exc:  # that player's keys only, never the whole file
                repairs.append(f"{exc}; player {slot} uses the default keys")

    def read_pads(self, table: Any, repairs: list[str]) -> None:
        """`pads`: GUID -> action -> button names. A pad whose entry is damaged plays by
        the defaults again, told in one line; the rest of the file is kept."""
        if not isinstance(table, dict):
            raise StoreError("pads must be an object of pad id -> buttons")
        for guid, actions in table.items():
            where = f"pads.{short_repr(guid)}"
            try:
                if not isinstance(guid, str) or not _PAD_ID.fullmatch(guid):
                    raise StoreError("is not a pad's id (32 hex digits)")
                self.pad_buttons[guid] = pad_buttons_from_json(actions)
            except StoreError as exc:
                repairs.append(f"{where} {exc}; that pad uses the default buttons")


def pad_buttons_from_json(actions: Any) -> ActionMap:
    """One pad's `action -> button names`; StoreError saying what is wrong."""
    if not isinstance(actions, dict):
        raise StoreError("is not an object of action -> button names")
    bound = dict(DEFAULT_PAD_BINDINGS)
    for button in ACTIONS:
        names = actions.get(action_name(button))
        if names is None:
            continue
        if not isinstance(names, list) or not all(n in BUTTON_CODES for n in names):
            raise StoreError(f"{action_name(button)} is not a list of button names")
        codes = tuple(dict.fromkeys(BUTTON_CODES[n] for n in names))[:MAX_KEYS]
        if not codes:
            raise StoreError(f"{action_name(button)} has no button")
        bound[button] = codes
    return bound


def give_every_action_a_key(bound: ActionMap, defaults: ActionMap) -> list[Buttons]:
    """An action with no key gets back those of its default keys nothing else uses.

    Options never leaves an action keyless, but a hand-edited file can, and a game
    where JUMP cannot be pressed is worse than a file set aside. Returns the actions
    still without a key (all their defaults are taken).
    """
    keyless = []
    for button in ACTIONS:
        if bound.get(button):
            continue
        used = {k for b, keys in bound.items() if b != button for k in keys}
        spare = tuple(k for k in defaults.get(button, ()) if k not in used)
        if spare:
            bound[button] = spare
        else:
            keyless.append(button)
    return keyless


def settings_store(directory: Path | None = None) -> JsonStore:
    return JsonStore((directory or data_dir()) / SETTINGS_FILE, SETTINGS_VERSION)


def load_settings(directory: Path | None = None) -> Settings:
    """The saved settings, or defaults (with a warning) if the file is unusable.

    A value it repairs (see `Settings.from_json`) is reported in one line each,
    the way an unusable file is; the file itself is left as it is until Options saves.
    """
    store = settings_store(directory)
    data = store.load()
    if data is None:
        return Settings()
    repairs: list[str] = []
    try:
        settings = Settings.from_json(data, repairs)
    except StoreError as exc:
        store.reject(str(exc))
        return Settings()
    for repair in repairs:
        store.report(repair)
    return settings


def save_settings(settings: Settings, directory: Path | None = None) -> None:
    settings_store(directory).save(settings.to_json())


# -- progress ---------------------------------------------------------------------------

# How progress.json names a level: `levels/level1.tmx` for a shipped map (as replays
# name it), `custom:/absolute/path.tmx` for any other map, so no map of the player's
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
