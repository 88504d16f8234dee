"""Assists (issue 27): game speed, invincibility, infinite ammo and auto-fire; opt-in,
off by default, and a run made with them is marked and kept apart from the best."""

import json

import pygame
import pytest

from app_helpers import key
from ascii_maps import CORRIDOR, write_map
from gunner import __main__ as cli
from gunner.app import App, FixedStepClock
from gunner.assists import Assists, AutoFire, parse_assists
from gunner.config import TILE
from gunner.entities.player import LIVES, MAX_HEALTH
from gunner.events import PUT_BACK
from gunner.input import Buttons as B
from gunner.input import RandomInput
from gunner.level import load_level
from gunner.replay import Replay, ReplayInput, play
from gunner.scenes.assists import AssistsScene
from gunner.scenes.options import OptionsScene
from gunner.scenes.play import PlayScene
from gunner.settings import Progress, load_settings
from gunner.stage import Stage

# A ledge, then a pit as deep as the map: walking right falls in.
LEDGE = ["." * 12] * 4 + ["..P........."] + ["#####......."] + ["." * 12] * 3


@pytest.fixture
def app():
    app = App(scale=1, fullscreen=False)
    yield app
    pygame.display.set_mode((480, 270))


def ledge_stage(tmp_path, assists: Assists) -> Stage:
    stage = Stage(load_level(write_map(tmp_path, LEDGE), images=False))
    stage.assists = assists
    return stage


# -- game speed ---------------------------------------------------------------------------


def frames_to_play(tmp_path, masks, speed: int) -> tuple[int, str]:
    """Play `masks` through the app's loop, one 1/60 s frame of real time after
    another, at `speed` percent: (frames it took, the state hash it ended on)."""
    app = App(scale=1, fullscreen=False, assists=Assists(speed=speed))
    scene = PlayScene(write_map(tmp_path, CORRIDOR), seed=5, replay=ReplayInput(masks))
    app.push(scene)
    app.frame = lambda steps: [scene.step(app, B.NONE) for _ in range(steps)]  # no events
    stepper, frames = FixedStepClock(), 0
    while not scene.replay.finished and frames < 10 * len(masks):
        app.run_frame(stepper, 1 / 60)
        frames += 1
    pygame.display.set_mode((480, 270))
    return frames, scene.stage.state_hash()


def test_game_speed_changes_the_pace_and_never_the_simulation(tmp_path):
    source = RandomInput(3)
    masks = [int(source.next()) for _ in range(300)]
    headless = Stage(load_level(write_map(tmp_path, CORRIDOR)), seed=5)
    for mask in masks:
        headless.step(B(mask))
    full_frames, full_hash = frames_to_play(tmp_path, masks, 100)
    half_frames, half_hash = frames_to_play(tmp_path, masks, 50)
    slow_frames, slow_hash = frames_to_play(tmp_path, masks, 70)
    assert full_hash == half_hash == slow_hash == headless.state_hash()
    # The same steps take twice the real time at 50 %, and 1/0.7 of it at 70 %.
    assert full_frames == pytest.approx(300, abs=2)
    assert half_frames == pytest.approx(600, abs=3)
    assert slow_frames == pytest.approx(300 / 0.7, abs=3)


def test_menus_keep_full_speed_over_a_slowed_level(app, tmp_path):
    app.assists = Assists(speed=50)
    app.push(PlayScene(write_map(tmp_path, CORRIDOR)))
    assert app.pace() == 0.5
    app.push(app.router.make("pause", app.scene))
    assert app.pace() == 1.0


# -- invincibility ------------------------------------------------------------------------


def test_invincibility_survives_a_pit_back_on_the_last_ground(tmp_path):
    stage = ledge_stage(tmp_path, Assists(invincible=True))
    for _ in range(90):  # off the ledge, down the pit
        stage.step(B.RIGHT)
    fell_back = 0
    for _ in range(300):
        stage.step(B.NONE)
        fell_back += stage.player.on_ground
    player = stage.player
    assert player.alive and player.lives == LIVES and stage.outcome is None
    assert fell_back > 200, "it stands on the ledge again"
    # On the ledge's last tiles, where it last stood, not back at the start.
    assert 3 * TILE <= player.hitbox.centerx <= 5 * TILE + 8
    assert player.hitbox.bottom == 5 * TILE


def test_a_pit_puts_an_invincible_player_back_a_tile_short_of_its_edge(tmp_path):
    """Not on the very edge he walked off: still holding right, he would drop straight
    back in, over and over, seeing nothing but the pit."""
    stage = ledge_stage(tmp_path, Assists(invincible=True))
    put_back = []
    stage.subscribe(PUT_BACK, lambda source, **kw: put_back.append(source.hitbox.right))
    grounded = 0
    for _ in range(240):  # right held all along
        stage.step(B.RIGHT)
        grounded += stage.player.on_ground
    assert put_back, "it never fell in"
    assert max(put_back) <= 4 * TILE + 1  # a tile of ledge (x 64-80) still ahead
    assert grounded >= 40  # it walks that tile each time before it falls again


def test_without_invincibility_the_same_pit_costs_a_life(tmp_path):
    stage = ledge_stage(tmp_path, Assists())
    for _ in range(90):
        stage.step(B.RIGHT)
    assert stage.player.lives == LIVES - 1


def test_invincibility_takes_no_hit(tmp_path):
    stage = ledge_stage(tmp_path, Assists(invincible=True))
    stage.step(B.NONE)
    stage.player.damage(MAX_HEALTH * 2, stage, 0.0)
    assert stage.player.alive and stage.player.health == MAX_HEALTH


# -- infinite ammo ------------------------------------------------------------------------


@pytest.mark.parametrize("infinite", [True, False])
def test_infinite_ammo_never_runs_out(tmp_path, infinite):
    stage = ledge_stage(tmp_path, Assists(ammo=infinite))
    stage.player.equip("rocket", 2)
    for _ in range(300):  # a rocket every 0.6 s: eight of them
        stage.step(B.FIRE)
    assert stage.bullets.fired >= 8
    if infinite:
        assert stage.player.weapon.name == "rocket" and stage.player.ammo == 2
    else:
        assert stage.player.weapon.name == "pistol"


# -- auto-fire ----------------------------------------------------------------------------


def test_auto_fire_toggles_on_a_tap_and_off_on_the_next(app, tmp_path):
    app.assists = Assists(autofire=True)
    scene = PlayScene(write_map(tmp_path, CORRIDOR))
    app.push(scene)
    stage = scene.stage

    def steps(held: B, n: int) -> int:
        before = stage.bullets.fired
        for _ in range(n):
            scene.step(app, held)
        return stage.bullets.fired - before

    assert steps(B.NONE, 10) == 0
    steps(B.FIRE, 1)  # a tap
    assert steps(B.NONE, 60) >= 5, "firing with nothing held"
    assert scene.autofire.firing
    steps(B.FIRE, 1)  # the next tap
    assert steps(B.NONE, 60) == 0 and not scene.autofire.firing
    # Holding fire is a single press: it starts firing, and letting go does not stop it.
    steps(B.FIRE, 30)
    assert steps(B.NONE, 60) >= 5


def test_auto_fire_off_passes_fire_as_held():
    assert AutoFire().apply(B.FIRE | B.RIGHT) == B.FIRE | B.RIGHT
    fire = AutoFire()
    fire.apply(B.FIRE)
    assert fire.apply(B.LEFT) == B.LEFT | B.FIRE


# -- marking assisted runs ----------------------------------------------------------------


def test_an_assisted_best_never_replaces_an_unassisted_one(_data_dir):
    progress = Progress(_data_dir)
    assert progress.record_finish("levels/a.tmx", 80.0)
    assert progress.record_finish("levels/a.tmx", 50.0, assisted=True)
    assert progress.best_time("levels/a.tmx") == 80.0
    assert not progress.record_finish("levels/a.tmx", 60.0, assisted=True)
    again = Progress(_data_dir)
    assert again.best_times == {"levels/a.tmx": 80.0}
    assert again.best_time("levels/a.tmx", assisted=True) == 50.0


def test_a_finished_assisted_run_is_marked_and_kept_apart(app, tmp_path, _data_dir):
    from gunner.levellist import best_time

    app.progress = Progress(_data_dir)
    app.assists = Assists(speed=70, invincible=True)
    scene = PlayScene(write_map(tmp_path, CORRIDOR))
    app.push(scene)
    for _ in range(400):
        if scene.stage.outcome:
            break
        app.scene.step(app, B.RIGHT)
    complete = app.scene
    assert scene.stage.outcome == "complete"
    assert complete.assist_line() == "ASSISTED RUN: SPEED 70%, INVINCIBLE"
    assert ("ASSISTED BEST", "NEW BEST!") in [row[:2] for row in complete.lines()]
    assert app.progress.best_times == {}
    best, assisted = best_time(app.progress, scene.progress_key)
    assert best == pytest.approx(scene.stage.time, abs=0.001) and assisted


def test_auto_fire_alone_does_not_mark_the_run():
    assert not Assists(autofire=True).marks_run
    assert Assists(speed=90).marks_run and Assists(ammo=True).marks_run


def test_an_assist_switched_on_midway_marks_the_run(app, tmp_path):
    scene = PlayScene(write_map(tmp_path, CORRIDOR))
    app.push(scene)
    scene.step(app, B.NONE)
    app.assists = Assists(ammo=True)
    scene.step(app, B.NONE)
    app.assists = Assists()
    scene.step(app, B.NONE)
    assert scene.assisted.marks_run and scene.stage.assists == Assists()


# -- where assists are chosen -------------------------------------------------------------


def test_assist_flag_parses_and_refuses_in_one_line(capsys):
    assert parse_assists("speed=70,invincible,ammo,autofire") == Assists(70, True, True, True)
    assert parse_assists("") == Assists()
    for bad in ("speed=45", "speed=fast", "invisible", "ammo=3"):
        with pytest.raises(SystemExit) as exit_:
            cli.main(["--assist", bad, "--headless", "--frames", "1"])
        assert exit_.value.code == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert "--assist" in err[-1] and "Traceback" not in "".join(err)


def test_options_open_the_assists_which_apply_and_save_at_once(app, _data_dir):
    options = OptionsScene()
    app.scenes = [options]
    options.index = options.rows.index("assists")
    app.handle_event(key(pygame.K_RETURN))
    assert isinstance(app.scene, AssistsScene)
    screen = app.scene
    for k in (pygame.K_LEFT, pygame.K_LEFT, pygame.K_LEFT):  # 100 -> 70 %
        app.handle_event(key(k))
    app.handle_event(key(pygame.K_DOWN))
    app.handle_event(key(pygame.K_RETURN))  # invincibility on
    assert app.assists == Assists(speed=70, invincible=True)
    assert load_settings().assists == app.assists
    app.handle_event(key(pygame.K_UP))
    for _ in range(3):
        app.handle_event(key(pygame.K_LEFT))  # 60, 50, and no lower
    assert app.assists.speed == 50
    saved = json.loads((_data_dir / "settings.json").read_text())["assists"]
    assert saved == {"speed": 50, "invincible": True, "ammo": False, "autofire": False}
    app.handle_event(key(pygame.K_ESCAPE))
    assert app.scene is options and screen is not options


def test_the_command_line_assists_are_for_this_run_only(_data_dir):
    app = App(scale=1, fullscreen=False, assists=Assists(invincible=True))
    assert app.assists.invincible and not app.settings.assists.invincible
    app.save_settings()
    assert load_settings().assists == Assists()
    pygame.display.set_mode((480, 270))


def test_bad_assists_in_settings_are_repaired_and_nothing_else_is_lost(_data_dir, capsys):
    (_data_dir / "settings.json").write_text(
        json.dumps(
            {
                "version": 1,
                "scale": 2,
                "assists": {"speed": 45, "invincible": "yes", "ammo": True, "turbo": 1},
            }
        )
    )
    settings = load_settings()
    assert settings.scale == 2 and settings.assists == Assists(ammo=True)
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 3 and all("settings.json" in line for line in err)
    assert any("assists.speed 45" in line for line in err)


# -- replays ------------------------------------------------------------------------------


def test_a_run_made_with_assists_records_them_and_replays_exactly(tmp_path):
    path = write_map(tmp_path, LEDGE)
    record = tmp_path / "run.replay"
    args = ["--headless", "--level", str(path), "--random-input", "--seed", "4"]
    assert (
        cli.main([*args, "--frames", "400", "--assist", "invincible", "--record", str(record)]) == 0
    )
    stored = json.loads(record.read_text())
    assert stored["assists"] == ["invincible"]
    replay = Replay.load(record)
    assert replay.assists == Assists(invincible=True)
    assert play(replay).state_hash() == replay.state_hash
    assert cli.main(["--headless", "--replay", str(record)]) == 0
    pygame.display.set_mode((480, 270))


def test_a_run_without_assists_stores_none(tmp_path):
    record = tmp_path / "run.replay"
    path = write_map(tmp_path, LEDGE)
    assert (
        cli.main(["--headless", "--level", str(path), "--frames", "5", "--record", str(record)])
        == 0
    )
    assert "assists" not in json.loads(record.read_text())
    pygame.display.set_mode((480, 270))
