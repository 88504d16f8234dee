"""The drone: flies a bobbing patrol, drifts over the player and fires down at them."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from gunner.config import DT
from gunner.entities.base import feet_box, register
from gunner.entities.enemy import Enemy
from gunner.timer import Timer, steps

if TYPE_CHECKING:
    from gunner.stage import Stage

WIDTH, HEIGHT = 16, 12
SPEED = 50.0
RANGE = 200.0
PATROL = 96.0  # flies this far either side of where it was placed
LEASH = 240.0  # while chasing, never further than this from home
BOB = 6.0  # the sine bob's height, pixels
BOB_RATE = 2.4  # radians per second
CHASE_GAP = 20.0  # stops closing in once this close (horizontally) above the player
FIRE_EVERY = 1.5
TELL = 0.3  # the eye burns brighter this long before a shot
TELL_STEPS = steps(TELL)
BULLET_SPEED = 170.0
FRAME_W, FRAME_H = 24, 16
PROP_FPS = 20


@register("Drone")
class Drone(Enemy):
    sheet = "drone"
    chars = {"d": {}}
    floats = True
    max_health = 2

    def __init__(self, x: float, foot_y: float, props: dict[str, Any] | None = None) -> None:
        props = props or {}
        super().__init__(feet_box(WIDTH, HEIGHT, (x, foot_y)), props)
        self.speed = float(props.get("speed", SPEED))
        self.range = float(props.get("range", RANGE))
        self.home = self.hitbox.center
        self.bob_time = 0.0
        self.cooldown = Timer.of(FIRE_EVERY / 2)

    @property
    def aiming(self) -> bool:
        return self.sees_player and self.cooldown.left <= TELL_STEPS

    def tick(self, stage: Stage) -> None:
        super().tick(stage)
        self.bob_time += DT
        box = self.hitbox
        hx, hy = self.home
        eye = (box.centerx, box.bottom)
        player = stage.player
        below = player.alive and player.hitbox.centery > box.bottom
        sees = below and self.watch(stage, eye, self.range)
        if not below:
            self.sees_player = False

        # Patrol between its bounds, or drift to hover over a player it can see.
        if sees and abs(player.hitbox.centerx - box.centerx) > CHASE_GAP:
            self.facing = 1 if player.hitbox.centerx > box.centerx else -1
            bound = LEASH
        else:
            bound = PATROL
        if sees and abs(player.hitbox.centerx - box.centerx) <= CHASE_GAP:
            self.vx = 0.0
        else:
            if (box.centerx - hx) * self.facing >= bound:
                self.facing = -self.facing
            self.vx = self.facing * self.speed
        target_y = hy + math.sin(self.bob_time * BOB_RATE) * BOB
        # Flying: no gravity, and one-way platforms are passed through.
        result = stage.move(self, self.vx * DT, target_y - box.centery, drop_through=True)
        if result.hit_wall:
            self.facing = -result.hit_wall

        if not sees:
            self.cooldown.tick(floor=TELL_STEPS + 1)
            return
        self.cooldown.tick()
        if not self.cooldown:
            px, py = player.hitbox.center
            self.shoot(stage, box.centerx, box.bottom, px, py, speed=BULLET_SPEED)
            self.cooldown.start(FIRE_EVERY)

    # -- drawing ---------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, offset: tuple[float, float], art: Any) -> None:
        """drone.png: 4 propeller frames; row 1 is the same with the eye ablaze (the tell)."""
        row = 1 if self.aiming else 0
        image = art.sheet(self.sheet, FRAME_W, FRAME_H)[row][int(self.bob_time * PROP_FPS) % 4]
        self.draw_frame(surface, offset, art, image, FRAME_W, FRAME_H)
