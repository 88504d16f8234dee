"""The exploding bridge: a player who runs across reaches the far side, one who stops
falls with it; its segments blow one after another outward from where he stepped."""

from __future__ import annotations

import pygame
import pytest

from ascii_maps import CellRun, make_stage, obj, write_map
from gunner.assets import Art
from gunner.check import check_file
from gunner.config import TILE
from gunner.entities.bridge import Bridge
from gunner.input import Buttons as B
from gunner.tilemap import SOLID

# A bridge over a bottomless pit ten tiles wide (columns 8-17) at row 8, ground either side.
BRIDGE = CellRun("Bridge", range(8, 18))
PIT, DECK = BRIDGE.cols, BRIDGE.row  # the bridge's columns and row
RIVER = BRIDGE.pit()
SKY = RIVER[0]


def test_the_bridge_is_floor_until_the_player_stands_on_it(over_pit) -> None:
    stage = over_pit(BRIDGE)
    times = BRIDGE.emptied(stage, B.NONE, 3.0)
    assert times == {}  # he never set foot on it: it stands
    assert all(stage.tilemap.cell(c, DECK) == SOLID for c in PIT)


def test_a_player_who_runs_across_reaches_the_far_side(over_pit) -> None:
    stage = over_pit(BRIDGE)
    lives = stage.player.lives
    times = BRIDGE.emptied(stage, B.RIGHT, 5.0)
    player = stage.player
    assert player.alive and player.lives == lives
    assert player.hitbox.left > PIT[-1] * TILE + TILE  # over solid ground beyond the pit
    assert player.hitbox.bottom == DECK * TILE and player.on_ground
    assert sorted(times) == list(PIT)  # and the whole bridge went behind him


def test_a_player_who_stops_on_it_falls_into_the_pit(over_pit) -> None:
    stage = over_pit(BRIDGE)
    lives = stage.player.lives
    while stage.player.hitbox.left < 11 * TILE:  # three segments out, then he stops
        stage.step(B.RIGHT)
    for _ in range(120):
        stage.step(B.NONE)
        if not stage.player.alive:
            break
    assert stage.player.lives == lives - 1  # fell out of the map


def test_segments_blow_in_order_from_where_he_stepped_on(over_pit) -> None:
    stage = over_pit(BRIDGE)
    times = BRIDGE.emptied(stage, B.RIGHT, 6.0)
    order = [times[c] for c in PIT]
    assert order == sorted(order) and len(set(order)) == len(order)
    gaps = {b - a for a, b in zip(order, order[1:], strict=False)}
    # One fuse (0.4 s) per segment, however fast he runs (give or take the step in
    # which one Bridge object lights the next).
    assert gaps <= {23, 24}


def test_landing_in_the_middle_blows_outward_both_ways(tmp_path) -> None:
    rows = list(RIVER)
    rows[7] = SKY  # no spawn on the bank: he drops onto the middle of the bridge
    rows[2] = "." * 12 + "P" + "." * 17
    stage = make_stage(tmp_path, BRIDGE.objects(), rows)
    times = BRIDGE.emptied(stage, B.NONE, 6.0)
    first = min(times, key=times.get)
    assert first in (12, 13)  # under his feet
    left = [times[c] for c in range(first, PIT[0] - 1, -1)]
    right = [times[c] for c in range(first, PIT[-1] + 1)]
    assert left == sorted(left) and right == sorted(right)
    assert not stage.player.alive or stage.player.hitbox.top > DECK * TILE


def test_one_wide_rectangle_is_the_same_bridge(tmp_path) -> None:
    wide = [obj("Bridge", PIT[0] * TILE, DECK * TILE, len(PIT) * TILE, TILE)]
    stage = make_stage(tmp_path, wide, RIVER)
    (bridge,) = [e for e in stage.entities if isinstance(e, Bridge)]
    times = BRIDGE.emptied(stage, B.RIGHT, 6.0)
    assert stage.player.alive and stage.player.hitbox.left > PIT[-1] * TILE
    order = [times[c] for c in PIT]
    assert order == sorted(order) and len(set(order)) == len(order)
    assert not bridge.alive  # every segment gone: it has left the stage


def test_a_longer_fuse_gives_a_player_more_time(over_pit) -> None:
    slow = over_pit(BRIDGE, fuse=1.0)
    times = BRIDGE.emptied(slow, B.RIGHT, 3.0)
    assert min(times.values()) >= 59  # the first segment held a whole second


def test_an_enemy_standing_on_it_sets_nothing_off(tmp_path) -> None:
    soldier = obj("Soldier", 12 * TILE + 8, DECK * TILE, speed=0)
    stage = make_stage(tmp_path, [*BRIDGE.objects(), soldier], RIVER)
    for _ in range(120):
        stage.step(B.NONE)
    (enemy,) = [e for e in stage.entities if e.kind == "Soldier"]
    assert enemy.alive and enemy.hitbox.bottom == DECK * TILE
    assert all(stage.tilemap.cell(c, DECK) == SOLID for c in PIT)


def test_a_player_who_starts_on_it_stands_on_it(tmp_path) -> None:
    # Objects listed before the bridge step before it writes its tiles: they must not
    # sink into the deck in that first step and fall through it afterwards.
    rows = list(RIVER)
    rows[7] = "." * 12 + "P" + "." * 17
    stage = make_stage(tmp_path, BRIDGE.objects(fuse=2.0), rows)
    for _ in range(60):
        stage.step(B.NONE)
    assert stage.player.alive and stage.player.hitbox.bottom == DECK * TILE


def test_check_names_a_mistyped_fuse(tmp_path) -> None:
    path = write_map(tmp_path, RIVER, extra_objects="".join(BRIDGE.objects(fuse="soon")))
    lines = check_file(path)
    assert lines and all("property 'fuse' should be a number" in line for line in lines)
    assert all(line.startswith(str(path)) for line in lines)
    path = write_map(tmp_path, RIVER, extra_objects="".join(BRIDGE.objects()[:1]))
    assert check_file(path) == []


@pytest.mark.parametrize("lit", [False, True])
def test_it_draws_its_standing_segments(over_pit, lit: bool) -> None:
    stage = over_pit(BRIDGE)
    stage.step(B.NONE)
    bridges = [e for e in stage.entities if isinstance(e, Bridge)]
    if lit:
        bridges[0].start(0, 60)
        stage.step(B.NONE)
    surface = pygame.Surface((480, 270), pygame.SRCALPHA)
    art = Art()
    for bridge in bridges:
        bridge.draw(surface, (0.0, 0.0), art)
    for c in PIT:
        cell = surface.subsurface((c * TILE, DECK * TILE, TILE, TILE))
        assert pygame.mask.from_surface(cell).count() > TILE * TILE // 2
    sheet = art.sheet("bridge", TILE, TILE)[0]
    shown = surface.subsurface((PIT[0] * TILE, DECK * TILE, TILE, TILE))
    drawn = pygame.image.tobytes(shown, "RGBA")
    plain = pygame.image.tobytes(sheet[0], "RGBA")
    assert (drawn != plain) == lit  # a lit segment shows its charge
