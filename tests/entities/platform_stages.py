"""The moving-platform tests' stages: a map of ASCII rows (FIELD by default) holding some
objects, its one platform, an entity moved within the tree, and a closed door."""

from __future__ import annotations

from typing import Any

from ascii_maps import FIELD, write_map
from gunner.entities.platform import MovingPlatform
from gunner.input import Buttons
from gunner.level import load_level
from gunner.stage import Stage
from gunner.timer import steps


def stage_with(tmp_path: Any, objects: list[str], rows: list[str] | None = None) -> Stage:
    path = write_map(tmp_path, rows or FIELD, extra_objects="".join(objects))
    return Stage(load_level(path, images=False), seed=1)


def the_platform(stage: Stage) -> MovingPlatform:
    (found,) = [e for e in stage.entities if isinstance(e, MovingPlatform)]
    return found


def put(stage: Stage, entity: Any, midbottom: tuple[float, float]) -> None:
    """Place a filed entity somewhere else (and file it there)."""
    stage.tree.remove(entity)
    entity.hitbox.midbottom = midbottom
    stage.tree.add(entity)


def slid_for(tmp_path: Any, objects: list[str], seconds: float) -> MovingPlatform:
    """The stage of `objects` run `seconds` with no input; its platform then."""
    stage = stage_with(tmp_path, objects)
    for _ in range(steps(seconds)):
        stage.step(Buttons.NONE)
    return the_platform(stage)


def door_at(x: float, y: float) -> str:
    """A closed door (16x48) with its top-left at (x, y)."""
    return (
        f'<object type="Door" x="{x}" y="{y}" width="16" height="48">'
        '<properties><property name="color" value="red"/></properties></object>'
    )
