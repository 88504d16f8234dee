"""Entity types, created by the class name a map object carries.

As in the SDL2 gunner tutorial's InitFunc table, a map object of class
"Player" is built by whatever registered itself under "Player". A new kind of
entity is one small module that decorates its class with `@register("Name")`
and is imported below.
"""

from __future__ import annotations

from gunner.entities import checkpoint as _checkpoint  # noqa: F401
from gunner.entities import door as _door  # noqa: F401  (registers Door)
from gunner.entities import drone as _drone  # noqa: F401  (registers Drone)
from gunner.entities import drum as _drum  # noqa: F401  (registers OilDrum)
from gunner.entities import exit as _exit  # noqa: F401  (registers Exit)
from gunner.entities import pickup as _pickup  # noqa: F401  (Pickup, Keycard)
from gunner.entities import platform as _platform  # noqa: F401  (MovingPlatform)
from gunner.entities import player as _player  # noqa: F401  (registers Player)
from gunner.entities import rifleman as _rifleman  # noqa: F401  (registers Rifleman)
from gunner.entities import soldier as _soldier  # noqa: F401  (registers Soldier)
from gunner.entities import turret as _turret  # noqa: F401  (registers Turret)
from gunner.entities.base import ENTITY_TYPES, Entity, create_entity, register

__all__ = ["ENTITY_TYPES", "Entity", "create_entity", "register"]
