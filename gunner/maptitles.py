"""Custom maps' titles and refusals, read in the background for Level select.

A map's title is its `name` property, and whether the game can use it is known only
once it is read as `--level` reads it (`gunner.customlevels.read_info`). Read on the
main thread when Level select opens, a big or hostile map froze the menu. Here the
maps are read one after another on a thread of their own, a big one (as the loader
decides: `apart_bytes`) in the app's map reader process (`gunner.apart.Worker`), where
the parser cannot hold up the menu's frames; the list shows the file's name until the
title comes in. What is read is bounded by the map loader's limits (file size,
objects, layers: `gunner.maps`), and a map is read again only once its file changes.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, Protocol

from gunner.apart import Worker
from gunner.customlevels import MapInfo, read_info, signature, unreadable, unusable

__all__ = ["MapTitles", "Reader"]

Signature = tuple[int, int, int]


class Reader(Protocol):
    """What reads a map: `gunner.apart.Worker`, or a test's stand-in."""

    def call(self, func: Any, *args: Any) -> Any: ...


class MapTitles:
    """Each custom map's title and refusal once read; `info` asks for it and never waits.
    `version` goes up each time one comes in (Level select then shows it)."""

    def __init__(self, reader: Reader | None = None, apart_bytes: int = 0) -> None:
        self.reader: Reader = reader if reader is not None else Worker()
        self.apart_bytes = apart_bytes  # maps this big or bigger are read by `reader`
        self._lock = threading.Lock()
        self._known: dict[Path, tuple[Signature, MapInfo]] = {}
        self._queue: list[tuple[Path, Signature]] = []
        self._reading: tuple[Path, Signature] | None = None  # the one being read now
        self._thread: threading.Thread | None = None
        self.version = 0

    def info(self, path: Path) -> MapInfo | None:
        """The map's title and refusal as last read, if its file has not changed since;
        else None, and it is read in the background (once however often asked)."""
        try:
            sig = signature(path)
        except OSError as exc:
            return unreadable(path, exc)
        with self._lock:
            known = self._known.get(path)
            if known is not None and known[0] == sig:
                return known[1]
            if (path, sig) not in self._queue and (path, sig) != self._reading:
                self._queue.append((path, sig))
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._read_all, name="gunner-map-titles", daemon=True
                )
                self._thread.start()
        return None

    def _read_all(self) -> None:
        while True:
            with self._lock:
                if not self._queue:
                    self._thread = None
                    return
                path, sig = self._reading = self._queue.pop(0)
            try:
                big = sig[1] >= self.apart_bytes
                info = self.reader.call(read_info, path) if big else read_info(path)
            except Exception as exc:  # the reader died on it, or it could not come back
                info = MapInfo(path.stem, str(unusable(path, exc)))
            with self._lock:
                self._known[path] = (sig, info)
                self._reading = None
                self.version += 1

    def wait(self) -> None:
        """Until every map asked for has been read (tests, tools; never the menu)."""
        while (thread := self._thread) is not None:
            thread.join()
