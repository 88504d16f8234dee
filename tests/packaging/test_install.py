"""What a player installs: the wheel and sdist hold the game and its data, and an
installed wheel plays from any folder (as `pip install .` or `pipx install .` would).

These build real distributions and a real virtual environment outside the
checkout, so they take a few tens of seconds; they are part of `make test`
because CI must test what users install, not only the editable checkout.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

import gunner
from checkout import ROOT
from gunner.config import CAMPAIGN

HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
# What the game loads at run time; anything else in assets/ and levels/ is for developers.
DATA_SUFFIXES = {".png", ".wav", ".json", ".tsx", ".tmx", ".tiled-project", ".xml"}


def _shipped_data() -> set[str]:
    """Every data file the game needs, as its path inside the installed package."""
    out = set()
    for folder in ("assets", "levels"):
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and path.suffix in DATA_SUFFIXES and "src" not in path.parts:
                out.add(f"gunner/data/{folder}/{path.relative_to(ROOT / folder).as_posix()}")
    # The finishing runs the title screen plays (attract mode).
    for path in (ROOT / "tests" / "replays" / "complete").glob("*.replay"):
        out.add(f"gunner/data/demos/{path.name}")
    return out


@pytest.fixture(scope="module")
def dists(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "build", "--sdist", "--wheel", "--outdir", str(out), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = out.glob("*.whl")
    (sdist,) = out.glob("*.tar.gz")
    return {"wheel": wheel, "sdist": sdist}


def test_wheel_holds_every_asset_and_level_and_only_the_game(dists):
    names = set(zipfile.ZipFile(dists["wheel"]).namelist())
    data = _shipped_data()
    assert len(data) > 40, "the shipped data set should include every sprite, sound and level"
    assert not data - names, f"missing from the wheel: {sorted(data - names)}"
    for level in CAMPAIGN:
        assert f"gunner/data/levels/{level}" in names
    tops = {name.split("/")[0] for name in names}
    assert tops == {"gunner", f"gunner-{gunner.__version__}.dist-info"}, tops
    assert not [n for n in names if "/bench" in n or n.startswith(("tools/", "tests/"))]
    assert not [n for n in names if "/demos/" in n and not n.endswith((".replay", ".py"))]
    dist_info = f"gunner-{gunner.__version__}.dist-info"
    assert f"{dist_info}/licenses/LICENSE" in names
    metadata = zipfile.ZipFile(dists["wheel"]).read(f"{dist_info}/METADATA").decode()
    assert "License-Expression: MIT" in metadata
    assert "Programming Language :: Python :: 3.13" in metadata
    entry_points = zipfile.ZipFile(dists["wheel"]).read(f"{dist_info}/entry_points.txt").decode()
    assert "[console_scripts]" in entry_points and "[gui_scripts]" in entry_points


def test_sdist_holds_the_whole_project(dists):
    with tarfile.open(dists["sdist"]) as tar:
        names = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    for needed in (
        "LICENSE",
        "CHANGELOG.md",
        "Makefile",
        "gunner.spec",
        "assets/tiles.png",
        "levels/level1.tmx",
        "levels/src/level1.txt",
        "tools/make_assets.py",
        "bench/soak.py",
        "tests/packaging/test_install.py",
    ):
        assert needed in names, f"{needed} missing from the sdist"


@pytest.fixture(scope="module")
def installed(dists, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment, outside the checkout, with only the wheel installed."""
    venv = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet"]
    subprocess.run([*pip, str(dists["wheel"])], check=True, capture_output=True)
    return venv / "bin"


def _env(cwd: Path) -> dict[str, str]:
    """Headless, nothing of the checkout on the path, and a data folder of its own."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "GUNNER_DATA_DIR")}
    env.update(HEADLESS, GUNNER_DATA_DIR=str(cwd / "data"))
    return env


def _run(bin_dir: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(bin_dir / "gunner"), *args], cwd=cwd, env=_env(cwd), capture_output=True, text=True
    )


def _python(bin_dir: Path, code: str, cwd: Path) -> str:
    """What `code` prints, run by the installed environment's Python."""
    return subprocess.run(
        [str(bin_dir / "python"), "-c", code],
        cwd=cwd,
        env=_env(cwd),
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def test_installed_wheel_plays_headless_from_another_folder(installed, tmp_path):
    shot = tmp_path / "shot.png"
    result = _run(
        installed, "--headless", "--frames", "90", "--screenshot", str(shot), cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr
    stats = json.loads(result.stdout.strip().splitlines()[-1])
    assert stats["frames"] == 90
    assert Path(stats["level"]).name == "level1.tmx"
    assert "site-packages" in stats["level"], "the installed copy of the level was played"
    import pygame

    image = pygame.image.load(str(shot))
    assert image.get_size() == (480, 270)
    assert len({tuple(image.get_at((x, 135))) for x in range(0, 480, 8)}) > 3, "a drawn frame"


def test_installed_wheel_checks_maps_and_reports_its_version(installed, tmp_path):
    level = _python(
        installed, "from gunner.config import LEVELS_DIR; print(LEVELS_DIR)", tmp_path
    ).strip()
    checked = _run(installed, "--check", f"{level}/level1.tmx", f"{level}/level3.tmx", cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.count(": ok") == 2
    broken = tmp_path / "broken.tmx"
    broken.write_text("<map")
    refused = _run(installed, "--check", str(broken), cwd=tmp_path)
    assert refused.returncode == 1 and str(broken) in refused.stdout + refused.stderr
    version = _run(installed, "--version", cwd=tmp_path)
    assert version.stdout.strip() == f"gunner {gunner.__version__}"


def test_version_has_one_source():
    result = subprocess.run(
        [sys.executable, "-m", "gunner", "--version"], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == f"gunner {gunner.__version__}"
    from importlib import metadata

    assert metadata.version("gunner") == gunner.__version__


def test_installed_wheel_has_its_attract_mode_demos(installed, tmp_path):
    """A pipx or wheel install plays the same finishing runs on its title screen."""
    shipped = sorted(p.name for p in (ROOT / "tests" / "replays" / "complete").glob("*.replay"))
    found = _python(
        installed,
        "from gunner.scenes.demo import demo_files, load_demo\n"
        "for f in demo_files(): print(f.name, load_demo(f) is not None, f)",
        tmp_path,
    ).split()
    rows = [found[i : i + 3] for i in range(0, len(found), 3)]
    assert sorted(name for name, _, _ in rows) == shipped and shipped
    # Each one's level is the installed copy, unchanged since recording: it will play.
    assert all(ok == "True" and "site-packages" in where for _, ok, where in rows), rows
