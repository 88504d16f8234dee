"""A new weapon is one entry: a toy zapper, registered from a module written into a
temporary folder, and nothing else touched.

With only its module imported, `--check` accepts a Pickup (and a drop) of it and names
a mistyped item, the player picks it up and fires it headless, the HUD shows its label
and ammo, the art tool lays its pickup badge out and the game draws it, and the Tiled
project and the level builder list it.
"""

from __future__ import annotations

import importlib
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from ascii_maps import FIELD, FLOOR, make_stage, obj, write_map
from checkout import ROOT, import_tool
from gunner import text
from gunner.check import check_file
from gunner.config import TILE
from gunner.entities import ENTITY_TYPES, SCHEMA
from gunner.events import SHOT
from gunner.hud import draw_hud
from gunner.input import Buttons as B
from gunner.maps import load_level
from gunner.stage import Stage
from gunner.weapons import ITEMS, WEAPONS, unregister_weapon

TOY = '''
"""A toy weapon: a slow two-shot zapper with a green pickup."""

from __future__ import annotations

import pygame

from gunner.weapons import Weapon, register_weapon


def pickup_art() -> pygame.Surface:
    badge = pygame.Surface((16, 16), pygame.SRCALPHA)
    badge.fill((0, 255, 0, 255), (3, 3, 10, 10))
    return badge


ZAPPER = register_weapon(
    Weapon(
        "zapper",
        "ZAPPER",
        0.5,
        123.0,
        2,
        spread=(-5.0, 5.0),
        ammo=7,
        sound="zap",
        title="ZAPPER GUN",
        char="{char}",
        pickup_art=pickup_art,
    )
)
'''
SHIPPED_ITEMS = ("health", "machinegun", "spread", "rocket")
GREEN = (0, 255, 0)


def _tool(name: str) -> ModuleType:
    """A script under tools/, imported afresh (it reads the registries on import)."""
    return import_tool(name, keep=True)


@pytest.fixture
def zapper(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The toy weapon's module, imported from a temporary folder; forgotten afterwards.
    Yields its builder character."""
    folder = tmp_path_factory.mktemp("weapons")
    builder = _tool("build_level")
    taken = set(builder.OBJECT_CHARS) | set(builder.DOOR_CHARS) | set(builder.OVERLAY_CHARS)
    taken |= set(builder.GROUND_CHARS) | set(builder.EMPTY_CHARS) | set(builder.BACKGROUND_CHARS)
    char = next(c for c in "zZjJqQ" if c not in taken)
    (folder / "toy_weapon.py").write_text(TOY.replace("{char}", char), encoding="utf-8")
    sys.path.insert(0, str(folder))
    try:
        importlib.import_module("toy_weapon")
        yield char
    finally:
        sys.path.remove(str(folder))
        for name in ("toy_weapon", "build_level", "make_assets", "make_tiled_project"):
            sys.modules.pop(name, None)
        unregister_weapon("zapper")


def test_forgotten_the_toy_leaves_the_shipped_items(zapper) -> None:
    assert tuple(ITEMS) == (*SHIPPED_ITEMS, "zapper")
    unregister_weapon("zapper")
    assert tuple(ITEMS) == SHIPPED_ITEMS and "zapper" not in WEAPONS
    assert SCHEMA["Pickup"].props["item"].allowed == SHIPPED_ITEMS
    assert SCHEMA["Soldier"].props["drop"].allowed == ("", *SHIPPED_ITEMS)


def test_check_accepts_the_toy_as_an_item_and_a_drop_and_names_a_mistyped_one(
    zapper, tmp_path: Path
) -> None:
    good = write_map(
        tmp_path,
        FIELD,
        "good.tmx",
        obj("Pickup", 10 * TILE, FLOOR, item="zapper", ammo=3)
        + obj("Soldier", 20 * TILE, FLOOR, drop="zapper"),
    )
    assert check_file(good) == []
    bad = write_map(tmp_path, FIELD, "bad.tmx", obj("Pickup", 10 * TILE, FLOOR, item="zaper"))
    (line,) = check_file(bad)
    assert "bad.tmx" in line and "Pickup" in line and "'zaper'" in line and "zapper" in line


def test_the_player_picks_the_toy_up_and_fires_it(zapper, tmp_path: Path, monkeypatch) -> None:
    stage = make_stage(tmp_path, [obj("Pickup", 4 * TILE, FLOOR, item="zapper")])
    player = stage.player
    for _ in range(60):
        stage.step(B.RIGHT)
        if player.weapon.name == "zapper":
            break
    assert player.weapon is WEAPONS["zapper"] and player.ammo == 7
    assert stage.message == "ZAPPER GUN"
    shots = []
    stage.subscribe(SHOT, lambda source, **data: shots.append(data.get("weapon")))
    stage.events.clear()
    fired = stage.bullets.fired
    stage.step(B.FIRE)
    assert shots == [WEAPONS["zapper"]] and stage.bullets.fired - fired == 2
    assert "zap" in stage.events and player.ammo == 6
    speeds = {
        round(float(stage.bullets.vx[i] ** 2 + stage.bullets.vy[i] ** 2) ** 0.5)
        for i in range(len(stage.bullets))
    }
    assert speeds == {123}

    # The HUD shows its label and its ammo.
    drawn: list[str] = []
    draw = text.draw

    def drawing(surface: pygame.Surface, words: str, *args, **kwargs) -> pygame.Rect:
        drawn.append(words)
        return draw(surface, words, *args, **kwargs)

    monkeypatch.setattr(text, "draw", drawing)
    draw_hud(pygame.Surface((480, 270)), stage)
    assert "ZAPPER" in drawn and "6" in drawn


def test_the_art_tool_lays_out_the_toys_pickup_and_the_game_draws_it(
    zapper, tmp_path: Path, monkeypatch
) -> None:
    assets = tmp_path / "assets"
    shutil.copytree(ROOT / "assets", assets)
    make_assets = _tool("make_assets")
    monkeypatch.setattr(make_assets, "ASSETS", assets)
    make_assets.WRITTEN.update(f"{cls.sheet}.png" for cls in ENTITY_TYPES.values() if cls.sheet)
    make_assets.make_entity_sheets()
    sheet = pygame.image.load(str(assets / "pickups.png"))
    assert sheet.get_size() == (16 * 5, 32)
    assert sheet.get_at((4 * 16 + 8, 8))[:3] == GREEN  # its column: after the shipped four

    from gunner.assets import Art
    from gunner.render import draw_stage

    level = write_map(tmp_path, FIELD, extra_objects=obj("Pickup", 12 * TILE, FLOOR, item="zapper"))
    stage = Stage(load_level(level))
    for _ in range(20):  # past its first glint
        stage.step(B.NONE)
    screen = pygame.Surface((480, 270))
    draw_stage(screen, stage, Art(assets))
    green = sum(
        screen.get_at((x, y))[:3] == GREEN
        for x in range(screen.get_width())
        for y in range(screen.get_height())
    )
    assert green == 10 * 10


def test_the_tiled_project_and_the_builder_list_the_toy(zapper) -> None:
    tiled = _tool("make_tiled_project")
    project = tiled.tiled_project(SCHEMA)
    enums = {t["name"]: t["values"] for t in project["propertyTypes"] if t["type"] == "enum"}
    assert enums["PickupItem"] == [*SHIPPED_ITEMS, "zapper"]
    assert enums["Drop"] == ["", *SHIPPED_ITEMS, "zapper"]
    builder = _tool("build_level")
    assert builder.OBJECT_CHARS[zapper][:2] == ("Pickup", {"item": "zapper"})
