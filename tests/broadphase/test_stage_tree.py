"""The stage's one broad phase (`StageTree`) as the simulation and F3 read it: answers in
stage order whatever the class they come from, a team's bullets asking only what they
may hit, counts of everything filed and of every check, and moves stopped by a solid
however little they reach into it."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from gunner.broadphase import StageTree

BOUNDS = (0.0, 0.0, 1600.0, 640.0)


class Thing:
    def __init__(
        self, serial: int, x: float, team: str = "neutral", solid: bool = False, shootable=True
    ) -> None:
        self.serial = serial
        self.hitbox = pygame.FRect(x, 100, 16, 16)
        self.team = team
        self.solid = solid
        self.shootable = shootable
        self.filed_in = None


def tree_of(*things: Thing, design: str = "ours") -> StageTree:
    tree = StageTree(BOUNDS, (16.0, 16.0), design)
    for thing in things:
        tree.add(thing)
    return tree


@pytest.mark.parametrize("design", ["ours", "tutorial", "grid", "brute"])
def test_answers_come_in_stage_order_whatever_the_class_or_filing_order(design) -> None:
    door, drum = Thing(5, 100, solid=True), Thing(2, 104, solid=True)
    enemy, pickup = Thing(4, 102, team="enemy"), Thing(1, 106)
    tree = tree_of(door, enemy, drum, pickup, design=design)
    box = pygame.FRect(90, 90, 40, 40)
    assert [t.serial for t in tree.query(box)] == [1, 2, 4, 5]
    assert [t.serial for t in tree.query_solids(box)] == [2, 5]
    assert [t.serial for t in tree.asker("neutral")(box)] == [1, 2, 4, 5]
    boxes = np.array([tuple(box), (0, 0, 1, 1), tuple(box)], dtype=np.float32)
    boxes = np.repeat(boxes, 5, axis=0)  # 15 boxes: the batched path
    index, items = tree.query_many(boxes)
    assert index.tolist() == [k for k in range(15) if k < 5 or k >= 10 for _ in range(4)]
    assert [t.serial for t in items] == [1, 2, 4, 5] * 10


def test_a_teams_bullets_ask_only_what_they_may_hit() -> None:
    player = Thing(1, 100, team="player", shootable=False)  # (only a target counts)
    enemy = Thing(2, 102, team="enemy")
    drum = Thing(3, 104, solid=True)
    tree = tree_of(player, enemy, drum)
    box = pygame.FRect(90, 90, 40, 40)
    assert tree.asker("enemy")(box) == [player, drum]  # enemy fire never hurts enemies
    assert tree.asker("player")(box) == [enemy, drum]  # nor the player's own side
    assert tree.asker("rival")(box) == [player, enemy, drum]  # a rival's hurt anyone
    target = Thing(4, 106, team="neutral")  # something shootable in the player's class
    tree.add(target)
    assert tree.asker("player")(box) == [player, enemy, drum, target]  # that class, whole
    index, items = tree.query_many(np.array([tuple(box)], dtype=np.float32), team="enemy")
    assert items == [player, drum, target] and index.tolist() == [0, 0, 0]


def test_two_answers_from_two_classes_come_in_stage_order() -> None:
    drum, player = Thing(1, 100, solid=True), Thing(2, 104, team="player")
    tree = tree_of(player, drum)
    assert tree.asker("enemy")(pygame.FRect(90, 90, 40, 40)) == [drum, player]


def test_an_empty_tree_answers_a_batch_with_no_pairs() -> None:
    tree = tree_of()
    index, items = tree.query_many(np.zeros((3, 4), dtype=np.float32), team="player")
    assert index.tolist() == [] and items == []


def test_it_counts_everything_filed_and_every_check() -> None:
    pickup, enemy, door = Thing(1, 100), Thing(2, 300, team="enemy"), Thing(3, 500, solid=True)
    tree = tree_of(pickup, enemy, door, design="brute")
    tree.bullets.add_many(np.array([7, 8]), np.array([(10, 10, 4, 4)] * 2, dtype=np.float32))
    assert len(tree) == 5 and pickup in tree and door in tree
    tree.remove(door)
    assert door not in tree and len(tree) == 4
    tree.add(door)
    tree.query(pygame.FRect(0, 0, 10, 10))  # brute force checks every item of each class
    assert tree.checks == 3


def test_a_move_reaching_a_hair_into_a_solid_is_stopped_by_it() -> None:
    """The solids' span is the cheapest test a move meets: a box reaching under a pixel
    into a door still counts as near it."""
    door = Thing(1, 200, solid=True)
    tree = tree_of(door)
    left, right = tree.solid_span
    assert left < 200 and right > 216
    assert tree.near_solids(pygame.FRect(184.5, 100, 16, 16))  # 0.5 px into it
    assert not tree.near_solids(pygame.FRect(150, 100, 16, 16))
