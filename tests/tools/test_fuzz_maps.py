"""`make fuzz` (tools/fuzz_maps.py): its mutants reach the cases that have broken maps
(the tileset, deep groups, stacked layers, hostile points, gids, schema properties),
and it counts a --check/play disagreement as a failure."""

from __future__ import annotations

import importlib.util
import random
import re
import sys

import pytest

from checkout import ROOT
from gunner import objects


@pytest.fixture(scope="module")
def fuzz():
    spec = importlib.util.spec_from_file_location("fuzz_maps", ROOT / "tools" / "fuzz_maps.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["fuzz_maps"] = module
    spec.loader.exec_module(module)
    yield module
    del sys.modules["fuzz_maps"]


LEVEL = (ROOT / "levels" / "level1.tmx").read_text(encoding="utf-8")
TILES = (ROOT / "assets" / "tiles.tsx").read_text(encoding="utf-8")


def mutants(fuzz, count=400):
    return [fuzz.mutate(LEVEL, random.Random(seed)) for seed in range(count)]


def test_a_seed_makes_the_same_mutant_every_time(fuzz):
    assert fuzz.mutate(LEVEL, random.Random(77)) == fuzz.mutate(LEVEL, random.Random(77))
    assert fuzz.mutate(LEVEL, random.Random(77)) != fuzz.mutate(LEVEL, random.Random(78))


def test_mutants_nest_groups_deep_and_stack_layers(fuzz):
    made = mutants(fuzz)
    depths = [len(re.findall(r"<group id=\"8\d+\"", text)) for text in made]
    assert max(depths) >= 999
    assert max(text.count("<layer ") for text in made) >= 30


def test_mutants_put_hostile_and_overlong_points_into_polygons_and_paths(fuzz):
    made = mutants(fuzz)
    points = [p for text in made for p in re.findall(r'<poly(?:gon|line) points="([^"]*)"', text)]
    assert any(re.search(r"(nan|inf|1e30)", p) for p in points)
    assert any(len(p.split()) > 1000 for p in points)


def test_mutants_change_the_first_gid_and_layer_gids(fuzz):
    made = mutants(fuzz)
    firstgids = {m for text in made for m in re.findall(r'<tileset firstgid="([^"]*)"', text)}
    assert {"2147483648", "4294967295"} & firstgids


def test_the_tileset_is_mutated_too(fuzz):
    made = [fuzz.mutate_tileset(TILES, random.Random(seed)) for seed in range(200)]
    assert any(re.search(r'tilecount="(?!32")', text) for text in made)
    assert any("<image source=" in text.split("</image>", 1)[-1] for text in made)


def test_properties_are_drawn_from_the_schema_so_a_new_class_is_fuzzed_unasked(fuzz, monkeypatch):
    toy = objects.ObjectClass(
        shape="point", color="#ffffff", doc="a toy", props={"wobble": objects.Prop("int", 3)}
    )
    monkeypatch.setitem(fuzz.SCHEMA, "Toy", toy)
    rng = random.Random(5)
    blocks = [fuzz.schema_property(rng, "Toy")[0] for _ in range(100)]
    assert any('name="wobble" type="int"' in block for block in blocks)
    drawn = {fuzz.schema_property(rng)[1] for _ in range(2000)}
    assert drawn == set(fuzz.SCHEMA)


def test_the_help_ends_its_sentences_and_jobs_is_accepted(fuzz, capsys):
    with pytest.raises(SystemExit) as exit:
        fuzz.main(["--help"])
    assert exit.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    description = text.split("options:")[0]
    assert description.rstrip().endswith(".")
    assert "--jobs" in text


def test_a_map_check_calls_ok_but_play_refuses_is_a_failure(fuzz, tmp_path, monkeypatch):
    """Seed the child with a map that --check passes and loading refuses: the fuzzer
    must call it a disagreement, not a clean refusal."""
    import gunner.level

    target = fuzz.make_mutant(3, tmp_path / "m3")
    real = gunner.level.load_level

    def refuse(path, *args, **kwargs):
        raise gunner.level.LevelError(path, "refused by the test")

    class Box:
        def put(self, item):
            self.item = item

    box = Box()
    monkeypatch.setattr(gunner.level, "load_level", refuse)
    monkeypatch.setattr("gunner.check.run", lambda paths, out=None: 0)
    import resource

    limit = resource.getrlimit(resource.RLIMIT_CPU)
    fuzz._child(str(target), 1, box)
    assert box.item[0] == "disagree", box.item
    # The CPU limit is the fuzzer's child process's, never the caller's: set in this
    # process, it killed the test worker that ran this file some 30 s of CPU later.
    assert resource.getrlimit(resource.RLIMIT_CPU) == limit
    monkeypatch.setattr("gunner.check.run", lambda paths, out=None: 1)
    fuzz._child(str(target), 1, box)
    assert box.item[0] == "refused"
    monkeypatch.setattr(gunner.level, "load_level", real)
