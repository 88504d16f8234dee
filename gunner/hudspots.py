"""Where the HUD's blocks go on a screen of two views: each player's panel (on their
own side of a split, wholly on their side of the dynamic split's cut) and the team's
block (the mission clock, the objectives and a siege's wave), which in the dynamic
split takes a corner wholly on one side of the cut and clear of both panels. Pure
geometry: gunner.hud draws them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import pygame

from gunner.camera import View

if TYPE_CHECKING:
    from gunner.world import World as Stage  # the annotations' old name

PANEL = (150, 32)  # a player's panel, at most
# The panel with its dark backing (`backed`: 3 px beyond its text to the right, 2 below).
BACKED = (PANEL[0] + 3, PANEL[1] + 2)
CLEAR = 4  # px at least between a HUD block and the dynamic split's cut
GAP = 2  # px between the team's block and a panel it goes under or over

Spot = tuple[int, int]  # where a player's panel goes: its top-left on the screen


def panel_spots(stage: Stage, width: int, spots: list[Spot] | None = None) -> list[Spot]:
    """Where each player's panel goes: player 1 at the top-left; with two, the second
    at the top of the right half, a little right of the middle, where the dynamic
    split keeps it as the cut fades in straight down (`spots`: where the split screen
    puts them)."""
    if spots is not None:
        return spots
    return [(0, 0)] if len(stage.players) == 1 else [(0, 0), (width // 2 + CLEAR, 0)]


def the_cut(views: Sequence[View] | None) -> View | None:
    """The dynamic split's cut view (the one with a `normal`), if the screen is cut."""
    return next((v for v in views or () if v.normal is not None), None)


def hud_spots(views: Sequence[View] | None) -> list[Spot] | None:
    """Where each player's HUD panel goes when the screen is split. Side by side: the
    left view's at the top-left, the right one's where one view puts player 2's (CLEAR
    right of the middle), while the divider slides in or out as well as once it is
    down the middle, so a panel never jumps as the screen splits or merges (riding the
    divider in, it started at the screen's right edge, mostly off it). In the dynamic
    split, a corner wholly on their side of the cut (`beside_the_cut`). None: one view,
    the HUD's own layout."""
    if not views or len(views) < 2:
        return None
    cut = the_cut(views)
    width = max(v.right for v in views)
    spots: list[Spot] = [(0, 0), (0, 0)]
    for view in views:
        if view.player is None:
            continue
        if cut is None or cut.normal is None:
            spots[view.player] = (0, 0) if view.left == 0 else (width // 2 + CLEAR, 0)
        else:
            size = (cut.right - cut.left, cut.camera.h)
            spots[view.player] = beside_the_cut(size, cut.normal, view is cut)
    return spots


def _across(
    size: tuple[int, int], normal: tuple[float, float], point: tuple[float, float]
) -> float:
    """How far `point` lies from the cut through the screen's centre, towards `normal`."""
    length = math.hypot(*normal) or 1.0
    w, h = size
    return ((point[0] - w / 2) * normal[0] + (point[1] - h / 2) * normal[1]) / length


def beside_the_cut(size: tuple[int, int], normal: tuple[float, float], positive: bool) -> Spot:
    """The dynamic split: where a player's panel goes so that all of it, backing and
    all, lies on their side of the cut (the side `normal` points to, or the other),
    at least CLEAR from it, whatever the cut's angle. Of four spots (the top-left
    corner, one view's spot for player 2 left of the clock, the bottom corners), the
    first that fits: the top before the bottom, and the side of the screen their part
    leans to before the other. A half-plane through the screen's centre always holds
    one of them whole (on 480x270 the best of them clears it by 36 px or more)."""
    w, h = size
    bw, bh = BACKED
    sign = 1.0 if positive else -1.0
    towards = (sign * normal[0], sign * normal[1])

    def clearance(spot: Spot) -> float:
        x, y = spot
        corners = ((x, y), (x + bw, y), (x, y + bh), (x + bw, y + bh))
        return min(_across(size, towards, c) for c in corners)

    nx = towards[0]
    left_first = nx < 0 or (nx == 0 and not positive)
    top = [(0, 0), (w // 2 + CLEAR, 0)]  # as on one view: clear of a cut straight down
    bottom = [(0, h - bh), (w - bw, h - bh)]
    if not left_first:
        top.reverse()
        bottom.reverse()
    spots = top + bottom
    return next((s for s in spots if clearance(s) >= CLEAR), max(spots, key=clearance))


def cut_clearance(
    size: tuple[int, int], normal: tuple[float, float], rects: Iterable[pygame.Rect]
) -> float:
    """How far the nearest corner of `rects` stays from the cut, all of them on one
    side of it (negative: they reach it or lie on both sides)."""
    sides = [
        _across(size, normal, corner)
        for r in rects
        for corner in ((r.left, r.top), (r.right, r.top), (r.left, r.bottom), (r.right, r.bottom))
    ]
    if not sides:
        return math.inf
    return max(min(sides), -max(sides))


def team_offset(
    size: tuple[int, int],
    normal: tuple[float, float],
    layouts: Sequence[list[pygame.Rect]],
    obstacles: Sequence[pygame.Rect],
) -> tuple[int, int]:
    """The dynamic split: where the team's block goes. `layouts`: the rects of the
    block's parts laid out at the top of the screen in ways it may take (aligned to
    the right or the left edge...), the preferred first; each may sit as it is,
    under an obstacle, at the bottom or over an obstacle there, the top first. The
    first whose parts all lie on one side of the cut, at least CLEAR from it, on the
    screen and overlapping none of the `obstacles` (the players' panels, a boss's
    bar); failing that, the one that clears the cut furthest. Returns which layout
    and how far down to move it (up, if negative)."""
    h = size[1]
    candidates: list[tuple[int, int, list[pygame.Rect]]] = []
    for at_bottom in (False, True):
        for past in (None, *obstacles):  # as it is first, then past each obstacle
            for k, rects in enumerate(layouts):
                top, bottom = min(r.top for r in rects), max(r.bottom for r in rects)
                if past is None:
                    dy = h - bottom if at_bottom else 0
                else:
                    dy = past.top - GAP - bottom if at_bottom else past.bottom + GAP - top
                candidates.append((k, dy, [r.move(0, dy) for r in rects]))

    def fits(moved: list[pygame.Rect]) -> bool:
        inside = all(r.top >= 0 and r.bottom <= h for r in moved)
        free = not any(r.colliderect(o) for r in moved for o in obstacles)
        return inside and free and cut_clearance(size, normal, moved) >= CLEAR

    for k, dy, moved in candidates:
        if fits(moved):
            return k, dy
    k, dy, _ = max(candidates, key=lambda c: cut_clearance(size, normal, c[2]))
    return k, dy


__all__ = [
    "BACKED",
    "CLEAR",
    "PANEL",
    "Spot",
    "beside_the_cut",
    "cut_clearance",
    "hud_spots",
    "panel_spots",
    "team_offset",
    "the_cut",
]
