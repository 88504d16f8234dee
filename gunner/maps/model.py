"""The Level a map becomes: the solid grid, the layers to draw, the objects to spawn."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from gunner.config import TILE
from gunner.maps.images import shade_image
from gunner.tiled import Look

# Layers drawn over the entities instead of under them.
FOREGROUND_LAYER = "foreground"


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
    # A polyline's or polygon's points, in map pixels; a point object's own spot.
    points: list[tuple[float, float]] = field(default_factory=list)
    # The points of the path a MovingPlatform follows (its `path` object's points).
    path: list[tuple[float, float]] = field(default_factory=list)
    used_as_path: bool = False  # another object's `path`: a line, not a thing
    # Why the polygon's or polyline's points cannot be used, if they cannot.
    shape_problem: str = ""
    shape: str = ""  # "polygon", "polyline", "point", "ellipse" or "" (a rectangle)

    @property
    def foot(self) -> tuple[float, float]:
        """Bottom-centre: where an entity spawned here stands."""
        return (self.x + self.w / 2, self.y + self.h)


@dataclass
class TileLayer:
    name: str
    gids: np.ndarray  # (rows, cols) int32, 0 = no tile; indexes Level.images
    foreground: bool = False
    look: Look = field(default_factory=Look)


@dataclass
class ImageLayer:
    """A picture a designer placed as a layer: drawn at its offset, tiled on request."""

    name: str
    image: Any  # pygame Surface, already tinted; None when images were not loaded
    look: Look = field(default_factory=Look)
    repeat_x: bool = False
    repeat_y: bool = False
    foreground: bool = False


@dataclass
class TileObject:
    """A tile placed as an object with no class: decoration, drawn at (x, y), w x h."""

    gid: int  # indexes Level.images
    x: float  # top-left, in pixels
    y: float
    w: float
    h: float


@dataclass
class ObjectTiles:
    """The tile objects of one object layer."""

    name: str
    tiles: list[TileObject]
    look: Look = field(default_factory=Look)
    foreground: bool = False


@dataclass
class Animation:
    """A tile's frames (gids) and the time each ends, in ms from the loop's start."""

    frames: np.ndarray
    ends: np.ndarray

    def frame_at(self, ms: float) -> int:
        at = ms % float(self.ends[-1])
        return int(self.frames[int(np.searchsorted(self.ends, at, side="right"))])


DrawLayer = TileLayer | ImageLayer | ObjectTiles


@dataclass
class Level:
    path: Path
    name: str
    width: int  # in tiles
    height: int
    solid: np.ndarray  # (rows, cols) uint8 of EMPTY / SOLID / ONEWAY
    layers: list[DrawLayer]  # visible layers, in Tiled's drawing order
    spawns: list[Spawn]
    properties: dict[str, Any] = field(default_factory=dict)
    images: list[Any] = field(default_factory=list)  # pygame Surfaces by gid, or empty
    # Every file the level was read from (the map, then its .tsx files): hot reload watches them.
    files: list[Path] = field(default_factory=list)
    animations: dict[int, Animation] = field(default_factory=dict)  # by gid
    # Where a tile draws relative to its cell, when not at its top-left: the tileset's
    # tile offset, and tall tiles stand on the cell's bottom edge as in Tiled.
    tile_offsets: dict[int, tuple[int, int]] = field(default_factory=dict)
    parallax_origin: tuple[float, float] = (0.0, 0.0)
    # (WHERE, MESSAGE) for what the map asks that the game does not show as Tiled does.
    unhonoured: list[tuple[str, str]] = field(default_factory=list)
    _shades: dict[Any, list[Any]] = field(default_factory=dict, repr=False)
    _scaled: dict[Any, Any] = field(default_factory=dict, repr=False)
    _frame: dict[Any, list[Any]] = field(default_factory=dict, repr=False)  # images_at's

    @property
    def pixel_size(self) -> tuple[int, int]:
        return (self.width * TILE, self.height * TILE)

    def spawns_of(self, cls: str) -> list[Spawn]:
        return [s for s in self.spawns if s.cls == cls]

    def images_at(self, ms: float, look: Look | None = None) -> list[Any]:
        """The tile images by gid at `ms` of the level's clock, shaded for `look`:
        animated tiles show their current frame."""
        images = self.images
        shade = look.shade if look is not None and look.shaded else None
        if shade is not None:
            images = self._shaded(shade)
        if not self.animations:
            return images
        # Every layer of every view asks again within a frame: one list per look a frame.
        key = (ms, shade)
        current = self._frame.get(key)
        if current is None:
            if any(ms != at for at, _ in self._frame):
                self._frame.clear()
            current = list(images)
            for gid, animation in self.animations.items():
                current[gid] = images[animation.frame_at(ms)]
            self._frame[key] = current
        return current

    def scaled(self, image: Any, size: tuple[int, int]) -> Any:
        """`image` scaled to `size` (tile objects drawn at their object's size), cached."""
        import pygame

        key = (id(image), size)
        if key not in self._scaled:
            self._scaled[key] = pygame.transform.scale(image, size)
        return self._scaled[key]

    def _shaded(self, shade: tuple[int, int, int, int]) -> list[Any]:
        if shade not in self._shades:
            self._shades[shade] = [shade_image(image, shade) for image in self.images]
        return self._shades[shade]


def object_class_of(node: ET.Element) -> str:
    """The Tiled class of an object or tile element: `type` (Tiled 1.8, 1.10+) or
    `class` (Tiled 1.9)."""
    return (node.get("type") or node.get("class") or "").strip()


def where_object(spawn: Spawn) -> str:
    """WHERE for an object: `object 12 'name' (Player)`."""
    return where(spawn.id, spawn.name, spawn.cls)


def where_element(obj: ET.Element, oid: int) -> str:
    """WHERE for an object element not yet read into a Spawn, as `where_object` says it."""
    return where(oid, obj.get("name", ""), object_class_of(obj))


def where(oid: int, name: str, cls: str) -> str:
    name = name if len(name) <= 40 else name[:37] + "..."
    cls = cls if len(cls) <= 40 else cls[:37] + "..."
    return f"object {oid} '{name}' ({cls or 'no class'})"
