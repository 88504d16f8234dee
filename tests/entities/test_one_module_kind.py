"""A new kind is one module: the recipe of docs/architecture.md ("Adding an entity kind"),
followed for a toy enemy and a toy boss written into a temporary folder, and nothing
else touched.

With only their modules imported, `--check` validates their properties, a map holding
them plays headless, the toy enemy's own art is drawn by the art tool and on screen,
and the Tiled project, the builder's characters and legend, the wave spawner's and
generator's `kind` choices and the fuzzer's classes all know them.
"""

from __future__ import annotations

import importlib
import importlib.util
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from ascii_maps import FIELD, FLOOR, make_stage, obj, write_map
from checkout import ROOT, import_tool
from gunner.check import check_file
from gunner.config import TILE
from gunner.entities import ENTITY_TYPES, SCHEMA, unregister
from gunner.entities.boss import INTRO_STEPS
from gunner.input import Buttons as B
from gunner.level import load_level
from gunner.stage import Stage
from gunner.world.invariants import check_invariants

TOY = '''
"""A toy enemy: a magenta crate on legs that walks until a wall turns it."""

from __future__ import annotations

from typing import Any

import pygame

from gunner.entities.base import feet_box, register
from gunner.entities.enemy import Enemy
from gunner.schema import ObjectClass, Prop, drop_prop

ENTRY = ObjectClass(
    shape="point",
    color="#ff00ff",
    let_in=True,
    doc="A toy crate on legs (12x12, the point is its feet): walks, turns at walls.",
    props={
        "health": Prop("int", 2, "hits it takes", low=1, high=50),
        "speed": Prop("float", 30.0, "walking speed, px/s", low=0, high=100),
        "drop": drop_prop("killed"),
    },
)
DEFAULTS = ENTRY.defaults()


@register("Toy", ENTRY)
class Toy(Enemy):
    sheet = "toy"
    chars = {"{char}": {}}
    max_health = int(DEFAULTS["health"])

    def __init__(self, x: float, foot_y: float, props: dict[str, Any] | None = None) -> None:
        props = props or {}
        super().__init__(feet_box(12, 12, (x, foot_y)), props)
        self.speed = float(props.get("speed", DEFAULTS["speed"]))
        self.facing = 1

    def tick(self, stage: Any) -> None:
        super().tick(stage)
        self.vx = self.facing * self.speed
        if self.fall(stage).hit_wall == self.facing:
            self.facing = -self.facing

    @staticmethod
    def make_sheet() -> pygame.Surface:
        sheet = pygame.Surface((16, 16), pygame.SRCALPHA)
        sheet.fill((255, 0, 255, 255), (2, 4, 12, 12))
        return sheet

    def draw(self, surface: pygame.Surface, offset: tuple[float, float], art: Any) -> None:
        self.draw_frame(surface, offset, art, art.sheet(self.sheet, 16, 16)[0][0], 16, 16)
'''

TOY_BOSS = '''
"""A toy boss: a pillar with one weak eye and one attack, a fan."""

from __future__ import annotations

from typing import Any

from gunner import patterns
from gunner.entities.base import register
from gunner.entities.boss import Attack, Boss, Part, Phase
from gunner.schema import boss_class

ENTRY = boss_class("A toy boss: a pillar with a weak eye.", 12)
DEFAULTS = ENTRY.defaults()


@register("ToyBoss", ENTRY)
class ToyBoss(Boss):
    title = "PILLAR"
    max_health = int(DEFAULTS["health"])
    chars = {"{char}": {}}
    builder_size = (32, 64)
    PARTS = (Part("body", -16, -64, 32, 64), Part("eye", -24, -40, 8, 36, weak=True))
    BODY = ("body",)
    MUZZLES = {"eye": (-24.0, -40.0)}
    FAN = Attack("fan", "eye", telegraph=10, volleys=3, every=5, rest=10)
    PHASES = (Phase(0.0, (FAN,), weak=("eye",)),)

    def fire(self, attack: Attack, volley: int, stage: Any) -> None:
        self.spray(stage, self.muzzle(attack.muzzle), patterns.fan(5, 3.14, 0.8, 150.0))

    def draw(self, surface: Any, offset: Any, art: Any) -> None:
        pass
'''


def _free_chars(count: int) -> list[str]:
    """Layout characters no kind and no tile uses (the builder refuses a taken one)."""
    builder = _tool("build_level")
    taken = set(builder.OBJECT_CHARS) | set(builder.DOOR_CHARS) | set(builder.OVERLAY_CHARS)
    taken |= set(builder.GROUND_CHARS) | set(builder.EMPTY_CHARS) | set(builder.BACKGROUND_CHARS)
    return [c for c in "jJqQyY" if c not in taken][:count]


def _tool(name: str) -> ModuleType:
    """A script under tools/, imported afresh (it reads the registry on import)."""
    return import_tool(name, keep=True)


@pytest.fixture
def toys(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, type]]:
    """The toy kinds' modules, written into a temporary folder and imported from there;
    forgotten again afterwards."""
    folder = tmp_path_factory.mktemp("kinds")
    char, boss_char = _free_chars(2)
    (folder / "toy_kind.py").write_text(TOY.replace("{char}", char), encoding="utf-8")
    (folder / "toy_boss.py").write_text(TOY_BOSS.replace("{char}", boss_char), encoding="utf-8")
    sys.path.insert(0, str(folder))
    try:
        importlib.import_module("toy_kind")
        importlib.import_module("toy_boss")
        yield {"Toy": ENTITY_TYPES["Toy"], "ToyBoss": ENTITY_TYPES["ToyBoss"]}
    finally:
        sys.path.remove(str(folder))
        for name in ("toy_kind", "toy_boss", "build_level", "make_assets", "make_tiled_project"):
            sys.modules.pop(name, None)
        unregister("Toy")
        unregister("ToyBoss")


def test_check_validates_the_toys_properties_and_names_a_bad_one(toys, tmp_path: Path) -> None:
    good = write_map(tmp_path, FIELD, "good.tmx", obj("Toy", 10 * TILE, FLOOR, speed=20))
    assert check_file(good) == []
    bad = write_map(tmp_path, FIELD, "bad.tmx", obj("Toy", 10 * TILE, FLOOR, speed="fast"))
    (line,) = check_file(bad)
    assert "bad.tmx" in line and "Toy" in line and "'speed'" in line and "'fast'" in line
    over = write_map(tmp_path, FIELD, "over.tmx", obj("Toy", 10 * TILE, FLOOR, health=51))
    (line,) = check_file(over)
    assert "'health'" in line and "from 1 to 50" in line


def test_a_map_with_the_toy_plays_headless(toys, tmp_path: Path) -> None:
    stage = make_stage(tmp_path, [obj("Toy", 10 * TILE, FLOOR)])
    toy = next(e for e in stage.entities if e.kind == "Toy")
    assert (toy.health, toy.speed) == (2, 30.0)  # its entry's defaults
    start = toy.hitbox.centerx
    for _ in range(120):
        stage.step(B.NONE)
        check_invariants(stage.world if hasattr(stage, "world") else stage)
    assert toy in stage.entities and toy.hitbox.centerx == pytest.approx(start + 60, abs=1)
    assert toy.hitbox.bottom == FLOOR  # it stands on the floor, under gravity


def test_a_wave_spawner_lets_the_toy_out(toys, tmp_path: Path) -> None:
    assert "Toy" in SCHEMA["WaveSpawner"].props["kind"].allowed
    assert "Toy" in SCHEMA["Generator"].props["kind"].allowed
    gate = obj("WaveSpawner", 20 * TILE, FLOOR - 32, 64, 32, kind="Toy", count=2, every=0.2)
    stage = make_stage(tmp_path, [gate], objective="waves")
    for _ in range(400):
        stage.step(B.NONE)
    assert sum(e.kind == "Toy" for e in stage.entities) == 2


def test_the_toy_draws_its_own_art(toys, tmp_path: Path, monkeypatch) -> None:
    """The art tool saves the sheet the toy draws beside its behaviour, and the game
    draws the toy from it on screen."""
    assets = tmp_path / "assets"
    shutil.copytree(ROOT / "assets", assets)
    make_assets = _tool("make_assets")
    monkeypatch.setattr(make_assets, "ASSETS", assets)
    make_assets.WRITTEN.update(f"{cls.sheet}.png" for cls in ENTITY_TYPES.values() if cls.sheet)
    make_assets.make_entity_sheets()
    assert pygame.image.load(str(assets / "toy.png")).get_at((8, 8)) == (255, 0, 255, 255)

    from gunner.assets import Art
    from gunner.render import draw_stage

    stage = Stage(load_level(write_map(tmp_path, FIELD, extra_objects=obj("Toy", 8 * TILE, FLOOR))))
    stage.step(B.NONE)
    screen = pygame.Surface((480, 270))
    draw_stage(screen, stage, Art(assets))
    magenta = sum(
        screen.get_at((x, y))[:3] == (255, 0, 255)
        for x in range(screen.get_width())
        for y in range(screen.get_height())
    )
    assert magenta == 12 * 12


def test_the_tiled_project_and_the_builder_list_the_toys(toys, tmp_path: Path) -> None:
    tiled = _tool("make_tiled_project")
    project = tiled.tiled_project(SCHEMA)
    classes = {t["name"]: t for t in project["propertyTypes"] if t["type"] == "class"}
    assert {m["name"]: m["value"] for m in classes["Toy"]["members"]} == {
        "drop": "",
        "health": 2,
        "speed": 30.0,
    }
    assert {m["name"] for m in classes["ToyBoss"]["members"]} == {"arena", "health"}
    kinds = next(t for t in project["propertyTypes"] if t["name"] == "EnemyKind")
    assert "Toy" in kinds["values"] and "ToyBoss" not in kinds["values"]
    assert 'name="Toy"' in tiled.object_types_xml(SCHEMA)

    builder = _tool("build_level")
    lines = [line for line in builder.legend() if " Toy " in f" {line} "]
    assert len(lines) == 1 and "@at: health, speed, drop" in lines[0]
    char = next(iter(toys["Toy"].chars))
    assert builder.OBJECT_CHARS[char][0] == "Toy"

    fuzz = _tool("fuzz_maps")
    assert "Toy" in fuzz.SCHEMA


def test_the_toy_boss_fights_from_its_attack_table(toys, tmp_path: Path) -> None:
    """Its module holds its parts, its phase and its one attack: the arena closes, it
    fires its fan, and shots at its eye bring it down."""
    rows = ["." * 60] * 14 + ["..P" + "." * 57, "#" * 60]
    boss_x = 50 * TILE
    stage = make_stage(tmp_path, [obj("ToyBoss", boss_x, FLOOR, arena=300)], rows, "boss")
    boss = next(e for e in stage.entities if e.kind == "ToyBoss")
    assert boss.health == 12 and boss.arena_left == boss_x - 300
    stage.player.invulnerable = 1e9
    stage.player.hitbox.midbottom = (boss.arena_left + 3 * TILE, FLOOR)
    for _ in range(INTRO_STEPS + 20):
        stage.step(B.NONE)
    assert str(boss.state).endswith("fight") and len(stage.bullets) >= 5
    for _ in range(60 * 20):
        stage.step(B.FIRE)
        if not boss.alive:
            break
    assert not boss.alive
