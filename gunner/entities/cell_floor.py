"""Floors that give way: a run of 16x16 cells an entity owns in the stage's tile map.

A set piece such as an exploding bridge or a collapsing floor is real floor while it
lasts: its cells are solid tiles, so the player, every walker's ledge look, bullets and
lines of sight treat it as ground. When a cell's countdown runs out the entity clears
it from the tile map for good, and whatever stood there falls.

Its cells are the row of whole tiles along the bottom of its rectangle (a point object:
the tile just above the point, as for the feet of anything placed by a point). A cell
the map already fills with a solid tile is the map's, not the entity's: it is left out.
The entity is a solid entity until its first step writes its cells into the tile map,
so nothing standing on it at the start sinks in before its tiles exist.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from gunner.config import TILE
from gunner.entities.base import Entity
from gunner.tilemap import EMPTY, SOLID

if TYPE_CHECKING:
    from gunner.maps import Spawn
    from gunner.world.api import WorldView

# Feet this close to a cell's top stand on it (the player's feet rest exactly on it).
ON_TOP = 0.01


def cells_of(x: float, y: float, w: float, h: float) -> list[tuple[int, int]]:
    """The (col, row) cells along the bottom of a rectangle: every tile whose centre
    lies inside it; a point or a sliver: the one tile just above its bottom-centre."""
    row = math.floor((y + h - 1) / TILE)
    first = math.ceil(x / TILE - 0.5)
    last = math.floor((x + w) / TILE - 0.5)
    if w < TILE / 2 or last < first:
        first = last = math.floor((x + w / 2) / TILE)
    return [(col, row) for col in range(first, last + 1)]


class CellFloor(Entity):
    """The cells, which of them are gone, and each one's countdown (0: not started)."""

    floats = True  # the builder lets it span a pit: it is the floor there
    # The level builder's reachability model and the bot count its cells as floor (the
    # player arrives while it is there).
    is_floor: ClassVar[bool] = True
    solid = True  # until the first step writes its cells into the tile map
    # Seconds a cell lasts once the player has stood on it (a kind's default).
    lasts: ClassVar[float] = 0.5

    def __init__(self, cells: list[tuple[int, int]], props: dict[str, Any] | None = None) -> None:
        cols = [col for col, _ in cells]
        row = cells[0][1]
        box = pygame.FRect(min(cols) * TILE, row * TILE, (max(cols) - min(cols) + 1) * TILE, TILE)
        super().__init__(box)
        self.cells = cells
        self.gone = [False] * len(cells)
        self.left = [0] * len(cells)  # steps until the cell gives way; 0: not started
        self.claimed = False

    @classmethod
    def from_spawn(cls, spawn: Spawn) -> CellFloor:
        return cls(cells_of(spawn.x, spawn.y, spawn.w, spawn.h), spawn.props)

    # -- the step ------------------------------------------------------------------------

    def tick(self, stage: WorldView) -> None:
        if not self.claimed:
            self._claim(stage)
        # Over a copy: a cell this step's give-way starts counts from the next step.
        for k, left in enumerate(list(self.left)):
            if left and not self.gone[k]:
                self.left[k] = left - 1
                if left == 1:
                    self._give_way(k, stage)
        for player in stage.players:
            if player.alive and player.on_ground:
                for k in self._under(player.hitbox):
                    if not self.left[k]:
                        self.stood_on(k, stage)
        if all(self.gone):
            self.alive = False

    def _claim(self, stage: WorldView) -> None:
        """Write the cells into the tile map (those the map does not fill already), and
        stop being a solid entity: from now on the tiles hold things up."""
        tiles = stage.tilemap
        mine = [
            (col, row)
            for col, row in self.cells
            if 0 <= col < tiles.cols and 0 <= row < tiles.rows and tiles.cell(col, row) == EMPTY
        ]
        for col, row in mine:
            tiles.set_cell(col, row, SOLID)
        self.cells = mine
        self.gone = [False] * len(mine)
        self.left = [0] * len(mine)
        self.claimed = True
        self.solid = False
        if not mine:
            self.alive = False

    def _under(self, box: pygame.FRect) -> list[int]:
        """The standing cells the box's feet rest on."""
        found = []
        for k, (col, row) in enumerate(self.cells):
            if self.gone[k] or abs(box.bottom - row * TILE) > ON_TOP:
                continue
            if box.right > col * TILE and box.left < (col + 1) * TILE:
                found.append(k)
        return found

    def _give_way(self, k: int, stage: WorldView) -> None:
        col, row = self.cells[k]
        self.gone[k] = True
        stage.tilemap.set_cell(col, row, EMPTY)
        self.gave_way(k, stage)

    def start(self, k: int, seconds_steps: int) -> None:
        """Start cell k's countdown (`seconds_steps` steps) unless it has one already."""
        if not self.gone[k] and not self.left[k]:
            self.left[k] = max(1, seconds_steps)

    def index(self, col: int, row: int) -> int | None:
        """Which of its cells (col, row) is, if it is one."""
        try:
            return self.cells.index((col, row))
        except ValueError:
            return None

    # -- what a kind decides ---------------------------------------------------------------

    def stood_on(self, k: int, stage: WorldView) -> None:
        """The player stands on standing cell k, whose countdown has not started."""

    def gave_way(self, k: int, stage: WorldView) -> None:
        """Cell k has just left the tile map (effects, sounds, what it sets off)."""

    def standing(self) -> list[tuple[int, int, int]]:
        """(x, y, k) of each standing cell's top-left, in px, for drawing."""
        return [
            (col * TILE, row * TILE, k)
            for k, (col, row) in enumerate(self.cells)
            if not self.gone[k]
        ]

    def draw(self, surface: pygame.Surface, offset: tuple[float, float], art: Any) -> None:
        sheet = art.sheet(self.sheet, TILE, TILE)
        for x, y, k in self.standing():
            surface.blit(sheet[0][self.frame(k)], (round(x - offset[0]), round(y - offset[1])))

    def frame(self, k: int) -> int:
        """Which frame of the sheet's first row shows standing cell k."""
        return 0
