"""Polylines, polygons and points: checked before pytmx splits them, read as map pixels."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path

from gunner.maps.errors import LevelError

MAX_POINTS = 1000  # in one polyline or polygon


def points_of(obj: ET.Element, x: float, y: float) -> tuple[list[tuple[float, float]], str]:
    """A polyline's or polygon's points in map pixels ([(x, y)] for a point object),
    and why they cannot be used ("" if they can). `precheck` has made sure they are
    pairs of numbers, at most MAX_POINTS of them: a shape is never cut short."""
    if obj.find("point") is not None:
        return [(x, y)], ""
    shape = shape_element(obj)
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


def shape_element(obj: ET.Element) -> ET.Element | None:
    """An object's polyline or polygon element, if it is one."""
    found = obj.find("polyline")
    return found if found is not None else obj.find("polygon")


def check_shape(obj: ET.Element, owner: Path, where: str) -> None:
    """A polygon's or polyline's points as pytmx needs them (it splits them itself, and
    fails on anything but pairs of numbers), and never more than MAX_POINTS: refused
    whole, never cut."""
    shape = shape_element(obj)
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
