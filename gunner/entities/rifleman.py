"""The rifleman: stands its ground and shoots at the player, but only with line of sight."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from gunner.config import DT
from gunner.entities.base import feet_box, register
from gunner.entities.enemy import BULLET_SPEED, Enemy
from gunner.schema import ObjectClass, Prop, drop_prop
from gunner.timer import Timer, steps

if TYPE_CHECKING:
    from gunner.world.api import WorldView

# The map class: its shape in Tiled, its help, its properties and their defaults
# (stated here only: the validator, the loader and the Tiled project read them).
ENTRY = ObjectClass(
    shape="point",
    color="#a8b4bc",
    let_in=True,
    doc="An aiming soldier (14x30, the point is its feet): stands, faces the player "
    "and shoots at them only with a clear line of sight.",
    props={
        "health": Prop("int", 4, "hits it takes", low=1, high=1000),
        "range": Prop("float", 220.0, "how far it sees and shoots, pixels", low=0, high=2000),
        "fire_rate": Prop("float", 1.6, "seconds between shots", low=0.2, high=60),
        "drop": drop_prop("killed"),
    },
)
DEFAULTS = ENTRY.defaults()

WIDTH, HEIGHT = 14, 30
RANGE = float(DEFAULTS["range"])
FIRE_RATE = float(DEFAULTS["fire_rate"])  # seconds between shots
TELL = 0.3  # the gun glints this long before each shot
TELL_STEPS = steps(TELL)
FIRE_POSE = 0.15
EYE_Y = 20  # line of sight starts at the shoulder, this far above the feet
FRAME = 32
# Aim poses (sprite columns) and the muzzle pixel of each, facing right, in the 32x32
# frame whose bottom-centre is the feet. Kept in step with rifleman_art.py (a test compares them).
FORWARD, DIAG_UP, DIAG_DOWN = 0, 1, 2
MUZZLES = {FORWARD: (28, 13), DIAG_UP: (26, 5), DIAG_DOWN: (26, 21)}
DIAG_FROM = math.radians(25)  # beyond this angle off the horizontal a diagonal pose shows


@register("Rifleman", ENTRY)
class Rifleman(Enemy):
    sheet = "rifleman"
    chars = {"r": {}}
    builder_size = (16, 32)
    death_frames = ((0, 11), (0, 12), (0, 13))  # rifleman.png: thrown, falling, lying
    max_health = int(DEFAULTS["health"])

    def __init__(self, x: float, foot_y: float, props: dict[str, Any] | None = None) -> None:
        props = props or {}
        super().__init__(feet_box(WIDTH, HEIGHT, (x, foot_y)), props)
        self.range = float(props.get("range", RANGE))
        self.fire_rate = max(0.2, float(props.get("fire_rate", FIRE_RATE)))
        self.cooldown = Timer.of(self.fire_rate / 2)  # the first shot comes sooner
        self.pose = FORWARD
        self.fire_pose = Timer()
        self.idle_time = 0.0

    def eye(self) -> tuple[float, float]:
        return (self.hitbox.centerx, self.hitbox.bottom - EYE_Y)

    def muzzle(self) -> tuple[float, float]:
        mx, my = MUZZLES[self.pose]
        return (
            self.hitbox.centerx + (mx - FRAME / 2) * self.facing,
            self.hitbox.bottom - FRAME + my,
        )

    @property
    def aiming(self) -> bool:
        """In the tell before a shot (the sprite shows a glint)."""
        return self.sees_player and self.cooldown.left <= TELL_STEPS

    def tick(self, stage: WorldView) -> None:
        super().tick(stage)
        self.fire_pose.tick()
        self.idle_time += DT
        self.vx = 0.0
        self.fall(stage)
        if not self.watch(stage, self.eye(), self.range):
            # Out of sight the gun is lowered: a shot always follows a full tell.
            self.cooldown.tick(floor=TELL_STEPS + 1)
            return
        px, py = stage.quarry(self).hitbox.center
        ex, ey = self.eye()
        self.facing = 1 if px >= ex else -1
        angle = math.atan2(py - ey, abs(px - ex))  # below the horizontal is positive
        self.pose = FORWARD if abs(angle) < DIAG_FROM else (DIAG_DOWN if angle > 0 else DIAG_UP)
        self.cooldown.tick()
        if not self.cooldown:
            x, y = self.muzzle()
            self.shoot(stage, x, y, px, py, speed=BULLET_SPEED)
            self.cooldown.start(self.fire_rate)
            self.fire_pose.start(FIRE_POSE)

    # -- drawing ---------------------------------------------------------------------

    def frame(self) -> int:
        """Column of rifleman.png: 0-1 idle, 2-4 aim forward/up/down, 5-7 the same firing,
        8-10 the same with the glint of the tell."""
        if self.fire_pose:
            return 5 + self.pose
        if self.aiming:
            return 8 + self.pose
        if self.sees_player:
            return 2 + self.pose
        return int(self.idle_time * 1.5) % 2

    def draw(self, surface: pygame.Surface, offset: tuple[float, float], art: Any) -> None:
        image = art.sheet(self.sheet, FRAME, FRAME)[0][self.frame()]
        self.draw_frame(surface, offset, art, image, FRAME, FRAME)
