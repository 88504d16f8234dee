"""The scenes open one another through the router, by name: no scene module imports
another (so there is no import cycle between them to hide), and every scene is
registered, so a name is all a scene needs to know."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pygame
import pytest

import gunner.scenes
from ascii_maps import write_map
from gunner.app import App
from gunner.scenes.base import Scene
from gunner.scenes.pause import PauseScene
from gunner.scenes.play import PlayScene
from gunner.scenes.router import Router, default_router

SCENES = Path(gunner.scenes.__file__).parent
# What every scene may share: the Scene interface and its widgets, and the router.
SHARED = {"base", "router", "__init__"}


def runtime_imports(tree: ast.Module) -> list[str]:
    """Every module an import statement names, except under `if TYPE_CHECKING:` (type
    names only: never run, so never a cycle)."""
    found: list[str] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = "gunner.scenes" if node.level else (node.module or "")
            if node.level and node.module:
                base = f"gunner.scenes.{node.module}"
            found.append(base)
            found.extend(f"{base}.{alias.name}" for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def scene_modules() -> list[Path]:
    return sorted(p for p in SCENES.glob("*.py") if p.stem not in SHARED)


@pytest.mark.parametrize("path", scene_modules(), ids=lambda p: p.stem)
def test_no_scene_imports_another_scene(path):
    others = {p.stem for p in scene_modules()} - {path.stem}
    names = runtime_imports(ast.parse(path.read_text(encoding="utf-8")))
    bad = [n for n in names if n.startswith("gunner.scenes.") and n.split(".")[2] in others]
    assert not bad, f"{path.name} imports {bad}: ask app.router for the scene by name"


def test_the_scan_sees_an_import_in_a_function_and_ignores_type_only_ones():
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from gunner.scenes.play import PlayScene\n"
        "def f():\n    from gunner.scenes.title import TitleScene\n"
        "from . import pause\n"
    )
    names = runtime_imports(ast.parse(source))
    assert "gunner.scenes.title" in names and "gunner.scenes.pause" in names
    assert "gunner.scenes.play" not in names


def test_every_scene_is_registered_by_name():
    routes = default_router().routes
    made = {getattr(r, "__self__", r) for r in routes.values()}  # PlayScene.campaign: PlayScene
    made |= {inspect.signature(r).return_annotation for r in routes.values()}
    for path in scene_modules():
        module = __import__(f"gunner.scenes.{path.stem}", fromlist=["_"])
        for name, value in vars(module).items():
            if (
                inspect.isclass(value)
                and issubclass(value, Scene)
                and value.__module__ == module.__name__
            ):
                assert value in made or name in made, f"{name} is not in default_router()"


def test_a_scene_opens_another_by_its_name_only(tmp_path):
    app = App(scale=1, fullscreen=False)
    try:

        class Elsewhere(Scene):
            pass

        app.router.register("title", Elsewhere)  # a tool's own title screen
        play = PlayScene(write_map(tmp_path, ["..P.", "####"]))
        app.reset_to(play)
        app.push(PauseScene(play))
        menu = app.scene.menu
        menu.index = [label for label, _ in menu.options].index("QUIT TO TITLE")
        app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
        assert isinstance(app.scene, Elsewhere) and len(app.scenes) == 1
    finally:
        pygame.display.set_mode((480, 270))


def test_an_unknown_name_is_one_clear_line():
    with pytest.raises(LookupError, match="no scene is registered as 'credits'"):
        Router().make("credits")
