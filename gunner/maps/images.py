"""Tileset and layer images: checked from their header, decoded from the checked
bytes, tinted as Tiled tints them."""

from __future__ import annotations

import contextlib
import io
import os
import struct
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from gunner.maps.errors import LevelError
from gunner.maps.safe import MAX_IMAGE_SIDE, PNG_SIGNATURE, read_file
from gunner.tiled import absolute, parse_color

if TYPE_CHECKING:
    from gunner.maps.model import Level


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


def check_image(
    image: ET.Element,
    base: Path,
    owner: Path,
    need: tuple[int, int] | None,
    seen: Reads | None,
) -> None:
    """Check the PNG an <image> names (relative to `base`) and point the element at its
    absolute path, where `Reads` keeps the checked bytes for pytmx and the layers."""
    path = base / image.get("source", "")
    check_png(path, owner, need, seen)
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


def check_png(
    path: Path, owner: Path, need: tuple[int, int] | None, seen: Reads | None = None
) -> None:
    """A tileset image must be a regular PNG file of sane size (checked from its header)."""
    data = read_file(path, "image", owner)
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
            decode_png(read_file(file, "image", level.path), file, level.path)


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
class Reads:
    """What reading a map read besides the map: the files (hot reload watches them)
    and the bytes of every image, which are decoded from what was checked."""

    files: list[Path] = field(default_factory=list)
    blobs: dict[str, bytes] = field(default_factory=dict)

    def decode(self, source: str, owner: Path) -> Any:
        """The image at `source` (an absolute path `check_image` wrote), decoded from
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
