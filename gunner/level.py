"""Tiled map -> Level: the solid grid as numpy, tile layers, spawn objects.

Every check a map must pass lives here, so a broken map is refused with one
clear line (`LevelError`) before the game builds anything from it.
"""

from __future__ import annotations

import logging
import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from gunner.config import TILE

# Values of the solid grid that collision reads.
EMPTY = 0
SOLID = 1
ONEWAY = 2  # a platform: stand on it, jump up through it, drop down through it

# Layers drawn over the entities instead of under them.
FOREGROUND_LAYER = "foreground"

# Refuse maps bigger than this before pytmx allocates anything for them.
MAX_MAP_TILES = 4_000_000


class LevelError(Exception):
    """A map the game cannot use. str() is one line naming the file and the cause."""

    def __init__(self, path: str | Path, cause: str) -> None:
        self.path = str(path)
        self.cause = cause
        super().__init__(f"{path}: {cause}")


@dataclass
class Spawn:
    """One object of the map's object layers, in pixels (x, y is the top-left)."""

    cls: str
    x: float
    y: float
    w: float
    h: float
    id: int = 0
    name: str = ""
    props: dict[str, Any] = field(default_factory=dict)

    @property
    def foot(self) -> tuple[float, float]:
        """Bottom-centre: where an entity spawned here stands."""
        return (self.x + self.w / 2, self.y + self.h)


@dataclass
class TileLayer:
    name: str
    gids: np.ndarray  # (rows, cols) int32, 0 = no tile; indexes Level.images
    foreground: bool = False


@dataclass
class Level:
    path: Path
    name: str
    width: int  # in tiles
    height: int
    solid: np.ndarray  # (rows, cols) uint8 of EMPTY / SOLID / ONEWAY
    layers: list[TileLayer]
    spawns: list[Spawn]
    properties: dict[str, Any] = field(default_factory=dict)
    images: list[Any] = field(default_factory=list)  # pygame Surfaces by gid, or empty

    @property
    def pixel_size(self) -> tuple[int, int]:
        return (self.width * TILE, self.height * TILE)

    def spawns_of(self, cls: str) -> list[Spawn]:
        return [s for s in self.spawns if s.cls == cls]


def object_class(obj: Any) -> str:
    """The Tiled class of an object: `type` (Tiled 1.8, 1.10+) or `class` (Tiled 1.9)."""
    return str(getattr(obj, "type", None) or obj.__dict__.get("class") or "").strip()


def _precheck(path: Path) -> None:
    """Cheap checks on the raw XML, before pytmx allocates anything from it."""
    try:
        root = ET.parse(path).getroot()
    except FileNotFoundError:
        raise LevelError(path, "file not found") from None
    except IsADirectoryError:
        raise LevelError(path, "is a directory, not a map") from None
    except PermissionError:
        raise LevelError(path, "cannot be read (permission denied)") from None
    except ET.ParseError as exc:
        raise LevelError(path, f"not valid XML ({exc})") from None
    except OSError as exc:
        raise LevelError(path, f"cannot be read ({exc.strerror or exc})") from None
    if root.tag != "map":
        raise LevelError(path, f"not a Tiled map (root element is <{root.tag}>, not <map>)")
    orientation = root.get("orientation", "orthogonal")
    if orientation != "orthogonal":
        raise LevelError(path, f"{orientation} maps are not supported, only orthogonal")
    if root.get("infinite", "0") == "1":
        raise LevelError(path, "infinite maps are not supported; untick Infinite in Map Properties")
    try:
        width, height = int(root.get("width", "0")), int(root.get("height", "0"))
        tw, th = int(root.get("tilewidth", "0")), int(root.get("tileheight", "0"))
    except ValueError:
        raise LevelError(path, "map width, height or tile size is not a whole number") from None
    if (tw, th) != (TILE, TILE):
        raise LevelError(path, f"tile size {tw}x{th} is not supported; tiles must be {TILE}x{TILE}")
    if width <= 0 or height <= 0:
        raise LevelError(path, f"map size {width}x{height} tiles is empty")
    if width * height > MAX_MAP_TILES:
        raise LevelError(
            path, f"map size {width}x{height} tiles is too large (limit {MAX_MAP_TILES:,} tiles)"
        )


def _load_tmx(path: Path, images: bool) -> Any:
    import pytmx

    # pytmx logs its own complaints before raising; ours is the one line that counts.
    logging.getLogger("pytmx").setLevel(logging.CRITICAL)
    try:
        if images:
            from pytmx.util_pygame import load_pygame

            return load_pygame(str(path))
        return pytmx.TiledMap(str(path))
    except FileNotFoundError as exc:
        missing = Path(exc.filename).name if exc.filename else "a file it refers to"
        raise LevelError(path, f"missing file {missing}") from None
    except Exception as exc:  # pytmx raises bare Exception, ValueError, pygame.error...
        cause = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise LevelError(path, f"cannot be loaded ({cause})") from None


def _tile_flags(tmx: Any) -> dict[int, int]:
    """gid -> SOLID / ONEWAY from the tileset's `solid` and `oneway` tile properties."""
    flags: dict[int, int] = {}
    for gid, props in tmx.tile_properties.items():
        if _truthy(props.get("solid")):
            flags[gid] = SOLID
        elif _truthy(props.get("oneway")):
            flags[gid] = ONEWAY
    return flags


def _truthy(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("true", "1", "yes")
    return bool(value)


def load_level(path: str | Path, *, images: bool = True) -> Level:
    """Load a Tiled map. With `images`, a pygame display mode must already be set.

    Raises LevelError (one line: file and cause) for anything the game cannot use.
    """
    path = Path(path)
    _precheck(path)
    tmx = _load_tmx(path, images)
    width, height = int(tmx.width), int(tmx.height)

    flags = _tile_flags(tmx)
    solid = np.zeros((height, width), dtype=np.uint8)
    layers: list[TileLayer] = []
    import pytmx

    for layer in tmx.visible_layers:
        if not isinstance(layer, pytmx.TiledTileLayer):
            continue
        gids = np.asarray(layer.data, dtype=np.int32)
        if gids.shape != (height, width):
            raise LevelError(path, f"layer '{layer.name}' is not {width}x{height} tiles")
        for gid, flag in flags.items():
            cells = gids == gid
            if flag == SOLID:
                solid[cells] = SOLID
            else:  # a one-way platform never weakens a solid tile on another layer
                solid[cells & (solid == EMPTY)] = ONEWAY
        name = str(layer.name or "")
        foreground = name.lower() == FOREGROUND_LAYER or _truthy(layer.properties.get("foreground"))
        layers.append(TileLayer(name, gids, foreground))

    spawns = [
        Spawn(
            cls=object_class(obj),
            x=float(obj.x),
            y=float(obj.y),
            w=float(obj.width or 0),
            h=float(obj.height or 0),
            id=int(obj.id or 0),
            name=str(obj.name or ""),
            props=dict(obj.properties),
        )
        for obj in tmx.objects
    ]
    players = [s for s in spawns if s.cls == "Player"]
    if not players:
        raise LevelError(path, "no Player object: add one to an object layer to mark the spawn")
    px, py = players[0].foot
    if not (0 <= px < width * TILE and 0 < py <= height * TILE):
        raise LevelError(path, f"Player spawn ({px:.0f}, {py:.0f}) is outside the map")

    props = dict(tmx.properties)
    name = str(props.get("name") or path.stem)
    return Level(
        path=path,
        name=name,
        width=width,
        height=height,
        solid=solid,
        layers=layers,
        spawns=spawns,
        properties=props,
        images=list(tmx.images) if images else [],
    )


def tile_range(lo: float, hi: float) -> range:
    """Tile indices covered by the half-open pixel span [lo, hi)."""
    return range(math.floor(lo / TILE), math.ceil(hi / TILE))
