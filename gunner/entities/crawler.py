"""The Crawler, level 2's boss: a refinery's tracked fuel tanker with a cannon in front
and a flare stack on its back, pacing the right half of its arena.

Phase 1 (TREADS): it holds its ground; the grille under its nose is the weak point
(shoot straight ahead). The front cannon rolls three shots along the floor (jump them);
the flare stack throws fountains of fire over the arena (stay on the ground).
Phase 2 (STACK): it starts pacing; the grille is shut and the flare stack itself is the
weak point (aim up, or diagonally up from close by). Burning rain falls everywhere but
where the player stood when the stack glowed, and full rings of fire follow.
Phase 3 (MELTDOWN): both weak points open; it paces faster, the stack spins two spirals
turning opposite ways over rows of burning rain (about 400 bullets at the peak), leaving
a lane open toward where the player stood when it glowed (the rain's gap is there too),
and the cannon fires bursts locked on the player's spot.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from gunner import patterns
from gunner.config import DT
from gunner.entities.base import register
from gunner.entities.boss import AIMED_STYLE, Attack, Boss, Part, Phase
from gunner.entities.boss_table import BossState
from gunner.schema import boss_class

if TYPE_CHECKING:
    from gunner.world.api import WorldView

# The map class: its shape in Tiled, its help, its properties and their defaults
# (stated here only: the validator, the loader and the Tiled project read them).
ENTRY = boss_class(
    "Level 2's boss (144x96, the point is its feet): a tracked fuel tanker that paces "
    "150 px left of where it stands. Its engine grille and flare stack are its weak "
    "points; it fights in a one-screen arena that closes behind the player.",
    110,
)
DEFAULTS = ENTRY.defaults()

ROLL_SPEED = 150.0
RING_SPEED = 120.0
RAIN_SPEED = 170.0
SPIRAL_SPEED = 140.0
BURST_SPEED = 190.0
RAIN_SPACING = 16.0
RAIN_GAP = 64.0
PACE = (0.0, 40.0, 60.0)  # px/s in each phase
RANGE = 150.0  # how far left of where it was placed it paces
LANE = 0.5  # radians: the spirals leave this wide a lane open toward the player's spot


@register("Crawler", ENTRY)
class Crawler(Boss):
    title = "CRAWLER"
    max_health = int(DEFAULTS["health"])
    sheet = "boss_crawler"  # drawn by crawler_art.py, beside it
    chars = {"V": {}}  # tools/build_level.py: `V` marks its feet
    builder_size = (144, 96)
    FRAME = (144, 96)
    PARTS = (
        Part("hull", -52, -62, 108, 46),
        Part("treads", -60, -18, 124, 18),
        Part("stack", -6, -92, 14, 30, weak=True),
        Part("cannon", -72, -40, 20, 10),
        Part("grille", -68, -30, 8, 18, weak=True),  # in front of the treads
    )
    BODY = ("hull", "treads")
    MUZZLES = {
        "cannon": (-74.0, -35.0),
        "roll": (-70.0, -7.0),
        "stack": (1.0, -94.0),
    }
    ROLL = Attack("roll", "roll", telegraph=30, volleys=3, every=24, rest=30)
    FOUNTAIN = Attack("fountain", "stack", telegraph=30, volleys=8, every=8, rest=40)
    RING = Attack("ring", "stack", telegraph=30, volleys=5, every=16, rest=40)
    RAIN = Attack("rain", "stack", telegraph=30, volleys=6, every=12, rest=40)
    SPIRAL = Attack("spiral", "stack", telegraph=30, volleys=45, every=3, rest=40)
    LOCK = Attack("lock", "cannon", telegraph=30, volleys=3, every=10, rest=30)
    PHASES = (
        Phase(0.6, (ROLL, FOUNTAIN), weak=("grille",)),
        Phase(0.25, (RAIN, RING), weak=("stack",)),
        Phase(0.0, (SPIRAL, LOCK, RAIN), weak=("grille", "stack")),
    )

    def __init__(self, x: float, foot_y: float, props: dict[str, Any] | None = None) -> None:
        super().__init__(x, foot_y, props)
        self.home = self.fx  # it paces between here and RANGE px to its left
        self.heading = -1

    def move(self, stage: WorldView) -> None:
        if self.state not in (BossState.FIGHT, BossState.SHIFT):
            return
        self.fx += self.heading * PACE[self.phase] * DT
        if self.fx <= self.home - RANGE:
            self.fx, self.heading = self.home - RANGE, 1
        elif self.fx >= self.home:
            self.fx, self.heading = self.home, -1

    def fire(self, attack: Attack, volley: int, stage: WorldView) -> None:
        at = self.muzzle(attack.muzzle)
        if attack.name == "roll":
            # Low shots along the floor, under a jump's reach.
            self.spray(stage, at, patterns.fan(1, math.pi, 0.0, ROLL_SPEED))
        elif attack.name == "fountain":
            # The upper half of a ring (from level, leftward, round to level, rightward),
            # turning a little each volley: a spray that fills the sky.
            turn = (volley % 4) * math.pi / 96
            velocities = patterns.fan(25, -math.pi / 2 + turn, math.pi, RING_SPEED * 1.3)
            self.spray(stage, at, velocities)
        elif attack.name == "ring":
            step = 2 * math.pi / 36
            self.spray(stage, at, patterns.ring(36, RING_SPEED, offset=volley * step / 2))
        elif attack.name == "rain":
            right = self.arena(stage).right - 20
            self.rain(stage, volley, right, RAIN_SPACING, RAIN_GAP, RAIN_SPEED)
        elif attack.name == "spiral":
            # Two spirals turning opposite ways, with a lane left open toward where the
            # player stood when the stack glowed: the path through the meltdown.
            mx, my = self.mark
            toward = patterns.angle_to(*at, mx, my - 14)
            for sign in (1, -1):
                volley_v = patterns.spiral(volley, 6, sign * 0.21, SPIRAL_SPEED)
                self.spray(stage, at, patterns.lane(volley_v, toward, LANE))
            if volley % 8 == 0:  # and burning rain, with its hole where you stood
                right = self.arena(stage).right - 20
                self.rain(stage, volley // 8, right, RAIN_SPACING, RAIN_GAP, RAIN_SPEED)
        elif attack.name == "lock":
            mx, my = self.mark
            burst = patterns.aimed_burst(*at, mx, my - 10, 5, 0.16, BURST_SPEED)
            self.spray(stage, at, burst, AIMED_STYLE)
