"""Bullets against tiles and the map's edges."""

from gunner.config import TILE
from gunner.input import Buttons
from gunner.level import load_level
from gunner.stage import Stage
from maps import write_map


def make_stage(tmp_path, rows):
    return Stage(load_level(write_map(tmp_path, rows), images=False))


def test_bullet_dies_on_a_one_tile_wall_and_never_passes_it(tmp_path):
    rows = ["P.......#..........."] + ["#" * 20]
    stage = make_stage(tmp_path, rows)
    bullet = stage.bullets.spawn(2 * TILE, 8, 900.0, 0.0, team="player")
    for _ in range(30):
        stage.step(Buttons.NONE)
        if not bullet.alive:
            break
        assert bullet.hitbox.centerx < 8 * TILE
    assert not bullet.alive
    assert len(stage.bullets) == 0
    assert len(stage.tree) == len(stage.entities)
    assert any(e.name == "impact" for e in stage.effects)


def test_bullet_passes_one_way_platforms(tmp_path):
    rows = ["P..................."] + ["=" * 20] + ["." * 20] * 3
    stage = make_stage(tmp_path, rows)
    bullet = stage.bullets.spawn(5 * TILE, 8, 0.0, 400.0, team="player")
    stage.step(Buttons.NONE)
    stage.step(Buttons.NONE)
    assert bullet.alive and bullet.hitbox.top > TILE


def test_bullet_dies_outside_the_map(tmp_path):
    rows = ["P" + "." * 9] + ["." * 10] * 3
    stage = make_stage(tmp_path, rows)
    bullet = stage.bullets.spawn(5 * TILE, 2 * TILE, 0.0, -600.0, team="player")
    for _ in range(20):
        stage.step(Buttons.NONE)
    assert not bullet.alive and len(stage.bullets) == 0


def test_live_bullets_and_entities_are_exactly_the_tree(tmp_path):
    rows = ["." * 30] * 5 + ["..P" + "." * 27] + ["#" * 30]
    stage = make_stage(tmp_path, rows)
    for i in range(200):
        stage.step(Buttons.FIRE | (Buttons.UP if i % 50 < 25 else Buttons.RIGHT))
        assert len(stage.tree) == len(stage.entities) + len(stage.bullets)
    assert len(stage.bullets) > 0
