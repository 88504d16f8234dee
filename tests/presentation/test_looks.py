"""A crowd reads as people: soldiers and runners wear one of a few uniforms and walk out
of step, and none of it is simulation state (gunner.looks)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from gunner.assets import Art
from gunner.config import VIEW_H, VIEW_W
from gunner.crowd import add_crowd
from gunner.entities.soldier import FRAME, Soldier
from gunner.input import Buttons
from gunner.level import load_level
from gunner.looks import LOOKS, recolour
from gunner.render import draw_stage
from gunner.stage import Stage


@pytest.fixture(scope="module")
def art() -> Art:
    pygame.display.set_mode((16, 16))
    return Art()


def pixels(image: pygame.Surface) -> list[tuple[int, int, int, int]]:
    return [
        tuple(image.get_at((x, y)))
        for y in range(image.get_height())
        for x in range(image.get_width())
    ]


def each_look(art: Art, sheet: str, frame: int) -> Iterator[tuple[int, list, list, list[int]]]:
    """(look, the first frame's pixels as drawn, in that look, the indices it changed)
    for every look but 0 of `sheet`; each changes at least 40 pixels and keeps the
    silhouette (alpha) everywhere."""
    base = pixels(art.sheet(sheet, frame, frame)[0][0])
    for look in range(1, len(LOOKS)):
        other = pixels(art.sheet(sheet, frame, frame, look)[0][0])
        changed = [i for i, (a, b) in enumerate(zip(base, other, strict=True)) if a != b]
        assert len(changed) >= 40, f"look {look} hardly differs"
        assert [p[3] for p in base] == [p[3] for p in other]
        yield look, base, other, changed


def test_each_look_changes_the_uniform_and_keeps_face_outline_and_shape(art: Art) -> None:
    for look, base, _, changed in each_look(art, "soldier", FRAME):
        # The changed pixels are the greens.
        assert len(changed) < sum(1 for p in base if p[3]) * 0.8, "it recoloured the face too"
        for i in changed:
            r, g, b, _ = base[i]
            assert g >= r and g >= b - 10, f"look {look} touched a non-uniform pixel {base[i]}"


def test_runners_wear_other_uniforms_too_and_keep_their_skin(art: Art) -> None:
    """The runner's uniform is sand, not olive: it used to come out the same in every
    look, so a stream of runners read as one sprite stamped over and over."""
    from gunner.entities.runner import FRAME as RUNNER_FRAME
    from gunner.pixelart import SKIN

    for look, base, other, changed in each_look(art, "runner", RUNNER_FRAME):
        assert all(base[i][:3] != SKIN for i in changed), f"look {look} turned the skin"
        assert any(p[:3] == SKIN for p in other), f"look {look} has no face left"


def test_look_zero_is_the_sheet_as_drawn(art: Art) -> None:
    olive = art.sheet("soldier", FRAME, FRAME)[1][0]
    assert pixels(recolour(olive, 0)) == pixels(olive)


def test_a_crowd_on_screen_wears_at_least_three_uniforms(art: Art) -> None:
    stage = Stage(load_level("levels/level1.tmx"), seed=3)
    add_crowd(stage, 200)
    surface = pygame.Surface((VIEW_W, VIEW_H))
    draw_stage(surface, stage, art)
    seen = [
        e
        for e in stage.entities
        if isinstance(e, Soldier) and e.hitbox.colliderect(stage.camera.rect)
    ]
    assert len(seen) >= 3
    assert len({art.looks.of(e) for e in seen}) >= 3


def test_drawing_a_crowd_moves_no_state_hash(art: Art) -> None:
    level = load_level("levels/level1.tmx")
    drawn, undrawn = Stage(level, seed=5), Stage(level, seed=5)
    add_crowd(drawn, 150)
    add_crowd(undrawn, 150)
    surface = pygame.Surface((VIEW_W, VIEW_H))
    for step in range(120):
        held = Buttons.RIGHT | (Buttons.FIRE if step % 20 < 10 else Buttons.NONE)
        drawn.step(held)
        undrawn.step(held)
        draw_stage(surface, drawn, art)
    assert drawn.state_hash() == undrawn.state_hash()
