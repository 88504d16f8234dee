"""Messages on a split screen: a player's own message (what they picked up, a life
taken) sits in their own view, clear of the divider; the team's shows in each view;
on one view both stay centred."""

from __future__ import annotations

import numpy as np
import pygame
import pytest
from split_helpers import body, settle

from ascii_maps import obj, write_map
from gunner import hud, text
from gunner.camera import SplitScreen
from gunner.config import VIEW_H, VIEW_W
from gunner.entities.door import showing
from gunner.hud import draw_hud, draw_split, hud_spots
from gunner.hudmessage import MESSAGE_Y, PLAYER_COLOURS
from gunner.input import Buttons
from gunner.level import load_level
from gunner.splits import Split
from gunner.stage import Stage
from gunner.timer import Timer

WIDE = 160  # tiles: room to part


def co_op(tmp_path, apart: float) -> Stage:
    """Two players on a long floor, player 2 `apart` px to the right of player 1."""
    rows = ["." * WIDE] * 14 + ["..P" + "." * (WIDE - 3), "#" * WIDE]
    stage = Stage(load_level(write_map(tmp_path, rows), images=False), players=2)
    stage.players[1].hitbox.x = stage.players[0].hitbox.x + apart
    stage.step([0, 0])
    return stage


def pick_up(stage: Stage, k: int, item: str = "spread") -> None:
    """Player `k` walks into a pickup lying at their feet."""
    x, y = stage.players[k].hitbox.midbottom
    stage.spawn("Pickup", x, y, {"item": item})
    for _ in range(5):
        stage.step([0, 0])
        if stage.message_time:
            break
    assert stage.message_time, "nothing was picked up"


def message_columns(stage: Stage, views) -> np.ndarray:
    """The columns of the screen where the centre message's yellow lies, drawn over a
    blank screen as the play scene draws its HUD."""
    surface = pygame.Surface((VIEW_W, VIEW_H))
    draw_hud(surface, stage, spots=hud_spots(views), views=views)
    pixels = pygame.surfarray.array3d(surface)[:, MESSAGE_Y : MESSAGE_Y + 24]
    yellow = (pixels == text.YELLOW).all(axis=2).any(axis=1)
    return np.flatnonzero(yellow)


def split_views(stage: Stage, mode: str):
    screen = SplitScreen(stage.camera, mode)
    screen.snap(stage.players)
    settle(screen, stage.players)
    return screen.views()


def test_in_a_vertical_split_player_twos_pickup_shows_wholly_in_their_half(tmp_path):
    stage = co_op(tmp_path, 1200)
    views = split_views(stage, "always")
    assert [v.player for v in views] == [0, 1] and views[1].left == VIEW_W // 2
    pick_up(stage, 1)
    assert stage.message_owner == 1
    columns = message_columns(stage, views)
    assert columns.size, "no message on screen"
    assert columns.min() > VIEW_W // 2  # right of the divider, never across it
    middle = (columns.min() + columns.max()) / 2
    assert abs(middle - VIEW_W * 3 / 4) <= 2  # centred in player 2's half


def test_player_ones_pickup_shows_in_the_left_half(tmp_path):
    stage = co_op(tmp_path, 1200)
    views = split_views(stage, "always")
    pick_up(stage, 0)
    columns = message_columns(stage, views)
    assert columns.size and columns.max() < VIEW_W // 2
    assert abs((columns.min() + columns.max()) / 2 - VIEW_W / 4) <= 2


def test_both_players_pickups_show_at_once_each_in_their_own_half(tmp_path):
    stage = co_op(tmp_path, 1200)
    views = split_views(stage, "always")
    pick_up(stage, 0, "spread")
    pick_up(stage, 1, "rocket")
    columns = message_columns(stage, views)
    left, right = columns[columns < VIEW_W // 2], columns[columns >= VIEW_W // 2]
    assert left.size and right.size, "one player's pickup was hidden by the other's"
    assert left.max() - left.min() != right.max() - right.min()  # two different names


def test_the_teams_message_goes_above_a_players_own(tmp_path):
    stage = co_op(tmp_path, 1200)
    views = split_views(stage, "always")
    pick_up(stage, 1)
    stage.say("CHECKPOINT")
    columns = message_columns(stage, views)  # the top row: the team's, in both halves
    assert columns[columns < VIEW_W // 2].size and columns[columns >= VIEW_W // 2].size
    surface = pygame.Surface((VIEW_W, VIEW_H))
    draw_hud(surface, stage, spots=hud_spots(views), views=views)
    below = pygame.surfarray.array3d(surface)[:, MESSAGE_Y + 26 : MESSAGE_Y + 50]
    columns = np.flatnonzero((below == text.YELLOW).all(axis=2).any(axis=1))
    assert columns.size and columns.min() > VIEW_W // 2  # player 2's pickup, under it


def walk_into_locked_door(stage: Stage, k: int) -> None:
    """Player `k` walks right into a red door a few steps ahead, holding no key."""
    x, y = stage.players[k].hitbox.midbottom
    stage.spawn("Door", x + 40, y, {"color": "red"})
    masks = [Buttons.NONE, Buttons.NONE]
    masks[k] = Buttons.RIGHT
    for _ in range(60):
        stage.step(masks)
        if showing(stage, "RED KEY NEEDED", stage.players[k]):
            break
    assert stage.message == "RED KEY NEEDED", "the door did not stop them"


def test_key_needed_shows_only_in_the_half_of_the_player_at_the_door(tmp_path):
    for k in (1, 0):
        stage = co_op(tmp_path, 1200)
        stage.time = 99.0  # past the level's name
        views = split_views(stage, "always")
        walk_into_locked_door(stage, k)
        columns = message_columns(stage, views)
        assert columns.size, "no message on screen"
        left, right = k * VIEW_W // 2, (k + 1) * VIEW_W // 2  # their half
        assert left <= columns.min() and columns.max() < right, "it crosses the divider"
        middle = (columns.min() + columns.max()) / 2
        assert abs(middle - (left + right) / 2) <= 2  # centred in their half


def test_both_players_at_locked_doors_are_each_told_in_their_own_half(tmp_path):
    stage = co_op(tmp_path, 1200)
    stage.time = 99.0
    views = split_views(stage, "always")
    walk_into_locked_door(stage, 0)
    walk_into_locked_door(stage, 1)  # the same words, while player 1's still show
    columns = message_columns(stage, views)
    left, right = columns[columns < VIEW_W // 2], columns[columns >= VIEW_W // 2]
    assert left.size and right.size, "one player's KEY NEEDED was not shown"
    assert left.max() - left.min() == right.max() - right.min()


def test_unsplit_a_pickup_stays_centred_on_the_screen(tmp_path):
    stage = co_op(tmp_path, 40)
    views = split_views(stage, "auto")
    assert len(views) == 1  # together: one view
    pick_up(stage, 1)
    columns = message_columns(stage, views)
    assert columns.size
    assert abs((columns.min() + columns.max()) / 2 - VIEW_W / 2) <= 2


def test_the_teams_message_shows_in_both_halves_and_crosses_neither(tmp_path):
    stage = co_op(tmp_path, 1200)
    views = split_views(stage, "always")
    stage.say("CHECKPOINT")
    columns = message_columns(stage, views)
    left, right = columns[columns < VIEW_W // 2], columns[columns >= VIEW_W // 2]
    assert left.size and right.size
    assert left.max() < VIEW_W // 2 <= right.min()
    assert left.max() - left.min() == right.max() - right.min()  # the same line twice


def signed(point, normal) -> float:
    """Which side of the dynamic split's cut (through the screen's centre) `point` is."""
    return (point[0] - VIEW_W / 2) * normal[0] + (point[1] - VIEW_H / 2) * normal[1]


def test_in_the_dynamic_split_the_message_stays_on_its_players_side_of_the_cut(tmp_path):
    # Player 2 far below and to the right: the cut runs diagonally.
    stage = co_op(tmp_path, 40)
    screen = SplitScreen(stage.camera, "auto")
    bodies = [body(300, 300), body(1000, 800)]
    screen.snap(bodies)
    settle(screen, bodies)
    views = screen.views()
    cut = views[1].normal
    assert cut is not None and cut[0] > 0 and cut[1] > 0 and views[1].fade == 1.0
    for k, sign in ((0, -1), (1, 1)):
        stage.own_messages.clear()  # this player's alone
        stage.say("SPREAD GUN", stage.players[k])
        surface = pygame.Surface((VIEW_W, VIEW_H))
        draw_hud(surface, stage, views=views)
        yellow = (pygame.surfarray.array3d(surface) == text.YELLOW).all(axis=2)
        yellow[:, :40] = False  # the panels' weapon names
        xs, ys = np.nonzero(yellow)
        assert xs.size, f"player {k + 1}'s message is not on screen"
        sides = [sign * signed((x, y), cut) for x, y in zip(xs, ys, strict=True)]
        assert min(sides) > 0, f"player {k + 1}'s message crosses the cut"


def test_a_player_out_of_lives_is_told_in_their_own_view_how_to_take_one(tmp_path):
    stage = co_op(tmp_path, 1200)
    views = split_views(stage, "always")
    one, two = stage.players
    two.alive, two.lives = False, 0
    one.lives = 3
    stage.time = 99.0  # past the level's name

    def hint_columns() -> np.ndarray:
        surface = pygame.Surface((VIEW_W, VIEW_H))
        draw_hud(surface, stage, spots=hud_spots(views), views=views)
        rows = pygame.surfarray.array3d(surface)[:, MESSAGE_Y + 20 :]
        return np.flatnonzero((rows == PLAYER_COLOURS[1]).all(axis=2).any(axis=1))

    columns = hint_columns()
    assert columns.size and columns.min() > VIEW_W // 2  # in player 2's half
    one.lives = 1  # nothing to spare: no hint
    assert not hint_columns().size


def test_a_checkpoints_split_time_shows_under_its_banner_in_each_half(tmp_path):
    stage = co_op(tmp_path, 1200)
    views = split_views(stage, "always")
    surface = pygame.Surface((VIEW_W, VIEW_H))
    draw_split(surface, Split("1,1", 600, -30), views)  # 30 steps ahead: green
    rows = pygame.surfarray.array3d(surface)
    columns = np.flatnonzero((rows == text.GREEN).all(axis=2).any(axis=1))
    left, right = columns[columns < VIEW_W // 2], columns[columns >= VIEW_W // 2]
    assert left.size and right.size and left.max() < VIEW_W // 2 <= right.min()
    surface.fill((0, 0, 0))
    draw_split(surface, Split("1,1", 600, -30))  # one view: centred, once
    rows = pygame.surfarray.array3d(surface)
    columns = np.flatnonzero((rows == text.GREEN).all(axis=2).any(axis=1))
    assert abs((columns.min() + columns.max()) / 2 - VIEW_W / 2) <= 2


def siege_co_op(tmp_path) -> Stage:
    """Two players apart on a long floor, with a gate: a siege whose counter shows."""
    rows = ["." * WIDE] * 14 + ["..P" + "." * (WIDE - 3), "#" * WIDE]
    gate = obj("WaveSpawner", 100 * 16, 14 * 16 - 16, 64, 32, count=5)
    path = write_map(tmp_path, rows, extra_objects=gate)
    path.write_text(
        path.read_text().replace(
            "<properties>", '<properties><property name="objective" value="waves"/>', 1
        )
    )
    stage = Stage(load_level(path, images=False), players=2)
    stage.players[1].hitbox.x = stage.players[0].hitbox.x + 1200
    stage.step([0, 0])
    return stage


def hud_pixels(stage: Stage, views, team: bool = True) -> np.ndarray:
    surface = pygame.Surface((VIEW_W, VIEW_H))
    with pytest.MonkeyPatch.context() as patch:
        if not team:
            patch.setattr(hud, "draw_team", lambda *args: [])
        draw_hud(surface, stage, spots=hud_spots(views), views=views)
    return pygame.surfarray.array3d(surface)


def test_in_a_split_the_wave_banner_never_covers_the_siege_counter(tmp_path):
    """On a split screen the team's block (clock, objectives, WAVE 1/4 and how many are
    left) sits in a view's top corner, which can reach down to the middle of that view,
    where the team's banner ("WAVE 1") goes: the banner goes under it."""
    stage = siege_co_op(tmp_path)
    assert stage.message.startswith("WAVE")
    views = split_views(stage, "always")
    with_all = hud_pixels(stage, views)
    said, stage.message_timer = stage.message_timer, Timer()
    stage.time = 99.0  # nor the level's name
    no_banner, no_team = hud_pixels(stage, views), hud_pixels(stage, views, team=False)
    stage.message_timer = said
    banner = np.argwhere((with_all != no_banner).any(axis=2))
    counter = np.argwhere((no_banner != no_team).any(axis=2))
    assert banner.size and counter.size
    right = banner[banner[:, 0] >= VIEW_W // 2]
    assert banner[banner[:, 0] < VIEW_W // 2].size and right.size  # in both halves
    # Neither overlaps the other, box for box (a pixel's margin).
    (bx0, by0), (bx1, by1) = right.min(axis=0), right.max(axis=0)
    block = counter[counter[:, 0] >= VIEW_W // 2]
    (cx0, cy0), (cx1, cy1) = block.min(axis=0), block.max(axis=0)
    apart = bx1 < cx0 or cx1 < bx0 or by1 < cy0 or cy1 < by0
    assert apart, f"banner {(bx0, by0, bx1, by1)} covers the team's block {(cx0, cy0, cx1, cy1)}"
