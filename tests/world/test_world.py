"""The world's shape: objectives come from one registry, the players from one list,
and a boss's fall clears the enemy bullets through the world's own interface."""

import subprocess
import sys

import pytest

from ascii_maps import write_map
from gunner.config import TILE
from gunner.level import load_level
from gunner.objects import OBJECTIVES as VALID_OBJECTIVES
from gunner.stage import Stage
from gunner.world import objectives

ROWS = ["." * 24] * 4 + ["..P" + "." * 21] + ["#" * 24]


def test_every_objective_a_map_may_name_is_judged_by_the_registry():
    # --check accepts exactly the names the game can judge: a name only one side
    # knows is a level that cannot end, or a level refused for nothing.
    assert set(objectives.OBJECTIVES) == set(VALID_OBJECTIVES)


@pytest.mark.parametrize(
    ("value", "expected", "done"),
    [
        ("", ["exit"], [False]),
        # No enemy left to defeat is done; a boss objective with no boss never is.
        ("Kill_All, boss", ["kill_all", "boss"], [True, False]),
        ("nonsense", ["exit"], [False]),
    ],
)
def test_a_level_reports_progress_on_each_of_its_objectives(tmp_path, value, expected, done):
    stage = Stage(load_level(write_map(tmp_path, ROWS), images=False))
    stage.objectives = objectives.parse_objectives(value)
    status = stage.objective_status()
    assert [name for name, _, _ in status] == expected
    assert [finished for _, finished, _ in status] == done
    assert all(text for _, _, text in status)


def test_the_first_player_is_the_player(tmp_path):
    stage = Stage(load_level(write_map(tmp_path, ROWS), images=False))
    assert stage.players == [stage.player]
    assert stage.player.hitbox.bottom == 5 * TILE


def test_expiring_a_teams_bullets_leaves_the_others_flying(tmp_path):
    stage = Stage(load_level(write_map(tmp_path, ROWS), images=False))
    stage.bullets.spawn(100, 40, 50, 0, team="enemy")
    stage.bullets.spawn(120, 40, 50, 0, team="player")
    stage.bullets.spawn(140, 40, 50, 0, team="enemy")
    where = stage.bullets.expire_team("enemy")
    assert where == [(100.0, 40.0), (140.0, 40.0)]
    stage.step(0)
    assert [b.team for b in stage.bullets.live] == ["player"]


def test_the_simulation_plays_without_the_asset_loader():
    # The world never reads presentation: building and stepping it loads no art module.
    code = (
        "import sys; from gunner.stage import Stage; from gunner.level import load_level;"
        "from gunner.config import LEVELS_DIR;"
        "s = Stage(load_level(LEVELS_DIR / 'level1.tmx', images=False)); s.step(0);"
        "print(sorted(m for m in ('gunner.assets', 'gunner.render', 'gunner.audio')"
        " if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_world_with_nothing_to_show_it_plays_a_blast(tmp_path):
    # Outside tools step a bare World (no Feedback attached): a drum's blast, its
    # effects and shake asked for, go nowhere and the play goes on.
    from ascii_maps import obj
    from gunner.world import World

    drum = obj("OilDrum", 10 * TILE, 5 * TILE - 16, 16, 16)
    world = World(load_level(write_map(tmp_path, ROWS, extra_objects=drum), images=False))
    (barrel,) = [e for e in world.entities if e.kind == "OilDrum"]
    barrel.damage(1000, world, None)
    for _ in range(120):
        world.step(0)
    assert not barrel.alive and world.steps == 120
