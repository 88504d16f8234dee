"""The map validator (--check), the object schema, and the generated Tiled project."""

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from ascii_maps import write_map
from checkout import ROOT, TESTS
from gunner.check import check_file, run
from gunner.config import LEVELS_DIR
from gunner.level import load_level, read_level
from gunner.objects import SCHEMA, ObjectClass, Prop

SHIPPED = sorted(LEVELS_DIR.glob("*.tmx"))
BROKEN = TESTS / "maps" / "broken"

# A schema with the content issue's doors and keycards, to test the generic rules now.
COLOURS = ("red", "blue", "yellow")
DOORS = {
    "Player": SCHEMA["Player"],
    "Exit": SCHEMA["Exit"],
    "Door": ObjectClass(
        shape="rectangle",
        color="#a0a0a0",
        doc="",
        props={"color": Prop("string", "", allowed=COLOURS, enum="KeyColor", required=True)},
    ),
    "Keycard": ObjectClass(
        shape="point",
        color="#ffd000",
        doc="",
        props={
            "color": Prop(
                "string",
                "",
                allowed=COLOURS,
                enum="KeyColor",
                required=True,
                match=("Door", "color"),
            )
        },
    ),
}


def obj(oid: int, cls: str, x: float, y: float, props: str = "", attr: str = "type", **kw) -> str:
    size = "".join(f' {k}="{v}"' for k, v in kw.items())
    body = f"<properties>{props}</properties>" if props else ""
    return f'<object id="{oid}" name="n{oid}" {attr}="{cls}" x="{x}" y="{y}"{size}>{body}</object>'


def colour(value: str) -> str:
    return f'<property name="color" value="{value}"/>'


def lines(path: Path, schema=None) -> list[str]:
    return check_file(path, schema)


def test_a_good_map_is_ok_and_exits_0(tmp_path):
    path = write_map(tmp_path, ["......", "..P..E", "######"])
    out = io.StringIO()
    assert run([path], out) == 0
    assert out.getvalue() == f"{path}: ok\n"


def test_each_rule_gives_file_where_message(tmp_path):
    extra = "".join(
        [
            obj(20, "Soldier", 40, 16),
            obj(21, "Door", 64, 0, colour(""), width=16, height=32),  # colour cleared
            obj(22, "Door", 80, 0, colour("blue"), width=16, height=32),
            obj(23, "Door", 80, 0, colour("purple"), width=16, height=32),
            obj(24, "Keycard", 24, 32, colour("red")),  # no red door
            obj(25, "Keycard", 24, 32, colour("blue")),  # fine
            obj(26, "Player", 8, 48),  # a second player, inside the floor
            obj(27, "Exit", 0, 0, '<property name="color" type="int" value="3"/>', width=8),
        ]
    )
    path = write_map(tmp_path, ["......", "..P...", "######"], extra_objects=extra)
    found = lines(path, DOORS)
    p = str(path)
    assert found == [
        f"{p}: object 20 'n20' (Soldier): unknown class 'Soldier' "
        "(the game knows Door, Exit, Keycard, Player)",
        f"{p}: object 21 'n21' (Door): property 'color' must be set (one of red, blue, yellow)",
        f"{p}: object 23 'n23' (Door): property 'color' is 'purple', not one of red, blue, yellow",
        f"{p}: object 24 'n24' (Keycard): color 'red' matches no Door in the map "
        "(Door colors here: blue)",  # the purple door has no colour the game can use
        f"{p}: object 26 'n26' (Player): spawn (8, 48) is inside a solid tile",
        f"{p}: map: 2 Player objects (ids 1, 26); at most 1 allowed",
    ]


def test_wrong_property_type_is_reported(tmp_path):
    extra = obj(9, "Door", 64, 0, '<property name="color" type="int" value="3"/>', width=16)
    path = write_map(tmp_path, ["P.....", "######"], extra_objects=extra)
    assert lines(path, DOORS) == [
        f"{path}: object 9 'n9' (Door): property 'color' should be string, not 3"
    ]


def test_missing_player_and_load_errors_use_where_map(tmp_path):
    path = write_map(tmp_path, ["......", "######"])
    assert lines(path) == [f"{path}: map: no Player object; add one to an object layer"]
    broken = BROKEN / "zstd.tmx"
    assert lines(broken) == [
        f"{broken}: map: layer 'ground' uses zstd compression, which the game cannot read; "
        "choose Base64 (zlib) or CSV"
    ]


def gunner(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "gunner", *args], capture_output=True, text=True, timeout=60
    )


def test_exit_codes_0_1_2(tmp_path):
    good = write_map(tmp_path, ["P.E", "###"], name="good.tmx")
    ok = gunner("--check", str(good))
    assert (ok.returncode, ok.stdout, ok.stderr) == (0, f"{good}: ok\n", "")
    bad = gunner("--check", str(good), str(BROKEN / "billion_laughs.tmx"), str(tmp_path / "no.tmx"))
    assert bad.returncode == 1 and bad.stderr == ""
    assert bad.stdout.splitlines() == [
        f"{good}: ok",
        f"{BROKEN / 'billion_laughs.tmx'}: map: declares a DOCTYPE; maps must not declare DTDs "
        "or entities",
        f"{tmp_path / 'no.tmx'}: map: file not found",
    ]
    usage = gunner("--check")
    assert usage.returncode == 2 and "Traceback" not in usage.stderr
    assert run([], io.StringIO()) == 2


def test_a_long_report_stops_after_20_problems_and_says_how_many_more(tmp_path):
    # 30 objects of a class the game does not know: 30 problems, 20 shown.
    extra = "".join(obj(100 + i, "Ghost", 8 * i, 0) for i in range(30))
    path = write_map(tmp_path, ["P.....", "######"], extra_objects=extra)
    every = check_file(path)
    assert len(every) == 30
    out = io.StringIO()
    assert run([path], out) == 1
    assert out.getvalue().splitlines() == [*every[:20], f"{path}: ... and 10 more problems"]
    # Twenty problems or fewer: printed in full, no tail line.
    few = write_map(
        tmp_path, ["P.....", "######"], "few.tmx", extra_objects=extra[: len(extra) // 3]
    )
    out = io.StringIO()
    assert run([few], out) == 1
    assert out.getvalue().splitlines() == check_file(few)


def test_a_class_name_of_megabytes_is_reported_in_a_short_line(tmp_path):
    huge = "Q" * 1_000_000
    path = write_map(tmp_path, ["P.....", "######"], extra_objects=obj(100, huge, 8, 0))
    out = io.StringIO()
    assert run([path], out) == 1
    (line,) = out.getvalue().splitlines()
    assert line.startswith(f"{path}: object 100 'n100' (QQQQ")
    assert "unknown class 'QQQQ" in line and "the game knows" in line
    assert len(line) <= 1400  # the file, where (40 characters of class) and 600 of cause


def test_the_whole_broken_corpus_checks_without_a_traceback():
    run_ = gunner("--check", *map(str, sorted(BROKEN.glob("*.tmx"))))
    assert run_.returncode == 1 and run_.stderr == ""
    assert len(run_.stdout.splitlines()) == len(list(BROKEN.glob("*.tmx")))


@pytest.mark.parametrize("level", SHIPPED, ids=lambda p: p.name)
def test_every_shipped_level_passes_check(level):
    assert check_file(level) == []


def test_missing_defaults_come_from_the_schema(tmp_path, monkeypatch):
    # Tiled leaves out properties that still hold their class default.
    monkeypatch.setitem(
        SCHEMA, "Exit", ObjectClass("rectangle", "#00ff00", "", {"next": Prop("string", "x")})
    )
    path = write_map(tmp_path, ["P.E", "###"])
    (exit_,) = read_level(path, images=False).spawns_of("Exit")
    assert exit_.props == {"next": "x"}


# -- Tiled versions --------------------------------------------------------------------


def test_class_and_type_attributes_load_identically(tmp_path):
    rows = ["......", "......", "######"]
    objects = [("Player", 24, 32, ""), ("Exit", 64, 0, ' width="16" height="32"')]

    def saved_by(version: str, attr: str) -> Path:
        d = tmp_path / version
        d.mkdir()
        path = write_map(d, rows)
        text = path.read_text().replace(
            'version="1.8" tiledversion="1.8.2"', f'version="{version}"'
        )
        body = "".join(
            f'<object id="{i}" name="o{i}" {attr}="{c}" x="{x}" y="{y}"{s}/>'
            for i, (c, x, y, s) in enumerate(objects, 1)
        )
        path.write_text(text.replace("</objectgroup>", body + "</objectgroup>"))
        return path

    v19 = load_level(saved_by("1.9", "class"), images=False)  # Tiled 1.9 writes class=
    v110 = load_level(saved_by("1.10", "type"), images=False)  # 1.8 and 1.10+ write type=
    assert [(s.cls, s.x, s.y, s.w, s.h) for s in v19.spawns] == [
        ("Player", 24, 32, 0, 0),
        ("Exit", 64, 0, 16, 32),
    ]
    assert [(s.cls, s.x, s.y, s.w, s.h, s.props) for s in v19.spawns] == [
        (s.cls, s.x, s.y, s.w, s.h, s.props) for s in v110.spawns
    ]
    assert np.array_equal(v19.solid, v110.solid)


@pytest.mark.skipif(shutil.which("tiled") is None, reason="Tiled is not installed")
@pytest.mark.parametrize("level", SHIPPED, ids=lambda p: p.name)
def test_a_level_resaved_by_tiled_loads_the_same(level, tmp_path):
    out = tmp_path / level.name
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_RUNTIME_DIR": str(tmp_path)}
    done = subprocess.run(
        ["tiled", "--export-map", "tmx", str(level), str(out)],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    before, after = load_level(level, images=False), load_level(out, images=False)
    assert np.array_equal(before.solid, after.solid)
    assert [(s.cls, s.x, s.y, s.w, s.h, s.props) for s in before.spawns] == [
        (s.cls, s.x, s.y, s.w, s.h, s.props) for s in after.spawns
    ]
    assert check_file(out) == []


# -- the generated Tiled files -------------------------------------------------------


def test_tiled_project_files_match_the_schema():
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "make_tiled_project.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr


def test_project_lists_every_class_with_its_properties():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_tiled_project as tool
    finally:
        sys.path.remove(str(ROOT / "tools"))
    project = tool.tiled_project(DOORS)
    classes = {t["name"]: t for t in project["propertyTypes"] if t["type"] == "class"}
    assert set(classes) == set(DOORS)
    assert classes["Door"]["members"] == [
        {"name": "color", "type": "string", "propertyType": "KeyColor", "value": ""}
    ]
    (enum,) = [t for t in project["propertyTypes"] if t["type"] == "enum"]
    assert (enum["name"], enum["values"]) == ("KeyColor", list(COLOURS))
    xml = tool.object_types_xml(DOORS)
    assert '<objecttype name="Keycard" color="#ffd000">' in xml
    assert '<property name="color" type="string" default=""/>' in xml


def test_a_door_with_no_colour_attribute_at_all_is_reported(tmp_path):
    # Tiled leaves default values out of saved maps: with the real schema, a door
    # whose colour was never chosen has no property element and must still be caught.
    extra = '<object id="9" type="Door" x="64" y="0" width="16" height="16"/>'
    path = write_map(tmp_path, ["P.......", "########"], extra_objects=extra)
    assert lines(path) == [
        f"{path}: object 9 '' (Door): property 'color' must be set (one of red, blue, yellow)"
    ]
