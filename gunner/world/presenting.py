"""What entities still ask the world for by name but belongs to presentation: effects,
particles, shake and sounds, all forwarded to the world's `Feedback` (gunner.feedback).
The world never reads any of it back, and the state hash skips it."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gunner.feedback import Effect, Feedback
    from gunner.particles import Particles


class Presenting:
    """A World's forwarding of looks and sounds to its `feedback`."""

    feedback: Feedback

    @property
    def effects(self) -> list[Effect]:
        return self.feedback.effects

    @property
    def particles(self) -> Particles:
        return self.feedback.particles

    @property
    def trauma(self) -> float:
        """Screen shake, 0..1 (gunner.feedback's, not the simulation's)."""
        return self.feedback.trauma

    @property
    def events(self) -> list[str]:
        """Sounds to play (gunner.feedback's queue); the scene drains this."""
        return self.feedback.sounds

    def shake(self, trauma: float) -> None:
        """Screen shake, 0..1; the renderer turns it into an offset."""
        self.feedback.shake(trauma)

    def add_effect(
        self, name: str, pos: tuple[float, float], angle: float = 0.0, size: float = 0.0
    ) -> None:
        self.feedback.add_effect(name, pos, angle, size)
