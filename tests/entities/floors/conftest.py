"""What the floor tests share: a stage with a run of floor cells (a crumbling span, a
bridge: ascii_maps.CellRun) over the bottomless pit under it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ascii_maps import CellRun, make_stage
from gunner.stage import Stage


@pytest.fixture
def over_pit(tmp_path) -> Callable[..., Stage]:
    """over_pit(run, cols=None, **props): `run`'s objects (those cells, with these
    properties) over `run.pit()`, the player standing on the ground left of it."""

    def make(run: CellRun, cols: range | list[int] | None = None, **props: object) -> Stage:
        return make_stage(tmp_path, run.objects(cols, **props), run.pit())

    return make
