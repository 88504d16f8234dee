"""The Overseer, level 3's boss: the fortress's command gunship, hovering over its arena
and swinging from side to side across 300 px. It holds still while it fires and moves
on between attacks, so a player can follow it.

Phase 1 (GUNSHIP): the eye under its belly is the weak point (get under it and shoot
up). Its engine pods pour two curtains of fire straight down: the strip under its
belly, between them, is the safe place. Then the eye glows and fires bursts at the
spot where the player stood: step out from under it, and back.
Phase 2 (ENGINES): the eye is shut; the two engine pods are the weak points (shoot
diagonally up at them). The eye throws rings of fire, then rain falls everywhere but
where the player stood when it glowed.
Phase 3 (OVERLOAD): the eye and the pods are all open; spirals from the eye, bursts and
curtains.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from gunner import patterns
from gunner.entities.base import register
from gunner.entities.boss import AIMED_STYLE, Attack, Boss, Part, Phase
from gunner.entities.boss_table import BossState
from gunner.schema import boss_class

if TYPE_CHECKING:
    from gunner.world.api import WorldView

# The map class: its shape in Tiled, its help, its properties and their defaults
# (stated here only: the validator, the loader and the Tiled project read them).
ENTRY = boss_class(
    "Level 3's boss (a gunship 128 px wide hovering 136 px up; the point is the floor "
    "under it): it swings 300 px left of where it is placed and back. Its eye and "
    "engine pods are its weak points; it fights in a one-screen arena that closes "
    "behind the player.",
    120,
)
DEFAULTS = ENTRY.defaults()

SWING = 150.0  # px: it swings from where it was placed to 2 * SWING left of it
SWING_STEPS = 600  # steps of flight (firing pauses it) for a swing there and back
CURTAIN_SPEED = 190.0
BURST_SPEED = 200.0
RING_SPEED = 130.0
SPIRAL_SPEED = 140.0
RAIN_SPEED = 170.0
RAIN_SPACING = 16.0
RAIN_GAP = 64.0


@register("Overseer", ENTRY)
class Overseer(Boss):
    title = "OVERSEER"
    max_health = int(DEFAULTS["health"])
    sheet = "boss_overseer"  # drawn by overseer_art.py, beside it
    chars = {"O": {}}  # tools/build_level.py: `O` marks the floor under its start
    builder_size = (128, 200)
    FRAME = (128, 64)
    LIFT = 136  # its sprite's bottom floats this high over its feet (the floor below)
    PARTS = (
        Part("hull", -48, -196, 96, 46),
        Part("pod_left", -64, -182, 18, 26, weak=True),
        Part("pod_right", 46, -182, 18, 26, weak=True),
        Part("eye", -10, -150, 20, 12, weak=True),
    )
    MUZZLES = {
        "pods": (0.0, -156.0),  # the curtains leave both pods (see `pod_guns`)
        "eye": (0.0, -142.0),
    }
    POD_GUNS = (-55.0, 55.0)  # x of each pod's gun from the feet
    CURTAIN = Attack("curtain", "pods", telegraph=30, volleys=24, every=4, rest=30)
    DROP = Attack("drop", "eye", telegraph=30, volleys=3, every=12, rest=40)
    RING = Attack("ring", "eye", telegraph=30, volleys=3, every=20, rest=40)
    RAIN = Attack("rain", "eye", telegraph=30, volleys=6, every=12, rest=40)
    SPIRAL = Attack("spiral", "eye", telegraph=30, volleys=60, every=3, rest=40)
    PHASES = (
        Phase(0.65, (CURTAIN, DROP), weak=("eye",)),
        Phase(0.3, (RING, RAIN), weak=("pod_left", "pod_right")),
        Phase(0.0, (SPIRAL, DROP, CURTAIN), weak=("eye", "pod_left", "pod_right")),
    )

    def __init__(self, x: float, foot_y: float, props: dict[str, Any] | None = None) -> None:
        super().__init__(x, foot_y, props)
        self.home = self.fx
        self.flight = 0  # steps it has flown since the fight began

    def move(self, stage: WorldView) -> None:
        attack = self.current
        firing = attack is not None and (
            attack.telegraph <= self.attack_step < attack.steps - attack.rest
        )
        if self.state == BossState.DYING or firing:
            return
        self.flight += 1
        angle = 2 * math.pi * self.flight / SWING_STEPS
        self.fx = self.home - SWING + SWING * math.cos(angle)

    def charge_points(self, attack: Attack) -> list[tuple[float, float]]:
        if attack.muzzle != "pods":
            return super().charge_points(attack)
        x, y = self.muzzle("pods")
        return [(x + dx, y) for dx in self.POD_GUNS]

    def fire(self, attack: Attack, volley: int, stage: WorldView) -> None:
        at = self.muzzle(attack.muzzle)
        if attack.name == "curtain":
            # Straight down from each pod, a slight splay so the curtain widens as it falls.
            for pod in self.charge_points(attack):
                splay = 0.06 if pod[0] > self.fx else -0.06
                v = patterns.fan(3, math.pi / 2 - splay, 0.14, CURTAIN_SPEED)
                self.spray(stage, pod, v)
        elif attack.name == "drop":
            mx, my = self.mark
            burst = patterns.aimed_burst(*at, mx, my - 10, 5, 0.22, BURST_SPEED)
            self.spray(stage, at, burst, AIMED_STYLE)
        elif attack.name == "ring":
            step = 2 * math.pi / 40
            self.spray(stage, at, patterns.ring(40, RING_SPEED, offset=volley * step / 2))
        elif attack.name == "rain":
            right = self.arena(stage).right - 20
            self.rain(stage, volley, right, RAIN_SPACING, RAIN_GAP, RAIN_SPEED)
        elif attack.name == "spiral":
            self.spray(stage, at, patterns.spiral(volley, 8, 0.17, SPIRAL_SPEED))
