"""Bullets, pinned where the mutation run (`make mutants`) found nothing watching:
where a bullet stops (on a wall, on an entity, at the map's edge), what it hits first,
who it may hit, when it fades, what the handles report, and that a volley too big for
the few-bullet path plays out exactly as the same bullets would one by one."""

from __future__ import annotations

import math

import pytest

from ascii_maps import write_map
from gunner.bullets import BULLET_LIFE, BULLET_SIZE
from gunner.bullets import step as bullets_module
from gunner.config import DT, TILE
from gunner.input import Buttons
from gunner.level import load_level
from gunner.stage import HITSTOP_KILL, Stage

HALF = BULLET_SIZE / 2
# A walled room: floor at row 8, walls at columns 0 and 29.
ROOM = ["#" * 30] + ["#" + "." * 28 + "#"] * 6 + ["#..P" + "." * 25 + "#"] + ["#" * 30]
OPEN = ["." * 30] * 8 + ["..P" + "." * 27] + ["#" * 30]


@pytest.fixture(autouse=True, params=["few", "many"])
def path(request, monkeypatch):
    """Every test here runs twice: with its bullets on the few-bullet path (plain
    floats) and on the vectorized one (numpy), which must behave alike."""
    monkeypatch.setattr(bullets_module, "FEW_BULLETS", 1000 if request.param == "few" else 0)
    return request.param


def stage_of(tmp_path, rows) -> Stage:
    stage = Stage(load_level(write_map(tmp_path, rows), images=False))
    stage.player.invulnerable = float("inf")
    return stage


def steps(stage: Stage, n: int) -> None:
    for _ in range(n):
        stage.step(Buttons.NONE)
        stage.check_invariants()


def soldier_at(stage: Stage, col: float, health: int, row: int = 8):
    """A soldier standing at column ``col`` on the floor (ROOM's: row 8)."""
    stage.spawn("Soldier", col * TILE, row * TILE, {"health": health})
    return stage.entities[-1]


def impacts(stage: Stage) -> list[tuple[float, float]]:
    return [(e.x, e.y) for e in stage.effects if e.name == "impact"]


def test_a_bullet_stops_flush_against_the_wall_it_meets(tmp_path):
    stage = stage_of(tmp_path, ROOM)
    right = stage.bullets.spawn(20 * TILE, 3 * TILE + 5, 600.0, 0.0, team="player")
    left = stage.bullets.spawn(10 * TILE, 4 * TILE + 5, -600.0, 0.0, team="player")
    up = stage.bullets.spawn(15 * TILE + 3, 5 * TILE, 0.0, -600.0, team="player")
    # 10 px a step: the right one meets its wall (144 px off) in the 15th step.
    steps(stage, 14)
    assert right.alive and right.hitbox.centerx == pytest.approx(20 * TILE + 140)
    steps(stage, 2)
    assert not right.alive and not left.alive and not up.alive
    # The spark sits where the bullet's centre met the tile face.
    assert sorted(impacts(stage)) == sorted(
        [(29 * TILE, 3 * TILE + 5), (TILE, 4 * TILE + 5), (15 * TILE + 3, TILE)]
    )
    assert stage.events.count("hit_wall") == 3


def test_a_bullet_strikes_the_nearer_of_two_enemies_at_its_face(tmp_path):
    stage = stage_of(tmp_path, ROOM)
    stage.spawn("Soldier", 20 * TILE, 8 * TILE, {"health": 5})
    stage.spawn("Soldier", 17 * TILE, 8 * TILE, {"health": 5})
    far, near = stage.entities[-2:]
    y = near.hitbox.centery
    # 900 px/s: 15 px a step, so one step's path can cross both.
    bullet = stage.bullets.spawn(16 * TILE - 20, y, 2400.0, 0.0, team="player", damage=2)
    stage.step(Buttons.NONE)
    face = near.hitbox.left  # where it had walked to when the bullets moved
    assert not bullet.alive
    assert near.health == 3 and far.health == 5
    assert stage.bullets.hits == 1
    ((x, iy),) = impacts(stage)
    assert iy == pytest.approx(y) and x == pytest.approx(face - HALF)


def test_a_wall_between_shields_what_is_behind_it(tmp_path):
    rows = [r[:18] + "#" + r[19:] if 1 <= i <= 7 else r for i, r in enumerate(ROOM)]
    stage = stage_of(tmp_path, rows)
    stage.spawn("Soldier", 19 * TILE + 10, 8 * TILE, {"health": 5})
    soldier = stage.entities[-1]
    # Fast enough to reach the soldier in one step were the wall not there.
    bullet = stage.bullets.spawn(18 * TILE - 10, soldier.hitbox.centery, 2400.0, 0.0, team="player")
    stage.step(Buttons.NONE)
    assert not bullet.alive and soldier.health == 5 and stage.bullets.hits == 0
    assert impacts(stage) == [(18 * TILE, soldier.hitbox.centery)]


def test_a_second_bullet_flies_on_through_where_the_first_killed(tmp_path):
    stage = stage_of(tmp_path, ROOM)
    soldier = soldier_at(stage, 15, 1)
    y = soldier.hitbox.centery
    first = stage.bullets.spawn(13 * TILE, y, 600.0, 0.0, team="player")
    second = stage.bullets.spawn(13 * TILE - 4, y, 600.0, 0.0, team="player")
    steps(stage, 8)
    assert not soldier.alive and not first.alive
    assert second.alive and second.hitbox.centerx > soldier.hitbox.right
    assert stage.bullets.hits == 1 and stage.kills == 1


def test_teams_pass_their_own_and_only_player_hits_count(tmp_path):
    stage = stage_of(tmp_path, ROOM)
    soldier = soldier_at(stage, 15, 5)
    y = soldier.hitbox.centery
    friendly = stage.bullets.spawn(12 * TILE, y, 300.0, 0.0, team="enemy")
    steps(stage, 20)
    assert friendly.alive or friendly.hitbox.centerx > soldier.hitbox.right
    assert soldier.health == 5
    player = stage.player
    player.invulnerable = 0.0
    health = player.health
    shot = stage.bullets.spawn(player.hitbox.centerx + 40, player.hitbox.centery, -300, 0, "enemy")
    own = stage.bullets.spawn(player.hitbox.centerx - 40, player.hitbox.centery, 300, 0, "player")
    steps(stage, 12)
    assert not shot.alive and player.health < health
    assert own.alive  # the player's own bullet passes through the player
    assert stage.bullets.hits == 0 and stage.bullets.fired == 1


def test_neutral_shrapnel_hits_every_team(tmp_path):
    stage = stage_of(tmp_path, ROOM)
    soldier = soldier_at(stage, 15, 5)
    bullet = stage.bullets.spawn(12 * TILE, soldier.hitbox.centery, 300.0, 0.0, "neutral", 2)
    steps(stage, 15)
    assert not bullet.alive and soldier.health == 3
    assert stage.bullets.hits == 0 and stage.bullets.fired == 0


def test_rockets_blow_up_on_walls_too(tmp_path):
    stage = stage_of(tmp_path, ROOM)
    soldier = soldier_at(stage, 26, 2)
    # Over its head into the wall beside it.
    y = soldier.hitbox.top - 10
    rocket = stage.bullets.spawn(
        20 * TILE, y, 600.0, 0.0, "player", style="rocket", blast_radius=60, blast_damage=2
    )
    steps(stage, 20)
    assert not rocket.alive and not soldier.alive
    blasts = [(e.x, e.y, e.size) for e in stage.effects if e.name == "explosion"]
    assert (29 * TILE, y, 120.0) in blasts  # a fireball, not a spark, on the wall
    assert (29 * TILE, y) not in impacts(stage)
    assert stage.bullets.hits == 0  # the blast, not the rocket, struck it


@pytest.mark.parametrize("direction", ["up", "down"])
def test_a_bullet_lasts_until_wholly_off_the_map(tmp_path, direction):
    stage = stage_of(tmp_path, ["." * 12] * 6 + ["..P" + "." * 9] + ["#" * 5 + "." * 2 + "#" * 5])
    height = stage.tilemap.pixel_height
    # 60 px/s is one pixel a step: it leaves the map when its far edge passes the map's.
    if direction == "up":
        bullet = stage.bullets.spawn(6 * TILE, 10.0, 0.0, -60.0, team="player")
    else:
        bullet = stage.bullets.spawn(6 * TILE + 8, height - 10.0, 0.0, 60.0, team="player")
    steps(stage, 12)  # its centre is 2 px beyond the edge: its box still touches it
    assert bullet.alive
    steps(stage, 1)
    assert not bullet.alive and len(stage.bullets) == 0


def test_a_bullet_fades_after_its_lifetime(tmp_path):
    stage = stage_of(tmp_path, ["." * 40] * 20 + ["..P" + "." * 37, "#" * 40])
    bullet = stage.bullets.spawn(5 * TILE, 5 * TILE, 100.0, 0.0, team="player")
    lifetime = round(BULLET_LIFE / DT)
    steps(stage, lifetime - 1)
    assert bullet.alive and bullet.life == pytest.approx(DT, abs=1e-6)
    assert bullet.hitbox.centerx == pytest.approx(5 * TILE + 100.0 * DT * (lifetime - 1))
    steps(stage, 2)
    assert not bullet.alive


def test_handles_read_the_bullet_and_outlive_it(tmp_path):
    stage = stage_of(tmp_path, ROOM)
    handle = stage.bullets.spawn(
        100.0, 50.0, 30.0, -60.0, "player", damage=3, style="laser", blast_radius=5.5,
        blast_damage=2,
    )  # fmt: skip
    other = stage.bullets.spawn(120.0, 60.0, 0.0, 0.0, "enemy")
    assert handle.alive and handle.team == "player" and handle.damage == 3
    assert handle.style == "laser" and other.style == "enemy"
    assert (handle.vx, handle.vy) == (30.0, -60.0)
    assert (handle.blast_radius, handle.blast_damage) == (5.5, 2)
    assert handle.life == BULLET_LIFE
    assert tuple(handle.hitbox) == (100.0 - HALF, 50.0 - HALF, BULLET_SIZE, BULLET_SIZE)
    stage.step(Buttons.NONE)
    assert handle.hitbox.center == pytest.approx((100.0 + 30.0 * DT, 50.0 - 60.0 * DT))
    assert other.hitbox.center == (120.0, 60.0)
    stage.bullets.spawn(60.0, 50.0, -900.0, 0.0, "player")  # dies on the wall first
    steps(stage, 3)
    # Rows shift as bullets die; each handle still reads its own bullet.
    assert handle.damage == 3 and other.team == "enemy" and other.hitbox.center == (120.0, 60.0)
    stage.bullets.clear()
    assert handle.alive is False and handle.view() is None
    with pytest.raises(AttributeError, match="gone"):
        _ = handle.damage


def _in_view(stage, k: int) -> tuple[float, float]:
    """The k-th of 300 places spread over the camera's view (player shots live there)."""
    view = stage.camera.rect
    return view.left + 10.0 + (k % 100) * 4, view.top + 20.0 + (k // 100) * 70


def test_hundreds_of_bullets_are_all_kept(tmp_path):
    stage = stage_of(tmp_path, ["." * 60] * 30 + ["..P" + "." * 57, "#" * 60])
    places = [_in_view(stage, k) for k in range(300)]
    shots = [
        stage.bullets.spawn(x, y, 60.0, 0.0, "player", damage=k % 7 + 1)
        for k, (x, y) in enumerate(places)
    ]
    steps(stage, 2)
    assert len(stage.bullets) == 300 and all(s.alive for s in shots)
    for k, s in enumerate(shots):
        assert s.damage == k % 7 + 1
        x, y = places[k]
        assert s.hitbox.center == pytest.approx((x + 2.0, y))
    assert stage.bullets.fired == 300


def test_a_players_shot_ends_once_wholly_out_of_view_and_an_enemys_flies_on(tmp_path):
    """Contra's rule: nothing dies off screen to the player's fire. A shot crossing the
    view's right edge lives while any of it touches the view; an enemy's keeps its range."""
    stage = stage_of(tmp_path, ["." * 60] * 30 + ["..P" + "." * 57, "#" * 60])
    view = stage.camera.rect
    y = view.centery
    # Each shot starts 1 px short of the edge, moving right at 60 px/s (1 px a step).
    mine = [stage.bullets.spawn(view.right - 1.0, y + 2 * k, 60.0, 0.0, "player") for k in range(3)]
    theirs = stage.bullets.spawn(view.right - 1.0, y - 20, 60.0, 0.0, "enemy")
    # Out by its centre, but its near edge still touches the view: kept.
    steps(stage, 1 + int(HALF))
    assert stage.camera.rect == view
    assert all(s.alive for s in mine) and theirs.alive
    assert all(s.hitbox.left == view.right for s in mine)
    steps(stage, 1)  # now wholly outside
    assert not any(s.alive for s in mine)
    assert theirs.alive and theirs.hitbox.left > view.right


def volley(tmp_path, few: int, monkeypatch) -> list:
    """Forty bullets of every team and speed into a room of walls, soldiers and drums;
    what every step looks like."""
    monkeypatch.setattr(bullets_module, "FEW_BULLETS", few)
    tmp_path.mkdir()
    rows = [r[:22] + "#" + r[23:] if 5 <= i <= 6 else r for i, r in enumerate(ROOM)]
    stage = stage_of(tmp_path, rows)
    stage.player.invulnerable = 0.0
    stage.player.health = 99
    for k, x in enumerate((8, 12, 16, 20, 24)):
        stage.spawn("Soldier", x * TILE, 8 * TILE, {"health": 3 + k})
    stage.spawn("OilDrum", 26 * TILE, 8 * TILE)
    teams = ("player", "enemy", "neutral")
    for k in range(40):
        angle = math.radians(k * 9.0 + 1)
        speed = (120.0, 500.0, 1300.0, 2600.0)[k % 4]
        stage.bullets.spawn(
            (4 + k % 20) * TILE + 0.5 * k, (2 + k % 5) * TILE + 1.5 * k,
            speed * math.cos(angle), speed * math.sin(angle), teams[k % 3],
            damage=1 + k % 2, style="rocket" if k % 13 == 0 else None,
            blast_radius=30.0 if k % 13 == 0 else 0.0, blast_damage=1,
        )  # fmt: skip
    log = []
    for step in range(40):
        stage.step(Buttons.NONE)
        stage.check_invariants()
        log.append(
            (
                step,
                [tuple(round(v, 6) for v in b.hitbox) for b in stage.bullets.live],
                [(e.kind, tuple(e.hitbox), getattr(e, "health", None)) for e in stage.entities],
                sorted(stage.events),
                impacts(stage),
                stage.bullets.hits,
            )
        )
        stage.events.clear()
    return log


def test_a_big_volley_plays_out_as_the_few_bullet_path_would(tmp_path, monkeypatch, path):
    if path == "many":
        pytest.skip("compares both paths itself")
    many = volley(tmp_path / "many", 0, monkeypatch)
    few = volley(tmp_path / "few", 1000, monkeypatch)
    assert many[0][1] and many[-1][5] > 0
    for a, b in zip(many, few, strict=True):
        assert a == b


def test_a_bullet_reaching_a_wall_face_exactly_stops_there_that_step(tmp_path):
    stage = stage_of(tmp_path, ROOM)
    # 600 px/s is 10 px a step: the first step ends exactly on the right wall's face.
    bullet = stage.bullets.spawn(29 * TILE - 10, 3 * TILE + 5, 600.0, 0.0, team="player")
    stage.step(Buttons.NONE)
    assert not bullet.alive
    assert impacts(stage) == [(29 * TILE, 3 * TILE + 5)]


def test_one_fast_bullet_hurts_only_the_first_of_two_in_its_path(tmp_path):
    stage = stage_of(tmp_path, ROOM)
    far, near = soldier_at(stage, 16.5, 5), soldier_at(stage, 15, 5)  # far one first
    # 2,400 px/s: 40 px a step, through both soldiers (24 px apart) in one step.
    bullet = stage.bullets.spawn(near.hitbox.left - 12, near.hitbox.centery, 2400.0, 0.0, "player")
    stage.step(Buttons.NONE)
    assert not bullet.alive and near.health == 4 and far.health == 5
    assert stage.bullets.hits == 1 and len(impacts(stage)) == 1


def test_past_a_soldier_killed_this_step_the_next_bullet_hits_the_one_behind(tmp_path):
    stage = stage_of(tmp_path, ROOM)
    near, far = soldier_at(stage, 15, 1), soldier_at(stage, 16.5, 5)
    x, y = near.hitbox.left - 12, near.hitbox.centery
    stage.bullets.spawn(x, y, 2400.0, 0.0, "player")
    stage.bullets.spawn(x - 1, y, 2400.0, 0.0, "player")
    stage.step(Buttons.NONE)
    assert near.health <= 0 and far.health == 4 and stage.bullets.hits == 2


def test_a_bullet_that_strikes_before_a_wall_makes_one_spark_not_two(tmp_path):
    rows = [r[:17] + "#" + r[18:] if 1 <= i <= 7 else r for i, r in enumerate(ROOM)]
    stage = stage_of(tmp_path, rows)
    soldier = soldier_at(stage, 16.5, 5)
    # The wall's face (x = 272) is within this step's 40 px, behind the soldier.
    stage.bullets.spawn(soldier.hitbox.left - 12, soldier.hitbox.centery, 2400.0, 0.0, "player")
    stage.step(Buttons.NONE)
    assert soldier.health == 4 and len(impacts(stage)) == 1
    assert "hit_wall" not in stage.events


def test_a_diagonal_bullet_sparks_where_it_meets_the_soldier(tmp_path):
    stage = stage_of(tmp_path, ROOM)
    soldier = soldier_at(stage, 15, 5)
    steps(stage, 1)
    box = soldier.hitbox
    # Down and right at 45 degrees, 10 px a step each way: it meets the soldier's top.
    x0, y0 = box.centerx - 15, box.top - HALF - 15
    stage.bullets.spawn(x0, y0, 600.0, 600.0, "player")
    steps(stage, 2)  # half way through the second step
    assert soldier.health == 4
    ((x, y),) = impacts(stage)
    # On its path, where its box first touched the soldier's top.
    assert y - y0 == pytest.approx(x - x0, abs=1e-3)
    assert y == pytest.approx(box.top - HALF, abs=1e-3)


@pytest.mark.parametrize("x", [1.0, "right"])
def test_a_bullet_flying_up_the_map_edge_stays_alive(tmp_path, x):
    stage = stage_of(tmp_path, OPEN)
    x = stage.tilemap.pixel_width - 1.0 if x == "right" else x
    bullet = stage.bullets.spawn(x, 5 * TILE, 0.0, -300.0, "player")
    steps(stage, 3)
    assert bullet.alive and bullet.hitbox.centerx == x


def test_a_bullet_from_below_sparks_at_the_soles_of_a_soldier_on_a_plank(tmp_path):
    rows = list(ROOM)
    rows[5] = "#" + "." * 10 + "=" * 8 + "." * 10 + "#"  # a one-way plank, row 5
    stage = stage_of(tmp_path, rows)
    stage.spawn("Soldier", 15 * TILE, 5 * TILE, {"health": 5})
    soldier = stage.entities[-1]
    steps(stage, 5)
    assert soldier.on_ground and soldier.hitbox.bottom == 5 * TILE
    # Straight up through the plank, 15 px a step: in its third step it ends a pixel
    # under the soldier's soles, its box already a pixel into them.
    stage.bullets.spawn(soldier.hitbox.centerx, 5 * TILE + 1 + 45, 0.0, -900.0, "player")
    steps(stage, 3)
    assert soldier.health == 4
    ((x, y),) = impacts(stage)
    assert y == pytest.approx(soldier.hitbox.bottom + HALF, abs=1e-3)


def overlay_count(tmp_path, rows, col, shot, row=8) -> int:
    """The overlay's bullet-entity checks in the step a bullet flies near one soldier
    standing at ``col`` (shot: soldier's hitbox -> (x, y, vx, vy))."""
    stage = stage_of(tmp_path, rows)
    soldier = soldier_at(stage, col, 5, row)
    steps(stage, 3)
    stage.bullets.spawn(*shot(soldier.hitbox), "player")
    stage.step(Buttons.NONE)
    assert soldier.health == 5
    return stage.counters.bullet_entity


def test_the_overlay_counts_only_what_a_bullets_own_path_could_strike(tmp_path, monkeypatch):
    # One soldier is a class ours scans (each item a check); forced onto its tree, the
    # overlay counts only what the bullet's own path could strike.
    from gunner import quadtree

    monkeypatch.setattr(quadtree.lazy, "SMALL", 0)
    monkeypatch.setattr(quadtree.lazy, "SCANS", 0)
    walled = [r[:17] + "#" + r[18:] if 1 <= i <= 7 else r for i, r in enumerate(ROOM)]
    # A shelf three tiles thick (y 96..144) in a taller room: what stands on it is
    # rows of the tree away from what hits its underside.
    tall = ROOM[:1] + ["#" + "." * 28 + "#"] * 12 + ROOM[-2:]
    shelf = [r[:12] + "#" * 8 + r[20:] if 6 <= i <= 8 else r for i, r in enumerate(tall)]
    cases = [
        # Toward it, 24 px short of it, 20 px a step: not this step.
        (ROOM, 15, lambda b: (b.left - 26, b.centery, 1200.0, 0.0)),
        # Above it and flying away up.
        (ROOM, 15, lambda b: (b.centerx, b.top - 30, 0.0, -300.0)),
        # Into a wall with the soldier just behind it (the wall is x 272..288).
        (walled, 19, lambda b: (17 * TILE - 20, b.centery, 2400.0, 0.0)),
        # Up into the underside of the shelf the soldier stands on.
        (shelf, 16, lambda b: (b.centerx, 9 * TILE + 20, 0.0, -2400.0), 6),
    ]
    for k, (rows, col, shot, *row) in enumerate(cases):
        (tmp_path / str(k)).mkdir()
        assert overlay_count(tmp_path / str(k), rows, col, shot, *row) == 0, k


def test_a_bullet_fading_out_does_not_let_the_next_one_through_a_wall(tmp_path):
    stage = stage_of(tmp_path, ROOM)
    old = stage.bullets.spawn(5 * TILE, 2 * TILE, 1.0, 0.0, "player")
    steps(stage, round(BULLET_LIFE / DT))  # a float hair of life left: gone next step
    # 5 px from the right wall, 10 px a step.
    new = stage.bullets.spawn(29 * TILE - 5, 3 * TILE + 5, 600.0, 0.0, "player")
    stage.step(Buttons.NONE)
    assert not old.alive and not new.alive
    assert impacts(stage) == [(29 * TILE, 3 * TILE + 5)]


def test_a_bullet_passes_a_pickup_to_strike_the_soldier_behind_it(tmp_path):
    stage = stage_of(tmp_path, ROOM)
    stage.spawn("Pickup", 15 * TILE, 8 * TILE, {"item": "health"})  # first in the stage
    soldier = soldier_at(stage, 16, 5)
    steps(stage, 10)
    # One step of 40 px covers the pickup and the soldier's side.
    x = soldier.hitbox.left - 30
    stage.bullets.spawn(x, soldier.hitbox.bottom - 4, 2400.0, 0.0, "player")
    stage.step(Buttons.NONE)
    assert soldier.health == 4


def test_a_bullet_moving_left_sparks_at_the_soldiers_right_side(tmp_path):
    stage = stage_of(tmp_path, ROOM)
    soldier = soldier_at(stage, 15, 5)
    steps(stage, 1)
    stage.bullets.spawn(soldier.hitbox.right + 17, soldier.hitbox.centery, -600.0, 0.0, "player")
    steps(stage, 2)
    assert soldier.health == 4
    ((x, _),) = impacts(stage)
    assert x == pytest.approx(soldier.hitbox.right + HALF, abs=0.01)


def test_even_a_tiny_blast_explodes(tmp_path):
    stage = stage_of(tmp_path, ROOM)
    stage.bullets.spawn(20 * TILE, 3 * TILE, 600.0, 0.0, "player", blast_radius=0.5)
    steps(stage, 20)
    assert [e.size for e in stage.effects if e.name == "explosion"] == [1.0]


def test_a_bullet_flies_through_a_wreck_into_the_soldier_behind_it(tmp_path):
    stage = stage_of(tmp_path, ROOM)
    dying, behind = soldier_at(stage, 15, 1), soldier_at(stage, 16.5, 5)
    x, y = dying.hitbox.left - 12, dying.hitbox.centery
    dying.damage(1, stage, x)  # it leaves a wreck, which stops no bullet
    for _ in range(HITSTOP_KILL + 1):  # the kill's hit-stop, then a step
        stage.step(Buttons.NONE)
    counted = stage.counters.bullet_entity
    stage.bullets.spawn(x, y, 2400.0, 0.0, "player")
    stage.step(Buttons.NONE)
    # The overlay counted the candidates this bullet's path met.
    assert stage.counters.bullet_entity >= 1 > counted
    assert behind.health == 4
