"""RETRY's checkpoints: the run kept as it stood when a checkpoint was reached, and a
stage restored from one with its players back on the flag."""

from __future__ import annotations

import sys

from gunner.entities.player import LIVES
from gunner.entities.spawner import current_wave, wave_number
from gunner.feedback import feedback_of
from gunner.snapshot import Snapshot
from gunner.world import World


def take_checkpoint(stage: World) -> Snapshot | None:
    """The run as it stands, for RETRY; None if it cannot be kept (RETRY then restarts).
    Only reads the stage: the run goes on exactly as without it."""
    try:
        return Snapshot(stage)
    except Exception as exc:  # an entity that cannot be copied must not end the run
        print(f"gunner: cannot keep the checkpoint for RETRY: {exc}", file=sys.stderr)
        return None


def siege_wave(stage: World) -> int | None:
    """The siege's wave on, counted from 1 (None: no waves, or every wave over)."""
    group = stage.spawners
    wave = current_wave(group) if group else None
    return None if wave is None else wave_number(group, wave)


def back_at_checkpoint(stage: World) -> World:
    """A stage restored from a checkpoint, its players standing on that checkpoint with
    full health, full lives and a pistol, as a respawn leaves them."""
    feedback_of(stage).sounds.clear()  # the checkpoint's own chime was heard when it was reached
    stage.respawn_in.stop()
    for seat in stage.seats:
        seat.respawn_in.stop()
    for player in stage.players:
        if player in stage.entities:  # standing: moved within the tree, keeping its turn
            stage.tree.remove(player)
            player.respawn(*stage.checkpoint)
            stage.tree.add(player)
        else:  # down in the very step it was reached: back on the list, as a respawn does
            player.respawn(*stage.checkpoint)
            stage.add_entity(player)
        player.lives = LIVES
    stage.camera.snap(*stage.player.hitbox.center)
    return stage
