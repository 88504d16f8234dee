"""The outcome a replay stores ("complete", "dead"), checked like its state hash."""

import json
from pathlib import Path

import pytest

from gunner.replay import Replay, ReplayError, main, play


def _short_replay(tmp_path: Path, outcome: str | None) -> Path:
    """A few steps of level 1, stored with its true hash and the given outcome."""
    replay = Replay(level="levels/level1.tmx", seed=1, masks=[0] * 5)
    replay.state_hash = play(replay).state_hash()
    replay.outcome = outcome
    path = tmp_path / "run.replay"
    replay.save(path)
    return path


def test_a_replay_stores_its_outcome_and_one_without_it_still_loads(tmp_path: Path) -> None:
    path = _short_replay(tmp_path, "dead")
    assert json.loads(path.read_text())["outcome"] == "dead"
    assert Replay.load(path).outcome == "dead"
    undecided = _short_replay(tmp_path, None)
    doc = json.loads(undecided.read_text())
    assert "outcome" not in doc  # as replays were before the field existed
    assert Replay.load(undecided).outcome is None


def test_a_replay_whose_outcome_is_not_reproduced_fails_like_a_hash_mismatch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The hash matches (five idle steps) but the run is said to have finished.
    path = _short_replay(tmp_path, "complete")
    assert main([str(path)]) == 1
    err = capsys.readouterr().err
    assert "did not reproduce" in err and "undecided, not complete" in err
    # --update refuses to bless a finishing run that no longer finishes.
    assert main(["--update", str(path)]) == 1
    assert "make demos" in capsys.readouterr().err
    assert Replay.load(path).outcome == "complete"


def test_an_unknown_outcome_is_refused_in_one_line(tmp_path: Path) -> None:
    path = _short_replay(tmp_path, None)
    doc = json.loads(path.read_text())
    doc["outcome"] = "won"
    path.write_text(json.dumps(doc))
    with pytest.raises(ReplayError, match="damaged replay"):
        Replay.load(path)
