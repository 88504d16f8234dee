"""Hot reload: a saved map rebuilds the stage; a broken save keeps the old one and says why."""

import os
import pickle
import threading

from ascii_maps import write_map
from gunner import hotreload
from gunner.apart import Unsendable, Worker
from gunner.hotreload import FileWatcher, build_apart, build_stage, reload_stage
from gunner.input import Buttons
from gunner.level import load_level
from gunner.scenes.play import PlayScene
from gunner.scenes.playing import reload as playreload
from gunner.stage import Stage
from gunner.world import World

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


def finish(scene: PlayScene) -> bool:
    """Let the worker thread end, then put its stage in play as the next frame would;
    True if a new stage took over. (The game never waits: it polls every frame.)"""
    while scene.reloader is not None and scene.reloader.busy:
        assert scene.reloader.build is not None
        assert scene.reloader.build.done.wait(120), "the build never ended"
        if scene.finish_reload():
            return True
    return False


def reload_at(scene: PlayScene, now: float) -> bool:
    """A look at the files at `now`, then the frames after it until the reload ends; True
    if a new stage took over (on a busy machine the look itself may already find it built)."""
    return scene.poll_reload(now=now) or finish(scene)


def save(path, rows, tmp_path):
    touch_later(path, write_map(tmp_path, rows, "next.tmx").read_text())


class Gate:
    """Holds the build inside reading the map until opened: a slow build, with no clock.
    (The stage is then built on the worker thread itself; the reader's process has tests
    of its own.)"""

    def __init__(self, monkeypatch) -> None:
        self.entered = threading.Event()
        self.opened = threading.Event()
        self.calls = 0

        def slow(reader, path, seed, crowd, design, check):
            self.calls += 1
            self.entered.set()
            assert self.opened.wait(30), "the test never opened the gate"
            return build_stage(path, seed, crowd, design)

        monkeypatch.setattr(playreload, "build_apart", slow)


def built_here(scene: PlayScene) -> PlayScene:
    """`scene` building its next stages on the reload's worker thread, where a test can
    change what building does (the reader's process has tests of its own)."""
    scene.reader = Worker(inline=True)
    return scene


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
    assert reload_at(scene, 10.0)
    assert scene.stage is not old and scene.reload_error is None
    assert scene.reader.running  # read in a process of its own: the frames never waited
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
    assert not reload_at(scene, 10.0)
    assert scene.stage is old
    assert scene.reload_error == f"{path}: not valid XML (unclosed token: line 1, column 0)"
    old.step(0)  # still playable
    # The next good save clears the banner.
    touch_later(path, write_map(tmp_path, ROWS).read_text())
    assert reload_at(scene, 20.0)
    assert scene.reload_error is None and scene.stage is not old


def test_the_banner_draws(tmp_path):
    import pygame

    from gunner.scenes.playing.draw import draw_reload_banner

    surface = pygame.Surface((480, 270))
    draw_reload_banner(surface, "levels/x.tmx: not valid XML (unclosed token: line 1, column 0)")
    assert surface.get_at((2, 268))[:3] != (0, 0, 0)


def test_a_save_the_game_cannot_step_keeps_the_old_stage(tmp_path, monkeypatch):
    # Whatever goes wrong in building or first stepping the new stage, not only a
    # refused map, the last good stage keeps running and the banner says why.
    path = write_map(tmp_path, ROWS)
    scene = built_here(scene_for(path))
    old = scene.stage

    def broken_step(self, held):
        raise ZeroDivisionError("float division by zero")

    touch_later(path, write_map(tmp_path, ROWS).read_text())
    monkeypatch.setattr(World, "step", broken_step)
    assert not reload_at(scene, 10.0)
    monkeypatch.undo()
    assert scene.stage is old
    assert scene.reload_error == (
        f"{path}: the game could not start this map (ZeroDivisionError: float division by zero)"
    )
    old.step(0)  # still playable
    touch_later(path, write_map(tmp_path, ROWS).read_text())
    assert reload_at(scene, 20.0), scene.reload_error
    assert scene.reload_error is None


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
    assert reload_at(scene, 10.0) and scene.stage is not old


def test_the_old_stage_plays_on_while_the_new_one_is_built(tmp_path, monkeypatch):
    path = write_map(tmp_path, ROWS)
    scene = scene_for(path)
    old = scene.stage
    gate = Gate(monkeypatch)
    save(path, ["#.......", "#.P.....", "#.......", "########"], tmp_path)
    assert not scene.poll_reload(now=10.0)
    assert gate.entered.wait(30)  # the worker is reading the map, and stays there
    # Meanwhile the game runs: the old stage steps, frame after frame, as ever.
    start = old.player.hitbox.centerx
    for frame in range(60):
        assert not scene.poll_reload(now=10.0 + frame / 60)
        scene.stage.step(Buttons.RIGHT)
    assert scene.stage is old and old.steps == 60 and old.player.hitbox.centerx > start + 30
    gate.opened.set()
    assert finish(scene)
    # The new map, taking over where the run stands now, not where it stood at the save.
    assert scene.stage.level.solid[0, 0] == 1
    assert scene.stage.steps == 60
    assert scene.stage.player.hitbox.midbottom == old.player.hitbox.midbottom


def test_a_newer_save_supersedes_the_one_being_built(tmp_path, monkeypatch):
    path = write_map(tmp_path, ROWS)
    scene = scene_for(path)
    gate = Gate(monkeypatch)
    save(path, ["#.......", "#.P.....", "#.......", "########"], tmp_path)
    scene.poll_reload(now=10.0)
    assert gate.entered.wait(30)
    # The designer saves again before the first reload is done: only that one counts.
    save(path, [".......#", "..P....#", ".......#", "########"], tmp_path)
    scene.poll_reload(now=11.0)
    gate.opened.set()
    taken = []
    while scene.reloader is not None and scene.reloader.busy:
        assert scene.reloader.build is not None
        scene.reloader.build.done.wait(30)
        if scene.finish_reload():
            taken.append(scene.stage)
    assert len(taken) == 1 and gate.calls == 2
    assert scene.stage.level.solid[0, 7] == 1 and scene.stage.level.solid[0, 0] == 0


def test_a_save_made_while_building_is_reloaded_next(tmp_path, monkeypatch):
    # The build already read the map when the designer saves again: the next look at
    # the files must still see that save, not take it for the one just built.
    path = write_map(tmp_path, ROWS)
    scene = built_here(scene_for(path))
    built = threading.Event()
    real = hotreload.World

    def stage_after_second_save(level, **kwargs):
        if not built.is_set():
            built.set()
            save(path, [".......#", "..P....#", ".......#", "########"], tmp_path)
        return real(level, **kwargs)

    monkeypatch.setattr(hotreload, "World", stage_after_second_save)
    save(path, ["#.......", "#.P.....", "#.......", "########"], tmp_path)
    assert reload_at(scene, 10.0) and scene.stage.level.solid[0, 0] == 1
    assert reload_at(scene, 11.0), scene.reload_error
    assert scene.stage.level.solid[0, 7] == 1


def test_a_refused_save_while_building_keeps_the_old_stage(tmp_path, monkeypatch):
    path = write_map(tmp_path, ROWS)
    scene = scene_for(path)
    old = scene.stage
    gate = Gate(monkeypatch)
    save(path, ["#.......", "#.P.....", "#.......", "########"], tmp_path)
    scene.poll_reload(now=10.0)
    assert gate.entered.wait(30)
    touch_later(path, "<map")  # then a broken save: it supersedes the good one
    scene.poll_reload(now=11.0)
    gate.opened.set()
    assert not finish(scene)
    assert scene.stage is old
    assert scene.reload_error == f"{path}: not valid XML (unclosed token: line 1, column 0)"


def test_f5_reloads_in_the_background_too(tmp_path, monkeypatch):
    import pygame

    path = write_map(tmp_path, ROWS)
    scene = scene_for(path)
    old = scene.stage
    gate = Gate(monkeypatch)
    scene.handle_event(None, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F5))
    assert gate.entered.wait(30) and scene.stage is old
    gate.opened.set()
    assert finish(scene) and scene.stage is not old


def test_a_stage_that_cannot_be_copied_is_still_tried_and_reloaded(tmp_path, monkeypatch):
    # The first step is tried on a copy; an entity the copy cannot take must not make
    # every save of the map fail: the trial then runs on a second stage of its own.
    path = write_map(tmp_path, ROWS)
    scene = built_here(scene_for(path))
    old = scene.stage

    def uncopyable(stage):
        raise pickle.PicklingError("cannot pickle 'generator' object")

    monkeypatch.setattr(hotreload, "copy_stage", uncopyable)
    save(path, ["#.......", "#.P.....", "#.......", "########"], tmp_path)
    assert reload_at(scene, 10.0) and scene.stage is not old and scene.reload_error is None
    assert scene.stage.level.solid[0, 0] == 1


def test_the_collector_is_held_off_only_while_a_build_runs(tmp_path, monkeypatch):
    import gc

    path = write_map(tmp_path, ROWS)
    scene = scene_for(path)
    gate = Gate(monkeypatch)
    touch_later(path, "<map")  # a refusal must give the collector back too
    scene.poll_reload(now=10.0)
    assert gate.entered.wait(30)
    assert not gc.isenabled()  # no full collection stalls the frames meanwhile
    gate.opened.set()
    assert not finish(scene) and scene.reload_error
    assert gc.isenabled()


def test_the_new_stage_is_built_and_tried_away_from_the_game(tmp_path, monkeypatch):
    # Building a stage and copying it for the trial step hold Python's lock for seconds
    # on a big map: neither may happen in the game's process, where the frames wait.
    path = write_map(tmp_path, ROWS)
    scene = scene_for(path)
    here = []
    real_stage, real_copy = hotreload.World, hotreload.copy_stage
    monkeypatch.setattr(
        hotreload, "World", lambda *a, **k: here.append("built") or real_stage(*a, **k)
    )
    monkeypatch.setattr(hotreload, "copy_stage", lambda s: here.append("copied") or real_copy(s))
    save(path, ["#.......", "#.P.....", "#.......", "########"], tmp_path)
    assert reload_at(scene, 10.0), scene.reload_error
    assert scene.reader.running and here == []
    assert scene.stage.level.solid[0, 0] == 1
    # What crossed back is a whole stage that plays: its grids are writable arrays.
    scene.stage.tilemap.solid[0, 1] = 1
    for _ in range(30):
        scene.stage.step(Buttons.RIGHT)
    assert scene.stage.player.hitbox.centerx > 2 * 16 + 8


def test_a_stage_built_apart_plays_exactly_as_one_built_here(tmp_path):
    # A crowd too (--crowd 3): placed by the stage's own random numbers, as in play.
    path = write_map(tmp_path, ["." * 40, "..P" + "." * 37, "." * 40, "#" * 40])
    reader = Worker()
    try:
        there = build_apart(reader, path, 7, 3, "ours", lambda: None)
    finally:
        reader.close()
    here = build_stage(path, 7, 3, "ours")
    assert there.steps == here.steps == 0  # the trial step ran on a copy
    for n in range(120):
        held = Buttons.RIGHT | Buttons.FIRE if n % 3 else Buttons.JUMP
        there.step(held)
        here.step(held)
    assert len(there.entities) == len(here.entities) > 3
    assert there.state_hash() == here.state_hash()


class Unsending:
    """A reader whose stages cannot cross back; it reads maps as the real one does."""

    def __init__(self) -> None:
        self.reader = Worker()
        self.asked: list[str] = []

    def call(self, func, *args, check):
        self.asked.append(func.__name__)
        if func is build_stage:
            raise Unsendable("TypeError: cannot pickle '_thread.lock' object")
        return self.reader.call(func, *args, check=check)


def test_a_stage_that_cannot_cross_back_is_built_from_the_map_read_apart(tmp_path):
    path = write_map(tmp_path, ["#.......", "#.P.....", "#.......", "########"])
    reader = Unsending()
    try:
        stage = build_apart(reader, path, 0, 0, "ours", lambda: None)
    finally:
        reader.reader.close()
    assert reader.asked == ["build_stage", "load_level"]
    assert stage.level.solid[0, 0] == 1 and stage.steps == 0


def test_player_two_keeps_their_place_through_a_reload(tmp_path):
    rows = ["." * 20, "..P" + "." * 17, "." * 20, "#" * 20]
    path = write_map(tmp_path, rows)
    stage = Stage(load_level(path), players=2)
    one, two = stage.players
    stage.tree.remove(two)
    two.hitbox.midbottom = (14 * 16 + 8, 3 * 16)
    two.facing = -1
    stage.tree.add(two)
    rows[0] = "#" + "." * 19  # the designer adds a block and saves
    write_map(tmp_path, rows)
    fresh = reload_stage(stage, path)
    assert len(fresh.players) == 2
    moved = fresh.players[1]
    assert moved.hitbox.midbottom == (14 * 16 + 8, 3 * 16) and moved.facing == -1
    assert moved in fresh.tree.query(moved.hitbox) and moved.colours == 1
