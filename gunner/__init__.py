"""Gunner: a 2D run-and-gun on pygame-ce, with levels made in Tiled."""

GAME_NAME = "Gunner"  # the window title and class, and what players call it
__version__ = "0.1.0"  # the one source of the version (pyproject reads it)
