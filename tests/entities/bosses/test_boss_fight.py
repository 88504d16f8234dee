"""What every boss fight shares, at its exact edges: where the arena lies on small or odd
maps, the step the player's position closes it, the shutter that drops and lifts again
as it was, the rhythm of an attack, a wound's effects, and the death sequence.

(tests/entities/bosses/test_boss.py plays the fights on the campaign levels.)
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest

from ascii_maps import make_stage, obj
from gunner.config import TILE, VIEW_H, VIEW_W
from gunner.entities import boss_arena, boss_death
from gunner.entities.boss import INTRO_STEPS, SHIFT_STEPS, TRIGGER, Boss
from gunner.entities.boss_death import DEATH_EVERY, DEATH_STEPS
from gunner.entities.enemy import FLASH_TIME
from gunner.entities.warden import Warden
from gunner.events import HURT, KILLED
from gunner.input import Buttons as B
from gunner.level import SOLID
from gunner.stage import Stage
from gunner.timer import steps

FLOOR_ROW = 30
ROWS = ["." * 60] * FLOOR_ROW + ["#" * 60] * 10  # a 60 x 40 tile field, floor at row 30
FY = FLOOR_ROW * TILE


def field(tmp_path: Path, x: float, rows: list[str] | None = None, **props: object) -> Stage:
    """The field with a Warden whose feet are at (x, FY), the player far left."""
    rows = list(rows or ROWS)
    rows[FLOOR_ROW - 1] = "P" + rows[FLOOR_ROW - 1][1:]
    return make_stage(tmp_path, [obj("Warden", x, FY, **props)], rows=rows, objective="boss")


def boss_of(stage: Stage) -> Boss:
    return next(e for e in stage.entities if isinstance(e, Boss))


def stand(stage: Stage, left: float, bottom: float = FY) -> None:
    stage.player.hitbox.bottomleft = (left, bottom)
    stage.player.vx = stage.player.vy = 0.0


def part(boss: Boss, name: str) -> pygame.FRect:
    return next(rect for p, rect in boss.parts() if p.name == name)


def fight(stage: Stage) -> Boss:
    boss = boss_of(stage)
    arena = boss.arena(stage)
    stand(stage, arena.left + 3 * TILE)
    for _ in range(INTRO_STEPS + 2):
        stage.step(B.NONE)
    assert boss.state == "fight"
    return boss


# -- the arena ------------------------------------------------------------------------------


def test_the_arena_is_one_screen_left_of_the_boss_with_the_floor_near_its_bottom(tmp_path):
    stage = field(tmp_path, 50 * TILE)
    boss = boss_of(stage)
    assert boss.arena(stage) == pygame.FRect(
        50 * TILE - 400, FY + 2 * TILE - VIEW_H, VIEW_W, VIEW_H
    )


def test_a_wide_arena_stops_at_the_maps_left_edge(tmp_path):
    stage = field(tmp_path, 50 * TILE, arena=2000)
    assert boss_of(stage).arena(stage).left == 0


def test_a_boss_near_the_maps_right_edge_keeps_its_arena_on_the_map(tmp_path):
    # Its feet 5 tiles from the edge: the Warden (8 tiles wide) fits on the map,
    # which loading now insists on.
    stage = field(tmp_path, 55 * TILE, arena=100)
    assert boss_of(stage).arena(stage).right == 60 * TILE


def test_an_arena_near_the_maps_top_and_bottom_stays_on_the_map(tmp_path):
    low = ["." * 60] * 4 + ["#" * 60] * 2  # the floor one row above the bottom
    rows = low[:]
    rows[3] = "P" + rows[3][1:]
    stage = make_stage(tmp_path, [obj("Warden", 50 * TILE, 4 * TILE)], rows=rows)
    arena = boss_of(stage).arena(stage)
    assert (arena.top, arena.bottom) == (0, VIEW_H)  # the map is shorter than a screen


def test_the_arena_closes_the_step_the_player_is_a_trigger_past_the_shutter(tmp_path):
    stage = field(tmp_path, 50 * TILE)
    boss = boss_of(stage)
    arena = boss.arena(stage)
    stand(stage, arena.left + TILE + TRIGGER - 1)
    stage.step(B.NONE)
    assert boss.state == "dormant" and stage.camera.bounds is None
    assert not boss.engaged and boss.charging is None  # no bar on the HUD, no glow
    stand(stage, arena.left + TILE + TRIGGER)
    stage.events.clear()
    stage.step(B.NONE)
    assert boss.state == "intro" and boss.engaged
    assert stage.camera.bounds == arena
    assert stage.message == "WARNING: WARDEN" and "boss_roar" in stage.events
    assert stage.trauma > 0
    assert stage.checkpoint == (arena.left + 3 * TILE, FY)


@pytest.mark.parametrize("above", [True, False])
def test_a_player_above_or_below_the_arena_does_not_close_it(tmp_path, above):
    stage = field(tmp_path, 50 * TILE)
    boss = boss_of(stage)
    arena = boss.arena(stage)
    bottom = arena.top - 1 if above else arena.bottom + TILE + 1
    for _ in range(3):
        stand(stage, arena.left + 5 * TILE, bottom)
        stage.step(B.NONE)
    assert boss.state == "dormant"
    stand(stage, arena.left + 5 * TILE, arena.top + 24)  # the top edge counts as inside
    stage.step(B.NONE)
    assert boss.state == "intro"


def test_a_dead_player_never_closes_the_arena(tmp_path):
    stage = field(tmp_path, 50 * TILE)
    boss = boss_of(stage)
    stand(stage, boss.arena(stage).left + 5 * TILE)
    stage.player.alive = False
    boss.tick(stage)
    assert boss.state == "dormant" and not boss.gate


def test_the_shutter_drops_above_the_floor_and_lifts_leaving_the_column_as_it_was(tmp_path):
    stage = field(tmp_path, 50 * TILE)
    boss = boss_of(stage)
    arena = boss.arena(stage)
    col = int(arena.left // TILE)
    top = int(arena.top // TILE)
    stage.tilemap.set_cell(col, FLOOR_ROW - 3, SOLID)  # a block already in the column
    before = [stage.tilemap.cell(col, row) for row in range(40)]
    stand(stage, arena.left + 3 * TILE)
    stage.step(B.NONE)
    assert [row for _, row, _ in boss.gate] == list(range(top, FLOOR_ROW))
    for row in range(40):
        expected = SOLID if top <= row < FLOOR_ROW else before[row]
        assert stage.tilemap.cell(col, row) == expected, row
    boss.wound(boss.health, stage)  # (ignored: still in its intro)
    assert boss.state == "intro"
    boss.enter("fight")
    boss.wound(boss.health, stage)
    for _ in range(DEATH_STEPS + 2):
        stage.step(B.NONE)
    assert [stage.tilemap.cell(col, row) for row in range(40)] == before
    assert stage.camera.bounds is None and not boss.gate


def test_the_shutter_at_the_maps_top_starts_at_row_0(tmp_path):
    rows = ["." * 60] * 8 + ["#" * 60] * 2
    rows[7] = "P" + rows[7][1:]
    stage = make_stage(tmp_path, [obj("Warden", 50 * TILE, 8 * TILE)], rows=rows)
    boss = boss_of(stage)
    stand(stage, boss.arena(stage).left + 3 * TILE, 8 * TILE)
    stage.step(B.NONE)
    assert [row for _, row, _ in boss.gate] == list(range(8))


# -- the fight --------------------------------------------------------------------------------


def test_an_attack_marks_where_the_player_stood_when_it_began_to_charge(tmp_path):
    stage = field(tmp_path, 50 * TILE)
    boss = fight(stage)
    stage.player.invulnerable = 1e9
    assert boss.attack_step == 1
    marked = boss.mark
    assert marked == pytest.approx(stage.player.hitbox.midbottom, abs=2)
    stand(stage, stage.player.hitbox.left + 40)
    for _ in range(5):
        stage.step(B.NONE)
    assert boss.mark == marked  # the mark holds for the whole attack


def test_volleys_come_on_their_steps_then_the_next_attack_begins(tmp_path):
    stage = field(tmp_path, 50 * TILE)
    boss = fight(stage)
    stage.player.invulnerable = 1e9
    fan, lock = Warden.FAN, Warden.LOCK
    shots: list[int] = []
    shot_events = []
    stage.subscribe("shot", lambda source, **_: shot_events.append(source))
    start = boss.attack_step
    for step in range(start, fan.steps + lock.steps + fan.steps):
        attack = boss.current
        glowing = boss.attack_step < attack.telegraph
        assert boss.charging is (attack if glowing else None)
        stage.events.clear()
        stage.step(B.NONE)
        if "enemy_shoot" in stage.events:
            shots.append(step)
    # The fan: 30 steps of charge, 6 volleys 14 apart, 30 quiet steps after the last
    # (131 in all); the lock: 30 of charge, 3 volleys 12 apart, 40 quiet (95); again.
    assert (fan.telegraph, fan.volleys, fan.every, fan.rest) == (30, 6, 14, 30)
    assert (lock.telegraph, lock.volleys, lock.every, lock.rest) == (30, 3, 12, 40)
    assert (fan.steps, lock.steps) == (131, 95)
    expected = [30, 44, 58, 72, 86, 100]
    expected += [131 + 30, 131 + 42, 131 + 54]
    expected += [226 + s for s in expected[:6]]
    assert shots == expected
    assert all(source is boss for source in shot_events) and len(shot_events) == len(shots)


def test_a_wound_flashes_publishes_the_hurt_and_nothing_happens_for_no_damage(tmp_path):
    stage = field(tmp_path, 50 * TILE)
    boss = fight(stage)
    hurt = []
    stage.subscribe(HURT, lambda source, **data: hurt.append((source, data["amount"])))
    health = boss.health
    boss.wound(0, stage)
    boss.wound(-3, stage)
    assert boss.health == health and not hurt and not boss.flash
    stage.events.clear()
    boss.wound(2, stage)
    assert boss.health == health - 2 and hurt == [(boss, 2)]
    assert boss.flash and "enemy_hit" in stage.events


def test_a_rockets_blast_counts_when_the_rocket_itself_strikes_the_core(tmp_path, shot_at):
    stage = field(tmp_path, 50 * TILE)
    boss = fight(stage)
    health = boss.health
    boss.hit(shot_at(part(boss, "core"), damage=2, blast=3), stage)
    assert boss.health == health - 5


def test_a_phase_change_blows_a_plate_off(tmp_path):
    stage = field(tmp_path, 50 * TILE)
    boss = fight(stage)
    assert boss.frame_index() == 0
    stage.events.clear()
    stage.feedback.trauma = 0.0
    effects = len(stage.effects)
    boss.wound(boss.health - boss.phase_thresholds()[0], stage)
    assert boss.state == "shift" and boss.frame_index() == 1
    assert "boss_roar" in stage.events and stage.trauma >= 0.5
    assert any(e.name == "explosion" for e in stage.effects[effects:])
    for _ in range(SHIFT_STEPS):
        stage.step(B.NONE)
    assert boss.state == "fight" and (boss.attack, boss.attack_step) == (0, 0)
    stage.events.clear()
    stage.step(B.NONE)
    assert "boss_charge" in stage.events  # the first attack of the new phase


def test_the_health_on_a_threshold_is_the_next_phase():
    boss = Warden(500.0, 300.0)
    assert [boss.phase_for(h) for h in (90, 61, 60, 31, 30, 1, 0)] == [0, 0, 1, 1, 2, 2, 2]


def test_a_player_pushed_into_the_hull_is_put_outside_and_stopped(tmp_path):
    stage = field(tmp_path, 50 * TILE)
    boss = fight(stage)
    hull = part(boss, "hull")
    player = stage.player
    player.hitbox.bottomright = (hull.left + 10, FY)
    player.vx = 200.0
    boss_arena.block(boss, stage)
    assert player.hitbox.right == hull.left and player.vx == 0.0
    player.vx = -50.0
    boss_arena.block(boss, stage)
    assert player.vx == -50.0  # moving away: untouched
    stage.check_invariants()


# -- dying ------------------------------------------------------------------------------------


def test_the_death_sequence_chains_explosions_over_the_body_then_is_counted_once(tmp_path):
    stage = field(tmp_path, 50 * TILE)
    boss = fight(stage)
    killed = []
    stage.subscribe(KILLED, lambda source, **_: killed.append(source))
    stage.bullets.spawn(boss.fx - 300, FY - 100, -100.0, 0.0, team="player")
    stage.bullets.spawn(boss.fx - 300, FY - 60, -100.0, 0.0, team="enemy")
    boss.wound(boss.health, stage)
    assert boss.state == "dying" and boss.frame_index() == len(Warden.PHASES)
    assert boss.contact_damage == 0 and not boss.shootable
    stage.step(B.NONE)
    assert [b.team for b in stage.bullets.live] == ["player"]  # only its side's vanish
    box = boss.hitbox.copy()
    bangs = []
    for step in range(2, DEATH_STEPS + 1):
        first = len(stage.effects)
        stage.events.clear()
        stage.step(B.NONE)
        new = [e for e in stage.effects[first:] if e.name == "explosion"]
        if step < DEATH_STEPS:
            bangs += [(step, e) for e in new]
            assert boss.alive and not killed
    assert [s for s, _ in bangs] == list(range(DEATH_EVERY, DEATH_STEPS, DEATH_EVERY))
    sizes = [e.size for _, e in bangs]
    assert sizes[:3] == [40, 48, 32] and len(set(sizes)) == 3
    assert all(box.collidepoint(e.x, e.y) for _, e in bangs)
    assert len({(round(e.x), round(e.y)) for _, e in bangs}) == len(bangs)
    assert not boss.alive and killed == [boss]
    assert stage.message == "WARDEN DESTROYED"
    assert stage.effects[-1].size == box.height


def test_armour_throws_four_sparks_and_a_clank(tmp_path, shot_at):
    stage = field(tmp_path, 50 * TILE)
    boss = fight(stage)
    stage.particles.clear()
    stage.events.clear()
    boss.hit(shot_at(part(boss, "hull")), stage)
    assert len(stage.particles) == 4 and stage.events == ["boss_clank"]


def test_its_bullets_pop_as_they_vanish_a_little_burst_for_every_twelfth(tmp_path):
    stage = field(tmp_path, 50 * TILE)
    boss = fight(stage)
    stage.particles.clear()
    for k in range(25):
        stage.bullets.spawn(boss.fx - 300 + 4 * k, FY - 100, -10.0, 0.0, team="enemy")
    boss_death.cancel_bullets(stage)
    assert len(stage.particles) == 3 * 2  # bullets 0, 12 and 24, two sparks each
    assert all(b.life == 0.0 for b in stage.bullets.live)


def test_a_boss_with_no_parts_or_phases_is_a_point_that_never_attacks():
    bare = Boss(100.0, 200.0)
    assert bare.hitbox == pygame.FRect(100, 200, 1, 1)
    assert bare.weak_parts() == () and bare.current is None and bare.phase_for(1) == 0


@pytest.mark.parametrize("health", [0, 1])
def test_a_boss_given_almost_no_health_still_has_sensible_phases(health):
    boss = Warden(500.0, 300.0, {"health": health})
    assert boss.full_health == 1
    # With one health point no phase ends before the hit that kills it, and the marks
    # agree with `phase_for`: at 1 health it is still in its first phase.
    assert boss.phase_thresholds() == [0, 0] and boss.phase_for(1) == 0


@pytest.mark.parametrize("name", ["Warden", "Crawler", "Overseer"])
def test_the_outline_of_a_boss_holds_every_part(tmp_path, name):
    """Bullets and bodies meet a boss inside its outline: no part may stick out of it."""
    stage = make_stage(
        tmp_path, [obj(name, 50 * TILE, FY)], rows=ROWS[:29] + ["P" + "." * 59] + ROWS[30:]
    )
    boss = boss_of(stage)
    rects = [rect for _, rect in boss.parts()]
    assert boss.hitbox == rects[0].unionall(rects[1:])
    assert all(boss.hitbox.contains(rect) for rect in rects)


def test_a_wounds_flash_ends_after_its_moment(tmp_path):
    stage = field(tmp_path, 50 * TILE)
    boss = fight(stage)
    boss.wound(1, stage)
    assert boss.flash
    for _ in range(steps(FLASH_TIME)):
        stage.step(B.NONE)
    assert not boss.flash


def test_a_dormant_overseer_hangs_still_until_the_arena_closes(tmp_path):
    stage = make_stage(
        tmp_path, [obj("Overseer", 50 * TILE, FY)], rows=ROWS[:29] + ["P" + "." * 59] + ROWS[30:]
    )
    boss = boss_of(stage)
    for _ in range(30):
        stage.step(B.NONE)
    assert boss.state == "dormant" and boss.fx == boss.home and boss.flight == 0


@pytest.mark.parametrize("edge", ["top", "floor"])
def test_the_arena_closes_for_a_player_standing_on_its_top_or_a_tile_under_it(tmp_path, edge):
    stage = field(tmp_path, 50 * TILE)
    boss = boss_of(stage)
    arena = boss.arena(stage)
    stand(stage, arena.left + 5 * TILE, arena.top if edge == "top" else arena.bottom + TILE)
    boss_arena.wait(boss, stage)
    assert boss.state == "intro"


def test_walking_into_the_warden_stops_at_its_hull(tmp_path):
    stage = field(tmp_path, 50 * TILE)
    boss = fight(stage)
    stage.player.invulnerable = 1e9
    hull = part(boss, "hull")
    for _ in range(300):
        stage.step(B.RIGHT)
        assert stage.player.hitbox.right <= hull.left + 0.01
    assert stage.player.hitbox.right == pytest.approx(hull.left, abs=2)


def test_a_pacing_crawlers_outline_goes_with_it(tmp_path):
    stage = make_stage(
        tmp_path, [obj("Crawler", 50 * TILE, FY)], rows=ROWS[:29] + ["P" + "." * 59] + ROWS[30:]
    )
    boss = fight(stage)
    stage.player.invulnerable = 1e9
    boss.wound(boss.health - boss.phase_thresholds()[0], stage)
    for _ in range(SHIFT_STEPS + 30):
        stage.step(B.NONE)
    assert boss.fx < boss.home
    rects = [rect for _, rect in boss.parts()]
    assert boss.hitbox == rects[0].unionall(rects[1:])


# -- what the player sees and hears ----------------------------------------------------------


class Record:
    """Every screen shake, spray of debris and big explosion a stage makes, as calls."""

    def __init__(self, stage: Stage) -> None:
        self.shakes: list[float] = []
        self.debris: list[tuple[float, float, int]] = []
        self.explosions: list[tuple[float, float, float]] = []
        self.sparks: list[tuple[int, float]] = []
        # Shakes come from the world's feedback (its events, and what entities ask for).
        feedback = stage.feedback
        shake, debris, explosion = feedback.shake, stage.particles.debris, stage.particles.explosion
        sparks = stage.particles.sparks

        def on_sparks(x: float, y: float, count: int = 6, speed: float = 140.0) -> None:
            self.sparks.append((count, speed))
            sparks(x, y, count, speed)

        def on_shake(trauma: float) -> None:
            self.shakes.append(trauma)
            shake(trauma)

        def on_debris(x: float, y: float, count: int = 6) -> None:
            self.debris.append((x, y, count))
            debris(x, y, count)

        def on_explosion(x: float, y: float, radius: float = 32.0) -> None:
            self.explosions.append((x, y, radius))
            explosion(x, y, radius)

        feedback.shake = on_shake  # type: ignore[method-assign]
        stage.particles.debris = on_debris  # type: ignore[method-assign]
        stage.particles.explosion = on_explosion  # type: ignore[method-assign]
        stage.particles.sparks = on_sparks  # type: ignore[method-assign]

    def clear(self) -> None:
        self.shakes.clear()
        self.debris.clear()
        self.explosions.clear()


def test_closing_the_arena_shakes_the_screen_once(tmp_path):
    stage = field(tmp_path, 50 * TILE)
    boss = boss_of(stage)
    seen = Record(stage)
    stand(stage, boss.arena(stage).left + 3 * TILE)
    stage.step(B.NONE)
    assert boss.state == "intro" and seen.shakes == [0.4]


def test_a_phase_change_blows_the_plate_off_above_the_bodys_middle(tmp_path):
    stage = field(tmp_path, 50 * TILE)
    boss = fight(stage)
    seen = Record(stage)
    x, y = boss.hitbox.center
    effects = len(stage.effects)
    boss.wound(boss.health - boss.phase_thresholds()[0], stage)
    assert seen.shakes == [0.5]
    [plate] = stage.effects[effects:]
    assert (plate.name, plate.x, plate.y) == ("explosion", x, y - 20)
    assert (x, y - 20, 10) in seen.debris  # beside the explosion's own


def test_the_killing_wound_roars_and_shakes_hard_once(tmp_path):
    stage = field(tmp_path, 50 * TILE)
    boss = fight(stage)
    seen = Record(stage)
    stage.events.clear()
    boss.wound(boss.health, stage)
    assert seen.shakes == [0.8] and stage.events.count("boss_roar") == 1


def test_each_blast_of_the_death_throws_debris_and_shakes_and_every_other_one_booms(tmp_path):
    stage = field(tmp_path, 50 * TILE)
    boss = fight(stage)
    boss.wound(boss.health, stage)
    box = boss.hitbox.copy()
    seen = Record(stage)
    booms: list[int] = []
    for step in range(1, DEATH_STEPS):
        seen.clear()
        first = len(stage.effects)
        stage.events.clear()
        stage.step(B.NONE)
        bangs = [e for e in stage.effects[first:] if e.name == "explosion"]
        if step % DEATH_EVERY:
            assert not bangs and not seen.shakes and not seen.debris, step
            continue
        [bang] = bangs
        assert (bang.x, bang.y, 4) in seen.debris and seen.shakes == [0.25]
        if "explosion" in stage.events:
            booms.append(step // DEATH_EVERY)
    assert booms == list(range(2, DEATH_STEPS // DEATH_EVERY + 1, 2))
    # The last: one blast the size of the body at its middle, the hardest shake, a boom.
    seen.clear()
    stage.events.clear()
    first = len(stage.effects)
    stage.step(B.NONE)
    assert not boss.alive
    [last] = [e for e in stage.effects[first:] if e.name == "explosion"]
    assert (last.x, last.y, last.size) == (box.centerx, box.centery, box.height)
    assert (box.centerx, box.centery, 64) in seen.explosions
    assert seen.shakes == [1.0] and stage.events.count("explosion") == 1


def test_the_death_scatter_spreads_its_blasts_over_the_whole_body(tmp_path):
    stage = field(tmp_path, 50 * TILE)
    boss = fight(stage)
    boss.wound(boss.health, stage)
    box = boss.hitbox.copy()
    bangs = []
    for _ in range(DEATH_STEPS - 1):
        first = len(stage.effects)  # (effects that have played out leave the list)
        stage.step(B.NONE)
        bangs += [(e.x, e.y) for e in stage.effects[first:] if e.name == "explosion"]
    # Consecutive blasts jump across the body (never a slow crawl), and every quarter of
    # it, left and right, top and bottom, gets some.
    for (x0, y0), (x1, y1) in zip(bangs, bangs[1:], strict=False):
        assert abs(x1 - x0) > box.width / 4 or abs(y1 - y0) > box.height / 4
    for left in (True, False):
        for top in (True, False):
            assert any((x < box.centerx) == left and (y < box.centery) == top for x, y in bangs), (
                left,
                top,
            )
    # The first lands where the scatter starts: 0.618 across and 0.582 down the body.
    x, y = bangs[0]
    assert x == pytest.approx(box.left + box.width * 0.618)
    assert y == pytest.approx(box.top + box.height * 0.582)


def test_a_dead_player_lying_in_the_hull_is_left_where_they_fell(tmp_path):
    stage = field(tmp_path, 50 * TILE)
    boss = fight(stage)
    player = stage.player
    player.hitbox.bottomright = (part(boss, "hull").left + 10, FY)
    player.alive = False
    where = player.hitbox.copy()
    boss_arena.block(boss, stage)
    assert player.hitbox == where


def test_a_spray_fires_one_boss_orb_per_velocity_and_says_how_many(tmp_path):
    stage = field(tmp_path, 50 * TILE)
    boss = boss_of(stage)
    before = len(stage.bullets)
    fired = boss.spray(stage, (300.0, 200.0), np.array([[100.0, 0.0], [0.0, -50.0], [-3.0, 4.0]]))
    assert fired == 3 and len(stage.bullets) == before + 3
    new = stage.bullets.live[before:]
    assert [(b.vx, b.vy) for b in new] == [(100.0, 0.0), (0.0, -50.0), (-3.0, 4.0)]
    assert {(b.team, b.style) for b in new} == {("enemy", "boss")}


def test_an_arena_at_the_maps_left_edge_drops_its_shutter_in_the_first_column(tmp_path):
    stage = field(tmp_path, 50 * TILE, arena=2000)
    boss = boss_of(stage)
    arena = boss.arena(stage)
    stand(stage, arena.left + 3 * TILE)
    stage.step(B.NONE)
    assert boss.gate and {col for col, _, _ in boss.gate} == {0}
    assert all(stage.tilemap.cell(0, row) == SOLID for _, row, _ in boss.gate)


def test_the_vanishing_bullets_pop_softly(tmp_path):
    stage = field(tmp_path, 50 * TILE)
    boss = fight(stage)
    for k in range(13):
        stage.bullets.spawn(boss.fx - 300 + 4 * k, FY - 100, -10.0, 0.0, team="enemy")
    seen = Record(stage)
    boss_death.cancel_bullets(stage)
    assert seen.sparks == [(2, 60)] * 2  # two slow sparks for bullets 0 and 12


def test_every_volley_puts_the_boss_orbs_in_the_air(tmp_path):
    stage = field(tmp_path, 50 * TILE)
    boss = fight(stage)
    stage.player.invulnerable = 1e9
    fan = Warden.FAN
    volleys = 0
    for _ in range(fan.steps - boss.attack_step):
        before = len(stage.bullets)
        stage.events.clear()
        stage.step(B.NONE)
        if "enemy_shoot" in stage.events:
            volleys += 1
            assert len(stage.bullets) > before
    assert volleys == fan.volleys
    assert boss.current is Warden.LOCK and boss.attack_step == 0


def test_the_telegraph_glows_at_the_muzzle_of_the_coming_attack(tmp_path):
    stage = field(tmp_path, 50 * TILE)
    boss = fight(stage)
    assert boss.charging is Warden.FAN
    assert boss.charge_points(Warden.FAN) == [boss.muzzle("top")]
    assert boss.charge_points(Warden.LOCK) == [boss.muzzle("low")]


def test_a_bullet_at_rest_inside_the_core_strikes_the_core(tmp_path, shot_at):
    stage = field(tmp_path, 50 * TILE)
    boss = fight(stage)
    core = part(boss, "core")
    still = shot_at(core)
    still.hitbox.center = core.center
    still.vx = still.vy = 0.0
    assert boss.struck_part(still).name == "core"


@pytest.mark.parametrize(
    ("vx", "vy", "start", "expected"),
    [
        # Flying right at the reactor's height from the outline's left edge: the reactor,
        # 12 px in, comes first; the hull behind it is never reached.
        (380.0, 0.0, ("left", "reactor"), "reactor"),
        # Falling onto the hull's top from above it.
        (0.0, 300.0, ("top", "hull"), "hull"),
        # Fired left into the hull from inside the arena's right side: the hull.
        (-380.0, 0.0, ("right", "hull"), "hull"),
    ],
)
def test_a_shot_meets_the_first_part_along_its_flight(tmp_path, vx, vy, start, expected, shot_at):
    stage = field(tmp_path, 50 * TILE)
    boss = fight(stage)
    side, name = start
    target, box = part(boss, name), boss.hitbox
    shot = shot_at(target)
    if side == "left":
        shot.hitbox.midright = (box.left, target.centery)
    elif side == "top":
        shot.hitbox.midbottom = (target.centerx, box.top)
    else:
        shot.hitbox.midleft = (box.right, target.centery)
    shot.vx, shot.vy = vx, vy
    assert boss.struck_part(shot).name == expected


def test_a_diagonal_shot_keeps_its_slant_through_the_body(tmp_path, shot_at):
    # Fired up and to the right from the outline's left edge, below the reactor: on its
    # slant it meets the reactor; flat it would meet the hull, steep the top cannon.
    stage = field(tmp_path, 50 * TILE)
    boss = fight(stage)
    shot = shot_at(part(boss, "reactor"))
    shot.hitbox.center = (boss.hitbox.left, boss.fy - 90)
    shot.vx, shot.vy = 300.0, -300.0
    assert boss.struck_part(shot).name == "reactor"


def test_a_bullet_touching_the_hull_and_the_core_at_once_strikes_the_armour(tmp_path, shot_at):
    # Where the core sinks into the hull a bullet overlaps both: the armour, first in
    # the boss's parts, takes it.
    stage = field(tmp_path, 50 * TILE)
    boss = fight(stage)
    hull, core = part(boss, "hull"), part(boss, "core")
    shot = shot_at(core)
    shot.hitbox.center = ((hull.left + core.right) / 2, core.centery)
    assert hull.colliderect(shot.hitbox) and core.colliderect(shot.hitbox)
    health = boss.health
    boss.hit(shot, stage)
    assert boss.struck_part(shot).name == "hull" and boss.health == health


def test_each_volley_is_fired_with_its_number_in_the_attack(tmp_path):
    stage = field(tmp_path, 50 * TILE)
    boss = fight(stage)
    stage.player.invulnerable = 1e9
    fired: list[tuple[str, int]] = []
    fire = boss.fire

    def recorded(attack, volley, stage):
        fired.append((attack.name, volley))
        fire(attack, volley, stage)

    boss.fire = recorded  # type: ignore[method-assign]
    for _ in range(Warden.FAN.steps + Warden.LOCK.steps):
        stage.step(B.NONE)
    assert fired == [("fan", n) for n in range(6)] + [("lock", n) for n in range(3)]


def test_the_last_phase_cycles_spiral_rain_lock_in_that_order(tmp_path):
    stage = field(tmp_path, 50 * TILE)
    boss = fight(stage)
    stage.player.invulnerable = 1e9
    boss.wound(boss.health - boss.phase_thresholds()[1], stage)
    assert boss.phase == 2
    for _ in range(SHIFT_STEPS):
        stage.step(B.NONE)
    begun: list[str] = []
    for _ in range(Warden.SPIRAL.steps + Warden.RAIN.steps + Warden.LOCK.steps + 2):
        if boss.attack_step == 0:
            begun.append(boss.current.name)
        stage.step(B.NONE)
    assert begun == ["spiral", "rain", "lock", "spiral"]


def test_a_boss_left_with_one_health_fights_on(tmp_path):
    stage = field(tmp_path, 50 * TILE)
    boss = fight(stage)
    boss.wound(boss.health - 1, stage)
    assert boss.health == 1 and boss.state == "shift" and boss.shootable
    for _ in range(SHIFT_STEPS):
        stage.step(B.NONE)
    boss.wound(1, stage)
    assert boss.state == "dying"
