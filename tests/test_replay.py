"""Deterministic replays: the same level, seed and masks always give the same state hash."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gunner.app import App
from gunner.config import LEVELS_DIR
from gunner.input import Buttons
from gunner.replay import (
    Recorder,
    Replay,
    ReplayError,
    ReplayInput,
    decode_runs,
    encode_runs,
    play,
)
from gunner.scenes.play import PlayScene
from maps import write_map

ROOT = Path(__file__).resolve().parent.parent  # the checkout

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
    assert run.returncode == 1
    assert run.stderr.count("\n") == 1 and str(bad) in run.stderr


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
    from gunner.level import load_level
    from gunner.stage import Stage
    from maps import write_map

    path = write_map(tmp_path, ["P...", "####"])
    a, b = Stage(load_level(path, images=False)), Stage(load_level(path, images=False))
    assert a.state_hash() == b.state_hash()
    b.player.keys.add("red")
    assert a.state_hash() != b.state_hash()
