"""The collapsing floor: stone blocks that crack under the player's feet and fall away.

Each 16x16 block along the bottom of its rectangle is floor like any tile until the
player stands on it; then it cracks (frames that split wider and wider) and `delay`
seconds later it falls away for good, dropping whatever stands on it. Blocks go one by
one, as he walks over them: keep moving.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from gunner.config import TILE
from gunner.entities.base import register
from gunner.entities.cell_floor import CellFloor
from gunner.events import CRACKED, GAVE_WAY
from gunner.schema import ObjectClass, Prop
from gunner.timer import steps

if TYPE_CHECKING:
    from gunner.world.api import WorldView

# The map class: its shape in Tiled, its help, its properties and their defaults
# (stated here only: the validator, the loader and the Tiled project read them).
ENTRY = ObjectClass(
    shape="rectangle",
    color="#b09c7c",
    doc="A collapsing floor: each 16x16 tile along the bottom of its rectangle is a "
    "stone block that holds up the player and enemies like any floor tile. Once the "
    "player stands on a block it cracks, and `delay` seconds later it falls away for "
    "good with whatever stands on it: keep moving.",
    props={
        "delay": Prop(
            "float",
            0.5,
            "seconds from the player stepping on a block to its fall",
            low=0.1,
            high=10,
        ),
    },
)
DEFAULTS = ENTRY.defaults()  # delay: stated in the schema
# assets/crumble_floor.png, 16x16 frames: 0 whole, 1-3 cracking wider (by how much of
# the delay has gone), the last with its pieces parting.
CRACKS = 3
SHAKE_STEPS = 8  # in its last steps it trembles (drawn 1 px aside every other step)


@register("CrumbleFloor", ENTRY)
class CrumbleFloor(CellFloor):
    sheet = "crumble_floor"  # drawn by crumble_floor_art.py, beside it
    chars = {"%": {}}
    builder_size = (16, 16)

    def __init__(self, cells: list[tuple[int, int]], props: dict[str, Any] | None = None) -> None:
        super().__init__(cells, props)
        self.delay = steps(float((props or {}).get("delay", DEFAULTS["delay"])))

    def stood_on(self, k: int, stage: WorldView) -> None:
        self.start(k, self.delay)
        col, row = self.cells[k]
        stage.add_effect("dust", ((col + 0.5) * TILE, row * TILE))
        stage.publish(CRACKED, self)

    def gave_way(self, k: int, stage: WorldView) -> None:
        col, row = self.cells[k]
        stage.particles.debris((col + 0.5) * TILE, (row + 0.5) * TILE, count=8)
        stage.add_effect("dust", ((col + 0.5) * TILE, (row + 1) * TILE))
        stage.publish(GAVE_WAY, self)

    def frame(self, k: int) -> int:
        left = self.left[k]
        if not left:
            return 0
        done = 1 - left / max(1, self.delay)
        return 1 + min(CRACKS - 1, int(done * CRACKS))

    def draw(self, surface: pygame.Surface, offset: tuple[float, float], art: Any) -> None:
        sheet = art.sheet(self.sheet, TILE, TILE)[0]
        for x, y, k in self.standing():
            left = self.left[k]
            shake = 1 if left and left <= SHAKE_STEPS and left % 2 else 0
            surface.blit(sheet[self.frame(k)], (round(x + shake - offset[0]), round(y - offset[1])))
