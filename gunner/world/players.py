"""Co-op: the second player's seat in the world, and the rules that read "the player"
when there may be two (who an enemy is after, the leash, deaths and comebacks).

With one player every rule here is the one-player rule, step for step, so a
one-player run (and every replay recorded before co-op) plays and hashes as before.

Who an enemy is after: the nearest living player it can see; if it sees neither,
the nearest living one; if both are down, the first (whom nobody chases anyway).
Bosses follow the same rule from their body's centre, so the nearer of two players
draws the fire and the other can flank. Player 1 wins a tie.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from gunner.camera import Camera
from gunner.config import TILE, VIEW_H, VIEW_W
from gunner.entities.base import feet_box
from gunner.entities.player import HEIGHT, WIDTH, Player
from gunner.input import Buttons
from gunner.timer import Timer
from gunner.world.outcome import Outcome

if TYPE_CHECKING:
    import pygame

    from gunner.world.world import World

# A dead player with lives comes back this long after falling, beside the partner.
REVIVE_DELAY = 2.0
# Beyond this an enemy does not look for a player it might see (the longest enemy
# reach is well inside it), so a far player costs no line-of-sight walk.
SIGHT_RANGE = 480.0
# Never split: the players' centres stay this far inside one shared view's edges.
LEASH_MARGIN = 24.0
LEASH_X = VIEW_W - 2 * LEASH_MARGIN
LEASH_Y = VIEW_H - 2 * LEASH_MARGIN
# Each player's own view (what their half of a split screen shows): half a screen wide.
OWN_VIEW_W = VIEW_W // 2
# Where player 2 starts: beside player 1, on the first free floor these far away.
BESIDE = (20.0, -20.0, 40.0, -40.0)


@dataclass
class Seat:
    """What the world keeps for player 2 (player 1's live on the world itself, where
    they always have, so a one-player run hashes as it did): the buttons held this
    step and the last, the presses derived from them, and the countdown back in."""

    held: Buttons = Buttons.NONE
    pressed: Buttons = Buttons.NONE
    released: Buttons = Buttons.NONE
    respawn_in: Timer = field(default_factory=Timer)


@dataclass
class Tally:
    """One player's run for the results screen (reporting only; never read by the
    simulation, never hashed): shots fired, enemies killed, deaths."""

    shots: int = 0
    hits: int = 0
    kills: int = 0
    deaths: int = 0

    @property
    def accuracy(self) -> float | None:
        """Hits per shot, 0..1 (None before the first shot)."""
        return min(1.0, self.hits / self.shots) if self.shots else None


def nearest_player(world: World, x: float, y: float, seeing: bool = False) -> Player:
    """The player an enemy at (x, y) is after (see the module's rule). `seeing`: prefer
    one in line of sight (a tile walk, made only when two are alive and near)."""
    players = world.players
    if len(players) == 1:
        return players[0]

    def distance(p: Player) -> float:
        px, py = p.hitbox.center
        return (px - x) ** 2 + (py - y) ** 2

    ranked = sorted(players, key=lambda p: (not p.alive, distance(p)))
    if seeing and ranked[1].alive:
        for player in ranked:
            if distance(player) > SIGHT_RANGE**2:
                break
            if world.line_of_sight(x, y, *player.hitbox.center):
                return player
    return ranked[0]


def partner_of(world: World, player: Player) -> Player | None:
    """The other player, if there are two."""
    for other in world.players:
        if other is not player:
            return other
    return None


def leashed_dx(world: World, player: Player, dx: float) -> float:
    """A move of `dx` cut short so the players stay within one shared view (the camera
    setting "never split"); one player, or no leash: `dx` as it was."""
    if not world.leash or len(world.players) == 1:
        return dx
    partner = partner_of(world, player)
    if partner is None or not partner.alive:
        return dx
    x, other = player.hitbox.centerx, partner.hitbox.centerx
    lo, hi = other - LEASH_X, other + LEASH_X
    if dx > 0 and x + dx > hi:
        return max(0.0, hi - x)
    if dx < 0 and x + dx < lo:
        return min(0.0, lo - x)
    return dx


def place_partner(world: World, first: Player) -> Player:
    """Player 2, standing beside player 1 on free floor (on the same spot if none)."""
    x, foot = first.hitbox.midbottom
    tiles = world.tilemap
    for dx in BESIDE:
        box = feet_box(WIDTH, HEIGHT, (x + dx, foot))
        if not tiles.overlaps_solid(box) and tiles.standing_on(box):
            x += dx
            break
    partner = Player(x, foot)
    partner.facing = first.facing
    partner.colours = 1
    return partner


def revive(world: World) -> None:
    """Two players: whoever is down and has lives comes back REVIVE_DELAY after falling,
    beside the living partner (or at the checkpoint), briefly invulnerable; one with
    none left takes one from a partner with two or more by pressing jump (and is back
    within REVIVE_DELAY). Game over once both are down with no lives left."""
    for player in world.players:
        if player.alive:
            continue
        if player.lives <= 0:
            _borrow_life(world, player)
        timer = respawn_timer(world, player)
        if not timer:  # just fell (or out of lives: the wait starts over)
            timer.start(REVIVE_DELAY)
        elif timer.tick() and player.lives > 0:
            _bring_back(world, player)
    if not any(p.alive or p.lives > 0 for p in world.players):
        world.outcome = Outcome.DEAD


def respawn_timer(world: World, player: Player) -> Timer:
    return world.respawn_in if player is world.players[0] else world.seats[0].respawn_in


def can_borrow(world: World, player: Player) -> bool:
    """Could `player` take a life from their partner (who is up, with two or more)?"""
    partner = partner_of(world, player)
    return partner is not None and partner.alive and partner.lives >= 2


def _borrow_life(world: World, player: Player) -> None:
    """Contra's rule: out of lives, press jump to take one of the partner's."""
    if not can_borrow(world, player):
        return
    _, pressed = world.controls(player)
    if pressed & Buttons.JUMP:
        partner = partner_of(world, player)
        assert partner is not None
        partner.lives -= 1
        player.lives += 1
        world.say(f"P{world.players.index(player) + 1} TOOK A LIFE", player)


def _bring_back(world: World, player: Player) -> None:
    partner = partner_of(world, player)
    spot = world.checkpoint
    if partner is not None and partner.alive and partner.on_ground:
        spot = partner.hitbox.midbottom
        beside = feet_box(WIDTH, HEIGHT, (spot[0] - TILE * partner.facing, spot[1]))
        if not world.tilemap.overlaps_solid(beside) and world.tilemap.standing_on(beside):
            spot = beside.midbottom
    player.respawn(*spot)
    world.add_entity(player)
    if partner is None or not partner.alive:
        world.camera.snap(*player.hitbox.center)
    if world.own_cameras:
        world.own_cameras[world.players.index(player)].snap(*player.hitbox.center)


def own_cameras(world: World) -> list[Camera]:
    """Two players: a camera for each, on that player alone, half a screen wide (the
    half a split screen gives them), so what either one sees wakes a generator. Stepped
    with the fixed step from the players' state only, like the world's camera."""
    cameras = []
    for player in world.players:
        camera = Camera(
            OWN_VIEW_W, VIEW_H, world.camera.world_w, world.camera.world_h, world.camera.climb
        )
        camera.snap(*player.hitbox.center)
        cameras.append(camera)
    return cameras


def views(world: World) -> list[pygame.FRect]:
    """What the simulation counts as seen: the world's camera (the shared view, on the
    players' midpoint), then each living player's own view while the players may part
    (two players, not leashed). With one player, the camera's view alone, as ever."""
    found = [world.camera.rect]
    if not world.leash:
        found += [c.rect for c, p in zip(world.own_cameras, world.players, strict=False) if p.alive]
    return found


def follow_players(world: World, dt: float) -> None:
    """The world's camera (what generators, climbs and arenas read) on the living
    players' midpoint; with one player, on that player as ever."""
    players = world.players
    if len(players) == 1:
        p = players[0]
        world.camera.update(p.hitbox.centerx, p.hitbox.centery, p.facing, dt, p.on_ground)
        return
    for camera, p in zip(world.own_cameras, players, strict=False):
        camera.bounds = world.camera.bounds  # a boss arena holds every view
        camera.update(p.hitbox.centerx, p.hitbox.centery, p.facing * 0.5, dt, p.on_ground)
    living = [p for p in players if p.alive] or players
    cx = sum(p.hitbox.centerx for p in living) / len(living)
    cy = sum(p.hitbox.centery for p in living) / len(living)
    facings = {p.facing for p in living}
    facing = living[0].facing if len(facings) == 1 else 0
    world.camera.update(cx, cy, facing, dt, all(p.on_ground for p in living))


__all__ = [
    "LEASH_X",
    "LEASH_Y",
    "OWN_VIEW_W",
    "REVIVE_DELAY",
    "Seat",
    "Tally",
    "can_borrow",
    "follow_players",
    "leashed_dx",
    "nearest_player",
    "own_cameras",
    "partner_of",
    "place_partner",
    "revive",
    "views",
]
