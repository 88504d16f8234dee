"""The stage's bookkeeping: the quadtree holds exactly the living, and a restart starts clean."""

from ascii_maps import write_map
from gunner.config import TILE
from gunner.input import Buttons
from gunner.level import load_level
from gunner.scenes.play import PlayScene
from gunner.stage import Stage

ROWS = ["." * 24] * 4 + ["..P" + "." * 21] + ["#" * 24]


def soldiers(*cols: int) -> str:
    return "".join(
        f'<object id="{60 + i}" type="Soldier" x="{c * TILE}" y="{3 * TILE}" '
        f'width="16" height="32"/>'
        for i, c in enumerate(cols)
    )


def test_killed_enemies_leave_the_tree_and_the_entity_list(tmp_path):
    path = write_map(tmp_path, ROWS, extra_objects=soldiers(8, 12))
    stage = Stage(load_level(path, images=False))
    targets = [e for e in stage.entities if e.kind == "Soldier"]
    assert len(targets) == 2
    stage.player.invulnerable = float("inf")  # only the bookkeeping is under test
    for _ in range(600):
        stage.step(Buttons.FIRE | Buttons.RIGHT if stage.steps % 2 else Buttons.RIGHT)
        stage.check_invariants()
        if not any(t.alive for t in targets):
            break
    assert not any(t.alive for t in targets) and stage.kills == 2
    for t in targets:
        assert t not in stage.tree and t not in stage.entities


def test_nothing_stale_survives_a_level_restart(tmp_path):
    path = write_map(tmp_path, ROWS, extra_objects=soldiers(10))
    scene = PlayScene(path)
    old = scene.stage
    for _ in range(90):
        old.step(Buttons.FIRE)
    assert len(old.bullets) > 0
    fresh = scene.restarted(app=None).stage
    assert fresh.tree is not old.tree
    assert len(fresh.bullets) == 0 and fresh.steps == 0 and fresh.kills == 0
    fresh.check_invariants()
    assert len(fresh.tree.bullets) == 0
    assert not {id(e) for e in old.entities} & {id(item) for item in fresh.tree}
    assert sorted(e.kind for e in fresh.entities) == ["Player", "Soldier"]


def test_kill_all_counts_an_enemy_lost_in_a_pit(tmp_path):
    # A soldier that walks off into a pit is gone without a kill: the objective must
    # still be completable.
    rows = ["." * 12] * 4 + ["..P........."] + ["######...###"]
    path = write_map(tmp_path, rows, extra_objects=soldiers(7))
    text = path.read_text().replace(
        '<property name="name" value="Test Range"/>',
        '<property name="name" value="Test Range"/><property name="objective" value="kill_all"/>',
    )
    path.write_text(text)
    stage = Stage(load_level(path, images=False))
    (soldier,) = [e for e in stage.entities if e.kind == "Soldier"]
    soldier.hitbox.x = 7 * TILE  # over the pit
    for _ in range(120):
        stage.step(Buttons.NONE)
        if stage.outcome:
            break
    assert not soldier.alive and stage.kills == 0
    assert stage.outcome == "complete"
