"""Level select never reads a custom map on its own thread: each map is listed at once
by its file's name, its title (or its one-line refusal) filled in once it has been
read in the background, a big one in the map reader's process."""

from __future__ import annotations

import threading
from pathlib import Path

from app_helpers import SHORT
from ascii_maps import write_map
from gunner.customlevels import read_info
from gunner.levellist import custom_entries, with_titles
from gunner.maptitles import MapTitles


class HeldReader:
    """A map reader that holds each map until the test lets it go (a slow, huge map),
    and notes on which thread it was asked."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.asked: list[tuple[Path, bool]] = []

    def call(self, func, *args):
        self.asked.append((args[0], threading.current_thread() is threading.main_thread()))
        assert self.go.wait(60), "never let go"
        return func(*args)


def listed(entries) -> list[tuple[str, str, str | None, bool]]:
    return [(e.file, e.title, e.problem, e.reading) for e in entries]


def test_a_slow_map_is_listed_at_once_by_its_file_name_and_its_title_comes_once_read(tmp_path):
    write_map(tmp_path, SHORT, "huge.tmx")
    reader = HeldReader()
    titles = MapTitles(reader)  # every map through the reader, as a big one goes
    entries = custom_entries(None, tmp_path, titles=titles)  # the reader still holds it
    assert listed(entries) == [("huge.tmx", "huge.tmx", None, True)]
    assert with_titles(entries, titles) == entries, "nothing in yet"
    reader.go.set()
    titles.wait()
    assert reader.asked == [(tmp_path / "huge.tmx", False)], "read once, off the main thread"
    assert listed(with_titles(entries, titles)) == [("huge.tmx", "Test Range", None, False)]
    # Listed again (Level select opened again): known at once, not read again.
    assert listed(custom_entries(None, tmp_path, titles=titles)) == listed(
        with_titles(entries, titles)
    )
    assert len(reader.asked) == 1


def test_a_broken_map_is_listed_with_its_one_line_reason(tmp_path):
    broken = tmp_path / "broken.tmx"
    broken.write_text("<map><layer")
    titles = MapTitles(HeldReader(), apart_bytes=1_000_000)  # small: read on its thread
    entries = custom_entries(None, tmp_path, titles=titles)
    assert listed(entries) == [("broken.tmx", "broken.tmx", None, True)]
    titles.wait()
    (entry,) = with_titles(entries, titles)
    assert entry.problem == read_info(broken).problem
    assert entry.problem.startswith(f"{broken}: ") and "\n" not in entry.problem
    assert (entry.title, entry.reading) == ("broken", False)


def test_a_map_the_reader_dies_on_is_refused_in_a_line(tmp_path):
    write_map(tmp_path, SHORT, "crash.tmx")

    class Dying:
        def call(self, func, *args):
            from gunner.apart import WorkerDied

            raise WorkerDied("the map reader stopped while reading it (exit status -9)")

    titles = MapTitles(Dying())
    entries = custom_entries(None, tmp_path, titles=titles)
    titles.wait()
    (entry,) = with_titles(entries, titles)
    assert entry.problem is not None and "map reader stopped" in entry.problem
    assert entry.problem.startswith(str(tmp_path / "crash.tmx"))


def test_a_map_saved_again_is_read_again(tmp_path):
    path = write_map(tmp_path, SHORT, "mine.tmx")
    titles = MapTitles(HeldReader(), apart_bytes=1_000_000)
    custom_entries(None, tmp_path, titles=titles)
    titles.wait()
    path.write_text(path.read_text().replace("Test Range", "Second Range") + "\n")
    entries = custom_entries(None, tmp_path, titles=titles)
    assert listed(entries) == [("mine.tmx", "mine.tmx", None, True)]
    titles.wait()
    assert listed(with_titles(entries, titles))[0][1] == "Second Range"
