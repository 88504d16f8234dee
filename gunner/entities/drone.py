"""The drone: flies a bobbing patrol, drifts over the player and fires down at them.

A hunting drone (`hunt`, as a siege's waves let them out) keeps its patrol centred over
the player wherever they go, so it comes down from the sky to them instead of waiting
for them to pass under its beat.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from gunner.config import DT
from gunner.entities.base import away_from, feet_box, register
from gunner.entities.body import fall, fell_out
from gunner.entities.enemy import Enemy
from gunner.entities.wreck import Wreck
from gunner.events import EXPLODED
from gunner.schema import ObjectClass, Prop, drop_prop
from gunner.timer import Timer, steps

if TYPE_CHECKING:
    from gunner.world.api import WorldView

# The map class: its shape in Tiled, its help, its properties and their defaults
# (stated here only: the validator, the loader and the Tiled project read them).
ENTRY = ObjectClass(
    shape="point",
    color="#dc2c2c",
    let_in=True,
    doc="A flying drone (16x12, the point is its bottom-centre): bobs along a patrol "
    "at its height, drifts over the player and fires down at them, or now and then "
    "dives at them. A hunting drone (as a siege's waves let out) flies to the player "
    "wherever they are and patrols over their head.",
    props={
        "health": Prop("int", 2, "hits it takes", low=1, high=1000),
        "speed": Prop("float", 50.0, "flying speed, pixels per second", low=0, high=400),
        "fire_rate": Prop("float", 1.5, "seconds between shots (or dives)", low=0.3, high=60),
        "range": Prop(
            "float", 200.0, "how far below it spots and shoots the player", low=0, high=2000
        ),
        "hunt": Prop("bool", False, "flies to the player wherever they are (not a fixed patrol)"),
        "drop": drop_prop("shot down"),
    },
)
DEFAULTS = ENTRY.defaults()

WIDTH, HEIGHT = 16, 12
SPEED = float(DEFAULTS["speed"])
RANGE = float(DEFAULTS["range"])
PATROL = 96.0  # flies this far either side of where it was placed
LEASH = 240.0  # while chasing, never further than this from home
BOB = 6.0  # the sine bob's height, pixels
BOB_RATE = 2.4  # radians per second
CHASE_GAP = 20.0  # stops closing in once this close (horizontally) above the player
FIRE_EVERY = float(DEFAULTS["fire_rate"])
TELL = 0.3  # the eye burns brighter this long before a shot
# Now and then it dives at the player instead of shooting (after the same tell).
DIVE_CHANCE = 0.35
DIVE_SPEED = 200.0
DIVE_TIME = 0.7  # the longest dive, s
CLIMB_SPEED = 70.0  # back up to its patrol height, px/s
# A hunting drone's patrol height above the player's head, px, plus 0-3 times HUNT_LAYER
# by where it was placed, so a swarm fans out. The camera shows at least 100 px over
# his head (view 270 px, HEADROOM, the dead zone): the highest beat, bob included, stays
# in sight, so nothing shoots him from off the screen.
HUNT_HEIGHT = 56.0
HUNT_LAYERS = 4
HUNT_LAYER = 12.0
HUNT_RUSH = 2.0  # off its beat (the player ran on), a hunting drone flies this much faster
# Shot down: it drifts and spins down under light gravity, trailing smoke.
SPIRAL_DRIFT = 60.0
SPIRAL_GRAVITY = 500.0
SPIRAL_FALL = 220.0
SPIRAL_STEPS = 150
SPIN_STEP = 24.0  # degrees a step
TELL_STEPS = steps(TELL)
BULLET_SPEED = 170.0
FRAME_W, FRAME_H = 24, 16
PROP_FPS = 20


@register("Drone", ENTRY)
class Drone(Enemy):
    sheet = "drone"
    chars = {"d": {}}
    floats = True
    max_health = int(DEFAULTS["health"])

    def __init__(self, x: float, foot_y: float, props: dict[str, Any] | None = None) -> None:
        props = props or {}
        super().__init__(feet_box(WIDTH, HEIGHT, (x, foot_y)), props)
        self.speed = float(props.get("speed", SPEED))
        self.range = float(props.get("range", RANGE))
        self.fire_every = float(props.get("fire_rate", FIRE_EVERY))  # s between shots
        self.hunt = bool(props.get("hunt", DEFAULTS["hunt"]))  # its beat follows the player
        self.hunt_height = HUNT_HEIGHT + int(x) % HUNT_LAYERS * HUNT_LAYER
        self.home = self.hitbox.center
        self.bob_time = 0.0
        self.cooldown = Timer.of(self.fire_every / 2)
        self.dive = Timer()  # running: diving at where the player was
        self.dive_v = (0.0, 0.0)
        self.dive_to = 0.0  # the dive ends at this height (the player's centre then)

    @property
    def aiming(self) -> bool:
        """The eye ablaze: the tell before a shot or a dive, and the dive itself."""
        return bool(self.dive) or (self.sees_player and self.cooldown.left <= TELL_STEPS)

    def tick(self, stage: WorldView) -> None:
        super().tick(stage)
        self.bob_time += DT
        box = self.hitbox
        hx, hy = self.home
        eye = (box.centerx, box.bottom)
        player = stage.quarry(self)
        if self.dive:
            self._dive(stage)
            return
        if self.hunt and player.alive:
            # Its beat moves over the player's head; it gets there by flying (at its
            # speed, HUNT_RUSH times that while off its beat; up or down at CLIMB_SPEED).
            self.home = (player.hitbox.centerx, player.hitbox.top - self.hunt_height)
            hx, hy = self.home
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
            rush = HUNT_RUSH if self.hunt and abs(box.centerx - hx) > bound else 1.0
            self.vx = self.facing * self.speed * rush
        target_y = hy + math.sin(self.bob_time * BOB_RATE) * BOB
        # Flying: no gravity, and one-way platforms are passed through. After a dive it
        # climbs back to its patrol height at CLIMB_SPEED (the bob is slower than that);
        # a hunting drone far off its beat's height rushes there HUNT_RUSH times faster.
        climb = CLIMB_SPEED * DT
        if self.hunt and abs(target_y - box.centery) > BOB:
            climb *= HUNT_RUSH  # coming down to a new beat, as fast as it flies to one
        dy = max(-climb, min(climb, target_y - box.centery))
        result = stage.move(self, self.vx * DT, dy, drop_through=True)
        if result.hit_wall:
            self.facing = -result.hit_wall

        if not sees:
            self.cooldown.tick(floor=TELL_STEPS + 1)
            return
        self.cooldown.tick()
        if not self.cooldown:
            px, py = player.hitbox.center
            self.cooldown.start(self.fire_every)
            if stage.rng.random() < DIVE_CHANCE:
                self._start_dive(px, py)
            else:
                self.shoot(stage, box.centerx, box.bottom, px, py, speed=BULLET_SPEED)

    def _start_dive(self, px: float, py: float) -> None:
        """Swoop at the player's centre: dodge it, or get hit by the drone itself."""
        cx, cy = self.hitbox.center
        length = math.hypot(px - cx, py - cy) or 1.0
        self.dive_v = ((px - cx) / length * DIVE_SPEED, (py - cy) / length * DIVE_SPEED)
        self.dive_to = py
        self.dive.start(DIVE_TIME)
        self.facing = 1 if px >= cx else -1

    def _dive(self, stage: WorldView) -> None:
        """One step of a dive: it ends at the player's height, on anything solid, or
        after DIVE_TIME; then the drone climbs back to its patrol height."""
        self.dive.tick()
        vx, vy = self.dive_v
        result = stage.move(self, vx * DT, vy * DT, drop_through=True)
        blocked = result.hit_wall or result.on_ground or result.hit_ceiling
        if blocked or self.hitbox.centery >= self.dive_to:
            self.dive.stop()

    # -- death: it spirals down trailing smoke and bursts where it hits -------------

    def start_death(self, stage: WorldView, from_x: float | None) -> None:
        wreck = Wreck(self)
        away = away_from(self, from_x)
        wreck.facing, wreck.vx, wreck.vy, wreck.on_ground = away, away * SPIRAL_DRIFT, -40.0, False
        stage.add_effect("impact", self.hitbox.center)
        stage.add_entity(wreck)

    def death_step(self, wreck: Wreck, stage: WorldView) -> bool:
        wreck.spin += SPIN_STEP * wreck.facing
        # The drift swings side to side as it spirals.
        vx = wreck.vx * math.cos(wreck.age * 0.25)
        result = fall(wreck, stage, vx * DT, SPIRAL_GRAVITY, SPIRAL_FALL)
        box = wreck.hitbox
        if wreck.age % 4 == 0:
            stage.particles.smoke(box.centerx, box.centery, 2, 3.0)
        if fell_out(wreck, stage):
            return False
        if wreck.on_ground or result.hit_wall or wreck.age >= SPIRAL_STEPS:
            stage.add_effect("explosion", box.center)
            stage.publish(EXPLODED, self)
            stage.shake(0.1)
            return False
        return True

    def draw_death(
        self, wreck: Wreck, surface: pygame.Surface, offset: tuple[float, float], art: Any
    ) -> None:
        image = art.sheet(self.sheet, FRAME_W, FRAME_H)[0][wreck.age % 4]
        image = art.spun(image, wreck.spin)
        x, y = wreck.hitbox.center
        rect = image.get_rect(center=(round(x - offset[0]), round(y - offset[1])))
        surface.blit(image, rect)

    # -- drawing ---------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, offset: tuple[float, float], art: Any) -> None:
        """drone.png: 4 propeller frames; row 1 is the same with the eye ablaze (the tell)."""
        row = 1 if self.aiming else 0
        image = art.sheet(self.sheet, FRAME_W, FRAME_H)[row][int(self.bob_time * PROP_FPS) % 4]
        self.draw_frame(surface, offset, art, image, FRAME_W, FRAME_H)
