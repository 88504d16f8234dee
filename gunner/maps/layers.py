"""Tile layer data (CSV or Base64, zlib or gzip) decoded with bounded memory."""

from __future__ import annotations

import base64
import binascii
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import numpy as np

from gunner.maps.errors import LevelError

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


def decode_layer(data: ET.Element, cells: int, owner: Path, where: str) -> np.ndarray:
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
