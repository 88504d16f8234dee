"""The heads-up display: health blocks, lives (kills in versus), weapon and ammo,
keycards, objectives, mission time, a siege's wave and enemies left, and the stage's
messages. Compact, along the top edge, outlined and on a dark backing so it reads over
any background (a pickup never shows through its text). With two players each has their
own panel on their own side of the screen (in their own view, when it splits, on
their side of the cut in the dynamic split). Drawing
reads the stage and never changes it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from gunner import text
from gunner.camera import View
from gunner.entities.boss import Boss
from gunner.entities.boss_table import BossState
from gunner.entities.player import MAX_HEALTH, Player
from gunner.entities.spawner import current_wave, wave_number
from gunner.hudmessage import MESSAGE_Y, PLAYER_COLOURS, draw_messages, message_boxes
from gunner.splits import Split, format_steps, steps_of
from gunner.stage import Stage
from gunner.world.versus import Arena

KEY_COLOURS = {"red": (235, 70, 60), "blue": (70, 140, 255), "yellow": (255, 214, 70)}
BLOCK_W, BLOCK_H, BLOCK_GAP = 9, 7, 2
FULL = (120, 230, 120)
LOW = (235, 80, 70)  # the blocks turn red on the last one
EMPTY = (44, 46, 58)
OUTLINE = text.OUTLINE
SKIN, HAIR = (240, 190, 150), (120, 70, 40)
BACKING = (8, 10, 18, 150)  # behind the HUD's blocks: dark, a little see-through


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


def draw_tick(surface: pygame.Surface, x: int, y: int, done: bool) -> None:
    """A ticked box for a done objective, an empty one for an open objective."""
    box = pygame.Rect(x, y, 7, 7)
    surface.fill(OUTLINE, box.inflate(2, 2))
    pygame.draw.rect(surface, text.GREEN if done else text.GREY, box, 1)
    if done:
        pygame.draw.lines(surface, text.GREEN, False, [(x + 1, y + 3), (x + 3, y + 5), (x + 6, y)])


BOSS_BAR_W, BOSS_BAR_H = 220, 6
BOSS_FULL, BOSS_LOW, BOSS_GONE = (235, 80, 70), (255, 214, 70), (44, 46, 58)


def fighting_boss(stage: Stage) -> Boss | None:
    """The boss whose arena the player is in, if any (its bar shows)."""
    for entity in stage.census().bosses:
        if isinstance(entity, Boss) and entity.engaged:
            return entity
    return None


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
    # A spawner forgets its dead only when it ticks: count the living here.
    left = sum(s.left + sum(1 for e in s.out if e.alive) for s in group if s.wave == wave)
    return SiegeStatus(wave_number(group, wave), len({s.wave for s in group}), left)


def draw_siege(
    surface: pygame.Surface, siege: SiegeStatus, topright: tuple[int, int] | None = None
) -> pygame.Rect:
    """WAVE 2/5 and how many of its enemies are left: top centre, or with its top-right
    corner at `topright` (two players, whose second panel takes the top centre)."""
    wave = text.render(f"WAVE {siege.wave}/{siege.waves}", 16, text.YELLOW)
    left = text.render(f"{siege.left} LEFT", 16, text.WHITE if siege.left else text.GREEN)
    width = wave.get_width() + 6 + left.get_width()
    x, y = surface.get_width() // 2 - width // 2, 3
    if topright is not None:
        x, y = topright[0] - width, topright[1]
    surface.blit(wave, (x, y))
    surface.blit(left, (x + wave.get_width() + 6, y))
    return pygame.Rect(x, y, width, wave.get_height())


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


PANEL = (150, 32)  # a player's panel, at most
# The panel with its dark backing (`backed`: 3 px beyond its text to the right, 2 below).
BACKED = (PANEL[0] + 3, PANEL[1] + 2)
CLEAR = 4  # px at least between a panel and the dynamic split's cut
OBJECTIVES_Y = {False: 14, True: 32}  # one player, two: under the clock, under the panels
SPLIT_Y = MESSAGE_Y + 24  # a checkpoint's split time, under its banner

Spot = tuple[int, int]  # where a player's panel goes: its top-left on the screen


def panel_spots(stage: Stage, width: int, spots: list[Spot] | None = None) -> list[Spot]:
    """Where each player's panel goes: player 1 at the top-left; with two, the second
    at the top of the right half, a little right of the middle, where the dynamic
    split keeps it as the cut fades in straight down (`spots`: where the split screen
    puts them)."""
    if spots is not None:
        return spots
    return [(0, 0)] if len(stage.players) == 1 else [(0, 0), (width // 2 + CLEAR, 0)]


def hud_spots(views: Sequence[View] | None) -> list[Spot] | None:
    """Where each player's HUD panel goes when the screen is split: the top-left of
    their view side by side; in the dynamic split, a corner wholly on their side of the
    cut (`beside_the_cut`). None: one view, the HUD's own layout."""
    if not views or len(views) < 2:
        return None
    cut = next((v for v in views if v.normal is not None), None)
    spots: list[Spot] = [(0, 0), (0, 0)]
    for view in views:
        if view.player is None:
            continue
        if cut is None or cut.normal is None:
            spots[view.player] = (view.left, 0)
        else:
            size = (cut.right - cut.left, cut.camera.h)
            spots[view.player] = beside_the_cut(size, cut.normal, view is cut)
    return spots


def beside_the_cut(size: tuple[int, int], normal: tuple[float, float], positive: bool) -> Spot:
    """The dynamic split: where a player's panel goes so that all of it, backing and
    all, lies on their side of the cut (the side `normal` points to, or the other),
    at least CLEAR from it, whatever the cut's angle. Of four spots (the top-left
    corner, one view's spot for player 2 left of the clock, the bottom corners), the
    first that fits: the top before the bottom, and the side of the screen their part
    leans to before the other. A half-plane through the screen's centre always holds
    one of them whole (on 480x270 the best of them clears it by 36 px or more)."""
    w, h = size
    bw, bh = BACKED
    length = math.hypot(*normal) or 1.0
    sign = 1.0 if positive else -1.0
    nx, ny = sign * normal[0] / length, sign * normal[1] / length

    def clearance(spot: Spot) -> float:
        x, y = spot
        corners = ((x, y), (x + bw, y), (x, y + bh), (x + bw, y + bh))
        return min((cx - w / 2) * nx + (cy - h / 2) * ny for cx, cy in corners)

    left_first = nx < 0 or (nx == 0 and not positive)
    top = [(0, 0), (w // 2 + CLEAR, 0)]  # as on one view: clear of a cut straight down
    bottom = [(0, h - bh), (w - bw, h - bh)]
    if not left_first:
        top.reverse()
        bottom.reverse()
    spots = top + bottom
    return next((s for s in spots if clearance(s) >= CLEAR), max(spots, key=clearance))


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
    for k, (player, spot) in enumerate(
        zip(stage.players, panel_spots(stage, w, spots), strict=False)
    ):
        layer = pygame.Surface(PANEL, pygame.SRCALPHA)
        tag, colour = (f"P{k + 1}", PLAYER_COLOURS[k]) if two else ("", text.WHITE)
        arena = stage.arena
        score = None if arena is None else (arena.kills[k], arena.target)
        draw_player(layer, player, keys, tag, colour, score)
        backed(surface, layer, spot)

    # Top right: mission time (on the fixed tick), then the objectives (ticked when done):
    # with two players, under the right-hand player's panel, so neither covers the other.
    clock = pygame.Surface((80, 18), pygame.SRCALPHA)
    text.draw(clock, format_steps(stage.steps), (74, 3), 16, text.WHITE, "topright")
    backed(surface, clock, (w - 80, 0))
    # Versus has no objectives: the score sits at the bottom (`draw_score`).
    status = stage.objective_status() if stage.arena is None else []
    layer = pygame.Surface((230, 4 + 11 * len(status)), pygame.SRCALPHA)
    right, y = layer.get_width() - 6, 2
    for _, done, line in status:
        rect = text.draw(
            layer, line, (right, y), 14, text.GREEN if done else text.WHITE, "topright"
        )
        draw_tick(layer, rect.left - 10, y + 2, done)
        y += 11
    backed(surface, layer, (w - layer.get_width(), OBJECTIVES_Y[two]))

    siege = siege_status(stage)
    if siege is not None:  # two players: under the objectives, clear of player 2's panel
        under = (w - 6, OBJECTIVES_Y[two] + layer.get_height() + 2) if two else None
        draw_siege(surface, siege, under)

    boss = fighting_boss(stage)
    if boss is not None:
        draw_boss_bar(surface, boss)

    if messages:
        draw_messages(surface, stage, views)


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
