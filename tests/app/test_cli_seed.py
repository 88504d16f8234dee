"""The command line refuses a seed a replay could not store, before any play."""

from __future__ import annotations

import pytest

from gunner.__main__ import main


@pytest.mark.parametrize("seed", ["-1", "x", "1.5"])
def test_a_seed_that_is_not_a_whole_number_from_0_is_refused_up_front(seed, capsys, tmp_path):
    out = tmp_path / "run.replay"
    with pytest.raises(SystemExit) as exit:
        main(["--headless", "--frames", "5", "--seed", seed, "--record", str(out)])
    assert exit.value.code == 2
    err = capsys.readouterr().err
    assert "--seed" in err and seed in err
    assert not out.exists()


def test_a_damaged_replay_gets_the_damaged_status_from_the_game_too(tmp_path, capsys):
    from gunner.replay import EXIT_DAMAGED

    bad = tmp_path / "bad.replay"
    bad.write_text('{"format": 1, "game": "gunner", "seed": -7}')
    assert main(["--headless", "--replay", str(bad)]) == EXIT_DAMAGED
    assert "damaged" in capsys.readouterr().err
