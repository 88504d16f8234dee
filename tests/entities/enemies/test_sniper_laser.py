"""The sniper's rhythm, as a player learns it: its first laser a second in, following the
player for a second and then held still for LOCK seconds before the shot, which leaves
the muzzle of the pose it aims in; a player who breaks the line of sight while it follows
gets half its fire rate's rest; it sees only as far as its range, and never moves."""

from __future__ import annotations

import math

import pytest
from enemy_stages import Volley, make_stage, obj, stand

from gunner.config import DT, TILE
from gunner.entities.sniper import (
    AIM,
    DIAG_DOWN,
    DIAG_UP,
    FIRE_POSE,
    FIRST,
    FORWARD,
    FRAME,
    LOCK,
    LOCK_STEPS,
    MUZZLES,
    SHOT_SPEED,
    Sniper,
)
from gunner.input import Buttons as B

SKY = "." * 40
# The sniper on a one-tile pillar (col 20, rows 7-10) over the floor (row 11) the player
# walks; a wall to hide behind on the left (col 8), a ledge level with the sniper's feet
# on the right (row 7), and a high ledge above it (row 2).
ROWS = [SKY, SKY, "." * 24 + "#" * 5 + "." * 11] + [SKY] * 4
ROWS += ["." * 8 + "#" + "." * 11 + "#" + "." * 7 + "#" * 5 + "." * 7]
ROWS += ["." * 8 + "#" + "." * 11 + "#" + "." * 19] * 2
ROWS += ["..P" + "." * 5 + "#" + "." * 11 + "#" + "." * 19, "#" * 40]
FLOOR = 11 * TILE


def sniper_on(tmp_path, **props):
    stage = make_stage(tmp_path, ROWS, obj("Sniper", 20, 6, 1, **props))
    sniper = next(e for e in stage.entities if isinstance(e, Sniper))
    stage.player.invulnerable = 1e9
    return stage, sniper


def timeline(stage, sniper, monkeypatch, seconds: float, held: B = B.NONE, each=None):
    """Per step (from 1): the laser's state ('off', 'follow', 'locked') and the shots."""
    volley = Volley(stage, monkeypatch)
    states, fired = [], []
    for n in range(1, round(seconds / DT) + 1):
        before = len(volley.bullets)
        stage.step(held)
        if each:
            each(n)
        states.append("locked" if sniper.locked else "follow" if sniper.aim else "off")
        fired += [(n, b) for b in volley.bullets[before:]]
    return states, fired


def test_a_second_in_it_follows_for_a_second_holds_still_then_fires(tmp_path, monkeypatch):
    stage, sniper = sniper_on(tmp_path)
    stand(stage, 26 * TILE, FLOOR)  # on the floor below, to its right
    targets = []  # where the laser points, per step (None while it is off)
    states, fired = timeline(
        stage,
        sniper,
        monkeypatch,
        3.0,
        each=lambda n: targets.append(sniper.target if sniper.aim else None),
    )
    first = states.index("follow") + 1
    assert first == round(FIRST / DT)
    assert states[first - 1 :].index("locked") == round(AIM / DT)
    assert states.count("locked") == LOCK_STEPS
    assert [n for n, _ in fired] == [first + round((AIM + LOCK) / DT)]
    # On the step its laser came on, it pointed at the player already (not, for one
    # frame, at wherever it pointed before).
    assert targets[first - 1] == pytest.approx(stage.player.hitbox.center)


@pytest.mark.parametrize(
    "where, pose",
    [
        ((30 * TILE, 7 * TILE), FORWARD),  # level with it, on the right
        ((24 * TILE + 8, 2 * TILE), DIAG_UP),  # up on the high ledge
        ((26 * TILE, FLOOR), DIAG_DOWN),  # on the floor below
        ((14 * TILE, FLOOR), DIAG_DOWN),  # below, on its left
    ],
)
def test_the_shot_leaves_the_muzzle_of_its_pose_toward_the_laser(
    tmp_path, monkeypatch, where, pose
) -> None:
    stage, sniper = sniper_on(tmp_path)
    stand(stage, *where)
    _, fired = timeline(stage, sniper, monkeypatch, 3.0)
    assert fired, "it never fired"
    x, y, vx, vy = fired[0][1]
    side = 1 if where[0] > sniper.hitbox.centerx else -1
    mx, my = MUZZLES[pose]
    assert sniper.pose == pose and sniper.facing == side
    box = sniper.hitbox
    assert (x, y) == (box.centerx + (mx - FRAME / 2) * side, box.bottom - FRAME + my)
    tx, ty = sniper.target
    assert math.hypot(vx, vy) == pytest.approx(SHOT_SPEED)
    assert math.atan2(vy, vx) == pytest.approx(math.atan2(ty - y, tx - x))


def test_breaking_the_line_while_it_follows_gets_half_its_rest(tmp_path, monkeypatch):
    stage, sniper = sniper_on(tmp_path, fire_rate=2.0)
    stand(stage, 12 * TILE, FLOOR)  # in view, left of the sniper and right of the wall
    states, fired = timeline(stage, sniper, monkeypatch, FIRST + 0.5)
    assert states[-1] == "follow" and not fired
    stand(stage, 4 * TILE, FLOOR)  # behind the wall

    def back(n: int) -> None:
        if n == 2:
            stand(stage, 12 * TILE, FLOOR)  # and out again at once

    states, fired = timeline(stage, sniper, monkeypatch, 2.0, each=back)
    assert states[0] == "off" and not fired  # lost: no laser, no shot
    # Lost on step 1, then half of fire_rate 2.0 at rest: the laser is back on step 61.
    assert states.index("follow") + 1 == 1 + round(1.0 / DT)


def test_it_sees_only_as_far_as_its_range(tmp_path, monkeypatch) -> None:
    stage, sniper = sniper_on(tmp_path, range=100)
    stand(stage, 28 * TILE, FLOOR)  # in sight, about 150 px off
    states, _ = timeline(stage, sniper, monkeypatch, 3.0)
    assert set(states) == {"off"}
    stand(stage, 23 * TILE, FLOOR)  # about 90 px off
    states, _ = timeline(stage, sniper, monkeypatch, 1.0)
    assert "follow" in states


def test_it_stands_where_it_was_put_and_its_firing_pose_is_brief(tmp_path, monkeypatch):
    rows = list(ROWS)
    stage = make_stage(tmp_path, rows, obj("Sniper", 20, 4, 1))  # placed a little high
    sniper = next(e for e in stage.entities if isinstance(e, Sniper))
    stage.player.invulnerable = 1e9
    stand(stage, 26 * TILE, FLOOR)
    posed = []
    _, fired = timeline(
        stage, sniper, monkeypatch, 4.0, each=lambda n: posed.append(bool(sniper.fire_pose))
    )
    assert sniper.hitbox.bottom == 7 * TILE  # it dropped onto its pillar
    assert sniper.hitbox.centerx == 20 * TILE + 8  # and never moved across
    n = fired[0][0]
    assert posed[n - 1 : n - 1 + round(FIRE_POSE / DT)] == [True] * round(FIRE_POSE / DT)
    assert not posed[n - 1 + round(FIRE_POSE / DT)]
