"""Drawing the play scene: its views (one, or two split), the HUD and its banners, and
the warnings across the bottom of the screen."""

from __future__ import annotations

import textwrap
import time
from typing import TYPE_CHECKING

import pygame

from gunner import debug, text
from gunner.ghost import draw_ghost
from gunner.hud import draw_hud, draw_score, draw_split, hud_spots
from gunner.render import draw_views

if TYPE_CHECKING:
    from gunner.app import App
    from gunner.scenes.play import PlayScene


def draw_play(play: PlayScene, app: App, surface: pygame.Surface) -> None:
    """The scene as the player sees it. Only reads the scene, except that a paused one
    still picks up a saved map."""
    views = play.screen.views() if play.screen is not None else None
    overlay = debug.draw_world_overlay if app.debug else None
    drawn = draw_views(surface, play.stage, app.art, views, app.settings.shake, overlay)
    if views is None:  # one view: the ghost runs beside the player, touching nothing
        draw_ghost(surface, play.ghost, play.stage.steps, *play.stage.camera.offset, app.art)
    # Once the run is decided the results (or game over) sit on top, and a pause menu
    # may: no banner (CHECKPOINT, the level's name) shows through under either.
    covered = play._reported or (bool(app.scenes) and app.scene is not play)
    draw_hud(surface, play.stage, messages=not covered, spots=hud_spots(views), views=views)
    if play.stage.arena is not None:
        draw_score(surface, play.stage.arena)
    if play.autofire.firing and not play._reported:  # why the gun keeps firing
        text.draw(surface, "AUTO-FIRE", (6, 29), 14, text.CYAN)
    split = play.splits.shown(play.stage.steps)
    if split is not None and not covered:
        draw_split(surface, split, views)
    if app.debug:
        debug.draw_panel(surface, play.stage, app.times, drawn)
    if play.reload_error:
        draw_reload_banner(surface, play.reload_error)
    elif play.replay_hash and play.replay_end_hash not in (None, play.replay_hash):
        draw_reload_banner(
            surface,
            "The run ended on another state than the recording: the level or the game "
            "changed since. The terminal says which.",
            title="REPLAY DID NOT REPRODUCE",
        )
    if app.scenes and app.scene is not play:
        # Paused (the window lost focus to Tiled): keep picking up saves so the
        # designer sees them at once; the paused stage is not stepped.
        play.poll_reload(time.monotonic())


def draw_reload_banner(
    surface: pygame.Surface,
    message: str,
    title: str = "RELOAD FAILED - still playing the last good version",
) -> None:
    """The last save's error (or another warning), across the bottom of the screen,
    over the still-running game."""
    lines = [title, *textwrap.wrap(message, 70)]
    height = 6 + 13 * len(lines)
    shade = pygame.Surface((surface.get_width(), height), pygame.SRCALPHA)
    shade.fill((60, 0, 0, 210))
    top = surface.get_height() - height
    surface.blit(shade, (0, top))
    for i, line in enumerate(lines):
        colour = text.YELLOW if i == 0 else text.WHITE
        text.draw(surface, line, (6, top + 3 + 13 * i), 14, colour)
