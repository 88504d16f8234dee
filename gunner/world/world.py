"""The World: one level in play. It owns the entities, the players and the step order;
physics, objectives, the state hash and the invariants each live in a module of theirs.

`World.step(held)` advances the simulation by one fixed step of DT seconds given the
buttons held during it. It never reads the keyboard, the clock or the screen, so the
same level, seed and inputs always give the same run.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pygame

from gunner.assists import Assists
from gunner.broadphase import StageTree
from gunner.bullets import BulletSystem
from gunner.camera import Camera
from gunner.config import DT, VIEW_H, VIEW_W
from gunner.crowdstep import CROWD_KINDS, CrowdStep
from gunner.entities import Entity, create_entity
from gunner.entities.player import Player
from gunner.entities.spawner import WaveSpawner
from gunner.events import HURT, KILLED, LEVEL_COMPLETE, SHOT, Events
from gunner.feedback import Effect, Feedback
from gunner.input import Buttons
from gunner.maps import Level, Spawn
from gunner.particles import Particles
from gunner.tilemap import TileMap
from gunner.timer import Timer
from gunner.world import invariants, objectives, statehash, stepping
from gunner.world import players as coop
from gunner.world.physics import Counters, Physics
from gunner.world.versus import DEFAULT_KILLS, Arena

# How long the player lies dead before respawning, or before the run is lost.
DEATH_DELAY = 1.5
MESSAGE_TIME = 2.0
# Hit-stop: steps the simulation freezes for when an enemy dies or the player is hurt.
HITSTOP_KILL = 3
HITSTOP_HURT = 5
# Co-op: whose bullet is whose is kept for at most about this many bullets.
SHOOTERS_KEPT = 4096
# Largest entity the tree should expect (a tall soldier); sizes its cells.
TYPICAL_ENTITY = (24, 48)


class World(Physics):
    """One level in play: the entities, the players, the bullets and the step order.
    Entities see it through `gunner.world.api.WorldView`."""

    def __init__(
        self,
        level: Level,
        seed: int = 0,
        players: int = 1,
        leash: bool = False,
        versus: int = 0,
    ) -> None:
        """`versus`: a versus round for two to that many kills (gunner.world.versus);
        an arena map (`mode=versus`) is always one, to DEFAULT_KILLS unless told."""
        self.level = level
        self.seed = seed
        self.rng = random.Random(seed)
        self.tilemap = TileMap(level.solid.copy())
        width, height = level.pixel_size
        self.tree = StageTree((0, 0, width, height), typical_size=TYPICAL_ENTITY)
        self.bullets = BulletSystem()
        self.entities: list[Entity] = []
        # What happened, published by the entity where it happens (gunner.events).
        self.bus = Events()
        self.bus.subscribe(HURT, self._on_hurt)
        self.bus.subscribe(KILLED, self.record_kill)
        self.bus.subscribe(KILLED, self._on_killed)
        # Effects, particles, shake and sounds: presentation, fed by the events; the
        # world steps it and never reads it (nor does the state hash).
        self.feedback = Feedback(self.bus, seed)
        self.counters = Counters()
        # Each player's shots, hits, kills and deaths, for the results (reporting only).
        self.tallies = [coop.Tally()]
        self._shooters: dict[int, int] = {}  # bullet id -> player index (co-op only)
        self._last_hit = -1  # the last bullet credited as a hit
        self._quarries: dict[int, Player] = {}  # entity serial -> its quarry, this step
        self.bus.subscribe(SHOT, self._on_shot)
        # Player 1's buttons; player 2's are in its seat (`seats`, see `controls`).
        self.held = self.pressed = self.released = Buttons.NONE
        self.seats: list[coop.Seat] = []
        # Never split (two players): they cannot walk out of one shared view.
        self.leash = leash
        # The assists the run is played under (invincibility, infinite ammo): all off
        # unless the play scene, a replay or --assist says otherwise.
        self.assists = Assists()
        self.steps = 0
        self.time = 0.0
        self.outcome: str | None = None  # "complete" or "dead" once the run is decided
        self.respawn_in = Timer()  # running: the player is down, back at the checkpoint soon
        self.frozen = 0  # hit-stop: steps left to skip the simulation
        self.kills = 0
        self.destroyed: dict[str, int] = {}  # kind -> how many were destroyed
        self.exit_reached = False
        self.at_exit = False  # the player touched the exit this step (judged after the step)
        self.message = ""  # a short line the HUD shows (CHECKPOINT, DOOR LOCKED...)
        self.message_timer = Timer()  # running: the HUD shows `message`
        self.objectives = objectives.parse_objectives(level.properties.get("objective"))
        self.unknown_classes: list[str] = []
        self._serials = 0  # entities ever added: the next one's serial
        # Soldiers and turrets far from the player and from solids, stepped in bulk
        # (gunner/crowdstep.py); `zone_makers`: the solids they keep clear of (doors,
        # drums, platforms: what blocks, carries or pushes them).
        self.crowd_step = CrowdStep()
        self.zone_makers: list[Entity] | None = []

        count = players
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
        # Issue 26 adds a second player: whatever is per player reads `players`.
        self.players = [player]
        climb = level.properties.get("scroll") == "up"
        self.camera = Camera(VIEW_W, VIEW_H, width, height, climb=climb)
        self.camera.snap(*player.hitbox.center)
        # Two players: each one's own view, beside the shared one (gunner.world.players).
        self.own_cameras: list[Camera] = []
        if count > 1:  # player 2 joins beside player 1, after every map entity
            self.add_player()
        self.checkpoint = player.hitbox.midbottom
        # Objective totals are fixed when the level starts.
        self.totals = objectives.totals(self)
        # A siege's wave spawners (gunner/entities/spawner.py), in map order: they never
        # leave the stage, and each reads the others to know which wave is on.
        self.spawners = [e for e in self.entities if isinstance(e, WaveSpawner)]
        # Versus: the score, spawn points and returning pickups (None otherwise).
        self.arena: Arena | None = None
        if versus or level.properties.get("mode") == "versus":
            versus = versus or DEFAULT_KILLS
            if len(self.players) < 2:
                self.add_player()
            self.arena = Arena(self, versus)

    @property
    def player(self) -> Player:
        """Player 1 (whatever is per player reads `players`, or `nearest_player`)."""
        return self.players[0]

    def add_player(self) -> Player:
        """Player 2 joins, beside player 1 (co-op)."""
        partner = coop.place_partner(self, self.players[0])
        self.add_entity(partner)
        self.players.append(partner)
        self.seats.append(coop.Seat())
        self.tallies.append(coop.Tally())
        self.own_cameras = coop.own_cameras(self)
        return partner

    def remove_player(self) -> None:
        """Player 2 leaves (from the pause menu): player 1 plays on alone."""
        if len(self.players) < 2:
            return
        partner = self.players.pop()
        self.seats.pop()
        self.tallies.pop()
        self.own_cameras = []
        if partner in self.entities:
            self.entities.remove(partner)
            self.tree.remove(partner)

    def controls(self, player: Player) -> tuple[Buttons, Buttons]:
        """(held, pressed) for this player this step."""
        if player is self.players[0]:
            return self.held, self.pressed
        seat = self.seats[self.players.index(player) - 1]
        return seat.held, seat.pressed

    def views(self) -> list[pygame.FRect]:
        """What counts as seen: the camera's view, and each player's own (co-op)."""
        return coop.views(self)

    def nearest_player(self, x: float, y: float, seeing: bool = False) -> Player:
        """The player an enemy at (x, y) is after (`gunner.world.players`' rule)."""
        return coop.nearest_player(self, x, y, seeing)

    def quarry(self, entity: Entity) -> Player:
        """The player `entity` is after this step: `nearest_player` from its centre,
        seeing, worked out once per entity per step."""
        if len(self.players) == 1:
            return self.players[0]
        found = self._quarries.get(entity.serial)
        if found is None:
            found = self._quarries[entity.serial] = self.nearest_player(
                *entity.hitbox.center, seeing=True
            )
        return found

    def leashed(self, player: Player, dx: float) -> float:
        """`dx` cut short to keep the players in one shared view (never split)."""
        return coop.leashed_dx(self, player, dx)

    def check_invariants(self) -> None:
        """Raise InvariantError unless the bookkeeping agrees with itself
        (`gunner.world.invariants`). Call it between steps."""
        invariants.check_invariants(self)

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

    @contextlib.contextmanager
    def lifted(self, entity: Entity) -> Iterator[None]:
        """Take the entity out of the broad phase while the block moves it (a platform
        carrying it, a boss's body pushing it), and file it again where it ends up."""
        filed = entity.filed_in is not None
        if filed:
            self.tree.remove(entity)
        yield
        if filed:
            self.tree.add(entity)

    def expect_enemies(self, count: int) -> None:
        """More enemies came in (a wave, a crowd): "defeat every enemy" counts them."""
        self.totals["kill_all"] += count

    def record_kill(self, entity: Entity) -> None:
        """Count a destroyed enemy or object, for objectives and the end screen."""
        if entity in self.players:
            return  # a player's death is counted in its lives
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
        return objectives.status(self)

    # -- presentation's, kept where entities still ask for it by name ------------------

    @property
    def effects(self) -> list[Effect]:
        return self.feedback.effects

    @property
    def particles(self) -> Particles:
        return self.feedback.particles

    @property
    def trauma(self) -> float:
        """Screen shake, 0..1 (gunner.feedback's, not the simulation's)."""
        return self.feedback.trauma

    @property
    def events(self) -> list[str]:
        """Sounds to play (gunner.feedback's queue); the scene drains this."""
        return self.feedback.sounds

    def shake(self, trauma: float) -> None:
        """Screen shake, 0..1; the renderer turns it into an offset."""
        self.feedback.shake(trauma)

    def hitstop(self, steps: int) -> None:
        """Freeze the simulation for a few steps (a hit lands harder); never stacks up."""
        self.frozen = max(self.frozen, steps)

    def emit(self, sound: str) -> None:
        self.feedback.sound(sound)

    def publish(self, event: str, source: Entity, **data: Any) -> None:
        """Announce that `source` was hurt, fired or was killed (gunner.events)."""
        self.bus.publish(event, source, **data)

    def subscribe(self, event: str, handler: Callable[..., None]) -> None:
        self.bus.subscribe(event, handler)

    def add_effect(
        self, name: str, pos: tuple[float, float], angle: float = 0.0, size: float = 0.0
    ) -> None:
        self.feedback.add_effect(name, pos, angle, size)

    def complete(self) -> None:
        if self.outcome is None:
            self.outcome = "complete"
            self.publish(LEVEL_COMPLETE, self.player)

    # -- the step ----------------------------------------------------------------------

    def step(self, held: Buttons | Sequence[Buttons]) -> None:
        """Advance one fixed step with these buttons held: one mask, or one per player
        (a player left without one holds nothing)."""
        if not isinstance(held, int):
            masks = list(held)
            for k, seat in enumerate(self.seats, 1):
                now = Buttons(masks[k]) if k < len(masks) else Buttons.NONE
                if self.frozen == 0:
                    if self.steps == 0:
                        seat.held = now
                    seat.pressed, seat.released, seat.held = now & ~seat.held, seat.held & ~now, now
            held = Buttons(masks[0]) if masks else Buttons.NONE
        if self.frozen > 0:
            # Hit-stop: the world holds still (buttons keep their edges for afterwards).
            self.frozen -= 1
            self.feedback.step(None)
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
        if self._quarries:
            self._quarries = {}

        if self.crowd_step.enabled:
            stepping.tick_crowd(self)
        else:
            stepping.tick_each(self)

        self.bullets.step(self)
        stepping.bury_the_dead(self)
        self.feedback.step(self.tilemap.solid)
        self._step_outcome()
        coop.follow_players(self, DT)

        n_e, n_b = len(self.entities), len(self.bullets)
        self.counters.tile = self.tilemap.checks
        self.counters.brute_entity_entity = n_e * (n_e - 1) // 2
        self.counters.brute_bullet_entity = n_b * n_e
        self.steps += 1
        self.time += DT

    def _on_hurt(self, entity: Entity, **_: Any) -> None:
        """The player hurt (and still standing): the hit lands with a hit-stop. A crowd
        member hurt leaves the bulk step: its planned step did not know."""
        self.crowd_step.release(entity)
        if entity in self.players and entity.health > 0:
            self.hitstop(HITSTOP_HURT)
        elif entity not in self.players:
            self._credit_hit()

    def _on_killed(self, entity: Entity, **_: Any) -> None:
        self.crowd_step.release(entity)
        if entity in self.players:
            self.tallies[self.players.index(entity)].deaths += 1
        elif (shooter := self._shooter()) is not None and entity.team == "enemy":
            self.tallies[shooter].kills += 1

    def _on_shot(self, source: Entity, weapon: Any = None, **_: Any) -> None:
        """A player fired: credit the bullets (the shot's, just spawned: the newest
        ids), and (co-op) note whose they are."""
        if source not in self.players or weapon is None:
            return
        index = self.players.index(source)
        fired = len(weapon.spread)
        self.tallies[index].shots += fired
        if len(self.players) > 1:
            end = self.bullets.next_id
            for bullet_id in range(end - fired, end):
                self._shooters[bullet_id] = index
            if len(self._shooters) > SHOOTERS_KEPT:  # forget bullets long gone
                live = set(self.bullets.id[: len(self.bullets)].tolist())
                self._shooters = {k: v for k, v in self._shooters.items() if k in live}

    def _credit_hit(self) -> None:
        """The striking bullet's player hit something (a blast's many hurts: one hit)."""
        shooter = self._shooter()
        if shooter is not None and self.bullets.striking != self._last_hit:
            self._last_hit = self.bullets.striking
            self.tallies[shooter].hits += 1

    def _shooter(self) -> int | None:
        """Whose bullet is striking now (None: not a player's, or not known)."""
        striking = self.bullets.striking
        if striking < 0:
            return None
        if len(self.players) == 1:
            return 0
        return self._shooters.get(striking)

    def _step_outcome(self) -> None:
        if self.outcome is not None:
            return
        self.message_timer.tick()
        player = self.player
        at_exit, self.at_exit = self.at_exit, False
        if self.arena is not None:  # no exit, no lives: first to the kills
            self.arena.step(self)
            return
        if len(self.players) > 1:
            if any(p.alive for p in self.players):
                self._judge_exit(at_exit)
            if self.outcome is None:
                coop.revive(self)
            return
        if player.alive:
            self._judge_exit(at_exit)
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

    def _judge_exit(self, at_exit: bool) -> None:
        """A player in the exit with the other objectives done reaches it; the level is
        complete once every objective is."""
        if at_exit and not self.exit_reached:
            if all(done for name, done, _ in self.objective_status() if name != "exit"):
                self.exit_reached = True
            elif not self.message_time:
                self.say("OBJECTIVE NOT COMPLETE")
        if all(done for _, done, _ in self.objective_status()):
            self.complete()

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
            **({"players": [self._player_stats(k) for k in range(len(self.players))]}
               if len(self.players) > 1 else {}),
            **({"versus": {"kills": list(self.arena.kills), "target": self.arena.target,
                           "winner": self.arena.winner}}
               if self.arena is not None else {}),
        }  # fmt: skip

    def _player_stats(self, index: int) -> dict[str, Any]:
        p, tally = self.players[index], self.tallies[index]
        return {
            "player": index + 1,
            "x": round(p.hitbox.centerx, 2),
            "y": round(p.hitbox.bottom, 2),
            "alive": p.alive,
            "lives": p.lives,
            "health": p.health,
            "shots": tally.shots,
            "kills": tally.kills,
            "deaths": tally.deaths,
        }

    def sim_state(self) -> dict[str, Any]:
        """The world's own state that carries from step to step (entities apart)."""
        return statehash.sim_state(self)

    def state_hash(self) -> str:
        """sha256 of everything the simulation carries from one step to the next
        (`gunner.world.statehash`): replays compare it."""
        return statehash.state_hash(self)
