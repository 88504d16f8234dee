"""Recorded input: the held-buttons mask of every step, enough to replay a run exactly.

A run is a function of the level, the seed and the masks (the simulation reads
nothing else), so a replay file stores just those, run-length encoded:

    {"format": 1, "game": "gunner", "version": "0.1.0", "level": "levels/level1.tmx",
     "level_sha256": "...", "seed": 7, "steps": 3000, "inputs": [[mask, count], ...],
     "state_hash": "...", "outcome": "complete"}

`state_hash` is `Stage.state_hash()` after the last step when it was recorded;
replaying must reproduce it. `outcome` is how the run had ended by then
("complete" or "dead"; left out while undecided); a replay whose outcome is not
reproduced fails like one whose hash is not (replays from before it was added load
without it). `level_sha256` is the hash of the level's map and tileset files when
recording began, so a replay that no longer reproduces can say
whether its level changed (replays from before it was added load without it).
Level paths inside the project are stored relative to it, so replays work from
any checkout.

Replay files are read like the game's other data files (`gunner.datafile`): a
FIFO, a device, an oversized or deeply nested file or a number of absurd size
is refused in one line, as is a level that is missing or not a regular .tmx file.

`python -m gunner.replay FILE...` replays files and checks their hashes;
`--update` re-records each file's expected hash (after a deliberate change to
the simulation).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import EllipsisType
from typing import Any

from gunner import __version__
from gunner.config import LEVELS_DIR
from gunner.datafile import DataFileError, check_regular, load_json, read_bytes
from gunner.input import Buttons

FORMAT = 1
_ALL_BUTTONS = int(sum(Buttons))
# Longest replay accepted: ten hours of steps. A damaged or hostile run count must not
# make the game try to build a list larger than memory.
MAX_STEPS = 10 * 60 * 60 * 60
# Ten hours with the buttons changing every step is about 15 MB of runs.
MAX_REPLAY_BYTES = 32 * 1024 * 1024
# Level files are capped the same as the map loader caps them (gunner.level).
MAX_LEVEL_BYTES = 32 * 1024 * 1024
MAX_LEVEL_REF = 4096  # characters: longer than any real path
MAX_TILESETS = 64  # as many as the map loader accepts
# Only decides which files the level hash covers; the map loader does the real parsing.
_SOURCE_ATTRIBUTE = re.compile(rb"""\ssource\s*=\s*["']([^"'<>]{1,4096})["']""")
# `python -m gunner --replay`'s exit status when the run ended on another state
# hash than the recording (1 stays "could not run it at all").
EXIT_NOT_REPRODUCED = 3
# What a replay may say its run ended as (`Stage.outcome`).
OUTCOMES = ("complete", "dead")


class ReplayError(Exception):
    """A replay file the game cannot use; the message names the file and the cause."""

    def __init__(self, path: str | Path, cause: str) -> None:
        super().__init__(f"{path}: {cause}")


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
    """A level reference as a message shows it: a hostile megabyte path is cut short."""
    return ref if len(ref) <= most else ref[: most - 3] + "..."


def resolve_level(ref: str) -> Path:
    path = Path(ref)
    if path.is_absolute():
        return path
    if path.parts[:1] == ("levels",):
        return LEVELS_DIR.joinpath(*path.parts[1:])
    return path  # relative to where the game was started


@dataclass
class Replay:
    level: str
    seed: int
    masks: list[int] = field(default_factory=list)
    state_hash: str | None = None
    version: str = field(default_factory=game_version)
    level_sha256: str | None = None  # None: recorded before replays stored it
    # How the recorded run had ended ("complete", "dead"; None: undecided). Optional in
    # the file: replays from before it was stored load without it and check only the hash.
    outcome: str | None = None

    @property
    def level_path(self) -> Path:
        return resolve_level(self.level)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": "gunner",
            "version": self.version,
            "level": self.level,
            "level_sha256": self.level_sha256,
            "seed": self.seed,
            "steps": len(self.masks),
            "inputs": encode_runs(self.masks),
            "state_hash": self.state_hash,
            **({"outcome": self.outcome} if self.outcome is not None else {}),
        }

    def save(self, path: Path) -> None:
        from gunner.settings import atomic_write_text

        text = json.dumps(self.to_json(), separators=(",", ":")) + "\n"
        try:
            atomic_write_text(Path(path), text)
        except OSError as exc:
            raise ReplayError(path, f"cannot save the replay ({exc.strerror or exc})") from exc

    @classmethod
    def load(cls, path: Path) -> Replay:
        try:
            data = load_json(Path(path), MAX_REPLAY_BYTES)
        except FileNotFoundError as exc:
            raise ReplayError(path, "no such file") from exc
        except DataFileError as exc:
            raise ReplayError(path, f"not a replay file: {exc}") from exc
        except OSError as exc:
            cause = exc.strerror or exc.__class__.__name__
            raise ReplayError(path, f"cannot read it ({cause})") from exc
        if not isinstance(data, dict) or data.get("game") != "gunner":
            raise ReplayError(path, "not a gunner replay")
        if data.get("format") != FORMAT:
            raise ReplayError(path, f"unknown replay format {data.get('format')!r}")
        try:
            runs = data["inputs"]
            level, seed = data["level"], data["seed"]
            if not all(
                isinstance(m, int) and isinstance(c, int) and 0 <= m <= _ALL_BUTTONS and c > 0
                for m, c in runs
            ):
                raise ValueError
            if not isinstance(level, str) or isinstance(seed, bool) or not isinstance(seed, int):
                raise ValueError
            level_digest = data.get("level_sha256")
            if level_digest is not None and not isinstance(level_digest, str):
                raise ValueError
            outcome = data.get("outcome")
            if outcome is not None and outcome not in OUTCOMES:
                raise ValueError
            if sum(c for _, c in runs) > MAX_STEPS:
                raise ReplayError(path, f"longer than {MAX_STEPS} steps (damaged?)")
            masks = decode_runs(runs)
            if data.get("steps", len(masks)) != len(masks):
                raise ValueError
            replay = cls(
                level=level,
                seed=seed,
                masks=masks,
                state_hash=data.get("state_hash"),
                version=str(data.get("version", "?"))[:40],
                level_sha256=level_digest,
                outcome=outcome,
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ReplayError(path, "damaged replay (bad level, seed or inputs)") from exc
        replay.check_level(path)
        return replay

    def check_level(self, path: Path) -> None:
        """ReplayError naming the replay `path` unless its level is a regular .tmx file."""
        ref = self.level
        if not ref or len(ref) > MAX_LEVEL_REF or "\x00" in ref or not ref.endswith(".tmx"):
            raise ReplayError(path, f"its level {shown(ref)!r} is not a path to a .tmx map")
        try:
            check_regular(self.level_path)
        except FileNotFoundError:
            raise ReplayError(path, f"its level {shown(ref)} is missing (no such file)") from None
        except DataFileError as exc:
            raise ReplayError(path, f"its level {shown(ref)} {exc}") from None
        except OSError as exc:
            cause = exc.strerror or exc.__class__.__name__
            raise ReplayError(path, f"its level {shown(ref)} cannot be read ({cause})") from None

    def level_changed(self) -> bool:
        """True if the level's files differ from those recorded (False if unknown)."""
        if self.level_sha256 is None:
            return False
        try:
            return level_sha256(self.level_path) != self.level_sha256
        except (OSError, DataFileError):
            return True  # it was readable when recorded, so it did change

    def level_warning(self, path: Path) -> str | None:
        """One line to show before watching `path` if its level changed since recording."""
        if not self.level_changed():
            return None
        return (
            f"{path}: its level {shown(self.level)} changed since it was recorded;"
            " the run may not play out the same"
        )

    def not_reproduced(
        self, path: Path, digest: str, outcome: str | None | EllipsisType = ...
    ) -> str | None:
        """The one-line report for a full replay of `path` that ended on `digest` with
        `outcome` (`...`: not known to the caller), if either differs from the recording:
        whether the level changed, or the game did. A replay that stored no outcome
        checks only the hash (the hash covers the outcome too; this names it)."""
        same_outcome = self.outcome is None or outcome is ... or outcome == self.outcome
        if (self.state_hash is None or digest == self.state_hash) and same_outcome:
            return None
        if self.level_changed():
            why = f"its level {shown(self.level)} changed since it was recorded"
        elif self.level_sha256 is None:
            why = "the level or the game changed since it was recorded"
        else:
            why = f"the game changed since it was recorded (with {self.version})"
        if not same_outcome:
            why += f"; it ended {outcome or 'undecided'}, not {self.outcome}"
        return f"{path}: did not reproduce the recorded run: {why}"

    def source(self) -> ReplayInput:
        return ReplayInput(self.masks)


class ReplayInput:
    """Plays the masks back one step at a time; NONE once they run out."""

    def __init__(self, masks: list[int]) -> None:
        self._masks = masks
        self.position = 0

    def __len__(self) -> int:
        return len(self._masks)

    @property
    def finished(self) -> bool:
        return self.position >= len(self._masks)

    def next(self) -> Buttons:
        if self.finished:
            return Buttons.NONE
        mask = self._masks[self.position]
        self.position += 1
        return Buttons(mask)


class Recorder:
    """Collects the masks fed to one stage (the first it sees) and saves them as a replay.

    A window session records its first level: restarting or moving on ends the
    recording and saves it; so does quitting.
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.stage: Any = None
        self.replay: Replay | None = None
        self.saved = False

    def record(self, stage: Any, held: int) -> None:
        """Call before `stage.step(held)`."""
        if self.stage is None:
            self.stage = stage
            self.replay = Replay(level=level_ref(stage.level.path), seed=stage.seed)
            # Before the first step: a hot reload may change the file later.
            self.replay.level_sha256 = level_sha256_or_none(stage.level.path)
        elif stage is not self.stage:
            self.save()
            return
        if not self.saved and self.replay is not None:
            self.replay.masks.append(int(held))

    def save(self) -> None:
        if self.saved or self.replay is None:
            return
        self.replay.state_hash = self.stage.state_hash()
        self.replay.outcome = self.stage.outcome
        self.replay.save(self.path)
        self.saved = True


def play(replay: Replay, steps: int | None = None) -> Any:
    """Run a replay headless; returns the stage after `steps` (default: all of them)."""
    from gunner.level import load_level
    from gunner.stage import Stage

    stage = Stage(load_level(replay.level_path, images=False), seed=replay.seed)
    source = replay.source()
    for _ in range(len(replay.masks) if steps is None else steps):
        stage.step(source.next())
        stage.events.clear()
    return stage


def iter_files(paths: Iterable[Path]) -> Iterator[Path]:
    for path in paths:
        if path.is_dir():
            yield from sorted(path.glob("*.replay"))
        else:
            yield path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m gunner.replay", description="Replay recorded runs and check their hashes."
    )
    parser.add_argument("files", nargs="+", type=Path, help="replay files or folders of them")
    parser.add_argument(
        "--update", action="store_true", help="store each replay's new hash instead of checking"
    )
    args = parser.parse_args(argv)
    from gunner.level import LevelError

    failed = 0
    for path in iter_files(args.files):
        try:
            replay = Replay.load(path)
            if args.update:  # the level as it is now, before playing it
                replay.level_sha256 = level_sha256(replay.level_path)
            stage = play(replay)
            digest, outcome = stage.state_hash(), stage.outcome
            if args.update:
                if replay.outcome is not None and outcome != replay.outcome:
                    # A finishing run that no longer finishes is not a new expectation:
                    # it needs the bot again (`make demos`), not a new hash.
                    print(
                        f"gunner.replay: {path}: now ends {outcome or 'undecided'}, not"
                        f" {replay.outcome}: not updated (re-find it with `make demos`)",
                        file=sys.stderr,
                    )
                    failed += 1
                    continue
                replay.state_hash = digest
                replay.outcome = outcome
                replay.save(path)
        except (ReplayError, LevelError) as exc:
            print(f"gunner.replay: {exc}", file=sys.stderr)
            failed += 1
            continue
        except (OSError, DataFileError) as exc:  # the level went away while we looked
            print(f"gunner.replay: {path}: its level cannot be read ({exc})", file=sys.stderr)
            failed += 1
            continue
        if args.update:
            print(f"{path}: {digest} (stored)")
        elif (report := replay.not_reproduced(path, digest, outcome)) is None:
            print(f"{path}: ok")
        else:
            print(
                f"{path}: MISMATCH {digest} ({outcome}) != {replay.state_hash} ({replay.outcome})"
            )
            print(f"gunner.replay: {report}", file=sys.stderr)
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
