"""The sounds a recorded run asks for, step by step: what a player would hear.

`play_hearing(path)` replays a run and lists, for each step that asks for any, the
step's number and its sound names in the order they were asked for. The files in
tests/feedback/heard/ hold that list for every shipped replay, so a change to how
sounds are requested (events, the Feedback layer) is checked against what was heard
before. After a deliberate change to the sounds, store the new lists with

    .venv/bin/python tests/sounds_heard.py
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
REPLAYS = ROOT / "tests" / "replays"
HEARD = ROOT / "tests" / "feedback" / "heard"
UPDATE = "`.venv/bin/python tests/sounds_heard.py` stores the new ones"


def shipped_replays() -> list[Path]:
    """The regression replays and the finishing runs (which reach every boss)."""
    return sorted(REPLAYS.glob("*.replay")) + sorted((REPLAYS / "complete").glob("*.replay"))


def heard_file(replay: Path) -> Path:
    """Where the sounds of this replay are stored."""
    prefix = "complete-" if replay.parent.name == "complete" else ""
    return HEARD / f"{prefix}{replay.stem}.txt"


def play_hearing(path: Path) -> tuple[Any, list[str]]:
    """Play a replay to its end: the stage, and one line per step that asks for
    sounds ("step sound sound ...")."""
    from gunner.maps import load_level
    from gunner.replay import Replay
    from gunner.stage import Stage

    replay = Replay.load(path)
    stage = Stage(
        load_level(replay.level_path, images=False),
        seed=replay.seed,
        players=replay.players,
        leash=replay.leash,
    )
    stage.assists = replay.assists
    source = replay.source()
    lines = []
    for step in range(len(replay.masks)):
        stage.step(source.next_all())
        if stage.events:
            lines.append(" ".join([str(step), *stage.events]))
            stage.events.clear()
    return stage, lines


def main() -> None:
    HEARD.mkdir(exist_ok=True)
    for path in shipped_replays():
        out = heard_file(path)
        out.write_text("\n".join(play_hearing(path)[1]) + "\n")
        print(f"{out.relative_to(ROOT)}: written")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
