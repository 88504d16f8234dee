"""Loading Tiled maps: solidity from tile properties, spawns, clear errors."""

import subprocess
import sys

import pytest

from ascii_maps import write_map
from gunner.level import EMPTY, ONEWAY, SOLID, LevelError, load_level


def test_solidity_and_spawns_come_from_the_map(tmp_path):
    path = write_map(tmp_path, ["......", "..P..E", "==....", "######"])
    level = load_level(path, images=False)
    assert (level.width, level.height) == (6, 4)
    assert level.name == "Test Range"
    assert level.solid.dtype.name == "uint8"
    assert list(level.solid[3]) == [SOLID] * 6
    assert list(level.solid[2][:3]) == [ONEWAY, ONEWAY, EMPTY]
    (player,) = level.spawns_of("Player")
    assert player.foot == (2 * 16 + 8, 2 * 16)
    assert len(level.spawns_of("Exit")) == 1


def test_missing_player_is_refused(tmp_path):
    path = write_map(tmp_path, ["....", "####"])
    with pytest.raises(LevelError, match="no Player object"):
        load_level(path, images=False)


@pytest.mark.parametrize(
    ("content", "cause"),
    [
        ("<map", "not valid XML"),
        ("<tileset/>", "not a Tiled map"),
        (
            '<map orientation="isometric" width="4" height="4" tilewidth="16" tileheight="16"/>',
            "isometric maps are not supported",
        ),
        (
            '<map orientation="orthogonal" infinite="1" width="4" height="4" tilewidth="16" '
            'tileheight="16"/>',
            "infinite maps are not supported",
        ),
        (
            '<map orientation="orthogonal" width="4" height="4" tilewidth="32" tileheight="32"/>',
            "tile size 32x32 is not supported",
        ),
        (
            '<map orientation="orthogonal" width="1000000" height="1000000" tilewidth="16" '
            'tileheight="16"/>',
            "too large",
        ),
    ],
)
def test_broken_maps_give_one_line_errors(tmp_path, content, cause):
    path = tmp_path / "bad.tmx"
    path.write_text(content)
    with pytest.raises(LevelError) as info:
        load_level(path, images=False)
    message = str(info.value)
    assert message.startswith(str(path)) and cause in message
    assert "\n" not in message


def test_missing_tileset_names_the_file(tmp_path):
    path = write_map(tmp_path, ["P...", "####"])
    (tmp_path / "t.tsx").unlink()
    with pytest.raises(LevelError, match="t.tsx"):
        load_level(path, images=False)


def test_cli_refuses_a_broken_map_without_a_traceback(tmp_path):
    path = tmp_path / "broken.tmx"
    path.write_text("<map")
    run = subprocess.run(
        [sys.executable, "-m", "gunner", "--headless", "--level", str(path), "--frames", "1"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 1
    assert run.stdout == ""
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and str(path) in lines[0] and "not valid XML" in lines[0]


def test_layers_are_numbered_as_pytmx_numbers_them(tmp_path):
    # The loader numbers tiles itself, once per distinct tile (pytmx did it once per
    # cell, most of the load of a map of many layers); the numbers must stay pytmx's,
    # flipped tiles and tiles first used on a later layer included.
    import pytmx

    path = write_map(tmp_path, ["......", "......", "..P..E", "######"])
    flipped = [0x80000001, 2, 0x40000002, 0, 0x20000001, 0xC0000001]
    second = (
        '<layer id="7" name="deco" width="6" height="4"><data encoding="csv">'
        + ",".join(str(g) for g in flipped + [0] * 18)
        + "</data></layer>"
    )
    text = path.read_text()
    path.write_text(text.replace("<objectgroup", second + "<objectgroup"))
    level = load_level(path, images=False)
    alone = pytmx.TiledMap(str(path))
    assert [layer.gids.tolist() for layer in level.layers] == [
        [list(row) for row in layer.data] for layer in alone.layers[:2]
    ]
    assert len(set(level.layers[1].gids[0].tolist())) == 6  # every flip its own number


@pytest.mark.parametrize(
    ("cells", "cause"),
    [
        ("0 0,0,0,1,1,1", "has tile data that is not a list of numbers"),
        ("+0,0,0,1,1,1", None),  # int() reads it; so does the loader
        ("0,0,0,1,1,1,", "has 7 tiles of data, expected 6"),
        ("0,0,0,1,1,99999999999", "has a tile number out of range"),
        ("0,0,0,1,1,١", None),  # an Arabic-Indic one: int() reads that too
    ],
)
def test_odd_csv_is_read_as_before(tmp_path, cells, cause):
    path = write_map(tmp_path, ["P.E", "###"])
    text = path.read_text()
    start = text.index('<data encoding="csv">') + len('<data encoding="csv">')
    path.write_text(text[:start] + cells + text[text.index("</data>") :])
    if cause is None:
        assert load_level(path, images=False).solid.tolist() == [[0, 0, 0], [1, 1, 1]]
        return
    with pytest.raises(LevelError) as info:
        load_level(path, images=False)
    assert str(info.value) == f"{path}: layer 'ground' {cause}"


def test_a_stray_layer_outside_the_layer_tree_takes_no_real_layers_place(tmp_path):
    # pytmx collects every <layer> in the file; the game's layer tree only those of the
    # map and its groups. Matched by position, this one's cells (all solid) were used
    # for "ground": a level of solid rock.
    path = write_map(tmp_path, ["........", "..P...E.", "########"])
    bogus = (
        '<editorsettings><layer id="50" name="stray" width="8" height="3">'
        f'<data encoding="csv">{",".join(["1"] * 24)}</data></layer></editorsettings>'
    )
    tileset = '<tileset firstgid="1" source="t.tsx"/>'
    path.write_text(path.read_text().replace(tileset, tileset + bogus))
    level = load_level(path, images=False)
    assert level.solid.tolist() == [[EMPTY] * 8, [EMPTY] * 8, [SOLID] * 8]
