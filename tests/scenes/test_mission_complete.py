"""Mission complete: the level stands still behind the results, but what was still
exploding plays out instead of freezing mid-frame."""

from __future__ import annotations

from app_helpers import run_to_exit
from ascii_maps import CORRIDOR, write_map
from gunner.feedback import feedback_of
from gunner.input import Buttons
from gunner.scenes.complete import CompleteScene
from gunner.scenes.play import PlayScene


def test_explosions_behind_mission_complete_play_out_instead_of_freezing(tmp_path, _data_dir, app):
    level = write_map(tmp_path, CORRIDOR, "corridor.tmx")
    scene = run_to_exit(app, PlayScene(level))
    assert isinstance(app.scene, CompleteScene)
    stage = scene.stage
    stage.add_effect("explosion", stage.player.hitbox.center)
    steps, state = stage.steps, stage.state_hash()
    for _ in range(240):
        app.scene.step(app, Buttons.NONE)
    assert not feedback_of(stage).effects, "the blast ran its course behind the results"
    assert (stage.steps, stage.state_hash()) == (steps, state)  # the level itself stood still
