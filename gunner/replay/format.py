"""The replay file's format: its fields and limits, the errors a file can raise, the
run-length coding of the masks, how a replay names its level and hashes its files.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TypeGuard

from gunner import __version__
from gunner.config import LEVELS_DIR
from gunner.datafile import DataFileError, read_bytes
from gunner.input import Buttons

FORMAT = 1  # what a one-player replay is written as (as it always was)
CO_OP_FORMAT = 2  # two players: one list of runs per player
NEWEST_FORMAT = CO_OP_FORMAT
ALL_BUTTONS = int(sum(Buttons))
# Longest replay accepted: ten hours of steps. A damaged or hostile run count must not
# make the game try to build a list larger than memory.
MAX_STEPS = 10 * 60 * 60 * 60
# Ten hours with the buttons changing every step is about 15 MB of runs.
MAX_REPLAY_BYTES = 32 * 1024 * 1024
# Level files are capped the same as the map loader caps them (gunner.maps.safe).
MAX_LEVEL_BYTES = 32 * 1024 * 1024
MAX_LEVEL_REF = 4096  # characters: longer than any real path
MAX_TILESETS = 64  # as many as the map loader accepts
# Only decides which files the level hash covers; the map loader does the real parsing.
_SOURCE_ATTRIBUTE = re.compile(rb"""\ssource\s*=\s*["']([^"'<>]{1,4096})["']""")
# Exit statuses of `python -m gunner.replay` (and `python -m gunner --replay`): the run
# ended on another state hash than the recording, so the game or its level changed; the
# file itself is damaged (or not a replay), so nothing was played. 1 stays "could not
# run it at all" (a missing file or level, a level the game refuses).
EXIT_NOT_REPRODUCED = 3
EXIT_DAMAGED = 4
# What a replay may say its run ended as (`World.outcome`'s words: gunner/world/outcome.py).
OUTCOMES = ("complete", "dead")
SHA256_DIGEST = re.compile(r"[0-9a-f]{64}")


class ReplayError(Exception):
    """A replay file the game cannot use; the message names the file and the cause."""

    exit_status = 1

    def __init__(self, path: str | Path, cause: str) -> None:
        super().__init__(f"{path}: {cause}")


class ReplayDamaged(ReplayError):
    """The file's contents are damaged (cut off, garbled, a field of the wrong type or
    out of range) or are not a replay: the file is to blame, not the game."""

    exit_status = EXIT_DAMAGED

    def __init__(self, path: str | Path, cause: str) -> None:
        super().__init__(path, f"damaged replay: {cause}")


def game_version() -> str:
    return __version__


def encode_runs(masks: Iterable[int]) -> list[list[int]]:
    """[[mask, count], ...] with no two neighbours holding the same mask."""
    runs: list[list[int]] = []
    for mask in masks:
        if runs and runs[-1][0] == mask:
            runs[-1][1] += 1
        else:
            runs.append([int(mask), 1])
    return runs


def decode_runs(runs: Iterable[Iterable[int]]) -> list[int]:
    masks: list[int] = []
    for mask, count in runs:
        masks.extend([mask] * count)
    return masks


def level_ref(path: Path) -> str:
    """How a replay names its level: `levels/NAME.tmx` for a shipped level, so the
    replay plays on any install; an absolute path otherwise."""
    resolved = Path(path).resolve()
    try:
        return "levels/" + resolved.relative_to(LEVELS_DIR.resolve()).as_posix()
    except ValueError:
        return str(resolved)


def level_sha256(path: Path) -> str:
    """sha256 of the level's files as play reads them: the map's bytes, then each
    external tileset's (solidity lives there) in the map's order. Tile images are
    left out: they change how it looks, not how it plays.

    Raises OSError or DataFileError if the map cannot be read safely; a tileset
    that cannot be read counts as such (the map loader will say why).
    """
    path = Path(path)
    data = read_bytes(path, MAX_LEVEL_BYTES)
    digest = hashlib.sha256(data)
    for source in tileset_sources(data):
        digest.update(b"\0" + source.encode())
        try:
            digest.update(
                hashlib.sha256(read_bytes(path.parent / source, MAX_LEVEL_BYTES)).digest()
            )
        except (OSError, DataFileError, ValueError):
            digest.update(b"unreadable")
    return digest.hexdigest()


def tileset_sources(data: bytes) -> list[str]:
    """The `source` of each external tileset in a map's bytes (at most MAX_TILESETS).

    Only decides which files the level hash covers (the map loader does the real
    parsing); each tag is looked at within 8 KB, so any map is read in bounded time.
    """
    sources: dict[str, None] = {}
    start = data.find(b"<tileset")
    for _ in range(4 * MAX_TILESETS):  # a map the loader accepts has at most MAX_TILESETS
        if start < 0:
            break
        tag = data[start : start + 8192].split(b">", 1)[0]
        if match := _SOURCE_ATTRIBUTE.search(tag):
            sources[match.group(1).decode("utf-8", "replace")] = None
        start = data.find(b"<tileset", start + 8)
    return list(sources)[:MAX_TILESETS]


def level_sha256_or_none(path: Path) -> str | None:
    """level_sha256 for a recording about to start; None (unknown) if the file cannot
    be read now, which loading the level will report in its own words."""
    with contextlib.suppress(OSError, DataFileError):
        return level_sha256(path)
    return None


def shown(ref: str, most: int = 80) -> str:
    """A level reference as a message shows it: a hostile megabyte path is cut short
    in the middle, so the message still names the file at its end."""
    if len(ref) <= most:
        return ref
    tail = (most - 3) // 2
    return ref[: most - 3 - tail] + "..." + ref[-tail:]


def short_repr(value: Any, most: int = 24) -> str:
    """A field's value as the file spells it (`true`, `"7"`), cut short for a message."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= most else text[: most - 3] + "..."


def whole_number(value: Any) -> TypeGuard[int]:
    """A JSON whole number (`true` is not one, though Python counts it as 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


def masks_of_runs(runs: Any) -> list[int]:
    """The masks of a file's `inputs` ([[mask, count], ...]); ValueError names the run."""
    if not isinstance(runs, list):
        raise ValueError(f"inputs {short_repr(runs)} is not a list of [buttons, steps] runs")
    total = 0
    for n, run in enumerate(runs):
        if not (isinstance(run, list) and len(run) == 2):
            raise ValueError(f"inputs[{n}] {short_repr(run)} is not a [buttons, steps] run")
        mask, count = run
        if not whole_number(mask) or not 0 <= mask <= ALL_BUTTONS:
            raise ValueError(f"inputs[{n}] buttons {short_repr(mask)} is not a button mask")
        if not whole_number(count) or count < 1:
            raise ValueError(
                f"inputs[{n}] steps {short_repr(count)} is not a whole number of steps"
            )
        total += count
        if total > MAX_STEPS:  # before building a list larger than memory
            raise ValueError(f"longer than {MAX_STEPS} steps (inputs[{n}])")
    return decode_runs(runs)


def co_op_masks(data: dict[str, Any]) -> tuple[list[int], list[int]]:
    """Each player's masks from a co-op file's `inputs`; ValueError names the field."""
    if data.get("players") != 2:
        raise ValueError(f"players {short_repr(data.get('players'))} is not 2")
    inputs = data.get("inputs")
    if not (isinstance(inputs, list) and len(inputs) == 2):
        raise ValueError(f"inputs {short_repr(inputs)} is not one list of runs per player")
    first, second = masks_of_runs(inputs[0]), masks_of_runs(inputs[1])
    if len(first) != len(second):
        raise ValueError(
            f"inputs hold {len(first):,} steps for player 1 and {len(second):,} for player 2"
        )
    return first, second


def resolve_level(ref: str) -> Path:
    path = Path(ref)
    if path.is_absolute():
        return path
    if path.parts[:1] == ("levels",):
        return LEVELS_DIR.joinpath(*path.parts[1:])
    return path  # relative to where the game was started
