"""The stage's old address, kept for outside tools, benchmarks and tests: the
simulation is `gunner.world` now, and a Stage is its World."""

from gunner.feedback.effects import EFFECT_STEPS, EFFECTS, Effect
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

Stage = World

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
