"""Explosive oil drums: solid, shot by anyone, and they blow up in chains.

A drum is neutral, so every team's bullets hit it. At zero health it burns a
short fuse, then explodes through `Stage.explode` with no team spared: the
blast hurts the player, enemies and other drums, which light their own fuses,
so a row of drums goes off one after another. Drums rest on the ground and
are solid, so the player can stand on them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from gunner.entities.base import Entity, feet_box, register
from gunner.entities.body import fell_out, settle
from gunner.events import HURT, KILLED
from gunner.schema import ObjectClass, Prop
from gunner.timer import Timer

if TYPE_CHECKING:
    from gunner.maps import Spawn
    from gunner.world.api import WorldView

# The map class: its shape in Tiled, its help, its properties and their defaults
# (stated here only: the validator, the loader and the Tiled project read them).
ENTRY = ObjectClass(
    shape="point",
    color="#f47c24",
    doc="An explosive drum (16x24, the point is its feet): solid, shot by anyone; "
    "it explodes, hurting everything near, and sets off drums in the blast.",
    props={
        "health": Prop("int", 3, "damage it takes before its fuse lights", low=1, high=1000),
        "radius": Prop("float", 48.0, "blast radius in pixels", low=1, high=256),
        "damage": Prop("int", 3, "damage the blast deals", low=0, high=100),
    },
)
DEFAULTS = ENTRY.defaults()

WIDTH, HEIGHT = 16, 24  # hitbox
SPRITE_W, SPRITE_H = 20, 24  # assets/drum.png frames: 0 intact, 1 dented, 2 about to blow
HEALTH = int(DEFAULTS["health"])
RADIUS = float(DEFAULTS["radius"])
DAMAGE = int(DEFAULTS["damage"])
FUSE_TIME = 0.15  # s between a drum's health running out and its blast: chains ripple
FLASH_TIME = 0.08


@register("OilDrum", ENTRY)
class OilDrum(Entity):
    sheet = "drum"
    chars = {"o": {}}
    builder_size = (16, 24)
    solid = True
    shootable = True
    hurt_sound = "drum_hit"

    def __init__(self, hitbox: pygame.FRect, props: dict[str, Any] | None = None) -> None:
        super().__init__(hitbox)
        props = props or {}
        self.max_health = max(1, int(props.get("health", HEALTH) or HEALTH))
        self.health = self.max_health
        self.radius = float(props.get("radius", RADIUS) or RADIUS)
        self.blast_damage = int(props.get("damage", DAMAGE) or 0)
        self.fuse = Timer()  # running: burning, explodes when it runs out
        self.flash = Timer()
        self.vy = 0.0
        self.on_ground = False

    @classmethod
    def from_spawn(cls, spawn: Spawn) -> OilDrum:
        return cls(feet_box(WIDTH, HEIGHT, spawn.foot), spawn.props)

    @property
    def lit(self) -> bool:
        return self.health <= 0

    def tick(self, stage: WorldView) -> None:
        self.flash.tick()
        if self.lit:
            self.fuse.tick()
            if not self.fuse:
                self.explode(stage)
                return
        settle(self, stage)
        if fell_out(self, stage):
            self.alive = False  # fell into a pit: gone, no blast and no credit

    def damage(self, amount: int, stage: WorldView, from_x: float | None = None) -> None:
        if not self.alive or self.lit or amount <= 0:
            return
        self.health -= amount
        self.flash.start(FLASH_TIME)
        stage.publish(HURT, self, amount=amount, from_x=from_x)
        if self.lit:
            self.health = 0
            self.fuse.start(FUSE_TIME)

    def explode(self, stage: WorldView) -> None:
        self.alive = False
        stage.publish(KILLED, self)
        x, y = self.hitbox.center
        # The drum is out of the quadtree while it ticks, so the blast never finds it.
        stage.explode(x, y, self.radius, self.blast_damage, spare_team=None)
        # Smoke rolls up from where it stood.
        stage.add_effect("dust", (x - 5, self.hitbox.top))
        stage.add_effect("dust", (x + 5, self.hitbox.top - 6))
        stage.add_effect("explosion", (x, self.hitbox.top - 4))

    def frame(self) -> int:
        if self.lit:
            return 2
        return 0 if self.health >= self.max_health else 1

    def draw(self, surface: pygame.Surface, offset: tuple[float, float], art: object) -> None:
        image = art.sheet(self.sheet, SPRITE_W, SPRITE_H)[0][self.frame()]  # type: ignore[attr-defined]
        # Blinks white while hit and while the fuse burns.
        if self.flash or (self.lit and int(self.fuse.seconds / 0.04) % 2 == 0):
            image = art.flash(image)  # type: ignore[attr-defined]
        x = round(self.hitbox.centerx - SPRITE_W / 2 - offset[0])
        y = round(self.hitbox.bottom - SPRITE_H - offset[1])
        surface.blit(image, (x, y))
