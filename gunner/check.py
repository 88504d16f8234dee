"""The map validator behind `python -m gunner --check PATH...`.

Reads each map as the game would (so every load error is reported too), then
checks its objects against the schema in `gunner.objects`. Prints one line per
problem, `FILE: WHERE: MESSAGE`, or `FILE: ok`.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TextIO

from gunner.config import TILE
from gunner.level import SOLID, Level, LevelError, Spawn, read_level
from gunner.objects import SCHEMA, ObjectClass, Prop
from gunner.tilemap import TileMap

# Exit statuses of --check.
OK, PROBLEMS, USAGE = 0, 1, 2


def where_object(spawn: Spawn) -> str:
    """WHERE for an object: `object 12 'name' (Player)`."""
    return f"object {spawn.id} '{spawn.name}' ({spawn.cls or 'no class'})"


def _type_ok(kind: str, value: Any) -> bool:
    if kind == "bool":
        return isinstance(value, bool)
    if kind in ("int", "object"):
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "float":
        return isinstance(value, int | float) and not isinstance(value, bool)
    return isinstance(value, str)  # string, color, file


def _check_prop(name: str, prop: Prop, value: Any) -> str | None:
    # pytmx reads an empty value as None.
    if value in ("", None):
        if not prop.required:
            return None
        choices = f" (one of {', '.join(prop.allowed)})" if prop.allowed else ""
        return f"property '{name}' must be set{choices}"
    if not _type_ok(prop.type, value):
        return f"property '{name}' should be {prop.type}, not {value!r}"
    if prop.allowed and value not in prop.allowed and value != "":
        return f"property '{name}' is {value!r}, not one of {', '.join(prop.allowed)}"
    return None


def _spawn_in_solid(spawn: Spawn, tiles: TileMap) -> bool:
    """Would whatever stands at this point spawn inside a solid tile?"""
    from gunner.entities import create_entity

    entity = create_entity(spawn)
    if entity is not None:
        return tiles.overlaps_solid(entity.hitbox)
    # A class without an entity yet: at least the tile just above its feet must be open.
    fx, fy = spawn.foot
    return tiles.cell(int(fx // TILE), int((fy - 1) // TILE)) == SOLID


def problems(level: Level, schema: dict[str, ObjectClass] | None = None) -> list[tuple[str, str]]:
    """(WHERE, MESSAGE) for everything wrong with the objects of a readable map."""
    schema = schema if schema is not None else SCHEMA
    found: list[tuple[str, str]] = []
    tiles = TileMap(level.solid.copy())
    by_class: dict[str, list[Spawn]] = {}
    for spawn in level.spawns:
        by_class.setdefault(spawn.cls, []).append(spawn)

    for spawn in level.spawns:
        where = where_object(spawn)
        spec = schema.get(spawn.cls)
        if spec is None:
            known = ", ".join(sorted(schema))
            what = f"unknown class '{spawn.cls}'" if spawn.cls else "has no class"
            found.append((where, f"{what} (the game knows {known})"))
            continue
        # Extra properties are the designer's notes: the game ignores them, and so does this.
        for name, prop in spec.props.items():
            value = spawn.props.get(name, prop.default)
            message = _check_prop(name, prop, value)
            if message is None and prop.match and value not in ("", None):
                other_cls, other_prop = prop.match
                targets = {s.props.get(other_prop) for s in by_class.get(other_cls, [])} - {
                    "",
                    None,
                }
                if value not in targets:
                    have = ", ".join(sorted(str(t) for t in targets)) or "none"
                    message = (
                        f"{name} {value!r} matches no {other_cls} in the map "
                        f"({other_cls} {other_prop}s here: {have})"
                    )
            if message:
                found.append((where, message))
        if spec.shape == "point":
            fx, fy = spawn.foot
            if not (0 <= fx < level.width * TILE and 0 < fy <= level.height * TILE):
                found.append((where, f"spawn ({fx:.0f}, {fy:.0f}) is outside the map"))
            elif _spawn_in_solid(spawn, tiles):
                found.append((where, f"spawn ({fx:.0f}, {fy:.0f}) is inside a solid tile"))

    for cls, spec in schema.items():
        low, high = spec.count
        placed = by_class.get(cls, [])
        if len(placed) < low:
            found.append(("map", f"no {cls} object; add one to an object layer"))
        if high is not None and len(placed) > high:
            ids = ", ".join(str(s.id) for s in placed)
            many = f"{len(placed)} {cls} objects (ids {ids}); at most {high} allowed"
            found.append(("map", many))
    return found


def check_file(path: Path, schema: dict[str, ObjectClass] | None = None) -> list[str]:
    """Problem lines for one map: `FILE: WHERE: MESSAGE`; empty when it is valid."""
    try:
        level = read_level(path, images=False)
    except LevelError as exc:
        return [f"{path}: map: {exc.cause}"]
    return [f"{path}: {where}: {message}" for where, message in problems(level, schema)]


def run(paths: Iterable[str | Path], out: TextIO | None = None) -> int:
    """Check every map, print the report; the exit status (0 all valid, 1 problems, 2 usage)."""
    out = out or sys.stdout
    maps = [Path(p) for p in paths]
    if not maps:
        print("gunner: --check needs at least one map", file=sys.stderr)
        return USAGE
    status = OK
    for path in maps:
        lines = check_file(path)
        for line in lines:
            print(line, file=out)
        if lines:
            status = PROBLEMS
        else:
            print(f"{path}: ok", file=out)
    return status
