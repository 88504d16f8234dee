"""Draws the stage: parallax background, tiles in view, what the quadtree finds in view.

Rendering reads the stage and never changes it.
"""

from __future__ import annotations

import math

import numpy as np
import pygame

from gunner.assets import Art
from gunner.config import TILE
from gunner.level import TileLayer
from gunner.stage import Stage

# Sprites overhang their hitboxes; the view query looks this far beyond the screen.
CULL_MARGIN = 24
FAR_PARALLAX = 0.15
NEAR_PARALLAX = 0.4
# Screen shake: the largest camera offset in pixels, at full trauma.
MAX_SHAKE = 7.0


def shake_offset(trauma: float, steps: int) -> tuple[int, int]:
    """The camera's shake for this step: trauma squared (gentle knocks barely move the
    screen, explosions do), on a jittery but deterministic curve of the step count."""
    if trauma <= 0:
        return 0, 0
    amount = MAX_SHAKE * min(1.0, trauma) ** 2
    # Sums of incommensurate sines look random but depend only on `steps`.
    jx = math.sin(steps * 1.93 + 0.4) * 0.6 + math.sin(steps * 3.71 + 1.3) * 0.4
    jy = math.sin(steps * 2.37 + 2.1) * 0.6 + math.sin(steps * 4.13 + 0.7) * 0.4
    return round(amount * jx), round(amount * jy)


def draw_background(
    surface: pygame.Surface, art: Art, cam_x: float, cam_y: float, world_h: int
) -> None:
    width = art.bg_far.get_width()
    x = -int(cam_x * FAR_PARALLAX) % width
    surface.blit(art.bg_far, (x - width, 0))
    surface.blit(art.bg_far, (x, 0))
    # The near layer sinks as the camera climbs, so tall shafts feel tall.
    below = max(0.0, world_h - surface.get_height() - cam_y)
    y = int(min(below * 0.25, surface.get_height() * 0.5))
    x = -int(cam_x * NEAR_PARALLAX) % width
    surface.blit(art.bg_near, (x - width, y))
    surface.blit(art.bg_near, (x, y))


def draw_tiles(
    surface: pygame.Surface, layer: TileLayer, images: list, ox: float, oy: float
) -> None:
    """Blit only the tiles inside the view."""
    rows, cols = layer.gids.shape
    c0, r0 = max(0, int(ox // TILE)), max(0, int(oy // TILE))
    c1 = min(cols, math.ceil((ox + surface.get_width()) / TILE))
    r1 = min(rows, math.ceil((oy + surface.get_height()) / TILE))
    if c0 >= c1 or r0 >= r1:
        return
    blits = []
    x0, y = c0 * TILE - ox, r0 * TILE - oy
    for row in layer.gids[r0:r1, c0:c1].tolist():
        x = x0
        for gid in row:
            if gid:
                image = images[gid]
                if image is not None:
                    blits.append((image, (x, y)))
            x += TILE
        y += TILE
    surface.fblits(blits)


def visible_items(stage: Stage) -> tuple[list, np.ndarray]:
    """Entities in view in drawing order, and the rows of the bullets in view: one
    query of the stage tree."""
    view = stage.camera.rect.inflate(CULL_MARGIN * 2, CULL_MARGIN * 2)
    items, bullet_ids = stage.tree.in_view(view)
    # Scenery first, the player over enemies (bullets go over everything).
    items.sort(key=lambda item: item.kind == "Player")
    bullets = stage.bullets
    return items, np.searchsorted(bullets.id[: bullets.n], bullet_ids)


def draw_bullets(
    surface: pygame.Surface, stage: Stage, art: Art, rows: np.ndarray, ox: float, oy: float
) -> None:
    b = stage.bullets
    blits = []
    for i in rows.tolist():
        image = art.bullet_image(b.styles[b.style[i]], b.vx[i], b.vy[i])
        w, h = image.get_size()
        blits.append((image, (round(b.x[i] - ox - w / 2), round(b.y[i] - oy - h / 2))))
    surface.fblits(blits)


def draw_effects(surface: pygame.Surface, stage: Stage, art: Art, ox: float, oy: float) -> None:
    for effect in stage.effects:
        if effect.size:
            image = art.sized_effect(effect.name, effect.frame, effect.size)
        else:
            image = art.effect_frame(effect.name, effect.frame, effect.angle)
        x, y = effect.x, effect.y
        if effect.name == "muzzle_flash":
            # The flash's base sits at the muzzle and it points along the shot.
            rad = math.radians(effect.angle)
            x, y = x + math.cos(rad) * 8, y - math.sin(rad) * 8
        surface.blit(image, image.get_rect(center=(round(x - ox), round(y - oy))))


def draw_stage(surface: pygame.Surface, stage: Stage, art: Art) -> int:
    """Draw one frame of the stage; returns how many entities and bullets were drawn."""
    sx, sy = shake_offset(stage.trauma, stage.steps)
    ox, oy = stage.camera.offset
    ox, oy = ox + sx, oy + sy
    level = stage.level
    draw_background(surface, art, ox, oy, level.pixel_size[1])
    for layer in level.layers:
        if not layer.foreground:
            draw_tiles(surface, layer, level.images, ox, oy)
    items, bullet_rows = visible_items(stage)
    offset = (ox, oy)
    for item in items:
        item.draw(surface, offset, art)
    draw_bullets(surface, stage, art, bullet_rows, ox, oy)
    stage.particles.draw(surface, ox, oy)
    draw_effects(surface, stage, art, ox, oy)
    for layer in level.layers:
        if layer.foreground:
            draw_tiles(surface, layer, level.images, ox, oy)
    return len(items) + len(bullet_rows)
