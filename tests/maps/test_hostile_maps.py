"""Broken and hostile maps: each is refused with one exact line, fast, without a traceback."""

import base64
import gzip
import os
import re
import resource
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import numpy as np
import pytest

from ascii_maps import png, write_map
from checkout import TESTS
from gunner.level import LevelError, load_level

BROKEN = TESTS / "maps" / "broken"

# file -> the cause after "PATH: ", exactly.
EXPECTED = {
    "malformed.tmx": "not valid XML (unclosed token: line 2, column 0)",
    "unknown_encoding.tmx": "not valid XML (unknown encoding: x-no-such-codec; save it as UTF-8)",
    "not_a_map.tmx": "not a Tiled map (root element is <tileset>, not <map>)",
    "isometric.tmx": "isometric maps are not supported, only orthogonal",
    "infinite.tmx": "infinite maps are not supported; untick Infinite in Map Properties",
    "tile_size.tmx": "tile size 32x32 is not supported; tiles must be 16x16",
    "huge.tmx": "map size 1000000x1000000 tiles is too large (limit 4,000,000 tiles)",
    "billion_laughs.tmx": "declares a DOCTYPE; maps must not declare DTDs or entities",
    "external_entity.tmx": "declares a DOCTYPE; maps must not declare DTDs or entities",
    "missing_tileset.tmx": "missing tileset nowhere.tsx",
    "json_tileset.tmx": "tileset t.tsj is a JSON tileset; save it as .tsx in Tiled",
    "missing_image.tmx": "missing image gone.png",
    "not_png.tmx": "image not_png.png is not a PNG file (only PNG images are used)",
    "zstd.tmx": "layer 'ground' uses zstd compression, which the game cannot read; "
    "choose Base64 (zlib) or CSV",
    "hex_encoding.tmx": (
        "layer 'ground' uses 'hex' tile data; save it as CSV or Base64 (zlib or gzip)"
    ),
    "xml_tiles.tmx": "layer 'ground' uses XML tile data; save it as CSV or Base64 (zlib or gzip)",
    "short_layer.tmx": "layer 'ground' has 7 tiles of data, expected 8",
    "short_base64.tmx": "layer 'ground' has 7 tiles of data, expected 8",
    "layer_size.tmx": "layer 'ground' is 3x2 tiles, but the map is 4x2",
    "gid_beyond.tmx": "layer 'ground' cell (2, 1) uses tile 99, but the tilesets hold 2 tiles",
    "bad_property.tmx": "object 1 '' (Player): property 'hp' is not a whole number",
    "nan_object.tmx": "object 1 x 'nan' is not a number",
}


def test_the_table_covers_the_whole_corpus():
    assert sorted(p.name for p in BROKEN.glob("*.tmx")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_broken_map_gets_its_one_line(name):
    path = BROKEN / name
    with pytest.raises(LevelError) as info:
        load_level(path, images=False)
    assert str(info.value) == f"{path}: {EXPECTED[name]}"


def bomb(compression: str, mib: int = 1024) -> bytes:
    """A valid zlib or gzip stream of `mib` MiB of zeros, about 1 KB per MiB, made in ~0.5 s.

    Compressing a GiB would take seconds; instead one MiB is deflated with a full flush
    (byte-aligned, no back-references across it) and that block is repeated.
    """
    chunk = bytes(1 << 20)
    packer = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    body = packer.compress(chunk) + packer.flush(zlib.Z_FULL_FLUSH)
    stream = body * mib + b"\x03\x00"  # then an empty final block
    if compression == "zlib":
        adler = 1
        for _ in range(mib):
            adler = zlib.adler32(chunk, adler)
        return b"\x78\xda" + stream + adler.to_bytes(4, "big")
    crc = 0
    for _ in range(mib):
        crc = zlib.crc32(chunk, crc)
    header = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"
    return header + stream + struct.pack("<II", crc, (mib << 20) & 0xFFFFFFFF)


def test_the_bomb_is_a_real_stream():
    for compression, wbits in (("zlib", zlib.MAX_WBITS), ("gzip", zlib.MAX_WBITS | 16)):
        inflater = zlib.decompressobj(wbits)
        data = bomb(compression, mib=4)
        assert len(inflater.decompress(data)) == 4 << 20 and inflater.eof
    assert gzip.decompress(bomb("gzip", mib=2)) == bytes(2 << 20)


def _bomb_map(directory: Path, compression: str) -> Path:
    """A 2000x2000 map (within limits) whose one layer inflates to 1 GiB instead of 16 MB."""
    data = bomb(compression)
    assert len(data) < 2_000_000  # the file itself is small: that is the trick
    path = write_map(directory, ["P.", "##"], name=f"{compression}_bomb.tmx")
    text = path.read_text()
    start, end = text.index("<layer"), text.index("</layer>") + len("</layer>")
    layer = (
        '<layer id="1" name="ground" width="2000" height="2000">'
        f'<data encoding="base64" compression="{compression}">'
        f"{base64.b64encode(data).decode()}</data></layer>"
    )
    text = text[:start] + layer + text[end:]
    text = text.replace('width="2" height="2"', 'width="2000" height="2000"', 1)
    path.write_text(text)
    return path


@pytest.mark.parametrize("compression", ["zlib", "gzip"])
def test_decompression_bombs_are_refused_before_they_inflate(tmp_path, compression):
    path = _bomb_map(tmp_path, compression)
    peak_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with pytest.raises(LevelError) as info:
        load_level(path, images=False)
    grown_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - peak_before
    assert str(info.value) == (
        f"{path}: layer 'ground' tile data inflates to more than the 4,000,000 tiles it should hold"
    )
    # The layer may hold 16 MB; the bomb would be 1 GiB. Allow the 16 MB and some slack.
    assert grown_kib < 100 * 1024


def test_a_tileset_that_is_a_fifo_is_never_opened(tmp_path):
    path = write_map(tmp_path, ["P.", "##"])
    (tmp_path / "t.tsx").unlink()
    os.mkfifo(tmp_path / "t.tsx")  # opening it for reading would block forever
    with pytest.raises(LevelError) as info:
        load_level(path, images=False)
    assert str(info.value) == f"{path}: tileset t.tsx is not a regular file"


def test_a_directory_as_map_or_tileset(tmp_path):
    with pytest.raises(LevelError, match="is a directory"):
        load_level(tmp_path, images=False)
    path = write_map(tmp_path, ["P.", "##"])
    (tmp_path / "t.tsx").unlink()
    (tmp_path / "t.tsx").mkdir()
    with pytest.raises(LevelError) as info:
        load_level(path, images=False)
    assert str(info.value) == f"{path}: tileset t.tsx is a directory, not a file"


def test_a_hostile_tileset_is_refused_like_a_hostile_map(tmp_path):
    path = write_map(tmp_path, ["P.", "##"])
    laughs = (BROKEN / "billion_laughs.tmx").read_text()
    (tmp_path / "t.tsx").write_text(
        laughs.replace("<map ", "<tileset ").replace("</map>", "</tileset>")
    )
    with pytest.raises(LevelError) as info:
        load_level(path, images=False)
    assert str(info.value) == (
        f"{path}: tileset t.tsx declares a DOCTYPE; maps must not declare DTDs or entities"
    )


def test_a_giant_png_header_is_refused_before_decoding(tmp_path):
    path = write_map(tmp_path, ["P.", "##"])
    png = bytearray((tmp_path / "t.png").read_bytes())
    png[16:24] = (100_000).to_bytes(4, "big") * 2  # claims 100000x100000 px: 40 GB decoded
    (tmp_path / "t.png").write_bytes(bytes(png))
    with pytest.raises(LevelError) as info:
        load_level(path, images=True)
    assert str(info.value) == f"{path}: image t.png is 100000x100000 px (limit 8192x8192)"


def test_cli_refuses_hostile_maps_with_one_line_and_exit_1():
    for name in ("billion_laughs.tmx", "huge.tmx", "zstd.tmx"):
        path = BROKEN / name
        run = subprocess.run(
            [sys.executable, "-m", "gunner", "--headless", "--level", str(path)],
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert run.returncode == 1
        assert run.stderr == f"gunner: {path}: {EXPECTED[name]}\n"


# -- mistyped, non-finite and out-of-reach values: one line from --check, load and play --


def _soldier(value: str, prop: str = "health", cls: str = "Soldier") -> str:
    return (
        f'<object id="90" type="{cls}" x="40" y="32"><properties>'
        f'<property name="{prop}" value="{value}"/></properties><point/></object>'
    )


MISTYPED = [
    (
        "Soldier",
        "health",
        "lots",
        "property 'health' should be a whole number from 1 to 1000, not 'lots'",
    ),
    (
        "Soldier",
        "health",
        "0x10",
        "property 'health' should be a whole number from 1 to 1000, not '0x10'",
    ),
    (
        "Soldier",
        "health",
        "1e39",
        "property 'health' should be a whole number from 1 to 1000, not '1e39'",
    ),
    ("Soldier", "speed", "-nan", "property 'speed' should be a number from 0 to 400, not '-nan'"),
    ("Soldier", "speed", "inf", "property 'speed' should be a number from 0 to 400, not 'inf'"),
    ("Rifleman", "range", "far", "property 'range' should be a number from 0 to 2000, not 'far'"),
    ("OilDrum", "radius", "huge", "property 'radius' should be a number from 1 to 256, not 'huge'"),
    ("OilDrum", "radius", "1e308", "property 'radius' is '1e308', not a number from 1 to 256"),
    (
        "Pickup",
        "ammo",
        "-0.0",
        "property 'ammo' should be a whole number from 0 to 9999, not '-0.0'",
    ),
    ("Turret", "fire_rate", "0", "property 'fire_rate' is '0', not a number from 0.3 to 60"),
]


@pytest.mark.parametrize("cls,prop,value,message", MISTYPED, ids=lambda v: str(v)[:12])
def test_mistyped_properties_are_one_line_everywhere(tmp_path, cls, prop, value, message):
    rows = ["........", "..P.....", "########"]
    path = write_map(tmp_path, rows, extra_objects=_soldier(value, prop, cls))
    where = f"object 90 '' ({cls})"
    with pytest.raises(LevelError) as refused:
        load_level(path, images=False)
    assert str(refused.value) == f"{path}: {where}: {message}"
    from gunner.check import check_file

    assert check_file(path) == [f"{path}: {where}: {message}"]


def test_valid_numbers_in_text_are_used_as_numbers(tmp_path):
    rows = ["........", "..P.....", "########"]
    path = write_map(tmp_path, rows, extra_objects=_soldier("7"))
    level = load_level(path, images=False)
    (soldier,) = level.spawns_of("Soldier")
    assert soldier.props["health"] == 7 and isinstance(soldier.props["health"], int)
    from gunner.stage import Stage

    stage = Stage(level)
    assert next(e for e in stage.entities if e.kind == "Soldier").health == 7


@pytest.mark.parametrize(
    "geometry,message",
    [
        (
            'x="40" y="1e30"',
            "position (40, 1e+30) is far outside the map",
        ),
        ('x="nan" y="16"', "x 'nan' is not a number"),
        (
            'x="16" y="0" width="16" height="1e30"',
            "size 16x1e+30 does not fit the map",
        ),
    ],
    ids=["far", "nan", "tall door"],
)
def test_positions_and_sizes_out_of_reach_are_refused(tmp_path, geometry, message):
    extra = (
        f'<object id="91" type="Door" {geometry}><properties>'
        '<property name="color" value="red"/></properties></object>'
    )
    path = write_map(tmp_path, ["........", "..P.....", "########"], extra_objects=extra)
    with pytest.raises(
        LevelError,
        match=re.escape(message),
    ):
        load_level(path, images=False)


def _with_map_property(path: Path, name: str, value: str) -> None:
    text = path.read_text()
    path.write_text(
        text.replace("<properties>", f'<properties><property name="{name}" value="{value}"/>', 1)
    )


def test_a_megabyte_map_name_and_an_objective_typo_are_refused(tmp_path):
    path = write_map(tmp_path, ["........", "..P.....", "########"])
    _with_map_property(path, "objective", "exit,kill_al")
    with pytest.raises(LevelError) as refused:
        load_level(path, images=False)
    assert str(refused.value) == (
        f"{path}: map: property 'objective' names 'kill_al'; use exit, destroy_drums, kill_all, "
        "boss, waves (comma-separated)"
    )
    path = write_map(tmp_path, ["........", "..P.....", "########"])
    path.write_text(path.read_text().replace('value="Test Range"', f'value="{"A" * 1_000_000}"'))
    with pytest.raises(LevelError, match="property 'name' should be text of at most 60"):
        load_level(path, images=False)


def test_ten_thousand_objects_are_refused_in_one_line(tmp_path):
    many = "".join(
        f'<object id="{1000 + k}" type="Soldier" x="{40 + k % 50}" y="32"><point/></object>'
        for k in range(10_000)
    )
    path = write_map(tmp_path, ["........", "..P.....", "########"], extra_objects=many)
    with pytest.raises(LevelError, match=r"map: 10001 objects; at most 2000$"):
        load_level(path, images=False)


def test_an_exit_placed_as_a_point_can_still_be_reached(tmp_path):
    from gunner.input import Buttons
    from gunner.stage import Stage

    exit_point = '<object id="92" type="Exit" x="88" y="32"><point/></object>'
    path = write_map(tmp_path, ["..........", "..P.......", "##########"], extra_objects=exit_point)
    stage = Stage(load_level(path, images=False))
    for _ in range(120):
        stage.step(Buttons.RIGHT)
        if stage.outcome:
            break
    assert stage.outcome == "complete"


def _corrupt_png(path: Path) -> None:
    """A PNG whose header is right but whose pixel data is not a zlib stream."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        )

    header = struct.pack(">IIBBBBB", 32, 16, 8, 2, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", b"not zlib at all")
        + chunk(b"IEND", b"")
    )


def test_a_corrupt_png_is_refused_by_check_as_in_play_in_one_line(tmp_path):
    path = write_map(tmp_path, ["........", "..P.....", "########"])
    _corrupt_png(tmp_path / "t.png")
    check = subprocess.run(
        [sys.executable, "-m", "gunner", "--check", str(path)],
        capture_output=True,
        text=True,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy"},
    )
    assert check.returncode == 1
    assert check.stdout.count("\n") == 1 and "image t.png cannot be decoded" in check.stdout
    assert check.stderr == ""  # libpng's own complaint is silenced
    play = subprocess.run(
        [sys.executable, "-m", "gunner", "--headless", "--level", str(path), "--frames", "5"],
        capture_output=True,
        text=True,
    )
    assert play.returncode == 1 and play.stdout == ""
    assert play.stderr.count("\n") == 1 and str(path) in play.stderr


@pytest.mark.parametrize("attr,value", [("spacing", "-15"), ("margin", "-4"), ("spacing", "9999")])
def test_tileset_slicing_that_would_blow_up_is_refused(tmp_path, attr, value):
    # A negative spacing made pytmx slice the image in 1 px steps: 9 GB and 89 s once.
    path = write_map(tmp_path, ["........", "..P.....", "########"])
    tsx = tmp_path / "t.tsx"
    tsx.write_text(tsx.read_text().replace('tilecount="2"', f'{attr}="{value}" tilecount="2"'))
    with pytest.raises(LevelError) as refused:
        load_level(path, images=False)
    assert str(refused.value) == f"{path}: tileset t.tsx {attr} {value} must be from 0 to 64 pixels"


def test_a_tileset_swapped_for_a_fifo_after_the_check_does_not_hang(tmp_path, monkeypatch):
    # stat() sees a regular file, then a FIFO is in its place when it is opened.
    path = write_map(tmp_path, ["........", "..P.....", "########"])
    fifo = tmp_path / "swap.fifo"
    os.mkfifo(fifo)
    real_open = os.open

    def swapped_open(target, flags, *args):
        if str(target).endswith("t.tsx"):
            target = fifo
        return real_open(target, flags, *args)

    monkeypatch.setattr(os, "open", swapped_open)
    with pytest.raises(LevelError, match=r"tileset t.tsx is not a regular file"):
        load_level(path, images=False)


def test_every_file_of_a_map_is_read_once_and_loaded_from_those_bytes(tmp_path, monkeypatch):
    """What was checked is what is loaded: the map, its tileset and its image are each
    opened once, and swapping one afterwards (even for a FIFO) changes nothing."""
    import builtins

    import pygame

    pygame.display.init()
    pygame.display.set_mode((1, 1))
    path = write_map(tmp_path, ["........", "..P.....", "########"])
    opened: list[str] = []
    real_open, real_builtin_open = os.open, builtins.open

    def counting_open(target, flags, *args):
        opened.append(Path(target).name)
        return real_open(target, flags, *args)

    def no_reopen(file, *args, **kwargs):  # pytmx, ElementTree or pygame by path
        if Path(str(file)).name in ("test.tmx", "t.tsx", "t.png"):
            raise AssertionError(f"{file} opened a second time")
        return real_builtin_open(file, *args, **kwargs)

    monkeypatch.setattr(os, "open", counting_open)
    monkeypatch.setattr(builtins, "open", no_reopen)
    real_load = pygame.image.load

    def load_from_bytes_only(source, *args):
        assert not isinstance(source, (str, Path)), f"{source} decoded from the file again"
        return real_load(source, *args)

    monkeypatch.setattr(pygame.image, "load", load_from_bytes_only)
    level = load_level(path)
    assert sorted(opened) == ["t.png", "t.tsx", "test.tmx"]
    assert level.images[int(level.layers[0].gids[2, 0])].get_size() == (16, 16)


# -- what --check says and what play does: the same verdict, in one line ---------------


def verdicts(path: Path) -> tuple[list[str], str]:
    """What `--check` prints for a map, and what play says when it loads it (with images)."""
    import pygame

    from gunner.check import check_file

    pygame.display.init()
    pygame.display.set_mode((1, 1))
    checked = check_file(path)
    try:
        load_level(path)
    except LevelError as exc:
        return checked, str(exc)
    return checked, "plays"


def refused_alike(path: Path, cause: str) -> None:
    """`--check` lists `cause` and play refuses the map with exactly it, in one line."""
    checked, played = verdicts(path)
    assert played.split(" (and ")[0] == f"{path}: {cause}"
    assert f"{path}: {cause}" in checked or f"{path}: map: {cause}" in checked
    assert "\n" not in played


def test_groups_nested_thousands_deep_load_and_check(tmp_path):
    # Tiled saves this without complaint; the layer walk must not recurse per group.
    path = write_map(tmp_path, ["........", "..P...E.", "########"])
    flat = load_level(path, images=False)
    text = path.read_text()
    start, end = text.index("<layer"), text.index("</layer>") + len("</layer>")
    depth = 3000
    groups = "".join(f'<group id="{100 + i}" name="g{i}">' for i in range(depth))
    path.write_text(text[:start] + groups + text[start:end] + "</group>" * depth + text[end:])
    assert verdicts(path) == ([], "plays")
    nested = load_level(path, images=False)
    assert np.array_equal(nested.solid, flat.solid)
    assert [layer.name for layer in nested.layers] == ["ground"]


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


ROOM = ["........", "..P...E.", "########"]


# Where write_map keeps each of a tileset's numbers, and the value it writes there.
NUMBERS = {"tilecount": ("t.tsx", "2"), "firstgid": ("test.tmx", "1")}
BEYOND_IMAGE = "is more than its image t.png holds (2 tiles of 16x16); fix the tileset in Tiled"
OUT_OF_RANGE = "must be from 1 to 268,435,455; let Tiled number the tilesets"


@pytest.mark.parametrize(
    ("number", "value", "cause"),
    [
        ("tilecount", "100000", f"tileset t.tsx tilecount 100,000 {BEYOND_IMAGE}"),
        ("tilecount", "3", f"tileset t.tsx tilecount 3 {BEYOND_IMAGE}"),
        ("firstgid", "2147483648", f"tileset t.tsx firstgid 2147483648 {OUT_OF_RANGE}"),
        ("firstgid", "0", f"tileset t.tsx firstgid 0 {OUT_OF_RANGE}"),
        (
            "firstgid",
            "268435455",
            "tileset t.tsx firstgid 268,435,455 leaves no room for its 2 tiles "
            "(tile numbers end at 268,435,455); let Tiled number the tilesets",
        ),
        # In range, but the layer's tiles 1 and 2 now belong to no tileset: the player
        # would fall through a floor that is drawn nowhere.
        (
            "firstgid",
            "100",
            "layer 'ground' cell (0, 2) uses tile 1, which no tileset holds "
            "(the tilesets start at tile 100)",
        ),
    ],
)
def test_tileset_numbers_beyond_sane_bounds_are_refused_alike(tmp_path, number, value, cause):
    path = write_map(tmp_path, ROOM)
    file, written = NUMBERS[number]
    _edit(tmp_path / file, f'{number}="{written}"', f'{number}="{value}"')
    refused_alike(path, cause)


def test_an_image_collection_claiming_more_tiles_than_it_lists_is_refused(tmp_path):
    path = write_map(tmp_path, ROOM)
    (tmp_path / "t.tsx").write_text(
        '<tileset name="c" tilewidth="16" tileheight="16" tilecount="9" columns="0">'
        '<tile id="0"><image source="t.png" width="32" height="16"/></tile>'
        '<tile id="1"><image source="t.png" width="32" height="16"/></tile></tileset>'
    )
    refused_alike(
        path,
        "tileset t.tsx tilecount 9 is more than the 2 tile images it lists; "
        "fix the tileset in Tiled",
    )


def test_a_tileset_with_a_margin_holds_the_tiles_tiled_counts(tmp_path):
    # 32x17 px with a 1 px margin holds one tile. Counted without the margin it held
    # two, and a map using the second passed --check while pytmx, cutting it past the
    # image's edge, failed in play.
    path = write_map(tmp_path, ROOM)
    (tmp_path / "t.png").write_bytes(png(32, 17))
    tsx = tmp_path / "t.tsx"
    _edit(tsx, 'tilecount="2"', 'tilecount="0" margin="1"')
    _edit(tsx, 'width="32" height="16"', 'width="32" height="17"')
    _edit(path, "1,1,1,1,1,1,1,1", "1,1,1,1,1,1,1,2")
    refused_alike(path, "layer 'ground' cell (7, 2) uses tile 2, but the tilesets hold 1 tile")
    _edit(path, "1,1,1,1,1,1,1,2", "1,1,1,1,1,1,1,1")
    assert verdicts(path) == ([], "plays")


def test_a_tile_between_two_tilesets_is_refused_alike(tmp_path):
    path = write_map(tmp_path, ROOM)
    first = '<tileset firstgid="1" source="t.tsx"/>'
    _edit(path, first, first + '<tileset firstgid="10" source="t.tsx"/>')
    _edit(path, "1,1,1,1,1,1,1,1", "1,1,1,1,1,1,1,5")
    refused_alike(path, "layer 'ground' cell (7, 2) uses tile 5, which falls between two tilesets")
    _edit(path, "1,1,1,1,1,1,1,5", "1,1,1,1,1,1,1,11")
    assert verdicts(path) == ([], "plays")


@pytest.mark.parametrize("where", ["tileset", "image layer"])
def test_a_bad_transparent_colour_is_refused_by_check_as_by_play(tmp_path, where):
    path = write_map(tmp_path, ROOM)
    if where == "tileset":
        _edit(tmp_path / "t.tsx", '<image source="t.png"', '<image source="t.png" trans="zzzzzz"')
        name = "t.png"
    else:
        (tmp_path / "bg.png").write_bytes(png(16, 16))
        layer = '<imagelayer id="9" name="bg"><image source="bg.png" trans="zzzzzz"/></imagelayer>'
        _edit(path, "<objectgroup", layer + "<objectgroup")
        name = "bg.png"
    refused_alike(path, f"image {name} transparent colour 'zzzzzz' is not #RRGGBB")


def test_a_transparent_colour_with_a_hash_plays(tmp_path):
    # Tiled writes `ff00ff`; pytmx prefixes `#` itself, so `#ff00ff` failed in play only.
    path = write_map(tmp_path, ROOM)
    _edit(tmp_path / "t.tsx", '<image source="t.png"', '<image source="t.png" trans="#808080"')
    assert verdicts(path) == ([], "plays")


def test_a_tile_with_a_source_attribute_plays_as_its_tileset_draws_it(tmp_path):
    # Tiled never writes `source` on a <tile>; pytmx loaded it as the tile's image in
    # play only ("image tiles.png was not checked before loading").
    path = write_map(tmp_path, ROOM)
    (tmp_path / "tiles.png").write_bytes(png(16, 16))
    _edit(tmp_path / "t.tsx", '<tile id="0">', '<tile id="0" source="tiles.png" probability="x">')
    assert verdicts(path) == ([], "plays")
    level = load_level(path)
    assert level.solid[2].tolist() == [1] * 8


@pytest.mark.parametrize("name", ["source", "trans", "frames", "width"])
def test_a_tile_property_named_like_a_tile_setting_is_refused_alike(tmp_path, name):
    path = write_map(tmp_path, ROOM)
    prop = f'<property name="{name}" value="nothere.png"/>'
    _edit(tmp_path / "t.tsx", '<tile id="1"><properties>', '<tile id="1"><properties>' + prop)
    refused_alike(
        path,
        f"tileset t.tsx tile 1 property '{name}' has a name Tiled and the game use for a "
        "tile's own settings; rename it",
    )


# -- shapes, placement and counts: refused by --check and play alike --------------------

EXIT_RECT = 'type="Exit" x="96" y="16" width="16" height="16"/>'


def _exit_shape(path: Path, shape: str) -> None:
    _edit(path, EXIT_RECT, f'type="Exit" x="96" y="16">{shape}</object>')


@pytest.mark.parametrize(
    ("points", "cause"),
    [
        ("0,0 16,0 nan,16", "polygon point 3 (nan, 16) is not a finite number"),
        ("0,0 16,0 16,-inf", "polygon point 3 (16, -inf) is not a finite number"),
        ("0,0 16,0 1e9,16", "polygon point 3 (1e+09, 32) is far outside the map"),
        # Refused before pytmx reads them (it would split them and fail, or allocate).
        ("0,0 16,0 16", "polygon point 3 '16' is not a pair of numbers"),
        ("0,0 16,0 1,2,3", "polygon point 3 '1,2,3' is not a pair of numbers"),
        (
            " ".join(f"{i % 16},{i % 7}" for i in range(1001)),
            "polygon has 1,001 points; at most 1,000",
        ),
    ],
)
def test_hostile_polygon_points_are_refused_alike_naming_the_object(tmp_path, points, cause):
    path = write_map(tmp_path, ROOM)
    _exit_shape(path, f'<polygon points="{points}"/>')
    refused_alike(path, f"object 2 '' (Exit): {cause}")


def test_a_polygon_of_a_thousand_points_is_used_whole(tmp_path):
    path = write_map(tmp_path, ROOM)
    points = " ".join(f"{i % 16},{i % 7}" for i in range(1000))
    _exit_shape(path, f'<polygon points="{points}"/>')
    assert verdicts(path) == ([], "plays")
    (exit_,) = load_level(path, images=False).spawns_of("Exit")
    assert len(exit_.points) == 1000


def test_a_platform_path_of_too_many_points_is_refused_not_cut(tmp_path):
    # It used to be cut to its first 1,000 points without a word.
    line = " ".join(f"{i % 64},0" for i in range(1500))
    objects = (
        '<object id="100" type="MovingPlatform" x="32" y="16" width="32" height="8">'
        '<properties><property name="path" type="object" value="101"/></properties></object>'
        f'<object id="101" x="48" y="16"><polyline points="{line}"/></object>'
    )
    path = write_map(tmp_path, ROOM, extra_objects=objects)
    refused_alike(path, "object 101 '' (no class): polyline has 1,500 points; at most 1,000")


def test_an_exit_walled_in_by_solid_tiles_is_refused_alike(tmp_path):
    # Drawn over the floor: the level could never be won.
    path = write_map(tmp_path, ROOM)
    _edit(path, EXIT_RECT, EXIT_RECT.replace('y="16"', 'y="32"'))
    refused_alike(
        path,
        "object 2 '' (Exit): exit (96, 32, 16x16) is wholly inside solid tiles; "
        "the player could never reach it",
    )
    # Half in the floor, half in the room: reachable, so it plays.
    _edit(path, 'y="32" width="16" height="16"', 'y="24" width="16" height="16"')
    assert verdicts(path) == ([], "plays")


def test_an_exit_placed_as_a_point_inside_a_wall_is_refused(tmp_path):
    rows = ["#######", "#....##", "#..P.##", "#######"]
    exit_ = '<object id="9" type="Exit" x="88" y="48"><point/></object>'
    path = write_map(tmp_path, rows, extra_objects=exit_)
    refused_alike(
        path,
        "object 9 '' (Exit): exit (80, 16, 16x32) is wholly inside solid tiles; "
        "the player could never reach it",
    )


def test_two_players_are_refused_by_play_as_by_check(tmp_path):
    # --check reported them while play started with the first one.
    second = '<object id="50" type="Player" x="40" y="32"><point/></object>'
    path = write_map(tmp_path, ROOM, extra_objects=second)
    refused_alike(path, "map: 2 Player objects (ids 1, 50); at most 1 allowed")


def test_no_player_and_a_player_in_a_wall_get_the_same_line_from_check_and_play(tmp_path):
    path = write_map(tmp_path, ["......E.", "########"])
    refused_alike(path, "map: no Player object; add one to an object layer")
    wall = write_map(tmp_path, ROOM, "wall.tmx")
    _edit(wall, 'type="Player" x="40" y="32"', 'type="Player" x="40" y="48"')
    refused_alike(wall, "object 1 '' (Player): spawn (40, 48) is inside a solid tile")


def test_a_boss_objective_without_a_boss_is_refused_by_play_too(tmp_path):
    path = write_map(tmp_path, ROOM)
    _edit(path, "<properties>", '<properties><property name="objective" value="boss"/>')
    refused_alike(path, "map: objective 'boss' but no boss in the map; place one")


# -- custom property names and types: refused naming the element and the property -------

SOLDIER = '<object id="7" name="guard" type="Soldier" x="40" y="32"><point/>{}</object>'


def _props(*props: str) -> str:
    return "<properties>" + "".join(props) + "</properties>"


@pytest.mark.parametrize("name", ["name", "type", "x", "gid"])
def test_an_object_property_named_like_a_tiled_field_is_refused_by_name(tmp_path, name):
    # pytmx said only "Reserved names and duplicate names are not allowed".
    prop = _props(f'<property name="{name}" value="1"/>')
    path = write_map(tmp_path, ROOM, extra_objects=SOLDIER.format(prop))
    refused_alike(
        path,
        f"object 7 'guard' (Soldier): property '{name}' has a name Tiled and the game use "
        "for an object's own settings; rename it",
    )


def test_a_property_set_twice_is_refused(tmp_path):
    prop = _props('<property name="health" value="3"/>', '<property name="health" value="9"/>')
    path = write_map(tmp_path, ROOM, extra_objects=SOLDIER.format(prop))
    refused_alike(path, "object 7 'guard' (Soldier): property 'health' is set twice; keep one")


def test_layer_and_map_properties_named_like_their_settings_are_refused(tmp_path):
    path = write_map(tmp_path, ROOM)
    _edit(path, 'height="3">', 'height="3">' + _props('<property name="opacity" value="1"/>'))
    refused_alike(
        path,
        "layer 'ground' property 'opacity' has a name Tiled and the game use for a layer's "
        "own settings; rename it",
    )
    path = write_map(tmp_path, ROOM, "map.tmx")
    _edit(path, '<property name="name"', '<property name="width" value="3"/><property name="name"')
    refused_alike(
        path,
        "map property 'width' has a name Tiled and the game use for a map's own settings; "
        "rename it",
    )


@pytest.mark.parametrize(
    ("element", "cause"),
    [
        ("group", "group 'g' property 'n' is not a whole number"),
        ("tileset", "tileset t.tsx property 'n' is not a whole number"),
    ],
)
def test_bad_property_values_on_groups_and_tilesets_are_named(tmp_path, element, cause):
    # They reached pytmx unchecked: "cannot be loaded (invalid literal for int() ...)".
    bad = _props('<property name="n" type="int" value="lots"/>')
    path = write_map(tmp_path, ROOM)
    if element == "group":
        text = path.read_text()
        start, end = text.index("<layer"), text.index("</layer>") + len("</layer>")
        path.write_text(
            text[:start]
            + f'<group id="9" name="g">{bad}'
            + text[start:end]
            + "</group>"
            + text[end:]
        )
    else:
        _edit(tmp_path / "t.tsx", ' <image source="t.png"', bad + ' <image source="t.png"')
    refused_alike(path, cause)


def test_a_flipped_animation_showing_a_tile_with_no_image_plays(tmp_path):
    # --check passed it; play died flipping an image that is not there (a TypeError).
    path = write_map(tmp_path, ["......", "..P..E", "######"])
    (tmp_path / "a.png").write_bytes(png(16, 16))
    (tmp_path / "c.tsx").write_text(
        '<tileset name="c" tilewidth="16" tileheight="16" tilecount="1" columns="0">'
        '<tile id="0"><image source="a.png" width="16" height="16"/>'
        '<animation><frame tileid="1" duration="100"/></animation></tile>'
        '<tile id="1"><properties><property name="note" value="no image"/></properties></tile>'
        "</tileset>"
    )
    first = '<tileset firstgid="1" source="t.tsx"/>'
    _edit(path, first, first + '<tileset firstgid="3" source="c.tsx"/>')
    _edit(path, "0,0,0,0,0,0,\n", f"{0x80000003},0,0,0,0,0,\n")  # tile 3, flipped
    assert verdicts(path) == ([], "plays")


@pytest.mark.parametrize(
    ("old", "new", "cause"),
    [
        (
            '<layer id="1"',
            '<layer visible="maybe" id="1"',
            "layer 'ground' visible 'maybe' is not true or false",
        ),
        (
            'type="Player"',
            'type="Player" visible="zz"',
            "object 1 '' (Player): visible 'zz' is not true or false",
        ),
        ("<map version", '<map hexsidelength="q" version', "map hexsidelength 'q' is not a number"),
    ],
)
def test_attributes_pytmx_casts_are_refused_in_the_designers_terms(tmp_path, old, new, cause):
    # pytmx failed on them in Python's words: "cannot parse "m" as bool".
    path = write_map(tmp_path, ROOM)
    _edit(path, old, new)
    refused_alike(path, cause)


def test_a_tileset_attribute_pytmx_cannot_read_is_named(tmp_path):
    path = write_map(tmp_path, ROOM)
    _edit(tmp_path / "t.tsx", 'columns="2"', 'columns="two"')
    refused_alike(path, "tileset 't' columns 'two' is not a whole number")


def test_level_select_refuses_a_corrupt_png_as_play_does(tmp_path):
    # The menu read maps without images and listed this one as playable.
    from gunner.customlevels import inspect

    path = write_map(tmp_path, ROOM)
    _corrupt_png(tmp_path / "t.png")
    checked, played = verdicts(path)
    # Play named the path twice: "cannot be loaded (PATH: image t.png cannot be ...)".
    assert played.startswith(f"{path}: image t.png cannot be decoded")
    assert checked == [played.replace(f"{path}: ", f"{path}: map: ")]
    assert inspect(path).problem == played
