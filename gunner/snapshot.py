"""World snapshots: the whole run frozen as bytes, to be played on from later.

RETRY after game over goes back to the run as it stood at the last checkpoint, and
hot reload tries a new stage's first step on a copy. Both need a copy that plays on
exactly as the original would, without touching the original: a pickle round trip
(what `copy.deepcopy` does, about twice as fast on a crowded stage). The level and
the player's metadata are never written by the simulation, so copies share them;
they hold pygame surfaces, which cannot be pickled anyway.
"""

from __future__ import annotations

import io
import pickle
from typing import Any

from gunner.world import World

__all__ = ["Snapshot", "copy_stage"]


class _Pickler(pickle.Pickler):
    def __init__(self, file: io.BytesIO, shared: dict[int, int]) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.shared = shared

    def persistent_id(self, obj: Any) -> int | None:
        return self.shared.get(id(obj))


class _Unpickler(pickle.Unpickler):
    def __init__(self, file: io.BytesIO, shared: list[Any]) -> None:
        super().__init__(file)
        self.shared = shared

    def persistent_load(self, pid: Any) -> Any:
        return self.shared[pid]


class Snapshot:
    """A stage as it stood when taken; `restore()` gives a fresh copy each time.

    Taking one only reads the stage: the run, and so every replay hash, is unchanged.
    """

    def __init__(self, stage: World) -> None:
        self.shared = [stage.level]
        buf = io.BytesIO()
        _Pickler(buf, {id(obj): i for i, obj in enumerate(self.shared)}).dump(stage)
        self.data = buf.getvalue()

    def restore(self) -> World:
        stage = _Unpickler(io.BytesIO(self.data), self.shared).load()
        assert isinstance(stage, World)
        return stage


def copy_stage(stage: World) -> World:
    """A copy of the stage that plays on exactly as the original would."""
    return Snapshot(stage).restore()
