"""Where the checkout lies, for test modules at any depth under tests/."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent  # the checkout
TESTS = ROOT / "tests"  # the tests' own data: replays/, tiled/, maps/broken/
