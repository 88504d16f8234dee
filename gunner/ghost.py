"""Ghosts: your best run of a level, kept in the data folder, raced as a see-through
runner on the next attempt and watched again from Level select.

A `GhostRecorder` follows one run: each step it keeps the input mask the world got
and where the player stood, facing which way, in which pose (no second simulation).
When the run finishes faster than the ghost on disk, without assists, `finish` saves
it as `ghosts/<level>.replay` in the data folder: an ordinary replay (the masks, the
seed, the level's digest), so `python -m gunner.replay` and Level select's "watch
best run" play it back exactly, with the ghost's track as one more field.

`load_ghost` reads it back safely: a damaged or hostile file is set aside as
`<name>.bad-<n>` with one line, like settings and progress; a ghost of a level that
changed since is refused with one line saying so (its run would not fit the level).
`Ghost.draw` draws it translucent over the stage; it is never part of the world, so
it touches nothing and nothing touches it.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import os
import re
import sys
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import pygame

from gunner.datafile import DataFileError, load_json
from gunner.replay import (
    MAX_REPLAY_BYTES,
    Replay,
    ReplayDamaged,
    ReplayError,
    level_ref,
    level_sha256_or_none,
)
from gunner.world.outcome import Outcome

if TYPE_CHECKING:
    from gunner.world.world import World

__all__ = [
    "GHOSTS_FOLDER",
    "Ghost",
    "GhostRecorder",
    "GhostRefused",
    "draw_ghost",
    "ghost_path",
    "load_ghost",
    "read_ghost",
]

GHOSTS_FOLDER = "ghosts"
TRACK_FORMAT = 1
# One row per step: x, y (the player's feet, px), facing (+1/-1), sprite row, column,
# shown (0 while the sprite blinks off or the player is down).
TRACK_COLUMNS = 6
# How see-through the ghost is (0..255) and its tint: it must never pass for the player.
GHOST_ALPHA = 120
GHOST_TINT = (150, 200, 255)
_SLUG = re.compile(r"[^A-Za-z0-9_-]+")


def ghost_path(level_key: str, directory: Path | None = None) -> Path:
    """Where the best run of the level keyed `level_key` (gunner.settings.level_key) is
    kept: `ghosts/level1.replay` for a campaign level, a name with a digest of its path
    for any other map (two maps called `arena.tmx` keep two ghosts)."""
    from gunner.settings import CAMPAIGN_PREFIX, data_dir

    folder = (directory or data_dir()) / GHOSTS_FOLDER
    if level_key.startswith(CAMPAIGN_PREFIX):
        name = _SLUG.sub("-", Path(level_key).stem)
    else:
        digest = hashlib.sha256(level_key.encode()).hexdigest()[:12]
        name = f"custom-{_SLUG.sub('-', Path(level_key).stem)[:40]}-{digest}"
    return folder / f"{name}.replay"


def encode_track(track: np.ndarray) -> str:
    data = np.ascontiguousarray(track, dtype="<i2").tobytes()
    return base64.b64encode(zlib.compress(data, 9)).decode("ascii")


def decode_track(text: Any, steps: int) -> np.ndarray:
    """The track a file holds; ValueError saying what is wrong with it."""
    if not isinstance(text, str):
        raise ValueError("its ghost track is missing")
    want = steps * TRACK_COLUMNS * 2
    try:
        packed = base64.b64decode(text.encode("ascii"), validate=True)
        unpacker = zlib.decompressobj()
        # Never more than the steps need: a zip bomb stops here.
        data = unpacker.decompress(packed, want + 1)
    except (binascii.Error, zlib.error, UnicodeEncodeError) as exc:
        raise ValueError(f"its ghost track is damaged ({exc.__class__.__name__})") from None
    if len(data) != want:
        raise ValueError(f"its ghost track does not hold the {steps:,} steps of its run")
    return np.frombuffer(data, dtype="<i2").reshape(steps, TRACK_COLUMNS).astype(np.int32)


@dataclass
class Ghost:
    """A best run: its replay and, per step, where the player was and how it looked."""

    replay: Replay
    track: np.ndarray  # steps x TRACK_COLUMNS
    path: Path | None = None
    _images: dict[tuple[int, int, bool], pygame.Surface] = field(default_factory=dict, repr=False)

    @property
    def steps(self) -> int:
        return len(self.track)

    def pose(self, step: int) -> tuple[int, ...] | None:
        """(x, y, facing, row, col, shown) after `step` steps of the run; None before
        the first and after the last (the ghost has finished)."""
        if not 1 <= step <= len(self.track):
            return None
        return tuple(int(v) for v in self.track[step - 1])

    def draw(
        self, surface: pygame.Surface, step: int, ox: float, oy: float, art: Any
    ) -> pygame.Rect | None:
        """Draw the ghost as it was after `step` steps, the camera at (ox, oy); returns
        where (None when it is not shown)."""
        pose = self.pose(step)
        if pose is None or not pose[5]:
            return None
        x, y, facing, row, col, _ = pose
        key = (row, col, facing < 0)
        image = self._images.get(key)
        if image is None:
            image = art.player_frame(row, col, flipped=facing < 0).copy()
            image.fill((*GHOST_TINT, GHOST_ALPHA), special_flags=pygame.BLEND_RGBA_MULT)
            self._images[key] = image
        ax, ay = art.player_meta.anchor
        return surface.blit(image, (round(x - ax - ox), round(y - ay - oy)))


def draw_ghost(
    surface: pygame.Surface, ghost: Ghost | None, step: int, ox: float, oy: float, art: Any
) -> None:
    """`ghost.draw`, for a scene that may have none."""
    if ghost is not None:
        ghost.draw(surface, step, ox, oy, art)


class GhostRecorder:
    """Keeps what a ghost needs of one run: call `step(world, held)` after each
    `world.step(held)`, and `finish(world, assisted)` once the level is complete.

    Only a run from the level's first step, on the one world it began with, can be
    replayed: a run continued from a checkpoint (RETRY), or a map reloaded under it,
    is not recorded.
    """

    def __init__(self, world: World) -> None:
        self.world = world
        self.usable = world.steps == 0
        self.replay = Replay(level=level_ref(world.level.path), seed=world.seed)
        self.replay.level_sha256 = level_sha256_or_none(world.level.path)
        self.assists_seen = world.assists.simulation()
        self._rows: list[tuple[int, int, int, int, int, int]] = []

    def step(self, world: World, held: int) -> None:
        if world is not self.world or world.assists.simulation() != self.assists_seen:
            self.usable = False  # another world, or assists the replay cannot hold
        if not self.usable:
            return
        self.replay.masks.append(int(held))
        player = world.player
        row, col = player.frame()
        blinking = bool(player.shield) and int(player.shield.seconds * 20) % 2
        shown = int(player.alive and not blinking)
        x, y = (min(max(round(v), -32768), 32767) for v in player.hitbox.midbottom)
        self._rows.append((x, y, player.facing, row, col, shown))

    def ghost(self) -> Ghost:
        track = np.array(self._rows, dtype=np.int32).reshape(-1, TRACK_COLUMNS)
        return Ghost(self.replay, track)

    def finish(
        self, world: World, level_key: str, assisted: bool, directory: Path | None = None
    ) -> Path | None:
        """Save the run as the level's ghost if it finished faster than the ghost kept,
        without assists; returns where it was saved (None if it was not)."""
        if not self.usable or assisted or world.outcome != Outcome.COMPLETE:
            return None
        if world.steps != len(self.replay.masks) or self.replay.level_sha256 is None:
            return None
        path = ghost_path(level_key, directory)
        kept = peek_steps(path)
        if kept is not None and kept <= len(self.replay.masks):
            return None
        self.replay.state_hash = world.state_hash()
        self.replay.outcome = world.outcome
        return save_ghost(self.ghost(), path)


def save_ghost(ghost: Ghost, path: Path) -> Path | None:
    """Write `ghost` to `path` atomically; None (with one line) if the disk refuses."""
    from gunner.settings import atomic_write_text

    doc = ghost.replay.to_json()
    doc["ghost"] = {"format": TRACK_FORMAT, "track": encode_track(ghost.track)}
    try:
        atomic_write_text(path, json.dumps(doc, separators=(",", ":")) + "\n")
    except OSError as exc:
        print(f"gunner: {path}: cannot save the best run ({exc.strerror or exc})", file=sys.stderr)
        return None
    ghost.path = path
    return path


def peek_steps(path: Path) -> int | None:
    """How many steps the ghost at `path` lasts, or None if there is none to beat (a
    damaged one is no time to beat: load_ghost sets it aside when it is next read)."""
    try:
        data = load_json(path, MAX_REPLAY_BYTES)
        steps = data.get("steps") if isinstance(data, dict) else None
    except (OSError, DataFileError):
        return None
    return steps if isinstance(steps, int) and not isinstance(steps, bool) else None


def set_aside(path: Path, cause: str) -> str:
    """Keep a file that cannot be used beside itself as `<name>.bad-<n>`; returns the
    line that says so."""
    n = 1
    while (aside := path.with_name(f"{path.name}.bad-{n}")).exists():
        n += 1
    try:
        os.replace(path, aside)
        kept = f"kept as {aside.name}"
    except OSError:
        kept = "left in place"
    return f"{path}: {cause}; no ghost ({kept})"


class GhostRefused(Exception):
    """The kept best run cannot be used; str() is the one line saying why (naming the
    file), `why` the same in a few words for a screen."""

    def __init__(self, line: str, why: str) -> None:
        super().__init__(line)
        self.why = why


def read_ghost(level_key: str, directory: Path | None = None) -> Ghost | None:
    """The best run kept for the level keyed `level_key`; None if none was kept.
    Raises GhostRefused (one line) for a damaged file (set aside as `<name>.bad-<n>`),
    a level that is gone, or a level that changed since the run was recorded."""
    path = ghost_path(level_key, directory)
    if not path.exists():
        return None
    try:
        replay = Replay.load(path)
        data = load_json(path, MAX_REPLAY_BYTES)  # read once more: the track's field
        ghost = data.get("ghost") if isinstance(data, dict) else None
        if not isinstance(ghost, dict) or ghost.get("format") != TRACK_FORMAT:
            raise ValueError("it holds no ghost track this game reads")
        track = decode_track(ghost.get("track"), len(replay.masks))
    except ReplayDamaged as exc:
        line = set_aside(path, str(exc).removeprefix(f"{path}: "))
        raise GhostRefused(line, "its file was damaged (set aside)") from None
    except (ValueError, OSError, DataFileError) as exc:
        raise GhostRefused(set_aside(path, str(exc)), "its file was damaged (set aside)") from None
    except ReplayError as exc:  # its level is gone: the file itself is fine
        raise GhostRefused(f"{exc}; no ghost", "its level cannot be read") from None
    if replay.level_changed():
        why = "its level changed since the run was recorded"
        raise GhostRefused(f"{path}: no ghost: {why}", why)
    return Ghost(replay, track, path)


def load_ghost(level_key: str, directory: Path | None = None) -> Ghost | None:
    """`read_ghost`, the refusal told in one line on stderr (then None)."""
    try:
        return read_ghost(level_key, directory)
    except GhostRefused as exc:
        print(f"gunner: {exc}", file=sys.stderr)
        return None
