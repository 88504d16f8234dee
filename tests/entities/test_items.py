"""Pickups, keycards, locked doors and oil drums, driven through real stages."""

import pygame
import pytest

from ascii_maps import FLOOR, make_stage, obj, run
from gunner.config import DT, TILE
from gunner.entities.door import OPEN_TIME, Door
from gunner.entities.drum import FUSE_TIME, OilDrum
from gunner.entities.enemy import Enemy
from gunner.entities.pickup import HEAL_AMOUNT, Keycard, Pickup
from gunner.entities.player import MAX_HEALTH
from gunner.input import Buttons as B
from gunner.stage import Stage
from gunner.weapons import WEAPONS


def door(col: int, color: str) -> str:
    return obj("Door", col * TILE, FLOOR - 48, 16, 48, color=color)


def drum(x: float, **props) -> str:
    return obj("OilDrum", x, FLOOR, **props)


def only(stage: Stage, cls: type):
    found = [e for e in stage.entities if isinstance(e, cls)]
    assert len(found) == 1
    return found[0]


def dummy_enemy(stage: Stage, x: float, health: int = 20) -> Enemy:
    """A plain enemy standing on the floor, centred on x (it neither moves nor shoots)."""
    enemy = Enemy(pygame.FRect(0, 0, 14, 30), {"health": health})
    enemy.hitbox.midbottom = (x, FLOOR)
    stage.add_entity(enemy)
    return enemy


# -- doors -------------------------------------------------------------------------------


def test_wrong_key_leaves_the_door_shut_and_blocks_the_player(tmp_path):
    stage = make_stage(tmp_path, [door(10, "red")])
    gate = only(stage, Door)
    stage.player.keys.add("blue")
    run(stage, B.RIGHT, 120)
    assert gate.solid and gate.closed
    assert stage.player.hitbox.right == pytest.approx(gate.hitbox.left)
    assert stage.message == "RED KEY NEEDED"
    # The buzz sounds once for one long push, not every step.
    assert stage.events.count("door_locked") == 1


def test_matching_key_opens_the_door_for_good(tmp_path):
    stage = make_stage(tmp_path, [door(10, "red"), obj("Keycard", 6 * TILE, FLOOR, color="red")])
    gate = only(stage, Door)
    run(stage, B.RIGHT, 150)
    assert "red" in stage.player.keys
    assert "key" in stage.events and "door_open" in stage.events
    assert not gate.solid and not gate.shootable
    assert stage.player.hitbox.left > gate.hitbox.right  # walked through
    run(stage, B.LEFT, 120)  # away and back: it never closes again
    run(stage, B.NONE, 120)
    assert not gate.solid and gate.state == "open"


def test_opening_takes_the_animation_time(tmp_path):
    stage = make_stage(tmp_path, [door(4, "blue")])
    gate = only(stage, Door)
    stage.player.keys.add("blue")
    steps = 0
    while gate.state == "closed" and steps < 120:
        stage.step(B.RIGHT)
        steps += 1
    assert gate.state == "opening" and gate.solid
    run(stage, B.RIGHT, round(OPEN_TIME / DT) - 2)
    assert gate.solid  # still shut mid-animation
    run(stage, B.RIGHT, 3)
    assert not gate.solid


def test_keys_are_not_used_up(tmp_path):
    stage = make_stage(tmp_path, [door(8, "yellow"), door(14, "yellow")])
    stage.player.keys.add("yellow")
    run(stage, B.RIGHT, 150)
    assert all(not d.solid for d in stage.entities if isinstance(d, Door))
    assert stage.player.keys == {"yellow"}


def test_closed_door_stops_bullets_of_every_team(tmp_path):
    stage = make_stage(tmp_path, [door(10, "red")])
    gate = only(stage, Door)
    y = FLOOR - 20
    stage.bullets.spawn(gate.hitbox.left - 40, y, 300, 0, team="player")
    stage.bullets.spawn(gate.hitbox.right + 40, y, -300, 0, team="enemy")
    run(stage, B.NONE, 30)
    assert len(stage.bullets) == 0
    assert gate.solid and gate.alive  # takes no damage


def test_open_door_lets_bullets_through(tmp_path):
    stage = make_stage(tmp_path, [door(10, "red")])
    gate = only(stage, Door)
    gate.open(stage)
    run(stage, B.NONE, round(OPEN_TIME / DT) + 2)
    bullet = stage.bullets.spawn(gate.hitbox.left - 40, FLOOR - 20, 300, 0, team="player")
    run(stage, B.NONE, 20)
    assert bullet.alive and bullet.hitbox.left > gate.hitbox.right


def test_closed_door_blocks_line_of_sight_and_open_one_does_not(tmp_path):
    stage = make_stage(tmp_path, [door(10, "red")])
    gate = only(stage, Door)
    y = FLOOR - 24
    assert stage.line_of_sight(40, y, 300, y) is False
    assert stage.line_of_sight(40, y - 60, 300, y - 60) is True  # over the door's top
    gate.open(stage)
    run(stage, B.NONE, round(OPEN_TIME / DT) + 2)
    assert stage.line_of_sight(40, y, 300, y) is True


# -- pickups -----------------------------------------------------------------------------


def test_pickups_fall_to_the_ground_and_rest(tmp_path):
    stage = make_stage(tmp_path, [obj("Pickup", 20 * TILE, 5 * TILE, item="rocket")])
    item = only(stage, Pickup)
    run(stage, B.NONE, 90)
    assert item.hitbox.bottom == FLOOR and item.on_ground


def test_spread_pickup_switches_weapon_and_ammo_runs_out_to_pistol(tmp_path):
    stage = make_stage(tmp_path, [obj("Pickup", 4 * TILE, FLOOR, item="spread", ammo=3)])
    run(stage, B.RIGHT, 30)
    player = stage.player
    assert player.weapon.name == "spread" and player.ammo == 3
    assert stage.message == "SPREAD GUN" and "pickup" in stage.events
    assert not any(isinstance(e, Pickup) for e in stage.entities)
    fired = stage.bullets.fired
    stage.step(B.FIRE)
    assert player.ammo == 2
    assert stage.bullets.fired - fired == len(WEAPONS["spread"].spread)
    steps = 0
    while player.weapon.name == "spread" and steps < 120:
        stage.step(B.FIRE)
        steps += 1
    assert stage.bullets.fired - fired == 3 * len(WEAPONS["spread"].spread)
    assert player.weapon.name == "pistol" and player.ammo is None


def test_weapon_pickup_without_ammo_gives_the_default(tmp_path):
    stage = make_stage(tmp_path, [obj("Pickup", 4 * TILE, FLOOR, item="machinegun")])
    run(stage, B.RIGHT, 30)
    assert stage.player.weapon.name == "machinegun"
    assert stage.player.ammo == WEAPONS["machinegun"].ammo


def test_same_weapon_again_tops_up_ammo(tmp_path):
    stage = make_stage(tmp_path, [obj("Pickup", 5 * TILE, FLOOR, item="rocket", ammo=5)])
    stage.player.equip("rocket", 2)
    run(stage, B.RIGHT, 30)
    assert stage.player.weapon.name == "rocket" and stage.player.ammo == 7


def test_health_pickup_stays_at_full_health_and_heals_when_hurt(tmp_path):
    # Right under the player's feet.
    stage = make_stage(tmp_path, [obj("Pickup", 2 * TILE + 8, FLOOR, item="health")])
    run(stage, B.NONE, 30)
    item = only(stage, Pickup)
    assert item.alive and stage.player.health == MAX_HEALTH
    assert "pickup" not in stage.events
    stage.player.health = 1
    run(stage, B.NONE, 2)
    assert not item.alive and stage.player.health == 1 + HEAL_AMOUNT
    assert stage.message == "HEALTH"


def test_keycard_adds_its_colour(tmp_path):
    stage = make_stage(tmp_path, [obj("Keycard", 4 * TILE, FLOOR, color="blue"), door(30, "blue")])
    run(stage, B.RIGHT, 30)
    assert stage.player.keys == {"blue"}
    assert stage.message == "BLUE KEYCARD" and "key" in stage.events
    assert not any(isinstance(e, Keycard) for e in stage.entities)


def test_bullets_fly_past_pickups(tmp_path):
    stage = make_stage(tmp_path, [obj("Pickup", 10 * TILE, FLOOR, item="spread")])
    run(stage, B.NONE, 30)
    item = only(stage, Pickup)
    bullet = stage.bullets.spawn(item.hitbox.left - 30, item.hitbox.centery, 300, 0, "enemy")
    run(stage, B.NONE, 15)
    assert bullet.alive and bullet.hitbox.left > item.hitbox.right and item.alive


def test_enemy_drop_pops_up_then_lands(tmp_path):
    stage = make_stage(tmp_path, [])
    run(stage, B.NONE, 5)
    enemy = dummy_enemy(stage, 25 * TILE, health=1)
    enemy.drop = "spread"
    enemy.damage(1, stage)
    item = only(stage, Pickup)
    while not item.started:  # (the kill's hit-stop holds the world for a few steps)
        stage.step(B.NONE)
    assert item.item == "spread" and item.vy < 0  # rising
    top = item.hitbox.bottom
    for _ in range(60):
        stage.step(B.NONE)
        top = min(top, item.hitbox.bottom)
    assert top < FLOOR - 8
    assert item.hitbox.bottom == FLOOR and item.on_ground


# -- oil drums ---------------------------------------------------------------------------


def test_drums_are_solid_to_stand_on(tmp_path):
    rows = ["." * 40] * 5 + ["..P" + "." * 37] + ["." * 40] * 9 + ["#" * 40]
    stage = make_stage(tmp_path, [drum(2 * TILE + 8)], rows=rows)
    run(stage, B.NONE, 60)
    barrel = only(stage, OilDrum)
    assert barrel.hitbox.bottom == FLOOR
    assert stage.player.on_ground and stage.player.hitbox.bottom == barrel.hitbox.top


def test_drum_takes_damage_then_explodes_after_its_fuse(tmp_path):
    stage = make_stage(tmp_path, [drum(20 * TILE)])
    barrel = only(stage, OilDrum)
    barrel.damage(1, stage)
    assert barrel.health == 2 and bool(barrel.flash) and "drum_hit" in stage.events
    barrel.damage(2, stage)
    stage.step(B.NONE)
    assert barrel.alive  # the fuse burns first
    run(stage, B.NONE, round(FUSE_TIME / DT) + 1)
    assert not barrel.alive
    assert stage.destroyed == {"OilDrum": 1}
    assert "explosion" in stage.events


def test_shooting_one_drum_sets_off_a_chain(tmp_path):
    # 40 px apart: each blast (radius 48) reaches only the next drum, never the one after.
    xs = (20 * TILE, 20 * TILE + 40, 20 * TILE + 80)
    stage = make_stage(tmp_path, [drum(x) for x in xs])
    drums = sorted((e for e in stage.entities if isinstance(e, OilDrum)), key=lambda d: d.hitbox.x)
    enemy = dummy_enemy(stage, xs[0] - 30)  # within the first blast
    run(stage, B.NONE, 10)
    stage.player.hitbox.midbottom = (xs[2] + 36, FLOOR)  # within the last blast
    start = stage.steps
    for _ in range(3):  # three enemy shots from the left at the first drum
        stage.bullets.spawn(xs[0] - 60, FLOOR - 12, 400, 0, team="enemy")
        run(stage, B.NONE, 12)
    gone_at = {}
    for _ in range(round(1.0 / DT)):
        stage.step(B.NONE)
        for d in drums:
            if not d.alive and id(d) not in gone_at:
                gone_at[id(d)] = stage.steps
    assert len(gone_at) == 3
    order = [gone_at[id(d)] for d in drums]
    assert order == sorted(order) and len(set(order)) == 3  # a ripple, left to right
    assert order[-1] - start <= round(1.5 / DT)
    assert order[-1] - order[0] <= round(1.0 / DT)
    assert stage.destroyed["OilDrum"] == 3
    assert enemy.health < 20
    assert stage.player.health < MAX_HEALTH


def test_explosion_respects_the_players_invulnerability(tmp_path):
    stage = make_stage(tmp_path, [drum(20 * TILE), drum(30 * TILE, damage=2)])
    near, far = sorted(
        (e for e in stage.entities if isinstance(e, OilDrum)), key=lambda d: d.hitbox.x
    )
    run(stage, B.NONE, 10)
    player = stage.player
    player.hitbox.midbottom = (near.hitbox.right + 14, FLOOR)
    player.invulnerable = 5.0
    near.damage(3, stage)
    run(stage, B.NONE, 20)
    assert not near.alive and player.health == MAX_HEALTH
    player.hitbox.midbottom = (far.hitbox.right + 14, FLOOR)
    player.invulnerable = 0.0
    far.damage(3, stage)
    run(stage, B.NONE, 20)
    assert not far.alive and player.health == MAX_HEALTH - 2  # the map's `damage`


def test_rocket_explodes_with_area_damage(tmp_path):
    stage = make_stage(tmp_path, [drum(24 * TILE)])
    run(stage, B.NONE, 10)
    first = dummy_enemy(stage, 16 * TILE)
    behind = dummy_enemy(stage, 16 * TILE + 24)  # shielded by the first: only the blast
    barrel = only(stage, OilDrum)
    player = stage.player
    player.equip("rocket")
    stage.step(B.FIRE)
    assert player.ammo == WEAPONS["rocket"].ammo - 1
    run(stage, B.NONE, 60)
    rocket = WEAPONS["rocket"]
    assert first.health == 20 - rocket.damage - rocket.blast_damage
    assert behind.health == 20 - rocket.blast_damage
    assert barrel.alive and barrel.health == barrel.max_health  # out of the blast
    assert player.health == MAX_HEALTH  # a player's own rocket spares them


def test_destroy_drums_objective_completes_the_stage(tmp_path):
    stage = make_stage(tmp_path, [drum(10 * TILE), drum(30 * TILE)], objective="destroy_drums")
    drums = [e for e in stage.entities if isinstance(e, OilDrum)]
    run(stage, B.NONE, 10)
    drums[0].damage(3, stage)
    run(stage, B.NONE, 30)
    assert stage.outcome is None
    assert stage.objective_status() == [("destroy_drums", False, "DESTROY OIL DRUMS 1/2")]
    drums[1].damage(3, stage)
    run(stage, B.NONE, 30)
    assert stage.outcome == "complete"


def test_drums_and_pickups_fall_when_what_held_them_up_is_gone(tmp_path):
    # A drum dropped from the sky stacks on another; a pickup lies on top of both.
    objects = [
        drum(20 * TILE),
        obj("OilDrum", 20 * TILE, 4 * TILE),
        obj("Pickup", 20 * TILE, 2 * TILE, item="rocket"),
    ]
    stage = make_stage(tmp_path, objects)
    run(stage, B.NONE, 90)
    low, high = sorted(
        (e for e in stage.entities if isinstance(e, OilDrum)), key=lambda d: -d.hitbox.y
    )
    item = only(stage, Pickup)
    assert low.hitbox.bottom == FLOOR and high.hitbox.bottom == low.hitbox.top
    assert item.hitbox.bottom == high.hitbox.top and item.on_ground
    low.blast_damage = 0  # the bottom drum goes, leaving the top one unharmed
    low.damage(3, stage)
    run(stage, B.NONE, 60)
    assert high.alive and high.hitbox.bottom == FLOOR
    assert item.hitbox.bottom == high.hitbox.top


def test_a_blast_hurts_what_its_edge_just_reaches(tmp_path):
    """Damage reaches `radius` inclusive: a soldier whose side is exactly that far from
    the blast's centre is hurt; one a pixel further is not."""
    stage = make_stage(
        tmp_path,
        [obj("Soldier", 20 * TILE, FLOOR, speed=0), obj("Soldier", 30 * TILE, FLOOR, speed=0)],
    )
    near, far = sorted((e for e in stage.entities if e.kind == "Soldier"), key=lambda e: e.hitbox.x)
    y = near.hitbox.centery
    stage.explode(near.hitbox.left - 40.0, y, 40.0, 1)
    stage.explode(far.hitbox.left - 41.0, y, 40.0, 1)
    assert near.health == near.max_health - 1
    assert far.health == far.max_health
