"""Bullets against tiles, the map's edges and entities: no tunnelling at any speed."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ascii_maps import write_map
from checkout import ROOT
from gunner.bullets import BULLET_LIFE
from gunner.config import TILE
from gunner.input import Buttons
from gunner.level import load_level
from gunner.stage import Stage


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


SPEEDS = (30.0, 240.0, 900.0, 1700.0, 2400.0)
ANGLES = [k * 7.5 for k in range(48)] + [45.0 + 0.001, 135.0 - 0.001]


def ring(kind: str, radius: int = 6, size: int = 25) -> list[str]:
    """A closed one-tile-thick ring round the map's centre tile: square, or a diamond
    whose tiles touch only at their corners (a one-tile diagonal wall)."""
    mid = size // 2
    rows = []
    for r in range(size):
        row = ""
        for c in range(size):
            dr, dc = abs(r - mid), abs(c - mid)
            on = max(dr, dc) == radius if kind == "square" else dr + dc == radius
            row += "#" if on else "."
        rows.append(row)
    rows[mid + 1] = rows[mid + 1][: mid + 2] + "P" + rows[mid + 1][mid + 3 :]
    return rows


@pytest.mark.parametrize("kind", ["square", "diamond"])
@pytest.mark.parametrize("start", [(0.5, 0.5), (0.21, 0.83)], ids=["centre", "off-centre"])
def test_bullets_never_pass_a_one_tile_wall_floor_or_corner(tmp_path, kind, start):
    # Every direction and speed up to 2,400 px/s from inside a closed ring of one-tile
    # walls: a bullet is only ever where line of sight from its muzzle reaches (so it
    # never slips through a corner or between diagonal tiles sight cannot pass), and
    # every one of them ends on the ring.
    stage = make_stage(tmp_path, ring(kind))
    stage.player.invulnerable = float("inf")
    sx, sy = (12 + start[0]) * TILE, (12 + start[1]) * TILE
    shots = []
    for speed in SPEEDS:
        for angle in ANGLES:
            vx, vy = speed * math.cos(math.radians(angle)), -speed * math.sin(math.radians(angle))
            shots.append((stage.bullets.spawn(sx, sy, vx, vy, team="player"), speed, angle))
    tiles = stage.tilemap
    for _ in range(int(BULLET_LIFE * 60) + 2):
        stage.step(Buttons.NONE)
        for bullet, speed, angle in shots:
            if bullet.alive:
                x, y = bullet.hitbox.center
                assert tiles.line_of_sight(sx, sy, x, y), (kind, speed, angle, (x, y))
    survivors = [(speed, angle) for bullet, speed, angle in shots if bullet.alive]
    assert not survivors
    assert stage.bullets.fired == len(shots) and len(stage.bullets) == 0
    # Each one fast enough to reach the ring in its lifetime struck it.
    reaching = sum(speed * BULLET_LIFE > 8 * TILE * math.sqrt(2) for _, speed, _ in shots)
    assert stage.events.count("hit_wall") == reaching


def test_a_fast_bullet_hits_a_thin_enemy_it_would_have_jumped_over(tmp_path):
    # 2,400 px/s is 40 px a step: more than an enemy is wide. Hits are swept.
    rows = ["#" * 30] + ["#" + "." * 28 + "#"] * 6 + ["#..P" + "." * 25 + "#"] + ["#" * 30]
    stage = make_stage(tmp_path, rows)
    stage.spawn("Soldier", 15 * TILE, 8 * TILE)
    soldier = stage.entities[-1]
    health = soldier.health
    y = soldier.hitbox.centery
    for offset in range(0, 40, 5):  # wherever the step boundaries fall
        stage.bullets.spawn(5 * TILE + offset, y, 2400.0, 0.0, team="player")
    for _ in range(10):
        stage.step(Buttons.NONE)
    assert soldier.health < health or not soldier.alive
    assert stage.bullets.hits == 8 or not soldier.alive


def test_rockets_strike_and_blast(tmp_path):
    rows = ["#" * 30] + ["#" + "." * 28 + "#"] * 6 + ["#..P" + "." * 25 + "#"] + ["#" * 30]
    stage = make_stage(tmp_path, rows)
    stage.spawn("Soldier", 20 * TILE, 8 * TILE)
    stage.spawn("Soldier", 21 * TILE, 8 * TILE)  # beside it: only the blast reaches it
    first, second = stage.entities[-2:]
    y = first.hitbox.centery
    rocket = stage.bullets.spawn(
        10 * TILE, y, 600.0, 0.0, team="player", style="rocket", blast_radius=40.0, blast_damage=4
    )
    for _ in range(40):
        stage.step(Buttons.NONE)
    assert not rocket.alive and stage.bullets.hits == 1
    assert not first.alive and not second.alive  # the hit and the blast
    assert "explosion" in stage.events


@settings(max_examples=300, deadline=None)
@given(
    x0=st.floats(-40, 420, allow_nan=False),
    y0=st.floats(-40, 420, allow_nan=False),
    dx=st.floats(-60, 60, allow_nan=False),
    dy=st.floats(-60, 60, allow_nan=False),
)
def test_few_and_many_bullets_walk_the_tiles_alike(tmp_path_factory, x0, y0, dx, dy):
    # A handful of paths is walked in plain floats, many at once in numpy: the same
    # cells in the same order, so the same answer to the last bit.
    stage = make_stage(tmp_path_factory.mktemp("m"), ring("diamond"))
    tiles = stage.tilemap
    one = tiles.first_solid(np.array([x0]), np.array([y0]), np.array([dx]), np.array([dy]))
    many = tiles.first_solid(
        np.array([x0] * 20), np.array([y0] * 20), np.array([dx] * 20), np.array([dy] * 20)
    )
    assert np.array_equal(one, many[:1], equal_nan=True)
    assert np.all(many == many[0])


def test_shooting_a_drum_counts_toward_accuracy(tmp_path):
    # The results screen's accuracy is hits over shots: a drum hit is a hit.
    rows = ["#" * 30] + ["#" + "." * 28 + "#"] * 6 + ["#..P" + "." * 25 + "#"] + ["#" * 30]
    stage = make_stage(tmp_path, rows)
    stage.spawn("OilDrum", 12 * TILE, 8 * TILE)
    drum = stage.entities[-1]
    stage.bullets.spawn(6 * TILE, drum.hitbox.centery, 600.0, 0.0, team="player")
    for _ in range(20):
        stage.step(Buttons.NONE)
    assert stage.bullets.fired == 1 and stage.bullets.hits == 1


def _bot_snapshot(stage: Stage) -> Stage:
    """The search bot's snapshot (tools/bot.py: a pickle round trip)."""
    import sys

    tools = str(ROOT / "tools")
    sys.path.insert(0, tools)
    try:
        import bot
    finally:
        sys.path.remove(tools)
    return bot.snapshot(stage)  # type: ignore[no-any-return]


@pytest.mark.parametrize("copier", ["deepcopy", "bot"])
def test_a_copy_of_a_stage_plays_on_exactly_as_the_original(copier: str) -> None:
    """Snapshots (the search bot's, a save state) must not drift: a copy's bullets
    expire, fly and hit as the original's do, step for step."""
    import copy

    from gunner.config import LEVELS_DIR

    stage = Stage(load_level(LEVELS_DIR / "level1.tmx", images=False), seed=7)
    fire = Buttons.FIRE | Buttons.RIGHT
    for _ in range(40):
        stage.step(fire)
    for i in range(300):  # many bullets, numpy path included
        stage.bullets.spawn(200 + i % 40, 300 + i % 7, 300 - i * 2, -50 + i, team="enemy")
    twin = copy.deepcopy(stage) if copier == "deepcopy" else _bot_snapshot(stage)
    assert twin.level is stage.level or copier == "deepcopy"  # the bot's copies share it
    for step in range(120):  # past BULLET_LIFE: expired bullets must leave both alike
        buttons = fire if step % 3 else Buttons.JUMP
        stage.step(buttons)
        twin.step(buttons)
        assert twin.state_hash() == stage.state_hash(), f"the copy drifted at step {step}"
    assert len(twin.bullets) < 100  # the spawned bullets did end (hit, or expired) in both
