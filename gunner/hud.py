"""The heads-up display: health blocks, lives (kills in versus), weapon and ammo,
keycards, objectives, mission time, a siege's wave and enemies left, and the stage's
messages. Compact, along the top edge, outlined and on a dark backing so it reads over
any background (a pickup never shows through its text). With two players each has their
own panel on their own side of the screen (in their own view, when it splits, on
their side of the cut in the dynamic split). Drawing
reads the stage and never changes it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from gunner import text
from gunner.camera import View
from gunner.entities.boss import Boss
from gunner.entities.boss_table import BossState
from gunner.entities.player import MAX_HEALTH, Player
from gunner.hudmessage import MESSAGE_Y, PLAYER_COLOURS, draw_messages, message_boxes
from gunner.hudspots import PANEL, Spot, panel_spots
from gunner.hudspots import hud_spots as hud_spots  # where the panels go (its callers' name)
from gunner.hudteam import SiegeStatus as SiegeStatus
from gunner.hudteam import backed, draw_team
from gunner.hudteam import siege_status as siege_status
from gunner.splits import Split, format_steps, steps_of
from gunner.world import World as Stage  # the annotations' old name
from gunner.world.versus import Arena

KEY_COLOURS = {"red": (235, 70, 60), "blue": (70, 140, 255), "yellow": (255, 214, 70)}
BLOCK_W, BLOCK_H, BLOCK_GAP = 9, 7, 2
FULL = (120, 230, 120)
LOW = (235, 80, 70)  # the blocks turn red on the last one
EMPTY = (44, 46, 58)
OUTLINE = text.OUTLINE
SKIN, HAIR = (240, 190, 150), (120, 70, 40)


def format_time(seconds: float) -> str:
    """M:SS.hh of a time the game measured on its fixed tick (a stored best time)."""
    return format_steps(steps_of(seconds))


def health_blocks(health: int, max_health: int) -> list[bool]:
    """One entry per block, True where it is filled."""
    filled = max(0, min(health, max_health))
    return [i < filled for i in range(max(0, max_health))]


def accuracy(hits: int, fired: int) -> int | None:
    """Player shots that hit an enemy, as a whole percentage; None before any shot."""
    if fired <= 0:
        return None
    return round(100 * min(hits, fired) / fired)


def ammo_label(ammo: int | None) -> str:
    return "--" if ammo is None else str(ammo)


def _outlined_rect(surface: pygame.Surface, colour: tuple[int, int, int], r: pygame.Rect) -> None:
    surface.fill(OUTLINE, r.inflate(2, 2))
    surface.fill(colour, r)


def draw_health(surface: pygame.Surface, health: int, max_health: int, x: int, y: int) -> int:
    """The blocks, left to right; returns the x after them."""
    blocks = health_blocks(health, max_health)
    colour = LOW if health <= 1 else FULL
    for full in blocks:
        r = pygame.Rect(x, y, BLOCK_W, BLOCK_H)
        _outlined_rect(surface, colour if full else EMPTY, r)
        if full:  # a highlight along the top, for a little depth
            surface.fill((255, 255, 240), (x, y, BLOCK_W, 1))
        x += BLOCK_W + BLOCK_GAP
    return x


def draw_head(surface: pygame.Surface, x: int, y: int) -> None:
    """A tiny portrait of the player for the lives counter."""
    _outlined_rect(surface, SKIN, pygame.Rect(x, y + 1, 7, 6))
    surface.fill(HAIR, (x, y, 7, 2))
    surface.fill(OUTLINE, (x + 4, y + 3, 1, 1))


def draw_crosshair(surface: pygame.Surface, x: int, y: int, colour: tuple[int, int, int]) -> None:
    """A tiny sight, for a versus player's kills (where lives show in co-op)."""
    pygame.draw.circle(surface, OUTLINE, (x + 4, y + 4), 5, 3)
    pygame.draw.circle(surface, colour, (x + 4, y + 4), 4, 1)
    surface.fill(colour, (x + 4, y, 1, 9))
    surface.fill(colour, (x, y + 4, 9, 1))


def draw_infinity(surface: pygame.Surface, x: int, y: int, colour: tuple[int, int, int]) -> int:
    for dx in (0, 5):
        pygame.draw.circle(surface, OUTLINE, (x + 3 + dx, y + 5), 4, 3)
    for dx in (0, 5):
        pygame.draw.circle(surface, colour, (x + 3 + dx, y + 5), 3, 1)
    return x + 13


BOSS_BAR_W, BOSS_BAR_H = 220, 6
BOSS_FULL, BOSS_LOW, BOSS_GONE = (235, 80, 70), (255, 214, 70), (44, 46, 58)


def fighting_boss(stage: Stage) -> Boss | None:
    """The boss whose arena the player is in, if any (its bar shows)."""
    for entity in stage.census().bosses:
        if isinstance(entity, Boss) and entity.engaged:
            return entity
    return None


def boss_bar_area(size: tuple[int, int]) -> pygame.Rect:
    """The screen a boss's bar covers, its name and phase and all."""
    w, h = size
    return pygame.Rect((w - BOSS_BAR_W) // 2 - 1, h - 26, BOSS_BAR_W + 2, 26)


def draw_boss_bar(surface: pygame.Surface, boss: Boss) -> None:
    """Bottom centre: the boss's name and phase over a bar notched at each phase's end."""
    w, h = surface.get_size()
    bar = pygame.Rect((w - BOSS_BAR_W) // 2, h - 12, BOSS_BAR_W, BOSS_BAR_H)
    text.draw(surface, boss.title, (bar.left, bar.top - 12), 14, text.YELLOW)
    phases = len(boss.PHASES)
    label = "DESTROYED" if boss.state == BossState.DYING else f"PHASE {boss.phase + 1}/{phases}"
    text.draw(surface, label, (bar.right, bar.top - 12), 14, text.WHITE, "topright")
    surface.fill(OUTLINE, bar.inflate(2, 2))
    surface.fill(BOSS_GONE, bar)
    filled = round(BOSS_BAR_W * max(0, boss.health) / boss.full_health)
    colour = BOSS_FULL if not boss.flash else (255, 255, 255)
    if boss.state == BossState.SHIFT:
        colour = BOSS_LOW if boss.clock % 10 < 5 else BOSS_FULL
    surface.fill(colour, (bar.left, bar.top, filled, BOSS_BAR_H))
    surface.fill((255, 200, 190), (bar.left, bar.top, filled, 1))
    for threshold in boss.phase_thresholds():
        x = bar.left + round(BOSS_BAR_W * threshold / boss.full_health)
        surface.fill(OUTLINE, (x, bar.top - 1, 1, BOSS_BAR_H + 2))


def draw_player(
    surface: pygame.Surface,
    player: Player,
    keys: set[str],
    tag: str = "",
    colour=text.WHITE,
    score: tuple[int, int] | None = None,
) -> None:
    """One player's panel at the top-left of `surface`: health blocks and lives; under
    them the weapon, ammo and keycards (`keys`: the team's, shared). `tag`: P1, P2.
    `score`: versus, where lives mean nothing: (their kills, the kills that win)
    instead of the lives."""
    x = 6
    if tag:
        x = text.draw(surface, tag, (6, 3), 16, colour).right + 4
    x = draw_health(surface, player.health, MAX_HEALTH, x + 1, 6)
    if score is None:
        draw_head(surface, x + 4, 5)
        text.draw(surface, f"x{max(0, player.lives)}", (x + 13, 3), 16, text.WHITE)
    else:
        draw_crosshair(surface, x + 4, 4, colour)
        text.draw(surface, f"{score[0]}/{score[1]}", (x + 16, 3), 16, text.WHITE)
    weapon = player.weapon
    rect = text.draw(surface, weapon.label, (6, 16), 16, text.YELLOW)
    if player.ammo is None:
        x = draw_infinity(surface, rect.right + 4, rect.top + 1, text.WHITE)
    else:
        colour = text.RED if player.ammo <= max(3, (weapon.ammo or 0) // 8) else text.WHITE
        x = text.draw(surface, ammo_label(player.ammo), (rect.right + 4, 16), 16, colour).right
    x += 6
    for key in ("red", "blue", "yellow"):
        if key in keys:
            _outlined_rect(surface, KEY_COLOURS[key], pygame.Rect(x, 18, 7, 9))
            draw_key_symbol(surface, key, x + 1, 20)
            x += 10


def draw_key_symbol(surface: pygame.Surface, key: str, x: int, y: int) -> None:
    """The key's symbol in a 5x5 box at (x, y), as its card and door bear it: a
    triangle for red, a circle for blue, a diamond for yellow (shape, not only colour)."""
    white = (255, 255, 255)
    if key == "red":
        pygame.draw.polygon(surface, white, [(x + 2, y), (x + 4, y + 4), (x, y + 4)])
    elif key == "blue":
        pygame.draw.circle(surface, white, (x + 2, y + 2), 2)
    else:
        pygame.draw.polygon(
            surface, white, [(x + 2, y), (x + 4, y + 2), (x + 2, y + 4), (x, y + 2)]
        )


SPLIT_Y = MESSAGE_Y + 24  # a checkpoint's split time, under its banner


def draw_hud(
    surface: pygame.Surface,
    stage: Stage,
    messages: bool = True,
    spots: list[Spot] | None = None,
    views: Sequence[View] | None = None,
) -> None:
    """The HUD; without ``messages`` the centre banner (CHECKPOINT, the level name...)
    is left out, as under the results, where a stale one would bleed through. `spots`:
    with two players, where each one's panel goes on a split screen (`hud_spots`;
    default: the top of each half); `views`: the views on screen, where each player's
    own messages go."""
    w = surface.get_width()
    keys = set().union(*(p.keys for p in stage.players))
    two = len(stage.players) > 1
    obstacles = []  # what the team's block keeps clear of: the panels as drawn, a boss's bar
    for k, (player, spot) in enumerate(
        zip(stage.players, panel_spots(stage, w, spots), strict=False)
    ):
        layer = pygame.Surface(PANEL, pygame.SRCALPHA)
        tag, colour = (f"P{k + 1}", PLAYER_COLOURS[k]) if two else ("", text.WHITE)
        arena = stage.arena
        score = None if arena is None else (arena.kills[k], arena.target)
        draw_player(layer, player, keys, tag, colour, score)
        backed(surface, layer, spot)
        obstacles.append(layer.get_bounding_rect().move(spot).inflate(6, 4))

    boss = fighting_boss(stage)
    if boss is not None:
        obstacles.append(boss_bar_area(surface.get_size()))
    team = draw_team(surface, stage, obstacles, views)
    if boss is not None:
        draw_boss_bar(surface, boss)

    if messages:
        draw_messages(surface, stage, views, team)


def draw_score(surface: pygame.Surface, arena: Arena) -> None:
    """Versus: the kills of each player, in their colours, bottom centre, and the target."""
    w, h = surface.get_size()
    layer = pygame.Surface((150, 30), pygame.SRCALPHA)
    mid = layer.get_width() // 2
    text.draw(layer, f"P1 {arena.kills[0]}", (mid - 8, 2), 20, PLAYER_COLOURS[0], "topright")
    text.draw(layer, "-", (mid, 2), 20, text.WHITE, "midtop")
    text.draw(layer, f"{arena.kills[1]} P2", (mid + 8, 2), 20, PLAYER_COLOURS[1])
    text.draw(layer, f"FIRST TO {arena.target}", (mid, 19), 14, text.GREY, "midtop")
    backed(surface, layer, (w // 2 - mid, h - layer.get_height()))


def player_rows(stage: Stage) -> list[tuple[str, str, tuple[int, int, int]]]:
    """Co-op: one results row per player, their kills, accuracy and deaths."""
    rows = []
    for k, tally in enumerate(stage.tallies):
        deaths = f"{tally.deaths} DEATH{'' if tally.deaths == 1 else 'S'}"
        value = accuracy(tally.hits, tally.shots)
        shots = "--" if value is None else f"{value}%"
        rows.append((f"P{k + 1}", f"{tally.kills} KILLS  {shots}  {deaths}", PLAYER_COLOURS[k]))
    return rows


def draw_split(surface: pygame.Surface, split: Split, views: Sequence[View] | None = None) -> None:
    """A checkpoint's split under the centre banner (in each view, as the banner is, on
    a split screen): the time, and how it compares with the best run's there, in words
    (AHEAD, BEHIND) as well as green or red."""
    image = text.render(split.label(), 16, split.colour)
    for box in message_boxes(surface.get_size(), image.get_size(), views, None, SPLIT_Y):
        surface.blit(image, box)
