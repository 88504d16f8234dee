"""A checkpoint flag as a player meets it: reached once, with one announcement and one
event however long he stands at it, and a flag drawn as a flat line is a flag."""

from __future__ import annotations

from ascii_maps import FLOOR, make_stage, obj
from gunner.config import TILE
from gunner.entities.checkpoint import REACH, WIDTH, Checkpoint
from gunner.events import CHECKPOINT
from gunner.input import Buttons as B
from gunner.level import Spawn


def test_standing_at_a_flag_announces_it_once(tmp_path) -> None:
    stage = make_stage(tmp_path, [obj("Checkpoint", 6 * TILE, FLOOR - 32, 16, 32)])
    (flag,) = [e for e in stage.entities if isinstance(e, Checkpoint)]
    said: list[str] = []
    say = stage.say
    stage.say = lambda line: (said.append(line), say(line))  # type: ignore[method-assign]
    reached: list[Checkpoint] = []
    stage.subscribe(CHECKPOINT, lambda source, **_: reached.append(source))
    stage.player.hitbox.midbottom = (6 * TILE + 8, FLOOR)  # standing at it
    for _ in range(60):
        stage.step(B.NONE)
    assert said == ["CHECKPOINT"] and reached == [flag] and flag.reached
    assert stage.checkpoint == (6 * TILE + 8, FLOOR)


def test_a_flag_drawn_as_a_flat_line_stands_as_a_flag_on_its_middle() -> None:
    flag = Checkpoint.from_spawn(Spawn("Checkpoint", 100.0, 200.0, 48.0, 0.0))
    assert flag.hitbox.size == (WIDTH, REACH) and flag.hitbox.midbottom == (124.0, 200.0)
