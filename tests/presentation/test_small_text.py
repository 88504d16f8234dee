"""Small text is readable: the letters a player confuses at 14 px look different."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from gunner import pixelfont, text


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    pygame.display.set_mode((1, 1))


def ink(surface: pygame.Surface) -> np.ndarray:
    """Which pixels of rendered text are the letters' colour (not outline, not paper)."""
    rgb = pygame.surfarray.array3d(surface)
    alpha = pygame.surfarray.array_alpha(surface)
    return (alpha > 0) & (rgb == np.array(text.WHITE)).all(axis=2)


@pytest.mark.parametrize(("one", "other"), [("s", "a"), ("8", "9"), ("S", "5")])
def test_letters_confused_at_small_sizes_differ_in_many_pixels(one, other):
    a, b = ink(text.render(one, 14)), ink(text.render(other, 14))
    assert a.shape == b.shape
    # pygame's font at 14 px drew `s` and `a` one pixel apart out of sixteen.
    differ = int((a != b).sum()) / int((a | b).sum())
    assert differ >= 0.25, f"{one!r} and {other!r} look alike at 14 px ({differ:.0%} differ)"


def columns_inked(surface: pygame.Surface) -> list[int]:
    return [x for x, column in enumerate(ink(surface)) if column.any()]


def test_t_is_spaced_like_every_other_letter():
    # The gap from T to its neighbour is one pixel, as between any two letters.
    for pair in ("TT", "Ti", "HT"):
        used = columns_inked(text.render(pair, 14))
        gaps = [b - a - 1 for a, b in zip(used, used[1:], strict=False) if b - a > 1]
        assert gaps == [pixelfont.GAP], f"{pair}: gaps {gaps}"


def test_small_text_is_one_line_of_its_size_and_big_text_unchanged():
    small = text.render("Time 0:05.9", 14)
    assert small.get_height() == pixelfont.HEIGHT + 2  # the outline adds a pixel each side
    big = text.render("Time 0:05.9", 16)
    assert big.get_height() > small.get_height()
    # A character the pixel font lacks falls back to pygame's font, not to a gap.
    assert text.render("x \u221e", 14).get_width() > text.render("x", 14).get_width()
