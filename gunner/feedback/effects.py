"""Effects: short animations the renderer draws (muzzle flashes, impacts, blasts).
Looks only: the simulation never reads them."""

from __future__ import annotations

from dataclasses import dataclass

# Effect name -> (frames, steps per frame). Effects are looks only: nothing reads them.
EFFECTS = {"muzzle_flash": (3, 2), "impact": (4, 3), "dust": (4, 4), "explosion": (6, 4)}
# Effect name -> how many steps it lasts.
EFFECT_STEPS = {name: frames * per for name, (frames, per) in EFFECTS.items()}


@dataclass(slots=True)
class Effect:
    name: str
    x: float
    y: float
    angle: float = 0.0
    age: int = 0  # steps
    size: float = 0.0  # the drawn width in px (a blast's fireball spans its radius); 0: as made

    @property
    def frame(self) -> int:
        return self.age // EFFECTS[self.name][1]
