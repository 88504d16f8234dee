"""Recorded runs that finish every campaign level, and the outcome a replay stores.

`tests/replays/complete/levelN.replay` were found by the search bot (`tools/bot.py`,
`make demos`); the title screen's attract mode plays them. Each must still finish its
level (outcome "complete") on exactly its recorded state hash.
"""

import json
from pathlib import Path

import pytest
from sounds_heard import UPDATE, heard_file, play_hearing

from checkout import ROOT
from gunner.config import CAMPAIGN, LEVELS_DIR
from gunner.replay import EXIT_NOT_REPRODUCED, Replay, ReplayError, main, play

COMPLETE = ROOT / "tests" / "replays" / "complete"


def test_every_campaign_level_has_a_finishing_run_and_nothing_else_is_there() -> None:
    names = {p.stem for p in COMPLETE.glob("*.replay")}
    assert names == {name.removesuffix(".tmx") for name in CAMPAIGN}


@pytest.mark.parametrize("name", CAMPAIGN)
def test_a_recorded_run_finishes_its_campaign_level(name: str) -> None:
    path = COMPLETE / name.replace(".tmx", ".replay")
    assert path.exists(), f"no finishing run for {name}: find one with `make demos`"
    replay = Replay.load(path)
    assert replay.level_path.resolve() == (LEVELS_DIR / name).resolve()
    assert replay.outcome == "complete"
    stage, sounds = play_hearing(path)
    assert stage.outcome == "complete", (
        f"{path.name} no longer finishes {name} (it ended {stage.outcome}):"
        " the level or the game changed; find a new run with `make demos`"
    )
    assert stage.state_hash() == replay.state_hash, (
        f"{path.name} still finishes but on another state hash: if the change was on"
        " purpose, `make replays` stores the new one"
    )
    # What a player hears on the way, bosses included, step by step (the regression
    # replays are heard in tests/feedback/test_sounds_heard.py).
    assert sounds == heard_file(path).read_text().splitlines(), (
        f"{path.name} sounds different from before; {UPDATE}"
    )


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
    assert main([str(path)]) == EXIT_NOT_REPRODUCED
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
