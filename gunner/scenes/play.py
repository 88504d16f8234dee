"""Playing a level: steps the stage, plays its sounds, draws it, opens the other screens."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from gunner import debug
from gunner.config import CAMPAIGN, LEVELS_DIR
from gunner.hud import draw_hud
from gunner.input import PAUSE_KEYS, Buttons
from gunner.level import load_level
from gunner.render import draw_stage
from gunner.scenes.base import Scene
from gunner.stage import Stage

if TYPE_CHECKING:
    from gunner.app import App


class PlayScene(Scene):
    def __init__(self, path: Path, campaign_index: int | None = None, seed: int = 0) -> None:
        self.path = Path(path)
        self.campaign_index = campaign_index
        self.seed = seed
        # Raises LevelError (one line) if the map is unusable; callers decide what to show.
        self.stage = Stage(load_level(self.path), seed=seed)
        self._reported = False

    @classmethod
    def campaign(cls, app: App, index: int) -> PlayScene:
        return cls(LEVELS_DIR / CAMPAIGN[index], campaign_index=index)

    def restarted(self, app: App) -> PlayScene:
        return PlayScene(self.path, self.campaign_index, self.seed)

    def has_next_level(self) -> bool:
        return self.campaign_index is not None and self.campaign_index + 1 < len(CAMPAIGN)

    def next_level(self, app: App) -> PlayScene:
        assert self.campaign_index is not None
        return PlayScene.campaign(app, self.campaign_index + 1)

    def enter(self, app: App) -> None:
        if not self._reported:
            app.audio.play_music(self.path.stem)

    def handle_event(self, app: App, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in PAUSE_KEYS and not self._reported:
            from gunner.scenes.pause import PauseScene

            app.audio.play("pause")
            app.push(PauseScene(self))

    def pause_on_focus_loss(self, app: App) -> None:
        if not self._reported:
            from gunner.scenes.pause import PauseScene

            app.push(PauseScene(self))

    def step(self, app: App, held: Buttons) -> None:
        start = time.perf_counter()
        self.stage.step(held)
        app.times.step_ms = (time.perf_counter() - start) * 1000
        for sound in self.stage.events:
            app.audio.play(sound)
        self.stage.events.clear()
        if self.stage.outcome and not self._reported:
            self._reported = True
            if self.stage.outcome == "complete":
                from gunner.scenes.complete import CompleteScene

                app.push(CompleteScene(self))
            else:
                from gunner.scenes.gameover import GameOverScene

                app.push(GameOverScene(self))

    def draw(self, app: App, surface: pygame.Surface) -> None:
        drawn = draw_stage(surface, self.stage, app.art)
        if app.debug:
            debug.draw_world_overlay(surface, self.stage)
        draw_hud(surface, self.stage)
        if app.debug:
            debug.draw_panel(surface, self.stage, app.times, drawn)
