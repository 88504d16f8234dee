"""Every countdown is a Timer, and each fires at the step it always did: a door's opening,
a boss's intro, phase shift and death, an enemy's line-of-sight recheck and a moving
platform's wait at the end of its path. The steps are stated here as numbers, counted
from the countdown's start, so a change of how one counts shows as a failure."""

from __future__ import annotations

import pytest

from ascii_maps import FIELD, FLOOR, make_stage, obj, platform, polyline, write_map
from gunner.config import TILE
from gunner.entities.boss import Boss, BossState
from gunner.entities.door import Door, DoorState
from gunner.entities.enemy import LOS_INTERVAL
from gunner.entities.platform import MovingPlatform
from gunner.entities.rifleman import Rifleman
from gunner.events import KILLED
from gunner.input import Buttons as B
from gunner.level import load_level
from gunner.stage import Stage
from gunner.timer import Timer

BOSS_ROWS = ["." * 60] * 29 + ["P" + "." * 59] + ["#" * 60] * 10  # floor at row 30
BOSS_FY = 30 * TILE


def only(stage: Stage, cls: type):
    (found,) = [e for e in stage.entities if isinstance(e, cls)]
    return found


def test_a_door_opens_on_the_18th_step_after_its_key_and_its_frames_follow(tmp_path):
    stage = make_stage(tmp_path, [obj("Door", 20 * TILE, FLOOR - 48, 16, 48, color="red")])
    door = only(stage, Door)
    assert isinstance(door.opening, Timer)
    door.open(stage)
    frames, solid = [], []
    for _ in range(20):
        door.tick(stage)
        frames.append(door.frame())
        solid.append(door.solid)
    assert solid == [True] * 17 + [False] * 3  # open on the 18th step (0.3 s)
    assert frames == [1] * 5 + [2] * 6 + [3] * 6 + [4] * 3
    assert door.state == DoorState.OPEN


def boss_stage(tmp_path) -> tuple[Stage, Boss]:
    stage = make_stage(
        tmp_path, [obj("Warden", 50 * TILE, BOSS_FY)], rows=BOSS_ROWS, objective="boss"
    )
    return stage, only(stage, Boss)


def states(stage: Stage, boss: Boss, steps: int) -> list[BossState]:
    seen = []
    for _ in range(steps):
        stage.step(B.NONE)
        seen.append(boss.state)
    return seen


def test_a_boss_intro_lasts_60_steps_and_a_phase_shift_75(tmp_path):
    stage, boss = boss_stage(tmp_path)
    boss.enter(BossState.INTRO)
    assert isinstance(boss.countdown, Timer)
    assert states(stage, boss, 61) == [BossState.INTRO] * 59 + [BossState.FIGHT] * 2
    boss.enter(BossState.SHIFT)
    assert states(stage, boss, 76) == [BossState.SHIFT] * 74 + [BossState.FIGHT] * 2
    assert boss.clock == 1  # the look-only clock: steps in the state it is in


def test_a_boss_dies_150_steps_after_its_last_wound_with_a_blast_every_7(tmp_path):
    stage, boss = boss_stage(tmp_path)
    boss.enter(BossState.FIGHT)
    killed: list[Boss] = []
    stage.subscribe(KILLED, lambda source, **_: killed.append(source))
    boss.wound(boss.health, stage)
    blasts, died = [], []
    for step in range(1, 152):
        first = len(stage.effects)
        stage.step(B.NONE)
        if any(e.name == "explosion" for e in stage.effects[first:]):
            blasts.append(step)
        if killed and not died:
            died.append(step)
    assert died == [150] and killed == [boss] and not boss.alive
    assert blasts == list(range(7, 150, 7)) + [150]


def test_line_of_sight_is_asked_on_the_first_step_in_reach_then_every_sixth(tmp_path):
    stage = make_stage(tmp_path, [obj("Rifleman", 12 * TILE, FLOOR)], rows=list(FIELD))
    rifleman = only(stage, Rifleman)
    assert isinstance(rifleman.los_clock, Timer)
    asked: list[int] = []
    now = [0]  # the step being counted
    real = stage.line_of_sight

    def counting(*args):
        asked.append(now[0])
        return real(*args)

    stage.line_of_sight = counting
    p = stage.player
    eye = (p.hitbox.centerx + 100, p.hitbox.centery)
    for step in range(1, 21):
        now[0] = step
        rifleman.watch(stage, eye, 150.0)
    assert LOS_INTERVAL == 6 and asked == [1, 7, 13, 19]
    rifleman.watch(stage, eye, 50.0)  # out of reach: the next step in reach asks again
    asked.clear()
    now[0] = 100
    rifleman.watch(stage, eye, 150.0)
    assert asked == [100]


@pytest.mark.parametrize(
    ("wait", "steps"), [(0.0, 0), (0.2, 12), (0.25, 15), (1 / 3, 20), (0.5, 30), (1.0, 60)]
)
def test_a_platform_waits_its_wait_in_whole_steps_at_each_end(tmp_path, wait, steps):
    objects = [
        platform(160, 160, speed=("float", 120), wait=("float", wait)),
        polyline(184, 160, [(0, 0), (32, 0)]),
    ]
    path = write_map(tmp_path, FIELD, extra_objects="".join(objects))
    stage = Stage(load_level(path, images=False), seed=1)
    plat = only(stage, MovingPlatform)
    assert isinstance(plat.waiting, Timer)
    xs = []
    for _ in range(40 + 2 * steps):
        stage.step(B.NONE)
        xs.append(plat.hitbox.x)
    # 32 px at 2 px a step: 16 steps out, then it stands `steps` steps, then comes back.
    still = [i for i in range(1, len(xs)) if xs[i] == xs[i - 1]]
    assert still[:steps] == list(range(16, 16 + steps))
    assert xs[15 + steps + 1] < xs[15 + steps]  # on its way back the step after


def test_a_hit_stop_is_a_timer_that_holds_the_world_still_for_its_steps(tmp_path):
    stage = make_stage(tmp_path, [])
    stage.step(B.NONE)
    assert isinstance(stage.hit_stop, Timer) and not stage.hit_stop
    stage.hitstop(5)
    stage.hitstop(3)  # a shorter one never cuts a longer one short
    assert stage.frozen == 5
    x = stage.player.hitbox.x
    held_still = 0
    for _ in range(8):
        stage.step(B.RIGHT)
        held_still += stage.player.hitbox.x == x
    assert held_still == 5 and stage.frozen == 0
