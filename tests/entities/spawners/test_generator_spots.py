"""Where a generator's enemies may come in, at the rules' edges as a designer meets them:
never within GUARD of any view (the other player's too), standing on a floor (not in the
air over a lower one, not through a one-way platform over it), on floors from the map's
second row down to two rows under the view, from above on ledges up to ABOVE_ROWS rows
over the view (the map's first column and second row too), and facing the player."""

from __future__ import annotations

import pygame
import pytest

from ascii_maps import make_stage, obj
from gunner.config import TILE, VIEW_H, VIEW_W
from gunner.entities.generator import ABOVE_ROWS, GUARD, Generator
from gunner.entities.runner import HEIGHT as RUNNER_HEIGHT
from gunner.entities.runner import WIDTH as RUNNER_WIDTH
from gunner.tilemap import EMPTY

WIDE = 100


def stage_with(tmp_path, rows: list[str], **props):
    """A stage of `rows` with a point generator of runners in its middle."""
    gen_at = (WIDE // 2 * TILE, len(rows) * TILE // 2)
    stage = make_stage(tmp_path, [obj("Generator", *gen_at, kind="Runner", **props)], rows)
    stage.player.invulnerable = 1e9
    gen = next(e for e in stage.entities if isinstance(e, Generator))
    return stage, gen


def view_at(left: float, top: float) -> pygame.FRect:
    return pygame.FRect(left, top, VIEW_W, VIEW_H)


def player_on(rows: list[str], row: int, col: int = 50) -> None:
    """Stand the player's feet on the top of `row` (in the row over it) at `col`."""
    rows[row - 1] = rows[row - 1][:col] + "P" + rows[row - 1][col + 1 :]


# -- never near any view -----------------------------------------------------------


@pytest.mark.parametrize("where", ["beside", "above"])
@pytest.mark.parametrize("overhang", [0.5, -0.5])
def test_none_comes_in_within_guard_of_another_players_view(tmp_path, where, overhang) -> None:
    """With two players apart, the spot beside one view may lie near another (the shared
    view, first in the list, or the other player's own): a runner whose box comes within
    GUARD of that view by half a pixel, beside it or under it, is not let in; half a pixel
    further off, it is."""
    rows = ["." * WIDE] * 15 + ["#" * WIDE]
    player_on(rows, 15)
    stage, gen = stage_with(tmp_path, rows, side="left")
    seen = view_at(60 * TILE, 0)  # the view it comes in beside, off its left
    spot_x = seen.left - GUARD - TILE  # the spot's x (the box centred on it)
    box = pygame.FRect(0, 0, RUNNER_WIDTH, RUNNER_HEIGHT)
    box.midbottom = (spot_x, 15 * TILE)
    other = view_at(0, 0)
    if where == "beside":
        other.right = box.left - GUARD + overhang
        other.bottom = box.bottom
    else:
        other.centerx = box.centerx
        other.bottom = box.top - GUARD + overhang
    enemy = gen._let_in(stage, seen, [other, seen])
    assert (enemy is None) == (overhang > 0)
    if enemy is not None:
        assert tuple(enemy.hitbox) == tuple(box)


# -- on a floor --------------------------------------------------------------------


def test_beside_a_step_down_they_stand_on_the_lower_floor_not_in_the_air(tmp_path) -> None:
    """The player's floor ends before the view's left edge and the ground there is three
    rows lower: each comes in standing on that lower floor, not in the air at the
    player's height."""
    rows = ["." * WIDE] * 20
    for row in range(15, 20):
        rows[row] = "." * 40 + "#" * (WIDE - 40)
    rows[18] = rows[19] = "#" * WIDE
    player_on(rows, 15)
    stage, gen = stage_with(tmp_path, rows, side="left")
    view = stage.camera.rect.copy()
    assert view.left - GUARD - TILE < 40 * TILE, "the spot is over the lower floor"
    enemy = gen._let_in(stage, view, [view])
    assert enemy is not None and enemy.hitbox.bottom == 18 * TILE
    assert stage.tilemap.standing_on(enemy.hitbox) != EMPTY


def test_a_one_way_platform_right_over_the_floor_is_where_they_stand(tmp_path) -> None:
    """Off the view's left, a one-way platform one tile over the floor leaves no room to
    stand under it: each comes standing on the platform, not with its body through it."""
    rows = ["." * WIDE] * 15 + ["#" * WIDE]
    rows[14] = "=" * 40 + "." * (WIDE - 40)
    player_on(rows, 15)
    stage, gen = stage_with(tmp_path, rows, side="left")
    view = stage.camera.rect.copy()
    enemy = gen._let_in(stage, view, [view])
    assert enemy is not None and enemy.hitbox.bottom == 14 * TILE


@pytest.mark.parametrize(("below", "comes"), [(2, True), (3, False)])
def test_floors_are_searched_down_to_two_rows_under_the_view(tmp_path, below, comes) -> None:
    """A pit off the view's left: its floor two rows under the view's last row is where
    one comes in; three rows under, none does (it would land out of reach below)."""
    rows = ["." * WIDE] * 40
    player_on(rows, 12)
    rows[12] = "." * 40 + "#" * (WIDE - 40)  # the player's floor, ending before the pit
    view = view_at(50 * TILE - VIEW_W / 2, 0)
    pit = int(view.bottom // TILE) + below
    rows[pit] = "#" * 40 + "." * (WIDE - 40)
    stage, gen = stage_with(tmp_path, rows, side="left")
    enemy = gen._let_in(stage, view, [view])
    assert (enemy is not None) == comes
    if enemy is not None:
        assert enemy.hitbox.bottom == pit * TILE


def test_a_floor_on_the_maps_second_row_is_offered(tmp_path) -> None:
    """A ledge on row 1 (open sky over it, the map's top row and above) beside a view at
    the map's top: one comes in standing on it."""
    rows = ["." * WIDE] * 30
    rows[1] = "#" * 40 + "." * (WIDE - 40)
    rows[20] = "." * 40 + "#" * (WIDE - 40)
    player_on(rows, 20)
    stage, gen = stage_with(tmp_path, rows, side="left")
    view = view_at(50 * TILE - VIEW_W / 2, 0)
    enemy = gen._let_in(stage, view, [view])
    assert enemy is not None and enemy.hitbox.bottom == TILE


# -- facing the player ---------------------------------------------------------------


def test_one_let_in_straight_over_the_player_faces_right_as_a_placed_one_would(
    tmp_path,
) -> None:
    """From above, the only ledge over the view is a tile right over the player: the
    runner let in there, at exactly the player's x, faces right, the side a runner placed
    in the map picks for a player straight under it on its first step."""
    rows = ["." * WIDE] * 40
    rows[39] = "#" * WIDE
    player_on(rows, 39)
    rows[15] = "." * 50 + "#" + "." * (WIDE - 51)
    stage, gen = stage_with(tmp_path, rows, side="above")
    view = view_at(50 * TILE - VIEW_W / 2, 20 * TILE)
    enemy = gen._let_in(stage, view, [view])
    assert enemy is not None and enemy.hitbox.midbottom == (50 * TILE + TILE / 2, 15 * TILE)
    assert enemy.hitbox.centerx == stage.player.hitbox.centerx
    assert enemy.facing == 1
    placed = type(enemy)(enemy.hitbox.centerx, enemy.hitbox.bottom)
    placed.tick(stage)
    assert placed.facing == enemy.facing


# -- from above ----------------------------------------------------------------------


def above(tmp_path, ledges: dict[int, str]):
    """A tall map, the player on its floor, `ledges` rows (row: cells) over a view with
    its top at row 30; a generator of runners from above."""
    rows = ["." * WIDE] * 60
    rows[59] = "#" * WIDE
    player_on(rows, 59)
    for row, cells in ledges.items():
        rows[row] = cells + rows[row][len(cells) :]
    return stage_with(tmp_path, rows, side="above")


LAST = int((30 * TILE - GUARD) // TILE)  # the lowest row whose top is over the view's guard


@pytest.mark.parametrize(
    ("row", "comes"), [(LAST, True), (LAST - ABOVE_ROWS, True), (LAST - ABOVE_ROWS - 1, False)]
)
def test_from_above_walkers_stand_on_ledges_up_to_above_rows_over_the_view(
    tmp_path, row, comes
) -> None:
    """The only ledge over the view: from the lowest row clear of its guard up to
    ABOVE_ROWS rows higher, one comes in standing on it; a row higher still, none does."""
    stage, gen = above(tmp_path, {row: "#" * WIDE})
    view = view_at(50 * TILE - VIEW_W / 2, 30 * TILE)
    enemy = gen._let_in(stage, view, [view])
    assert (enemy is not None) == comes
    if enemy is not None:
        assert enemy.hitbox.bottom == row * TILE <= view.top - GUARD


@pytest.mark.parametrize(
    ("ledges", "foot"),
    [
        ({1: "#" * WIDE}, (None, TILE)),  # the map's second row, across the view
        ({3: "#"}, (TILE / 2, 3 * TILE)),  # one tile in the map's first column
    ],
)
def test_from_above_ledges_at_the_maps_top_left_corner_are_offered(tmp_path, ledges, foot) -> None:
    """A view in the map's top left corner: a ledge on the map's second row (open sky over
    it) or one in its first column is where one comes in."""
    stage, gen = above(tmp_path, ledges)
    view = view_at(0, 5 * TILE)
    enemy = gen._let_in(stage, view, [view])
    assert enemy is not None and enemy.hitbox.bottom == foot[1]
    if foot[0] is not None:
        assert enemy.hitbox.centerx == foot[0]


def test_from_above_a_one_way_platform_on_a_ledge_is_where_they_stand(tmp_path) -> None:
    """A ledge over the view with a one-way platform laid on it: each comes standing on
    the platform, never with its body through it."""
    cells = "." * 50 + "###"
    stage, gen = above(tmp_path, {LAST - 2: cells, LAST - 3: cells.replace("#", "=")})
    view = view_at(50 * TILE - VIEW_W / 2, 30 * TILE)
    bottoms = {gen._let_in(stage, view, [view]).hitbox.bottom for _ in range(12)}
    assert bottoms == {(LAST - 3) * TILE}
