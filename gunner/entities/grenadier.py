"""The grenadier: keeps its distance and lobs grenades in an arc onto where the player
stands; each bursts where it lands. Standing still is what gets a player hurt. One a
siege's wave lets out (`advance`) walks at the player until within its throw.

A grenade is not a bullet (bullets fly straight): it is a small body under its own
light gravity that bursts on touching a wall, a floor, a solid or the player, or when
its fuse runs out. The blast (`Stage.explode`) spares enemies and hurts the player and
whatever else is near: drums go off in it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from gunner.config import DT
from gunner.entities.base import Entity, feet_box, register
from gunner.entities.body import fell_out, solid_ahead
from gunner.entities.enemy import Enemy
from gunner.entities.soldier import HEIGHT, WIDTH
from gunner.events import SHOT
from gunner.schema import ObjectClass, Prop, drop_prop
from gunner.timer import Timer

if TYPE_CHECKING:
    from gunner.world.api import WorldView

# The map class: its shape in Tiled, its help, its properties and their defaults
# (stated here only: the validator, the loader and the Tiled project read them).
ENTRY = ObjectClass(
    shape="point",
    color="#5a78b4",
    let_in=True,
    doc="A grenadier (14x30, the point is its feet): keeps its distance and lobs "
    "grenades in an arc onto where the player stands; each bursts where it lands. "
    "Keep moving.",
    props={
        "health": Prop("int", 2, "hits it takes", low=1, high=1000),
        "range": Prop("float", 260.0, "how far it throws, pixels", low=32, high=600),
        "fire_rate": Prop("float", 2.2, "seconds between throws", low=0.5, high=60),
        "advance": Prop(
            "bool",
            False,
            "walks at the player until within throwing reach, rather than waiting where "
            "it stands (a siege's waves let theirs out so)",
        ),
        "drop": drop_prop("killed"),
    },
)
DEFAULTS = ENTRY.defaults()  # health, range, fire_rate: stated in the schema
SPEED = 30.0  # px/s while keeping its distance
KEEP = 96.0  # it backs away from a player nearer than this
# Advancing (`advance`): it walks at the player at ADVANCE_SPEED until the player is
# within HOLD px plus RANK px for each step of its rank (modulo RANKS: its place in its
# wave spawner's order, else its serial), all
# well inside its throw, or until a wall comes within WALL_GAP px plus RANK px for each
# step of its rank: so a gate's grenadiers stand spread out, not in one heap, even when
# the player is beyond the wall.
ADVANCE_SPEED = 50.0
HOLD, RANK, RANKS = 150.0, 20.0, 4
WALL_GAP = 24.0
REACH_UP, REACH_DOWN = 128.0, 192.0  # how far above and below it throws
WIND_UP = 0.45  # the tell: the arm drawn back this long before the throw
FOLLOW = 0.3  # the throwing pose shows this long after
FIRST = 0.8  # s before its first throw once the player is in range
# A grenade's flight: its own gravity (lighter than a body's, so the arc reads), and a
# flight time that grows with the distance.
GRAVITY = 700.0
FLIGHT_MIN, FLIGHT_MAX = 0.7, 1.3
FUSE = 3.0
BLAST_RADIUS = 26.0
BLAST_DAMAGE = 1
HAND = (7.0, -24.0)  # where the grenade leaves, from the feet, facing right
FRAME = 32


class Grenade(Entity):
    """A thrown grenade: flies under GRAVITY, bursts on contact or when its fuse is out."""

    sheet = "grenade"  # 4 tumbling frames, 8x8 (drawn by grenadier_art.py)
    team = "neutral"  # not an enemy to kill or count; its blast spares enemies
    touches = True  # bursts on the player

    def __init__(self, x: float, y: float, vx: float, vy: float) -> None:
        super().__init__(pygame.FRect(x - 3, y - 3, 6, 6))
        self.vx, self.vy = vx, vy
        self.fuse = Timer.of(FUSE)

    def tick(self, stage: WorldView) -> None:
        self.vy += GRAVITY * DT
        result = stage.move(self, self.vx * DT, self.vy * DT)
        if result.on_ground or result.hit_ceiling or result.hit_wall or self.fuse.tick():
            self.burst(stage)
        elif fell_out(self, stage):
            self.alive = False

    def touch(self, other: Entity, stage: WorldView) -> None:
        if other in stage.players and self.alive:
            self.burst(stage)

    def burst(self, stage: WorldView) -> None:
        self.alive = False
        x, y = self.hitbox.center
        stage.explode(x, y, BLAST_RADIUS, BLAST_DAMAGE, spare_team="enemy")

    def draw(self, surface: pygame.Surface, offset: tuple[float, float], art: Any) -> None:
        frames = art.sheet(self.sheet, 8, 8)[0]
        # It tumbles as it flies: the frame follows the ground covered, no clock kept.
        image = frames[int(self.hitbox.x // 6) % len(frames)]
        x, y = self.hitbox.center
        surface.blit(image, (round(x - 4 - offset[0]), round(y - 4 - offset[1])))


def lob(x: float, y: float, tx: float, ty: float) -> tuple[float, float]:
    """The (vx, vy) that carries a grenade from (x, y) to (tx, ty) under GRAVITY."""
    dx, dy = tx - x, ty - y
    flight = min(FLIGHT_MAX, max(FLIGHT_MIN, 0.5 + abs(dx) / 320))
    return dx / flight, (dy - 0.5 * GRAVITY * flight * flight) / flight


@register("Grenadier", ENTRY)
class Grenadier(Enemy):
    sheet = "grenadier"  # drawn by grenadier_art.py, beside it
    chars = {"e": {}}
    builder_size = (16, 32)
    death_frames = ((1, 0), (1, 1), (1, 2))  # grenadier.png row 1
    max_health = int(DEFAULTS["health"])
    also_sheets = (Grenade.sheet,)  # loaded at start-up with its own (gunner.assets)

    def __init__(self, x: float, foot_y: float, props: dict[str, Any] | None = None) -> None:
        props = props or {}
        super().__init__(feet_box(WIDTH, HEIGHT, (x, foot_y)), props)
        self.reach = float(props.get("range", DEFAULTS["range"]))
        self.advance = bool(props.get("advance", DEFAULTS["advance"]))
        # Its place among the ones its wave spawner let out (the spawner sets it): a
        # gate's grenadiers then take every rank in turn. None: its serial decides.
        self.rank: int | None = None
        self.fire_every = float(props.get("fire_rate", DEFAULTS["fire_rate"]))
        self.cooldown = Timer.of(FIRST)  # running: not throwing yet
        self.wind_up = Timer()  # running: the arm drawn back (the tell)
        self.follow = Timer()  # running: the throw's pose

    def in_reach(self, stage: WorldView) -> bool:
        player = stage.quarry(self)
        if not player.alive:
            return False
        dx = abs(player.hitbox.centerx - self.hitbox.centerx)
        dy = player.hitbox.bottom - self.hitbox.bottom
        return dx <= self.reach and -REACH_UP <= dy <= REACH_DOWN

    def tick(self, stage: WorldView) -> None:
        super().tick(stage)
        player = stage.quarry(self).hitbox
        if self.wind_up.left > 0:
            if self.wind_up.tick():
                self._throw(stage)
        else:
            self.follow.tick()
            if self.in_reach(stage):
                self.facing = 1 if player.centerx >= self.hitbox.centerx else -1
                self.cooldown.tick()
                if self.cooldown.left <= 0:
                    self.wind_up.start(WIND_UP)
        busy = self.wind_up.left > 0 or self.follow.left > 0
        self.vx = 0.0 if busy or not self.on_ground else self._pace(stage)
        self.fall(stage)

    def _pace(self, stage: WorldView) -> float:
        """Backs away from a player too near, or (advancing) walks at one out of its
        rank's hold, never off a ledge; else stands."""
        quarry = stage.quarry(self)
        dx = quarry.hitbox.centerx - self.hitbox.centerx
        if not quarry.alive:
            return 0.0
        # An advancing one keeps its rank backing off too, so a near player does not
        # close a gate's grenadiers back up into one heap.
        if abs(dx) < KEEP + (RANK * self._rank() if self.advance else 0.0):
            way, speed = -self.facing, SPEED
        elif self.advance and abs(dx) > HOLD + RANK * self._rank():
            way, speed = (1 if dx > 0 else -1), ADVANCE_SPEED
            self.facing = way
            if solid_ahead(self, stage, way, WALL_GAP + RANK * self._rank()):
                return 0.0
        else:
            return 0.0
        box = self.hitbox
        probe = box.right + 1 if way > 0 else box.left - 1
        if not stage.tilemap.standing_on(pygame.FRect(probe, box.top, 1, box.height)):
            return 0.0
        return way * speed

    def _rank(self) -> int:
        return (self.serial if self.rank is None else self.rank) % RANKS

    def _throw(self, stage: WorldView) -> None:
        x = self.hitbox.centerx + HAND[0] * self.facing
        y = self.hitbox.bottom + HAND[1]
        target = stage.quarry(self).hitbox
        vx, vy = lob(x, y, target.centerx, target.bottom - 2)
        stage.add_entity(Grenade(x, y, vx, vy))
        stage.publish(SHOT, self)
        self.follow.start(FOLLOW)
        self.cooldown.start(self.fire_every)

    def draw(self, surface: pygame.Surface, offset: tuple[float, float], art: Any) -> None:
        frames = art.sheet(self.sheet, FRAME, FRAME)[0]
        if self.wind_up:
            image = frames[5]
        elif self.follow:
            image = frames[6]
        elif self.vx:
            image = frames[int(self.hitbox.x // 6) % 4]
        else:
            image = frames[4]
        self.draw_frame(surface, offset, art, image, FRAME, FRAME)
