"""The versus HUD: each player's panel counts their kills towards the round's target
where co-op shows lives (a round has no lives to lose), and player 2 is drawn from
their own sheet."""

from __future__ import annotations

import pygame

from ascii_maps import write_map
from checkout import ROOT
from gunner import text
from gunner.assets import Art
from gunner.config import VIEW_H, VIEW_W
from gunner.hud import draw_hud
from gunner.level import load_level
from gunner.stage import Stage

ARENA = ROOT / "levels" / "arenas" / "crossfire.tmx"
VIOLET = (150, 90, 220)  # player 2's trousers (gunner/pixelart.py)


def said(monkeypatch, stage: Stage) -> list[str]:
    """Every line of text the HUD draws for `stage`."""
    lines: list[str] = []
    draw = text.draw

    def spy(surface, line, *args, **kwargs):
        lines.append(line)
        return draw(surface, line, *args, **kwargs)

    monkeypatch.setattr(text, "draw", spy)
    draw_hud(pygame.Surface((VIEW_W, VIEW_H)), stage)
    return lines


def test_in_versus_each_panel_counts_kills_to_the_target_not_lives(monkeypatch):
    stage = Stage(load_level(ARENA), players=2, versus=5)
    assert stage.arena is not None
    stage.arena.kills = [3, 1]
    lines = said(monkeypatch, stage)
    assert "3/5" in lines and "1/5" in lines
    assert not [line for line in lines if line.startswith("x")], lines  # no lives


def test_in_co_op_each_panel_shows_lives(monkeypatch, tmp_path):
    rows = ["." * 40] * 14 + ["..P" + "." * 37, "#" * 40]
    stage = Stage(load_level(write_map(tmp_path, rows)), players=2)
    stage.players[1].lives = 1
    lines = said(monkeypatch, stage)
    assert "x3" in lines and "x1" in lines
    assert not [line for line in lines if "/" in line], lines


def test_player_two_is_drawn_in_their_own_colours(tmp_path):
    rows = ["." * 40] * 14 + ["..P" + "." * 37, "#" * 40]
    stage = Stage(load_level(write_map(tmp_path, rows)), players=2)
    art = Art()
    violet = []
    for player in stage.players:
        sprite = pygame.Surface((VIEW_W, VIEW_H))
        player.draw(sprite, stage.camera.offset, art)
        pixels = pygame.surfarray.array3d(sprite).reshape(-1, 3)
        violet.append(int((pixels == VIOLET).all(axis=1).sum()))
    assert violet[0] == 0 and violet[1] > 20, violet
