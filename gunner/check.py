"""The map validator behind `python -m gunner --check PATH...`.

Reads each map as the game would (so every load error is reported too), then
checks its objects against the schema in `gunner.objects`. Prints one line per
problem, `FILE: WHERE: MESSAGE` (at most MAX_SHOWN per file, then how many more),
or `FILE: ok`.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

from gunner.config import TILE
from gunner.level import (
    SOLID,
    Level,
    LevelError,
    Spawn,
    decode_images,
    read_level,
    usable_problems,
    where_object,
)
from gunner.objects import SCHEMA, ObjectClass, geometry_problems
from gunner.tilemap import TileMap

# Exit statuses of --check.
OK, PROBLEMS, USAGE = 0, 1, 2
# Problem lines printed per file: a map of 100,000 unknown objects gets a screenful,
# not 100,000 lines; the first ones are the ones to fix first anyway.
MAX_SHOWN = 20


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
    # What loading would refuse (types, ranges, finite numbers, reach, counts), listed
    # with each object's other problems, in map order.
    refused: dict[str, list[str]] = {}
    for where, message in usable_problems(level, schema):
        refused.setdefault(where, []).append(message)
    # What the game draws or places differently from Tiled: never a silent difference.
    found: list[tuple[str, str]] = list(level.unhonoured)
    tiles = TileMap(level.solid.copy())
    by_class: dict[str, list[Spawn]] = {}
    for spawn in level.spawns:
        by_class.setdefault(spawn.cls, []).append(spawn)

    for spawn in level.spawns:
        where = where_object(spawn)
        found += [(where, message) for message in refused.pop(where, [])]
        spec = schema.get(spawn.cls)
        if spec is None and spawn.used_as_path and not spawn.cls:
            continue  # a moving platform's path: a line, not a thing to spawn
        if spec is None:
            known = ", ".join(sorted(schema))
            what = f"unknown class '{spawn.cls}'" if spawn.cls else "has no class"
            found.append((where, f"{what} (the game knows {known})"))
            continue
        # Types, ranges and required values were checked by `usable_problems`.
        for name, prop in spec.props.items():
            value = spawn.props.get(name, prop.default)
            if not prop.match or value in ("", None):
                continue
            other_cls, other_prop = prop.match
            targets = {s.props.get(other_prop) for s in by_class.get(other_cls, [])} - {"", None}
            if value not in targets:
                have = ", ".join(sorted(str(t) for t in targets)) or "none"
                unmatched = (
                    f"{name} {value!r} matches no {other_cls} in the map "
                    f"({other_cls} {other_prop}s here: {have})"
                )
                found.append((where, unmatched))
        map_w, map_h = level.pixel_size
        if geometry_problems(spawn.x, spawn.y, spawn.w, spawn.h, map_w, map_h):
            continue  # already reported; nothing can stand there
        if spec.shape == "point":
            fx, fy = spawn.foot
            if not (0 <= fx < level.width * TILE and 0 < fy <= level.height * TILE):
                found.append((where, f"spawn ({fx:.0f}, {fy:.0f}) is outside the map"))
            elif _spawn_in_solid(spawn, tiles):
                found.append((where, f"spawn ({fx:.0f}, {fy:.0f}) is inside a solid tile"))

    found += [(where, message) for where, messages in refused.items() for message in messages]
    for cls, spec in schema.items():
        low, high = spec.count
        placed = by_class.get(cls, [])
        if len(placed) < low:
            found.append(("map", f"no {cls} object; add one to an object layer"))
        if high is not None and len(placed) > high:
            ids = ", ".join(str(s.id) for s in placed)
            many = f"{len(placed)} {cls} objects (ids {ids}); at most {high} allowed"
            found.append(("map", many))
    objectives = [n.strip().lower() for n in str(level.properties.get("objective", "")).split(",")]
    if "boss" in objectives:
        from gunner.entities import ENTITY_TYPES

        if not any(getattr(ENTITY_TYPES.get(cls), "is_boss", False) for cls in by_class):
            found.append(("map", "objective 'boss' but no boss in the map; place one"))
    return found


def check_file(path: Path, schema: dict[str, ObjectClass] | None = None) -> list[str]:
    """Problem lines for one map: `FILE: WHERE: MESSAGE`; empty when it is valid."""
    try:
        level = read_level(path, images=False)
        decode_images(level)  # as play will, so a corrupt PNG is not "ok" here
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
        for line in lines[:MAX_SHOWN]:
            print(line, file=out)
        if len(lines) > MAX_SHOWN:
            more = len(lines) - MAX_SHOWN
            print(f"{path}: ... and {more:,} more problem{'s' * (more > 1)}", file=out)
        if lines:
            status = PROBLEMS
        else:
            print(f"{path}: ok", file=out)
    return status
