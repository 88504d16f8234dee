"""A climbing level (map property `scroll` = `up`): the view only rises, and a player
who falls out of the bottom of it loses a life, though there is floor below."""

from __future__ import annotations

from ascii_maps import run, write_map
from checkout import ROOT
from gunner.config import TILE
from gunner.input import Buttons
from gunner.level import load_level
from gunner.stage import Stage

# A shaft: the player starts on a ledge high up; the floor is far below, out of view.
SHAFT = (
    ["#" * 20]
    + ["#" + "." * 18 + "#"] * 6
    + ["#.P" + "." * 17]
    + ["####" + "." * 15 + "#"]
    + ["#" + "." * 18 + "#"] * 30
    + ["#" * 20]
)


def stage(tmp_path, climb: bool) -> Stage:
    path = write_map(tmp_path, SHAFT)
    if climb:
        text = path.read_text().replace(
            "<properties>", '<properties><property name="scroll" value="up"/>', 1
        )
        path.write_text(text)
    return Stage(load_level(path, images=False))


def test_falling_out_of_a_climbing_view_costs_a_life(tmp_path):
    s = stage(tmp_path, climb=True)
    lives = s.player.lives
    run(s, Buttons.RIGHT, 120)  # off the ledge and down the shaft
    assert s.player.lives == lives - 1


def test_the_same_fall_in_a_level_that_scrolls_freely_is_survived(tmp_path):
    s = stage(tmp_path, climb=False)
    lives = s.player.lives
    run(s, Buttons.RIGHT, 120)
    assert s.player.lives == lives
    assert s.player.alive
    assert s.player.hitbox.bottom == len(SHAFT) * TILE - TILE  # on the shaft's floor


def test_the_shipped_climb_is_a_tower_that_scrolls_up():
    root = ROOT
    level = load_level(root / "levels" / "level5.tmx", images=False)
    width, height = level.pixel_size
    assert height > 2 * width
    assert Stage(level).camera.climb


def test_a_mistyped_scroll_is_refused_in_one_line(tmp_path):
    from gunner.check import check_file

    path = write_map(tmp_path, SHAFT)
    text = path.read_text().replace(
        "<properties>", '<properties><property name="scroll" value="upward"/>', 1
    )
    path.write_text(text)
    lines = check_file(path)
    assert len(lines) == 1 and "scroll" in lines[0] and "'upward'" in lines[0]
