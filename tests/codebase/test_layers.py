"""The layers stay apart: the simulation (gunner/world/) imports no presentation, and
the package reaches the World by its own name, never by the legacy alias gunner.stage
(kept for outside tools only). Imports are read with `ast`, so one inside a function or
under `if TYPE_CHECKING:` counts as much as one at the top."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

from checkout import ROOT

# Presentation: what draws, sounds, shakes or shows; the world publishes and gives looks
# to a sink it does not own (gunner/world/presenting.py), and never imports these.
PRESENTATION = (
    "gunner.feedback",
    "gunner.particles",
    "gunner.render",
    "gunner.hud",
    "gunner.hudmessage",
    "gunner.debug",
    "gunner.assets",
    "gunner.audio",
    "gunner.text",
    "gunner.window",
    "gunner.scenes",
)
LEGACY = "gunner.stage"


def imported(source: str, here: str) -> list[tuple[int, str]]:
    """(line, module) for every module this source imports, anywhere in it; `from a
    import b` counts as both `a` and `a.b` (b may be a module), relative imports are
    resolved against the module `here`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = here.split(".")[: -node.level]
                base = ".".join([*parts, *([base] if base else [])])
            found.append((node.lineno, base))
            found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
    return found


def within(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def offenders(folder: str, banned: tuple[str, ...], allowed: tuple[str, ...] = ()) -> list[str]:
    """'path:line imports module' for each import of a banned module in `folder`, but
    from the modules `allowed`."""
    bad = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        here = module_name(path)
        if within(here, allowed):
            continue
        # A package's relative imports count from the package itself.
        anchor = f"{here}.__init__" if path.name == "__init__.py" else here
        hits: dict[int, str] = {}  # line -> the shortest banned name it imports
        for line, module in imported(path.read_text(encoding="utf-8"), anchor):
            if within(module, banned) and len(module) < len(hits.get(line, module + ".")):
                hits[line] = module
        bad += [f"{path.relative_to(ROOT)}:{line} imports {m}" for line, m in sorted(hits.items())]
    return bad


def test_the_world_imports_no_presentation():
    bad = offenders("gunner/world", PRESENTATION)
    assert not bad, (
        "the simulation must not import presentation (attach Feedback from outside; "
        "docs/architecture.md, 'Where Feedback is attached'):\n" + "\n".join(bad)
    )


def test_the_package_uses_the_world_not_its_legacy_alias():
    bad = offenders("gunner", (LEGACY,), allowed=(LEGACY,))
    assert not bad, (
        "gunner.stage is the World's old name, for outside tools only: import "
        "gunner.world.World (or gunner.world.api.WorldView):\n" + "\n".join(bad)
    )


def test_every_kind_of_import_is_seen():
    """The checker finds imports hidden in a function, under TYPE_CHECKING, relative
    or as `from gunner import feedback`."""
    source = textwrap.dedent(
        """
        from typing import TYPE_CHECKING
        from gunner import feedback
        if TYPE_CHECKING:
            from gunner.render import draw_stage
        def late():
            import gunner.hud
            from ..scenes import router
        from .physics import Physics
        """
    )
    found = {m for _, m in imported(source, "gunner.world.world") if within(m, PRESENTATION)}
    assert found == {"gunner.feedback", "gunner.render", "gunner.render.draw_stage",
                     "gunner.hud", "gunner.scenes", "gunner.scenes.router"}  # fmt: skip
    assert not within("gunner.world.physics", PRESENTATION)
    assert within("gunner.stage", (LEGACY,)) and not within("gunner.stages", (LEGACY,))
