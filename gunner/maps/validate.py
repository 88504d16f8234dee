"""Gameplay checks: what makes a readable map unplayable, and loading that refuses it."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path
from typing import Any

from gunner.config import TILE
from gunner.maps.build import read_level
from gunner.maps.errors import LevelError
from gunner.maps.model import Level, Spawn, where_object
from gunner.tilemap import SOLID


def load_level(path: str | Path, *, images: bool = True) -> Level:
    """Load a Tiled map. With `images`, a pygame display mode must already be set.

    Raises LevelError (one line: file and cause) for anything the game cannot use.
    """
    level = read_level(path, images=images)
    found = usable_problems(level)
    if found:
        where, message = found[0]
        more = f" (and {len(found) - 1} more: see --check)" if len(found) > 1 else ""
        raise LevelError(path, f"{where}: {message}{more}")
    return level


def usable_problems(level: Level, schema: dict[str, Any] | None = None) -> list[tuple[str, str]]:
    """(WHERE, MESSAGE) for everything in the map the game cannot use safely or that
    makes it unplayable: values of the wrong type, not finite or out of their
    documented range, objects or shape points out of reach, too many objects or
    points, bad map properties, things spawned inside walls, an exit no one can
    reach, too few or too many of a class. Loading refuses a map with any;
    `--check` lists them all. Valid properties are replaced by the values the game
    uses (numbers as numbers), so entity constructors never see raw map text.
    """
    from gunner.objects import SCHEMA, geometry_problems, map_problems, validate_props
    from gunner.schema import passed_on

    schema = SCHEMA if schema is None else schema
    found = [("map", message) for message in map_problems(level.properties, len(level.spawns))]
    map_w, map_h = level.pixel_size
    tiles = None
    for spawn in level.spawns:
        where = where_object(spawn)
        misplaced = geometry_problems(spawn.x, spawn.y, spawn.w, spawn.h, map_w, map_h)
        found += [(where, message) for message in misplaced]
        if len(spawn.name) > 200:
            found.append((where, f"name is {len(spawn.name)} characters; at most 200"))
        if spawn.shape_problem:
            found.append((where, spawn.shape_problem))
        for n, (x, y) in enumerate(spawn.points if spawn.shape != "point" else [], 1):
            if geometry_problems(x, y, 0, 0, map_w, map_h):
                found.append(
                    (where, f"{spawn.shape} point {n} ({x:.6g}, {y:.6g}) is far outside the map")
                )
                break
        spec = schema.get(spawn.cls)
        if spec is None:
            continue
        spawn.props, messages = validate_props(spec, spawn.props)
        found += [(where, message) for message in messages]
        kind = schema.get(str(spawn.props.get("kind"))) if "kind" in spec.props else None
        if kind is not None:  # a spawner: what it passes on is checked as its kind's own
            given = passed_on(spec, kind, spawn.props)
            clean, messages = validate_props(
                replace(kind, props={n: kind.props[n] for n in given}), given
            )
            spawn.props.update(clean)
            found += [
                (where, f"{message} (for the {spawn.props['kind']} it lets in)")
                for message in messages
            ]
        if not misplaced:
            if tiles is None:
                from gunner.tilemap import TileMap

                tiles = TileMap(level.solid.copy())
            found += [(where, message) for message in _placement(spawn, spec.shape, level, tiles)]
    found += _paths(level)
    found += _counts(level, schema)
    return found


def _placement(spawn: Spawn, shape: str, level: Level, tiles: Any) -> list[str]:
    """Why an object stands where the game cannot use it: a thing spawned outside the
    map or inside a wall, an exit wholly inside solid tiles."""
    from gunner.entities import create_entity

    if shape == "point":
        fx, fy = spawn.foot
        if not (0 <= fx < level.width * TILE and 0 < fy <= level.height * TILE):
            return [f"spawn ({fx:.0f}, {fy:.0f}) is outside the map"]
        entity = create_entity(spawn)
        if entity is not None:
            stuck = tiles.overlaps_solid(entity.hitbox)
        else:  # no entity yet: at least the tile just above its feet must be open
            stuck = tiles.cell(int(fx // TILE), int((fy - 1) // TILE)) == SOLID
        if stuck:
            return [f"spawn ({fx:.0f}, {fy:.0f}) is inside a solid tile"]
    elif spawn.cls == "Exit":
        exit_ = create_entity(spawn)
        if exit_ is not None and _walled_in(exit_.hitbox, tiles):
            box = exit_.hitbox
            return [
                f"exit ({box.x:.0f}, {box.y:.0f}, {box.w:.0f}x{box.h:.0f}) is wholly inside "
                "solid tiles; the player could never reach it"
            ]
    return []


def _walled_in(box: Any, tiles: Any) -> bool:
    """Is every tile the box covers solid (so nothing can ever touch it)?"""
    top, left = math.floor(box.top / TILE), math.floor(box.left / TILE)
    rows = range(top, max(top + 1, math.ceil(box.bottom / TILE)))
    cols = range(left, max(left + 1, math.ceil(box.right / TILE)))
    return all(tiles.cell(col, row) == SOLID for row in rows for col in cols)


def _counts(level: Level, schema: dict[str, Any]) -> list[tuple[str, str]]:
    """Too few or too many objects of a class (one Player), and an objective the map
    cannot meet: the level could not start, or never end."""
    found = []
    by_class: dict[str, list[Spawn]] = {}
    for spawn in level.spawns:
        by_class.setdefault(spawn.cls, []).append(spawn)
    for cls, spec in schema.items():
        low, high = spec.count
        placed = by_class.get(cls, [])
        if len(placed) < low:
            found.append(("map", f"no {cls} object; add one to an object layer"))
        if high is not None and len(placed) > high:
            ids = ", ".join(str(s.id) for s in placed[:10]) + (", ..." if len(placed) > 10 else "")
            found.append(
                ("map", f"{len(placed)} {cls} objects (ids {ids}); at most {high} allowed")
            )
    if level.properties.get("mode") == "versus":
        from gunner.schema import ARENA_SPAWNS

        points = len(by_class.get("SpawnPoint", []))
        if points < ARENA_SPAWNS:
            found.append(
                (
                    "map",
                    f"a versus arena needs at least {ARENA_SPAWNS} SpawnPoint objects "
                    f"(it has {points}); place one where each player starts",
                )
            )
    objective = level.properties.get("objective", "")
    objectives = [n.strip().lower() for n in str(objective)[:200].split(",")]
    if "boss" in objectives:
        from gunner.entities import ENTITY_TYPES

        if not any(getattr(ENTITY_TYPES.get(cls), "is_boss", False) for cls in by_class):
            found.append(("map", "objective 'boss' but no boss in the map; place one"))
    return found


def _paths(level: Level) -> list[tuple[str, str]]:
    """Give each MovingPlatform the points of its `path` object; (WHERE, MESSAGE) for
    a path that does not exist or has no points."""
    from gunner.objects import geometry_problems

    found = []
    by_id = {spawn.id: spawn for spawn in level.spawns}
    for spawn in level.spawns:
        if spawn.cls != "MovingPlatform":
            continue
        ref = spawn.props.get("path")
        target = by_id.get(ref) if isinstance(ref, int) and ref else None
        if target is None or target is spawn:
            found.append(
                (
                    where_object(spawn),
                    f"path {ref!r} is not another object in the map; "
                    "set it to a polyline or a point",
                )
            )
        elif target.shape_problem:
            found.append((where_object(spawn), f"path object {target.id}: {target.shape_problem}"))
        elif not target.points:
            found.append(
                (
                    where_object(spawn),
                    f"path object {target.id} is a rectangle; draw a polyline or a point",
                )
            )
        elif any(geometry_problems(x, y, 0, 0, *level.pixel_size) for x, y in target.points):
            found.append(
                (where_object(spawn), f"path object {target.id} reaches far outside the map")
            )
        else:
            target.used_as_path = True
            if len(target.points) == 1:  # a point: travel there and back
                start = (spawn.x + spawn.w / 2, spawn.y)
                spawn.path = [start, target.points[0]]
            else:
                spawn.path = list(target.points)
    return found
