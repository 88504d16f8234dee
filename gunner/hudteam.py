"""The HUD's team block: the mission time (on the fixed tick), the level's objectives
(ticked when done) and a siege's wave and enemies left, top right, on the dark backing
every HUD block has. In the dynamic split it takes the spot nearest that which lies
wholly on one side of the cut and clear of both players' panels (`hudspots.team_offset`),
so no part of it sits half in each view. Drawing reads the stage and never changes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from gunner import text
from gunner.camera import View
from gunner.entities.spawner import current_wave, wave_number, waves_on
from gunner.hudspots import Spot, team_offset, the_cut
from gunner.splits import format_steps
from gunner.world import World as Stage  # the annotations' old name

BACKING = (8, 10, 18, 150)  # behind the HUD's blocks: dark, a little see-through
OBJECTIVES_Y = {False: 14, True: 32}  # one player, two: under the clock, under the panels


def draw_tick(surface: pygame.Surface, x: int, y: int, done: bool) -> None:
    """A ticked box for a done objective, an empty one for an open objective."""
    box = pygame.Rect(x, y, 7, 7)
    surface.fill(text.OUTLINE, box.inflate(2, 2))
    pygame.draw.rect(surface, text.GREEN if done else text.GREY, box, 1)
    if done:
        pygame.draw.lines(surface, text.GREEN, False, [(x + 1, y + 3), (x + 3, y + 5), (x + 6, y)])


@dataclass(frozen=True)
class SiegeStatus:
    """Where a siege stands: the wave on (or about to start) and its enemies not yet
    beaten, those still to come out of its spawners and those out and alive."""

    wave: int  # 1 for the map's first wave
    waves: int
    left: int


def siege_status(stage: Stage) -> SiegeStatus | None:
    """The siege's wave and enemies left, read from its spawners; None for a level
    without waves, or once the last wave is over."""
    group = stage.spawners
    wave = current_wave(group)
    if wave is None:
        return None
    # A spawner forgets its dead only when it ticks: count the living here. The waves
    # before the one on still count their stragglers.
    left = sum(s.left + sum(1 for e in s.out if e.alive) for s in waves_on(group))
    return SiegeStatus(wave_number(group, wave), len({s.wave for s in group}), left)


def siege_layer(siege: SiegeStatus) -> pygame.Surface:
    """WAVE 2/5 and how many of its enemies are left, on a layer of their own."""
    wave = text.render(f"WAVE {siege.wave}/{siege.waves}", 16, text.YELLOW)
    left = text.render(f"{siege.left} LEFT", 16, text.WHITE if siege.left else text.GREEN)
    size = (wave.get_width() + 6 + left.get_width(), wave.get_height())
    layer = pygame.Surface(size, pygame.SRCALPHA)
    layer.blit(wave, (0, 0))
    layer.blit(left, (wave.get_width() + 6, 0))
    return layer


def backed(surface: pygame.Surface, layer: pygame.Surface, at: tuple[int, int]) -> None:
    """Blit a HUD block drawn on its own transparent `layer` at `at`, over a dark
    backing just around what it holds."""
    box = layer.get_bounding_rect()
    if not box.w:
        return
    shade = pygame.Surface(box.inflate(6, 4).size, pygame.SRCALPHA)
    shade.fill(BACKING)
    surface.blit(shade, (at[0] + box.x - 3, at[1] + box.y - 2))
    surface.blit(layer, at)


@dataclass(frozen=True)
class Part:
    """A piece of the team's block: its layer, where it goes, on a backing or not."""

    layer: pygame.Surface
    at: Spot
    backed: bool = True

    def box(self) -> pygame.Rect:
        """The screen pixels it covers, backing and all."""
        box = self.layer.get_bounding_rect().move(self.at)
        return box.inflate(6, 4) if self.backed else box

    def draw(self, surface: pygame.Surface) -> None:
        if self.backed:
            backed(surface, self.layer, self.at)
        else:
            surface.blit(self.layer, self.at)


# The team's block in the dynamic split, after one view's layout: right-aligned with
# the objectives just under the clock, then left-aligned (under the clock, then as low
# as one view puts them).
TEAM_WAYS = (
    ("right", OBJECTIVES_Y[False]),
    ("left", OBJECTIVES_Y[False]),
    ("left", OBJECTIVES_Y[True]),
)


def team_parts(
    stage: Stage, w: int, two: bool, align: str = "right", objectives_y: int | None = None
) -> list[Part]:
    """The team's block: the mission time (on the fixed tick), the objectives (ticked
    when done) and a siege's wave, in the top corner at `align` (one view's layout:
    the top right, with two players the objectives under the panels, so neither covers
    the other). One player's siege counter sits at the top centre."""
    y = OBJECTIVES_Y[two] if objectives_y is None else objectives_y
    right = align == "right"
    clock = pygame.Surface((80, 18), pygame.SRCALPHA)
    corner = ((74, 3), "topright") if right else ((6, 3), "topleft")
    text.draw(clock, format_steps(stage.steps), corner[0], 16, text.WHITE, corner[1])
    parts = [Part(clock, (w - 80, 0) if right else (0, 0))]
    # Versus has no objectives: the score sits at the bottom (`draw_score`).
    status = stage.objective_status() if stage.arena is None else []
    layer = pygame.Surface((230, 4 + 11 * len(status)), pygame.SRCALPHA)
    edge, row = layer.get_width() - 6, 2
    for _, done, line in status:
        colour = text.GREEN if done else text.WHITE
        if right:
            rect = text.draw(layer, line, (edge, row), 14, colour, "topright")
            draw_tick(layer, rect.left - 10, row + 2, done)
        else:
            draw_tick(layer, 7, row + 2, done)
            text.draw(layer, line, (17, row), 14, colour)
        row += 11
    parts.append(Part(layer, (w - layer.get_width() if right else 0, y)))
    siege = siege_status(stage)
    if siege is not None:
        counter = siege_layer(siege)
        sw, under = counter.get_width(), y + layer.get_height() + 2
        at = (w // 2 - sw // 2, 3) if not two else (w - 6 - sw, under) if right else (6, under)
        parts.append(Part(counter, at, backed=False))
    return [part for part in parts if part.layer.get_bounding_rect().w]


def draw_team(
    surface: pygame.Surface,
    stage: Stage,
    obstacles: list[pygame.Rect],
    views: Sequence[View] | None = None,
) -> list[pygame.Rect]:
    """The team's block where one view has it or, in the dynamic split (`views`), the
    first way and spot (`TEAM_WAYS`, `team_offset`) wholly on one side of the cut and
    clear of the `obstacles` (the players' panels, a boss's bar). Returns the screen
    boxes it covers (the centre messages keep clear of them)."""
    w = surface.get_width()
    two = len(stage.players) > 1
    parts = team_parts(stage, w, two)
    cut = the_cut(views)
    if cut is not None and cut.normal is not None and two:
        ways = [parts, *(team_parts(stage, w, two, *way) for way in TEAM_WAYS)]
        rects = [[part.box() for part in way] for way in ways]
        k, dy = team_offset(surface.get_size(), cut.normal, rects, obstacles)
        parts = [Part(part.layer, (part.at[0], part.at[1] + dy), part.backed) for part in ways[k]]
    for part in parts:
        part.draw(surface)
    return [part.box() for part in parts]
