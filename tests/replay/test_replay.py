"""Deterministic replays: the same level, seed and masks always give the same state hash."""

import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from ascii_maps import write_map
from checkout import ROOT
from gunner import replaycheck
from gunner.app import App
from gunner.config import LEVELS_DIR
from gunner.input import Buttons
from gunner.replay import (
    EXIT_DAMAGED,
    EXIT_NOT_REPRODUCED,
    NEWEST_FORMAT,
    Recorder,
    Replay,
    ReplayDamaged,
    ReplayError,
    ReplayInput,
    decode_runs,
    encode_runs,
    level_sha256,
    main,
    play,
    shown,
)
from gunner.replaycheck import ProgressLine
from gunner.scenes.play import PlayScene

SHIPPED = sorted(LEVELS_DIR.glob("*.tmx"))
REPLAYS = ROOT / "tests" / "replays"
ROWS = [
    "##############################",
    "#............................#",
    "#............................#",
    "#.........====...............#",
    "#............................#",
    "#.P........#..............E..#",
    "######..######################",
]


def run_gunner(*args: str, hashseed: str = "0") -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONHASHSEED=hashseed)
    return subprocess.run(
        [sys.executable, "-m", "gunner", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )


def last_json(run: subprocess.CompletedProcess) -> dict:
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout.strip().splitlines()[-1])


@given(st.lists(st.integers(0, 63), max_size=200))
def test_run_length_encoding_round_trips(masks):
    runs = encode_runs(masks)
    assert decode_runs(runs) == masks
    assert all(a[0] != b[0] for a, b in zip(runs, runs[1:], strict=False))


def test_recorded_run_replays_to_the_same_hash_whatever_the_hash_seed(tmp_path):
    level = write_map(tmp_path, ROWS)
    record = tmp_path / "run.replay"
    recorded = last_json(
        run_gunner(
            "--headless",
            "--level",
            str(level),
            "--random-input",
            "--seed",
            "5",
            "--frames",
            "900",
            "--record",
            str(record),
            hashseed="1",
        )  # fmt: skip
    )
    replay = Replay.load(record)
    assert len(replay.masks) == 900 and replay.seed == 5
    assert replay.state_hash == recorded["state_hash"]
    assert len(replay.to_json()["inputs"]) < 900 / 4, "inputs are run-length encoded"
    # --frames defaults to the replay's length; a different hash seed changes nothing.
    replayed = last_json(run_gunner("--headless", "--replay", str(record), hashseed="4242"))
    assert replayed["frames"] == 900
    assert replayed["state_hash"] == recorded["state_hash"]
    assert replayed["player"] == recorded["player"]


def test_a_tampered_input_gives_a_different_hash(tmp_path):
    flat = [row.replace("..####", "######") for row in ROWS]  # no pit to die in
    level = write_map(tmp_path, flat)
    masks = [int(Buttons.RIGHT | Buttons.FIRE)] * 100 + [int(Buttons.JUMP)] * 20 + [0] * 80
    honest = Replay(str(level), seed=3, masks=masks)
    expected = play(honest).state_hash()
    assert play(Replay(str(level), seed=3, masks=list(masks))).state_hash() == expected
    tampered = list(masks)
    tampered[150] = int(Buttons.LEFT)
    assert play(Replay(str(level), seed=3, masks=tampered)).state_hash() != expected
    assert play(Replay(str(level), seed=4, masks=masks)).state_hash() != expected


def test_damaged_replay_is_refused_in_one_line(tmp_path):
    bad = tmp_path / "bad.replay"
    bad.write_text('{"format": 1, "game": "gunner", "level": "x.tmx", "seed": 1, "inputs": [[1')
    run = run_gunner("--headless", "--replay", str(bad))
    assert run.returncode == EXIT_DAMAGED  # as `python -m gunner.replay` says it
    assert run.stderr.count("\n") == 1 and str(bad) in run.stderr
    assert "damaged replay" in run.stderr and "ends early" in run.stderr


@pytest.mark.parametrize(
    "level, seed, inputs",
    [
        ('"levels/level1.tmx"', "1e400", "[[1, 5]]"),  # a seed too big for an int
        ('"levels/level1.tmx"', "1.5", "[[1, 5]]"),
        ("null", "1", "[[1, 5]]"),
        ('"levels/level1.tmx"', "1", "[[1, 1000000000000]]"),  # more steps than memory
    ],
)
def test_replay_with_a_bad_field_is_refused_naming_the_file(tmp_path, level, seed, inputs):
    bad = tmp_path / "bad.replay"
    bad.write_text(
        f'{{"format": 1, "game": "gunner", "level": {level}, "seed": {seed}, "inputs": {inputs}}}'
    )
    with pytest.raises(ReplayError, match=f"^{re.escape(str(bad))}: "):
        Replay.load(bad)


def test_window_recording_and_replay_match_headless(tmp_path):
    level = write_map(tmp_path, ROWS)
    path = tmp_path / "window.replay"
    app = App(scale=1, recorder=Recorder(path))
    scene = PlayScene(level, seed=2)
    app.push(scene)
    masks = [Buttons.RIGHT] * 60 + [Buttons.RIGHT | Buttons.JUMP] * 15 + [Buttons.FIRE] * 40
    for held in masks:
        scene.step(app, held)
    app.recorder.save()
    replay = Replay.load(path)
    assert replay.masks == [int(m) for m in masks]
    assert replay.state_hash == scene.stage.state_hash() == play(replay).state_hash()
    # Played back in a window, the replay's masks drive the player, not the hands.
    watched = PlayScene(level, seed=2, replay=ReplayInput(replay.masks))
    app.reset_to(watched)
    for _ in masks:
        watched.step(app, Buttons.LEFT)
    assert watched.stage.state_hash() == replay.state_hash


def test_every_shipped_level_has_a_regression_replay():
    assert SHIPPED, "levels/ holds no .tmx map"
    missing = [p.name for p in SHIPPED if not (REPLAYS / f"{p.stem}.replay").exists()]
    assert not missing, f"record them with `make replays`: {missing}"


@pytest.mark.parametrize("level", SHIPPED, ids=lambda p: p.name)
def test_shipped_level_replay_gives_its_recorded_hash(level):
    path = REPLAYS / f"{level.stem}.replay"
    if not path.exists():
        pytest.skip("no replay recorded (see test_every_shipped_level_has_a_regression_replay)")
    replay = Replay.load(path)
    assert replay.level_path.resolve() == level.resolve()
    assert play(replay).state_hash() == replay.state_hash, (
        "the simulation changed: if on purpose, re-record with "
        "`python -m gunner.replay --update tests/replays`"
    )


def test_a_replay_that_cannot_be_saved_raises_one_line(tmp_path):
    (tmp_path / "afile").write_text("")
    for target in (tmp_path, tmp_path / "afile" / "run.replay"):
        with pytest.raises(ReplayError, match=f"^{re.escape(str(target))}: cannot save"):
            Replay("levels/level1.tmx", seed=1, masks=[0]).save(target)


def test_keycards_held_are_part_of_the_state_hash(tmp_path):
    from ascii_maps import write_map
    from gunner.level import load_level
    from gunner.stage import Stage

    path = write_map(tmp_path, ["P...", "####"])
    a, b = Stage(load_level(path, images=False)), Stage(load_level(path, images=False))
    assert a.state_hash() == b.state_hash()
    b.player.keys.add("red")
    assert a.state_hash() != b.state_hash()


# -- replay files the game must refuse in one line, without hanging ----------------------


def replay_text(level: str = '"levels/level1.tmx"', inputs: str = "[[1, 5]]") -> str:
    return f'{{"format": 1, "game": "gunner", "level": {level}, "seed": 1, "inputs": {inputs}}}'


def load_in_time(path, seconds: float = 10.0):
    """Replay.load in a thread: a hang fails the test instead of stopping the suite."""
    outcome: list = []

    def work():
        try:
            outcome.append(Replay.load(path))
        except ReplayError as exc:
            outcome.append(exc)

    worker = threading.Thread(target=work, daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), "loading the replay hung"
    return outcome[0]


def refused(path) -> str:
    error = load_in_time(path)
    assert isinstance(error, ReplayError), "the replay was accepted"
    message = str(error)
    assert message.startswith(f"{path}: ") and "\n" not in message and len(message) < 400
    return message


@pytest.mark.parametrize(
    ("text", "cause"),
    [
        (replay_text(inputs="[[1, " + "9" * 5000 + "]]"), "5,000 digits"),
        (replay_text(inputs="[[1, " + "9" * 4000 + "]]"), "4,000 digits"),
        (replay_text(inputs="[[1, " + "9" * 30 + "]]"), "longer than"),
        (replay_text(inputs="[" * 100_000 + "]" * 100_000), "nested 100001 levels"),
        (replay_text(level="[" * 50_000 + "]" * 50_000), "nested"),
        (replay_text() + " " * (33 << 20), "larger than"),
    ],
    ids=["5000-digit-count", "4000-digit-count", "30-digit-count", "deep", "deep-level", "huge"],
)
def test_hostile_replay_is_refused_in_one_line(tmp_path, text, cause):
    path = tmp_path / "hostile.replay"
    path.write_text(text)
    assert cause in refused(path)


@pytest.mark.parametrize(
    ("level", "cause"),
    [
        ('"levels/nope.tmx"', "its level levels/nope.tmx is missing"),
        ('"/dev/zero"', "not a path to a .tmx map"),
        ('"levels/../../../../../etc/passwd"', "not a path to a .tmx map"),
        ('"bad\\u0000name.tmx"', "not a path to a .tmx map"),
        ('"' + "x" * 100_000 + '.tmx"', "not a path to a .tmx map"),
        ('""', "not a path to a .tmx map"),
    ],
    ids=["missing", "device", "escape", "nul", "megabyte", "empty"],
)
def test_replay_with_a_hostile_level_names_the_replay_and_the_cause(tmp_path, level, cause):
    path = tmp_path / "hostile.replay"
    path.write_text(replay_text(level=level))
    assert cause in refused(path)


def test_a_long_level_path_is_cut_in_the_middle_so_the_message_names_the_file():
    deep = "/home/player/" + "very-long-folder/" * 20 + "my-best-level.tmx"
    text = shown(deep)
    assert len(text) == 80 and "..." in text
    assert text.startswith("/home/player/") and text.endswith("my-best-level.tmx")
    assert shown("levels/level1.tmx") == "levels/level1.tmx"  # short ones stay whole


@pytest.mark.parametrize("kind", ["fifo", "folder", "zero-link"])
def test_replay_whose_level_is_a_special_file_is_refused_without_hanging(tmp_path, kind):
    level = tmp_path / "trap.tmx"
    if kind == "fifo":
        os.mkfifo(level)
    elif kind == "folder":
        level.mkdir()
    else:
        level.symlink_to("/dev/zero")
    path = tmp_path / "trap.replay"
    path.write_text(replay_text(level=json.dumps(str(level))))
    message = refused(path)
    assert shown(str(level)) in message  # a long path is cut short, as in every message
    assert {"fifo": "FIFO", "folder": "folder", "zero-link": "device"}[kind] in message


def test_a_replay_file_that_is_a_fifo_is_refused_without_hanging(tmp_path):
    path = tmp_path / "pipe.replay"
    os.mkfifo(path)
    assert "FIFO" in refused(path)


def test_hostile_replay_on_the_command_line_is_one_line_without_traceback(tmp_path):
    path = tmp_path / "hostile.replay"
    path.write_text(replay_text(inputs="[[1, " + "9" * 5000 + "]]"))
    for args in (["-m", "gunner", "--headless", "--replay"], ["-m", "gunner.replay"]):
        run = subprocess.run(
            [sys.executable, *args, str(path)], capture_output=True, text=True, timeout=120
        )
        # The file is to blame: never the status that says the game changed.
        if args[-1] == "gunner.replay":
            assert run.returncode == EXIT_DAMAGED
        assert run.returncode not in (0, EXIT_NOT_REPRODUCED)
        assert run.stderr.count("\n") == 1 and str(path) in run.stderr, run.stderr
        assert "damaged replay" in run.stderr and "Traceback" not in run.stderr


def test_missing_level_names_the_replay_file_on_the_command_line(tmp_path):
    level = write_map(tmp_path, ROWS)
    path = tmp_path / "run.replay"
    Replay(str(level), seed=1, masks=[0] * 10).save(path)
    level.unlink()
    run = run_gunner("--headless", "--replay", str(path))
    assert run.returncode == 1
    assert run.stderr.count("\n") == 1
    assert str(path) in run.stderr and shown(str(level)) in run.stderr
    assert "missing" in run.stderr


# -- a replay whose level changed says so ------------------------------------------------

FLAT = [row.replace("..####", "######") for row in ROWS]  # no pit: the run lasts


def recorded_on(tmp_path) -> tuple[Path, Path]:
    """A level and a replay recorded on it (headless, as `--record` does)."""
    level = write_map(tmp_path, FLAT)
    path = tmp_path / "run.replay"
    run_gunner(
        "--headless", "--level", str(level), "--random-input", "--seed", "3",
        "--frames", "300", "--record", str(path),
    )  # fmt: skip
    return level, path


def test_a_recording_stores_the_hash_of_its_level_and_tileset_files(tmp_path):
    level, path = recorded_on(tmp_path)
    assert Replay.load(path).level_sha256 == level_sha256(level)
    assert level_sha256(level) != hashlib.sha256(level.read_bytes()).hexdigest(), "+ tileset"
    assert not Replay.load(path).level_changed()
    # New tile art plays the same; a tileset edit (solidity lives there) may not.
    (tmp_path / "t.png").write_bytes((tmp_path / "t.png").read_bytes() + b"\0")
    assert not Replay.load(path).level_changed()
    with (tmp_path / "t.tsx").open("a") as tsx:
        tsx.write("<!-- edited -->\n")
    assert Replay.load(path).level_changed()


def test_a_replay_of_a_changed_level_says_so_and_fails(tmp_path):
    level, path = recorded_on(tmp_path)
    # The designer moves the enemy: the run no longer plays out the same.
    write_map(tmp_path, [row.replace("E..#", "..E#") for row in FLAT])
    run = run_gunner("--headless", "--replay", str(path))
    assert run.returncode == EXIT_NOT_REPRODUCED
    assert json.loads(run.stdout.strip().splitlines()[-1])["frames"] == 300, "stats still shown"
    assert run.stderr.count("\n") == 1
    assert str(path) in run.stderr and "did not reproduce" in run.stderr
    assert "its level" in run.stderr and "changed since it was recorded" in run.stderr
    check = subprocess.run(
        [sys.executable, "-m", "gunner.replay", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert check.returncode == EXIT_NOT_REPRODUCED and "MISMATCH" in check.stdout
    assert "changed since it was recorded" in check.stderr
    assert "the run may not play out the same" in Replay.load(path).level_warning(path)


def test_a_replay_of_an_unchanged_level_that_differs_blames_the_game(tmp_path):
    level, path = recorded_on(tmp_path)
    doc = json.loads(path.read_text())
    doc["state_hash"] = "0" * 64  # as if the simulation had changed since
    path.write_text(json.dumps(doc))
    run = run_gunner("--headless", "--replay", str(path))
    assert run.returncode == EXIT_NOT_REPRODUCED
    assert "the game changed since it was recorded" in run.stderr
    assert Replay.load(path).level_warning(path) is None
    # Stopped early (--frames), a replay makes no claim about the end.
    assert run_gunner("--headless", "--replay", str(path), "--frames", "10").returncode == 0


def test_a_replay_recorded_before_level_hashes_still_plays(tmp_path):
    level, path = recorded_on(tmp_path)
    doc = json.loads(path.read_text())
    del doc["level_sha256"]
    path.write_text(json.dumps(doc))
    replay = Replay.load(path)
    assert replay.level_sha256 is None and not replay.level_changed()
    assert run_gunner("--headless", "--replay", str(path)).returncode == 0
    # --update blesses it against the level as it is now, hash included.
    subprocess.run(
        [sys.executable, "-m", "gunner.replay", "--update", str(path)], check=True, timeout=120
    )
    assert Replay.load(path).level_sha256 == level_sha256(level)


def test_a_window_recording_stores_the_level_as_it_was_when_it_began(tmp_path):
    level = write_map(tmp_path, FLAT)
    before = level_sha256(level)
    path = tmp_path / "window.replay"
    app = App(scale=1, recorder=Recorder(path))
    scene = PlayScene(level, seed=2)
    app.push(scene)
    scene.step(app, Buttons.RIGHT)
    write_map(tmp_path, ROWS)  # edited while playing (the stage keeps the old map)
    scene.step(app, Buttons.RIGHT)
    app.recorder.save()
    assert Replay.load(path).level_sha256 == before
    assert Replay.load(path).level_changed()


def test_quitting_to_the_title_saves_the_recording_there_and_then(tmp_path):
    """`--record`: leaving the run for the title writes the replay at once; it used to
    be written only when the window closed."""
    from gunner.scenes.title import TitleScene

    level = write_map(tmp_path, FLAT)
    path = tmp_path / "window.replay"
    app = App(scale=1, recorder=Recorder(path))
    scene = PlayScene(level, seed=2)
    app.push(scene)
    for _ in range(30):
        scene.step(app, Buttons.RIGHT)
    assert not path.exists()
    app.reset_to(TitleScene())
    replay = Replay.load(path)
    assert replay.masks == [int(Buttons.RIGHT)] * 30
    assert replay.state_hash == scene.stage.state_hash()


def watch_in_window(monkeypatch, path, capsys, extra_steps=30):
    """`python -m gunner --replay PATH` in a (dummy) window, the player watching until
    `extra_steps` after the replay ends and then closing it. Returns the exit status,
    stderr, the play scene and whether its last frame showed a warning banner."""
    import pygame

    from gunner.__main__ import main

    seen = []

    def watch(app, first):  # App.run's loop, without the wall clock
        app.push(first)
        for _ in range(len(first.replay) + extra_steps):
            first.step(app, Buttons.LEFT)  # the hands do nothing to a replay
        shown, plain = pygame.Surface((480, 270)), pygame.Surface((480, 270))
        first.draw(app, shown)
        expected, first.replay_hash = first.replay_hash, ""  # the same frame, unwarned
        first.draw(app, plain)
        first.replay_hash = expected
        bottom = pygame.Rect(0, 250, 480, 20)
        banner = pygame.surfarray.array3d(shown.subsurface(bottom)).tolist() != (
            pygame.surfarray.array3d(plain.subsurface(bottom)).tolist()
        )
        seen.extend([first, banner])

    monkeypatch.setattr(App, "run", watch)
    status = main(["--replay", str(path)])
    return status, capsys.readouterr().err, *seen


def test_a_window_replay_reports_whether_it_reproduced(tmp_path, monkeypatch, capsys):
    level, path = recorded_on(tmp_path)
    status, err, scene, banner = watch_in_window(monkeypatch, path, capsys)
    assert status == 0 and err == ""
    assert scene.replay_end_hash == Replay.load(path).state_hash
    assert not banner
    # The designer moves the enemy: watched to its end, the run says it did not reproduce,
    # in the window and in its exit status.
    write_map(tmp_path, [row.replace("E..#", "..E#") for row in FLAT])
    status, err, scene, banner = watch_in_window(monkeypatch, path, capsys)
    assert status == EXIT_NOT_REPRODUCED
    assert "did not reproduce" in err and "its level" in err and "changed since" in err
    assert scene.replay_end_hash != Replay.load(path).state_hash
    assert banner


# -- a damaged replay blames itself, not the game ------------------------------------------


def shipped_doc() -> dict:
    return json.loads((REPLAYS / "level1.replay").read_text())


def without_steps(doc: dict) -> dict:
    """`steps` is optional (it only cross-checks the inputs): a damaged file may lack it."""
    return {k: v for k, v in doc.items() if k != "steps"}


DAMAGED = {
    # Each was once played, and blamed on the game ("the game changed", exit 3).
    "count-true": (lambda d: {**d, "inputs": [[38, True], *d["inputs"][1:]]}, "inputs[0] steps"),
    "negative-seed": (lambda d: {**d, "seed": -7}, "seed -7"),
    "hash-number": (lambda d: {**d, "state_hash": 12345}, "state_hash 12345"),
    "hash-short": (lambda d: {**d, "state_hash": "abc"}, "state_hash"),
    "level-hash-list": (lambda d: {**d, "level_sha256": []}, "level_sha256"),
    "mask-true": (lambda d: {**d, "inputs": [[True, 40], *d["inputs"][1:]]}, "inputs[0] buttons"),
    "steps-true": (lambda d: {**d, "steps": True}, "steps true"),
    "run-of-three": (lambda d: {**d, "inputs": [[38, 40, 1], *d["inputs"][1:]]}, "inputs[0]"),
    "version-number": (lambda d: {**d, "version": 1}, "version 1"),
    "format-true": (lambda d: {**d, "format": True}, "format true"),
    "level-number": (lambda d: {**d, "level": 7}, "level 7"),
}


@pytest.mark.parametrize(("change", "field"), DAMAGED.values(), ids=DAMAGED.keys())
def test_a_damaged_field_is_named_and_the_game_not_blamed(tmp_path, capsys, change, field):
    path = tmp_path / "damaged.replay"
    path.write_text(json.dumps(change(without_steps(shipped_doc()))))
    with pytest.raises(ReplayDamaged) as caught:
        Replay.load(path)
    assert str(caught.value).startswith(f"{path}: damaged replay: {field}"), caught.value
    assert main([str(path)]) == EXIT_DAMAGED
    out, err = capsys.readouterr()
    assert out == "" and err == f"gunner.replay: {caught.value}\n", "one line, nothing played"


@pytest.mark.parametrize(
    ("damage", "cause"),
    [
        (lambda text: text[: len(text) // 2], "it ends early"),  # a cut-off copy
        (lambda text: text.replace(",", ";", 5), "Expecting"),  # garbled
        (lambda text: "", "an empty file"),
        (lambda text: text.replace('"gunner"', '"other"'), "not a gunner replay"),
    ],
    ids=["truncated", "garbled", "empty", "another-game"],
)
def test_a_cut_off_or_garbled_replay_says_it_is_damaged(tmp_path, capsys, damage, cause):
    path = tmp_path / "damaged.replay"
    path.write_text(damage((REPLAYS / "level1.replay").read_text()))
    assert main([str(path)]) == EXIT_DAMAGED
    err = capsys.readouterr().err
    assert err.startswith(f"gunner.replay: {path}: damaged replay: ") and cause in err
    assert err.count("\n") == 1


def test_a_damaged_replay_played_by_the_game_is_not_blamed_on_the_game(tmp_path):
    # Once this played one step short and said "the game changed since it was recorded".
    path = tmp_path / "damaged.replay"
    path.write_text(json.dumps(DAMAGED["count-true"][0](without_steps(shipped_doc()))))
    run = run_gunner("--headless", "--replay", str(path))
    assert run.returncode not in (0, EXIT_NOT_REPRODUCED)
    assert (
        run.stderr == f"gunner: {path}: damaged replay: inputs[0] steps true is not a whole"
        " number of steps\n"
    )


def test_a_replay_from_a_newer_game_is_not_called_damaged(tmp_path, capsys):
    path = tmp_path / "newer.replay"
    path.write_text(json.dumps({**shipped_doc(), "format": NEWEST_FORMAT + 1}))
    with pytest.raises(ReplayError, match="newer gunner") as caught:
        Replay.load(path)
    assert not isinstance(caught.value, ReplayDamaged)
    assert main([str(path)]) == 1


def test_a_replay_with_a_negative_seed_is_never_written(tmp_path):
    path = tmp_path / "run.replay"
    with pytest.raises(ReplayError, match="negative"):
        Replay("levels/level1.tmx", seed=-1, masks=[0]).save(path)
    assert not path.exists(), "no file the next load would refuse"


def test_every_stored_replay_still_loads_as_sound(capsys):
    files = sorted(REPLAYS.glob("*.replay")) + sorted((REPLAYS / "complete").glob("*.replay"))
    assert len(files) >= 8
    for path in files:
        Replay.load(path)  # raises if the stricter reading called it damaged


def test_a_replay_whose_level_no_longer_loads_says_the_level_changed(tmp_path, capsys):
    level, path = recorded_on(tmp_path)
    level.write_text("<map>not a map the game can play</map>")
    assert main([str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"gunner.replay: {path}: its level {shown(str(level))} changed since")
    assert err.count("\n") == 1


# -- python -m gunner.replay on many files, long files, no files ----------------------------


def test_an_empty_folder_is_reported_not_passed(tmp_path, capsys):
    empty = tmp_path / "replays"
    empty.mkdir()
    (empty / "notes.txt").write_text("not a replay")
    assert main([str(empty)]) == 1
    assert capsys.readouterr().err == f"gunner.replay: {empty}: no .replay files in this folder\n"


def test_the_exit_status_blames_the_game_only_if_every_failed_replay_ran(tmp_path, capsys):
    level, path = recorded_on(tmp_path)
    doc = json.loads(path.read_text())
    mismatch = tmp_path / "mismatch.replay"
    mismatch.write_text(json.dumps({**doc, "state_hash": "0" * 64}))
    damaged = tmp_path / "damaged.replay"
    damaged.write_text(json.dumps({**doc, "seed": -3}))
    assert main([str(path)]) == 0
    assert main([str(path), str(mismatch)]) == EXIT_NOT_REPRODUCED
    assert main([str(mismatch), str(damaged)]) == EXIT_DAMAGED
    assert main([str(mismatch), str(tmp_path / "missing.replay")]) == 1
    err = capsys.readouterr().err
    assert "the game changed" in err and "seed -3 is negative" in err and "no such file" in err


def test_a_long_verification_shows_its_progress_on_stderr(tmp_path, capsys, monkeypatch):
    level, path = recorded_on(tmp_path)  # 300 steps
    monkeypatch.setattr("gunner.replay.record.PROGRESS_STEPS", 100)
    monkeypatch.setattr(replaycheck, "PROGRESS_SECONDS", 0.0)  # as if each 100 took long
    assert main([str(path)]) == 0
    out, err = capsys.readouterr()
    assert out == f"{path}: ok\n", "stdout keeps one verdict per file, for scripts"
    lines = err.splitlines()
    assert [line.split(": ")[-1].split(" (")[0] for line in lines] == ["33.3%", "66.6%"]
    assert all(line.startswith(f"gunner.replay: {path}: ") for line in lines)
    assert "100 of 300 steps" in lines[0] and "left)" in lines[0]


def test_progress_is_shown_every_few_seconds_not_every_step(capsys):
    now = [0.0]
    line = ProgressLine(Path("long.replay"), clock=lambda: now[0])
    for done in range(600, 2_160_000, 600):  # 2,160,000 steps, 1 s per 600 of them
        now[0] += 1.0
        line(done, 2_160_000)
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 3600 // 5 - 1, "a line every 5 s of a one-hour run"
    assert lines[0] == (
        "gunner.replay: long.replay: 0.1% (3,000 of 2,160,000 steps, about 60 min left)"
    )
    assert lines[-1].startswith("gunner.replay: long.replay: 99.8% ")
    # A run shorter than that prints nothing.
    quick = ProgressLine(Path("short.replay"), clock=lambda: 0.0)
    quick(600, 3000)
    assert capsys.readouterr().err == ""


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**30), 10**30)
    | st.floats()
    | st.text(max_size=6)
    | st.just("0" * 64),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=8,
)
FIELDS = ["format", "game", "version", "level", "level_sha256", "seed", "steps", "inputs"]
FIELDS += ["state_hash", "outcome"]


@given(
    changes=st.dictionaries(
        st.sampled_from(FIELDS),
        JSON_VALUES | st.lists(st.lists(st.integers(-2, 70), max_size=3), max_size=4),
        max_size=3,
    ),
    dropped=st.sets(st.sampled_from(FIELDS), max_size=2),
)
@hypothesis_settings(deadline=None)  # each example writes (with fsync) and reads files
def test_a_replay_either_loads_and_saves_back_the_same_or_is_refused_in_one_line(changes, dropped):
    doc = {k: v for k, v in {**shipped_doc(), **changes}.items() if k not in dropped}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "edited.replay"
        path.write_text(json.dumps(doc))
        try:
            replay = Replay.load(path)
        except ReplayError as exc:
            message = str(exc)
            assert message.startswith(f"{path}: ") and "\n" not in message, message
            assert len(message) < 400
            return
        again = Path(folder) / "saved.replay"
        replay.save(again)
        assert Replay.load(again) == replay, "what loads saves and loads back the same"
