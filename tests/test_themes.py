"""Level themes: a layout's `@tileset NAME` makes its map use assets/tiles_NAME.tsx,
a recolouring of assets/tiles.tsx with the same tiles, so a theme never changes where
the player can stand; a name with no such tileset is refused in one line."""

from __future__ import annotations

import importlib.util
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"

LAYOUT = "@name Theme\n" + "........\n" * 4 + ".P....E.\n" + "######EE\n" + "########\n"
LAYOUT = LAYOUT.replace("######EE\n", "#####..#\n").replace(".P....E.", ".P...E..")


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    """tools/build_level.py, imported by path (tools/ is not a package)."""
    spec = importlib.util.spec_from_file_location("build_level", ROOT / "tools" / "build_level.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being built
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    return module


def _tileset_sources(tmx_text: str) -> list[str]:
    return [ts.get("source", "") for ts in ET.fromstring(tmx_text).iter("tileset")]


def test_a_layout_without_tileset_line_uses_the_default_tileset(tool, tmp_path) -> None:
    src = tmp_path / "src" / "plain.txt"
    src.parent.mkdir()
    src.write_text(LAYOUT)
    out = tmp_path / "plain.tmx"
    text = tool.build(src, out)
    assert _tileset_sources(text) == [tool.tileset_source_for(out)]
    assert (out.parent / _tileset_sources(text)[0]).resolve() == ASSETS / "tiles.tsx"
    assert 'name="tileset"' not in text


def test_an_unknown_tileset_is_refused_in_one_line_naming_the_line(tool, tmp_path) -> None:
    src = tmp_path / "odd.txt"
    src.write_text("@tileset ../../etc/passwd\n" + LAYOUT)
    with pytest.raises(tool.LayoutError) as refused:
        tool.build(src, tmp_path / "odd.tmx")
    message = str(refused.value)
    assert "\n" not in message
    assert f"{src}:1" in message and "unknown tileset '../../etc/passwd'" in message
    assert tool.main([str(src), "-o", str(tmp_path / "odd.tmx")]) == 2
    assert not (tmp_path / "odd.tmx").exists()
