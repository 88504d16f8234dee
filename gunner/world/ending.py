"""How a run ends, judged after each step: the exit reached with every objective
done, a death and a respawn at the checkpoint, the last life lost, or (co-op,
versus) the rules of two players."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gunner.world import players as coop
from gunner.world.outcome import Outcome

if TYPE_CHECKING:
    from gunner.world.world import World


# How long the player lies dead before respawning, or before the run is lost.
DEATH_DELAY = 1.5


def judge(world: World) -> None:
    """After the step: is the level complete, the run lost, or the player back?"""
    if world.outcome is not None:
        return
    world.message_timer.tick()
    for _, shown in world.own_messages.values():
        shown.tick()
    player = world.player
    at_exit, world.at_exit = world.at_exit, False
    if world.arena is not None:  # no exit, no lives: first to the kills
        world.arena.step(world)
        return
    if len(world.players) > 1:
        if any(p.alive for p in world.players):
            judge_exit(world, at_exit)
        if world.outcome is None:
            coop.revive(world)
        return
    if player.alive:
        judge_exit(world, at_exit)
        return
    if not world.respawn_in:
        world.respawn_in.start(DEATH_DELAY)
    if not world.respawn_in.tick():
        return
    if player.lives <= 0:
        world.outcome = Outcome.DEAD
        return
    player.respawn(*world.checkpoint)
    world.add_entity(player)
    world.camera.snap(*player.hitbox.center)


def judge_exit(world: World, at_exit: bool) -> None:
    """A player in the exit with the other objectives done reaches it; the level is
    complete once every objective is."""
    if at_exit and not world.exit_reached:
        if all(done for name, done, _ in world.objective_status() if name != "exit"):
            world.exit_reached = True
        elif not world.message_time:
            world.say("OBJECTIVE NOT COMPLETE")
    if all(done for _, done, _ in world.objective_status()):
        world.complete()
