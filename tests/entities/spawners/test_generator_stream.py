"""A generator's stream as a designer sets it up: from the side it names (left, right, or
ahead of where the player faces), the first one half a second after the view reaches it
and then one every `every` seconds, one in all with `total` 1, and those left far behind
recalled to make room (while those just off-screen stay)."""

from __future__ import annotations

import pytest

from ascii_maps import make_stage, obj
from gunner.config import DT, TILE
from gunner.entities.generator import FIRST, RECALL, Generator
from gunner.input import Buttons as B

# A long floor, the player in the middle: room off both sides of the view.
ROWS = ["." * 100] * 14 + ["." * 50 + "P" + "." * 49, "#" * 100]
MIDDLE = (50 * TILE + 8, 14 * TILE)


def stream(tmp_path, seconds: float, facing: int = 1, **props):
    """A point generator on the player, who stands still facing `facing`: each enemy
    it lets in, with the step it came on and the view's side it came from (-1, +1)."""
    stage = make_stage(tmp_path, [obj("Generator", *MIDDLE, kind="Runner", **props)], ROWS)
    stage.player.invulnerable = 1e9
    stage.player.facing = facing
    gen = next(e for e in stage.entities if isinstance(e, Generator))
    came: list[tuple[int, int, object]] = []
    seen: set[int] = set()
    for n in range(1, round(seconds / DT) + 1):
        stage.step(B.NONE)
        for enemy in gen.out:
            if id(enemy) not in seen:
                seen.add(id(enemy))
                view = stage.camera.rect
                side = -1 if enemy.hitbox.right <= view.left else 1
                assert enemy.hitbox.right <= view.left or enemy.hitbox.left >= view.right
                came.append((n, side, enemy))
    return stage, gen, came


@pytest.mark.parametrize(
    "side, facing, expected",
    [("left", 1, -1), ("right", -1, 1), ("ahead", 1, 1), ("ahead", -1, -1)],
)
def test_they_come_in_from_the_side_it_names(tmp_path, side, facing, expected) -> None:
    _, _, came = stream(tmp_path, 2.0, facing, side=side, every=0.3, cap=10)
    assert len(came) >= 4
    assert {s for _, s, _ in came} == {expected}


def test_the_first_comes_half_a_second_in_then_one_every_every_seconds(tmp_path) -> None:
    _, _, came = stream(tmp_path, 2.0, side="left", every=0.5, cap=10)
    first, every = round(FIRST / DT), round(0.5 / DT)
    assert [n for n, _, _ in came] == [first, first + every, first + 2 * every, first + 3 * every]


def test_a_total_of_one_lets_in_one(tmp_path) -> None:
    _, gen, came = stream(tmp_path, 3.0, side="left", every=0.2, cap=10, total=1)
    assert len(came) == 1 and gen.state == "done"


def test_one_left_far_behind_is_recalled_and_the_next_comes_at_once(tmp_path) -> None:
    stage, gen, came = stream(tmp_path, 1.0, side="left", every=0.2, cap=1)
    assert len(came) == 1
    first = came[0][2]
    view = stage.camera.rect

    def put(x: float) -> None:
        stage.tree.remove(first)
        first.hitbox.right = x
        stage.tree.add(first)

    put(view.left - RECALL / 2)  # off-screen, not far: it stays in play
    stage.step(B.NONE)
    assert first.alive and gen.out == [first]
    put(stage.camera.rect.left - RECALL - 40)  # far behind: recalled, room for the next
    stage.step(B.NONE)
    assert not first.alive
    assert len(gen.out) == 1 and gen.out[0] is not first
