"""Custom levels: the player's own maps under "Custom" in Level select, their best times
kept apart from the campaign's, 0.1.0's progress migrated, broken maps refused in a line.
A big one is read in the map reader's process, so its loading screen keeps drawing: the
game's own process never parses it, Back stops the reading, and a refusal reads as a
small map's does. A small map (every shipped level) is read at once, with no process."""

import json
import os
import time
from pathlib import Path

import pygame
import pytest

from app_helpers import SHORT, finish, key, loaded, shows
from ascii_maps import write_map
from gunner import __main__ as cli
from gunner import config, customlevels
from gunner.app import App
from gunner.input import Buttons
from gunner.level import load_level
from gunner.maps import LevelError
from gunner.maptitles import MapTitles
from gunner.scenes.error import ErrorScene
from gunner.scenes.levelselect import LevelSelectScene
from gunner.scenes.loading import LoadingScene
from gunner.scenes.play import PlayScene
from gunner.scenes.playing import opening
from gunner.scenes.title import TitleScene
from gunner.settings import (
    PROGRESS_VERSION,
    Progress,
    campaign_key,
    custom_levels_dir,
    level_key,
)


@pytest.fixture
def folder(_data_dir: Path) -> Path:
    """The per-user levels folder, as the game finds it from GUNNER_DATA_DIR."""
    path = custom_levels_dir()
    assert path == _data_dir / "levels"
    path.mkdir()
    return path


@pytest.fixture
def app(_data_dir, folder):
    app = App(scale=1, fullscreen=False, progress=Progress(_data_dir), custom_folder=folder)
    yield app
    app.reader.close()  # a big map's reader process, if one was started
    pygame.display.set_mode((480, 270))


def open_level_select(app: App) -> LevelSelectScene:
    """From the title screen, as a player gets there."""
    title = TitleScene()
    app.push(title)
    labels = [label for label, _ in title.menu.options]
    title.menu.index = labels.index("LEVEL SELECT")
    app.handle_event(key(pygame.K_RETURN))
    assert isinstance(app.scene, LevelSelectScene)
    app.map_titles.wait()  # the custom maps' titles, read in the background
    app.scene.step(app, Buttons.NONE)  # and shown
    return app.scene


def choose(app: App, scene: LevelSelectScene, file: str) -> None:
    """Walk down the list with the keys to the custom entry `file`, then press Enter."""
    target = next(i for i, e in enumerate(scene.entries) if e.custom and e.file == file)
    for _ in range(len(scene.entries)):
        if scene.index == target:
            break
        app.handle_event(key(pygame.K_DOWN))
    assert scene.index == target
    app.handle_event(key(pygame.K_RETURN))


def test_a_map_dropped_in_the_levels_folder_is_listed_under_custom_and_plays(app, folder):
    mine = write_map(folder, SHORT, "mine.tmx")
    unnamed = write_map(folder, SHORT, "zz_plain.tmx")
    unnamed.write_text(unnamed.read_text().replace('name="name" value="Test Range"', 'name="x"'))
    (folder / "notes.txt").write_text("not a map")
    (folder / "sub.tmx").mkdir()  # a folder, whatever its name
    os.mkfifo(folder / "pipe.tmx")  # never opened: listing it would hang

    scene = open_level_select(app)
    campaign = [e for e in scene.entries if not e.custom]
    custom = [e for e in scene.entries if e.custom]
    assert [e.file for e in campaign] == list(config.CAMPAIGN), "the campaign comes first"
    assert scene.entries[: len(campaign)] == campaign
    assert [(e.file, e.title, e.problem) for e in custom] == [
        ("mine.tmx", "Test Range", None),
        ("zz_plain.tmx", "zz_plain", None),  # no name property: its file name
    ]
    rows = scene.layout(app)
    heading = [y for y, kind, _ in rows if kind == "heading"]
    first_custom = scene.entries.index(custom[0])
    assert len(heading) == 1
    assert heading[0] < next(y for y, _, i in rows if i == first_custom)
    scene.draw(app, app.surface)

    choose(app, scene, "mine.tmx")
    assert isinstance(loaded(app), PlayScene) and app.scene.path == mine


def test_the_folder_scan_is_capped(folder, monkeypatch):
    monkeypatch.setattr(customlevels, "MAX_LISTED", 3)
    for n in range(6):
        (folder / f"m{n}.tmx").write_text("<map")
    assert [p.name for p in customlevels.custom_maps(folder)] == ["m0.tmx", "m1.tmx", "m2.tmx"]
    monkeypatch.setattr(customlevels, "MAX_SCANNED", 2)
    assert len(customlevels.custom_maps(folder)) <= 2
    assert customlevels.custom_maps(folder / "missing") == []


def test_the_level_map_is_listed_too_and_title_offers_level_select(
    monkeypatch, _data_dir, tmp_path
):
    outside = write_map(tmp_path, SHORT, "elsewhere.tmx")
    started = []
    monkeypatch.setattr(App, "run", lambda self, first: started.append(self))
    assert cli.main(["--level", str(outside), "--scale", "1"]) == 0
    app = started[0]
    assert app.custom_folder == _data_dir / "levels"
    scene = open_level_select(app)  # a fresh player: no progress, yet the way is there
    assert [e.path for e in scene.entries if e.custom] == [outside]
    # The shipped level given with --level is the campaign's, not a custom map.
    app.extra_levels = (config.LEVELS_DIR / config.CAMPAIGN[0],)
    scene.enter(app)
    assert not any(e.custom for e in scene.entries)
    pygame.display.set_mode((480, 270))


def test_finishing_a_custom_map_named_level1_does_not_unlock_level_2(app, folder, _data_dir):
    write_map(folder, SHORT, "level1.tmx")
    scene = open_level_select(app)
    choose(app, scene, "level1.tmx")
    loaded(app)
    play = finish(app)
    assert play.new_best

    saved = Progress(_data_dir)
    assert not saved.is_unlocked(campaign_key("level2.tmx"))
    assert campaign_key("level1.tmx") not in saved.best_times
    time = pytest.approx(play.stage.time, abs=0.001)
    assert saved.best_times == {level_key(folder / "level1.tmx"): time}
    # Level select shows the time on the custom row only; level 2 is still locked.
    app.progress = saved
    scene = LevelSelectScene()
    app.push(scene)
    by_file = {(e.custom, e.file): e for e in scene.entries}
    assert by_file[(True, "level1.tmx")].best == pytest.approx(play.stage.time, abs=0.001)
    assert by_file[(False, "level1.tmx")].best is None
    assert not by_file[(False, "level2.tmx")].unlocked


def test_finishing_the_shipped_level_still_unlocks_the_next(app, _data_dir):
    app.open_level(lambda: PlayScene.campaign(app, 0), "level1.tmx")
    play = loaded(app)
    app.progress.record_finish(play.progress_key, 99.0)
    assert play.progress_key == "levels/level1.tmx"
    assert level_key(config.LEVELS_DIR / "level1.tmx") == "levels/level1.tmx"
    assert Progress(_data_dir).is_unlocked(campaign_key("level2.tmx"))


def test_progress_written_by_0_1_0_keeps_its_unlocks_and_best_times(app, _data_dir, capsys):
    old = {
        "version": 1,
        "unlocked": ["level2.tmx", "level3.tmx"],
        "best_times": {"level1.tmx": 61.25, "level2.tmx": 95.5, "mine.tmx": 12.0},
    }
    original = json.dumps(old, indent=2)
    (_data_dir / "progress.json").write_text(original)

    for _ in range(2):  # as migrated, then as the next start reads it back
        app.progress = Progress(_data_dir)
        scene = LevelSelectScene()
        app.push(scene)
        shown = [(e.file, e.unlocked, e.best) for e in scene.entries if not e.custom]
        assert shown == [
            ("level1.tmx", True, 61.25),
            ("level2.tmx", True, 95.5),
            ("level3.tmx", True, None),
            ("level4.tmx", False, None),  # the siege came after 0.1.0: still locked
            ("level5.tmx", False, None),  # and so did the climb
        ]
        # A time 0.1.0 kept for a --level map whose path it did not record: not lost.
        assert app.progress.best_times["mine.tmx"] == 12.0
        app.pop()
    assert capsys.readouterr().err == "", "a migration is not a damaged file"
    assert json.loads((_data_dir / "progress.json").read_text())["version"] == PROGRESS_VERSION
    assert (_data_dir / "progress.json.v1").read_text() == original, "0.1.0's file is kept"


def test_a_progress_file_of_an_unknown_version_is_still_set_aside(_data_dir, capsys):
    (_data_dir / "progress.json").write_text('{"version": 99, "unlocked": ["levels/x.tmx"]}')
    assert Progress(_data_dir).unlocked == []
    assert "unknown version 99" in capsys.readouterr().err
    assert (_data_dir / "progress.json.bad-1").exists()


def test_a_broken_custom_map_is_listed_and_choosing_it_shows_the_refusal(
    app, folder, capsys, monkeypatch
):
    broken = folder / "broken.tmx"
    broken.write_text("<map")
    no_player = write_map(folder, ["#####", "#...#", "#####"], "empty.tmx")
    scene = open_level_select(app)
    listed = {e.file: e for e in scene.entries if e.custom}
    assert set(listed) == {"broken.tmx", "empty.tmx"}
    # The same line `--level` prints for this map.
    for path in (broken, no_player):
        with pytest.raises(Exception) as refused:
            load_level(path, images=False)
        assert listed[path.name].problem == str(refused.value)
        assert listed[path.name].unlocked, "a broken map can still be chosen, to see why"
    scene.draw(app, app.surface)

    choose(app, scene, "broken.tmx")
    assert isinstance(loaded(app), ErrorScene)
    assert shows(app.scene.lines, listed["broken.tmx"].problem)
    app.handle_event(key(pygame.K_RETURN))  # BACK
    assert app.scene is scene and scene.entries[scene.index].file == "broken.tmx"

    # Whatever else goes wrong starting a custom map is a refusal too, not a traceback.
    def explode(*args, **kwargs):
        raise RuntimeError("a bug the map provoked")

    monkeypatch.setattr("gunner.scenes.playing.opening.World", explode)
    write_map(folder, SHORT, "fine.tmx")
    scene.enter(app)
    choose(app, scene, "fine.tmx")
    assert isinstance(loaded(app), ErrorScene)
    assert "could not start this map (RuntimeError: a bug the map provoked)" in " ".join(
        app.scene.lines
    )
    assert capsys.readouterr().err == ""


def test_hot_reload_works_for_a_map_in_the_custom_folder(app, folder):
    path = write_map(folder, SHORT, "mine.tmx")
    scene = open_level_select(app)
    choose(app, scene, "mine.tmx")
    play = loaded(app)
    assert isinstance(play, PlayScene) and play.watcher is not None
    old = play.stage
    # The designer adds a wall in Tiled and saves over the map.
    walled = ["##########", "#...#....#", "#.P.#.E..#", "##########"]
    st = os.stat(path)
    path.write_text(write_map(folder, walled, "draft.tmx").read_text())
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
    # The frame reads the map on a worker thread; on a busy machine the build may be done
    # before that frame's own poll ends, and is then in play already.
    if not play.poll_reload(now=1000.0):
        assert play.reloader is not None and play.reloader.build is not None
        assert play.reloader.build.done.wait(30) and play.finish_reload()
    assert play.stage is not old and play.reload_error is None
    assert play.stage.level.solid[1, 4] == 1


# -- big maps, read in the map reader's process ----------------------------------------


def big_map(folder: Path, name: str = "big.tmx") -> Path:
    """SHORT, padded past the size read apart by a comment a designer's tool might leave."""
    path = write_map(folder, SHORT, name)
    comment = "<!--" + "x" * opening.APART_BYTES + "-->\n"
    path.write_text(path.read_text().replace("<map ", comment + "<map ", 1))
    assert opening.big(path)
    return path


def open_and_choose(app: App, file: str) -> LevelSelectScene:
    """From the title, LEVEL SELECT, then Enter on the custom entry `file`."""
    select = open_level_select(app)
    choose(app, select, file)
    return select


def test_a_big_map_is_read_in_the_readers_process_while_the_loading_screen_draws(
    app, folder, monkeypatch
):
    big_map(folder)

    def parse_here(path):  # the game's process must not parse it
        raise AssertionError(f"{path} parsed in the game's process")

    monkeypatch.setattr(opening, "load_level", parse_here)
    open_and_choose(app, "big.tmx")
    loading = app.scene
    assert isinstance(loading, LoadingScene), "Enter returns to the loop at once"
    for _ in range(3):  # the loop goes on drawing meanwhile
        app.draw()
    play = loaded(app)
    assert isinstance(play, PlayScene), f"{type(play).__name__}: {loading.build.error}"
    assert play.stage.level.name == "Test Range" and play.stage.players[0].alive
    # The process stays for the next big map, and for the designer's next save.
    assert app.reader.running and play.reader is app.reader


def test_back_while_a_big_map_loads_stops_the_reading_and_returns_to_level_select(app, folder):
    path = write_map(folder, SHORT, "big.tmx")  # named by 20 MB: seconds to read
    text = path.read_text()
    assert 'value="Test Range"' in text
    path.write_text(text.replace('value="Test Range"', f'value="{"x" * 20_000_000}"'))
    select = open_level_select(app)
    assert app.reader.call(dict) == {}  # started (as level select does) and idle
    choose(app, select, "big.tmx")
    loading = app.scene
    assert isinstance(loading, LoadingScene)
    app.handle_event(key(pygame.K_ESCAPE))
    assert app.scene is select
    assert loading.build.done.wait(60), "the reading went on after Back"
    assert loading.build.result is None
    # Stopped, not left to answer later: the next call gets its own answer.
    assert app.reader.call(dict) == {}
    app.scene.step(app, Buttons.NONE)
    assert app.scene is select and isinstance(app.scenes[0], TitleScene)


def test_a_big_refused_map_says_why_in_the_same_one_line_as_a_small_one(app, folder):
    path = folder / "huge.tmx"
    path.write_text("<map" + " " * opening.APART_BYTES)
    with pytest.raises(LevelError) as here:
        load_level(path)
    select = open_and_choose(app, "huge.tmx")
    error = loaded(app)
    assert isinstance(error, ErrorScene)
    assert shows(error.lines, str(here.value)), error.lines
    assert app.reader.running, "refused, not a crash: the process reads the next map"
    app.handle_event(key(pygame.K_ESCAPE))
    assert app.scene is select


def test_a_small_map_is_read_at_once_with_no_process_started(app, folder):
    write_map(folder, SHORT, "small.tmx")
    open_and_choose(app, "small.tmx")
    assert isinstance(loaded(app), PlayScene)
    assert app.reader.pid is None


def test_level_select_listing_a_big_map_starts_the_reader_before_it_is_chosen(app, folder):
    big_map(folder)
    open_level_select(app)
    for _ in range(600):  # it starts on a thread of its own: the menu is not kept waiting
        if app.reader.running:
            break
        time.sleep(0.05)
    assert app.reader.running


def test_level_select_lists_a_map_still_being_read_by_its_file_name(app, folder):
    from test_map_titles import HeldReader

    write_map(folder, SHORT, "slow.tmx")
    reader = HeldReader()
    app.map_titles = MapTitles(reader)  # every map held, as a huge one is
    title = TitleScene()
    app.push(title)
    title.menu.index = [label for label, _ in title.menu.options].index("LEVEL SELECT")
    app.handle_event(key(pygame.K_RETURN))  # the reader holds the map: this must not wait
    scene = app.scene
    assert isinstance(scene, LevelSelectScene)
    (entry,) = [e for e in scene.entries if e.custom]
    assert (entry.title, entry.reading) == ("slow.tmx", True)
    scene.draw(app, pygame.Surface((480, 270)))  # READING where its best time goes
    reader.go.set()
    app.map_titles.wait()
    scene.step(app, Buttons.NONE)
    (entry,) = [e for e in scene.entries if e.custom]
    assert (entry.title, entry.reading) == ("Test Range", False)
