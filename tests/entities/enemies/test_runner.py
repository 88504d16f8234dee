"""The runner: one hit kills it; it runs at the player, hops small gaps and one-tile
steps, drops off ledges onto a floor below, and never runs into a pit.

Each test builds a small map from ASCII art (tests/maps.py) with the runner placed as a
map object and drives the stage with button masks.
"""

from __future__ import annotations

from ascii_maps import write_map
from gunner.config import DT, TILE
from gunner.entities.runner import Runner
from gunner.input import Buttons as B
from gunner.level import load_level
from gunner.objects import SCHEMA
from gunner.stage import Stage


def obj(cls: str, col: int, row: int, **props: object) -> str:
    """A point object whose feet stand on the bottom of cell (col, row)."""
    body = "".join(f'<property name="{k}" value="{v}"/>' for k, v in props.items())
    return (
        f'<object type="{cls}" x="{col * TILE + 8}" y="{(row + 1) * TILE}">'
        f"<properties>{body}</properties><point/></object>"
    )


def stage_of(tmp_path, rows: list[str], *objects: str) -> Stage:
    stage = Stage(
        load_level(write_map(tmp_path, rows, extra_objects="".join(objects)), images=False)
    )
    stage.player.invulnerable = 1e9  # it runs through the player: no knockback in the way
    return stage


def runner(stage: Stage) -> Runner:
    return next(e for e in stage.entities if isinstance(e, Runner))


def run(stage: Stage, seconds: float, held: B = B.NONE) -> None:
    for _ in range(round(seconds / DT)):
        stage.step(held)


SKY = "." * 40


def test_it_dies_to_one_hit(tmp_path) -> None:
    rows = [SKY] * 4 + ["..P" + "." * 37, "#" * 40]
    stage = stage_of(tmp_path, rows, obj("Runner", 30, 4))
    target = runner(stage)
    stage.player.facing = 1
    fired = stage.bullets.hits
    for _ in range(240):
        stage.step(B.FIRE)
        if not target.alive:
            break
    assert not target.alive and stage.kills == 1
    assert stage.bullets.hits - fired == 1  # one shot landed, and that was enough
    assert SCHEMA["Runner"].props["health"].default == 1 == Runner.max_health


def test_it_runs_at_the_player_from_either_side_faster_than_a_soldier(tmp_path) -> None:
    rows = [SKY] * 4 + ["." * 20 + "P" + "." * 19, "#" * 40]
    stage = stage_of(tmp_path, rows, obj("Runner", 4, 4), obj("Runner", 36, 4))
    left, right = sorted(
        (e for e in stage.entities if isinstance(e, Runner)), key=lambda e: e.hitbox.x
    )
    start = left.hitbox.centerx, right.hitbox.centerx
    run(stage, 0.5)
    assert left.facing == 1 and right.facing == -1
    # Half a second at its 100 px/s: much faster than a soldier's 40.
    assert left.hitbox.centerx - start[0] > 40 and start[1] - right.hitbox.centerx > 40


def test_it_hops_a_two_tile_gap(tmp_path) -> None:
    rows = [SKY] * 4 + [
        "." * 30 + "P" + "." * 9,
        "#" * 14 + ".." + "#" * 24,
        "#" * 14 + ".." + "#" * 24,
    ]
    stage = stage_of(tmp_path, rows, obj("Runner", 4, 4))
    target = runner(stage)
    floor = target.hitbox.bottom
    lowest = floor
    for _ in range(round(2.0 / DT)):
        stage.step(B.NONE)
        lowest = max(lowest, target.hitbox.bottom)
    assert target.alive
    assert target.hitbox.left > 16 * TILE  # across
    assert lowest == floor  # never dipped into the gap


def test_it_turns_away_from_a_gap_too_wide_to_hop_over_a_pit(tmp_path) -> None:
    rows = [SKY] * 4 + ["." * 30 + "P" + "." * 9, "#" * 14 + "...." + "#" * 22]
    stage = stage_of(tmp_path, rows, obj("Runner", 4, 4))
    target = runner(stage)
    headings = set()
    for _ in range(round(5.0 / DT)):
        stage.step(B.NONE)
        headings.add(target.facing)
        assert target.alive and target.hitbox.right <= 14 * TILE + 2  # never over the pit
    assert headings == {-1, 1}  # it turned at the edge (and tried again, to chase)


def test_it_hops_up_a_one_tile_step(tmp_path) -> None:
    rows = [SKY] * 4 + ["." * 16 + "#" * 24, "#" * 40]
    rows[3] = "." * 30 + "P" + "." * 9
    stage = stage_of(tmp_path, rows, obj("Runner", 4, 4))
    target = runner(stage)
    run(stage, 3.0)
    assert target.hitbox.bottom == 4 * TILE and target.hitbox.left > 17 * TILE


def test_it_drops_off_a_ledge_to_the_floor_below(tmp_path) -> None:
    rows = [SKY] * 2 + ["#" * 12 + "." * 28] + [SKY] * 5 + ["." * 30 + "P" + "." * 9, "#" * 40]
    stage = stage_of(tmp_path, rows, obj("Runner", 3, 1))
    target = runner(stage)
    assert target.hitbox.bottom == 2 * TILE
    run(stage, 2.0)
    assert target.alive and target.on_ground
    assert target.hitbox.bottom == 9 * TILE  # down on the player's floor


def test_it_turns_back_once_far_past_the_player(tmp_path) -> None:
    rows = [SKY] * 4 + ["#" + "." * 8 + "P" + "." * 29 + "#", "#" * 40]
    rows[3] = "#" + "." * 38 + "#"
    stage = stage_of(tmp_path, rows, obj("Runner", 30, 4))
    target = runner(stage)
    run(stage, 0.2)
    assert target.facing == -1
    farthest = target.hitbox.centerx
    for _ in range(round(4.0 / DT)):
        stage.step(B.NONE)
        farthest = min(farthest, target.hitbox.centerx)
    assert target.facing == 1 or farthest > TILE  # it came back before the far wall
    assert farthest > stage.player.hitbox.centerx - 200
