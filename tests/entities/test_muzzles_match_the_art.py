"""A rifleman's and a sniper's shots leave where their art draws the barrel's end: the
muzzle table each kind fires from (its MUZZLES) is checked against the drawing beside
it, instead of being kept in step by a comment."""

from __future__ import annotations

from gunner.entities import rifleman, rifleman_art, sniper, sniper_art


def test_the_riflemans_muzzles_are_where_its_art_ends_the_barrel() -> None:
    assert rifleman_art.muzzles() == rifleman.MUZZLES


def test_the_snipers_muzzles_are_where_its_longer_barrel_ends() -> None:
    assert rifleman_art.muzzles(sniper_art.SNIPER_BARREL) == sniper.MUZZLES
    assert sniper.MUZZLES != rifleman.MUZZLES  # the longer barrel reaches further
