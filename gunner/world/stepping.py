"""The entity step: every entity ticks in list order, leaving the broad phase before
and filed again after; a crowd's common case is stepped in bulk (gunner/crowdstep.py)."""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any

from gunner.config import DT
from gunner.crowdstep import CROWD_KINDS

if TYPE_CHECKING:
    from gunner.entities import Entity
    from gunner.world.world import World

_ALIVE = attrgetter("alive")


def tick_each(world: World) -> None:
    """Every entity ticks in list order, leaving the tree before and filed after."""
    # The crowd step's members and zones go stale meanwhile: forgotten.
    world.crowd_step.clear()
    world.zone_makers = None
    tree = world.tree
    add, enemies, others = tree.add, tree.enemy, tree.entity
    survivors: list[Entity] = []
    keep = survivors.append
    # Entities spawned during the step land in the fresh list and tick next step.
    current, world.entities = world.entities, []
    for entity in current:
        # `tree.remove` and `tree.add`, inlined in the hottest loop of a crowd (the
        # same classes: solids go through `add`, which keeps their span).
        entity.filed_in.remove(entity)
        entity.filed_in = None
        if entity.alive:  # a blast earlier in this loop may have killed it
            entity.tick(world)
        if not entity.alive:
            continue
        if entity.solid:
            add(entity)
        else:
            home = enemies if entity.team == "enemy" else others
            home.add(entity)
            entity.filed_in = home
        keep(entity)
        if entity.touches:
            for other in world.query(entity.hitbox, "entity_entity", ignore=entity):
                entity.touch(other, world)
    world.entities = survivors + world.entities


def tick_crowd(world: World) -> None:
    """`tick_each`, with the crowd's common case stepped in bulk: a member planned
    by the crowd step gets its new state written back at its own turn, in place of
    its tick (so every query mid-step sees what the ticks would have left)."""
    crowd = world.crowd_step
    tiles = world.tilemap
    version = tiles.version
    makers, world.zone_makers = world.zone_makers, []
    if makers is None:  # the last step ticked every entity: nothing was kept
        makers = [e for e in world.entities if e.solid and type(e) not in CROWD_KINDS]
    planned = crowd.plan(world, makers).pop
    sync = crowd.sync
    zone = world.zone_makers.append
    tree = world.tree
    add, enemies, others = tree.add, tree.enemy, tree.entity
    # Members are filed in the enemy class (the team's, never solid), as below; a
    # walker leaves it and is filed again, unless the class re-files them in bulk.
    lift, file = enemies.remove, enemies.add
    refile = not tree.slide_enemies(crowd.slide)
    dt = DT
    survivors: list[Entity] = []
    keep = survivors.append
    current, world.entities = world.entities, []
    for entity in current:
        step = planned(entity, None)
        if step is not None and entity.alive and tiles.version == version:
            # A member: exactly a Soldier or a Turret (see CrowdStep.plan).
            member: Any = entity
            kind = step.__class__
            if kind is float:  # walks on as it was: a new x
                if refile:
                    lift(member)
                member.hitbox.x = step
                member.walk_time += dt
                if refile:
                    file(member)
            elif kind is int:  # a turret's cooldown (it never moves: it stays filed)
                member.cooldown.left = step
            elif len(step) == 2:  # walks on, its fire timer running
                if refile:
                    lift(member)
                member.hitbox.x, member.fire_timer.left = step
                member.walk_time += dt
                if refile:
                    file(member)
            elif len(step) == 6:
                if refile:
                    lift(member)
                member.hitbox.x, member.facing, member.vx, member.walk_time = step[:4]
                member.fire_timer.left, member.flash.left = step[4:]
                if refile:
                    file(member)
            elif step:  # a turret's cooldown and flash
                member.cooldown.left, member.flash.left, _ = step
            keep(entity)
            continue
        entity.filed_in.remove(entity)
        entity.filed_in = None
        if entity.alive:
            entity.tick(world)
            if type(entity) in CROWD_KINDS:
                sync(entity)
            elif entity.solid and entity.alive:
                zone(entity)
        elif step is not None:
            crowd.release(entity)
        if not entity.alive:
            continue
        if entity.solid:
            add(entity)
        else:
            home = enemies if entity.team == "enemy" else others
            home.add(entity)
            entity.filed_in = home
        keep(entity)
        if entity.touches:
            for other in world.query(entity.hitbox, "entity_entity", ignore=entity):
                entity.touch(other, world)
    # Planned members the loop did not write back (gone, or dead at their turn).
    for entity in list(crowd.current):
        crowd.release(entity)
    world.entities = survivors + world.entities


def bury_the_dead(world: World) -> None:
    """Entities killed after their own tick (by a bullet, a blast) leave the tree now,
    not a step later, so no query ever hands out a corpse."""
    if all(map(_ALIVE, world.entities)):
        return
    alive = []
    for entity in world.entities:
        if entity.alive:
            alive.append(entity)
        else:
            world.tree.remove(entity)
    world.entities = alive
