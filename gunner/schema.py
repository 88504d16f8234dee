"""The words of the map object schema: a `Prop`erty, an `ObjectClass`, and the one
validation path (--check, loading and hot reload) that reads them.

Each kind states its own entry beside its behaviour (`ENTRY` in its module under
gunner/entities/, handed to `register`); `gunner.objects.SCHEMA` is the registry's
collection of them. This module knows no kind, so a kind's module can import it.
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

    def defaults(self) -> dict[str, Any]:
        """Each property's default: what the kind uses when a map (or a generator that
        builds it without a map object) leaves the property out."""
        return {name: prop.default for name, prop in self.props.items()}


def refresh_item_choices(schema: dict[str, ObjectClass]) -> tuple[str, ...]:
    """Every item choice (a Pickup's `item`, each enemy's `drop`) lists the items of the
    weapon registry (`gunner.weapons.ITEMS`), so a new weapon is one entry. Run each time
    a weapon registers; returns the choices."""
    items = tuple(ITEMS)
    for spec in schema.values():
        for name, prop in spec.props.items():
            if prop.enum == "PickupItem":
                spec.props[name] = replace(prop, allowed=items)
            elif prop.enum == "Drop":
                spec.props[name] = replace(prop, allowed=("", *items))
    return items


def drop_prop(when: str) -> Prop:
    """Every enemy's `drop` property: the pickup it leaves when `when`."""
    return Prop(
        "string",
        "",
        f"pickup it leaves when {when} (empty: none)",
        allowed=("", *ITEMS),
        enum="Drop",
    )


# Every boss's default `arena`: px from the arena's left edge (the shutter) to its feet.
BOSS_ARENA = 400.0


def boss_class(doc: str, health: int) -> ObjectClass:
    """A boss: its health and how far left of its feet its arena's shutter stands."""
    return ObjectClass(
        shape="point",
        color="#b4286e",
        doc=doc,
        props={
            "health": Prop("int", health, "hits on its weak points it takes", low=1, high=10000),
            "arena": Prop(
                "float",
                BOSS_ARENA,
                "px from the arena's left edge (the shutter) to its feet; the arena is one "
                "screen wide",
                low=64,
                high=2000,
            ),
        },
    )


def kind_prop(doc: str) -> Prop:
    """A generator's or wave spawner's `kind`: the classes marked `let_in` (the registry
    fills in the choices as kinds register: `refresh_kind_choices`)."""
    return Prop("string", "Soldier", doc, allowed=("Soldier",), enum="EnemyKind")


def refresh_kind_choices(schema: dict[str, ObjectClass]) -> tuple[str, ...]:
    """Every `kind` choice (generators, wave spawners) lists the classes marked `let_in`,
    so a new kind that may come in a stream is one flag on its own entry. Run by the
    registry each time a kind registers; returns the choices."""
    kinds = tuple(sorted(name for name, spec in schema.items() if spec.let_in))
    for spec in schema.values():
        prop = spec.props.get("kind")
        if prop is not None and prop.enum == "EnemyKind":
            spec.props["kind"] = replace(prop, allowed=kinds)
    return kinds


def enums(schema: dict[str, ObjectClass]) -> dict[str, tuple[str, ...]]:
    """Named choice lists (Tiled enums) the schema uses: enum name -> allowed values."""
    found: dict[str, tuple[str, ...]] = {}
    for spec in schema.values():
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
# What the map's `mode` property may be: `campaign` (the default) or `versus`, an arena
# for two (at least two SpawnPoints, no exit needed; gunner/world/versus.py).
MODES = ("campaign", "versus")
# SpawnPoints a versus arena needs: one each, and somewhere to come back away from the other.
ARENA_SPAWNS = 2

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


def passed_on(spawner: ObjectClass, kind: ObjectClass, props: dict[str, Any]) -> dict[str, Any]:
    """What a generator or wave spawner passes on to each enemy it lets in: the
    properties set on it that are its kind's own and not its own (a runner's `climb`,
    a drone's `range`), so a gate's troops are set up as a placed one would be."""
    return {name: props[name] for name in kind.props if name in props and name not in spawner.props}


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
    mode = properties.get("mode")
    if mode not in (None, "", *MODES):
        out.append(f"property 'mode' is {_short(mode)}; use {' or '.join(MODES)}")
    backdrop = properties.get("backdrop")
    if backdrop not in (None, "", *BACKDROPS):
        out.append(f"property 'backdrop' is {_short(backdrop)}; use one of {', '.join(BACKDROPS)}")
    return out
