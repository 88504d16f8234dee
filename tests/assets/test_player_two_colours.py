"""Player 2 wears colours of their own (assets/player2.png): the same frames as player
1's, with a bandana and trousers no enemy wears, so a partner or a rival never reads as
one more soldier."""

from __future__ import annotations

import colorsys

import numpy as np
import pygame

from checkout import ROOT
from gunner.entities import ENTITY_TYPES
from gunner.entities.enemy import Enemy
from gunner.looks import LOOKS, recolour

ASSETS = ROOT / "assets"
# A colour is an enemy's own when it covers this much of its sheet and is no grey.
DOMINANT = 0.05
GREY = 0.35  # saturation (or value) below which a colour is greyish or black (outline, steel)
APART = 40.0  # degrees of hue between player 2's colours and any enemy's


def load(name: str) -> pygame.Surface:
    return pygame.image.load(str(ASSETS / name))


def hue_sat(colour) -> tuple[float, float]:
    """The hue (degrees) and how coloured it is: saturation, or value for the darkest."""
    h, s, v = colorsys.rgb_to_hsv(*(c / 255 for c in colour))
    return h * 360, min(s, v)


def dominant(sheet: pygame.Surface) -> set[tuple[int, int, int]]:
    """The coloured (not grey) colours covering at least DOMINANT of the sheet's
    opaque pixels."""
    rgb = pygame.surfarray.array3d(sheet).reshape(-1, 3)
    alpha = pygame.surfarray.array_alpha(sheet).reshape(-1)
    colours, counts = np.unique(rgb[alpha > 0], axis=0, return_counts=True)
    share = counts / counts.sum()
    return {
        tuple(int(v) for v in c)
        for c, s in zip(colours, share, strict=True)
        if s >= DOMINANT and hue_sat(c)[1] >= GREY
    }


def enemy_sheets() -> dict[str, pygame.Surface]:
    """Every enemy kind's sheet as it can appear: a crowd's soldiers in every uniform."""
    names = {cls.sheet for cls in ENTITY_TYPES.values() if issubclass(cls, Enemy) and cls.sheet}
    sheets = {name: load(f"{name}.png") for name in names}
    for look in range(1, len(LOOKS)):
        sheets[f"soldier look {look}"] = recolour(sheets["soldier"], look)
    return sheets


def own_colours() -> set[tuple[int, int, int]]:
    """The colours player 2 wears where player 1 wears others."""
    one = pygame.surfarray.array3d(load("player.png"))
    two = pygame.surfarray.array3d(load("player2.png"))
    changed = (one != two).any(axis=2)
    return {tuple(int(v) for v in c) for c in np.unique(two[changed], axis=0)}


def test_player_two_is_player_one_in_other_colours():
    one, two = load("player.png"), load("player2.png")
    assert one.get_size() == two.get_size()  # the same frames: player.json serves both
    assert (pygame.surfarray.array_alpha(one) == pygame.surfarray.array_alpha(two)).all()
    colours = own_colours()
    assert colours, "player 2 looks exactly like player 1"
    shown = dominant(two)
    assert shown & colours, "player 2's own colours are too few pixels to be seen"
    first = {hue_sat(c)[0] for c in dominant(one)}
    for colour in colours:
        assert hue_sat(colour)[0] not in first


def test_player_two_wears_no_colour_an_enemy_wears():
    sheets = enemy_sheets()
    assert {"soldier", "rifleman", "runner", "grenadier", "drone"} <= set(sheets)
    for colour in own_colours():
        hue, sat = hue_sat(colour)
        assert sat >= GREY, f"{colour} is a grey: it tells nobody apart"
        for name, sheet in sheets.items():
            for theirs in dominant(sheet):
                gap = abs(hue - hue_sat(theirs)[0]) % 360
                gap = min(gap, 360 - gap)
                assert gap >= APART, f"player 2's {colour} is close to {name}'s {theirs}"
