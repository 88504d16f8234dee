"""Gunner 0.1.0's per-item bullet system, kept as the benchmark's reference contender.

Each bullet is a pooled Python object filed in the stage tree one by one; the
stage-step row compares it with the numpy system (gunner.bullets) in one run.
The code is 0.1.0's, with its tree adapted (`LegacyTree`): one class for all.

Originally: the bullet system: spawn, move, hit tiles or entities, die; bullets are pooled.

Bullets live in the stage quadtree beside the entities. Each step a bullet is
removed from the tree, moved, tested against the tiles it swept and against
the entities a quadtree query of its hitbox returns, and re-added if it lives.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from typing import TYPE_CHECKING, Any

import pygame

from gunner.config import DT, TILE
from gunner.events import WALL_HIT
from gunner.quadtree import Quadtree

if TYPE_CHECKING:
    from gunner.stage import Stage


class LegacyTree(Quadtree):
    """0.1.0's stage tree: entities, doors, drums and bullets in one class."""

    design = "ours"

    @property
    def solid(self) -> Quadtree:  # moves query everything and filter, as 0.1.0 did
        return self

    @property
    def entity(self) -> Quadtree:
        return self

    @property
    def enemy(self) -> Quadtree:
        return self

    def add(self, item: Any) -> None:
        super().add(item)
        if not isinstance(item, Bullet):
            item.filed_in = self  # the stage's step removes an entity through it

    def remove(self, item: Any) -> None:
        # 0.1.0's: out of its row at once (today's tree lifts it until the next remove).
        keys, items, key = self._where.pop(item)
        i = bisect_left(keys, key)
        while items[i] is not item:
            i += 1
        del keys[i]
        del items[i]

    solid_span = (-math.inf, math.inf)

    def near_solids(self, rect: Any) -> bool:
        return True  # 0.1.0 asked the tree on every move

    def slide_enemies(self, dx: float) -> bool:
        return False  # 0.1.0 filed every walker again one by one

    def query(self, rect: Any, ignore: Any = None) -> list[Any]:
        # 0.1.0 tested bullets as candidates everywhere, then skipped them by kind.
        return [o for o in super().query(rect, ignore) if o.kind != "Bullet"]

    def query_with_bullets(self, rect: Any) -> list[Any]:
        return super().query(rect)

    def query_solids(self, rect: Any, ignore: Any = None) -> list[Any]:
        return self.query(rect, ignore)

    def in_view(self, rect: Any) -> tuple[list[Any], Any]:
        import numpy as np

        return self.query(rect), np.empty(0, dtype=np.int64)


BULLET_SIZE = 4
BULLET_LIFE = 1.6  # seconds; a bullet that hits nothing fades out off-screen
# A bullet samples the tile grid at least this often along its path, so it
# cannot skip over a one-tile wall however fast it flies.
SAMPLE_STEP = TILE / 2


class Bullet:
    __slots__ = (
        "hitbox",
        "vx",
        "vy",
        "team",
        "damage",
        "life",
        "alive",
        "style",
        "blast_radius",
        "blast_damage",
    )

    kind = "Bullet"
    # Bullets share the quadtree with entities; these say they block nothing.
    solid = False
    shootable = False

    def __init__(self) -> None:
        self.hitbox = pygame.FRect(0, 0, BULLET_SIZE, BULLET_SIZE)
        self.vx = self.vy = 0.0
        self.team = "player"
        self.damage = 1
        self.life = 0.0
        self.alive = False
        self.style = "player"  # sprite: player, enemy, rocket
        self.blast_radius = 0.0  # > 0: explodes where it strikes
        self.blast_damage = 0

    def draw(self, surface: pygame.Surface, offset: tuple[float, float], art: object) -> None:
        image = art.bullet_image(self.style, self.vx, self.vy)  # type: ignore[attr-defined]
        cx, cy = self.hitbox.center
        surface.blit(image, image.get_rect(center=(round(cx - offset[0]), round(cy - offset[1]))))


class BulletSystem:
    """All live bullets, plus a pool of dead ones to reuse (Object Pool)."""

    def __init__(self) -> None:
        self.live: list[Bullet] = []
        self._pool: list[Bullet] = []
        self.fired = 0
        self.hits = 0
        # The world's hit and kill credit asks which bullet is striking (`striking`, as
        # today's bullet rows say it): a number for each strike, -1 between strikes.
        self.striking = -1
        self._strikes = 0

    def __len__(self) -> int:
        return len(self.live)

    def spawn(
        self,
        x: float,
        y: float,
        vx: float,
        vy: float,
        team: str,
        damage: int = 1,
        style: str | None = None,
        blast_radius: float = 0.0,
        blast_damage: int = 0,
    ) -> Bullet:
        """A new bullet centred on (x, y). It joins the quadtree when the bullets step."""
        bullet = self._pool.pop() if self._pool else Bullet()
        bullet.hitbox.center = (x, y)
        bullet.vx, bullet.vy = vx, vy
        bullet.team, bullet.damage = team, damage
        bullet.style = style or ("enemy" if team == "enemy" else "player")
        bullet.blast_radius, bullet.blast_damage = blast_radius, blast_damage
        bullet.life = BULLET_LIFE
        bullet.alive = True
        self.live.append(bullet)
        if team == "player":
            self.fired += 1
        return bullet

    def clear(self) -> None:
        self._pool.extend(self.live)
        self.live.clear()

    def step(self, stage: Stage, tree: Any = None, counters: Any = None) -> None:
        """The world hands over its tree and counters (as to the real bullets); the
        tutorial's bullets read them from the stage, as they always did."""
        tree, tiles = stage.tree, stage.tilemap
        map_w, map_h = tiles.pixel_width, tiles.pixel_height
        survivors: list[Bullet] = []
        # Bullets spawned while this runs (an explosion's shrapnel) wait for the next step.
        current, self.live = self.live, []
        for bullet in current:
            if bullet in tree:
                tree.remove(bullet)
            if self._advance(bullet, stage) and self._strike(bullet, stage):
                box = bullet.hitbox
                if box.right < 0 or box.left > map_w or box.bottom < 0 or box.top > map_h:
                    bullet.alive = False
            if bullet.alive:
                tree.add(bullet)
                survivors.append(bullet)
            else:
                self._pool.append(bullet)
        self.live = survivors + self.live

    def _advance(self, bullet: Bullet, stage: Stage) -> bool:
        """Move along the path in short samples; False if it struck a tile or expired."""
        bullet.life -= DT
        if bullet.life <= 0:
            bullet.alive = False
            return False
        dx, dy = bullet.vx * DT, bullet.vy * DT
        samples = max(1, math.ceil(max(abs(dx), abs(dy)) / SAMPLE_STEP))
        box, tiles = bullet.hitbox, stage.tilemap
        sx, sy = dx / samples, dy / samples
        for _ in range(samples):
            box.x += sx
            box.y += sy
            cx, cy = box.center
            if tiles.is_solid_at(cx, cy):
                bullet.alive = False
                self._burst(bullet, stage, cx - sx * 0.5, cy - sy * 0.5)
                stage.publish(WALL_HIT, None)
                return False
        return True

    def _burst(self, bullet: Bullet, stage: Stage, x: float, y: float) -> None:
        """What a bullet leaves where it strikes: sparks, or an explosion for rockets."""
        if bullet.blast_radius > 0:
            stage.explode(x, y, bullet.blast_radius, bullet.blast_damage, bullet.team)
        else:
            stage.add_effect("impact", (x, y))

    def _strike(self, bullet: Bullet, stage: Stage) -> bool:
        """Hit the first entity of another team it overlaps; False if it hit one."""
        for other in stage.query(bullet.hitbox, "bullet_entity"):
            if other.kind == "Bullet" or not other.shootable or other.team == bullet.team:
                continue
            if not other.alive:
                continue
            bullet.alive = False
            self._strikes += 1
            self.striking = self._strikes
            other.hit(bullet, stage)
            self.striking = -1
            self.hits += bullet.team == "player" and other.team != "neutral"
            self._burst(bullet, stage, *bullet.hitbox.center)
            return False
        return True
