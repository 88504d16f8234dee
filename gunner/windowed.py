"""Playing in a window from the command line: the app set up from the arguments (a
replay, a level, a crowd, two players, or the title), and a crash log if it fails."""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import traceback
from pathlib import Path


def run_window(args: argparse.Namespace) -> int:
    from gunner.assets import AssetError
    from gunner.maps import LevelError
    from gunner.replay import ReplayError

    try:
        return play_in_window(args)
    except (LevelError, AssetError, ReplayError):
        raise  # expected failures: main() prints their one line
    except Exception:
        # Settings and progress were written atomically when they changed, so
        # nothing the player had is lost; the log is for the bug report.
        log = write_crash_log(traceback.format_exc())
        print(f"gunner: crashed; details in {log}", file=sys.stderr)
        return 1


def play_in_window(args: argparse.Namespace) -> int:
    from gunner.app import App
    from gunner.config import CAMPAIGN, LEVELS_DIR
    from gunner.maps import LevelError
    from gunner.replay import EXIT_NOT_REPRODUCED, Recorder, Replay
    from gunner.scenes.base import Scene
    from gunner.scenes.loading import LoadingScene
    from gunner.scenes.play import PlayScene
    from gunner.scenes.title import TitleScene
    from gunner.settings import (
        Progress,
        Settings,
        custom_levels_dir,
        load_settings,
        usable_data_dir,
    )

    replay = Replay.load(args.replay) if args.replay else None
    if replay is not None and (warning := replay.level_warning(args.replay)):
        print(f"gunner: {warning}", file=sys.stderr)
    folder = usable_data_dir()  # None: play on with defaults, saving nothing
    app = App(
        debug=args.debug,
        fullscreen=args.fullscreen,
        scale=args.scale,
        settings=load_settings(folder) if folder else Settings(),
        progress=Progress(folder) if folder else None,
        recorder=Recorder(args.record) if args.record else None,
        custom_folder=custom_levels_dir(folder) if folder else None,
        extra_levels=[args.level] if args.level else [],
        assists=args.assist,
    )
    app.players, app.split = args.players, args.split or app.settings.split
    first: Scene
    refused: list[LevelError] = []
    if replay is not None:
        first = PlayScene(
            replay.level_path,
            seed=replay.seed,
            replay=replay.source(),
            replay_hash=replay.state_hash or "",
        )
    elif args.level or args.crowd or args.players > 1:
        # Read behind a loading screen: a big map takes seconds. A map it refuses ends the
        # run with its one line and status 1, as before a window opened.
        path, seed, crowd = args.level or LEVELS_DIR / CAMPAIGN[0], args.seed, args.crowd
        players, split, kills = args.players, app.split, app.settings.versus_kills
        first = LoadingScene(
            lambda: PlayScene(
                path,
                seed=seed,
                crowd=crowd,
                players=players,
                split=split,
                versus=kills,
                reader=app.reader,
            ),
            path,
            on_error=refused.append,
        )
    else:
        first = TitleScene()
    app.run(first)
    if refused:
        raise refused[0]
    if replay is not None and isinstance(first, PlayScene) and first.replay_end_hash:
        # Watched to its end: the exit status says whether it reproduced, as headless.
        report = replay.not_reproduced(args.replay, first.replay_end_hash)
        if report:
            print(f"gunner: {report}", file=sys.stderr)
            return EXIT_NOT_REPRODUCED
    return 0


def write_crash_log(report: str) -> Path:
    """Save a traceback as crash-YYYYmmdd-HHMMSS.log in the data folder; returns its path."""
    from gunner.replay import game_version
    from gunner.settings import data_dir

    try:
        folder = data_dir()
    except (OSError, RuntimeError):
        folder = Path(tempfile.gettempdir())
    path = folder / time.strftime("crash-%Y%m%d-%H%M%S.log")
    header = f"gunner {game_version()} on Python {sys.version.split()[0]} ({sys.platform})\n\n"
    try:
        path.write_text(header + report, encoding="utf-8")
    except OSError:
        path = Path(tempfile.gettempdir()) / path.name
        path.write_text(header + report, encoding="utf-8")
    return path
