"""Draws the stage: parallax background, tiles in view, what the quadtree finds in view.

Rendering reads the stage and never changes it.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable

import numpy as np
import pygame

from gunner import dynamicsplit
from gunner.assets import Art
from gunner.camera import View
from gunner.config import STEPS_PER_SECOND, TILE
from gunner.feedback import feedback_of
from gunner.maps import ImageLayer, Level, ObjectTiles, TileLayer
from gunner.world import World

# Sprites overhang their hitboxes; the view query looks this far beyond the screen.
CULL_MARGIN = 24
FAR_PARALLAX = 0.15
NEAR_PARALLAX = 0.4
# An effect drawn without a size reaches at most this far from its centre (px).
EFFECT_REACH = 64
# Screen shake: the largest camera offset in pixels, at full trauma.
MAX_SHAKE = 7.0


def shake_offset(trauma: float, steps: int, scale: float = 1.0) -> tuple[int, int]:
    """The camera's shake for this step: trauma squared (gentle knocks barely move the
    screen, explosions do), on a jittery but deterministic curve of the step count;
    `scale` is the player's screen-shake setting (0: none at all)."""
    if trauma <= 0 or scale <= 0:
        return 0, 0
    amount = MAX_SHAKE * min(1.0, trauma) ** 2 * min(1.0, scale)
    # Sums of incommensurate sines look random but depend only on `steps`.
    jx = math.sin(steps * 1.93 + 0.4) * 0.6 + math.sin(steps * 3.71 + 1.3) * 0.4
    jy = math.sin(steps * 2.37 + 2.1) * 0.6 + math.sin(steps * 4.13 + 0.7) * 0.4
    return round(amount * jx), round(amount * jy)


def draw_background(
    surface: pygame.Surface,
    art: Art,
    cam_x: float,
    cam_y: float,
    world_h: int,
    backdrop: str = "",
) -> None:
    """The map's backdrop (its `backdrop` property; "" is the default one): a far layer
    and a near one, each wrapping across and drifting slower than the tiles.

    A layer as tall as the view stays put vertically, except that the near one sinks as
    the camera climbs, so tall shafts feel tall. A layer taller than the view is a
    climb's: it slides through its whole height as the view goes from the bottom of the
    level (its bottom edge) to the top (its top edge).
    """
    far, near = art.backdrop(backdrop)
    view_h = surface.get_height()
    span = world_h - view_h
    depth = min(1.0, max(0.0, cam_y / span)) if span > 0 else 1.0  # 1: at the bottom
    width = far.get_width()
    x = -int(cam_x * FAR_PARALLAX) % width
    y = -round((far.get_height() - view_h) * depth) if far.get_height() > view_h else 0
    surface.fblits([(far, (x - width, y)), (far, (x, y))])
    if near.get_height() > view_h:
        y = -round((near.get_height() - view_h) * depth)
    else:
        below = max(0.0, world_h - view_h - cam_y)
        y = int(min(below * 0.25, view_h * 0.5))
    width = near.get_width()
    x = -int(cam_x * NEAR_PARALLAX) % width
    surface.fblits([(near, (x - width, y)), (near, (x, y))])


def draw_tiles(
    surface: pygame.Surface,
    layer: TileLayer,
    images: list,
    ox: float,
    oy: float,
    offsets: dict[int, tuple[int, int]] | None = None,
) -> None:
    """Blit only the tiles inside the view (inside its clip, when one is set: a dynamic
    split's half). `offsets` moves tiles that draw away from their cell (tileset tile
    offsets, tiles taller than a cell)."""
    rows, cols = layer.gids.shape
    reach = 0
    if offsets:  # tiles drawn away from their cell can reach into view from outside it
        reach = 1 + max(max(abs(dx), abs(dy)) for dx, dy in offsets.values()) // TILE
    clip = surface.get_clip()
    c0 = max(0, int((ox + clip.left) // TILE) - reach)
    r0 = max(0, int((oy + clip.top) // TILE) - reach)
    c1 = min(cols, math.ceil((ox + clip.right) / TILE) + reach)
    r1 = min(rows, math.ceil((oy + clip.bottom) / TILE) + reach)
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
                    if offsets and gid in offsets:
                        dx, dy = offsets[gid]
                        blits.append((image, (x + dx, y + dy)))
                    else:
                        blits.append((image, (x, y)))
            x += TILE
        y += TILE
    surface.fblits(blits)


def draw_image_layer(surface: pygame.Surface, layer: ImageLayer, ox: float, oy: float) -> None:
    """An image layer at its place, repeated across the view along the axes it repeats."""
    image = layer.image
    if image is None:
        return
    w, h = image.get_size()
    view_w, view_h = surface.get_size()
    x, y = -ox, -oy
    xs = [x]
    ys = [y]
    if layer.repeat_x:
        start = x % w - w if w else 0
        xs = [start + i * w for i in range(int((view_w - start) // w) + 1)]
    if layer.repeat_y:
        start = y % h - h if h else 0
        ys = [start + i * h for i in range(int((view_h - start) // h) + 1)]
    surface.fblits([(image, (bx, by)) for by in ys for bx in xs])


def draw_tile_objects(
    surface: pygame.Surface, layer: ObjectTiles, images: list, ox: float, oy: float, level: Level
) -> None:
    """Tile objects of a layer, each scaled to its object's size as Tiled draws it."""
    view = surface.get_clip()
    blits = []
    for tile in layer.tiles:
        image = images[tile.gid]
        if image is None:
            continue
        w, h = round(tile.w) or image.get_width(), round(tile.h) or image.get_height()
        if (w, h) != image.get_size():
            image = level.scaled(image, (w, h))
        x, y = tile.x - ox, tile.y - oy
        if view.colliderect((x, y, w, h)):
            blits.append((image, (x, y)))
    surface.fblits(blits)


def draw_layers(
    surface: pygame.Surface,
    level: Level,
    ox: float,
    oy: float,
    ms: float,
    foreground: bool | None = None,
) -> None:
    """The map's layers in Tiled's order, each at its offset and parallax, shaded and
    animated: only the foreground ones, only the others, or (None) all of them."""
    view = surface.get_size()
    for layer in level.layers:
        if foreground is not None and layer.foreground != foreground:
            continue
        lx, ly = layer.look.view(ox, oy, view, level.parallax_origin)
        # Whole pixels, halves rounded up on screen as Tiled does (8.5 draws at 9).
        lx, ly = float(-math.floor(0.5 - lx)), float(-math.floor(0.5 - ly))
        if isinstance(layer, TileLayer):
            images = level.images_at(ms, layer.look)
            draw_tiles(surface, layer, images, lx, ly, level.tile_offsets)
        elif isinstance(layer, ImageLayer):
            draw_image_layer(surface, layer, lx, ly)
        else:
            images = level.images_at(ms, layer.look)
            draw_tile_objects(surface, layer, images, lx, ly, level)


def visible_items(stage: World, rect: pygame.FRect | None = None) -> tuple[list, np.ndarray]:
    """Entities in view (`rect`, default the world camera's) in drawing order, and the
    rows of the bullets in view: one query of the stage tree."""
    view = (rect or stage.camera.rect).inflate(CULL_MARGIN * 2, CULL_MARGIN * 2)
    items, bullet_ids = stage.tree.in_view(view)
    # Scenery first, the player over enemies (bullets go over everything).
    items.sort(key=lambda item: item.kind == "Player")
    bullets = stage.bullets
    return items, np.searchsorted(bullets.id[: bullets.n], bullet_ids)


def draw_bullets(
    surface: pygame.Surface, stage: World, art: Art, rows: np.ndarray, ox: float, oy: float
) -> None:
    b = stage.bullets
    blits = []
    for i in rows.tolist():
        image = art.bullet_image(b.styles[b.style[i]], b.vx[i], b.vy[i])
        w, h = image.get_size()
        blits.append((image, (round(b.x[i] - ox - w / 2), round(b.y[i] - oy - h / 2))))
    surface.fblits(blits)


def draw_effects(surface: pygame.Surface, stage: World, art: Art, ox: float, oy: float) -> None:
    # A crowd's bullets leave sparks all over the level: those well outside the view
    # (farther than the widest frame reaches) are not looked up or blitted.
    clip = surface.get_clip()
    for effect in feedback_of(stage).effects:
        reach = EFFECT_REACH + effect.size
        x, y = effect.x - ox, effect.y - oy
        if not (
            clip.left - reach < x < clip.right + reach
            and clip.top - reach < y < clip.bottom + reach
        ):
            continue
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


def draw_stage(
    surface: pygame.Surface, stage: World, art: Art, shake: float = 1.0, view: View | None = None
) -> int:
    """Draw one frame of the stage, the screen shaking `shake` times as hard as it
    would (the Options slider); returns how many entities and bullets were drawn.
    `view`: one of two players' views, drawn in its strip of `surface` (default: the
    world camera's, on all of it). Only `surface`'s clip is drawn, and only what
    reaches into it is looked up (a dynamic split's half: its bounding box)."""
    feedback = feedback_of(stage)
    sx, sy = shake_offset(feedback.trauma, stage.steps, shake)
    if view is not None and (view.left, view.width) != (0, surface.get_width()):
        surface = surface.subsurface((view.left, 0, view.width, surface.get_height()))
    rect = view.rect if view is not None else stage.camera.rect
    ox, oy = view.offset if view is not None else stage.camera.offset
    clip = surface.get_clip()
    if clip != surface.get_rect():
        rect = pygame.FRect(rect.x + clip.x, rect.y + clip.y, clip.w, clip.h)
    ox, oy = ox + sx, oy + sy
    level = stage.level
    draw_background(surface, art, ox, oy, level.pixel_size[1], level.properties.get("backdrop", ""))
    ms = stage.steps * 1000 / STEPS_PER_SECOND  # the simulation's clock: deterministic
    draw_layers(surface, level, ox, oy, ms, foreground=False)
    items, bullet_rows = visible_items(stage, rect)
    offset = (ox, oy)
    for item in items:
        item.draw(surface, offset, art)
    draw_bullets(surface, stage, art, bullet_rows, ox, oy)
    feedback.particles.draw(surface, ox, oy)
    draw_effects(surface, stage, art, ox, oy)
    draw_layers(surface, level, ox, oy, ms, foreground=True)
    return len(items) + len(bullet_rows)


DIVIDER = (12, 12, 16)  # the line between two players' views
# The see-through colour of a dynamic split's second view outside its half (no art
# uses it).
CUT_KEY = (1, 254, 3)


def draw_views(
    surface: pygame.Surface,
    stage: World,
    art: Art,
    views: list[View] | None,
    shake: float = 1.0,
    overlay: Callable[[pygame.Surface, World, View | None], None] | None = None,
) -> int:
    """The stage in each view (two players split: one strip each, a dark line between;
    or, split along the line between them, each view on its side of the cut), `overlay`
    (F3's cells and hitboxes) drawn in each; returns what was drawn."""
    if not views:
        drawn = draw_stage(surface, stage, art, shake)
        if overlay is not None:
            overlay(surface, stage, None)
        return drawn
    if views[-1].normal is not None:
        return _draw_cut_views(surface, stage, art, views, shake, overlay)
    drawn = 0
    for view in views:
        drawn += draw_stage(surface, stage, art, shake, view)
        if overlay is not None:
            overlay(surface, stage, view)
    for view in views[1:]:
        surface.fill(DIVIDER, (view.left - 1, 0, 2, surface.get_height()))
    return drawn


def _draw_cut_views(
    surface: pygame.Surface,
    stage: World,
    art: Art,
    views: list[View],
    shake: float,
    overlay: Callable[[pygame.Surface, World, View | None], None] | None,
) -> int:
    """The dynamic split: the first view drawn straight onto the screen over its half's
    bounding box, the second over its own half's box on a layer kept from frame to
    frame, cut to its half (`CUT_KEY`) and laid over the first. Each draws and looks up
    only what its box holds: the two draw about one screen's tiles and entities between
    them, not two, and no full-screen surface is made or blitted each frame. What a view
    costs whatever its size (the queries, the particles' pass) is still paid twice."""
    first, second = views
    assert second.normal is not None
    size = surface.get_size()
    surface.set_clip(_box(dynamicsplit.half_plane(size, second.normal, positive=False), size))
    drawn = draw_stage(surface, stage, art, shake, first)
    if overlay is not None:
        overlay(surface, stage, first)
    surface.set_clip(None)
    box = _box(dynamicsplit.half_plane(size, second.normal), size)
    layer = _layer(size, surface.get_bitsize(), surface.get_masks())
    layer.set_clip(box)
    drawn += draw_stage(layer, stage, art, shake, second)
    if overlay is not None:
        overlay(layer, stage, second)
    dynamicsplit.masked(layer, second.normal, CUT_KEY)  # within the box: the clip holds
    layer.set_clip(None)
    surface.blit(layer, box, box)
    _draw_cut(surface, second.normal, second.fade)
    return drawn


def _box(polygon: list[tuple[float, float]], size: tuple[int, int]) -> pygame.Rect:
    """The screen pixels a half of the screen touches, a pixel more each way (the cut's
    own pixels go to whichever view the polygon fill leaves them), within the screen."""
    xs = [x for x, _ in polygon]
    ys = [y for _, y in polygon]
    left, top = math.floor(min(xs)) - 1, math.floor(min(ys)) - 1
    box = pygame.Rect(left, top, math.ceil(max(xs)) + 1 - left, math.ceil(max(ys)) + 1 - top)
    return box.clip(pygame.Rect((0, 0), size))


@functools.lru_cache(maxsize=2)
def _layer(size: tuple[int, int], bits: int, masks: tuple[int, int, int, int]) -> pygame.Surface:
    """The dynamic split's second view's layer, made once per screen size and format
    (a new full-screen surface each frame costs as much as a view's tiles)."""
    return pygame.Surface(size, 0, bits, masks)


def _draw_cut(surface: pygame.Surface, normal: tuple[float, float], strength: float) -> None:
    """The dynamic split's divider, fading in from nothing as the views part."""
    if strength <= 0:
        return
    start, end = dynamicsplit.divider(surface.get_size(), normal)
    if strength >= 1:
        pygame.draw.line(surface, DIVIDER, start, end, 2)
        return
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    pygame.draw.line(layer, (*DIVIDER, round(255 * strength)), start, end, 2)
    surface.blit(layer, (0, 0))
