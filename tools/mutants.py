"""Mutation testing of the simulation core: does the suite notice when the code is wrong?

Each function body of the chosen modules is mutated one small change at a time (a
comparison flipped, an operator swapped, a constant moved by one, a condition negated
away, a return value dropped, an assignment or call deleted). For every mutant a forked
child swaps the mutated code object into the live function and runs, with `pytest -x`,
only the tests that execute that function (learnt once from a traced baseline run),
fastest first. A failing test kills the mutant; a test running far past its baseline
time counts as a timeout (the mutant hangs the game, which a player notices too).

The replay-hash tests are never run: a mutant counts as killed only by a test that
checks behaviour. Rendering (`draw`, animation frames) is not simulation and is not
mutated; neither are module constants or class attributes (tuned data, not logic).

Survivors that cannot change behaviour are listed, with a reason, in docs/mutants.md
(lines "- `KEY` reason"); the score is killed / (mutants - equivalent).

    python tools/mutants.py                      # every module
    python tools/mutants.py quadtree bullets     # some (names from MODULES)
    python tools/mutants.py tilemap --jobs 2 --show-killed
"""

from __future__ import annotations

import argparse
import ast
import copy
import functools
import hashlib
import json
import os
import re
import signal
import sys
import time
import types
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STATE = ROOT / ".mutants"
EQUIVALENT_FILE = ROOT / "docs" / "mutants.md"

# module name -> source file. Every test may kill any mutant: a traced baseline run
# learns which tests run which function, and each mutant faces only those.
MODULES: dict[str, str] = {
    # The quadtree package: the tree and its hot paths, its batched forms, the stage's
    # lazy filing, and the rows a level is made of.
    "quadtree": "gunner/quadtree/tree.py",
    "quadtree_batched": "gunner/quadtree/batched.py",
    "quadtree_lazy": "gunner/quadtree/lazy.py",
    "quadtree_rows": "gunner/quadtree/rows.py",
    "tilemap": "gunner/tilemap.py",
    "bullets": "gunner/bullets/store.py",
    "bullets_step": "gunner/bullets/step.py",
    # The simulation's World: its step order, its physics, its entity loops.
    "world": "gunner/world/world.py",
    "physics": "gunner/world/physics.py",
    "stepping": "gunner/world/stepping.py",
    "ending": "gunner/world/ending.py",
    "credit": "gunner/world/credit.py",
    "player": "gunner/entities/player.py",
    "player_pose": "gunner/entities/player_pose.py",
    "player_vitals": "gunner/entities/player_vitals.py",
    "enemy": "gunner/entities/enemy.py",
    "soldier": "gunner/entities/soldier.py",
    "turret": "gunner/entities/turret.py",
    "drone": "gunner/entities/drone.py",
    "rifleman": "gunner/entities/rifleman.py",
    "body": "gunner/entities/body.py",
    "timer": "gunner/timer.py",
    # The bosses, the wreck a boss leaves, the wave spawner and this round's kinds.
    "boss": "gunner/entities/boss.py",
    "boss_table": "gunner/entities/boss_table.py",
    "boss_arena": "gunner/entities/boss_arena.py",
    "boss_death": "gunner/entities/boss_death.py",
    "warden": "gunner/entities/warden.py",
    "crawler": "gunner/entities/crawler.py",
    "overseer": "gunner/entities/overseer.py",
    "wreck": "gunner/entities/wreck.py",
    "spawner": "gunner/entities/spawner.py",
    "runner": "gunner/entities/runner.py",
    "generator": "gunner/entities/generator.py",
    "grenadier": "gunner/entities/grenadier.py",
    "popup_turret": "gunner/entities/popup_turret.py",
    "shieldbearer": "gunner/entities/shieldbearer.py",
    "sniper": "gunner/entities/sniper.py",
    # This round's set pieces and things in the way: floors that give way (the exploding
    # bridge, the crumbling floor, the cells they own in the tile map), moving platforms,
    # oil drums and checkpoints.
    "bridge": "gunner/entities/bridge.py",
    "crumble_floor": "gunner/entities/crumble_floor.py",
    "cell_floor": "gunner/entities/cell_floor.py",
    "platform": "gunner/entities/platform.py",
    "drum": "gunner/entities/drum.py",
    "checkpoint": "gunner/entities/checkpoint.py",
    "broadphase": "gunner/broadphase/designs.py",
    "broadphase_rows": "gunner/broadphase/bullet_rows.py",
    "broadphase_tree": "gunner/broadphase/stage_tree.py",
}
# A module's own tests come from the layout of tests/ (`own_files`): no list to keep.
# What a plain run covers: the simulation core, the bosses, the wreck, the spawner, the
# troops and the set pieces (the broad-phase package, F4's alternatives and the stage
# tree holding them, is a benchmark's contenders; name it to include it).
CORE = [name for name in MODULES if not name.startswith("broadphase")]
# Never run: the replay tests compare whole-run state hashes with stored ones (a kill
# there says nothing about behaviour); the packaging tests build and install the
# game in other processes, where no mutant is present.
EXCLUDED_TESTS = [
    "tests/replay/test_replay.py",
    "tests/packaging/test_bundle.py",
    "tests/packaging/test_install.py",
]
# The soak runs are minutes of random play checking invariants (too slow to run per
# mutant); the soak file's tests of the invariant checks themselves do run.
EXCLUDED_NODES = [
    "tests/tools/test_soak.py::test_short_soak_on_every_shipped_level",
    "tests/tools/test_soak.py::test_soak_restarts_decided_runs_and_measures_memory",
]
# Presentation, not simulation: rendering reads the stage and never changes it (a dying
# enemy's `draw_death`, the turret's shared `_draw` included).
SKIP_FUNCTIONS = {"draw", "draw_frame", "draw_death", "_draw", "frame", "__repr__"}
DRAWING = ("draw_", "_draw_")  # a boss's weak points, charge glow and shutter, drawn
PRAGMA = "pragma: no mutate"
BUDGET = 2.0  # seconds of traced baseline time per mutant
OWN_LIMIT = 8.0  # seconds of traced time: an own test slower than this is budgeted
# A test may run this many times its traced baseline (+5 s) before the mutant counts
# as hanging the game: generous, so a busy machine does not pass for a hang.
SLACK = 10
# A child exits straight after its run: skip pytest's final garbage collection.
QUIET = ["-p", "no:unraisableexception"]

CMP_SWAP: dict[type, type] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
}
BIN_SWAP: dict[type, type] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.Div,
    ast.Div: ast.Mult,
    ast.FloorDiv: ast.Mult,
    ast.Mod: ast.FloorDiv,
    ast.BitAnd: ast.BitOr,
    ast.BitOr: ast.BitAnd,
    ast.LShift: ast.RShift,
    ast.RShift: ast.LShift,
}


@dataclass
class Mutant:
    module: str
    unit: str  # qualified name of the outermost function holding the change
    unit_line: int  # its first line (decorators included), to find the live function
    index: int  # position of the changed node in the module's ast.walk order
    kind: str
    line: int
    before: str
    after: str
    key: str = ""
    seconds: float = 0.0  # how long its tests ran
    status: str = "pending"  # killed | timeout | survived | uncovered | error
    killer: str = ""


# ----------------------------------------------------------------------------- generating


def _units(tree: ast.Module) -> list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """The outermost functions of a module (in classes too), with qualified names."""
    out = []

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                if node.name not in SKIP_FUNCTIONS and not node.name.startswith(DRAWING):
                    out.append((prefix + node.name, node))
            elif isinstance(node, ast.ClassDef):
                visit(node.body, prefix + node.name + ".")
            elif isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                continue

    visit(tree.body, "")
    return out


def _walk(tree: ast.AST) -> tuple[list[ast.AST], dict[int, tuple[ast.AST, str, int | None]]]:
    """Every node in a fixed order, with its parent, field and list position."""
    order: list[ast.AST] = []
    parents: dict[int, tuple[ast.AST, str, int | None]] = {}
    stack = [tree]
    while stack:
        node = stack.pop(0)
        order.append(node)
        for name, value in ast.iter_fields(node):
            if isinstance(value, list):
                for i, child in enumerate(value):
                    if isinstance(child, ast.AST):
                        parents[id(child)] = (node, name, i)
                        stack.append(child)
            elif isinstance(value, ast.AST):
                parents[id(value)] = (node, name, None)
                stack.append(value)
    return order, parents


def _body_nodes(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> set[int]:
    """Ids of the nodes a mutant may touch: the body, minus docstrings, annotations,
    raise statements (their messages) and f-strings."""
    keep: set[int] = set()
    skip: set[int] = set()
    body = fn.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        skip.add(id(body[0]))
    for stmt in body:
        for node in ast.walk(stmt):
            if isinstance(node, ast.Raise | ast.JoinedStr):
                skip.update(id(n) for n in ast.walk(node))
            elif isinstance(node, ast.AnnAssign):
                skip.update(id(n) for n in ast.walk(node.annotation))
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                for d in getattr(node, "decorator_list", []):
                    skip.update(id(n) for n in ast.walk(d))
                skip.update(id(n) for n in ast.walk(node.args))
                if getattr(node, "returns", None) is not None:
                    skip.update(id(n) for n in ast.walk(node.returns))
            keep.add(id(node))
    return keep - skip


def _options(node: ast.AST, parent: tuple[ast.AST, str, int | None] | None) -> list[str]:
    """The mutation kinds that apply to one node."""
    out: list[str] = []
    if isinstance(node, ast.Compare):
        out += [f"cmp{i}" for i, op in enumerate(node.ops) if type(op) in CMP_SWAP]
    elif isinstance(node, ast.BinOp | ast.AugAssign) and type(node.op) in BIN_SWAP:
        out.append("binop")
    elif isinstance(node, ast.BoolOp):
        out.append("boolop")
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not | ast.USub):
        out.append("unary")
    elif isinstance(node, ast.Constant):
        if isinstance(node.value, bool):
            out.append("bool")
        elif isinstance(node.value, int | float) and not isinstance(node.value, bool):
            out.append("number")
    elif isinstance(node, ast.Return) and node.value is not None:
        if not (isinstance(node.value, ast.Constant) and node.value.value is None):
            out.append("return")
    elif isinstance(node, ast.Break | ast.Continue):
        out.append("loop")
    # Deleting a store to a local name only raises NameError later: trivially caught,
    # so only stores that outlive the statement's scope (attributes, items, +=) and calls.
    if isinstance(node, ast.AugAssign) or (
        isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
    ):
        out.append("delete")
    elif isinstance(node, ast.Assign | ast.AnnAssign) and getattr(node, "value", None):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if any(not isinstance(t, ast.Name | ast.Tuple) for t in targets):
            out.append("delete")
    return out


def _apply(tree: ast.Module, index: int, kind: str) -> tuple[str, str]:
    """Mutate the node at `index` (walk order) in place; return (before, after) text."""
    order, parents = _walk(tree)
    node = order[index]
    parent, name, pos = parents[id(node)]
    before = ast.unparse(node)

    def replace(new: ast.AST) -> None:
        ast.copy_location(new, node)
        if pos is None:
            setattr(parent, name, new)
        else:
            getattr(parent, name)[pos] = new

    if kind.startswith("cmp"):
        i = int(kind[3:])
        node.ops[i] = CMP_SWAP[type(node.ops[i])]()
        after = ast.unparse(node)
    elif kind == "binop":
        node.op = BIN_SWAP[type(node.op)]()
        after = ast.unparse(node)
    elif kind == "boolop":
        node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        after = ast.unparse(node)
    elif kind == "unary":
        replace(node.operand)
        after = ast.unparse(node.operand)
    elif kind == "bool":
        node.value = not node.value
        after = ast.unparse(node)
    elif kind == "number":
        node.value = node.value + 1
        after = ast.unparse(node)
    elif kind == "return":
        new = ast.Return(value=ast.Constant(value=None))
        replace(new)
        after = "return None"
    elif kind == "loop":
        new = ast.Continue() if isinstance(node, ast.Break) else ast.Break()
        replace(new)
        after = ast.unparse(new)
    elif kind == "delete":
        # A method calling super() must keep its __class__ cell to stay swappable.
        uses_super = any(isinstance(n, ast.Name) and n.id == "super" for n in ast.walk(node))
        replace(ast.Expr(ast.Name("__class__", ast.Load())) if uses_super else ast.Pass())
        after = "pass"
    else:
        raise ValueError(kind)
    ast.fix_missing_locations(tree)
    return before, after


def generate(module: str) -> list[Mutant]:
    path = ROOT / MODULES[module]
    source = path.read_text()
    lines = source.splitlines()
    tree = ast.parse(source)
    order, parents = _walk(tree)
    where = {id(n): i for i, n in enumerate(order)}
    mutants: list[Mutant] = []
    for qual, fn in _units(tree):
        allowed = _body_nodes(fn)
        first = min([fn.lineno] + [d.lineno for d in fn.decorator_list])
        candidates = [n for n in ast.walk(fn) if id(n) in allowed and hasattr(n, "lineno")]
        candidates.sort(key=lambda n: (n.lineno, n.col_offset, where[id(n)]))
        seen: dict[str, int] = {}
        for node in candidates:
            if PRAGMA in lines[node.lineno - 1]:
                continue
            for kind in _options(node, parents.get(id(node))):
                index = where[id(node)]
                before, after = _describe(node, kind)
                before, after = _one_line(before), _one_line(after)
                key = f"{Path(MODULES[module]).name}:{qual}: {before} -> {after}"
                seen[key] = seen.get(key, 0) + 1
                if seen[key] > 1:
                    key += f" #{seen[key]}"
                mutants.append(
                    Mutant(module, qual, first, index, kind, node.lineno, before, after, key)
                )
    return mutants


def _describe(node: ast.AST, kind: str) -> tuple[str, str]:
    """(before, after) text of one mutation, made on a copy of the node alone."""
    if isinstance(node, ast.stmt):
        return _apply(ast.Module(body=[copy.deepcopy(node)], type_ignores=[]), 1, kind)
    # Walk order of Module(Expr(node)): the module, the Expr, then the node.
    return _apply(ast.Module(body=[ast.Expr(copy.deepcopy(node))], type_ignores=[]), 2, kind)


def _one_line(text: str, limit: int = 110) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


# ----------------------------------------------------------------------------- patching


def _find_code(code: types.CodeType, qual: str, line: int) -> types.CodeType | None:
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            if const.co_qualname == qual and const.co_firstlineno == line:
                return const
            found = _find_code(const, qual, line)
            if found is not None:
                return found
    return None


def _live_functions(module: types.ModuleType, qual: str) -> list[types.FunctionType]:
    obj: object = module
    parts = qual.split(".")
    for part in parts[:-1]:
        obj = vars(obj)[part]
    raw = vars(obj)[parts[-1]]
    out = []
    for candidate in (
        raw,
        getattr(raw, "__func__", None),
        getattr(raw, "fget", None),
        getattr(raw, "fset", None),
        getattr(raw, "fdel", None),
        getattr(raw, "func", None),
    ):
        while candidate is not None and hasattr(candidate, "__wrapped__"):
            out.append(candidate)
            candidate = candidate.__wrapped__
        if isinstance(candidate, types.FunctionType):
            out.append(candidate)
    return [f for f in out if isinstance(f, types.FunctionType)]


def patch(mutant: Mutant) -> None:
    """Swap the mutated code object into the live function (in this process only)."""
    rel = MODULES[mutant.module]
    tree = ast.parse((ROOT / rel).read_text())
    _apply(tree, mutant.index, mutant.kind)
    code = compile(tree, str(ROOT / rel), "exec", dont_inherit=True)
    new = _find_code(code, mutant.unit, mutant.unit_line)
    if new is None:
        raise LookupError(f"no code for {mutant.unit}")
    name = rel[:-3].replace("/", ".")
    for fn in _live_functions(sys.modules[name], mutant.unit):
        if fn.__code__.co_firstlineno == mutant.unit_line:
            fn.__code__ = new
            return
    raise LookupError(f"no live function {mutant.unit}")


# ----------------------------------------------------------------------------- running


def _digest(paths: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(str(path.relative_to(ROOT)).encode() + path.read_bytes())
    return digest.hexdigest()[:16]


def baseline(files: list[str], targets: list[str]) -> dict:
    """Run the tests once, unmutated, recording which functions each test runs.

    Cached per test file, keyed by the game's code, the shared test helpers and that
    file: adding or editing one test file re-traces that file alone."""
    shared = sorted(ROOT.glob("gunner/**/*.py")) + [
        p for p in sorted(ROOT.glob("tests/**/*.py")) if not p.name.startswith("test_")
    ]
    common = _digest(shared)
    caches = {
        f: STATE / "baseline" / f"{Path(f).stem}-{_digest([ROOT / f])}-{common}.json" for f in files
    }
    missing = [f for f in files if not caches[f].exists()]
    if missing:
        _trace(missing, targets, caches)
    data: dict = {"tests": {}, "failed": []}
    for f in files:
        part = json.loads(caches[f].read_text())
        data["tests"].update(part["tests"])
        data["failed"] += part["failed"]
    if data["failed"]:
        print(f"mutants: {len(data['failed'])} test(s) fail unmutated and are left out:")
        for nodeid in data["failed"]:
            print(f"  {nodeid}")
    return data


def _trace(files: list[str], targets: list[str], caches: dict[str, Path]) -> None:
    """The traced run of ``files``, written to one cache per file."""
    import pytest

    wanted = {str(ROOT / t) for t in targets}
    result: dict = {"tests": {}, "failed": []}

    class Tracer:
        def __init__(self) -> None:
            self.hits: set[str] = set()

        def __call__(self, frame, event, arg):  # noqa: ANN001, ANN204
            code = frame.f_code
            if code.co_filename in wanted:
                top = code.co_qualname.split(".<locals>")[0]
                self.hits.add(f"{code.co_filename}::{top}")
            return None

        @pytest.hookimpl(hookwrapper=True)
        def pytest_runtest_protocol(self, item, nextitem):  # noqa: ANN001, ANN201
            self.hits = set()
            start = time.perf_counter()
            sys.settrace(self)
            yield
            sys.settrace(None)
            result["tests"][item.nodeid] = {
                "seconds": time.perf_counter() - start,
                "units": sorted(self.hits),
            }

        def pytest_runtest_logreport(self, report):  # noqa: ANN001, ANN201
            if report.failed:
                result["failed"].append(report.nodeid)

    print(f"mutants: tracing {len(files)} test file(s) unmutated", flush=True)
    pid = os.fork()
    if pid == 0:
        code = 3
        try:
            args = [*files, "-q", "-p", "no:cacheprovider", *_deselect()]
            pytest.main(args, plugins=[Tracer()])
            for f in files:
                mine = {k: v for k, v in result["tests"].items() if k.split("::")[0] == f}
                part = {
                    "tests": mine,
                    "failed": [k for k in result["failed"] if k.split("::")[0] == f],
                }
                caches[f].parent.mkdir(parents=True, exist_ok=True)
                caches[f].write_text(json.dumps(part))
            code = 0
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    if status != 0 or not all(caches[f].exists() for f in files):
        sys.exit("mutants: the baseline test run did not finish")


def _deselect() -> list[str]:
    return [a for path in EXCLUDED_TESTS for a in ("--ignore", path)] + [
        a for node in EXCLUDED_NODES for a in ("--deselect", node)
    ]


def _tests_for(mutant: Mutant, base: dict, own_limit: float = OWN_LIMIT) -> list[tuple[str, float]]:
    unit = f"{ROOT / MODULES[mutant.module]}::{mutant.unit}"
    failed = set(base["failed"])
    picked = [
        (nodeid, info["seconds"])
        for nodeid, info in base["tests"].items()
        if unit in info["units"] and nodeid not in failed
    ]
    # Own tests slower than OWN_LIMIT (benchmark smoke runs, whole-level comparisons)
    # join the budgeted rest: every survivor runs all its own tests.
    own = [t for t in picked if _own(mutant.module, t[0]) and t[1] <= own_limit]
    rest = sorted((t for t in picked if t not in own), key=lambda t: t[1])
    # The module's own test files always run (fastest first); other covering tests
    # follow, fastest first, up to a budget of baseline (traced) time: a lower bound
    # on the kills, but it keeps a full run in minutes rather than hours.
    out = sorted(own, key=lambda t: t[1])
    spent = 0.0
    for nodeid, seconds in rest:
        if out and spent + seconds > BUDGET:
            break
        out.append((nodeid, seconds))
        spent += seconds
    return out


def _own(module: str, nodeid: str) -> bool:
    return nodeid.split("::")[0] in own_files(module)


@functools.cache
def own_files(module: str) -> frozenset[str]:
    """A module's own test files, found by the layout of tests/, which mirrors gunner/:
    every folder holding a test file named for the module (test_<stem>*.py) or itself
    named for it, whole (gunner/entities/wreck.py: tests/entities/enemies/, beside
    test_wreck.py), or for its package's name (gunner/quadtree/lazy.py: test_quadtree*.py);
    failing those, the folder that mirrors its package (gunner/entities/warden.py:
    tests/entities/)."""
    source = Path(MODULES[module])
    files = [p.relative_to(ROOT) for p in (ROOT / "tests").rglob("test_*.py")]
    folders: set[Path] = set()
    # Its own name first; then, for a module of a split package (gunner/quadtree/lazy.py),
    # the package's name (the tests of gunner/quadtree/ are test_quadtree*.py).
    for stem in (source.stem, source.parent.name):
        folders = {
            f.parent for f in files if f.name.startswith(f"test_{stem}") or stem in f.parts[1:-1]
        }
        if folders or source.parent.parent != Path("gunner"):
            break
    mirror = Path("tests", *source.parent.parts[1:])
    if not folders and mirror != Path("tests"):
        folders = {mirror}
    return frozenset(str(f) for f in files if any(f.is_relative_to(d) for d in folders))


class _Alarm:
    """Each test gets a time limit from its baseline; past it, SIGALRM ends the child."""

    def __init__(self, limits: dict[str, float]) -> None:
        self.limits = limits

    def pytest_runtest_setup(self, item):  # noqa: ANN001, ANN201
        limit = self.limits.get(item.nodeid, 10.0)
        signal.setitimer(signal.ITIMER_REAL, SLACK * limit + 5.0)

    def pytest_runtest_teardown(self, item):  # noqa: ANN001, ANN201
        pass

    def pytest_runtest_logfinish(self, nodeid, location):  # noqa: ANN001, ANN201
        signal.setitimer(signal.ITIMER_REAL, 0)


class _Killer:
    def __init__(self, path: str) -> None:
        self.path = path

    def pytest_runtest_logreport(self, report):  # noqa: ANN001, ANN201
        if report.failed:
            with open(self.path, "w") as out:
                out.write(report.nodeid)


def _start(mutant: Mutant, tests: list[tuple[str, float]], slot: int) -> int:
    killer_file = STATE / f"killer-{slot}"
    killer_file.unlink(missing_ok=True)
    pid = os.fork()
    if pid:
        return pid
    code = 90
    try:
        import pytest

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        signal.signal(signal.SIGALRM, signal.SIG_DFL)
        try:
            patch(mutant)
        except Exception:  # noqa: BLE001
            os._exit(91)
        args = [t for t, _ in tests] + ["-x", "-q", "-p", "no:cacheprovider", *QUIET, *_deselect()]
        code = int(pytest.main(args, plugins=[_Alarm(dict(tests)), _Killer(str(killer_file))]))
    finally:
        os._exit(code)


def run(
    mutants: list[Mutant],
    base: dict,
    jobs: int,
    progress: bool,
    save: Callable[[], None] | None = None,
    own_limit: float = OWN_LIMIT,
) -> None:
    todo = []
    for m in mutants:
        tests = _tests_for(m, base, own_limit)
        if tests:
            todo.append((m, tests))
        else:
            m.status = "uncovered"
    (STATE / "progress.jsonl").unlink(missing_ok=True)
    running: dict[int, tuple[Mutant, int, float, float]] = {}
    free = list(range(jobs))
    done = 0
    total = len(todo)
    while todo or running:
        while todo and free:
            m, tests = todo.pop(0)
            slot = free.pop()
            budget = sum(SLACK * s + 5.0 for _, s in tests) + 60.0
            running[_start(m, tests, slot)] = (m, slot, time.monotonic(), budget)
        pid, status = os.waitpid(-1, os.WNOHANG)
        if pid == 0:
            time.sleep(0.02)
            for pid, (_, _, began, budget) in list(running.items()):
                if time.monotonic() - began > budget:
                    os.kill(pid, signal.SIGKILL)
            continue
        m, slot, began, _ = running.pop(pid)
        m.seconds = round(time.monotonic() - began, 2)
        free.append(slot)
        done += 1
        if os.WIFSIGNALED(status):
            sig = os.WTERMSIG(status)
            m.status = "timeout" if sig in (signal.SIGALRM, signal.SIGKILL) else "killed"
            m.killer = f"signal {sig}"
        else:
            code = os.WEXITSTATUS(status)
            if code == 0:
                m.status = "survived"
            elif code == 91:
                m.status = "error"
            else:
                m.status = "killed"
                killer_file = STATE / f"killer-{slot}"
                m.killer = killer_file.read_text() if killer_file.exists() else f"exit {code}"
        with open(STATE / "progress.jsonl", "a") as log:  # readable while a run goes on
            log.write(json.dumps(asdict(m)) + "\n")
        if save is not None:
            save()
        if progress:
            print(f"\r  {done}/{total} {m.module:<10}", end="", file=sys.stderr, flush=True)
        elif done % 100 == 0:
            print(f"  {done}/{total}", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)


# ----------------------------------------------------------------------------- reporting


def equivalent_keys() -> dict[str, str]:
    """`KEY` -> reason, from the list in docs/mutants.md."""
    out: dict[str, str] = {}
    if EQUIVALENT_FILE.exists():
        for line in EQUIVALENT_FILE.read_text().splitlines():
            match = re.match(r"- `(.+?)`\s*(.*)$", line)
            if match:
                out[match.group(1)] = match.group(2).strip(" :-—")
    return out


@dataclass
class Score:
    mutants: int = 0
    killed: int = 0
    timeout: int = 0
    survived: int = 0
    equivalent: int = 0
    error: int = 0
    pending: int = 0  # made but not run: left out of every other count
    survivors: list[Mutant] = field(default_factory=list)

    @property
    def percent(self) -> float:
        judged = self.mutants - self.equivalent - self.error
        return 100.0 * (self.killed + self.timeout) / judged if judged else 100.0


def score(mutants: list[Mutant], equivalent: dict[str, str]) -> dict[str, Score]:
    out: dict[str, Score] = {}
    for m in mutants:
        s = out.setdefault(m.module, Score())
        if m.status == "pending":  # not run yet (a run stopped part way)
            s.pending += 1
            continue
        s.mutants += 1
        if m.status == "killed":
            s.killed += 1
        elif m.status == "timeout":
            s.timeout += 1
        elif m.status == "error":
            s.error += 1
        elif m.key in equivalent:
            s.equivalent += 1
        else:
            s.survived += 1
            s.survivors.append(m)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", help=f"default: {', '.join(CORE)}")
    parser.add_argument("--jobs", type=int, default=2, help="mutants run at once (default 2)")
    parser.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    parser.add_argument("--show-killed", action="store_true", help="print every mutant's fate")
    parser.add_argument(
        "--report", action="store_true", help="score the last run again (docs/mutants.md edited)"
    )
    parser.add_argument(
        "--again",
        action="store_true",
        help="run only the mutants the last run did not kill (new tests written); "
        "the others keep their last fate",
    )
    parser.add_argument(
        "--new",
        action="store_true",
        help="run only the mutants the last run did not make (code changed since); "
        "the others keep their last fate",
    )
    parser.add_argument(
        "--tests",
        nargs="+",
        metavar="FILE",
        help="trace and run only these test files (globs under tests/ too): a quicker, "
        "lower-bound run on a busy machine (default: every test file)",
    )
    parser.add_argument(
        "--own-limit",
        type=float,
        default=OWN_LIMIT,
        metavar="S",
        help=f"an own test traced slower than this joins the budgeted rest (default "
        f"{OWN_LIMIT:g} s; raise it on a busy machine, where every test traces slow)",
    )
    args = parser.parse_args(argv)
    chosen = args.modules or CORE
    unknown = [m for m in chosen if m not in MODULES]
    if unknown:
        parser.error(f"unknown module {', '.join(unknown)} (choose from {', '.join(MODULES)})")

    os.chdir(ROOT)
    STATE.mkdir(exist_ok=True)
    mutants = [m for name in chosen for m in generate(name)]
    if args.list:
        for m in mutants:
            print(f"{MODULES[m.module]}:{m.line}: {m.key}")
        print(f"{len(mutants)} mutants")
        return 0

    results = STATE / "results.json"
    # Every module's last fates: a run replaces those of the modules it ran.
    previous = [Mutant(**m) for m in json.loads(results.read_text())] if results.exists() else []
    if args.report:
        return report([m for m in previous if m.module in chosen], chosen, 0.0, args.show_killed)
    todo = mutants
    if args.new:
        fate = {m.key: m for m in previous}
        mutants = [fate.get(m.key, m) for m in mutants]
        todo = [m for m in mutants if m.key not in fate]
    elif args.again:
        # Timeouts run again too: on a busy machine a slow test can pass for a hang.
        # The others keep their last fate until they run again: a run stopped part way
        # leaves them as they were (not "pending", which would drop them from the score).
        fate = {m.key: m for m in previous if m.status != "pending"}
        for i, m in enumerate(mutants):
            if m.key in fate:
                mutants[i] = fate[m.key]
        todo = [m for m in mutants if m.status != "killed"]

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(ROOT))
    import pytest

    started = time.monotonic()
    files = test_files(args.tests)
    targets = list(MODULES.values())  # traced for all, so one baseline serves any choice
    base = baseline(files, targets)
    # Import the tests (and through them the game) once; every child inherits them.
    with open(os.devnull, "w") as devnull:
        stdout = sys.stdout
        sys.stdout = devnull
        try:
            pytest.main([*files, "--collect-only", "-q", "-p", "no:cacheprovider"])
        finally:
            sys.stdout = stdout
    for name in chosen:
        __import__(MODULES[name][:-3].replace("/", "."))
    print(
        f"mutants: {len(todo)} of {len(mutants)} mutants in {len(chosen)} module(s), "
        f"{args.jobs} at a time"
    )
    kept = [m for m in previous if m.module not in chosen]

    def save() -> None:
        # After every mutant: a run stopped part way keeps what it measured (the rest
        # stay "pending", and `--again` runs them).
        results.write_text(json.dumps([asdict(m) for m in kept + mutants], indent=1))

    run(todo, base, args.jobs, sys.stderr.isatty(), save, args.own_limit)
    elapsed = time.monotonic() - started
    save()
    return report(mutants, chosen, elapsed, args.show_killed)


def test_files(patterns: list[str] | None = None) -> list[str]:
    """The test files to trace and run: all of them, or those matching ``patterns``
    (paths or globs, relative to the checkout or to tests/; a bare file name or glob is
    looked for in every folder)."""
    tests = ROOT / "tests"
    paths: set[Path] = set()
    for given in patterns or ["test_*.py"]:
        pattern = given.removeprefix("tests/")
        found = tests.glob(pattern) if "/" in pattern else tests.rglob(pattern)
        matched = [p for p in found if p.name.startswith("test_")]
        if not matched:
            # Else every mutant would be reported uncovered, as if no test ran its code.
            sys.exit(f"mutants: --tests {given}: no test file matches it under tests/")
        paths.update(matched)
    return sorted(rel for p in paths if (rel := str(p.relative_to(ROOT))) not in EXCLUDED_TESTS)


def report(mutants: list[Mutant], chosen: list[str], elapsed: float, show_killed: bool) -> int:
    equivalent = equivalent_keys()
    scores = score(mutants, equivalent)
    if show_killed:
        for m in mutants:
            print(f"{m.status:<9} {MODULES[m.module]}:{m.line}: {m.key}  [{m.killer}]")
    print()
    print("| module | mutants | killed | timeout | survived | equivalent | score |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    total = Score()
    for name in chosen:
        s = scores.get(name, Score())
        print(
            f"| {name} | {s.mutants} | {s.killed} | {s.timeout} | {s.survived} "
            f"| {s.equivalent} | {s.percent:.1f} % |"
        )
        for attr in ("mutants", "killed", "timeout", "survived", "equivalent", "error", "pending"):
            setattr(total, attr, getattr(total, attr) + getattr(s, attr))
        total.survivors += s.survivors
    print(
        f"| **total** | {total.mutants} | {total.killed} | {total.timeout} | {total.survived} "
        f"| {total.equivalent} | **{total.percent:.1f} %** |"
    )
    if total.pending:
        print(f"\n{total.pending} mutant(s) not run yet (not counted): `--again` runs them")
    if total.error:
        print(f"\n{total.error} mutant(s) could not be applied (not counted)")
    print(f"\n{len(total.survivors)} survivor(s), not listed as equivalent in docs/mutants.md:")
    for m in total.survivors:
        tag = " (no test runs this function)" if m.status == "uncovered" else ""
        print(f"  {MODULES[m.module]}:{m.line}: `{m.key}`{tag}")
    stale = set(equivalent) - {m.key for m in mutants}
    if stale and set(chosen) >= set(CORE):
        print(f"\n{len(stale)} equivalent entr(ies) in docs/mutants.md match no mutant:")
        for key in sorted(stale):
            print(f"  `{key}`")
    if elapsed:
        print(f"\nmutants: {elapsed:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
