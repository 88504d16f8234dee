"""Every check that needs only the raw XML, run before pytmx allocates anything."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np

from gunner.config import TILE
from gunner.maps.errors import LevelError
from gunner.maps.images import Reads, check_image
from gunner.maps.layers import decode_layer
from gunner.maps.model import where_element
from gunner.maps.safe import (
    GID_FLAGS_MASK,
    MAX_MAP_TILES,
    MAX_TILESETS,
    MAX_TOTAL_CELLS,
    check_properties,
    float_attr,
    int_attr,
    parse_xml,
    read_file,
)
from gunner.maps.shapes import check_shape
from gunner.maps.tilesets import GidRanges, check_tileset
from gunner.tiled import LayerNode, TiledError, layer_tree, resolve_templates


def precheck(
    path: Path, seen: Reads | None = None
) -> tuple[ET.Element, list[LayerNode], dict[ET.Element, np.ndarray]]:
    """Every check that needs only the raw XML, before pytmx allocates anything from it.

    Returns the parsed map, which is what pytmx then reads (so the file is not re-read),
    its layers in drawing order with their groups' settings folded in, and every tile
    layer's cells as Tiled numbers them (flip flags included), decoded once.
    """
    if path.suffix.lower() in (".tmj", ".json"):
        raise LevelError(path, "is a JSON map; open it in Tiled and save it as .tmx")
    root = parse_xml(read_file(path, "map", path), path, "map")
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
    check_properties(root, path, "map")

    tilesets = root.findall("tileset")
    if len(tilesets) > MAX_TILESETS:
        raise LevelError(path, f"has {len(tilesets)} tilesets (limit {MAX_TILESETS})")

    def read_template(file: Path, what: str) -> ET.Element:
        return parse_xml(read_file(file, what, path), path, f"{what} {file.name}")

    try:
        # Before the tilesets are read in: a template names its tileset by file.
        resolve_templates(root, path, read_template, seen.files if seen is not None else [])
        nodes = layer_tree(root)  # every offset, parallax, opacity and tint readable
    except TiledError as exc:
        raise LevelError(path, str(exc)) from None
    ranges = GidRanges([check_tileset(ts, path, seen) for ts in tilesets])

    total = 0
    cells: dict[ET.Element, np.ndarray] = {}
    for layer in root.iter("layer"):
        where = f"layer '{layer.get('name', '')[:40]}'"
        check_properties(layer, path, where)
        lw = int_attr(layer, "width", path, where, default=str(width))
        lh = int_attr(layer, "height", path, where, default=str(height))
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
        raw = decode_layer(data, width * height, path, where)
        cells[layer] = raw
        gids = raw & ~np.uint32(GID_FLAGS_MASK)
        bad = ranges.first_stray(gids)
        if bad is not None:
            cell = f"{where} cell ({bad % width}, {bad // width})"
            raise LevelError(path, f"{cell} {ranges.stray(int(gids[bad]))}")

    for group in root.iter("objectgroup"):
        check_properties(group, path, f"object layer '{group.get('name', '')[:40]}'")
    for obj in root.iter("object"):
        oid = int_attr(obj, "id", path, "object")
        where = f"object {oid}"
        for attr in ("x", "y", "width", "height", "rotation"):
            float_attr(obj, attr, path, where)
        check_shape(obj, path, where_element(obj, oid))
        gid = int_attr(obj, "gid", path, where)
        if gid < 0 or gid > 0xFFFFFFFF:
            raise LevelError(path, f"{where} gid {gid} is not a tile number")
        gid &= ~GID_FLAGS_MASK
        if ranges.first_stray(np.array([gid], dtype=np.uint32)) is not None:
            raise LevelError(path, f"{where} {ranges.stray(gid)}")
        check_properties(obj, path, where_element(obj, oid) + ":")
    for group in [*root.iter("group"), *root.iter("imagelayer")]:
        kind = "group" if group.tag == "group" else "image layer"
        check_properties(group, path, f"{kind} '{group.get('name', '')[:40]}'")
    for image in root.iterfind(".//imagelayer/image"):
        if image.get("source"):
            check_image(image, path.parent, path, None, seen)
    return root, nodes, cells
