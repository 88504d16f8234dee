"""The shared body helper (`gunner/entities/body.py`), pinned where the mutation run found
nothing watching: a walker's cheap step on tiles, stepping off an edge, walls met while
on a drum, a drum vanishing underfoot, and where the map's bottom ends."""

from __future__ import annotations

import pygame
import pytest

from ascii_maps import FIELD, FLOOR, make_stage, obj, run
from gunner.config import DT, TILE
from gunner.entities.body import GRAVITY, fall, fell_out, walk
from gunner.input import Buttons as B


class Body:
    """A 14x30 walker (a soldier's size) standing with its feet at (x, bottom)."""

    def __init__(self, x: float, bottom: float, on_ground: bool = True) -> None:
        self.hitbox = pygame.FRect(0, 0, 14, 30)
        self.hitbox.midbottom = (x, bottom)
        self.vy = 0.0
        self.on_ground = on_ground


def test_a_walk_on_tiles_costs_fewer_checks_than_a_fall_and_stands(tmp_path):
    stage = make_stage(tmp_path, [])
    walker, faller = Body(300, FLOOR), Body(300, FLOOR)
    stage.tilemap.checks = 0
    result = walk(walker, stage, 40.0)
    walked = stage.tilemap.checks
    stage.tilemap.checks = 0
    fall(faller, stage, 40.0 * DT)
    assert result.on_ground and walker.on_ground and walker.vy == 0.0
    assert walker.hitbox.midbottom == faller.hitbox.midbottom
    assert walked < stage.tilemap.checks  # no look down through the rows


def test_stepping_off_an_edge_starts_an_ordinary_fall(tmp_path):
    rows = list(FIELD)
    rows[15] = "#" * 20 + "." * 20  # the floor ends at x 320
    stage = make_stage(tmp_path, [], rows=rows)
    body = Body(320 + 8, FLOOR)  # just past the edge, still "on the ground"
    x, bottom = body.hitbox.x, body.hitbox.bottom
    result = walk(body, stage, 60.0)
    assert not result.on_ground and not body.on_ground and result.hit_wall == 0
    assert body.hitbox.x - x == pytest.approx(60.0 * DT, abs=1e-4)
    assert body.hitbox.bottom - bottom == pytest.approx(GRAVITY * DT * DT, abs=1e-4)


def test_a_walker_in_the_air_meets_no_wall(tmp_path):
    stage = make_stage(tmp_path, [])
    body = Body(300, FLOOR - 100, on_ground=False)
    assert walk(body, stage, 40.0).hit_wall == 0
    assert walk(body, stage, -40.0).hit_wall == 0


def test_a_walker_on_a_drum_meets_the_wall_beside_it(tmp_path):
    rows = [r[:21] + "#" + r[22:] for r in FIELD]  # a wall at x 336
    stage = make_stage(tmp_path, [obj("OilDrum", 20 * TILE + 8, FLOOR)], rows=rows)
    drum = stage.entities[-1]
    run(stage, B.NONE, 2)
    body = Body(21 * TILE - 7, drum.hitbox.top)  # on the drum, its right side on the wall
    result = walk(body, stage, 40.0)
    assert result.hit_wall == 1 and body.hitbox.right == 21 * TILE
    assert body.hitbox.bottom == drum.hitbox.top


def test_a_soldier_whose_drum_is_gone_falls(tmp_path):
    objects = [obj("OilDrum", 20 * TILE + 8, FLOOR), obj("Soldier", 20 * TILE + 8, FLOOR - 24)]
    stage = make_stage(tmp_path, objects)
    drum, soldier = stage.entities[-2:]
    soldier.speed = 0.0
    run(stage, B.NONE, 5)
    assert soldier.on_ground and soldier.hitbox.bottom == drum.hitbox.top
    drum.alive = False  # blown away
    run(stage, B.NONE, 30)
    assert soldier.hitbox.bottom == FLOOR


def test_the_map_ends_just_below_its_last_row(tmp_path):
    stage = make_stage(tmp_path, [])
    bottom = stage.tilemap.pixel_height
    body = Body(300, 0)
    body.hitbox.top = bottom
    assert not fell_out(body, stage)
    body.hitbox.top = bottom + 0.5
    assert fell_out(body, stage)
