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

from gunner.maps import (
    Level,
    LevelError,
    Spawn,
    bounded,
    decode_images,
    read_level,
    usable_problems,
    where_object,
)
from gunner.objects import SCHEMA, ObjectClass

# Exit statuses of --check.
OK, PROBLEMS, USAGE = 0, 1, 2
# Problem lines printed per file: a map of 100,000 unknown objects gets a screenful,
# not 100,000 lines; the first ones are the ones to fix first anyway.
MAX_SHOWN = 20


def problems(level: Level, schema: dict[str, ObjectClass] | None = None) -> list[tuple[str, str]]:
    """(WHERE, MESSAGE) for everything wrong with the objects of a readable map: what
    loading refuses (`usable_problems`: play refuses the map for any of these), then
    what play tolerates but a designer should hear of: objects of a class the game
    does not know (play ignores them), a property that matches nothing (a keycard
    with no door of its colour), and what the game draws differently from Tiled."""
    schema = schema if schema is not None else SCHEMA
    # Listed with each object's other problems, in map order.
    refused: dict[str, list[str]] = {}
    for where, message in usable_problems(level, schema):
        refused.setdefault(where, []).append(message)
    found: list[tuple[str, str]] = list(level.unhonoured)
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
        # Types, ranges, required values and placement were checked by `usable_problems`.
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

    found += [(where, message) for where, messages in refused.items() for message in messages]
    return found


def check_file(path: Path, schema: dict[str, ObjectClass] | None = None) -> list[str]:
    """Problem lines for one map: `FILE: WHERE: MESSAGE`; empty when it is valid."""
    try:
        level = read_level(path, images=False)
        decode_images(level)  # as play will, so a corrupt PNG is not "ok" here
    except LevelError as exc:
        return [f"{path}: map: {exc.cause}"]
    # Each line bounded, as a refusal is: a map can make a quoted value megabytes long.
    return [f"{path}: {where}: {bounded(message)}" for where, message in problems(level, schema)]


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
