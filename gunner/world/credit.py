"""Who did what, for the results: each player's shots, hits, kills and deaths.

Reporting only: the tallies and whose bullet is whose are never hashed (see
`gunner.world.statehash.NOT_STATE`), so crediting can never move a replay.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gunner.entities import Entity
    from gunner.world.world import World

# Co-op: whose bullet is whose is kept for at most about this many bullets.
SHOOTERS_KEPT = 4096


class Credit:
    """Credits shots, hits and kills to the players' tallies (`world.tallies`)."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.shooters: dict[int, int] = {}  # bullet id -> player index (co-op only)
        self.last_hit = -1  # the last bullet credited as a hit

    def shot(self, source: Entity, weapon: Any = None, **_: Any) -> None:
        """A player fired: credit the bullets (the shot's, just spawned: the newest
        ids), and (co-op) note whose they are."""
        world = self.world
        if source not in world.players or weapon is None:
            return
        index = world.players.index(source)
        fired = len(weapon.spread)
        world.tallies[index].shots += fired
        if len(world.players) > 1:
            end = world.bullets.next_id
            for bullet_id in range(end - fired, end):
                self.shooters[bullet_id] = index
            if len(self.shooters) > SHOOTERS_KEPT:  # forget bullets long gone
                live = set(world.bullets.id[: len(world.bullets)].tolist())
                self.shooters = {k: v for k, v in self.shooters.items() if k in live}

    def hit(self) -> None:
        """The striking bullet's player hit something (a blast's many hurts: one hit)."""
        shooter = self.shooter()
        if shooter is not None and self.world.bullets.striking != self.last_hit:
            self.last_hit = self.world.bullets.striking
            self.world.tallies[shooter].hits += 1

    def killed(self, entity: Entity) -> None:
        """A player died, or the striking bullet's player killed an enemy."""
        world = self.world
        if entity in world.players:
            world.tallies[world.players.index(entity)].deaths += 1
        elif (shooter := self.shooter()) is not None and entity.team == "enemy":
            world.tallies[shooter].kills += 1

    def shooter(self) -> int | None:
        """Whose bullet is striking now (None: not a player's, or not known)."""
        striking = self.world.bullets.striking
        if striking < 0:
            return None
        if len(self.world.players) == 1:
            return 0
        return self.shooters.get(striking)
