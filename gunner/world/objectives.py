"""Objectives: a registry, one entry per objective a map may set (its `objective`
property), each saying how far along it is. A new objective is one entry here and
its name in `gunner.objects.OBJECTIVES` (a test keeps the two in step)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from itertools import compress
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from gunner.entities.generator import Generator
from gunner.entities.spawner import current_wave, wave_number

if TYPE_CHECKING:
    from gunner.entities import Entity
    from gunner.world.world import World

_TEAM = attrgetter("team")
_KIND = attrgetter("kind")
_IS_BOSS = attrgetter("is_boss")


class Census:
    """What one entity list holds that the objectives and the HUD count, each count
    taken the first time it is asked for that list (`World.census`), not by every
    reader every frame."""

    def __init__(self, entities: list[Entity]) -> None:
        self.entities = entities  # the list counted (the same object, not a copy)
        self.size = len(entities)  # its length then

    def counts(self, entities: list[Entity]) -> bool:
        """Is this the census of `entities` as they stand?"""
        return self.entities is entities and self.size == len(entities)

    @cached_property
    def enemies(self) -> int:
        """Entities of the enemy team that the map holds: a generator's stream keeps
        coming, so what it has let in is not the level's to defeat."""
        enemies = list(map(_TEAM, self.entities)).count("enemy")
        if not self.kinds["Generator"]:
            return enemies
        streamed = {id(e) for g in self.entities if isinstance(g, Generator) for e in g.out}
        return enemies - sum(1 for e in self.entities if id(e) in streamed)

    @cached_property
    def bosses(self) -> list[Entity]:
        return list(compress(self.entities, map(_IS_BOSS, self.entities)))

    @cached_property
    def kinds(self) -> Counter[str]:
        """Entities of each kind."""
        return Counter(map(_KIND, self.entities))


@dataclass(frozen=True)
class Objective:
    """How one objective reads the world: done or not, and the HUD's progress line.
    `total`, if it has one, counts what there is to do when the level starts."""

    name: str
    status: Callable[[World], tuple[bool, str]]
    total: Callable[[World], int] | None = None


OBJECTIVES: dict[str, Objective] = {}


def objective(
    name: str, total: Callable[[World], int] | None = None
) -> Callable[[Callable[[World], tuple[bool, str]]], Callable[[World], tuple[bool, str]]]:
    """Register the decorated status function as objective `name`."""

    def register(status: Callable[[World], tuple[bool, str]]) -> Callable[..., Any]:
        OBJECTIVES[name] = Objective(name, status, total)
        return status

    return register


def parse_objectives(value: Any) -> list[str]:
    """The map's `objective` property: comma-separated names; reaching the exit by default.
    Unknown names are ignored here (the map checker reports them)."""
    names = [n.strip().lower() for n in str(value or "exit").split(",")]
    return [n for n in names if n in OBJECTIVES] or ["exit"]


def totals(world: World) -> dict[str, int]:
    """What each counting objective has to do, fixed when the level starts."""
    return {o.name: o.total(world) for o in OBJECTIVES.values() if o.total is not None}


def status(world: World) -> list[tuple[str, bool, str]]:
    """(objective, done, progress text) for each of the world's objectives."""
    return [(name, *OBJECTIVES[name].status(world)) for name in world.objectives]


@objective("exit")
def _exit(world: World) -> tuple[bool, str]:
    return world.exit_reached, "REACH THE EXIT"


def _drums(world: World) -> int:
    return world.census().kinds["OilDrum"]


@objective("destroy_drums", total=_drums)
def _destroy_drums(world: World) -> tuple[bool, str]:
    total = world.totals["destroy_drums"]
    done = total - _drums(world)
    return done >= total, f"DESTROY OIL DRUMS {done}/{total}"


def _enemies(world: World) -> int:
    return world.census().enemies


@objective("kill_all", total=_enemies)
def _kill_all(world: World) -> tuple[bool, str]:
    total = world.totals["kill_all"]
    # Counted as gone, not as kills: a soldier who walks into a pit is gone too.
    done = total - _enemies(world)
    return done >= total, f"DEFEAT ENEMIES {done}/{total}"


@objective("waves")
def _waves(world: World) -> tuple[bool, str]:
    group = world.spawners
    wave = current_wave(group)
    total = len({s.wave for s in group})
    at = total if wave is None else wave_number(group, wave)
    text = f"SURVIVE WAVE {at}/{total}" if total else "SURVIVE THE WAVES"
    return bool(group) and wave is None, text


def _bosses(world: World) -> int:
    return len(world.census().bosses)


@objective("boss", total=_bosses)
def _boss(world: World) -> tuple[bool, str]:
    # Done once its death sequence has played out (it leaves the stage then).
    left = bool(world.census().bosses)
    return world.totals["boss"] > 0 and not left, "DEFEAT THE BOSS"
