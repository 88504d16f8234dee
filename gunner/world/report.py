"""End-of-run numbers (the headless run's JSON line): reporting, never state."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gunner.world.world import World


def stats(world: World) -> dict[str, Any]:
    """The run's frames, outcome, player, kills and collision counters; each player's
    own numbers in co-op, the score in versus."""
    p = world.player
    return {
        "frames": world.steps,
        "level": str(world.level.path),
        "entities": len(world.entities),
        "bullets": len(world.bullets),
        "tree_items": len(world.tree),
        "player": {
            "x": round(p.hitbox.centerx, 2),
            "y": round(p.hitbox.bottom, 2),
            "alive": p.alive,
        },
        "outcome": world.outcome,
        "lives": p.lives,
        "health": p.health,
        "kills": world.kills,
        "collisions": world.counters.as_dict(),
        **({"players": [player_stats(world, k) for k in range(len(world.players))]}
           if len(world.players) > 1 else {}),
        **({"versus": {"kills": list(world.arena.kills), "target": world.arena.target,
                       "winner": world.arena.winner}}
           if world.arena is not None else {}),
    }  # fmt: skip


def player_stats(world: World, index: int) -> dict[str, Any]:
    """One player's numbers (co-op)."""
    p, tally = world.players[index], world.tallies[index]
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
