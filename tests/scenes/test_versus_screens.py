"""Versus from the title: VERSUS lists the shipped arenas (never campaign levels), a
round plays to Options' kills with the screen split for good, and its end names the
winner and offers a rematch."""

import pygame

from app_helpers import loaded
from gunner import config, text
from gunner.config import ARENAS_DIR, CAMPAIGN
from gunner.entities.player import MAX_HEALTH
from gunner.input import Buttons
from gunner.levellist import map_title
from gunner.scenes.gameover import GameOverScene
from gunner.scenes.options import OptionsScene
from gunner.scenes.play import PlayScene
from gunner.scenes.title import TitleScene
from gunner.scenes.versus import VersusOverScene, arenas


def test_two_arenas_ship_and_none_is_a_campaign_level():
    shipped = arenas()
    assert len(shipped) >= 2 and all(p.parent == ARENAS_DIR for p in shipped)
    assert not {p.name for p in shipped} & set(CAMPAIGN)


def test_a_round_chosen_from_the_title_plays_to_the_kills_options_set(app):
    options = OptionsScene()
    app.push(options)
    options.index = options.rows.index("kills")
    for _ in range(8):  # 10 -> 2
        app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode=""))
    assert app.settings.versus_kills == 2
    app.reset_to(TitleScene())
    title = app.scene
    labels = [label for label, _ in title.menu.options]
    title.menu.options[labels.index("VERSUS")][1]()
    chooser = app.scene
    names = [label for label, _ in chooser.menu.options]
    assert names[:-1] == [map_title(p).upper() for p in arenas()] and names[-1] == "BACK"
    chooser.menu.options[0][1]()
    play = loaded(app)
    assert isinstance(play, PlayScene) and play.stage.arena is not None
    assert play.stage.arena.target == 2 and len(play.stage.players) == 2
    assert play.screen is not None and play.screen.mode == "always"
    one, two = play.stage.players
    for _ in range(30):  # the divider slides in
        play.step(app, Buttons.NONE)
    for _ in range(2):
        two.shield.stop()
        two.damage(MAX_HEALTH, play.stage)
        play.step(app, Buttons.NONE)
        # Down, player 2 keeps their half (waiting where they fell).
        assert [v.player for v in play.screen.views()] == [0, 1]
        for _ in range(200):
            if isinstance(app.scene, VersusOverScene) or two.alive:
                break
            play.step(app, Buttons.NONE)
    assert isinstance(app.scene, VersusOverScene)
    assert play.stage.arena.winner == 0 and play.stage.arena.kills == [2, 0]
    app.scene.draw(app, app.surface)
    labels = [label for label, _ in app.scene.menu.options]
    assert labels == ["REMATCH", "ANOTHER ARENA", "QUIT TO TITLE"]
    app.scene.menu.options[0][1]()  # rematch: the same arena, to the same kills
    again = loaded(app)
    assert again.path == play.path and again.stage.arena.target == 2
    assert again.stage.arena.kills == [0, 0]


def test_the_kills_setting_never_turns_a_campaign_level_into_a_round(app):
    # --level passes Options' kills whatever the map: only an arena map plays them.
    play = PlayScene(config.LEVELS_DIR / CAMPAIGN[0], versus=5)
    assert play.stage.arena is None and len(play.stage.players) == 1
    arena = PlayScene(arenas()[0], versus=5)
    assert arena.stage.arena is not None and arena.stage.arena.target == 5


def lines_drawn(monkeypatch, app, scene) -> list[tuple[str, pygame.Rect]]:
    """What `scene` writes on the screen, and where."""
    found: list[tuple[str, pygame.Rect]] = []
    draw = text.draw

    def spy(surface, line, *args, **kwargs):
        rect = draw(surface, line, *args, **kwargs)
        found.append((line, rect))
        return rect

    monkeypatch.setattr(text, "draw", spy)
    scene.enter(app)
    scene.draw(app, app.surface)
    return found


def test_the_round_end_and_game_over_share_one_results_layout(app, monkeypatch):
    # Both: the title, what it came to, a row per player, the menu; no line over
    # another, all on screen.
    play = PlayScene(arenas()[0], versus=2)
    arena = play.stage.arena
    arena.kills, arena.winner = [2, 1], 0
    won = lines_drawn(monkeypatch, app, VersusOverScene(play))
    monkeypatch.undo()
    co_op = PlayScene(config.LEVELS_DIR / CAMPAIGN[0], players=2)
    over = lines_drawn(monkeypatch, app, GameOverScene(co_op))
    screen = app.surface.get_rect()
    for lines in (won, over):
        for k, (line, rect) in enumerate(lines):
            assert screen.contains(rect), line
            for other, rect2 in lines[k + 1 :]:
                if line != ">" and other != ">":
                    assert not rect.colliderect(rect2), (line, other)
    said = [line for line, _ in won]
    assert said[:2] == ["PLAYER 1 WINS", "2 - 1"] and "REMATCH" in said
    assert said[0] != [line for line, _ in over][0] == "GAME OVER"
    for lines in (won, over):
        rows = [rect for line, rect in lines if line[:3] in ("P1 ", "P2 ")]
        menu = [rect for line, rect in lines if line in ("REMATCH", "RETRY")]
        assert len(rows) == 2 and rows[0].top < rows[1].top < menu[0].top
