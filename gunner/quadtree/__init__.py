"""The stage-level broad phase: a loose quadtree flattened into sorted rows per level.

Every live entity and bullet lives in one `Quadtree`. Each simulation step an item is
`remove`d, moves, and is `add`ed back; collision candidates and the camera's draw list
come from `query`.

Design (chosen by measurement: ``python -m bench``, notes in the report)
---------------------------------------------------------------------------
A loose quadtree files each item in exactly one node, chosen in O(1) from its size
(the level) and its centre (the node), and a query visits the nodes whose loose bounds
reach it. Walking nodes costs a Python call each, so each level here is flattened:

* a level is a stack of horizontal rows of height ``row_h`` (level 0: the typical
  item's height; level i: ``2**i`` times that), and an item goes to the finest level
  whose cell (``typical_w x typical_h`` times ``2**i``) is at least its size;
* within its level the item sits in the row holding its centre y, in a list kept
  sorted by centre x (two parallel lists: keys and items);
* a level remembers its *reach*: the largest half-width/half-height of any item ever
  filed there. A query visits the rows whose centres it can reach and, in each, takes
  the slice of centres within reach in x by two ``bisect`` calls (C speed). So x adds
  no false candidates at all and y adds at most one row's height: for same-sized items
  that is ~1.5x the true overlaps, visiting ~3 rows.

``remove`` finds an item in O(log n) from the (row, key) remembered at `add`, however
far it has moved since. Candidates are filtered exactly with ``FRect.colliderect``
(touching edges do not overlap), so ``query`` returns exactly the overlapping items,
each once.

Tuning rule
-----------
Pass ``typical_size=(w, h)``: the largest common moving thing (e.g. the biggest
enemy's hitbox). Without it the tree learns it: the median size of the first
`LEARN_AFTER` adds, after which it re-files everything once. ``leaf_size`` sets level
0's (cell width, row height) directly. Bigger rows mean fewer rows per query but more
false candidates (ratio ~ 1 + row_h / (query_h + item_h)). ``max_depth`` caps the
number of coarser levels (default: until a row is as tall as the bounds); items too
big for the coarsest level still go there. Reach only grows (until `clear`).

Items outside ``bounds`` are clamped into the top or bottom row (x is never clamped):
clamping is monotone, so they are still stored and found.

Items are keyed by identity: use the default ``object.__hash__``; ``__eq__`` is never
called. Hitboxes must not have negative sizes. Zero-size hitboxes are stored and
counted but overlap nothing (pygame's rule).
"""

from gunner.quadtree.batched import FEW_KEYS, FILE_ONE_BY_ONE
from gunner.quadtree.lazy import SCANS, SLIDE, SMALL, LazyTree
from gunner.quadtree.rows import Filed, HasHitbox
from gunner.quadtree.tree import LEARN_AFTER, Quadtree

# The tuning constants are read where they are used (tests patch them there:
# gunner.quadtree.lazy.SMALL); they are named here for reading only.
__all__ = [
    "FEW_KEYS",
    "FILE_ONE_BY_ONE",
    "LEARN_AFTER",
    "SCANS",
    "SLIDE",
    "SMALL",
    "Filed",
    "HasHitbox",
    "LazyTree",
    "Quadtree",
]
