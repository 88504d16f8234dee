"""The collapsing floor: a block cracks under the player and falls away `delay` seconds
later, for good; a player who keeps moving crosses, one who stands still drops."""

from __future__ import annotations

import pygame

from ascii_maps import CellRun, make_stage, write_map
from gunner.assets import Art
from gunner.check import check_file
from gunner.config import TILE
from gunner.entities.crumble_floor import CrumbleFloor
from gunner.input import Buttons as B
from gunner.tilemap import EMPTY, SOLID

# A crumbling span eight blocks wide (columns 8-15) over a bottomless pit, at row 8.
FLOOR = CellRun("CrumbleFloor", range(8, 16))
SPAN, ROW = FLOOR.cols, FLOOR.row
PIT = FLOOR.pit()
SKY = PIT[0]


def test_blocks_nobody_stands_on_hold(over_pit) -> None:
    stage = over_pit(FLOOR)
    assert FLOOR.emptied(stage, B.NONE, 3.0) == {}
    assert all(stage.tilemap.cell(c, ROW) == SOLID for c in SPAN)


def test_a_player_who_keeps_moving_crosses_and_the_floor_falls_behind_him(over_pit) -> None:
    stage = over_pit(FLOOR)
    lives = stage.player.lives
    times = FLOOR.emptied(stage, B.RIGHT, 3.0)
    player = stage.player
    assert player.alive and player.lives == lives
    assert player.hitbox.left > SPAN[-1] * TILE + TILE and player.on_ground
    order = [times[c] for c in SPAN]
    assert order == sorted(order)  # each went as he passed over it, in his wake
    assert all(stage.tilemap.cell(c, ROW) == EMPTY for c in SPAN)  # gone for good


def test_a_player_who_stands_still_drops_with_his_block(over_pit) -> None:
    stage = over_pit(FLOOR)
    lives = stage.player.lives
    while stage.player.hitbox.left < 10 * TILE + 2:  # well onto the span, then he stops
        stage.step(B.RIGHT)
    for _ in range(12):  # he comes to a halt
        stage.step(B.NONE)
    under = int(stage.player.hitbox.centerx // TILE)
    floor = [e for e in stage.entities if isinstance(e, CrumbleFloor)]
    block = next(f for f in floor if f.cells == [(under, ROW)])
    assert block.left[0] > 0  # it is cracking under him
    while block.left[0] > 1:
        stage.step(B.NONE)
        assert stage.player.on_ground  # it holds until its time is up
    for _ in range(120):
        stage.step(B.NONE)
        if not stage.player.alive:
            break
    assert stage.player.lives == lives - 1


def test_it_falls_half_a_second_after_he_steps_on_it(tmp_path) -> None:
    rows = list(PIT)
    rows[7] = SKY
    rows[4] = "." * 12 + "P" + "." * 17  # he drops onto block 12 and stands
    stage = make_stage(tmp_path, FLOOR.objects(), rows)
    landed = None
    times: dict[int, int] = {}
    for step in range(120):
        stage.step(B.NONE)
        if landed is None and stage.player.on_ground:
            landed = step
        if stage.tilemap.cell(12, ROW) == EMPTY and 12 not in times:
            times[12] = step
    assert landed is not None and 12 in times
    assert abs((times[12] - landed) - 30) <= 1


def test_cracks_show_more_and_more_as_its_time_runs_out(over_pit) -> None:
    stage = over_pit(FLOOR, [12], delay=1.0)
    stage.step(B.NONE)
    (block,) = [e for e in stage.entities if isinstance(e, CrumbleFloor)]
    art = Art()
    seen = []
    block.start(0, 60)
    for _ in range(59):
        surface = pygame.Surface((480, 270), pygame.SRCALPHA)
        block.draw(surface, (0.0, 0.0), art)
        image = surface.subsurface((11 * TILE, ROW * TILE, 3 * TILE, TILE))
        key = pygame.image.tobytes(image, "RGBA")
        if not seen or seen[-1] != key:
            seen.append(key)
        stage.step(B.NONE)
    assert len({*seen}) >= 4  # whole, then three stages of cracking (and a tremble)
    assert block.frame(0) == 3
    stage.step(B.NONE)
    surface = pygame.Surface((480, 270), pygame.SRCALPHA)
    block.draw(surface, (0.0, 0.0), art)
    assert pygame.mask.from_surface(surface).count() == 0  # fallen: nothing left to draw


def test_check_names_a_mistyped_delay(tmp_path) -> None:
    path = write_map(tmp_path, PIT, extra_objects="".join(FLOOR.objects(delay="-1")))
    lines = check_file(path)
    assert lines and all("property 'delay' is '-1'" in line for line in lines)
    path = write_map(tmp_path, PIT, extra_objects="".join(FLOOR.objects()))
    assert check_file(path) == []
