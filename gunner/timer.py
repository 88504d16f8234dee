"""Countdowns in whole fixed steps: cooldowns, tells, flashes, fuses.

Every countdown in the simulation is a `Timer`. It counts whole steps (1/60 s), so
there is no float drift (0.1 s is exactly 6 steps, on every machine), and it is a
dataclass, so the stage's state hash sees the steps left.

    self.cooldown = Timer.of(0.5)      # half a second from now
    if self.cooldown.tick():           # one step; True on the step it runs out
        fire()
    if not self.flash:                 # a timer is true while it runs
        ...
"""

from __future__ import annotations

from dataclasses import dataclass

from gunner.config import DT, STEPS_PER_SECOND

# The longest countdown: about a year of play. Longer ones (or infinity, "for good")
# stop here rather than overflow.
MAX_STEPS = 2**31 - 1


def steps(seconds: float) -> int:
    """Whole steps in `seconds`, rounded to the nearest step; never negative."""
    if not seconds > 0:  # also NaN
        return 0
    return min(MAX_STEPS, round(min(seconds, MAX_STEPS * DT) * STEPS_PER_SECOND))


@dataclass(slots=True)
class Timer:
    """A countdown: `left` steps to go. True while running, False once run out."""

    left: int = 0

    @classmethod
    def of(cls, seconds: float) -> Timer:
        return cls(steps(seconds))

    def start(self, seconds: float) -> None:
        """Run for `seconds` from now, whatever was left."""
        self.left = steps(seconds)

    def stop(self) -> None:
        self.left = 0

    def tick(self, floor: int = 0) -> bool:
        """Count one step; True on the step it runs out. With a `floor` it holds at
        that many steps (and one below it is raised to it): a tell that restarts."""
        left = self.left
        if left <= 0 and floor <= 0:
            return False
        # Every enemy ticks a few timers every step: plain comparisons, no max() call.
        left -= 1
        if left < floor:
            left = floor
        self.left = left
        return left == 0

    def __bool__(self) -> bool:
        return self.left > 0

    @property
    def seconds(self) -> float:
        """Time left, in seconds (for drawing: blinks, fades)."""
        return self.left * DT
