"""The map object schema: every class a level designer can place, and its properties.

This is the one source of truth for map objects. `gunner.check` validates maps
against it, `gunner.maps` fills in the defaults Tiled leaves out of saved maps,
and `tools/make_tiled_project.py` turns it into `levels/gunner.tiled-project`
(Tiled 1.9+) and `levels/objecttypes.xml` (Tiled 1.8). Adding a class is one
entry in SCHEMA plus re-running that tool.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace
from typing import Any

from gunner.weapons import ITEMS

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
    # The documented range of a number (inclusive); the longest text.
    low: float | None = None
    high: float | None = None
    max_len: int = 40


@dataclass(frozen=True)
class ObjectClass:
    """A class of map object: its shape in Tiled, its colour there, and its properties."""

    shape: str  # "point" or "rectangle": what to draw in Tiled
    color: str  # how Tiled draws objects of the class, #rrggbb
    doc: str
    props: dict[str, Prop] = field(default_factory=dict)
    # How many a map must hold: (min, max), max None for any number.
    count: tuple[int, int | None] = (0, None)
    # A generator or a siege's wave spawner may let it in (their `kind` choices).
    let_in: bool = False


def _drop(when: str) -> Prop:
    """Every enemy's `drop` property: the pickup it leaves when `when`."""
    return Prop(
        "string",
        "",
        f"pickup it leaves when {when} (empty: none)",
        allowed=("", *ITEMS),
        enum="Drop",
    )


def _boss(doc: str, health: int) -> ObjectClass:
    """A boss: its health and how far left of its feet its arena's shutter stands."""
    return ObjectClass(
        shape="point",
        color="#b4286e",
        doc=doc,
        props={
            "health": Prop("int", health, "hits on its weak points it takes", low=1, high=10000),
            "arena": Prop(
                "float",
                400.0,
                "px from the arena's left edge (the shutter) to its feet; the arena is one "
                "screen wide",
                low=64,
                high=2000,
            ),
        },
    )


def _kind(doc: str) -> Prop:
    """A generator's or wave spawner's `kind`: the classes marked `let_in`, read from
    SCHEMA once it is whole (see `_let_in_kinds`)."""
    return Prop("string", "Soldier", doc, allowed=("Soldier",), enum="EnemyKind")


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
                allowed=tuple(ITEMS),
                enum="PickupItem",
            ),
            "ammo": Prop(
                "int", 0, "shots a weapon pickup gives; 0 = the weapon's default", low=0, high=9999
            ),
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
    "MovingPlatform": ObjectClass(
        shape="rectangle",
        color="#8ca0b4",
        doc="A platform (its rectangle, e.g. 48x8) that moves along its `path`: the "
        "shape of a polyline drawn from it, or to a point and back. It carries whatever "
        "stands on it, pushes what it runs into, and stops rather than crush anyone.",
        props={
            "path": Prop("object", 0, "the polyline or point it travels along", required=True),
            "speed": Prop("float", 50.0, "pixels per second", low=1, high=600),
            "wait": Prop("float", 0.6, "seconds it waits at each end", low=0, high=60),
            "mode": Prop(
                "string",
                "pingpong",
                "pingpong: back along the path; loop: round to its start",
                allowed=("pingpong", "loop"),
                enum="PlatformMode",
            ),
            "oneway": Prop("bool", False, "stand on it, jump up through it, drop through"),
        },
    ),
    "OilDrum": ObjectClass(
        shape="point",
        color="#f47c24",
        doc="An explosive drum (16x24, the point is its feet): solid, shot by anyone; "
        "it explodes, hurting everything near, and sets off drums in the blast.",
        props={
            "health": Prop("int", 3, "damage it takes before its fuse lights", low=1, high=1000),
            "radius": Prop("float", 48.0, "blast radius in pixels", low=1, high=256),
            "damage": Prop("int", 3, "damage the blast deals", low=0, high=100),
        },
    ),
    "Soldier": ObjectClass(
        shape="point",
        color="#68a040",
        let_in=True,
        doc="A patrolling soldier (14x30, the point is its feet): walks, turns at walls "
        "and ledge edges (or drops off one to chase a player below), and fires a slow shot "
        "ahead at a player level with it, or diagonally or straight up at one above.",
        props={
            "health": Prop("int", 3, "hits it takes", low=1, high=1000),
            "speed": Prop(
                "float", 40.0, "walking speed, pixels per second (0 stands guard)", low=0, high=400
            ),
            "fire_rate": Prop(
                "float", 2.5, "seconds between shots (give or take 0.6)", low=0.5, high=60
            ),
            "drop": _drop("killed"),
        },
    ),
    "Rifleman": ObjectClass(
        shape="point",
        color="#a8b4bc",
        let_in=True,
        doc="An aiming soldier (14x30, the point is its feet): stands, faces the player "
        "and shoots at them only with a clear line of sight.",
        props={
            "health": Prop("int", 4, "hits it takes", low=1, high=1000),
            "range": Prop("float", 220.0, "how far it sees and shoots, pixels", low=0, high=2000),
            "fire_rate": Prop("float", 1.6, "seconds between shots", low=0.2, high=60),
            "drop": _drop("killed"),
        },
    ),
    "Turret": ObjectClass(
        shape="point",
        color="#667280",
        doc="A gun turret (16x16, the point is its bottom-centre): bolts itself to the floor, "
        "ceiling or wall it touches, swings toward the player and fires bursts of three.",
        props={
            "health": Prop("int", 8, "hits it takes", low=1, high=1000),
            "range": Prop("float", 260.0, "how far it sees and shoots, pixels", low=0, high=2000),
            "fire_rate": Prop("float", 1.2, "seconds from one burst to the next", low=0.3, high=60),
            "drop": _drop("destroyed"),
        },
    ),
    "Drone": ObjectClass(
        shape="point",
        color="#dc2c2c",
        let_in=True,
        doc="A flying drone (16x12, the point is its bottom-centre): bobs along a patrol "
        "at its height, drifts over the player and fires down at them, or now and then "
        "dives at them. A hunting drone (as a siege's waves let out) flies to the player "
        "wherever they are and patrols over their head.",
        props={
            "health": Prop("int", 2, "hits it takes", low=1, high=1000),
            "speed": Prop("float", 50.0, "flying speed, pixels per second", low=0, high=400),
            "fire_rate": Prop("float", 1.5, "seconds between shots (or dives)", low=0.3, high=60),
            "range": Prop(
                "float", 200.0, "how far below it spots and shoots the player", low=0, high=2000
            ),
            "hunt": Prop(
                "bool", False, "flies to the player wherever they are (not a fixed patrol)"
            ),
            "drop": _drop("shot down"),
        },
    ),
    "WaveSpawner": ObjectClass(
        shape="rectangle",
        color="#c05078",
        doc="Where a siege's enemies come from (a gate, the map's edge; not drawn): while "
        "its `wave` is on it lets out `count` enemies of `kind`, one every `every` seconds, "
        "on its rectangle's bottom. A wave is over when all its enemies are gone; the next "
        "starts 3 s later. Drones it lets out hunt: they fly to the player wherever they "
        "are. Used with the `waves` objective.",
        props={
            "wave": Prop("int", 1, "which wave it belongs to (1 comes first)", low=1, high=99),
            "kind": _kind("what it lets out"),
            "count": Prop("int", 10, "how many it lets out in its wave", low=1, high=2000),
            "every": Prop("float", 0.5, "seconds between two of them", low=0.02, high=60),
            "health": Prop("int", 0, "their health (0: the kind's own)", low=0, high=1000),
            "fire_rate": Prop(
                "float", 0, "their seconds between shots (0: the kind's own)", low=0, high=60
            ),
        },
    ),
    "Runner": ObjectClass(
        shape="point",
        color="#c8a060",
        let_in=True,
        doc="Light infantry (12x28, the point is its feet): dies to one hit and runs at the "
        "player, hopping gaps of up to two tiles and steps of one, and dropping off ledges "
        "onto a floor below; it turns back once it is far past the player. It does not "
        "shoot: touching it hurts.",
        props={
            "health": Prop("int", 1, "hits it takes", low=1, high=1000),
            "speed": Prop("float", 100.0, "running speed, pixels per second", low=20, high=200),
            "drop": _drop("killed"),
        },
    ),
    "Grenadier": ObjectClass(
        shape="point",
        color="#5a78b4",
        let_in=True,
        doc="A grenadier (14x30, the point is its feet): keeps its distance and lobs "
        "grenades in an arc onto where the player stands; each bursts where it lands. "
        "Keep moving.",
        props={
            "health": Prop("int", 2, "hits it takes", low=1, high=1000),
            "range": Prop("float", 260.0, "how far it throws, pixels", low=32, high=600),
            "fire_rate": Prop("float", 2.2, "seconds between throws", low=0.5, high=60),
            "drop": _drop("killed"),
        },
    ),
    "Shieldbearer": ObjectClass(
        shape="point",
        color="#8c96a0",
        let_in=True,
        doc="A soldier behind a riot shield (14x30, the point is its feet): walks at the "
        "player shield first and fires low through its slot. Shots from in front spark off "
        "the shield; it is hurt only from behind, from above, or by a blast.",
        props={
            "health": Prop("int", 3, "hits it takes", low=1, high=1000),
            "speed": Prop("float", 28.0, "walking speed, pixels per second", low=0, high=200),
            "fire_rate": Prop("float", 2.4, "seconds between shots", low=0.5, high=60),
            "drop": _drop("killed"),
        },
    ),
    "PopupTurret": ObjectClass(
        shape="point",
        color="#7a6650",
        doc="A turret sunk in the floor (16x16 when up, the point is its bottom-centre, "
        "on a floor): a hatch while the player is far or it is reloading; it rises, fires "
        "a fan of three at the player and sinks again. It can only be hurt while it is up.",
        props={
            "health": Prop("int", 4, "hits it takes", low=1, high=1000),
            "range": Prop(
                "float", 240.0, "how near the player makes it rise, pixels", low=32, high=800
            ),
            "fire_rate": Prop("float", 2.6, "seconds from one rise to the next", low=1, high=60),
            "drop": _drop("destroyed"),
        },
    ),
    "Sniper": ObjectClass(
        shape="point",
        color="#c4c8ce",
        doc="A sniper (14x30, the point is its feet; place it in a window or on a ledge): "
        "stands still and, with the player in range and in sight, lays a red laser on them "
        "that follows them for a second, then holds still and blinks; the fast shot goes "
        "where the laser points. Step out of the line.",
        props={
            "health": Prop("int", 2, "hits it takes", low=1, high=1000),
            "range": Prop("float", 360.0, "how far it sees and shoots, pixels", low=32, high=2000),
            "fire_rate": Prop(
                "float", 3.0, "seconds from one shot to the next aim", low=0.8, high=60
            ),
            "drop": _drop("killed"),
        },
    ),
    "Generator": ObjectClass(
        shape="rectangle",
        color="#e05a28",
        doc="A stream of enemies (not drawn). While the view overlaps its rectangle (a "
        "point: a screen centred on it) it lets in one `kind` every `every` seconds from "
        "just off-screen on a floor (`side`: left, right, ahead of where the player faces, "
        "either, or above for a climb), never in view and never in a wall, with at most "
        "`cap` of them alive. "
        "It stops for good once the view has passed it (right of it, or above it on a "
        "climb) or after `total` of them (0: no limit); those left far off-screen are "
        "recalled.",
        props={
            "kind": _kind("what it lets in"),
            "every": Prop("float", 1.5, "seconds between two of them", low=0.1, high=60),
            "cap": Prop("int", 3, "most of them alive at once", low=1, high=50),
            "total": Prop(
                "int", 0, "how many it lets in, then stops (0: no limit)", low=0, high=10000
            ),
            "side": Prop(
                "string",
                "either",
                "which edge of the view they come in from (above: from the ledges over "
                "the view, as on a climb)",
                allowed=("either", "left", "right", "ahead", "above"),
                enum="GeneratorSide",
            ),
        },
    ),
    "Bridge": ObjectClass(
        shape="rectangle",
        color="#b07840",
        doc="An exploding bridge: each 16x16 tile along the bottom of its rectangle is a "
        "plank segment that holds up the player and enemies. The first segment the player "
        "stands on lights; each segment blows `fuse` seconds after it lights and lights "
        "the ones beside it (touching Bridge objects in a row are one bridge), so the "
        "blasts run outward from where he stepped. A blown segment is gone for good: "
        "run across, or fall with it.",
        props={
            "fuse": Prop(
                "float", 0.4, "seconds from a segment lighting to its blast", low=0.1, high=5
            ),
        },
    ),
    "CrumbleFloor": ObjectClass(
        shape="rectangle",
        color="#b09c7c",
        doc="A collapsing floor: each 16x16 tile along the bottom of its rectangle is a "
        "stone block that holds up the player and enemies like any floor tile. Once the "
        "player stands on a block it cracks, and `delay` seconds later it falls away for "
        "good with whatever stands on it: keep moving.",
        props={
            "delay": Prop(
                "float",
                0.5,
                "seconds from the player stepping on a block to its fall",
                low=0.1,
                high=10,
            ),
        },
    ),
    "Warden": _boss(
        "Level 1's boss (128x176, the point is its feet): the outpost's gate wall. Its core "
        "and reactor are its weak points; it fights in a one-screen arena that closes "
        "behind the player.",
        90,
    ),
    "Crawler": _boss(
        "Level 2's boss (144x96, the point is its feet): a tracked fuel tanker that paces "
        "150 px left of where it stands. Its engine grille and flare stack are its weak "
        "points; it fights in a one-screen arena that closes behind the player.",
        110,
    ),
    "Overseer": _boss(
        "Level 3's boss (a gunship 128 px wide hovering 136 px up; the point is the floor "
        "under it): it swings 300 px left of where it is placed and back. Its eye and "
        "engine pods are its weak points; it fights in a one-screen arena that closes "
        "behind the player.",
        120,
    ),
}


def _let_in_kinds() -> None:
    """Every `kind` choice (generators, wave spawners) lists the classes marked `let_in`,
    so a new kind that may come in a stream is one flag on its own entry."""
    kinds = tuple(name for name, spec in SCHEMA.items() if spec.let_in)
    for spec in SCHEMA.values():
        prop = spec.props.get("kind")
        if prop is not None and prop.enum == "EnemyKind":
            spec.props["kind"] = replace(prop, allowed=kinds)


_let_in_kinds()
# The classes a generator or wave spawner may let in, in schema order.
LET_IN = SCHEMA["Generator"].props["kind"].allowed


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


# -- one validation path: --check, loading and hot reload all use these ---------------

# A map holding more objects than this is refused: each is a Python object every step.
MAX_OBJECTS = 2000
# Object positions may lie this far outside the map (pixels), no further.
MARGIN = 1024.0
# The longest map `name`, object name and other free text, in characters.
MAX_TEXT = 60
# What the map's `objective` property may list (comma-separated).
OBJECTIVES = ("exit", "destroy_drums", "kill_all", "boss", "waves")
# What the map's `scroll` property may be: `free` follows the player anywhere (the
# default); `up` is a climb, a view that only rises and loses what falls out of it.
SCROLLS = ("free", "up")
# What the map's `backdrop` property may be: the sky and scenery drawn behind the tiles
# (assets/bg_far_NAME.png and bg_near_NAME.png); `outpost` (bg_far.png) is the default.
BACKDROPS = ("outpost", "refinery", "fortress", "siege", "ascent")

_INT = re.compile(r"[+-]?[0-9]{1,9}")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 24 else text[:21] + "..."


def coerce(name: str, prop: Prop, value: Any) -> tuple[Any, str | None]:
    """``value`` as the game uses it, or the default and a one-line reason it is not."""
    if value is None or value == "":
        if prop.required:
            choices = f" (one of {', '.join(prop.allowed)})" if prop.allowed else ""
            return prop.default, f"property '{name}' must be set{choices}"
        return prop.default, None
    kind = prop.type
    if kind == "object":  # another object's id; Tiled writes 0 for none
        if isinstance(value, str) and _INT.fullmatch(value.strip()):
            value = int(value.strip())
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**31:
            return prop.default, f"property '{name}' should be an object, not {_short(value)}"
        if value == 0 and prop.required:
            return prop.default, f"property '{name}' must be set (pick an object)"
        return value, None
    if kind == "bool":
        if isinstance(value, bool):
            return value, None
        if isinstance(value, str) and value.lower() in ("true", "false"):
            return value.lower() == "true", None
        return prop.default, f"property '{name}' should be true or false, not {_short(value)}"
    if kind in ("int", "float"):
        number: float | None = None
        if isinstance(value, bool):
            number = None
        elif isinstance(value, int) or isinstance(value, float) and kind == "float":
            number = value
        elif isinstance(value, str):
            text = value.strip()
            if kind == "int" and _INT.fullmatch(text):
                number = int(text)
            elif kind == "float" and len(text) <= 32:
                try:
                    number = float(text)
                except ValueError:
                    number = None
        what = "a whole number" if kind == "int" else "a number"
        span = f" from {prop.low:g} to {prop.high:g}" if prop.low is not None else ""
        try:
            finite = number is not None and math.isfinite(number)
        except OverflowError:  # an int of hundreds of digits: pytmx reads type="int" itself
            finite = False
        if number is None or not finite:
            return prop.default, f"property '{name}' should be {what}{span}, not {_short(value)}"
        if (prop.low is not None and number < prop.low) or (
            prop.high is not None and number > prop.high
        ):
            return prop.default, f"property '{name}' is {_short(value)}, not {what}{span}"
        return (int(number) if kind == "int" else float(number)), None
    if not isinstance(value, str):
        return prop.default, f"property '{name}' should be {kind}, not {_short(value)}"
    if len(value) > prop.max_len:
        return prop.default, f"property '{name}' is {len(value)} characters; at most {prop.max_len}"
    if prop.allowed and value not in prop.allowed:
        return (
            prop.default,
            f"property '{name}' is {_short(value)}, not one of {', '.join(prop.allowed)}",
        )
    return value, None


def validate_props(spec: ObjectClass, props: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The class's properties as the game uses them (every bad value replaced by its
    default) and a message for each bad one. Extra properties pass through untouched:
    they are the designer's notes."""
    clean = dict(props)
    problems = []
    for name, prop in spec.props.items():
        clean[name], problem = coerce(name, prop, props.get(name, prop.default))
        if problem:
            problems.append(problem)
    return clean, problems


def geometry_problems(
    x: float, y: float, w: float, h: float, map_w: float, map_h: float
) -> list[str]:
    """Why an object's position or size cannot be used: not finite, or out of reach."""
    if not all(math.isfinite(v) for v in (x, y, w, h)):
        return [f"position or size is not a finite number ({x}, {y}, {w}x{h})"]
    out = []
    if not (-MARGIN <= x <= map_w + MARGIN and -MARGIN <= y <= map_h + MARGIN):
        out.append(f"position ({x:.6g}, {y:.6g}) is far outside the map")
    if not (0 <= w <= map_w + MARGIN and 0 <= h <= map_h + MARGIN):
        out.append(f"size {w:.6g}x{h:.6g} does not fit the map")
    return out


def map_problems(properties: dict[str, Any], objects: int) -> list[str]:
    """Why the map's own properties or object count cannot be used."""
    out = []
    if objects > MAX_OBJECTS:
        out.append(f"{objects} objects; at most {MAX_OBJECTS}")
    for key in ("name", "music"):
        value = properties.get(key)
        if value is not None and (not isinstance(value, str) or len(value) > MAX_TEXT):
            out.append(f"property '{key}' should be text of at most {MAX_TEXT} characters")
    objective = properties.get("objective")
    if objective not in (None, ""):
        names = [n.strip().lower() for n in str(objective)[:200].split(",")]
        unknown = [n for n in names if n not in OBJECTIVES]
        if unknown or not isinstance(objective, str):
            out.append(
                f"property 'objective' names {', '.join(map(repr, unknown))[:60]}; "
                f"use {', '.join(OBJECTIVES)} (comma-separated)"
            )
    scroll = properties.get("scroll")
    if scroll not in (None, "", *SCROLLS):
        out.append(f"property 'scroll' is {_short(scroll)}; use {' or '.join(SCROLLS)}")
    backdrop = properties.get("backdrop")
    if backdrop not in (None, "", *BACKDROPS):
        out.append(f"property 'backdrop' is {_short(backdrop)}; use one of {', '.join(BACKDROPS)}")
    return out
