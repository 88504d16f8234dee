"""A time to beat: the run's clock on the fixed tick, and a split at each checkpoint
compared with the best run's split there.

The clock is the stage's step count (1/60 s each), never the wall clock, so a run's
time is the same however fast the machine played it, at any game speed, and in its
replay. Times are shown as M:SS.hh, counted down from the steps exactly. A checkpoint
is named by where it stands in the level (`x,y` of its foot), so a split compares with
the best run's split at the same flag whatever order the flags were reached in.
"""

from __future__ import annotations

from dataclasses import dataclass

from gunner import text
from gunner.config import STEPS_PER_SECOND

__all__ = [
    "SHOWN_STEPS",
    "Split",
    "Splits",
    "checkpoint_id",
    "compared",
    "delta_colour",
    "format_steps",
    "seconds_of",
    "steps_of",
]

# How long a split stays on screen after its checkpoint: long enough to read.
SHOWN_STEPS = 3 * STEPS_PER_SECOND


def format_steps(steps: int) -> str:
    """M:SS.hh of a step count, exactly (hundredths cut, never rounded up)."""
    hundredths = max(0, steps) * 100 // STEPS_PER_SECOND
    minutes, hundredths = divmod(hundredths, 60 * 100)
    return f"{minutes}:{hundredths // 100:02d}.{hundredths % 100:02d}"


def steps_of(seconds: float) -> int:
    """The step count a stored time in seconds stands for."""
    return round(seconds * STEPS_PER_SECOND)


def seconds_of(steps: int) -> float:
    """A step count as seconds, as progress.json stores it (ms: one step is 16.7 ms)."""
    return round(steps / STEPS_PER_SECOND, 3)


def checkpoint_id(foot: tuple[float, float]) -> str:
    """How splits name the checkpoint standing at `foot`."""
    return f"{round(foot[0])},{round(foot[1])}"


def format_delta(steps: int) -> str:
    """+S.hh behind or -S.hh ahead (with minutes past a minute)."""
    sign = "-" if steps < 0 else "+"
    text = format_steps(abs(steps))
    return sign + text.removeprefix("0:").lstrip("0").rjust(4, "0")


def compared(delta: int) -> str:
    """How a time compares with the best, in words as well as numbers: `-1.23 AHEAD`,
    `+0.50 BEHIND` or `EVEN` (`delta`: steps behind the best, negative ahead)."""
    if delta == 0:
        return "EVEN"
    return f"{format_delta(delta)} {'AHEAD' if delta < 0 else 'BEHIND'}"


def delta_colour(delta: int | None) -> tuple[int, int, int]:
    """Green ahead of the best, red behind, white even or with nothing to compare."""
    if not delta:
        return text.WHITE
    return text.GREEN if delta < 0 else text.RED


@dataclass(frozen=True)
class Split:
    checkpoint: str
    steps: int  # the run's clock when the checkpoint was reached
    delta: int | None  # steps behind (+) or ahead (-) of the best run's split; None: none

    @property
    def colour(self) -> tuple[int, int, int]:
        return delta_colour(self.delta)

    def label(self) -> str:
        """What the screen shows: the time, and in words as well as colour how it
        compares (`0:42.10  -1.23 AHEAD`)."""
        if self.delta is None:
            return format_steps(self.steps)
        return f"{format_steps(self.steps)}  {compared(self.delta)}"


class Splits:
    """One run's splits, each compared with the best run's as it is reached."""

    def __init__(self) -> None:
        self.times: dict[str, int] = {}  # checkpoint id -> steps, in the order reached
        self.last: Split | None = None

    def reach(self, foot: tuple[float, float], steps: int, best: dict[str, float]) -> Split:
        """The checkpoint at `foot` was reached at `steps` on the run's clock; `best`:
        the best run's splits (checkpoint id -> seconds, as progress.json keeps them)."""
        name = checkpoint_id(foot)
        self.times.setdefault(name, steps)
        best_seconds = best.get(name)
        delta = None if best_seconds is None else steps - steps_of(best_seconds)
        self.last = Split(name, steps, delta)
        return self.last

    def shown(self, now: int) -> Split | None:
        """The split to show at `now` (steps): the last one, for a moment after it."""
        if self.last is not None and 0 <= now - self.last.steps < SHOWN_STEPS:
            return self.last
        return None

    def seconds(self) -> dict[str, float]:
        """The splits as progress.json keeps them."""
        return {name: seconds_of(steps) for name, steps in self.times.items()}
