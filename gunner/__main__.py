"""Command line: parse arguments, then play in a window (gunner.windowed) or run
headless (gunner.headless).

pygame is imported only after the arguments are read, so --headless can pick
SDL's dummy drivers before SDL starts.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
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
        choices=("auto", "vertical", "always", "never"),
        default=None,
        help="two players' camera: split along the line between them when they part "
        "(auto), down the middle when they part (vertical), always, or never "
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
    """Play in a window (gunner.windowed)."""
    from gunner.windowed import run_window as run

    return run(args)


def run_headless(args: argparse.Namespace) -> int:
    """Run with no window and print the stats (gunner.headless)."""
    from gunner.headless import run_headless as run

    return run(args)


if __name__ == "__main__":
    sys.exit(main())
