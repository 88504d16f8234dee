"""Enemies: soldiers patrol, riflemen shoot only with line of sight, turrets and drones.

Each test builds a small map from ASCII art (tests/maps.py) with the enemies placed as
map objects, then drives the stage with button masks.
"""

from __future__ import annotations

import pytest
from enemy_stages import HANGAR, enemy_bullets, find, make_stage, obj, run

from gunner.config import DT, TILE
from gunner.entities.drone import BOB
from gunner.entities.rifleman import TELL
from gunner.entities.turret import BURST, SPARK_STEPS
from gunner.input import Buttons as B
from gunner.stage import Stage

# -- the patrolling soldier ---------------------------------------------------------------

WALLED_ROOM = [
    "#" + "." * 28 + "#",
] * 10 + [
    "#..........................P.#",
    "#" * 30,
]


def test_soldier_turns_at_a_wall_and_never_passes_it(tmp_path):
    stage = make_stage(tmp_path, WALLED_ROOM, obj("Soldier", 6, 10, 1, speed=60))
    soldier = find(stage, "Soldier")[0]
    assert soldier.facing == -1
    lefts = []
    run(stage, 3.0, each=lambda s: lefts.append(soldier.hitbox.left))
    assert min(lefts) == pytest.approx(TILE)  # walked up to the wall...
    assert soldier.facing == 1  # ...turned...
    assert soldier.hitbox.left > TILE + 20  # ...and walked away from it
    assert soldier.alive and soldier.hitbox.bottom == 11 * TILE


LEDGE = (
    [
        "." * 30,
    ]
    * 6
    + [
        "..........######..............",  # a floating platform, cols 10..15
    ]
    + [
        "." * 30,
    ]
    * 4
    + [
        "." * 29 + "P",  # below, but too far to the side to chase
        "#" * 30,
    ]
)


def test_soldier_turns_at_ledge_edges_and_never_walks_off(tmp_path):
    stage = make_stage(tmp_path, LEDGE, obj("Soldier", 12, 5, 1, speed=80))
    soldier = find(stage, "Soldier")[0]
    facings, xs = [], []

    def watch(s):
        facings.append(soldier.facing)
        xs.append((soldier.hitbox.left, soldier.hitbox.right))
        assert soldier.hitbox.bottom == 6 * TILE, "stepped off the platform"

    run(stage, 0.2)  # land on the platform
    run(stage, 8.0, each=watch)
    turns = sum(1 for a, b in zip(facings, facings[1:], strict=False) if a != b)
    assert turns >= 4  # paced back and forth
    # Its feet never hang more than a pixel past either edge.
    assert min(left for left, _ in xs) >= 10 * TILE - 1
    assert max(right for _, right in xs) <= 16 * TILE + 1


def test_soldier_placed_in_the_air_falls_to_the_ground(tmp_path):
    stage = make_stage(tmp_path, WALLED_ROOM, obj("Soldier", 10, 2, 1))
    soldier = find(stage, "Soldier")[0]
    run(stage, 1.5)
    assert soldier.on_ground and soldier.hitbox.bottom == 11 * TILE


def test_soldier_fires_forward_at_a_player_level_and_ahead(tmp_path):
    rows = ["#" + "." * 28 + "#"] * 10 + ["#..P.....................#...#", "#" * 30]
    stage = make_stage(tmp_path, rows, obj("Soldier", 14, 10, 1, speed=0))
    run(stage, 4.0)
    assert stage.events.count("enemy_shoot") >= 1
    assert all(b.vy == 0 and b.vx < 0 for b in enemy_bullets(stage))  # straight ahead
    # Now the soldier faces away from the player: it never fires backwards.
    stage = make_stage(tmp_path, rows, obj("Soldier", 14, 10, 1, speed=0))
    find(stage, "Soldier")[0].facing = 1
    run(stage, 4.0)
    assert stage.events.count("enemy_shoot") == 0


# -- the rifleman and line of sight ---------------------------------------------------------


def range_rows(middle: str) -> list[str]:
    """A corridor with the player on the left, a rifleman's spot on the right and
    `middle` (one character per row, 3 rows) standing between them at column 12."""
    rows = ["#" * 30] + ["#" + "." * 28 + "#"] * 6
    for ch in middle:
        rows.append("#" + "." * 11 + ch + "." * 16 + "#")
    rows[-1] = "#....P" + rows[-1][6:]
    rows.append("#" * 30)
    return rows


RIFLEMAN = obj("Rifleman", 18, 9, 1)  # 13 tiles from the player


def test_rifleman_fires_at_the_player_when_the_line_is_clear(tmp_path):
    stage = make_stage(tmp_path, range_rows("..."), RIFLEMAN)
    rifleman = find(stage, "Rifleman")[0]
    run(stage, 1.5)
    assert rifleman.facing == -1  # turned to face the player
    bullets = enemy_bullets(stage)
    assert bullets, "a clear line and the player in range: it shoots"
    assert all(b.vx < 0 for b in bullets)  # toward the player
    speed = (bullets[0].vx ** 2 + bullets[0].vy ** 2) ** 0.5
    assert 150 <= speed <= 230  # slower than the player's, so it can be dodged


def test_rifleman_never_fires_through_a_solid_tile(tmp_path):
    stage = make_stage(tmp_path, range_rows("###"), RIFLEMAN)
    run(stage, 6.0)
    assert stage.events.count("enemy_shoot") == 0
    assert not find(stage, "Rifleman")[0].sees_player


def test_rifleman_never_fires_through_a_closed_door_but_does_once_it_opens(tmp_path):
    door = (
        f'<object id="99" type="Door" x="{12 * TILE}" y="{7 * TILE}" width="16" height="48">'
        '<properties><property name="color" value="red"/></properties></object>'
    )
    stage = make_stage(tmp_path, range_rows("..."), RIFLEMAN, door)
    run(stage, 6.0)
    assert stage.events.count("enemy_shoot") == 0
    find(stage, "Door")[0].open(stage)
    run(stage, 2.5)
    assert stage.events.count("enemy_shoot") >= 1


def test_rifleman_out_of_range_holds_fire(tmp_path):
    stage = make_stage(tmp_path, range_rows("..."), obj("Rifleman", 18, 9, 1, range=100))
    run(stage, 5.0)
    assert stage.events.count("enemy_shoot") == 0


def test_rifleman_shows_a_tell_before_every_shot(tmp_path):
    stage = make_stage(tmp_path, range_rows("..."), RIFLEMAN)
    rifleman = find(stage, "Rifleman")[0]
    stage.player.invulnerable = 1e9  # never knocked back out of range
    aimed_for = 0
    shots = 0
    for _ in range(round(5 / DT)):
        before = stage.events.count("enemy_shoot")
        aiming = rifleman.aiming
        stage.step(B.NONE)
        if stage.events.count("enemy_shoot") > before:
            shots += 1
            assert aiming and aimed_for >= round(0.25 / DT)
            aimed_for = 0
        aimed_for = aimed_for + 1 if rifleman.aiming else 0
    assert shots >= 2


def test_line_of_sight_is_rechecked_only_every_few_steps(tmp_path):
    calls = []

    def counting_stage(rifleman: str) -> Stage:
        stage = make_stage(tmp_path, range_rows("..."), rifleman)
        real = stage.line_of_sight

        def counting(*args):
            calls.append(args)
            return real(*args)

        stage.line_of_sight = counting
        return stage

    run(counting_stage(RIFLEMAN), 120 * DT)
    assert 1 <= len(calls) <= 120 // 4  # in range: cached for several steps
    calls.clear()
    run(counting_stage(obj("Rifleman", 18, 9, 1, range=100)), 2.0)
    assert calls == []  # out of range: never walks the grid


def test_rifleman_coming_into_sight_aims_before_its_first_shot(tmp_path):
    door = (
        f'<object id="99" type="Door" x="{12 * TILE}" y="{7 * TILE}" width="16" height="48">'
        '<properties><property name="color" value="red"/></properties></object>'
    )
    stage = make_stage(tmp_path, range_rows("..."), RIFLEMAN, door)
    rifleman = find(stage, "Rifleman")[0]
    run(stage, 4.0)  # long past its fire rate, waiting behind the door
    find(stage, "Door")[0].open(stage)
    seen_for = 0
    while not stage.events.count("enemy_shoot"):
        stage.step(B.NONE)
        seen_for += rifleman.sees_player
        assert seen_for < 3 / DT, "never fired"
    assert seen_for >= round(TELL / DT)


# -- damage, death, drops, teams -----------------------------------------------------------

SHOOTING_RANGE = (
    ["#" * 30] + ["#" + "." * 28 + "#"] * 9 + ["#.P..........................#", "#" * 30]
)


def test_player_bullets_flash_hurt_and_kill_an_enemy_which_drops_its_pickup(tmp_path):
    soldier_obj = obj("Soldier", 10, 10, 1, speed=0, health=3, drop="spread")
    stage = make_stage(tmp_path, SHOOTING_RANGE, soldier_obj)
    soldier = find(stage, "Soldier")[0]
    soldier.facing = 1  # looking away: it does not shoot back
    flashed = []
    run(stage, 0.1, B.RIGHT)  # face right
    run(stage, 2.0, B.FIRE, each=lambda s: flashed.append(bool(soldier.flash)))
    assert any(flashed)
    assert not soldier.alive
    assert stage.kills == 1
    assert stage.destroyed.get("Soldier") == 1
    drops = find(stage, "Pickup")
    assert len(drops) == 1 and drops[0].item == "spread"


def test_an_enemy_without_a_drop_leaves_nothing(tmp_path):
    stage = make_stage(tmp_path, SHOOTING_RANGE, obj("Soldier", 10, 10, 1, speed=0))
    find(stage, "Soldier")[0].facing = 1
    run(stage, 0.1, B.RIGHT)
    run(stage, 2.0, B.FIRE)
    assert stage.kills == 1 and not find(stage, "Pickup")


def test_enemy_bullets_hurt_the_player_but_pass_through_other_enemies(tmp_path):
    # The rifleman fires along the floor at the player, through a soldier standing between.
    soldier = obj("Soldier", 12, 9, 2, speed=0)
    stage = make_stage(tmp_path, range_rows("..."), RIFLEMAN, soldier)
    bystander = find(stage, "Soldier")[0]
    bystander.facing = 1  # turned away from the player: it never fires itself
    player = stage.player
    health = player.health
    run(stage, 3.0)
    assert stage.events.count("enemy_shoot") >= 1
    assert player.health < health
    assert bystander.alive and bystander.health == 3 and not bystander.flash


def test_turret_death_blast_spares_other_enemies_but_not_the_player(tmp_path):
    rows = ["#" * 30] + ["#" + "." * 28 + "#"] * 9 + ["#............................#", "#" * 30]
    rows[10] = "#..........P.................#"
    stage = make_stage(
        tmp_path, rows, obj("Turret", 12, 10, 1, range=1), obj("Soldier", 13, 10, 2, speed=0)
    )
    stage.step(B.NONE)
    turret, soldier = find(stage, "Turret")[0], find(stage, "Soldier")[0]
    player = stage.player
    player.invulnerable = 0.0
    health = player.health
    turret.damage(turret.health, stage)
    assert not turret.alive and stage.kills == 1
    # It sparks first (a moment to get clear), then blows.
    (wreck,) = find(stage, "Wreck")
    sparking = 0
    while wreck.alive and sparking < 100:
        assert player.health == health
        stage.step(B.NONE)
        sparking += 1
    assert SPARK_STEPS <= sparking <= SPARK_STEPS + 5  # (+ the kill's hit-stop)
    assert soldier.health == 3
    assert player.health < health


# -- the turret ------------------------------------------------------------------------------


def test_turret_aims_at_the_player_and_fires_bursts_of_three(tmp_path):
    stage = make_stage(tmp_path, range_rows("..."), obj("Turret", 18, 1, 1))
    turret = find(stage, "Turret")[0]
    stage.player.invulnerable = 1e9  # never knocked back out of range
    shots: list[int] = []
    run(stage, 4.0, each=lambda s: shots.append(s.events.count("enemy_shoot")))
    assert turret.mount == "ceiling"  # hangs from the corridor's roof
    fired_at = [i for i in range(1, len(shots)) if shots[i] > shots[i - 1]]
    assert len(fired_at) >= BURST * 2
    # Shots come in bursts: three close together, then a pause of about fire_rate.
    gaps = [b - a for a, b in zip(fired_at, fired_at[1:], strict=False)]
    assert max(gaps) >= round(0.9 / DT) and min(gaps) <= round(0.15 / DT)
    # Every bullet flies toward the player (down and to the left).
    assert all(b.vx < 0 and b.vy > 0 for b in enemy_bullets(stage))
    assert turret.hitbox.top == 1 * TILE  # never fell: no gravity


def test_turret_holds_fire_behind_a_wall(tmp_path):
    stage = make_stage(tmp_path, range_rows("###"), obj("Turret", 18, 9, 1))
    run(stage, 4.0)
    assert stage.events.count("enemy_shoot") == 0
    assert find(stage, "Turret")[0].mount == "floor"


# -- the drone --------------------------------------------------------------------------------


def test_drone_stays_airborne_bobbing_around_its_height(tmp_path):
    rows = list(HANGAR)
    rows[8] = "#" + "=" * 38 + "#"  # a one-way platform in its path does not stop it
    stage = make_stage(tmp_path, rows, obj("Drone", 20, 7, 1, range=1))
    drone = find(stage, "Drone")[0]
    home_y = drone.hitbox.centery
    ys, xs = [], []
    run(stage, 10.0, each=lambda s: (ys.append(drone.hitbox.centery), xs.append(drone.hitbox.x)))
    assert drone.alive
    assert max(ys) - min(ys) > BOB  # it bobs...
    assert all(abs(y - home_y) <= BOB + 0.5 for y in ys)  # ...without sinking
    assert max(xs) - min(xs) > 100  # and patrols


def test_drone_fires_down_at_a_player_below_and_bounces_off_walls(tmp_path):
    rows = list(HANGAR)
    rows[13] = "#.........P....................#.......#"
    stage = make_stage(tmp_path, rows, obj("Drone", 25, 5, 1))
    drone = find(stage, "Drone")[0]
    xs = []
    bullets: list = []
    run(stage, 6.0, each=lambda s: (xs.append(drone.hitbox.x), bullets.extend(enemy_bullets(s))))
    assert stage.events.count("enemy_shoot") >= 2
    assert all(b.vy > 0 for b in bullets)  # always downward
    assert min(xs) >= TILE and max(xs) <= 39 * TILE - drone.hitbox.width
    assert drone.hitbox.bottom < 8 * TILE  # stayed up


def test_drone_turns_at_a_wall(tmp_path):
    rows = ["#" * 20] + ["#" + "." * 18 + "#"] * 6 + ["#P.................#", "#" * 20]
    rows[3] = "#.....#............#"
    stage = make_stage(tmp_path, rows, obj("Drone", 9, 3, 1, range=1))
    drone = find(stage, "Drone")[0]
    xs = []
    run(stage, 6.0, each=lambda s: xs.append(drone.hitbox.left))
    assert min(xs) >= 7 * TILE  # never passed the block at column 6
    assert drone.facing in (1, -1) and max(xs) > min(xs) + 40


# -- determinism -------------------------------------------------------------------------------


def test_enemy_runs_are_deterministic(tmp_path):
    objects = [
        obj("Soldier", 14, 9, 1),
        obj("Rifleman", 18, 9, 2),
        obj("Turret", 24, 1, 3),
        obj("Drone", 8, 3, 4),
    ]
    hashes = []
    for _ in range(2):
        stage = make_stage(tmp_path, range_rows("..."), *objects)
        run(stage, 3.0, B.RIGHT | B.FIRE)
        hashes.append(stage.state_hash())
    assert hashes[0] == hashes[1]


def test_a_soldier_on_drums_walks_to_their_edge_and_turns_as_on_a_ledge(tmp_path):
    # Four drums side by side (64 px of footing): it used to see a ledge at every
    # step up there (the ledge test looked at tiles only) and turned ~190 times in 240.
    drums = "".join(
        f'<object id="{300 + k}" type="OilDrum" x="{(5 + k) * TILE + 8}" y="{11 * TILE}">'
        "<point/></object>"
        for k in range(4)
    )
    soldier = (
        f'<object id="320" type="Soldier" x="{6 * TILE + 8}" y="{11 * TILE - 24}">'
        '<properties><property name="speed" value="60"/></properties><point/></object>'
    )
    stage = make_stage(tmp_path, WALLED_ROOM, drums, soldier)
    stage.player.invulnerable = 1e9
    walker = next(e for e in stage.entities if e.kind == "Soldier")
    flips, facing, xs = 0, walker.facing, []
    for _ in range(480):
        stage.step(B.NONE)
        flips += walker.facing != facing
        facing = walker.facing
        xs.append(walker.hitbox.centerx)
        assert walker.hitbox.bottom == 11 * TILE - 24, "it stays on top of the drums"
    assert 4 <= flips <= 12, flips  # a few laps: turning at each end, not every step
    assert max(xs) - min(xs) > 40  # it walks nearly the whole 64 px
