"""What happens in the simulation, announced where it happens.

An entity that is hurt, fires or is killed says so (`stage.publish(HURT, self,
amount=2)`) at that moment; whoever cares subscribes (`stage.subscribe(HURT, fn)`).
The stage itself turns them into hit-stop, shell casings and the kill count, and the
play scene, the HUD or a test can listen too, without diffing state before and after
a step. Handlers are called in the order they subscribed, inside the step: they may
change the simulation only as the entity's own code could at that point.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gunner.entities.base import Entity

HURT = "hurt"  # an entity lost health: amount=, from_x=
SHOT = "shot"  # an entity fired: weapon= for the player's guns
KILLED = "killed"  # an entity was destroyed (not one that fell out of the map)

Handler = Callable[..., None]


class Events:
    """A tiny publish/subscribe hub; one per stage."""

    def __init__(self) -> None:
        self._handlers: dict[str, list[Handler]] = {}

    def subscribe(self, event: str, handler: Handler) -> None:
        self._handlers.setdefault(event, []).append(handler)

    def publish(self, event: str, source: Entity, **data: Any) -> None:
        for handler in self._handlers.get(event, ()):
            handler(source, **data)
