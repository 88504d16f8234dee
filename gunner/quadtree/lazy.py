"""`LazyTree`: the quadtree as the stage uses it, kept up to date only when it pays."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import partial
from itertools import takewhile
from operator import is_not
from typing import Any

import numpy as np
import pygame

from gunner.quadtree.rows import DEFAULT_SIZE, Filed, HasHitbox
from gunner.quadtree.tree import Quadtree

# `LazyTree`: a class of at most this many items is always scanned linearly...
SMALL = 48
# ...and a bigger one until it has been asked this many times since all its items
# were last filed again; then its tree is rebuilt. A rebuild costs about as much as
# 30 scans (filing 60 to 1,250 items took the time of 27 to 70 scans, the tree's own
# question deducted), so it pays only for a tree that outlives the step: a class
# whose items are all filed again each step (most of a shipped level's enemies) is
# asked a dozen questions at most in between, and is scanned. (A walking crowd, which
# stays filed, is rebuilt without waiting for questions: see `slide`.)
SCANS = 32
# ...and rebuilt once the items it holds may have slid this far (px) since (`slide`):
# a crowd walks about 40 px a second, so about every second and a half.
SLIDE = 64.0


class _Mark:
    """`LazyTree`'s bookmark in its filing order. Its hitbox is empty: it overlaps
    nothing, so a scan may pass over it like any item."""

    __slots__ = ("hitbox",)

    def __init__(self) -> None:
        self.hitbox = pygame.FRect(0, 0, 0, 0)


class LazyTree(Filed):
    """Ours as the stage uses it: a `Quadtree` kept up to date only when it pays.

    The stage takes every item out and files it again each step, and between those it
    asks a class a handful of questions. So filing is as cheap as Python allows, and
    the sorting is left to the questions:

    * `remove` and `add` are a dict's own ``pop`` and ``setdefault``: no Python frame
      at all. The dict keeps filing order, and a bookmark (`_Mark`) sits in it: the
      items after the bookmark were filed since the tree was last rebuilt (they may
      have moved), those before it have not moved since.
    * A class of at most `SMALL` items (the solids, the player's class) is scanned
      linearly: a few ``colliderect`` calls in C cost less than any index.
    * A bigger class is scanned linearly too, unless it is asked more than `SCANS`
      times while fewer than half its items are filed again (a shipped level's step
      asks it a dozen times while re-filing nearly everyone; a crowd that slides asks
      it a few times a step while most stay filed). Then its tree is rebuilt in one go
      (`Quadtree.file_all`) and a question costs a walk of a few rows plus a scan of
      what was filed since, until half the items have been: then it scans again.
      A batched query (`query_many`, the bullets) always rebuilds a stale tree first.

    A crowd is re-filed in bulk (`slide`): the crowd step's walkers each move at most a
    few pixels along x a step, so instead of leaving the class and being filed again one
    by one, they stay filed, and the tree widens its questions by how far anyone may have
    slid since it was built (``slack``), testing each candidate where it is now. Past
    `SLIDE` px of slack it is rebuilt. A quiet crowd's questions (the doors', the
    player's) then cost a walk of a few rows instead of a scan of the crowd. A class
    that slides is rebuilt at a step's `slide` once one whole step filed fewer than a
    quarter of it again (its tree will then serve many steps), without waiting for
    `SCANS` questions.

    Items must move only while out of the class, or along x within what `slide` was
    told (the stage's contract). `add` does not check for an item filed twice:
    `StageTree.add` does, by ``filed_in``. ``checks`` counts candidates tested: a linear
    scan tests every item.
    """

    def __init__(
        self,
        bounds: pygame.Rect | pygame.FRect | tuple[float, float, float, float],
        typical_size: tuple[float, float] = DEFAULT_SIZE,
    ) -> None:
        self._mark = _Mark()
        self._where: dict[Any, None] = {self._mark: None}
        # The hot pair, once per item per step: C methods shadow the ones below.
        self.add = self._where.setdefault  # type: ignore[method-assign,assignment]
        self.remove = self._where.pop  # type: ignore[method-assign,assignment]
        self._tree = Quadtree(bounds, typical_size=typical_size)
        # Does `_tree` hold, where they are, every item filed before the bookmark?
        self._indexed = False
        self._scans = 0  # linear scans since the items were last all re-filed
        # How far (px, along x) an item the tree holds may lie from where it was filed
        # (see `slide`), and how far the current step's slides go.
        self._slack = 0.0
        self._sliding = 0.0
        # Did the last `slide` put the bookmark at the end (and nothing move it since)?
        # Then what lies after it at the next one is what a single step filed again.
        self._probing = False
        self.checks = 0

    def __getstate__(self) -> dict[str, Any]:
        # A copy (pickle, deepcopy) must file into its own dict: bind its methods anew.
        state = dict(vars(self))
        del state["add"], state["remove"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        vars(self).update(state)
        self.add = self._where.setdefault  # type: ignore[method-assign,assignment]
        self.remove = self._where.pop  # type: ignore[method-assign,assignment]

    def add(self, item: HasHitbox) -> None:
        """File ``item`` at its hitbox (each instance uses its dict's ``setdefault``)."""
        self._where.setdefault(item)

    def remove(self, item: HasHitbox) -> None:
        """Take ``item`` out, KeyError if absent (each instance uses its dict's ``pop``)."""
        self._where.pop(item)

    def __len__(self) -> int:
        return len(self._where) - 1

    def __iter__(self) -> Iterator[Any]:
        mark = self._mark
        return iter([it for it in self._where if it is not mark])

    def slide(self, dx: float) -> None:
        """Items about to move this step without leaving the class, each by at most
        ``dx`` px along x and not at all along y (the crowd step's walkers, re-filed in
        bulk): questions from now on reach that much further."""
        self._sliding = dx
        self._slack += dx
        n = len(self._where) - 1
        if dx and not self._indexed and n > SMALL:
            # A crowd that stays filed step after step keeps a tree for many steps, so
            # it is rebuilt as soon as one whole step shows that (fewer than a quarter
            # filed again); a class filed again each step is only scanned (see SCANS).
            if self._probing and len(self._since()) <= n >> 2:
                self._rebuild()
            else:
                self._restart()
                self._probing = True

    def _rebuild(self) -> None:
        """File every item in the tree afresh and put the bookmark after them all."""
        where, mark = self._where, self._mark
        del where[mark]
        self._tree.file_all(list(where))
        where[mark] = None
        self._indexed = True
        self._scans = 0
        self._probing = False
        # Filed where they are now; this step's slides may not all have happened yet.
        self._slack = self._sliding

    def _fresh(self) -> None:
        """Rebuild unless the tree holds every item where it is (nothing filed since
        the last rebuild, though some may have left)."""
        where = self._where
        if (
            not self._indexed
            or next(reversed(where)) is not self._mark
            or len(self._tree) != len(where) - 1
            or self._slack > SLIDE
        ):
            self._rebuild()

    def _since(self) -> list[Any]:
        """The items filed since the bookmark, newest first (a walk in C)."""
        return list(takewhile(partial(is_not, self._mark), reversed(self._where)))

    def _restart(self) -> None:
        """Forget the tree: move the bookmark to the end and count questions afresh."""
        where = self._where
        del where[self._mark]
        where[self._mark] = None
        self._indexed = False
        self._scans = 0
        self._probing = False

    def query(self, rect: pygame.FRect | pygame.Rect, ignore: Any = None) -> list[Any]:
        """Every item whose hitbox overlaps ``rect`` (colliderect), except ``ignore``."""
        where = self._where
        n = len(where) - 1
        if n > SMALL:
            if self._indexed:
                since = self._since()
                if len(since) <= n >> 1:
                    if self._slack > SLIDE:  # the crowd has walked far: file it afresh
                        self._rebuild()
                        since = []
                    return self._query_tree(rect, ignore, since)
                self._restart()  # most items were filed again: the tree is stale
            self._scans += 1
            if self._scans > SCANS:
                # Asked more than SCANS times since the bookmark: an index pays if the
                # items have not mostly been filed again meanwhile (a crowd's step asks
                # a few questions while re-filing nearly everyone; the bullets' turn asks
                # many while no one moves). Counting costs a walk in C, once per SCANS.
                if len(self._since()) > n >> 1:
                    self._restart()
                    self._scans = 1
                else:
                    self._rebuild()
                    return self._query_tree(rect, ignore, [])
        if type(rect) is not pygame.FRect:
            rect = pygame.FRect(rect)
        collide = rect.colliderect
        self.checks += n
        return [it for it in where if collide(it.hitbox) and it is not ignore]

    def _query_tree(
        self, rect: pygame.FRect | pygame.Rect, ignore: Any, since: list[Any]
    ) -> list[Any]:
        # The tree answers for the items filed before the bookmark (those still filed);
        # the items filed since (they may have moved) are tested one by one.
        where = self._where
        tree = self._tree
        found = tree.query(rect, ignore, None, self._slack)
        self.checks += tree.checks
        tree.checks = 0
        if since:
            moved = set(since)
            found = [it for it in found if it in where and it not in moved]
            if type(rect) is not pygame.FRect:
                rect = pygame.FRect(rect)
            collide = rect.colliderect
            self.checks += len(since)
            found += [it for it in since if collide(it.hitbox) and it is not ignore]
        elif found and len(tree) != len(where) - 1:  # some left since: not found
            found = [it for it in found if it in where]
        return found

    def add_many(self, items: Iterable[HasHitbox]) -> None:
        add = self._where.setdefault
        for item in items:
            add(item)

    def remove_many(self, items: Iterable[HasHitbox]) -> None:
        remove = self._where.pop
        for item in items:
            remove(item)

    def query_many(self, boxes: np.ndarray) -> tuple[np.ndarray, list[Any]]:
        """`Quadtree.query_many` over every item filed, after a rebuild if anything was
        filed since the last one (bullets ask once a step, after every item moved)."""
        self._fresh()
        tree = self._tree
        found = tree.query_many(boxes, self._slack)
        self.checks += tree.checks
        tree.checks = 0
        return found

    def cells(
        self, view: pygame.Rect | pygame.FRect | None = None
    ) -> Iterator[tuple[pygame.FRect, int]]:
        """The tree's cells, with every item filed where it is now (see `Quadtree.cells`)."""
        if self._slack:
            self._rebuild()
        self._fresh()
        return self._tree.cells(view)
