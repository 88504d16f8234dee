"""The camera: follows a target with a dead zone, look-ahead and smoothing, clamped to the map."""

from __future__ import annotations

import math

import pygame

# The target moves freely inside this box around the view centre.
DEAD_ZONE_W = 40.0
DEAD_ZONE_H = 56.0
LOOK_AHEAD = 48.0  # pixels shown ahead of where the player faces
SMOOTHING = 8.0  # 1/s: higher follows tighter
HEADROOM = 16.0  # frame the player a little below centre: more sky to aim into


class Camera:
    """`climb`: the view only ever scrolls up (a climbing level, the map's `scroll` set to
    `up`), and whatever falls out of the bottom of it is lost (see `dropped`)."""

    def __init__(
        self, view_w: int, view_h: int, world_w: int, world_h: int, climb: bool = False
    ) -> None:
        self.w, self.h = view_w, view_h
        self.climb = climb
        self.world_w, self.world_h = world_w, world_h
        self.x = 0.0
        self.y = 0.0
        self._focus_x = 0.0
        self._focus_y = 0.0
        self._look = 0.0
        self._lowest = 0.0
        # A boss arena: while set, the view stays inside this box (see `lock`).
        self.bounds: pygame.FRect | None = None

    def lock(self, box: pygame.FRect) -> None:
        """Keep the view inside `box` (a boss arena) until `unlock`; a box the size of
        the view holds it still."""
        self.bounds = pygame.FRect(box)

    def unlock(self) -> None:
        self.bounds = None

    @property
    def rect(self) -> pygame.FRect:
        return pygame.FRect(self.x, self.y, self.w, self.h)

    @property
    def offset(self) -> tuple[float, float]:
        """Whole-pixel offset to subtract from world positions when drawing."""
        return (float(round(self.x)), float(round(self.y)))

    def snap(self, cx: float, cy: float) -> None:
        """Jump straight to a target (level start, respawn)."""
        self._focus_x, self._focus_y = cx, cy
        self._look = 0.0
        self.x, self.y = self._clamped(cx - self.w / 2, cy - self.h / 2 - HEADROOM)
        self._lowest = self.y  # a climb's view never goes below where it last stood

    def dropped(self, box: pygame.FRect) -> bool:
        """Has `box` fallen out of the bottom of a climbing view?"""
        return self.climb and box.top > self.y + self.h

    def update(self, cx: float, cy: float, facing: int, dt: float, grounded: bool = False) -> None:
        """Follow the point (cx, cy); `facing` (-1/+1) shifts the view ahead of it.
        While the target stands on ground (`grounded`) the view settles back on it
        vertically, so a jump inside the dead zone does not leave the view raised."""
        # Dead zone: the focus moves only when the target leaves the box around it.
        half_w, half_h = DEAD_ZONE_W / 2, DEAD_ZONE_H / 2
        if cx > self._focus_x + half_w:
            self._focus_x = cx - half_w
        elif cx < self._focus_x - half_w:
            self._focus_x = cx + half_w
        if cy > self._focus_y + half_h:
            self._focus_y = cy - half_h
        elif cy < self._focus_y - half_h:
            self._focus_y = cy + half_h
        blend = 1.0 - math.exp(-SMOOTHING * dt)
        if grounded:
            self._focus_y += (cy - self._focus_y) * blend
        self._look += (facing * LOOK_AHEAD - self._look) * blend * 0.5
        goal_x, goal_y = self._clamped(
            self._focus_x + self._look - self.w / 2, self._focus_y - self.h / 2 - HEADROOM
        )
        self.x += (goal_x - self.x) * blend
        self.y += (goal_y - self.y) * blend
        # Into a locked arena the view glides (no jump), then holds exactly still.
        self.x, self.y = self._clamped(self.x, self.y, arena=False)
        if self.bounds is not None and abs(goal_x - self.x) + abs(goal_y - self.y) < 0.5:
            self.x, self.y = goal_x, goal_y
        if self.climb:
            self.y = self._lowest = min(self.y, self._lowest)

    def _clamped(self, x: float, y: float, arena: bool = True) -> tuple[float, float]:
        # A map smaller than the view is centred instead.
        if self.world_w <= self.w:
            x = (self.world_w - self.w) / 2
        else:
            x = min(max(x, 0.0), self.world_w - self.w)
        if self.world_h <= self.h:
            y = (self.world_h - self.h) / 2
        else:
            y = min(max(y, 0.0), self.world_h - self.h)
        if arena and self.bounds is not None:
            box = self.bounds
            x = min(max(x, box.left), max(box.left, box.right - self.w))
            y = min(max(y, box.top), max(box.top, box.bottom - self.h))
        return x, y
