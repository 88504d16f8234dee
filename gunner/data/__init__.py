"""Where the game's shipped data lives: the generated art and sound, and the levels.

The repository keeps them at the top level (``assets/``, ``levels/``), and the
recorded finishing runs the title screen shows as its attract-mode demo in
``tests/replays/complete/`` (the tests replay them too); the build maps those
folders to the packages ``gunner.data.assets``, ``gunner.data.levels`` and
``gunner.data.demos`` (see pyproject.toml), so an editable install, a wheel and
a PyInstaller build all find them through importlib.resources, wherever the
game is started from.
"""

from __future__ import annotations

import importlib.resources
from pathlib import Path


class DataMissingError(RuntimeError):
    """The game's data packages are not installed; str() is one line."""


def _package_dir(name: str) -> Path:
    package = f"{__name__}.{name}"
    try:
        root = importlib.resources.files(package)
    except ModuleNotFoundError:
        raise DataMissingError(
            f"the game's {name} are not installed ({package} not found); "
            "reinstall Gunner, or run it from a checkout with `pip install -e .`"
        ) from None
    # Every supported install puts the data on disk: pygame and pytmx need real paths.
    return Path(str(root))


def assets_dir() -> Path:
    """The folder holding the generated art, sound and the tileset."""
    return _package_dir("assets")


def levels_dir() -> Path:
    """The folder holding the campaign's .tmx maps."""
    return _package_dir("levels")


def demos_dir() -> Path:
    """The folder holding the recorded finishing runs (one .replay per campaign level)."""
    return _package_dir("demos")
