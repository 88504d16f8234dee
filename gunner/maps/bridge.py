"""The pytmx bridge: pytmx reads the checked tree, never the file, and its
refusals become one LevelError line."""

from __future__ import annotations

import logging
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import numpy as np

from gunner.maps.errors import LevelError
from gunner.maps.images import Reads, quiet_c_stderr
from gunner.maps.model import object_class_of, where
from gunner.tilemap import ONEWAY, SOLID


def load_tmx(
    path: Path, root: ET.Element, reads: Reads | None, cells: dict[ET.Element, np.ndarray]
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
        # Hand pytmx the tree precheck validated rather than letting it re-read the file.
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


def check_attributes(root: ET.Element, owner: Path) -> None:
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
                where(int(node.get("id", "0")), node.get("name", ""), object_class_of(node)) + ":",
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


def tile_flags(tmx: Any) -> dict[int, int]:
    """gid -> SOLID / ONEWAY from the tileset's `solid` and `oneway` tile properties."""
    flags: dict[int, int] = {}
    for gid, props in tmx.tile_properties.items():
        if truthy(props.get("solid")):
            flags[gid] = SOLID
        elif truthy(props.get("oneway")):
            flags[gid] = ONEWAY
    return flags


def truthy(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("true", "1", "yes")
    return bool(value)
