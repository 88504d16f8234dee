"""Hot reload while playing a map opened with --level: saving in Tiled rebuilds the
stage off the main thread, and a broken save keeps the last good stage playing."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from gunner.apart import Failed, Worker, WorkerDied
from gunner.hotreload import Build, FileWatcher, Reloader, build_apart, carry_over
from gunner.maps import LevelError

if TYPE_CHECKING:
    from gunner.snapshot import Snapshot
    from gunner.world import World


class HotReload:
    """The play scene's reload half: it watches the map's files and puts a finished
    build in play. The scene sets `watcher`, `reloader` and `reader` up."""

    path: Path
    stage: World
    crowd: int
    design: str
    split_mode: str
    checkpoint: Snapshot | None
    _reported: bool
    watcher: FileWatcher | None
    reloader: Reloader | None
    reader: Worker
    reload_error: str | None

    if TYPE_CHECKING:

        def _fit_screen(self) -> None: ...

    def poll_reload(self, now: float) -> bool:
        """Start a reload if the map's files changed (looks every half second of `now`),
        and put a finished one in play; True when a new stage took over."""
        if self.watcher is None or self._reported:
            return False
        if self.watcher.poll(now):
            self.reload()
        return self.finish_reload()

    def reload(self) -> None:
        """Rebuild the stage from the map on disk, off the main thread; the old stage keeps
        playing meanwhile, and keeps playing for good if the new map is refused. A newer
        save (or F5) while one is being built supersedes it."""
        if self.reloader is not None:
            self.reloader.request()

    def _build(self, build: Build[World]) -> World:
        """The new stage, on the worker thread: read, built and tried for one idle step
        in the reader's process (`build_stage`), as all three hold Python's lock for as
        long as they take (seconds for a big map) and the frames must not wait; a newer
        save stops it at once. Reads nothing the main thread writes."""
        seed = self.stage.seed
        return build_apart(self.reader, self.path, seed, self.crowd, self.design, build.check)

    def finish_reload(self) -> bool:
        """Put a finished build in play (main thread, cheap); True if it took over."""
        finished = self.reloader.poll() if self.reloader is not None else None
        if finished is None:
            return False
        if finished.error is not None:
            self.reload_error = reload_problem(self.path, finished.error)
            return False
        assert finished.result is not None
        stage = carry_over(self.stage, finished.result)  # player 2 comes along, in place
        stage.leash = len(stage.players) > 1 and self.split_mode == "never"
        if stage.tree.design != self.design:  # F4 pressed while it was being built
            stage.tree.use(self.design)
        self.stage, self.reload_error = stage, None
        self._fit_screen()
        self.checkpoint = None  # a checkpoint of the old map: RETRY restarts the new one
        if self.watcher is not None:
            self.watcher.watch(self.stage.level.files)
        return True


def reload_problem(path: Path, exc: Exception) -> str:
    """The one line the reload banner shows for a build that failed."""
    if isinstance(exc, LevelError):
        return str(exc)
    if isinstance(exc, WorkerDied):
        return f"{path}: {exc}"
    # A bug the map provoked: the player keeps their game, and the line says what broke.
    said = str(exc) if isinstance(exc, Failed) else f"{type(exc).__name__}: {exc}"
    cause = " ".join(said.split())[:120]
    return f"{path}: the game could not start this map ({cause})"
