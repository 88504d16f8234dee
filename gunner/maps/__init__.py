"""Tiled map -> Level: safe reading, tilesets, layers, the pytmx bridge, building and
validation, one module each.

Every check a map must pass lives in this package, so a broken map is refused with
one clear line (`LevelError`) before the game builds anything from it. Reading runs
in this order: `safe` (files and XML, bounded) -> `precheck` (the raw tree:
`tilesets`, `layers`, `shapes`, `images`) -> `bridge` (pytmx reads the checked tree)
-> `build` (the `model`'s Level) -> `validate` (what makes it unplayable).
"""

from gunner.maps.build import read_level
from gunner.maps.errors import LevelError, bounded
from gunner.maps.images import decode_images, decode_png, quiet_c_stderr, shade_image
from gunner.maps.model import (
    FOREGROUND_LAYER,
    Animation,
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
from gunner.maps.validate import load_level, usable_problems

__all__ = [
    "FOREGROUND_LAYER",
    "Animation",
    "DrawLayer",
    "ImageLayer",
    "Level",
    "LevelError",
    "ObjectTiles",
    "Spawn",
    "TileLayer",
    "TileObject",
    "bounded",
    "decode_images",
    "decode_png",
    "load_level",
    "object_class_of",
    "quiet_c_stderr",
    "read_level",
    "shade_image",
    "usable_problems",
    "where_object",
]
