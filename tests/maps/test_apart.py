"""The map reader's process: a map read there is the map read here, a refusal is the
same one line, and a reader that is given up on, or dies, never takes the game with it."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import numpy as np
import pygame
import pytest

from ascii_maps import write_map
from gunner.apart import LONGEST_TRACEBACK, Failed, Unsendable, Worker, WorkerDied
from gunner.config import LEVELS_DIR
from gunner.hotreload import build_apart
from gunner.level import ImageLayer, LevelError, load_level
from gunner.maps import bounded


@pytest.fixture(scope="module")
def worker():
    worker = Worker()
    yield worker
    worker.close()


def pixels(image) -> tuple:
    if image is None:
        return (None,)
    alpha = bool(image.get_flags() & pygame.SRCALPHA)
    look = (image.get_size(), alpha, image.get_colorkey(), image.get_alpha())
    return (*look, pygame.image.tobytes(image, "RGBA"))


def test_a_level_read_in_the_process_looks_and_plays_as_one_read_here(worker):
    path = LEVELS_DIR / "level1.tmx"
    there, here = worker.call(load_level, path), load_level(path)
    assert worker.running  # it really was read over there
    assert (there.solid == here.solid).all() and there.spawns == here.spawns
    assert there.name == here.name and there.files == here.files
    assert [pixels(i) for i in there.images] == [pixels(i) for i in here.images]


def test_a_picture_layer_read_there_is_the_same_picture(worker, tmp_path):
    path = write_map(tmp_path, ["..P.", "####"])
    picture = '<imagelayer id="9" name="sky" opacity="0.5"><image source="t.png"/></imagelayer>'
    path.write_text(path.read_text().replace("</map>", picture + "</map>"))
    there, here = worker.call(load_level, path), load_level(path)
    backdrops = [layer.image for layer in there.layers if isinstance(layer, ImageLayer)]
    assert len(backdrops) == 1
    assert [pixels(b) for b in backdrops] == [
        pixels(layer.image) for layer in here.layers if isinstance(layer, ImageLayer)
    ]


def test_a_refusal_is_the_same_one_line(worker, tmp_path):
    broken = tmp_path / "broken.tmx"
    broken.write_text("<map")
    with pytest.raises(LevelError) as here:
        load_level(broken)
    with pytest.raises(LevelError) as there:
        worker.call(load_level, broken)
    assert str(there.value) == str(here.value)
    assert str(there.value) == f"{broken}: not valid XML (unclosed token: line 1, column 0)"


def test_a_bug_over_there_names_its_kind_and_the_reader_goes_on(worker, tmp_path):
    with pytest.raises(Failed) as failed:
        worker.call(int, "twelve")
    assert str(failed.value) == "ValueError: invalid literal for int() with base 10: 'twelve'"
    assert worker.call(load_level, write_map(tmp_path, ["..P.", "####"])).width == 4


def test_a_value_that_cannot_cross_back_says_so_and_the_reader_goes_on(worker, tmp_path):
    with pytest.raises(Unsendable) as unsendable:
        worker.call(threading.Lock)
    assert str(unsendable.value) == "TypeError: cannot pickle '_thread.lock' object"
    assert worker.call(load_level, write_map(tmp_path, ["..P.", "####"])).width == 4


# A hostile map can make what a refusal quotes megabytes long; the game's main thread
# takes a refusal in and wraps it into the reload banner every frame, so what crosses
# back must stay a few hundred characters, whatever the map (issue 24's frame budget).
SHORT = 700


def test_a_refusal_quoting_megabytes_of_the_map_crosses_back_short(worker, tmp_path):
    path = write_map(tmp_path, ["..P.", "####"])
    name = "N" * 1_000_000 + ".tsx"
    path.write_text(path.read_text().replace('source="t.tsx"', f'source="{name}"'))
    # The hot reload's own way: read, built and tried in the reader's process.
    with pytest.raises(LevelError) as refused:
        build_apart(worker, path, 0, 0, "ours", lambda: None)
    line = str(refused.value)
    assert len(line) <= SHORT
    assert line.startswith(f"{path}: tileset NNNN")
    assert "NNN.tsx" in line and "cannot be read" in line  # the cause survives the cut
    assert "\n" not in line


def test_a_bug_quoting_megabytes_comes_back_short_with_its_traceback(worker):
    with pytest.raises(Failed) as failed:
        worker.call(Path.read_text, Path("N" * 1_000_000))  # "File name too long: 'NNN...'"
    assert str(failed.value).startswith("OSError: [Errno 36] File name too long: 'NNNN")
    assert len(str(failed.value)) <= SHORT
    details = str(failed.value.__cause__)
    assert "Traceback" in details and "read_text" in details
    assert len(details) <= LONGEST_TRACEBACK


def test_a_bound_keeps_ordinary_lines_and_cuts_only_what_is_long():
    ordinary = "tileset /home/designer/maps/tiles.tsx cannot be read (No such file or directory)"
    assert bounded(ordinary) == ordinary
    assert bounded(bounded("x " * 5000)) == bounded("x " * 5000)
    assert len(bounded("x " * 5000)) == 600
    cut = bounded(f"class '{'Q' * 10_000}Z' is unknown")
    assert cut == f"class '{'Q' * 119}...{'Q' * 58}Z' is unknown"  # the word's two ends


def test_arrays_cross_as_arrays_the_game_can_write(worker):
    grid = worker.call(np.arange, 600_000).reshape(600, 1000)
    assert (grid[599] == np.arange(599_000, 600_000)).all()
    grid[0, 0] = -1  # a door opens, a floor crumbles
    assert grid[0, 0] == -1


def test_giving_up_stops_the_process_at_once(tmp_path):
    worker = Worker()
    worker.call(int, "0")
    pid = worker.pid
    assert pid is not None

    class Superseded(Exception):
        pass

    def newer_save() -> None:
        raise Superseded

    with pytest.raises(Superseded):
        worker.call(time.sleep, 600, check=newer_save)  # a map that would take 10 minutes
    assert not worker.running
    with pytest.raises(ProcessLookupError):  # stopped and gone, not left to finish
        os.kill(pid, 0)
    # The next save is read by a fresh process.
    assert worker.call(load_level, write_map(tmp_path, ["..P.", "####"])).height == 2
    worker.close()


def test_a_reader_that_dies_is_one_line_and_the_next_read_works(tmp_path):
    worker = Worker()
    with pytest.raises(WorkerDied) as died:
        worker.call(os._exit, 3)  # as the system's out-of-memory killer, or a crash in C
    assert str(died.value) == "the map reader stopped while reading it (exit status 3)"
    assert worker.call(load_level, write_map(tmp_path, ["..P.", "####"])).height == 2
    worker.close()
    assert not worker.running
