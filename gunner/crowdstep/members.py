"""The crowd's common case stepped in bulk: soldiers patrolling and turrets idling far
from the player and from solid entities (Nystrom's Data Locality).

Most of a crowd, most steps, does the same few things: a soldier walks on, turns at a
wall or a ledge, counts its fire timer down and looks for a player who is nowhere near;
a turret counts its cooldown down. `CrowdStep` keeps those *members* as columns of
numbers and works out their whole step for all of them at once with numpy; the stage
then writes each member's new state back at the member's own turn in the entity loop,
in place of its `tick`. So everything else sees exactly what `tick` would have left, at
exactly the same moment of the step, and the state hash cannot tell the two paths
apart (tests/world/test_crowdstep.py steps both side by side).

A member sits a step out (its own `tick` runs, and it is read again afterwards) when
its step might not be the common case:

* the player might be in its sight when its fire timer runs out (or it still holds what
  it last saw), or below it and near enough to chase when it is at a ledge (reach plus
  how far the player can move in a step: the player's turn may come first);
* it stands within `ZONE` px of a solid entity (a door, a drum, a platform), which may
  block, carry or push it. Nothing else moves another entity; damage publishes `HURT`,
  and the stage then lets the member go;
* its walk would take it off the floor (it falls: `tick` handles that).

The stage also falls back to `tick` for the rest of a step in which the tiles changed
or a solid entity was added. A soldier joins after a `tick` that left it walking on the
ground, not aiming or recovering; a turret once it has
found its mount and is neither firing a burst nor watching.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gunner.config import DT, TILE
from gunner.crowdstep.plan import CrowdPlan
from gunner.crowdstep.table import MARGIN, SOLDIER_COLUMNS, TURRET_COLUMNS, ColumnTable
from gunner.entities.soldier import Soldier
from gunner.entities.turret import Turret

if TYPE_CHECKING:
    from gunner.entities.base import Entity

# The kinds stepped in bulk (exactly these classes: a subclass may tick otherwise).
CROWD_KINDS = (Soldier, Turret)


class CrowdStep(CrowdPlan):
    """Members' state as columns; `plan` (CrowdPlan) steps them all, the stage writes
    them back. This half keeps the membership: who joins, who leaves, and the check
    that every row still agrees with its entity."""

    # -- membership ----------------------------------------------------------------

    def sync(self, entity: Entity) -> None:
        """After a crowd kind's own tick: (re)read it as a member if its next step may be
        the common case, else let it go."""
        if not self.enabled:
            return
        e: Any = entity
        if type(entity) is Soldier:
            box = e.hitbox
            speed, bottom = e.speed, box.bottom
            if (
                e.alive
                and not e.advance  # it faces the player and holds: not the common case
                and e.on_ground
                and e.vy == 0.0
                and e.aim_time.left <= 0
                and e.recover_time.left <= 0
                and e.fire_timer is not None
                and (e.facing == 1 or e.facing == -1)
                and type(speed) is float
                and 0.0 < speed * DT < TILE
                and type(e.vx) is float
                and bottom % TILE == 0
            ):
                top = box.y
                self.soldiers.put(
                    entity,
                    (box.x, box.w, bottom, top + box.h / 2, e.facing, speed, e.vx,
                     e.fire_timer.left, e.flash.left, e.walk_time,
                     int(bool(e.sees_player) or e.los_clock.left != 0), int(top // TILE),
                     int(-(-bottom // TILE)) - 1, int((bottom + 1) // TILE),
                     int(bottom // TILE)),
                )  # fmt: skip
                return
        elif type(entity) is Turret and (
            e.alive
            and e.mount
            and e.burst_left == 0
            and not e.sees_player
            and e.los_clock.left == 0
            and e.range < 1e6
        ):
            cx, cy = e.hitbox.center
            reach = e.range + MARGIN + 1.0
            self.turrets.put(entity, (cx, cy, reach, e.cooldown.left, e.flash.left))
            return
        self.release(entity)

    def release(self, entity: Entity) -> None:
        """It leaves the bulk path (hurt, dead, gone): its own tick runs from now on."""
        if self.soldiers.drop(entity) or self.turrets.drop(entity):
            self.current.pop(entity, None)

    def forget_plan(self) -> None:
        """Something the plan relied on changed mid-step (a solid was added, a tile
        changed): every member not yet written back ticks on its own this step."""
        self.current.clear()

    def clear(self) -> None:
        """Forget every member (the stage ticked them all: their rows are stale)."""
        self.current = {}
        if len(self):
            self.soldiers = ColumnTable(SOLDIER_COLUMNS)
            self.turrets = ColumnTable(TURRET_COLUMNS)

    # -- checks --------------------------------------------------------------------

    def disagreements(self, entities: list[Entity]) -> list[str]:
        """Members whose columns differ from the entity itself, or that are not in
        play (the stage's invariants report them); empty when all is well."""
        bad = []
        in_play = {id(e) for e in entities}
        for table in (self.soldiers, self.turrets):
            table.flush()
            c = table.cols
            for entity, k in table.row.items():
                e: Any = entity
                if id(entity) not in in_play or not entity.alive:
                    bad.append(f"{entity.kind} in the crowd step is not in play")
                    continue
                box = e.hitbox
                mine: tuple
                theirs: tuple
                if table is self.soldiers:
                    mine = (c["x"][k], c["bottom"][k], c["facing"][k], c["speed"][k],
                            c["vx"][k], c["fire"][k], c["flash"][k], c["walk"][k],
                            c["wary"][k])  # fmt: skip
                    theirs = (box.x, box.bottom, e.facing, e.speed, e.vx, e.fire_timer.left,
                              e.flash.left, e.walk_time,
                              int(bool(e.sees_player) or e.los_clock.left != 0))  # fmt: skip
                else:
                    mine = (c["cx"][k], c["cy"][k], c["fire"][k], c["flash"][k])
                    theirs = (*box.center, e.cooldown.left, e.flash.left)
                if mine != theirs:
                    bad.append(f"{entity.kind} at {tuple(box)} disagrees with its crowd-step row")
        return bad
