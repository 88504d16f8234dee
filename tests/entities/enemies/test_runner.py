"""The runner: one hit kills it; it runs at the player, hops small gaps and one-tile
steps, drops off ledges onto a floor below, and never runs into a pit.

Each test builds a small map from ASCII art (tests/maps.py) with the runner placed as a
map object and drives the stage with button masks.
"""

from __future__ import annotations

import pytest

from ascii_maps import write_map
from gunner.config import DT, TILE
from gunner.entities.runner import PAST, STUBBORN, Runner
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


def test_a_map_sets_its_speed(tmp_path) -> None:
    rows = [SKY] * 4 + ["." * 38 + "P.", "#" * 40]
    stage = stage_of(tmp_path, rows, obj("Runner", 2, 4, speed=40), obj("Runner", 4, 4))
    slow, quick = sorted((e for e in stage.entities if isinstance(e, Runner)), key=id)
    slow, quick = (slow, quick) if slow.speed < quick.speed else (quick, slow)
    start = slow.hitbox.centerx, quick.hitbox.centerx
    run(stage, 1.0)
    assert slow.speed == 40.0 and quick.speed == 100.0
    assert slow.hitbox.centerx - start[0] == pytest.approx(40.0, abs=1.0)
    assert quick.hitbox.centerx - start[1] == pytest.approx(100.0, abs=1.0)


def test_it_runs_at_a_player_close_by_on_either_side_from_its_first_step(tmp_path) -> None:
    # Both within the distance it chases from: only its first look picks the way.
    rows = [SKY] * 4 + ["." * 20 + "P" + "." * 19, "#" * 40]
    stage = stage_of(tmp_path, rows, obj("Runner", 17, 4), obj("Runner", 24, 4))
    left, right = sorted(
        (e for e in stage.entities if isinstance(e, Runner)), key=lambda e: e.hitbox.x
    )
    start = left.hitbox.centerx, right.hitbox.centerx
    stage.step(B.NONE)
    assert (left.facing, right.facing) == (1, -1)
    run(stage, 0.2)
    assert left.hitbox.centerx > start[0] and right.hitbox.centerx < start[1]


def test_one_dropped_at_exactly_the_players_x_runs_right(tmp_path) -> None:
    # Falling straight onto the player (as a generator's from above may drop one), its
    # first look finds the player at its own x: it runs right, the side every kind takes
    # on that tie, and the side a generator turns the ones it lets in there.
    rows = [SKY] * 4 + ["." * 20 + "P" + "." * 19, "#" * 40]
    stage = stage_of(tmp_path, rows, obj("Runner", 20, 1))
    dropped = runner(stage)
    assert dropped.hitbox.centerx == stage.player.hitbox.centerx
    stage.step(B.NONE)
    assert dropped.facing == 1
    run(stage, 0.3)
    assert dropped.hitbox.centerx > stage.player.hitbox.centerx


def test_it_turns_back_to_chase_160_px_past_the_player(tmp_path) -> None:
    # Open floor far beyond the player both ways: only the chase turns it.
    rows = ["." * 120] * 4 + ["." * 60 + "P" + "." * 59, "#" * 120]
    stage = stage_of(tmp_path, rows, obj("Runner", 70, 4))
    target = runner(stage)
    player_x = stage.player.hitbox.centerx
    farthest = target.hitbox.centerx
    for _ in range(round(5.0 / DT)):
        stage.step(B.NONE)
        farthest = min(farthest, target.hitbox.centerx)
    assert player_x - farthest == pytest.approx(PAST, abs=3.0)
    assert target.facing == 1 or target.hitbox.centerx > farthest  # it came back


def test_after_turning_at_a_pit_it_keeps_its_way_a_moment_then_chases_again(tmp_path) -> None:
    rows = [SKY] * 4 + ["." * 30 + "P" + "." * 9, "#" * 14 + "...." + "#" * 22]
    stage = stage_of(tmp_path, rows, obj("Runner", 4, 4))
    target = runner(stage)
    turns: list[tuple[int, float]] = []  # (step, x) where it turned
    facing = None
    for step in range(round(6.0 / DT)):
        stage.step(B.NONE)
        if facing is not None and target.facing != facing:
            turns.append((step, target.hitbox.centerx))
        facing = target.facing
    assert len(turns) >= 3  # away from the pit, back to chase, away again
    (first, at_edge), (back, away) = turns[0], turns[1]
    # A second at 100 px/s: it ran off about 100 px before chasing the player again.
    assert (back - first) * DT == pytest.approx(STUBBORN, abs=0.1)
    assert at_edge - away == pytest.approx(target.speed * STUBBORN, abs=5.0)


def test_it_turns_at_a_pit_with_its_leading_foot_one_pixel_past_the_edge(tmp_path) -> None:
    # A ledge over columns 10-15 (x 160 to 256), nothing below it for 16 rows: the runner
    # paces it slowly (a third of a pixel a step) with the player below its middle.
    rows = ["." * 30] * 2 + ["." * 10 + "#" * 6 + "." * 14] + ["." * 30] * 15
    rows += ["." * 13 + "P" + "." * 16, "#" * 30]
    stage = stage_of(tmp_path, rows, obj("Runner", 12, 1, speed=20))
    target = runner(stage)
    lefts, rights = [], []
    for _ in range(round(20.0 / DT)):
        stage.step(B.NONE)
        assert target.alive and target.hitbox.bottom == 2 * TILE
        lefts.append(target.hitbox.left)
        rights.append(target.hitbox.right)
    assert 160 <= min(lefts) < 161 and 255 <= max(rights) < 256


def run_and_watch(stage: Stage, target: Runner, seconds: float) -> tuple[set[int], float]:
    """Its headings over `seconds`, and the farthest right its right side went."""
    headings, right = set(), target.hitbox.right
    for _ in range(round(seconds / DT)):
        stage.step(B.NONE)
        assert target.alive
        headings.add(target.facing)
        right = max(right, target.hitbox.right)
    return headings, right


def test_it_turns_away_from_a_three_tile_gap(tmp_path) -> None:
    rows = [SKY] * 4 + ["." * 30 + "P" + "." * 9, "#" * 14 + "..." + "#" * 23]
    stage = stage_of(tmp_path, rows, obj("Runner", 4, 4))
    headings, right = run_and_watch(stage, runner(stage), 4.0)
    assert headings == {-1, 1} and right <= 14 * TILE + 2  # it never jumped


def test_it_hops_a_gap_only_to_a_landing_with_room_to_stand(tmp_path) -> None:
    # Two tiles of gap; beyond it a block one tile high, or a ceiling two tiles up: no
    # room to land on the far side's first tile, so it turns back from the pit.
    for blocked in (4, 3):
        rows = [SKY] * 3 + ["." * 30 + "P" + "." * 9, "#" * 14 + ".." + "#" * 24]
        rows.insert(0, SKY)
        rows[blocked] = rows[blocked][:16] + "#" + rows[blocked][17:]
        stage = stage_of(tmp_path, rows, obj("Runner", 4, 4))
        headings, right = run_and_watch(stage, runner(stage), 4.0)
        assert headings == {-1, 1} and right <= 14 * TILE + 2, blocked


def test_it_drops_onto_a_floor_ten_tiles_down_and_turns_from_one_eleven_down(
    tmp_path,
) -> None:
    for depth, drops in ((10, True), (11, False)):
        rows = ["." * 30] * 2 + ["#" * 12 + "." * 18] + ["." * 30] * (depth - 2)
        rows += ["." * 25 + "P" + "." * 4, "#" * 30]  # the floor `depth` rows below
        stage = stage_of(tmp_path, rows, obj("Runner", 3, 1))
        target = runner(stage)
        for _ in range(round(3.0 / DT)):
            stage.step(B.NONE)
        assert target.alive
        assert (target.hitbox.bottom == (depth + 2) * TILE) == drops, depth
        assert (target.hitbox.bottom == 2 * TILE) != drops, depth


def test_it_turns_at_a_wall_two_tiles_high_or_a_step_with_no_room_above(tmp_path) -> None:
    # Column 16 holds a one-tile step (row 4, on the floor) and above it, in rows 2 and
    # 3: a second tile (a wall two high), or a tile one up (no room to stand on it).
    for above in (".#", "#."):
        rows = [SKY] * 4 + ["." * 30 + "P" + "." * 9, "#" * 40]
        for row, cell in zip((2, 3, 4), above + "#", strict=True):
            rows[row] = rows[row][:16] + cell + rows[row][17:]
        stage = stage_of(tmp_path, rows, obj("Runner", 4, 4))
        headings, right = run_and_watch(stage, runner(stage), 4.0)
        assert headings == {-1, 1} and right <= 16 * TILE, above


@pytest.mark.parametrize(
    ("height", "climb", "over"),
    [(2, True, True), (3, True, True), (4, True, False), (2, False, False)],
)
def test_a_climbing_runner_vaults_a_wall_up_to_three_tiles_high(
    tmp_path, height, climb, over
) -> None:
    # A block four tiles wide (columns 16-19) and `height` tiles high between it and
    # the player; over it, it runs on at him, or it turns and tries again.
    rows = [SKY] * 7 + ["." * 30 + "P" + "." * 9, "#" * 40]
    for row in range(8 - height, 8):
        rows[row] = rows[row][:16] + "####" + rows[row][20:]
    stage = stage_of(tmp_path, rows, obj("Runner", 4, 7, climb=str(climb).lower()))
    headings, right = run_and_watch(stage, runner(stage), 4.0)
    assert (right > 21 * TILE) is over
    if not over:
        assert headings == {-1, 1} and right <= 16 * TILE


@pytest.mark.parametrize("climb", [True, False])
def test_a_climbing_runner_takes_a_ledge_overhead_up_a_keep_to_the_player(tmp_path, climb) -> None:
    # The siege's keep: a block six tiles high (columns 20-27), the player on its roof,
    # and beside its wall a one-way ledge three tiles up. A climbing runner leaps onto
    # the ledge and vaults from there onto the roof; any other runner stays below.
    rows = [SKY] * 9 + ["#" * 40]
    rows[2] = "." * 24 + "P" + "." * 15
    for row in range(3, 9):
        rows[row] = rows[row][:20] + "#" * 8 + rows[row][28:]
    rows[6] = rows[6][:17] + "===" + rows[6][20:]
    stage = stage_of(tmp_path, rows, obj("Runner", 4, 8, climb=str(climb).lower()))
    target = runner(stage)
    leaps, floors, vy = set(), set(), 0.0
    for _ in range(round(5.0 / DT)):
        stage.step(B.NONE)
        if target.vy < -300 <= vy:  # a leap up, from where it stood
            leaps.add(target.hitbox.bottom)
        if target.on_ground:
            floors.add(target.hitbox.bottom)
        vy = target.vy
    # Up from the ground to the ledge, and from the ledge to the roof.
    assert leaps == ({9 * TILE, 6 * TILE} if climb else set())
    assert (3 * TILE in floors) is climb


def test_a_climbing_runner_does_not_vault_into_a_ceiling(tmp_path) -> None:
    # The wall of test_a_climbing_runner_vaults_a_wall_up_to_three_tiles_high, two
    # high, with a ceiling two tiles over the ground before it: no way up.
    rows = [SKY] * 7 + ["." * 30 + "P" + "." * 9, "#" * 40]
    for row in (6, 7):
        rows[row] = rows[row][:16] + "####" + rows[row][20:]
    rows[5] = rows[5][:10] + "#" * 6 + rows[5][16:]
    stage = stage_of(tmp_path, rows, obj("Runner", 4, 7, climb="true"))
    headings, right = run_and_watch(stage, runner(stage), 4.0)
    assert headings == {-1, 1} and right <= 16 * TILE
