"""The edges of a generator's rules as a designer meets them: a rectangle drawn with no
width or no height is a point, a view touching the region's right edge (or top, on a
climb) has passed it, "either" comes from whichever side has room and from both sides
over time, a generator with no room looks again every RETRY seconds, and those left far
above or below the view are recalled like those left behind."""

from __future__ import annotations

import pygame
import pytest

from ascii_maps import make_stage, obj
from gunner.config import DT, TILE, VIEW_H, VIEW_W
from gunner.entities.generator import FIRST, FLIER_LIFT, GUARD, RECALL, RETRY, Generator
from gunner.entities.runner import WIDTH as RUNNER_WIDTH
from gunner.input import Buttons as B
from gunner.maps import Spawn
from gunner.tilemap import EMPTY

WIDE = 100


def floor_rows(player_col: int, height: int = 16) -> list[str]:
    """A long floor, the player standing on it at `player_col`."""
    return (
        ["." * WIDE] * (height - 2)
        + ["." * player_col + "P" + "." * (WIDE - 1 - player_col)]
        + ["#" * WIDE]
    )


def stage_with(tmp_path, rows: list[str], at: tuple[float, float], **props):
    stage = make_stage(tmp_path, [obj("Generator", *at, kind="Runner", **props)], rows)
    stage.player.invulnerable = 1e9
    gen = next(e for e in stage.entities if isinstance(e, Generator))
    return stage, gen


def arrivals(stage, gen, seconds: float, held: B = B.NONE, each=None) -> list[tuple[int, int]]:
    """(step, side of the view it came from: -1 or +1) of each enemy let in; `each(enemy)`
    on the step it comes."""
    came, seen = [], set()
    for n in range(1, round(seconds / DT) + 1):
        stage.step(held)
        for enemy in gen.out:
            if id(enemy) not in seen:
                seen.add(id(enemy))
                side = -1 if enemy.hitbox.centerx < stage.camera.rect.centerx else 1
                came.append((n, side))
                if each:
                    each(enemy)
    return came


@pytest.mark.parametrize(
    ("w", "h", "region"),
    [
        (200, 0, (100 - VIEW_W / 2, 80 - VIEW_H / 2, VIEW_W, VIEW_H)),  # a flat line: a point
        (0, 200, (100 - VIEW_W / 2, 80 - VIEW_H / 2, VIEW_W, VIEW_H)),  # an upright line
        (0, 0, (100 - VIEW_W / 2, 80 - VIEW_H / 2, VIEW_W, VIEW_H)),  # a point
        (1, 1, (100, 80, 1, 1)),  # the smallest rectangle is still its own region
    ],
)
def test_a_rectangle_with_no_width_or_height_is_a_point(w, h, region) -> None:
    gen = Generator.from_spawn(Spawn("Generator", 100, 80, w, h, props={"kind": "Runner"}))
    assert tuple(gen.zone) == region


def test_its_body_is_a_speck_inside_its_region_at_the_bottom_centre() -> None:
    """The debug overlay shows it there; it is not a body anything meets."""
    gen = Generator(pygame.FRect(100, 40, 200, 120))
    assert tuple(gen.hitbox) == (200, 159, 1, 1)
    assert gen.zone.contains(gen.hitbox)


def test_a_view_touching_its_right_edge_or_on_a_climb_its_top_has_passed_it() -> None:
    gen = Generator(pygame.FRect(1000, 400, 200, 200))
    at = pygame.FRect(0, 0, VIEW_W, VIEW_H)
    at.topleft = (1200, 400)  # its left edge on the region's right
    assert gen.passed(at)
    at.left = 1199.5
    assert not gen.passed(at)
    at.left, at.bottom = 1000, 400  # over the region, its bottom on the region's top
    assert gen.passed(at, climb=True) and not gen.passed(at)
    at.bottom = 400.5
    assert not gen.passed(at, climb=True)


@pytest.mark.parametrize("player_col, open_side", [(2, 1), (97, -1)])
def test_either_side_comes_from_the_side_with_room_on_its_rhythm(
    tmp_path, player_col, open_side
) -> None:
    """At the map's left (right) edge there is no room off that side of the view: each
    comes from the other side, on time, whichever side the draw tried first."""
    rows = floor_rows(player_col)
    at = (player_col * TILE + 8, 14 * TILE)
    stage, gen = stage_with(tmp_path, rows, at, side="either", every=0.5, cap=20)
    came = arrivals(stage, gen, 4.5)
    first, every = round(FIRST / DT), round(0.5 / DT)
    assert [n for n, _ in came] == [first + k * every for k in range(len(came))]
    assert len(came) == 9 and {s for _, s in came} == {open_side}


def test_either_side_comes_from_both_sides_over_time_each_facing_the_player(tmp_path) -> None:
    stage, gen = stage_with(tmp_path, floor_rows(50), (50 * TILE + 8, 14 * TILE), every=0.2, cap=40)
    facings = []
    came = arrivals(stage, gen, 4.0, each=lambda e: facings.append(e.facing))
    sides = [s for _, s in came]
    assert len(sides) >= 15 and sides.count(-1) >= 3 and sides.count(1) >= 3
    assert facings == [-s for s in sides]  # from the left it faces right, at the player


def test_with_no_room_it_looks_again_every_retry_seconds(tmp_path) -> None:
    """From the left, at the map's left edge: no room until the player has walked the
    view far enough right; the first comes on the look that finds room, a whole number
    of RETRY periods after the first look."""
    stage, gen = stage_with(tmp_path, floor_rows(2), (40 * TILE, 14 * TILE), side="left")
    looks = []  # (step, found room)
    let_in = gen._let_in

    def looking(*args):
        entity = let_in(*args)
        looks.append((stage.steps, entity is not None))
        return entity

    gen._let_in = looking
    came = arrivals(stage, gen, 4.0, held=B.RIGHT)
    assert came, "the view never left room on its left"
    found = [ok for _, ok in looks].index(True)
    steps = [n for n, _ in looks[: found + 1]]
    assert found >= 2
    assert {b - a for a, b in zip(steps, steps[1:], strict=False)} == {round(RETRY / DT)}


def test_one_left_far_above_the_view_is_recalled(tmp_path) -> None:
    rows = floor_rows(50, height=60)
    stage, gen = stage_with(tmp_path, rows, (50 * TILE + 8, 58 * TILE), side="left", cap=1)
    came = arrivals(stage, gen, 1.0)
    assert len(came) == 1
    first = gen.out[0]

    def put(bottom: float) -> None:
        stage.tree.remove(first)
        first.hitbox.centerx = stage.camera.rect.centerx
        first.hitbox.bottom = bottom
        stage.tree.add(first)

    put(stage.camera.rect.top - RECALL / 2)  # above the view, not far: it stays
    stage.step(B.NONE)
    assert first.alive and gen.out == [first]
    put(stage.camera.rect.top - RECALL - 60)  # far above: recalled
    stage.step(B.NONE)
    assert not first.alive and first not in gen.out


def test_walkers_stand_on_the_floor_nearest_the_players_height(tmp_path) -> None:
    """Off the view's left: a floor two tiles thick (the player's) and a shelf high over
    it. Each comes standing on the top of the player's floor, not inside it or on the
    shelf."""
    rows = floor_rows(50)
    rows[-2] = "#" * WIDE  # the floor is two tiles thick: rows 14 and 15
    rows[-3] = rows[-3][:50] + "P" + rows[-3][51:]
    rows[8] = "#" * 40 + "." * (WIDE - 40)  # a shelf over the floor, off the view's left
    stage, gen = stage_with(tmp_path, rows, (50 * TILE + 8, 13 * TILE), side="left", every=0.3)
    bottoms = []
    came = arrivals(stage, gen, 2.0, each=lambda e: bottoms.append(e.hitbox.bottom))
    assert len(came) >= 3 and set(bottoms) == {14 * TILE} == {stage.player.hitbox.bottom}


def test_a_floor_with_no_headroom_is_passed_over_for_the_next_nearest(tmp_path) -> None:
    """Off the view's left a slab one tile over the floor leaves no room to stand under
    it: each comes standing on the slab instead."""
    rows = floor_rows(50)
    rows[13] = "#" * 40 + "." * (WIDE - 40)
    stage, gen = stage_with(tmp_path, rows, (50 * TILE + 8, 14 * TILE), side="left", every=0.3)
    bottoms = []
    came = arrivals(stage, gen, 2.0, each=lambda e: bottoms.append(e.hitbox.bottom))
    assert len(came) >= 3 and set(bottoms) == {13 * TILE}


@pytest.mark.parametrize("side", ["left", "right"])
def test_fliers_come_in_beside_the_view_lifted_over_the_player(tmp_path, side) -> None:
    stage, gen = stage_with(tmp_path, floor_rows(50), (50 * TILE + 8, 14 * TILE), side=side)
    gen.lets_in = "Drone"
    heights = []
    player = stage.player.hitbox
    came = arrivals(
        stage, gen, 1.0, each=lambda e: heights.append(player.centery - e.hitbox.bottom)
    )
    assert len(came) == 1 and came[0][1] == (-1 if side == "left" else 1)
    assert heights == [FLIER_LIFT]


@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("overhang", [0.5, 0.0, -0.5])
def test_none_comes_in_hanging_over_the_maps_edge(tmp_path, side, overhang) -> None:
    """A view near the map's edge puts its spot on that side at the edge: a runner whose
    box would reach past it by any amount is not let in; flush with it, or inside, it is."""
    stage, gen = stage_with(tmp_path, floor_rows(50), (50 * TILE + 8, 14 * TILE), side=side)
    width = stage.tilemap.pixel_width
    view = stage.camera.rect.copy()
    reach = GUARD + TILE + RUNNER_WIDTH / 2  # a spot's outer box edge, outside the view
    if side == "left":
        view.left = reach - overhang
    else:
        view.right = width - reach + overhang
    enemy = gen._let_in(stage, view, [view])
    assert (enemy is None) == (overhang > 0)
    if enemy is not None:
        assert enemy.hitbox.left >= 0 and enemy.hitbox.right <= width
        assert min(enemy.hitbox.left, width - enemy.hitbox.right) == -overhang


def test_from_above_walkers_come_in_on_ledges_over_the_views_columns(tmp_path) -> None:
    """A shaft wider than the view, ledges two tiles thick across it over the view: each
    walker stands on a ledge's top over one of the view's columns, at a seeded spot (not
    always the same one)."""
    height = 40
    rows = ["." * 60] * height
    for row in (4, 12, 20):  # ledges, two tiles thick, clear of the view
        rows[row] = rows[row + 1] = "#" * 60
    rows[height - 2] = "." * 30 + "P" + "." * 29
    rows[height - 1] = "#" * 60
    zone = (0, 0, 60 * TILE, height * TILE)
    stage = make_stage(
        tmp_path, [obj("Generator", *zone, kind="Runner", every=0.2, cap=12, side="above")], rows
    )
    stage.player.invulnerable = 1e9
    gen = next(e for e in stage.entities if isinstance(e, Generator))
    spots = []

    def on_a_ledge(enemy) -> None:
        view = stage.camera.rect
        assert view.left > 0 and view.right < 60 * TILE  # a view inside a wider shaft
        assert view.left <= enemy.hitbox.centerx < view.right + TILE
        assert stage.tilemap.standing_on(enemy.hitbox) != EMPTY
        assert enemy.hitbox.bottom in (20 * TILE, 12 * TILE, 4 * TILE)
        spots.append(tuple(enemy.hitbox.midbottom))

    came = arrivals(stage, gen, 2.0, each=on_a_ledge)
    assert len(came) >= 5 and len(set(spots)) == len(spots)
