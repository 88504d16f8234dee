"""Where the HUD's centre messages go. On one view: the middle of the screen. On a split
screen a player's own message (a pickup's name, a life taken, the hint to take one)
goes in the middle of their own view, on their side of the divider; the team's (a
checkpoint, an objective, the level's name) goes in the middle of each view, so
neither player reads it across the cut. Presentation only: reads the views.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from gunner import text
from gunner.camera import View
from gunner.dynamicsplit import half_plane
from gunner.world.players import can_borrow

if TYPE_CHECKING:
    from gunner.world import World

__all__ = [
    "FADE",
    "MESSAGE_Y",
    "PLAYER_COLOURS",
    "TITLE_TIME",
    "draw_messages",
    "faded",
    "is_split",
    "message_boxes",
]

MESSAGE_Y = 58  # the top of the centre message, as on one view
MARGIN = 6  # between a message and the divider or the screen's edge
# The level's name shows in the middle of the screen for this long at the start.
TITLE_TIME = 2.5
FADE = 0.5  # seconds of fade-out at the end of a message
# P1, P2 tags: cyan, and the violet of player 2's trousers (assets/player2.png).
PLAYER_COLOURS = (text.CYAN, (190, 140, 255))
ROW = 26  # one message under another


def draw_messages(
    surface: pygame.Surface,
    stage: World,
    views: Sequence[View] | None,
    avoid: Sequence[pygame.Rect] = (),
) -> list[pygame.Rect]:
    """The stage's message (or the level's name as it starts); on a split screen each
    player's own message in their view, under the team's if one shows; then the hint
    for a player out of lives who may take one from their partner. Each goes below
    whatever it would cover of `avoid` (the team's block: on a split screen a view's
    middle can fall under its siege counter) and of the messages drawn before it.
    Returns the boxes drawn."""
    size = surface.get_size()
    drawn: list[pygame.Rect] = []
    taken = list(avoid)

    def put(image: pygame.Surface, boxes: list[pygame.Rect]) -> None:
        clear = [_clear_of(box, taken, size[1]) for box in boxes]
        top = max((box.top for box in clear), default=0)  # the team's at one height
        for box in clear:
            box.top = top
            surface.blit(image, box)
            drawn.append(box)
            taken.append(box)

    split = is_split(views)
    top = MESSAGE_Y
    image: pygame.Surface | None = None
    said = stage.message_time > 0 and bool(stage.message)
    if said and not (split and stage.message_owner is not None):
        image = faded(text.render(stage.message, 22, text.YELLOW), stage.message_time)
    elif not said and stage.time < TITLE_TIME:
        name = text.render(stage.level.name.upper(), 28, text.YELLOW)
        image = faded(name, TITLE_TIME - stage.time)
    if image is not None:
        put(image, message_boxes(size, image.get_size(), views, None))
        top += ROW
    if split:
        for k, (line, shown) in stage.own_messages.items():
            if shown and k < len(stage.players):
                mine = faded(text.render(line, 22, text.YELLOW), shown.seconds)
                put(mine, message_boxes(size, mine.get_size(), views, k, top))
    if stage.arena is not None or len(stage.players) < 2:
        return drawn
    for k, player in enumerate(stage.players):
        if player.alive or player.lives > 0 or not can_borrow(stage, player):
            continue
        hint = text.render(f"P{k + 1}: PRESS JUMP TO TAKE A LIFE", 16, PLAYER_COLOURS[k])
        put(hint, message_boxes(size, hint.get_size(), views, k, top + ROW))
    return drawn


def _clear_of(box: pygame.Rect, taken: Sequence[pygame.Rect], height: int) -> pygame.Rect:
    """`box` moved down, as little as it takes, until it covers none of `taken` (a
    MARGIN apart), and never off the screen's bottom."""
    box = box.copy()
    for _ in range(len(taken) + 1):
        hits = [r for r in taken if box.colliderect(r)]
        if not hits:
            break
        box.top = max(r.bottom for r in hits) + MARGIN
    box.bottom = min(box.bottom, height)
    return box


def is_split(views: Sequence[View] | None) -> bool:
    """Does each player have a view of their own?"""
    return len([v for v in views or () if v.player is not None]) > 1


def faded(image: pygame.Surface, remaining: float) -> pygame.Surface:
    """`image` fading out over its last FADE seconds on screen."""
    if remaining >= FADE:
        return image
    image = image.copy()
    image.set_alpha(int(255 * max(0.0, remaining) / FADE))
    return image


def message_boxes(
    size: tuple[int, int],
    image: tuple[int, int],
    views: Sequence[View] | None,
    owner: int | None,
    y: int = MESSAGE_Y,
) -> list[pygame.Rect]:
    """Where a message `image` wide and high goes on a screen of `size` showing `views`
    (None: one view): one box, or one per view for the team's message (`owner` None)
    on a split screen. `y`: its top on one view."""
    w, h = size
    centred = pygame.Rect(0, 0, *image)
    centred.midtop = (w // 2, y)
    if not is_split(views):
        return [centred]
    split = [v for v in views or () if v.player is not None]
    mine = [v for v in split if v.player == owner] or split
    cut = next((v for v in split if v.normal is not None), None)
    boxes: list[pygame.Rect] = []
    for view in mine:
        if cut is None:  # side by side: the middle of its strip
            box = centred.copy()
            box.centerx = (view.left + view.right) // 2
            box.clamp_ip(pygame.Rect(view.left, 0, view.width, h))
        else:
            box = _beyond_the_cut(size, centred, cut, view is cut)
        box.clamp_ip(pygame.Rect(0, 0, w, h))
        if box not in boxes:  # the dynamic split's two sides at the point of splitting
            boxes.append(box)
    return boxes


def _beyond_the_cut(
    size: tuple[int, int], centred: pygame.Rect, cut: View, positive: bool
) -> pygame.Rect:
    """The dynamic split: the message over the middle of its side of the cut (its
    column, at its height on one view), pushed across the screen away from the cut
    until it clears it by a margin, and as far from the centre as the divider is
    strong (so it slides out as the divider fades in)."""
    assert cut.normal is not None
    length = math.hypot(*cut.normal) or 1.0
    sign = 1.0 if positive else -1.0
    nx, ny = sign * cut.normal[0] / length, sign * cut.normal[1] / length
    corners = half_plane(size, cut.normal, positive)
    middle_x = sum(x for x, _ in corners) / len(corners)
    box = centred.copy()
    box.centerx = round(middle_x)
    cx, cy = size[0] / 2, size[1] / 2
    nearest = min(
        (x - cx) * nx + (y - cy) * ny for x in (box.left, box.right) for y in (box.top, box.bottom)
    )
    push = max(0.0, MARGIN - nearest)
    box.move_ip(round(nx * push), round(ny * push))
    strength = cut.fade
    box.x = round(centred.x + (box.x - centred.x) * strength)
    box.y = round(centred.y + (box.y - centred.y) * strength)
    return box
