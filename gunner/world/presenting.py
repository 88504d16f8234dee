"""Looks: what entities ask to be seen (effects, particles, shake), handed on to a sink
the world does not own (`World.looks`, a `gunner.world.api.Looks`).

The world builds no presentation. Presentation attaches itself from outside
(`gunner.feedback.Feedback.attach(world)`: the play scene, the headless runner, replays,
the demo, and the legacy `gunner.stage.Stage` for outside tools): it subscribes to the
world's events, steps with `STEPPED`, and becomes the world's `looks`. Until one is
attached, looks go nowhere (`NoLooks`). The world never reads any of it back, and the
state hash skips it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gunner.world.api import Looks, Sparks


class NoParticles:
    """Particles nobody draws."""

    def sparks(self, x: float, y: float, count: int = 6, speed: float = 140.0) -> None:
        pass

    def smoke(self, x: float, y: float, count: int = 8, spread: float = 14.0) -> None:
        pass

    def debris(self, x: float, y: float, count: int = 6) -> None:
        pass

    def explosion(self, x: float, y: float, radius: float = 32.0) -> None:
        pass


class NoLooks:
    """The looks of a world no presentation is attached to: dropped."""

    def __init__(self) -> None:
        self.particles = NoParticles()

    def add_effect(
        self, name: str, pos: tuple[float, float], angle: float = 0.0, size: float = 0.0
    ) -> None:
        pass

    def shake(self, trauma: float) -> None:
        pass


class Presenting:
    """A World's hand-on of the looks its entities ask for to its `looks`."""

    looks: Looks

    @property
    def particles(self) -> Sparks:
        return self.looks.particles

    def shake(self, trauma: float) -> None:
        """Screen shake, 0..1 (the renderer turns it into an offset)."""
        self.looks.shake(trauma)

    def add_effect(
        self, name: str, pos: tuple[float, float], angle: float = 0.0, size: float = 0.0
    ) -> None:
        self.looks.add_effect(name, pos, angle, size)
