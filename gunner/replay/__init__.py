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

- format.py: the fields, limits and errors, run-length coding, level references and
  the level hash;
- file.py: `Replay` (save, load, checks) and `ReplayInput`;
- record.py: `Recorder` and `play`;
- __main__.py: `python -m gunner.replay`.
"""

from gunner.replay.file import Replay, ReplayInput
from gunner.replay.format import (
    CO_OP_FORMAT,
    EXIT_DAMAGED,
    EXIT_NOT_REPRODUCED,
    FORMAT,
    MAX_LEVEL_BYTES,
    MAX_LEVEL_REF,
    MAX_REPLAY_BYTES,
    MAX_STEPS,
    MAX_TILESETS,
    NEWEST_FORMAT,
    OUTCOMES,
    ReplayDamaged,
    ReplayError,
    decode_runs,
    encode_runs,
    game_version,
    level_ref,
    level_sha256,
    level_sha256_or_none,
    resolve_level,
    short_repr,
    shown,
    tileset_sources,
)
from gunner.replay.record import PROGRESS_STEPS, Recorder, play

__all__ = [
    "CO_OP_FORMAT",
    "EXIT_DAMAGED",
    "EXIT_NOT_REPRODUCED",
    "FORMAT",
    "MAX_LEVEL_BYTES",
    "MAX_LEVEL_REF",
    "MAX_REPLAY_BYTES",
    "MAX_STEPS",
    "MAX_TILESETS",
    "NEWEST_FORMAT",
    "OUTCOMES",
    "PROGRESS_STEPS",
    "Recorder",
    "Replay",
    "ReplayDamaged",
    "ReplayError",
    "ReplayInput",
    "decode_runs",
    "encode_runs",
    "game_version",
    "level_ref",
    "level_sha256",
    "level_sha256_or_none",
    "main",
    "play",
    "resolve_level",
    "short_repr",
    "shown",
    "tileset_sources",
]


def main(argv: list[str] | None = None) -> int:
    """`python -m gunner.replay`: see `gunner.replaycheck`."""
    from gunner.replaycheck import main as check

    return check(argv)
