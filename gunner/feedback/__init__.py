"""Presentation's side of the world: effects, particles, screen shake and sounds,
owned by subscribers to the world's events (gunner.events). The world publishes what
happened; feedback decides how it looks and sounds. Nothing here is simulation state:
the world never reads it and the state hash leaves it out."""

from gunner.feedback.effects import EFFECT_STEPS, EFFECTS, Effect
from gunner.feedback.feedback import SOUNDS, Feedback, feedback_of

__all__ = ["EFFECTS", "EFFECT_STEPS", "SOUNDS", "Effect", "Feedback", "feedback_of"]
