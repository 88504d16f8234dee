"""The forgiving rules a player feels: coyote time, the jump buffer, hit-stop that
never stacks, and line of sight at every angle."""

from __future__ import annotations

import math

import pytest

from ascii_maps import write_map
from gunner.config import DT, TILE
from gunner.entities.player import COYOTE_TIME, JUMP_BUFFER
from gunner.input import Buttons as B
from gunner.level import load_level
from gunner.stage import Stage

# A ledge at column 10 over a deep pit, a floor far below it.
LEDGE = (
    ["." * 30] * 6 + ["...P......" + "." * 20] + ["#" * 10 + "." * 20] + ["." * 30] * 8 + ["#" * 30]
)


def stage_for(tmp_path, rows) -> Stage:
    stage = Stage(load_level(write_map(tmp_path, rows), images=False))
    stage.step(B.NONE)
    return stage


def run_off_the_ledge(stage: Stage) -> int:
    """Run right until the feet leave the ledge; steps taken."""
    for step in range(300):
        stage.step(B.RIGHT)
        if not stage.player.on_ground:
            return step
    raise AssertionError("never left the ledge")


@pytest.mark.parametrize("late", range(0, 9))
def test_coyote_time_a_jump_just_after_running_off_still_jumps(tmp_path, late):
    stage = stage_for(tmp_path, LEDGE)
    run_off_the_ledge(stage)
    for _ in range(late):
        stage.step(B.RIGHT)
    stage.step(B.RIGHT | B.JUMP)
    jumped = stage.player.vy < 0
    # The steps already spent in the air, as the player's own timer counts them.
    in_air = (late + 1) * DT
    assert jumped == (in_air <= COYOTE_TIME + 1e-9), (late, stage.player.vy)


def fall_onto_the_floor(tmp_path, press_before: int) -> bool:
    """Drop from high up, press jump `press_before` steps before landing (and let go):
    does the player jump on landing?"""
    rows = ["." * 20] * 2 + ["..P" + "." * 17] + ["." * 20] * 10 + ["#" * 20]
    stage = Stage(load_level(write_map(tmp_path, rows), images=False))
    # Find the landing step with a dry run, then replay with the press placed before it.
    probe = Stage(load_level(write_map(tmp_path, rows), images=False))
    landing = next(
        k for k in range(400) if (probe.step(B.NONE), probe.player.on_ground)[1] and k > 2
    )
    for k in range(landing + 6):
        stage.step(B.JUMP if k == landing - press_before else B.NONE)
        if k > landing and stage.player.vy < 0:
            return True
    return False


@pytest.mark.parametrize("early", range(1, 11))
def test_the_jump_buffer_a_press_just_before_landing_jumps_on_landing(tmp_path, early):
    buffered = fall_onto_the_floor(tmp_path, early)
    # The jump leaves the ground the step after the landing one: the press must still
    # be buffered early + 1 steps later.
    assert buffered == ((early + 1) * DT < JUMP_BUFFER), early
    assert buffered == (early <= 6)  # about a tenth of a second, as a player feels it


def test_hit_stop_never_stacks(tmp_path):
    stage = stage_for(tmp_path, LEDGE)
    stage.hitstop(4)
    stage.hitstop(3)
    stage.hitstop(4)
    assert stage.frozen == 4
    x = stage.player.hitbox.x
    frozen_steps = 0
    while stage.frozen:
        stage.step(B.RIGHT)
        frozen_steps += 1
    assert frozen_steps == 4 and stage.player.hitbox.x == x
    stage.step(B.RIGHT)
    assert stage.player.hitbox.x > x, "the world moves again"


def diamond(radius: int = 5, size: int = 21) -> list[str]:
    mid = size // 2
    rows = [
        "".join("#" if abs(r - mid) + abs(c - mid) == radius else "." for c in range(size))
        for r in range(size)
    ]
    rows[mid] = rows[mid][:mid] + "P" + rows[mid][mid + 1 :]
    return rows


@pytest.mark.parametrize("shape", ["square", "diamond"])
def test_line_of_sight_at_every_angle(tmp_path, shape):
    # From inside a closed ring of one-tile walls (a square, or a diamond whose tiles
    # touch only at their corners), sight reaches every point inside and none outside,
    # at every angle, through no corner.
    size, mid, radius = 21, 10, 5
    if shape == "square":
        rows = [
            "".join("#" if max(abs(r - mid), abs(c - mid)) == radius else "." for c in range(size))
            for r in range(size)
        ]
        rows[mid] = rows[mid][:mid] + "P" + rows[mid][mid + 1 :]
    else:
        rows = diamond(radius, size)
    tiles = Stage(load_level(write_map(tmp_path, rows), images=False)).tilemap
    cx, cy = (mid + 0.5) * TILE, (mid + 0.5) * TILE
    for step in range(720):
        angle = math.radians(step * 0.5)
        ux, uy = math.cos(angle), math.sin(angle)
        inside = 2.5 * TILE  # well inside either ring
        outside = 8.0 * TILE  # beyond the ring whatever the angle
        assert tiles.line_of_sight(cx, cy, cx + ux * inside, cy + uy * inside), step
        assert not tiles.line_of_sight(cx, cy, cx + ux * outside, cy + uy * outside), step
