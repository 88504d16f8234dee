"""Hot reload: a saved map rebuilds the stage; a broken save keeps the old one and says why."""

import os

from gunner.hotreload import FileWatcher, reload_stage
from gunner.level import load_level
from gunner.scenes.play import PlayScene
from gunner.stage import Stage
from maps import write_map

ROWS = ["........", "..P.....", "........", "########"]


def touch_later(path, text):
    """Rewrite a file so its signature surely changes, even on coarse-mtime file systems."""
    st = os.stat(path)
    path.write_text(text)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))


def test_watcher_reports_a_change_once_and_only_every_interval(tmp_path):
    path = write_map(tmp_path, ROWS)
    watcher = FileWatcher([path], interval=0.5)
    assert not watcher.poll(0.0)
    touch_later(path, path.read_text() + "\n")
    assert not watcher.poll(0.2)  # too soon to look
    assert watcher.poll(0.6)
    assert not watcher.poll(1.2)  # already reported


def test_watcher_waits_while_the_file_is_missing(tmp_path):
    path = write_map(tmp_path, ROWS)
    watcher = FileWatcher([path], interval=0)
    path.unlink()  # the moment between Tiled's temp file and its rename
    assert not watcher.poll(1.0)
    write_map(tmp_path, ROWS + ["........"])
    assert watcher.poll(2.0)


def scene_for(path) -> PlayScene:
    return PlayScene(path)  # campaign_index None: opened with --level, so watched


def test_saving_the_map_rebuilds_the_stage_and_keeps_the_player(tmp_path):
    path = write_map(tmp_path, ROWS)
    scene = scene_for(path)
    old = scene.stage
    player = old.player
    player.hitbox.midbottom = (5 * 16 + 8, 3 * 16)
    player.vx, player.facing = 50.0, -1
    # The designer adds a wall at the left and saves.
    touch_later(
        path, write_map(tmp_path, ["#.......", "#.P.....", "#.......", "########"]).read_text()
    )
    assert scene.poll_reload(now=10.0)
    assert scene.stage is not old and scene.reload_error is None
    assert scene.stage.level.solid[0, 0] == 1
    moved = scene.stage.player
    assert moved.hitbox.midbottom == (5 * 16 + 8, 3 * 16)
    assert (moved.vx, moved.facing) == (50.0, -1)
    assert moved in scene.stage.tree.query(moved.hitbox)


def test_a_player_now_inside_a_wall_respawns_at_the_player_object(tmp_path):
    path = write_map(tmp_path, ROWS)
    stage = Stage(load_level(path))
    stage.player.hitbox.midbottom = (6 * 16 + 8, 3 * 16)
    write_map(tmp_path, ["......#.", "..P...#.", "......#.", "########"])
    fresh = reload_stage(stage, path)
    assert fresh.player.hitbox.midbottom == (2 * 16 + 8, 2 * 16)


def test_a_broken_save_keeps_the_old_stage_and_shows_the_error(tmp_path):
    path = write_map(tmp_path, ROWS)
    scene = scene_for(path)
    old = scene.stage
    touch_later(path, "<map")
    assert not scene.poll_reload(now=10.0)
    assert scene.stage is old
    assert scene.reload_error == f"{path}: not valid XML (unclosed token: line 1, column 0)"
    old.step(0)  # still playable
    # The next good save clears the banner.
    touch_later(path, write_map(tmp_path, ROWS).read_text())
    assert scene.poll_reload(now=20.0)
    assert scene.reload_error is None and scene.stage is not old


def test_the_banner_draws(tmp_path):
    import pygame

    from gunner.scenes.play import draw_reload_banner

    surface = pygame.Surface((480, 270))
    draw_reload_banner(surface, "levels/x.tmx: not valid XML (unclosed token: line 1, column 0)")
    assert surface.get_at((2, 268))[:3] != (0, 0, 0)


def test_a_save_the_game_cannot_step_keeps_the_old_stage(tmp_path, monkeypatch):
    # Whatever goes wrong in building or first stepping the new stage, not only a
    # refused map, the last good stage keeps running and the banner says why.
    path = write_map(tmp_path, ROWS)
    scene = scene_for(path)
    old = scene.stage

    def broken_step(self, held):
        raise ZeroDivisionError("float division by zero")

    touch_later(path, write_map(tmp_path, ROWS).read_text())
    monkeypatch.setattr(Stage, "step", broken_step)
    assert not scene.poll_reload(now=10.0)
    monkeypatch.undo()
    assert scene.stage is old
    assert scene.reload_error == (
        f"{path}: the game could not start this map (ZeroDivisionError: float division by zero)"
    )
    old.step(0)  # still playable
    touch_later(path, write_map(tmp_path, ROWS).read_text())
    assert scene.poll_reload(now=20.0) and scene.reload_error is None


def test_editing_a_tileset_image_is_noticed_like_the_map(tmp_path):
    path = write_map(tmp_path, ROWS)
    scene = scene_for(path)
    old = scene.stage
    image = tmp_path / "t.png"
    assert image in scene.stage.level.files
    data = image.read_bytes()
    os.utime(image, (1, 1))
    scene.poll_reload(now=1.0)
    image.write_bytes(data)
    os.utime(image, None)
    assert scene.poll_reload(now=10.0) and scene.stage is not old
