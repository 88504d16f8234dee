"""The simulation: the World (entities, players, step order), physics, objectives
(a registry), the state hash and the invariants, one module each.

Data flows one way: one input mask per step in, the step, events out. The world
never reads the keyboard, the clock, the screen or the sound.
"""

from gunner.world.invariants import InvariantError
from gunner.world.outcome import Outcome
from gunner.world.statehash import freeze
from gunner.world.world import World

__all__ = ["InvariantError", "Outcome", "World", "freeze"]
