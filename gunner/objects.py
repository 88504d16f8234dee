"""The map object schema: every class a level designer can place, and its properties.

Each kind states its entry once, in its own module beside its behaviour (`ENTRY`,
handed to `@register`; see gunner/entities/soldier.py). SCHEMA is the registry's
collection of those entries, in registration order: `gunner.check` validates maps
against it, `gunner.maps` fills in the defaults Tiled leaves out of saved maps, and
`tools/make_tiled_project.py` turns it into `levels/gunner.tiled-project` (Tiled 1.9+)
and `levels/objecttypes.xml` (Tiled 1.8). The words it is written in (`Prop`,
`ObjectClass`) and the validation live in `gunner.schema`.
"""

from __future__ import annotations

from typing import Any

from gunner.entities import SCHEMA
from gunner.schema import (
    BACKDROPS,
    MARGIN,
    MAX_OBJECTS,
    MAX_TEXT,
    OBJECTIVES,
    PROPERTY_TYPES,
    SCROLLS,
    ObjectClass,
    Prop,
    coerce,
    geometry_problems,
    map_problems,
    validate_props,
)
from gunner.schema import enums as _enums


def let_in() -> tuple[str, ...]:
    """The classes a generator or wave spawner may let in, in registration order."""
    return SCHEMA["Generator"].props["kind"].allowed


# As the shipped kinds registered them (a kind registered later is in `let_in()`).
LET_IN = let_in()


def defaults(cls: str, schema: dict[str, ObjectClass] | None = None) -> dict[str, Any]:
    """The property defaults of a class ({} for classes the schema does not know)."""
    spec = (schema or SCHEMA).get(cls)
    return spec.defaults() if spec else {}


def enums(schema: dict[str, ObjectClass] | None = None) -> dict[str, tuple[str, ...]]:
    """Named choice lists (Tiled enums) the schema uses: enum name -> allowed values."""
    return _enums(schema or SCHEMA)


__all__ = [
    "BACKDROPS",
    "LET_IN",
    "MARGIN",
    "MAX_OBJECTS",
    "MAX_TEXT",
    "OBJECTIVES",
    "PROPERTY_TYPES",
    "SCHEMA",
    "SCROLLS",
    "ObjectClass",
    "Prop",
    "coerce",
    "defaults",
    "enums",
    "geometry_problems",
    "let_in",
    "map_problems",
    "validate_props",
]
