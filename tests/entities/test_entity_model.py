"""The entity model: a kind of entity is its own module, its schema entry inside it.

Everything else reads what the kind declares about itself: the package discovers the
module, the art tool draws (or finds) its sprite sheet, the level builder takes its
layout characters, and the schema, the Tiled project and the validator take its
properties. These tests walk SCHEMA and the discovered kinds so that a kind missing any
of those pieces fails here, by name, and not later in a level.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from checkout import ROOT, import_tool
from gunner import entities
from gunner.entities import ENTITY_TYPES, Entity
from gunner.level import load_level
from gunner.objects import SCHEMA
from gunner.stage import Stage
from gunner.weapons import ITEMS, WEAPONS

TOOLS = ROOT / "tools"
ASSETS = ROOT / "assets"


def _tool(name: str) -> ModuleType:
    """A script under tools/, left in sys.modules (the art modules look it up by name)."""
    return import_tool(name, keep=True)


@pytest.fixture(scope="module")
def builder() -> ModuleType:
    try:
        return _tool("build_level")
    finally:
        sys.modules.pop("build_level", None)


def test_every_module_of_the_package_is_discovered() -> None:
    """Every module but the kinds' art (`<kind>_art.py`, for the art tool only)."""
    files = sorted(p.stem for p in (ROOT / "gunner" / "entities").glob("*.py"))
    kinds = [f for f in files if f != "__init__" and not f.endswith("_art")]
    assert kinds == entities.MODULES
    assert {"door_art", "drum_art", "pickup_art"} <= set(files) - set(entities.MODULES)
    registered = set()
    for path in (ROOT / "gunner" / "entities").glob("*.py"):
        registered |= set(
            re.findall(r'^@register\("(\w+)", ', path.read_text(encoding="utf-8"), re.M)
        )
    assert registered == set(ENTITY_TYPES)


def test_schema_and_the_entity_kinds_name_the_same_classes() -> None:
    assert set(SCHEMA) == set(ENTITY_TYPES)


@pytest.mark.parametrize("kind", sorted(SCHEMA))
def test_each_schema_class_has_art(kind: str) -> None:
    cls = ENTITY_TYPES[kind]
    if not cls.visible:
        assert cls.sheet is None, f"{kind} is invisible but names a sheet"
        return
    if cls.sheet is None:
        # Drawn in code: it must draw something, not inherit the empty default.
        assert cls.draw is not Entity.draw, f"{kind} has no sheet and does not draw itself"
        return
    sheet = ASSETS / f"{cls.sheet}.png"
    assert sheet.exists(), f"{kind}: {sheet} is missing (make assets)"
    assert pygame.image.load(str(sheet)).get_width() > 0


def test_the_art_tool_draws_every_declared_sheet_as_committed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Run the art tool's sprite-sheet makers into a scratch folder: each kind's sheet
    comes out (or the tool stops, naming the kind), identical to the committed file."""
    make_assets = _tool("make_assets")
    try:
        monkeypatch.setattr(make_assets, "ASSETS", tmp_path)
        make_assets.WRITTEN.clear()
        make_assets.make_player()
        make_assets.make_entity_sheets()
    finally:
        for name in ("make_assets",):
            sys.modules.pop(name, None)
    for kind, cls in sorted(ENTITY_TYPES.items()):
        if not cls.sheet:
            continue
        made = pygame.image.load(str(tmp_path / f"{cls.sheet}.png"))
        committed = pygame.image.load(str(ASSETS / f"{cls.sheet}.png"))
        assert made.get_size() == committed.get_size(), kind
        assert pygame.image.tobytes(made, "RGBA") == pygame.image.tobytes(committed, "RGBA"), (
            f"{kind}: assets/{cls.sheet}.png is not what the art tool draws (make assets)"
        )


@pytest.mark.parametrize("kind", sorted(SCHEMA))
def test_each_schema_class_has_a_level_builder_character(builder: ModuleType, kind: str) -> None:
    cls = ENTITY_TYPES[kind]
    assert cls.chars, f"{kind} declares no layout character"
    known = (
        set(builder.OBJECT_CHARS)
        | set(builder.DOOR_CHARS)
        | {builder.PLAYER_CHAR, builder.EXIT_CHAR, builder.PLATFORM_CHAR}
    )
    assert set(cls.chars) <= known


def test_every_marker_character_places_its_kind(builder: ModuleType, tmp_path: Path) -> None:
    """A layout with one of every single-cell marker builds a map whose objects become
    the kinds (and fixed properties) those characters stand for."""
    markers = sorted(builder.OBJECT_CHARS)
    floor = "#" * (len(markers) * 2 + 6)
    row = "P." + "".join(f"{m}." for m in markers) + "..E."
    sky = "." * len(row)
    text = "\n".join(["@name Every marker", sky, sky, row, floor, floor]) + "\n"
    layout = builder.parse_layout(text, "every.txt")
    out = tmp_path / "every.tmx"
    out.write_text(
        builder.tmx_text(builder.build_map(layout), builder.tileset_source_for(out)),
        encoding="utf-8",
    )
    stage = Stage(load_level(out), seed=1)
    placed = sorted((e.hitbox.centerx, e) for e in stage.entities if e.kind != "Player")
    want = [builder.OBJECT_CHARS[m] for m in markers]
    got = [e for _, e in placed if e.kind != "Exit"]
    assert [e.kind for e in got] == [w[0] for w in want], [(e.kind, e.hitbox.centerx) for e in got]
    for entity, (kind, props, _, _) in zip(got, want, strict=True):
        for name, value in props.items():
            assert getattr(entity, name) == value, (kind, name)


def test_item_names_have_one_source() -> None:
    """Pickups, the schema's item and drop choices, the builder's characters and the
    banners all come from gunner.weapons.ITEMS; every limited weapon is an item."""
    limited = {name for name, w in WEAPONS.items() if w.ammo is not None}
    assert set(ITEMS) == {"health"} | limited
    assert SCHEMA["Pickup"].props["item"].allowed == tuple(ITEMS)
    assert SCHEMA["Soldier"].props["drop"].allowed == ("", *ITEMS)
    pickup = ENTITY_TYPES["Pickup"]
    assert {props["item"] for props in pickup.chars.values()} == set(ITEMS)
    assert all(item.title and item.char for item in ITEMS.values())


# -- countdowns, bodies and events ------------------------------------------------------


def test_a_timer_counts_whole_steps_and_runs_out_once() -> None:
    from gunner.timer import Timer, steps

    assert [steps(s) for s in (0.1, 0.12, 0.15, 1 / 60, 0.0, -1.0)] == [6, 7, 9, 1, 0, 0]
    assert steps(float("inf")) == steps(1e12) > 0 and steps(float("nan")) == 0
    timer = Timer.of(0.05)  # 3 steps
    outs = [timer.tick() for _ in range(5)]
    assert outs == [False, False, True, False, False] and not timer
    held = Timer(1)
    assert [held.tick(floor=4) for _ in range(3)] == [False] * 3 and held.left == 4


def test_events_are_published_where_they_happen(tmp_path: Path) -> None:
    """Subscribers hear the player fire, a soldier hurt and then killed: once each, with
    who did it, in the step it happened."""
    from ascii_maps import FLOOR, make_stage, obj
    from gunner.config import TILE
    from gunner.events import HURT, KILLED, SHOT
    from gunner.input import Buttons as B

    stage = make_stage(tmp_path, [obj("Soldier", 8 * TILE, FLOOR, health=2)])
    soldier = next(e for e in stage.entities if e.kind == "Soldier")
    heard: list[tuple[str, str, int]] = []
    for event in (HURT, SHOT, KILLED):
        stage.subscribe(
            event, lambda src, _e=event, **data: heard.append((_e, src.kind, stage.steps))
        )
    stage.player.facing = 1
    for _ in range(120):
        stage.step(B.FIRE)
        if not soldier.alive:
            break
    kinds = [(e, k) for e, k, _ in heard]
    assert ("shot", "Player") in kinds
    # Two hits of 1: each hurts, the second also kills.
    assert kinds.count(("hurt", "Soldier")) == 2
    assert kinds.count(("killed", "Soldier")) == 1
    assert stage.destroyed == {"Soldier": 1} and stage.kills == 1
    hurt_steps = [s for e, k, s in heard if (e, k) == ("hurt", "Soldier")]
    kill_step = next(s for e, k, s in heard if e == "killed")
    assert hurt_steps[0] < hurt_steps[1] == kill_step


def test_only_the_players_own_shots_throw_shell_casings(tmp_path: Path) -> None:
    """A casing flies from the player's gun for each shot; an enemy firing while the
    player stands still throws none."""
    from ascii_maps import FLOOR, make_stage, obj
    from gunner.config import TILE
    from gunner.input import Buttons as B

    stage = make_stage(tmp_path, [obj("Soldier", 9 * TILE, FLOOR)])
    stage.player.invulnerable = 1e9
    casings = []
    stage.particles.casing = lambda *a: casings.append(a)  # type: ignore[method-assign]
    for _ in range(400):
        stage.step(B.NONE)
    assert "enemy_shoot" in stage.events and casings == []
    stage.step(B.FIRE)
    assert len(casings) == 1


@pytest.mark.parametrize("kind", sorted(SCHEMA))
def test_a_kind_built_without_properties_uses_its_schema_defaults(kind: str) -> None:
    """Each default is stated once, in the kind's schema entry: a kind built with no
    properties (as a generator or a wave spawner builds one) is the same, state for
    state, as one given every default of its entry, and an enemy's full health is its
    entry's `health` (a boss's arena its entry's `arena`)."""
    from gunner.maps import Spawn
    from gunner.world.statehash import freeze

    cls = ENTITY_TYPES[kind]
    spec = SCHEMA[kind]
    box = (100.0, 84.0, 16.0, 16.0) if spec.shape == "point" else (100.0, 84.0, 48.0, 16.0)
    bare = cls.from_spawn(Spawn(kind, *box, props={}))
    given = cls.from_spawn(Spawn(kind, *box, props=spec.defaults()))
    # (`props`: a copy of the properties as given, kept by the kinds that read them late.)
    state = [{k: v for k, v in e.sim_state().items() if k != "props"} for e in (bare, given)]
    assert freeze(state[0]) == freeze(state[1]), (
        f"{kind} uses a default its schema entry does not state (gunner/entities/"
        f"{cls.__module__.rsplit('.', 1)[-1]}.py: read it from ENTRY.defaults())"
    )
    if "health" in spec.props and hasattr(cls, "max_health"):
        assert bare.health == spec.props["health"].default, kind
    if "arena" in spec.props:
        assert bare.fx - bare.arena_left == spec.props["arena"].default, kind
