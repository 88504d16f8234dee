"""The shipped versus arenas: built from their layouts, valid, and arenas indeed (two
or more spawn points, no exit); a layout for one without enough spawn points is refused."""

from types import ModuleType

import pytest

from checkout import import_tool
from gunner.check import check_file
from gunner.config import ARENAS_DIR
from gunner.level import load_level

ARENAS = sorted(ARENAS_DIR.glob("*.tmx"))


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    """tools/build_level.py (tools/ is not a package)."""
    return import_tool("build_level")


@pytest.mark.parametrize("path", ARENAS, ids=lambda p: p.stem)
def test_an_arena_is_its_layout_built_and_passes_check(path, tool):
    source = ARENAS_DIR / "src" / f"{path.stem}.txt"
    assert tool.build(source, path).encode("utf-8") == path.read_bytes()
    assert check_file(path) == []
    level = load_level(path, images=False)
    assert level.properties["mode"] == "versus"
    classes = [s.cls for s in level.spawns]
    assert classes.count("SpawnPoint") >= 2 and "Exit" not in classes


def test_the_builder_refuses_an_arena_with_one_spawn_point(tool):
    rows = ["#" * 12, "#..........#", "#.P....*...#", "#" * 12]
    layout = tool.parse_layout("@name Duel\n@mode versus\n" + "\n".join(rows) + "\n")
    with pytest.raises(tool.LayoutError, match="at least 2 spawn points"):
        tool.build_map(layout)
