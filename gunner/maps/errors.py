"""The one error a map gets: a line naming the file and the cause."""

from __future__ import annotations

from pathlib import Path


class LevelError(Exception):
    """A map the game cannot use. str() is one line naming the file and the cause."""

    def __init__(self, path: str | Path, cause: str) -> None:
        self.path = str(path)
        self.cause = cause
        super().__init__(f"{path}: {cause}")
