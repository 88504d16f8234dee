"""The F3 overlay: collision checks per frame beside the brute-force figure, timings,
counts, every hitbox and the quadtree cells."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pygame

from gunner import text
from gunner.broadphase import DESIGN_NAMES
from gunner.camera import View
from gunner.entities.boss import Boss
from gunner.world import World

CELL_EMPTY = (70, 90, 120)
CELL_FULL = (120, 200, 255)
HITBOX_COLOURS = {"Player": (80, 255, 255), "Bullet": (255, 230, 80), "Exit": (255, 80, 255)}
HITBOX_DEFAULT = (120, 255, 120)
WEAK, ARMOUR = (255, 60, 60), (255, 150, 40)
PANEL_TOP = 36


@dataclass
class FrameTimes:
    """Measured by the app loop; the overlay only shows them."""

    fps: float = 0.0
    step_ms: float = 0.0
    render_ms: float = 0.0


def draw_world_overlay(surface: pygame.Surface, stage: World, strip: View | None = None) -> None:
    """Quadtree cells (occupied ones brighter) and hitboxes, in world space; `strip`:
    one of two players' views (each draws its own), in its strip of `surface`."""
    if strip is not None:
        surface = surface.subsurface((strip.left, 0, strip.width, surface.get_height()))
        (ox, oy), view = strip.offset, strip.rect
    else:
        ox, oy = stage.camera.offset
        view = stage.camera.rect
    # Empty cells faint, occupied cells bright: the tree's shape shows without hiding the game.
    grid = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    occupied = []
    for cell, count in stage.tree.cells(view):
        rect = pygame.Rect(round(cell.x - ox), round(cell.y - oy), round(cell.w), round(cell.h))
        if count:
            occupied.append(rect)
        else:
            pygame.draw.rect(grid, (*CELL_EMPTY, 70), rect, 1)
    for rect in occupied:
        grid.fill((*CELL_FULL, 40), rect)
        pygame.draw.rect(grid, (*CELL_FULL, 230), rect, 1)
    surface.blit(grid, (0, 0))
    items, bullet_ids = stage.tree.in_view(view)
    boxes = [(item.hitbox, HITBOX_COLOURS.get(item.kind, HITBOX_DEFAULT)) for item in items]
    for item in items:  # a boss's parts: weak points red, armour orange
        if isinstance(item, Boss):
            open_now = item.weak_parts()
            boxes += [(r, WEAK if p.name in open_now else ARMOUR) for p, r in item.parts()]
    rows = np.searchsorted(stage.bullets.id[: stage.bullets.n], bullet_ids)
    bullet = HITBOX_COLOURS["Bullet"]
    boxes += [(pygame.FRect(*box.tolist()), bullet) for box in stage.bullets.boxes(rows)]
    for box, colour in boxes:
        rect = pygame.Rect(round(box.x - ox), round(box.y - oy), round(box.w), round(box.h))
        pygame.draw.rect(surface, colour, rect, 1)


def panel_lines(stage: World, times: FrameTimes, drawn: int) -> list[tuple[str, tuple]]:
    c = stage.counters
    return [
        (
            f"FPS {times.fps:5.1f}  step {times.step_ms:5.2f} ms  render {times.render_ms:5.2f} ms",
            text.WHITE,
        ),
        (f"broad phase (F4)  {DESIGN_NAMES[stage.tree.design]}", text.YELLOW),
        (
            f"entities {len(stage.entities)}  bullets {len(stage.bullets)}  "
            f"in tree {len(stage.tree)}  drawn {drawn}",
            text.WHITE,
        ),
        ("collision checks this frame  (brute force)", text.YELLOW),
        (f"  tile           {c.tile:7d}", text.CYAN),
        (f"  entity-entity  {c.entity_entity:7d}  ({c.brute_entity_entity})", text.GREEN),
        (f"  bullet-entity  {c.bullet_entity:7d}  ({c.brute_bullet_entity})", text.GREEN),
    ]


def draw_panel(surface: pygame.Surface, stage: World, times: FrameTimes, drawn: int) -> None:
    lines = panel_lines(stage, times, drawn)
    images = [text.render(line, 14, colour) for line, colour in lines]
    width = max(i.get_width() for i in images) + 8
    height = sum(i.get_height() for i in images) + 6
    panel = pygame.Surface((width, height), pygame.SRCALPHA)
    panel.fill((0, 0, 0, 170))  # dark backing keeps the text legible over anything
    # Below the HUD's health and weapon lines, so both stay readable.
    surface.blit(panel, (4, PANEL_TOP))
    y = PANEL_TOP + 3
    for image in images:
        surface.blit(image, (8, y))
        y += image.get_height()
