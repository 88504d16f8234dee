"""Versus: two players in an arena map (`mode=versus`), each the other's target.

The rules, all in one place:
- Player 2 is on a team of their own (`RIVAL`), so each player's bullets and blasts
  hurt the other (and never themselves); nothing else changes for either.
- Every death scores a kill for the other player: shot, blown up or fallen, a death
  is a point to the survivor (no arena has pits, and no enemies, to argue about).
  The first to `target` kills wins: the world's outcome becomes "versus".
- A fallen player comes back RESPAWN_DELAY after falling, at the arena's SpawnPoint
  furthest from the other player (the first of equals), with full health, a pistol
  and a moment's invulnerability. Lives do not run out.
- A pickup taken comes back PICKUP_RESPAWN later, where the map placed it.

Player 2 starts on the SpawnPoint furthest from player 1 (who starts on the map's
Player spawn). The arena is the world's only extra state in versus; in any other
game it does not exist, so nothing here moves a co-op or one-player replay.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from gunner.config import VERSUS_KILLS
from gunner.entities import Entity, create_entity
from gunner.entities.player import LIVES, Player
from gunner.maps import Spawn
from gunner.timer import Timer
from gunner.world.outcome import Outcome

if TYPE_CHECKING:
    from gunner.world.world import World

RESPAWN_DELAY = 2.0
PICKUP_RESPAWN = 10.0
RIVAL = "rival"  # player 2's team in versus: their bullets hit player 1, and theirs them
SPAWN_CLASS = "SpawnPoint"
# Kills to win when nothing says otherwise (Options' VERSUS KILLS).
DEFAULT_KILLS = VERSUS_KILLS


@dataclass
class PickupSlot:
    """Where the map placed a pickup, the one lying there now, and the wait for the next."""

    spawn: Spawn
    item: Entity
    back_in: Timer = field(default_factory=Timer)


class Arena:
    """The score, the spawn points and the pickups of a versus round."""

    def __init__(self, world: World, target: int) -> None:
        self.target = max(1, target)
        self.kills = [0, 0]
        self.winner: int | None = None  # player index, once someone reached the target
        self.points = [s.foot for s in world.level.spawns if s.cls == SPAWN_CLASS]
        if not self.points:  # the validator insists on two; never crash without them
            self.points = [world.players[0].hitbox.midbottom]
        self.down = [Timer(), Timer()]
        first, second = world.players
        second.team = RIVAL
        second.lives = first.lives = LIVES
        with world.lifted(second):
            second.hitbox.midbottom = self.furthest_from(first)
        # The map's pickups are the arena's: each comes back where it lay.
        self.pickups: list[PickupSlot] = []
        placed = [e for e in world.entities if e.kind == "Pickup"]
        for spawn, item in zip(
            (s for s in world.level.spawns if s.cls == "Pickup"), placed, strict=False
        ):
            self.pickups.append(PickupSlot(spawn, item))

    def furthest_from(self, other: Player) -> tuple[float, float]:
        """The spawn point furthest from `other` (the first of equals)."""
        ox, oy = other.hitbox.center
        return max(self.points, key=lambda p: (p[0] - ox) ** 2 + (p[1] - oy) ** 2)

    def step(self, world: World) -> None:
        """Score the fallen, bring them back, put taken pickups back (after the step)."""
        players = world.players
        for index, player in enumerate(players):
            if player.alive:
                continue
            timer = self.down[index]
            if not timer:  # just fell: a point to the other
                timer.start(RESPAWN_DELAY)
                scorer = 1 - index
                self.kills[scorer] += 1
                world.tallies[scorer].kills += 1  # the results' row (reporting only)
                if self.kills[scorer] >= self.target:
                    self.winner = scorer
                    world.outcome = Outcome.VERSUS
                    world.say(f"PLAYER {scorer + 1} WINS")
                    return
                world.say(f"P{scorer + 1} SCORES  {self.kills[0]} - {self.kills[1]}")
            elif timer.tick():
                player.respawn(*self.furthest_from(players[1 - index]))
                player.lives = LIVES
                world.add_entity(player)
        for slot in self.pickups:
            if slot.item.alive:
                continue
            if not slot.back_in:
                slot.back_in.start(PICKUP_RESPAWN)
            elif slot.back_in.tick():
                item = create_entity(slot.spawn)
                if item is not None:
                    slot.item = item
                    world.add_entity(item)

    def state(self) -> tuple[object, ...]:
        """What the state hash covers of the arena."""
        return (
            tuple(self.kills),
            self.winner,
            tuple(t.left for t in self.down),
            tuple((s.item.alive, s.back_in.left) for s in self.pickups),
        )


__all__ = [
    "DEFAULT_KILLS",
    "PICKUP_RESPAWN",
    "RESPAWN_DELAY",
    "RIVAL",
    "SPAWN_CLASS",
    "Arena",
    "PickupSlot",
]
