"""The map object schema: every class a level designer can place, and its properties.

This is the one source of truth for map objects. `gunner.check` validates maps
against it, `gunner.level` fills in the defaults Tiled leaves out of saved maps,
and `tools/make_tiled_project.py` turns it into `levels/gunner.tiled-project`
(Tiled 1.9+) and `levels/objecttypes.xml` (Tiled 1.8). Adding a class is one
entry in SCHEMA plus re-running that tool.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# Tiled's property types that the game reads (pytmx converts each to a Python value).
PROPERTY_TYPES = ("string", "int", "float", "bool", "color", "file", "object")


@dataclass(frozen=True)
class Prop:
    """One property of an object class.

    `allowed` makes it a choice (an enum in Tiled 1.9+, named `enum`); `required`
    means the object is broken without a value; `match` = (class, property) means the
    value must equal that property of some object of that class in the same map
    (a keycard's colour must open some door).
    """

    type: str
    default: Any
    doc: str = ""
    allowed: tuple[str, ...] = ()
    enum: str = ""
    required: bool = False
    match: tuple[str, str] | None = None


@dataclass(frozen=True)
class ObjectClass:
    """A class of map object: its shape in Tiled, its colour there, and its properties."""

    shape: str  # "point" or "rectangle": what to draw in Tiled
    color: str  # how Tiled draws objects of the class, #rrggbb
    doc: str
    props: dict[str, Prop] = field(default_factory=dict)
    # How many a map must hold: (min, max), max None for any number.
    count: tuple[int, int | None] = (0, None)


def _drop(when: str) -> Prop:
    """Every enemy's `drop` property: the pickup it leaves when `when`."""
    return Prop(
        "string",
        "",
        f"pickup it leaves when {when} (empty: none)",
        allowed=("", "health", "machinegun", "spread", "rocket"),
        enum="Drop",
    )


SCHEMA: dict[str, ObjectClass] = {
    "Player": ObjectClass(
        shape="point",
        color="#3cc8ff",
        doc="Where the player starts: the point is the feet (a rectangle's bottom-centre is).",
        count=(1, 1),
    ),
    "Exit": ObjectClass(
        shape="rectangle",
        color="#50e650",
        doc="Reaching it completes the level.",
    ),
    "Checkpoint": ObjectClass(
        shape="rectangle",
        color="#5adc6e",
        doc="A flag (16x32): touching it makes its bottom-centre the player's respawn point.",
    ),
    "Pickup": ObjectClass(
        shape="point",
        color="#f0be30",
        doc="An item on the ground (falls until it lands; the point is where it rests).",
        props={
            "item": Prop(
                "string",
                "health",
                "health heals 2 blocks; a weapon replaces the player's gun",
                allowed=("health", "machinegun", "spread", "rocket"),
                enum="PickupItem",
            ),
            "ammo": Prop("int", 0, "shots a weapon pickup gives; 0 = the weapon's default"),
        },
    ),
    "Keycard": ObjectClass(
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
    ),
    "Door": ObjectClass(
        shape="rectangle",
        color="#dc2c2c",
        doc="A door locked by colour, 16x48 (1x3 tiles): solid until the player "
        "touches it holding the matching keycard, then open for good.",
        props={
            "color": Prop(
                "string",
                "",  # no default: a forgotten colour must show up in --check
                "the keycard colour that opens it",
                allowed=("red", "blue", "yellow"),
                enum="KeyColor",
                required=True,
            ),
        },
    ),
    "OilDrum": ObjectClass(
        shape="point",
        color="#f47c24",
        doc="An explosive drum (16x24, the point is its feet): solid, shot by anyone; "
        "it explodes, hurting everything near, and sets off drums in the blast.",
        props={
            "health": Prop("int", 3, "damage it takes before its fuse lights"),
            "radius": Prop("float", 48.0, "blast radius in pixels"),
            "damage": Prop("int", 3, "damage the blast deals"),
        },
    ),
    "Soldier": ObjectClass(
        shape="point",
        color="#68a040",
        doc="A patrolling soldier (14x30, the point is its feet): walks, turns at walls "
        "and ledge edges, and fires a slow shot ahead at a player level with it.",
        props={
            "health": Prop("int", 3, "hits it takes"),
            "speed": Prop("float", 40.0, "walking speed, pixels per second (0 stands guard)"),
            "drop": _drop("killed"),
        },
    ),
    "Rifleman": ObjectClass(
        shape="point",
        color="#a8b4bc",
        doc="An aiming soldier (14x30, the point is its feet): stands, faces the player "
        "and shoots at them only with a clear line of sight.",
        props={
            "health": Prop("int", 4, "hits it takes"),
            "range": Prop("float", 220.0, "how far it sees and shoots, pixels"),
            "fire_rate": Prop("float", 1.6, "seconds between shots"),
            "drop": _drop("killed"),
        },
    ),
    "Turret": ObjectClass(
        shape="point",
        color="#667280",
        doc="A gun turret (16x16, the point is its bottom-centre): bolts itself to the floor, "
        "ceiling or wall it touches, swings toward the player and fires bursts of three.",
        props={
            "health": Prop("int", 8, "hits it takes"),
            "range": Prop("float", 260.0, "how far it sees and shoots, pixels"),
            "fire_rate": Prop("float", 1.2, "seconds from one burst to the next"),
            "drop": _drop("destroyed"),
        },
    ),
    "Drone": ObjectClass(
        shape="point",
        color="#dc2c2c",
        doc="A flying drone (16x12, the point is its bottom-centre): bobs along a patrol "
        "at its height, drifts over the player and fires down at them.",
        props={
            "health": Prop("int", 2, "hits it takes"),
            "speed": Prop("float", 50.0, "flying speed, pixels per second"),
            "range": Prop("float", 200.0, "how far below it spots and shoots the player"),
            "drop": _drop("shot down"),
        },
    ),
}


def defaults(cls: str, schema: dict[str, ObjectClass] | None = None) -> dict[str, Any]:
    """The property defaults of a class ({} for classes the schema does not know)."""
    spec = (schema or SCHEMA).get(cls)
    return {name: prop.default for name, prop in spec.props.items()} if spec else {}


def enums(schema: dict[str, ObjectClass] | None = None) -> dict[str, tuple[str, ...]]:
    """Named choice lists (Tiled enums) the schema uses: enum name -> allowed values."""
    found: dict[str, tuple[str, ...]] = {}
    for spec in (schema or SCHEMA).values():
        for prop in spec.props.values():
            if prop.enum and found.setdefault(prop.enum, prop.allowed) != prop.allowed:
                raise ValueError(f"enum {prop.enum} is declared with two value lists")
    return found
