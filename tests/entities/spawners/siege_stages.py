"""The spawner tests' stages: wave spawners (gates) on FIELD's floor, and the enemies
they let out."""

from __future__ import annotations

from ascii_maps import FLOOR, obj
from gunner.stage import Stage


def gate(x: float, w: float = 64, **props: object) -> str:
    """A spawner `w` px wide and 32 tall standing on FIELD's floor at x."""
    return obj("WaveSpawner", x, FLOOR - 32, w, 32, **props)


def enemies(stage: Stage) -> list:
    return [e for e in stage.entities if e.team == "enemy"]
