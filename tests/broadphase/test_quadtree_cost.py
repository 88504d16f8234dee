"""What a stage query costs: the candidates the quadtree tests (the debug overlay's
"checks") stay close to the true overlaps, as its design promises (~1.5x for items of
the typical size), whether the size was given or learnt, and big items do not spoil it."""

from __future__ import annotations

import random

import pygame
import pytest

from gunner.quadtree import LEARN_AFTER, Quadtree

BOUNDS = (0.0, 0.0, 1600.0, 640.0)


class Thing:
    def __init__(self, x: float, y: float, w: float, h: float) -> None:
        self.hitbox = pygame.FRect(x, y, w, h)


def crowd(seed: int, n: int, w: float = 24, h: float = 48) -> list[Thing]:
    rng = random.Random(seed)
    return [Thing(rng.uniform(-30, 1600), rng.uniform(-30, 640), w, h) for _ in range(n)]


def cost(tree: Quadtree, seed: int, w: float = 24, h: float = 48) -> tuple[int, int]:
    rng = random.Random(seed)
    checks = hits = 0
    for _ in range(300):
        rect = pygame.FRect(rng.uniform(0, 1600), rng.uniform(0, 640), w, h)
        tree.checks = 0
        hits += len(tree.query(rect))
        checks += tree.checks
    return checks, hits


@pytest.mark.parametrize("hint", [(24.0, 48.0), None])
def test_queries_test_about_as_many_candidates_as_they_find(hint):
    tree = Quadtree(BOUNDS, typical_size=hint)
    things = crowd(1, 600)
    tree.add_many(things)
    assert tree.leaf_size == (24.0, 48.0)  # given, or learnt from the first adds
    checks, hits = cost(tree, 2)
    assert hits > 200
    assert hits <= checks <= 2 * hits, (checks, hits)
    # Moving everything (remove, move, add back: the stage's loop) keeps it so.
    rng = random.Random(3)
    for t in things:
        tree.remove(t)
        t.hitbox.move_ip(rng.uniform(-40, 40), rng.uniform(-40, 40))
        tree.add(t)
    checks, hits = cost(tree, 4)
    assert hits <= checks <= 2 * hits, (checks, hits)


def test_a_few_big_items_leave_small_queries_cheap():
    tree = Quadtree(BOUNDS, typical_size=(24, 48))
    tree.add_many(crowd(5, 600))
    small_checks, small_hits = cost(tree, 6)
    tree.add_many(crowd(7, 4, 300, 200))  # bosses and platforms, each on a coarse level
    checks, hits = cost(tree, 6)
    # Each query tests each big item at most once: the crowd's own cost is unchanged
    # (were the big items filed with the small ones, every row's reach would grow).
    assert hits - small_hits <= checks - small_checks <= 4 * 300


def test_learning_settles_on_the_median_size_of_the_first_adds():
    tree = Quadtree(BOUNDS)
    sizes = [(8, 8)] * (LEARN_AFTER // 2 - 1) + [(24, 48)] * 2 + [(100, 100)] * (LEARN_AFTER // 2)
    for i, (w, h) in enumerate(sizes[:LEARN_AFTER]):
        tree.add(Thing(i * 20.0, 300, w, h))
    assert tree.leaf_size == (24.0, 48.0)
    assert len(tree) == LEARN_AFTER
    assert all(len(tree.query(t.hitbox)) >= 1 for t in list(tree))


def test_bad_sizes_are_refused_in_one_line():
    for bounds in [(0, 0, 0, 10), (0, 0, 10, 0), (0, 0, -5, 10)]:
        with pytest.raises(ValueError, match="bounds"):
            Quadtree(bounds)
    for leaf in [(0, 5), (5, 0), (-1, 5)]:
        with pytest.raises(ValueError, match="leaf_size"):
            Quadtree(BOUNDS, leaf_size=leaf)
    Quadtree((0, 0, 1, 1), leaf_size=(0.5, 0.5))  # small but positive is fine
