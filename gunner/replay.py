"""Recorded input: the held-buttons mask of every step, enough to replay a run exactly.

A run is a function of the level, the seed and the masks (the simulation reads
nothing else), so a replay file stores just those, run-length encoded:

    {"format": 1, "game": "gunner", "version": "0.1.0", "level": "levels/level1.tmx",
     "seed": 7, "steps": 3000, "inputs": [[mask, count], ...], "state_hash": "..."}

`state_hash` is `Stage.state_hash()` after the last step when it was recorded;
replaying must reproduce it. Level paths inside the project are stored relative
to it, so replays work from any checkout.

`python -m gunner.replay FILE...` replays files and checks their hashes;
`--update` re-records each file's expected hash (after a deliberate change to
the simulation).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gunner import __version__
from gunner.config import LEVELS_DIR
from gunner.input import Buttons

FORMAT = 1
_ALL_BUTTONS = int(sum(Buttons))
# Longest replay accepted: ten hours of steps. A damaged or hostile run count must not
# make the game try to build a list larger than memory.
MAX_STEPS = 10 * 60 * 60 * 60


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

    @property
    def level_path(self) -> Path:
        return resolve_level(self.level)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": "gunner",
            "version": self.version,
            "level": self.level,
            "seed": self.seed,
            "steps": len(self.masks),
            "inputs": encode_runs(self.masks),
            "state_hash": self.state_hash,
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
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except FileNotFoundError as exc:
            raise ReplayError(path, "no such file") from exc
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ReplayError(path, f"not a replay file ({exc.__class__.__name__})") from exc
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
                version=str(data.get("version", "?")),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ReplayError(path, "damaged replay (bad level, seed or inputs)") from exc
        return replay

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
        elif stage is not self.stage:
            self.save()
            return
        if not self.saved and self.replay is not None:
            self.replay.masks.append(int(held))

    def save(self) -> None:
        if self.saved or self.replay is None:
            return
        self.replay.state_hash = self.stage.state_hash()
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
            digest = play(replay).state_hash()
        except (ReplayError, LevelError) as exc:
            print(f"gunner.replay: {exc}", file=sys.stderr)
            failed += 1
            continue
        if args.update:
            replay.state_hash = digest
            replay.save(path)
            print(f"{path}: {digest} (stored)")
        elif digest == replay.state_hash:
            print(f"{path}: ok")
        else:
            print(f"{path}: MISMATCH {digest} != {replay.state_hash}")
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
