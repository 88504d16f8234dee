"""The runner: light infantry, as Contra's running men. One hit kills it; it runs at the
player, hops small gaps and one-tile steps, drops off ledges onto a floor below, and
turns back once it is far past the player. It never shoots: touching it hurts. A
climbing runner (`climb`, as a siege's gates let theirs out) also vaults walls up to
three tiles high and leaps onto a one-way ledge over its head, so a wall between it and
the player is a way up, not a place to heap.

It is what a `Generator` streams in from off-screen to keep the pressure on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from gunner.config import TILE
from gunner.entities.base import feet_box, register
from gunner.entities.body import ledge_up, vault
from gunner.entities.enemy import Enemy
from gunner.schema import ObjectClass, Prop, drop_prop
from gunner.tilemap import EMPTY, SOLID
from gunner.timer import Timer

if TYPE_CHECKING:
    from gunner.world.api import WorldView

# The map class: its shape in Tiled, its help, its properties and their defaults
# (stated here only: the validator, the loader and the Tiled project read them).
ENTRY = ObjectClass(
    shape="point",
    color="#c8a060",
    let_in=True,
    doc="Light infantry (12x28, the point is its feet): dies to one hit and runs at the "
    "player, hopping gaps of up to two tiles and steps of one, and dropping off ledges "
    "onto a floor below; it turns back once it is far past the player. It does not "
    "shoot: touching it hurts. A climbing runner also vaults walls up to three tiles "
    "high and leaps onto a one-way ledge up to three tiles over its head.",
    props={
        "health": Prop("int", 1, "hits it takes", low=1, high=1000),
        "speed": Prop("float", 100.0, "running speed, pixels per second", low=20, high=200),
        "climb": Prop(
            "bool", False, "vaults walls up to three tiles high and onto ledges overhead"
        ),
        "drop": drop_prop("killed"),
    },
)
DEFAULTS = ENTRY.defaults()  # health, speed: stated once, in the schema
WIDTH, HEIGHT = 12, 28
HOP_SPEED = 330.0  # px/s up: 36 px high, 0.44 s in the air (44 px across at 100 px/s)
HOP_TILES = 2  # the widest gap it hops, tiles
DROP_ROWS = 10  # it drops off a ledge onto a floor at most this many tiles down
PAST = 160.0  # it turns back toward the player once this far beyond them
# After turning at a pit or a wall it keeps its way this long before turning back to
# chase, so it never dithers at an edge.
STUBBORN = 1.0
FRAME = 32
STRIDE = 7.0  # px run per frame of the run cycle: the animation follows the ground covered


@register("Runner", ENTRY)
class Runner(Enemy):
    sheet = "runner"  # drawn by runner_art.py, beside it
    chars = {"u": {}}
    builder_size = (16, 32)
    death_frames = ((1, 0), (1, 1), (1, 2))  # runner.png row 1: thrown, falling, lying
    max_health = int(DEFAULTS["health"])

    def __init__(self, x: float, foot_y: float, props: dict[str, Any] | None = None) -> None:
        props = props or {}
        super().__init__(feet_box(WIDTH, HEIGHT, (x, foot_y)), props)
        self.speed = float(props.get("speed", DEFAULTS["speed"]))
        self.climb = bool(props.get("climb", DEFAULTS["climb"]))
        self.facing = 0  # picks the player's side on its first step
        self.stubborn = Timer()  # running: just turned at an edge, not chasing

    def tick(self, stage: WorldView) -> None:
        super().tick(stage)
        player = stage.quarry(self)
        if self.facing == 0:
            self.facing = 1 if player.hitbox.centerx >= self.hitbox.centerx else -1
        self.stubborn.tick()
        if self.on_ground:
            self._choose_way(stage)
        self.vx = self.facing * self.speed
        result = self.fall(stage)
        # In the air it keeps pressing on: a hop up a step rises past the wall.
        if result.hit_wall == self.facing and self.on_ground and self.alive:
            if self._step_ahead(stage):
                self._hop()
            elif self.climb and (rows := ledge_up(self, stage, self.facing)):
                vault(self, rows)
            else:
                self._turn()

    def _choose_way(self, stage: WorldView) -> None:
        """On the ground: turn back to chase a player far behind, and at an edge hop the
        gap, drop to the floor below, or turn away from a pit."""
        player = stage.quarry(self)
        if player.alive and not self.stubborn:
            behind = (self.hitbox.centerx - player.hitbox.centerx) * self.facing
            if behind > PAST:
                self.facing = -self.facing
        if not self._edge_ahead(stage):
            return
        if self._landing_across(stage):
            self._hop()
        elif not self._floor_below(stage):
            self._turn()

    def _turn(self) -> None:
        self.facing = -self.facing
        self.stubborn.start(STUBBORN)

    def _hop(self) -> None:
        self.vy = -HOP_SPEED
        self.on_ground = False

    def _lead_col(self) -> int:
        box = self.hitbox
        return int((box.right + 1 if self.facing > 0 else box.left - 1) // TILE)

    def _edge_ahead(self, stage: WorldView) -> bool:
        """No floor under the point just beyond the leading foot."""
        return stage.tilemap.cell(self._lead_col(), int((self.hitbox.bottom + 1) // TILE)) == EMPTY

    def _landing_across(self, stage: WorldView) -> bool:
        """A floor at its own height within HOP_TILES beyond the edge, with room to land."""
        tiles = stage.tilemap
        row = int((self.hitbox.bottom + 1) // TILE)
        col = self._lead_col()
        for k in range(1, HOP_TILES + 1):
            c = col + k * self.facing
            if tiles.cell(c, row) != EMPTY:
                return tiles.cell(c, row - 1) == EMPTY and tiles.cell(c, row - 2) == EMPTY
        return False

    def _floor_below(self, stage: WorldView) -> bool:
        """A floor at most DROP_ROWS tiles down beyond the edge (not a pit)."""
        tiles = stage.tilemap
        col = self._lead_col()
        top = int((self.hitbox.bottom + 1) // TILE) + 1
        return any(tiles.cell(col, row) != EMPTY for row in range(top, top + DROP_ROWS))

    def _step_ahead(self, stage: WorldView) -> bool:
        """The wall it ran into is one tile high, with room above it."""
        tiles = stage.tilemap
        col = self._lead_col()
        feet = int((self.hitbox.bottom - 1) // TILE)
        return (
            tiles.cell(col, feet) == SOLID
            and tiles.cell(col, feet - 1) == EMPTY
            and tiles.cell(col, feet - 2) == EMPTY
        )

    # -- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, offset: tuple[float, float], art: Any) -> None:
        look = art.looks.of(self)  # its uniform, and its step in the run cycle
        frames = art.sheet(self.sheet, FRAME, FRAME, look)
        # The run cycle follows the ground it covers (no animation clock to keep); in
        # the air, the leap.
        column = (int(self.hitbox.x // STRIDE) + look) % 6 if self.on_ground else 6
        image = frames[0][column]
        self.draw_frame(surface, offset, art, image, FRAME, FRAME)
