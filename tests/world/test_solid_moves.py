"""Moving against solid entities (doors, drums, platforms) and bullets leaving the
map: behaviour the mutation run showed no test pinned down."""

from __future__ import annotations

import pygame
import pytest

from ascii_maps import FLOOR, make_stage, obj, run
from gunner.config import DT, TILE
from gunner.entities.drum import OilDrum
from gunner.input import Buttons as B


def body(stage, x: float, bottom: float):
    """A 12x20 box standing at (x, bottom), not filed anywhere: what Stage.move moves."""
    thing = type("Body", (), {})()
    thing.hitbox = pygame.FRect(0, 0, 12, 20)
    thing.hitbox.midbottom = (x, bottom)
    return thing


def drum_at(stage) -> OilDrum:
    (found,) = [e for e in stage.entities if isinstance(e, OilDrum)]
    return found


@pytest.mark.parametrize(("start", "dx", "wall"), [(-30, 40, 1), (30, -40, -1)])
def test_moving_into_a_drum_stops_flush_against_its_side(tmp_path, start, dx, wall):
    stage = make_stage(tmp_path, [obj("OilDrum", 20 * TILE, FLOOR)])
    drum = drum_at(stage)
    mover = body(stage, drum.hitbox.centerx + start, FLOOR)
    result = stage.move(mover, dx, 0.0)
    assert result.hit_wall == wall and not result.on_ground
    if dx > 0:
        assert mover.hitbox.right == drum.hitbox.left
    else:
        assert mover.hitbox.left == drum.hitbox.right


def test_falling_onto_a_drum_lands_on_its_top_and_rising_into_it_bumps_its_bottom(tmp_path):
    stage = make_stage(tmp_path, [obj("OilDrum", 20 * TILE, FLOOR)])
    drum = drum_at(stage)
    above = body(stage, drum.hitbox.centerx, drum.hitbox.top - 6)
    result = stage.move(above, 0.0, 10.0)
    assert result.on_ground and above.hitbox.bottom == drum.hitbox.top
    # A drum hanging in the air (held up for the test) stops a head coming up at it.
    stage.tree.remove(drum)
    drum.hitbox.bottom = FLOOR - 64
    stage.tree.add(drum)
    below = body(stage, drum.hitbox.centerx, drum.hitbox.bottom + 24)
    result = stage.move(below, 0.0, -10.0)
    assert result.hit_ceiling and below.hitbox.top == drum.hitbox.bottom


def test_a_solid_the_box_already_overlaps_does_not_push_it(tmp_path):
    # Something a drum fell onto walks out of it instead of being shoved into a wall.
    stage = make_stage(tmp_path, [obj("OilDrum", 20 * TILE, FLOOR)])
    drum = drum_at(stage)
    inside = body(stage, drum.hitbox.centerx, FLOOR)
    result = stage.move(inside, 3.0, 0.0)
    assert result.hit_wall == 0
    assert inside.hitbox.centerx == pytest.approx(drum.hitbox.centerx + 3)


def test_the_player_walking_left_into_a_closed_door_stops_at_its_right_side(tmp_path):
    stage = make_stage(tmp_path, [obj("Door", TILE, FLOOR - 48, 16, 48, color="red")])
    run(stage, B.LEFT, 90)
    assert stage.player.hitbox.left == pytest.approx(2 * TILE)
    assert stage.player.vx == 0.0


def test_a_bullet_is_kept_while_partly_on_the_map_and_dropped_once_wholly_off(tmp_path):
    stage = make_stage(tmp_path, [])
    stage.bullets.spawn(20 * TILE, 6.0, 0.0, -60.0, team="enemy")  # 1 px a step up
    seen = []
    for _ in range(20):
        stage.step(B.NONE)
        seen.append(len(stage.bullets))
    # Its 4 px box leaves the top edge when its centre passes y = -2: 8 steps + 1 more.
    gone = seen.index(0)
    assert all(n == 1 for n in seen[:gone])
    assert gone == round((6.0 + 2.0) / (60.0 * DT))
