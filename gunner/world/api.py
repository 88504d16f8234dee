"""What an entity may do to the world, and all it may read: one typed Protocol.

Entities are handed a `WorldView` in `tick`, `touch`, `hit` and `damage`, never the
World's internals (its broad phase, objective totals or bullet arrays): move against
tiles and solids, ask what is near, spawn, fire, publish an event, and read the few
things the rules need (the players, the checkpoint, each player's input edges). mypy checks
every entity against it, and that the World provides it (the pattern of pyscroll's
adapter contract between the map and its renderer).
"""

from __future__ import annotations

import random
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame

    from gunner.assists import Assists
    from gunner.bullets import BulletHandle
    from gunner.camera import Camera
    from gunner.entities import Entity
    from gunner.entities.player import Player
    from gunner.entities.spawner import WaveSpawner
    from gunner.input import Buttons
    from gunner.tilemap import MoveResult, TileMap
    from gunner.timer import Timer


class Gun(Protocol):
    """The bullets, as an entity sees them: it fires, and a boss's fall clears the air."""

    def spawn(
        self,
        x: float,
        y: float,
        vx: float,
        vy: float,
        team: str,
        damage: int = 1,
        style: str | None = None,
        blast_radius: float = 0.0,
        blast_damage: int = 0,
    ) -> BulletHandle: ...

    def expire_team(self, team: str) -> list[tuple[float, float]]: ...


class Sparks(Protocol):
    """Particles as an entity asks for them: looks only (presentation's, which draws
    them; a world with no presentation attached drops them)."""

    def sparks(self, x: float, y: float, count: int = 6, speed: float = 140.0) -> None: ...

    def smoke(self, x: float, y: float, count: int = 8, spread: float = 14.0) -> None: ...

    def debris(self, x: float, y: float, count: int = 6) -> None: ...

    def explosion(self, x: float, y: float, radius: float = 32.0) -> None: ...


class Looks(Protocol):
    """Where the world sends the looks entities ask for (effects, particles, shake): a
    sink it does not own and never reads. gunner.feedback's Feedback is one, attached
    from outside; until one is, `gunner.world.presenting.NoLooks` drops them."""

    @property
    def particles(self) -> Sparks: ...

    def add_effect(
        self, name: str, pos: tuple[float, float], angle: float = 0.0, size: float = 0.0
    ) -> None: ...

    def shake(self, trauma: float) -> None: ...


class WorldView(Protocol):
    """The world as entities see it."""

    seed: int
    rng: random.Random  # the simulation's one source of chance (it is state)
    tilemap: TileMap
    players: list[Player]
    checkpoint: tuple[float, float]
    spawners: list[WaveSpawner]
    message: str
    own_messages: dict[int, tuple[str, Timer]]  # each player's own last message (looks)
    assists: Assists  # the rules the player's assists change (invincibility, ammo)
    # The camera is the simulation's view: a generator lets enemies in where it looks,
    # a climb loses what falls below it, a boss arena locks it.
    camera: Camera

    @property
    def particles(self) -> Sparks:
        """The attached looks' particles (looks only: never read back)."""
        ...

    @property
    def player(self) -> Player:
        """Player 1: for what is one player's by design; enemies use `nearest_player`."""
        ...

    def controls(self, player: Player) -> tuple[Buttons, Buttons]:
        """(held, pressed) for this player this step."""
        ...

    def views(self) -> list[pygame.FRect]:
        """What counts as seen, for a generator: the camera's view first, then, with two
        players who may part, each living player's own view (half a screen wide)."""
        ...

    def nearest_player(self, x: float, y: float, seeing: bool = False) -> Player:
        """The player an enemy at (x, y) is after: the nearest living one it can see
        (`seeing`), else the nearest living one (gunner.world.players)."""
        ...

    def quarry(self, entity: Entity) -> Player:
        """The player `entity` is after this step (`nearest_player` from its centre)."""
        ...

    def leashed(self, player: Player, dx: float) -> float:
        """`dx` cut short so two players stay in one shared view (never split)."""
        ...

    @property
    def message_time(self) -> float: ...

    @property
    def bullets(self) -> Gun: ...

    # -- physics (gunner.world.physics) -----------------------------------------------
    def move(
        self, entity: Entity, dx: float, dy: float, drop_through: bool = False
    ) -> MoveResult: ...

    def supported(self, entity: Entity) -> bool: ...

    def on_oneway(self, entity: Entity) -> bool: ...

    def line_of_sight(self, x0: float, y0: float, x1: float, y1: float) -> bool: ...

    def explode(
        self, x: float, y: float, radius: float, damage: int, spare_team: str | None = None
    ) -> None: ...

    # -- the broad phase --------------------------------------------------------------
    def query(
        self, rect: pygame.FRect, counter: str, ignore: Any = None, solids: bool = False
    ) -> list[Any]: ...

    def lifted(self, entity: Entity) -> AbstractContextManager[None]: ...

    # -- the entity list ---------------------------------------------------------------
    def add_entity(self, entity: Entity) -> None: ...

    def spawn(self, cls: str, x: float, y: float, props: dict[str, Any] | None = None) -> None: ...

    def expect_enemies(self, count: int) -> None: ...

    # -- what happened ------------------------------------------------------------------
    def publish(self, event: str, source: Entity | None, **data: Any) -> None: ...

    def add_effect(
        self, name: str, pos: tuple[float, float], angle: float = 0.0, size: float = 0.0
    ) -> None: ...

    def shake(self, trauma: float) -> None: ...

    def say(self, message: str, player: Player | None = None) -> None: ...

    def reach_exit(self) -> None: ...


__all__ = ["Gun", "Looks", "Sparks", "WorldView"]
