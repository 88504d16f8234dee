"""Presentation: the HUD, the menus' logic, progress on completion, shake, hit-stop,
particles, and the generated sounds and music."""

from __future__ import annotations

import wave
from pathlib import Path

import numpy as np
import pygame
import pytest

from app_helpers import SHORT, finish, key, loaded
from ascii_maps import FLOOR, make_stage, obj, write_map
from gunner import config, hudteam
from gunner.app import App
from gunner.config import ASSETS_DIR, TILE
from gunner.entities.player import MAX_HEALTH
from gunner.entities.spawner import WAVE_PAUSE
from gunner.hud import (
    BLOCK_GAP,
    BLOCK_W,
    EMPTY,
    FULL,
    LOW,
    SiegeStatus,
    accuracy,
    draw_hud,
    format_time,
    health_blocks,
    siege_status,
)
from gunner.input import Buttons
from gunner.level import load_level
from gunner.particles import CAP, CASING, Particles
from gunner.render import MAX_SHAKE, draw_stage, shake_offset
from gunner.scenes import play as play_module
from gunner.scenes.complete import CompleteScene, accuracy_label
from gunner.scenes.levelselect import (
    LevelSelectScene,
    campaign_entries,
    continue_index,
    unlocked_entries,
)
from gunner.scenes.play import PlayScene
from gunner.scenes.title import TitleScene
from gunner.settings import Progress, campaign_key
from gunner.stage import HITSTOP_KILL, Stage
from gunner.timer import steps
from gunner.weapons import WEAPONS

ROWS = [
    "##############################",
    "#............................#",
    "#............................#",
    "#............................#",
    "#.P......................E...#",
    "##############################",
]


@pytest.fixture
def stage(tmp_path: Path) -> Stage:
    return Stage(load_level(write_map(tmp_path, ROWS)), seed=4)


@pytest.fixture
def campaign(tmp_path: Path, monkeypatch) -> tuple[str, ...]:
    """A three-level campaign in a tmp folder whose third map is not made yet."""
    levels = tmp_path / "levels"
    levels.mkdir()
    write_map(levels, SHORT, "a.tmx")
    write_map(levels, SHORT, "b.tmx")
    names = ("a.tmx", "b.tmx", "c.tmx")
    for module in (config, play_module):
        monkeypatch.setattr(module, "CAMPAIGN", names)
        monkeypatch.setattr(module, "LEVELS_DIR", levels)
    return names


@pytest.fixture
def app(_data_dir):
    app = App(scale=1, fullscreen=False, progress=Progress(_data_dir))
    yield app
    pygame.display.set_mode((480, 270))


# -- HUD ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("health", "filled"), [(5, 5), (3, 3), (1, 1), (0, 0), (-2, 0), (9, 5)])
def test_health_blocks_fill_as_many_blocks_as_health(health, filled):
    blocks = health_blocks(health, MAX_HEALTH)
    assert len(blocks) == MAX_HEALTH
    assert sum(blocks) == filled
    assert blocks == sorted(blocks, reverse=True), "filled blocks come first"


def drawn_blocks(surface: pygame.Surface) -> list[tuple[int, int, int]]:
    """The centre colour of each health block as the HUD drew it."""
    return [
        tuple(surface.get_at((7 + i * (BLOCK_W + BLOCK_GAP) + BLOCK_W // 2, 6 + 4)))[:3]
        for i in range(MAX_HEALTH)
    ]


@pytest.mark.parametrize("weapon", sorted(WEAPONS))
def test_hud_draws_every_weapon_with_keys_and_its_blocks_match_health(stage, weapon):
    player = stage.player
    player.equip(weapon)
    player.keys = {"red", "blue", "yellow"}
    player.health = 3
    stage.say("RED KEY NEEDED")
    surface = pygame.Surface((480, 270))
    draw_hud(surface, stage)
    assert drawn_blocks(surface) == [FULL] * 3 + [EMPTY] * 2
    player.health = 1
    draw_hud(surface, stage)
    assert drawn_blocks(surface) == [LOW] + [EMPTY] * 4, "the last block turns red"


def test_hud_draws_nothing_into_the_stage(stage):
    before = stage.state_hash()
    draw_hud(pygame.Surface((480, 270)), stage)
    assert stage.state_hash() == before


def siege(tmp_path: Path) -> Stage:
    """Two waves: three soldiers out of one gate, then two drones out of another."""
    gates = [
        obj("WaveSpawner", 30 * TILE, FLOOR - 32, 64, 32, wave=1, count=3, every=0.1, health=1),
        obj("WaveSpawner", 34 * TILE, FLOOR - 32, 64, 32, wave=2, count=2, every=0.1, kind="Drone"),
    ]
    stage = make_stage(tmp_path, gates, objective="waves")
    stage.player.invulnerable = 1e9
    return stage


def top_centre(surface: pygame.Surface) -> pygame.Surface:
    """The strip at the top centre where the siege counter goes."""
    w = surface.get_width()
    return surface.subsurface((w // 2 - 70, 0, 140, 16))


def test_the_siege_counts_its_wave_and_the_enemies_left_without_changing_the_run(tmp_path):
    stage = siege(tmp_path)
    assert siege_status(stage) == SiegeStatus(wave=1, waves=2, left=3)
    for _ in range(steps(WAVE_PAUSE) + steps(0.3)):  # the pause, then all three out
        stage.step(Buttons.NONE)
    out = [e for e in stage.entities if e.team == "enemy"]
    assert len(out) == 3 and siege_status(stage) == SiegeStatus(1, 2, 3)
    before = stage.state_hash()
    out[0].damage(9, stage)  # killed between steps: counted at once, not at the gate's tick
    assert siege_status(stage) == SiegeStatus(1, 2, 2)
    for enemy in out[1:]:
        enemy.damage(9, stage)
    # All beaten: the next wave is the one on at once, its enemies all still to come.
    assert siege_status(stage) == SiegeStatus(2, 2, 2)
    for _ in range(HITSTOP_KILL + 1):  # the kills' hit-stop, then a step
        stage.step(Buttons.NONE)
    assert siege_status(stage) == SiegeStatus(2, 2, 2), "the next wave, all still to come"
    draw_hud(pygame.Surface((480, 270)), stage)
    assert siege_status(stage) == SiegeStatus(2, 2, 2)
    assert stage.state_hash() != before  # (the run went on) ...
    hashed = stage.state_hash()
    draw_hud(pygame.Surface((480, 270)), stage)
    assert stage.state_hash() == hashed  # ... but drawing the counter changes nothing


def test_the_hud_shows_a_sieges_wave_and_enemies_left_at_the_top_centre(tmp_path, stage):
    plain = pygame.Surface((480, 270))
    draw_hud(plain, stage)  # no waves: nothing at the top centre
    assert siege_status(stage) is None
    assert pygame.transform.average_color(top_centre(plain))[:3] == (0, 0, 0)
    sieged = siege(tmp_path)
    shots = []
    for left in (3, 2):
        surface = pygame.Surface((480, 270))
        draw_hud(surface, sieged)
        shots.append(pygame.image.tobytes(top_centre(surface), "RGB"))
        assert pygame.transform.average_color(top_centre(surface))[:3] != (0, 0, 0)
        sieged.spawners[0].left = left - 1  # one fewer to come
    assert shots[0] != shots[1], "the count drawn follows the enemies left"
    # Once the last wave is over the counter goes (the objective shows it done).
    for spawner in sieged.spawners:
        spawner.left = 0
    assert siege_status(sieged) is None


def test_with_two_players_the_siege_counter_keeps_clear_of_player_twos_panel(tmp_path, monkeypatch):
    sieged = Stage(siege(tmp_path).level, players=2)
    drawn = []
    for counter in (True, False):  # the HUD with its siege counter, and without
        if not counter:
            monkeypatch.setattr(hudteam, "siege_status", lambda stage: None)
        surface = pygame.Surface((480, 270))
        draw_hud(surface, sieged)
        drawn.append(pygame.surfarray.array3d(surface))
    xs, ys = (drawn[0] != drawn[1]).any(axis=2).nonzero()
    assert xs.size, "no siege counter"
    panel = pygame.Rect(240, 0, 160, 36)  # player 2's, at the top of the right half
    assert not any(panel.collidepoint(x, y) for x, y in zip(xs, ys, strict=True))


def test_accuracy_is_hits_over_shots_fired():
    assert accuracy(0, 0) is None and accuracy_label(0, 0) == "--"
    assert accuracy(31, 57) == 54 and accuracy_label(31, 57) == "54%"
    assert accuracy(10, 10) == 100
    assert accuracy(12, 10) == 100, "never above 100%"
    assert format_time(83.45) == "1:23.45"


# -- level select and progress ---------------------------------------------------------------


def test_level_select_lists_only_unlocked_levels_that_exist(campaign, _data_dir):
    progress = Progress(_data_dir)
    assert [e.file for e in unlocked_entries(progress)] == ["a.tmx"], "the first is always open"
    assert [e.file for e in campaign_entries(progress)] == ["a.tmx", "b.tmx"], "c.tmx is missing"
    assert continue_index(progress) is None, "nothing to continue in a fresh game"
    progress.unlock(campaign_key("b.tmx"))
    progress.unlock(campaign_key("c.tmx"))  # unlocked, but its map is not there: still not listed
    again = Progress(_data_dir)  # what was saved, as the next run reads it
    assert [e.file for e in unlocked_entries(again)] == ["a.tmx", "b.tmx"]
    assert continue_index(again) == 1
    assert campaign_entries(again)[0].title == "Test Range"


def test_level_select_skips_locked_levels_and_starts_the_chosen_one(campaign, app):
    scene = LevelSelectScene()
    app.push(TitleScene())
    app.push(scene)
    assert [e.unlocked for e in scene.entries] == [True, False]
    scene.handle_event(app, key(pygame.K_DOWN))
    assert scene.index == 0, "the locked level cannot be chosen"
    scene.handle_event(app, key(pygame.K_RETURN))
    assert isinstance(loaded(app), PlayScene) and app.scene.path.name == "a.tmx"


def test_title_offers_continue_only_once_there_is_progress(campaign, app):
    title = TitleScene()
    app.push(title)
    labels = [label for label, _ in title.menu.options]
    assert labels[:4] == ["START", "2 PLAYERS", "VERSUS", "OPTIONS"]
    app.progress.unlock(campaign_key("b.tmx"))
    title.enter(app)
    labels = [label for label, _ in title.menu.options]
    assert labels[:3] == ["START", "CONTINUE  (TEST RANGE)", "LEVEL SELECT"]
    assert "OPTIONS" in labels and labels[-1] == "QUIT"
    # The mission's own name (the map's `name`), never a number.
    b = config.LEVELS_DIR / "b.tmx"
    b.write_text(b.read_text().replace("Test Range", "Oil Refinery"))
    title.enter(app)
    assert title.menu.options[1][0] == "CONTINUE  (OIL REFINERY)"
    title.menu.options[1][1]()  # continue
    assert isinstance(loaded(app), PlayScene) and app.scene.path.name == "b.tmx"


def test_completing_levels_unlocks_the_next_saves_best_times_and_ends_the_campaign(
    campaign, app, _data_dir
):
    app.open_level(lambda: PlayScene.campaign(app, 0), "a.tmx")
    loaded(app)
    play = finish(app)
    complete = app.scene
    assert isinstance(complete, CompleteScene) and not complete.campaign_done
    saved = Progress(_data_dir)
    assert saved.is_unlocked(campaign_key("b.tmx"))
    assert saved.best_times[campaign_key("a.tmx")] == pytest.approx(play.stage.time, abs=0.001)
    assert play.new_best
    assert [label for label, _ in complete.menu.options][0] == "NEXT LEVEL"

    complete.handle_event(app, key(pygame.K_RETURN))  # next level
    assert isinstance(loaded(app), PlayScene) and app.scene.path.name == "b.tmx"
    last = finish(app)
    assert app.scene.campaign_done, "b.tmx is the last level that exists"
    # (c.tmx is listed in the campaign but not made: finishing b unlocks it for later.)
    assert last.campaign_index == 1

    # A slower run of the first level keeps the old best time.
    app.open_level(lambda: PlayScene.campaign(app, 0), "a.tmx")
    loaded(app)
    slow = app.scene
    for _ in range(30):
        slow.step(app, Buttons.NONE)
    finish(app)
    assert not slow.new_best
    assert slow.best_time == pytest.approx(play.stage.time, abs=0.001)
    kept = Progress(_data_dir).best_times[campaign_key("a.tmx")]
    assert kept == pytest.approx(play.stage.time, abs=0.001)


def test_campaign_complete_after_the_last_level_goes_back_to_title(tmp_path, monkeypatch, app):
    levels = tmp_path / "only"
    levels.mkdir()
    write_map(levels, SHORT, "z.tmx")
    for module in (config, play_module):
        monkeypatch.setattr(module, "CAMPAIGN", ("z.tmx",))
        monkeypatch.setattr(module, "LEVELS_DIR", levels)
    app.open_level(lambda: PlayScene.campaign(app, 0), "a.tmx")
    loaded(app)
    finish(app)
    assert app.scene.campaign_done
    assert [label for label, _ in app.scene.menu.options] == ["BACK TO TITLE"]
    app.scene.handle_event(app, key(pygame.K_RETURN))
    assert isinstance(app.scene, TitleScene)


def test_music_follows_the_map_property_else_the_file_stem(tmp_path):
    plain = PlayScene(write_map(tmp_path, SHORT, "plain.tmx"))
    assert plain.music == "plain"
    path = write_map(tmp_path, SHORT, "tuned.tmx")
    path.write_text(
        path.read_text().replace(
            '<property name="name" value="Test Range"/>',
            '<property name="name" value="Test Range"/><property name="music" value="level3"/>',
        )
    )
    assert PlayScene(path).music == "level3"


# -- feel ------------------------------------------------------------------------------------


def test_shake_is_zero_without_trauma_and_bounded_by_it():
    assert all(shake_offset(0.0, s) == (0, 0) for s in range(200))
    for trauma in (0.2, 0.5, 1.0):
        offsets = [shake_offset(trauma, s) for s in range(300)]
        limit = MAX_SHAKE * trauma**2 + 0.5
        assert all(abs(x) <= limit and abs(y) <= limit for x, y in offsets)
        assert trauma < 0.5 or len(set(offsets)) > 3, "it moves"
        assert offsets == [shake_offset(trauma, s) for s in range(300)], "deterministic"
    assert max(abs(x) for x, _ in (shake_offset(1.0, s) for s in range(300))) >= MAX_SHAKE / 2


def test_drawing_a_shaking_stage_with_particles_does_not_change_it(stage):
    stage.explode(200, 60, 40, 1)
    for _ in range(3):
        stage.step(Buttons.FIRE)
    assert stage.trauma > 0 and len(stage.particles) > 0
    before = stage.state_hash()
    from gunner.assets import Art

    draw_stage(pygame.Surface((480, 270)), stage, Art())
    assert stage.state_hash() == before


def test_hitstop_freezes_the_world_for_a_few_steps(stage):
    x = stage.player.hitbox.x
    stage.hitstop(3)
    for _ in range(3):
        stage.step(Buttons.RIGHT)
    assert stage.player.hitbox.x == x, "frozen"
    assert stage.steps == 3
    stage.step(Buttons.RIGHT)
    assert stage.player.hitbox.x > x, "moving again"


def test_hurting_the_player_freezes_briefly_and_runs_repeat_exactly(tmp_path):
    def run() -> tuple[str, int]:
        stage = Stage(load_level(write_map(tmp_path, ROWS)), seed=9)
        frozen_steps = 0
        for i in range(120):
            if i == 10:  # an enemy shot at the player's chest, and a blast
                x, y = stage.player.hitbox.center
                stage.bullets.spawn(x - 6, y, 300, 0, "enemy")
                stage.explode(x + 80, y, 40, 1)
            frozen_steps += stage.frozen > 0
            stage.step(Buttons.FIRE | (Buttons.RIGHT if i % 3 else Buttons.NONE))
        return stage.state_hash(), frozen_steps

    first, frozen = run()
    assert frozen >= 3
    assert run() == (first, frozen)


def test_particles_never_touch_the_stage_rng(stage):
    state = stage.rng.getstate()
    stage.add_effect("explosion", (100, 40))
    stage.add_effect("impact", (100, 40))
    stage.particles.casing(100, 40, 1)
    stage.particles.step(stage.tilemap.solid)
    assert stage.rng.getstate() == state


def test_particle_cap_holds_and_particles_expire():
    particles = Particles(seed=1, cap=CAP)
    for i in range(400):
        particles.explosion(i, 50)
    assert len(particles) == CAP
    for _ in range(200):
        particles.step()
    assert len(particles) == 0


def test_casings_fall_bounce_once_and_come_to_rest(stage):
    particles = Particles(seed=3)
    floor_top = 5 * 16  # ROWS' floor is row 5
    particles.casing(100, floor_top - 20, 1)
    bounced = False
    for _ in range(50):
        vy_before = particles.vy[0]
        particles.step(stage.tilemap.solid)
        bounced |= vy_before > 0 and particles.vy[0] < 0
        assert particles.y[0] < floor_top, "never sinks into the floor"
    assert bounced
    assert particles.kind[0] == CASING and particles.vx[0] == 0 and particles.vy[0] == 0


def test_firing_ejects_shell_casings_but_rockets_do_not(stage):
    stage.step(Buttons.FIRE)
    assert len(stage.particles) >= 1
    stage.particles.clear()
    stage.player.equip("rocket")
    for _ in range(5):
        stage.step(Buttons.NONE)
    stage.particles.clear()
    stage.step(Buttons.FIRE)
    assert not (stage.particles.alive & (stage.particles.kind == CASING)).any()


# -- sound -----------------------------------------------------------------------------------

NEW_SFX = [
    "shoot_machinegun",
    "shoot_spread",
    "shoot_rocket",
    "enemy_shoot",
    "enemy_hit",
    "enemy_die",
    "explosion",
    "pickup",
    "key",
    "door_open",
    "door_locked",
    "drum_hit",
    "checkpoint",
]
MUSIC = ["title", "level1", "level2", "level3", "level4", "level5"]


def read_wav(path: Path) -> np.ndarray:
    with wave.open(str(path), "rb") as w:
        assert (w.getframerate(), w.getnchannels(), w.getsampwidth()) == (22050, 1, 2)
        return np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(float) / 32768


def test_every_weapon_has_its_own_shot_sound():
    sounds = {w.sound for w in WEAPONS.values()}
    assert len(sounds) == len(WEAPONS)
    for name in sounds:
        assert (ASSETS_DIR / "sfx" / f"{name}.wav").is_file(), name


@pytest.mark.parametrize("name", NEW_SFX)
def test_sound_effects_are_short_levelled_and_click_free(name):
    data = read_wav(ASSETS_DIR / "sfx" / f"{name}.wav")
    assert 0.03 < len(data) / 22050 <= 0.85
    peak_db = 20 * np.log10(np.max(np.abs(data)))
    rms_db = 20 * np.log10(np.sqrt(np.mean(data**2)))
    assert -12 <= peak_db <= 0 and rms_db <= -11, (peak_db, rms_db)
    assert abs(data[0]) < 0.01 and abs(data[-1]) < 0.01, "click at start or end"


@pytest.mark.parametrize("name", MUSIC)
def test_music_loops_are_seamless_and_distinct(name):
    data = read_wav(ASSETS_DIR / "music" / f"{name}.wav")
    assert 10 <= len(data) / 22050 <= 17
    assert -9 <= 20 * np.log10(np.max(np.abs(data))) <= -3
    # Seamless: the loop point (last sample back to the first) is no louder a jump
    # than the music's own sample-to-sample movement.
    assert abs(data[-1] - data[0]) <= np.percentile(np.abs(np.diff(data)), 99)
    others = [m for m in MUSIC if m != name]
    for other in others:
        other_data = read_wav(ASSETS_DIR / "music" / f"{other}.wav")
        assert len(other_data) != len(data) or not np.array_equal(other_data, data)


def test_title_hint_follows_rebound_keys():
    from gunner.input import DEFAULT_BINDINGS, Buttons
    from gunner.scenes.title import controls_hint

    assert "Z/J jump" in controls_hint(DEFAULT_BINDINGS)
    rebound = dict(DEFAULT_BINDINGS)
    rebound[Buttons.JUMP] = (pygame.K_c,)
    hint = controls_hint(rebound)
    assert "C jump" in hint and "Z/J" not in hint


def test_a_blasts_fireball_is_drawn_as_wide_as_it_hurts(tmp_path):
    # A drum hurts 48 px out; its fireball used to be about 30 px wide.
    from gunner.assets import Art

    art = Art()
    stage = Stage(
        load_level(write_map(tmp_path, ["." * 20, "..P" + "." * 17, "#" * 20]), images=False)
    )
    stage.explode(100, 20, 48, 1)
    blast = [e for e in stage.effects if e.name == "explosion"][-1]
    assert blast.size == 96
    widths = [
        art.sized_effect("explosion", k, blast.size).get_bounding_rect().width for k in range(6)
    ]
    assert abs(max(widths) - 96) <= 3, widths
    rocket = [art.sized_effect("explosion", k, 80).get_bounding_rect().width for k in range(6)]
    assert abs(max(rocket) - 80) <= 3, rocket


def test_no_stale_banner_under_the_results(tmp_path):
    from gunner.hud import draw_hud

    stage = Stage(
        load_level(write_map(tmp_path, ["." * 20, "..P" + "." * 17, "#" * 20]), images=False)
    )
    stage.time = 10.0  # past the level title
    clean = pygame.Surface((480, 270))
    draw_hud(clean, stage)
    stage.say("CHECKPOINT")
    shown, hidden = pygame.Surface((480, 270)), pygame.Surface((480, 270))
    draw_hud(shown, stage)
    draw_hud(hidden, stage, messages=False)
    banner = pygame.Rect(140, 55, 200, 30)

    def pixels(surface: pygame.Surface) -> bytes:
        return pygame.image.tobytes(surface.subsurface(banner), "RGB")

    assert pixels(shown) != pixels(clean)
    assert pixels(hidden) == pixels(clean)
