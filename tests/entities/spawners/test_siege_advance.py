"""A siege's soldiers advance: let out by a wave spawner, they walk at the player and hold
in ranks short of the wall he stands on, instead of patrolling the field (where the
player on his keep never sees them)."""

from __future__ import annotations

from pathlib import Path

from siege_stages import enemies, gate

from ascii_maps import make_stage, obj
from gunner.config import TILE
from gunner.entities.soldier import RANK, RANKS, STAND_OFF, TURN_SLACK
from gunner.entities.spawner import WAVE_PAUSE
from gunner.input import Buttons as B
from gunner.stage import Stage
from gunner.timer import steps

# A keep 7 tiles wide and 4 tall (columns 6-12), the player on top, a field to the east.
KEEP = (
    ["." * 48] * 10
    + ["......" + "." * 3 + "P" + "." * 38]
    + ["......" + "#" * 7 + "." * 35] * 4
    + ["#" * 48]
)
WALL = 13 * TILE  # the keep's east face
FLOOR_Y = 15 * TILE


def siege(tmp_path: Path, count: int) -> Stage:
    # fire_rate 60: nobody shoots during the test, so only the walk is seen.
    return make_stage(
        tmp_path, [gate(36 * TILE, count=count, every=0.5, fire_rate=60)], KEEP, "waves"
    )


def test_a_waves_soldiers_hold_in_ranks_short_of_the_players_wall(tmp_path: Path) -> None:
    stage = siege(tmp_path, count=6)
    facings: set[int] = set()
    for _ in range(steps(WAVE_PAUSE) + steps(14.0)):
        stage.step(B.NONE)
        facings |= {e.facing for e in enemies(stage)}
    troops = enemies(stage)
    assert len(troops) == 6
    assert facings == {-1}  # none turned back at the wall, as a patrol would
    gaps = [e.hitbox.left - WALL for e in troops]
    # Each holds where the wall comes within its own stand-off (a tile's rounding either way).
    assert all(STAND_OFF - TILE <= g <= STAND_OFF + RANK * (RANKS - 1) + TILE for g in gaps), gaps
    assert len({round(g) for g in gaps}) >= 4  # ranks, not one heap
    before = [e.hitbox.x for e in troops]
    for _ in range(steps(1.0)):
        stage.step(B.NONE)
    assert [e.hitbox.x for e in troops] == before  # standing, not pacing
    assert all(e.vx == 0 for e in troops)


def test_a_placed_soldier_still_patrols_back_from_the_wall(tmp_path: Path) -> None:
    """Only what a wave lets out advances: a soldier placed on the map turns at the wall."""
    soldier = obj("Soldier", 16 * TILE, FLOOR_Y, fire_rate=60)
    stage = make_stage(tmp_path, [soldier], KEEP)
    (placed,) = enemies(stage)
    assert placed.advance is False
    facings = []
    for _ in range(steps(3.0)):
        stage.step(B.NONE)
        facings.append(placed.facing)
    assert -1 in facings and facings[-1] == 1


def test_advancing_soldiers_turn_to_follow_a_player_who_gets_past_them(tmp_path: Path) -> None:
    stage = siege(tmp_path, count=3)
    for _ in range(steps(WAVE_PAUSE) + steps(12.0)):
        stage.step(B.NONE)
    troops = enemies(stage)
    assert troops and all(e.facing == -1 and e.vx == 0 for e in troops)
    # The player drops into the field behind them (east of the last, by more than the slack).
    player = stage.player
    player.hitbox.midbottom = (max(e.hitbox.right for e in troops) + 4 * TURN_SLACK, FLOOR_Y)
    start = [e.hitbox.x for e in troops]
    for _ in range(steps(1.0)):
        stage.step(B.NONE)
    assert all(e.facing == 1 for e in troops)
    assert all(e.hitbox.x > x for e, x in zip(troops, start, strict=True))


def test_each_holds_at_its_own_ranks_stand_off_to_the_pixel(tmp_path: Path) -> None:
    """Rank r (a soldier's serial modulo RANKS) stands STAND_OFF + r * RANK px from the
    wall: it stops the step its stand-off first reaches the wall's tiles, less than a
    pixel from it (a step's walk is 2/3 px)."""
    stage = siege(tmp_path, count=6)
    for _ in range(steps(WAVE_PAUSE) + steps(14.0)):
        stage.step(B.NONE)
    troops = enemies(stage)
    assert {e.serial % RANKS for e in troops} == set(range(RANKS))
    for e in troops:
        reach = STAND_OFF + RANK * (e.serial % RANKS)
        assert abs((e.hitbox.left - WALL) - reach) < 1, (e.serial, e.hitbox.left - WALL, reach)


def test_a_player_only_just_behind_an_advancing_soldier_does_not_turn_it(tmp_path: Path) -> None:
    """It turns once the player is more than TURN_SLACK px behind it, not sooner: a player
    standing over its shoulder does not set it spinning."""
    stage = siege(tmp_path, count=1)
    for _ in range(steps(WAVE_PAUSE) + steps(12.0)):
        stage.step(B.NONE)
    (soldier,) = enemies(stage)
    assert soldier.facing == -1 and soldier.vx == 0
    player = stage.player
    player.hitbox.midbottom = (soldier.hitbox.centerx + TURN_SLACK / 2, FLOOR_Y)
    for _ in range(steps(0.5)):
        player.hitbox.midbottom = (soldier.hitbox.centerx + TURN_SLACK / 2, FLOOR_Y)
        stage.step(B.NONE)
        assert soldier.facing == -1


# The same keep the other way round: columns 35-41, the field and the gate to the west.
KEEP_EAST = (
    ["." * 48] * 10 + ["." * 38 + "P" + "." * 9] + ["." * 35 + "#" * 7 + "." * 6] * 4 + ["#" * 48]
)


def test_from_the_west_they_hold_at_their_stand_off_too(tmp_path: Path) -> None:
    stage = make_stage(
        tmp_path, [gate(4 * TILE, count=6, every=0.5, fire_rate=60)], KEEP_EAST, "waves"
    )
    for _ in range(steps(WAVE_PAUSE) + steps(14.0)):
        stage.step(B.NONE)
    troops = enemies(stage)
    assert len(troops) == 6 and all(e.facing == 1 and e.vx == 0 for e in troops)
    wall = 35 * TILE  # the keep's west face
    for e in troops:
        reach = STAND_OFF + RANK * (e.serial % RANKS)
        assert abs((wall - e.hitbox.right) - reach) < 1, (e.serial, wall - e.hitbox.right)


def test_an_advancing_soldier_drops_off_a_ledge_to_chase_a_player_below(tmp_path: Path) -> None:
    """At a ledge it holds, unless the player is below and near, on a floor it can drop
    to: then it walks off after him, as a patrol does."""
    # A shelf (columns 20-47, 4 rows high) with the gate on it; the player below, west.
    rows = ["." * 48] * 11 + ["." * 20 + "#" * 28] * 4 + ["..P" + "." * 45, "#" * 48]
    shelf = obj("WaveSpawner", 36 * TILE, 11 * TILE - 32, 64, 32, count=1, fire_rate=60)
    stage = make_stage(tmp_path, [shelf], rows, "waves")
    player = stage.player
    for _ in range(steps(WAVE_PAUSE) + steps(11.0)):
        player.hitbox.midbottom = (17 * TILE, 16 * TILE)  # under the shelf's edge
        stage.step(B.NONE)
    (soldier,) = enemies(stage)
    assert soldier.hitbox.bottom == 16 * TILE  # down on the player's floor


def test_a_waves_grenadiers_walk_into_throwing_reach_and_stand_spread_out(
    tmp_path: Path,
) -> None:
    """A siege's grenadiers used to stand where their gate let them out, five in one heap,
    out of the player's sight and never in reach of him: they walk at him now and hold
    each at its rank's distance, inside its throw."""
    from gunner.entities.grenadier import HOLD, RANK, RANKS, Grenadier

    gate_ = gate(40 * TILE, count=4, every=0.5, fire_rate=60, kind="Grenadier")
    stage = make_stage(tmp_path, [gate_], KEEP, "waves")
    for _ in range(steps(WAVE_PAUSE) + steps(14.0)):
        stage.step(B.NONE)
    troops = enemies(stage)
    assert len(troops) == 4 and all(type(e) is Grenadier and e.advance for e in troops)
    player_x = stage.player.hitbox.centerx
    for e in troops:
        hold = HOLD + RANK * (e.rank % RANKS)  # its place in the gate's order
        gap = e.hitbox.centerx - player_x
        assert hold - 1 < gap <= hold, (e.rank, gap, hold)  # stopped at its rank
        assert gap < e.reach and e.in_reach(stage)
    assert len({round(e.hitbox.centerx) for e in troops}) == 4  # spread out, not one heap
    before = [e.hitbox.x for e in troops]
    for _ in range(steps(1.0)):
        stage.step(B.NONE)
    assert [e.hitbox.x for e in troops] == before  # holding


def test_a_placed_grenadier_still_waits_where_it_stands(tmp_path: Path) -> None:
    grenadier = obj("Grenadier", 40 * TILE, FLOOR_Y, fire_rate=60)
    stage = make_stage(tmp_path, [grenadier], KEEP)
    (placed,) = enemies(stage)
    assert placed.advance is False
    x = placed.hitbox.x
    for _ in range(steps(3.0)):
        stage.step(B.NONE)
    assert placed.hitbox.x == x


# A wall three tiles thick between the player (west, on the ground) and the field.
BEYOND = ["." * 48] * 9 + ["." * 20 + "###" + "." * 25] * 5
BEYOND += ["....P" + "." * 15 + "###" + "." * 25, "#" * 48]


def test_a_waves_grenadiers_held_by_a_wall_stand_spread_out_not_in_a_heap(tmp_path: Path) -> None:
    """With the player beyond a wall they cannot pass, they used to walk into it and stand
    in one heap at its foot; each holds short of it by its rank."""
    from gunner.entities.grenadier import RANK, RANKS, WALL_GAP

    # Five from one gate, with a drone gate letting one out between them (so their
    # serials are not in step with their order): still every rank taken in turn.
    gate_ = gate(40 * TILE, count=5, every=0.5, fire_rate=60, kind="Grenadier")
    sky = obj("WaveSpawner", 30 * TILE, 0, 64, 32, kind="Drone", count=3, every=0.7)
    stage = make_stage(tmp_path, [gate_, sky], BEYOND, "waves")
    for _ in range(steps(WAVE_PAUSE) + steps(16.0)):
        stage.step(B.NONE)
    troops = [e for e in enemies(stage) if e.kind == "Grenadier"]
    assert len(troops) == 5 and sorted(e.rank for e in troops) == [0, 1, 2, 3, 4]
    wall = 23 * TILE  # its east face
    for e in troops:
        gap = e.hitbox.left - wall
        reach = WALL_GAP + RANK * (e.rank % RANKS)
        assert reach - TILE < gap <= reach + 1, (e.rank, gap, reach)
    assert len({round(e.hitbox.x) for e in troops}) == RANKS  # the fifth shares rank 0


def test_a_waves_grenadiers_backing_off_a_near_player_keep_their_ranks(tmp_path: Path) -> None:
    """A player who drops in among them: each backs away to its own rank's distance
    (KEEP plus its rank's steps), not all to KEEP, where they stood in one heap."""
    from gunner.entities.grenadier import KEEP, RANK, RANKS

    gate_ = gate(40 * TILE, count=4, every=0.5, fire_rate=60, kind="Grenadier")
    stage = make_stage(tmp_path, [gate_], BEYOND, "waves")
    stage.player.invulnerable = 1e9
    for _ in range(steps(WAVE_PAUSE) + steps(16.0)):
        stage.step(B.NONE)
    troops = [e for e in enemies(stage) if e.kind == "Grenadier"]
    assert len(troops) == 4
    # The player drops onto the field just west of them (between them and the wall).
    player = stage.player
    player.hitbox.midbottom = (min(e.hitbox.left for e in troops) - 8, 15 * TILE)
    for _ in range(steps(6.0)):
        player.hitbox.midbottom = (player.hitbox.midbottom[0], 15 * TILE)
        stage.step(B.NONE)
    gaps = sorted(e.hitbox.centerx - player.hitbox.centerx for e in troops)
    for e in troops:
        gap = e.hitbox.centerx - player.hitbox.centerx
        assert KEEP + RANK * (e.rank % RANKS) <= gap < KEEP + RANK * (e.rank % RANKS) + 2, (
            e.rank,
            gap,
        )
    assert len({round(g) for g in gaps}) == 4  # apart, not one heap


# The siege's keep: 8 tiles wide and 6 tall (columns 20-27) with a one-way ledge 3 tiles
# up against each face, a field either side, and the player out on the west field.
TALL_KEEP = ["." * 48] * 9 + [
    "." * 20 + "#" * 8 + "." * 20,
    "." * 20 + "#" * 8 + "." * 20,
    "." * 20 + "#" * 8 + "." * 20,
    "." * 17 + "===" + "#" * 8 + "===" + "." * 17,
    "." * 20 + "#" * 8 + "." * 20,
    "...P" + "." * 16 + "#" * 8 + "." * 20,
    "#" * 48,
]


def test_the_far_sides_soldiers_come_round_the_keep_to_a_player_out_on_the_field(
    tmp_path: Path,
) -> None:
    """A wave's soldiers hold under a wall the player stands on; with him out on the
    far field they climb the keep by its ledge, cross it and drop down to come at him,
    instead of waiting out of his sight at its far face."""
    stage = make_stage(
        tmp_path, [gate(40 * TILE, count=3, every=0.5, fire_rate=60)], TALL_KEEP, "waves"
    )
    stage.player.invulnerable = 1e9
    floors: set[float] = set()
    for _ in range(steps(WAVE_PAUSE) + steps(16.0)):
        stage.step(B.NONE)
        floors |= {e.hitbox.bottom for e in enemies(stage) if e.on_ground}
    troops = enemies(stage)
    assert len(troops) == 3
    assert {12 * TILE, 9 * TILE} <= floors  # up on the ledge, then on the keep's roof
    assert all(e.hitbox.right <= 20 * TILE and e.hitbox.bottom == 15 * TILE for e in troops)


def test_a_rank_holding_under_the_keep_comes_round_once_the_player_is_half_a_view_off(
    tmp_path: Path,
) -> None:
    """Up on a scaffold far out on the west field (higher than the ranks, but 300 px
    and more from the keep's east face), the player is out of the east ranks' sight
    line: they climb the keep and come, rather than hold where he cannot see them."""
    rows = list(TALL_KEEP)
    rows[12] = "===" + rows[12][3:]  # a scaffold at the west end
    rows[11] = "..P" + rows[11][3:]
    rows[14] = "...." + rows[14][4:]
    stage = make_stage(tmp_path, [gate(40 * TILE, count=3, every=0.5, fire_rate=60)], rows, "waves")
    stage.player.invulnerable = 1e9
    for _ in range(steps(WAVE_PAUSE) + steps(16.0)):
        stage.step(B.NONE)
    troops = enemies(stage)
    assert len(troops) == 3
    assert all(e.hitbox.right <= 20 * TILE for e in troops)  # round the keep, to the west
