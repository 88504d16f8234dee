"""The patrolling soldier: walks, turns at walls and ledge edges, and now and then
fires: ahead when the player is level with it, diagonally or straight up when the
player is above. A player below and near makes it walk off its ledge to chase.

An advancing soldier (`advance`, as a siege's waves let theirs out) does not patrol: it
walks at the player and holds short of a wall or ledge in the way, each at its own
stand-off, so a wave forms ranks under the player's wall and shoots up at him. A wall
between it and a player no higher than itself (out on the ground beyond the keep), or
more than half a view away, it climbs instead, as a climbing runner does, and it drops
off any ledge towards a player below: the far side's ranks come round rather than wait
out of sight."""

from __future__ import annotations

import math
from enum import StrEnum
from typing import TYPE_CHECKING, Any

import pygame

from gunner.config import DT, TILE
from gunner.entities.base import feet_box, register
from gunner.entities.body import ledge_up, solid_ahead, vault
from gunner.entities.enemy import Enemy
from gunner.schema import ObjectClass, Prop, drop_prop
from gunner.tilemap import EMPTY
from gunner.timer import Timer, steps

if TYPE_CHECKING:
    from gunner.world.api import WorldView

# The map class: its shape in Tiled, its help, its properties and their defaults
# (stated here only: the validator, the loader and the Tiled project read them).
ENTRY = ObjectClass(
    shape="point",
    color="#68a040",
    let_in=True,
    doc="A patrolling soldier (14x30, the point is its feet): walks, turns at walls "
    "and ledge edges (or drops off one to chase a player below), and fires a slow shot "
    "ahead at a player level with it, or diagonally or straight up at one above.",
    props={
        "health": Prop("int", 3, "hits it takes", low=1, high=1000),
        "speed": Prop(
            "float", 40.0, "walking speed, pixels per second (0 stands guard)", low=0, high=400
        ),
        "fire_rate": Prop(
            "float", 2.5, "seconds between shots (give or take 0.6)", low=0.5, high=60
        ),
        "advance": Prop(
            "bool",
            False,
            "walks at the player and holds short of a wall or ledge in the way, rather than "
            "patrolling (a siege's waves let theirs out so)",
        ),
        "drop": drop_prop("killed"),
    },
)
DEFAULTS = ENTRY.defaults()

WIDTH, HEIGHT = 14, 30
SPEED = float(DEFAULTS["speed"])
FIRE_EVERY = float(DEFAULTS["fire_rate"])  # seconds between shots, give or take FIRE_JITTER
FIRE_JITTER = 0.6
SIGHT = 200.0  # how far it notices the player
LEVEL = 28.0  # the player counts as "level" when centres differ by less than this
# Beyond this from its centre the player is out of SIGHT of every muzzle (each lies
# within 19 px of the centre).
FAR = SIGHT + 32.0
# Above it: aimed diagonally between these angles over the horizontal (degrees), straight
# up from UP_FROM (or when the player is within UP_CONE px either side).
DIAG_FROM, DIAG_TO, UP_FROM, UP_CONE = 28.0, 62.0, 72.0, 10.0
AIM_TIME = 0.35  # stops and raises the gun this long before the shot: the tell
RECOVER_TIME = 0.25  # stands this long after it
RECOIL_FROM = steps(RECOVER_TIME - 0.1)  # the recoil frame shows until this many steps are left
BULLET_SPEED = 170.0
# Chasing: a player below, within this far to the side and below, draws it off its ledge
# (only where a floor lies at most DROP_ROWS tiles down).
CHASE_X, CHASE_Y, DROP_ROWS = 180.0, 200.0, 8
# Advancing: it turns once the player is more than TURN_SLACK px behind it, and holds
# where a wall lies within its stand-off ahead: STAND_OFF px plus RANK px for each step of
# its rank (its serial, modulo RANKS). A player on the wall's top, leaning over its edge,
# reaches the nearest rank with a shot down at 45 degrees.
TURN_SLACK = 24.0
# A rank holds under the player's wall only while he is within this of it (half the
# view's width): further off, it comes round to where he can see it.
HOLD_REACH = 240.0
STAND_OFF, RANK, RANKS = 64.0, 16.0, 6
WALK_FPS = 8
FRAME = 32
_DIAG = math.sqrt(0.5)


class Pose(StrEnum):
    """Where the gun points while aiming and firing (hashed as its text; the art
    tool's SOLDIER_AIMS uses the same words)."""

    FORWARD = "forward"
    DIAG_UP = "diag_up"
    UP = "up"


# Aim poses: (column of soldier.png's row 1 with the gun raised, the next one firing;
# the muzzle in the frame facing right; the unit direction of the shot facing right).
POSES: dict[Pose, tuple[int, tuple[int, int], tuple[float, float]]] = {
    Pose.FORWARD: (1, (28, 13), (1.0, 0.0)),
    Pose.DIAG_UP: (3, (26, 5), (_DIAG, -_DIAG)),
    Pose.UP: (5, (21, 3), (0.0, -1.0)),
}


@register("Soldier", ENTRY)
class Soldier(Enemy):
    sheet = "soldier"
    chars = {"s": {}}
    builder_size = (16, 32)
    death_frames = ((2, 0), (2, 1), (2, 2))  # soldier.png row 2: thrown, falling, lying
    max_health = int(DEFAULTS["health"])
    # An animation clock: looks only, so a change of walk speed on screen moves no replay.
    NOT_STATE = Enemy.NOT_STATE | {"walk_time"}

    def __init__(self, x: float, foot_y: float, props: dict[str, Any] | None = None) -> None:
        props = props or {}
        super().__init__(feet_box(WIDTH, HEIGHT, (x, foot_y)), props)
        self.speed = float(props.get("speed", SPEED))
        self.fire_every = float(props.get("fire_rate", FIRE_EVERY))  # s between shots
        self.fire_timer: Timer | None = None  # drawn from the stage's rng on the first step
        self.aim_time = Timer()  # running: stopped, raising the gun (the tell)
        self.recover_time = Timer()  # running: standing after the shot
        self.pose = Pose.FORWARD  # where the gun points while aiming and firing
        self.walk_time = 0.0
        self.advance = bool(props.get("advance", DEFAULTS["advance"]))
        self.holding = False  # advancing, it stands short of a wall or ledge in the way

    def tick(self, stage: WorldView) -> None:
        super().tick(stage)
        fire_timer = self.fire_timer
        if fire_timer is None:  # soldiers placed together should not fire in step
            fire_timer = self.fire_timer = Timer.of(stage.rng.uniform(0.5, self.fire_every))
        fire_timer.tick()

        # A crowd runs this for every soldier every step: the timers are read by the
        # steps they have left (`left > 0` is what a running timer's truth means).
        aim_time, recover_time = self.aim_time, self.recover_time
        if aim_time.left > 0:
            if aim_time.tick():
                self._fire(stage)
        elif recover_time.left > 0:
            recover_time.tick()
        elif fire_timer.left <= 0 and self._take_aim(stage):
            aim_time.start(AIM_TIME)
        elif self.advance:
            self._advance(stage)
        elif self.on_ground and self._ledge_ahead(stage) and not self._drop_to_chase(stage):
            self.facing = -self.facing

        walking = aim_time.left <= 0 and recover_time.left <= 0 and not self.holding
        self.vx = self.facing * self.speed if walking else 0.0
        if walking:
            self.walk_time += DT
        result = self.fall(stage)
        if result.hit_wall == self.facing and not self.advance:
            self.facing = -self.facing
        elif (
            result.hit_wall == self.facing
            and self.on_ground
            and self._comes_round(stage)
            and (rows := ledge_up(self, stage, self.facing))
        ):
            vault(self, rows)

    def _advance(self, stage: WorldView) -> None:
        """Face the player (once they are TURN_SLACK px behind), and hold at a ledge one
        may not drop from, or short of a wall, rather than turn back."""
        player = stage.quarry(self)
        if (
            player.alive
            and (player.hitbox.centerx - self.hitbox.centerx) * self.facing < -TURN_SLACK
        ):
            self.facing = -self.facing
        ledge = self._ledge_ahead(stage) and not self._drop_to_chase(stage)
        wall = self._wall_near(stage) and not self._comes_round(stage)
        self.holding = self.on_ground and (ledge or wall)

    def _comes_round(self, stage: WorldView) -> bool:
        """Advancing, with the living player no higher than itself or more than half a
        view away: a wall in the way is to be climbed, not held under (he is out beyond
        it, or up on it but too far off for this rank to be in his sight)."""
        player = stage.quarry(self)
        if not (self.advance and player.alive):
            return False
        far = abs(player.hitbox.centerx - self.hitbox.centerx) > HOLD_REACH
        return far or player.hitbox.bottom >= self.hitbox.bottom - 1

    def _wall_near(self, stage: WorldView) -> bool:
        """A solid tile at body height within this soldier's stand-off ahead?"""
        return solid_ahead(self, stage, self.facing, STAND_OFF + RANK * (self.serial % RANKS))

    def _ledge_ahead(self, stage: WorldView) -> bool:
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

    def _drop_to_chase(self, stage: WorldView) -> bool:
        """At a ledge with the living player below and near, on this side: walk off to
        chase, if a floor lies at most DROP_ROWS tiles down (never into a pit)."""
        player = stage.quarry(self)
        if not player.alive:
            return False
        dx = (player.hitbox.centerx - self.hitbox.centerx) * self.facing
        below = player.hitbox.top - self.hitbox.bottom
        near = below <= CHASE_Y and dx <= CHASE_X
        if not (below > 0 and dx > 0 and (near or self.advance)):  # advancing: however far
            return False
        box = self.hitbox
        col = int((box.right + 1 if self.facing > 0 else box.left - 1) // TILE)
        top = int(box.bottom // TILE) + 1
        tiles = stage.tilemap
        return any(tiles.cell(col, row) != EMPTY for row in range(top, top + DROP_ROWS))

    def _take_aim(self, stage: WorldView) -> bool:
        """Pick the pose for a shot at the player, if one is on (in range, in sight, in
        one of its aims: level and ahead, diagonally or straight up); face that way."""
        player = stage.quarry(self)
        if not player.alive:
            return False
        dx = player.hitbox.centerx - self.hitbox.centerx
        dy = self.hitbox.centery - player.hitbox.centery  # > 0: the player is above
        if dx * dx + dy * dy > FAR * FAR and not self.sees_player and not self.los_clock:
            # Out of sight from every muzzle, and `watch` already says so: whichever
            # pose, the answer is no and nothing changes (most of a crowd, every step).
            return False
        if abs(dy) <= LEVEL:
            if dx * self.facing <= 0:
                return False
            pose = Pose.FORWARD
        elif dy > 0:
            angle = math.degrees(math.atan2(dy, abs(dx)))
            if abs(dx) <= UP_CONE or angle >= UP_FROM:
                pose = Pose.UP
            elif DIAG_FROM <= angle <= DIAG_TO:
                pose = Pose.DIAG_UP
            else:
                return False
        else:
            return False
        facing = self.facing if pose == Pose.FORWARD else (1 if dx >= 0 else -1)
        if not self.watch(stage, self.muzzle(pose, facing), SIGHT):
            return False
        self.pose, self.facing = pose, facing
        return True

    def muzzle(self, pose: Pose = Pose.FORWARD, facing: int | None = None) -> tuple[float, float]:
        _, (mx, my), _ = POSES[pose]
        facing = self.facing if facing is None else facing
        return (self.hitbox.centerx + (mx - FRAME / 2) * facing, self.hitbox.bottom - FRAME + my)

    def _fire(self, stage: WorldView) -> None:
        x, y = self.muzzle(self.pose)
        _, _, (ux, uy) = POSES[self.pose]
        self.shoot(stage, x, y, x + ux * self.facing, y + uy, speed=BULLET_SPEED)
        self.recover_time.start(RECOVER_TIME)
        jitter = stage.rng.uniform(-FIRE_JITTER, FIRE_JITTER)
        self.fire_timer = Timer.of(max(AIM_TIME, self.fire_every + jitter))

    # -- drawing ---------------------------------------------------------------------

    def frame(self) -> tuple[int, int]:
        """(row, column) in soldier.png: row 0 walks, row 1 is idle / aim / fire."""
        aim = POSES[self.pose][0]
        if self.aim_time:
            return 1, aim
        if self.recover_time.left > RECOIL_FROM:
            return 1, aim + 1  # the shot's recoil
        if self.recover_time:
            return 1, aim
        if not self.on_ground:
            return 1, 0
        return 0, int(self.walk_time * WALK_FPS) % 6

    def draw(self, surface: pygame.Surface, offset: tuple[float, float], art: Any) -> None:
        row, col = self.frame()
        look = art.looks.of(self)  # its uniform, and its step in the walk cycle
        if row == 0:
            col = (col + look) % 6
        image = art.sheet(self.sheet, FRAME, FRAME, look)[row][col]
        self.draw_frame(surface, offset, art, image, FRAME, FRAME)
