"""Lists that name the kinds derive from the registry and the schema, or a test names
the place to edit and the command that prints what belongs there.

A new kind should cost its module (behaviour, schema entry, art, builder character):
the generators' and wave spawners' choices, the fuzzer's classes (tools/fuzz_maps.py
reads the schema), the Tiled project (tests/maps/test_check.py) and the builder's
characters (tests/entities/test_entity_model.py) follow by themselves; the builder's
legend and the class table of docs/levels.md are prose, checked here.
"""

from __future__ import annotations

import inspect
import re
from types import ModuleType

import pytest

from checkout import ROOT, import_tool
from gunner.entities import ENTITY_TYPES
from gunner.entities.enemy import Enemy
from gunner.objects import LET_IN, SCHEMA


def _tool(name: str) -> ModuleType:
    return import_tool(name)


def test_generators_and_wave_spawners_offer_every_kind_marked_let_in() -> None:
    marked = tuple(sorted(name for name, spec in SCHEMA.items() if spec.let_in))
    assert marked == LET_IN
    assert SCHEMA["WaveSpawner"].props["kind"].allowed == marked
    for kind in marked:
        cls = ENTITY_TYPES[kind]
        assert issubclass(cls, Enemy) and not cls.is_boss, kind
        # Built from its feet, as a generator builds it.
        assert list(inspect.signature(cls.__init__).parameters)[1:3] == ["x", "foot_y"], kind


@pytest.fixture(scope="module")
def builder() -> ModuleType:
    return _tool("build_level")


def test_the_builders_legend_names_every_object_character(builder: ModuleType) -> None:
    doc = builder.__doc__
    for char, (kind, *_) in builder.OBJECT_CHARS.items():
        assert re.search(rf"^\s+{re.escape(char)}\s+{kind}\b", doc, re.M) or re.search(
            rf"\s{re.escape(char)}\s+{kind}\b", doc
        ), (
            f"tools/build_level.py's legend does not name {char!r} ({kind}): add it "
            "(`python tools/build_level.py --legend` prints every character)"
        )


def test_the_builders_generated_legend_lists_every_character(builder: ModuleType) -> None:
    lines = builder.legend()
    assert sorted(line.split()[0] for line in lines) == sorted(builder.OBJECT_CHARS)


def test_the_designers_class_table_has_a_row_for_every_class() -> None:
    rows = [
        line
        for line in (ROOT / "docs" / "levels.md").read_text(encoding="utf-8").splitlines()
        if line.startswith("| `")
    ]
    for name in SCHEMA:
        assert any(f"`{name}`" in row.split("|")[1] for row in rows), (
            f"docs/levels.md's class table (Format reference) has no row for "
            f"{name}: add one from its ENTRY in {ENTITY_TYPES[name].__module__}"
        )
