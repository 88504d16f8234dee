"""`Replay`: one recorded run (level, seed, every step's buttons, the state it ended
on), saved and loaded with every field checked; `ReplayInput` plays its masks back.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from types import EllipsisType
from typing import Any

from gunner.assists import Assists, sim_assists
from gunner.datafile import DataFileError, NotAFileError, check_regular, load_json
from gunner.input import Buttons
from gunner.replay.format import (
    CO_OP_FORMAT,
    FORMAT,
    MAX_LEVEL_REF,
    MAX_REPLAY_BYTES,
    NEWEST_FORMAT,
    OUTCOMES,
    SHA256_DIGEST,
    ReplayDamaged,
    ReplayError,
    co_op_masks,
    encode_runs,
    game_version,
    level_sha256,
    masks_of_runs,
    resolve_level,
    short_repr,
    shown,
    whole_number,
)


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

        if not whole_number(self.seed) or self.seed < 0:  # a file no load would accept
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
        if whole_number(form) and form > NEWEST_FORMAT:
            raise ReplayError(
                path,
                f"recorded by a newer gunner (replay format {form}; this one reads"
                f" up to {NEWEST_FORMAT})",
            )
        if form not in (FORMAT, CO_OP_FORMAT) or not whole_number(form):
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
        if not whole_number(seed):
            raise ValueError(f"seed {short_repr(seed)} is not a whole number")
        if seed < 0:  # the game records none: `random` would play it as its opposite
            raise ValueError(f"seed {seed} is negative")
        partner: list[int] | None = None
        if data.get("format") == CO_OP_FORMAT:
            masks, partner = co_op_masks(data)
        else:
            masks = masks_of_runs(data.get("inputs"))
        steps = data.get("steps", len(masks))
        if not whole_number(steps) or steps != len(masks):
            raise ValueError(f"steps {short_repr(steps)} is not the {len(masks):,} the inputs hold")
        for name in ("state_hash", "level_sha256"):
            digest = data.get(name)
            if digest is not None and not (
                isinstance(digest, str) and SHA256_DIGEST.fullmatch(digest)
            ):
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
