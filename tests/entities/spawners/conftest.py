"""What the spawner tests share: a siege stage (the `waves` objective) whose player
cannot be hurt, so a test watches the gates, not the player's death."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ascii_maps import make_stage
from gunner.stage import Stage


@pytest.fixture
def siege(tmp_path) -> Callable[..., Stage]:
    """siege(objects, rows=None): the map (FIELD unless `rows`) with these objects,
    the objective `waves`, an unhurtable player."""

    def make(objects: list[str], rows: list[str] | None = None) -> Stage:
        stage = make_stage(tmp_path, objects, rows=rows, objective="waves")
        stage.player.invulnerable = 1e9
        return stage

    return make
