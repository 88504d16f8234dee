"""Saved settings take effect from the first frame, not only once Options is opened."""

from __future__ import annotations

import pygame

from gunner.app import App
from gunner.settings import Settings


def test_reduce_flashing_and_rebound_pad_buttons_apply_at_start() -> None:
    settings = Settings()
    settings.reduce_flashing = True
    settings.pad_buttons = {"030000005e0400008e02000014010000": {}}
    try:
        app = App(scale=1, fullscreen=False, settings=settings)
        assert app.art.reduce_flashing is True
        assert app.pads.bindings is settings.pad_buttons
    finally:
        pygame.display.set_mode((480, 270))
