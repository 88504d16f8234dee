"""The player's health and lives: hurt and knocked back (never over a ledge), killed,
put back on the ground by the invincibility assist, back at a checkpoint."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gunner.config import TILE
from gunner.entities.base import away_from, feet_box
from gunner.entities.body import GRAVITY
from gunner.entities.player_pose import HEIGHT, WIDTH
from gunner.events import HURT, KILLED, LIFE_LOST, PUT_BACK
from gunner.tilemap import EMPTY
from gunner.weapons import DEFAULT_WEAPON

if TYPE_CHECKING:
    from gunner.entities.player import Player
    from gunner.world.api import WorldView

MAX_HEALTH = 5
LIVES = 3
INVULNERABLE_TIME = 1.2  # after a hit and after respawning
KNOCKBACK_X = 150.0
KNOCKBACK_Y = 200.0
HURT_TIME = 0.25  # controls are ignored while knocked back


def heal(player: Player, amount: int) -> bool:
    """Restore health; False (pickup stays) when already at full health."""
    if player.health >= MAX_HEALTH:
        return False
    player.health = min(MAX_HEALTH, player.health + amount)
    return True


def damage(player: Player, amount: int, stage: WorldView, from_x: float | None = None) -> None:
    """Lose health unless briefly invulnerable; get knocked away from the source."""
    if not player.alive or player.shield or amount <= 0 or stage.assists.invincible:
        return
    player.health -= amount
    stage.publish(HURT, player, amount=amount, from_x=from_x)
    if player.health <= 0:
        die(player, stage)
        return
    player.shield.start(INVULNERABLE_TIME)
    player.hurt_time.start(HURT_TIME)
    away = away_from(player, from_x)
    # Never knocked over a ledge: with no floor along the way, the hit is a hop
    # on the spot (a pit death, or a fall off a scaffold, from one hit is unfair).
    player.vx = 0.0 if ledge_within(player, stage, away) else away * KNOCKBACK_X
    player.vy = -KNOCKBACK_Y
    player.on_ground = False


def ledge_within(player: Player, stage: WorldView, away: int) -> bool:
    """Is there a gap in the floor within knockback reach on the `away` side?"""
    box = player.hitbox
    row = int(box.bottom // TILE)  # the row the feet stand on
    # How far a knockback carries: its speed over the hop's time in the air.
    reach = KNOCKBACK_X * 2 * KNOCKBACK_Y / GRAVITY + box.width / 2
    edge = box.right if away > 0 else box.left
    first, last = sorted((int(edge // TILE), int((edge + away * reach) // TILE)))
    tiles = stage.tilemap
    return any(tiles.cell(col, row) == EMPTY for col in range(first, last + 1))


def back_on_ground(player: Player, stage: WorldView) -> None:
    """Invincible, out of a pit: back on the last ground stood on, or at the checkpoint
    if that ground is gone (a floor that crumbled) or below a climbing view."""
    box = feet_box(WIDTH, HEIGHT, getattr(player, "safe_ground", stage.checkpoint))
    tiles = stage.tilemap
    if not tiles.standing_on(box) or tiles.overlaps_solid(box) or stage.camera.dropped(box):
        box = feet_box(WIDTH, HEIGHT, stage.checkpoint)
    player.set_crouching(False)
    player.hitbox.midbottom = box.midbottom
    player.vx = player.vy = 0.0
    player.shield.start(INVULNERABLE_TIME)  # it blinks: you fell, and are back
    stage.publish(PUT_BACK, player)
    if not stage.camera.rect.colliderect(player.hitbox):
        stage.camera.snap(*player.hitbox.center)


def die(player: Player, stage: WorldView) -> None:
    """Killed (a fatal hit, a pit): a life gone, and an explosion where it stood. Either
    way it is a KILLED, so whatever counts deaths (co-op tallies) counts both."""
    if player.alive:
        player.alive = False
        player.health = 0
        player.lives -= 1
        stage.publish(LIFE_LOST, player)
        stage.add_effect("explosion", player.hitbox.center)
        stage.publish(KILLED, player)


def respawn(player: Player, x: float, foot_y: float) -> None:
    """Back at a checkpoint with full health, a pistol and brief invulnerability."""
    player.alive = True
    player.health = MAX_HEALTH
    player.set_crouching(False)
    player.hitbox.midbottom = (x, foot_y)
    player.vx = player.vy = 0.0
    player.on_ground = False
    player.shield.start(INVULNERABLE_TIME * 2)
    player.hurt_time.stop()
    player.equip(DEFAULT_WEAPON)
