"""Fixtures the scene tests share."""

from __future__ import annotations

import pygame
import pytest

from gunner.app import App
from gunner.settings import Progress


@pytest.fixture
def app(_data_dir):
    """The whole app at scale 1, its progress in the test's data folder; the display
    is put back to the plain headless size afterwards."""
    app = App(scale=1, fullscreen=False, progress=Progress(_data_dir))
    yield app
    pygame.display.set_mode((480, 270))
