"""`python -m gunner.replay FILE|FOLDER...`: replay recorded runs and check their hashes.

One verdict per file on stdout (`FILE: ok`, `FILE: MISMATCH ...`, with `--update`
`FILE: HASH (stored)`), and every failure in one line on stderr, as is the
progress of a run that takes more than a few seconds. The exit status says
what failed: see `main`. A folder holding no replays is an error, not a pass.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from gunner.datafile import DataFileError
from gunner.replay import (
    EXIT_DAMAGED,
    EXIT_NOT_REPRODUCED,
    Replay,
    ReplayError,
    level_sha256,
    play,
    shown,
)

# A long verification says how far it got, on stderr, at most this often.
PROGRESS_SECONDS = 5.0


class ProgressLine:
    """`play`'s progress callback for the command line: a line on stderr at most every
    PROGRESS_SECONDS (a short run prints none), with the share done and the time left."""

    def __init__(self, path: Path, clock: Callable[[], float] | None = None) -> None:
        self.path = path
        self.clock = clock or time.monotonic
        self.started = self.last = self.clock()

    def __call__(self, done: int, total: int) -> None:
        now = self.clock()
        if now - self.last < PROGRESS_SECONDS:
            return
        self.last = now
        left = (now - self.started) * (total - done) / done
        print(
            f"gunner.replay: {self.path}: {1000 * done // total / 10:.1f}%"
            f" ({done:,} of {total:,} steps,"
            f" about {_duration(left)} left)",
            file=sys.stderr,
            flush=True,
        )


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{max(1, round(seconds))} s"
    if seconds < 90 * 60:
        return f"{round(seconds / 60)} min"
    return f"{seconds / 3600:.1f} h"


def iter_files(paths: Iterable[Path]) -> Iterator[Path | ReplayError]:
    """Each replay file named, a folder's `*.replay` files in order; a folder holding
    none gives a ReplayError saying so instead (checking nothing is not a pass)."""
    for path in paths:
        if path.is_dir():
            found = sorted(p for p in path.glob("*.replay") if not p.is_dir())
            if not found:
                yield ReplayError(path, "no .replay files in this folder")
            yield from found
        else:
            yield path


def overall_status(failures: Iterable[int]) -> int:
    """The command's exit status from each failed file's: 0 if none failed. A damaged
    file outranks one that could not be run (1), which outranks a run that did not
    reproduce: EXIT_NOT_REPRODUCED says the game or level changed, so it is only
    given when every failed replay did run."""
    rank = {EXIT_NOT_REPRODUCED: 1, 1: 2, EXIT_DAMAGED: 3}
    return max(failures, key=lambda status: rank.get(status, 2), default=0)


def check_file(path: Path, update: bool) -> int:
    """Replay one file (and with `update`, store its new hash); print the verdict.

    Returns 0 if it reproduced (or was updated), else the exit status for the
    failure, whose one line has gone to stderr.
    """
    from gunner.maps import LevelError

    try:
        replay = Replay.load(path)
    except ReplayError as exc:
        return _fail(str(exc), exc.exit_status)
    try:
        if update:  # the level as it is now, before playing it
            replay.level_sha256 = level_sha256(replay.level_path)
        stage = play(replay, progress=ProgressLine(path))
    except LevelError as exc:
        if replay.level_changed():
            ref = shown(replay.level)
            return _fail(f"{path}: its level {ref} changed since it was recorded: {exc.cause}", 1)
        return _fail(f"{path}: its level cannot be played: {exc}", 1)
    except (OSError, DataFileError) as exc:  # the level went away while we looked
        return _fail(f"{path}: its level cannot be read ({exc})", 1)
    digest, outcome = stage.state_hash(), stage.outcome
    if update:
        if replay.outcome is not None and outcome != replay.outcome:
            # A finishing run that no longer finishes is not a new expectation:
            # it needs the bot again (`make demos`), not a new hash.
            return _fail(
                f"{path}: now ends {outcome or 'undecided'}, not {replay.outcome}:"
                " not updated (re-find it with `make demos`)",
                1,
            )
        replay.state_hash = digest
        replay.outcome = outcome
        try:
            replay.save(path)
        except ReplayError as exc:
            return _fail(str(exc), 1)
        print(f"{path}: {digest} (stored)")
        return 0
    report = replay.not_reproduced(path, digest, outcome)
    if report is None:
        print(f"{path}: ok")
        return 0
    print(f"{path}: MISMATCH {digest} ({outcome}) != {replay.state_hash} ({replay.outcome})")
    return _fail(report, EXIT_NOT_REPRODUCED)


def _fail(message: str, status: int) -> int:
    print(f"gunner.replay: {message}", file=sys.stderr)
    return status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m gunner.replay",
        description="Replay recorded runs and check their hashes.",
        epilog=(
            f"exit status: 0 all reproduced; {EXIT_NOT_REPRODUCED} a run did not reproduce"
            f" (the game or its level changed); {EXIT_DAMAGED} a replay file is damaged or"
            " not a replay; 1 a file or its level could not be used (or a folder held no"
            " replays)"
        ),
    )
    parser.add_argument("files", nargs="+", type=Path, help="replay files or folders of them")
    parser.add_argument(
        "--update", action="store_true", help="store each replay's new hash instead of checking"
    )
    args = parser.parse_args(argv)
    failures = []
    for item in iter_files(args.files):
        if isinstance(item, ReplayError):
            failures.append(_fail(str(item), item.exit_status))
        elif status := check_file(item, args.update):
            failures.append(status)
    return overall_status(failures)
