"""Pickups the player walks over: health, weapons with ammo, and keycards.

A pickup rests on the ground (it falls until it lands); one an enemy drops pops
up a little first. The player collects it by touching it (`Player.touch` calls
`collect`). Pickups are not shootable: bullets fly past them.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from gunner.config import DT
from gunner.entities.base import SCHEMA, Entity, feet_box, register
from gunner.entities.body import fell_out, settle
from gunner.events import PICKED_UP
from gunner.schema import ObjectClass, Prop, refresh_item_choices
from gunner.weapons import ITEMS, WATCHERS, WEAPONS

if TYPE_CHECKING:
    from gunner.entities.player import Player
    from gunner.maps import Spawn
    from gunner.world.api import WorldView

GRAVITY = 900.0
MAX_FALL = 400.0
POP_SPEED = 220.0  # upward kick of a pickup an enemy drops
SIZE = 12  # hitbox side; the sprite is 16x16 centred over it
SPRITE = 16
BOB_HEIGHT = 2.0  # px the sprite bobs above its resting place
BOB_PERIOD = 1.2  # s
GLINT_EVERY = 1.6  # s between glints
GLINT_TIME = 0.2  # s a glint lasts
HEAL_AMOUNT = 2

COLORS = ("red", "blue", "yellow")


class Item(Entity):
    """What pickups and keycards share: falling to rest, bobbing, glinting."""

    sheet = "pickups"

    def __init__(self, foot: tuple[float, float], props: dict[str, Any] | None = None) -> None:
        super().__init__(feet_box(SIZE, SIZE, foot))
        self.props = dict(props or {})
        self.vy = 0.0
        self.on_ground = False
        self.age = 0.0  # seconds alive; drives the bob and the glint
        self.started = False

    @classmethod
    def from_spawn(cls, spawn: Spawn) -> Item:
        return cls(spawn.foot, spawn.props)

    def tick(self, stage: WorldView) -> None:
        if not self.started:
            self.started = True
            # A dying enemy's drop hops out of the body; map-placed items just settle.
            if self.props.get("dropped"):
                self.vy = -POP_SPEED
        self.age += DT
        settle(self, stage, GRAVITY, MAX_FALL)
        if fell_out(self, stage):
            self.alive = False  # fell into a pit

    def collect(self, player: Player, stage: WorldView) -> None:
        """The player touched it."""

    def frame_index(self) -> int:
        return 0

    def draw(self, surface: pygame.Surface, offset: tuple[float, float], art: object) -> None:
        frames = art.sheet(self.sheet, SPRITE, SPRITE)  # type: ignore[attr-defined]
        glint = (self.age % GLINT_EVERY) < GLINT_TIME
        image = frames[1 if glint and len(frames) > 1 else 0][self.frame_index()]
        bob = 0.0
        if self.on_ground:
            bob = BOB_HEIGHT * (0.5 - 0.5 * math.cos(self.age * 2 * math.pi / BOB_PERIOD))
        x = round(self.hitbox.centerx - SPRITE / 2 - offset[0])
        y = round(self.hitbox.bottom - SPRITE - bob - offset[1])
        surface.blit(image, (x, y))


# The map class: its shape in Tiled, its help, its properties and their defaults
# (stated here only: the validator, the loader and the Tiled project read them).
PICKUP_ENTRY = ObjectClass(
    shape="point",
    color="#f0be30",
    doc="An item on the ground (falls until it lands; the point is where it rests).",
    props={
        "item": Prop(
            "string",
            "health",
            "health heals 2 blocks; a weapon replaces the player's gun",
            allowed=tuple(ITEMS),
            enum="PickupItem",
        ),
        "ammo": Prop(
            "int", 0, "shots a weapon pickup gives; 0 = the weapon's default", low=0, high=9999
        ),
    },
)


@register("Pickup", PICKUP_ENTRY)
class Pickup(Item):
    """Health (heals 2 blocks) or a weapon with `ammo` shots (0 = the weapon's default)."""

    chars = {item.char: {"item": item.name} for item in ITEMS.values()}

    def __init__(self, foot: tuple[float, float], props: dict[str, Any] | None = None) -> None:
        super().__init__(foot, props)
        item = str(self.props.get("item", "health") or "health").lower()
        self.item = item if item in ITEMS else "health"
        self.ammo = max(0, int(self.props.get("ammo", 0) or 0))

    def collect(self, player: Player, stage: WorldView) -> None:
        if not self.alive:
            return
        if self.item == "health":
            if not player.heal(HEAL_AMOUNT):
                return  # full health: leave it for later
        else:
            shots = self.ammo or WEAPONS[self.item].ammo
            if player.weapon.name == self.item and player.ammo is not None:
                shots = player.ammo + (shots or 0)  # the same gun again: top up its ammo
            player.equip(self.item, shots)
        stage.publish(PICKED_UP, self)
        stage.say(ITEMS[self.item].title, player)
        self.alive = False

    def frame_index(self) -> int:
        """Its column in assets/pickups.png: the items in registry order."""
        return list(ITEMS).index(self.item)


def follow_the_weapons() -> None:
    """A weapon registered (or forgotten): the schema's item and drop choices and the
    builder's pickup characters list the items as they now are."""
    refresh_item_choices(SCHEMA)
    Pickup.chars = {item.char: {"item": item.name} for item in ITEMS.values()}


WATCHERS.append(follow_the_weapons)


# The map class: its shape in Tiled, its help, its properties and their defaults
# (stated here only: the validator, the loader and the Tiled project read them).
KEYCARD_ENTRY = ObjectClass(
    shape="point",
    color="#f8f6ec",
    doc="A keycard: opens every door of its colour for the rest of the level.",
    props={
        "color": Prop(
            "string",
            "",  # no default: a forgotten colour must show up in --check
            "which doors it opens",
            allowed=("red", "blue", "yellow"),
            enum="KeyColor",
            required=True,
            match=("Door", "color"),
        ),
    },
)


@register("Keycard", KEYCARD_ENTRY)
class Keycard(Item):
    """A keycard: opens every door of its colour (keys are never used up)."""

    sheet = "keycards"
    chars = {str(i + 1): {"color": color} for i, color in enumerate(COLORS)}

    def __init__(self, foot: tuple[float, float], props: dict[str, Any] | None = None) -> None:
        super().__init__(foot, props)
        color = str(self.props.get("color", "red") or "red").lower()
        self.color = color if color in COLORS else "red"

    def collect(self, player: Player, stage: WorldView) -> None:
        if not self.alive:
            return
        player.keys.add(self.color)
        stage.publish(PICKED_UP, self, key=self.color)
        stage.say(f"{self.color.upper()} KEYCARD", player)
        self.alive = False

    def frame_index(self) -> int:
        return COLORS.index(self.color)
