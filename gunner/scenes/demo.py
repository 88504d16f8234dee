"""Attract mode: left alone on the title screen, the game plays its recorded finishing
runs, one campaign level after another, until someone presses a key."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from gunner import text
from gunner.config import CAMPAIGN
from gunner.data import DataMissingError, demos_dir
from gunner.feedback import Feedback
from gunner.hud import draw_hud
from gunner.maps import LevelError, load_level
from gunner.render import draw_stage
from gunner.replay import Replay, ReplayError, ReplayInput
from gunner.scenes.base import (
    IDLE_SECONDS,
    WAKE_EVENTS,
    Scene,
    draw_footer,
    level_music,
    play_sounds,
)
from gunner.timer import Timer
from gunner.world import World

if TYPE_CHECKING:
    from gunner.app import App

__all__ = [
    "END_HOLD",
    "IDLE_SECONDS",
    "WAKE_EVENTS",
    "DemoScene",
    "demo_files",
    "load_demo",
    "next_demo",
    "next_demo_scene",
]

# Steps the last picture of a run stays up before the title comes back.
END_HOLD = 120


def demo_files(folder: Path | None = None) -> list[Path]:
    """The finishing runs in campaign order (then any others by name)."""
    try:
        folder = demos_dir() if folder is None else folder
        files = sorted(folder.glob("*.replay"))
    except (DataMissingError, OSError):
        return []
    order = {Path(name).stem: i for i, name in enumerate(CAMPAIGN)}
    return sorted(files, key=lambda path: (order.get(path.stem, len(order)), path.name))


def load_demo(path: Path) -> Replay | None:
    """The replay at `path` if it can still play out as recorded; else None, with one
    line on stderr (a damaged file or a level edited since would show a wrong run)."""
    try:
        replay = Replay.load(path)
    except ReplayError as exc:
        print(f"gunner: demo skipped: {exc}", file=sys.stderr)
        return None
    if replay.level_changed():
        print(
            f"gunner: demo skipped: {path}: its level changed since it was recorded",
            file=sys.stderr,
        )
        return None
    return replay


class DemoScene(Scene):
    """Plays one recorded run with its own inputs; any key returns to the title."""

    def __init__(self, replay: Replay, label: str = "DEMO") -> None:
        # Raises LevelError (one line) if the map is unusable; `next_demo` skips it then.
        self.label = label  # what the blinking strip calls the run (Level select: BEST RUN)
        self.stage = World(
            load_level(replay.level_path),
            seed=replay.seed,
            players=replay.players,
            leash=replay.leash,
        )
        Feedback.attach(self.stage)
        self.stage.assists = replay.assists
        self.inputs: ReplayInput = replay.source()
        self.hold = Timer(END_HOLD)  # counts down once the run is over: its last picture stays
        self.blink = 0
        self.next_index = 0  # which demo the title plays after this one

    @property
    def over(self) -> bool:
        return self.stage.outcome is not None or self.inputs.finished

    def enter(self, app: App) -> None:
        app.audio.play_music(level_music(self.stage))

    def handle_event(self, app: App, event: pygame.event.Event) -> None:
        if event.type in WAKE_EVENTS:
            app.pop()

    def reads_input(self) -> bool:
        return False  # the recording plays; the hands only end it (handle_event)

    def step(self, app: App, held: object) -> None:
        self.blink += 1
        if self.over:
            if self.hold.tick():
                app.pop()
            return
        self.stage.step(self.inputs.next_all())
        play_sounds(app, self.stage)

    def draw(self, app: App, surface: pygame.Surface) -> None:
        draw_stage(surface, self.stage, app.art, app.settings.shake)
        draw_hud(surface, self.stage, messages=not self.over)
        # Blinks, as an arcade's demo does; the strip stays so the picture does not jump.
        draw_footer(
            surface,
            f"{self.label} - PRESS ANY KEY" if (self.blink // 30) % 2 == 0 else "",
            text.YELLOW,
        )


def next_demo(files: list[Path], start: int) -> tuple[DemoScene | None, int]:
    """The first playable demo from index `start` on (wrapping round), and the index
    to start from next time; (None, start) if none of them can play."""
    for offset in range(len(files)):
        index = (start + offset) % len(files)
        replay = load_demo(files[index])
        if replay is None:
            continue
        try:
            scene = DemoScene(replay)
        except LevelError as exc:
            print(f"gunner: demo skipped: {files[index]}: {exc}", file=sys.stderr)
            continue
        return scene, (index + 1) % len(files)
    return None, start


def next_demo_scene(start: int) -> DemoScene:
    """The title's "demo": the first playable run from index `start` of the demos
    found now, its `next_index` the one to start from next time. LookupError if none
    can play."""
    scene, after = next_demo(demo_files(), start)
    if scene is None:
        raise LookupError("no recorded run can play")
    scene.next_index = after
    return scene
