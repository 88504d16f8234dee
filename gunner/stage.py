"""The stage's old address, kept for outside tools, benchmarks and tests: the
simulation is `gunner.world` now. A Stage is a World with its Feedback attached, as
the two were before they parted, and its looks and sounds readable on it (`effects`,
`particles`, `trauma`, `events`, `feedback`). The game itself uses `gunner.world`."""

from __future__ import annotations

from gunner.feedback import Feedback, feedback_of
from gunner.feedback.effects import EFFECT_STEPS, EFFECTS, Effect
from gunner.maps import Level
from gunner.particles import Particles
from gunner.world.ending import DEATH_DELAY
from gunner.world.invariants import InvariantError
from gunner.world.objectives import parse_objectives
from gunner.world.physics import Counters
from gunner.world.statehash import freeze
from gunner.world.world import (
    HITSTOP_HURT,
    HITSTOP_KILL,
    MESSAGE_TIME,
    TYPICAL_ENTITY,
    World,
)


class Stage(World):
    """A World with a Feedback attached from the start."""

    def __init__(
        self, level: Level, seed: int = 0, players: int = 1, leash: bool = False, versus: int = 0
    ) -> None:
        super().__init__(level, seed, players=players, leash=leash, versus=versus)
        Feedback.attach(self)

    @property
    def feedback(self) -> Feedback:
        return feedback_of(self)

    @property
    def effects(self) -> list[Effect]:
        return self.feedback.effects

    @property
    def particles(self) -> Particles:
        return self.feedback.particles

    @property
    def trauma(self) -> float:
        """Screen shake, 0..1."""
        return self.feedback.trauma

    @property
    def events(self) -> list[str]:
        """Sounds to play; whoever does not play them clears this."""
        return self.feedback.sounds


__all__ = [
    "DEATH_DELAY",
    "EFFECTS",
    "EFFECT_STEPS",
    "HITSTOP_HURT",
    "HITSTOP_KILL",
    "MESSAGE_TIME",
    "TYPICAL_ENTITY",
    "Counters",
    "Effect",
    "InvariantError",
    "Stage",
    "World",
    "freeze",
    "parse_objectives",
]
