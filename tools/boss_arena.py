"""Developer tool: start a level at its boss's arena and save screenshots of the fight.

    python tools/boss_arena.py levels/level1.tmx --steps 300 600 900 --out /tmp/boss
    python tools/boss_arena.py levels/level1.tmx --hold fire --steps 1200

The player is put just inside the arena (past the shutter's trigger) and holds the
given buttons (default: fire, aiming at the boss); a PNG is written at each listed step
count (HUD included), and one line per shot says the boss's state, phase, health, the
enemy bullets alive and the player's health. Not part of the game: a way to look at a
boss without playing the level through.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from gunner.config import VIEW_H, VIEW_W  # noqa: E402
from gunner.entities.boss import TRIGGER, Boss  # noqa: E402
from gunner.input import Buttons  # noqa: E402
from gunner.level import load_level  # noqa: E402
from gunner.stage import Stage  # noqa: E402


def arena_stage(path: Path, seed: int = 0) -> tuple[Stage, Boss]:
    """A stage of the level with the player standing just inside the boss's arena."""
    stage = Stage(load_level(path), seed=seed)
    boss = next(e for e in stage.entities if isinstance(e, Boss))
    arena = boss.arena(stage)
    player = stage.player
    player.hitbox.midbottom = (arena.left + 16 + TRIGGER + 40, boss.fy)
    stage.camera.snap(*player.hitbox.center)
    return stage, boss


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("level", type=Path)
    parser.add_argument("--steps", type=int, nargs="+", default=[300])
    parser.add_argument("--hold", nargs="*", default=["fire"], help="buttons held throughout")
    parser.add_argument("--out", type=Path, default=Path("/tmp/boss"))
    parser.add_argument("--health", type=int, help="start the boss with this much health")
    args = parser.parse_args(argv)
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((VIEW_W, VIEW_H))
    from gunner.assets import Art
    from gunner.hud import draw_hud
    from gunner.render import draw_stage

    art = Art()
    held = Buttons.NONE
    for name in args.hold:
        held |= Buttons[name.upper()]
    stage, boss = arena_stage(args.level)
    if args.health:
        boss.health = args.health
        boss.phase = boss.phase_for(boss.health)
    peak = 0
    args.out.mkdir(parents=True, exist_ok=True)
    for step in range(1, max(args.steps) + 1):
        stage.step(held)
        stage.events.clear()
        peak = max(peak, len(stage.bullets))
        if step in args.steps:
            surface = pygame.Surface((VIEW_W, VIEW_H))
            draw_stage(surface, stage, art)
            draw_hud(surface, stage)
            out = args.out / f"{args.level.stem}_{step:05d}.png"
            pygame.image.save(surface, str(out))
            print(
                f"{out}: {boss.state} phase {boss.phase + 1} health {boss.health}"
                f" bullets {len(stage.bullets)} (peak {peak})"
                f" player {stage.player.health} outcome {stage.outcome}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
