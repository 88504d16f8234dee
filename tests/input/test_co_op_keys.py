"""Two players on one keyboard: player 1 on the arrows + Z/X, player 2 on WASD + F/G,
no key moving both; player 2 joins from the title or the pause menu and leaves from it."""

import pygame

from ascii_maps import write_map
from gunner.input import (
    DEFAULT_BINDINGS,
    PLAYER_TWO_BINDINGS,
    Buttons,
    co_op_bindings,
    player_bindings,
)
from gunner.scenes.pause import PauseScene
from gunner.scenes.play import PlayScene
from gunner.scenes.title import TitleScene

ROWS = ["#" * 40] + ["#" + "." * 38 + "#"] * 3 + ["#.P" + "." * 36 + "#", "#" * 40]


def down(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def up(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))


def test_one_player_keeps_every_default_key():
    assert player_bindings(1) == [DEFAULT_BINDINGS]


def test_while_two_play_no_key_belongs_to_both_and_wasd_is_player_twos():
    first, second = co_op_bindings()
    mine = {k for keys in first.values() for k in keys}
    theirs = {k for keys in second.values() for k in keys}
    assert not mine & theirs
    wasd_fg_r = {pygame.K_w, pygame.K_a, pygame.K_s, pygame.K_d, pygame.K_f, pygame.K_g, pygame.K_r}
    assert wasd_fg_r == theirs
    assert first[Buttons.LEFT] == (pygame.K_LEFT,) and first[Buttons.JUMP][0] == pygame.K_z
    assert first[Buttons.FIRE][0] == pygame.K_x
    assert all(first[b] for b in Buttons if b)  # every button still has a key
    assert second == PLAYER_TWO_BINDINGS


def test_player_ones_own_bindings_keep_what_player_two_does_not_use():
    rebound = dict(DEFAULT_BINDINGS)
    rebound[Buttons.JUMP] = (pygame.K_f, pygame.K_c)  # F is player 2's jump
    first, _ = co_op_bindings(rebound)
    assert first[Buttons.JUMP] == (pygame.K_c,)


def test_each_player_walks_on_their_own_keys(app, tmp_path):
    scene = PlayScene(write_map(tmp_path, ROWS), players=2)
    app.push(scene)
    app.frame(10)
    one, two = scene.stage.players
    x1, x2 = one.hitbox.x, two.hitbox.x
    down(pygame.K_d)  # player 2 right
    app.frame(20)
    assert two.hitbox.x > x2 + 10 and one.hitbox.x == x1
    up(pygame.K_d)
    down(pygame.K_LEFT)
    app.frame(20)
    assert one.hitbox.x < x1 - 10
    up(pygame.K_LEFT)
    down(pygame.K_g)  # player 2 fires
    app.frame(1)
    assert [t.shots for t in scene.stage.tallies] == [0, 1]


def test_alone_wasd_still_moves_player_one(app, tmp_path):
    scene = PlayScene(write_map(tmp_path, ROWS))
    app.push(scene)
    app.frame(10)
    x = scene.stage.player.hitbox.x
    down(pygame.K_d)
    app.frame(20)
    assert scene.stage.player.hitbox.x > x + 10


def test_player_two_joins_and_leaves_from_the_pause_menu(app, tmp_path):
    scene = PlayScene(write_map(tmp_path, ROWS))
    app.push(scene)
    app.frame(5)
    app.push(PauseScene(scene))
    pause = app.scene
    labels = [label for label, _ in pause.menu.options]
    index = next(i for i, label in enumerate(labels) if label.startswith("PLAYER 2 JOIN"))
    pause.menu.options[index][1]()
    assert app.scene is scene and len(scene.stage.players) == 2 and app.players == 2
    down(pygame.K_a)
    app.frame(10)
    up(pygame.K_a)
    app.push(PauseScene(scene))
    pause = app.scene
    labels = [label for label, _ in pause.menu.options]
    pause.menu.options[labels.index("PLAYER 2 LEAVE")][1]()
    assert len(scene.stage.players) == 1 and app.players == 1
    scene.stage.check_invariants()


def test_the_title_offers_two_players(app):
    title = TitleScene()
    app.push(title)
    labels = [label for label, _ in title.menu.options]
    assert "2 PLAYERS" in labels
    opened = []
    app.open_level = lambda make, what, reset=True: opened.append(make)
    title.menu.options[labels.index("2 PLAYERS")][1]()
    assert app.players == 2 and opened


def test_player_twos_saved_keys_are_the_ones_that_play(app, tmp_path):
    app.settings.keys_by_player[2] = {**PLAYER_TWO_BINDINGS, Buttons.RIGHT: (pygame.K_l,)}
    scene = PlayScene(write_map(tmp_path, ROWS), players=2)
    app.push(scene)
    app.frame(10)
    two = scene.stage.players[1]
    x = two.hitbox.x
    down(pygame.K_l)
    app.frame(20)
    assert two.hitbox.x > x + 10
    assert pygame.K_l not in {k for keys in app.bindings()[0].values() for k in keys}


def test_options_split_row_is_saved_and_used_by_the_level_under_it(app, tmp_path):
    from gunner.scenes.options import OptionsScene
    from gunner.settings import load_settings

    scene = PlayScene(write_map(tmp_path, ROWS), players=2, split=app.split)
    app.push(scene)
    app.frame(2)
    assert app.split == "auto" and scene.screen.mode == "auto" and not scene.stage.leash
    options = OptionsScene()
    app.push(options)
    options.index = options.rows.index("split")
    assert options.value(app, "split") == ("SPLIT SCREEN", "< AUTO >")
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode=""))
    # Left from AUTO wraps to NEVER: saved, and the level under the menu is leashed now.
    assert app.settings.split == "never" and load_settings().split == "never"
    assert scene.screen.mode == "never" and scene.stage.leash
    assert [v.player for v in scene.screen.views()] == [None], "one shared view"
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    assert app.settings.split == "auto" and not scene.stage.leash
    # The next level (or a new game) starts with the saved mode.
    assert PlayScene.campaign(app, 0).split_mode == "auto"
