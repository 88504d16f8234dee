"""The sniper: stands in a window and, with the player in range and in sight, lays a red
laser on them. The laser follows the player for AIM seconds, then holds still and blinks
for LOCK seconds, and the fast shot goes where it points: a player who reads it steps out
of the line. Losing sight of the player ends the aim.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from gunner.entities.base import feet_box, register
from gunner.entities.enemy import Enemy
from gunner.entities.soldier import HEIGHT, WIDTH
from gunner.schema import ObjectClass, Prop, drop_prop
from gunner.timer import Timer, steps

if TYPE_CHECKING:
    from gunner.world.api import WorldView

# The map class: its shape in Tiled, its help, its properties and their defaults
# (stated here only: the validator, the loader and the Tiled project read them).
ENTRY = ObjectClass(
    shape="point",
    color="#c4c8ce",
    doc="A sniper (14x30, the point is its feet; place it in a window or on a ledge): "
    "stands still and, with the player in range and in sight, lays a red laser on them "
    "that follows them for a second, then holds still and blinks; the fast shot goes "
    "where the laser points. Step out of the line.",
    props={
        "health": Prop("int", 2, "hits it takes", low=1, high=1000),
        "range": Prop("float", 360.0, "how far it sees and shoots, pixels", low=32, high=2000),
        "fire_rate": Prop("float", 3.0, "seconds from one shot to the next aim", low=0.8, high=60),
        "drop": drop_prop("killed"),
    },
)
DEFAULTS = ENTRY.defaults()  # health, range, fire_rate: stated in the schema
AIM = 1.0  # s the laser follows the player
LOCK = 0.35  # s it then holds still, blinking, before the shot
LOCK_STEPS = steps(LOCK)
SHOT_SPEED = 330.0  # fast: the laser is the warning, not the bullet's flight
FIRE_POSE = 0.15
FIRST = 1.0  # s before its first aim
EYE_Y = 20  # line of sight starts this far above the feet
FRAME = 32
# Aim poses (sprite columns 1-3, firing 4-6) and their muzzles in the 32x32 frame facing
# right, as sniper_art.py draws them (grip + direction x barrel length).
FORWARD, DIAG_UP, DIAG_DOWN = 0, 1, 2
MUZZLES = {FORWARD: (30, 13), DIAG_UP: (27, 4), DIAG_DOWN: (27, 22)}
DIAG_FROM = math.radians(25)
LASER = (236, 40, 40)
LASER_LOCKED = (255, 236, 236)


@register("Sniper", ENTRY)
class Sniper(Enemy):
    sheet = "sniper"  # drawn by sniper_art.py, beside it
    chars = {"x": {}}
    builder_size = (16, 32)
    death_frames = ((1, 0), (1, 1), (1, 2))  # sniper.png row 1
    max_health = int(DEFAULTS["health"])

    def __init__(self, x: float, foot_y: float, props: dict[str, Any] | None = None) -> None:
        props = props or {}
        super().__init__(feet_box(WIDTH, HEIGHT, (x, foot_y)), props)
        self.reach = float(props.get("range", DEFAULTS["range"]))
        self.fire_every = float(props.get("fire_rate", DEFAULTS["fire_rate"]))
        self.cooldown = Timer.of(FIRST)
        self.aim = Timer()  # running: the laser is on; the shot comes when it runs out
        self.target = (0.0, 0.0)  # where the laser points
        self.pose = FORWARD
        self.fire_pose = Timer()

    @property
    def locked(self) -> bool:
        """The laser holds still and blinks: the shot is coming."""
        return 0 < self.aim.left <= LOCK_STEPS

    def eye(self) -> tuple[float, float]:
        return (self.hitbox.centerx, self.hitbox.bottom - EYE_Y)

    def muzzle(self) -> tuple[float, float]:
        mx, my = MUZZLES[self.pose]
        box = self.hitbox
        return (box.centerx + (mx - FRAME / 2) * self.facing, box.bottom - FRAME + my)

    def tick(self, stage: WorldView) -> None:
        super().tick(stage)
        self.fire_pose.tick()
        sees = self.watch(stage, self.eye(), self.reach)
        if self.aim.left > 0:
            if not sees and not self.locked:
                self.aim.stop()  # lost sight while following: no shot
                self.cooldown.start(self.fire_every / 2)
            else:
                if not self.locked:
                    self._follow(stage)
                if self.aim.tick():
                    self._fire(stage)
        else:
            self.cooldown.tick()
            if self.cooldown.left <= 0 and sees:
                self._follow(stage)
                self.aim.start(AIM + LOCK)
        self.vx = 0.0
        self.fall(stage)

    def _follow(self, stage: WorldView) -> None:
        """Point the laser at the player's centre; face them; pick the pose."""
        px, py = stage.quarry(self).hitbox.center
        ex, ey = self.eye()
        self.facing = 1 if px >= ex else -1
        angle = math.atan2(ey - py, abs(px - ex))  # > 0: the player is above
        self.pose = DIAG_UP if angle > DIAG_FROM else DIAG_DOWN if angle < -DIAG_FROM else FORWARD
        self.target = (px, py)

    def _fire(self, stage: WorldView) -> None:
        x, y = self.muzzle()
        self.shoot(stage, x, y, *self.target, speed=SHOT_SPEED)
        self.fire_pose.start(FIRE_POSE)
        self.cooldown.start(self.fire_every)

    def draw(self, surface: pygame.Surface, offset: tuple[float, float], art: Any) -> None:
        column = 4 + self.pose if self.fire_pose else (1 + self.pose if self.aim else 0)
        image = art.sheet(self.sheet, FRAME, FRAME)[0][column]
        self.draw_frame(surface, offset, art, image, FRAME, FRAME)
        if self.aim:
            self._draw_laser(surface, offset)

    def _draw_laser(self, surface: pygame.Surface, offset: tuple[float, float]) -> None:
        """A thin line from the muzzle through where it points; blinking once locked."""
        x, y = self.muzzle()
        tx, ty = self.target
        length = math.hypot(tx - x, ty - y) or 1.0
        # On a little past the target, so a player standing in it sees it cross them.
        ex, ey = tx + (tx - x) / length * 24, ty + (ty - y) / length * 24
        colour = LASER
        if self.locked and (self.aim.left // 3) % 2:
            colour = LASER_LOCKED
        ox, oy = offset
        pygame.draw.line(
            surface, colour, (round(x - ox), round(y - oy)), (round(ex - ox), round(ey - oy))
        )
