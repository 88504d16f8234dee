"""Gunner: a 2D run-and-gun on pygame-ce, with levels made in Tiled."""

__version__ = "0.1.0"
