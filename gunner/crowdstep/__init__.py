"""The crowd's common case stepped in bulk: soldiers patrolling and turrets idling far
from the player and from solid entities (see members.py for the whole rule).

- table.py: the columns (`ColumnTable`) and the clearances (ZONE, MARGIN, CELL);
- plan.py: `CrowdPlan`, every member's step worked out at once;
- members.py: `CrowdStep`, who joins and leaves, and the rows-agree check.
"""

from gunner.crowdstep.members import CROWD_KINDS, CrowdStep

__all__ = ["CROWD_KINDS", "CrowdStep"]
