"""The pause menu over a level: what shows through it."""

from __future__ import annotations

import pygame

from ascii_maps import write_map
from gunner.scenes.pause import PauseScene
from gunner.scenes.play import PlayScene

# Where the centre banner (the level's name, CHECKPOINT) is drawn, under the title bar.
BANNER = pygame.Rect(120, 50, 240, 36)


def _banner_pixels(app) -> bytes:
    app.draw()
    return pygame.image.tobytes(app.surface.subsurface(BANNER), "RGB")


def test_no_banner_shows_through_the_pause_menu(app, tmp_path):
    """A level's name (or CHECKPOINT) is drawn under PAUSED's title only while playing:
    under the menu it would sit in the title's middle, half covered."""
    play = PlayScene(write_map(tmp_path, ["." * 40, "..P" + "." * 37, "#" * 40]))
    app.reset_to(play)
    play.stage.time = 60.0  # past the level's name
    play.stage.message_timer.stop()
    quiet = _banner_pixels(app)
    play.stage.say("CHECKPOINT")
    assert _banner_pixels(app) != quiet  # while playing, the banner shows

    app.push(PauseScene(play))
    paused_with = _banner_pixels(app)
    play.stage.message_timer.stop()
    paused_without = _banner_pixels(app)
    assert paused_with == paused_without  # paused, it does not

    app.pop()
    play.stage.say("CHECKPOINT")
    assert _banner_pixels(app) != quiet  # and back in play it shows again
