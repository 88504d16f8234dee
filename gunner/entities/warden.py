"""The Warden, level 1's boss: the outpost's armoured gate wall, two cannons, a mortar.

Phase 1 (GUNS): a wide fan from the top cannon sweeps the sky and the far side of the
arena; the low cannon locks on where the player stands and fires bursts there. The core
at its foot is the weak point: stay in the middle of the arena, shoot the core, and step
aside when the low cannon's glow marks you.
Phase 2 (MORTAR): a plate blows off the tower and the reactor behind it is the weak point
(aim diagonally up); mortar rain falls everywhere but where the player stood when it
charged, between fans.
Phase 3 (MELTDOWN): the core and the reactor are both open; the top cannon spins a
ten-armed spiral while mortar rows fall (their hole where the player stood), then rain
and locked bursts. Over 300 of its bullets can be in the air at once.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from gunner import patterns
from gunner.entities.base import register
from gunner.entities.boss import AIMED_STYLE, Attack, Boss, Part, Phase
from gunner.schema import boss_class

if TYPE_CHECKING:
    from gunner.world.api import WorldView

# The map class: its shape in Tiled, its help, its properties and their defaults
# (stated here only: the validator, the loader and the Tiled project read them).
ENTRY = boss_class(
    "Level 1's boss (128x176, the point is its feet): the outpost's gate wall. Its core "
    "and reactor are its weak points; it fights in a one-screen arena that closes "
    "behind the player.",
    90,
)
DEFAULTS = ENTRY.defaults()

FAN_SPEED = 210.0
BURST_SPEED = 200.0
RAIN_SPEED = 170.0
SPIRAL_SPEED = 150.0
RAIN_SPACING = 16.0
RAIN_GAP = 64.0  # the safe hole in the rain, centred where the player stood


@register("Warden", ENTRY)
class Warden(Boss):
    title = "WARDEN"
    max_health = int(DEFAULTS["health"])
    sheet = "boss_warden"  # drawn by warden_art.py, beside it
    chars = {"W": {}}  # tools/build_level.py: `W` marks its feet
    builder_size = (128, 176)
    FRAME = (128, 176)
    PARTS = (
        Part("hull", -40, -168, 120, 168),  # on to the arena's right wall
        Part("cannon_top", -62, -150, 24, 14),
        Part("cannon_low", -62, -84, 24, 12),
        Part("reactor", -50, -128, 12, 26, weak=True),
        Part("core", -54, -46, 16, 38, weak=True),
    )
    BODY = ("hull",)
    MUZZLES = {
        "top": (-62.0, -143.0),
        "low": (-62.0, -78.0),
        "core": (-56.0, -27.0),
        "mortar": (8.0, -168.0),
    }
    FAN = Attack("fan", "top", telegraph=30, volleys=6, every=14, rest=30)
    LOCK = Attack("lock", "low", telegraph=30, volleys=3, every=12, rest=40)
    RAIN = Attack("rain", "mortar", telegraph=30, volleys=8, every=12, rest=40)
    SPIRAL = Attack("spiral", "top", telegraph=30, volleys=55, every=3, rest=40)
    PHASES = (
        Phase(2 / 3, (FAN, LOCK), weak=("core",)),
        Phase(1 / 3, (RAIN, FAN), weak=("reactor",)),
        Phase(0.0, (SPIRAL, RAIN, LOCK), weak=("core", "reactor")),
    )

    def fire(self, attack: Attack, volley: int, stage: WorldView) -> None:
        at = self.muzzle(attack.muzzle)
        if attack.name == "fan":
            # 21 shots from 26 degrees below the horizon to 37 above; odd volleys shifted
            # half a gap, so the sky has no safe lane, but the ground within about 240 px
            # of the wall lies under the lowest shot.
            shift = (volley % 2) * 0.0275
            velocities = patterns.fan(21, math.pi + 0.10 + shift, 1.1, FAN_SPEED)
            self.spray(stage, at, velocities)
        elif attack.name == "lock":
            mx, my = self.mark
            velocities = patterns.aimed_burst(*at, mx, my - 4, 5, 0.14, BURST_SPEED)
            self.spray(stage, at, velocities, AIMED_STYLE)
        elif attack.name == "rain":
            self.rain(stage, volley, self.fx - 60, RAIN_SPACING, RAIN_GAP, RAIN_SPEED)
        elif attack.name == "spiral":
            velocities = patterns.spiral(volley, 10, 0.19, SPIRAL_SPEED, offset=math.pi)
            self.spray(stage, at, velocities)
            if volley % 6 == 0:  # and mortar rows, with their hole where you stood
                self.rain(stage, volley // 6, self.fx - 60, RAIN_SPACING, RAIN_GAP, RAIN_SPEED)
