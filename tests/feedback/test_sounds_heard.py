"""What a player hears: every regression replay asks for the same sounds, on the same
steps and in the same order, as the stored lists (tests/feedback/heard/). The sounds
come from the Feedback layer's subscriptions to the world's events; a change to which
event is published where, or to which sound an event plays, shows here as the step
that now sounds different. (The finishing runs, which reach every boss, are checked
the same way in tests/replay/test_complete_runs.py, on the play they already make.)"""

from pathlib import Path

import pytest
from sounds_heard import REPLAYS, UPDATE, heard_file, play_hearing

REGRESSION = sorted(REPLAYS.glob("*.replay"))


def first_difference(got: list[str], want: list[str]) -> str:
    for now, before in zip(got, want, strict=False):
        if now != before:
            return f"now {now!r}, before {before!r}"
    return f"{len(got)} steps with sounds now, {len(want)} before"


def test_there_are_replays_to_hear() -> None:
    assert len(REGRESSION) >= 5


@pytest.mark.parametrize("path", REGRESSION, ids=lambda p: p.stem)
def test_a_recorded_run_sounds_as_it_did(path: Path) -> None:
    want = heard_file(path).read_text().splitlines()
    _, got = play_hearing(path)
    assert got == want, f"{path.name} sounds different: {first_difference(got, want)}; {UPDATE}"
