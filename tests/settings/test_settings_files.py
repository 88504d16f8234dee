"""Settings and progress files: atomic, human-readable, and never fatal when damaged."""

import contextlib
import io
import json
import os
import tempfile
import threading
import time
from pathlib import Path
from unittest import mock

import pygame
import pytest
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from gunner import settings as settings_mod
from gunner.app import App
from gunner.bindings import MAX_KEYS, BindError, Conflict, bind, clear
from gunner.input import DEFAULT_BINDINGS, PLAYER_TWO_BINDINGS, Buttons
from gunner.scenes.controls import ControlsScene, bindable
from gunner.settings import (
    ACTIONS,
    JsonStore,
    Progress,
    Settings,
    data_dir,
    load_settings,
    pad_buttons_from_json,
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
        # JSON's true and 1.0 equal 1 in Python; no game writes them.
        ('{"version": true}', "unknown version true"),
        ('{"version": 1.0, "scale": 2}', "unknown version 1.0"),
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

    monkeypatch.setattr("gunner.settings.store.os.replace", boom)
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


def keydown(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


# -- files the game must refuse without hanging or crashing ------------------------------


def load_in_time(load, seconds: float = 10.0):
    """Run `load` in a thread: a hang fails the test instead of stopping the suite."""
    result: list = []
    worker = threading.Thread(target=lambda: result.append(load()), daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), "loading the file hung"
    return result[0]


def one_warning(capsys) -> str:
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    return err[0]


@pytest.mark.parametrize(
    ("content", "cause"),
    [
        ('{"version": 1, "keys": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested 100001 levels"),
        ('{"version": 1, "scale": ' + "9" * 5000 + "}", "5,000 digits"),
        # Under Python's own 4,300-digit limit, and still far too big to be a volume.
        ('{"version": 1, "volume": {"music": -' + "7" * 4000 + "}}", "4,000 digits"),
        ('{"version": 1, "scale": 2}' + " " * (2 << 20), "larger than"),
    ],
    ids=["deep", "5000-digit-int", "4000-digit-int", "huge"],
)
def test_hostile_settings_give_defaults_one_line_and_are_kept(tmp_path, capsys, content, cause):
    path = tmp_path / "settings.json"
    path.write_text(content)
    assert load_in_time(lambda: load_settings(tmp_path)) == Settings()
    line = one_warning(capsys)
    assert str(path) in line and cause in line and "Traceback" not in line
    assert (tmp_path / "settings.json.bad-1").read_text() == content
    # The next start is clean: the set-aside file is not read again.
    assert load_settings(tmp_path) == Settings() and capsys.readouterr().err == ""


def test_deeply_nested_progress_keeps_the_game_starting(tmp_path, capsys):
    path = tmp_path / "progress.json"
    path.write_text('{"version": 1, "unlocked": ' + "[" * 50_000 + "]" * 50_000 + "}")
    progress = load_in_time(lambda: Progress(tmp_path))
    assert progress.unlocked == [] and progress.best_times == {}
    line = one_warning(capsys)
    assert str(path) in line and "nested" in line
    progress.unlock("level2.tmx")  # and the new record saves and loads again
    assert Progress(tmp_path).is_unlocked("level2.tmx")


def make_fifo(path):
    os.mkfifo(path)


def make_zero_link(path):
    path.symlink_to("/dev/zero")


def make_null_link(path):
    path.symlink_to("/dev/null")


def make_folder(path):
    path.mkdir()


@pytest.mark.parametrize(
    ("make", "kind"),
    [
        (make_fifo, "FIFO"),
        (make_zero_link, "device"),
        (make_null_link, "device"),
        (make_folder, "folder"),
    ],
    ids=["fifo", "link-to-dev-zero", "link-to-dev-null", "folder"],
)
def test_special_settings_file_is_refused_without_hanging(tmp_path, capsys, make, kind):
    path = tmp_path / "settings.json"
    make(path)
    assert load_in_time(lambda: load_settings(tmp_path)) == Settings()
    line = one_warning(capsys)
    assert str(path) in line and kind in line
    aside = tmp_path / "settings.json.bad-1"
    assert os.path.lexists(aside) and not os.path.lexists(path), "set aside, not deleted"
    # Options can save again, and what it saves loads.
    s = Settings(scale=2)
    save_settings(s, tmp_path)
    assert load_settings(tmp_path) == s


def test_special_progress_file_is_refused_without_hanging(tmp_path, capsys):
    os.mkfifo(tmp_path / "progress.json")
    progress = load_in_time(lambda: Progress(tmp_path))
    assert progress.unlocked == []
    assert "FIFO" in one_warning(capsys)


def test_a_link_to_a_real_settings_file_still_loads(tmp_path, capsys):
    # Players who keep dotfiles elsewhere link them in: that is not a special file.
    real = tmp_path / "elsewhere.json"
    real.write_text('{"version": 1, "scale": 2}')
    (tmp_path / "settings.json").symlink_to(real)
    assert load_settings(tmp_path).scale == 2
    assert capsys.readouterr().err == ""


def test_settings_saved_by_notepad_with_a_byte_order_mark_load(tmp_path, capsys):
    text = '{"version": 1, "scale": 2, "keys": {"jump": ["c"]}}'
    (tmp_path / "settings.json").write_bytes(b"\xef\xbb\xbf" + text.encode())
    s = load_settings(tmp_path)
    assert s.scale == 2 and s.bindings[Buttons.JUMP] == (pygame.K_c,)
    assert capsys.readouterr().err == ""
    assert (tmp_path / "settings.json").exists()


def test_stale_temporary_files_of_interrupted_saves_are_cleaned(tmp_path):
    save_settings(Settings(scale=2), tmp_path)
    Progress(tmp_path).unlock("level2.tmx")
    stale = [tmp_path / "settings.json.k2j3h4.tmp", tmp_path / "progress.json.x9y8z7.tmp"]
    fresh = tmp_path / "settings.json.abcdef.tmp"  # another copy of the game saving now
    other = tmp_path / "notes.json.abcdef.tmp"  # not one of ours
    long_ago = time.time() - 3600
    for path in [*stale, fresh, other]:
        path.write_text("{half a save")
    for path in [*stale, other]:
        os.utime(path, (long_ago, long_ago))
    assert load_settings(tmp_path).scale == 2
    assert Progress(tmp_path).is_unlocked("level2.tmx")
    assert not any(p.exists() for p in stale)
    assert fresh.exists() and other.exists()


def test_an_action_stored_with_no_key_gets_its_spare_default_keys(tmp_path, capsys):
    path = tmp_path / "settings.json"
    path.write_text('{"version": 1, "scale": 2, "keys": {"jump": [], "fire": ["z"]}}')
    s = load_settings(tmp_path)
    assert s.scale == 2, "the rest of the player's settings are kept"
    assert s.bindings[Buttons.FIRE] == (pygame.K_z,)
    assert s.bindings[Buttons.JUMP] == (pygame.K_j, pygame.K_SPACE), "Z is fire's now"
    # A repair, so the player is told which keys jump got.
    assert one_warning(capsys) == f"gunner: {path}: keys.jump has no key; using j, space"


# -- Options only saves what loads again -------------------------------------------------

ALL_KEYS = sorted({getattr(pygame, n) for n in dir(pygame) if n.startswith("K_")})


def test_every_key_options_accepts_saves_and_loads_back(tmp_path, capsys):
    """Load, save, load is the same for every key pygame names, as a third key too."""
    accepted = 0
    for key in ALL_KEYS:
        s = Settings()
        if not bindable(key):
            continue
        accepted += 1
        s.bindings = bind(s.bindings, Buttons.FIRE, 2, key, swap=True)
        assert key in s.bindings[Buttons.FIRE]
        save_settings(s, tmp_path)
        loaded = load_settings(tmp_path)
        assert loaded == s, pygame.key.name(key)
        save_settings(loaded, tmp_path)
        assert load_settings(tmp_path) == s
    assert accepted == len(ALL_KEYS) - 1, "every key pygame names (all but K_UNKNOWN)"
    assert capsys.readouterr().err == "", "no saved file was set aside"


@pytest.mark.parametrize("key", [pygame.K_UNKNOWN, 0x40000000 | 500], ids=["unknown", "unnamed"])
def test_a_key_pygame_cannot_name_is_refused_in_options(key):
    app = App(scale=1, fullscreen=False)
    try:
        controls = ControlsScene()
        app.scenes = [controls]
        controls.index = controls.rows.index(("key", Buttons.FIRE))
        controls.handle_event(app, keydown(pygame.K_RETURN))
        controls.handle_event(app, keydown(key))
        assert app.settings.bindings[Buttons.FIRE] == DEFAULT_BINDINGS[Buttons.FIRE]
        assert "CANNOT BE BOUND" in controls.message
    finally:
        pygame.display.set_mode((480, 270))


def test_taking_another_actions_key_asks_then_swaps_the_keys():
    s = Settings()
    with pytest.raises(Conflict) as asked:
        bind(s.bindings, Buttons.JUMP, 0, pygame.K_x)  # X is fire's
    assert asked.value.owner == Buttons.FIRE
    bound = bind(s.bindings, Buttons.JUMP, 0, pygame.K_x, swap=True)
    assert bound[Buttons.JUMP] == (pygame.K_x, pygame.K_j, pygame.K_SPACE)
    assert bound[Buttons.FIRE] == (pygame.K_z, pygame.K_k), "fire gets jump's Z in its place"
    # Added as a new key (no key in that place to give back): the other just loses it.
    bound = bind(bound, Buttons.LEFT, 2, pygame.K_k, swap=True)
    assert bound[Buttons.LEFT] == (pygame.K_LEFT, pygame.K_a, pygame.K_k)
    assert bound[Buttons.FIRE] == (pygame.K_z,)
    with pytest.raises(BindError, match="no key left"):
        bind(bound, Buttons.RIGHT, 2, pygame.K_z, swap=True)  # fire's only key
    with pytest.raises(BindError, match="needs a key"):
        clear(bound, Buttons.FIRE, 0)


EDITS = st.tuples(
    st.sampled_from(ACTIONS),
    st.integers(0, MAX_KEYS - 1),
    st.sampled_from(ALL_KEYS) | st.none(),  # None: clear that key
    st.booleans(),
)


@given(st.lists(EDITS, max_size=40))
def test_any_sequence_of_edits_keeps_every_action_bound_and_loadable(edits):
    s = Settings()
    for action, slot, key, swap in edits:
        try:
            if key is None:
                s.bindings = clear(s.bindings, action, slot)
            elif bindable(key):
                s.bindings = bind(s.bindings, action, slot, key, swap=swap)
        except (BindError, Conflict):
            pass  # refused: the screen says why, nothing changes
    assert all(1 <= len(s.bindings[b]) <= MAX_KEYS for b in ACTIONS), s.bindings
    every = [k for b in ACTIONS for k in s.bindings[b]]
    assert len(every) == len(set(every)), "no key does two things"
    assert Settings.from_json(json.loads(json.dumps(s.to_json()))) == s


# -- whatever loads saves back unchanged ---------------------------------------------------

# SDL names keys pygame's own table leaves out (F13-F24, media keys) only with the display
# up; conftest's session fixture brings it up too, but only once the tests run.
pygame.display.init()
SCANCODE_KEYS = [0x40000000 | scancode for scancode in range(512)]


def known_names() -> list[str]:
    """Every name pygame and SDL give a key (both spellings), and characters of keyboards
    beyond US English: all spellings a player may find and write into settings.json."""
    names = set("éßñø日€")
    for key in [*ALL_KEYS, *SCANCODE_KEYS]:
        for name in (pygame.key.name(key), pygame.key.name(key, use_compat=False)):
            try:
                if name and pygame.key.key_code(name):
                    names.add(name)
            except ValueError:
                continue
    return sorted(names)


KNOWN_NAMES = known_names()


def test_a_key_named_by_hand_saves_back_unchanged(tmp_path, capsys):
    # F24 has no pygame constant: pygame's own name for it is "", which the file once got.
    path = tmp_path / "settings.json"
    path.write_text('{"version": 1, "keys": {"jump": ["F24"], "fire": ["é"]}, "scale": 2}')
    s = load_settings(tmp_path)
    assert s.bindings[Buttons.JUMP] == (pygame.key.key_code("F24"),)
    save_settings(s, tmp_path)
    doc = json.loads(path.read_text())
    assert doc["keys"]["jump"] == ["F24"] and doc["keys"]["fire"] == ["é"]
    assert load_settings(tmp_path) == s
    assert capsys.readouterr().err == "", "nothing repaired, nothing set aside"


def test_a_key_bound_without_a_display_still_saves_a_name_that_loads(tmp_path, monkeypatch):
    # A tool (or a test) saving settings with no display: SDL cannot name F24 then.
    monkeypatch.setattr(pygame.display, "get_init", lambda: False)
    s = Settings()
    s.bindings[Buttons.JUMP] = (pygame.key.key_code("F24"),)
    s.bindings[Buttons.FIRE] = (0x40000000 | 500,)  # no name at all: stored by number
    save_settings(s, tmp_path)
    assert load_settings(tmp_path) == s
    assert (tmp_path / "settings.json").exists(), "not set aside"


@given(
    keys=st.dictionaries(
        st.sampled_from([settings_mod.action_name(b) for b in ACTIONS]),
        st.lists(st.sampled_from(KNOWN_NAMES), min_size=1, max_size=3),
    ),
    volumes=st.tuples(*[st.floats(0, 1)] * 3),
    scale=st.integers(1, settings_mod.MAX_SCALE),
    fullscreen=st.booleans(),
    display=st.booleans(),
)
@hypothesis_settings(deadline=None, max_examples=40)  # each example saves twice, with fsync
def test_any_settings_file_that_loads_saves_and_loads_back_the_same(
    keys, volumes, scale, fullscreen, display
):
    written = {
        "version": 1,
        "keys": keys,
        "volume": dict(zip(("master", "effects", "music"), volumes, strict=True)),
        "scale": scale,
        "fullscreen": fullscreen,
    }
    with (
        tempfile.TemporaryDirectory() as folder,
        contextlib.redirect_stderr(io.StringIO()) as err,
        mock.patch.object(pygame.display, "get_init", lambda: display),
    ):
        path = Path(folder) / "settings.json"
        path.write_text(json.dumps(written))
        first = load_settings(Path(folder))
        save_settings(first, Path(folder))
        saved = path.read_text()
        again = load_settings(Path(folder))
        assert err.getvalue() == "", "nothing repaired, nothing set aside"
        assert again == first
        save_settings(again, Path(folder))
        assert path.read_text() == saved, "saving what was loaded changes nothing"
    assert first.master_volume == volumes[0], "a volume saves as it loaded, unrounded"


@pytest.mark.parametrize(
    ("entry", "said", "check"),
    [
        ('"volume": {"master": NaN}', "volume.master NaN", lambda s: s.master_volume == 0.8),
        (
            '"volume": {"effects": -Infinity}',
            "volume.effects -Infinity",
            lambda s: s.effects_volume == 0.0,
        ),
        ('"volume": {"music": 1e400}', "volume.music", lambda s: s.music_volume == 1.0),
        ('"volume": {"music": 1.5}', "volume.music 1.5", lambda s: s.music_volume == 1.0),
        ('"scale": 1' + "0" * 30, "scale 1000", lambda s: s.scale == settings_mod.MAX_SCALE),
        ('"scale": -2', "scale -2", lambda s: s.scale == 1),
        ('"colour": "red"', '"colour"', lambda s: True),
        ('"keys": {"shoot": ["x"]}', '"keys.shoot"', lambda s: True),
    ],
    ids=["nan", "-inf", "1e400", "1.5", "scale-1e30", "scale-negative", "unknown", "action"],
)
def test_a_repaired_value_is_reported_in_one_line(tmp_path, capsys, entry, said, check):
    path = tmp_path / "settings.json"
    text = f'{{"version": 1, "fullscreen": true, {entry}}}'
    path.write_text(text)
    s = load_settings(tmp_path)
    assert check(s), s
    assert s.fullscreen, "the rest of the player's settings are kept"
    line = one_warning(capsys)
    assert line.startswith(f"gunner: {path}: {said}"), line
    assert "using" in line or "ignored" in line, "the line says what was done"
    assert path.read_text() == text, "a repair sets nothing aside"
    # What the repair gave saves and loads back without a word.
    save_settings(s, tmp_path)
    assert load_settings(tmp_path) == s and capsys.readouterr().err == ""


JSON_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-(10**40), 10**40)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=8)
    | st.sampled_from(KNOWN_NAMES)
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
ACTION_NAMES = [settings_mod.action_name(b) for b in ACTIONS]


@given(
    doc=st.fixed_dictionaries(
        {},
        optional={
            "version": st.sampled_from([1, 2, True, 1.0, "1"]) | JSON_VALUES,
            "keys": st.dictionaries(
                st.sampled_from([*ACTION_NAMES, "shoot"]),
                st.lists(st.sampled_from(KNOWN_NAMES) | st.text(max_size=4), max_size=3)
                | JSON_VALUES,
            )
            | JSON_VALUES,
            "volume": st.dictionaries(
                st.sampled_from(["master", "effects", "music", "voice"]),
                st.floats() | st.integers(-(10**40), 10**40) | JSON_VALUES,
            )
            | JSON_VALUES,
            "scale": st.integers(-(10**40), 10**40) | JSON_VALUES,
            "fullscreen": st.booleans() | JSON_VALUES,
            "colour": JSON_VALUES,
        },
    )
)
@hypothesis_settings(deadline=None, max_examples=60)
def test_whatever_a_hand_edited_file_holds_the_game_starts_and_saves_a_file_it_reads(doc):
    with (
        tempfile.TemporaryDirectory() as folder,
        contextlib.redirect_stderr(io.StringIO()) as err,
    ):
        path = Path(folder) / "settings.json"
        path.write_text(json.dumps(doc))
        loaded = load_settings(Path(folder))
        lines = err.getvalue().splitlines()
        assert len(lines) <= 13 and all(line.startswith(f"gunner: {path}: ") for line in lines)
        assert all(loaded.bindings[b] for b in ACTIONS), "every action can be pressed"
        err.truncate(0)
        err.seek(0)
        save_settings(loaded, Path(folder))
        assert load_settings(Path(folder)) == loaded
        assert err.getvalue() == "", "what the game saved loads without a word"


# -- keys per player, pads, switches: older files load, damage is mended in one line ------


def test_a_file_from_before_slots_and_pads_loads_and_saves_back_its_keys(tmp_path, capsys):
    old = {"version": 1, "keys": {"jump": ["c", "j", "space", "v"], "fire": ["x"]}, "scale": 2}
    (tmp_path / "settings.json").write_text(json.dumps(old))
    s = load_settings(tmp_path)
    assert s.bindings[Buttons.JUMP] == (pygame.K_c, pygame.K_j, pygame.K_SPACE)
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"gunner: {tmp_path / 'settings.json'}: keys.jump has more than 3 keys;"
                   " keeping c, j, space"]  # fmt: skip
    assert s.keys_by_player == {1: s.bindings} and s.pad_buttons == {}
    assert not s.reduce_flashing and s.ghost, "new switches start at their defaults"
    save_settings(s, tmp_path)
    doc = json.loads((tmp_path / "settings.json").read_text())
    assert doc["keys"]["jump"] == ["c", "j", "space"] and doc["keys"]["fire"] == ["x"]
    assert "player_keys" not in doc and "pads" not in doc, "nothing new to say: not written"


def test_a_second_players_keys_are_kept_by_slot(tmp_path):
    s = Settings()
    numpad = (pygame.K_KP4, pygame.K_KP6, pygame.K_KP8, pygame.K_KP5, pygame.K_KP0, pygame.K_KP1,
              pygame.K_KP2)  # fmt: skip
    s.keys_by_player[2] = {action: (k,) for action, k in zip(ACTIONS, numpad, strict=True)}
    save_settings(s, tmp_path)
    doc = json.loads((tmp_path / "settings.json").read_text())
    assert doc["player_keys"]["2"]["jump"] == ["[0]"]
    assert load_settings(tmp_path).keys_by_player[2][Buttons.FIRE] == (pygame.K_KP1,)


@pytest.mark.parametrize(
    ("entry", "said"),
    [
        ('"pads": {"nonsense": {"jump": ["a"]}}', 'pads."nonsense" is not a pad\'s id'),
        ('"pads": {"' + "0" * 32 + '": {"jump": ["z"]}}', "jump is not a list of button"),
        ('"reduce_flashing": "yes"', 'reduce_flashing "yes" is not true or false; using false'),
        ('"player_keys": {"9": {"jump": ["c"]}}', 'player_keys."9" is not a player from 2 to 4'),
    ],
)
def test_a_damaged_pad_or_switch_is_mended_in_one_line(tmp_path, capsys, entry, said):
    (tmp_path / "settings.json").write_text('{"version": 1, "scale": 2, ' + entry + "}")
    s = load_settings(tmp_path)
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and said in err[0], err
    assert s.scale == 2, "the rest of the file is kept"
    assert s.pad_buttons == {} and not s.reduce_flashing and list(s.keys_by_player) == [1]


def test_player_two_s_keyless_action_gets_player_two_s_default_back(tmp_path, capsys):
    (tmp_path / "settings.json").write_text('{"version": 1, "player_keys": {"2": {"jump": []}}}')
    s = load_settings(tmp_path)
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "player_keys.2.jump has no key; using f" in err[0], err
    assert s.keys_by_player[2][Buttons.JUMP] == (pygame.K_f,)


@pytest.mark.parametrize("bad", ['"sideways"', "3", "null", '["auto"]'])
def test_a_bad_split_mode_is_repaired_to_auto_in_one_line(tmp_path, capsys, bad):
    (tmp_path / "settings.json").write_text('{"version": 1, "scale": 2, "split": ' + bad + "}")
    s = load_settings(tmp_path)
    err = capsys.readouterr().err.strip().splitlines()
    refusal = "is not one of auto, vertical, always, never; using auto"
    assert len(err) == 1 and refusal in err[0], err
    assert s.split == "auto" and s.scale == 2


def test_split_mode_and_player_two_s_keys_round_trip(tmp_path):
    first = Settings(split="never")
    first.keys_by_player[2] = {**PLAYER_TWO_BINDINGS, Buttons.FIRE: (pygame.K_h, pygame.K_g)}
    save_settings(first, tmp_path)
    loaded = load_settings(tmp_path)
    assert loaded == first
    save_settings(loaded, tmp_path)
    assert load_settings(tmp_path) == loaded


def _saved_before_aim(keys: dict) -> dict:
    """A settings file as a game without the AIM action saved it: six actions."""
    doc = Settings().to_json()
    doc["keys"].pop("aim")
    doc["keys"].update(keys)
    return doc


def test_a_file_saved_before_aim_existed_gets_aim_s_default_keys():
    repairs: list[str] = []
    s = Settings.from_json(_saved_before_aim({}), repairs)
    assert s.bindings[Buttons.AIM] == DEFAULT_BINDINGS[Buttons.AIM] and repairs == []


def test_aim_never_takes_a_key_an_older_file_gave_to_another_action():
    """A player who had bound fire to L keeps L for fire alone; aim keeps Left Shift.
    With both of aim's keys taken, aim is left without one (the file is not refused:
    nothing the player set is lost) and saves and loads back so."""
    s = Settings.from_json(_saved_before_aim({"fire": ["l"]}), [])
    assert s.bindings[Buttons.FIRE] == (pygame.K_l,)
    assert s.bindings[Buttons.AIM] == (pygame.K_LSHIFT,)
    repairs: list[str] = []
    taken = _saved_before_aim({"fire": ["l"], "jump": ["left shift"]})
    s = Settings.from_json(taken, repairs)
    assert s.bindings[Buttons.JUMP] == (pygame.K_LSHIFT,) and s.bindings[Buttons.AIM] == ()
    assert repairs == ["keys.aim has no key: its keys do something else; bind one in Options"]
    again: list[str] = []
    assert Settings.from_json(s.to_json(), again).bindings == s.bindings and again == []


def test_a_pad_saved_before_aim_existed_keeps_its_shoulder_for_what_it_chose():
    bound = pad_buttons_from_json({"jump": ["a", "leftshoulder"]})
    shoulder = pygame.CONTROLLER_BUTTON_LEFTSHOULDER
    assert bound[Buttons.JUMP] == (pygame.CONTROLLER_BUTTON_A, shoulder)
    assert bound[Buttons.AIM] == ()
    assert pad_buttons_from_json({})[Buttons.AIM] == (pygame.CONTROLLER_BUTTON_LEFTSHOULDER,)
