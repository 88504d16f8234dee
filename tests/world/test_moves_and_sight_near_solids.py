"""Moves and sight near solids (drums, doors, one-way planks) at their exact edges: a
sub-pixel step from flush, a sliver of a foot, planks passed on the way down, sight
past a door's edge, and what a move near solids costs the overlay."""

from __future__ import annotations

import pygame

from ascii_maps import FIELD, FLOOR, make_stage, obj, run
from gunner.config import TILE
from gunner.input import Buttons


def mover(x: float, bottom: float):
    """A 12x20 box with its feet at (x, bottom), filed nowhere: what Stage.move moves."""
    thing = type("Body", (), {})()
    thing.hitbox = pygame.FRect(0, 0, 12, 20)
    thing.hitbox.midbottom = (x, bottom)
    return thing


def one_way_plank(tmp_path):
    from ascii_maps import platform, polyline

    plank = platform(300, 200, oneway=("bool", "true")) + polyline(300, 200, [(0, 0), (0, -32)])
    stage = make_stage(tmp_path, [plank])
    return stage, stage.entities[-1]


def test_a_sub_pixel_step_into_a_drum_from_flush_is_stopped(tmp_path):
    stage = make_stage(tmp_path, [obj("OilDrum", 20 * TILE, FLOOR)])
    drum = stage.entities[-1]
    box = mover(0, FLOOR)
    box.hitbox.right = drum.hitbox.left  # touching its left side
    result = stage.move(box, 0.5, 0.0)
    assert result.hit_wall == 1 and box.hitbox.right == drum.hitbox.left
    box.hitbox.left = drum.hitbox.right  # touching its right side
    result = stage.move(box, -0.5, 0.0)
    assert result.hit_wall == -1 and box.hitbox.left == drum.hitbox.right


def test_a_sliver_of_a_foot_on_a_drums_edge_still_stands_on_it(tmp_path):
    stage = make_stage(tmp_path, [obj("OilDrum", 20 * TILE, FLOOR)])
    drum = stage.entities[-1]
    box = mover(0, drum.hitbox.top)
    box.hitbox.left = drum.hitbox.right - 0.5  # half a pixel over its right edge
    result = stage.move(box, 0.0, 0.5)
    assert result.on_ground and box.hitbox.bottom == drum.hitbox.top
    box.hitbox.right = drum.hitbox.left + 0.5  # and over its left edge
    result = stage.move(box, 0.0, 0.5)
    assert result.on_ground and box.hitbox.bottom == drum.hitbox.top


def test_the_top_of_a_jump_is_not_a_landing(tmp_path):
    # Held for three steps, a jump stands still in the air for exactly one step
    # (-380 + 3 * 10 + 14 * 25 = 0 px/s): no floor there, nothing to land on.
    stage = make_stage(tmp_path, [])
    p = stage.player
    run(stage, Buttons.NONE, 10)
    run(stage, Buttons.JUMP, 3)
    speeds = []
    for _ in range(60):
        stage.step(Buttons.NONE)
        speeds.append(p.vy)
        assert p.on_ground == (p.hitbox.bottom == FLOOR)  # grounded only on the floor
    assert 0.0 in speeds and p.on_ground


def test_a_one_way_plank_in_the_way_never_lets_a_box_into_the_drum_beyond(tmp_path):
    from ascii_maps import platform, polyline

    plank = platform(313, 225, oneway=("bool", "true")) + polyline(313, 225, [(0, 0), (0, -32)])
    stage = make_stage(tmp_path, [plank, obj("OilDrum", 20 * TILE, FLOOR)])
    drum = stage.entities[-1]
    assert [e.kind for e in stage.entities][-2:] == ["MovingPlatform", "OilDrum"]
    box = mover(0, FLOOR)
    box.hitbox.right = drum.hitbox.left
    result = stage.move(box, 5.0, 0.0)  # the plank comes first, and is skipped sideways
    assert result.hit_wall == 1 and box.hitbox.right == drum.hitbox.left


def test_a_move_near_solids_is_charged_to_the_overlay(tmp_path):
    stage = make_stage(tmp_path, [obj("OilDrum", 20 * TILE, FLOOR)])
    drum = stage.entities[-1]
    box = mover(0, FLOOR)
    box.hitbox.right = drum.hitbox.left - 2
    stage.move(box, 5.0, 0.0)  # an earlier move near it: the class has counted before
    assert stage.tree.solid.checks > 0
    box.hitbox.right = drum.hitbox.left - 2
    before, checks = stage.counters.entity_entity, stage.tree.solid.checks
    stage.move(box, 5.0, 0.0)
    charged = stage.counters.entity_entity - before
    assert charged == stage.tree.solid.checks - checks > 0


def test_a_one_way_plank_holds_what_settles_onto_it_from_above(tmp_path):
    stage, plank = one_way_plank(tmp_path)
    box = mover(plank.hitbox.centerx, plank.hitbox.top)  # resting on it
    result = stage.move(box, 0.0, 0.5)
    assert result.on_ground and box.hitbox.bottom == plank.hitbox.top
    box.hitbox.bottom = plank.hitbox.top - 0.25  # a slow start of a fall, just above it
    result = stage.move(box, 0.0, 0.5)
    assert result.on_ground and box.hitbox.bottom == plank.hitbox.top


def test_a_one_way_plank_never_snaps_up_what_comes_from_beside_it(tmp_path):
    stage, plank = one_way_plank(tmp_path)
    box = mover(0, plank.hitbox.top + 0.5)  # feet half a pixel below its top
    box.hitbox.right = plank.hitbox.left - 1
    result = stage.move(box, 3.0, 0.5)
    assert not result.on_ground and box.hitbox.bottom == plank.hitbox.top + 1.0


def test_a_plank_passed_on_the_way_down_never_lets_a_box_into_the_drum_below(tmp_path):
    from ascii_maps import platform, polyline

    plank = platform(320, 200, oneway=("bool", "true")) + polyline(320, 200, [(0, 0), (0, -32)])
    stage = make_stage(tmp_path, [plank, obj("OilDrum", 20 * TILE, FLOOR)])
    drum = stage.entities[-1]
    # Beside the plank (its feet below the plank's top), above the drum, moving onto both.
    box = mover(0, drum.hitbox.top - 2)
    box.hitbox.right = 318
    result = stage.move(box, 4.0, 4.0)
    assert result.on_ground and box.hitbox.bottom == drum.hitbox.top


def test_down_and_jump_on_a_drum_jumps(tmp_path):
    stage = make_stage(tmp_path, [obj("OilDrum", 20 * TILE, FLOOR)])
    drum, p = stage.entities[-1], stage.player
    stage.tree.remove(p)
    p.hitbox.midbottom = (drum.hitbox.centerx, drum.hitbox.top)
    stage.tree.add(p)
    run(stage, Buttons.NONE, 5)
    assert p.on_ground and p.hitbox.bottom == drum.hitbox.top
    stage.step(Buttons.DOWN)
    stage.step(Buttons.DOWN | Buttons.JUMP)  # only a one-way plank can be dropped through
    assert p.vy < 0 and "jump" in stage.events


def test_line_of_sight_sees_under_planks_and_past_dead_doors(tmp_path):
    stage = make_stage(
        tmp_path, [obj("Door", 20 * TILE, 12 * TILE, 16, 48, color="red")], rows=FIELD
    )
    door = stage.entities[-1]
    y = 13 * TILE
    assert not stage.line_of_sight(10 * TILE, y, 30 * TILE, y)
    assert not stage.line_of_sight(30 * TILE, y, 10 * TILE, y)
    assert stage.line_of_sight(10 * TILE, 5 * TILE, 30 * TILE, 5 * TILE)  # over it
    x = door.hitbox.centerx
    assert not stage.line_of_sight(x, 5 * TILE, x, 14.5 * TILE)  # straight down through it
    door.alive = False
    assert stage.line_of_sight(10 * TILE, y, 30 * TILE, y)


def test_sight_from_just_inside_a_doors_edge_is_blocked(tmp_path):
    stage = make_stage(tmp_path, [obj("Door", 20 * TILE, 12 * TILE, 16, 48, color="red")])
    door = stage.entities[-1].hitbox
    y = door.centery
    assert not stage.line_of_sight(door.left + 0.5, y, door.left - 100, y)
    x = door.centerx
    assert not stage.line_of_sight(x, door.top + 0.5, x, door.top - 100)
    assert stage.line_of_sight(door.left - 0.5, y, door.left - 100, y)  # just outside it


def test_a_plank_before_a_door_never_lets_sight_through_the_door(tmp_path):
    from ascii_maps import platform, polyline

    plank = platform(240, 200, oneway=("bool", "true")) + polyline(240, 200, [(0, 0), (0, -32)])
    door = obj("Door", 20 * TILE, 12 * TILE, 16, 48, color="red")
    stage = make_stage(tmp_path, [plank, door])
    y = 204  # through the plank, then the door
    assert not stage.line_of_sight(200, y, 400, y)
    assert stage.line_of_sight(200, y, 300, y)  # the plank alone: seen under and through
