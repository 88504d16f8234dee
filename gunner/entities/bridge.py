"""The exploding bridge, as in Contra's first stage: planks over a pit that blow up one
after another once the player sets foot on them.

The first segment the player stands on lights, and the whole bridge is burning; each
segment blows `fuse` seconds after it lights and lights the segments beside it, so the
blasts run outward from where he stepped, ahead of him the way he is going, one fuse
apart (standing on a segment of a burning bridge lights nothing more). A blown segment
is gone for good (no damage: the floor drops away), so a player who runs across reaches
the far side and one who stops falls into the pit. Touching Bridge objects in a row are
one bridge: the fire runs from one to the next.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from gunner.config import TILE
from gunner.entities.base import register
from gunner.entities.cell_floor import CellFloor
from gunner.events import EXPLODED
from gunner.schema import ObjectClass, Prop
from gunner.timer import steps

if TYPE_CHECKING:
    from gunner.world.api import WorldView

# The map class: its shape in Tiled, its help, its properties and their defaults
# (stated here only: the validator, the loader and the Tiled project read them).
ENTRY = ObjectClass(
    shape="rectangle",
    color="#b07840",
    doc="An exploding bridge: each 16x16 tile along the bottom of its rectangle is a "
    "plank segment that holds up the player and enemies. The first segment the player "
    "stands on lights; each segment blows `fuse` seconds after it lights and lights "
    "the ones beside it (touching Bridge objects in a row are one bridge), so the "
    "blasts run outward from where he stepped. A blown segment is gone for good: "
    "run across, or fall with it.",
    props={
        "fuse": Prop("float", 0.4, "seconds from a segment lighting to its blast", low=0.1, high=5),
    },
)
DEFAULTS = ENTRY.defaults()  # fuse: stated in the schema
SHAKE = 0.25  # screen shake of one segment's blast
BLINK = 6  # steps a lit segment's charges stay on, then off
# assets/bridge.png, 16x16 frames: 0 planks, 1 lit (the charge under it glowing), 2 lit
# with the charge off (a lit segment blinks between them).


@register("Bridge", ENTRY)
class Bridge(CellFloor):
    sheet = "bridge"  # drawn by bridge_art.py, beside it
    chars = {"_": {}}
    builder_size = (16, 16)

    def __init__(self, cells: list[tuple[int, int]], props: dict[str, Any] | None = None) -> None:
        super().__init__(cells, props)
        self.fuse = steps(float((props or {}).get("fuse", DEFAULTS["fuse"])))
        self.burning = False  # a segment of its bridge has lit

    def stood_on(self, k: int, stage: WorldView) -> None:
        if self.burning:
            return
        self.start(k, self.fuse)
        col, row = self.cells[k]
        for side in (-1, 1):  # the whole bridge burns now, through every touching Bridge
            at = col
            owner: Bridge | None = self
            while owner is not None:
                owner.burning = True
                at += side
                owner = self._owner(stage, at, row)

    def gave_way(self, k: int, stage: WorldView) -> None:
        col, row = self.cells[k]
        stage.add_effect("explosion", ((col + 0.5) * TILE, (row + 0.5) * TILE), size=TILE * 2)
        stage.particles.debris((col + 0.5) * TILE, row * TILE, count=5)
        stage.shake(SHAKE)
        stage.publish(EXPLODED, self)
        for side in (-1, 1):
            self._light(stage, col + side, row)

    def _light(self, stage: WorldView, col: int, row: int) -> None:
        """Light the segment at (col, row), if it is a standing one of this bridge."""
        owner = self._owner(stage, col, row)
        if owner is not None:
            k = owner.index(col, row)
            assert k is not None
            owner.start(k, owner.fuse)

    def _owner(self, stage: WorldView, col: int, row: int) -> Bridge | None:
        """The Bridge (this one or one touching it) whose standing segment is at (col, row)."""
        k = self.index(col, row)
        if k is not None:
            return None if self.gone[k] else self
        for other in stage.query(_cell_rect(col, row), "entity_entity", ignore=self):
            if isinstance(other, Bridge) and other.alive:
                j = other.index(col, row)
                if j is not None and not other.gone[j]:
                    return other
        return None

    def frame(self, k: int) -> int:
        left = self.left[k]
        if not left:
            return 0
        return 1 if (left // BLINK) % 2 else 2


def _cell_rect(col: int, row: int) -> pygame.FRect:
    return pygame.FRect(col * TILE + 4, row * TILE + 4, TILE - 8, TILE - 8)
