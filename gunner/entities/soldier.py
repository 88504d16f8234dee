"""The patrolling soldier: walks, turns at walls and ledge edges, now and then fires ahead."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from gunner.config import DT, TILE
from gunner.entities.base import feet_box, register
from gunner.entities.enemy import Enemy
from gunner.level import EMPTY
from gunner.timer import Timer, steps

if TYPE_CHECKING:
    from gunner.stage import Stage

WIDTH, HEIGHT = 14, 30
SPEED = 40.0
FIRE_EVERY = 2.5  # seconds between shots, give or take FIRE_JITTER
FIRE_JITTER = 0.6
SIGHT = 200.0  # how far ahead it notices the player
LEVEL = 28.0  # the player counts as "level" when centres differ by less than this
AIM_TIME = 0.35  # stops and raises the gun this long before the shot: the tell
RECOVER_TIME = 0.25  # stands this long after it
RECOIL_FROM = steps(RECOVER_TIME - 0.1)  # the recoil frame shows until this many steps are left
BULLET_SPEED = 170.0
GUN_Y = 19  # the muzzle's height above the feet (matches the sprite)
WALK_FPS = 8
FRAME = 32


@register("Soldier")
class Soldier(Enemy):
    sheet = "soldier"
    chars = {"s": {}}
    builder_size = (16, 32)
    max_health = 3

    def __init__(self, x: float, foot_y: float, props: dict[str, Any] | None = None) -> None:
        props = props or {}
        super().__init__(feet_box(WIDTH, HEIGHT, (x, foot_y)), props)
        self.speed = float(props.get("speed", SPEED))
        self.fire_timer: Timer | None = None  # drawn from the stage's rng on the first step
        self.aim_time = Timer()  # running: stopped, raising the gun (the tell)
        self.recover_time = Timer()  # running: standing after the shot
        self.walk_time = 0.0

    def tick(self, stage: Stage) -> None:
        super().tick(stage)
        if self.fire_timer is None:  # soldiers placed together should not fire in step
            self.fire_timer = Timer.of(stage.rng.uniform(0.5, FIRE_EVERY))
        self.fire_timer.tick()

        if self.aim_time:
            if self.aim_time.tick():
                self._fire(stage)
        elif self.recover_time:
            self.recover_time.tick()
        elif not self.fire_timer and self._player_ahead(stage):
            self.aim_time.start(AIM_TIME)
        elif self.on_ground and self._ledge_ahead(stage):
            self.facing = -self.facing

        walking = not self.aim_time and not self.recover_time
        self.vx = self.facing * self.speed if walking else 0.0
        if walking:
            self.walk_time += DT
        result = self.fall(stage)
        if result.hit_wall == self.facing:
            self.facing = -self.facing

    def _ledge_ahead(self, stage: Stage) -> bool:
        """No floor (a solid or one-way tile, or the top of a drum or door) under the
        point just beyond the leading foot."""
        box = self.hitbox
        x = box.right + 1 if self.facing > 0 else box.left - 1
        col, row = int(x // TILE), int((box.bottom + 1) // TILE)
        if stage.tilemap.cell(col, row) != EMPTY:
            return False
        # Standing on a drum or a door: its edge is a ledge like any other.
        probe = pygame.FRect(x, box.bottom, 1, 1)
        return not any(
            other.solid and other.alive
            for other in stage.query(probe, "entity_entity", self, solids=True)
        )

    def _player_ahead(self, stage: Stage) -> bool:
        """Roughly level, in front, close and in sight: worth a shot."""
        player = stage.player
        if not player.alive:
            return False
        dx = player.hitbox.centerx - self.hitbox.centerx
        if dx * self.facing <= 0 or abs(player.hitbox.centery - self.hitbox.centery) > LEVEL:
            return False
        return self.watch(stage, self.muzzle(), SIGHT)

    def muzzle(self) -> tuple[float, float]:
        return (self.hitbox.centerx + self.facing * 12, self.hitbox.bottom - GUN_Y)

    def _fire(self, stage: Stage) -> None:
        x, y = self.muzzle()
        self.shoot(stage, x, y, x + self.facing, y, speed=BULLET_SPEED)
        self.recover_time.start(RECOVER_TIME)
        self.fire_timer = Timer.of(FIRE_EVERY + stage.rng.uniform(-FIRE_JITTER, FIRE_JITTER))

    # -- drawing ---------------------------------------------------------------------

    def frame(self) -> tuple[int, int]:
        """(row, column) in soldier.png: row 0 walks, row 1 is idle / aim / fire."""
        if self.aim_time:
            return 1, 1
        if self.recover_time.left > RECOIL_FROM:
            return 1, 2  # the shot's recoil
        if self.recover_time:
            return 1, 1
        if not self.on_ground:
            return 1, 0
        return 0, int(self.walk_time * WALK_FPS) % 6

    def draw(self, surface: pygame.Surface, offset: tuple[float, float], art: Any) -> None:
        row, col = self.frame()
        image = art.sheet(self.sheet, FRAME, FRAME)[row][col]
        self.draw_frame(surface, offset, art, image, FRAME, FRAME)
