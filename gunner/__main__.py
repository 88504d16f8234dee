"""Command line: parse arguments, then play in a window or run headless.

pygame is imported only after the arguments are read, so --headless can pick
SDL's dummy drivers before SDL starts.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gunner",
        description="Gunner: a 2D run-and-gun. Levels are Tiled maps (.tmx).",
        epilog="Keys: arrows/WASD move and aim, Z/J jump, X/K fire, Esc/P pause, "
        "F3 debug overlay, F11 fullscreen.",
    )
    parser.add_argument("--level", type=Path, metavar="PATH", help="start straight in this map")
    parser.add_argument("--debug", action="store_true", help="start with the F3 overlay on")
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    parser.add_argument(
        "--scale", type=int, default=3, metavar="N", help="window size as a multiple of 480x270"
    )
    headless = parser.add_argument_group("headless runs (no window; for tests and tools)")
    headless.add_argument(
        "--headless", action="store_true", help="no window: run --frames steps and print JSON stats"
    )
    headless.add_argument("--frames", type=int, default=600, metavar="N", help="steps to run")
    headless.add_argument(
        "--random-input", action="store_true", help="drive the player with seeded random input"
    )
    headless.add_argument("--seed", type=int, default=0, metavar="S", help="random seed")
    headless.add_argument(
        "--screenshot", type=Path, metavar="PATH", help="save the last frame as a PNG"
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.screenshot and not args.headless:
        parser.error("--screenshot needs --headless")
    if args.frames < 0:
        parser.error("--frames must be 0 or more")
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    from gunner.assets import AssetError
    from gunner.level import LevelError, load_level

    try:
        if args.level is not None:
            # Refuse a broken map before opening any window.
            load_level(args.level, images=False)
        if args.headless:
            return run_headless(args)
        return run_window(args)
    except (LevelError, AssetError) as exc:
        print(f"gunner: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


def run_window(args: argparse.Namespace) -> int:
    from gunner.app import App
    from gunner.scenes.play import PlayScene
    from gunner.scenes.title import TitleScene

    app = App(debug=args.debug, fullscreen=args.fullscreen, scale=args.scale)
    first = PlayScene(args.level) if args.level else TitleScene()
    app.run(first)
    return 0


def run_headless(args: argparse.Namespace) -> int:
    import pygame

    from gunner import debug
    from gunner.assets import Art
    from gunner.config import CAMPAIGN, LEVELS_DIR, VIEW_H, VIEW_W
    from gunner.hud import draw_hud
    from gunner.input import Buttons, RandomInput
    from gunner.level import load_level
    from gunner.render import draw_stage
    from gunner.stage import Stage

    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((VIEW_W, VIEW_H))
    path = args.level or LEVELS_DIR / CAMPAIGN[0]
    stage = Stage(load_level(path), seed=args.seed)
    source = RandomInput(args.seed) if args.random_input else None
    for _ in range(args.frames):
        stage.step(source.next() if source else Buttons.NONE)
        stage.events.clear()
    if args.screenshot:
        surface = pygame.Surface((VIEW_W, VIEW_H))
        drawn = draw_stage(surface, stage, Art())
        if args.debug:
            debug.draw_world_overlay(surface, stage)
        draw_hud(surface, stage)
        if args.debug:
            debug.draw_panel(surface, stage, debug.FrameTimes(), drawn)
        args.screenshot.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(args.screenshot))
    print(json.dumps(stage.stats()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
