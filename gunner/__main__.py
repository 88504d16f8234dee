"""Command line: parse arguments, then play in a window or run headless.

pygame is imported only after the arguments are read, so --headless can pick
SDL's dummy drivers before SDL starts.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import tempfile
import time
import traceback
from pathlib import Path

from gunner import GAME_NAME, __version__

# Past this a crowd is a memory test, not a broad-phase demo.
MAX_CROWD = 100_000


def _seed(text: str) -> int:
    """A seed as replays store it: a whole number, 0 or more (refused up front, not
    after a whole recorded run fails to save)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text} is negative; use 0 or more")
    return value


def _assists(text: str) -> object:
    """--assist's value, refused up front with what is wrong in it."""
    from gunner.assists import parse_assists

    try:
        return parse_assists(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gunner",
        description="Gunner: a 2D run-and-gun. Levels are Tiled maps (.tmx).",
        epilog="Keys: arrows/WASD move and aim, Z/J jump, X/K fire, Esc/P pause, "
        "F3 debug overlay, F11 fullscreen.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--level", type=Path, metavar="PATH", help="start straight in this map")
    parser.add_argument(
        "--check",
        nargs="+",
        type=Path,
        metavar="PATH",
        help="validate maps: one line per problem (FILE: WHERE: MESSAGE); exit 1 if any",
    )
    parser.add_argument("--debug", action="store_true", help="start with the F3 overlay on")
    parser.add_argument(
        "--crowd",
        type=int,
        default=0,
        metavar="N",
        help="add N soldiers and N/4 turrets on open floor (watch the broad phase; F6 adds 100)",
    )
    parser.add_argument(
        "--fullscreen",
        action="store_true",
        default=None,
        help="start in fullscreen (this run only; the options screen saves it)",
    )
    parser.add_argument(
        "--scale",
        type=int,
        default=None,
        metavar="N",
        help="window size as a multiple of 480x270 (this run only; default: saved, 3)",
    )
    parser.add_argument(
        "--assist",
        type=_assists,
        default=None,
        metavar="LIST",
        help="assists for this run only, e.g. speed=70,invincible,ammo,autofire "
        "(speed 50-100 in steps of 10; Options saves them); the run is marked as assisted",
    )
    parser.add_argument(
        "--players",
        type=int,
        choices=(1, 2),
        default=1,
        help="2: co-op, player 2 on WASD + F/G (default 1)",
    )
    parser.add_argument(
        "--split",
        choices=("auto", "always", "never"),
        default=None,
        help="two players' camera: split when they part (auto), always, or never "
        "(one shared view they cannot leave); default: as Options saved it (auto)",
    )
    parser.add_argument(
        "--record", type=Path, metavar="FILE", help="save this run's input as a replay"
    )
    parser.add_argument(
        "--replay", type=Path, metavar="FILE", help="play a recorded run back (window or headless)"
    )
    headless = parser.add_argument_group("headless runs (no window; for tests and tools)")
    headless.add_argument(
        "--headless", action="store_true", help="no window: run --frames steps and print JSON stats"
    )
    headless.add_argument(
        "--frames",
        type=int,
        default=None,
        metavar="N",
        help="steps to run (default 600; with --replay, the replay's length)",
    )
    headless.add_argument(
        "--random-input", action="store_true", help="drive the player with seeded random input"
    )
    headless.add_argument(
        "--seed", type=_seed, default=0, metavar="S", help="random seed (0 or more)"
    )
    headless.add_argument(
        "--screenshot", type=Path, metavar="PATH", help="save the last frame as a PNG"
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    # A frozen build starts the map reader's process (gunner.apart) as itself with
    # arguments of multiprocessing's own: that process must not become a second game.
    multiprocessing.freeze_support()
    parser = build_parser()
    args = parser.parse_args(argv)
    from gunner.data import DataMissingError

    try:
        import gunner.config  # noqa: F401  (finds the installed art and levels)
    except DataMissingError as exc:
        print(f"gunner: {exc}", file=sys.stderr)
        return 1
    if args.check:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        from gunner.check import run

        return run(args.check)
    if args.screenshot and not args.headless:
        parser.error("--screenshot needs --headless")
    if args.frames is not None and args.frames < 0:
        parser.error("--frames must be 0 or more")
    if not 0 <= args.crowd <= MAX_CROWD:
        parser.error(f"--crowd must be from 0 to {MAX_CROWD}")
    if args.crowd and args.replay:
        parser.error("--crowd cannot be combined with --replay (a replay holds only the input)")
    if args.replay and (
        args.record or args.random_input or args.level or args.assist or args.players != 1
    ):
        parser.error("--replay takes its level, seed, players, assists and input from the file")
    if args.record and not args.headless and args.random_input:
        parser.error("--random-input needs --headless")
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # The window's class (X11/Wayland: what docks and task bars group by) comes from
    # the game's name, not from the script SDL sees (`__main__.py`).
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", GAME_NAME.lower())
    os.environ.setdefault("SDL_APP_NAME", GAME_NAME)
    from gunner.settings import MAX_SCALE

    if args.scale is not None and not 1 <= args.scale <= MAX_SCALE:
        parser.error(f"--scale must be from 1 to {MAX_SCALE}")
    # Refuse an output path that cannot be written before playing, not after the run.
    for output in (args.record, args.screenshot):
        problem = output_problem(output) if output is not None else None
        if problem:
            print(f"gunner: {output}: {problem}", file=sys.stderr)
            return 1

    from gunner.assets import AssetError
    from gunner.maps import LevelError
    from gunner.replay import ReplayError

    try:
        if args.headless:
            return run_headless(args)
        return run_window(args)
    except (LevelError, AssetError, ReplayError) as exc:
        print(f"gunner: {exc}", file=sys.stderr)
        # A damaged replay has its own status, as with `python -m gunner.replay`.
        return exc.exit_status if isinstance(exc, ReplayError) else 1
    except KeyboardInterrupt:
        return 130


def output_problem(path: Path) -> str | None:
    """Why a file cannot be written at `path` (a folder there, or a file in the way), if so."""
    if path.is_dir():
        return "is a folder, not a file"
    for parent in path.parents:
        if parent.exists():
            return None if parent.is_dir() else f"{parent} is a file, not a folder"
    return None


def run_window(args: argparse.Namespace) -> int:
    from gunner.assets import AssetError
    from gunner.maps import LevelError
    from gunner.replay import ReplayError

    try:
        return _play_in_window(args)
    except (LevelError, AssetError, ReplayError):
        raise  # expected failures: main() prints their one line
    except Exception:
        # Settings and progress were written atomically when they changed, so
        # nothing the player had is lost; the log is for the bug report.
        log = write_crash_log(traceback.format_exc())
        print(f"gunner: crashed; details in {log}", file=sys.stderr)
        return 1


def _play_in_window(args: argparse.Namespace) -> int:
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
        players, split = args.players, app.split
        first = LoadingScene(
            lambda: PlayScene(path, seed=seed, crowd=crowd, players=players, split=split),
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


def run_headless(args: argparse.Namespace) -> int:
    import pygame

    from gunner import debug
    from gunner.assets import Art
    from gunner.assists import Assists, AutoFire
    from gunner.camera import SplitScreen
    from gunner.config import CAMPAIGN, DT, LEVELS_DIR, VIEW_H, VIEW_W
    from gunner.crowd import add_crowd
    from gunner.hud import draw_hud, hud_sides
    from gunner.input import Buttons, RandomInput
    from gunner.maps import load_level
    from gunner.render import draw_views
    from gunner.replay import (
        EXIT_NOT_REPRODUCED,
        Replay,
        ReplayInput,
        level_ref,
        level_sha256_or_none,
    )
    from gunner.stage import Stage

    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((VIEW_W, VIEW_H))
    sources: list[ReplayInput | RandomInput] = []
    assists: Assists = args.assist or Assists()
    players, leash = args.players, args.split == "never"
    if args.replay:
        replay = Replay.load(args.replay)
        path, seed, source = replay.level_path, replay.seed, replay.source()
        frames = len(replay.masks) if args.frames is None else args.frames
        assists = replay.assists
        players, leash = replay.players, replay.leash
    else:
        path = args.level or LEVELS_DIR / CAMPAIGN[0]
        seed = args.seed
        if args.random_input:  # each player their own seeded hands
            sources = [RandomInput(seed, player=k + 1) for k in range(players)]
        frames = 600 if args.frames is None else args.frames
    level_digest = level_sha256_or_none(path) if args.record else None
    stage = Stage(load_level(path), seed=seed, players=players, leash=leash)
    stage.assists = assists.simulation()
    autofires = [AutoFire() for _ in range(players)] if assists.autofire else None
    if args.crowd:
        add_crowd(stage, args.crowd)
    # Two players' views (presentation): followed every step, for the screenshot.
    screen = SplitScreen(stage.camera, args.split or "auto") if players > 1 else None
    if screen is not None:
        screen.snap(stage.players)
    recorded: list[list[int]] = [[] for _ in range(players)]
    # The overlay shows real timings even headless: last step, and steps per second.
    times = debug.FrameTimes()
    started = time.perf_counter()
    for _ in range(frames):
        if args.replay:
            held = list(source.next_all())
        else:
            held = [s.next() for s in sources] or [Buttons.NONE] * players
        if autofires is not None:
            held = [fire.apply(h) for fire, h in zip(autofires, held, strict=True)]
        if args.record:
            for masks, mask in zip(recorded, held, strict=True):
                masks.append(int(mask))
        step_start = time.perf_counter()
        stage.step(held)
        times.step_ms = (time.perf_counter() - step_start) * 1000
        stage.events.clear()
        if screen is not None:
            screen.update(stage.players, DT)
    if frames:
        times.fps = frames / max(time.perf_counter() - started, 1e-9)
    stats = stage.stats()
    stats["state_hash"] = stage.state_hash()
    if args.record:
        Replay(
            level_ref(path),
            seed,
            recorded[0],
            stats["state_hash"],
            level_sha256=level_digest,
            assists=stage.assists,
            partner=recorded[1] if players > 1 else None,
            leash=leash and players > 1,
        ).save(args.record)
    if args.screenshot:
        surface = pygame.Surface((VIEW_W, VIEW_H))
        art = Art()
        render_start = time.perf_counter()
        views = screen.views() if screen is not None else None
        overlay = debug.draw_world_overlay if args.debug else None
        drawn = draw_views(surface, stage, art, views, overlay=overlay)
        draw_hud(surface, stage, sides=hud_sides(views))
        times.render_ms = (time.perf_counter() - render_start) * 1000
        if args.debug:
            debug.draw_panel(surface, stage, times, drawn)
        try:
            args.screenshot.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(surface, str(args.screenshot))
        except (OSError, pygame.error) as exc:
            print(f"gunner: {args.screenshot}: cannot save the screenshot ({exc})", file=sys.stderr)
            return 1
    print(json.dumps(stats))
    # A replay watched to its end must end where the recording did.
    report = (
        replay.not_reproduced(args.replay, stats["state_hash"], stats["outcome"])
        if args.replay
        else None
    )
    if report and frames == len(replay.masks):
        print(f"gunner: {report}", file=sys.stderr)
        return EXIT_NOT_REPRODUCED
    return 0


if __name__ == "__main__":
    sys.exit(main())
