"""The level exit: a trigger zone that completes the mission when the player reaches it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gunner.entities.base import Entity, register

if TYPE_CHECKING:
    from gunner.stage import Stage


@register("Exit")
class Exit(Entity):
    """Invisible: the map's tiles show where it is (the EXIT sign)."""

    def tick(self, stage: Stage) -> None:
        pass
