"""Settings and progress files: atomic, human-readable, and never fatal when damaged."""

import json
import os

import pygame
import pytest

from gunner import settings as settings_mod
from gunner.input import Buttons
from gunner.settings import (
    JsonStore,
    Progress,
    Settings,
    data_dir,
    load_settings,
    save_settings,
)


def test_data_dir_honours_the_environment(tmp_path, monkeypatch):
    target = tmp_path / "portable" / "data"
    monkeypatch.setenv("GUNNER_DATA_DIR", str(target))
    assert data_dir() == target
    assert target.is_dir()


def test_settings_round_trip_as_readable_json(tmp_path):
    s = Settings()
    s.bindings[Buttons.JUMP] = (pygame.K_c,)
    s.master_volume, s.effects_volume, s.music_volume = 0.3, 0.6, 0.0
    s.fullscreen, s.scale = True, 2
    save_settings(s, tmp_path)
    doc = json.loads((tmp_path / "settings.json").read_text())
    assert doc["version"] == 1
    assert doc["keys"]["jump"] == ["c"]
    assert doc["volume"] == {"master": 0.3, "effects": 0.6, "music": 0.0}
    loaded = load_settings(tmp_path)
    assert loaded == s
    assert not list(tmp_path.glob("*.tmp")), "the temporary file must be renamed into place"


def test_missing_file_gives_defaults_silently(tmp_path, capsys):
    assert load_settings(tmp_path) == Settings()
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(
    ("content", "cause"),
    [
        ('{"version": 1, "keys": {"jump": ["c"', "not valid JSON"),  # partial write
        ("\x00\x00garbage", "not valid JSON"),
        ('{"version": 99}', "unknown version 99"),
        ("[1, 2]", "not a JSON object"),
        ('{"version": 1, "scale": "big"}', "scale must be a whole number"),
        ('{"version": 1, "keys": {"fire": ["no-such-key"]}}', "unknown key name"),
    ],
)
def test_bad_file_gives_defaults_a_warning_and_is_kept_aside(tmp_path, capsys, content, cause):
    path = tmp_path / "settings.json"
    path.write_text(content)
    assert load_settings(tmp_path) == Settings()
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert str(path) in err[0] and cause in err[0]
    aside = tmp_path / "settings.json.bad-1"
    assert aside.read_text() == content, "the unreadable file is kept, not overwritten"
    assert not path.exists()


def test_second_bad_file_does_not_overwrite_the_first_kept_aside(tmp_path, capsys):
    for n in (1, 2):
        (tmp_path / "settings.json").write_text(f"broken {n}")
        load_settings(tmp_path)
    assert (tmp_path / "settings.json.bad-1").read_text() == "broken 1"
    assert (tmp_path / "settings.json.bad-2").read_text() == "broken 2"


def test_failed_write_leaves_the_old_file_intact(tmp_path, monkeypatch):
    store = JsonStore(tmp_path / "x.json", 1)
    store.save({"a": 1})

    def boom(*args):
        raise OSError("disk full")

    monkeypatch.setattr(settings_mod.os, "replace", boom)
    with pytest.raises(OSError):
        store.save({"a": 2})
    monkeypatch.undo()
    assert store.load() == {"a": 1}
    assert os.listdir(tmp_path) == ["x.json"], "no temporary file is left behind"


def test_progress_unlocks_and_keeps_best_times(tmp_path):
    progress = Progress(tmp_path)
    progress.unlock("level2.tmx")
    assert progress.record_time("level1.tmx", 80.0)
    assert not progress.record_time("level1.tmx", 95.5), "a slower run is not a best time"
    assert progress.record_time("level1.tmx", 61.25)
    again = Progress(tmp_path)
    assert again.is_unlocked("level2.tmx") and not again.is_unlocked("level3.tmx")
    assert again.best_times == {"level1.tmx": 61.25}


def test_damaged_progress_gives_an_empty_record_and_is_kept(tmp_path, capsys):
    (tmp_path / "progress.json").write_text('{"version": 1, "best_times": {"a": -3}}')
    progress = Progress(tmp_path)
    assert progress.unlocked == [] and progress.best_times == {}
    assert "progress.json" in capsys.readouterr().err
    assert (tmp_path / "progress.json.bad-1").exists()


@pytest.mark.parametrize("best", ["1e999", "Infinity", "NaN"])
def test_progress_with_an_endless_best_time_is_set_aside(tmp_path, capsys, best):
    # An infinite time would reach the level select's clock format and crash it.
    (tmp_path / "progress.json").write_text(
        f'{{"version": 1, "unlocked": ["level2.tmx"], "best_times": {{"level1.tmx": {best}}}}}'
    )
    progress = Progress(tmp_path)
    assert progress.best_times == {} and progress.unlocked == []
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "progress.json" in err[0] and "best_times" in err[0]
    assert (tmp_path / "progress.json.bad-1").exists()
