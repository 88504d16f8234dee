"""Generators: while the view is in its region a generator lets enemies in from
off-screen, never in view or in a wall, at most `cap` alive, `total` in all, and stops
for good once the view has passed its region. `--check` validates its properties.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame

from ascii_maps import obj, write_map
from checkout import ROOT
from gunner.check import check_file
from gunner.config import DT, TILE
from gunner.entities.generator import ABOVE_ROWS, FLIER_SPREAD, GUARD, Generator
from gunner.input import Buttons as B
from gunner.level import load_level
from gunner.stage import Stage
from gunner.tilemap import EMPTY
from gunner.world.players import OWN_VIEW_W

WIDTH = 140
# A long floor with pillars, a low roof and a raised shelf: walls where a careless
# generator would put an enemy inside them.
ROWS = (
    ["." * WIDTH] * 8
    + ["." * 60 + "#" * 12 + "." * (WIDTH - 72)]
    + ["." * WIDTH] * 3
    + ["." * 40 + "#" * 3 + "." * 20 + "##" + "." * 30 + "###" + "." * (WIDTH - 98)]
    + ["." * 40 + "#" * 3 + "." * 20 + "##" + "." * 30 + "###" + "." * (WIDTH - 98)]
    + ["..P" + "." * (WIDTH - 3)]
    + ["#" * WIDTH]
)
FLOOR_ROW = len(ROWS) - 1
# Tiled writes a rectangle's top-left, size in px.
ZONE = (30 * TILE, 0, 50 * TILE, len(ROWS) * TILE)


def generator(x: float, y: float, w: float, h: float, **props: object) -> str:
    body = "".join(f'<property name="{k}" value="{v}"/>' for k, v in props.items())
    return (
        f'<object type="Generator" x="{x}" y="{y}" width="{w}" height="{h}">'
        f"<properties>{body}</properties></object>"
    )


def stage_of(tmp_path: Path, *objects: str, seed: int = 1) -> Stage:
    path = write_map(tmp_path, ROWS, extra_objects="".join(objects))
    stage = Stage(load_level(path, images=False), seed=seed)
    stage.player.invulnerable = 1e9  # walks on through whatever runs into it
    return stage


def let_in(stage: Stage) -> list:
    gen = next(e for e in stage.entities if isinstance(e, Generator))
    return gen.out


def walk_through(stage: Stage, seconds: float, each=None) -> list:
    """Hold right for `seconds` (jumping now and then over pillars); every enemy let in,
    checked by `each(stage, enemy)` on the step it appears."""
    seen: dict[int, object] = {}
    for k in range(round(seconds / DT)):
        held = B.RIGHT | (B.JUMP if k % 40 < 12 else B.NONE)
        stage.step(held)
        for entity in stage.entities:
            if entity.team == "enemy" and id(entity) not in seen:
                seen[id(entity)] = entity
                if each:
                    each(stage, entity)
    return list(seen.values())


def test_it_never_lets_one_in_where_the_player_sees_it_or_inside_a_wall(tmp_path) -> None:
    stage = stage_of(tmp_path, generator(*ZONE, kind="Runner", every=0.3, cap=6))

    def hidden_and_free(stage: Stage, enemy) -> None:
        # What the screen can show: the view, plus a sprite's overhang and the shake.
        shown = stage.camera.rect.inflate(2 * (10 + 7), 2 * (10 + 7))
        assert not enemy.hitbox.colliderect(shown), (tuple(enemy.hitbox), tuple(shown))
        assert not stage.tilemap.overlaps_solid(enemy.hitbox)
        assert enemy.hitbox.left >= 0 and enemy.hitbox.right <= stage.tilemap.pixel_width

    came = walk_through(stage, 14.0, hidden_and_free)
    assert len(came) >= 8
    assert {e.kind for e in came} == {"Runner"}


def test_no_more_than_cap_alive_at_once(tmp_path) -> None:
    stage = stage_of(tmp_path, generator(*ZONE, kind="Runner", every=0.1, cap=2))
    most = 0

    def count(stage: Stage, enemy) -> None:
        nonlocal most
        most = max(most, sum(1 for e in stage.entities if e.kind == "Runner"))

    came = walk_through(stage, 10.0, count)
    assert most == 2 and len(came) > 2  # more come as the first ones fall or are recalled


def test_it_stops_after_its_total(tmp_path) -> None:
    stage = stage_of(tmp_path, generator(*ZONE, kind="Runner", every=0.2, cap=10, total=3))
    came = walk_through(stage, 10.0)
    assert len(came) == 3
    gen = next(e for e in stage.entities if isinstance(e, Generator))
    assert gen.state == "done"


def test_it_stops_once_the_view_has_passed_its_region(tmp_path) -> None:
    stage = stage_of(tmp_path, generator(*ZONE, kind="Runner", every=0.3, cap=20))
    gen = next(e for e in stage.entities if isinstance(e, Generator))
    passed_at = None
    arrivals = []
    for k in range(round(16.0 / DT)):
        before = len(gen.out)
        stage.step(B.RIGHT | (B.JUMP if k % 40 < 12 else B.NONE))
        if len(gen.out) > before:
            arrivals.append(stage.steps)
        if passed_at is None and stage.camera.rect.left >= gen.zone.right:
            passed_at = stage.steps
    assert passed_at is not None and arrivals
    assert max(arrivals) <= passed_at and gen.state == "done"


def test_it_waits_until_the_view_reaches_its_region(tmp_path) -> None:
    far = (100 * TILE, 0, 20 * TILE, len(ROWS) * TILE)
    stage = stage_of(tmp_path, generator(*far, kind="Runner", every=0.2))
    for _ in range(120):
        stage.step(B.NONE)
    assert let_in(stage) == [] and not any(e.kind == "Runner" for e in stage.entities)


def test_the_same_seed_gives_the_same_stream_and_the_view_it_read_is_hashed(tmp_path) -> None:
    def hashes(seed: int) -> list[str]:
        stage = stage_of(tmp_path, generator(*ZONE, kind="Runner", every=0.3), seed=seed)
        out = []
        for k in range(600):
            stage.step(B.RIGHT | (B.JUMP if k % 40 < 12 else B.NONE))
            if k % 60 == 0:
                out.append(stage.state_hash())
        return out

    assert hashes(3) == hashes(3)
    stage = stage_of(tmp_path, generator(*ZONE, kind="Runner"))
    stage.step(B.NONE)
    gen = next(e for e in stage.entities if isinstance(e, Generator))
    assert gen.sim_state()["view"] == stage.camera.rect


def test_fliers_come_in_the_air_beside_the_view_and_hunt(tmp_path) -> None:
    stage = stage_of(tmp_path, generator(*ZONE, kind="Drone", every=0.5, cap=2))

    def beside(stage: Stage, enemy) -> None:
        assert not enemy.hitbox.colliderect(stage.camera.rect.inflate(34, 34))
        assert enemy.hunt

    assert walk_through(stage, 6.0, beside)


def test_a_point_generator_covers_a_screen_centred_on_it(tmp_path) -> None:
    stage = stage_of(tmp_path, generator(40 * TILE, 8 * TILE, 0, 0, kind="Runner"))
    gen = next(e for e in stage.entities if isinstance(e, Generator))
    assert gen.zone.size == (480, 270) and gen.zone.center == (40 * TILE, 8 * TILE)
    assert gen.hitbox.size == (1, 1)  # a speck in the tree, not a screen-sized body


def _check(tmp_path: Path, **props: object) -> list[str]:
    path = write_map(tmp_path, ROWS, extra_objects=generator(*ZONE, **props))
    return check_file(path)


def test_check_accepts_a_good_generator(tmp_path) -> None:
    assert _check(tmp_path, kind="Runner", every=0.5, cap=4, total=20, side="ahead") == []


def test_check_names_a_mistyped_value_in_one_line(tmp_path) -> None:
    for props, word in (
        ({"cap": "lots"}, "cap"),
        ({"kind": "Tank"}, "Runner"),
        ({"side": "up"}, "either"),
        ({"every": "-1"}, "every"),
        ({"kind": "Runner", "climb": "maybe"}, "climb"),  # passed on, checked as a runner's
    ):
        lines = _check(tmp_path, **props)
        assert len(lines) == 1 and word in lines[0], (props, lines)
        assert "Traceback" not in lines[0] and "\n" not in lines[0]


def test_a_generator_that_lets_in_every_kind_its_schema_allows_works(tmp_path) -> None:
    from gunner.objects import LET_IN

    for kind in LET_IN:
        stage = stage_of(tmp_path, generator(*ZONE, kind=kind, every=0.2, cap=3))
        came = walk_through(stage, 5.0)
        assert came and {e.kind for e in came} == {kind}, kind
        assert all(isinstance(e.hitbox, pygame.FRect) for e in came)


def test_the_builders_z_marker_is_a_tiled_point_generator(tmp_path) -> None:
    import importlib.util
    import sys

    tools = ROOT / "tools"
    sys.path.insert(0, str(tools))
    try:
        spec = importlib.util.spec_from_file_location("build_level", tools / "build_level.py")
        assert spec and spec.loader
        builder = importlib.util.module_from_spec(spec)
        sys.modules["build_level"] = builder
        spec.loader.exec_module(builder)
    finally:
        sys.path.remove(str(tools))
        sys.modules.pop("build_level", None)
    rows = ["." * 40] * 3 + ["P" + "." * 9 + "Z" + "." * 28 + "E", "#" * 40]
    text = "@name Z\n@at 10,3 kind=Runner cap=2\n" + "\n".join(rows) + "\n"
    out = tmp_path / "z.tmx"
    layout = builder.parse_layout(text, "z.txt")
    out.write_text(builder.tmx_text(builder.build_map(layout), builder.tileset_source_for(out)))
    assert "<point/>" in out.read_text().split('type="Generator"')[1].split("</object>")[0]
    stage = Stage(load_level(out, images=False))
    gen = next(e for e in stage.entities if isinstance(e, Generator))
    assert gen.zone.center == (10 * TILE + 8, 4 * TILE) and gen.cap == 2


# A shaft to climb: ledges every four rows, alternately left and right, the player at the
# bottom. A generator with side=above drops its enemies in from the ledges over the view.
CLIMB = (
    ["#" + "." * 28 + "#"] * 2
    + [
        row
        for k in range(12)
        for row in (
            ["#" + "#" * 10 + "." * 18 + "#" if k % 2 else "#" + "." * 18 + "#" * 10 + "#"]
            + ["#" + "." * 28 + "#"] * 3
        )
    ]
    + ["#.P" + "." * 26 + "#", "#" * 30]
)


def arrivals(stage: Stage, kind: str, seconds: float) -> Iterator[Any]:
    """Step `stage` for `seconds` with nothing held, yielding each `kind` let in, on the
    step it arrives (the stage as that step left it)."""
    for _ in range(round(seconds / DT)):
        before = {id(e) for e in stage.entities}
        stage.step(B.NONE)
        yield from (e for e in stage.entities if e.kind == kind and id(e) not in before)


def test_from_above_on_a_climb_they_come_in_over_the_view_on_ledges(tmp_path) -> None:
    zone = (0, 0, 30 * TILE, len(CLIMB) * TILE)
    path = write_map(
        tmp_path, CLIMB, extra_objects=generator(*zone, kind="Runner", every=0.3, side="above")
    )
    stage = Stage(load_level(path, images=False), seed=2)
    stage.player.invulnerable = 1e9
    came = []
    for enemy in arrivals(stage, "Runner", 6.0):
        view = stage.camera.rect
        assert enemy.hitbox.bottom <= view.top - 17, (tuple(enemy.hitbox), tuple(view))
        assert not stage.tilemap.overlaps_solid(enemy.hitbox)
        # Standing on a ledge at most ABOVE_ROWS rows over the view's top.
        assert stage.tilemap.standing_on(enemy.hitbox) != EMPTY
        assert enemy.hitbox.centerx % TILE == TILE / 2  # over a tile's middle
        assert enemy.hitbox.bottom >= view.top - GUARD - (ABOVE_ROWS + 1) * TILE
        came.append(enemy)
    assert len(came) >= 3


def test_from_above_fliers_come_in_over_the_view_near_the_players_x(tmp_path) -> None:
    zone = (0, 0, 30 * TILE, len(CLIMB) * TILE)
    drones = generator(*zone, kind="Drone", every=0.3, cap=12, side="above")
    path = write_map(tmp_path, CLIMB, extra_objects=drones)
    stage = Stage(load_level(path, images=False), seed=2)
    stage.player.invulnerable = 1e9
    came = []
    for enemy in arrivals(stage, "Drone", 3.0):
        view, player = stage.camera.rect, stage.player.hitbox
        assert enemy.hitbox.bottom == view.top - GUARD - TILE
        assert abs(enemy.hitbox.centerx - player.centerx) <= FLIER_SPREAD
        came.append(enemy.hitbox.centerx - player.centerx)
    assert len(came) >= 3
    assert len(set(came)) == len(came)  # spread about the player, not all at one spot


def test_a_view_high_over_its_region_has_not_passed_it_outside_a_climb(tmp_path) -> None:
    # A catwalk 31 rows over a yard: walking it, the view is wholly above the region
    # (a stream waiting in the yard below); dropping off its end, the stream begins.
    width, height = 80, 40
    rows = ["." * width] * height
    rows[6] = "..P" + "." * (width - 3)
    rows[7] = "#" * 30 + "." * (width - 30)
    rows[height - 1] = "#" * width
    zone = (34 * TILE, 30 * TILE, 40 * TILE, 10 * TILE)
    path = write_map(tmp_path, rows, extra_objects=generator(*zone, kind="Runner", every=0.3))
    stage = Stage(load_level(path, images=False), seed=1)
    stage.player.invulnerable = 1e9
    gen = next(e for e in stage.entities if isinstance(e, Generator))
    for _ in range(round(1.0 / DT)):  # on the catwalk, under way
        stage.step(B.NONE)
    assert stage.camera.rect.bottom <= gen.zone.top and gen.state == "waiting"
    came = walk_through(stage, 8.0)
    assert came and {e.kind for e in came} == {"Runner"}


def co_op_apart(tmp_path: Path, *objects: str, two_at: int) -> Stage:
    """Two players on ROWS: player 1 at the left, player 2 moved to column `two_at`
    (far enough and the screen splits), every view settled where they stand."""
    path = write_map(tmp_path, ROWS, extra_objects="".join(objects))
    stage = Stage(load_level(path, images=False), seed=1, players=2)
    one, two = stage.players
    with stage.lifted(two):
        two.hitbox.midbottom = (two_at * TILE + TILE // 2, FLOOR_ROW * TILE)
    for player in stage.players:
        player.invulnerable = 1e9
    stage.camera.snap((one.hitbox.centerx + two.hitbox.centerx) / 2, one.hitbox.centery)
    for camera, player in zip(stage.own_cameras, stage.players, strict=True):
        camera.snap(*player.hitbox.center)
    return stage


def test_a_generator_near_player_two_wakes_on_their_own_view_when_the_players_part(
    tmp_path,
) -> None:
    # Player 2 stands in the region, 100 columns from player 1: the shared view, on
    # their midpoint, is nowhere near it; player 2's own view (their half of the split
    # screen) is.
    zone = (95 * TILE, 0, 20 * TILE, len(ROWS) * TILE)
    stage = co_op_apart(tmp_path, generator(*zone, kind="Runner", every=0.3, cap=4), two_at=104)
    gen = next(e for e in stage.entities if isinstance(e, Generator))
    assert not stage.camera.rect.colliderect(gen.zone), "the shared view alone would not wake it"
    came: list = []
    for _ in range(round(3 / DT)):
        stage.step((B.NONE, B.NONE))
        for enemy in gen.out:
            if enemy not in came:
                came.append(enemy)
                # In no view: not the shared one, not either player's own.
                for view in stage.views():
                    assert not enemy.hitbox.colliderect(view.inflate(20, 20))
    assert len(came) >= 3 and gen.state == "on"
    # The view that saw it (kept in its state, so hashed) is player 2's own.
    assert gen.view.w == OWN_VIEW_W and gen.view.colliderect(stage.players[1].hitbox)


def test_a_generator_is_passed_only_once_every_players_view_has_gone_by(tmp_path) -> None:
    # The region lies about player 1, at the left; player 2 stands far right. The shared
    # view on their midpoint has passed it; player 1's own view has not.
    zone = (0, 0, 20 * TILE, len(ROWS) * TILE)
    stage = co_op_apart(tmp_path, generator(*zone, kind="Runner", every=0.3, cap=2), two_at=90)
    gen = next(e for e in stage.entities if isinstance(e, Generator))
    assert gen.passed(stage.camera.rect)
    for _ in range(round(2 / DT)):
        stage.step((B.NONE, B.NONE))
    assert gen.state == "on" and gen.out, "player 1 still sees the region"
    one_player = stage_of(tmp_path, generator(*zone, kind="Runner"))
    with one_player.lifted(one_player.player):
        one_player.player.hitbox.midbottom = (60 * TILE, FLOOR_ROW * TILE)
    one_player.camera.snap(*one_player.player.hitbox.center)
    one_player.step(B.NONE)
    next_gen = next(e for e in one_player.entities if isinstance(e, Generator))
    assert next_gen.state == "done", "alone, the camera's view passing it is enough"


def test_a_stream_is_not_the_level_s_to_defeat(tmp_path) -> None:
    """ "Defeat every enemy" counts the enemies the map holds, not a generator's stream:
    the HUD never reads "DEFEAT ENEMIES -1/1" while a runner is in, and the objective is
    done once the placed soldier falls, with the stream still coming (seen playing
    Fortress: the count went below zero a second in, and back down with every runner)."""
    soldier = obj("Soldier", 120 * TILE, FLOOR_ROW * TILE - 32)
    stream = generator(*ZONE, kind="Runner", every=0.3, cap=3)
    path = write_map(tmp_path, ROWS, extra_objects=soldier + stream)
    text = path.read_text().replace(
        "<properties>", '<properties><property name="objective" value="kill_all"/>', 1
    )
    path.write_text(text)
    stage = Stage(load_level(path, images=False), seed=1)
    stage.player.invulnerable = 1e9
    texts = set()
    for k in range(round(3.0 / DT)):
        stage.step(B.RIGHT | (B.JUMP if k % 40 < 12 else B.NONE))
        texts.add(stage.objective_status()[0][2])
    assert let_in(stage), "the generator let no runner in"
    assert texts == {"DEFEAT ENEMIES 0/1"}
    placed = next(e for e in stage.entities if e.kind == "Soldier")
    placed.damage(99, stage)
    for _ in range(30):
        stage.step(B.NONE)
    assert let_in(stage), "the stream is still in"
    assert stage.objective_status()[0] == ("kill_all", True, "DEFEAT ENEMIES 1/1")


def test_a_generator_passes_its_kinds_own_properties_on_to_each_it_lets_in(tmp_path) -> None:
    for climb in (True, False):
        props = {"climb": "true"} if climb else {}
        stage = stage_of(tmp_path, generator(*ZONE, kind="Runner", every=0.3, cap=6, **props))
        came = walk_through(stage, 6.0)
        assert came and {e.climb for e in came} == {climb}
