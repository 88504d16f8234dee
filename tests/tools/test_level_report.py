"""`make report` (tools/level_report.py): the figures a designer reads off a finishing
run, measured on tiny maps whose runs take a second, and its picture and JSON."""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from pathlib import Path

import numpy as np
import pygame
import pytest

from ascii_maps import write_map
from checkout import ROOT
from gunner.assists import Assists
from gunner.config import DT, TILE
from gunner.input import Buttons as B
from gunner.level import load_level
from gunner.replay import Replay, play

# 40 columns, the floor's top at row 15; the player stands on column 2.
FLOOR_ROW = 15
OPEN = ["." * 40] * FLOOR_ROW + ["..P" + "." * 37, "#" * 40]
# The same with a pit three columns wide ahead of the player: walking right falls in.
PIT = OPEN[:-1] + ["#" * 8 + "." * 3 + "#" * 29]


@pytest.fixture(scope="module")
def tool():
    spec = importlib.util.spec_from_file_location(
        "level_report", ROOT / "tools" / "level_report.py"
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules["level_report"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    yield module
    del sys.modules["level_report"]


def soldier(col: int, **props: object) -> str:
    """A soldier standing on the floor at `col`."""
    body = "".join(f'<property name="{k}" value="{v}"/>' for k, v in props.items())
    x, y = col * TILE + 8, (FLOOR_ROW + 1) * TILE
    return (
        f'<object type="Soldier" x="{x}" y="{y}"><properties>{body}</properties><point/></object>'
    )


def level(tmp_path: Path, rows: list[str], *objects: str):
    return load_level(write_map(tmp_path, rows, extra_objects="".join(objects)), images=False)


@pytest.fixture
def pit_run(tmp_path: Path) -> Path:
    """A saved run that walks into the pit until every life is lost, with the hash and
    outcome of the run played unwatched."""
    path = write_map(tmp_path, PIT)
    replay = Replay(level=str(path), seed=3, masks=[int(B.RIGHT)] * 900)
    stage = play(replay)
    replay.state_hash, replay.outcome = stage.state_hash(), stage.outcome
    assert stage.outcome == "dead"
    replay.save(tmp_path / "pit.replay")
    return tmp_path / "pit.replay"


def test_kills_per_minute_are_the_enemies_killed_over_the_runs_minutes(tool, tmp_path):
    steps = 600  # ten seconds of firing at two one-hit soldiers
    trace, stage = tool.watch(
        level(tmp_path, OPEN, soldier(8, health=1, speed=0), soldier(12, health=1, speed=0)),
        seed=1,
        masks=[int(B.FIRE)] * steps,
    )
    report = tool.summarise(trace, stage, "run")
    assert report.kills == stage.kills == 2
    assert report.seconds == pytest.approx(10.0)
    assert report.kills_per_minute == pytest.approx(12.0)
    assert [m.what for m in report.deaths] == []


def test_enemy_shots_per_minute_count_each_enemy_bullet_once_and_never_the_players(tool, tmp_path):
    # A soldier that fires every second at a player who fires back all the time: the
    # player's shots are not counted, and a bullet is counted once however long it flies.
    masks = [int(B.FIRE)] * 300
    trace, stage = tool.watch(
        level(tmp_path, OPEN, soldier(12, speed=0, fire_rate=1, health=99)), 1, masks
    )
    quiet, _ = tool.watch(level(tmp_path, OPEN), 1, masks)
    report = tool.summarise(trace, stage, "run")
    assert quiet.enemy_shots == 0 and stage.bullets.fired > 10
    assert 3 <= trace.enemy_shots <= 6  # about one a second over five seconds
    assert report.enemy_shots_per_minute == pytest.approx(trace.enemy_shots * 12)


def test_the_stretch_with_no_enemy_in_view_runs_from_the_last_kill_to_the_end(tool, tmp_path):
    # A second in view of a soldier, then shooting it; after that no enemy is in view
    # (its wreck and its drop are not enemies).
    masks = [int(B.NONE)] * 60 + [int(B.FIRE)] * 240
    trace, stage = tool.watch(level(tmp_path, OPEN, soldier(8, health=1, speed=0)), 1, masks)
    report = tool.summarise(trace, stage, "run")
    (kill,) = trace.kills
    assert 60 * DT <= kill.t < 2.0
    assert report.longest_gap_at == pytest.approx(kill.t, abs=DT / 2)
    assert report.longest_gap == pytest.approx(5.0 - kill.t, abs=DT / 2)
    assert report.no_enemy_share == pytest.approx(report.longest_gap / 5.0)


def test_a_soldier_out_of_view_leaves_the_whole_run_without_one(tool, tmp_path):
    far = ["." * 80] * FLOOR_ROW + ["..P" + "." * 77, "#" * 80]
    trace, stage = tool.watch(level(tmp_path, far, soldier(75, speed=0)), 1, [0] * 120)
    report = tool.summarise(trace, stage, "run")
    assert report.no_enemy_share == 1.0 and report.longest_gap == pytest.approx(2.0)


def test_stretches_are_the_runs_of_true(tool):
    flags = [False] * 3 + [True] * 5 + [False] + [True] * 2
    assert tool.stretches(flags) == [(3, 8), (9, 11)]
    assert tool.stretches([]) == [] and tool.stretches([True]) == [(0, 1)]


def test_a_column_is_walked_once_per_crossing_of_its_centre(tool):
    # Right from column 0's middle to column 5's left edge, back to column 2's left edge
    # (over the centres of 4, 3 and 2 again), then down (NaN) and back at a checkpoint:
    # the jump there is not walking.
    xs = [8.0, 40.0, 80.0, 56.0, 32.0, math.nan, 600.0, 610.0]
    passes = tool.cell_passes(np.array(xs), 40)
    assert passes[:6].tolist() == [0, 1, 2, 2, 2, 0]
    assert passes.sum() == 7


def _walk(xs: list[float], row: int) -> tuple[list[float], list[float]]:
    """A walk through the centres `xs` standing on the floor whose top is `row`."""
    return xs, [row * TILE] * len(xs)


def test_a_zig_zag_up_stacked_floors_walks_each_floor_once(tool):
    # Right along the floor at row 20, left along the one at row 16, right at row 12:
    # the gatehouse's switchback crosses every column three times, on three floors.
    right = [8.0 + 16 * k for k in range(10)]
    parts = [_walk(right, 20), _walk(right[::-1], 16), _walk(right, 12)]
    xs = [x for part, _ in parts for x in part]
    stands = [y for _, part in parts for y in part]
    most, per_metre = tool.floor_passes(xs, stands, 40)
    assert per_metre == 1.0 and most.max() == 1
    passes = tool.cell_passes(np.array(xs), 40)
    assert passes[1:9].tolist() == [3] * 8, "per column it is three walks"


def test_a_walk_back_along_one_floor_walks_it_twice_even_up_a_stair(tool):
    # Right up a stair (a row higher every column: one floor), then back down it.
    xs = [8.0 + 16 * k for k in range(10)]
    stands = [(20 - k // 2) * TILE for k in range(10)]
    most, per_metre = tool.floor_passes(xs + xs[::-1], stands + stands[::-1], 40)
    assert most[1:9].tolist() == [2] * 8
    assert per_metre == 2.0


def test_a_floor_three_rows_up_is_another_floor_and_two_rows_up_is_not(tool):
    xs = [8.0 + 16 * k for k in range(10)]
    for rows_up, expected in ((3, 1.0), (2, 2.0)):
        stands = [20 * TILE] * 10 + [(20 - rows_up) * TILE] * 10
        _, per_metre = tool.floor_passes(xs + xs[::-1], stands, 40)
        assert per_metre == expected, rows_up


def test_a_jump_that_lands_where_it_left_walks_no_height(tool, tmp_path):
    masks = [0] * 5 + [int(B.JUMP)] * 20 + [0] * 60  # (held from the start is no press)
    trace, _ = tool.watch(level(tmp_path, OPEN), 1, masks)
    assert max(trace.ys) - min(trace.ys) > 2 * TILE, "it did jump"
    assert set(trace.stands) == {(FLOOR_ROW + 1) * TILE}


def test_on_a_climb_the_metres_are_the_rows_crossed_by_the_height_stood_at(tool, tmp_path):
    tower = ["." * 10] * 28 + ["..P.......", "#" * 10]  # taller than wide
    _, stage = tool.watch(level(tmp_path, tower), 1, [])
    n = 5
    trace = tool.Trace(
        xs=[40.0] * n,
        ys=[0.0] * n,
        stands=[464.0, 464.0, 400.0, 400.0, 336.0],  # up four rows, then four more
        in_view=[False] * n,
        intro=[False] * n,
    )
    report = tool.summarise(trace, stage, "run")
    assert report.walk_axis == "row"
    assert [r for r, passes in enumerate(report.walks) if passes] == list(range(21, 29))
    assert report.walked_per_metre == 1.0 and report.walked_max == 1


def test_the_picture_marks_each_life_lost_where_it_was_lost(tool, pit_run, tmp_path, capsys):
    out = tmp_path / "report"
    assert tool.main([str(pit_run), "--out", str(out), "--json"]) == 0
    (report,) = json.loads(capsys.readouterr().out)
    assert report["reproduced"], "watching the run changed it"
    assert report["lives_lost"] == 3
    deaths = [(d["x"], d["y"]) for d in report["deaths"]]
    assert all(8 * TILE < x < 11 * TILE for x, _ in deaths), "in the pit"
    assert [d["what"] for d in report["deaths"]] == ["fell"] * 3
    image = pygame.image.load(str(out / "test.png"))
    assert report["png"].endswith("test.png")
    scale = 0.5

    def at(x: float, y: float) -> tuple[int, int]:
        return round(x * scale), round(tool.HEADER_H + y * scale)

    for x, y in deaths:
        cx, cy = at(x, y)
        assert tuple(image.get_at((cx + 6, cy)))[:3] == tool.DEATH
    # Nowhere else on the map: every pixel of the death colour is at a death (or its
    # number above it), or in the legend.
    pixels = pygame.surfarray.pixels3d(image)
    xs, ys = np.nonzero(np.all(pixels == tool.DEATH, axis=2))
    on_map = ys >= tool.HEADER_H
    spots = zip(xs[on_map], ys[on_map], strict=True)
    near = [min(math.dist((x, y), at(*d)) for d in deaths) for x, y in spots]
    assert near and max(near) < 24


def test_json_lists_every_figure_and_no_png_writes_none(tool, pit_run, tmp_path, capsys):
    out = tmp_path / "nothing"
    assert tool.main([str(pit_run), "--json", "--no-png", "--out", str(out)]) == 0
    (report,) = json.loads(capsys.readouterr().out)
    assert not out.exists() and report["png"] is None
    assert report["outcome"] == "dead" and report["kills"] == 0
    assert report["damage"] == 3 * 5, "each fall took a full health bar"
    assert report["walked_per_metre"] == 3.0, "three walks from the start into the pit"
    assert report["missed_targets"] == [
        "kills/min >= 20",
        "an enemy in view >= 90 % of the run",
        "no stretch > 8 s without one",
        "walked/m <= 1.5",
    ]


def test_a_replay_that_cannot_be_read_is_one_line_and_a_failure(tool, tmp_path, capsys):
    bad = tmp_path / "bad.replay"
    bad.write_text("{}")
    assert tool.main([str(bad), "--no-png"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.replay" in err


def test_a_map_too_large_for_its_art_is_drawn_from_its_solid_tiles(tool, tmp_path, monkeypatch):
    art = load_level(write_map(tmp_path, PIT))
    monkeypatch.setattr(tool, "MAX_FULL_SIZE", 40 * TILE * 17 * TILE - 1)
    surface = tool.map_surface(art, 0.5)
    assert surface.get_size() == (40 * 8, 17 * 8)
    floor_y = 16 * 8 + 4
    assert tuple(surface.get_at((4, floor_y)))[:3] == tool.SOLID_TILE
    assert tuple(surface.get_at((9 * 8 + 4, floor_y)))[:3] == tool.SKY, "the pit"


def test_field_figures_leave_out_a_boss_fight_and_count_the_enemies_in_view(tool, tmp_path):
    # Two soldiers in view that never die and a player who does not fire: outside any
    # boss fight every enemy shot is a field shot, and two enemies are always in view.
    masks = [int(B.NONE)] * 300
    objs = (soldier(10, speed=0, fire_rate=1, health=99), soldier(14, speed=0, health=99))
    trace, stage = tool.watch(level(tmp_path, OPEN, *objs), 1, masks)
    report = tool.summarise(trace, stage, "run")
    assert trace.enemy_shots > 0 and trace.field_shots == trace.enemy_shots
    assert report.field_shots_per_minute == pytest.approx(report.enemy_shots_per_minute)
    assert report.enemies_in_view == pytest.approx(2.0)
    # The same steps counted as a boss's fight: its shots are no field shots, and the
    # field figures cover only the steps outside it.
    fight = tool.Trace(
        in_view=trace.in_view,
        intro=trace.intro,
        xs=trace.xs,
        ys=trace.ys,
        stands=trace.stands,
        enemies_seen=[2] * 150 + [5] * 150,
        boss_fight=[False] * 150 + [True] * 150,
        enemy_shots=30,
        field_shots=10,
    )
    report = tool.summarise(fight, stage, "run")
    assert report.enemies_in_view == pytest.approx(2.0)  # the boss's half left out
    assert report.field_shots_per_minute == pytest.approx(10 / (150 * DT / 60))
    assert report.enemy_shots_per_minute == pytest.approx(30 / (300 * DT / 60))


def test_a_run_made_with_invincibility_is_reported_as_it_was_played(tool, tmp_path):
    """A designer's own run, recorded with the invincibility assist, walks into the pit
    and is put back on the ground each time: the report replays it with the assist, so
    the run reproduces and no life is lost, as in the game's own playback."""
    path = write_map(tmp_path, PIT)
    replay = Replay(level=str(path), seed=3, masks=[int(B.RIGHT)] * 300)
    replay.assists = Assists(invincible=True)
    stage = play(replay)
    replay.state_hash, replay.outcome = stage.state_hash(), stage.outcome
    replay.save(tmp_path / "assisted.replay")
    assert stage.player.lives == 3  # the game's playback: put back, never killed

    report = tool.report_run(tmp_path / "assisted.replay", None, 0.5)
    assert report.reproduced
    assert report.deaths == [] and report.lives_lost == 0
