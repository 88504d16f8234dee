"""The pop-up turret: sunk in the floor, a hatch the player may walk over. When the player
comes within range and in sight it rises, fires a fan of three at them and sinks again to
reload. It can only be hurt while it is up: time the shots to its rise.
"""

from __future__ import annotations

import math
from enum import StrEnum
from typing import TYPE_CHECKING, Any

import pygame

from gunner import patterns
from gunner.entities.base import feet_box, register
from gunner.entities.enemy import BULLET_SPEED, Enemy
from gunner.schema import ObjectClass, Prop, drop_prop
from gunner.timer import Timer

if TYPE_CHECKING:
    from gunner.world.api import WorldView

RISE = 0.35  # s to rise out of the floor (the tell), and to sink back
AIM = 0.3  # s up before it fires
HOLD = 0.7  # s it stays up after firing: the moment to shoot it
UP_TIME = RISE + AIM + HOLD + RISE  # s from leaving the floor to being back down

# The map class: its shape in Tiled, its help, its properties and their defaults
# (stated here only: the validator, the loader and the Tiled project read them).
ENTRY = ObjectClass(
    shape="point",
    color="#7a6650",
    doc="A turret sunk in the floor (16x16 when up, the point is its bottom-centre, "
    "on a floor): a hatch while the player is far or it is reloading; it rises, fires "
    "a fan of three at the player and sinks again. It can only be hurt while it is up.",
    props={
        "health": Prop("int", 4, "hits it takes", low=1, high=1000),
        "range": Prop(
            "float", 240.0, "how near the player makes it rise, pixels", low=32, high=800
        ),
        "fire_rate": Prop(
            "float",
            2.6,
            f"seconds it stays down between rises (a rise lasts {UP_TIME:g} s more)",
            low=1,
            high=60,
        ),
        "drop": drop_prop("destroyed"),
    },
)
DEFAULTS = ENTRY.defaults()  # health, range, fire_rate: stated in the schema
SIZE = 16
SPREAD = 0.32  # radians from the fan's first bullet to its last
PIVOT = 8.0  # px above its feet: where the barrel turns and the shots leave
BARREL = 10.0
FRAME = 24
CLEAR = 24.0  # it stays down while the player is this near across: a hatch is safe to cross


class Rise(StrEnum):
    """The stages of a rise, in order; each lasts its time, DOWN until the player is
    near (hashed as its text)."""

    DOWN = "down"
    RISING = "rising"
    AIMING = "aiming"
    HOLDING = "holding"
    SINKING = "sinking"


UP = (Rise.AIMING, Rise.HOLDING)  # the stages it can be hurt in, and hurts by touch


@register("PopupTurret", ENTRY)
class PopupTurret(Enemy):
    sheet = "popup_turret"  # drawn by popup_turret_art.py, beside it
    chars = {"T": {}}
    builder_size = (16, 16)
    max_health = int(DEFAULTS["health"])

    def __init__(self, x: float, foot_y: float, props: dict[str, Any] | None = None) -> None:
        props = props or {}
        super().__init__(feet_box(SIZE, SIZE, (x, foot_y)), props)
        self.reach = float(props.get("range", DEFAULTS["range"]))
        self.fire_every = float(props.get("fire_rate", DEFAULTS["fire_rate"]))
        self.stage_name = Rise.DOWN
        self.clock = Timer()  # running: the current stage of the rise lasts until it runs out
        self.reload = Timer.of(0.5)  # running: down, not rising yet
        self.angle = math.pi / 2  # the barrel, radians anticlockwise from the right
        self._sink()

    @property
    def up(self) -> bool:
        return self.stage_name in UP

    def _sink(self) -> None:
        """Down in the floor: bullets fly over the hatch and walking on it is safe."""
        self.shootable = False
        self.contact_damage = 0

    def _go(self, name: Rise, seconds: float) -> None:
        self.stage_name = name
        self.clock.start(seconds)
        up = name in UP
        self.shootable = up
        self.contact_damage = 1 if up else 0

    def pivot(self) -> tuple[float, float]:
        return (self.hitbox.centerx, self.hitbox.bottom - PIVOT)

    def tick(self, stage: WorldView) -> None:
        super().tick(stage)
        name = self.stage_name
        if name == Rise.DOWN:
            self.reload.tick()
            over = abs(stage.quarry(self).hitbox.centerx - self.hitbox.centerx) < CLEAR
            if self.reload.left <= 0 and not over and self.watch(stage, self.pivot(), self.reach):
                self._go(Rise.RISING, RISE)
            return
        self._aim(stage)
        if not self.clock.tick():
            return
        if name == Rise.RISING:
            self._go(Rise.AIMING, AIM)
        elif name == Rise.AIMING:
            self._fire(stage)
            self._go(Rise.HOLDING, HOLD)
        elif name == Rise.HOLDING:
            self._go(Rise.SINKING, RISE)
        else:
            self.stage_name = Rise.DOWN
            self._sink()
            self.reload.start(self.fire_every)

    def _aim(self, stage: WorldView) -> None:
        """Turn the barrel toward the player, never below the floor."""
        x, y = self.pivot()
        px, py = stage.quarry(self).hitbox.center
        angle = math.atan2(y - py, px - x)  # anticlockwise, y up
        if angle < 0:
            angle = 0.0 if angle > -math.pi / 2 else math.pi
        self.angle = angle

    def _fire(self, stage: WorldView) -> None:
        x, y = self.pivot()
        x += math.cos(self.angle) * BARREL
        y -= math.sin(self.angle) * BARREL
        fan = patterns.fan(3, -self.angle, SPREAD, BULLET_SPEED)
        for k, (vx, vy) in enumerate(fan.tolist()):
            if k == 1:  # the middle one with the flash and the sound
                self.shoot(stage, x, y, x + vx, y + vy)
            else:
                stage.bullets.spawn(x, y, vx, vy, team="enemy")

    def draw(self, surface: pygame.Surface, offset: tuple[float, float], art: Any) -> None:
        sheet = art.sheet(self.sheet, FRAME, FRAME)
        name = self.stage_name
        if name in (Rise.RISING, Rise.SINKING):
            done = 1 - self.clock.left / max(1, round(RISE * 60))
            rise = done if name == Rise.RISING else 1 - done
            body = sheet[0][1 if rise < 0.5 else 2]
        else:
            body = sheet[0][3 if self.up else 0]
        if self.flash:
            body = art.flash(body)
        x = round(self.hitbox.centerx - FRAME / 2 - offset[0])
        y = round(self.hitbox.bottom - FRAME + 4 - offset[1])
        if self.up:
            barrel = sheet[1][min(8, max(0, round(self.angle / (math.pi / 8))))]
            surface.blit(barrel, (x, y))
        surface.blit(body, (x, y))
