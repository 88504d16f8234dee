"""Scenes by name: a scene opens another by asking the router for it ("title", "pause",
"play"...), never by importing its module, so the scenes never import one another.

The router is the one place that knows every scene (`default_router`); the App owns it,
and a scene reaches it as `app.router`. A test or a tool may register scenes of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from gunner.scenes.base import Scene

__all__ = ["Router", "default_router"]


class Router:
    """Makes scenes by name from the constructors registered under those names."""

    def __init__(self, routes: Mapping[str, Callable[..., Scene]] | None = None) -> None:
        self.routes: dict[str, Callable[..., Scene]] = dict(routes or {})

    def register(self, name: str, make: Callable[..., Scene]) -> None:
        self.routes[name] = make

    def make(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """The scene registered as `name`, made with these arguments."""
        try:
            make = self.routes[name]
        except KeyError:
            raise LookupError(f"no scene is registered as {name!r}") from None
        return make(*args, **kwargs)


def default_router() -> Router:
    """Every scene of the game under its name (imported here, and only here)."""
    from gunner.scenes.assists import AssistsScene
    from gunner.scenes.complete import CompleteScene
    from gunner.scenes.controls import ControlsScene
    from gunner.scenes.demo import DemoScene, next_demo_scene
    from gunner.scenes.error import ErrorScene
    from gunner.scenes.gameover import GameOverScene
    from gunner.scenes.levelselect import LevelSelectScene
    from gunner.scenes.loading import LoadingScene
    from gunner.scenes.options import OptionsScene
    from gunner.scenes.pause import PauseScene
    from gunner.scenes.play import PlayScene
    from gunner.scenes.title import TitleScene
    from gunner.scenes.versus import ArenaSelectScene, VersusOverScene

    return Router(
        {
            "title": TitleScene,
            "options": OptionsScene,
            "assists": AssistsScene,
            "controls": ControlsScene,
            "levelselect": LevelSelectScene,
            "play": PlayScene,  # a map by path
            "campaign": PlayScene.campaign,  # a campaign level by index
            "pause": PauseScene,
            "complete": CompleteScene,
            "gameover": GameOverScene,
            "loading": LoadingScene,
            "error": ErrorScene,
            "demo": next_demo_scene,  # the next recorded run that can play
            "watch": DemoScene,  # a replay, such as a level's best run (Level select)
            "arenas": ArenaSelectScene,  # versus: choose the arena
            "versus_over": VersusOverScene,  # versus: the round is won
        }
    )
