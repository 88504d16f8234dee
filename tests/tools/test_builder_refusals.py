"""The level builder's check (tools/build_level.py --check) refuses layouts that kill the
player rather than the enemies: a ledge he cannot leave, a required jump with under 12 px
to spare, a required landing one tile wide over a drop. It stands on bridges and
collapsing floors, and so does the bot's model."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from checkout import ROOT


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    sys.path.insert(0, str(ROOT / "tools"))
    spec = importlib.util.spec_from_file_location("build_level", ROOT / "tools" / "build_level.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["build_level"] = module
    spec.loader.exec_module(module)
    return module


def check(tool: ModuleType, rows: list[str]):
    """The check's result for a layout of `rows` (every row the same width)."""
    text = "@name Test\n" + "\n".join(rows) + "\n"
    return tool.check_level(tool.build_map(tool.parse_layout(text, "test.txt")))


def report(tool: ModuleType, rows: list[str]) -> list[str]:
    text = "@name Test\n" + "\n".join(rows) + "\n"
    level = tool.build_map(tool.parse_layout(text, "test.txt"))
    return tool.report(Path("levels/src/test.txt"), tool.check_level(level), level)


# A floor, a ledge two tiles up to the right, and a ceiling four tiles over the floor:
# the real jump's head stops at the ceiling, 4 px above the ledge's floor.
LOW_CEILING = [
    "############",
    "............",
    "..........E.",
    ".......#####",
    ".P..........",
    "############",
]


def test_a_layout_with_room_to_spare_passes(tool: ModuleType) -> None:
    rows = ["." * 12] + LOW_CEILING[1:]  # the same ledge under the open sky
    result = check(tool, rows)
    assert result.reachable and result.refusals == []


def test_a_required_jump_with_under_12_px_to_spare_is_refused(tool: ModuleType) -> None:
    result = check(tool, LOW_CEILING)
    assert result.reachable  # the model alone would let it pass
    assert result.refusals
    for (col, row), why in result.refusals:
        assert row == 2 and 7 <= col <= 10
        assert "clears this floor by only 4 px (12 needed)" in why
    lines = report(tool, LOW_CEILING)
    assert "levels/src/test.txt: 7,2: a required jump or drop (from " in "\n".join(lines)


def test_one_more_tile_of_headroom_passes(tool: ModuleType) -> None:
    rows = ["############", *LOW_CEILING[1:2], *LOW_CEILING[1:]]  # ceiling a tile higher
    assert check(tool, rows).refusals == []


def test_an_optional_tight_jump_passes(tool: ModuleType) -> None:
    # The tight ledge is a side trip: the exit lies along the floor.
    rows = [*LOW_CEILING[:2], "." * 12, "###.........", "...P......E.", "############"]
    result = check(tool, rows)
    assert result.reachable and result.refusals == []
    assert (1, 2) in {s[:2] for s in result.seen}  # he can still get up there


# A bottomless pit crossed by way of a pillar one tile wide (or two).
def pillar(width: int) -> list[str]:
    return [
        "." * 16,
        ".P" + "." * 12 + "E.",
        "###..." + "#" * width + "..." + "#" * (7 - width),
    ]


def test_a_required_one_tile_landing_over_a_pit_is_refused(tool: ModuleType) -> None:
    result = check(tool, pillar(1))
    assert result.reachable
    assert {cell for cell, _ in result.refusals} == {(6, 1)}
    assert all("one tile wide over a drop" in why for _, why in result.refusals)


def test_a_landing_two_tiles_wide_passes(tool: ModuleType) -> None:
    assert check(tool, pillar(2)).refusals == []


def test_a_ledge_the_player_cannot_leave_is_refused(tool: ModuleType, tmp_path) -> None:
    # A hole in the floor drops him onto a one-tile pillar over a bottomless cavern,
    # too far below the hole to jump back up.
    rows = [
        "............",
        ".P........E.",
        "#####.######",
        "#####.######",
        "#####.######",
        "#####.######",
        "............",
        ".....#......",
        ".....#......",
    ]
    result = check(tool, rows)
    assert result.reachable  # the way to the exit is fine: the hole is a trap
    assert ((5, 6), "a ledge the player cannot leave but into a pit") in result.refusals
    path = tmp_path / "trap.txt"
    path.write_text("@name Trap\n" + "\n".join(rows) + "\n")
    assert tool.main(["--check", str(path)]) == 1


def test_the_jump_model_is_the_games_own(tool: ModuleType) -> None:
    # A held jump rises about 86 px (5.4 tiles): above the model's 4-tile landings, below
    # the 5 tiles it never lets a jump climb.
    assert 4 * 16 + 12 < tool.JUMP_APEX < 5 * 16 + 12


# -- bridges and collapsing floors are floor to the model -------------------------------


@pytest.mark.parametrize("char", ["_", "%"])
def test_the_check_crosses_a_pit_on_a_bridge_or_crumbling_floor(tool, char: str) -> None:
    # A soldier may stand on it too (the builder places him on its floor).
    rows = ["." * 20, ".P....s.........E...", "###" + char * 12 + "#####"]
    result = check(tool, rows)
    assert result.reachable and result.refusals == []
    gap = ["." * 20, ".P..............E...", "###" + "." * 12 + "#####"]
    assert not check(tool, gap).exit_reachable  # the same pit without it


def test_the_bots_model_stands_on_the_bridge(tool: ModuleType, tmp_path) -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    import bot

    from gunner.level import SOLID, load_level
    from gunner.stage import Stage

    text = "@name Test\n" + "\n".join(["." * 20, ".P..............E...", "###____________#####"])
    src = tmp_path / "b.txt"
    src.write_text(text + "\n")
    out = tmp_path / "b.tmx"
    out.write_text(tool.build(src, out))
    planner = bot.Planner(Stage(load_level(out, images=False)))
    assert all(planner.grid[2][c] == SOLID for c in range(3, 15))
    assert (16, 1) in planner.field(frozenset(), "exit", [(16, 1)])
    assert (1, 1) in planner.field(frozenset(), "exit", [(16, 1)])


def test_two_at_lines_giving_one_object_two_values_are_refused(tool: ModuleType) -> None:
    """A designer who gives one gate two `kind`s (two `@at` lines for the same cell)
    would see only the last one take effect: the builder names both lines instead."""
    rows = ["..........", ".P......G.", "##########"]
    text = "@at 8,1 wave=1 kind=Runner\n@at 8,1 kind=Soldier count=4\n" + "\n".join(rows) + "\n"
    with pytest.raises(
        tool.LayoutError,
        match=r"test.txt:2: kind of the object at 8,1 is already Runner \(line 1\)",
    ):
        tool.parse_layout(text, "test.txt")
    # Lines that add to one object, or repeat a value, still merge.
    text = "@at 8,1 wave=1 kind=Runner\n@at 8,1 count=4 kind=Runner\n" + "\n".join(rows) + "\n"
    layout = tool.parse_layout(text, "test.txt")
    assert layout.overrides[(8, 1)] == {"wave": "1", "kind": "Runner", "count": "4"}
