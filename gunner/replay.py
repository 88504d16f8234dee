"""Recorded input: the held-buttons mask of every step, enough to replay a run exactly.

A run is a function of the level, the seed and the masks (the simulation reads
nothing else), so a replay file stores just those, run-length encoded:

    {"format": 1, "game": "gunner", "version": "0.1.0", "level": "levels/level1.tmx",
     "level_sha256": "...", "seed": 7, "steps": 3000, "inputs": [[mask, count], ...],
     "state_hash": "...", "outcome": "complete"}

A co-op run (two players) is format 2: `"players": 2`, and `inputs` holds one
list of runs per player, `[[[mask, count], ...], [[mask, count], ...]]`, each as
long as `steps`; `"leash": true` if the players could not split (the camera
setting "never"). One-player runs are still written as format 1, byte for byte as
before, so every replay recorded before co-op loads and plays as it did.

A run made with assists that change the simulation (invincibility, infinite ammo)
stores them too, `"assists": ["invincible", "ammo"]`; a run without them has no
such field, and loads and plays exactly as before.

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
A damaged file (cut off, garbled, a field of the wrong type or out of range) is
`ReplayDamaged`, naming the field: the file is to blame, not the game, and it has
its own exit status (EXIT_DAMAGED), apart from a run that did not reproduce
(EXIT_NOT_REPRODUCED: the game or the level changed, and the message says which).

`python -m gunner.replay FILE|FOLDER...` replays files and checks their hashes;
`--update` re-records each file's expected hash (after a deliberate change to
the simulation). That command lives in `gunner.replaycheck`.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from types import EllipsisType
from typing import Any, TypeGuard

from gunner import __version__
from gunner.assists import Assists, sim_assists
from gunner.config import LEVELS_DIR
from gunner.datafile import (
    DataFileError,
    NotAFileError,
    check_regular,
    load_json,
    read_bytes,
)
from gunner.input import Buttons

FORMAT = 1  # what a one-player replay is written as (as it always was)
CO_OP_FORMAT = 2  # two players: one list of runs per player
NEWEST_FORMAT = CO_OP_FORMAT
_ALL_BUTTONS = int(sum(Buttons))
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
# What a replay may say its run ended as (`Stage.outcome`).
OUTCOMES = ("complete", "dead")
_SHA256 = re.compile(r"[0-9a-f]{64}")
# How often (in steps) `play` reports its progress, for a long verification to show it.
PROGRESS_STEPS = 600


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


def _whole(value: Any) -> TypeGuard[int]:
    """A JSON whole number (`true` is not one, though Python counts it as 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _masks(runs: Any) -> list[int]:
    """The masks of a file's `inputs` ([[mask, count], ...]); ValueError names the run."""
    if not isinstance(runs, list):
        raise ValueError(f"inputs {short_repr(runs)} is not a list of [buttons, steps] runs")
    total = 0
    for n, run in enumerate(runs):
        if not (isinstance(run, list) and len(run) == 2):
            raise ValueError(f"inputs[{n}] {short_repr(run)} is not a [buttons, steps] run")
        mask, count = run
        if not _whole(mask) or not 0 <= mask <= _ALL_BUTTONS:
            raise ValueError(f"inputs[{n}] buttons {short_repr(mask)} is not a button mask")
        if not _whole(count) or count < 1:
            raise ValueError(
                f"inputs[{n}] steps {short_repr(count)} is not a whole number of steps"
            )
        total += count
        if total > MAX_STEPS:  # before building a list larger than memory
            raise ValueError(f"longer than {MAX_STEPS} steps (inputs[{n}])")
    return decode_runs(runs)


def _co_op_masks(data: dict[str, Any]) -> tuple[list[int], list[int]]:
    """Each player's masks from a co-op file's `inputs`; ValueError names the field."""
    if data.get("players") != 2:
        raise ValueError(f"players {short_repr(data.get('players'))} is not 2")
    inputs = data.get("inputs")
    if not (isinstance(inputs, list) and len(inputs) == 2):
        raise ValueError(f"inputs {short_repr(inputs)} is not one list of runs per player")
    first, second = _masks(inputs[0]), _masks(inputs[1])
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
    # The simulation's assists the run was made with (all off for most runs).
    assists: Assists = field(default_factory=Assists)
    # Co-op: player 2's masks, step for step beside `masks` (None: one player).
    partner: list[int] | None = None
    leash: bool = False  # co-op, never split: the players could not walk apart

    @property
    def players(self) -> int:
        return 1 if self.partner is None else 2

    @property
    def level_path(self) -> Path:
        return resolve_level(self.level)

    def to_json(self) -> dict[str, Any]:
        if self.partner is not None:
            return {
                "format": CO_OP_FORMAT,
                "game": "gunner",
                "version": self.version,
                "level": self.level,
                "level_sha256": self.level_sha256,
                "seed": self.seed,
                "players": 2,
                "steps": len(self.masks),
                "inputs": [encode_runs(self.masks), encode_runs(self.partner)],
                "state_hash": self.state_hash,
                **({"leash": True} if self.leash else {}),
                **({"outcome": self.outcome} if self.outcome is not None else {}),
                **({"assists": names} if (names := self.assists.sim_names()) else {}),
            }
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
            **({"assists": names} if (names := self.assists.sim_names()) else {}),
        }

    def save(self, path: Path) -> None:
        from gunner.settings import atomic_write_text

        if not _whole(self.seed) or self.seed < 0:  # a file no load would accept
            raise ReplayError(path, f"cannot save the replay: its seed {self.seed} is negative")
        text = json.dumps(self.to_json(), separators=(",", ":")) + "\n"
        try:
            atomic_write_text(Path(path), text)
        except OSError as exc:
            raise ReplayError(path, f"cannot save the replay ({exc.strerror or exc})") from exc

    @classmethod
    def load(cls, path: Path) -> Replay:
        """The replay at `path`. Raises ReplayDamaged naming the field at fault if the
        file is damaged, ReplayError if it or its level cannot be read at all."""
        try:
            data = load_json(Path(path), MAX_REPLAY_BYTES)
        except FileNotFoundError as exc:
            raise ReplayError(path, "no such file") from exc
        except NotAFileError as exc:
            raise ReplayError(path, f"not a replay file: {exc}") from exc
        except DataFileError as exc:
            raise ReplayDamaged(path, str(exc).removesuffix(" (damaged?)")) from exc
        except OSError as exc:
            cause = exc.strerror or exc.__class__.__name__
            raise ReplayError(path, f"cannot read it ({cause})") from exc
        if not isinstance(data, dict) or data.get("game") != "gunner":
            raise ReplayDamaged(path, 'not a gunner replay (no "game": "gunner")')
        form = data.get("format")
        if _whole(form) and form > NEWEST_FORMAT:
            raise ReplayError(
                path,
                f"recorded by a newer gunner (replay format {form}; this one reads"
                f" up to {NEWEST_FORMAT})",
            )
        if form not in (FORMAT, CO_OP_FORMAT) or not _whole(form):
            raise ReplayDamaged(
                path, f"format {short_repr(form)} is not {FORMAT} or {CO_OP_FORMAT}"
            )
        try:
            replay = cls._from_fields(data)
        except ValueError as exc:
            raise ReplayDamaged(path, str(exc)) from exc
        replay.check_level(path)
        return replay

    @classmethod
    def _from_fields(cls, data: dict[str, Any]) -> Replay:
        """The replay a loaded document describes; ValueError names the field at fault."""
        level, seed = data.get("level"), data.get("seed")
        if not isinstance(level, str):
            raise ValueError(f"level {short_repr(level)} is not a path to a .tmx map")
        if not _whole(seed):
            raise ValueError(f"seed {short_repr(seed)} is not a whole number")
        if seed < 0:  # the game records none: `random` would play it as its opposite
            raise ValueError(f"seed {seed} is negative")
        partner: list[int] | None = None
        if data.get("format") == CO_OP_FORMAT:
            masks, partner = _co_op_masks(data)
        else:
            masks = _masks(data.get("inputs"))
        steps = data.get("steps", len(masks))
        if not _whole(steps) or steps != len(masks):
            raise ValueError(f"steps {short_repr(steps)} is not the {len(masks):,} the inputs hold")
        for name in ("state_hash", "level_sha256"):
            digest = data.get(name)
            if digest is not None and not (isinstance(digest, str) and _SHA256.fullmatch(digest)):
                raise ValueError(f"{name} {short_repr(digest)} is not a sha256 hex digest")
        outcome = data.get("outcome")
        if outcome is not None and outcome not in OUTCOMES:
            raise ValueError(f"outcome {short_repr(outcome)} is not one of {', '.join(OUTCOMES)}")
        version = data.get("version", "?")
        if not isinstance(version, str):
            raise ValueError(f"version {short_repr(version)} is not a version name")
        names = data.get("assists", [])
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise ValueError(f"assists {short_repr(names)} is not a list of assist names")
        assists = sim_assists([n[:40] for n in names])  # ValueError names a stranger
        return cls(
            level=level,
            seed=seed,
            masks=masks,
            state_hash=data.get("state_hash"),
            version=version[:40],
            level_sha256=data.get("level_sha256"),
            outcome=outcome,
            assists=assists,
            partner=partner,
            leash=partner is not None and data.get("leash") is True,
        )

    def check_level(self, path: Path) -> None:
        """ReplayError naming the replay `path` unless its level is a regular .tmx file
        (ReplayDamaged if the file's `level` is no path to one at all)."""
        ref = self.level
        if not ref or len(ref) > MAX_LEVEL_REF or "\x00" in ref or not ref.endswith(".tmx"):
            raise ReplayDamaged(path, f"its level {shown(ref)!r} is not a path to a .tmx map")
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
            now = game_version()
            why = f"the game changed since it was recorded (with {self.version}, now {now})"
        if not same_outcome:
            why += f"; it ended {outcome or 'undecided'}, not {self.outcome}"
        return f"{path}: did not reproduce the recorded run: {why}"

    def source(self) -> ReplayInput:
        return ReplayInput(self.masks, self.assists, self.partner)


class ReplayInput:
    """Plays the masks back one step at a time; NONE once they run out. `assists`:
    the simulation's assists the run was made with, for the stage to play under."""

    def __init__(
        self, masks: list[int], assists: Assists | None = None, partner: list[int] | None = None
    ) -> None:
        self._masks = masks
        self._partner = partner
        self.assists = assists or Assists()
        self.position = 0

    @property
    def players(self) -> int:
        return 1 if self._partner is None else 2

    def __len__(self) -> int:
        return len(self._masks)

    @property
    def finished(self) -> bool:
        return self.position >= len(self._masks)

    def next(self) -> Buttons:
        """Player 1's buttons for the next step (`next_all` for every player's)."""
        return self.next_all()[0]

    def next_all(self) -> tuple[Buttons, ...]:
        """Every player's buttons for the next step."""
        if self.finished:
            return (Buttons.NONE,) * self.players
        k = self.position
        self.position += 1
        if self._partner is None:
            return (Buttons(self._masks[k]),)
        return Buttons(self._masks[k]), Buttons(self._partner[k])


class Recorder:
    """Collects the masks fed to one stage (the first it sees) and saves them as a replay.

    A window session records its first level: restarting or moving on ends the
    recording and saves it; so does quitting, and so does changing an assist that the
    simulation reads (a replay holds one set of them, the set it began with).
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.stage: Any = None
        self.replay: Replay | None = None
        self.saved = False

    def record(self, stage: Any, held: int | tuple[int, ...]) -> None:
        """Call before `stage.step(held)` (one mask, or one per player)."""
        if self.stage is None:
            self.stage = stage
            self.replay = Replay(
                level=level_ref(stage.level.path),
                seed=stage.seed,
                assists=stage.assists,
                partner=[] if len(stage.players) > 1 else None,
                leash=stage.leash,
            )
            # Before the first step: a hot reload may change the file later.
            self.replay.level_sha256 = level_sha256_or_none(stage.level.path)
        elif (
            stage is not self.stage
            or (self.replay and stage.assists != self.replay.assists)
            or (self.replay and len(stage.players) != self.replay.players)  # joined or left
        ):
            self.save()
            return
        if not self.saved and self.replay is not None:
            masks = (held,) if isinstance(held, int) else tuple(held)
            self.replay.masks.append(int(masks[0]))
            if self.replay.partner is not None:
                self.replay.partner.append(int(masks[1]) if len(masks) > 1 else 0)

    def save(self) -> None:
        if self.saved or self.replay is None:
            return
        self.replay.state_hash = self.stage.state_hash()
        self.replay.outcome = self.stage.outcome
        self.replay.save(self.path)
        self.saved = True


def play(
    replay: Replay,
    steps: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Any:
    """Run a replay headless; returns the stage after `steps` (default: all of them).

    `progress(done, total)` is called every PROGRESS_STEPS steps, for a long run to
    show how far it got; it never touches the stage.
    """
    from gunner.maps import load_level
    from gunner.stage import Stage

    stage = Stage(
        load_level(replay.level_path, images=False),
        seed=replay.seed,
        players=replay.players,
        leash=replay.leash,
    )
    stage.assists = replay.assists
    source = replay.source()
    total = len(replay.masks) if steps is None else steps
    for done in range(1, total + 1):
        stage.step(source.next_all())
        stage.events.clear()
        if progress is not None and done % PROGRESS_STEPS == 0 and done < total:
            progress(done, total)
    return stage


def main(argv: list[str] | None = None) -> int:
    """`python -m gunner.replay`: see `gunner.replaycheck`."""
    from gunner.replaycheck import main as check

    return check(argv)


if __name__ == "__main__":
    sys.exit(main())
