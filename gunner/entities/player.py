"""The player: runs, jumps (longer when held), aims in 8 directions and fires."""

from __future__ import annotations

import enum
import math
from typing import TYPE_CHECKING

import pygame

from gunner.config import DT
from gunner.entities.base import Entity, register
from gunner.input import Buttons
from gunner.level import ONEWAY

if TYPE_CHECKING:
    from gunner.bullets import Bullet
    from gunner.level import Spawn
    from gunner.stage import Stage

# Tuning, in pixels and seconds.
RUN_SPEED = 110.0
GROUND_ACCEL = 1800.0
AIR_ACCEL = 1100.0
GRAVITY = 1500.0
JUMP_SPEED = 380.0
# Holding jump early in a jump weakens gravity: a tap hops ~3 tiles, a hold ~5.5.
JUMP_HOLD_GRAVITY = 0.4
JUMP_HOLD_TIME = 0.22
MAX_FALL = 450.0
COYOTE_TIME = 0.1  # a jump still works this long after running off a ledge
JUMP_BUFFER = 0.12  # a jump pressed this long before landing still happens
DROP_TIME = 0.18  # how long down+jump ignores one-way platforms
FIRE_COOLDOWN = 0.14
BULLET_SPEED = 380.0
FIRE_POSE_TIME = 0.12

WIDTH, HEIGHT, CROUCH_HEIGHT = 12, 28, 18


class Aim(enum.IntEnum):
    """Aim poses; the sprite sheet has one row per pose (facing right)."""

    FORWARD = 0
    UP = 1
    DIAG_UP = 2
    DIAG_DOWN = 3
    DOWN = 4


_SQRT_HALF = math.sqrt(0.5)
# Direction of fire for each pose when facing right.
AIM_VECTORS = {
    Aim.FORWARD: (1.0, 0.0),
    Aim.UP: (0.0, -1.0),
    Aim.DIAG_UP: (_SQRT_HALF, -_SQRT_HALF),
    Aim.DIAG_DOWN: (_SQRT_HALF, _SQRT_HALF),
    Aim.DOWN: (0.0, 1.0),
}
AIM_NAMES = {
    Aim.FORWARD: "forward",
    Aim.UP: "up",
    Aim.DIAG_UP: "diag_up",
    Aim.DIAG_DOWN: "diag_down",
    Aim.DOWN: "down",
}


def choose_aim(held: Buttons, on_ground: bool) -> tuple[Aim, bool]:
    """Contra rules: (aim, crouching) from the held directions.

    Down aims straight down only in the air; on the ground it crouches, or aims
    diagonally down while running.
    """
    horizontal = bool(held & Buttons.LEFT) != bool(held & Buttons.RIGHT)
    if held & Buttons.UP:
        return (Aim.DIAG_UP if horizontal else Aim.UP), False
    if held & Buttons.DOWN:
        if horizontal:
            return Aim.DIAG_DOWN, False
        return (Aim.FORWARD, True) if on_ground else (Aim.DOWN, False)
    return Aim.FORWARD, False


@register("Player")
class Player(Entity):
    team = "player"
    shootable = True
    touches = True

    def __init__(self, x: float, foot_y: float) -> None:
        super().__init__(pygame.FRect(0, 0, WIDTH, HEIGHT))
        self.hitbox.midbottom = (x, foot_y)
        self.spawn_point = (x, foot_y)
        self.vx = 0.0
        self.vy = 0.0
        self.facing = 1
        self.aim = Aim.FORWARD
        self.crouching = False
        self.on_ground = False
        self.coyote = 0.0
        self.jump_buffer = 0.0
        self.jump_hold = 0.0
        self.drop_timer = 0.0
        self.fire_cooldown = 0.0
        self.fire_pose = 0.0
        self.anim_time = 0.0
        self.dead_time = 0.0
        self.shots_fired = 0

    @classmethod
    def from_spawn(cls, spawn: Spawn) -> Player:
        return cls(*spawn.foot)

    # -- simulation -------------------------------------------------------------------

    def tick(self, stage: Stage) -> None:
        held, pressed = stage.held, stage.pressed
        tiles = stage.tilemap
        self.anim_time += DT

        # Timers that make jumps forgiving.
        self.coyote = COYOTE_TIME if self.on_ground else max(0.0, self.coyote - DT)
        self.jump_buffer = (
            JUMP_BUFFER if pressed & Buttons.JUMP else max(0.0, self.jump_buffer - DT)
        )
        self.drop_timer = max(0.0, self.drop_timer - DT)
        self.fire_cooldown = max(0.0, self.fire_cooldown - DT)
        self.fire_pose = max(0.0, self.fire_pose - DT)

        self.aim, crouch = choose_aim(held, self.on_ground)
        self._set_crouch(crouch, stage)

        # Facing follows movement; aiming straight up or crouching holds position.
        direction = (1 if held & Buttons.RIGHT else 0) - (1 if held & Buttons.LEFT else 0)
        if direction:
            self.facing = direction
        if self.crouching or (self.aim == Aim.UP and self.on_ground):
            direction = 0
        target = direction * RUN_SPEED
        accel = (GROUND_ACCEL if self.on_ground else AIR_ACCEL) * DT
        self.vx = min(self.vx + accel, target) if self.vx < target else max(self.vx - accel, target)

        # Jump, drop through a platform, or fall.
        if self.jump_buffer > 0 and self.coyote > 0:
            if held & Buttons.DOWN and tiles.standing_on(self.hitbox) == ONEWAY:
                self.drop_timer = DROP_TIME
            else:
                self.vy = -JUMP_SPEED
                self.jump_hold = JUMP_HOLD_TIME
                stage.emit("jump")
                stage.add_effect("dust", self.hitbox.midbottom)
            self.jump_buffer = 0.0
            self.coyote = 0.0
            self._set_crouch(False, stage)
        holding = bool(held & Buttons.JUMP) and self.jump_hold > 0 and self.vy < 0
        self.jump_hold = max(0.0, self.jump_hold - DT) if holding else 0.0
        self.vy = min(self.vy + GRAVITY * (JUMP_HOLD_GRAVITY if holding else 1.0) * DT, MAX_FALL)

        was_airborne = not self.on_ground
        fall_speed = self.vy
        result = stage.move(self, self.vx * DT, self.vy * DT, self.drop_timer > 0)
        if result.hit_wall:
            self.vx = 0.0
        if result.hit_ceiling:
            self.vy = 0.0
            self.jump_hold = 0.0
        self.on_ground = result.on_ground
        if self.on_ground:
            self.vy = 0.0
            if was_airborne and fall_speed > 200:
                stage.emit("land")
                stage.add_effect("dust", self.hitbox.midbottom)

        if held & Buttons.FIRE and self.fire_cooldown <= 0:
            self._fire(stage)

        if self.hitbox.top > tiles.pixel_height:
            self.die(stage)

    def _set_crouch(self, crouch: bool, stage: Stage) -> None:
        if crouch == self.crouching:
            return
        bottom, centerx = self.hitbox.bottom, self.hitbox.centerx
        if not crouch:
            # Stand up only where there is head room.
            standing = pygame.FRect(0, 0, WIDTH, HEIGHT)
            standing.midbottom = (centerx, bottom)
            if stage.tilemap.overlaps_solid(standing):
                return
        self.crouching = crouch
        self.hitbox.height = CROUCH_HEIGHT if crouch else HEIGHT
        self.hitbox.midbottom = (centerx, bottom)

    def muzzle(self, stage: Stage) -> tuple[float, float]:
        """World position of the gun barrel's end for the current pose."""
        key = "crouch" if self.crouching else AIM_NAMES[self.aim]
        mx, my = stage.player_meta.muzzle[key]
        ax, ay = stage.player_meta.anchor
        return (self.hitbox.centerx + (mx - ax) * self.facing, self.hitbox.bottom + (my - ay))

    def _fire(self, stage: Stage) -> None:
        dx, dy = AIM_VECTORS[self.aim]
        dx *= self.facing
        x, y = self.muzzle(stage)
        stage.bullets.spawn(x, y, dx * BULLET_SPEED, dy * BULLET_SPEED, team=self.team)
        stage.add_effect("muzzle_flash", (x, y), angle=math.degrees(math.atan2(-dy, dx)))
        stage.emit("shoot")
        self.fire_cooldown = FIRE_COOLDOWN
        self.fire_pose = FIRE_POSE_TIME
        self.shots_fired += 1

    def touch(self, other: Entity, stage: Stage) -> None:
        if other.kind == "Exit":
            stage.complete()

    def hit(self, bullet: Bullet, stage: Stage) -> None:
        pass  # enemies, health and damage arrive with the enemies

    def die(self, stage: Stage) -> None:
        if self.alive:
            self.alive = False
            stage.emit("death")

    # -- drawing ---------------------------------------------------------------------

    def frame(self) -> tuple[int, int]:
        """(row, column) of the sprite sheet for the current state."""
        firing = self.fire_pose > 0
        if not self.alive:
            return 11, 1
        if self.crouching:
            return 10, 1 if firing else 0
        row = int(self.aim) + (5 if firing else 0)
        if not self.on_ground:
            return row, 8 if self.vy < 0 else 9
        if abs(self.vx) > 10:
            return row, 2 + int(self.anim_time * 12) % 6
        return row, int(self.anim_time * 2) % 2

    def draw(self, surface: pygame.Surface, offset: tuple[float, float], art: object) -> None:
        row, col = self.frame()
        image = art.player_frame(row, col, flipped=self.facing < 0)  # type: ignore[attr-defined]
        ax, ay = art.player_meta.anchor  # type: ignore[attr-defined]
        surface.blit(
            image,
            (
                round(self.hitbox.centerx - ax - offset[0]),
                round(self.hitbox.bottom - ay - offset[1]),
            ),
        )
