"""The entity base class and the name -> constructor registry."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from gunner.schema import ObjectClass, refresh_kind_choices

if TYPE_CHECKING:
    from gunner.bullets import Bullet
    from gunner.maps import Spawn
    from gunner.world.api import WorldView

ENTITY_TYPES: dict[str, type[Entity]] = {}
# Each kind's map class (its schema entry), in registration order: gunner.objects.SCHEMA.
SCHEMA: dict[str, ObjectClass] = {}


def register(name: str, entry: ObjectClass) -> Callable[[type[Entity]], type[Entity]]:
    """Class decorator: map objects of class `name` become this entity, and `entry` (its
    shape in Tiled, its help, its properties with their defaults) joins the schema."""

    def decorate(cls: type[Entity]) -> type[Entity]:
        if name in ENTITY_TYPES:
            raise ValueError(f"entity class {name!r} registered twice")
        ENTITY_TYPES[name] = cls
        SCHEMA[name] = entry
        refresh_kind_choices(SCHEMA)
        cls.kind = name
        cls.schema = entry
        return cls

    return decorate


def unregister(name: str) -> None:
    """Forget a kind (a tool or test that registered one for a while)."""
    ENTITY_TYPES.pop(name, None)
    SCHEMA.pop(name, None)
    refresh_kind_choices(SCHEMA)


def create_entity(spawn: Spawn) -> Entity | None:
    """Build the entity a map object describes; None for classes the game does not know."""
    cls = ENTITY_TYPES.get(spawn.cls)
    return cls.from_spawn(spawn) if cls else None


def feet_box(width: float, height: float, foot: tuple[float, float]) -> pygame.FRect:
    """A width x height hitbox whose bottom-centre is `foot` (where a map point stands)."""
    box = pygame.FRect(0, 0, width, height)
    box.midbottom = foot
    return box


def away_from(entity: Any, from_x: float | None) -> int:
    """The side (+1 right, -1 left) away from a hit that came from `from_x`; with no
    source (a fall, a blast on its own centre), backwards from where it faces."""
    if from_x is None:
        return int(-entity.facing)
    return 1 if from_x < entity.hitbox.centerx else -1


class Entity:
    """Something that lives on the stage: it has a hitbox, ticks, and draws itself.

    The stage removes an entity from the quadtree before `tick` and re-adds it
    after, so `tick` may move `hitbox` freely. `draw` must not change anything
    the simulation reads.
    """

    kind = "Entity"
    # Its map class, set by `register`: properties, defaults and help, stated once.
    schema: ClassVar[ObjectClass]
    # -- What a kind declares about itself, read by the art tool, the level builder and
    # the tests (a new kind needs nothing outside its own module and its SCHEMA entry).
    # Its sprite sheet: assets/<sheet>.png, drawn by `make_sheet()` below or by the art
    # tool (tools/make_assets.py). None for a kind drawn in code, or not drawn at all.
    sheet: ClassVar[str | None] = None
    # False for a kind that is never drawn (an exit: the map's tiles show it).
    visible: ClassVar[bool] = True
    # tools/build_level.py: the layout characters that place it, each with the fixed
    # properties it gives the object, and the object's size there (px).
    chars: ClassVar[dict[str, dict[str, str]]] = {}
    builder_size: ClassVar[tuple[int, int]] = (16, 16)
    # The builder lets it stand in mid-air (it flies, or bolts to a wall or ceiling).
    floats: ClassVar[bool] = False
    team = "neutral"  # bullets never hurt their own team
    shootable = False  # do bullets stop on it?
    touches = False  # does the stage report overlapping entities to `touch`?
    # Solid entities (doors, drums) block movers that go through `Stage.move`, stop
    # every team's bullets, and block line of sight.
    solid = False
    # A solid that holds up only what lands on it from above (a one-way moving plank).
    oneway = False
    # The order it entered the stage (set by Stage.add_entity): broad-phase queries
    # list items in this order, so no design's internal order can change the play.
    serial = -1
    # A boss (gunner/entities/boss.py): "defeat the boss" waits for every one.
    is_boss = False
    # The sounds the Feedback layer plays when it is hurt, killed or fires (HURT,
    # KILLED, SHOT; gunner.feedback): looks and sounds, never state. None: silent.
    hurt_sound: ClassVar[str | None] = None
    death_sound: ClassVar[str | None] = None
    shot_sound: ClassVar[str | None] = None
    # The broad-phase class holding it while it is in the stage's tree, else None
    # (`StageTree.add` and `remove` keep it; not state).
    filed_in: Any = None

    def __init__(self, hitbox: pygame.FRect) -> None:
        self.hitbox = hitbox
        self.alive = True

    @classmethod
    def from_spawn(cls, spawn: Spawn) -> Entity:
        return cls(pygame.FRect(spawn.x, spawn.y, max(spawn.w, 1), max(spawn.h, 1)))

    # Attributes that are not state carried from step to step: by default only the
    # broad-phase class the stage filed it in (`StageTree.add` sets it).
    NOT_STATE: frozenset[str] = frozenset({"filed_in"})

    def sim_state(self) -> dict[str, Any]:
        """Everything this entity carries from one step to the next, for the stage's
        hash: every attribute it holds unless its kind names it in NOT_STATE."""
        return {k: v for k, v in vars(self).items() if k not in self.NOT_STATE}

    @staticmethod
    def make_sheet() -> pygame.Surface | None:
        """The kind's own art: its whole sprite sheet, drawn in code. The art tool saves
        it as assets/<sheet>.png. None (the default): tools/ draws the sheet."""
        return None

    def tick(self, stage: WorldView) -> None:
        """Advance one fixed step."""

    def touch(self, other: Entity, stage: WorldView) -> None:
        """Called when this entity overlaps `other` after moving (if `touches`)."""

    def hit(self, bullet: Bullet, stage: WorldView) -> None:
        """Called when one of the other team's bullets strikes this entity."""
        self.damage(bullet.damage, stage, bullet.hitbox.centerx)

    def damage(self, amount: int, stage: WorldView, from_x: float | None = None) -> None:
        """Take `amount` damage from a bullet or an explosion centred at `from_x`."""

    def draw(self, surface: pygame.Surface, offset: tuple[float, float], art: object) -> None:
        """Draw at the hitbox position minus the camera offset."""
