"""Reading untrusted files: bounded sizes, no DTDs, numbers checked before use."""

from __future__ import annotations

import math
import os
import stat
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any
from xml.parsers import expat

from gunner.maps.errors import LevelError

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


def read_file(path: Path, what: str, owner: Path) -> bytes:
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


def parse_xml(data: bytes, owner: Path, what: str) -> ET.Element:
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


def int_attr(node: ET.Element, name: str, owner: Path, where: str, default: str = "0") -> int:
    raw = node.get(name, default)
    try:
        return int(raw)
    except ValueError:
        raise LevelError(owner, f"{where} {name} '{raw[:20]}' is not a whole number") from None


def float_attr(node: ET.Element, name: str, owner: Path, where: str) -> float:
    raw = node.get(name, "0")
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise LevelError(owner, f"{where} {name} '{raw[:20]}' is not a number")
    return value


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


def check_properties(node: ET.Element, owner: Path, where: str) -> None:
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
