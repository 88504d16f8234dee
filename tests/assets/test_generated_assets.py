"""The generated assets under assets/ match the layouts the game code relies on.

These check the committed output of tools/make_assets.py: sizes, tileset properties,
muzzle points that sit on the drawn gun, and sound formats and levels.
"""

from __future__ import annotations

import json
import os
import wave
import xml.etree.ElementTree as ET

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402

from checkout import ROOT

ASSETS = ROOT / "assets"

PNG_SIZES = {
    "tiles.png": (128, 64),
    "player.png": (320, 384),
    "player2.png": (320, 384),
    "bullet_player.png": (8, 8),
    "bullet_enemy.png": (8, 8),
    "muzzle_flash.png": (48, 16),
    "impact.png": (64, 16),
    "dust.png": (64, 16),
    "bg_far.png": (480, 270),
    "bg_near.png": (480, 270),
    "icon.png": (32, 32),
}
SOLID = {0, 1, 2, 3, 4, 5, 6, 16, 17, 18, 19, 20, 21, 22}
ONEWAY = {7, 8, 9}
SFX = [
    "shoot",
    "jump",
    "land",
    "hit_wall",
    "hurt",
    "death",
    "menu_move",
    "menu_select",
    "pause",
    "explosion",
]
AIM_ROWS = ["forward", "up", "diag_up", "diag_down", "down"]


def load(name: str) -> pygame.Surface:
    return pygame.image.load(str(ASSETS / name))


def alpha(name: str) -> np.ndarray:
    """Alpha channel as a (w, h) array."""
    return pygame.surfarray.array_alpha(load(name))


@pytest.mark.parametrize("name", sorted(PNG_SIZES))
def test_png_exists_with_exact_size(name: str) -> None:
    assert load(name).get_size() == PNG_SIZES[name]


def test_bg_far_is_opaque_and_both_backgrounds_wrap() -> None:
    assert (alpha("bg_far.png") == 255).all()
    for name in ("bg_far.png", "bg_near.png"):
        rgb = pygame.surfarray.array3d(load(name)).astype(int)
        # The wrap seam (right column next to left column) looks like any other column pair.
        seam = np.abs(rgb[-1] - rgb[0]).mean()
        typical = np.abs(rgb[1:] - rgb[:-1]).mean()
        assert seam <= 3 * typical + 4, name


def test_bg_near_is_transparent_at_the_top() -> None:
    a = alpha("bg_near.png")
    assert (a[:, :60] == 0).all()
    assert (a[:, -20:] == 255).all()


def test_tileset_properties() -> None:
    root = ET.parse(ASSETS / "tiles.tsx").getroot()
    assert root.tag == "tileset"
    assert root.get("version") == "1.8"
    for key, value in {
        "tilewidth": "16",
        "tileheight": "16",
        "tilecount": "32",
        "columns": "8",
    }.items():
        assert root.get(key) == value
    image = root.find("image")
    assert image is not None
    assert (image.get("source"), image.get("width"), image.get("height")) == (
        "tiles.png",
        "128",
        "64",
    )
    props: dict[int, dict[str, str]] = {}
    for tile in root.findall("tile"):
        tile_props = {
            p.get("name", ""): p.get("value", "")
            for p in tile.iter("property")
            if p.get("type") == "bool"
        }
        props[int(tile.get("id", "-1"))] = tile_props
    assert {i for i, p in props.items() if p.get("solid") == "true"} == SOLID
    assert {i for i, p in props.items() if p.get("oneway") == "true"} == ONEWAY


def test_tiles_drawn_where_expected() -> None:
    a = alpha("tiles.png")
    for tile_id in range(32):
        x, y = (tile_id % 8) * 16, (tile_id // 8) * 16
        cell = a[x : x + 16, y : y + 16]
        if tile_id >= 25:
            assert (cell == 0).all(), f"reserved tile {tile_id} is not transparent"
        else:
            assert cell.any(), f"tile {tile_id} is empty"
        if tile_id in ONEWAY:
            assert (cell[:, 5:] == 0).all(), "one-way girders draw only their top 5 rows"
            assert (cell[2:14, 0] > 0).all()
    for tile_id in {0, 1, 16, 17, 18, 19, 20, 4, 5, 6, 21, 22, 23}:
        x, y = (tile_id % 8) * 16, (tile_id // 8) * 16
        assert (a[x + 1 : x + 15, y + 1 : y + 16] == 255).all(), f"tile {tile_id} has holes"


def test_ground_tiles_join_seamlessly() -> None:
    rgb = pygame.surfarray.array3d(load("tiles.png")).astype(int)

    def tile(i: int) -> np.ndarray:
        return rgb[(i % 8) * 16 : (i % 8) * 16 + 16, (i // 8) * 16 : (i // 8) * 16 + 16]

    fill = tile(1)
    # Ground tiles share one 16-periodic dirt texture, so away from their grass caps and cliff
    # rims they are pixel-identical to the fill and join it (and each other) without seams.
    assert (tile(0)[:, 8:] == fill[:, 8:]).all()
    assert (tile(2)[4:, 8:] == fill[4:, 8:]).all()
    assert (tile(3)[:12, 8:] == fill[:12, 8:]).all()
    assert (tile(17)[4:] == fill[4:]).all()
    assert (tile(18)[:12] == fill[:12]).all()
    for i in (19, 20):
        assert (tile(i)[:, 8:] == fill[:, 8:]).all()
    # Stones stay clear of the tile border, so the stone variant joins the fill too.
    stones = tile(16)
    for edge in (stones[0], stones[15], stones[:, 0], stones[:, 15]):
        assert not (edge == np.array([168, 180, 188])).all(axis=-1).any()


def test_player_meta_and_muzzles_touch_the_gun() -> None:
    meta = json.loads((ASSETS / "player.json").read_text(encoding="utf-8"))
    assert (meta["frame_w"], meta["frame_h"], meta["columns"], meta["rows"]) == (32, 32, 10, 12)
    assert meta["anchor"] == [16, 32]
    assert set(meta["muzzle"]) == {*AIM_ROWS, "crouch"}
    a = alpha("player.png")
    rows = {aim: r for r, aim in enumerate(AIM_ROWS)} | {"crouch": 10}
    for aim, (mx, my) in meta["muzzle"].items():
        assert 0 <= mx < 32 and 0 <= my < 32, aim
        frame = a[0:32, rows[aim] * 32 : rows[aim] * 32 + 32]
        assert frame[mx, my] > 0, f"muzzle {aim} is not on a drawn pixel"
        # The barrel continues behind the muzzle point: at least 3 of its 8 neighbours are drawn.
        around = frame[max(mx - 1, 0) : mx + 2, max(my - 1, 0) : my + 2]
        assert (around > 0).sum() >= 4, f"muzzle {aim} is not at the end of the gun"
    fwd, up, down = meta["muzzle"]["forward"], meta["muzzle"]["up"], meta["muzzle"]["down"]
    assert fwd[0] > 22 and up[1] < 8 and down[1] > 22, "muzzles point the right way"


def test_shots_leave_from_the_drawn_barrel() -> None:
    # The game fires from its own muzzle table, never from the art: a redrawn gun
    # must end where the bullets start (or the table changes, and with it every replay).
    from gunner.entities.player import ANCHOR, MUZZLES

    meta = json.loads((ASSETS / "player.json").read_text(encoding="utf-8"))
    assert tuple(meta["anchor"]) == ANCHOR
    drawn = {aim: tuple(point) for aim, point in meta["muzzle"].items()}
    assert drawn == MUZZLES, "assets/player.json's muzzles differ from gunner/entities/player.py"


def test_player_frames_stand_on_the_floor_and_are_centred() -> None:
    a = alpha("player.png")

    def frame(row: int, col: int) -> np.ndarray:
        return a[col * 32 : col * 32 + 32, row * 32 : row * 32 + 32]  # indexed [x, y]

    for row in range(10):
        for col in range(8):  # idle and run frames are grounded
            assert frame(row, col)[:, 31].any(), f"frame {row},{col} does not touch y=31"
        feet = np.nonzero(frame(row, 0)[:, 28:].any(axis=1))[0]
        assert abs((feet.min() + feet.max()) / 2 - 16) <= 1.5, f"row {row} feet off-centre"
        if row not in (1, 6):  # aiming up, the gun rises above the head
            ys = np.nonzero(frame(row, 0)[:24].any(axis=0))[0]
            assert 26 <= 32 - ys.min() <= 29, f"row {row} standing height"
    crouch_top = np.nonzero(frame(10, 0).any(axis=0))[0].min()
    assert 17 <= 32 - crouch_top <= 20, "crouch height"
    for row, cols in ((10, range(2, 10)), (11, range(5, 10))):
        for col in cols:
            assert not frame(row, col).any(), f"unused cell {row},{col} is not transparent"
    for row, col in [(10, 0), (10, 1)] + [(11, c) for c in range(5)]:
        assert frame(row, col).any(), f"cell {row},{col} is empty"


@pytest.mark.parametrize("name", [f"sfx/{n}.wav" for n in SFX] + ["music/level1.wav"])
def test_wav_format_and_level(name: str) -> None:
    path = ASSETS / name
    if name.startswith("music/") and not path.exists():
        pytest.skip("optional music track not generated")
    with wave.open(str(path), "rb") as w:
        assert (w.getframerate(), w.getnchannels(), w.getsampwidth()) == (22050, 1, 2)
        data = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(float) / 32768
    max_seconds = 17.0 if name.startswith("music/") else 0.85
    assert 0.03 < len(data) / 22050 <= max_seconds
    peak_db = 20 * np.log10(np.max(np.abs(data)))
    assert -12 <= peak_db <= 0, f"{name} peak {peak_db:.1f} dBFS"
    # Faded in and out: starts and ends at silence, ramping over a few milliseconds.
    assert abs(data[0]) < 0.01 and abs(data[-1]) < 0.01, "click at start or end"
    edge = int(22050 * 0.0005)
    assert np.max(np.abs(data[:edge])) < 0.25 and np.max(np.abs(data[-edge:])) < 0.25, "clicks"


def _entity_sheet_names() -> set[str]:
    """Every sheet the entities draw from: `art.sheet("name", ...)` or `sheet = "name"`."""
    import re

    source = ROOT / "gunner" / "entities"
    pattern = re.compile(r'(?:art\.sheet\(|\bsheet = )"(\w+)"')
    return {m for f in source.glob("*.py") for m in pattern.findall(f.read_text())}


@pytest.mark.parametrize("name", sorted(_entity_sheet_names()))
def test_a_missing_sprite_sheet_stops_the_game_at_start_up(tmp_path, name: str) -> None:
    # Sheets are cut on first draw; without the check at start-up a missing one would
    # end the game mid-level, when the first of its kind comes on screen.
    import shutil

    from gunner.assets import Art, AssetError

    assets = tmp_path / "assets"
    shutil.copytree(ASSETS, assets)
    (assets / f"{name}.png").unlink()
    with pytest.raises(AssetError, match=rf"{name}\.png: missing"):
        Art(assets)


def test_the_rifleman_stands_out_on_grey_metal():
    # He was drawn in the fortress's own steel greys and vanished against its walls.
    steel = np.array([(58, 66, 80), (102, 114, 128), (168, 180, 188)], dtype=float)
    sheet = pygame.image.load(str(ASSETS / "rifleman.png"))
    frame = sheet.subsurface((0, 0, 32, 32))
    rgb = pygame.surfarray.array3d(frame).reshape(-1, 3).astype(float)
    alpha = pygame.surfarray.array_alpha(frame).reshape(-1)
    body = rgb[alpha > 0]
    near = np.min(np.linalg.norm(body[:, None, :] - steel[None, :, :], axis=2), axis=1) < 40
    assert near.mean() < 0.25, f"{near.mean():.0%} of him is steel grey"
