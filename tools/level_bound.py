"""A lower bound on the game time of ANY run that finishes a level, computed from the
level and the game's rules (no play).

    python tools/level_bound.py                 # every campaign level
    python tools/level_bound.py levels/level2.tmx -v

A bot's finishing run is only an upper bound on the shortest run; this is the other
side. Every part is a relaxation (the player is allowed more than the game allows),
so no real run can be faster than the sum:

- **Travel.** The player's feet move through the open cells of the map (a closed door
  is a wall until its keycard is held) as a point that may move up and down anywhere,
  instantly: only sideways travel costs time, at RUN_SPEED (110 px/s), or faster where
  a moving platform's path runs (its speed added). Keycards and checkpoints count as
  touched from a cell next to theirs. Losing a life is allowed as a shortcut: the
  player is back at the last checkpoint touched after DEATH_DELAY, at most LIVES - 1
  times. A Dijkstra search over (cell, keycards held, last checkpoint, lives lost)
  finds the cheapest way from the spawn to where the objectives must end: the boss's
  arena trigger (then, with an exit too, the exit). Knockback moves the player
  sideways faster than running for HURT_TIME; every hit costs health, so the extra
  distance is bounded by the health the level holds (lives, pickups, drops) times the
  most a hit can add. The travel bound is what is left after subtracting that and the
  cell rounding of each touch.
- **The boss.** Its intro, the pause between phases and its death sequence are fixed
  step counts in gunner/entities/boss.py. Its health only falls while it fights; no
  weapon in the level (pickups and enemy drops; the pistol always) deals more damage per
  second than its damage per shot (a rocket's blast included; every bullet of a spread
  assumed to hit) over its cooldown in whole steps. Shots already in flight when a
  fight window opens may land in it: at most a cooldown plus a bullet's flight across
  the arena's worth of shots per window.
- **Waves** (a siege): each wave starts WAVE_PAUSE after the previous one is over (the
  first after the level starts), and is over no sooner than its slowest spawner has let
  out its last enemy, `(count - 1) * every` later.

The parts add up because they happen one after the other: travel up to the arena
trigger, then the fight (the arena is shut), then the travel on to the exit; the waves
are in parallel with travel, so a siege's bound is the larger of the two.
"""

from __future__ import annotations

import argparse
import heapq
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from gunner.bullets import BULLET_LIFE  # noqa: E402
from gunner.config import CAMPAIGN, DT, LEVELS_DIR, TILE, VIEW_W  # noqa: E402
from gunner.entities import boss as boss_rules  # noqa: E402
from gunner.entities import player as player_rules  # noqa: E402
from gunner.entities.spawner import WAVE_PAUSE, WaveSpawner  # noqa: E402
from gunner.level import SOLID, load_level  # noqa: E402
from gunner.stage import DEATH_DELAY, Stage  # noqa: E402
from gunner.timer import steps  # noqa: E402
from gunner.weapons import DEFAULT_WEAPON, WEAPONS  # noqa: E402

RUN_SPEED = player_rules.RUN_SPEED
# Least real sideways travel, px, for a step of the travel column (see travel_bound).
HALF = player_rules.WIDTH / 2
STEP_ON = float(TILE)  # on the way it was going
STEP_BACK = TILE - 2 * HALF  # turning back
STEP_FIRST = HALF  # the first, from where the player starts or comes back
HEAL = 2  # health a health pickup restores (gunner/entities/pickup.py)


@dataclass
class Bound:
    level: str
    travel: float = 0.0  # s
    boss: float = 0.0  # s
    waves: float = 0.0  # s
    notes: list[str] = field(default_factory=list)

    @property
    def total(self) -> float:
        return max(self.travel + self.boss, self.waves)


# -- damage per second -----------------------------------------------------------------


def weapon_rate(name: str) -> tuple[float, float]:
    """(most damage per second, most damage of one trigger pull) of a weapon."""
    w = WEAPONS[name]
    pull = (w.damage + w.blast_damage) * len(w.spread)
    period = max(1, steps(w.cooldown)) * DT  # the cooldown is counted in whole steps
    return pull / period, float(pull)


def weapons_in(stage: Stage) -> list[str]:
    """Every weapon the player can hold in this level: the pistol, each weapon pickup
    and each weapon an enemy drops."""
    names = {DEFAULT_WEAPON}
    for e in stage.entities:
        props = getattr(e, "props", None) or {}
        for key in ("item", "drop"):
            value = props.get(key)
            if value in WEAPONS:
                names.add(value)
        for attr in ("item", "drop"):
            value = getattr(e, attr, None)
            if isinstance(value, str) and value in WEAPONS:
                names.add(value)
    return sorted(names)


def boss_bound(boss: Any, weapons: list[str]) -> tuple[float, list[str]]:
    """Seconds from the arena closing to the boss being gone, at the least."""
    rates = {w: weapon_rate(w) for w in weapons}
    best = max(r for r, _ in rates.values())
    # Shots fired before a fight window opens that land inside it: a cooldown and a
    # flight across the arena (never longer than a bullet lives) of the best weapon each.
    carry = max(
        rate * (steps(WEAPONS[w].cooldown) * DT + min(BULLET_LIFE, VIEW_W / WEAPONS[w].speed))
        for w, (rate, _) in rates.items()
    )
    windows = len(boss.PHASES)
    fight = max(0.0, (boss.full_health - windows * carry) / best)
    fixed = (
        boss_rules.INTRO_STEPS
        + boss_rules.SHIFT_STEPS * (len(boss.PHASES) - 1)
        + boss_rules.DEATH_STEPS
    ) * DT
    notes = [
        f"{boss.kind}: {boss.full_health} health at <= {best:.2f}/s ({', '.join(weapons)}),"
        f" {carry:.1f} carried into each of {windows} fight windows: >= {fight:.2f} s;"
        f" intro, {len(boss.PHASES) - 1} phase shifts and death: {fixed:.2f} s"
    ]
    return fight + fixed, notes


# -- travel ----------------------------------------------------------------------------


def _touch_cells(box: Any, rows: int, cols: int) -> set[int]:
    """Cells from which the player may touch `box` (generously: two columns either side,
    as the travel column may be one off the feet's, and the rows the body spans)."""
    c0 = int(box.left // TILE) - 2
    c1 = int((box.right - 1) // TILE) + 2
    r0 = int(box.top // TILE) - 1
    r1 = int((box.bottom - 1) // TILE) + 2
    return {
        r * cols + c
        for r in range(max(0, r0), min(rows, r1 + 1))
        for c in range(max(0, c0), min(cols, c1 + 1))
    }


def travel_bound(stage: Stage) -> tuple[float, list[str]]:
    """Seconds of travel, at the least, from the spawn to where the run can end.

    Why the steps cost what they do: follow the feet x of any real run with a "travel
    column" that moves to the next column only once the feet are HALF px (half the
    hitbox) into it. The hitbox then always overlaps the travel column at the feet's row,
    so every cell the travel column passes through is open (and a closed door's cell
    never is), and the cells form a path of this search's graph. Between two of its
    sideways steps the feet move at least 16 px if both go the same way, 12 px
    (16 - 2 HALF) if the second turns back, and at least HALF px before the first step
    (from the spawn or a respawn). So the search's cost is at most the run's sideways
    travel, which takes at least that over RUN_SPEED.
    """
    level = stage.level
    solid = level.solid
    rows, cols = solid.shape
    is_open = [int(v) != SOLID for v in solid.ravel().tolist()]
    doors = [e for e in stage.entities if e.kind == "Door"]
    colors = sorted({d.color for d in doors})
    bit = {c: 1 << i for i, c in enumerate(colors)}
    door_cell: dict[int, int] = {}  # a closed door's cells -> the key bit that opens it
    for d in doors:
        c = int(d.hitbox.centerx // TILE)
        for r in range(int(d.hitbox.top // TILE), int((d.hitbox.bottom - 1) // TILE) + 1):
            door_cell[r * cols + c] = bit[d.color]
    key_at: dict[int, int] = {}
    for e in stage.entities:
        if e.kind == "Keycard" and e.color in bit:
            for cell in _touch_cells(e.hitbox, rows, cols):
                key_at[cell] = key_at.get(cell, 0) | bit[e.color]
    checkpoints = [e for e in stage.entities if e.kind == "Checkpoint"]
    spawn_cell = _cell_of(stage.player.hitbox.midbottom, cols)
    respawn_cells = [spawn_cell] + [_cell_of(cp.hitbox.midbottom, cols) for cp in checkpoints]
    # A checkpoint may be touched from any cell where some feet position there overlaps
    # its flag (then the player may or may not have touched it), and must be from a cell
    # where every feet position does (a corridor too low to jump over the flag).
    may_touch: dict[int, list[int]] = {}
    must_touch: dict[int, int] = {}
    for i, cp in enumerate(checkpoints, start=1):
        may, must = _flag_cells(cp.hitbox, rows, cols)
        for cell in may:
            may_touch.setdefault(cell, []).append(i)
        for cell in must:
            must_touch[cell] = i
    # Run speed over the fastest speed in each column: below 1 where a platform runs
    # (a rider running on it goes at run speed plus the platform's).
    speed = [1.0] * cols
    for e in stage.entities:
        if e.kind == "MovingPlatform":
            xs = [e.hitbox.left + dx for dx, _ in e.offsets]
            left, right = min(xs), max(xs) + e.hitbox.width
            factor = RUN_SPEED / (RUN_SPEED + e.speed)
            for c in range(max(0, int(left // TILE) - 1), min(cols, int(right // TILE) + 2)):
                speed[c] = min(speed[c], factor)
    goal = _goal_cells(stage, rows, cols)
    death_px = DEATH_DELAY * RUN_SPEED
    most_deaths = player_rules.LIVES - 1

    # A state: (cell, keycards held, last checkpoint, lives lost, last sideways step).
    start = (spawn_cell, 0, 0, 0, 0)
    best: dict[tuple[int, ...], float] = {start: 0.0}
    heap: list[tuple[float, tuple[int, ...]]] = [(0.0, start)]
    found = None
    while heap:
        d, state = heapq.heappop(heap)
        if best.get(state, float("inf")) < d:
            continue
        cell, keys, cp, deaths, last = state
        if cell in goal:
            found = d
            break
        r, c = divmod(cell, cols)
        nexts: list[tuple[int, float, int]] = []
        for way in (-1, 1):
            if 0 <= c + way < cols:
                # See travel_bound's docstring: 16 px on, 12 px to turn back, 6 px at first.
                px = STEP_ON if last == way else STEP_BACK if last == -way else STEP_FIRST
                nexts.append((cell + way, px * min(speed[c], speed[c + way]), way))
        if r > 0:
            nexts.append((cell - cols, 0.0, last))
        if r + 1 < rows:
            nexts.append((cell + cols, 0.0, last))
        for nxt, cost, way in nexts:
            if not is_open[nxt] or (nxt in door_cell and not keys & door_cell[nxt]):
                continue
            nkeys = keys | key_at.get(nxt, 0)
            if nxt in must_touch:
                _push(heap, best, (nxt, nkeys, must_touch[nxt], deaths, way), d + cost)
                continue
            for ncp in (cp, *may_touch.get(nxt, ())):
                _push(heap, best, (nxt, nkeys, ncp, deaths, way), d + cost)
        if deaths < most_deaths:
            _push(heap, best, (respawn_cells[cp], keys, cp, deaths + 1, 0), d + death_px)
    if found is None:
        raise SystemExit(f"{stage.level.path}: no way from the spawn to the end")
    hits = _most_hits(stage)
    knock_px = hits * _knockback_gain()
    px = max(0.0, found - knock_px)
    notes = [
        f"travel: {found:.0f} px of sideways travel at run speed (deaths allowed), less"
        f" {knock_px:.0f} px for knockback ({hits} hits at most):"
        f" {px:.0f} px at {RUN_SPEED:.0f} px/s"
    ]
    return px / RUN_SPEED, notes


def _flag_cells(box: Any, rows: int, cols: int) -> tuple[set[int], set[int]]:
    """(travel cells from which the player may overlap `box`, cells from which it must).

    The player's hitbox is WIDTH px wide around the feet x and HEIGHT px tall above the
    feet y; the travel cell's row holds the feet (16r < y <= 16r + 16) and its column is
    the feet's or one beside it, the feet no more than HALF px into that neighbour.
    """
    tall = player_rules.HEIGHT
    may: set[int] = set()
    must: set[int] = set()
    for r in range(
        max(0, int(box.top // TILE) - 1), min(rows, int((box.bottom + tall) // TILE) + 1)
    ):
        for c in range(max(0, int(box.left // TILE) - 2), min(cols, int(box.right // TILE) + 3)):
            x0, x1, y0, y1 = c * TILE, (c + 1) * TILE, r * TILE, (r + 1) * TILE
            # Feet x within (x0 - HALF, x1 + HALF): the hitbox within (x0 - 2 HALF, x1 + 2 HALF).
            beside = x0 - 2 * HALF < box.right and x1 + 2 * HALF > box.left
            if beside and y1 > box.top and y0 - tall < box.bottom:
                may.add(r * cols + c)
            # Every such hitbox overlaps the box: it reaches into [x0, x1] and the box spans it.
            if x0 >= box.left and x1 <= box.right and y0 >= box.top and y1 - tall < box.bottom:
                must.add(r * cols + c)
    return may, must


def _push(heap: list, best: dict, state: tuple[int, ...], d: float) -> None:
    if d < best.get(state, float("inf")):
        best[state] = d
        heapq.heappush(heap, (d, state))


def _cell_of(point: tuple[float, float], cols: int) -> int:
    x, y = point
    return int((y - 1) // TILE) * cols + int(x // TILE)


def _goal_cells(stage: Stage, rows: int, cols: int) -> set[int]:
    """Where the run must get to: a boss's arena trigger, else the exit."""
    bosses = [e for e in stage.entities if e.is_boss]
    if bosses and {"boss", "kill_all"} & set(stage.objectives):
        boss = bosses[0]
        arena = boss.arena(stage)
        # The fight starts once the hitbox's left edge is this far into the arena.
        x = arena.left + TILE + boss_rules.TRIGGER
        c0 = int(x // TILE) - 1  # (the travel column may be one behind the feet's)
        return {
            r * cols + c
            for r in range(max(0, int(arena.top // TILE)), min(rows, int(arena.bottom // TILE) + 2))
            for c in range(c0, cols)
        }
    out: set[int] = set()
    for e in stage.entities:
        if e.kind == "Exit":
            out |= _touch_cells(e.hitbox, rows, cols)
    return out


def _knockback_gain() -> float:
    """Most px a hit's knockback adds over running the same way: faster for HURT_TIME,
    then slowing back to run speed."""
    extra = player_rules.KNOCKBACK_X - RUN_SPEED
    return extra * player_rules.HURT_TIME + extra * extra / (2 * player_rules.AIR_ACCEL) + 1


def _most_hits(stage: Stage) -> int:
    """Every hit costs health: the level holds its lives' health and the health pickups
    and drops."""
    heals = 0
    for e in stage.entities:
        props = getattr(e, "props", None) or {}
        if e.kind == "Pickup" and props.get("item", "health") == "health":
            heals += 1
        if props.get("drop") == "health":
            heals += 1
    return player_rules.LIVES * player_rules.MAX_HEALTH + HEAL * heals


# -- waves -----------------------------------------------------------------------------


def waves_bound(stage: Stage) -> tuple[float, list[str]]:
    spawners = [e for e in stage.entities if isinstance(e, WaveSpawner)]
    if "waves" not in stage.objectives or not spawners:
        return 0.0, []
    total = 0.0
    notes = []
    for wave in sorted({s.wave for s in spawners}):
        group = [s for s in spawners if s.wave == wave]
        let_out = max((s.left - 1) * steps(s.every) for s in group) * DT
        total += WAVE_PAUSE + let_out
        notes.append(f"wave {wave}: {WAVE_PAUSE:.1f} s pause + {let_out:.2f} s letting out")
    return total, notes


# -- the whole bound -------------------------------------------------------------------


def lower_bound(path: Path) -> Bound:
    stage = Stage(load_level(path, images=False), seed=0)
    bound = Bound(str(path))
    bound.travel, notes = travel_bound(stage)
    bound.notes += notes
    bosses = [e for e in stage.entities if e.is_boss]
    if bosses and {"boss", "kill_all"} & set(stage.objectives):
        bound.boss, notes = boss_bound(bosses[0], weapons_in(stage))
        bound.notes += notes
    bound.waves, notes = waves_bound(stage)
    bound.notes += notes
    return bound


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("levels", nargs="*", type=Path)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    paths = args.levels or [LEVELS_DIR / name for name in CAMPAIGN]
    for path in paths:
        b = lower_bound(path)
        print(
            f"{path}: >= {b.total:.1f} s (travel {b.travel:.1f} s + boss {b.boss:.1f} s;"
            f" waves {b.waves:.1f} s)"
        )
        if args.verbose:
            for note in b.notes:
                print(f"    {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
