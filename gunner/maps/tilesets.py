"""Tilesets: checked and inlined into the map, their tile numbers, and what single
tiles add (class, offset, sub-rectangle, animation)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import numpy as np

from gunner.config import TILE
from gunner.maps.errors import LevelError
from gunner.maps.images import Reads, check_image
from gunner.maps.model import Animation, Level, object_class_of
from gunner.maps.safe import (
    GID_FLAGS_MASK,
    MAX_GID,
    check_properties,
    int_attr,
    parse_xml,
    read_file,
)

# The largest tileset margin or spacing accepted, in pixels.
MAX_GAP = 64
# The largest tileset tile offset, in pixels, and the longest animation frame.
MAX_TILE_OFFSET = 1024
MAX_FRAME_MS = 3_600_000


def check_tileset(
    node: ET.Element, map_path: Path, seen: Reads | None = None
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
    firstgid = int_attr(node, "firstgid", map_path, label, default="")
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
        node = parse_xml(read_file(tsx, "tileset", map_path), map_path, f"tileset {tsx.name}")
        if node.tag != "tileset":
            raise LevelError(map_path, f"tileset {tsx.name} is not a Tiled tileset")
        base = tsx.parent
        label = f"tileset {tsx.name}"
    tw, th = (
        int_attr(node, "tilewidth", map_path, label),
        int_attr(node, "tileheight", map_path, label),
    )
    if (tw, th) != (TILE, TILE):
        raise LevelError(map_path, f"{label} has {tw}x{th} tiles; tiles must be {TILE}x{TILE}")
    check_properties(node, map_path, label)
    # pytmx slices the image in steps of tile + spacing from the margin: a negative
    # spacing makes that step one pixel (millions of tiles); keep both sane.
    for attr in ("margin", "spacing"):
        value = int_attr(node, attr, map_path, label)
        if not 0 <= value <= MAX_GAP:
            raise LevelError(map_path, f"{label} {attr} {value} must be from 0 to {MAX_GAP} pixels")
    count = int_attr(node, "tilecount", map_path, label)
    offset = node.find("tileoffset")
    if offset is not None:
        for attr in ("x", "y"):
            value = int_attr(offset, attr, map_path, f"{label} tile offset")
            if abs(value) > MAX_TILE_OFFSET:
                raise LevelError(
                    map_path, f"{label} tile offset {attr} {value} is beyond ±{MAX_TILE_OFFSET} px"
                )
    image = node.find("image")
    if image is not None:
        if image.get("source") is None:
            raise LevelError(map_path, f"{label} has an embedded image; use a PNG file")
        need = (
            int_attr(image, "width", map_path, f"{label} image", default=""),
            int_attr(image, "height", map_path, f"{label} image", default=""),
        )
        check_image(image, base, map_path, need, seen)
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
        tile_id = int_attr(tile, "id", map_path, f"{label} tile", default="")
        if tile_id < 0:
            raise LevelError(map_path, f"{label} has a tile with negative id {tile_id}")
        if image is None:  # an image collection: one tile per <tile>
            count = max(count, tile_id + 1)
        check_properties(tile, map_path, f"{label} tile {tile_id}")
        tile_image = tile.find("image")
        if tile_image is not None and tile_image.get("source"):
            check_image(tile_image, base, map_path, None, seen)
        for attr in ("x", "y", "width", "height"):
            int_attr(tile, attr, map_path, f"{label} tile {tile_id}")
    for tile in node.iterfind("tile"):  # frames may name tiles listed after them
        where = f"{label} tile {tile.get('id')}"
        for frame in tile.iterfind("animation/frame"):
            frame_id = int_attr(frame, "tileid", map_path, f"{where} frame", default="")
            duration = int_attr(frame, "duration", map_path, f"{where} frame", default="")
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
    margin = int_attr(node, "margin", owner, label)
    spacing = int_attr(node, "spacing", owner, label)
    columns = max(0, (size[0] - margin + spacing) // (TILE + spacing))
    rows = max(0, (size[1] - margin + spacing) // (TILE + spacing))
    return columns * rows


class GidRanges:
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


class TileInfo:
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

    def finish(self, level: Level, tmx: Any, reads: Reads) -> None:
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
