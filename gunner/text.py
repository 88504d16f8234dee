"""Crisp pixel text with an outline, legible over any background."""

from __future__ import annotations

from functools import lru_cache

import pygame

from gunner import pixelfont

WHITE = (240, 240, 232)
GREY = (150, 156, 170)
YELLOW = (255, 214, 90)
RED = (235, 80, 70)
GREEN = (120, 230, 120)
CYAN = (110, 220, 240)
OUTLINE = (12, 12, 20)


@lru_cache(maxsize=8)
def font(size: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(None, size)  # pygame's bundled font: no files to ship


# Below this size text uses the game's own pixel font: pygame's bundled one blurs
# `s` into `a` and `8` into `9` there.
PIXEL_FONT_BELOW = 16


@lru_cache(maxsize=512)
def render(text: str, size: int = 16, color: tuple[int, int, int] = WHITE) -> pygame.Surface:
    """Text drawn without antialiasing (it is scaled up by whole pixels) and outlined."""
    if size < PIXEL_FONT_BELOW and pixelfont.covers(text):
        body, edge = pixelfont.render(text, color), pixelfont.render(text, OUTLINE)
    else:
        f = font(size)
        body = f.render(text, False, color)
        edge = f.render(text, False, OUTLINE)
    out = pygame.Surface((body.get_width() + 2, body.get_height() + 2), pygame.SRCALPHA)
    for dx, dy in ((0, 1), (2, 1), (1, 0), (1, 2), (2, 2)):
        out.blit(edge, (dx, dy))
    out.blit(body, (1, 1))
    return out


def draw(
    surface: pygame.Surface,
    text: str,
    pos: tuple[int, int],
    size: int = 16,
    color: tuple[int, int, int] = WHITE,
    anchor: str = "topleft",
) -> pygame.Rect:
    image = render(text, size, color)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect
