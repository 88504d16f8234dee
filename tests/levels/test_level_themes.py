"""Level themes: a layout's `@tileset NAME` makes its map use assets/tiles_NAME.tsx,
a recolouring of assets/tiles.tsx with the same tiles, so a theme never changes where
the player can stand; a map's `backdrop` property picks the sky and scenery behind the
tiles. A name with no such tileset or backdrop is refused in one line."""

from __future__ import annotations

import importlib.util
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import numpy as np
import pygame
import pytest

from ascii_maps import write_map
from checkout import ROOT
from gunner.assets import Art
from gunner.check import check_file
from gunner.level import LevelError, load_level
from gunner.objects import BACKDROPS
from gunner.render import draw_background

ASSETS = ROOT / "assets"

LAYOUT = "@name Theme\n" + "........\n" * 4 + ".P....E.\n" + "######EE\n" + "########\n"
LAYOUT = LAYOUT.replace("######EE\n", "#####..#\n").replace(".P....E.", ".P...E..")


@pytest.fixture(scope="module")
def art() -> Art:
    return Art()


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


# -- the themed tilesets -------------------------------------------------------------------

THEMES = ("refinery", "fortress", "siege", "ascent")
SIGNS = (14, 24)  # the warning arrow and the EXIT sign read the same in every level
DIRT_FILL = 1


def _props(node: ET.Element) -> dict[str, str]:
    return {p.get("name", ""): p.get("value", "") for p in node.iter("property")}


def _tiles(tsx: Path) -> tuple[dict[str, str], dict[int, dict[str, str]], str]:
    """A tileset's attributes (but its name), its tiles' properties and its image file."""
    root = ET.parse(tsx).getroot()
    attributes = {k: v for k, v in root.attrib.items() if k != "name"}
    props = {
        int(tile.get("id", "-1")): {
            p.get("name", ""): p.get("value", "") for p in tile.iter("property")
        }
        for tile in root.iter("tile")
    }
    image = root.find("image")
    assert image is not None
    return attributes, props, image.get("source", "")


def _cell(rgba: np.ndarray, tile_id: int) -> np.ndarray:
    x, y = (tile_id % 8) * 16, (tile_id // 8) * 16
    return rgba[x : x + 16, y : y + 16]


def _rgba(png: Path) -> np.ndarray:
    image = pygame.image.load(str(png))
    return np.dstack([pygame.surfarray.array3d(image), pygame.surfarray.array_alpha(image)])


@pytest.mark.parametrize("theme", THEMES)
def test_a_themed_tileset_is_the_default_one_in_other_colours(theme: str) -> None:
    attributes, props, image = _tiles(ASSETS / "tiles.tsx")
    themed_attributes, themed_props, themed_image = _tiles(ASSETS / f"tiles_{theme}.tsx")
    assert themed_attributes == attributes and themed_props == props  # the same collision
    assert themed_image == f"tiles_{theme}.png"
    default, themed = _rgba(ASSETS / image), _rgba(ASSETS / themed_image)
    assert (themed[..., 3] == default[..., 3]).all(), "every tile keeps its shape"
    ground = _cell(themed, DIRT_FILL)[..., :3] != _cell(default, DIRT_FILL)[..., :3]
    assert ground.any(axis=-1).mean() > 0.9, "the ground is in the theme's colours"
    for sign in SIGNS:
        assert (_cell(themed, sign) == _cell(default, sign)).all()


def test_the_themes_look_different_from_each_other() -> None:
    fills = [_cell(_rgba(ASSETS / f"tiles_{t}.png"), DIRT_FILL) for t in THEMES]
    fills.append(_cell(_rgba(ASSETS / "tiles.png"), DIRT_FILL))
    for i, a in enumerate(fills):
        for b in fills[i + 1 :]:
            assert not (a == b).all()


def _map_with_tileset(tmp_path: Path, level: Path, tsx: str) -> Path:
    """A copy of a shipped map beside a view of the assets, using tileset `tsx`."""
    (tmp_path / "assets").symlink_to(ASSETS, target_is_directory=True)
    (tmp_path / "levels").mkdir()
    text = re.sub(r'source="[^"]*\.tsx"', f'source="../assets/{tsx}"', level.read_text())
    copy = tmp_path / "levels" / level.name
    copy.write_text(text)
    return copy


@pytest.mark.parametrize("name", ["level4", "level5"])
def test_a_themed_level_has_the_solid_tiles_of_the_default_tileset(name, tmp_path) -> None:
    shipped = ROOT / "levels" / f"{name}.tmx"
    themed = load_level(shipped)
    plain = load_level(_map_with_tileset(tmp_path, shipped, "tiles.tsx"))
    assert themed.files[1].name.startswith("tiles_"), "the shipped level has its own theme"
    assert (themed.solid == plain.solid).all()
    # ... and looks different: the ground tile is drawn in other colours.
    gid = 1 + DIRT_FILL
    assert pygame.image.tobytes(themed.images[gid], "RGBA") != pygame.image.tobytes(
        plain.images[gid], "RGBA"
    )


def test_a_layout_can_pick_a_themed_tileset_and_check_it(tool, tmp_path) -> None:
    src = tmp_path / "src" / "themed.txt"
    src.parent.mkdir()
    src.write_text("@tileset fortress\n" + LAYOUT)
    out = tmp_path / "themed.tmx"
    text = tool.build(src, out)
    (source,) = _tileset_sources(text)
    assert (out.parent / source).resolve() == ASSETS / "tiles_fortress.tsx"
    assert tool.check(src).exit_reachable
    out.write_text(text)
    assert check_file(out) == []


# -- the backdrops -------------------------------------------------------------------------


def test_an_unknown_backdrop_is_refused_in_one_line_naming_the_choices(tmp_path) -> None:
    path = write_map(tmp_path, ["P...E", "#####"])
    path.write_text(
        path.read_text().replace(
            "<properties>", '<properties><property name="backdrop" value="moon"/>', 1
        )
    )
    (line,) = check_file(path)
    assert str(path) in line and "backdrop" in line and "'moon'" in line
    assert all(name in line for name in BACKDROPS)
    with pytest.raises(LevelError) as refused:
        load_level(path, images=False)
    assert str(path) in str(refused.value) and "\n" not in str(refused.value)


@pytest.mark.parametrize("name", BACKDROPS)
def test_every_backdrop_is_drawn_and_wraps(name: str, art: Art) -> None:
    far, near = art.backdrop(name)
    assert far.get_width() == near.get_width() == 480
    assert far.get_height() >= 270 and near.get_height() >= 270
    assert (pygame.surfarray.array_alpha(far) == 255).all(), "the far layer hides the void"
    near_alpha = pygame.surfarray.array_alpha(near)
    # Only smoke or a wisp of cloud crosses the top of the near layer: the sky shows.
    assert (near_alpha[:, :40] == 0).mean() > 0.8, "the near layer leaves the sky to the far one"
    for layer in (far, near):
        rgb = pygame.surfarray.array3d(layer).astype(int)
        seam = np.abs(rgb[-1] - rgb[0]).mean()
        typical = np.abs(rgb[1:] - rgb[:-1]).mean()
        assert seam <= 3 * typical + 4, "the wrap seam looks like any other column pair"


def test_the_backdrops_differ(art: Art) -> None:
    fars = [pygame.image.tobytes(art.backdrop(n)[0], "RGB") for n in BACKDROPS]
    assert len(set(fars)) == len(BACKDROPS)


def _drawn(art: Art, backdrop: str, cam_y: float, world_h: int) -> pygame.Surface:
    surface = pygame.Surface((480, 270))
    draw_background(surface, art, 0.0, cam_y, world_h, backdrop)
    return surface


def test_a_climbs_backdrop_shows_higher_sky_as_the_view_rises(art: Art) -> None:
    far, _ = art.backdrop("ascent")
    assert far.get_height() > 270, "the climb's sky is taller than the view"
    world_h = 176 * 16
    top, bottom = _drawn(art, "ascent", 0.0, world_h), _drawn(art, "ascent", world_h - 270, world_h)
    # At the top of the tower the top of the sky is seen; at its foot, the horizon.
    assert top.get_at((0, 0)) == far.get_at((0, 0))
    assert bottom.get_at((0, 0)) == far.get_at((0, far.get_height() - 270))
    assert top.get_at((0, 0)) != bottom.get_at((0, 0))


def test_a_map_without_backdrop_keeps_the_default_look(art: Art) -> None:
    assert art.backdrop("") == art.backdrop("outpost") == (art.bg_far, art.bg_near)
    assert pygame.image.tobytes(_drawn(art, "", 0.0, 640), "RGB") == pygame.image.tobytes(
        _drawn(art, "outpost", 0.0, 640), "RGB"
    )


# -- the campaign --------------------------------------------------------------------------

LEVELS = sorted((ROOT / "levels").glob("level*.tmx"))


@pytest.mark.parametrize("level", LEVELS, ids=[p.stem for p in LEVELS])
def test_each_level_has_its_theme_files(level: Path) -> None:
    root = ET.parse(level).getroot()
    props = {p.get("name"): p.get("value") for p in root.iterfind("properties/property")}
    for tileset in root.iter("tileset"):
        tsx = level.parent / tileset.get("source", "")
        assert tsx.is_file(), tsx
        assert (tsx.parent / _tiles(tsx)[2]).is_file()
    backdrop = props.get("backdrop") or "outpost"
    assert backdrop in BACKDROPS
    suffix = "" if backdrop == "outpost" else f"_{backdrop}"
    for layer in ("far", "near"):
        assert (ASSETS / f"bg_{layer}{suffix}.png").is_file()
    assert (ASSETS / "music" / f"{props.get('music') or level.stem}.wav").is_file()


def test_each_level_has_its_own_music() -> None:
    tracks = []
    for level in LEVELS:
        root = ET.parse(level).getroot()
        props = {p.get("name"): p.get("value") for p in root.iterfind("properties/property")}
        tracks.append(props.get("music") or level.stem)
    assert len(set(tracks)) == len(tracks), tracks


def test_the_siege_and_the_climb_have_looks_of_their_own() -> None:
    looks = []
    for name in ("level4", "level5"):
        level = load_level(ROOT / "levels" / f"{name}.tmx", images=False)
        looks.append((level.properties.get("backdrop"), level.files[1].name))
    assert looks == [("siege", "tiles_siege.tsx"), ("ascent", "tiles_ascent.tsx")]
