"""The fixed-step clock: real frame times turned into whole simulation steps, with only
as many steps a frame as the frame can afford (Game Programming Patterns' "Game Loop")."""

from __future__ import annotations

from gunner.config import DT, MAX_STEPS_PER_FRAME


class FixedStepClock:
    """Turns real frame times into whole simulation steps (the accumulator of the Game Loop).

    The policy when the simulation cannot keep up: catch up only with steps the frame
    can afford. The clock keeps a smoothed cost of one step and of the rest of a frame
    (events, drawing, presenting), as the loop measures them. A frame owes one step per
    DT of real time; it runs as many of them as fit, with the rest of the frame, in one
    frame's time (DT), at least one and at most `max_steps`. Steps it cannot afford are
    dropped: game time slips, and the game runs slower but at an even frame rate.

    Why: a step that costs more than a frame allows makes catching up self-defeating.
    With the old fixed cap of five steps, a 14 ms step meant five steps a frame, 11 FPS,
    at nearly full game speed: a slideshow. One step a frame at 20 ms is 50 FPS at 83 %
    speed, which a player barely notices. A cheap step still catches up after a hitch
    (a stall, a dragged window) within a frame or two, and nothing is lost. The
    simulation never sees any of this: each step is one DT with one input mask.
    """

    SMOOTHING = 0.2  # weight of the newest frame in the running costs

    def __init__(self, dt: float = DT, max_steps: int = MAX_STEPS_PER_FRAME) -> None:
        self.dt = dt
        self.max_steps = max_steps
        self.backlog = 0.0
        self.step_cost = 0.0  # seconds per step, smoothed (0: not measured yet)
        self.other_cost = 0.0  # seconds for the rest of a frame, smoothed

    def affordable(self) -> int:
        """How many steps fit in one frame's time beside the rest of the frame."""
        if self.step_cost <= 0.0:
            return self.max_steps
        spare = self.dt - self.other_cost
        return max(1, min(self.max_steps, int(spare / self.step_cost)))

    def advance(self, real_dt: float) -> int:
        """Add one frame's real time; return how many steps to run now."""
        self.backlog += min(max(real_dt, 0.0), self.max_steps * self.dt)
        limit = self.affordable()
        steps = 0
        while self.backlog >= self.dt and steps < limit:
            self.backlog -= self.dt
            steps += 1
        if self.backlog >= self.dt:
            # Owed more than this frame affords: drop the whole steps, keep the fraction
            # (ordinary jitter between frames is still evened out).
            self.backlog %= self.dt
        return steps

    def measured(self, step_seconds: float, steps: int, other_seconds: float) -> None:
        """The last frame's costs: `steps` steps took `step_seconds`, the rest of the
        frame `other_seconds`."""
        k = self.SMOOTHING
        if steps > 0:
            per_step = step_seconds / steps
            self.step_cost = (
                per_step
                if self.step_cost <= 0.0
                else (self.step_cost + k * (per_step - self.step_cost))
            )
        self.other_cost += k * (max(other_seconds, 0.0) - self.other_cost)
