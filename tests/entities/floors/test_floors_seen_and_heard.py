"""What a player sees and hears of a floor giving way, and how a bridge's fire spreads
when he moves on it: a crumbling block puffs dust and cracks audibly under him, then
drops in a spray of debris; a bridge segment blows in a fireball that shakes the
screen; the fire runs along touching Bridge objects only."""

from __future__ import annotations

from typing import Any

import pytest

from ascii_maps import CellRun, make_stage, obj
from gunner.config import TILE
from gunner.entities.bridge import SHAKE, Bridge
from gunner.entities.crumble_floor import CrumbleFloor
from gunner.events import CRACKED, EXPLODED, GAVE_WAY
from gunner.input import Buttons as B
from gunner.stage import Stage
from gunner.tilemap import EMPTY, SOLID

FLOOR = CellRun("CrumbleFloor", range(8, 16))
BRIDGE = CellRun("Bridge", range(8, 18))
ROW = 8


class Seen:
    """What the stage was asked to show and play, step by step."""

    def __init__(self, stage: Stage, monkeypatch: pytest.MonkeyPatch) -> None:
        self.events: list[tuple[str, Any]] = []
        self.debris: list[tuple[float, float, int]] = []
        self.shakes: list[float] = []
        for event in (CRACKED, GAVE_WAY, EXPLODED):
            stage.subscribe(event, lambda source, _e=event, **_: self.events.append((_e, source)))
        monkeypatch.setattr(
            stage.particles, "debris", lambda x, y, count=6: self.debris.append((x, y, count))
        )
        shake = stage.shake
        monkeypatch.setattr(stage, "shake", lambda t: (self.shakes.append(t), shake(t)))
        self.stage = stage

    def effects(self, name: str) -> list[tuple[float, float, float]]:
        return [(e.x, e.y, e.size) for e in self.stage.effects if e.name == name]


def dropped_on(tmp_path, objects: list[str], col: int, pit: CellRun = BRIDGE) -> Stage:  # noqa: ANN001
    """The player dropped from the sky onto the cell `col` of a run over `pit`'s pit."""
    rows = pit.pit()
    rows[7] = rows[0]  # no spawn on the bank
    rows[4] = "." * col + "P" + "." * (29 - col)
    return make_stage(tmp_path, objects, rows)


def test_a_crumbling_block_puffs_dust_and_cracks_under_him_then_drops_in_debris(
    tmp_path, monkeypatch
) -> None:
    stage = make_stage(tmp_path, FLOOR.objects(), FLOOR.pit())  # he walks on from the bank
    seen = Seen(stage, monkeypatch)
    while not seen.events:
        before = len(seen.effects("dust"))
        stage.step(B.RIGHT)
    (block,) = [e for e in stage.entities if isinstance(e, CrumbleFloor) and e.cells == [(8, ROW)]]
    assert seen.events == [(CRACKED, block)]  # the first block he stepped on
    assert [(x, y) for x, y, _ in seen.effects("dust")[before:]] == [(8.5 * TILE, ROW * TILE)]
    assert seen.debris == []
    while stage.tilemap.cell(8, ROW) != EMPTY:
        stage.step(B.NONE)
    assert (GAVE_WAY, block) in seen.events
    assert (8.5 * TILE, (ROW + 0.5) * TILE, 8) in seen.debris  # from its middle
    assert (8.5 * TILE, (ROW + 1) * TILE) in [(x, y) for x, y, _ in seen.effects("dust")]


def test_a_slower_crumbling_floor_holds_for_its_own_delay(tmp_path) -> None:
    stage = dropped_on(tmp_path, FLOOR.objects(delay=1.0), 12, FLOOR)
    while not stage.player.on_ground:
        stage.step(B.NONE)
    steps = 0
    while stage.tilemap.cell(12, ROW) == SOLID:
        stage.step(B.NONE)
        steps += 1
    assert abs(steps - 60) <= 1  # a second, not the default half


def test_a_bridge_segment_blows_in_a_fireball_that_shakes_the_screen(tmp_path, monkeypatch) -> None:
    stage = dropped_on(tmp_path, BRIDGE.objects(), 12)
    seen = Seen(stage, monkeypatch)
    bridge = next(e for e in stage.entities if isinstance(e, Bridge) and e.cells == [(12, ROW)])
    stage.step(B.NONE)  # its first step writes its cells into the tile map
    while stage.tilemap.cell(12, ROW) == SOLID:
        stage.step(B.NONE)
    assert seen.events == [(EXPLODED, bridge)]
    assert seen.effects("explosion") == [(12.5 * TILE, (ROW + 0.5) * TILE, 2 * TILE)]
    assert (12.5 * TILE, ROW * TILE, 5) in seen.debris  # thrown up from its deck
    assert seen.shakes == [SHAKE]


@pytest.mark.parametrize("way", [B.LEFT, B.RIGHT])
def test_walking_on_a_burning_bridge_lights_nothing_more(tmp_path, way) -> None:
    """He lands on segment 12 and runs on: every segment of every touching Bridge object
    was lit by his landing, so the blasts still run outward from 12, one fuse apart,
    not from the segments he runs over."""
    stage = dropped_on(tmp_path, BRIDGE.objects(), 12)
    while not stage.player.on_ground:
        stage.step(B.NONE)
    times = BRIDGE.emptied(stage, way, 6.0)
    side = -1 if way == B.LEFT else 1
    run = range(12, BRIDGE.cols[0] - 1, -1) if side < 0 else range(12, BRIDGE.cols[-1] + 1)
    gaps = [times[b] - times[a] for a, b in zip(run, run[1:], strict=False)]
    assert set(gaps) <= {23, 24}, gaps


def test_a_bridges_fire_stops_at_a_crumbling_floor_beside_it(tmp_path) -> None:
    bridge = CellRun("Bridge", range(8, 13)).objects()
    crumbling = CellRun("CrumbleFloor", range(13, 18)).objects()
    stage = dropped_on(tmp_path, bridge + crumbling, 10)
    BRIDGE.emptied(stage, B.NONE, 3.0)
    assert all(stage.tilemap.cell(c, ROW) == EMPTY for c in range(8, 13))
    assert all(stage.tilemap.cell(c, ROW) == SOLID for c in range(13, 18))
    assert all(not any(e.left) for e in stage.entities if isinstance(e, CrumbleFloor))


def test_a_bridge_drawn_over_a_tile_of_the_map_is_not_lit_through_that_tile(tmp_path) -> None:
    """Bridge objects either side of one of the map's own tiles are two bridges: the
    second is drawn over the tile (which stays the map's), and the fire does not cross."""
    rows = BRIDGE.pit()
    rows[7] = rows[0]
    rows[4] = "." * 8 + "P" + "." * 21  # he drops onto the first bridge
    rows[ROW] = rows[ROW][:10] + "#" + rows[ROW][11:]
    first = obj("Bridge", 8 * TILE, ROW * TILE, 2 * TILE, TILE)
    second = obj("Bridge", 10 * TILE, ROW * TILE, 4 * TILE, TILE)
    stage = make_stage(tmp_path, [first, second], rows)
    BRIDGE.emptied(stage, B.NONE, 3.0)
    assert [stage.tilemap.cell(c, ROW) for c in range(8, 14)] == [EMPTY] * 2 + [SOLID] * 4
