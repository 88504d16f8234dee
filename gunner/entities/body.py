"""Falling bodies: gravity, the axis-split move, landing and settling.

The player, walking enemies, drums and pickups fall the same way; each calls these
instead of integrating gravity itself. A body has `hitbox`, `vy` and `on_ground`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from gunner.config import DT, TILE
from gunner.tilemap import EMPTY, ONEWAY, SOLID

if TYPE_CHECKING:
    from gunner.tilemap import MoveResult
    from gunner.world.api import WorldView

GRAVITY = 1500.0  # px/s², the player's and every walker's
MAX_FALL = 450.0  # px/s: terminal speed, so a long fall stays readable


def pull(body: Any, gravity: float = GRAVITY, max_fall: float = MAX_FALL) -> None:
    """One step of gravity on the body's vertical speed."""
    body.vy = min(body.vy + gravity * DT, max_fall)


def land(body: Any, stage: WorldView, dx: float, drop_through: bool = False) -> MoveResult:
    """Move by `dx` and the step's fall; stop falling on a floor or under a ceiling."""
    result = stage.move(body, dx, body.vy * DT, drop_through)
    if result.on_ground or result.hit_ceiling:
        body.vy = 0.0
    body.on_ground = result.on_ground
    return result


def fall(
    body: Any,
    stage: WorldView,
    dx: float = 0.0,
    gravity: float = GRAVITY,
    max_fall: float = MAX_FALL,
) -> MoveResult:
    """Gravity, then the move (`pull` and `land`)."""
    pull(body, gravity, max_fall)
    return land(body, stage, dx)


def walk(body: Any, stage: WorldView, vx: float) -> MoveResult:
    """A walker's step at `vx`: on tiles, a horizontal move and a one-row look under
    the feet (about half the cost of a full fall, which would land it back where it
    stands); off an edge or on an entity (a drum, a door), a full fall."""
    if body.on_ground and body.vy == 0.0:
        result = stage.move(body, vx * DT, 0.0)
        if stage.tilemap.standing_on(body.hitbox) != EMPTY:
            result.on_ground = True
            return result
        dx, wall = 0.0, result.hit_wall
    else:
        dx, wall = vx * DT, 0
    result = fall(body, stage, dx)
    result.hit_wall = result.hit_wall or wall
    return result


def settle(
    body: Any, stage: WorldView, gravity: float = GRAVITY, max_fall: float = MAX_FALL
) -> None:
    """A body that does not walk (a drum, a pickup): it stays put while something holds
    it up, and otherwise falls until it rests."""
    if body.on_ground and stage.supported(body):
        return
    fall(body, stage, 0.0, gravity, max_fall)


def fell_out(body: Any, stage: WorldView) -> bool:
    """Below the bottom of the map: fallen into a pit."""
    return bool(body.hitbox.top > stage.tilemap.pixel_height)


def solid_ahead(body: Any, stage: WorldView, way: int, reach: float) -> bool:
    """A solid tile at body height within `reach` px ahead of `body` (`way` -1 or +1)?"""
    box, tiles = body.hitbox, stage.tilemap
    edge = box.right if way > 0 else box.left - 1
    first, last = int(edge // TILE), int((edge + way * reach) // TILE)
    rows = range(int(box.top // TILE), int((box.bottom - 1) // TILE) + 1)
    return any(
        tiles.cell(col, row) == SOLID for col in range(first, last + way, way) for row in rows
    )


CLIMB_TILES = 3  # a climber vaults this high at most (the player's jump is 90 px)
CLIMB_CLEAR = 8.0  # px: a vault rises this far past the ledge, so it lands with room to spare


def ledge_up(body: Any, stage: WorldView, way: int) -> int:
    """How many tiles up (2 to CLIMB_TILES) the nearest floor a walker pressing on a
    wall `way` (-1 or +1) can vault to lies: the top of the wall, or a one-way ledge
    over its own head; 0 if none. The floor needs two free tiles above it to land in,
    and the way up no ceiling."""
    box, tiles = body.hitbox, stage.tilemap
    feet = int((box.bottom - 1) // TILE)  # the row its feet are in
    wall = int((box.right + 1 if way > 0 else box.left - 1) // TILE)
    own = int(box.centerx // TILE)

    def room(col: int, floor: int) -> bool:
        return tiles.cell(col, floor - 1) == EMPTY and tiles.cell(col, floor - 2) == EMPTY

    for rows in range(2, CLIMB_TILES + 1):
        floor = feet + 1 - rows  # the row it would stand on
        if tiles.cell(own, floor - 1) == SOLID:
            return 0  # a ceiling over its head
        if tiles.cell(own, floor) == ONEWAY and room(own, floor):
            return rows
        if tiles.cell(wall, floor) == SOLID and room(wall, floor):
            return rows
    return 0


def vault(body: Any, rows: int) -> None:
    """Leap fast enough to rise `rows` tiles and CLIMB_CLEAR more, under gravity."""
    body.vy = -math.sqrt(2 * GRAVITY * (rows * TILE + CLIMB_CLEAR))
    body.on_ground = False
