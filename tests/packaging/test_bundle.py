"""The frozen build (`make bundle`): PyInstaller builds a one-folder game from the
committed gunner.spec, and that game runs headless from another folder."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from checkout import ROOT

pyinstaller = pytest.importorskip(
    "PyInstaller", reason="PyInstaller is not installed (it is in the dev extra: make test)"
)


def test_frozen_build_plays_headless_and_takes_a_screenshot(tmp_path):
    build = subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--log-level=WARN",
            "--distpath",
            str(tmp_path / "dist"),
            "--workpath",
            str(tmp_path / "build"),
            str(ROOT / "gunner.spec"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr[-3000:]
    exe = tmp_path / "dist" / "gunner" / ("gunner.exe" if os.name == "nt" else "gunner")
    assert exe.is_file()
    frozen = tmp_path / "dist" / "gunner"
    shipped = {p.name for p in frozen.rglob("*.tmx")} | {p.name for p in frozen.rglob("*.tsx")}
    assert {"level1.tmx", "level2.tmx", "level3.tmx", "tiles.tsx"} <= shipped
    assert not list(frozen.rglob("soak*")), "developer tools stay out of the bundle"

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", GUNNER_DATA_DIR=str(elsewhere))
    shot = elsewhere / "frozen.png"
    run = subprocess.run(
        [
            str(exe),
            "--headless",
            "--frames",
            "60",
            "--screenshot",
            str(shot),
        ],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    stats = json.loads(run.stdout.strip().splitlines()[-1])
    assert stats["frames"] == 60 and Path(stats["level"]).name == "level1.tmx"
    import pygame

    image = pygame.image.load(str(shot))
    assert image.get_size() == (480, 270)
    assert len({tuple(image.get_at((x, 135))) for x in range(0, 480, 8)}) > 3, "a drawn frame"
    version = subprocess.run([str(exe), "--version"], env=env, capture_output=True, text=True)
    from gunner import __version__

    assert version.stdout.strip() == f"gunner {__version__}"
