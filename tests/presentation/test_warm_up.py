"""The art is warmed up as a level opens: its entities' sprite sheets and every crowd
uniform are made then, so the first played frames make none (they cost what a later
frame does), and what the player sees is the same as without the warm-up."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from ascii_maps import FLOOR, make_stage, obj
from gunner import assets
from gunner.assets import Art
from gunner.config import LEVELS_DIR, TILE, VIEW_H, VIEW_W
from gunner.entities import ENTITY_TYPES
from gunner.hud import draw_hud
from gunner.input import RandomInput
from gunner.looks import LOOKS
from gunner.maps import Spawn, load_level
from gunner.render import draw_views
from gunner.stage import Stage
from gunner.warmup import Wearing, warm_up


def level3() -> Stage:
    return Stage(load_level(LEVELS_DIR / "level3.tmx"), seed=1)


def play(stage: Stage, art: Art, frames: int) -> pygame.Surface:
    """`frames` steps of seeded hands, each drawn as play draws it; the last picture."""
    hands = RandomInput(1, player=1)
    surface = pygame.Surface((VIEW_W, VIEW_H))
    for _ in range(frames):
        stage.step([hands.next()])
        draw_views(surface, stage, art, None)
        draw_hud(surface, stage)
    return surface


def uniforms_made(monkeypatch) -> list[int]:
    """The looks recoloured from now on (gunner.looks.recolour, as the art calls it)."""
    made: list[int] = []
    recolour = assets.recolour

    def counted(image: pygame.Surface, look: int, *uniform: Any) -> pygame.Surface:
        made.append(look)
        return recolour(image, look, *uniform)

    monkeypatch.setattr(assets, "recolour", counted)
    return made


def test_after_the_warm_up_the_first_frames_make_no_uniform(monkeypatch):
    cold = level3()
    made = uniforms_made(monkeypatch)
    play(cold, Art(), 1)
    assert made, "level 3's first frame shows soldiers in uniforms it makes then"
    stage, art = level3(), Art()
    warm_up(art, stage)
    made.clear()
    play(stage, art, 120)
    assert made == []


def test_the_warm_up_changes_neither_the_run_nor_what_is_drawn():
    stage, art = level3(), Art()
    before = stage.state_hash()
    warm_up(art, stage)
    assert stage.state_hash() == before
    warmed = play(stage, art, 30)
    cold = play(level3(), Art(), 30)
    # The same bodies in the same uniforms, handed out in the order they show up.
    assert pygame.image.tobytes(warmed, "RGB") == pygame.image.tobytes(cold, "RGB")


@pytest.mark.parametrize("kind", ["Runner", "Soldier"])
def test_what_a_wave_spawner_lets_out_later_is_warmed_up_too(tmp_path, monkeypatch, kind):
    gate = obj("WaveSpawner", 30 * TILE, FLOOR - 32, 64, 32, wave=1, count=3, kind=kind)
    stage = make_stage(tmp_path, [gate], objective="waves")
    assert not any(e.kind == kind for e in stage.entities), "none of them there yet"
    art = Art()
    warm_up(art, stage)
    made = uniforms_made(monkeypatch)
    comer = ENTITY_TYPES[kind].from_spawn(Spawn(kind, 100, 100, 16, 16))
    for look in range(len(LOOKS)):
        art.looks = Wearing(look)  # type: ignore[assignment]
        comer.draw(pygame.Surface((VIEW_W, VIEW_H)), (0, 0), art)
    assert made == []
