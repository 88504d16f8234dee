"""The state hash covers every field an entity or the stage carries between steps:
changing any one of them, of any kind, changes the hash."""

from __future__ import annotations

import dataclasses
import enum

import pygame
import pytest

from gunner.crowd import add_crowd
from gunner.input import Buttons
from gunner.level import load_level
from gunner.stage import Stage


def changed(value):
    """A different value of the same kind."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, enum.Flag):
        return type(value)(int(value) ^ 1)  # a combination of buttons
    if isinstance(value, enum.Enum):
        members = list(type(value))
        return members[(members.index(value) + 1) % len(members)]
    if isinstance(value, int):
        return value + 1
    if isinstance(value, float):
        return 0.5 if value != 0.5 else 1.5
    if isinstance(value, str):
        return value + "x"
    if value is None:
        return 1
    if isinstance(value, pygame.FRect | pygame.Rect):
        return value.move(1, 0)
    if isinstance(value, tuple):
        return (*value, 1)
    if isinstance(value, list):
        return [*value, 1]
    if isinstance(value, dict):
        return {**value, "extra": 1}
    if isinstance(value, set | frozenset):
        return {*value, "extra"}
    if dataclasses.is_dataclass(value):
        first = dataclasses.fields(value)[0]
        return dataclasses.replace(value, **{first.name: changed(getattr(value, first.name))})
    raise AssertionError(f"no way to change a {type(value).__name__}: teach this test")


def busy_stage(level: str) -> Stage:
    stage = Stage(load_level(level, images=False), seed=5)
    add_crowd(stage, 8)
    for _ in range(30):
        stage.step(Buttons.FIRE | Buttons.RIGHT)
    return stage


@pytest.mark.parametrize("level", ["levels/level1.tmx", "levels/level2.tmx", "levels/level3.tmx"])
def test_changing_any_field_of_any_entity_changes_the_hash(level):
    stage = busy_stage(level)
    base = stage.state_hash()
    kinds: dict[str, set[str]] = {}
    for entity in [stage.player, *stage.entities]:
        fields = entity.sim_state()
        if entity.kind in kinds and set(fields) <= kinds[entity.kind]:
            continue  # one of each kind (and any field another one lacked)
        kinds.setdefault(entity.kind, set()).update(fields)
        for name, value in fields.items():
            setattr(entity, name, changed(value))
            assert stage.state_hash() != base, f"{entity.kind}.{name} is not in the hash"
            setattr(entity, name, value)
            assert stage.state_hash() == base
    assert {"Player", "Soldier", "Turret"} <= set(kinds)


def test_changing_any_field_of_the_stage_or_a_bullet_changes_the_hash():
    stage = busy_stage("levels/level2.tmx")
    assert len(stage.bullets) > 0
    base = stage.state_hash()
    for name, value in stage.sim_state().items():
        setattr(stage, name, changed(value))
        assert stage.state_hash() != base, f"stage.{name} is not in the hash"
        setattr(stage, name, value)
    for array in ("x", "vy", "life", "team", "damage", "style", "blast_radius"):
        column = getattr(stage.bullets, array)
        old = column[0]
        column[0] = old + 1
        assert stage.state_hash() != base, f"bullet {array} is not in the hash"
        column[0] = old
    assert stage.state_hash() == base


def test_the_players_weapon_and_its_ammo_are_in_the_hash():
    # The 0.1.0 hash filtered plain values only: a weapon swap left it unchanged.
    from gunner.weapons import WEAPONS

    stage = busy_stage("levels/level1.tmx")
    base = stage.state_hash()
    stage.player.weapon = WEAPONS["spread"]
    assert stage.state_hash() != base
