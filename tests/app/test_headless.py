"""The headless runner: every shipped level runs, prints stats, takes screenshots."""

import json
import subprocess
import sys

import pygame
import pytest

from gunner.config import LEVELS_DIR

SHIPPED = sorted(LEVELS_DIR.glob("*.tmx"))


def run_gunner(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "gunner", *args], capture_output=True, text=True, timeout=120
    )


def test_levels_are_shipped():
    assert SHIPPED, "levels/ holds no .tmx map"


@pytest.mark.parametrize("level", SHIPPED, ids=lambda p: p.name)
def test_every_shipped_level_runs_headless_with_random_input(level, tmp_path):
    shot = tmp_path / "shot.png"
    run = run_gunner(
        "--headless",
        "--level",
        str(level),
        "--frames",
        "600",
        "--random-input",
        "--seed",
        "3",
        "--screenshot",
        str(shot),
        "--debug",
    )
    assert run.returncode == 0, run.stderr
    stats = json.loads(run.stdout.strip().splitlines()[-1])
    assert stats["frames"] == 600
    assert stats["level"] == str(level)
    assert stats["entities"] >= 1
    assert stats["tree_items"] == stats["entities"] + stats["bullets"]
    assert set(stats["player"]) == {"x", "y", "alive"}
    assert stats["collisions"]["tile"] > 0
    image = pygame.image.load(str(shot))
    assert image.get_size() == (480, 270)
    # A real frame, not a blank: many distinct colours.
    colours = {image.get_at((x, y))[:3] for x in range(0, 480, 7) for y in range(0, 270, 7)}
    assert len(colours) > 20


def test_same_seed_same_run():
    args = ("--headless", "--frames", "300", "--random-input", "--seed", "11")
    first, second = run_gunner(*args), run_gunner(*args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout


def test_screenshot_needs_headless():
    run = run_gunner("--screenshot", "x.png")
    assert run.returncode == 2 and "--screenshot needs --headless" in run.stderr


def test_help_lists_the_options():
    run = run_gunner("--help")
    assert run.returncode == 0
    for option in (
        "--level",
        "--headless",
        "--frames",
        "--random-input",
        "--seed",
        "--screenshot",
        "--debug",
    ):
        assert option in run.stdout


@pytest.mark.parametrize("option", ["--record", "--screenshot"])
@pytest.mark.parametrize("where", ["folder", "under a file"])
def test_an_output_path_that_cannot_be_written_is_refused_before_the_run(
    tmp_path, capsys, option, where
):
    from gunner import __main__ as cli

    (tmp_path / "afile").write_text("")
    target = tmp_path if where == "folder" else tmp_path / "afile" / "out"
    code = cli.main(["--headless", "--random-input", "--frames", "5", option, str(target)])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith(f"gunner: {target}: ")


@pytest.mark.parametrize("scale", ["0", "9"])
def test_a_window_scale_out_of_range_is_a_usage_error(scale):
    run = run_gunner("--headless", "--frames", "0", "--scale", scale)
    assert run.returncode == 2 and "--scale must be from 1 to 8" in run.stderr
