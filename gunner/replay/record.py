"""Recording a run as it is played (`Recorder`) and playing a replay back headless (`play`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from gunner.replay.file import Replay
from gunner.replay.format import level_ref, level_sha256_or_none

# How often (in steps) `play` reports its progress, for a long verification to show it.
PROGRESS_STEPS = 600


class Recorder:
    """Collects the masks fed to one stage (the first it sees) and saves them as a replay.

    A window session records its first level: restarting or moving on ends the
    recording and saves it; so does quitting, and so does changing an assist that the
    simulation reads (a replay holds one set of them, the set it began with).
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.stage: Any = None
        self.replay: Replay | None = None
        self.saved = False

    def record(self, stage: Any, held: int | tuple[int, ...]) -> None:
        """Call before `stage.step(held)` (one mask, or one per player)."""
        if self.stage is None:
            self.stage = stage
            self.replay = Replay(
                level=level_ref(stage.level.path),
                seed=stage.seed,
                assists=stage.assists,
                partner=[] if len(stage.players) > 1 else None,
                leash=stage.leash,
            )
            # Before the first step: a hot reload may change the file later.
            self.replay.level_sha256 = level_sha256_or_none(stage.level.path)
        elif (
            stage is not self.stage
            or (self.replay and stage.assists != self.replay.assists)
            or (self.replay and len(stage.players) != self.replay.players)  # joined or left
        ):
            self.save()
            return
        if not self.saved and self.replay is not None:
            masks = (held,) if isinstance(held, int) else tuple(held)
            self.replay.masks.append(int(masks[0]))
            if self.replay.partner is not None:
                self.replay.partner.append(int(masks[1]) if len(masks) > 1 else 0)

    def save(self) -> None:
        if self.saved or self.replay is None:
            return
        self.replay.state_hash = self.stage.state_hash()
        self.replay.outcome = self.stage.outcome
        self.replay.save(self.path)
        self.saved = True


def play(
    replay: Replay,
    steps: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Any:
    """Run a replay headless; returns the stage after `steps` (default: all of them).

    `progress(done, total)` is called every PROGRESS_STEPS steps, for a long run to
    show how far it got; it never touches the stage.
    """
    from gunner.feedback import Feedback
    from gunner.maps import load_level
    from gunner.world import World

    stage = World(
        load_level(replay.level_path, images=False),
        seed=replay.seed,
        players=replay.players,
        leash=replay.leash,
    )
    feedback = Feedback.attach(stage)
    stage.assists = replay.assists
    source = replay.source()
    total = len(replay.masks) if steps is None else steps
    for done in range(1, total + 1):
        stage.step(source.next_all())
        feedback.sounds.clear()
        if progress is not None and done % PROGRESS_STEPS == 0 and done < total:
            progress(done, total)
    return stage
