"""The step timer (`gunner/timer.py`) at the edges the mutation run found unwatched."""

from __future__ import annotations

from gunner.timer import Timer


def test_a_floor_of_one_raises_a_stopped_timer_to_one_step():
    timer = Timer()
    assert timer.tick(floor=1) is False and timer.left == 1
    assert timer.tick(floor=1) is False and timer.left == 1  # it holds there
    assert timer.tick() is True and timer.left == 0
    assert timer.tick() is False and timer.left == 0
