"""Entity types, created by the class name a map object carries.

As in the SDL2 gunner tutorial's InitFunc table, a map object of class
"Player" is built by whatever registered itself under "Player". A new kind of
entity is one module in this package that decorates its class with
`@register("Name", ENTRY)`, ENTRY being its map class (`gunner.schema.ObjectClass`):
every module here is imported when the package is, so nothing else lists it (see
"Adding an entity kind" in docs/architecture.md).
"""

from __future__ import annotations

from gunner.discovery import import_all
from gunner.entities.base import ENTITY_TYPES, SCHEMA, Entity, create_entity, register, unregister

MODULES = import_all(__name__, __path__)

__all__ = ["ENTITY_TYPES", "MODULES", "SCHEMA", "Entity", "create_entity", "register", "unregister"]
