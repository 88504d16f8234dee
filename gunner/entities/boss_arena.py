"""A boss's arena: the one-screen box it waits in, the shutter that drops behind the
players when one walks in, the camera locked to it, and the body players cannot walk
into. Opened again when the boss is destroyed (`gunner.entities.boss_death`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from gunner.config import TILE, VIEW_H, VIEW_W
from gunner.entities.boss_table import BossState
from gunner.events import BOSS_AWOKE
from gunner.tilemap import SOLID

if TYPE_CHECKING:
    from gunner.entities.boss import Boss
    from gunner.world.api import WorldView

TRIGGER = 24.0  # px past the shutter the player must be for the arena to close


def arena(boss: Boss, stage: WorldView) -> pygame.FRect:
    """The box the camera locks to: one screen, its floor row along the bottom."""
    width, height = stage.tilemap.pixel_width, stage.tilemap.pixel_height
    left = max(0.0, min(boss.arena_left, width - VIEW_W))
    bottom = min(float(height), boss.fy + 2 * TILE)
    return pygame.FRect(left, max(0.0, bottom - VIEW_H), VIEW_W, VIEW_H)


def wait(boss: Boss, stage: WorldView) -> None:
    """Dormant: the fight begins once a living player is far enough into the arena."""
    box = arena(boss, stage)
    inside = [p for p in stage.players if p.alive and in_arena(p.hitbox, box)]
    if not inside:
        return
    for player in stage.players:  # a partner left outside is brought in (co-op)
        if player.alive and player not in inside:
            with stage.lifted(player):
                player.hitbox.midbottom = inside[0].hitbox.midbottom
    close(boss, stage, box)
    boss.enter(BossState.INTRO)
    stage.say(f"WARNING: {boss.title}")
    stage.publish(BOSS_AWOKE, boss)


def in_arena(box: pygame.FRect, arena: pygame.FRect) -> bool:
    """Far enough past the shutter for it to drop behind this player."""
    return (
        box.left >= arena.left + TILE + TRIGGER and arena.top <= box.bottom <= arena.bottom + TILE
    )


def close(boss: Boss, stage: WorldView, arena: pygame.FRect) -> None:
    """Drop the shutter (the arena's first column) and lock the camera to the arena;
    a player killed in here comes back inside."""
    tiles = stage.tilemap
    col = int(arena.left // TILE)
    for row in range(max(0, int(arena.top // TILE)), int(boss.fy // TILE)):
        if 0 <= row < tiles.rows and 0 <= col < tiles.cols:
            boss.gate.append((col, row, tiles.cell(col, row)))
            tiles.set_cell(col, row, SOLID)
    stage.camera.lock(arena)
    stage.checkpoint = (arena.left + 3 * TILE, boss.fy)


def open_gate(boss: Boss, stage: WorldView) -> None:
    """Lift the shutter (each cell back as it was) and free the camera."""
    for col, row, old in boss.gate:
        stage.tilemap.set_cell(col, row, old)
    boss.gate = []
    stage.camera.unlock()


def block(boss: Boss, stage: WorldView) -> None:
    """The body (`BODY` parts) is a wall to the player: one who walks or is knocked
    into it is put back outside its left side (bosses face left), refiled in the tree."""
    if not boss.BODY:
        return
    for player in stage.players:
        if not player.alive:
            continue
        box = player.hitbox
        for part, rect in boss.parts():
            if part.name in boss.BODY and box.colliderect(rect):
                with stage.lifted(player):
                    box.right = rect.left
                player.vx = min(player.vx, 0.0)
