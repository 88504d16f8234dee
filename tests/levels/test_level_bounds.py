"""Every campaign level takes at least 90 s to finish: a lower bound computed from the
level and the rules (`tools/level_bound.py`), never a timed run."""

import sys
from pathlib import Path

import pytest

from ascii_maps import obj, write_map
from checkout import ROOT
from gunner.config import CAMPAIGN, LEVELS_DIR, TILE
from gunner.replay import Replay

sys.path.insert(0, str(ROOT / "tools"))
import level_bound  # noqa: E402

sys.path.remove(str(ROOT / "tools"))

SHORTEST = 90.0  # s of game time, issue 13
COMPLETE = ROOT / "tests" / "replays" / "complete"


@pytest.fixture(scope="module")
def bounds() -> dict[str, level_bound.Bound]:
    return {name: level_bound.lower_bound(LEVELS_DIR / name) for name in CAMPAIGN}


@pytest.mark.parametrize("name", CAMPAIGN)
def test_no_run_can_finish_a_campaign_level_in_under_90_seconds(bounds, name: str) -> None:
    bound = bounds[name]
    assert bound.total >= SHORTEST, (
        f"{name} can be finished in {bound.total:.1f} s: make it longer\n" + "\n".join(bound.notes)
    )


@pytest.mark.parametrize("name", CAMPAIGN)
def test_the_bound_is_below_the_recorded_finishing_run(bounds, name: str) -> None:
    """A lower bound above a real finishing run would be wrong: the bot's run is an
    upper bound on the shortest one."""
    path = COMPLETE / name.replace(".tmx", ".replay")
    if not path.exists():
        pytest.skip("no finishing run recorded (test_complete_runs says so)")
    seconds = len(Replay.load(path).masks) / 60
    assert bounds[name].total <= seconds


# A 60-tile valley: the player at column 20, the exit at column 57, and a wall at column 40
# from the top of the map down to a doorway 3 tiles tall (rows 12 to 14).
CORRIDOR = (
    ["." * 40 + "#" + "." * 19] * 12
    + ["." * 60] * 2
    + ["." * 20 + "P" + "." * 36 + "E..", "#" * 60]
)


def _bound(tmp_path: Path, *objects: str) -> level_bound.Bound:
    path = write_map(tmp_path, CORRIDOR, extra_objects="".join(objects))
    return level_bound.lower_bound(path)


def test_the_bound_is_the_run_to_the_exit_less_its_allowances(tmp_path: Path) -> None:
    bound = _bound(tmp_path)
    straight = (57 - 20) * TILE / level_bound.RUN_SPEED
    assert straight - 6.0 < bound.total < straight


def test_a_keycard_behind_the_player_adds_the_walk_back_a_death_can_only_shorten(
    tmp_path: Path,
) -> None:
    plain = _bound(tmp_path).total
    door = obj("Door", 40 * TILE, 12 * TILE, 16, 48, color="red")
    near = _bound(tmp_path, door, obj("Keycard", 22 * TILE + 8, 15 * TILE, color="red")).total
    far = _bound(tmp_path, door, obj("Keycard", 2 * TILE + 8, 15 * TILE, color="red")).total
    assert near == pytest.approx(plain, abs=0.5)  # picked up on the way
    walk_there = 18 * TILE / level_bound.RUN_SPEED
    # There, then back: walking (2 x 18 tiles) or dying (DEATH_DELAY, back at the spawn).
    assert far - plain >= walk_there + min(walk_there, level_bound.DEATH_DELAY) - 0.5
    assert far - plain <= 2 * walk_there + 0.5
