"""Tiled map -> Level: the solid grid as numpy, tile layers, spawn objects.

Every check a map must pass lives here, so a broken map is refused with one
clear line (`LevelError`) before the game builds anything from it.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import io
import logging
import math
import os
import stat
import struct
import xml.etree.ElementTree as ET
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.parsers import expat

import numpy as np

from gunner.config import TILE
from gunner.tiled import (
    SHAPES,
    LayerNode,
    Look,
    TiledError,
    absolute,
    for_pytmx,
    layer_tree,
    parse_color,
    resolve_templates,
)

# Values of the solid grid that collision reads.
EMPTY = 0
SOLID = 1
ONEWAY = 2  # a platform: stand on it, jump up through it, drop down through it

# Layers drawn over the entities instead of under them.
FOREGROUND_LAYER = "foreground"


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

    @property
    def pixel_size(self) -> tuple[int, int]:
        return (self.width * TILE, self.height * TILE)

    def spawns_of(self, cls: str) -> list[Spawn]:
        return [s for s in self.spawns if s.cls == cls]

    def images_at(self, ms: float, look: Look | None = None) -> list[Any]:
        """The tile images by gid at `ms` of the level's clock, shaded for `look`:
        animated tiles show their current frame."""
        images = self.images
        if look is not None and look.shaded:
            images = self._shaded(look.shade)
        if not self.animations:
            return images
        current = list(images)
        for gid, animation in self.animations.items():
            current[gid] = images[animation.frame_at(ms)]
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


def shade_image(image: Any, shade: tuple[int, int, int, int]) -> Any:
    """A copy of `image` tinted and faded as Tiled does it: the tint multiplies each
    colour as if its pixel were laid over white (so a half-transparent pixel takes
    more of the tint), then the tint's alpha and the opacity multiply the alpha."""
    if image is None:
        return None
    import pygame

    shaded = image.convert_alpha()
    r, g, b, a = shade
    if (r, g, b) != (255, 255, 255):
        rgb = pygame.surfarray.pixels3d(shaded)
        alpha = pygame.surfarray.pixels_alpha(shaded).astype(np.float32)[..., None] / 255
        tint = np.array([r, g, b], dtype=np.float32) / 255
        over_white = rgb.astype(np.float32) * alpha + 255 * (1 - alpha)
        rgb[...] = np.clip(over_white * tint + 0.5, 0, 255).astype(np.uint8)
        del rgb
    if a < 255:
        shaded.fill((255, 255, 255, a), special_flags=pygame.BLEND_RGBA_MULT)
    return shaded


def object_class_of(node: ET.Element) -> str:
    """The Tiled class of an object or tile element: `type` (Tiled 1.8, 1.10+) or
    `class` (Tiled 1.9)."""
    return (node.get("type") or node.get("class") or "").strip()


# -- reading untrusted files -------------------------------------------------------------
#
# A map is data someone handed us. Everything below runs before pytmx sees the map and
# bounds what pytmx (and numpy, and pygame) will allocate: file sizes, element counts,
# decoded layer sizes, gids, image sizes. Reading a map never writes a file or follows
# anything that is not a regular file.

# Refuse maps bigger than this before pytmx allocates anything for them.
MAX_MAP_TILES = 4_000_000
# pytmx keeps every layer as nested lists of Python ints (~40 bytes a cell), so the
# cells of all tile layers together are capped too.
MAX_TOTAL_CELLS = 8_000_000
# A .tmx or .tsx bigger than this is not a level anyone drew by hand.
MAX_FILE_BYTES = 32 * 1024 * 1024
# XML elements in one file: bounds the tree ElementTree and pytmx build.
MAX_ELEMENTS = 500_000
# Sides of a tileset image, in pixels: pygame decodes it all into memory.
MAX_IMAGE_SIDE = 8192
MAX_TILESETS = 64
# Tiled's flip flags live in the top bits of a gid (bit 28 is hexagonal rotation,
# which pytmx does not know: a gid with it set is refused as out of range).
GID_FLAGS_MASK = 0xE0000000
# The largest tile number: the bits above it are Tiled's flip and rotation flags.
MAX_GID = 0x0FFFFFFF
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PROPERTY_TYPES = {"string", "int", "float", "bool", "color", "file", "object"}
BOOL_VALUES = {"true", "false", "1", "0", "yes", "no", "y", "n", "t", "f"}


class _Refused(Exception):
    """Raised by the XML handlers to stop expat at the first forbidden construct."""


def _read_file(path: Path, what: str, owner: Path) -> bytes:
    """The bytes of a regular file no bigger than MAX_FILE_BYTES; LevelError(owner) if not.

    `what` is "map" for the map itself, else what the map refers to ("tileset", "image").
    """
    subject = "" if what == "map" else f"{what} {path.name} "

    def refuse(cause: str) -> LevelError:
        return LevelError(owner, subject + cause)

    try:
        info = path.stat()  # follows symlinks: what counts is what they point at
        if stat.S_ISDIR(info.st_mode):
            raise refuse("is a directory, not a file")
        if not stat.S_ISREG(info.st_mode):
            # A FIFO or a device would block or never end: only plain files are read.
            raise refuse("is not a regular file")
        if info.st_size > MAX_FILE_BYTES:
            raise refuse(f"is too large ({info.st_size:,} bytes; limit {MAX_FILE_BYTES:,})")
        # Non-blocking, then checked again: a FIFO swapped in after stat() must not hang.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise refuse("is not a regular file")
            data = f.read(MAX_FILE_BYTES + 1)  # the file may have grown since stat()
    except FileNotFoundError:
        raise LevelError(
            owner, "file not found" if what == "map" else f"missing {what} {path.name}"
        ) from None
    except PermissionError:
        raise refuse("cannot be read (permission denied)") from None
    except OSError as exc:
        raise refuse(f"cannot be read ({exc.strerror or exc})") from None
    if len(data) > MAX_FILE_BYTES:
        raise refuse(f"is too large (limit {MAX_FILE_BYTES:,} bytes)")
    return data


def _parse_xml(data: bytes, owner: Path, what: str) -> ET.Element:
    """Parse with expat directly, refusing DTDs outright and capping the element count.

    A map has no business declaring a DOCTYPE: refusing it closes entity expansion
    ("billion laughs") and external entities at once, whatever expat's own limits are.
    """
    prefix = "" if what == "map" else f"{what} "
    builder = ET.TreeBuilder()
    parser = expat.ParserCreate()
    count = 0

    def start(tag: str, attrs: dict[str, str]) -> None:
        nonlocal count
        count += 1
        if count > MAX_ELEMENTS:
            raise _Refused(f"{prefix}has too many XML elements (limit {MAX_ELEMENTS:,})")
        builder.start(tag, attrs)

    def doctype(*_: Any) -> None:
        raise _Refused(f"{prefix}declares a DOCTYPE; maps must not declare DTDs or entities")

    def entity(*_: Any) -> None:
        raise _Refused(f"{prefix}declares an XML entity; maps must not declare entities")

    def external(*_: Any) -> int:
        raise _Refused(f"{prefix}refers to an external XML entity; refused")

    parser.StartElementHandler = start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = entity
    parser.ExternalEntityRefHandler = external
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    try:
        parser.Parse(data, True)
        root = builder.close()
    except _Refused as exc:
        raise LevelError(owner, str(exc)) from None
    except expat.ExpatError as exc:
        raise LevelError(owner, f"{prefix}not valid XML ({exc})") from None
    except (ValueError, UnicodeError) as exc:  # e.g. an encoding expat does not know
        raise LevelError(owner, f"{prefix}not valid XML ({exc})") from None
    except LookupError as exc:  # an encoding declaration naming a codec Python lacks
        cause = str(exc)[:80]
        raise LevelError(owner, f"{prefix}not valid XML ({cause}; save it as UTF-8)") from None
    return root


def _int_attr(node: ET.Element, name: str, owner: Path, where: str, default: str = "0") -> int:
    raw = node.get(name, default)
    try:
        return int(raw)
    except ValueError:
        raise LevelError(owner, f"{where} {name} '{raw[:20]}' is not a whole number") from None


def _float_attr(node: ET.Element, name: str, owner: Path, where: str) -> float:
    raw = node.get(name, "0")
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise LevelError(owner, f"{where} {name} '{raw[:20]}' is not a number")
    return value


def _check_image(
    image: ET.Element,
    base: Path,
    owner: Path,
    need: tuple[int, int] | None,
    seen: _Reads | None,
) -> None:
    """Check the PNG an <image> names (relative to `base`) and point the element at its
    absolute path, where `_Reads` keeps the checked bytes for pytmx and the layers."""
    path = base / image.get("source", "")
    _check_png(path, owner, need, seen)
    image.set("source", str(absolute(path)))
    trans = image.get("trans")
    if trans is not None:
        # pytmx hands `#` + this to pygame only when it loads images (play, not --check):
        # checked here, and written the one way pygame reads, so both agree.
        try:
            r, g, b, _ = parse_color(trans)
        except ValueError:
            raise LevelError(
                owner, f"image {path.name} transparent colour '{trans[:20]}' is not #RRGGBB"
            ) from None
        image.set("trans", f"{r:02x}{g:02x}{b:02x}")


def _check_png(
    path: Path, owner: Path, need: tuple[int, int] | None, seen: _Reads | None = None
) -> None:
    """A tileset image must be a regular PNG file of sane size (checked from its header)."""
    data = _read_file(path, "image", owner)
    if seen is not None:
        seen.files.append(path)  # hot reload watches every image the map uses
        seen.blobs[str(absolute(path))] = data  # loaded from these bytes, not re-read
    name = path.name
    # IHDR is the first chunk: width and height as big-endian uint32 at bytes 16..24.
    if len(data) < 24 or not data.startswith(PNG_SIGNATURE) or data[12:16] != b"IHDR":
        raise LevelError(owner, f"image {name} is not a PNG file (only PNG images are used)")
    width, height = struct.unpack(">II", data[16:24])
    if not (0 < width <= MAX_IMAGE_SIDE and 0 < height <= MAX_IMAGE_SIDE):
        raise LevelError(
            owner, f"image {name} is {width}x{height} px (limit {MAX_IMAGE_SIDE}x{MAX_IMAGE_SIDE})"
        )
    if need and (width < need[0] or height < need[1]):
        raise LevelError(
            owner,
            f"image {name} is {width}x{height} px, smaller than the {need[0]}x{need[1]} "
            "its tileset declares",
        )


# Settings Tiled (and pytmx, which files a node's attributes and custom properties side
# by side) gives each kind of element: a custom property of the same name is refused
# by name, where pytmx only said "Reserved names and duplicate names are not allowed".
_LAYER_FIELDS = (
    "id", "name", "class", "x", "y", "width", "height", "opacity", "visible", "locked",
    "tintcolor", "offsetx", "offsety", "parallaxx", "parallaxy", "color", "draworder",
    "repeatx", "repeaty", "source", "trans", "encoding", "compression",
)  # fmt: skip
RESERVED = {
    "map": (
        "version", "tiledversion", "class", "orientation", "renderorder", "compressionlevel",
        "width", "height", "tilewidth", "tileheight", "hexsidelength", "staggeraxis",
        "staggerindex", "parallaxoriginx", "parallaxoriginy", "backgroundcolor",
        "nextlayerid", "nextobjectid", "infinite",
    ),
    "object": (
        "id", "name", "type", "class", "x", "y", "width", "height", "rotation", "gid",
        "visible", "template", "points",
    ),
    "tileset": (
        "firstgid", "source", "name", "class", "tilewidth", "tileheight", "spacing", "margin",
        "tilecount", "columns", "objectalignment", "tilerendersize", "fillmode", "offset",
        "trans", "version", "tiledversion",
    ),
    # pytmx reads a tile's attributes and properties as one dict: an image to load
    # (`source`, `trans`), its size, its frames. A property of that name would make
    # play load or draw something --check never saw.
    "tile": ("id", "type", "class", "probability", "source", "trans", "width", "height",
             "frames", "colliders"),
    "layer": _LAYER_FIELDS,
    "objectgroup": _LAYER_FIELDS,
    "imagelayer": _LAYER_FIELDS,
    "group": _LAYER_FIELDS,
}  # fmt: skip
_ARTICLE = {"object": "an object", "imagelayer": "an image layer", "objectgroup": "a layer"}


def _check_properties(node: ET.Element, owner: Path, where: str) -> None:
    """Property names, types and values pytmx would choke on (it raises bare
    KeyError/ValueError, or one generic line for a reserved name)."""
    reserved = RESERVED.get(node.tag, ())
    seen: set[str] = set()
    for prop in node.iterfind("properties/property"):
        name = prop.get("name", "")
        if name in reserved:
            what = _ARTICLE.get(node.tag, f"a {node.tag}")
            raise LevelError(
                owner,
                f"{where} property '{name}' has a name Tiled and the game use for {what}'s "
                "own settings; rename it",
            )
        if name in seen:
            raise LevelError(owner, f"{where} property '{name[:40]}' is set twice; keep one")
        seen.add(name)
        kind = prop.get("type", "string")
        value = prop.get("value")
        if kind == "class":
            raise LevelError(
                owner, f"{where} property '{name}' is a class property, which the game cannot read"
            )
        if kind not in PROPERTY_TYPES:
            raise LevelError(owner, f"{where} property '{name}' has unknown type '{kind[:20]}'")
        if value is None:
            continue
        if kind == "bool" and value.strip().lower() not in BOOL_VALUES:
            raise LevelError(owner, f"{where} property '{name}' is not true or false")
        if kind in ("int", "object"):
            try:
                int(value)
            except ValueError:
                raise LevelError(
                    owner, f"{where} property '{name}' is not a whole number"
                ) from None
        if kind == "float":
            try:
                float(value)
            except ValueError:
                raise LevelError(owner, f"{where} property '{name}' is not a number") from None


# The largest tileset margin or spacing accepted, in pixels.
MAX_GAP = 64
# The largest tileset tile offset, in pixels, and the longest animation frame.
MAX_TILE_OFFSET = 1024
MAX_FRAME_MS = 3_600_000


def _check_tileset(
    node: ET.Element, map_path: Path, seen: _Reads | None = None
) -> tuple[str, int, int]:
    """Check one <tileset> of the map; its label and the first and last gid it covers.

    An external tileset is read once, here, and copied into the map's tree with its
    image paths made absolute, so pytmx loads exactly the bytes that were checked.
    """
    source = node.get("source")
    base = map_path.parent
    label = f"tileset {Path(source).name[:60]}" if source else "embedded tileset"
    if not source and node.get("name"):
        label += f" '{node.get('name', '')[:40]}'"
    firstgid = _int_attr(node, "firstgid", map_path, label, default="")
    if not 1 <= firstgid <= MAX_GID:
        raise LevelError(
            map_path,
            f"{label} firstgid {firstgid} must be from 1 to {MAX_GID:,}; "
            "let Tiled number the tilesets",
        )
    target = node
    if source:
        if source.lower().endswith((".tsj", ".json")):
            raise LevelError(
                map_path, f"tileset {source[:60]} is a JSON tileset; save it as .tsx in Tiled"
            )
        if not source.lower().endswith(".tsx"):
            raise LevelError(
                map_path, f"tileset {source[:60]} is not a .tsx file (save it as .tsx)"
            )
        tsx = base / source
        if seen is not None:
            seen.files.append(tsx)
        node = _parse_xml(_read_file(tsx, "tileset", map_path), map_path, f"tileset {tsx.name}")
        if node.tag != "tileset":
            raise LevelError(map_path, f"tileset {tsx.name} is not a Tiled tileset")
        base = tsx.parent
        label = f"tileset {tsx.name}"
    tw, th = (
        _int_attr(node, "tilewidth", map_path, label),
        _int_attr(node, "tileheight", map_path, label),
    )
    if (tw, th) != (TILE, TILE):
        raise LevelError(map_path, f"{label} has {tw}x{th} tiles; tiles must be {TILE}x{TILE}")
    _check_properties(node, map_path, label)
    # pytmx slices the image in steps of tile + spacing from the margin: a negative
    # spacing makes that step one pixel (millions of tiles); keep both sane.
    for attr in ("margin", "spacing"):
        value = _int_attr(node, attr, map_path, label)
        if not 0 <= value <= MAX_GAP:
            raise LevelError(map_path, f"{label} {attr} {value} must be from 0 to {MAX_GAP} pixels")
    count = _int_attr(node, "tilecount", map_path, label)
    offset = node.find("tileoffset")
    if offset is not None:
        for attr in ("x", "y"):
            value = _int_attr(offset, attr, map_path, f"{label} tile offset")
            if abs(value) > MAX_TILE_OFFSET:
                raise LevelError(
                    map_path, f"{label} tile offset {attr} {value} is beyond ±{MAX_TILE_OFFSET} px"
                )
    image = node.find("image")
    if image is not None:
        if image.get("source") is None:
            raise LevelError(map_path, f"{label} has an embedded image; use a PNG file")
        need = (
            _int_attr(image, "width", map_path, f"{label} image", default=""),
            _int_attr(image, "height", map_path, f"{label} image", default=""),
        )
        _check_image(image, base, map_path, need, seen)
        holds = _image_tiles(need, node, map_path, label)
        if count > holds:
            name = Path(image.get("source", "")).name
            raise LevelError(
                map_path,
                f"{label} tilecount {count:,} is more than its image {name} holds "
                f"({holds:,} tile{'s' * (holds != 1)} of {TILE}x{TILE}); fix the tileset in Tiled",
            )
        count = holds
    if image is None:  # an image collection: one tile per <tile> with an image
        listed = sum(1 for tile in node.iterfind("tile") if tile.find("image") is not None)
        if count > listed:
            raise LevelError(
                map_path,
                f"{label} tilecount {count:,} is more than the {listed:,} tile images it "
                "lists; fix the tileset in Tiled",
            )
        count = 0
    for tile in node.iterfind("tile"):
        tile_id = _int_attr(tile, "id", map_path, f"{label} tile", default="")
        if tile_id < 0:
            raise LevelError(map_path, f"{label} has a tile with negative id {tile_id}")
        if image is None:  # an image collection: one tile per <tile>
            count = max(count, tile_id + 1)
        _check_properties(tile, map_path, f"{label} tile {tile_id}")
        tile_image = tile.find("image")
        if tile_image is not None and tile_image.get("source"):
            _check_image(tile_image, base, map_path, None, seen)
        for attr in ("x", "y", "width", "height"):
            _int_attr(tile, attr, map_path, f"{label} tile {tile_id}")
    for tile in node.iterfind("tile"):  # frames may name tiles listed after them
        where = f"{label} tile {tile.get('id')}"
        for frame in tile.iterfind("animation/frame"):
            frame_id = _int_attr(frame, "tileid", map_path, f"{where} frame", default="")
            duration = _int_attr(frame, "duration", map_path, f"{where} frame", default="")
            if not 0 <= frame_id < count:
                raise LevelError(map_path, f"{where} animation shows tile {frame_id}, not in it")
            if not 1 <= duration <= MAX_FRAME_MS:
                raise LevelError(
                    map_path, f"{where} animation frame lasts {duration} ms (1 to {MAX_FRAME_MS})"
                )
    last = firstgid + count - 1
    if last > MAX_GID:
        raise LevelError(
            map_path,
            f"{label} firstgid {firstgid:,} leaves no room for its {count:,} tiles "
            f"(tile numbers end at {MAX_GID:,}); let Tiled number the tilesets",
        )
    if target is not node:  # read once: pytmx gets the checked copy, not the file
        target.attrib = {**node.attrib, "firstgid": str(firstgid)}
        target[:] = list(node)
    return label, firstgid, last


def _image_tiles(size: tuple[int, int], node: ET.Element, owner: Path, label: str) -> int:
    """How many tiles a tileset image of `size` px holds, as Tiled counts them: from
    the margin, in steps of tile plus spacing, whole tiles only."""
    margin = _int_attr(node, "margin", owner, label)
    spacing = _int_attr(node, "spacing", owner, label)
    columns = max(0, (size[0] - margin + spacing) // (TILE + spacing))
    rows = max(0, (size[1] - margin + spacing) // (TILE + spacing))
    return columns * rows


_WHITESPACE = b" \t\r\n"


def _plain_csv(text: str) -> bool:
    """Is this CSV as Tiled writes it: unsigned numbers, one between each two commas,
    whitespace only around them? (Checked with a few C-speed byte operations.)"""
    try:
        raw = text.encode("ascii")
    except UnicodeEncodeError:
        return False
    if raw.translate(None, b"0123456789," + _WHITESPACE):
        return False  # a sign, a letter, a dot...
    compact = raw.translate(None, _WHITESPACE)
    if not compact or compact.startswith(b",") or compact.endswith(b",") or b",," in compact:
        return False  # an empty field
    # No empty field, so one number per field unless whitespace splits a number.
    return len(raw.replace(b",", b" ").split()) == compact.count(b",") + 1


def _decode_csv(text: str, cells: int, owner: Path, where: str) -> np.ndarray:
    """CSV tile data as gids. What Tiled writes is parsed by numpy in one pass (ten
    times faster than a Python int per cell, which dominated the load of a map of
    many layers); anything else takes the slow path, which names what is wrong."""
    if _plain_csv(text):
        values = np.fromstring(text, dtype=np.int64, sep=",")
        if len(values) != cells:
            raise LevelError(
                owner, f"{where} has {len(values):,} tiles of data, expected {cells:,}"
            )
        if values.size and int(values.max()) > 0xFFFFFFFF:
            raise LevelError(owner, f"{where} has a tile number out of range")
        return values.astype(np.uint32)
    parts = text.split(",") if text else []
    if len(parts) != cells:
        raise LevelError(owner, f"{where} has {len(parts):,} tiles of data, expected {cells:,}")
    try:
        numbers = [int(p) for p in parts]
    except ValueError:
        raise LevelError(owner, f"{where} has tile data that is not a list of numbers") from None
    if numbers and (min(numbers) < 0 or max(numbers) > 0xFFFFFFFF):
        raise LevelError(owner, f"{where} has a tile number out of range")
    return np.array(numbers, dtype=np.uint32)


def _decode_layer(data: ET.Element, cells: int, owner: Path, where: str) -> np.ndarray:
    """A layer's gids, decoded with bounded memory: never more than `cells` of them."""
    encoding = data.get("encoding")
    compression = data.get("compression")
    if data.find("chunk") is not None:
        raise LevelError(
            owner, "infinite maps are not supported; untick Infinite in Map Properties"
        )
    if encoding not in ("csv", "base64"):
        kind = f"'{encoding[:20]}'" if encoding else "XML"
        raise LevelError(
            owner, f"{where} uses {kind} tile data; save it as CSV or Base64 (zlib or gzip)"
        )
    text = (data.text or "").strip()
    if encoding == "csv":
        if compression:
            raise LevelError(owner, f"{where} has CSV data with compression '{compression[:20]}'")
        return _decode_csv(text, cells, owner, where)
    if compression not in (None, "zlib", "gzip"):
        raise LevelError(
            owner,
            f"{where} uses {compression[:20]} compression, which the game cannot read; "
            "choose Base64 (zlib) or CSV",
        )
    try:
        raw = base64.b64decode(text, validate=False)
    except (binascii.Error, ValueError):
        raise LevelError(owner, f"{where} has tile data that is not valid base64") from None
    expected = cells * 4
    if compression:
        # Inflate at most one byte more than the layer needs: a "zip bomb" is refused
        # after `expected` bytes, however far it would have grown.
        wbits = zlib.MAX_WBITS | (16 if compression == "gzip" else 0)
        inflater = zlib.decompressobj(wbits)
        try:
            raw = inflater.decompress(raw, expected + 1)
        except zlib.error:
            raise LevelError(owner, f"{where} has corrupt {compression} tile data") from None
        if len(raw) > expected:
            raise LevelError(
                owner, f"{where} tile data inflates to more than the {cells:,} tiles it should hold"
            )
    if len(raw) != expected:
        raise LevelError(owner, f"{where} has {len(raw) // 4:,} tiles of data, expected {cells:,}")
    return np.frombuffer(raw, dtype="<u4")


def _precheck(
    path: Path, seen: _Reads | None = None
) -> tuple[ET.Element, list[LayerNode], dict[ET.Element, np.ndarray]]:
    """Every check that needs only the raw XML, before pytmx allocates anything from it.

    Returns the parsed map, which is what pytmx then reads (so the file is not re-read),
    its layers in drawing order with their groups' settings folded in, and every tile
    layer's cells as Tiled numbers them (flip flags included), decoded once.
    """
    if path.suffix.lower() in (".tmj", ".json"):
        raise LevelError(path, "is a JSON map; open it in Tiled and save it as .tmx")
    root = _parse_xml(_read_file(path, "map", path), path, "map")
    if root.tag != "map":
        raise LevelError(path, f"not a Tiled map (root element is <{root.tag}>, not <map>)")
    orientation = root.get("orientation", "orthogonal")
    if orientation != "orthogonal":
        raise LevelError(path, f"{orientation[:20]} maps are not supported, only orthogonal")
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
    _check_properties(root, path, "map")

    tilesets = root.findall("tileset")
    if len(tilesets) > MAX_TILESETS:
        raise LevelError(path, f"has {len(tilesets)} tilesets (limit {MAX_TILESETS})")

    def read_template(file: Path, what: str) -> ET.Element:
        return _parse_xml(_read_file(file, what, path), path, f"{what} {file.name}")

    try:
        # Before the tilesets are read in: a template names its tileset by file.
        resolve_templates(root, path, read_template, seen.files if seen is not None else [])
        nodes = layer_tree(root)  # every offset, parallax, opacity and tint readable
    except TiledError as exc:
        raise LevelError(path, str(exc)) from None
    ranges = _GidRanges([_check_tileset(ts, path, seen) for ts in tilesets])

    total = 0
    cells: dict[ET.Element, np.ndarray] = {}
    for layer in root.iter("layer"):
        where = f"layer '{layer.get('name', '')[:40]}'"
        _check_properties(layer, path, where)
        lw = _int_attr(layer, "width", path, where, default=str(width))
        lh = _int_attr(layer, "height", path, where, default=str(height))
        if (lw, lh) != (width, height):
            raise LevelError(path, f"{where} is {lw}x{lh} tiles, but the map is {width}x{height}")
        total += width * height
        if total > MAX_TOTAL_CELLS:
            raise LevelError(
                path, f"tile layers hold too many tiles together (limit {MAX_TOTAL_CELLS:,})"
            )
        data = layer.find("data")
        if data is None:
            raise LevelError(path, f"{where} has no tile data")
        raw = _decode_layer(data, width * height, path, where)
        cells[layer] = raw
        gids = raw & ~np.uint32(GID_FLAGS_MASK)
        bad = ranges.first_stray(gids)
        if bad is not None:
            cell = f"{where} cell ({bad % width}, {bad // width})"
            raise LevelError(path, f"{cell} {ranges.stray(int(gids[bad]))}")

    for group in root.iter("objectgroup"):
        _check_properties(group, path, f"object layer '{group.get('name', '')[:40]}'")
    for obj in root.iter("object"):
        oid = _int_attr(obj, "id", path, "object")
        where = f"object {oid}"
        for attr in ("x", "y", "width", "height", "rotation"):
            _float_attr(obj, attr, path, where)
        _check_shape(obj, path, _where_element(obj, oid))
        gid = _int_attr(obj, "gid", path, where)
        if gid < 0 or gid > 0xFFFFFFFF:
            raise LevelError(path, f"{where} gid {gid} is not a tile number")
        gid &= ~GID_FLAGS_MASK
        if ranges.first_stray(np.array([gid], dtype=np.uint32)) is not None:
            raise LevelError(path, f"{where} {ranges.stray(gid)}")
        _check_properties(obj, path, _where_element(obj, oid) + ":")
    for group in [*root.iter("group"), *root.iter("imagelayer")]:
        kind = "group" if group.tag == "group" else "image layer"
        _check_properties(group, path, f"{kind} '{group.get('name', '')[:40]}'")
    for image in root.iterfind(".//imagelayer/image"):
        if image.get("source"):
            _check_image(image, path.parent, path, None, seen)
    return root, nodes, cells


class _GidRanges:
    """The tile numbers the map's tilesets cover: a layer cell or tile object may use
    0 (nothing) or a number inside one of them, never one before, between or beyond
    them. As in Tiled, a number belongs to the tileset with the largest firstgid not
    above it."""

    def __init__(self, tilesets: list[tuple[str, int, int]]) -> None:
        spans = sorted(tilesets, key=lambda t: t[1])
        self.firsts = np.array([first for _, first, _ in spans], dtype=np.int64)
        self.lasts = np.array([last for _, _, last in spans], dtype=np.int64)
        self.last = int(self.lasts.max()) if spans else 0

    def first_stray(self, gids: np.ndarray) -> int | None:
        """The index of the first gid no tileset holds, if any."""
        if not gids.size or not int(gids.max()):
            return None
        values = gids.astype(np.int64)
        at = np.searchsorted(self.firsts, values, side="right") - 1
        held = (values == 0) | ((at >= 0) & (values <= self.lasts[np.maximum(at, 0)]))
        if held.all():
            return None
        return int(np.argmin(held))

    def stray(self, gid: int) -> str:
        """Why `gid` is not a tile, in the designer's terms."""
        if not self.firsts.size or gid > self.last:
            return (
                f"uses tile {gid}, but the tilesets hold {self.last} tile{'s' * (self.last != 1)}"
            )
        return (
            f"uses tile {gid}, which no tileset holds "
            f"(the tilesets start at tile {int(self.firsts[0])})"
            if gid < int(self.firsts[0])
            else f"uses tile {gid}, which falls between two tilesets"
        )


@contextlib.contextmanager
def quiet_c_stderr() -> Iterator[None]:
    """Silence what C libraries (libpng) print to file descriptor 2 meanwhile: the
    game's own one-line error is the one a player should read."""
    try:
        saved = os.dup(2)
    except OSError:  # no stderr descriptor at all: nothing to silence
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def decode_images(level: Level) -> None:
    """Decode every PNG the map uses, fully, as play will: a corrupt image is a
    LevelError here (for --check), not a surprise at load."""

    for file in level.files:
        if file.suffix.lower() == ".png":
            decode_png(_read_file(file, "image", level.path), file, level.path)


def decode_png(data: bytes, file: Path, owner: Path) -> Any:
    """A pygame Surface decoded from a PNG's bytes (already read and checked), or one
    LevelError line: never a second read of the file, never libpng's own output."""
    import pygame

    try:
        with quiet_c_stderr():
            return pygame.image.load(io.BytesIO(data), "image.png")
    except (pygame.error, OSError, ValueError) as exc:
        cause = " ".join(str(exc).split())[:80] or type(exc).__name__
        raise LevelError(owner, f"image {file.name} cannot be decoded ({cause})") from None


@dataclass
class _Reads:
    """What reading a map read besides the map: the files (hot reload watches them)
    and the bytes of every image, which are decoded from what was checked."""

    files: list[Path] = field(default_factory=list)
    blobs: dict[str, bytes] = field(default_factory=dict)

    def decode(self, source: str, owner: Path) -> Any:
        """The image at `source` (an absolute path `_check_image` wrote), decoded from
        the bytes its check read."""
        file = Path(source)
        data = self.blobs.get(str(absolute(file)))
        if data is None:  # every image the map names was checked and kept
            raise LevelError(owner, f"image {file.name} was not checked before loading")
        return decode_png(data, file, owner)

    def image_loader(self, owner: Path) -> Any:
        """A pytmx image loader that decodes the checked bytes instead of the file."""
        from pytmx.util_pygame import handle_transformation, smart_convert

        def loader(filename: str, colorkey: Any, **kwargs: Any) -> Any:
            import pygame

            image = self.decode(filename, owner)
            key = pygame.Color(f"#{colorkey}") if colorkey else None

            def tile(rect: Any = None, flags: Any = None) -> Any:
                part = image.subsurface(rect) if rect else image.copy()
                if flags:
                    part = handle_transformation(part, flags)
                return smart_convert(part, key, kwargs.get("pixelalpha", True))

            return tile

        return loader


def _load_tmx(
    path: Path, root: ET.Element, reads: _Reads | None, cells: dict[ET.Element, np.ndarray]
) -> tuple[Any, dict[ET.Element, np.ndarray]]:
    """pytmx's reading of the checked tree, and each tile layer's cells as pytmx
    numbers tiles (indexes into its images)."""
    import pytmx

    # pytmx logs its own complaints before raising; ours is the one line that counts.
    logging.getLogger("pytmx").setLevel(logging.CRITICAL)
    kwargs: dict[str, Any] = {}
    if reads is not None:
        kwargs["image_loader"] = reads.image_loader(path)
    try:
        # Hand pytmx the tree _precheck validated rather than letting it re-read the file.
        # Property names were checked above, each refusal naming its element.
        tmx = pytmx.TiledMap(allow_duplicate_names=True, **kwargs)
        tmx.filename = str(path)
        numbered = _number_tiles(tmx, cells)
        with quiet_c_stderr():  # libpng's own complaint would be a second line
            tmx.parse_xml(root)
        return tmx, numbered
    except LevelError:  # our own image loader's refusal: already one line
        raise
    except FileNotFoundError as exc:
        missing = Path(exc.filename).name if exc.filename else "a file it refers to"
        raise LevelError(path, f"missing file {missing}") from None
    except Exception as exc:  # pytmx raises bare Exception, ValueError, pygame.error...
        cause = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise LevelError(path, f"cannot be loaded ({cause})") from None


def _check_attributes(root: ET.Element, owner: Path) -> None:
    """What pytmx casts as it reads the tree (after `for_pytmx`): a number or a
    true/false it cannot read made it fail in Python's words ("could not convert
    string to float: 'abc'"); here it is refused naming the element and the value."""
    from pytmx.pytmx import convert_to_bool, types

    words: dict[Any, str] = {
        int: "a whole number",
        float: "a number",
        convert_to_bool: "true or false",
    }

    def check(node: ET.Element, where: str) -> None:
        for attr, value in node.attrib.items():
            cast = types.get(attr, str)  # .get: its defaultdict would keep every name
            if cast in words:
                try:
                    cast(value)
                except (ValueError, OverflowError):
                    what = words[cast]
                    raise LevelError(
                        owner, f"{where} {attr} '{value[:20]}' is not {what}"
                    ) from None

    check(root, "map")
    for tileset in root.iter("tileset"):
        label = f"tileset '{tileset.get('name', '')[:40]}'"
        check(tileset, label)
        for tile in tileset.iterfind("tile"):
            check(tile, f"{label} tile {tile.get('id', '')[:12]}")
    for node in root.iter():
        if node.tag in ("layer", "objectgroup", "imagelayer", "group"):
            kind = "group" if node.tag == "group" else "layer"
            check(node, f"{kind} '{node.get('name', '')[:40]}'")
        elif node.tag == "object":
            check(
                node,
                _where(int(node.get("id", "0")), node.get("name", ""), object_class_of(node)) + ":",
            )


def _number_tiles(tmx: Any, cells: dict[ET.Element, np.ndarray]) -> dict[ET.Element, np.ndarray]:
    """Number the tiles of every tile layer for pytmx, and take the layers' data out
    of its sight. pytmx decodes each layer again and numbers it a cell at a time (a
    Python call per cell: most of the load of a map of many layers). It numbers tiles
    in the order its layers, read first, use them; registering each distinct Tiled
    number in that same order, before it reads anything, gives the same numbers."""
    numbers: dict[int, int] = {}
    numbered = {}
    for layer, raw in cells.items():
        values, first, inverse = np.unique(raw, return_index=True, return_inverse=True)
        for i in np.argsort(first):  # new tiles in the order the layer uses them
            value = int(values[i])
            if value not in numbers:
                numbers[value] = tmx.register_gid_check_flags(value)
        lookup = np.array([numbers[int(value)] for value in values], dtype=np.int32)
        numbered[layer] = lookup[inverse.reshape(-1)]
        data = layer.find("data")
        if data is not None:  # one empty cell: pytmx's copy is never read
            data.attrib = {"encoding": "csv"}
            data.text = "0"
    return numbered


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
    level = read_level(path, images=images)
    found = usable_problems(level)
    if found:
        where, message = found[0]
        more = f" (and {len(found) - 1} more: see --check)" if len(found) > 1 else ""
        raise LevelError(path, f"{where}: {message}{more}")
    return level


def where_object(spawn: Spawn) -> str:
    """WHERE for an object: `object 12 'name' (Player)`."""
    return _where(spawn.id, spawn.name, spawn.cls)


def _where_element(obj: ET.Element, oid: int) -> str:
    """WHERE for an object element not yet read into a Spawn, as `where_object` says it."""
    return _where(oid, obj.get("name", ""), object_class_of(obj))


def _where(oid: int, name: str, cls: str) -> str:
    name = name if len(name) <= 40 else name[:37] + "..."
    return f"object {oid} '{name}' ({cls or 'no class'})"


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


def read_level(path: str | Path, *, images: bool = True) -> Level:
    """Read a map safely without the gameplay checks of `load_level` (the validator's view).

    Object properties the map leaves out get their defaults from `gunner.objects`,
    because Tiled does not save a property that still has its class default.
    """
    from pytmx.pytmx import parse_properties

    path = Path(path)
    reads = _Reads()
    root, nodes, cells = _precheck(path, reads)
    for_pytmx(root)
    _check_attributes(root, path)
    tmx, numbered = _load_tmx(path, root, reads if images else None, cells)
    width, height = int(tmx.width), int(tmx.height)
    tiles = _TileInfo(root)
    flags = _tile_flags(tmx)
    solid = np.zeros((height, width), dtype=np.uint8)
    unhonoured: list[tuple[str, str]] = []
    layers: list[DrawLayer] = []
    spawns: list[Spawn] = []
    for node in nodes:
        where = f"layer '{node.name[:40]}'"
        foreground = node.name.lower() == FOREGROUND_LAYER or _truthy(
            parse_properties(node.element).get("foreground")
        )
        if not node.visible:
            continue  # hidden, or in a hidden group: neither drawn, solid nor spawned
        look = node.look
        if node.kind == "layer":
            gids = numbered[node.element].reshape(height, width)
            if _add_solid(solid, gids, flags) and look.displaced:
                unhonoured.append(
                    (
                        where,
                        "holds solid tiles but is offset or has parallax; they collide "
                        "where they would stand without it",
                    )
                )
            layers.append(TileLayer(node.name, gids, foreground, look))
        elif node.kind == "imagelayer":
            layer = _image_layer(
                node.element, node.name, look, foreground, reads if images else None, path
            )
            if layer is not None:
                layers.append(layer)
        else:
            decor: list[TileObject] = []
            for obj in node.element.iterfind("object"):
                if obj.get("visible", "1") == "0":
                    continue
                spawn, tile = _read_object(obj, look, tiles, tmx)
                if spawn is not None:
                    spawns.append(spawn)
                    if (look.px, look.py) != (1.0, 1.0):
                        unhonoured.append(
                            (
                                where,
                                f"has parallax; {where_object(spawn)} spawns where it "
                                "stands without it",
                            )
                        )
                if tile is not None:
                    decor.append(tile)
                    if float(obj.get("rotation", "0")) % 360:
                        unhonoured.append(
                            (
                                f"object {obj.get('id')}",
                                "tile object is rotated; it is drawn unrotated",
                            )
                        )
            if decor:
                layers.append(ObjectTiles(node.name, decor, look, foreground))

    props = dict(tmx.properties)
    name = str(props.get("name") or path.stem)
    level = Level(
        path=path,
        name=name,
        width=width,
        height=height,
        solid=solid,
        layers=layers,
        spawns=spawns,
        properties=props,
        images=list(tmx.images) if images else [],
        files=[path, *dict.fromkeys(reads.files)],
        parallax_origin=(
            _float_attr(root, "parallaxoriginx", path, "map"),
            _float_attr(root, "parallaxoriginy", path, "map"),
        ),
        unhonoured=unhonoured,
    )
    if images:
        tiles.finish(level, tmx, reads)
    return level


def _add_solid(solid: np.ndarray, gids: np.ndarray, flags: dict[int, int]) -> bool:
    """Mark a layer's solid and one-way tiles in `solid`; did it have any?"""
    found = False
    for gid, flag in flags.items():
        cells = gids == gid
        if not cells.any():
            continue
        found = True
        if flag == SOLID:
            solid[cells] = SOLID
        else:  # a one-way platform never weakens a solid tile on another layer
            solid[cells & (solid == EMPTY)] = ONEWAY
    return found


def _image_layer(
    node: ET.Element, name: str, look: Look, foreground: bool, reads: _Reads | None, path: Path
) -> ImageLayer | None:
    """An image layer; None for one with no image yet (as Tiled saves a new one)."""
    element = node.find("image")
    source = element.get("source") if element is not None else None
    if element is None or not source:
        return None
    picture = None
    if reads is not None:
        picture = reads.decode(source, path)
        trans = element.get("trans")
        if trans:
            try:
                picture.set_colorkey(parse_color(trans)[:3])
            except ValueError:
                raise LevelError(
                    path, f"layer '{name[:40]}' transparent colour is not #RRGGBB"
                ) from None
        picture = shade_image(picture, look.shade)
    return ImageLayer(
        name,
        picture,
        look,
        repeat_x=node.get("repeatx") == "1",
        repeat_y=node.get("repeaty") == "1",
        foreground=foreground,
    )


def _read_object(
    obj: ET.Element, look: Look, tiles: _TileInfo, tmx: Any
) -> tuple[Spawn | None, TileObject | None]:
    """An object as a spawn (it has a class, its own or its tile's) or as decoration (a
    tile with no class, drawn with its layer's look). A spawn's position includes the
    layer's offset. A tile object's y is its bottom in Tiled and its top here."""
    from pytmx.pytmx import parse_properties

    from gunner.objects import defaults

    raw_gid = int(obj.get("gid", "0"))
    x, y = float(obj.get("x", "0")), float(obj.get("y", "0"))
    w, h = float(obj.get("width", "0")), float(obj.get("height", "0"))
    cls = object_class_of(obj)
    tile_props: dict[str, Any] = {}
    if raw_gid:
        tile_cls, tile_props = tiles.meta(raw_gid)
        cls = cls or tile_cls
        y -= h
        if not cls:
            return None, TileObject(tmx.register_gid_check_flags(raw_gid), x, y, w, h)
    spawn = Spawn(  # where the designer sees it: the layer's offset moves it
        cls=cls,
        x=x + look.dx,
        y=y + look.dy,
        w=w,
        h=h,
        id=int(obj.get("id", "0")),
        name=str(obj.get("name", "")),
        props={**defaults(cls), **tile_props, **parse_properties(obj)},
    )
    spawn.points, spawn.shape_problem = _points(obj, spawn.x, spawn.y)
    spawn.shape = next((kind for kind in SHAPES if obj.find(kind) is not None), "")
    return spawn, None


MAX_POINTS = 1000  # in one polyline or polygon


def _points(obj: ET.Element, x: float, y: float) -> tuple[list[tuple[float, float]], str]:
    """A polyline's or polygon's points in map pixels ([(x, y)] for a point object),
    and why they cannot be used ("" if they can). `_precheck` has made sure they are
    pairs of numbers, at most MAX_POINTS of them: a shape is never cut short."""
    if obj.find("point") is not None:
        return [(x, y)], ""
    shape = _shape(obj)
    if shape is None:
        return [], ""
    points = []
    for n, pair in enumerate((shape.get("points") or "").split(), 1):
        px, _, py = pair.partition(",")
        fx, fy = float(px), float(py)
        if not (math.isfinite(fx) and math.isfinite(fy)):
            return [], f"{shape.tag} point {n} ({px[:12]}, {py[:12]}) is not a finite number"
        points.append((x + fx, y + fy))
    return points, ""


def _shape(obj: ET.Element) -> ET.Element | None:
    """An object's polyline or polygon element, if it is one."""
    found = obj.find("polyline")
    return found if found is not None else obj.find("polygon")


def _check_shape(obj: ET.Element, owner: Path, where: str) -> None:
    """A polygon's or polyline's points as pytmx needs them (it splits them itself, and
    fails on anything but pairs of numbers), and never more than MAX_POINTS: refused
    whole, never cut."""
    shape = _shape(obj)
    if shape is None:
        return
    pairs = (shape.get("points") or "").split()
    if len(pairs) > MAX_POINTS:
        raise LevelError(
            owner, f"{where}: {shape.tag} has {len(pairs):,} points; at most {MAX_POINTS:,}"
        )
    for n, pair in enumerate(pairs, 1):
        parts = pair.split(",")
        try:
            if len(parts) != 2:
                raise ValueError(pair)
            float(parts[0]), float(parts[1])
        except ValueError:
            raise LevelError(
                owner, f"{where}: {shape.tag} point {n} '{pair[:20]}' is not a pair of numbers"
            ) from None


class _TileInfo:
    """What the map's (inlined) tilesets say about single tiles: class, properties,
    tile offset, sub-rectangle and animation, by Tiled gid."""

    def __init__(self, root: ET.Element) -> None:
        from pytmx.pytmx import parse_properties

        self.firsts: list[tuple[int, ET.Element]] = sorted(
            ((int(ts.get("firstgid", "0")), ts) for ts in root.iter("tileset")),
            key=lambda pair: pair[0],
        )
        self.tiles: dict[int, ET.Element] = {}
        for first, tileset in self.firsts:
            for tile in tileset.iterfind("tile"):
                self.tiles[first + int(tile.get("id", "0"))] = tile
        self._parse = parse_properties

    def meta(self, raw_gid: int) -> tuple[str, dict[str, Any]]:
        """A tile's class and custom properties, which a tile object inherits."""
        tile = self.tiles.get(raw_gid & ~GID_FLAGS_MASK)
        if tile is None:
            return "", {}
        props = {k: v for k, v in self._parse(tile).items() if k not in ("solid", "oneway")}
        return object_class_of(tile), props

    def tileset_of(self, gid: int) -> ET.Element | None:
        found = None
        for first, tileset in self.firsts:
            if first <= gid:
                found = tileset
        return found

    def finish(self, level: Level, tmx: Any, reads: _Reads) -> None:
        """Cut collection sub-rectangles, record draw offsets and build animations."""
        from pytmx.util_pygame import handle_transformation

        images = level.images
        flags_of = {
            gid: (tiled, flags) for tiled, pairs in tmx.gidmap.items() for gid, flags in pairs
        }
        for gid, (tiled, flags) in flags_of.items():
            if gid >= len(images) or images[gid] is None:
                continue
            tile = self.tiles.get(tiled)
            if tile is not None and tile.get("width") and tile.get("height"):
                source = tmx.tile_properties.get(gid, {}).get("source")
                if source:  # a sub-rectangle of a collection image (Tiled 1.9)
                    import pygame

                    whole = reads.decode(source, level.path)
                    rect = pygame.Rect(
                        int(tile.get("x", "0")),
                        int(tile.get("y", "0")),
                        int(tile.get("width", "0")),
                        int(tile.get("height", "0")),
                    ).clip(whole.get_rect())
                    if rect.w and rect.h:
                        images[gid] = handle_transformation(whole.subsurface(rect).copy(), flags)
            tileset = self.tileset_of(tiled)
            offset = tileset.find("tileoffset") if tileset is not None else None
            dx = int(offset.get("x", "0")) if offset is not None else 0
            dy = int(offset.get("y", "0")) if offset is not None else 0
            dy += TILE - images[gid].get_height()
            if dx or dy:
                level.tile_offsets[gid] = (dx, dy)
        for gid, props in tmx.tile_properties.items():
            frames = props.get("frames") or []
            if not frames or gid >= len(images):
                continue
            _, flags = flags_of.get(gid, (0, None))
            ids = []
            for frame in frames:
                # A frame showing a collection tile with no image draws nothing, as an
                # unflipped one does; flipping nothing crashed play (--check passed).
                if flags is not None and any(flags) and images[frame.gid] is not None:
                    images.append(handle_transformation(images[frame.gid], flags))
                    ids.append(len(images) - 1)
                else:
                    ids.append(frame.gid)
            durations = np.array([frame.duration for frame in frames], dtype=np.int64)
            level.animations[gid] = Animation(np.array(ids), np.cumsum(durations))
