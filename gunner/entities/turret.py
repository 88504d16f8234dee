"""The turret: bolted to a floor, ceiling or wall, it swings its barrel toward the player
and fires bursts of three while it has line of sight."""

from __future__ import annotations

import math
from enum import StrEnum
from typing import TYPE_CHECKING, Any

import pygame

from gunner.config import DT, TILE
from gunner.entities.base import feet_box, register
from gunner.entities.enemy import Enemy
from gunner.entities.wreck import Wreck
from gunner.events import EXPLODED, SPARKED
from gunner.schema import ObjectClass, Prop, drop_prop
from gunner.tilemap import EMPTY
from gunner.timer import Timer

if TYPE_CHECKING:
    from gunner.world.api import WorldView

# The map class: its shape in Tiled, its help, its properties and their defaults
# (stated here only: the validator, the loader and the Tiled project read them).
ENTRY = ObjectClass(
    shape="point",
    color="#667280",
    doc="A gun turret (16x16, the point is its bottom-centre): bolts itself to the floor, "
    "ceiling or wall it touches, swings toward the player and fires bursts of three.",
    props={
        "health": Prop("int", 8, "hits it takes", low=1, high=1000),
        "range": Prop("float", 260.0, "how far it sees and shoots, pixels", low=0, high=2000),
        "fire_rate": Prop("float", 1.2, "seconds from one burst to the next", low=0.3, high=60),
        "drop": drop_prop("destroyed"),
    },
)
DEFAULTS = ENTRY.defaults()

SIZE = 16
RANGE = float(DEFAULTS["range"])
FIRE_RATE = float(DEFAULTS["fire_rate"])  # seconds from one burst to the next
BURST = 3
BURST_GAP = 0.12
TURN_SPEED = math.radians(150)  # how fast the barrel swings, radians per second
ON_TARGET = math.radians(8)  # fires only when the barrel points this close to the player
ARC = math.radians(100)  # the barrel reaches this far either side of its mount's normal
BARREL = 11  # pixels from the pivot to the muzzle
BULLET_SPEED = 210.0
BLAST_RADIUS = 28.0
BLAST_DAMAGE = 1
# Dying: it sparks this many steps (a spray every SPARK_EVERY), its barrel sagging by
# SAG radians, and then blows up.
SPARK_STEPS = 40
SPARK_EVERY = 6
SAG = math.radians(60)
FRAME = 24
ANGLES = 16  # pre-rotated barrel frames in turret.png's second row


class Mount(StrEnum):
    """What the turret is bolted to (hashed as its text). UNFOUND until its first
    step looks at the tiles around it: the only one that is false."""

    UNFOUND = ""
    FLOOR = "floor"
    CEILING = "ceiling"
    LEFT = "left"  # a wall on its left, facing right
    RIGHT = "right"


# Mount -> (outward normal angle, base frame). Angles are screen angles (y down).
MOUNTS = {
    Mount.FLOOR: (-math.pi / 2, 0),
    Mount.CEILING: (math.pi / 2, 1),
    Mount.LEFT: (0.0, 2),
    Mount.RIGHT: (math.pi, 3),
}


def angle_diff(a: float, b: float) -> float:
    """a - b wrapped into -pi..pi."""
    return (a - b + math.pi) % (2 * math.pi) - math.pi


@register("Turret", ENTRY)
class Turret(Enemy):
    sheet = "turret"
    chars = {"t": {}}
    floats = True
    max_health = int(DEFAULTS["health"])
    contact_damage = 1

    def __init__(self, x: float, foot_y: float, props: dict[str, Any] | None = None) -> None:
        props = props or {}
        super().__init__(feet_box(SIZE, SIZE, (x, foot_y)), props)
        self.range = float(props.get("range", RANGE))
        self.fire_rate = max(BURST * BURST_GAP, float(props.get("fire_rate", FIRE_RATE)))
        self.mount = Mount.UNFOUND  # found from the tiles around it on the first step
        self.normal = -math.pi / 2
        self.angle = self.normal  # where the barrel points
        self.cooldown = Timer.of(self.fire_rate / 2)
        self.burst_left = 0
        self.burst_clock = Timer()  # running: the next shot of a burst is coming

    def _find_mount(self, stage: WorldView) -> None:
        """Floor if anything is under it, else ceiling, else whichever wall is beside it."""
        tiles, box = stage.tilemap, self.hitbox
        col, row = int(box.centerx // TILE), int(box.centery // TILE)
        below = int((box.bottom + 1) // TILE)
        above = int((box.top - 1) // TILE)
        if tiles.cell(col, below) != EMPTY:
            self.mount = Mount.FLOOR
        elif tiles.cell(col, above) != EMPTY:
            self.mount = Mount.CEILING
        elif tiles.cell(int((box.left - 1) // TILE), row) != EMPTY:
            self.mount = Mount.LEFT
        elif tiles.cell(int((box.right + 1) // TILE), row) != EMPTY:
            self.mount = Mount.RIGHT
        else:
            self.mount = Mount.FLOOR
        self.normal = MOUNTS[self.mount][0]
        self.angle = self.normal

    def tick(self, stage: WorldView) -> None:
        super().tick(stage)
        if not self.mount:
            self._find_mount(stage)
        self.cooldown.tick()
        if self.burst_left:
            self.burst_clock.tick()
            if not self.burst_clock:
                self._fire(stage)
            return
        cx, cy = self.hitbox.center
        if not self.watch(stage, (cx, cy), self.range):
            return
        px, py = stage.quarry(self).hitbox.center
        target = math.atan2(py - cy, px - cx)
        # The barrel cannot turn into its own mount: clamp the target to the arc.
        off = angle_diff(target, self.normal)
        reachable = abs(off) <= ARC
        target = self.normal + max(-ARC, min(ARC, off))
        turn = angle_diff(target, self.angle)
        step = TURN_SPEED * DT
        self.angle += max(-step, min(step, turn))
        self.facing = 1 if math.cos(self.angle) >= 0 else -1
        if reachable and abs(turn) < ON_TARGET and not self.cooldown:
            self.burst_left = BURST
            self._fire(stage)

    def muzzle(self) -> tuple[float, float]:
        cx, cy = self.hitbox.center
        return (cx + math.cos(self.angle) * BARREL, cy + math.sin(self.angle) * BARREL)

    def _fire(self, stage: WorldView) -> None:
        x, y = self.muzzle()
        self.shoot(
            stage, x, y, x + math.cos(self.angle), y + math.sin(self.angle), speed=BULLET_SPEED
        )
        self.burst_left -= 1
        self.burst_clock.start(BURST_GAP)
        if not self.burst_left:
            self.cooldown.start(self.fire_rate)

    # -- death: it sparks, its barrel sags, then it blows up --------------------------

    def start_death(self, stage: WorldView, from_x: float | None) -> None:
        stage.add_effect("impact", self.hitbox.center)
        stage.add_entity(Wreck(self))

    def death_step(self, wreck: Wreck, stage: WorldView) -> bool:
        cx, cy = self.hitbox.center
        if wreck.age % SPARK_EVERY == 1:
            # Sparks jump from a different spot each time (fixed offsets: no rng needed).
            k = wreck.age // SPARK_EVERY
            stage.particles.sparks(cx + (k * 5) % 11 - 5, cy + (k * 7) % 9 - 4, 5, 110.0)
            stage.publish(SPARKED, self)
        if wreck.age < SPARK_STEPS:
            return True
        # A bigger bang than a soldier's: a small blast that spares other enemies.
        stage.explode(cx, cy, BLAST_RADIUS, BLAST_DAMAGE, spare_team="enemy")
        stage.add_effect("explosion", (cx - 6, cy - 8))
        stage.add_effect("explosion", (cx + 7, cy - 3))
        stage.publish(EXPLODED, self)
        return False

    def draw_death(
        self, wreck: Wreck, surface: pygame.Surface, offset: tuple[float, float], art: Any
    ) -> None:
        # The barrel sags toward its mount's side as the power dies; it flickers white.
        sag = min(1.0, wreck.age / SPARK_STEPS) * SAG
        self._draw(surface, offset, art, self.angle + sag, flash=(wreck.age // 3) % 2 == 0)

    # -- drawing ---------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, offset: tuple[float, float], art: Any) -> None:
        self._draw(surface, offset, art, self.angle, bool(self.flash))

    def _draw(
        self,
        surface: pygame.Surface,
        offset: tuple[float, float],
        art: Any,
        angle: float,
        flash: bool,
    ) -> None:
        sheet = art.sheet(self.sheet, FRAME, FRAME)
        base = sheet[0][MOUNTS[self.mount or Mount.FLOOR][1]]
        # Screen angle -> the nearest of the pre-rotated barrels (frame k points k*22.5
        # degrees anticlockwise from the right).
        k = round(-angle / (2 * math.pi) * ANGLES) % ANGLES
        barrel = sheet[1][k]
        if flash:
            base, barrel = art.flash(base), art.flash(barrel)
        x = round(self.hitbox.centerx - FRAME / 2 - offset[0])
        y = round(self.hitbox.centery - FRAME / 2 - offset[1])
        surface.blit(base, (x, y))
        surface.blit(barrel, (x, y))
