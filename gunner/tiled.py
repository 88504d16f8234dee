"""Tiled's layer tree and object templates, read from the map's checked XML.

pytmx reads tilesets and tile data, but it flattens groups, reorders layers by kind,
ignores parallax, tint and fractional offsets, and does not resolve templates. So the
loader reads those here, from the same XML tree it checked, and hands pytmx only what
pytmx understands. What a designer set in Tiled is then what the game draws:

- every layer's effective look: visibility, offset, parallax, opacity and tint, each
  folded down through its groups as Tiled does (offsets add, the rest multiply);
- object templates (`.tx`) merged under the object's own attributes and properties.
"""

from __future__ import annotations

import copy
import math
import os
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

# A layer offset or template reach beyond these is not a level anyone drew by hand.
MAX_OFFSET = 1_000_000.0
MAX_PARALLAX = 100.0
MAX_TEMPLATES = 256
# The shape of an object: copied from a template when the object has none of its own.
SHAPES = ("ellipse", "point", "polygon", "polyline", "text")
LAYER_TAGS = ("layer", "imagelayer", "objectgroup", "group")
# Tiled's flip flags live in the top bits of a gid (bit 28 is hexagonal rotation).
FLAG_BITS = 0xF0000000

WHITE = (255, 255, 255, 255)


class TiledError(Exception):
    """Something in the layer tree or a template the game cannot use: one line."""


@dataclass(frozen=True)
class Look:
    """How a layer is drawn, its groups' settings already folded in."""

    dx: float = 0.0  # offset in pixels
    dy: float = 0.0
    px: float = 1.0  # parallax factor: 1 moves with the world, 0 stays on screen
    py: float = 1.0
    opacity: float = 1.0
    tint: tuple[int, int, int, int] = WHITE

    @property
    def displaced(self) -> bool:
        """Is the layer drawn away from the tile grid (an offset, or parallax)?"""
        return (self.dx, self.dy, self.px, self.py) != (0.0, 0.0, 1.0, 1.0)

    @property
    def shaded(self) -> bool:
        """Do this layer's images need recolouring (tint or opacity)?"""
        return self.tint != WHITE or self.opacity < 1.0

    @property
    def shade(self) -> tuple[int, int, int, int]:
        """The RGBA multiplier for the layer's images: tint times opacity."""
        r, g, b, a = self.tint
        return (r, g, b, round(a * self.opacity))

    def under(self, parent: Look) -> Look:
        """This look inside a group whose look is `parent`."""
        tint = tuple(round(a * b / 255) for a, b in zip(self.tint, parent.tint, strict=True))
        return Look(
            dx=self.dx + parent.dx,
            dy=self.dy + parent.dy,
            px=self.px * parent.px,
            py=self.py * parent.py,
            opacity=self.opacity * parent.opacity,
            tint=(tint[0], tint[1], tint[2], tint[3]),
        )

    def view(
        self, ox: float, oy: float, view: tuple[int, int], origin: tuple[float, float]
    ) -> tuple[float, float]:
        """The offset to subtract from this layer's positions when the camera's offset
        is (ox, oy): Tiled shifts a layer by (1 - parallax) times the distance from the
        map's parallax origin to the centre of the view, then by the layer's offset."""
        cx = ox + view[0] / 2 - origin[0]
        cy = oy + view[1] / 2 - origin[1]
        return (ox - self.dx - (1 - self.px) * cx, oy - self.dy - (1 - self.py) * cy)


@dataclass
class LayerNode:
    """One layer of the map in document (drawing) order, with its effective look."""

    kind: str  # "layer", "imagelayer" or "objectgroup"
    element: ET.Element
    name: str
    visible: bool
    look: Look
    index: int  # its place among the layers of its kind, in document order


def parse_color(raw: str) -> tuple[int, int, int, int]:
    """Tiled's `#RRGGBB` or `#AARRGGBB` as RGBA; ValueError if it is neither."""
    text = raw.strip().lstrip("#")
    if len(text) not in (6, 8) or any(c not in "0123456789abcdefABCDEF" for c in text):
        raise ValueError(raw)
    value = int(text, 16)
    alpha = value >> 24 if len(text) == 8 else 255
    return ((value >> 16) & 255, (value >> 8) & 255, value & 255, alpha)


def _number(
    node: ET.Element, name: str, default: float, low: float, high: float, where: str
) -> float:
    raw = node.get(name)
    if raw is None:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and low <= value <= high):
        raise TiledError(f"{where} {name} '{raw[:20]}' must be a number from {low:g} to {high:g}")
    return value


def own_look(node: ET.Element, where: str) -> Look:
    """The look a layer or group sets for itself."""
    tint = WHITE
    raw_tint = node.get("tintcolor")
    if raw_tint:
        try:
            tint = parse_color(raw_tint)
        except ValueError:
            raise TiledError(f"{where} tint colour '{raw_tint[:20]}' is not #RRGGBB") from None
    return Look(
        dx=_number(node, "offsetx", 0.0, -MAX_OFFSET, MAX_OFFSET, where),
        dy=_number(node, "offsety", 0.0, -MAX_OFFSET, MAX_OFFSET, where),
        px=_number(node, "parallaxx", 1.0, -MAX_PARALLAX, MAX_PARALLAX, where),
        py=_number(node, "parallaxy", 1.0, -MAX_PARALLAX, MAX_PARALLAX, where),
        opacity=_number(node, "opacity", 1.0, 0.0, 1.0, where),
        tint=tint,
    )


def layer_tree(root: ET.Element) -> list[LayerNode]:
    """Every tile, image and object layer in drawing order, groups folded in.

    Walked with an explicit stack, not recursion: Tiled saves groups nested a
    thousand deep without complaint, and the walk must not care how deep they go."""
    nodes: list[LayerNode] = []
    counts = {"layer": 0, "imagelayer": 0, "objectgroup": 0}
    # Each entry: a group's children still to visit, with the group's look and visibility.
    stack: list[tuple[Iterator[ET.Element], Look, bool]] = [(iter(root), Look(), True)]
    while stack:
        children, look, visible = stack[-1]
        child = next(children, None)
        if child is None:
            stack.pop()
            continue
        if child.tag not in LAYER_TAGS:
            continue
        name = child.get("name", "")
        where = f"{'group' if child.tag == 'group' else 'layer'} '{name[:40]}'"
        child_look = own_look(child, where).under(look)
        shown = visible and child.get("visible", "1") != "0"
        if child.tag == "group":
            stack.append((iter(child), child_look, shown))
            continue
        nodes.append(LayerNode(child.tag, child, name, shown, child_look, counts[child.tag]))
        counts[child.tag] += 1
    return nodes


def for_pytmx(root: ET.Element) -> None:
    """Remove from the tree what pytmx misreads and the loader reads itself: offsets
    (pytmx casts them to int, so Tiled's fractional ones fail), image layers (an empty
    one, as Tiled saves a new one, crashes it) and tile collision shapes (it files an
    embedded tileset's as object layers of the map)."""
    for node in root.iter():
        if node.tag in LAYER_TAGS:
            for attr in ("offsetx", "offsety", "parallaxx", "parallaxy", "tintcolor"):
                node.attrib.pop(attr, None)
    for parent in [root, *root.iter("group")]:
        for child in parent.findall("imagelayer"):
            parent.remove(child)
    for tileset in root.iter("tileset"):
        _fix_slicing(tileset)
        for tile in tileset.iterfind("tile"):
            for shapes in tile.findall("objectgroup"):
                tile.remove(shapes)
            # pytmx reads a tile's attributes as its properties: a stray `source`
            # would be loaded as the tile's image in play (never in --check). Tiled
            # writes only these; the rest means nothing to Tiled or to the game.
            for attr in [a for a in tile.attrib if a not in TILE_ATTRS]:
                del tile.attrib[attr]


# The attributes Tiled writes on a tileset's <tile> that the loader reads.
TILE_ATTRS = ("id", "type", "class", "x", "y", "width", "height")


def _fix_slicing(tileset: ET.Element) -> None:
    """pytmx cuts a tileset image from the margin up to its size plus the margin, so
    with a margin its last row and column overhang the image, and cutting a tile
    there (any tile with properties is cut) fails in play where --check passed.
    Tiled stops at the image's edge: hand pytmx the size that makes it cut exactly
    Tiled's tiles."""
    image = tileset.find("image")
    margin = tileset.get("margin", "0")
    if image is None or not margin.isdigit() or margin == "0":
        return
    for attr in ("width", "height"):
        size = image.get(attr, "")
        if size.isdigit():
            image.set(attr, str(max(0, int(size) - int(margin))))


# -- templates -------------------------------------------------------------------------


def resolve_templates(
    root: ET.Element,
    map_path: Path,
    read: Callable[[Path, str], ET.Element],
    files: list[Path],
) -> None:
    """Merge every object's template (`template="enemy.tx"`) into the object, as Tiled
    does on export: the template's attributes, shape and properties, under the object's
    own. `read(path, what)` reads and checks an XML file under the map limits."""
    cache: dict[Path, tuple[ET.Element, ET.Element | None]] = {}
    map_sets = {
        absolute(map_path.parent / s): int(first)
        for t in root.iter("tileset")
        if (s := t.get("source")) and (first := t.get("firstgid", "")).isdigit()
    }
    for obj in root.iter("object"):
        source = obj.get("template")
        if source is None:
            continue
        where = f"object {obj.get('id', '?')[:12]}"
        if not source.lower().endswith(".tx"):
            raise TiledError(f"{where} template {source[:60]} is not a .tx file (save it as .tx)")
        path = map_path.parent / source
        if path not in cache:
            if len(cache) >= MAX_TEMPLATES:
                raise TiledError(f"uses more than {MAX_TEMPLATES} templates")
            template = read(path, "template")
            if template.tag != "template" or template.find("object") is None:
                raise TiledError(f"template {path.name} is not a Tiled object template")
            cache[path] = (template.find("object"), template.find("tileset"))  # type: ignore[assignment]
            files.append(path)
        template_obj, template_set = cache[path]
        _merge(obj, template_obj, template_set, path, map_sets, where)
        del obj.attrib["template"]


def _merge(
    obj: ET.Element,
    template: ET.Element,
    template_set: ET.Element | None,
    path: Path,
    map_sets: dict[Path, int],
    where: str,
) -> None:
    for name, value in template.attrib.items():
        if name in ("id", "template") or name in obj.attrib:
            continue
        if name == "gid":
            value = str(_map_gid(value, template_set, path, map_sets, where))
        obj.set(name, value)
    if not any(obj.find(shape) is not None for shape in SHAPES):
        for shape in SHAPES:
            found = template.find(shape)
            if found is not None:
                obj.append(copy.deepcopy(found))
    inherited = template.find("properties")
    if inherited is None:
        return
    own = obj.find("properties")
    if own is None:
        own = ET.SubElement(obj, "properties")
    names = {p.get("name") for p in own.iterfind("property")}
    for prop in inherited.iterfind("property"):
        if prop.get("name") not in names:
            own.append(copy.deepcopy(prop))


def absolute(path: Path) -> Path:
    """The path with `..` folded, without touching the file system."""
    return Path(os.path.normpath(os.path.abspath(path)))


def _map_gid(
    raw: str, template_set: ET.Element | None, path: Path, map_sets: dict[Path, int], where: str
) -> int:
    """A template's tile, renumbered into the map's copy of the same tileset."""
    try:
        gid = int(raw)
    except ValueError:
        raise TiledError(f"template {path.name} gid '{raw[:20]}' is not a whole number") from None
    if template_set is None or not template_set.get("source"):
        raise TiledError(f"template {path.name} has a tile but no tileset file")
    tileset = absolute(path.parent / template_set.get("source", ""))
    if tileset not in map_sets:
        raise TiledError(
            f"{where} uses template {path.name}, whose tileset {tileset.name} the map does not "
            "include; add that tileset to the map"
        )
    try:
        first = int(template_set.get("firstgid", ""))
    except ValueError:
        raise TiledError(f"template {path.name} tileset firstgid is not a whole number") from None
    flags, tile = gid & FLAG_BITS, (gid & ~FLAG_BITS) - first
    if tile < 0:
        raise TiledError(f"template {path.name} gid {gid} is below its tileset's firstgid")
    return (map_sets[tileset] + tile) | flags
