"""Feedback: the world's events turned into effects, particles, shake and sounds.

The world builds none: whoever presents a world attaches one (`Feedback.attach`: the
play scene, the headless runner, replays, the demo, the legacy `gunner.stage.Stage`).
It subscribes to the world's events, steps when the world says a step ended
(`STEPPED`: effects age, particles fly, shake decays) and is the sink for the looks
entities ask the world for (`world.looks`); the world never reads it. The sound queue
(`sounds`) is drained by whoever plays them (the scene) or cleared by whoever does not
(replays, the bot, the soak).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import numpy as np

from gunner.config import DT
from gunner.events import (
    BOSS_AWOKE,
    BOSS_DYING,
    BOSS_PHASE,
    CHARGING,
    CHECKPOINT,
    CRACKED,
    DEFLECTED,
    DOOR_LOCKED,
    DOOR_OPENED,
    EXPLODED,
    GAVE_WAY,
    HURT,
    JUMPED,
    KILLED,
    LANDED,
    LEVEL_COMPLETE,
    LIFE_LOST,
    PICKED_UP,
    PUT_BACK,
    SHOT,
    SPARKED,
    STEPPED,
    WALL_HIT,
    Events,
)
from gunner.feedback.effects import EFFECT_STEPS, Effect
from gunner.particles import Particles

if TYPE_CHECKING:
    from gunner.entities import Entity
    from gunner.world import World

# Shake, 0..1 of the renderer's largest offset; it decays by this much a second.
SHAKE_DECAY = 1.5
PLAYER_HURT_SHAKE = 0.3
BOSS_AWOKE_SHAKE = 0.4
BOSS_PHASE_SHAKE = 0.5
# Events heard as one sound each, whoever published them. HURT, KILLED and SHOT are
# heard as the kind says (its `hurt_sound`, `death_sound`, `shot_sound`; a player's
# shot as its weapon's `sound`).
SOUNDS = {
    DOOR_OPENED: "door_open",
    DOOR_LOCKED: "door_locked",
    CHECKPOINT: "checkpoint",
    BOSS_AWOKE: "boss_roar",
    BOSS_PHASE: "boss_roar",
    BOSS_DYING: "boss_roar",
    CHARGING: "boss_charge",
    DEFLECTED: "boss_clank",
    LEVEL_COMPLETE: "menu_select",
    JUMPED: "jump",
    LANDED: "land",
    LIFE_LOST: "death",
    PUT_BACK: "hurt",
    EXPLODED: "explosion",
    SPARKED: "enemy_hit",
    CRACKED: "hit_wall",
    GAVE_WAY: "drum_hit",
    WALL_HIT: "hit_wall",
}


class Feedback:
    """Effects, particles, shake and the sound queue of one world, fed by its events."""

    def __init__(self, bus: Events, seed: int = 0) -> None:
        self.effects: list[Effect] = []
        # Sparks, smoke, casings: their own seeded generator, never the world's.
        self.particles = Particles(seed)
        self.trauma = 0.0  # screen shake, 0..1; the renderer turns it into an offset
        self.sounds: list[str] = []  # to play; the scene drains this
        for event, sound in SOUNDS.items():
            bus.subscribe(event, partial(self._play, sound))  # (a copy pickles it)
        bus.subscribe(HURT, self._on_hurt)
        bus.subscribe(KILLED, self._on_killed)
        bus.subscribe(SHOT, self._on_shot)
        bus.subscribe(PICKED_UP, self._on_picked_up)
        bus.subscribe(BOSS_AWOKE, self._on_boss_awoke)
        bus.subscribe(BOSS_PHASE, self._on_boss_phase)
        bus.subscribe(STEPPED, self._on_stepped)

    @classmethod
    def attach(cls, world: World) -> Feedback:
        """A Feedback for `world`: it hears the world's events from now on and takes the
        looks its entities ask for. Attach before the first step (what was published
        before is not heard)."""
        feedback = cls(world.bus, world.seed)
        world.looks = feedback
        return feedback

    # -- what entities and the world ask for directly ----------------------------------

    def add_effect(
        self, name: str, pos: tuple[float, float], angle: float = 0.0, size: float = 0.0
    ) -> None:
        self.effects.append(Effect(name, pos[0], pos[1], angle, size=size))
        if name == "impact":
            self.particles.impact(pos[0], pos[1])
        elif name == "explosion":
            self.particles.explosion(pos[0], pos[1])

    def shake(self, trauma: float) -> None:
        self.trauma = min(1.0, self.trauma + trauma)

    # -- time ----------------------------------------------------------------------------

    def step(self, solid: np.ndarray | None) -> None:
        """One step of the world's: effects age, particles fly (against `solid`, the
        tile grid), shake decays. `solid` None: the world is frozen in a hit-stop, and
        only the shake goes on fading."""
        self.trauma = max(0.0, self.trauma - SHAKE_DECAY * DT)
        if solid is None:
            return
        # A crowd's bullets leave a thousand sparks at a time: one plain loop, one filter.
        effects = self.effects
        for effect in effects:
            effect.age += 1
        self.effects = [e for e in effects if e.age < EFFECT_STEPS[e.name]]
        self.particles.step(solid)

    # -- subscribers ---------------------------------------------------------------------

    def _play(self, sound: str, source: Entity | None, **_: Any) -> None:
        self.sounds.append(sound)

    def _on_stepped(self, _: None, solid: np.ndarray | None = None, **__: Any) -> None:
        self.step(solid)

    def _on_hurt(self, entity: Entity, **_: Any) -> None:
        if entity.hurt_sound:
            self.sounds.append(entity.hurt_sound)
        if entity.kind == "Player":
            self.shake(PLAYER_HURT_SHAKE)

    def _on_killed(self, entity: Entity, **_: Any) -> None:
        if entity.death_sound:
            self.sounds.append(entity.death_sound)

    def _on_shot(self, entity: Entity, **data: Any) -> None:
        """The gun's sound (a player's weapon's own); a shell casing flies from the
        player's gun (rockets leave none)."""
        weapon = data.get("weapon")
        sound = weapon.sound if weapon is not None else entity.shot_sound
        if sound:
            self.sounds.append(sound)
        if entity.kind == "Player" and weapon is not None and weapon.style != "rocket":
            box = entity.hitbox
            facing = getattr(entity, "facing", 1)
            self.particles.casing(box.centerx, box.centery - 2, facing)

    def _on_picked_up(self, item: Entity, **data: Any) -> None:
        self.sounds.append("key" if data.get("key") else "pickup")

    def _on_boss_awoke(self, boss: Entity, **_: Any) -> None:
        self.shake(BOSS_AWOKE_SHAKE)

    def _on_boss_phase(self, boss: Entity, **_: Any) -> None:
        self.shake(BOSS_PHASE_SHAKE)
        x, y = boss.hitbox.center
        self.add_effect("explosion", (x, y - 20))
        self.particles.debris(x, y - 20, count=10)


def feedback_of(world: World) -> Feedback:
    """The Feedback attached to `world`; if none is, one is attached now (it shows and
    sounds what happens from this step on)."""
    looks = world.looks
    return looks if isinstance(looks, Feedback) else Feedback.attach(world)
