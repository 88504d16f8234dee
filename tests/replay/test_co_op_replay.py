"""Two-player replays: one mask per player per step, a format one-player files never
use (they stay format 1, as every replay recorded before co-op), reproduced exactly."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from ascii_maps import FIELD, write_map
from gunner.input import Buttons, RandomInput
from gunner.level import load_level
from gunner.replay import CO_OP_FORMAT, FORMAT, Recorder, Replay, ReplayError, play
from gunner.stage import Stage


def record(tmp_path, players: int, steps: int = 400, leash: bool = False) -> tuple[Replay, str]:
    level = write_map(tmp_path, FIELD)
    stage = Stage(load_level(level, images=False), seed=5, players=players, leash=leash)
    recorder = Recorder(tmp_path / "run.replay")
    hands = [RandomInput(5, player=k + 1) for k in range(players)]
    for _ in range(steps):
        masks = tuple(h.next() for h in hands)
        recorder.record(stage, masks)
        stage.step(masks)
    recorder.save()
    return Replay.load(tmp_path / "run.replay"), stage.state_hash()


def test_a_two_player_run_replays_to_its_hash(tmp_path):
    replay, digest = record(tmp_path, players=2)
    assert replay.players == 2 and replay.state_hash == digest
    assert replay.masks != replay.partner  # two pairs of hands, not one twice
    stage = play(replay)
    assert len(stage.players) == 2 and stage.state_hash() == digest


def test_never_split_is_part_of_the_recording(tmp_path):
    replay, digest = record(tmp_path, players=2, leash=True)
    assert replay.leash
    assert play(replay).state_hash() == digest


def test_the_file_holds_one_list_of_runs_per_player(tmp_path):
    record(tmp_path, players=2, steps=50)
    data = json.loads((tmp_path / "run.replay").read_text())
    assert data["format"] == CO_OP_FORMAT and data["players"] == 2
    assert len(data["inputs"]) == 2
    assert all(sum(count for _, count in runs) == 50 for runs in data["inputs"])


def test_a_one_player_file_is_written_as_it_always_was(tmp_path):
    record(tmp_path, players=1, steps=50)
    data = json.loads((tmp_path / "run.replay").read_text())
    assert data["format"] == FORMAT == 1
    assert "players" not in data and "leash" not in data
    assert all(isinstance(run[0], int) for run in data["inputs"])


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda d: d["inputs"][1].append([0, 3]), "50 steps for player 1 and 53 for player 2"),
        (lambda d: d.update(players=3), "players 3 is not 2"),
        (lambda d: d.update(inputs=d["inputs"][:1]), "not one list of runs per player"),
        (lambda d: d.update(format=9), "newer gunner"),
    ],
)
def test_a_damaged_co_op_file_is_refused_in_one_line(tmp_path, change, says):
    record(tmp_path, players=2, steps=50)
    path = tmp_path / "run.replay"
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    with pytest.raises(ReplayError, match=says):
        Replay.load(path)


def test_player_two_leaving_ends_the_recording(tmp_path):
    level = write_map(tmp_path, FIELD)
    stage = Stage(load_level(level, images=False), players=2)
    recorder = Recorder(tmp_path / "run.replay")
    for _ in range(20):
        recorder.record(stage, (Buttons.RIGHT, Buttons.LEFT))
        stage.step((Buttons.RIGHT, Buttons.LEFT))
    stage.remove_player()
    recorder.record(stage, (Buttons.RIGHT,))  # the run it recorded is over: saved as it stood
    assert recorder.saved
    replay = Replay.load(tmp_path / "run.replay")
    assert replay.players == 2 and len(replay.masks) == 20


def test_headless_two_players_drive_both_record_and_replay(tmp_path):
    out = tmp_path / "co.replay"
    common = [sys.executable, "-m", "gunner", "--headless"]
    first = subprocess.run(
        [*common, "--players", "2", "--random-input", "--seed", "4", "--frames", "300",
         "--record", str(out)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    stats = json.loads(first.stdout.strip().splitlines()[-1])
    assert [p["player"] for p in stats["players"]] == [1, 2]
    assert all(p["shots"] > 0 for p in stats["players"])  # both were driven
    again = subprocess.run([*common, "--replay", str(out)], capture_output=True, text=True)
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout.strip().splitlines()[-1])["state_hash"] == stats["state_hash"]
