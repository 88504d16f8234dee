"""The shieldbearer: a soldier behind a riot shield who walks at the player shield first
and fires low through the shield's slot. Shots from in front spark off the shield; it is
hurt only from behind, from above (a shot flying down at it), or by a blast. Jump over
it and shoot its back, shoot down on it from a ledge, or blow it up.

When the player gets behind it, it turns only after TURN_DELAY: the moment to shoot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from gunner.entities.base import feet_box, register
from gunner.entities.enemy import Enemy
from gunner.entities.soldier import HEIGHT, WIDTH
from gunner.events import DEFLECTED
from gunner.schema import ObjectClass, Prop, drop_prop
from gunner.timer import Timer

if TYPE_CHECKING:
    from gunner.bullets import Bullet
    from gunner.world.api import WorldView

BRACE = 0.4  # it stops and braces this long before a shot (the tell)

# The map class: its shape in Tiled, its help, its properties and their defaults
# (stated here only: the validator, the loader and the Tiled project read them).
ENTRY = ObjectClass(
    shape="point",
    color="#8c96a0",
    let_in=True,
    doc="A soldier behind a riot shield (14x30, the point is its feet): walks at the "
    "player shield first and fires low through its slot. Shots from in front spark off "
    "the shield; it is hurt only from behind, from above, or by a blast.",
    props={
        "health": Prop("int", 3, "hits it takes", low=1, high=1000),
        "speed": Prop("float", 28.0, "walking speed, pixels per second", low=0, high=200),
        "fire_rate": Prop(
            "float",
            2.4,
            f"seconds from a shot until it braces for the next (the brace adds {BRACE:g} s)",
            low=0.5,
            high=60,
        ),
        "drop": drop_prop("killed"),
    },
)
DEFAULTS = ENTRY.defaults()  # health, speed, fire_rate: stated in the schema
TURN_DELAY = 0.7  # s it takes to turn round to a player who got behind it
SIGHT = 220.0  # how far it fires
LEVEL = 36.0  # it fires at a player whose centre is at most this far above or below
RECOVER = 0.3
BULLET_SPEED = 170.0
MUZZLE = (14.0, -16.0)  # the slot, from the feet, facing right
# A shot flying down at least this steeply (vy / |vx|) comes from above: over the shield.
FROM_ABOVE = 0.5
FRAME = 32


@register("Shieldbearer", ENTRY)
class Shieldbearer(Enemy):
    sheet = "shieldbearer"  # drawn by shieldbearer_art.py, beside it
    chars = {"b": {}}
    builder_size = (16, 32)
    death_frames = ((1, 0), (1, 1), (1, 2))  # shieldbearer.png row 1: it drops the shield
    max_health = int(DEFAULTS["health"])

    def __init__(self, x: float, foot_y: float, props: dict[str, Any] | None = None) -> None:
        props = props or {}
        super().__init__(feet_box(WIDTH, HEIGHT, (x, foot_y)), props)
        self.speed = float(props.get("speed", DEFAULTS["speed"]))
        self.fire_every = float(props.get("fire_rate", DEFAULTS["fire_rate"]))
        self.facing = 0  # faces the player on its first step
        self.turning = Timer()  # running: the player is behind it; it turns when out
        self.cooldown = Timer.of(1.0)
        self.brace = Timer()  # running: braced behind the shield, about to fire
        self.recover = Timer()

    def tick(self, stage: WorldView) -> None:
        super().tick(stage)
        player = stage.quarry(self)
        side = 1 if player.hitbox.centerx >= self.hitbox.centerx else -1
        if self.facing == 0:
            self.facing = side
        if player.alive and side != self.facing:
            if self.turning.left <= 0:
                self.turning.start(TURN_DELAY)
            elif self.turning.tick():
                self.facing = side
        else:
            self.turning.stop()
        self.cooldown.tick()
        if self.brace.left > 0:
            if self.brace.tick():
                self._fire(stage)
        elif self.recover.left > 0:
            self.recover.tick()
        elif self.cooldown.left <= 0 and self._sees(stage):
            self.brace.start(BRACE)
        walking = self.brace.left <= 0 and self.recover.left <= 0 and self.turning.left <= 0
        self.vx = self.facing * self.speed if walking and self._floor_ahead(stage) else 0.0
        self.fall(stage)

    def _floor_ahead(self, stage: WorldView) -> bool:
        box = self.hitbox
        x = box.right + 1 if self.facing > 0 else box.left - 1
        return bool(stage.tilemap.standing_on(pygame.FRect(x, box.top, 1, box.height)))

    def muzzle(self) -> tuple[float, float]:
        return (self.hitbox.centerx + MUZZLE[0] * self.facing, self.hitbox.bottom + MUZZLE[1])

    def _sees(self, stage: WorldView) -> bool:
        player = stage.quarry(self).hitbox
        ahead = (player.centerx - self.hitbox.centerx) * self.facing > 0
        level = abs(player.centery - self.hitbox.centery) <= LEVEL
        return ahead and level and self.watch(stage, self.muzzle(), SIGHT)

    def _fire(self, stage: WorldView) -> None:
        x, y = self.muzzle()
        self.shoot(stage, x, y, x + self.facing, y, speed=BULLET_SPEED)
        self.recover.start(RECOVER)
        self.cooldown.start(self.fire_every)

    def shielded_from(self, bullet: Bullet) -> bool:
        """Does the shield stop this bullet? Yes unless it flies at the shieldbearer's
        back, or down onto it from above."""
        from_behind = bullet.vx * self.facing > 0
        from_above = bullet.vy > 0 and bullet.vy >= abs(bullet.vx) * FROM_ABOVE
        return not (from_behind or from_above)

    def hit(self, bullet: Bullet, stage: WorldView) -> None:
        if self.facing and self.shielded_from(bullet):
            # Sparks and a clank off the shield's face, no damage (a rocket still bursts
            # here, and its blast hurts: see `damage`).
            x = self.hitbox.centerx + self.facing * (WIDTH / 2 + 2)
            stage.particles.sparks(x, bullet.hitbox.centery, count=4)
            stage.publish(DEFLECTED, self)
            return
        super().hit(bullet, stage)

    def frame(self) -> int:
        """Column of shieldbearer.png's row 0: 0-3 walk, 4 braced, 5 firing."""
        if self.recover.left > 0:
            return 5
        if self.brace.left > 0 or not self.vx:
            return 4
        return int(self.hitbox.x // 6) % 4

    def draw(self, surface: pygame.Surface, offset: tuple[float, float], art: Any) -> None:
        image = art.sheet(self.sheet, FRAME, FRAME)[0][self.frame()]
        self.draw_frame(surface, offset, art, image, FRAME, FRAME)
