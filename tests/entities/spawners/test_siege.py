"""Sieges: wave spawners let enemies out wave after wave; the `waves` objective.

The campaign's fourth level is a siege whose last wave puts more than 300 enemies on
the stage at once (what the crowd engine is for).
"""

from __future__ import annotations

from pathlib import Path

from siege_stages import enemies, gate

from ascii_maps import FLOOR, make_stage, obj
from gunner.config import DT, LEVELS_DIR, TILE
from gunner.entities.spawner import WAVE_PAUSE, current_wave
from gunner.hudteam import SiegeStatus, siege_status
from gunner.input import Buttons as B
from gunner.level import load_level
from gunner.stage import Stage
from gunner.timer import steps


def test_a_gate_lets_out_its_count_one_every_so_often_facing_the_player(siege) -> None:
    stage = siege([gate(30 * TILE, count=4, every=0.5, health=1, fire_rate=9)])
    out_at: list[int] = []
    placed = []
    for step in range(steps(WAVE_PAUSE) + 4 * steps(0.5) + 10):
        before = enemies(stage)
        stage.step(B.NONE)
        new = [e for e in enemies(stage) if e not in before]
        if new:
            out_at.append(step)
            placed += [(e.hitbox.centerx, e.hitbox.bottom, e.facing) for e in new]
    assert len(out_at) == 4
    assert out_at[0] >= steps(WAVE_PAUSE) - 1  # after the pause before the wave
    assert {b - a for a, b in zip(out_at, out_at[1:], strict=False)} == {steps(0.5)}
    soldiers = enemies(stage)
    assert all(s.kind == "Soldier" and s.health == 1 and s.fire_every == 9 for s in soldiers)
    # They come out on the gate's floor, inside its width, facing the player (to the left).
    assert all(30 * TILE <= x <= 34 * TILE and y == FLOOR and f == -1 for x, y, f in placed)
    assert len({x for x, _, _ in placed}) > 1  # at random places along it
    assert stage.totals["kill_all"] == 4


def test_waves_come_one_after_another_and_the_objective_waits_for_the_last(
    siege,
) -> None:
    gates = [
        gate(30 * TILE, wave=1, count=2, every=0.1),
        gate(34 * TILE, wave=2, count=3, every=0.1, kind="Drone"),
    ]
    stage = siege(gates)
    status = lambda: stage.objective_status()[0]  # noqa: E731
    assert status() == ("waves", False, "SURVIVE WAVE 1/2")
    for _ in range(steps(WAVE_PAUSE + 1)):
        stage.step(B.NONE)
    first = enemies(stage)
    assert [e.kind for e in first] == ["Soldier", "Soldier"] and stage.message == "WAVE 1"
    for _ in range(120):  # wave 2 waits while wave 1 lives
        stage.step(B.NONE)
    assert current_wave(stage.spawners) == 1 and len(enemies(stage)) == 2
    for soldier in first:
        soldier.damage(99, stage)
    for _ in range(steps(WAVE_PAUSE + 1)):
        stage.step(B.NONE)
    assert status() == ("waves", False, "SURVIVE WAVE 2/2")
    assert stage.message == "WAVE 2: THE LAST"
    assert sorted(e.kind for e in enemies(stage)) == ["Drone"] * 3
    assert not stage.outcome
    for drone in enemies(stage):
        drone.damage(99, stage)
    for _ in range(5):  # (the kills' hit-stop)
        stage.step(B.NONE)
    assert status()[:2] == ("waves", True)
    assert stage.outcome == "complete"  # waves was the only objective


def test_the_next_wave_comes_on_while_the_last_ones_stragglers_still_fight(siege) -> None:
    """A wave down to its stragglers (every one let out, fewer than a fifth alive) lets
    the next one start: they fight on beside it, and the objective waits for them too."""
    gates = [
        gate(30 * TILE, wave=1, count=10, every=0.1),
        gate(34 * TILE, wave=2, count=2, every=0.1, kind="Drone"),
    ]
    stage = siege(gates)
    for _ in range(steps(WAVE_PAUSE + 1.5)):
        stage.step(B.NONE)
    first = enemies(stage)
    assert len(first) == 10
    for soldier in first[:8]:
        soldier.damage(99, stage)
    for _ in range(steps(WAVE_PAUSE + 1)):  # two of ten left: the next wave waits
        stage.step(B.NONE)
    assert current_wave(stage.spawners) == 1 and enemies(stage) == first[8:]
    assert siege_status(stage) == SiegeStatus(wave=1, waves=2, left=2)
    first[8].damage(99, stage)  # one of ten: a straggler
    for _ in range(steps(WAVE_PAUSE + 1)):
        stage.step(B.NONE)
    assert stage.message == "WAVE 2: THE LAST"
    assert sorted(e.kind for e in enemies(stage)) == ["Drone", "Drone", "Soldier"]
    assert siege_status(stage) == SiegeStatus(wave=2, waves=2, left=3)  # the straggler too
    for drone in [e for e in enemies(stage) if e.kind == "Drone"]:
        drone.damage(99, stage)
    for _ in range(5):
        stage.step(B.NONE)
    assert stage.objective_status()[0][:2] == ("waves", False)  # the straggler lives
    # Wave 2 is still the one on, its drones gone: the count never goes back a wave.
    assert siege_status(stage) == SiegeStatus(wave=2, waves=2, left=1)
    assert stage.objective_status()[0][2] == "SURVIVE WAVE 2/2"
    first[9].damage(99, stage)
    for _ in range(5):
        stage.step(B.NONE)
    assert stage.outcome == "complete"


def test_a_spawner_placed_as_a_point_still_lets_enemies_out(tmp_path: Path) -> None:
    stage = make_stage(
        tmp_path, [obj("WaveSpawner", 30 * TILE, FLOOR, count=1, every=0.1)], objective="waves"
    )
    for _ in range(steps(WAVE_PAUSE + 1)):
        stage.step(B.NONE)
    (soldier,) = enemies(stage)
    assert soldier.hitbox.bottom == FLOOR


def test_the_siege_puts_more_than_200_enemies_on_the_stage_at_once() -> None:
    """Level 4, the player untouchable and not firing: waves 1 and 2 are cleared by hand,
    then the third wave's gates fill the valley. (The rebuilt siege lets its horde of 242
    out over about 24 s, one every 0.3-0.8 s a gate, so it arrives spread out rather than
    as the 340 let out in 7 s of the old one.)"""
    stage = Stage(load_level(LEVELS_DIR / "level4.tmx", images=False), seed=3)
    stage.player.invulnerable = 1e9
    peak = 0
    for step in range(round(90 / DT)):
        wave = current_wave(stage.spawners)
        if wave is not None and wave < 3 and step % 60 == 0:
            for enemy in enemies(stage):
                enemy.damage(99, stage)
        stage.step(B.NONE)
        peak = max(peak, len(enemies(stage)))
        if peak >= 200:
            break
    assert current_wave(stage.spawners) == 3 and peak >= 200


def test_a_waves_drones_come_down_to_the_player_from_a_gate_in_the_sky(siege) -> None:
    """The siege's drone gates sit 27 tiles up, far beyond a drone's sight: its drones
    hunt, so the wave comes to the player (it used to hover up there for ever)."""
    rows = ["." * 40] * 40 + ["..P" + "." * 37, "#" * 40]
    floor = 41 * TILE
    high = obj("WaveSpawner", 30 * TILE, floor - 28 * TILE, 64, 32, kind="Drone", count=2)
    stage = siege([high], rows=rows)
    attacked = 0
    for _ in range(steps(WAVE_PAUSE) + steps(12.0)):
        stage.step(B.NONE)
        attacked += stage.events.count("enemy_shoot")
    drones = enemies(stage)
    assert [d.kind for d in drones] == ["Drone", "Drone"] and all(d.hunt for d in drones)
    assert attacked >= 1 or any(d.dive for d in drones)
    assert all(d.hitbox.bottom > floor - 200 for d in drones)  # down within sight
