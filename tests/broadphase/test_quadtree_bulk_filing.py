"""The quadtree's batched forms (gunner/quadtree/batched.py): `query_many`, what the
bullets ask once a step, and `file_all`, what ours re-files a crowd with. Cases the
property tests in test_quadtree.py meet only by luck: a body just taken out, a level
emptied, a tree whose bounds do not start at the origin, and bodies exactly the size of
a cell."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402

from gunner.quadtree import Quadtree  # noqa: E402

AREA = (0, 0, 2000, 600)


class Body:
    def __init__(self, x: float, y: float, w: float = 24.0, h: float = 48.0) -> None:
        self.hitbox = pygame.FRect(x, y, w, h)


def asked(tree: Quadtree, *boxes: tuple[float, float, float, float]) -> list[tuple[int, int]]:
    """`query_many`'s pairs as (box, id of the body)."""
    index, found = tree.query_many(np.array(boxes, np.float32))
    return sorted(zip(index.tolist(), map(id, found), strict=True))


def test_a_batched_question_never_finds_a_body_just_taken_out() -> None:
    # A soldier dies between two bullets' steps: the row it was taken out of keeps it
    # for a quick re-filing, but no bullet may strike it.
    tree = Quadtree(AREA, typical_size=(24, 48))
    bodies = [Body(100.0 + 30 * k, 500.0) for k in range(5)]
    tree.add_many(bodies)
    tree.remove(bodies[2])
    assert asked(tree, (150, 490, 60, 20)) == sorted([(0, id(bodies[1])), (0, id(bodies[3]))])


def test_a_batched_question_reaches_big_bodies_past_a_level_left_empty() -> None:
    # Every soldier gone, the boss (a bigger body, filed a level up) is still struck.
    tree = Quadtree(AREA, typical_size=(24, 48))
    soldiers = [Body(100.0 + 30 * k, 500.0) for k in range(3)]
    boss = Body(400.0, 300.0, 160.0, 200.0)
    tree.add_many([*soldiers, boss])
    tree.remove_many(soldiers)
    assert asked(tree, (450, 350, 10, 10), (100, 500, 100, 40)) == [(0, id(boss))]


@pytest.mark.parametrize(
    ("bounds", "sizes"),
    [
        # A tree whose bounds start above and left of the origin.
        ((-300, -450, 2600, 1500), [(24.0, 48.0), (8.0, 8.0), (200.0, 120.0)]),
        # Bodies exactly one, two and four cells wide or tall (a cell is 32 px here):
        # each stays in the level whose cells it fits.
        ((0, 0, 2000, 600), [(32.0, 16.0), (16.0, 64.0), (64.0, 64.0), (128.0, 40.0)]),
    ],
    ids=["bounds off the origin", "bodies a cell in size"],
)
def test_a_crowd_filed_in_bulk_lies_and_answers_as_filed_one_by_one(bounds, sizes) -> None:
    crowd = [
        Body(bounds[0] + 40 + (k * 97) % (bounds[2] - 200), bounds[1] + 40 + (k * 53) % 400, *size)
        for k in range(300)  # enough for the bulk road
        for size in [sizes[k % len(sizes)]]
    ]
    one_by_one = Quadtree(bounds, leaf_size=(32, 32))
    one_by_one.add_many(crowd)
    bulk = Quadtree(bounds, leaf_size=(32, 32))
    bulk.file_all(crowd)
    assert len(bulk.levels) >= 2 and bulk.levels == one_by_one.levels  # rows, keys, order
    probes = [tuple(crowd[k].hitbox) for k in range(0, 300, 7)]
    want = sorted(
        (q, id(b))
        for q, p in enumerate(probes)
        for b in crowd
        if pygame.FRect(p).colliderect(b.hitbox)
    )
    assert asked(bulk, *probes) == want
    for probe in probes[:10]:
        assert {id(b) for b in bulk.query(pygame.FRect(probe))} == {
            id(b) for b in crowd if pygame.FRect(probe).colliderect(b.hitbox)
        }
    # Then it goes on as any other: one taken out leaves every row the levels show.
    gone = crowd[5]
    bulk.remove(gone)
    one_by_one.remove(gone)
    assert bulk.levels == one_by_one.levels
    assert all(gone not in items for level in bulk.levels for items in level[1])
