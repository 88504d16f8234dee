"""A level's first stage: read and built where the game's frames do not wait on it.

A level opens behind the loading screen, whose worker thread builds the play scene.
Reading a map holds Python's lock for as long as the parser runs, and on a thread of the
game's own process that freezes the loading screen with it: 1.4 s for a map named by a
20 MB property. A big map is therefore read and its stage built in the map reader's
process (`gunner.apart`, as hot reload does), and only the finished stage crosses back,
its arrays as raw buffers. A small one (every shipped level) is read on the thread as
before: starting that process and sending the stage back take longer than reading it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gunner.apart import Unsendable, Worker, WorkerDied
from gunner.feedback import Feedback
from gunner.hotreload import Build, prepared
from gunner.maps import LevelError, load_level
from gunner.world import World

# A map file at least this big is read in the reader's process. The shipped levels are
# 0.06-0.2 MB and read in 0.1-0.3 s; at 2 MB (10,000 columns) the thread stalled the
# loading screen's frames for up to 0.2 s, at 5 MB of layers 0.19 s, at 20 MB 1.4 s.
APART_BYTES = 1_000_000


@dataclass(frozen=True)
class Opening:
    """What a level is opened with: the play scene's choices and the map's answer to them."""

    seed: int = 0
    players: int = 1
    split: str = "auto"
    versus: int = 0  # kills to win, if the map is an arena
    crowd: int = 0
    design: str = "ours"


def fresh_stage(path: Path, opening: Opening) -> tuple[World, int, str]:
    """The stage `path` starts with, and the players and split it is played with (an
    arena always plays for two, each in their own half). Raises LevelError (one line) for
    a map the game cannot use. Run in the reader's process for a big map."""
    level = load_level(path)
    players, split = opening.players, opening.split
    arena = level.properties.get("mode") == "versus"
    if arena:
        players, split = 2, "always"
    stage = World(
        level,
        seed=opening.seed,
        players=players,
        leash=players > 1 and split == "never",
        versus=opening.versus if arena else 0,  # a campaign map is never a round
    )
    Feedback.attach(stage)
    return prepared(stage, opening.crowd, opening.design), players, split


def big(path: Path) -> bool:
    """A map worth reading in the reader's process (see APART_BYTES)."""
    try:
        return path.stat().st_size >= APART_BYTES
    except OSError:  # missing: the loader says so, in one line, wherever it runs
        return False


def open_stage(path: Path, opening: Opening, reader: Worker | None) -> tuple[World, int, str]:
    """`fresh_stage`, in `reader`'s process if the map is big and there is a reader.
    On a loading screen's thread, Back stops the reading at once (the process with it).
    A stage that cannot cross back is built here instead; a process that dies reading
    the map is that map's refusal, in one line."""
    if reader is None or not big(path):
        return fresh_stage(path, opening)
    build = Build.running()
    check = build.check if build is not None else _never
    try:
        return reader.call(fresh_stage, path, opening, check=check)
    except Unsendable:
        return fresh_stage(path, opening)
    except WorkerDied as exc:
        raise LevelError(path, str(exc)) from None


def ready() -> None:
    """Called in the reader's process to start it before a big map is chosen: bringing
    this function there imports the map loader and the stage."""


def _never() -> None:
    """Nobody can call this load off."""
