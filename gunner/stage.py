"""The stage: one level in play. Entities, bullets, the quadtree, the camera, counters.

`Stage.step(held)` advances the simulation by one fixed step of DT seconds
given the buttons held during it. It never reads the keyboard, the clock or the
screen, so the same level, seed and inputs always give the same run.
"""

from __future__ import annotations

import enum
import hashlib
import json
import math
import random
from collections.abc import Callable
from dataclasses import dataclass, fields, is_dataclass
from operator import attrgetter
from typing import Any

import numpy as np
import pygame

from gunner.assets import PlayerMeta, load_player_meta
from gunner.broadphase import SERIAL as _SERIAL
from gunner.broadphase import StageTree
from gunner.bullets import BulletSystem
from gunner.camera import Camera
from gunner.config import DT, VIEW_H, VIEW_W
from gunner.crowdstep import CROWD_KINDS, CrowdStep
from gunner.entities import Entity, create_entity
from gunner.entities.player import Player
from gunner.entities.spawner import WaveSpawner, current_wave, wave_number
from gunner.events import HURT, KILLED, SHOT, Events
from gunner.input import Buttons
from gunner.maps import Level, Spawn
from gunner.objects import OBJECTIVES
from gunner.particles import Particles
from gunner.tilemap import MoveResult, TileMap
from gunner.timer import Timer

# Effect name -> (frames, steps per frame). Effects are looks only: nothing reads them.
EFFECTS = {"muzzle_flash": (3, 2), "impact": (4, 3), "dust": (4, 4), "explosion": (6, 4)}
# How long the player lies dead before respawning, or before the run is lost.
DEATH_DELAY = 1.5
MESSAGE_TIME = 2.0
# Objectives a map may set in its `objective` property (comma-separated).
# Hit-stop: steps the simulation freezes for when an enemy dies or the player is hurt.
HITSTOP_KILL = 3
HITSTOP_HURT = 5
_TEAM = attrgetter("team")
_IS_BOSS = attrgetter("is_boss")
_ALIVE = attrgetter("alive")
# Largest entity the tree should expect (a tall soldier); sizes its cells.
TYPICAL_ENTITY = (24, 48)


def parse_objectives(value: Any) -> list[str]:
    """The map's `objective` property: comma-separated names; reaching the exit by default.
    Unknown names are ignored here (the map checker reports them)."""
    names = [n.strip().lower() for n in str(value or "exit").split(",")]
    return [n for n in names if n in OBJECTIVES] or ["exit"]


@dataclass
class Counters:
    """Collision checks made in one step, and what brute force would have made."""

    tile: int = 0
    entity_entity: int = 0
    bullet_entity: int = 0
    brute_entity_entity: int = 0
    brute_bullet_entity: int = 0

    def reset(self) -> None:
        for f in fields(self):
            setattr(self, f.name, 0)

    def as_dict(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


# Effect name -> how many steps it lasts.
EFFECT_STEPS = {name: frames * per for name, (frames, per) in EFFECTS.items()}


@dataclass(slots=True)
class Effect:
    name: str
    x: float
    y: float
    angle: float = 0.0
    age: int = 0  # steps
    size: float = 0.0  # the drawn width in px (a blast's fireball spans its radius); 0: as made

    @property
    def frame(self) -> int:
        return self.age // EFFECTS[self.name][1]


class Stage:
    def __init__(self, level: Level, seed: int = 0, player_meta: PlayerMeta | None = None) -> None:
        self.level = level
        self.seed = seed
        self.rng = random.Random(seed)
        self.player_meta = player_meta or load_player_meta()
        self.tilemap = TileMap(level.solid.copy())
        width, height = level.pixel_size
        self.tree = StageTree((0, 0, width, height), typical_size=TYPICAL_ENTITY)
        self.bullets = BulletSystem()
        self.entities: list[Entity] = []
        self.effects: list[Effect] = []
        self.events: list[str] = []  # sounds to play; the scene drains this
        # Hurt, shot, killed: published by the entity where it happens (gunner.events).
        self.bus = Events()
        self.bus.subscribe(HURT, self._on_hurt)
        self.bus.subscribe(SHOT, self._on_shot)
        self.bus.subscribe(KILLED, self.record_kill)
        self.bus.subscribe(KILLED, self._on_killed)
        self.counters = Counters()
        self.held = self.pressed = self.released = Buttons.NONE
        self.steps = 0
        self.time = 0.0
        self.outcome: str | None = None  # "complete" or "dead" once the run is decided
        self.respawn_in = Timer()  # running: the player is down, back at the checkpoint soon
        self.trauma = 0.0  # screen shake, decays every step
        self.frozen = 0  # hit-stop: steps left to skip the simulation
        # Sparks, smoke, casings: stepped here, never read by the simulation; own seeded rng.
        self.particles = Particles(seed)
        self.kills = 0
        self.destroyed: dict[str, int] = {}  # kind -> how many were destroyed
        self.exit_reached = False
        self.at_exit = False  # the player touched the exit this step (judged after the step)
        self.message = ""  # a short line the HUD shows (CHECKPOINT, DOOR LOCKED...)
        self.message_timer = Timer()  # running: the HUD shows `message`
        self.objectives = parse_objectives(level.properties.get("objective"))
        self.unknown_classes: list[str] = []
        self._serials = 0  # entities ever added: the next one's serial
        # Soldiers and turrets far from the player and from solids, stepped in bulk
        # (gunner/crowdstep.py); `zone_makers`: the solids they keep clear of (doors,
        # drums, platforms: what blocks, carries or pushes them).
        self.crowd_step = CrowdStep()
        self.zone_makers: list[Entity] | None = []

        player: Player | None = None
        for spawn in level.spawns:
            entity = create_entity(spawn)
            if entity is None:
                if not spawn.used_as_path:  # a platform's path line is not a thing
                    self.unknown_classes.append(spawn.cls)
                continue
            if isinstance(entity, Player):
                if player is not None:
                    continue  # one player; the validator reports the extra spawn
                player = entity
            self.add_entity(entity)
        assert player is not None, "load_level guarantees a Player spawn"
        self.player = player
        self.checkpoint = player.hitbox.midbottom
        # Objective totals are fixed when the level starts.
        self.totals = {
            "destroy_drums": sum(1 for e in self.entities if e.kind == "OilDrum"),
            "kill_all": sum(1 for e in self.entities if e.team == "enemy"),
            "boss": sum(map(_IS_BOSS, self.entities)),
        }
        # A siege's wave spawners (gunner/entities/spawner.py), in map order: they never
        # leave the stage, and each reads the others to know which wave is on.
        self.spawners = [e for e in self.entities if isinstance(e, WaveSpawner)]
        climb = level.properties.get("scroll") == "up"
        self.camera = Camera(VIEW_W, VIEW_H, width, height, climb=climb)
        self.camera.snap(*player.hitbox.center)

    # -- bookkeeping checks (the soak runs these every step; tests use them too) --------

    def check_invariants(self) -> None:
        """Raise InvariantError unless the tree holds exactly the live entities and
        bullets, by identity, each where a query of its own hitbox finds it.

        Comparing counts is not enough: a missing player and a stale corpse in its
        place have the same count. A dead player waiting to respawn is off the list.
        Call it between steps.
        """
        expected = {id(e): e for e in self.entities}
        if len(expected) != len(self.entities):
            raise InvariantError("an entity is listed twice")
        held = {id(item): item for item in self.tree}
        for key in held.keys() - expected.keys():
            raise InvariantError(f"the tree holds {_describe(held[key])}, which the stage does not")
        for key in expected.keys() - held.keys():
            raise InvariantError(f"{_describe(expected[key])} is missing from the tree")
        for item in expected.values():
            if not item.alive:
                raise InvariantError(f"{_describe(item)} is dead but still in play")
            if item not in self.tree.query(item.hitbox):
                raise InvariantError(f"{_describe(item)} is not found where its hitbox is")
        # Bullets spawned since the bullets last stepped join the tree when they step.
        ids = self.bullets.id[: self.bullets.filed]
        filed = self.tree.bullets.ids
        if len(filed) != len(ids) or not np.array_equal(np.sort(filed), ids):
            missing = np.setdiff1d(ids, filed)
            extra = np.setdiff1d(filed, ids)
            raise InvariantError(
                f"the tree's bullet class holds {len(filed)} bullets, the stage {len(ids)}"
                f" (missing {missing[:5].tolist()}, stale {extra[:5].tolist()})"
            )
        for k, box in enumerate(self.bullets.boxes(slice(0, self.bullets.filed))):
            if ids[k] not in self.tree.bullets.query(pygame.FRect(*box.tolist())):
                raise InvariantError(f"bullet {ids[k]} is not found where its hitbox is")
        for problem in self.crowd_step.disagreements(self.entities):
            raise InvariantError(problem)
        if self.player.alive and id(self.player) not in expected:
            raise InvariantError("the player is alive but not in play")
        x, y = self.player.hitbox.center
        if not (math.isfinite(x) and math.isfinite(y)):
            raise InvariantError(f"player position is not finite ({x}, {y})")

    # -- services entities use -------------------------------------------------------

    def add_entity(self, entity: Entity) -> None:
        if entity.serial < 0:
            entity.serial = self._serials
            self._serials += 1
        self.entities.append(entity)
        self.tree.add(entity)
        if entity.solid and type(entity) not in CROWD_KINDS:
            if self.zone_makers is not None:
                self.zone_makers.append(entity)
            # Mid-step, no member planned before it may move as if it were not there.
            self.crowd_step.forget_plan()

    def spawn(self, cls: str, x: float, y: float, props: dict[str, Any] | None = None) -> None:
        """Create an entity by map class name mid-game (an enemy's drop), feet at (x, y)."""
        entity = create_entity(Spawn(cls, x - 8, y - 16, 16, 16, props=dict(props or {})))
        if entity is not None:
            self.add_entity(entity)

    def record_kill(self, entity: Entity) -> None:
        """Count a destroyed enemy or object, for objectives and the end screen."""
        self.destroyed[entity.kind] = self.destroyed.get(entity.kind, 0) + 1
        if entity.team == "enemy":
            self.kills += 1
            self.hitstop(HITSTOP_KILL)

    def say(self, message: str) -> None:
        self.message = message
        self.message_timer.start(MESSAGE_TIME)

    @property
    def message_time(self) -> float:
        """Seconds the HUD still shows `message` (0: gone)."""
        return self.message_timer.seconds

    def reach_exit(self) -> None:
        """The player stands in the exit. Whether that finishes it is judged after the
        step (`_step_outcome`): mid-step the entity list is being rebuilt, so the
        objectives that count entities cannot be read here."""
        self.at_exit = True

    def objective_status(self) -> list[tuple[str, bool, str]]:
        """(objective, done, progress text) for each of the level's objectives."""
        status = []
        for name in self.objectives:
            if name == "exit":
                status.append((name, self.exit_reached, "REACH THE EXIT"))
            elif name == "destroy_drums":
                total = self.totals["destroy_drums"]
                done = total - sum(1 for e in self.entities if e.kind == "OilDrum")
                status.append((name, done >= total, f"DESTROY OIL DRUMS {done}/{total}"))
            elif name == "kill_all":
                total = self.totals["kill_all"]
                # Counted as gone, not as kills: a soldier who walks into a pit is gone too.
                done = total - list(map(_TEAM, self.entities)).count("enemy")
                status.append((name, done >= total, f"DEFEAT ENEMIES {done}/{total}"))
            elif name == "waves":
                group = self.spawners
                wave = current_wave(group)
                total = len({s.wave for s in group})
                at = total if wave is None else wave_number(group, wave)
                text = f"SURVIVE WAVE {at}/{total}" if total else "SURVIVE THE WAVES"
                status.append((name, bool(group) and wave is None, text))
            elif name == "boss":
                # Done once its death sequence has played out (it leaves the stage then).
                left = any(map(_IS_BOSS, self.entities))
                status.append((name, self.totals["boss"] > 0 and not left, "DEFEAT THE BOSS"))
        return status

    def query(
        self, rect: pygame.FRect, counter: str, ignore: Any = None, solids: bool = False
    ) -> list:
        """Broad-phase query that charges its candidate checks to one of the counters;
        ``solids`` asks the solid class only (doors, drums)."""
        before = self.tree.checks
        found = (self.tree.query_solids if solids else self.tree.query)(rect, ignore)
        setattr(self.counters, counter, getattr(self.counters, counter) + self.tree.checks - before)
        return found

    def move(self, entity: Entity, dx: float, dy: float, drop_through: bool = False) -> MoveResult:
        """Axis-split move against the tiles and then against solid entities.

        Each axis is resolved against the tile grid first, then pushed back out of
        any solid entity (door, drum) overlapping, so a soldier stops at a closed
        door and the player can stand on a drum. One query of the tree's solid class
        over the swept box finds the solid entities for both axes. Solids the box
        overlaps before the move are left out, so whatever one lands on walks out of it.
        """
        box = entity.hitbox
        tiles = self.tilemap
        tree = self.tree
        solid_class = tree.solid
        # The hottest query of a crowd: made inline, not through `query`, and only near
        # where solids are (most of a crowd is nowhere near a door or a drum). Far from
        # them, the move is the tiles' alone. The solids' span in x, in plain floats, is
        # the cheapest test, and most moves end there.
        left, right = tree.solid_span
        if not (
            box.right + (dx if dx > 0.0 else 0.0) > left
            and box.left + (dx if dx < 0.0 else 0.0) < right
            and len(solid_class)
            and tree.near_solids(sweep := box.union(box.move(dx, dy)))
        ):
            wall = tiles.move_x(box, dx) if dx else 0
            vertical = tiles.move_y(box, dy, drop_through) if dy else 0
            return MoveResult(vertical > 0, vertical < 0, wall)
        before = solid_class.checks
        found = solid_class.query(sweep, entity)
        self.counters.entity_entity += solid_class.checks - before
        # A solid the box already overlaps (a drum that fell on it) does not block:
        # pushing out of it could land the box inside a wall, so it walks free.
        solids = [
            other
            for other in found
            if other.solid and other.alive and not box.colliderect(other.hitbox)
        ]
        if len(solids) > 1:
            solids.sort(key=_SERIAL)  # the same push-out order under every design
        feet = box.bottom  # before the move: a one-way plank holds only what was above it
        wall = tiles.move_x(box, dx)
        for other in solids:
            if other.oneway:
                continue  # one-way planks never block sideways
            if box.colliderect(other.hitbox):
                if dx > 0:
                    box.right = other.hitbox.left
                    wall = 1
                elif dx < 0:
                    box.left = other.hitbox.right
                    wall = -1
        vertical = tiles.move_y(box, dy, drop_through)
        for other in solids:
            if other.oneway:
                lands = dy > 0 and not drop_through and feet <= other.hitbox.top + 0.01
                if lands and box.colliderect(other.hitbox):
                    box.bottom = other.hitbox.top
                    vertical = 1
                continue
            if box.colliderect(other.hitbox):
                if dy > 0:
                    box.bottom = other.hitbox.top
                    vertical = 1
                elif dy < 0:
                    box.top = other.hitbox.bottom
                    vertical = -1
        return MoveResult(on_ground=vertical > 0, hit_ceiling=vertical < 0, hit_wall=wall)

    def supported(self, entity: Entity) -> bool:
        """Does something hold the entity up: a tile, a platform or a solid entity under
        its feet? (What a resting drum or pickup asks: the drum below may have blown up.)"""
        if self.tilemap.standing_on(entity.hitbox):
            return True
        return any(other.solid and other.alive for other in self._underfoot(entity))

    def on_oneway(self, entity: Entity) -> bool:
        """Is the entity standing on a one-way solid (a one-way moving plank)?"""
        feet = entity.hitbox.bottom
        return any(
            other.oneway and other.alive and other.hitbox.top == feet
            for other in self._underfoot(entity)
        )

    def _underfoot(self, entity: Entity) -> list[Entity]:
        """The solid class's entities in the pixel row just under the entity's feet."""
        box = entity.hitbox
        probe = pygame.FRect(box.x, box.bottom, box.width, 1)
        return self.query(probe, "entity_entity", entity, solids=True)

    def line_of_sight(self, x0: float, y0: float, x1: float, y1: float) -> bool:
        """No solid tile and no solid entity (a closed door) lies between the points."""
        if not self.tilemap.line_of_sight(x0, y0, x1, y1):
            return False
        span = pygame.FRect(min(x0, x1), min(y0, y1), abs(x1 - x0) + 1, abs(y1 - y0) + 1)
        for other in self.query(span, "entity_entity", solids=True):
            if other.oneway:
                continue  # a one-way plank is a catwalk: you see through under it
            if other.solid and other.alive and other.hitbox.clipline(x0, y0, x1, y1):
                return False
        return True

    def explode(
        self, x: float, y: float, radius: float, damage: int, spare_team: str | None = None
    ) -> None:
        """Area damage: everything whose hitbox comes within `radius` of (x, y) is hurt,
        except entities of `spare_team` (a player's rocket never hurts the player)."""
        # One pixel wider than the blast: a box the blast's edge just reaches only
        # touches the exact square, and touching is not overlapping for the tree.
        area = pygame.FRect(x - radius - 1, y - radius - 1, radius * 2 + 2, radius * 2 + 2)
        for other in self.query(area, "entity_entity"):
            if not other.alive or other.team == spare_team:
                continue
            box = other.hitbox
            nearest_x = min(max(x, box.left), box.right)
            nearest_y = min(max(y, box.top), box.bottom)
            if (nearest_x - x) ** 2 + (nearest_y - y) ** 2 <= radius * radius:
                other.damage(damage, self, x)
        # The fireball spans the blast: what looks hit is what is hit.
        self.add_effect("explosion", (x, y), size=radius * 2)
        self.shake(min(1.0, radius / 48))
        self.emit("explosion")

    def shake(self, trauma: float) -> None:
        """Screen shake, 0..1; the renderer turns it into an offset."""
        self.trauma = min(1.0, self.trauma + trauma)

    def hitstop(self, steps: int) -> None:
        """Freeze the simulation for a few steps (a hit lands harder); never stacks up."""
        self.frozen = max(self.frozen, steps)

    def emit(self, sound: str) -> None:
        self.events.append(sound)

    def publish(self, event: str, source: Entity, **data: Any) -> None:
        """Announce that `source` was hurt, fired or was killed (gunner.events)."""
        self.bus.publish(event, source, **data)

    def subscribe(self, event: str, handler: Callable[..., None]) -> None:
        self.bus.subscribe(event, handler)

    def add_effect(
        self, name: str, pos: tuple[float, float], angle: float = 0.0, size: float = 0.0
    ) -> None:
        self.effects.append(Effect(name, pos[0], pos[1], angle, size=size))
        if name == "impact":
            self.particles.impact(pos[0], pos[1])
        elif name == "explosion":
            self.particles.explosion(pos[0], pos[1])

    def complete(self) -> None:
        if self.outcome is None:
            self.outcome = "complete"
            self.emit("menu_select")

    # -- the step ----------------------------------------------------------------------

    def step(self, held: Buttons) -> None:
        """Advance one fixed step with these buttons held."""
        if self.frozen > 0:
            # Hit-stop: the world holds still (buttons keep their edges for afterwards).
            self.frozen -= 1
            self.trauma = max(0.0, self.trauma - 1.5 * DT)
            self.steps += 1
            self.time += DT
            return
        if self.steps == 0:
            # A button still held from the menu (Z confirms START) is not a press.
            self.held = held
        self.pressed = held & ~self.held
        self.released = self.held & ~held
        self.held = held
        self.counters.reset()
        self.tilemap.checks = 0

        if self.crowd_step.enabled:
            self._tick_crowd()
        else:
            self._tick_each()

        self.bullets.step(self)
        self._bury_the_dead()
        self._step_effects()
        self.particles.step(self.tilemap.solid)
        self.trauma = max(0.0, self.trauma - 1.5 * DT)
        self._step_outcome()
        player = self.player
        self.camera.update(
            player.hitbox.centerx, player.hitbox.centery, player.facing, DT, player.on_ground
        )

        n_e, n_b = len(self.entities), len(self.bullets)
        self.counters.tile = self.tilemap.checks
        self.counters.brute_entity_entity = n_e * (n_e - 1) // 2
        self.counters.brute_bullet_entity = n_b * n_e
        self.steps += 1
        self.time += DT

    def _tick_each(self) -> None:
        """Every entity ticks in list order, leaving the tree before and filed after."""
        # The crowd step's members and zones go stale meanwhile: forgotten.
        self.crowd_step.clear()
        self.zone_makers = None
        tree = self.tree
        add, enemies, others = tree.add, tree.enemy, tree.entity
        survivors: list[Entity] = []
        keep = survivors.append
        # Entities spawned during the step land in the fresh list and tick next step.
        current, self.entities = self.entities, []
        for entity in current:
            # `tree.remove` and `tree.add`, inlined in the hottest loop of a crowd (the
            # same classes: solids go through `add`, which keeps their span).
            entity.filed_in.remove(entity)
            entity.filed_in = None
            if entity.alive:  # a blast earlier in this loop may have killed it
                entity.tick(self)
            if not entity.alive:
                continue
            if entity.solid:
                add(entity)
            else:
                home = enemies if entity.team == "enemy" else others
                home.add(entity)
                entity.filed_in = home
            keep(entity)
            if entity.touches:
                for other in self.query(entity.hitbox, "entity_entity", ignore=entity):
                    entity.touch(other, self)
        self.entities = survivors + self.entities

    def _tick_crowd(self) -> None:
        """`_tick_each`, with the crowd's common case stepped in bulk: a member planned
        by the crowd step gets its new state written back at its own turn, in place of
        its tick (so every query mid-step sees what the ticks would have left)."""
        crowd = self.crowd_step
        tiles = self.tilemap
        version = tiles.version
        makers, self.zone_makers = self.zone_makers, []
        if makers is None:  # the last step ticked every entity: nothing was kept
            makers = [e for e in self.entities if e.solid and type(e) not in CROWD_KINDS]
        planned = crowd.plan(self, makers).pop
        sync = crowd.sync
        zone = self.zone_makers.append
        tree = self.tree
        add, enemies, others = tree.add, tree.enemy, tree.entity
        # Members are filed in the enemy class (the team's, never solid), as below.
        lift, file = enemies.remove, enemies.add
        dt = DT
        survivors: list[Entity] = []
        keep = survivors.append
        current, self.entities = self.entities, []
        for entity in current:
            step = planned(entity, None)
            if step is not None and entity.alive and tiles.version == version:
                # A member: exactly a Soldier or a Turret (see CrowdStep.plan).
                member: Any = entity
                kind = step.__class__
                if kind is float:  # walks on as it was: a new x
                    lift(member)
                    member.hitbox.x = step
                    member.walk_time += dt
                    file(member)
                elif kind is int:  # a turret's cooldown (it never moves: it stays filed)
                    member.cooldown.left = step
                elif len(step) == 2:  # walks on, its fire timer running
                    lift(member)
                    member.hitbox.x, member.fire_timer.left = step
                    member.walk_time += dt
                    file(member)
                elif len(step) == 6:
                    lift(member)
                    member.hitbox.x, member.facing, member.vx, member.walk_time = step[:4]
                    member.fire_timer.left, member.flash.left = step[4:]
                    file(member)
                elif step:  # a turret's cooldown and flash
                    member.cooldown.left, member.flash.left, _ = step
                keep(entity)
                continue
            entity.filed_in.remove(entity)
            entity.filed_in = None
            if entity.alive:
                entity.tick(self)
                if type(entity) in CROWD_KINDS:
                    sync(entity)
                elif entity.solid and entity.alive:
                    zone(entity)
            elif step is not None:
                crowd.release(entity)
            if not entity.alive:
                continue
            if entity.solid:
                add(entity)
            else:
                home = enemies if entity.team == "enemy" else others
                home.add(entity)
                entity.filed_in = home
            keep(entity)
            if entity.touches:
                for other in self.query(entity.hitbox, "entity_entity", ignore=entity):
                    entity.touch(other, self)
        # Planned members the loop did not write back (gone, or dead at their turn).
        for entity in list(crowd.current):
            crowd.release(entity)
        self.entities = survivors + self.entities

    def _bury_the_dead(self) -> None:
        """Entities killed after their own tick (by a bullet, a blast) leave the tree now,
        not a step later, so no query ever hands out a corpse."""
        if all(map(_ALIVE, self.entities)):
            return
        alive = []
        for entity in self.entities:
            if entity.alive:
                alive.append(entity)
            else:
                self.tree.remove(entity)
        self.entities = alive

    def _on_hurt(self, entity: Entity, **_: Any) -> None:
        """The player hurt (and still standing): the hit lands with a hit-stop. A crowd
        member hurt leaves the bulk step: its planned step did not know."""
        self.crowd_step.release(entity)
        if entity is self.player and entity.alive:
            self.hitstop(HITSTOP_HURT)

    def _on_killed(self, entity: Entity, **_: Any) -> None:
        self.crowd_step.release(entity)

    def _on_shot(self, entity: Entity, **data: Any) -> None:
        """A shell casing flies from the player's gun (rockets leave none)."""
        weapon = data.get("weapon")
        if entity is self.player and weapon is not None and weapon.style != "rocket":
            box = entity.hitbox
            self.particles.casing(box.centerx, box.centery - 2, self.player.facing)

    def _step_effects(self) -> None:
        # A crowd's bullets leave a thousand sparks at a time: one plain loop, one filter.
        effects = self.effects
        for effect in effects:
            effect.age += 1
        self.effects = [e for e in effects if e.age < EFFECT_STEPS[e.name]]

    def _step_outcome(self) -> None:
        if self.outcome is not None:
            return
        self.message_timer.tick()
        player = self.player
        at_exit, self.at_exit = self.at_exit, False
        if player.alive:
            if at_exit and not self.exit_reached:
                if all(done for name, done, _ in self.objective_status() if name != "exit"):
                    self.exit_reached = True
                elif not self.message_time:
                    self.say("OBJECTIVE NOT COMPLETE")
            if all(done for _, done, _ in self.objective_status()):
                self.complete()
            return
        if not self.respawn_in:
            self.respawn_in.start(DEATH_DELAY)
        if not self.respawn_in.tick():
            return
        if player.lives <= 0:
            self.outcome = "dead"
            return
        player.respawn(*self.checkpoint)
        self.add_entity(player)
        self.camera.snap(*player.hitbox.center)

    # -- reporting ---------------------------------------------------------------------

    def stats(self) -> dict[str, Any]:
        """End-of-run numbers for the headless JSON line."""
        p = self.player
        return {
            "frames": self.steps,
            "level": str(self.level.path),
            "entities": len(self.entities),
            "bullets": len(self.bullets),
            "tree_items": len(self.tree),
            "player": {
                "x": round(p.hitbox.centerx, 2),
                "y": round(p.hitbox.bottom, 2),
                "alive": p.alive,
            },
            "outcome": self.outcome,
            "lives": p.lives,
            "health": p.health,
            "kills": self.kills,
            "collisions": self.counters.as_dict(),
        }

    # Stage attributes that are not simulation state: the level and its tiles (hashed
    # apart), services, what only looks or sounds, and the tree (its contents are the
    # entities and bullets, hashed themselves).
    NOT_STATE = frozenset(
        ("level", "rng", "player_meta", "tilemap", "tree", "bullets", "entities", "effects",
         "events", "bus", "counters", "particles", "player", "camera", "crowd_step",
         "zone_makers")
    )  # fmt: skip

    def sim_state(self) -> dict[str, Any]:
        """The stage's own state that carries from step to step (entities apart)."""
        return {k: v for k, v in vars(self).items() if k not in self.NOT_STATE}

    def state_hash(self) -> str:
        """sha256 of everything the simulation carries from one step to the next.

        Replays compare it: the same level, seed and masks must give the same
        hash. The stage and every entity declare their state (`sim_state()`: every
        attribute unless excluded by name, so a new field is covered without
        touching this); values are frozen deeply (lists, dicts, sets, enums,
        rects, dataclasses such as the weapon), entities in list order; floats
        are written exactly (repr), never rounded, so the smallest drift shows.
        """
        state = {
            "stage": self.sim_state(),
            # The player is listed apart: while waiting to respawn it is off the entity list.
            "player": [self.player.kind, self.player.sim_state()],
            "entities": [[e.kind, e.sim_state()] for e in self.entities],
            "bullets": self.bullets.state(),
            "fired": self.bullets.fired,
            "hits": self.bullets.hits,
            "solid": hashlib.sha256(self.tilemap.solid.tobytes()).hexdigest(),
            "rng": hashlib.sha256(repr(self.rng.getstate()).encode()).hexdigest(),
        }
        text = json.dumps(freeze(state), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()


def freeze(value: Any) -> Any:
    """A JSON-ready, run-independent copy of a state value, however nested."""
    if value is None or isinstance(value, bool | str):
        return value
    if isinstance(value, enum.Enum):
        return value.value if isinstance(value.value, int | str) else value.name
    if isinstance(value, int | float):
        return value
    if isinstance(value, pygame.FRect | pygame.Rect):
        return list(value)
    if isinstance(value, dict):
        return {str(k): freeze(v) for k, v in value.items()}
    if isinstance(value, set | frozenset):  # keycards held: order-free, so sorted
        return sorted(str(freeze(v)) for v in value)
    if isinstance(value, list | tuple):
        return [freeze(v) for v in value]
    if hasattr(value, "serial") and hasattr(value, "kind"):  # another entity: by reference
        return ["entity", value.kind, value.serial]
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: freeze(getattr(value, f.name)) for f in fields(value)}
    # Never repr(): an object's default repr holds its memory address, which varies by run.
    return type(value).__name__


class InvariantError(AssertionError):
    """The stage's bookkeeping disagrees with itself; str() says what broke."""


def _describe(item: Any) -> str:
    kind = getattr(item, "kind", type(item).__name__)
    return f"{'a dead ' if not getattr(item, 'alive', True) else ''}{kind} at {tuple(item.hitbox)}"
