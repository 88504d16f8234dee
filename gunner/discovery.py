"""Registries fill themselves: a package of entries (the entity kinds, the weapons)
imports every module it holds, so a new entry is one module and nothing lists it."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable


def import_all(package: str, path: Iterable[str]) -> list[str]:
    """Import every module of `package` (found on `path`, its `__path__`) in name order,
    so registration is the same on every run; return their names. A kind's art module
    (`<kind>_art.py`) is left to the art tool: the game only loads the pictures."""
    names = sorted(
        info.name for info in pkgutil.iter_modules(path) if not info.name.endswith("_art")
    )
    for name in names:
        importlib.import_module(f"{package}.{name}")
    return names
