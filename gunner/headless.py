"""`--headless`: a run with no window, for tests and tools: a level (or a replay) played
for a number of steps with seeded or recorded input, its stats printed as JSON, a
replay recorded or checked and a screenshot saved on request."""

from __future__ import annotations

import argparse
import json
import sys
import time


def run_headless(args: argparse.Namespace) -> int:
    import pygame

    from gunner import debug
    from gunner.assets import Art
    from gunner.assists import Assists, AutoFire
    from gunner.camera import SplitScreen
    from gunner.config import CAMPAIGN, DT, LEVELS_DIR, VIEW_H, VIEW_W
    from gunner.crowd import add_crowd
    from gunner.feedback import Feedback
    from gunner.hud import draw_hud, draw_score, hud_spots
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
    from gunner.world import World

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
    stage = World(load_level(path), seed=seed, players=players, leash=leash)
    feedback = Feedback.attach(stage)  # the screenshot shows its effects
    if len(stage.players) != players:  # an arena map plays for two, whatever was asked
        players = len(stage.players)
        if args.random_input:
            sources = [RandomInput(seed, player=k + 1) for k in range(players)]
    stage.assists = assists.simulation()
    autofires = [AutoFire() for _ in range(players)] if assists.autofire else None
    if args.crowd:
        add_crowd(stage, args.crowd)
    # Two players' views (presentation): followed every step, for the screenshot.
    split = "always" if stage.arena is not None else args.split or "auto"
    screen = SplitScreen(stage.camera, split) if players > 1 else None
    if screen is not None:
        screen.hold = stage.arena is not None
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
        feedback.sounds.clear()
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
        draw_hud(surface, stage, spots=hud_spots(views), views=views)
        if stage.arena is not None:
            draw_score(surface, stage.arena)
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
