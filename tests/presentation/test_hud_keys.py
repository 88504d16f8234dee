"""The HUD's keycard slots tell the keys apart by shape as well as colour: each bears
its card's symbol (triangle, circle, diamond)."""

from __future__ import annotations

import numpy as np
import pygame

from gunner.hud import draw_key_symbol


def symbol(key: str) -> np.ndarray:
    surface = pygame.Surface((5, 5))
    surface.fill((0, 0, 0))
    draw_key_symbol(surface, key, 0, 0)
    return pygame.surfarray.array3d(surface).sum(axis=2) > 0


def test_each_key_has_a_shape_of_its_own() -> None:
    shapes = {key: symbol(key) for key in ("red", "blue", "yellow")}
    assert all(shape.any() for shape in shapes.values())
    assert not np.array_equal(shapes["red"], shapes["blue"])
    assert not np.array_equal(shapes["red"], shapes["yellow"])
    assert not np.array_equal(shapes["blue"], shapes["yellow"])
    # A triangle stands on a wide base and comes to a point: its bottom row is full,
    # its top row is not.
    assert shapes["red"][:, 4].all() and not shapes["red"][:, 0].all()
