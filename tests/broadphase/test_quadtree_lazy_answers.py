"""What ours (`LazyTree`, the class the stage files its entities in) answers, and what
the debug overlay (F3) counts and draws, on the roads a class takes that the property
tests in test_quadtree.py reach only by luck: an item taken out of an indexed class, a
whole class filed again and then asked in a batch, a whole-pixel `Rect` question against
float hitboxes, and the overlay's cells while a crowd slides."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np  # noqa: E402
import pygame  # noqa: E402

from gunner.quadtree import SCANS, SMALL, LazyTree, Quadtree  # noqa: E402

AREA = (0, 0, 2000, 600)
EVERYWHERE = pygame.FRect(-100, -100, 2200, 800)


class Body:
    def __init__(self, x: float, y: float, w: float = 24.0, h: float = 48.0) -> None:
        self.hitbox = pygame.FRect(x, y, w, h)


def crowd(n: int = SMALL + 12) -> list[Body]:
    """More than `SMALL` bodies in a row along the floor: a class big enough to index."""
    return [Body(30.0 * k, 500.0) for k in range(n)]


def indexed(bodies: list[Body]) -> LazyTree:
    """A class holding ``bodies``, asked often enough with nobody moving to be indexed."""
    tree = LazyTree(AREA, typical_size=(24, 48))
    tree.add_many(bodies)
    for _ in range(2 * SCANS + 2):  # the first SCANS scan (all were just filed)
        tree.query(bodies[0].hitbox)
    assert tree._indexed  # the road under test, not a scan
    return tree


def ids(items: list) -> set[int]:
    return {id(t) for t in items}


def test_bodies_taken_out_of_an_indexed_class_are_found_no_more() -> None:
    # Two soldiers die: their class's tree still holds them until its next rebuild,
    # yet no question may hand out a corpse.
    bodies = crowd()
    tree = indexed(bodies)
    dead = [bodies[3], bodies[40]]
    for body in dead:
        tree.remove(body)
    alive = [b for b in bodies if b not in dead]
    assert ids(tree.query(EVERYWHERE)) == ids(alive)
    assert tree.query(dead[0].hitbox) == [] and tree.query(dead[1].hitbox) == []
    # One standing beside a corpse is still found, the corpse not.
    assert tree.query(pygame.FRect(3 * 30.0 - 10, 510, 24, 10)) == [bodies[2]]


def test_a_class_filed_again_then_asked_in_a_batch_answers_where_everyone_now_is() -> None:
    # Everyone moved (left the class and was filed again): the next question scans and
    # forgets the tree; the bullets' batched question must not trust the old tree.
    bodies = crowd()
    tree = indexed(bodies)
    for body in bodies:
        tree.remove(body)
        body.hitbox.y -= 300.0
        tree.add(body)
    assert ids(tree.query(EVERYWHERE)) == ids(bodies)
    index, found = tree.query_many(np.array([[0, 150, 2000, 100], [0, 450, 2000, 100]], np.float32))
    assert index.tolist() == [0] * len(bodies) and ids(found) == ids(bodies)


def test_a_whole_pixel_rect_finds_a_body_reaching_a_fraction_of_a_pixel_into_it() -> None:
    # A body whose hitbox ends 0.05 px inside a door's whole-pixel Rect overlaps it, as
    # pygame's FRect says; the same question as an FRect gives the same answer.
    door = pygame.Rect(600, 480, 10, 60)
    for road in ("scanned", "indexed, filed since"):
        bodies = crowd(8) if road == "scanned" else crowd()
        tree = LazyTree(AREA, typical_size=(24, 48))
        tree.add_many(bodies)
        if road != "scanned":
            tree = indexed(bodies)
        reaching = Body(599.1, 500.0, 0.95, 20.0)  # right side at 600.05
        tree.add(reaching)
        assert reaching in tree.query(door), road
        assert reaching in tree.query(pygame.FRect(door)), road


def test_the_overlay_counts_each_candidate_a_question_tests_once() -> None:
    bodies = crowd()
    tree = indexed(bodies)
    far = pygame.FRect(100, 20, 40, 40)  # high above the crowd: no row of the tree holds it
    before = tree.checks
    assert tree.query(far) == [] and tree.checks == before
    # Three walked (filed since the rebuild): each is tested where it is now.
    for body in bodies[:3]:
        tree.remove(body)
        body.hitbox.x += 5.0
        tree.add(body)
    before = tree.checks
    assert tree.query(far) == [] and tree.checks - before == 3
    # A batch (the bullets' step) counts what the tree tests, as the tree alone would,
    # and the same again when asked again.
    boxes = np.array([[0, 490, 300, 30], [900, 0, 50, 600], [100, 20, 40, 40]], np.float32)
    alone = Quadtree(AREA, typical_size=(24, 48))
    alone.file_all(bodies)
    alone.query_many(boxes)
    assert alone.checks > 0
    for _ in range(2):
        before = tree.checks
        tree.query_many(boxes)
        assert tree.checks - before == alone.checks


def cells(tree: LazyTree) -> list[tuple[tuple[float, ...], int]]:
    return sorted((tuple(rect), n) for rect, n in tree.cells())


def test_the_overlay_draws_every_body_where_it_is_now() -> None:
    # F3 outlines the tree's cells with how many each holds: right after a crowd joins,
    # and while it slides (filed in bulk, never filed again), as if filed afresh.
    bodies = crowd()
    tree = LazyTree(AREA, typical_size=(24, 48))
    tree.add_many(bodies)

    def afresh() -> list[tuple[tuple[float, ...], int]]:
        other = LazyTree(AREA, typical_size=(24, 48))
        other.add_many(bodies)
        return cells(other)

    assert cells(tree) == afresh() and sum(n for _, n in tree.cells()) == len(bodies)
    tree = indexed(bodies)
    for _ in range(4):  # four steps of 10 px: not far enough to rebuild on its own
        tree.slide(10.0)
        for body in bodies:
            body.hitbox.x += 10.0
    assert cells(tree) == afresh()
