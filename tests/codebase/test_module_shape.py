"""The code keeps the shape a newcomer can read: no module in gunner/ over 400 lines,
and no private name (`_x`) reached across modules in gunner/, tools/ or bench/, by
import (`from gunner.bullets import _enter`) or through a module (`bullets._FLOATS`)."""

from __future__ import annotations

import ast
from pathlib import Path

from checkout import ROOT

MOST_LINES = 400
PACKAGES = ("gunner", "tools", "bench")
# The tools import each other by bare name (`from make_assets import rect`).
TOOLS = {p.stem for p in (ROOT / "tools").glob("*.py")}


def _ours(module: str) -> bool:
    return module.split(".")[0] in PACKAGES or module in TOOLS


def sources(*folders: str) -> list[Path]:
    return sorted(p for folder in folders for p in (ROOT / folder).rglob("*.py"))


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _absolute(node: ast.ImportFrom, here: str, package: bool) -> str:
    """The module an ImportFrom names, relative imports resolved against `here`."""
    if not node.level:
        return node.module or ""
    base = here.split(".")
    base = base[: len(base) - node.level + (1 if package else 0)]
    return ".".join([*base, *([node.module] if node.module else [])])


def _dotted(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and (head := _dotted(node.value)):
        return f"{head}.{node.attr}"
    return None


def private_reaches(path: Path, here: str | None = None) -> list[str]:
    """Each private name this file (module `here`) takes from another of the project's modules."""
    here = here or module_name(path)
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[str] = []
    modules: dict[str, str] = {}  # local name -> project module it is bound to
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            source = _absolute(node, here, path.name == "__init__.py")
            if not _ours(source) or source == here:
                continue
            for alias in node.names:
                if _private(alias.name):
                    found.append(f"line {node.lineno}: from {source} import {alias.name}")
                else:
                    modules[alias.asname or alias.name] = f"{source}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if _ours(alias.name) and alias.name != here:
                    local = alias.asname or alias.name.split(".")[0]
                    modules[local] = alias.name if alias.asname else local
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and _private(node.attr)):
            continue
        head, _, rest = (_dotted(node.value) or "").partition(".")
        if head in modules:
            owner = ".".join(filter(None, [modules[head], rest]))
            if owner != here:
                found.append(f"line {node.lineno}: {owner}.{node.attr}")
    return found


def test_no_module_in_gunner_is_over_400_lines():
    long = {
        str(p.relative_to(ROOT)): n
        for p in sources("gunner")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MOST_LINES
    }
    assert not long, f"modules over {MOST_LINES} lines (split them by job): {long}"


def test_no_private_name_is_reached_across_modules():
    reaches = {
        str(p.relative_to(ROOT)): found for p in sources(*PACKAGES) if (found := private_reaches(p))
    }
    assert not reaches, f"private names taken from another module (make them public): {reaches}"


def test_the_private_name_check_sees_every_way_in(tmp_path):
    """The check itself catches an import of `_x` (from a package or a sibling tool), an
    `alias._x` and a dotted `gunner.mod._x` reach, and lets a module use its own."""
    bad = tmp_path / "probe.py"
    bad.write_text(
        "from gunner.bullets import _FLOATS\nfrom gunner import bullets as b\n"
        "import gunner.weapons\nfrom . import _sibling\n_mine = 1\n"
        "x = b._INTS, _mine, gunner.weapons._table, b.__name__\n"
        "from make_assets import _pack\n",
        encoding="utf-8",
    )
    assert sorted(private_reaches(bad, "tools.probe")) == [
        "line 1: from gunner.bullets import _FLOATS",
        "line 4: from tools import _sibling",
        "line 6: gunner.bullets._INTS",
        "line 6: gunner.weapons._table",
        "line 7: from make_assets import _pack",
    ]
