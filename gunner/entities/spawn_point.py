"""Spawn points: where a player starts or comes back in a versus arena.

A pad on the floor, drawn and nothing more: the arena (gunner/world/versus.py) reads
the points from the map and brings a fallen player back on the one furthest from the
other. In a campaign map the class is allowed but does nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from gunner.entities.base import Entity, feet_box, register
from gunner.schema import ObjectClass

if TYPE_CHECKING:
    from gunner.maps import Spawn

WIDTH, HEIGHT = 16, 4  # the pad, standing on the floor under the point
FRAME_W, FRAME_H = 16, 8  # a frame of its sheet: the pad and its glow above
PAD = (255, 100, 200)  # the class's colour in Tiled, so the map and the game agree

# The map class: its shape in Tiled, its help, its properties and their defaults
# (stated here only: the validator, the loader and the Tiled project read them).
ENTRY = ObjectClass(
    shape="point",
    color="#ff64c8",
    doc="Versus arenas: where a player starts or comes back (the point is the feet); a "
    "fallen player returns at the one furthest from the other. An arena needs two.",
)


@register("SpawnPoint", ENTRY)
class SpawnPoint(Entity):
    sheet = "spawn_point"
    chars = {"*": {}}  # tools/build_level.py: `*` stands one on the floor of its cell
    builder_size = (0, 0)  # a point, as Tiled writes one

    @classmethod
    def from_spawn(cls, spawn: Spawn) -> SpawnPoint:
        return cls(feet_box(WIDTH, HEIGHT, spawn.foot))

    @staticmethod
    def make_sheet() -> pygame.Surface:
        """One frame: a flat pad with a soft glow rising from it."""
        sheet = pygame.Surface((FRAME_W, FRAME_H), pygame.SRCALPHA)
        for row in range(FRAME_H - 3):  # the glow: fainter the higher it rises
            alpha = 30 + 20 * row
            sheet.fill((*PAD, alpha), (3, row, FRAME_W - 6, 1))
        sheet.fill((70, 40, 60, 255), (0, FRAME_H - 3, FRAME_W, 3))
        sheet.fill((*PAD, 255), (1, FRAME_H - 3, FRAME_W - 2, 1))
        return sheet

    def draw(self, surface: pygame.Surface, offset: tuple[float, float], art: Any) -> None:
        frame = art.sheet(self.sheet, FRAME_W, FRAME_H)[0][0]
        x = round(self.hitbox.centerx - FRAME_W / 2 - offset[0])
        y = round(self.hitbox.bottom - FRAME_H - offset[1])
        surface.blit(frame, (x, y))
