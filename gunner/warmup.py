"""Warming the art up for a level before it plays: the sprite sheets its entities draw
are cut into frames, and a soldier's or runner's sheet recoloured into every crowd
uniform (gunner.looks), when the level opens rather than on the first frame that shows
each one; the HUD's fonts and first lines (the level's name) are made then too. All of
this happened on first use: a level's first played frame cost several times a later
one. Presentation only: the stage is read, never changed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from gunner.config import VIEW_H, VIEW_W
from gunner.entities import ENTITY_TYPES
from gunner.hud import draw_hud
from gunner.looks import LOOKS
from gunner.maps import Spawn

if TYPE_CHECKING:
    from gunner.assets import Art
    from gunner.entities import Entity
    from gunner.world import World as Stage  # the annotations' old name

# Room round the drawn entity on the scratch surface: the widest frame (a boss's) fits.
SCRATCH = 256


class Wearing:
    """Looks that dress every body in one uniform: the warm-up draws each kind in each."""

    def __init__(self, look: int) -> None:
        self.look = look

    def of(self, body: Any) -> int:
        return self.look


def representatives(stage: Stage) -> list[Entity]:
    """One entity of each kind the level holds, and a fresh one of each kind its wave
    spawners and generators let out (`lets_out`, `lets_in`) that it does not hold yet."""
    found: dict[str, Entity] = {}
    for entity in stage.entities:
        found.setdefault(entity.kind, entity)
    for entity in stage.entities:
        for name in (getattr(entity, "lets_out", None), getattr(entity, "lets_in", None)):
            if isinstance(name, str) and name not in found and name in ENTITY_TYPES:
                found[name] = ENTITY_TYPES[name].from_spawn(Spawn(name, 0, 0, 16, 16))
    return list(found.values())


def warm_up(art: Art, stage: Stage) -> None:
    """Draw one entity of each kind the level holds or lets in, in every uniform, on a
    scratch surface: every sheet and uniform they draw is then cut and cached. Which
    uniform each body wears in play is handed out as before (`art.looks` is put back).
    Then the HUD, once, on another scratch surface: its fonts and first lines."""
    scratch = pygame.Surface((SCRATCH, SCRATCH), pygame.SRCALPHA)
    worn = art.looks
    try:
        for entity in representatives(stage):
            box = entity.hitbox
            offset = (box.centerx - SCRATCH / 2, box.centery - SCRATCH / 2)
            for look in range(len(LOOKS)):
                art.looks = Wearing(look)  # type: ignore[assignment]
                entity.draw(scratch, offset, art)
    finally:
        art.looks = worn
    draw_hud(pygame.Surface((VIEW_W, VIEW_H)), stage)


__all__ = ["Wearing", "representatives", "warm_up"]
