"""Where the checkout lies, for test modules at any depth under tests/."""

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent  # the checkout
TESTS = ROOT / "tests"  # the tests' own data: replays/, tiled/, maps/broken/


def import_tool(name: str, keep: bool = False) -> ModuleType:
    """A script under tools/ (not a package), imported afresh by path. It is in
    sys.modules while it runs (dataclasses look it up there) and, with `keep`, after:
    the art modules find `make_assets` there (the caller pops it when done)."""
    tools = str(ROOT / "tools")
    sys.path.insert(0, tools)
    try:
        spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(tools)
        if not keep:
            sys.modules.pop(name, None)
