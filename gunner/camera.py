"""The camera: follows a target with a dead zone, look-ahead and smoothing, clamped to the
map; and for two players, the split screen (`SplitScreen`: one view or two)."""

from __future__ import annotations

import math

import pygame

from gunner import dynamicsplit

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
        """Has `box` fallen out of the bottom of a climbing view: more than half of it
        below the view's bottom edge? (Not wholly: a player on a floor just under the
        edge, a head showing, would play on unseen, blind, where the view never goes.)"""
        return self.climb and box.centery > self.y + self.h

    def update(
        self, cx: float, cy: float, facing: float, dt: float, grounded: bool = False
    ) -> None:
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


# -- two players: one shared view, or two when they part (presentation only) ----------

# Auto splits when the players' centres are farther apart than this (px), across or
# up and down: beyond it one of them would be within SPLIT_MARGIN of the screen's edge.
SPLIT_MARGIN_X = 64.0
SPLIT_MARGIN_Y = 48.0
# ... and merges once they are back this close: a half view apart across, half a
# screen up and down (the gap between the two keeps it from flickering).
MERGE_X = 200.0
MERGE_Y = 110.0
SLIDE_TIME = 0.35  # seconds the divider takes to slide in or out
# auto: the dynamic split (along the line between the players, gunner.dynamicsplit);
# vertical: split down the middle when they part; always: down the middle for good;
# never: one shared view.
SPLIT_MODES = ("auto", "vertical", "always", "never")


class View:
    """One view on the screen: the strip `left`..`right` of the screen, showing the
    world from `camera` (a camera as wide as the strip).

    A view of the dynamic split covers the whole screen but shows only the half that
    `normal` points to (cut through the screen's centre; None: all of its strip), with
    the divider drawn `fade` strong."""

    def __init__(
        self,
        camera: Camera,
        left: int,
        right: int,
        player: int | None,
        normal: tuple[float, float] | None = None,
        fade: float = 1.0,
    ) -> None:
        self.camera = camera
        self.left, self.right = left, right
        self.player = player  # whose view (None: the shared one)
        self.normal = normal
        self.fade = fade

    @property
    def width(self) -> int:
        return self.right - self.left

    @property
    def offset(self) -> tuple[float, float]:
        """Where the strip's top-left is in the world (whole pixels): its camera's, as
        wide as the strip, so the strip is kept inside the map like any view."""
        return self.camera.offset

    @property
    def rect(self) -> pygame.FRect:
        """The strip's part of the world."""
        x, y = self.offset
        return pygame.FRect(x, y, self.width, self.camera.h)


class SplitScreen:
    """Two players' cameras, C-Dogs style: one shared view on their midpoint while both
    fit with a margin. When they part, `auto` cuts the screen along the perpendicular
    bisector of the line between them (gunner.dynamicsplit: seamless, it merges back by
    itself); `vertical` splits down the middle (each player on the side they stood on
    when it split), each half following its player, and when they meet again the
    divider slides back out and the view settles on the midpoint.

    `mode`: "auto", "vertical", "always" (split down the middle whenever both are up)
    or "never" (one shared view; the world's leash keeps both in it). Presentation
    only: nothing here is state."""

    def __init__(self, world_camera: Camera, mode: str = "auto") -> None:
        if mode not in SPLIT_MODES:
            raise ValueError(f"split mode {mode!r} is not one of {', '.join(SPLIT_MODES)}")
        self.mode = mode
        self.world_camera = world_camera
        w, h = world_camera.w, world_camera.h
        self.cameras = [
            Camera(w, h, world_camera.world_w, world_camera.world_h, world_camera.climb)
            for _ in range(2)
        ]
        self.split = False  # split, or splitting (the divider may still be sliding)
        self.amount = 0.0  # 0: one view; 1: two halves
        self.left_player = 0  # whose half is the left one
        # Versus: each player keeps their own half even while down (their view waits
        # where they fell), instead of the survivor taking the whole screen.
        self.hold = False
        # The dynamic split (auto): the shared view on the midpoint, which the two
        # views are pushed apart from, and how far (gunner.dynamicsplit.push).
        self.shared = Camera(w, h, world_camera.world_w, world_camera.world_h, world_camera.climb)
        self.push = (0.0, 0.0)
        self.apart = 0.0  # t: the players' separation in screen reaches (> 1: split)

    @property
    def divider(self) -> int:
        """The screen column where the right-hand view begins."""
        w = self.world_camera.w
        return round(w - self.amount * w / 2)

    def wants_split(self, boxes: list[pygame.FRect], alive: list[bool]) -> bool:
        """Split or not this step, from the players' boxes (with hysteresis)."""
        if self.mode == "never":
            return False
        if self.hold:
            return True
        if not all(alive):
            return False
        if self.mode == "always":
            return True
        (ax, ay), (bx, by) = boxes[0].center, boxes[1].center
        dx, dy = abs(ax - bx), abs(ay - by)
        cam = self.world_camera
        if self.split:
            return not (dx < MERGE_X and dy < MERGE_Y)
        return dx > cam.w - 2 * SPLIT_MARGIN_X or dy > cam.h - 2 * SPLIT_MARGIN_Y

    def snap(self, players: list) -> None:
        """Start (or restart after a respawn) on the players, without gliding."""
        if self.mode == "auto":
            self._dynamic(players, snap=True)
            return
        self._targets(players, snap=True)

    def update(self, players: list, dt: float) -> None:
        if self.mode == "auto":
            self._dynamic(players, dt=dt)
            return
        boxes = [p.hitbox for p in players]
        split = self.wants_split(boxes, [p.alive for p in players])
        if split and not self.split and self.amount == 0.0:
            self.left_player = 0 if boxes[0].centerx <= boxes[1].centerx else 1
        self.split = split
        step = dt / SLIDE_TIME
        self.amount = min(1.0, self.amount + step) if split else max(0.0, self.amount - step)
        self._targets(players, dt=dt)

    def _targets(self, players: list, dt: float = 0.0, snap: bool = False) -> None:
        w = self.world_camera.w
        d = self.divider
        living = [p for p in players if p.alive] or players
        mx = sum(p.hitbox.centerx for p in living) / len(living)
        my = sum(p.hitbox.centery for p in living) / len(living)
        ease = self.amount * self.amount * (3 - 2 * self.amount)  # smoothstep
        first = players[self.left_player]
        second = players[1 - self.left_player]
        # Each camera is as wide as its strip (so clamping to the map keeps the strip
        # in it: a player at the map's far edge stays in their half) and aims at its
        # strip's middle. The left one drifts from the midpoint to its player as the
        # divider slides in.
        fx = mx + (first.hitbox.centerx - mx) * ease
        fy = my + (first.hitbox.centery - my) * ease
        targets = [(fx, fy, first), (second.hitbox.centerx, second.hitbox.centery, second)]
        self.cameras[0].w, self.cameras[1].w = d, max(1, w - d)
        for camera, (x, y, player) in zip(self.cameras, targets, strict=True):
            camera.bounds = self.world_camera.bounds
            if snap:
                camera.snap(x, y)
            else:
                # A half view looks half as far ahead; the shared one looks nowhere.
                facing = player.facing * 0.5 if self.amount > 0 else 0
                camera.update(x, y, facing, dt, player.on_ground)

    def _dynamic(self, players: list, dt: float = 0.0, snap: bool = False) -> None:
        """The dynamic split: the shared camera on the living players' midpoint, and
        the two views pushed apart from it by as much as the players do not fit."""
        cam = self.shared
        cam.bounds = self.world_camera.bounds
        living = [p for p in players if p.alive] or players
        mx = sum(p.hitbox.centerx for p in living) / len(living)
        my = sum(p.hitbox.centery for p in living) / len(living)
        if snap:
            cam.snap(mx, my)
        else:
            cam.update(mx, my, 0, dt, all(p.on_ground for p in living))
        if len(living) < 2:  # one standing: the view is theirs alone
            self.push, self.apart = (0.0, 0.0), 0.0
        else:
            # They fit while each is a margin inside the screen's edges, as for vertical.
            reach_x = cam.w / 2 - SPLIT_MARGIN_X
            reach_y = cam.h / 2 - SPLIT_MARGIN_Y
            a, b = players[0].hitbox.center, players[1].hitbox.center
            self.push, self.apart = dynamicsplit.push(a, b, reach_x, reach_y)
        sx, sy = self.push
        for camera, sign in zip(self.cameras, (-1, 1), strict=True):
            camera.w = cam.w  # whole-screen views (vertical, before a mode change, halved them)
            camera.x, camera.y = cam._clamped(cam.x + sign * sx, cam.y + sign * sy)

    def views(self) -> list[View]:
        """The views to draw this frame, left to right."""
        if self.mode == "never":
            return [View(self.world_camera, 0, self.world_camera.w, None)]
        if self.mode == "auto":
            w = self.world_camera.w
            if self.apart <= 1.0:
                return [View(self.shared, 0, w, None)]
            normal = self.push  # from player 1 towards player 2: player 2's side
            return [
                View(self.cameras[0], 0, w, 0),
                View(self.cameras[1], 0, w, 1, normal, dynamicsplit.fade(self.apart)),
            ]
        d = self.divider
        w = self.world_camera.w
        first = self.left_player if self.amount > 0 else None  # None: the shared view
        views = [View(self.cameras[0], 0, d, first)]
        if d < w:
            views.append(View(self.cameras[1], d, w, 1 - self.left_player))
        return views
