"""`Settings`: what the Options screen changes, read from settings.json with every
repairable value repaired (and told in one line), and saved back as it loaded.
"""

from __future__ import annotations

import contextlib
import json
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gunner.assists import Assists
from gunner.bindings import MAX_KEYS, ActionMap, default_keys
from gunner.camera import SPLIT_MODES
from gunner.config import VERSUS_KILLS
from gunner.gamepad import BUTTON_NAMES
from gunner.settings.keys import (
    ACTIONS,
    OPTIONAL_ACTIONS,
    action_name,
    any_key_name,
    give_every_action_a_key,
    key_code,
    pad_buttons_from_json,
    yield_defaults,
)
from gunner.settings.store import (
    MAX_SCALE,
    SETTINGS_FILE,
    SETTINGS_VERSION,
    JsonStore,
    StoreError,
    data_dir,
    short_repr,
)


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


# Kills a versus round may be played to (Options' VERSUS KILLS).
MIN_KILLS, MAX_KILLS = 1, 50

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
    # None until the player picks one: the window opens at the largest that fits.
    scale: int | None = None
    shake: float = 1.0  # screen shake, 0 (none) to 1 (full)
    # At most three flashes a second and no white silhouettes (photosensitive players).
    reduce_flashing: bool = False
    ghost: bool = True  # race the best run's ghost on a level that has one
    # Two players' camera (`--split` for one run): split when they part, always, or
    # never (one shared view they cannot leave); one of camera.SPLIT_MODES.
    split: str = "auto"
    versus_kills: int = VERSUS_KILLS  # a versus round is won at this many kills
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
            **({} if self.scale is None else {"scale": self.scale}),
            "shake": self.shake,
            "reduce_flashing": self.reduce_flashing,
            "ghost": self.ghost,
            "split": self.split,
            "versus_kills": self.versus_kills,
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
        known += ["assists", "split", "versus_kills", *SWITCHES]
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
        if "scale" in data:
            scale = data["scale"]
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
        kills = data.get("versus_kills", s.versus_kills)
        if isinstance(kills, bool) or not isinstance(kills, int):
            repairs.append(
                f"versus_kills {short_repr(kills)} is not a whole number; using {s.versus_kills}"
            )
        elif not MIN_KILLS <= kills <= MAX_KILLS:
            s.versus_kills = min(MAX_KILLS, max(MIN_KILLS, kills))
            repairs.append(
                f"versus_kills {short_repr(kills)} is not from {MIN_KILLS} to {MAX_KILLS}; "
                f"using {s.versus_kills}"
            )
        else:
            s.versus_kills = kills
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
        named = set()
        for button in ACTIONS:
            action = action_name(button)
            names = keys.get(action)
            if names is None:
                continue
            named.add(button)
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
        for button in yield_defaults(bound, named):
            repairs.append(
                f"{where}{action_name(button)} has no key: its keys do something else; "
                "bind one in Options"
            )
        empty = [b for b in ACTIONS if not bound.get(b) and b not in OPTIONAL_ACTIONS]
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
