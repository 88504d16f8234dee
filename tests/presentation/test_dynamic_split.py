"""The dynamic split (two players' `auto` camera): one view while both fit; past that
the screen is cut along the perpendicular bisector of the line between them, each
player on their own side of the cut; at the point of splitting both views show the
same picture, and they merge back without a jump as the players meet."""

from __future__ import annotations

import math

import pygame
import pytest
from split_helpers import body, settle

from ascii_maps import write_map
from gunner import hud, hudteam
from gunner.assets import Art
from gunner.camera import SPLIT_MARGIN_X, SPLIT_MARGIN_Y, Camera, SplitScreen
from gunner.config import DT, VIEW_H, VIEW_W
from gunner.crowd import add_crowd
from gunner.dynamicsplit import divider, half_plane, masked, push
from gunner.hud import draw_hud, hud_spots
from gunner.hudteam import SiegeStatus
from gunner.input import Buttons
from gunner.level import load_level
from gunner.render import CUT_KEY, DIVIDER, draw_stage, draw_views
from gunner.stage import Stage
from gunner.world.objectives import OBJECTIVES

WORLD_W, WORLD_H = 4000, 2000
REACH_X, REACH_Y = VIEW_W / 2 - SPLIT_MARGIN_X, VIEW_H / 2 - SPLIT_MARGIN_Y


def apart(dx: float, dy: float) -> tuple[SplitScreen, list]:
    """Two players dx, dy apart in the middle of a big world, the camera settled."""
    players = [body(2000, 1000), body(2000 + dx, 1000 + dy)]
    split = SplitScreen(Camera(VIEW_W, VIEW_H, WORLD_W, WORLD_H), "auto")
    split.snap(players)
    settle(split, players)
    return split, players


def on_screen(view, player) -> tuple[float, float]:
    x, y = view.offset
    return player.hitbox.centerx - x, player.hitbox.centery - y


def side_of_cut(point: tuple[float, float], normal: tuple[float, float]) -> float:
    return (point[0] - VIEW_W / 2) * normal[0] + (point[1] - VIEW_H / 2) * normal[1]


@pytest.mark.parametrize(("dx", "dy"), [(2 * REACH_X - 4, 0), (0, 2 * REACH_Y - 4), (200, 100)])
def test_while_both_fit_there_is_one_view_holding_both(dx, dy):
    split, players = apart(dx, dy)
    (view,) = split.views()
    assert (view.left, view.right, view.normal) == (0, VIEW_W, None)
    assert all(view.rect.contains(p.hitbox) for p in players)


@pytest.mark.parametrize(
    ("dx", "dy"), [(900, 0), (-900, 0), (0, 600), (700, -500), (-400, 700), (2 * REACH_X + 40, 30)]
)
def test_apart_the_cut_runs_across_the_line_between_them_each_on_their_side(dx, dy):
    split, players = apart(dx, dy)
    first, second = split.views()
    normal = second.normal
    assert normal is not None and first.normal is None
    # The cut is perpendicular to the line from player 1 to player 2.
    cross = normal[0] * dy - normal[1] * dx
    assert abs(cross) < 1e-6 * math.hypot(dx, dy) * math.hypot(*normal)
    assert normal[0] * dx + normal[1] * dy > 0
    one, two = on_screen(first, players[0]), on_screen(second, players[1])
    assert side_of_cut(one, normal) < 0 < side_of_cut(two, normal)
    for point in (one, two):  # and well inside the screen
        assert SPLIT_MARGIN_X - 8 <= point[0] <= VIEW_W - SPLIT_MARGIN_X + 8
        assert SPLIT_MARGIN_Y - 24 <= point[1] <= VIEW_H - SPLIT_MARGIN_Y + 24


def test_at_the_point_of_splitting_both_views_show_the_same_picture():
    (s, t) = push((0, 0), (2 * REACH_X, 0), REACH_X, REACH_Y)
    assert s == (0.0, 0.0) and t == pytest.approx(1.0)
    (s, t) = push((0, 0), (2 * REACH_X + 2, 0), REACH_X, REACH_Y)
    assert t > 1 and 0 < s[0] < 1.01 and s[1] == 0  # a pixel's push for a 2 px step


def test_they_merge_back_without_a_jump_and_the_divider_fades_out():
    split, players = apart(900, 300)
    assert len(split.views()) == 2
    seen = [tuple(v.offset) for v in split.views()]
    fades = []
    # Player 2 walks back to player 1, a few pixels a step; every view moves smoothly.
    while players[1].hitbox.centerx > 2100:
        players[1].hitbox.x -= 3
        players[1].hitbox.y -= 1
        split.update(players, DT)
        views = split.views()
        now = [tuple(v.offset) for v in views]
        if len(views) == 2:
            fades.append(views[1].fade)
        else:
            now = now * 2  # one view: both players' pictures are this one
        for before, after in zip(seen, now, strict=True):
            assert math.dist(before, after) <= 6, (before, after)
        seen = now
    assert len(split.views()) == 1
    assert fades[0] == 1 and fades[-1] < 0.5, "the divider fades as they meet"


def test_a_player_down_gives_the_one_standing_the_whole_view():
    split, players = apart(900, 0)
    players[1].alive = False
    settle(split, players)
    (view,) = split.views()
    assert view.rect.contains(players[0].hitbox)


def test_half_plane_cuts_the_screen_through_its_centre():
    right = half_plane((VIEW_W, VIEW_H), (1.0, 0.0))
    assert sorted(right) == sorted(
        [(VIEW_W / 2, 0.0), (VIEW_W, 0.0), (VIEW_W, VIEW_H), (VIEW_W / 2, VIEW_H)]
    )
    below = half_plane((VIEW_W, VIEW_H), (0.0, -1.0), positive=False)
    assert sorted(below) == sorted(
        [(0.0, VIEW_H / 2), (VIEW_W, VIEW_H / 2), (VIEW_W, VIEW_H), (0.0, VIEW_H)]
    )


def test_each_side_of_the_cut_shows_its_own_view(tmp_path):
    rows = ["." * 160] * 14 + ["..P" + "." * 157, "#" * 160]
    stage = Stage(load_level(write_map(tmp_path, rows)), players=2)
    two = stage.players[1]
    with stage.lifted(two):
        two.hitbox.x += 1500
    split = SplitScreen(stage.camera, "auto")
    split.snap(stage.players)
    settle(split, stage.players)
    first, second = split.views()
    art = Art()
    surface = pygame.Surface((VIEW_W, VIEW_H))
    drawn_in: list = []
    draw_views(surface, stage, art, [first, second], overlay=lambda s, st, v: drawn_in.append(v))
    assert drawn_in == [first, second]  # F3's overlay: once in each view
    alone = [pygame.Surface((VIEW_W, VIEW_H)) for _ in range(2)]
    for picture, view in zip(alone, (first, second), strict=True):
        draw_views(picture, stage, art, [type(view)(view.camera, 0, VIEW_W, view.player)])
    # Away from the cut, each side is exactly its own view's picture.
    for x in range(0, VIEW_W, 16):
        for y in range(40, VIEW_H, 16):
            d = side_of_cut((x, y), second.normal)
            if abs(d) < 8 * math.hypot(*second.normal):
                continue
            want = alone[1] if d > 0 else alone[0]
            assert surface.get_at((x, y)) == want.get_at((x, y)), (x, y)


def drawn_whole(stage: Stage, art: Art, first, second) -> pygame.Surface:
    """The dynamic split drawn the plain way: each view over the whole screen, the
    second cut to its half and laid over the first."""
    surface = pygame.Surface((VIEW_W, VIEW_H))
    draw_stage(surface, stage, art, 1.0, first)
    layer = pygame.Surface((VIEW_W, VIEW_H), 0, surface)
    draw_stage(layer, stage, art, 1.0, second)
    masked(layer, second.normal, CUT_KEY)
    surface.blit(layer, (0, 0))
    pygame.draw.line(surface, DIVIDER, *divider((VIEW_W, VIEW_H), second.normal), 2)
    return surface


@pytest.mark.parametrize(("dx", "dy"), [(900, 0), (700, 500), (-600, 500), (300, -700), (60, 900)])
def test_each_view_drawn_over_its_half_only_is_the_same_picture(tmp_path, dx, dy):
    """Each view draws (and looks up) only its half's box; the screen shows exactly
    what drawing both whole and cutting would, a crowd's soldiers and the cut included."""
    rows = ["." * 160] * 99 + ["#" * 160]
    rows[20] = "." * 20 + "#" * 120 + "." * 20
    rows[51] = "." * 40 + "#" * 80 + "." * 40
    rows[80] = "#" * 60 + "." * 40 + "#" * 60
    rows[50] = "." * 80 + "P" + "." * 79
    stage = Stage(load_level(write_map(tmp_path, rows)), players=2, seed=3)
    add_crowd(stage, 300)
    for _ in range(30):  # soldiers land on their floors and start firing
        stage.step([Buttons.FIRE, Buttons.FIRE])
    two = stage.players[1]
    with stage.lifted(two):
        two.hitbox.x += dx
        two.hitbox.y += dy
    split = SplitScreen(stage.camera, "auto")
    split.snap(stage.players)
    first, second = split.views()
    assert second.normal is not None, "the players stand far enough apart to cut the screen"
    art = Art()
    surface = pygame.Surface((VIEW_W, VIEW_H))
    surface.fill((255, 0, 255))  # nothing of a previous frame may show through
    draw_views(surface, stage, art, [first, second])
    want = drawn_whole(stage, art, first, second)
    assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(want, "RGB")


def panel_pixels(stage: Stage, views, spots, k: int) -> list[tuple[int, int]]:
    """The screen pixels player `k`'s HUD panel (backing and all) covers: the HUD drawn
    with the panel where `spots` put it, against the HUD drawn with it off the screen
    (the team's block, which keeps clear of the panels where they are, left out)."""
    pictures = []
    for spot in (spots[k], (-1000, -1000)):
        surface = pygame.Surface((VIEW_W, VIEW_H))
        moved = list(spots)
        moved[k] = spot
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(hud, "draw_team", lambda *args: [])
            draw_hud(surface, stage, spots=moved, views=views)
        pictures.append(pygame.surfarray.array3d(surface))
    return differing_pixels(*pictures)


@pytest.mark.parametrize("degrees", range(0, 360, 15))
def test_each_players_panel_lies_wholly_on_their_side_of_the_cut(tmp_path, degrees):
    # Panels as wide as they get: a named gun with ammo, every keycard, lives in two digits.
    rows = ["." * 40] * 14 + ["..P" + "." * 37, "#" * 40]
    stage = Stage(load_level(write_map(tmp_path, rows), images=False), players=2)
    stage.time = 99.0  # past the level's name
    for player in stage.players:
        player.keys |= {"red", "blue", "yellow"}
        player.lives = 10
        stage.say("SPREAD GUN", player)  # a message of each player's own, too
    angle = math.radians(degrees)
    split, _ = apart(1100 * math.cos(angle), 1100 * math.sin(angle))
    views = split.views()
    cut = views[1].normal
    assert cut is not None and views[1].fade == 1.0
    spots = hud_spots(views)
    assert spots is not None
    for k, sign in ((0, -1), (1, 1)):
        pixels = panel_pixels(stage, views, spots, k)
        assert len(pixels) > 500, f"player {k + 1}'s panel is not on screen"
        nearest = min(sign * side_of_cut(p, cut) for p in pixels) / math.hypot(*cut)
        assert nearest > 2, f"player {k + 1}'s panel reaches the cut (or crosses it)"


def differing_pixels(a, b) -> list[tuple[int, int]]:
    """The (x, y) pixels where two screen pictures (surfarray.array3d) differ."""
    xs, ys = ((a != b).any(axis=2)).nonzero()
    return list(zip(xs.tolist(), ys.tolist(), strict=True))


def team_pixels(stage: Stage, views, spots) -> list[tuple[int, int]]:
    """The screen pixels the team's block (clock, objectives, siege) covers: the HUD
    drawn with it against the HUD drawn without it."""
    pictures = []
    for team in (True, False):
        surface = pygame.Surface((VIEW_W, VIEW_H))
        with pytest.MonkeyPatch.context() as patch:
            if not team:
                patch.setattr(hud, "draw_team", lambda *args: [])
            draw_hud(surface, stage, spots=spots, views=views)
        pictures.append(pygame.surfarray.array3d(surface))
    return differing_pixels(*pictures)


@pytest.mark.parametrize("degrees", range(0, 360, 10))
def test_the_teams_block_lies_wholly_on_one_side_of_the_cut_clear_of_both_panels(
    tmp_path, monkeypatch, degrees
):
    # As big as it gets: every objective a map can set, a siege's counter in three
    # digits, and both panels as wide as they get.
    rows = ["." * 40] * 14 + ["..P" + "." * 37, "#" * 40]
    stage = Stage(load_level(write_map(tmp_path, rows), images=False), players=2)
    stage.time = 99.0
    stage.objectives = list(OBJECTIVES)
    stage.totals.update(destroy_drums=12, kill_all=188)
    monkeypatch.setattr(hudteam, "siege_status", lambda stage: SiegeStatus(10, 12, 188))
    for player in stage.players:
        player.keys |= {"red", "blue", "yellow"}
        player.lives = 10
    angle = math.radians(degrees)
    split, _ = apart(1100 * math.cos(angle), 1100 * math.sin(angle))
    views = split.views()
    cut = views[1].normal
    assert cut is not None
    spots = hud_spots(views)
    pixels = team_pixels(stage, views, spots)
    assert len(pixels) > 3000, "the clock, the five objectives and the siege are on screen"
    sides = [side_of_cut(p, cut) / math.hypot(*cut) for p in pixels]
    assert min(sides) > 2 or max(sides) < -2, "the team's block reaches the cut (or crosses it)"
    panels = {p for k in (0, 1) for p in panel_pixels(stage, views, spots, k)}
    assert not panels & set(pixels), "the team's block covers a player's panel"


def test_on_one_view_the_teams_block_stays_at_the_top_right(tmp_path):
    # At the point of splitting sideways it stays there too: nothing jumps as the cut
    # fades in straight down.
    rows = ["." * 40] * 14 + ["..P" + "." * 37, "#" * 40]
    stage = Stage(load_level(write_map(tmp_path, rows), images=False), players=2)
    split, _ = apart(2 * REACH_X + 40, 0)
    one = team_pixels(stage, None, None)
    assert one and min(x for x, _ in one) > VIEW_W // 2, "top right, on one view"
    views = split.views()
    assert views[1].normal is not None
    assert team_pixels(stage, views, hud_spots(views)) == one
