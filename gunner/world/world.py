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
from gunner.events import HURT, KILLED, LEVEL_COMPLETE, SHOT, STEPPED, Events
from gunner.input import Buttons
from gunner.maps import Level, Spawn
from gunner.tilemap import TileMap
from gunner.timer import Timer
from gunner.world import ending, invariants, objectives, report, statehash, stepping
from gunner.world import players as coop
from gunner.world.api import Looks
from gunner.world.credit import Credit
from gunner.world.outcome import Outcome
from gunner.world.physics import Counters, Physics
from gunner.world.presenting import NoLooks, Presenting
from gunner.world.versus import DEFAULT_KILLS, Arena

MESSAGE_TIME = 2.0
# Hit-stop: steps the simulation freezes for when an enemy dies or the player is hurt.
HITSTOP_KILL = 3
HITSTOP_HURT = 5
# Largest entity the tree should expect (a tall soldier); sizes its cells.
TYPICAL_ENTITY = (24, 48)


class World(Physics, Presenting):
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
        # Where the looks entities ask for go (effects, particles, shake): presentation's
        # sink, attached from outside (gunner.feedback); never read back, never hashed.
        self.looks: Looks = NoLooks()
        self.counters = Counters()
        # Each player's shots, hits, kills and deaths, for the results (reporting only).
        self.tallies = [coop.Tally()]
        self.credit = Credit(self)
        self._quarries: dict[int, Player] = {}  # entity serial -> its quarry, this step
        self.bus.subscribe(SHOT, self.credit.shot)
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
        self.outcome: Outcome | None = None  # set once the run is decided
        self.respawn_in = Timer()  # running: the player is down, back at the checkpoint soon
        self.hit_stop = Timer()  # running: the simulation holds still (hit-stop)
        self.kills = 0
        self.destroyed: dict[str, int] = {}  # kind -> how many were destroyed
        self.exit_reached = False
        self.at_exit = False  # the player touched the exit this step (judged after the step)
        self.message = ""  # a short line the HUD shows (CHECKPOINT, DOOR LOCKED...)
        self.message_timer = Timer()  # running: the HUD shows `message`
        # Whose `message` it is (their index: a pickup's, a life taken), shown in their
        # own view when the screen splits; None: the team's (a checkpoint, an objective).
        self.message_owner: int | None = None
        # Each player's own last message, showing while its timer runs: on a split
        # screen each view shows its player's at once (looks only, not hashed).
        self.own_messages: dict[int, tuple[str, Timer]] = {}
        self.objectives = objectives.parse_objectives(level.properties.get("objective"))
        self.unknown_classes: list[str] = []
        self._serials = 0  # entities ever added: the next one's serial
        # Soldiers and turrets far from the player and from solids, stepped in bulk
        # (gunner/crowdstep.py); `zone_makers`: the solids they keep clear of (doors,
        # drums, platforms: what blocks, carries or pushes them).
        self.crowd_step = CrowdStep()
        self.zone_makers: list[Entity] | None = []
        self._census: objectives.Census | None = None  # `census()`: counted once a list

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
            self._census = None
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
        self._census = None
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

    def say(self, message: str, player: Player | None = None) -> None:
        """Show `message` for a moment: `player`'s own (in their view when the screen
        splits), or the team's (None)."""
        self.message = message
        self.message_owner = self.players.index(player) if player in self.players else None
        self.message_timer.start(MESSAGE_TIME)
        if self.message_owner is not None:
            self.own_messages[self.message_owner] = (message, Timer.of(MESSAGE_TIME))

    @property
    def message_time(self) -> float:
        """Seconds the HUD still shows `message` (0: gone)."""
        return self.message_timer.seconds

    def reach_exit(self) -> None:
        """The player stands in the exit. Whether that finishes it is judged after the
        step (`gunner.world.ending`): mid-step the entity list is being rebuilt, so the
        objectives that count entities cannot be read here."""
        self.at_exit = True

    def census(self) -> objectives.Census:
        """What the entity list holds, counted: enemies, kinds, bosses. The step builds
        a new list each step and adding or removing an entity changes its length, so
        each count is taken at most once a step, not by every reader (the objectives,
        the HUD)."""
        census = self._census
        if census is None or not census.counts(self.entities):
            census = self._census = objectives.Census(self.entities)
        return census

    def objective_status(self) -> list[tuple[str, bool, str]]:
        """(objective, done, progress text) for each of the level's objectives."""
        return objectives.status(self)

    @property
    def frozen(self) -> int:
        """Steps the simulation still holds still for (hit-stop; 0: it runs)."""
        return self.hit_stop.left

    def hitstop(self, steps: int) -> None:
        """Freeze the simulation for a few steps (a hit lands harder); never stacks up."""
        if steps > self.hit_stop.left:
            self.hit_stop = Timer(steps)

    def publish(self, event: str, source: Entity | None, **data: Any) -> None:
        """Announce what `source` did or had done to it (gunner.events); None for what
        no entity did (a blast where a shot burst, a bullet striking a wall)."""
        self.bus.publish(event, source, **data)

    def subscribe(self, event: str, handler: Callable[..., None]) -> None:
        self.bus.subscribe(event, handler)

    def complete(self) -> None:
        if self.outcome is None:
            self.outcome = Outcome.COMPLETE
            self.publish(LEVEL_COMPLETE, self.player)

    # -- the step ----------------------------------------------------------------------

    def step(self, held: Buttons | Sequence[Buttons]) -> None:
        """Advance one fixed step with these buttons held: one mask, or one per player
        (a player left without one holds nothing)."""
        if not isinstance(held, int):
            masks = list(held)
            for k, seat in enumerate(self.seats, 1):
                now = Buttons(masks[k]) if k < len(masks) else Buttons.NONE
                if not self.hit_stop:
                    if self.steps == 0:
                        seat.held = now
                    seat.pressed, seat.released, seat.held = now & ~seat.held, seat.held & ~now, now
            held = Buttons(masks[0]) if masks else Buttons.NONE
        if self.hit_stop:
            # Hit-stop: the world holds still (buttons keep their edges for afterwards).
            self.hit_stop.tick()
            self.publish(STEPPED, None, solid=None)
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

        self.bullets.step(self, self.tree, self.counters)
        stepping.bury_the_dead(self)
        self.publish(STEPPED, None, solid=self.tilemap.solid)
        ending.judge(self)
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
            self.credit.hit()

    def _on_killed(self, entity: Entity, **_: Any) -> None:
        self.crowd_step.release(entity)
        self.credit.killed(entity)

    # -- reporting ---------------------------------------------------------------------

    def stats(self) -> dict[str, Any]:
        """End-of-run numbers for the headless JSON line (`gunner.world.report`)."""
        return report.stats(self)

    def sim_state(self) -> dict[str, Any]:
        """The world's own state that carries from step to step (entities apart)."""
        return statehash.sim_state(self)

    def state_hash(self) -> str:
        """sha256 of everything the simulation carries from one step to the next
        (`gunner.world.statehash`): replays compare it."""
        return statehash.state_hash(self)
