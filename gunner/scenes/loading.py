"""Loading: build the next scene on a worker thread, and say so while it takes long.

A big map takes seconds to read. The window keeps drawing meanwhile, so the player
sees the game is working (and the system never calls it "not responding"); a quick
load never flashes the screen, because nothing is drawn for its first quarter second.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from gunner import text
from gunner.hotreload import Build
from gunner.input import BACK_KEYS, Buttons
from gunner.maps import LevelError
from gunner.scenes.base import Scene, draw_footer

if TYPE_CHECKING:
    from gunner.app import App

__all__ = ["LoadingScene"]

# A load quicker than this shows nothing: the screen below stays as it was.
SHOW_AFTER = 0.25
BACKDROP = (8, 10, 20)


class LoadingScene(Scene):
    """Runs `make` on a worker thread; once it is done, its scene takes this one's place
    (and, with `reset`, every scene's), or its LevelError is shown as an ErrorScene over
    the scene below. Back cancels: the result is dropped when it comes.

    With `on_error` (the first scene, which has nothing to go back to), a LevelError is
    handed to it instead and the game stops."""

    overlay = True  # until it shows, the frame below stays on screen

    def __init__(
        self,
        make: Callable[[], Scene],
        what: str | Path,
        *,
        reset: bool = True,
        on_error: Callable[[LevelError], None] | None = None,
    ) -> None:
        self.what = Path(what).name if isinstance(what, Path) else what
        self.reset = reset
        self.on_error = on_error
        self.build: Build[Scene] = Build(lambda _: make(), name="gunner-load")
        self.started: float | None = None

    def enter(self, app: App) -> None:
        if self.started is None:
            self.started = time.monotonic()
            self.build.thread.start()

    @property
    def elapsed(self) -> float:
        return 0.0 if self.started is None else time.monotonic() - self.started

    def handle_event(self, app: App, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in BACK_KEYS and len(app.scenes) > 1:
            self.build.superseded = True  # nobody will look at it
            app.pop()

    def step(self, app: App, held: Buttons) -> None:
        if not self.build.done.is_set() or app.scene is not self:
            return
        if self.build.error is not None:
            self._failed(app, self.build.error)
            return
        scene = self.build.result
        assert scene is not None
        if self.reset:
            app.reset_to(scene)
        else:  # in place of the scene it was opened from
            app.scenes.pop()
            app.replace(scene)

    def _failed(self, app: App, error: Exception) -> None:
        if not isinstance(error, LevelError):
            raise error  # a bug: the crash log gets it, as if it had happened here
        if self.on_error is not None:
            self.on_error(error)
            app.quit()
            return
        app.replace(app.router.make("error", str(error)))

    def draw(self, app: App, surface: pygame.Surface) -> None:
        if self.elapsed < SHOW_AFTER:
            return
        surface.fill(BACKDROP)
        w, h = surface.get_size()
        text.draw(surface, "LOADING", (w // 2, h // 2 - 30), 28, text.YELLOW, "midtop")
        text.draw(surface, self.what, (w // 2, h // 2 + 4), 16, text.WHITE, "midtop")
        # Three dots chasing each other: moving, so the game is plainly not stuck.
        for i in range(3):
            lit = 0.5 + 0.5 * math.sin(self.elapsed * 6 - i * 0.9)
            shade = round(70 + 170 * lit)
            pygame.draw.circle(surface, (shade, shade, 90), (w // 2 - 12 + 12 * i, h // 2 + 34), 3)
        hint = f"{self.elapsed:.0f} s" + ("   ESC: cancel" if len(app.scenes) > 1 else "")
        draw_footer(surface, hint)
