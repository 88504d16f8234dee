"""Two players' views: one shared view while both fit, a split when they part (auto:
along the line between them, merging back without a jump; vertical: down the middle,
the divider sliding back out when they meet); always and never; the HUD on each side."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest
from split_helpers import body, settle

from ascii_maps import write_map
from gunner.assets import Art
from gunner.camera import MERGE_X, SLIDE_TIME, SPLIT_MARGIN_X, Camera, SplitScreen
from gunner.config import DT, VIEW_H, VIEW_W
from gunner.hud import draw_hud, hud_spots
from gunner.level import load_level
from gunner.render import draw_views
from gunner.stage import Stage

WORLD_W, WORLD_H = 4000, 600
SPLIT_AT = VIEW_W - 2 * SPLIT_MARGIN_X
SLIDE_STEPS = round(SLIDE_TIME / DT) + 2


def screen(mode: str = "auto") -> tuple[SplitScreen, list[SimpleNamespace]]:
    players = [body(1000), body(1040)]
    split = SplitScreen(Camera(VIEW_W, VIEW_H, WORLD_W, WORLD_H), mode)
    split.snap(players)
    return split, players


def on_screen_x(view, player) -> float:
    """Where the player's centre is drawn, in screen columns."""
    return player.hitbox.centerx - view.offset[0] + view.left


def test_together_they_share_one_full_view():
    split, players = screen()
    settle(split, players)
    (view,) = split.views()
    assert (view.left, view.right) == (0, VIEW_W)
    assert all(view.rect.contains(p.hitbox) for p in players)


def test_parting_past_the_margin_splits_down_the_middle_each_half_on_its_player():
    split, players = screen("vertical")
    players[1].hitbox.centerx = players[0].hitbox.centerx + SPLIT_AT - 4
    settle(split, players, 5)
    assert len(split.views()) == 1  # still fits, with the margin
    players[1].hitbox.centerx = players[0].hitbox.centerx + SPLIT_AT + 4
    settle(split, players)
    left, right = split.views()
    assert (left.left, left.right, right.left, right.right) == (0, VIEW_W // 2, VIEW_W // 2, VIEW_W)
    assert (left.player, right.player) == (0, 1)  # player 1 was on the left
    for view, player in ((left, players[0]), (right, players[1])):
        assert view.left <= on_screen_x(view, player) <= view.right
        # Near the strip's middle (a little behind it: the view looks ahead).
        assert abs(on_screen_x(view, player) - (view.left + view.right) / 2) < 50


def test_the_divider_slides_in_and_back_out_over_a_moment():
    split, players = screen("vertical")
    players[1].hitbox.centerx += 800
    split.update(players, DT)
    first = split.divider
    assert VIEW_W // 2 < first < VIEW_W  # sliding in, not cut
    settle(split, players, SLIDE_STEPS)
    assert split.divider == VIEW_W // 2
    players[1].hitbox.centerx = players[0].hitbox.centerx + MERGE_X - 20
    split.update(players, DT)
    assert VIEW_W // 2 < split.divider < VIEW_W  # sliding out
    settle(split, players, SLIDE_STEPS)
    assert len(split.views()) == 1


def test_between_the_merge_and_split_distances_it_stays_as_it_is():
    # Hysteresis: walking at the edge never makes the screen flicker.
    split, players = screen("vertical")
    middle = (MERGE_X + SPLIT_AT) / 2
    players[1].hitbox.centerx = players[0].hitbox.centerx + middle
    settle(split, players)
    assert len(split.views()) == 1
    players[1].hitbox.centerx = players[0].hitbox.centerx + 900
    settle(split, players)
    players[1].hitbox.centerx = players[0].hitbox.centerx + middle
    settle(split, players)
    assert len(split.views()) == 2


def test_far_apart_up_and_down_splits_too():
    split, players = screen()
    players[1].hitbox.centery -= VIEW_H
    settle(split, players)
    assert len(split.views()) == 2


def test_a_player_down_merges_the_view_onto_the_one_standing():
    split, players = screen()
    players[1].hitbox.centerx += 900
    settle(split, players)
    players[1].alive = False
    settle(split, players)
    (view,) = split.views()
    assert view.rect.contains(players[0].hitbox)


@pytest.mark.parametrize(("mode", "apart", "views"), [("always", 0, 2), ("never", 900, 1)])
def test_always_and_never(mode, apart, views):
    split, players = screen(mode)
    players[1].hitbox.centerx += apart
    settle(split, players)
    assert len(split.views()) == views


def test_never_split_shows_the_world_camera_itself():
    world = Camera(VIEW_W, VIEW_H, WORLD_W, WORLD_H)
    split = SplitScreen(world, "never")
    (view,) = split.views()
    assert view.camera is world


def test_an_unknown_mode_is_refused_in_words():
    with pytest.raises(ValueError, match="split mode 'sideways'"):
        SplitScreen(Camera(VIEW_W, VIEW_H, WORLD_W, WORLD_H), "sideways")


def co_op_stage(tmp_path) -> Stage:
    rows = ["." * 120] * 14 + ["..P" + "." * 117, "#" * 120]
    return Stage(load_level(write_map(tmp_path, rows)), players=2)


def test_split_views_draw_each_players_surroundings_and_each_hud_on_its_side(tmp_path):
    stage = co_op_stage(tmp_path)
    one, two = stage.players
    two.hitbox.x += 1200
    split = SplitScreen(stage.camera)
    split.snap(stage.players)
    settle(split, stage.players)
    views = split.views()
    surface = pygame.Surface((VIEW_W, VIEW_H))
    drawn_in: list = []
    draw_views(surface, stage, Art(), views, overlay=lambda s, st, v: drawn_in.append(v))
    assert drawn_in == views  # F3's cells and hitboxes: once per view, in its strip
    assert hud_spots(views) == [(0, 0), (VIEW_W // 2 + 4, 0)]  # clear of the cut
    draw_hud(surface, stage, spots=hud_spots(views))  # both panels, no error


def test_one_player_keeps_the_one_view_and_hud_layout(tmp_path):
    assert hud_spots(None) is None
    rows = ["." * 40] * 14 + ["..P" + "." * 37, "#" * 40]
    stage = Stage(load_level(write_map(tmp_path, rows), images=False))
    surface = pygame.Surface((VIEW_W, VIEW_H))
    draw_hud(surface, stage)


def test_a_player_who_crossed_to_the_far_edge_of_the_map_stays_in_their_half():
    # Versus keeps the halves for good: player 1 (left half) runs to the map's right
    # edge and player 2 (right half) to its left edge. Each half still shows its player.
    split, players = screen("always")
    settle(split, players, SLIDE_STEPS)
    players[0].hitbox.centerx, players[1].hitbox.centerx = WORLD_W - 10, 10
    settle(split, players)
    left, right = split.views()
    assert (left.player, right.player) == (0, 1)
    for view, player in ((left, players[0]), (right, players[1])):
        assert view.left <= on_screen_x(view, player) <= view.right
        assert view.rect.contains(player.hitbox)
        assert view.rect.left >= 0 and view.rect.right <= WORLD_W


def test_side_by_side_the_right_hand_panel_keeps_one_views_spot_as_the_divider_slides():
    # One view puts player 2's panel CLEAR right of the middle; the vertical split keeps
    # it there as the divider slides in, once it is down, and as it slides back out: it
    # never rides the divider in from the screen's right edge, nor sits 4 px left.
    split, players = screen("vertical")
    one_view = [(0, 0), (VIEW_W // 2 + 4, 0)]
    spots = []
    players[1].hitbox.centerx = players[0].hitbox.centerx + SPLIT_AT + 4
    for _ in range(SLIDE_STEPS):
        split.update(players, DT)
        spots.append(hud_spots(split.views()))
    assert len(split.views()) == 2 and split.divider == VIEW_W // 2
    players[1].hitbox.centerx = players[0].hitbox.centerx + MERGE_X - 10
    for _ in range(SLIDE_STEPS):
        split.update(players, DT)
        spots.append(hud_spots(split.views()) or one_view)
    assert len(split.views()) == 1
    assert all(s == one_view for s in spots), spots
