"""Invincible, out of a pit: the player is put back standing, at rest, blinking and in
view, on the last ground he stood on, or at the checkpoint when that ground is gone."""

from __future__ import annotations

from ascii_maps import write_map
from gunner.assists import Assists
from gunner.config import TILE
from gunner.input import Buttons as B
from gunner.level import load_level
from gunner.stage import Stage

# A ledge (columns 0-4) over a pit, then 75 columns of nothing: a wide map, so the
# view can be somewhere else.
WIDE = ["." * 80] * 4 + ["..P" + "." * 77] + ["#####" + "." * 75] + ["." * 80] * 3


def stage_far_from_the_ledge(tmp_path) -> Stage:  # noqa: ANN001
    stage = Stage(load_level(write_map(tmp_path, WIDE), images=False))
    stage.assists = Assists(invincible=True)
    for _ in range(30):
        stage.step(B.NONE)  # standing on the ledge: its ground is remembered
    player = stage.player
    player.set_crouching(True)
    player.vx, player.vy = 90.0, 400.0
    player.shield.stop()
    player.hitbox.midbottom = (70 * TILE, 9 * TILE)  # fallen far away, out of the map
    stage.camera.snap(70 * TILE, 4 * TILE)
    return stage


def test_put_back_standing_at_rest_blinking_and_in_view(tmp_path) -> None:
    stage = stage_far_from_the_ledge(tmp_path)
    player = stage.player
    player.back_on_ground(stage)
    assert player.hitbox.midbottom == player.safe_ground
    assert not player.crouching and player.vx == 0.0 and player.vy == 0.0
    assert player.shield  # it blinks: you fell, and are back
    assert stage.camera.rect.contains(player.hitbox)  # the view came with him


def test_put_back_at_the_checkpoint_when_the_ground_he_left_is_gone(tmp_path) -> None:
    stage = stage_far_from_the_ledge(tmp_path)
    player = stage.player
    player.safe_ground = (40 * TILE, 5 * TILE)  # over the pit: no ground there now
    player.back_on_ground(stage)
    assert player.hitbox.midbottom == stage.checkpoint
