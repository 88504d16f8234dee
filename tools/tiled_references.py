"""Render the Tiled fidelity test maps with Tiled's own renderer.

Run from the repository root where Tiled is installed (Debian: `apt-get install tiled`)::

    python tools/tiled_references.py          # re-render tests/tiled/ref/*.png
    python tools/tiled_references.py --art    # first redraw the test maps' images

Each map in tests/tiled/*.tmx is rendered by `tmxrasterizer` into tests/tiled/ref/,
once per time listed in its `test_ms` map property (animated tiles are advanced that
many milliseconds), as NAME@MS.png. tests/test_tiled_fidelity.py draws the same maps
with the game's renderer and compares the pixels, so CI needs no Tiled: the PNGs are
committed. The test maps' images are the project's own, drawn here.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "tests" / "tiled"
REFS = MAPS / "ref"

# Eight tile colours, each with a mark in its top-left corner so flips show.
COLOURS = [
    (200, 60, 60),
    (60, 170, 80),
    (70, 90, 210),
    (220, 190, 60),
    (170, 70, 190),
    (60, 190, 200),
    (230, 130, 50),
    (235, 235, 235),
]


def times(path: Path) -> list[int]:
    """The animation times (ms) a map is rendered at: its `test_ms` property, or 0."""
    root = ET.parse(path).getroot()
    for prop in root.iterfind("properties/property"):
        if prop.get("name") == "test_ms":
            return [int(t) for t in (prop.get("value") or "0").split(",")]
    return [0]


def draw_art() -> None:
    """The test tileset (8x2 tiles: opaque, then half-transparent), a tall tile, a
    backdrop for image layers and a sheet for a collection sub-rectangle."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.display.init()
    pygame.display.set_mode((1, 1))
    sheet = pygame.Surface((128, 32), pygame.SRCALPHA)
    for row, alpha in enumerate((255, 128)):
        for i, colour in enumerate(COLOURS):
            cell = pygame.Rect(i * 16, row * 16, 16, 16)
            sheet.fill((*colour, alpha), cell)
            sheet.fill((20, 20, 30, alpha), (cell.x, cell.y, 6, 3))  # the flip mark
            sheet.fill((250, 250, 250, alpha), (cell.x + 12, cell.y + 12, 3, 3))
    pygame.image.save(sheet, str(MAPS / "tiles.png"))

    tall = pygame.Surface((16, 32), pygame.SRCALPHA)
    tall.fill((120, 200, 120, 255))
    tall.fill((30, 80, 30, 255), (0, 0, 16, 6))
    pygame.image.save(tall, str(MAPS / "tall.png"))

    backdrop = pygame.Surface((40, 24), pygame.SRCALPHA)
    for x in range(0, 40, 8):
        backdrop.fill((90 + x * 3, 60, 140, 255), (x, 0, 8, 24))
    backdrop.fill((250, 220, 120, 255), (4, 4, 6, 6))
    pygame.image.save(backdrop, str(MAPS / "backdrop.png"))

    parts = pygame.Surface((48, 16), pygame.SRCALPHA)
    parts.fill((220, 60, 60, 255), (0, 0, 16, 16))
    parts.fill((60, 60, 220, 255), (16, 0, 16, 16))
    parts.fill((60, 200, 60, 255), (32, 0, 16, 16))
    pygame.image.save(parts, str(MAPS / "parts.png"))


def render(tmxrasterizer: str) -> int:
    REFS.mkdir(exist_ok=True)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    for path in sorted(MAPS.glob("*.tmx")):
        source = path
        if "template=" in path.read_text():
            # tmxrasterizer 1.8 draws template instances as empty rectangles; Tiled
            # itself resolves them on export, so render what Tiled exports.
            source = Path(tempfile.mkdtemp()) / path.name
            subprocess.run(
                ["tiled", "--export-map", "--detach-templates", str(path), str(source)],
                env=env,
                capture_output=True,
                check=True,
            )
        for ms in times(path):
            out = REFS / f"{path.stem}@{ms}.png"
            command = [tmxrasterizer, "--no-smoothing", str(source), str(out)]
            if ms:
                command[1:1] = ["--advance-animations", str(ms)]
            result = subprocess.run(command, env=env, capture_output=True, text=True)
            if result.returncode or not out.exists():
                print(
                    f"{path.name}: tmxrasterizer failed: {result.stderr.strip()}", file=sys.stderr
                )
                return 1
            print(f"{out.relative_to(ROOT)}")
        if source != path:
            shutil.rmtree(source.parent)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--art", action="store_true", help="redraw the test maps' images first")
    args = parser.parse_args(argv)
    if args.art:
        draw_art()
    tool = shutil.which("tmxrasterizer")
    if tool is None:
        print(
            "tmxrasterizer not found: install Tiled (Debian: apt-get install tiled)",
            file=sys.stderr,
        )
        return 1
    return render(tool)


if __name__ == "__main__":
    sys.exit(main())
