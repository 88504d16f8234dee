"""What happens in the simulation, announced where it happens.

An entity that is hurt, fires, is killed, opens or is picked up says so
(`stage.publish(HURT, self, amount=2)`) at that moment; whoever cares subscribes
(`stage.subscribe(HURT, fn)`). The world turns them into hit-stop and the kill count,
gunner.feedback into effects, shake and sounds, and the play scene, the HUD or a test
can listen too, without diffing state before and after a step. Handlers are called in
the order they subscribed, inside the step: they may change the simulation only as
the entity's own code could at that point.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gunner.entities.base import Entity

HURT = "hurt"  # an entity lost health: amount=, from_x=
SHOT = "shot"  # an entity fired: weapon= for the player's guns
KILLED = "killed"  # an entity was destroyed; a player also by a pit (an enemy lost in one: not)
DOOR_OPENED = "door_opened"  # a door began to open
DOOR_LOCKED = "door_locked"  # the player pushed a door whose key they lack
PICKED_UP = "picked_up"  # an item was collected: key= its colour for a keycard
CHECKPOINT = "checkpoint"  # the player reached a checkpoint
BOSS_AWOKE = "boss_awoke"  # the player entered a boss's arena: the fight begins
BOSS_PHASE = "boss_phase"  # a boss entered a new phase: phase= its number
LEVEL_COMPLETE = "level_complete"  # every objective done (published by the player)
JUMPED = "jumped"  # a player jumped
LANDED = "landed"  # a player landed from a fall fast enough to be heard
LIFE_LOST = "life_lost"  # a player lost a life (a fatal hit, or a fall into a pit)
PUT_BACK = "put_back"  # an invincible player fell into a pit and was put back on ground
CHARGING = "charging"  # a boss began to telegraph an attack
DEFLECTED = "deflected"  # armour or a shield turned a shot away, unhurt
BOSS_DYING = "boss_dying"  # a boss's health ran out: its death sequence begins
EXPLODED = "exploded"  # something blew up (source None: a blast where a shot burst)
SPARKED = "sparked"  # a wreck threw sparks as it died (a turret)
CRACKED = "cracked"  # a crumbling floor was stood on: it will give way
GAVE_WAY = "gave_way"  # a crumbling floor's cell fell
WALL_HIT = "wall_hit"  # a bullet struck a wall (source None: bullets are not entities)
# A step ended (source None): solid= the tile grid it left, None while the world stands
# still in a hit-stop. Looks step with it (effects age, particles fly, shake decays).
STEPPED = "stepped"

Handler = Callable[..., None]


class Events:
    """A tiny publish/subscribe hub; one per stage."""

    def __init__(self) -> None:
        self._handlers: dict[str, list[Handler]] = {}

    def subscribe(self, event: str, handler: Handler) -> None:
        self._handlers.setdefault(event, []).append(handler)

    def publish(self, event: str, source: Entity | None, **data: Any) -> None:
        for handler in self._handlers.get(event, ()):
            handler(source, **data)
