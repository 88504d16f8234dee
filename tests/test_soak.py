"""Short soak runs: random play on every shipped level keeps the quadtree in step."""

import pytest

from gunner.level import load_level
from gunner.soak import SoakError, check_invariants, main, shipped_levels, soak_level
from gunner.stage import Stage
from maps import write_map

ROWS = [
    "########################",
    "#......................#",
    "#........====..........#",
    "#.P..................E.#",
    "#####..#################",
]


@pytest.mark.parametrize("level", shipped_levels(), ids=lambda p: p.name)
def test_short_soak_on_every_shipped_level(level):
    # The long run (100,000 steps per level, memory traced) is `make soak`.
    result = soak_level(level, frames=3000, seed=1, memory=False)
    assert result.steps == 3000


def test_soak_restarts_decided_runs_and_measures_memory(tmp_path):
    # The pit at columns 5-6 kills the random runner again and again.
    result = soak_level(write_map(tmp_path, ROWS), frames=4000, seed=2)
    assert result.restarts >= 1, "a decided run restarts so the soak keeps playing"
    assert result.peak_kib > 0 and result.second_quarter_kib > 0 and result.last_quarter_kib > 0


def test_invariant_check_catches_a_lost_quadtree_item(tmp_path):
    stage = Stage(load_level(write_map(tmp_path, ROWS), images=False))
    check_invariants(stage, "test", 0)
    stage.tree.remove(stage.player)  # what a forgotten re-add would look like
    with pytest.raises(SoakError, match="quadtree holds"):
        check_invariants(stage, "test", 7)


def test_command_line_summary(tmp_path, capsys):
    assert main(["--frames", "400", "--no-memory", str(write_map(tmp_path, ROWS))]) == 0
    assert "steps/s" in capsys.readouterr().out
