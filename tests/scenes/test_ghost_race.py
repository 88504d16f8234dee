"""The play scene races the best run: a level finished faster than before leaves its
ghost, and the next attempt at it shows that ghost (when Options' GHOST is on)."""

from __future__ import annotations

from app_helpers import run_to_exit
from ascii_maps import CORRIDOR, write_map
from gunner.ghost import ghost_path
from gunner.scenes.play import PlayScene


def test_a_finished_level_leaves_its_ghost_and_the_next_attempt_races_it(tmp_path, _data_dir, app):
    level = write_map(tmp_path, CORRIDOR, "corridor.tmx")
    first = run_to_exit(app, PlayScene(level), wait=30)
    saved = ghost_path(first.progress_key)
    assert saved.exists()

    second = PlayScene(level)
    app.reset_to(second)
    assert second.ghost is not None and second.ghost.steps == first.stage.steps
    second.draw(app, app.surface)  # drawn beside the player, touching nothing
    # A faster run replaces it; the ghost raced is the one kept when the run began.
    run_to_exit(app, second)
    assert second.ghost.steps == first.stage.steps
    third = PlayScene(level)
    app.reset_to(third)
    assert third.ghost is not None and third.ghost.steps == second.stage.steps < first.stage.steps


def test_with_the_ghost_switched_off_no_ghost_is_raced(tmp_path, _data_dir, app):
    level = write_map(tmp_path, CORRIDOR, "corridor.tmx")
    run_to_exit(app, PlayScene(level))
    app.settings.ghost = False
    again = PlayScene(level)
    app.reset_to(again)
    assert again.ghost is None
