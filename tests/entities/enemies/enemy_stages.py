"""The enemy tests' stages: small maps from ASCII art (tests/ascii_maps.py) with enemies
placed as map objects, and what the tests read of them (their bullets, the steps they
fired on)."""

from __future__ import annotations

import pygame

from ascii_maps import write_map
from gunner.bullets import Bullet
from gunner.config import DT, TILE
from gunner.input import Buttons as B
from gunner.level import load_level
from gunner.stage import Stage

# A wide empty hall, the player far off in its bottom-left corner.
HANGAR = ["#" * 40] + ["#" + "." * 38 + "#"] * 12 + ["#" + "." * 38 + "#", "#" * 40]
HANGAR[13] = "#P" + "." * 37 + "#"  # the player, far off in a corner


def obj(cls: str, col: int, row: int, oid: int, **props: object) -> str:
    """A point map object whose feet stand on the bottom of cell (col, row)."""
    body = "".join(f'<property name="{k}" value="{v}"/>' for k, v in props.items())
    return (
        f'<object id="{100 + oid}" type="{cls}" x="{col * TILE + 8}" y="{(row + 1) * TILE}">'
        f"<properties>{body}</properties><point/></object>"
    )


def make_stage(tmp_path, rows: list[str], *objects: str) -> Stage:
    return Stage(
        load_level(write_map(tmp_path, rows, extra_objects="".join(objects)), images=False)
    )


def find(stage: Stage, kind: str) -> list:
    return [e for e in stage.entities if e.kind == kind]


def enemy_bullets(stage: Stage) -> list:
    return [b for b in stage.bullets.live if b.team == "enemy"]


def run(stage: Stage, seconds: float, held: B = B.NONE, each=None) -> None:
    for _ in range(round(seconds / DT)):
        stage.step(held)
        if each:
            each(stage)


def shot_steps(stage: Stage, seconds: float) -> list[int]:
    """Step with no buttons for `seconds`; the steps (from 0) on which enemies fired,
    one entry per shot."""
    shots: list[int] = []
    for step in range(round(seconds / DT)):
        stage.step(B.NONE)
        shots += [step] * (stage.events.count("enemy_shoot") - len(shots))
    return shots


def stand(stage: Stage, x: float, bottom: float) -> None:
    """Put the player at rest with their feet's middle at (x, bottom)."""
    player = stage.player
    stage.tree.remove(player)
    player.hitbox.midbottom = (x, bottom)
    player.vx = player.vy = 0.0
    stage.tree.add(player)


def player_bullet(x: float, y: float, vx: float, vy: float) -> Bullet:
    """One of the player's shots centred on (x, y), to hand to an enemy's `hit`."""
    return Bullet(
        pygame.FRect(x - 2, y - 2, 4, 4), vx, vy, "player", 1, "player", 0.0, 0, 1.0, True
    )


class Volley:
    """Every bullet the stage spawns from now on (where and how fast: x, y, vx, vy) and
    every muzzle flash (where, and its angle in degrees)."""

    def __init__(self, stage: Stage, monkeypatch) -> None:
        self.bullets: list[tuple[float, float, float, float]] = []
        self.flashes: list[tuple[tuple[float, float], float]] = []
        spawn, effect = stage.bullets.spawn, stage.add_effect

        def spawned(x, y, vx, vy, *args, **kwargs):
            self.bullets.append((x, y, vx, vy))
            return spawn(x, y, vx, vy, *args, **kwargs)

        def added(name, pos, angle=0.0, size=0.0):
            if name == "muzzle_flash":
                self.flashes.append((pos, angle))
            return effect(name, pos, angle, size)

        monkeypatch.setattr(stage.bullets, "spawn", spawned)
        monkeypatch.setattr(stage, "add_effect", added)
