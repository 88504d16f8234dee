"""Feedback (gunner.feedback): the world's events become sounds, shake and effects, and
nothing cosmetic is simulation state, so a change to how the game looks moves no replay."""

import pytest

from ascii_maps import FLOOR, make_stage, obj, write_map
from checkout import TESTS
from gunner.config import LEVELS_DIR, TILE
from gunner.entities.player import Player
from gunner.events import (
    CHECKPOINT,
    DOOR_OPENED,
    EXPLODED,
    HURT,
    JUMPED,
    KILLED,
    LANDED,
    LEVEL_COMPLETE,
    LIFE_LOST,
    PICKED_UP,
    WALL_HIT,
)
from gunner.feedback.feedback import Feedback
from gunner.input import Buttons as B
from gunner.maps import load_level
from gunner.particles import Particles
from gunner.replay import Replay, play
from gunner.stage import Stage

REPLAYS = TESTS / "replays"
SHIPPED = sorted(LEVELS_DIR.glob("*.tmx"))


def heard(stage, *events):
    """Every publication of these events, as (event, kind of its source)."""
    out = []
    for event in events:
        stage.subscribe(event, lambda source, _e=event, **_: out.append((_e, source.kind)))
    return out


@pytest.mark.parametrize("level", SHIPPED, ids=lambda p: p.stem)
def test_a_look_change_moves_no_replay_hash(level, monkeypatch):
    # Animation twice as fast, twice the particles, three times the shake: the same play.
    tick = Player.tick

    def quick_tick(self, stage):
        tick(self, stage)
        self.anim_time += self.anim_time

    add, shake = Particles.add, Feedback.shake
    monkeypatch.setattr(Player, "tick", quick_tick)
    monkeypatch.setattr(Particles, "add", lambda self, *a: (add(self, *a), add(self, *a)))
    monkeypatch.setattr(Feedback, "shake", lambda self, trauma: shake(self, 3 * trauma))
    replay = Replay.load(REPLAYS / f"{level.stem}.replay")
    assert play(replay).state_hash() == replay.state_hash


def test_a_fatal_hit_on_the_player_is_a_hurt_and_a_kill(tmp_path):
    stage = make_stage(tmp_path, [])
    log = heard(stage, HURT, LIFE_LOST, KILLED)
    player = stage.player
    player.shield.stop()
    player.health = 1
    player.damage(1, stage, player.hitbox.centerx + TILE)
    assert log == [(HURT, "Player"), (LIFE_LOST, "Player"), (KILLED, "Player")]
    assert not player.alive and stage.destroyed == {} and stage.kills == 0
    assert stage.events == ["hurt", "death"] and stage.trauma > 0
    assert not stage.frozen  # the hit-stop is for a hit the player lives through


# A ledge, then a pit as deep as the map: walking right falls in.
LEDGE = ["." * 12] * 4 + ["..P........."] + ["#####......."] + ["." * 12] * 3


def test_a_fall_into_a_pit_is_a_kill_like_any_fatal_hit_and_co_op_tallies_it(tmp_path):
    stage = Stage(load_level(write_map(tmp_path, LEDGE), images=False), players=2)
    log = heard(stage, HURT, LIFE_LOST, KILLED)
    first, second = stage.players
    for _ in range(90):  # player 1 walks off the ledge; player 2 stands still
        stage.step(B.RIGHT)
        if not first.alive:
            break
    assert not first.alive and second.alive
    assert log == [(LIFE_LOST, "Player"), (KILLED, "Player")]
    assert [t.deaths for t in stage.tallies] == [1, 0]
    # A player's death is counted in its lives, never as an enemy killed.
    assert stage.destroyed == {} and stage.kills == 0
    assert stage.events == ["death"]


def test_a_jump_and_its_landing_are_heard_as_events(tmp_path):
    stage = make_stage(tmp_path, [])
    log = heard(stage, JUMPED, LANDED)
    stage.step(B.NONE)
    stage.step(B.JUMP)
    assert log == [(JUMPED, "Player")] and stage.events == ["jump"]
    stage.events.clear()
    for _ in range(90):
        stage.step(B.NONE)
    assert log == [(JUMPED, "Player"), (LANDED, "Player")] and stage.events == ["land"]


def test_a_blast_and_a_bullet_striking_a_wall_are_heard_as_events(tmp_path):
    stage = make_stage(tmp_path, [])
    where = []
    stage.subscribe(EXPLODED, lambda source, **data: where.append((source, data)))
    stage.explode(20 * TILE, 10 * TILE, 24.0, 1)
    assert where == [(None, {"x": 20 * TILE, "y": 10 * TILE})]
    assert stage.events == ["explosion"]
    stage.events.clear()
    walls = []
    stage.subscribe(WALL_HIT, lambda source, **_: walls.append(source))
    stage.bullets.spawn(20 * TILE, 12 * TILE, 0.0, 300.0, team="player")  # down, at the floor
    for _ in range(30):
        stage.step(B.NONE)
    assert walls == [None] and stage.events == ["hit_wall"]


def test_sounds_have_one_channel_the_events(tmp_path):
    # No sound name reaches the feedback layer but through an event it subscribes to.
    stage = make_stage(tmp_path, [])
    assert not hasattr(stage, "emit") and not hasattr(stage.feedback, "sound")


def test_doors_pickups_checkpoints_and_the_exit_are_heard_as_events(tmp_path):
    stage = make_stage(
        tmp_path,
        [
            obj("Pickup", 4 * TILE, FLOOR, item="spread"),
            obj("Keycard", 6 * TILE, FLOOR, color="red"),
            obj("Checkpoint", 8 * TILE, FLOOR),
            obj("Door", 10 * TILE, FLOOR - 3 * TILE, TILE, 3 * TILE, color="red"),
            obj("Exit", 12 * TILE, FLOOR),
        ],
    )
    log = heard(stage, PICKED_UP, CHECKPOINT, DOOR_OPENED, LEVEL_COMPLETE)
    sounds = []
    for _ in range(400):
        stage.step(B.RIGHT)
        sounds += stage.events
        stage.events.clear()
        if stage.outcome:
            break
    assert stage.outcome == "complete"
    assert log == [
        (PICKED_UP, "Pickup"),
        (PICKED_UP, "Keycard"),
        (CHECKPOINT, "Checkpoint"),
        (DOOR_OPENED, "Door"),
        (LEVEL_COMPLETE, "Player"),
    ]
    assert [s for s in sounds if s in ("pickup", "key", "checkpoint", "door_open")] == [
        "pickup",
        "key",
        "checkpoint",
        "door_open",
    ]
    assert sounds[-1] == "menu_select"


def test_nothing_cosmetic_is_in_the_world_state(tmp_path):
    stage = make_stage(tmp_path, [])
    before = stage.state_hash()
    stage.shake(0.7)
    stage.add_effect("explosion", (40.0, 40.0))
    stage.publish(EXPLODED, None, x=40.0, y=40.0)  # a sound and nothing else
    stage.player.anim_time += 1.0
    assert stage.state_hash() == before
