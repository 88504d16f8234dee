"""What a designer draws in Tiled is what the game shows.

The maps in tests/tiled/ each exercise Tiled features (animated tiles, image layers,
parallax, layer and group offsets, opacity, tint, tile offsets, groups, tile objects,
templates, fractional offsets). tests/tiled/ref/ holds what Tiled's own renderer,
`tmxrasterizer` 1.8.2, made of them (re-render with `python tools/tiled_references.py`
where Tiled is installed); here the game's renderer draws the same maps and the pixels
are compared.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pygame
import pytest

from checkout import TESTS
from gunner.check import check_file
from gunner.config import STEPS_PER_SECOND
from gunner.level import EMPTY, SOLID, ImageLayer, LevelError, ObjectTiles, load_level, read_level
from gunner.render import draw_layers
from gunner.tiled import layer_tree

MAPS = TESTS / "tiled"
REFS = sorted((MAPS / "ref").glob("*.png"))
BACKDROP = (40, 44, 52)
# Largest difference allowed in any colour channel: tint and opacity are blended in
# 8-bit steps by both renderers, which round differently by one.
CHANNEL_TOLERANCE = 2
# Pixels allowed to differ, by reference, and why.
ALLOWED = {
    # At a half-pixel offset Qt rounds a mirrored tile the other way: the two flipped
    # tiles of this map land one pixel apart from Tiled's (37 pixels in their edges).
    "fractional@0": 48,
}


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    yield


def reference_origin(path: Path) -> tuple[int, int]:
    """tmxrasterizer grows its image to hold every layer's offset: where the map's own
    (0, 0) lies in the reference."""
    nodes = layer_tree(ET.parse(path).getroot())
    left = max([0.0] + [-n.look.dx for n in nodes])
    top = max([0.0] + [-n.look.dy for n in nodes])
    return math.ceil(left), math.ceil(top)


def game_render(path: Path, size: tuple[int, int], ms: float) -> np.ndarray:
    level = read_level(path)
    left, top = reference_origin(path)
    surface = pygame.Surface(size)
    surface.fill(BACKDROP)
    draw_layers(surface, level, -left, -top, ms)
    return pygame.surfarray.array3d(surface).astype(np.int16)


def tiled_render(ref: Path) -> np.ndarray:
    picture = pygame.image.load(str(ref))
    surface = pygame.Surface(picture.get_size())
    surface.fill(BACKDROP)
    surface.blit(picture, (0, 0))
    return pygame.surfarray.array3d(surface).astype(np.int16)


def test_every_feature_map_has_a_reference():
    rendered = {ref.stem.split("@")[0] for ref in REFS}
    assert rendered == {path.stem for path in MAPS.glob("*.tmx")}
    assert len(REFS) >= 10


@pytest.mark.parametrize("ref", REFS, ids=[ref.stem for ref in REFS])
def test_the_game_draws_the_map_as_tiled_does(ref):
    stem, ms = ref.stem.split("@")
    want = tiled_render(ref)
    got = game_render(MAPS / f"{stem}.tmx", want.shape[:2], float(ms))
    differ = np.abs(got - want).max(axis=2) > CHANNEL_TOLERANCE
    assert int(differ.sum()) <= ALLOWED.get(ref.stem, 0), (
        f"{int(differ.sum())} pixels differ from Tiled's render; first at "
        f"{tuple(int(v) for v in np.argwhere(differ)[0])}"
    )
    # Not a blank comparison: the reference holds drawn tiles, not just the backdrop.
    assert (np.abs(want - np.array(BACKDROP)).max(axis=2) > 0).mean() > 0.1


def test_animated_tiles_follow_the_simulation_clock():
    level = read_level(MAPS / "animated.tmx")
    gid = int(level.layers[1].gids[2, 1])  # unflipped; the map also flips two
    assert len(level.animations) == 3
    animation = level.animations[gid]
    # Frames of 100, 100 and 200 ms: tile 2, 3, 4 of the tileset, then round again.
    shown = [animation.frame_at(ms) for ms in (0, 99, 100, 200, 399, 400)]
    assert shown[0] == shown[1] == shown[5] != shown[2]
    assert shown[3] == shown[4] not in (shown[0], shown[2])
    # The game's clock is the step count: step 9 is 150 ms in, the second frame.
    assert level.images_at(9 * 1000 / STEPS_PER_SECOND)[gid] is level.images[shown[2]]


def test_hidden_layers_and_hidden_groups_are_neither_drawn_nor_solid():
    level = read_level(MAPS / "layers.tmx")
    names = [layer.name for layer in level.layers]
    assert "hidden" not in names and "lost" not in names
    assert "inner" in names  # a shown layer of a shown group stays
    # Both hidden layers hold solid tiles (row 4); the player must not hit them.
    assert (level.solid[4] == EMPTY).all()
    shown = read_level(MAPS / "animated.tmx")
    assert (shown.solid[5] == SOLID).all()


def test_group_settings_fold_down_to_their_layers():
    level = read_level(MAPS / "layers.tmx")
    inner = next(layer for layer in level.layers if layer.name == "inner")
    look = inner.look
    assert (look.dx, look.dy) == (16.0, 16.0)  # the group's 16, 8 plus its own 0, 8
    assert look.opacity == pytest.approx(0.6)
    assert look.tint == (192, 255, 255, 255)


def parallax_screen_x(level, layer_name: str, camera_x: float) -> int:
    """Where the left edge of a layer's first tile lands on screen."""
    layer = next(layer for layer in level.layers if layer.name == layer_name)
    surface = pygame.Surface((130, 96))
    surface.fill((0, 0, 0))
    draw_layers(surface, level, camera_x, 0, 0)
    # Columns holding this layer's colour (tile 4 is yellow, tile 5 purple).
    colour = {"far": (220, 190, 60), "deep": (170, 70, 190)}[layer.name]
    rgb = pygame.surfarray.array3d(surface)
    columns = np.nonzero((rgb == colour).all(axis=2).any(axis=1))[0]
    return int(columns[0])


def test_parallax_moves_layers_by_their_factor_times_the_camera():
    level = read_level(MAPS / "parallax.tmx")
    # A factor of 0.5 moves 16 px on screen when the camera moves 32; a 0.5 layer in
    # a 0.5 group moves a quarter as far as the world.
    far0, far32 = parallax_screen_x(level, "far", 0), parallax_screen_x(level, "far", 32)
    deep0, deep32 = parallax_screen_x(level, "deep", 0), parallax_screen_x(level, "deep", 32)
    assert far0 - far32 == 16
    assert deep0 - deep32 == 8


def test_image_layers_draw_and_repeat():
    level = read_level(MAPS / "images.tmx")
    images = [layer for layer in level.layers if isinstance(layer, ImageLayer)]
    # The empty image layer Tiled saves for a new layer loads and draws nothing.
    assert [layer.name for layer in images] == ["backdrop", "band", "ghost"]
    band = images[1]
    assert band.repeat_x and not band.repeat_y
    surface = pygame.Surface((400, 96))
    draw_layers(surface, level, 0, 0, 0)
    # The backdrop's yellow square recurs every 40 px along the repeating band.
    rgb = pygame.surfarray.array3d(surface)
    hits = [x for x in range(400) if tuple(rgb[x, 48]) == (250, 220, 120)]
    assert len(hits) >= 9 * 6 and max(hits) > 360


def test_tile_objects_are_drawn_unless_hidden_and_spawned_when_they_have_a_class():
    level = read_level(MAPS / "objects.tmx")
    (decor,) = [layer for layer in level.layers if isinstance(layer, ObjectTiles)]
    assert decor.name == "props"
    assert len(decor.tiles) == 4  # five tile objects, one of them hidden
    spawns = read_level(MAPS / "load" / "spawns.tmx").spawns
    crate = next(s for s in spawns if s.name == "crate")
    assert crate.cls == "Pickup" and (crate.x, crate.y, crate.w, crate.h) == (160, 80, 16, 16)


def test_templates_merge_under_the_objects_own_values():
    level = read_level(MAPS / "load" / "spawns.tmx")
    spawns = {s.name: s for s in level.spawns}
    # Hot reload watches the templates too: editing one reloads the map.
    assert {f.name for f in level.files} >= {"soldier.tx", "crate.tx", "tiles.tsx"}
    assert spawns["from template"].cls == "Soldier"
    assert spawns["from template"].props["health"] == 7
    assert spawns["from template"].props["speed"] == 25.0
    assert spawns["tougher"].props["health"] == 12  # its own value wins
    assert spawns["tougher"].props["speed"] == 25.0  # the rest from the template


def test_hidden_objects_and_layers_spawn_nothing_and_offsets_move_spawns():
    spawns = {s.name: s for s in read_level(MAPS / "load" / "spawns.tmx").spawns}
    for hidden in ("hidden object", "in hidden layer", "in hidden group"):
        assert hidden not in spawns
    assert (spawns["shifted"].x, spawns["shifted"].y) == (56.5, 112.0)
    level = load_level(MAPS / "load" / "spawns.tmx")
    assert len(level.spawns_of("Soldier")) == 3


def test_a_collection_tile_draws_only_its_sub_rectangle():
    level = read_level(MAPS / "load" / "subrect.tmx")
    gid = int(level.layers[1].gids[2, 3])
    image = level.images[gid]
    assert image.get_size() == (16, 16)
    assert tuple(image.get_at((8, 8)))[:3] == (60, 60, 220)  # the middle third, blue


def test_tall_tiles_stand_on_their_cell_and_tile_offsets_shift():
    level = read_level(MAPS / "objects.tmx")
    offsets = sorted(set(level.tile_offsets.values()))
    assert (0, -16) in offsets  # the 16x32 tile rises above its cell, as in Tiled
    assert (4, -3) in offsets  # the shifted tileset's tile offset


def write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


def map_with(objects: str, extra: str = "") -> str:
    rows = ",\n".join(",".join(["0"] * 4) for _ in range(3)) + ",\n" + ",".join(["1"] * 4)
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" width="4" height="4" tilewidth="16"
 tileheight="16" infinite="0">
 <tileset firstgid="1" source="{(MAPS / "tiles.tsx").as_posix()}"/>
 <layer id="1" name="ground" width="4" height="4"{extra}>
  <data encoding="csv">
{rows}
</data>
 </layer>
 <objectgroup id="2" name="actors">
  <object id="1" type="Player" x="24" y="48"><point/></object>
{objects}
 </objectgroup>
</map>
"""


@pytest.mark.parametrize(
    ("template", "content", "message"),
    [
        ("gone.tx", None, "missing template gone.tx"),
        ("bad.tx", "<template><object", "template bad.tx not valid XML"),
        ("dtd.tx", '<!DOCTYPE x [<!ENTITY a "b">]><template/>', "template dtd.tx declares"),
        ("plain.tx", "<tileset/>", "template plain.tx is not a Tiled object template"),
        ("json.tj", "{}", "template json.tj is not a .tx file (save it as .tx)"),
    ],
)
def test_a_missing_or_hostile_template_is_one_line(tmp_path, template, content, message):
    if content is not None:
        write(tmp_path / template, content)
    path = write(
        tmp_path / "m.tmx", map_with(f'<object id="2" template="{template}" x="8" y="48"/>')
    )
    with pytest.raises(LevelError) as info:
        read_level(path, images=False)
    line = str(info.value)
    assert line.startswith(f"{path}: ") and message in line and "\n" not in line


def test_a_json_map_is_told_to_be_saved_as_tmx(tmp_path):
    path = write(tmp_path / "level.tmj", "{}")
    assert check_file(path) == [f"{path}: map: is a JSON map; open it in Tiled and save it as .tmx"]


def test_fractional_offsets_and_empty_image_layers_load():
    # Both as Tiled 1.8 saves them; pytmx alone refused each.
    assert read_level(MAPS / "fractional.tmx", images=False).layers[1].look.dx == 8.5
    assert read_level(MAPS / "images.tmx", images=False)


def test_check_names_what_the_game_cannot_show_as_tiled_does(tmp_path):
    rotated = '<object id="2" gid="5" x="8" y="40" width="16" height="16" rotation="30"/>'
    path = write(tmp_path / "m.tmx", map_with(rotated, extra=' offsetx="4"'))
    lines = check_file(path)
    assert f"{path}: layer 'ground': holds solid tiles but is offset or has parallax" in lines[0]
    assert any("object 2: tile object is rotated; it is drawn unrotated" in line for line in lines)
    plain = write(tmp_path / "plain.tmx", map_with(""))
    assert check_file(plain) == []
