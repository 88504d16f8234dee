"""Assist options (Celeste's Assist Mode): game speed, invincibility, infinite ammo and
auto-fire, mixed freely, all off by default.

Two of them are rules of the simulation (`invincible`, `ammo`): the stage reads them,
and a replay stores them, so a run made with them replays exactly. The other two never
reach it: game speed is how many fixed steps the app loop runs per real second (the
step itself never changes), and auto-fire turns the player's taps of FIRE into a held
FIRE before the mask is recorded. A run made with a lower speed, invincibility or
infinite ammo is marked as assisted; auto-fire gives nothing that holding the button
does not, so it marks nothing (a player who cannot hold a button is not penalised).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from gunner.input import Buttons

__all__ = [
    "SPEEDS",
    "Assists",
    "AutoFire",
    "parse_assists",
]

# Game speed in percent: 50 to 100 in steps of 10.
SPEEDS = (50, 60, 70, 80, 90, 100)
# The names the command line, the settings file and replays use.
SIM_NAMES = ("invincible", "ammo")
NAMES = ("speed", *SIM_NAMES, "autofire")


@dataclass(frozen=True)
class Assists:
    speed: int = 100  # percent of normal game speed, one of SPEEDS
    invincible: bool = False  # no damage; a pit puts you back on the last ground stood on
    ammo: bool = False  # a limited weapon never runs out
    autofire: bool = False  # tap FIRE to start firing, tap again to stop

    @property
    def marks_run(self) -> bool:
        """Does a run made with these count as assisted?"""
        return self.speed < 100 or self.invincible or self.ammo

    @property
    def slowed(self) -> float:
        """The fraction of real time the game runs at (1.0: full speed)."""
        return self.speed / 100

    def labels(self) -> list[str]:
        """What the results screen lists: only the assists that mark the run."""
        out = [f"SPEED {self.speed}%"] if self.speed < 100 else []
        if self.invincible:
            out.append("INVINCIBLE")
        if self.ammo:
            out.append("INFINITE AMMO")
        return out

    def simulation(self) -> Assists:
        """Only the assists the simulation reads (what a replay must store)."""
        return Assists(invincible=self.invincible, ammo=self.ammo)

    def sim_names(self) -> list[str]:
        return [name for name in SIM_NAMES if getattr(self, name)]

    def to_json(self) -> dict[str, Any]:
        return {
            "speed": self.speed,
            "invincible": self.invincible,
            "ammo": self.ammo,
            "autofire": self.autofire,
        }

    @classmethod
    def from_json(cls, data: Any, repairs: list[str]) -> Assists:
        """Assists from settings.json's `assists` object. Nothing here is worth losing
        the rest of the file for: a wrong value is reset to off, with a line in `repairs`."""
        from gunner.settings import short_repr  # (settings imports this module)

        if not isinstance(data, dict):
            repairs.append("assists must be an object; all assists off")
            return cls()
        unknown = [str(k) for k in data if k not in NAMES]
        if unknown:
            repairs.append(f"assists.{unknown[0]} is not an assist this game knows; ignored")
        values: dict[str, Any] = {}
        speed = data.get("speed", 100)
        if isinstance(speed, bool) or speed not in SPEEDS:
            said = short_repr(speed)
            repairs.append(f"assists.speed {said} is not one of {speed_choices()}; using 100")
        else:
            values["speed"] = int(speed)
        for name in (*SIM_NAMES, "autofire"):
            value = data.get(name, False)
            if isinstance(value, bool):
                values[name] = value
            else:
                said = short_repr(value)
                repairs.append(f"assists.{name} {said} is not true or false; using false")
        return cls(**values)

    def merged(self, other: Assists) -> Assists:
        """Every assist either used: what a run that changed its assists midway was
        made with (the slowest speed it played at)."""
        return Assists(
            speed=min(self.speed, other.speed),
            invincible=self.invincible or other.invincible,
            ammo=self.ammo or other.ammo,
            autofire=self.autofire or other.autofire,
        )

    def with_speed(self, step: int) -> Assists:
        """One notch slower (-1) or faster (+1), kept within SPEEDS."""
        index = SPEEDS.index(self.speed) + step
        return replace(self, speed=SPEEDS[min(len(SPEEDS) - 1, max(0, index))])

    def switched(self, name: str) -> Assists:
        """The same with the on/off assist `name` flipped."""
        return replace(self, **{name: not getattr(self, name)})


def speed_choices() -> str:
    return ", ".join(map(str, SPEEDS))


def parse_assists(text: str) -> Assists:
    """`--assist speed=70,invincible,ammo,autofire`; ValueError says what is wrong."""
    values: dict[str, Any] = {}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name, _, value = part.partition("=")
        name = name.strip().lower()
        if name == "speed":
            try:
                speed = int(value.strip().removesuffix("%"))
            except ValueError:
                speed = -1
            if speed not in SPEEDS:
                raise ValueError(f"speed={value.strip()} is not one of {speed_choices()}")
            values["speed"] = speed
        elif name in NAMES and not value:
            values[name] = True
        elif name in NAMES:
            raise ValueError(f"{name} takes no value ({part!r})")
        else:
            raise ValueError(f"{name!r} is not an assist (speed=50..100, {', '.join(NAMES[1:])})")
    return Assists(**values)


def sim_assists(names: list[str]) -> Assists:
    """The simulation's assists from the names a replay stores; ValueError for others."""
    for name in names:
        if name not in SIM_NAMES:
            raise ValueError(f"{name!r} is not an assist a replay stores")
    return Assists(**{name: True for name in names})


class AutoFire:
    """Fire as a toggle: a press of FIRE starts firing, the next press stops it.

    It works on the step's mask before the mask is recorded, so the simulation (and a
    replay) sees only FIRE held or not. The keyboard latches taps, so even a tap too
    short for a frame to see is one press here."""

    def __init__(self) -> None:
        self.firing = False
        self._held = Buttons.NONE

    def apply(self, held: Buttons) -> Buttons:
        if held & ~self._held & Buttons.FIRE:
            self.firing = not self.firing
        self._held = held
        return (held & ~Buttons.FIRE) | (Buttons.FIRE if self.firing else Buttons.NONE)
