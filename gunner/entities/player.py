"""The player: runs, jumps (longer when held), aims in 8 directions and fires.

Its size and aim poses are in `player_pose`, its health and lives in `player_vitals`;
their names are importable from here as before."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from gunner.config import DT, TILE
from gunner.entities import player_vitals as vitals
from gunner.entities.base import Entity, feet_box, register
from gunner.entities.body import GRAVITY, fell_out, land, pull
from gunner.entities.player_pose import (
    AIM_NAMES,
    AIM_VECTORS,
    ANCHOR,
    CROUCH_HEIGHT,
    HEIGHT,
    MUZZLES,
    WIDTH,
    Aim,
    choose_aim,
)
from gunner.entities.player_vitals import (
    HURT_TIME,
    INVULNERABLE_TIME,
    KNOCKBACK_X,
    KNOCKBACK_Y,
    LIVES,
    MAX_HEALTH,
)
from gunner.events import JUMPED, LANDED, SHOT
from gunner.input import Buttons
from gunner.schema import ObjectClass
from gunner.tilemap import ONEWAY
from gunner.timer import Timer
from gunner.weapons import DEFAULT_WEAPON, WEAPONS, fire

if TYPE_CHECKING:
    from gunner.bullets import Bullet
    from gunner.maps import Spawn
    from gunner.tilemap import TileMap
    from gunner.world.api import WorldView

__all__ = [
    "AIM_NAMES",
    "AIM_VECTORS",
    "ANCHOR",
    "CROUCH_HEIGHT",
    "HEIGHT",
    "HURT_TIME",
    "INVULNERABLE_TIME",
    "KNOCKBACK_X",
    "KNOCKBACK_Y",
    "LIVES",
    "MAX_HEALTH",
    "MUZZLES",
    "WIDTH",
    "Aim",
    "Player",
    "choose_aim",
]

# Tuning, in pixels and seconds.
RUN_SPEED = 110.0
GROUND_ACCEL = 1800.0
AIR_ACCEL = 1100.0
JUMP_SPEED = 380.0
# Holding jump early in a jump weakens gravity: a tap hops ~3 tiles, a hold ~5.5.
JUMP_HOLD_GRAVITY = 0.4
JUMP_HOLD_TIME = 0.22
COYOTE_TIME = 0.1  # a jump still works this long after running off a ledge
JUMP_BUFFER = 0.12  # a jump pressed this long before landing still happens
DROP_TIME = 0.18  # how long down+jump ignores one-way platforms
FIRE_POSE_TIME = 0.12


# The map class: its shape in Tiled, its help, its properties and their defaults
# (stated here only: the validator, the loader and the Tiled project read them).
ENTRY = ObjectClass(
    shape="point",
    color="#3cc8ff",
    doc="Where the player starts: the point is the feet (a rectangle's bottom-centre is).",
    count=(1, 1),
)


@register("Player", ENTRY)
class Player(Entity):
    sheet = "player"  # with assets/player.json: frame size, anchor and muzzles
    chars = {"P": {}}
    builder_size = (16, 32)
    team = "player"
    shootable = True
    touches = True
    # An animation clock and player 2's colours: looks only, so neither moves a replay.
    NOT_STATE = Entity.NOT_STATE | {"anim_time", "colours"}
    colours = 0  # 1: player 2's sheet (assets/player2.png), so two players tell apart
    hurt_sound = "hurt"

    def __init__(self, x: float, foot_y: float) -> None:
        super().__init__(feet_box(WIDTH, HEIGHT, (x, foot_y)))
        self.vx = 0.0
        self.vy = 0.0
        self.facing = 1
        self.aim = Aim.FORWARD
        self.crouching = False
        self.on_ground = False
        # Countdowns, in steps (gunner.timer).
        self.coyote = Timer()  # running: a jump still works (just ran off a ledge)
        self.jump_buffer = Timer()  # running: jump was pressed a moment ago
        self.jump_hold = Timer()  # running: holding jump still weakens gravity
        self.drop_timer = Timer()  # running: falling through one-way platforms
        self.fire_cooldown = Timer()
        self.fire_pose = Timer()
        self.shield = Timer()  # running: invulnerable (after a hit, after respawning)
        self.hurt_time = Timer()  # running: knocked back, no control
        self.anim_time = 0.0
        self.health = MAX_HEALTH
        self.lives = LIVES
        self.weapon = WEAPONS[DEFAULT_WEAPON]
        self.ammo: int | None = None  # None: unlimited (the pistol)
        self.keys: set[str] = set()  # keycard colours held

    @classmethod
    def from_spawn(cls, spawn: Spawn) -> Player:
        return cls(*spawn.foot)

    @property
    def invulnerable(self) -> float:
        """Seconds of invulnerability left (0: can be hurt)."""
        return self.shield.seconds

    @invulnerable.setter
    def invulnerable(self, seconds: float) -> None:
        self.shield.start(seconds)

    # -- simulation -------------------------------------------------------------------

    def tick(self, stage: WorldView) -> None:
        held, pressed = stage.controls(self)
        tiles = stage.tilemap
        self.anim_time += DT

        # Timers that make jumps forgiving: set while on the ground / on the press, and
        # counted down after the jump check, so each lasts its whole time.
        grounded = self.on_ground
        if grounded:
            self.coyote.start(COYOTE_TIME)
        if pressed & Buttons.JUMP:
            self.jump_buffer.start(JUMP_BUFFER)
        for timer in (self.drop_timer, self.fire_cooldown, self.fire_pose, self.shield):
            timer.tick()
        self.hurt_time.tick()
        if self.hurt_time:
            held = pressed = Buttons.NONE  # knocked back: no control for a moment

        self.aim, crouch = choose_aim(held, self.on_ground)
        self._set_crouch(crouch, stage)

        # Facing follows movement; aiming straight up or crouching holds position.
        direction = (1 if held & Buttons.RIGHT else 0) - (1 if held & Buttons.LEFT else 0)
        if direction:
            self.facing = direction
        if self.crouching:  # (aiming straight up already means no sideways input)
            direction = 0
        if held & Buttons.AIM and self.on_ground:
            direction = 0  # standing to aim: the directions turn and aim, never walk
        target = self.vx if self.hurt_time else direction * RUN_SPEED
        accel = (GROUND_ACCEL if self.on_ground else AIR_ACCEL) * DT
        self.vx = min(self.vx + accel, target) if self.vx < target else max(self.vx - accel, target)

        # Jump, drop through a platform, or fall.
        if self.jump_buffer and self.coyote:
            if held & Buttons.DOWN and (
                tiles.standing_on(self.hitbox) == ONEWAY or stage.on_oneway(self)
            ):
                self.drop_timer.start(DROP_TIME)
            else:
                self.vy = -JUMP_SPEED
                self.jump_hold.start(JUMP_HOLD_TIME)
                stage.publish(JUMPED, self)
                stage.add_effect("dust", self.hitbox.midbottom)
            self.jump_buffer.stop()
            self.coyote.stop()
            self._set_crouch(False, stage)
        if not grounded:
            self.coyote.tick()
        if not pressed & Buttons.JUMP:
            self.jump_buffer.tick()
        holding = bool(held & Buttons.JUMP) and bool(self.jump_hold) and self.vy < 0
        if holding:
            self.jump_hold.tick()
        else:
            self.jump_hold.stop()
        pull(self, GRAVITY * (JUMP_HOLD_GRAVITY if holding else 1.0))

        was_airborne = not self.on_ground
        fall_speed = self.vy
        result = land(self, stage, stage.leashed(self, self.vx * DT), bool(self.drop_timer))
        if result.hit_wall:
            self.vx = 0.0
        if result.hit_ceiling:
            self.jump_hold.stop()
        if self.on_ground and was_airborne and fall_speed > 200:
            stage.publish(LANDED, self)
            stage.add_effect("dust", self.hitbox.midbottom)
        if stage.assists.invincible and self.on_ground and _solid_footing(tiles, self.hitbox):
            # Where a pit puts an invincible player back. Set only under the assist, so
            # a run without it holds (and hashes) exactly what it did before.
            self.safe_ground = self.hitbox.midbottom

        if held & Buttons.FIRE and not self.fire_cooldown:
            self._fire(stage)

        # Into a pit, or (climbing) out of the bottom of the view.
        if fell_out(self, stage) or stage.camera.dropped(self.hitbox):
            if stage.assists.invincible:
                self.back_on_ground(stage)
            else:
                self.die(stage)

    def _set_crouch(self, crouch: bool, stage: WorldView) -> None:
        if crouch == self.crouching:
            return
        bottom, centerx = self.hitbox.bottom, self.hitbox.centerx
        # Stand up only where there is head room.
        if not crouch and stage.tilemap.overlaps_solid(feet_box(WIDTH, HEIGHT, (centerx, bottom))):
            return
        self.set_crouching(crouch)
        self.hitbox.midbottom = (centerx, bottom)

    def muzzle(self) -> tuple[float, float]:
        """World position of the gun barrel's end for the current pose."""
        mx, my = MUZZLES["crouch" if self.crouching else AIM_NAMES[self.aim]]
        ax, ay = ANCHOR
        return (self.hitbox.centerx + (mx - ax) * self.facing, self.hitbox.bottom + (my - ay))

    def _fire(self, stage: WorldView) -> None:
        dx, dy = AIM_VECTORS[self.aim]
        dx *= self.facing
        x, y = self.muzzle()
        fire(self.weapon, stage, x, y, dx, dy, self.team)
        stage.add_effect("muzzle_flash", (x, y), angle=math.degrees(math.atan2(-dy, dx)))
        stage.publish(SHOT, self, weapon=self.weapon)
        self.fire_cooldown.start(self.weapon.cooldown)
        self.fire_pose.start(FIRE_POSE_TIME)
        if self.ammo is not None and not stage.assists.ammo:
            self.ammo -= 1
            if self.ammo <= 0:  # out of ammo: back to the pistol
                self.equip(DEFAULT_WEAPON)

    def equip(self, name: str, ammo: int | None = None) -> None:
        """Switch weapon; limited weapons come with `ammo` shots (or the weapon's default)."""
        self.weapon = WEAPONS[name]
        self.ammo = None if self.weapon.ammo is None else (ammo or self.weapon.ammo)

    def heal(self, amount: int) -> bool:
        """Restore health; False (pickup stays) when already at full health."""
        return vitals.heal(self, amount)

    def touch(self, other: Entity, stage: WorldView) -> None:
        """Things the player walks into: exits, checkpoints, pickups, enemies."""
        if other.kind == "Exit":
            stage.reach_exit()
        elif other.kind == "Checkpoint":
            other.reach(stage)  # type: ignore[attr-defined]
        elif hasattr(other, "collect"):
            other.collect(self, stage)
        elif other.team == "enemy" and other.alive:
            self.damage(getattr(other, "contact_damage", 1), stage, other.hitbox.centerx)

    def hit(self, bullet: Bullet, stage: WorldView) -> None:
        self.damage(bullet.damage, stage, bullet.hitbox.centerx - bullet.vx)

    def damage(self, amount: int, stage: WorldView, from_x: float | None = None) -> None:
        """Lose health unless briefly invulnerable; get knocked away from the source
        (`gunner.entities.player_vitals`, as are the four below)."""
        vitals.damage(self, amount, stage, from_x)

    def back_on_ground(self, stage: WorldView) -> None:
        vitals.back_on_ground(self, stage)

    def die(self, stage: WorldView) -> None:
        vitals.die(self, stage)

    def respawn(self, x: float, foot_y: float) -> None:
        vitals.respawn(self, x, foot_y)

    def set_crouching(self, crouch: bool) -> None:
        """Crouch or stand, the hitbox's top moving (the caller keeps its feet)."""
        self.crouching = crouch
        self.hitbox.height = CROUCH_HEIGHT if crouch else HEIGHT

    # -- drawing ---------------------------------------------------------------------

    def frame(self) -> tuple[int, int]:
        """(row, column) of the sprite sheet for the current state."""
        firing = bool(self.fire_pose)
        if not self.alive:
            return 11, 1
        if self.hurt_time:
            return 11, 0
        if self.crouching:
            return 10, 1 if firing else 0
        row = int(self.aim) + (5 if firing else 0)
        if not self.on_ground:
            return row, 8 if self.vy < 0 else 9
        if abs(self.vx) > 10:
            return row, 2 + int(self.anim_time * 12) % 6
        return row, int(self.anim_time * 2) % 2

    def draw(self, surface: pygame.Surface, offset: tuple[float, float], art: object) -> None:
        # Blink while invulnerable, as arcade games do.
        if self.shield and int(self.shield.seconds * 20) % 2:
            return
        row, col = self.frame()
        flipped = self.facing < 0
        image = art.player_frame(row, col, flipped, self.colours)  # type: ignore[attr-defined]
        ax, ay = art.player_meta.anchor  # type: ignore[attr-defined]
        surface.blit(
            image,
            (
                round(self.hitbox.centerx - ax - offset[0]),
                round(self.hitbox.bottom - ay - offset[1]),
            ),
        )


def _solid_footing(tiles: TileMap, box: pygame.FRect) -> bool:
    """Ground under `box` and a tile beyond it either side: a spot a pit may put an
    invincible player back on. The very edge would drop him straight in again if he
    still held the way he was going."""
    left = pygame.FRect(box.left - TILE, box.top, 1, box.height)
    right = pygame.FRect(box.right + TILE - 1, box.top, 1, box.height)
    return bool(tiles.standing_on(box) and tiles.standing_on(left) and tiles.standing_on(right))
