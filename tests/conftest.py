"""Tests run headless: SDL's dummy drivers are chosen before pygame is imported."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

# Property tests run the same examples on every machine and every run (derandomized),
# so CI can neither pass by luck nor fail by luck; `HYPOTHESIS_PROFILE=explore` searches
# afresh (and keeps what it finds in .hypothesis/ for the next run).
# No deadline: a shared machine under load runs any example slowly now and then, and a
# test that fails for the clock says nothing about the game.
settings.register_profile(
    "ci",
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("explore", max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(scope="session", autouse=True)
def _display():
    """A dummy display, so images can be converted and levels loaded with art."""
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((480, 270))
    yield
    pygame.quit()


@pytest.fixture(autouse=True)
def _data_dir(tmp_path_factory, monkeypatch):
    """Settings, progress and crash logs go to a fresh folder, never the player's own."""
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("GUNNER_DATA_DIR", str(folder))
    return folder
