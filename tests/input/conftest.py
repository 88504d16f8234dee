"""The whole app, for tests that drive it with key events."""

import pygame
import pytest

from gunner.app import App


@pytest.fixture
def app():
    app = App(scale=1, fullscreen=False)
    pygame.event.clear()
    yield app
    pygame.display.set_mode((480, 270))
