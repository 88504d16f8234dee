"""How a run ends: the words `World.outcome` takes once the run is decided."""

from __future__ import annotations

from enum import StrEnum


class Outcome(StrEnum):
    """How a run ended (`World.outcome`; None while undecided). Hashed, and written to
    replays and reports, as its text."""

    COMPLETE = "complete"  # the exit reached with every objective done
    DEAD = "dead"  # the last life lost (co-op: both players' last)
    VERSUS = "versus"  # a versus round won (`World.arena.winner` says by whom)
