"""Each boss's attacks, volley by volley: how many bullets, from where, how fast and where
they aim, and the safe places a player learns (the ground under the Warden's fan, the
hole in the rain where the player stood, the lane through the Crawler's spirals).

Every test asks a fighting boss for one volley and reads the bullets it spawned.
"""

from __future__ import annotations

import math

import pytest

from ascii_maps import make_stage, obj
from gunner.bullets import Bullet
from gunner.config import TILE
from gunner.entities import crawler, overseer, warden
from gunner.entities.boss import Boss
from gunner.stage import Stage

LEVELS = {
    "warden": "levels/level1.tmx",
    "crawler": "levels/level2.tmx",
    "overseer": "levels/level3.tmx",
}


def volley(stage: Stage, boss: Boss, attack, number: int = 0) -> list[Bullet]:  # noqa: ANN001
    """The bullets one volley of `attack` spawns."""
    before = len(stage.bullets)
    boss.fire(attack, number, stage)
    return [stage.bullets.bullet(i) for i in range(before, len(stage.bullets))]


def speed(b: Bullet) -> float:
    return math.hypot(b.vx, b.vy)


def angle(b: Bullet) -> float:
    """Screen angle (y down) of its flight."""
    return math.atan2(b.vy, b.vx)


def below_horizon(b: Bullet) -> float:
    """Radians below the horizon of a shot flying left (negative: above)."""
    return math.atan2(b.vy, -b.vx)


def aim_at(b: Bullet, x: float, y: float) -> float:
    return math.atan2(y - b.hitbox.centery, x - b.hitbox.centerx)


def spread(bullets: list[Bullet]) -> float:
    angles = sorted(angle(b) for b in bullets)
    return angles[-1] - angles[0]


# -- the Warden -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def warden_fight(fighting) -> tuple[Stage, Boss]:
    stage, boss = fighting(LEVELS["warden"])
    stage.bullets.clear()
    return stage, boss


@pytest.fixture
def wfight(warden_fight):  # noqa: ANN001, ANN201
    stage, boss = warden_fight
    stage.bullets.clear()
    return stage, boss


def test_the_wardens_fan_sweeps_the_sky_from_its_top_cannon(wfight) -> None:
    stage, boss = wfight
    shots = volley(stage, boss, warden.Warden.FAN, 0)
    assert len(shots) == 21
    assert all(b.team == "enemy" and b.style == "boss" for b in shots)
    assert all(b.hitbox.center == pytest.approx((boss.fx - 62, boss.fy - 143)) for b in shots)
    assert all(speed(b) == pytest.approx(warden.FAN_SPEED) for b in shots)
    assert all(b.vx < 0 for b in shots)  # toward the player, on its left
    lows = sorted(below_horizon(b) for b in shots)
    # From 26 degrees below the horizon to 37 above, evenly.
    assert lows[-1] == pytest.approx(0.45) and lows[0] == pytest.approx(-0.65)
    gaps = {round(b - a, 4) for a, b in zip(lows, lows[1:], strict=False)}
    assert gaps == {0.055}


def test_the_wardens_odd_fans_fill_the_gaps_of_the_even_ones(wfight) -> None:
    stage, boss = wfight
    even = sorted(below_horizon(b) for b in volley(stage, boss, warden.Warden.FAN, 2))
    odd = sorted(below_horizon(b) for b in volley(stage, boss, warden.Warden.FAN, 3))
    assert [o - e for e, o in zip(even, odd, strict=True)] == pytest.approx([-0.0275] * 21)


def test_the_wardens_low_cannon_fires_a_tight_burst_where_the_player_stood(wfight) -> None:
    stage, boss = wfight
    boss.mark = (boss.fx - 200, boss.fy)
    shots = volley(stage, boss, warden.Warden.LOCK, 1)
    assert len(shots) == 5 and all(b.style == "boss_aimed" for b in shots)  # darts, not orbs
    assert all(b.hitbox.center == pytest.approx((boss.fx - 62, boss.fy - 78)) for b in shots)
    assert all(speed(b) == pytest.approx(warden.BURST_SPEED) for b in shots)
    middle = shots[2]
    assert angle(middle) == pytest.approx(aim_at(middle, boss.fx - 200, boss.fy - 4))
    assert spread(shots) == pytest.approx(0.14)


def test_the_wardens_mortar_rain_leaves_a_hole_where_the_player_stood(wfight) -> None:
    stage, boss = wfight
    arena = boss.arena(stage)
    boss.mark = (arena.left + 150, boss.fy)
    shots = volley(stage, boss, warden.Warden.RAIN, 0)
    xs = sorted(b.hitbox.centerx for b in shots)
    assert all(b.vx == 0 and b.vy == pytest.approx(warden.RAIN_SPEED) for b in shots)
    assert all(b.hitbox.centery == pytest.approx(arena.top + 2) for b in shots)
    assert xs[0] == pytest.approx(arena.left + 20)
    assert xs[-1] < boss.fx - 60 <= xs[-1] + warden.RAIN_SPACING
    # Every 16 px but for the 64 px hole around the mark.
    assert all(abs(x - (arena.left + 150)) > 32 for x in xs)
    assert any(abs(x - (arena.left + 150)) < 32 + warden.RAIN_SPACING for x in xs)
    gaps = sorted({round(b - a) for a, b in zip(xs, xs[1:], strict=False)})
    assert gaps[0] == 16 and len(gaps) == 2 and 64 <= gaps[1] <= 80
    # The next row falls half a space along: no column is safe twice running.
    nxt = sorted(b.hitbox.centerx for b in volley(stage, boss, warden.Warden.RAIN, 1))
    assert nxt[0] == pytest.approx(arena.left + 28)


def test_the_wardens_spiral_turns_each_volley_and_drops_mortar_rows(wfight) -> None:
    stage, boss = wfight
    arena = boss.arena(stage)
    boss.mark = (arena.left + 150, boss.fy)
    first = volley(stage, boss, warden.Warden.SPIRAL, 1)
    second = volley(stage, boss, warden.Warden.SPIRAL, 2)
    assert len(first) == len(second) == 10  # ten arms, no rain between the rows
    assert all(speed(b) == pytest.approx(warden.SPIRAL_SPEED) for b in first)
    assert all(b.hitbox.center == pytest.approx((boss.fx - 62, boss.fy - 143)) for b in first)
    # The first arm starts pointing left (at the player's side) and turns 0.19 rad a volley.
    assert angle(first[0]) % (2 * math.pi) == pytest.approx(math.pi + 0.19)
    assert angle(second[0]) % (2 * math.pi) == pytest.approx(math.pi + 0.38)
    with_rain = volley(stage, boss, warden.Warden.SPIRAL, 6)
    rain = [b for b in with_rain if b.vx == 0 and b.hitbox.centery == pytest.approx(arena.top + 2)]
    assert len(with_rain) == 10 + len(rain) and len(rain) > 10
    assert all(abs(b.hitbox.centerx - (arena.left + 150)) > 32 for b in rain)


# -- the Crawler ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def crawler_fight(fighting) -> tuple[Stage, Boss]:
    stage, boss = fighting(LEVELS["crawler"])
    stage.bullets.clear()
    return stage, boss


@pytest.fixture
def cfight(crawler_fight):  # noqa: ANN001, ANN201
    stage, boss = crawler_fight
    stage.bullets.clear()
    return stage, boss


def test_the_crawler_rolls_one_low_shot_along_the_floor(cfight) -> None:
    stage, boss = cfight
    (shot,) = volley(stage, boss, crawler.Crawler.ROLL, 0)
    assert shot.hitbox.center == pytest.approx((boss.fx - 70, boss.fy - 7))
    assert (shot.vx, shot.vy) == pytest.approx((-crawler.ROLL_SPEED, 0.0))


def test_the_crawlers_fountain_fills_the_upper_half_and_turns(cfight) -> None:
    stage, boss = cfight
    shots = volley(stage, boss, crawler.Crawler.FOUNTAIN, 0)
    assert len(shots) == 25
    assert all(b.hitbox.center == pytest.approx((boss.fx + 1, boss.fy - 94)) for b in shots)
    assert all(speed(b) == pytest.approx(crawler.RING_SPEED * 1.3) for b in shots)
    assert all(b.vy <= 1e-6 for b in shots)  # none downward: the upper half of a ring
    assert (shots[0].vx, shots[-1].vx) == pytest.approx((-156.0, 156.0))
    turned = volley(stage, boss, crawler.Crawler.FOUNTAIN, 5)  # volley 5: one turn on
    assert angle(turned[12]) == pytest.approx(-math.pi / 2 + math.pi / 96)
    back = volley(stage, boss, crawler.Crawler.FOUNTAIN, 4)  # every fourth starts again
    assert angle(back[12]) == pytest.approx(-math.pi / 2)


def test_the_crawlers_ring_is_36_shots_turned_half_a_gap_each_volley(cfight) -> None:
    stage, boss = cfight
    first = volley(stage, boss, crawler.Crawler.RING, 0)
    second = volley(stage, boss, crawler.Crawler.RING, 1)
    assert len(first) == len(second) == 36
    assert all(speed(b) == pytest.approx(crawler.RING_SPEED) for b in first)
    assert angle(first[0]) == pytest.approx(0.0)
    assert angle(second[0]) == pytest.approx(math.pi / 36)


def test_the_crawlers_rain_reaches_across_the_arena_but_where_the_player_stood(cfight) -> None:
    stage, boss = cfight
    arena = boss.arena(stage)
    boss.mark = (arena.left + 200, boss.fy)
    xs = sorted(b.hitbox.centerx for b in volley(stage, boss, crawler.Crawler.RAIN, 0))
    assert xs[0] == pytest.approx(arena.left + 20)
    assert arena.right - 20 - crawler.RAIN_SPACING <= xs[-1] < arena.right - 20
    assert all(abs(x - (arena.left + 200)) > crawler.RAIN_GAP / 2 for x in xs)
    assert any(abs(x - (arena.left + 200)) < 48 for x in xs)


def test_the_crawlers_spirals_leave_a_lane_toward_the_player(cfight) -> None:
    stage, boss = cfight
    arena = boss.arena(stage)
    boss.mark = (boss.fx - 200, boss.fy)
    at = (boss.fx + 1, boss.fy - 94)
    toward = math.atan2(boss.fy - 14 - at[1], boss.fx - 200 - at[0])
    shots = volley(stage, boss, crawler.Crawler.SPIRAL, 1)
    assert all(speed(b) == pytest.approx(crawler.SPIRAL_SPEED) for b in shots)
    off = [abs((angle(b) - toward + math.pi) % (2 * math.pi) - math.pi) for b in shots]
    assert min(off) > crawler.LANE / 2
    # Two spirals of six arms turning opposite ways, less those in the lane.
    turns = {round(angle(b) % (math.pi / 3), 3) for b in shots}
    assert turns == {round(0.21, 3), round(-0.21 % (math.pi / 3), 3)}
    assert 8 <= len(shots) <= 12
    assert not any(b.vx == 0 and b.vy > 0 for b in shots)  # no rain on volley 1
    rainy = volley(stage, boss, crawler.Crawler.SPIRAL, 8)
    rain = [b for b in rainy if b.vx == 0 and b.hitbox.centery == pytest.approx(arena.top + 2)]
    assert len(rain) > 10
    xs = sorted(b.hitbox.centerx for b in rain)
    assert xs[0] == pytest.approx(arena.left + 28)  # its first row, half a space along
    assert arena.right - 20 - crawler.RAIN_SPACING <= xs[-1] < arena.right - 20


def test_the_crawlers_cannon_fires_aimed_darts_at_the_mark(cfight) -> None:
    stage, boss = cfight
    boss.mark = (boss.fx - 250, boss.fy)
    shots = volley(stage, boss, crawler.Crawler.LOCK, 0)
    assert len(shots) == 5 and all(b.style == "boss_aimed" for b in shots)
    assert all(b.team == "enemy" and b.damage == 1 for b in shots)
    assert all(b.hitbox.center == pytest.approx((boss.fx - 74, boss.fy - 35)) for b in shots)
    assert all(speed(b) == pytest.approx(crawler.BURST_SPEED) for b in shots)
    assert angle(shots[2]) == pytest.approx(aim_at(shots[2], boss.fx - 250, boss.fy - 10))
    assert spread(shots) == pytest.approx(0.16)


# -- the Overseer -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def overseer_fight(fighting) -> tuple[Stage, Boss]:
    stage, boss = fighting(LEVELS["overseer"])
    stage.bullets.clear()
    return stage, boss


@pytest.fixture
def ofight(overseer_fight):  # noqa: ANN001, ANN201
    stage, boss = overseer_fight
    stage.bullets.clear()
    return stage, boss


def test_the_overseers_curtains_fall_from_both_pods_widening(ofight) -> None:
    stage, boss = ofight
    shots = volley(stage, boss, overseer.Overseer.CURTAIN, 0)
    assert len(shots) == 6
    left = [b for b in shots if b.hitbox.centerx < boss.fx]
    right = [b for b in shots if b.hitbox.centerx > boss.fx]
    assert all(b.hitbox.center == pytest.approx((boss.fx - 55, boss.fy - 156)) for b in left)
    assert all(b.hitbox.center == pytest.approx((boss.fx + 55, boss.fy - 156)) for b in right)
    assert len(left) == len(right) == 3
    assert all(speed(b) == pytest.approx(overseer.CURTAIN_SPEED) for b in shots)
    # Straight down, splayed outward: the left pod's middle shot leans left, the right's right.
    assert angle(left[1]) == pytest.approx(math.pi / 2 + 0.06)
    assert angle(right[1]) == pytest.approx(math.pi / 2 - 0.06)
    assert spread(left) == pytest.approx(0.14)


def test_the_overseers_pods_glow_before_a_curtain_its_eye_before_the_rest(ofight) -> None:
    _, boss = ofight
    pods = boss.charge_points(overseer.Overseer.CURTAIN)
    assert pods == [(boss.fx - 55, boss.fy - 156), (boss.fx + 55, boss.fy - 156)]
    assert boss.charge_points(overseer.Overseer.DROP) == [(boss.fx, boss.fy - 142)]


def test_the_overseers_eye_drops_a_burst_on_the_mark(ofight) -> None:
    stage, boss = ofight
    boss.mark = (boss.fx - 120, boss.fy)
    shots = volley(stage, boss, overseer.Overseer.DROP, 0)
    assert len(shots) == 5 and all(b.style == "boss_aimed" for b in shots)  # darts, not orbs
    assert all(b.hitbox.center == pytest.approx((boss.fx, boss.fy - 142)) for b in shots)
    assert all(speed(b) == pytest.approx(overseer.BURST_SPEED) for b in shots)
    assert angle(shots[2]) == pytest.approx(aim_at(shots[2], boss.fx - 120, boss.fy - 10))
    assert spread(shots) == pytest.approx(0.22)


def test_the_overseers_ring_rain_and_spiral(ofight) -> None:
    stage, boss = ofight
    ring0 = volley(stage, boss, overseer.Overseer.RING, 0)
    ring1 = volley(stage, boss, overseer.Overseer.RING, 1)
    assert len(ring0) == 40 and all(speed(b) == pytest.approx(overseer.RING_SPEED) for b in ring0)
    assert angle(ring0[0]) == pytest.approx(0.0)
    assert angle(ring1[0]) == pytest.approx(math.pi / 40)
    arena = boss.arena(stage)
    boss.mark = (arena.left + 100, boss.fy)
    xs = sorted(b.hitbox.centerx for b in volley(stage, boss, overseer.Overseer.RAIN, 0))
    assert xs[0] == pytest.approx(arena.left + 20)
    assert arena.right - 36 <= xs[-1] < arena.right - 20
    assert all(abs(x - (arena.left + 100)) > 32 for x in xs)
    spiral = volley(stage, boss, overseer.Overseer.SPIRAL, 2)
    assert len(spiral) == 8
    assert all(speed(b) == pytest.approx(overseer.SPIRAL_SPEED) for b in spiral)
    assert angle(spiral[0]) == pytest.approx(0.34)


def test_the_wardens_rain_stops_60_px_short_of_its_wall_in_either_attack(tmp_path) -> None:
    """On a map where the arena starts at the map's edge, a column of rain falls 61 px
    from the Warden's feet: the last one before its wall."""
    rows = ["." * 60] * 30 + ["#" * 60] * 4
    rows[29] = "P" + rows[29][1:]
    stage = make_stage(tmp_path, [obj("Warden", 801, 30 * TILE, arena=2000)], rows=rows)
    boss = next(e for e in stage.entities if isinstance(e, Boss))
    assert boss.arena(stage).left == 0
    boss.mark = (100.0, boss.fy)
    rain = sorted(b.hitbox.centerx for b in volley(stage, boss, warden.Warden.RAIN, 0))
    assert rain[0] == 20 and rain[-1] == 801 - 61
    stage.bullets.clear()
    spiral = volley(stage, boss, warden.Warden.SPIRAL, 12)  # its second row of mortar rain
    xs = sorted(b.hitbox.centerx for b in spiral if b.vx == 0 and b.vy > 0)
    assert xs[0] == 20 and xs[-1] == 801 - 61  # row 2: two half spaces, back in step
    odd = sorted(b.hitbox.centerx for b in volley(stage, boss, warden.Warden.SPIRAL, 6))
    assert [x for x in odd if x < 100][:1] == [28]  # the first row: shifted half a space


@pytest.mark.parametrize("edge", [-1, 1])
def test_the_crawlers_lane_is_centred_on_the_players_chest(cfight, edge) -> None:
    """The lane points at 14 px over the mark's feet: an arm a hair outside its edge
    still flies, one a hair inside is left out (the mark close, so a pixel shows)."""
    stage, boss = cfight
    at = (boss.fx + 1, boss.fy - 94)
    arm = 0.21 + 2 * math.pi / 3  # one arm of volley 1's first spiral, down and left
    for inside, margin in ((False, 0.005), (True, -0.005)):
        chest = arm + edge * (crawler.LANE / 2 + margin)
        boss.mark = (at[0] + 40 * math.cos(chest), at[1] + 40 * math.sin(chest) + 14)
        stage.bullets.clear()
        shots = volley(stage, boss, crawler.Crawler.SPIRAL, 1)
        flies = any(abs(angle(b) - arm) < 1e-6 for b in shots)
        assert flies != inside, (edge, inside)
