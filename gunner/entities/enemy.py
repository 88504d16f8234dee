"""What every enemy shares: health, a hit flash, contact damage, death and drops.

A new enemy subclasses `Enemy`, registers its map class, takes `(x, foot_y,
props)` (what `from_spawn` passes; it hands `feet_box(...)` up as the hitbox), and
writes `tick` (movement and attacks) and `draw`. `watch` (is the player in range and in
sight?) and `shoot` (one enemy bullet) are the shared halves of an attack;
`draw_frame` blits a sprite standing on the feet, mirrored and flashing.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Protocol, cast

import pygame

from gunner.config import DT
from gunner.entities.base import Entity, away_from
from gunner.entities.body import fall, fell_out, walk
from gunner.entities.wreck import Wreck
from gunner.events import HURT, KILLED, SHOT
from gunner.timer import Timer

if TYPE_CHECKING:
    from gunner.maps import Spawn
    from gunner.tilemap import MoveResult
    from gunner.world.api import WorldView

FLASH_TIME = 0.08
# Line of sight walks the tile grid; with hundreds of enemies it is re-checked only
# every few steps, and only while the player is within range.
LOS_INTERVAL = 6
# A body thrown by the killing shot (px/s), and how long it lies before it is gone.
THROW_SPEED = 70.0
THROW_LIFT = 150.0
FALLEN_STEPS = 100
BLINK_STEPS = 30
# Enemy bullets are slower than the player's (380+) so they can be dodged.
BULLET_SPEED = 190.0


class _BuiltFromFeet(Protocol):
    def __call__(self, x: float, foot_y: float, props: dict[str, Any] | None = None) -> Enemy: ...


class Enemy(Entity):
    team = "enemy"
    shootable = True
    # Each kind sets it from its schema entry (`int(DEFAULTS["health"])`); this is only
    # for a subclass that is not a registered kind (a test's).
    max_health = 3
    contact_damage = 1  # what touching it costs the player
    hurt_sound = "enemy_hit"
    death_sound = "enemy_die"
    shot_sound = "enemy_shoot"

    def __init__(self, hitbox: pygame.FRect, props: dict[str, Any] | None = None) -> None:
        super().__init__(hitbox)
        props = props or {}
        self.health = int(props.get("health", self.max_health))
        self.drop = str(props.get("drop", "") or "")  # pickup item left behind, if any
        self.flash = Timer()  # white while it runs: just hit
        self.facing = -1
        self.vx = 0.0
        self.vy = 0.0
        self.on_ground = False
        self.sees_player = False  # the cached answer of `watch`
        self.los_clock = Timer()  # running: line of sight is not checked again yet

    @classmethod
    def from_spawn(cls, spawn: Spawn) -> Enemy:
        """Map-placed enemies are built from their feet: `cls(x, foot_y, props)`."""
        # Concrete enemies take (x, foot_y, props); this base class takes a hitbox.
        build = cast(_BuiltFromFeet, cls)
        return build(*spawn.foot, spawn.props)

    def tick(self, stage: WorldView) -> None:
        flash = self.flash
        if flash.left > 0:  # most are not flashing: no call to count nothing down
            flash.tick()

    def fall(self, stage: WorldView) -> MoveResult:
        """Walk at `vx` under gravity (`body.walk`); walkers call this each step."""
        result = walk(self, stage, self.vx)
        if fell_out(self, stage):
            self.alive = False  # fell into a pit: gone, but no kill credited
        return result

    def watch(self, stage: WorldView, eye: tuple[float, float], reach: float) -> bool:
        """Is the living player's centre within `reach` of `eye` with a clear line of sight?

        The distance test runs every step; the line of sight (tiles and closed doors)
        only when in reach, and then at most every LOS_INTERVAL steps (cached in
        `sees_player`), so a crowd of enemies stays cheap.
        """
        player = stage.quarry(self)
        if not player.alive:
            self.sees_player = False
            self.los_clock.stop()
            return False
        px, py = player.hitbox.center
        dx, dy = px - eye[0], py - eye[1]
        if dx * dx + dy * dy > reach * reach:
            self.sees_player = False
            self.los_clock.stop()
            return False
        clock = self.los_clock
        if clock.left <= 0:
            self.sees_player = stage.line_of_sight(eye[0], eye[1], px, py)
            clock.left = LOS_INTERVAL
        clock.tick()
        return self.sees_player

    def shoot(
        self,
        stage: WorldView,
        x: float,
        y: float,
        tx: float,
        ty: float,
        speed: float = BULLET_SPEED,
        damage: int = 1,
    ) -> None:
        """One enemy bullet from (x, y) toward (tx, ty), with a muzzle flash and a sound."""
        dx, dy = tx - x, ty - y
        length = math.hypot(dx, dy) or 1.0
        dx, dy = dx / length, dy / length
        stage.bullets.spawn(x, y, dx * speed, dy * speed, team="enemy", damage=damage)
        stage.add_effect("muzzle_flash", (x, y), angle=math.degrees(math.atan2(-dy, dx)))
        stage.publish(SHOT, self)

    def draw_frame(
        self,
        surface: pygame.Surface,
        offset: tuple[float, float],
        art: Any,
        image: pygame.Surface,
        width: int,
        height: int,
    ) -> None:
        """Blit a width x height sprite frame whose bottom-centre is the feet: mirrored
        when facing left, white while the hit flash lasts."""
        if self.facing < 0:
            image = art.flipped(image)
        if self.flash:
            image = art.flash(image)
        x = round(self.hitbox.centerx - width / 2 - offset[0])
        y = round(self.hitbox.bottom - height - offset[1])
        surface.blit(image, (x, y))

    def damage(self, amount: int, stage: WorldView, from_x: float | None = None) -> None:
        if not self.alive or amount <= 0:
            return
        self.health -= amount
        self.flash.start(FLASH_TIME)
        stage.publish(HURT, self, amount=amount, from_x=from_x)
        if self.health <= 0:
            self.die(stage, from_x)

    def die(self, stage: WorldView, from_x: float | None = None) -> None:
        """Killed: counted at once, its drop appears, and its death plays out (a
        `Wreck` falls, spins or sparks in its place; see `start_death`)."""
        self.alive = False
        stage.publish(KILLED, self)
        stage.shake(0.15)
        if self.drop:
            x, y = self.hitbox.midbottom
            stage.spawn("Pickup", x, y, {"item": self.drop, "dropped": True})
        self.start_death(stage, from_x)

    # -- death -----------------------------------------------------------------------
    # A kind with `death_frames` (row, column of its sheet: thrown, falling, lying) is
    # thrown back from the shot and falls over; others override these three methods.
    death_frames: tuple[tuple[int, int], ...] = ()
    frame_size = (32, 32)

    def start_death(self, stage: WorldView, from_x: float | None) -> None:
        if not self.death_frames:
            stage.add_effect("explosion", self.hitbox.center)
            return
        wreck = Wreck(self)
        away = away_from(self, from_x)
        wreck.facing = -away  # faces the shot and falls backwards, away from it
        wreck.vx, wreck.vy, wreck.on_ground = away * THROW_SPEED, -THROW_LIFT, False
        stage.add_effect("impact", self.hitbox.center)
        stage.add_entity(wreck)

    def death_step(self, wreck: Wreck, stage: WorldView) -> bool:
        """One step of the death; False once it is over."""
        result = fall(wreck, stage, wreck.vx * DT)
        if wreck.on_ground or result.hit_wall:
            wreck.vx = 0.0
        return wreck.age < FALLEN_STEPS and not fell_out(wreck, stage)

    def draw_death(
        self, wreck: Wreck, surface: pygame.Surface, offset: tuple[float, float], art: Any
    ) -> None:
        if wreck.age > FALLEN_STEPS - BLINK_STEPS and (wreck.age // 3) % 2:
            return  # blinks out
        thrown, falling, lying = self.death_frames
        row, col = lying if wreck.on_ground else (thrown if wreck.vy < 0 else falling)
        w, h = self.frame_size
        image = art.sheet(self.sheet, w, h)[row][col]
        if wreck.facing < 0:
            image = art.flipped(image)
        box = wreck.hitbox
        x, y = round(box.centerx - w / 2 - offset[0]), round(box.bottom - h - offset[1])
        surface.blit(image, (x, y))
