"""Building a Level from the checked map: layers, the solid grid, spawns and decoration."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import numpy as np

from gunner.maps.bridge import check_attributes, load_tmx, tile_flags, truthy
from gunner.maps.errors import LevelError
from gunner.maps.images import Reads, shade_image
from gunner.maps.model import (
    FOREGROUND_LAYER,
    DrawLayer,
    ImageLayer,
    Level,
    ObjectTiles,
    Spawn,
    TileLayer,
    TileObject,
    object_class_of,
    where_object,
)
from gunner.maps.precheck import precheck
from gunner.maps.safe import float_attr
from gunner.maps.shapes import points_of
from gunner.maps.tilesets import TileInfo
from gunner.tiled import SHAPES, Look, for_pytmx, parse_color
from gunner.tilemap import EMPTY, ONEWAY, SOLID


def read_level(path: str | Path, *, images: bool = True) -> Level:
    """Read a map safely without the gameplay checks of `load_level` (the validator's view).

    Object properties the map leaves out get their defaults from `gunner.objects`,
    because Tiled does not save a property that still has its class default.
    """
    from pytmx.pytmx import parse_properties

    path = Path(path)
    reads = Reads()
    root, nodes, cells = precheck(path, reads)
    for_pytmx(root)
    check_attributes(root, path)
    tmx, numbered = load_tmx(path, root, reads if images else None, cells)
    width, height = int(tmx.width), int(tmx.height)
    tiles = TileInfo(root)
    flags = tile_flags(tmx)
    solid = np.zeros((height, width), dtype=np.uint8)
    unhonoured: list[tuple[str, str]] = []
    layers: list[DrawLayer] = []
    spawns: list[Spawn] = []
    for node in nodes:
        where = f"layer '{node.name[:40]}'"
        foreground = node.name.lower() == FOREGROUND_LAYER or truthy(
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
            float_attr(root, "parallaxoriginx", path, "map"),
            float_attr(root, "parallaxoriginy", path, "map"),
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
    node: ET.Element, name: str, look: Look, foreground: bool, reads: Reads | None, path: Path
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
    obj: ET.Element, look: Look, tiles: TileInfo, tmx: Any
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
    spawn.points, spawn.shape_problem = points_of(obj, spawn.x, spawn.y)
    spawn.shape = next((kind for kind in SHAPES if obj.find(kind) is not None), "")
    return spawn, None
