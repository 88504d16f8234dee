"""Bosses: the arena locks, weak points take damage and armour does not, phases advance
at their health thresholds, the death sequence completes the `boss` objective, and a
player who knows the Warden's rhythm gets through its first phase unhurt.

The fights run on the real campaign levels, with the player put just inside the arena
(what a player reaching it sees), driven by fixed button sequences.
"""

from __future__ import annotations

import math

import pygame
import pytest

from gunner.config import TILE, VIEW_H, VIEW_W
from gunner.entities.boss import DEATH_STEPS, INTRO_STEPS, SHIFT_STEPS, TRIGGER, Boss
from gunner.entities.crawler import Crawler
from gunner.entities.overseer import SWING, Overseer
from gunner.entities.warden import Warden
from gunner.input import Buttons as B
from gunner.level import SOLID, load_level
from gunner.stage import Stage

LEVEL1 = "levels/level1.tmx"
LEVEL2 = "levels/level2.tmx"
LEVEL3 = "levels/level3.tmx"


def arena_stage(level: str = LEVEL1, objective: str | None = None) -> tuple[Stage, Boss]:
    """The level with its player standing just inside the boss's arena (not yet closed);
    `objective` in place of the map's own."""
    loaded = load_level(level, images=False)
    if objective is not None:
        loaded.properties["objective"] = objective
    stage = Stage(loaded)
    boss = next(e for e in stage.entities if isinstance(e, Boss))
    stage.player.hitbox.midbottom = (boss.arena(stage).left + TILE + TRIGGER + 40, boss.fy)
    stage.camera.snap(*stage.player.hitbox.center)
    return stage, boss


def run(stage: Stage, held: B, steps: int) -> None:
    for _ in range(steps):
        stage.step(held)


def fighting(level: str = LEVEL1, objective: str | None = None) -> tuple[Stage, Boss]:
    """A stage whose boss has finished its intro and fights."""
    stage, boss = arena_stage(level, objective)
    run(stage, B.NONE, INTRO_STEPS + 2)
    assert boss.state == "fight"
    return stage, boss


def part_rect(boss: Boss, name: str) -> pygame.FRect:
    return next(rect for part, rect in boss.parts() if part.name == name)


# -- the arena -----------------------------------------------------------------------------


def test_the_boss_waits_until_the_player_walks_into_its_arena(shot_at):
    stage = Stage(load_level(LEVEL1, images=False))
    boss = next(e for e in stage.entities if isinstance(e, Boss))
    run(stage, B.NONE, 30)
    assert boss.state == "dormant" and stage.camera.bounds is None
    # Shots at a dormant boss's core do nothing: it cannot be worn down from outside.
    boss.hit(shot_at(part_rect(boss, "core")), stage)
    assert boss.health == boss.full_health


def test_entering_the_arena_closes_it_and_locks_the_camera():
    stage, boss = arena_stage()
    arena = boss.arena(stage)
    run(stage, B.NONE, 1)
    assert boss.state == "intro"
    # The shutter: the arena's first column is solid from the top of the view to the floor.
    col = int(arena.left // TILE)
    rows = range(int(arena.top // TILE), int(boss.fy // TILE))
    assert all(stage.tilemap.solid[row, col] == SOLID for row in rows)
    # The view glides into the arena and then holds exactly on it, one screen.
    run(stage, B.NONE, 90)
    assert stage.camera.rect == pygame.FRect(arena.left, arena.top, VIEW_W, VIEW_H)
    # Running back left stops at the shutter; the camera does not move.
    run(stage, B.LEFT, 120)
    assert stage.player.hitbox.left >= arena.left + TILE - 0.01
    assert stage.camera.rect == pygame.FRect(arena.left, arena.top, VIEW_W, VIEW_H)
    # Dying in the arena brings the player back inside it, not behind the shutter.
    assert stage.checkpoint[0] > arena.left + TILE


def test_the_player_cannot_walk_through_the_boss():
    stage, boss = fighting()
    hull = part_rect(boss, "hull")
    for _ in range(240):
        stage.step(B.RIGHT)
        assert stage.player.hitbox.right <= hull.left + 0.01 or not stage.player.alive
    stage.check_invariants()  # pushed back out, and refiled where it now is


def test_a_player_killed_in_the_arena_comes_back_inside_it():
    stage, boss = fighting()
    arena = boss.arena(stage)
    stage.player.die(stage)
    run(stage, B.NONE, 100)  # the death delay, then the respawn
    player = stage.player
    assert player.alive and player.lives == 2
    assert arena.left + TILE < player.hitbox.left < boss.hitbox.left
    assert stage.camera.rect == pygame.FRect(arena.left, arena.top, VIEW_W, VIEW_H)
    assert boss.state in ("fight", "shift") and boss.health == boss.full_health


# -- weak points and armour ----------------------------------------------------------------


def test_only_the_open_weak_point_takes_damage(shot_at):
    stage, boss = fighting()
    assert boss.weak_parts() == ("core",)
    start = boss.health
    boss.hit(shot_at(part_rect(boss, "core")), stage)
    assert boss.health == start - 1
    stage.events.clear()
    for armour in ("hull", "cannon_low", "cannon_top"):
        boss.hit(shot_at(part_rect(boss, armour)), stage)
    # The reactor is still plated in phase 1: armour too.
    boss.hit(shot_at(part_rect(boss, "reactor")), stage)
    assert boss.health == start - 1
    assert stage.events.count("boss_clank") == 4  # each armour hit sparks and clanks
    # Blasts (an oil drum, a rocket's fireball) never hurt it.
    stage.explode(*part_rect(boss, "core").center, 48, 10)
    assert boss.health == start - 1


def test_a_shot_into_the_gap_above_the_core_meets_the_hull_behind_it(shot_at):
    stage, boss = fighting()
    core, hull = part_rect(boss, "core"), part_rect(boss, "hull")
    start = boss.health
    # Just above the core the shot enters the boss's outline and flies on into the hull.
    bullet = shot_at(core.move(0, -core.height))
    assert not bullet.hitbox.colliderect(hull)
    boss.hit(bullet, stage)
    assert boss.health == start


def test_player_bullets_at_the_core_wear_the_boss_down_in_play():
    stage, boss = fighting()
    player = stage.player
    player.hitbox.midbottom = (boss.fx - 160, boss.fy)
    player.facing = 1
    start = boss.health
    run(stage, B.FIRE, 60)
    # A pistol shot every 0.16 s, each landing a quarter second after it leaves.
    assert start - 7 <= boss.health <= start - 3


# -- phases --------------------------------------------------------------------------------


def test_phases_advance_at_their_health_thresholds():
    stage, boss = fighting()
    thresholds = boss.phase_thresholds()
    assert thresholds == [60, 30]  # 90 health in thirds
    boss.wound(boss.health - thresholds[0] - 1, stage)
    assert (boss.phase, boss.state) == (0, "fight")
    boss.wound(1, stage)
    assert (boss.phase, boss.state) == (1, "shift")
    assert boss.weak_parts() == ("reactor",)
    # Between phases it takes no damage and fires nothing.
    boss.wound(5, stage)
    assert boss.health == thresholds[0]
    fired = len(stage.bullets)
    run(stage, B.NONE, SHIFT_STEPS - 2)
    assert boss.state == "shift" and len(stage.bullets) <= fired
    run(stage, B.NONE, 3)
    assert boss.state == "fight"
    boss.wound(boss.health - thresholds[1], stage)
    assert boss.phase == 2 and set(boss.weak_parts()) == {"core", "reactor"}


def test_every_attack_is_telegraphed_before_it_fires():
    stage, boss = fighting()
    seen: set[str] = set()
    for _ in range(Warden.FAN.steps + Warden.LOCK.steps):
        attack = boss.current
        assert attack is not None
        step = boss.attack_step
        before = len(stage.bullets)
        stage.events.clear()
        stage.step(B.NONE)
        fired = len(stage.bullets) > before
        if step == 0:
            assert "boss_charge" in stage.events  # the charge-up sound starts it
        if step < attack.telegraph:
            assert not fired, f"{attack.name} fired during its telegraph"
            assert boss.charging is attack or step + 1 == attack.telegraph
        elif fired:
            seen.add(attack.name)
    assert seen == {"fan", "lock"}


# -- death and the objective ---------------------------------------------------------------


def test_the_level_completes_after_the_death_sequence():
    stage, boss = fighting()
    assert stage.objectives == ["boss"]
    run(stage, B.NONE, Warden.FAN.telegraph + 10)
    assert len(stage.bullets) > 0
    boss.wound(boss.health, stage)
    assert boss.state == "dying" and boss.alive
    run(stage, B.NONE, 2)
    assert len(stage.bullets) == 0  # its bullets vanish as it starts to die
    explosions = 0
    for _ in range(DEATH_STEPS - 3):
        stage.step(B.NONE)
        explosions += sum(e.name == "explosion" and e.age == 1 for e in stage.effects)
        assert stage.outcome is None
    assert explosions >= 15  # chained explosions, not one bang
    run(stage, B.NONE, 5)
    assert not boss.alive and stage.destroyed.get("Warden") == 1
    assert stage.objective_status() == [("boss", True, "DEFEAT THE BOSS")]
    assert stage.outcome == "complete"
    # The arena opens again.
    assert stage.camera.bounds is None and not boss.gate


def test_the_boss_objective_is_open_while_the_boss_lives():
    stage, boss = fighting()
    assert stage.objective_status() == [("boss", False, "DEFEAT THE BOSS")]
    stage.reach_exit()  # the exit zone behind it does not finish a boss level
    run(stage, B.NONE, 2)
    assert stage.outcome is None


# -- a player who learned it ---------------------------------------------------------------


def warden_phase_one_script() -> list[B]:
    """What a player who learned the Warden's first phase does, as held buttons per step.

    The fan from the top cannon passes over anyone within about 240 px of the wall, so
    walk up close and shoot the core. When the low cannon glows it has marked where you
    stand: walk left for half a second, wait out its bursts there (still under the fan),
    then walk back in shooting. The rhythm never changes: fan, lock, fan, lock...
    """
    fan, lock = Warden.FAN.steps, Warden.LOCK.steps
    approach = [B.RIGHT] * INTRO_STEPS
    cycle = [B.RIGHT | B.FIRE] * 32 + [B.FIRE] * (fan - 32) + [B.LEFT] * 32 + [B.FIRE] * (lock - 32)
    return approach + cycle * 6


def test_the_first_phase_can_be_beaten_without_taking_a_hit():
    stage, boss = arena_stage()
    player = stage.player
    fired_at = 0
    for step, held in enumerate(warden_phase_one_script()):
        bullets = len(stage.bullets)
        stage.step(held)
        fired_at = max(fired_at, len(stage.bullets) - bullets)
        assert player.health == 5 and player.alive, f"hit at step {step}"
        if boss.phase > 0:
            break
    assert boss.phase == 1 and boss.state == "shift"  # the phase ended, no hit taken
    assert fired_at >= 21  # it did fire its full fans at the player meanwhile


def crawler_phase_one_script() -> list[B]:
    """What a player who learned the Crawler's first phase does.

    Stay where you came in (about 220 px from its cannon) and shoot the grille under its
    nose. Its cannon rolls three shots along the floor, 24 steps apart: each reaches you
    about 1.35 s after it is fired, so jump 82 steps after each volley (the charge glow
    says when the first is coming). The fountain of fire only sprays the sky: keep your
    feet on the ground and keep shooting.
    """
    roll, fountain = Crawler.ROLL, Crawler.FOUNTAIN
    cycle = roll.steps + fountain.steps
    script = [B.NONE] * INTRO_STEPS + [B.FIRE] * (cycle * 6)
    for c in range(6):
        for volley in range(roll.volleys):
            jump = INTRO_STEPS + c * cycle + roll.telegraph + volley * roll.every + 82
            script[jump : jump + 12] = [B.FIRE | B.JUMP] * 12
    return script


def test_the_crawlers_first_phase_can_be_beaten_without_taking_a_hit():
    stage, boss = arena_stage(LEVEL2)
    player = stage.player
    # Refinery's arena has a catwalk over the spot where you come in: jumping the rolls
    # under it lands you on it, above the grille. A player who learned the fight stands
    # a step back, clear of it.
    player.hitbox.x -= TILE
    for step, held in enumerate(crawler_phase_one_script()):
        stage.step(held)
        assert player.health == 5 and player.alive, f"hit at step {step}"
        if boss.phase > 0:
            break
    assert boss.phase == 1 and boss.state == "shift"


def test_the_crawler_holds_still_then_paces_from_its_second_phase(shot_at):
    stage, boss = fighting(LEVEL2)
    assert isinstance(boss, Crawler)
    start = boss.fx
    run(stage, B.NONE, 120)
    assert boss.fx == start
    boss.wound(boss.health - boss.phase_thresholds()[0], stage)
    assert boss.phase == 1
    run(stage, B.NONE, 120)
    assert boss.fx < start
    assert boss.hitbox.left > boss.arena(stage).left + 100  # never crushes the player
    # Its grille is shut now, its stack open.
    grille, stack = part_rect(boss, "grille"), part_rect(boss, "stack")
    health = boss.health
    boss.hit(shot_at(grille), stage)
    assert boss.health == health
    assert boss.state == "fight"
    boss.hit(shot_at(stack), stage)
    assert boss.health == health - 1


def test_standing_still_in_the_first_phase_gets_the_player_hit():
    """The script above is not passing because the boss is harmless."""
    stage, boss = arena_stage()
    player = stage.player
    run(stage, B.RIGHT, INTRO_STEPS)
    run(stage, B.FIRE, Warden.FAN.steps + Warden.LOCK.steps)
    assert player.health < 5


def test_the_hud_shows_the_boss_bar_only_during_the_fight():
    from gunner.hud import draw_hud, fighting_boss

    stage = Stage(load_level(LEVEL1, images=False))
    assert fighting_boss(stage) is None
    stage, boss = fighting()
    assert fighting_boss(stage) is boss
    surface = pygame.Surface((VIEW_W, VIEW_H))
    draw_hud(surface, stage)
    bar_y = VIEW_H - 10
    full = surface.get_at((VIEW_W // 2, bar_y))
    boss.wound(boss.health - 10, stage)  # almost gone: the right of the bar empties
    surface.fill((0, 0, 0))
    draw_hud(surface, stage)
    assert surface.get_at((VIEW_W // 2, bar_y)) != full


@pytest.mark.parametrize("name", ["core", "reactor"])
def test_weak_points_lie_on_the_side_the_player_fights_from(name):
    """Each weak point sticks out left of the hull, so a shot from the arena reaches it."""
    _, boss = fighting()
    assert part_rect(boss, name).left < part_rect(boss, "hull").left


def test_a_boss_objective_without_a_boss_is_reported(tmp_path):
    from ascii_maps import write_map
    from gunner.check import check_file

    path = write_map(tmp_path, ["........", "..P.....", "########"])
    text = path.read_text(encoding="utf-8")
    boss = '<properties><property name="objective" value="boss"/>'
    path.write_text(text.replace("<properties>", boss, 1), encoding="utf-8")
    assert check_file(path) == [f"{path}: map: objective 'boss' but no boss in the map; place one"]
    assert check_file(LEVEL1) == []


# -- the Overseer --------------------------------------------------------------------------


def follow_the_overseer(stage: Stage, boss: Boss) -> B:
    """What a player who learned the Overseer's first phase does this step, from what
    the screen shows: stand under its belly, between the curtains, shooting up; while
    the last curtain still falls, stay put; when the eye glows, get clear of the spot
    it marked, on the side the ship has moved to (its burst flies away from the ship)."""
    player = stage.player.hitbox.centerx
    attack = boss.current
    target = boss.fx
    if attack is Overseer.CURTAIN and boss.attack_step >= attack.steps - attack.rest:
        target = player
    elif attack is Overseer.DROP:
        drift = boss.fx - boss.mark[0]
        side = -1.0 if abs(drift) < 1 else math.copysign(1.0, drift)
        target = boss.mark[0] + side * max(40.0, abs(drift))
    held = B.FIRE | B.UP
    if player < target - 4:
        held |= B.RIGHT
    elif player > target + 4:
        held |= B.LEFT
    return held


def test_the_overseers_first_phase_can_be_beaten_without_taking_a_hit():
    """The buttons of a run that follows the ship, recorded, then fed as a fixed
    sequence to a fresh fight: no hit taken, and the phase ends."""
    stage, boss = arena_stage(LEVEL3)
    script = []
    while boss.phase == 0 and len(script) < 1500:
        script.append(follow_the_overseer(stage, boss))
        stage.step(script[-1])
    stage, boss = arena_stage(LEVEL3)
    for step, held in enumerate(script):
        stage.step(held)
        assert stage.player.health == 5, f"hit at step {step}"
    assert boss.phase == 1 and boss.state == "shift"


def test_the_overseer_swings_across_the_arena_and_holds_still_to_fire():
    stage, boss = fighting(LEVEL3)
    assert isinstance(boss, Overseer)

    def firing() -> bool:
        attack = boss.current
        return (
            attack is not None and attack.telegraph < boss.attack_step < attack.steps - attack.rest
        )

    xs, held_still = [], 0
    for _ in range(1200):
        before, was_firing = boss.fx, firing()
        stage.step(B.NONE)
        if was_firing and firing():
            assert boss.fx == before
            held_still += 1
        xs.append(boss.fx)
    assert held_still > 300
    assert max(xs) - min(xs) > SWING  # it crosses most of its 300 px swing
    assert min(xs) >= boss.home - 2 * SWING - 0.01 and max(xs) <= boss.home + 0.01


def test_the_overseer_flies_over_the_player():
    """No body to walk into: the player runs under it, clear of its lowest part."""
    stage, boss = fighting(LEVEL3)
    lowest = max(rect.bottom for _, rect in boss.parts())
    assert lowest < boss.fy - 28 - 90  # above a standing player's head at a jump's peak
    run(stage, B.RIGHT, 240)
    assert stage.player.hitbox.centerx > boss.fx or stage.player.health < 5


def test_the_overseers_pods_are_armour_until_its_second_phase(shot_at):
    stage, boss = fighting(LEVEL3)
    health = boss.health
    boss.hit(shot_at(part_rect(boss, "pod_left")), stage)
    assert boss.health == health
    boss.wound(boss.health - boss.phase_thresholds()[0], stage)
    run(stage, B.NONE, SHIFT_STEPS + 1)
    assert boss.phase == 1 and boss.state == "fight"
    health = boss.health
    boss.hit(shot_at(part_rect(boss, "pod_left")), stage)
    assert boss.health == health - 1


@pytest.mark.parametrize("level", [LEVEL2, LEVEL3])
def test_every_arena_locks_the_camera(level):
    stage, boss = arena_stage(level)
    arena = boss.arena(stage)
    run(stage, B.NONE, 90)
    assert boss.state == "intro" or boss.state == "fight"
    assert stage.camera.rect == pygame.FRect(arena.left, arena.top, VIEW_W, VIEW_H)


def test_an_arena_opens_for_the_enemies_left_behind_when_every_enemy_is_asked_for():
    """A level that asks for every enemy and the boss (Fortress's map, asked so, as it
    was before it asked for the boss alone): killing the boss first leaves the level
    open, the shutter up and the camera free, to go back for the rest."""
    stage, boss = fighting(LEVEL3, "kill_all,boss")
    boss.wound(boss.health, stage)
    run(stage, B.NONE, DEATH_STEPS + 5)
    assert not boss.alive
    status = dict((name, done) for name, done, _ in stage.objective_status())
    assert status == {"kill_all": False, "boss": True}
    assert stage.outcome is None
    assert stage.camera.bounds is None and not boss.gate
