"""Every bullet, key and door is told apart by shape as well as colour (issue 27): a
player who cannot tell red from yellow, or cyan from magenta, still can tell them.

These read the committed files in assets/ (tools/make_assets.py, the kinds' art beside
them: gunner/entities/door_art.py, pickup_art.py)."""

from __future__ import annotations

import itertools
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402

from checkout import ROOT
from gunner.entities.door_art import COLORS, DOOR_H, DOOR_W, SYMBOL_TILE, SYMBOLS
from gunner.weapons.badge import ICON

ASSETS = ROOT / "assets"


def solid(name: str) -> np.ndarray:
    """Where the image is drawn, as (x, y) booleans."""
    return pygame.surfarray.array_alpha(pygame.image.load(str(ASSETS / name))) > 0


def extent(mask: np.ndarray) -> tuple[int, int]:
    xs, ys = np.nonzero(mask)
    return int(xs.max() - xs.min() + 1), int(ys.max() - ys.min() + 1)


def glyph(rows: list[str]) -> np.ndarray:
    return np.array([[c == "#" for c in row] for row in rows]).T  # (x, y)


def test_your_shots_are_streaks_enemies_darts_and_boss_curtains_orbs():
    """All point right as drawn; the game turns them along their flight."""
    w, h = extent(solid("bullet_player.png"))
    assert w >= 4 * h, "the player's tracer: a thin streak, four times as long as thick"
    dart = solid("bullet_enemy.png")
    w, h = extent(dart)
    assert w <= 2 * h, "an enemy's dart is stout"
    thickness = dart.sum(axis=1)  # per column, back to front
    drawn = thickness[thickness > 0]
    assert drawn[1] > drawn[-1], "and narrows to a point in front: an arrowhead"
    w, h = extent(solid("bullet_boss.png"))
    assert w == h, "a curtain's orb is round"


def test_each_key_colour_has_its_own_symbol():
    for a, b in itertools.combinations(COLORS, 2):
        for size in (0, 1):
            differ = int((glyph(SYMBOLS[a][size]) != glyph(SYMBOLS[b][size])).sum())
            assert differ >= 5, f"{a} and {b} keys' symbols too alike"


@pytest.mark.parametrize("column", range(len(COLORS)), ids=COLORS)
def test_the_card_its_door_and_the_hud_symbol_bear_the_same_symbol(column):
    color = COLORS[column]
    big, small = (glyph(rows) for rows in SYMBOLS[color])
    # key_symbols.png, for the HUD: the big symbol, drawn.
    tile = solid("key_symbols.png")[column * SYMBOL_TILE + 1 :][
        : big.shape[0], 1 : 1 + big.shape[1]
    ]
    assert (tile >= big).all() and tile.sum() >= big.sum()
    # The card: the small symbol in one colour, standing out from the card around it.
    card = pygame.image.load(str(ASSETS / "keycards.png"))
    pixels = pygame.surfarray.array3d(card)[column * ICON + 8 :][:5, 7:12]
    ink = pixels[small]
    assert (ink == ink[0]).all(), "printed in one colour"
    assert (pixels[~small] != ink[0]).any(axis=-1).all(), "on a face of another colour"
    # The closed door: the big symbol on a plaque of the shutter.
    door = pygame.surfarray.array3d(pygame.image.load(str(ASSETS / "door.png")))
    frame = door[:DOOR_W, column * DOOR_H : (column + 1) * DOOR_H]
    found = any(
        (frame[x : x + 7, y : y + 7][big] == frame[x : x + 7, y : y + 7][big][0]).all()
        and (frame[x : x + 7, y : y + 7][~big] != frame[x : x + 7, y : y + 7][big][0]).any(-1).all()
        for x in range(DOOR_W - 6)
        for y in range(DOOR_H - 6)
    )
    assert found, f"the {color} door shows the {color} key's symbol"
