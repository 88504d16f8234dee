"""The crowd's bulk step (gunner/crowdstep.py) against every entity's own tick.

Each test builds the same stage twice, steps one with the bulk path and one with
`CrowdStep.enabled = False` (every entity ticks), and asserts the state hashes agree
after every step, and that the bulk path really carried members (so no test passes
because nothing was ever stepped in bulk).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ascii_maps import grid
from gunner.config import DT, TILE
from gunner.entities.base import Entity
from gunner.entities.drum import OilDrum
from gunner.entities.soldier import Soldier
from gunner.entities.turret import Turret
from gunner.events import SHOT
from gunner.input import Buttons
from gunner.level import EMPTY, ONEWAY, SOLID, Level, Spawn
from gunner.stage import Stage


def build(rows: list[str], bulk: bool, player: tuple[float, float] | None = None) -> Stage:
    """A stage of ASCII rows (`#` solid, `=` one-way), the player's feet at `player`
    (by default on ROOM's floor near its left end), nothing else on it yet."""
    solid = grid(rows)
    height, width = solid.shape
    px, py = player or (2 * TILE, FLOOR)
    spawn = Spawn("Player", px - 8, py - 16, 16, 16)
    level = Level(Path("<test>"), "test", width, height, solid, [], [spawn])
    stage = Stage(level, seed=3)
    stage.player.invulnerable = 1e9
    stage.crowd_step.enabled = bulk
    return stage


def twins(rows: list[str], place: Any, player: tuple[float, float] | None = None):
    """(bulk stage, tick-each stage), each given the same entities by `place(stage)`.
    The bulk stage's crowd step records how many members each step planned
    (`crowd_step.planned`)."""
    pair = []
    for bulk in (True, False):
        stage = build(rows, bulk, player)
        place(stage)
        pair.append(stage)
    count_plans(pair[0])
    return pair


def count_plans(stage: Stage) -> None:
    crowd: Any = stage.crowd_step
    plan = crowd.plan
    crowd.planned = []

    def counted(*args: Any) -> dict:
        found = plan(*args)
        crowd.planned.append(len(found))
        return found

    crowd.plan = counted


def step_both(bulk: Stage, each: Stage, steps: int, held: Buttons = Buttons.NONE) -> int:
    """Step both, comparing hashes every step; returns the most members the bulk
    path stepped in one step."""
    for n in range(steps):
        bulk.step(held)
        each.step(held)
        bulk.check_invariants()
        assert bulk.state_hash() == each.state_hash(), f"diverged at step {n + 1}"
    planned: list[int] = getattr(bulk.crowd_step, "planned", [0])
    return max(planned, default=0)


def soldier(stage: Stage, x: float, feet: float, facing: int = -1, **props: Any) -> Soldier:
    s = Soldier(x, feet, props)
    s.facing = facing
    stage.add_entity(s)
    return s


def positions(stage: Stage) -> list[tuple[str, tuple[float, ...], int]]:
    return [(e.kind, tuple(e.hitbox), getattr(e, "facing", 0)) for e in stage.entities]


# A long room: a floor with a step, a pit, a wall, a one-way ledge, the map's own edges.
ROOM = [
    "#" + "." * 78 + "#",
    *["." * 80 for _ in range(8)],
    "........................==========......................................########",
    "................................................................................",
    "..................................#.............................................",
    "..................................#.............##..............................",
    "#############################.....##############################......##########",
    "################################################################################",
]
FLOOR = 13 * TILE  # the top of ROOM's floor


def test_a_crowd_walks_turns_and_idles_in_bulk_exactly_as_it_ticks():
    def place(stage: Stage) -> None:
        for k in range(60):
            x = 200 + (k * 37) % 1000
            soldier(stage, x, FLOOR, facing=1 if k % 2 else -1)
        for k in range(8):
            stage.add_entity(Turret(300 + k * 90, FLOOR))
        for k in range(6):  # on the one-way ledge
            soldier(stage, 24 * TILE + 20 + k * 25, 9 * TILE, facing=1 if k % 2 else -1)

    bulk, each = twins(ROOM, place)
    most = step_both(bulk, each, 400)
    assert most > 50
    assert positions(bulk) == positions(each)


def test_a_walker_turns_at_a_ledge_a_wall_and_the_edge_of_the_map():
    def place(stage: Stage) -> None:
        soldier(stage, 26 * TILE, FLOOR, facing=1)  # walks to the pit's edge (column 29)
        soldier(stage, 37 * TILE, FLOOR, facing=-1)  # into the wall at column 34
        soldier(stage, 24, FLOOR, facing=-1)  # into the map's left edge

    bulk, each = twins(ROOM, place)
    walkers = [e for e in bulk.entities if isinstance(e, Soldier)]
    assert step_both(bulk, each, 240) >= 3
    # They turned back: on the floor, never in the pit or in the wall.
    for e in walkers:
        assert e.alive and e.hitbox.bottom == FLOOR
        assert not bulk.tilemap.overlaps_solid(e.hitbox)
    assert walkers[2].hitbox.left >= 0


def test_a_walker_on_a_one_way_ledge_stays_on_it():
    def place(stage: Stage) -> None:
        soldier(stage, 25 * TILE, 9 * TILE, facing=-1)
        soldier(stage, 33 * TILE, 9 * TILE, facing=1)

    bulk, each = twins(ROOM, place)
    assert step_both(bulk, each, 300) >= 2
    assert [e.hitbox.bottom for e in bulk.entities[1:]] == [9 * TILE, 9 * TILE]


def test_a_walker_near_a_moving_platform_sits_out_and_still_matches():
    from gunner.entities.platform import MovingPlatform

    def place(stage: Stage) -> None:
        top = FLOOR - 2 * TILE
        path = [(40.0 * TILE, top), (52.0 * TILE, top)]
        spawn = Spawn("MovingPlatform", 40 * TILE, top, 48, 8, props={"speed": 60.0}, path=path)
        platform = MovingPlatform.from_spawn(spawn)
        stage.add_entity(platform)
        soldier(stage, 41 * TILE, FLOOR - 2 * TILE, facing=1)  # a rider
        soldier(stage, 46 * TILE, FLOOR, facing=-1)  # under its path
        soldier(stage, 60 * TILE, FLOOR, facing=1)  # far from it

    bulk, each = twins(ROOM, place)
    assert step_both(bulk, each, 300) >= 1


def test_a_walker_blasted_mid_step_is_let_go_and_matches():
    """A drum's blast during the entity loop hurts (knocks, flashes) and kills members
    planned before it went off: they must tick, not take the stale plan."""

    def place(stage: Stage) -> None:
        for k in range(12):
            soldier(stage, 50 * TILE + k * 9, FLOOR, facing=1 if k % 2 else -1)
        drum = OilDrum.from_spawn(Spawn("OilDrum", 44 * TILE, FLOOR - 16, 16, 16))
        stage.add_entity(drum)
        for k in range(12):
            soldier(stage, 40 * TILE + k * 7, FLOOR, facing=-1)

    bulk, each = twins(ROOM, place)
    step_both(bulk, each, 30)
    drums = [e for e in bulk.entities if isinstance(e, OilDrum)]
    twin = [e for e in each.entities if isinstance(e, OilDrum)]
    # Set both fuses burning; the blast comes mid-loop, between planned members.
    for stage, found in ((bulk, drums), (each, twin)):
        found[0].damage(1000, stage, None)
    step_both(bulk, each, 120)
    assert bulk.kills == each.kills and bulk.kills > 0


def test_a_tile_changed_mid_step_sends_the_rest_to_their_ticks():
    class Mason(Entity):
        """Fills the pit in on its third step (as the boss's arena walls itself in),
        in the middle of the entity loop."""

        kind = "Mason"

        def __init__(self) -> None:
            super().__init__(pygame.FRect(70 * TILE, 2 * TILE, 4, 4))
            self.age = 0

        def tick(self, stage: Stage) -> None:
            self.age += 1
            if self.age == 3:
                for col in range(29, 34):
                    stage.tilemap.set_cell(col, 13, SOLID)

    # Their leading foot reaches over the pit's edge (x 464) on the third step: planned
    # with the pit open they turn back; after the Mason's turn the floor is whole.
    edge = 464 - 2 * 40.0 * DT - 1 - 7 + 0.05

    def place(stage: Stage) -> None:
        for _ in range(5):
            soldier(stage, edge, FLOOR, facing=1)
        stage.add_entity(Mason())
        for _ in range(5):
            soldier(stage, edge, FLOOR, facing=1)

    bulk, each = twins(ROOM, place)
    assert step_both(bulk, each, 60) >= 10
    # Those before the Mason in the loop met the pit and turned; those after, the floor.
    walkers = [e for e in bulk.entities if isinstance(e, Soldier)]
    assert [e.facing for e in walkers] == [-1] * 5 + [1] * 5


def test_a_drum_dropped_mid_step_in_front_of_walkers_stops_them_as_ticking_would():
    """A solid added during the entity loop (a drop, a spawn): members planned before
    it went down must not walk on as if it were not there, and the next steps' plans
    keep clear of it; under F4's grid too."""

    class Dropper(Entity):
        """Drops a drum just in front of a walker later in the loop, on its third step."""

        kind = "Dropper"

        def __init__(self, target: Soldier) -> None:
            super().__init__(pygame.FRect(70 * TILE, 2 * TILE, 4, 4))
            self.age = 0
            self.target = target

        def tick(self, stage: Stage) -> None:
            self.age += 1
            if self.age == 3:
                drum = OilDrum.from_spawn(Spawn("OilDrum", 0, FLOOR - 16, 16, 16))
                drum.hitbox.right = self.target.hitbox.left - 0.3  # its next step's reach
                drum.hitbox.bottom = FLOOR
                stage.add_entity(drum)

    def place(stage: Stage) -> None:
        for k in range(4):
            soldier(stage, 6 * TILE + k * 5, FLOOR, facing=1)
        walkers = [Soldier(16 * TILE + k * 5, FLOOR, {}) for k in range(4)]
        stage.add_entity(Dropper(walkers[0]))
        for walker in walkers:  # walking into the drop, after it in the loop
            walker.facing = -1
            stage.add_entity(walker)

    bulk, each = twins(ROOM, place, player=(75 * TILE, FLOOR))  # far off: all may go bulk
    bulk.tree.use("grid")
    assert step_both(bulk, each, 120) >= 8
    drum = next(e for e in bulk.entities if isinstance(e, OilDrum))
    walkers = [e for e in bulk.entities if isinstance(e, Soldier)]
    assert not any(w.hitbox.colliderect(drum.hitbox) for w in walkers)


def test_the_player_walking_up_to_members_wakes_them():
    def place(stage: Stage) -> None:
        for k in range(20):
            soldier(stage, 20 * TILE + k * 30, FLOOR, facing=-1)
            stage.add_entity(Turret(22 * TILE + k * 30, FLOOR))

    bulk, each = twins(ROOM, place)
    step_both(bulk, each, 30)
    bulk.player.invulnerable = each.player.invulnerable = 0
    step_both(bulk, each, 400, Buttons.RIGHT)
    step_both(bulk, each, 100, Buttons.RIGHT | Buttons.FIRE)


def test_switching_the_bulk_path_off_and_on_mid_run_changes_nothing():
    def place(stage: Stage) -> None:
        for k in range(30):
            soldier(stage, 200 + k * 31, FLOOR, facing=1 if k % 3 else -1)

    bulk, each = twins(ROOM, place)
    step_both(bulk, each, 50)
    bulk.crowd_step.enabled = False
    step_both(bulk, each, 20)
    bulk.crowd_step.enabled = True
    assert step_both(bulk, each, 50) > 20


@pytest.mark.parametrize("design", ["tutorial", "grid", "brute"])
def test_a_crowd_in_bulk_stays_findable_where_it_walks_under_every_broad_phase(design):
    """F4's other broad phases re-file each walker the bulk path moves (ours slides
    them in bulk): every walker is found where it now stands, each once, and the play is
    the play of every entity ticking under ours."""

    def place(stage: Stage) -> None:
        for k in range(20):
            soldier(stage, 200 + k * 43, FLOOR, facing=1 if k % 2 else -1)

    bulk, each = twins(ROOM, place)
    bulk.tree.use(design)
    for _ in range(40):
        assert step_both(bulk, each, 1) >= 0
        walkers = [e for e in bulk.entities if isinstance(e, Soldier)]
        for walker in walkers:
            assert bulk.tree.query(walker.hitbox).count(walker) == 1
    assert max(bulk.crowd_step.planned) > 15


@pytest.mark.parametrize("design", ["ours", "grid"])
def test_with_the_bulk_path_off_every_walker_stays_findable_where_it_walks(design):
    """Every entity ticking (the path replays and F4 comparisons take), each leaves the
    broad phase before its tick and is filed again after: a crowd big enough for ours
    to index is found where it walks, step after step, each walker once."""
    stage = build(ROOM, bulk=False, player=(75 * TILE, FLOOR))
    for k in range(60):
        soldier(stage, 200 + (k * 37) % 900, FLOOR, facing=1 if k % 2 else -1)
    stage.tree.use(design)
    for _ in range(120):
        stage.step(Buttons.NONE)
        stage.check_invariants()
    walkers = [e for e in stage.entities if isinstance(e, Soldier)]
    assert len(walkers) == 60
    for walker in walkers:
        assert stage.tree.query(walker.hitbox).count(walker) == 1


# -- property: random rooms, random walkers -----------------------------------------

ROW = st.lists(st.sampled_from([EMPTY, EMPTY, EMPTY, SOLID, ONEWAY]), min_size=40, max_size=40)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    floors=st.lists(ROW, min_size=3, max_size=3),
    walkers=st.lists(
        st.tuples(
            st.integers(2, 37),
            st.integers(0, 2),
            st.sampled_from([-1, 1]),
            st.floats(5.0, 900.0),
            st.integers(0, 40),
        ),
        min_size=1,
        max_size=25,
    ),
    turrets=st.lists(st.tuples(st.integers(2, 37), st.integers(0, 2)), max_size=6),
)
def test_random_rooms_step_alike_in_bulk_and_one_by_one(floors, walkers, turrets):
    """Floors of random solid, one-way and open tiles every 5 rows; walkers of random
    speed and facing, some mid-flash, stand on them; turrets too. Both paths agree."""
    rows = [["."] * 40 for _ in range(17)]
    for f, row in enumerate(floors):
        for c, value in enumerate(row):
            rows[4 + 5 * f][c] = {EMPTY: ".", SOLID: "#", ONEWAY: "="}[value]
    rows[-1] = ["#"] * 40
    art = ["".join(r) for r in rows]

    def place(stage: Stage) -> None:
        for col, f, facing, speed, flash in walkers:
            s = soldier(stage, col * TILE + 8, (4 + 5 * f) * TILE, facing, speed=speed)
            s.flash.left = flash
        for col, f in turrets:
            stage.add_entity(Turret(col * TILE + 8, (4 + 5 * f) * TILE))

    # The player far off to the right, beyond every reach: all of them may go bulk.
    bulk, each = twins(art, place, player=(39 * TILE, 16 * TILE))
    bulk.player.hitbox.x = each.player.hitbox.x = 5000.0
    step_both(bulk, each, 90)
    assert positions(bulk) == positions(each)


def test_the_bench_crowd_steps_alike():
    """Level 3 with a crowd (what `make bench` times): same hashes, most in bulk."""
    from gunner.config import LEVELS_DIR
    from gunner.crowd import add_crowd
    from gunner.level import load_level

    pair = []
    for bulk in (True, False):
        stage = Stage(load_level(LEVELS_DIR / "level3.tmx", images=False), seed=1)
        add_crowd(stage, 150)
        stage.player.invulnerable = 1e9
        stage.crowd_step.enabled = bulk
        pair.append(stage)
    bulk, each = pair
    count_plans(bulk)
    assert step_both(bulk, each, 120) > 100
    assert np.isclose(bulk.time, 120 * DT)


@pytest.mark.parametrize("speed", [0.0, -40.0, 960.0])
def test_walkers_the_bulk_path_cannot_take_tick_on_their_own(speed):
    """No speed, a backwards speed, a tile a step or more: never members."""

    def place(stage: Stage) -> None:
        soldier(stage, 40 * TILE, FLOOR, speed=speed)

    bulk, each = twins(ROOM, place)
    step_both(bulk, each, 60)
    assert len(bulk.crowd_step) == 0


def test_a_soldier_near_the_player_walks_in_bulk_until_its_timer_runs_out_then_aims():
    """Near the player, only a soldier about to take aim (or at a ledge the player
    could be chased down from) must tick: one with its fire timer running walks in
    bulk, then turns, raises its gun and fires exactly as its tick would."""
    from gunner.timer import Timer

    def place(stage: Stage) -> None:
        s = soldier(stage, 12 * TILE, FLOOR, facing=-1)
        s.fire_timer = Timer(90)

    bulk, each = twins(ROOM, place)
    shots = []
    bulk.subscribe(SHOT, lambda entity, **_: shots.append(entity.kind))
    step_both(bulk, each, 200)
    planned: list[int] = bulk.crowd_step.planned  # type: ignore[attr-defined]
    assert sum(planned) > 60  # it walked in bulk while its timer ran (90 steps)
    assert "Soldier" in shots
