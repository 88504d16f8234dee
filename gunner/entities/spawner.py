"""Waves: a siege's enemies pour in from spawners, one wave after another.

A `WaveSpawner` is an invisible rectangle (off screen, a gate or the edge of the map).
While its wave is on, it lets out `count` enemies of one `kind`, one every `every`
seconds, each standing on the rectangle's bottom at a random place along it and facing
the player. Drones it lets out hunt (fly to the player wherever they are): a wave from
the sky comes down to the player. A wave is over when every spawner of that wave has
let out all its enemies and all of them are gone. The next wave does not wait for that:
it starts WAVE_PAUSE seconds after the one before it is down to its stragglers (all let
out, fewer than OVERLAP of them alive), so they fight on beside it and the keep is never
left waiting. The map's `waves` objective is done when every wave is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from gunner.entities.base import ENTITY_TYPES, Entity, feet_box, register
from gunner.maps import Spawn
from gunner.schema import ObjectClass, Prop, kind_prop, passed_on
from gunner.timer import Timer

if TYPE_CHECKING:
    from gunner.world.api import WorldView

# The map class: its shape in Tiled, its help, its properties and their defaults
# (stated here only: the validator, the loader and the Tiled project read them).
ENTRY = ObjectClass(
    shape="rectangle",
    color="#c05078",
    doc="Where a siege's enemies come from (a gate, the map's edge; not drawn): while "
    "its `wave` is on it lets out `count` enemies of `kind`, one every `every` seconds, "
    "on its rectangle's bottom. The next wave starts 3 s after this one is down to its "
    "last fifth (every one let out); the `waves` objective is done when every wave's "
    "enemies are gone. Drones it lets out hunt: they fly to the player wherever they "
    "are. Any other property of its kind set on it (a runner's `climb`) is passed on "
    "to each. Used with the `waves` objective.",
    props={
        "wave": Prop("int", 1, "which wave it belongs to (1 comes first)", low=1, high=99),
        "kind": kind_prop("what it lets out"),
        "count": Prop("int", 10, "how many it lets out in its wave", low=1, high=2000),
        "every": Prop("float", 0.5, "seconds between two of them", low=0.02, high=60),
        "health": Prop("int", 0, "their health (0: the kind's own)", low=0, high=1000),
        "fire_rate": Prop(
            "float", 0, "their seconds between shots (0: the kind's own)", low=0, high=60
        ),
        "speed": Prop(
            "float",
            0,
            "their walking or flying speed, pixels per second (0: the kind's own; a kind "
            "that stands still ignores it)",
            low=0,
            high=400,
        ),
    },
)
DEFAULTS = ENTRY.defaults()

WAVE_PAUSE = 3.0  # s between a wave thinning out (or the level's start) and the next wave
# A wave is down to its stragglers once every spawner of it has let all its enemies out
# and fewer than this share of them is still alive: then the next wave starts.
OVERLAP = 0.2


@register("WaveSpawner", ENTRY)
class WaveSpawner(Entity):
    visible = False
    chars = {"G": {}}  # a gate
    builder_size = (64, 32)
    floats = True

    def __init__(self, hitbox: pygame.FRect, props: dict[str, Any] | None = None) -> None:
        super().__init__(hitbox)
        props = props or {}
        self.wave = int(props.get("wave", DEFAULTS["wave"]))
        self.lets_out = str(props.get("kind", DEFAULTS["kind"]))  # (`kind` is its own: WaveSpawner)
        self.count = int(props.get("count", DEFAULTS["count"]))
        self.left = self.count  # enemies still to let out
        self.every = float(props.get("every", DEFAULTS["every"]))
        # Passed on to what it lets out (0: the kind's own default), with any property
        # of the kind's own set on the gate (a runner's `climb`).
        self.enemy_props = {
            name: props[name] for name in ("health", "fire_rate", "speed") if props.get(name)
        }
        if self.lets_out in ENTITY_TYPES:
            self.enemy_props |= passed_on(ENTRY, ENTITY_TYPES[self.lets_out].schema, props)
        self.clock = Timer()  # running: the next enemy comes out when it runs out
        self.started = False
        self.out: list[Entity] = []  # let out and still alive

    @classmethod
    def from_spawn(cls, spawn: Spawn) -> WaveSpawner:
        if spawn.w and spawn.h:
            return cls(pygame.FRect(spawn.x, spawn.y, spawn.w, spawn.h), spawn.props)
        # A point is where they come out: the feet of a default-sized gate.
        return cls(feet_box(*cls.builder_size, spawn.foot), spawn.props)

    @property
    def finished(self) -> bool:
        return self.left <= 0 and not self.out

    def tick(self, stage: WorldView) -> None:
        group = stage.spawners
        self.out = [e for e in self.out if e.alive]
        if self.finished or current_wave(group) != self.wave:
            return
        if not self.started:
            self.started = True
            self.clock.start(WAVE_PAUSE)
            if self is next(s for s in group if s.wave == self.wave):
                last = max(s.wave for s in group) == self.wave
                number = wave_number(group, self.wave)
                stage.say(f"WAVE {number}: THE LAST" if last else f"WAVE {number}")
            return
        if self.left <= 0:
            return
        self.clock.tick()
        if not self.clock:
            self._let_out(stage)
            self.clock.start(self.every)

    def _let_out(self, stage: WorldView) -> None:
        box = self.hitbox
        x = stage.rng.uniform(box.left + 8, box.right - 8) if box.width > 16 else box.centerx
        cls = ENTITY_TYPES[self.lets_out]
        props = dict(self.enemy_props)
        if cls.floats:
            props["hunt"] = True  # a drone flies to the player wherever he is
        if "advance" in cls.schema.props:
            props["advance"] = True  # a soldier walks at the player and holds at his wall
        entity = cls.from_spawn(Spawn(self.lets_out, x - 8, box.bottom - 16, 16, 16, props=props))
        entity.facing = 1 if stage.quarry(self).hitbox.centerx >= x else -1  # type: ignore[attr-defined]
        if hasattr(entity, "rank"):  # a kind that holds in ranks takes them in turn
            entity.rank = self.count - self.left
        stage.add_entity(entity)
        stage.expect_enemies(1)  # "defeat every enemy" counts them too
        self.out.append(entity)
        self.left -= 1


def current_wave(group: list[WaveSpawner]) -> int | None:
    """The wave that is on (or next): the newest one started, None once every wave is
    over. Each wave starts once the one before it is over or down to its stragglers
    (`stragglers`); the newest stays the one on while an older one's stragglers fight
    on, even when its own enemies are all gone."""
    if all(s.finished for s in group):
        return None
    on = None
    for wave in sorted({s.wave for s in group}):
        members = [s for s in group if s.wave == wave]
        on = wave
        if not all(s.finished for s in members) and not stragglers(members):
            break
    return on


def stragglers(members: list[WaveSpawner]) -> bool:
    """Is this wave (its spawners) down to its stragglers: every enemy let out, and fewer
    than OVERLAP of them alive?"""
    if any(s.left > 0 for s in members):
        return False
    alive = sum(1 for s in members for e in s.out if e.alive)
    return alive < OVERLAP * sum(s.count for s in members)


def waves_on(group: list[WaveSpawner]) -> list[WaveSpawner]:
    """The spawners of every wave started and not over: the one on and any before it
    still down to its stragglers."""
    wave = current_wave(group)
    return [] if wave is None else [s for s in group if s.wave <= wave and not s.finished]


def wave_number(group: list[WaveSpawner], wave: int) -> int:
    """1 for the first wave the map uses, and so on (waves may be numbered 10, 20...)."""
    return sorted({s.wave for s in group}).index(wave) + 1
