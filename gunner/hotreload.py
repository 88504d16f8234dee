"""Hot reload for level designers: notice a saved map and rebuild the stage from it.

The scene layer owns the clock and passes `now` in, so nothing here reads time
and the simulation stays a function of its inputs.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from gunner.entities.base import feet_box
from gunner.entities.player import HEIGHT, WIDTH
from gunner.level import load_level
from gunner.stage import Stage

# Seconds between looks at the files: Tiled's save shows up within about this long.
POLL_INTERVAL = 0.5

Signature = tuple[int, int, int] | None


def _signature(path: Path) -> Signature:
    try:
        info = os.stat(path)
    except OSError:
        return None
    # Tiled saves to a temporary file and renames it over the map, so the inode changes
    # too; mtime alone can miss two saves within the file system's time resolution.
    return (info.st_mtime_ns, info.st_size, info.st_ino)


class FileWatcher:
    """Polls a few files' mtime, size and inode; `poll(now)` says when one changed."""

    def __init__(self, paths: Iterable[str | Path], interval: float = POLL_INTERVAL) -> None:
        self.interval = interval
        self._last_poll: float | None = None
        self.watch(paths)

    def watch(self, paths: Iterable[str | Path]) -> None:
        """Watch these files from now on (after a reload the tilesets may differ)."""
        self.paths = [Path(p) for p in paths]
        self._seen = {p: _signature(p) for p in self.paths}

    def poll(self, now: float) -> bool:
        """True once per change, looking at most every `interval` seconds of `now`."""
        if self._last_poll is not None and now - self._last_poll < self.interval:
            return False
        self._last_poll = now
        changed = False
        for path in self.paths:
            sig = _signature(path)
            # A file missing for a moment is a save in progress: wait for it to come back.
            if sig is not None and sig != self._seen[path]:
                self._seen[path] = sig
                changed = True
        return changed


def reload_stage(old: Stage, path: str | Path, *, images: bool = True) -> Stage:
    """A fresh stage from the map at `path`, with the player carried over where possible.

    The player keeps position, velocity and facing if standing there is still valid in
    the new map (inside it, not in a solid tile); otherwise they start at the Player
    object. Raises LevelError if the map cannot be used; `old` is left untouched.
    """
    level = load_level(path, images=images)
    stage = Stage(level, seed=old.seed, player_meta=old.player_meta)
    stage.time, stage.steps = old.time, old.steps
    before, player = old.player, stage.player
    if not before.alive:
        return stage
    box = feet_box(WIDTH, HEIGHT, before.hitbox.midbottom)
    width, height = level.pixel_size
    inside = box.left >= 0 and box.top >= 0 and box.right <= width and box.bottom <= height
    if inside and not stage.tilemap.overlaps_solid(box):
        stage.tree.remove(player)
        player.hitbox.midbottom = box.midbottom
        player.vx, player.vy, player.facing = before.vx, before.vy, before.facing
        stage.tree.add(player)
        stage.camera.snap(*player.hitbox.center)
    return stage
