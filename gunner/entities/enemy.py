"""What every enemy shares: health, a hit flash, contact damage, death and drops.

A new enemy subclasses `Enemy`, registers its map class, and writes `tick`
(movement and attacks) and `draw`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from gunner.config import DT
from gunner.entities.base import Entity

if TYPE_CHECKING:
    from gunner.stage import Stage

FLASH_TIME = 0.08
GRAVITY = 1500.0
MAX_FALL = 450.0


class Enemy(Entity):
    team = "enemy"
    shootable = True
    max_health = 3
    contact_damage = 1  # what touching it costs the player

    def __init__(self, hitbox: pygame.FRect, props: dict[str, Any] | None = None) -> None:
        super().__init__(hitbox)
        props = props or {}
        self.health = int(props.get("health", self.max_health))
        self.drop = str(props.get("drop", "") or "")  # pickup item left behind, if any
        self.flash = 0.0
        self.facing = -1
        self.vx = 0.0
        self.vy = 0.0
        self.on_ground = False

    def tick(self, stage: Stage) -> None:
        self.flash = max(0.0, self.flash - DT)

    def fall(self, stage: Stage) -> None:
        """Gravity and an axis-split move; walkers call this each step."""
        self.vy = min(self.vy + GRAVITY * DT, MAX_FALL)
        result = stage.move(self, self.vx * DT, self.vy * DT)
        if result.on_ground or result.hit_ceiling:
            self.vy = 0.0
        self.on_ground = result.on_ground
        if self.hitbox.top > stage.tilemap.pixel_height:
            self.alive = False  # fell into a pit: gone, but no kill credited

    def damage(self, amount: int, stage: Stage, from_x: float | None = None) -> None:
        if not self.alive or amount <= 0:
            return
        self.health -= amount
        self.flash = FLASH_TIME
        stage.emit("enemy_hit")
        if self.health <= 0:
            self.die(stage)

    def die(self, stage: Stage) -> None:
        self.alive = False
        stage.record_kill(self)
        stage.add_effect("explosion", self.hitbox.center)
        stage.shake(0.15)
        stage.emit("enemy_die")
        if self.drop:
            x, y = self.hitbox.midbottom
            stage.spawn("Pickup", x, y, {"item": self.drop})
