"""Hot reload for level designers: notice a saved map and rebuild the stage from it.

The scene layer owns the clock and passes `now` in, so nothing here reads time
and the simulation stays a function of its inputs. The new stage is built on a
worker thread (`Reloader`) while the last good one keeps playing: a big map takes
seconds to parse, and a designer saves every few seconds. The play scene reads,
builds and tries the stage in a process of its own (`gunner.apart`, `build_stage`):
parsing, building and copying a stage hold Python's lock, which a worker thread
would take from the game's frames for as long. Only the finished stage crosses
back, its arrays as raw buffers, and the worker thread takes it in within
milliseconds.
"""

from __future__ import annotations

import gc
import os
import pickle
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Generic, TypeVar

from gunner.apart import Unsendable, Worker
from gunner.crowd import add_crowd
from gunner.entities.base import feet_box
from gunner.entities.player import HEIGHT, WIDTH
from gunner.feedback import Feedback
from gunner.input import Buttons
from gunner.maps import Level, load_level
from gunner.snapshot import copy_stage
from gunner.world import World

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
        """Watch these files from now on (after a reload the tilesets may differ).

        A file already watched keeps the signature `poll` last saw: a save made while
        the reload was being built is still news, and starts the next reload."""
        seen = getattr(self, "_seen", {})
        self.paths = [Path(p) for p in paths]
        self._seen = {p: seen[p] if p in seen else _signature(p) for p in self.paths}

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


def reload_stage(old: World, path: str | Path, *, images: bool = True) -> World:
    """A fresh stage from the map at `path`, with the player carried over where possible.

    Raises LevelError if the map cannot be used; `old` is left untouched.
    """
    level = load_level(path, images=images)
    return carry_over(old, presented(World(level, seed=old.seed)))


def presented(world: World) -> World:
    """`world` with its Feedback attached, as the play scene shows it."""
    Feedback.attach(world)
    return world


def prepared(stage: World, crowd: int, design: str) -> World:
    """`stage` with the play scene's crowd (--crowd N) and broad phase (F4)."""
    if crowd:
        add_crowd(stage, crowd)
    if stage.tree.design != design:
        stage.tree.use(design)
    return stage


def build_stage(
    path: Path,
    seed: int,
    crowd: int = 0,
    design: str = "ours",
    read: Callable[[Path], Level] = load_level,
) -> World:
    """A fresh stage from the map at `path` (read by `read`), its first step tried on a
    copy: any failure in that step too is the new map's, and keeps the last good stage
    running. The stage itself is never stepped: the one that takes over is as fresh as
    its map. Raises LevelError for a map the game cannot use. Run in the map reader's
    process, unless the stage cannot cross back from there."""
    stage = prepared(presented(World(read(path), seed=seed)), crowd, design)
    try:
        trial = copy_stage(stage)
    except (pickle.PicklingError, TypeError, AttributeError):
        # Something on the stage cannot be copied: not the map's fault, so try a second
        # stage read the same way instead (slower, still away from the frames).
        trial = prepared(presented(World(read(path), seed=seed)), crowd, design)
    trial.step(Buttons.NONE)
    return stage


def build_apart(
    reader: Worker, path: Path, seed: int, crowd: int, design: str, check: Callable[[], None]
) -> World:
    """`build_stage` in the reader's process; `check` is called while it waits (a newer
    save stops it at once). Should the stage be unable to cross back, the map is read
    there and the stage built and tried here, on the calling (worker) thread."""
    try:
        return reader.call(build_stage, path, seed, crowd, design, check=check)
    except Unsendable:
        pass

    def read(path: Path) -> Level:
        level = reader.call(load_level, path, check=check)
        check()
        return level

    return build_stage(path, seed, crowd, design, read)


def carry_over(old: World, stage: World) -> World:
    """Put the fresh `stage` where the run on `old` stands now; returns `stage`.

    The clock carries over, and each player (player 2 too, who joins the new stage
    if they played on the old one) keeps position, velocity and facing if standing
    there is still valid in the new map (inside it, not in a solid tile); otherwise
    player 1 starts at the Player object and player 2 beside them. Cheap: the main
    thread does it at the moment the new stage takes over, so the players are where
    they are then, not where they were when the map was saved."""
    stage.time, stage.steps = old.time, old.steps
    while len(stage.players) < len(old.players):
        stage.add_player()
    moved = False
    for before, player in zip(old.players, stage.players, strict=False):
        moved = _carry_player(before, player, stage) or moved
    if moved:
        living = [p for p in stage.players if p.alive] or stage.players
        centres = [p.hitbox.center for p in living]
        stage.camera.snap(*(sum(c) / len(centres) for c in zip(*centres, strict=True)))
        for camera, player in zip(stage.own_cameras, stage.players, strict=False):
            camera.snap(*player.hitbox.center)
    return stage


def _carry_player(before: Any, player: Any, stage: World) -> bool:
    """`player` of the new stage where `before` stood on the old one, if that is still
    a valid place to stand; True if moved."""
    if not before.alive:
        return False
    box = feet_box(WIDTH, HEIGHT, before.hitbox.midbottom)
    width, height = stage.level.pixel_size
    inside = box.left >= 0 and box.top >= 0 and box.right <= width and box.bottom <= height
    if not inside or stage.tilemap.overlaps_solid(box):
        return False
    stage.tree.remove(player)
    player.hitbox.midbottom = box.midbottom
    player.vx, player.vy, player.facing = before.vx, before.vy, before.facing
    stage.tree.add(player)
    return True


class CollectorPause:
    """Cyclic garbage collection held off while any build runs (a context manager).

    A big map allocates millions of objects while it is read, and each full collection
    that triggers meanwhile holds the GIL, and so the main thread's frame, for up to a
    second (0.7 s apiece with 100,000 objects). Reference counting still frees nearly
    all of it; the collector resumes when the last build ends."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._builds = 0
        self._resume = False

    def __enter__(self) -> None:
        with self._lock:
            if self._builds == 0:
                self._resume = gc.isenabled()
                gc.disable()
            self._builds += 1

    def __exit__(self, *_: object) -> None:
        with self._lock:
            self._builds -= 1
            if self._builds == 0 and self._resume:
                gc.enable()


# One for the process, as the collector is.
PAUSE_COLLECTOR = CollectorPause()


class Superseded(Exception):
    """A newer save came in: this build's stage would never be played."""


T = TypeVar("T")

# The build each worker thread is running (`Build.running`).
_RUNNING = threading.local()


class Build(Generic[T]):
    """One thing (a stage, a scene) built on a worker thread: `done` is set once
    `result` or `error` is. Whatever builds it must read nothing the main thread
    writes meanwhile."""

    @staticmethod
    def running() -> Build[Any] | None:
        """The build the calling thread runs (None off a build's thread): code deep in
        it (a scene reading its map) can call `check` without being handed the build."""
        build: Build[Any] | None = getattr(_RUNNING, "build", None)
        return build

    def __init__(self, make: Callable[[Build[T]], T], name: str = "gunner-reload") -> None:
        self.result: T | None = None
        self.error: Exception | None = None
        self.superseded = False
        self.done = threading.Event()
        self._make = make
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)

    def check(self) -> None:
        """Called by the build between its phases: stop early if a newer save came in."""
        if self.superseded:
            raise Superseded

    def _run(self) -> None:
        _RUNNING.build = self
        try:
            with PAUSE_COLLECTOR:
                self.result = self._make(self)
        except Exception as exc:  # the scene decides what the player is told
            self.error = exc
        finally:
            self.done.set()


class Reloader:
    """Builds stages on a worker thread, one at a time; the newest request wins.

    `request()` after each save; `poll()` every frame on the main thread hands back a
    finished build (its stage, or the error that refused it) exactly once. A request
    while a build runs marks that build superseded (it stops at its next phase and is
    dropped unseen) and starts afresh once it has stopped: never two builds at once,
    and never a stale map shown after a newer save.
    """

    def __init__(self, make: Callable[[Build[World]], World]) -> None:
        self._make = make
        self.build: Build[World] | None = None
        self._again = False

    @property
    def busy(self) -> bool:
        """A build is running or waiting to run."""
        return self.build is not None

    def request(self) -> None:
        if self.build is not None:
            self.build.superseded = True
            self._again = True
            return
        self._start()

    def _start(self) -> None:
        self._again = False
        self.build = Build(self._make)
        self.build.thread.start()

    def poll(self) -> Build[World] | None:
        """The build that just finished, if one did and nothing newer was asked for."""
        build = self.build
        if build is None or not build.done.is_set():
            return None
        self.build = None
        if self._again:
            self._start()
            return None
        return build
