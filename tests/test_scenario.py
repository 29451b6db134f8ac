"""Scenario files: typed validation with errors that name the file, the field path and the problem."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hexlab
from hexlab.engine import ScenarioError
from hexlab.hexes import Hex
from hexlab.scenario import read, read_text

MEADOW = Path(__file__).parent / "scenarios" / "skirmish" / "meadow.toml"
GOOD = MEADOW.read_text(encoding="utf-8")


def problems(text: str | bytes) -> str:
    with pytest.raises(ScenarioError) as caught:
        read_text(text, "skirmish/broken", "broken.toml")
    message = str(caught.value)
    assert all(line.startswith("broken.toml") for line in message.splitlines()), message
    assert "Traceback" not in message
    return message


def test_a_good_scenario_builds_the_board_units_and_features():
    s = read(MEADOW)
    assert s.id == "skirmish/meadow" and s.ruleset.id == "skirmish"
    b = s.board
    assert len(b.terrain) == 48
    assert b.terrain[b.parse("3,2")] == "woods" and b.terrain[b.parse("0,0")] == "clear"
    assert b.hexside(b.parse("2,1"), b.parse("3,1")) == "wall"
    assert b.hexside(b.parse("3,1"), b.parse("2,1")) == "wall"
    assert b.hexside(b.parse("3,1"), b.parse("4,1")) is None
    assert b.parse("0,0") in b.regions["west"] and b.parse("7,5") in b.regions["east"]
    assert (b.parse("4,3"), "objective") in s.features
    assert [u.id for u in s.units] == ["R1", "R2", "R3", "B1", "B2", "B3"]
    assert s.units[4].strength == 1 and s.units[4].max_strength == 2
    assert s.options.turns == 6


def test_an_area_map_places_units_in_its_boxes():
    game = hexlab.load("boxes/islands", seed=1)
    assert game.board.kind == "area"
    assert set(game.board.areas) == {"west", "east", "reef"}
    assert game.board.areas["west"].anchor == game.board.labels.parse("2/2")
    assert game.board.label("reef") == "The Reef"
    assert {u.at for u in game.state.units.values()} == {"west", "east"}


def test_scenarios_lists_ids_rulesets_and_titles():
    found = {s["id"]: s for s in hexlab.scenarios()}
    assert found["skirmish/meadow"]["ruleset"] == "skirmish"
    assert found["skirmish/meadow"]["title"] == "Skirmish at the meadow (test)"
    assert found["boxes/islands"]["ruleset"] == "boxes"


def test_load_by_id_or_path_with_a_seed():
    a = hexlab.load("skirmish/meadow", seed=5)
    b = hexlab.load(str(MEADOW), seed=5)
    assert a.state == b.state and a.seed == 5
    c = hexlab.load("skirmish/meadow")
    assert isinstance(c.seed, int)


@pytest.mark.parametrize(("text", "expected"), [
    ("", "file is empty"),
    ("   \n\n", "file is empty"),
    ("[scenario\nruleset=", "not valid TOML"),
    ("x = 1", "scenario: missing (required)"),
    (GOOD.replace("width = 8", 'width = "eight"'), "board.width: Input should be a valid integer"),
    (GOOD.replace("width = 8", "width = -3"), "board.width"),
    (GOOD.replace('ruleset = "skirmish"', 'ruleset = "chess"'), "scenario.ruleset: unknown ruleset 'chess'"),
    (GOOD.replace('type = "woods"', 'type = "lava"'), "board.terrain[0].type: unknown terrain 'lava'"),
    (GOOD.replace('type = "scout"\nat = "0,4"', 'type = "tank"\nat = "0,4"'), "unit[2].type: unknown unit type 'tank'"),
    (GOOD.replace('at = "1,1"', 'at = "14,3"'), "unit[0].at: hex '14,3' is off the map (8x6)"),
    (GOOD.replace('at = "1,1"', 'at = "one,one"'), "unit[0].at"),
    (GOOD.replace('hexes = ["3,2", "4,2", "3,3"]', 'hexes = ["3,2", "4,9"]'), "board.terrain[0].hexes[1]"),
    (GOOD.replace('["2,1", "3,1"]', '["2,1", "5,1"]'), "board.hexside[0].between[0]: 2,1 and 5,1 are not neighbours"),
    (GOOD.replace('["2,1", "3,1"]', '["2,1"]'), "board.hexside[0].between[0]"),
    (GOOD.replace("strength = 1", "strength = 5"), "unit[4].strength: must be between 1 and 2"),
    (GOOD.replace('id = "B1"', 'id = "R1"'), "unit[3].id: unit id 'R1' is used twice"),
    (GOOD.replace('first = "Red"', 'first = "Green"'), "scenario.first"),
    (GOOD.replace('side = "Blue"\ntype = "squad"\nat = "5,1"', 'side = "Green"\ntype = "squad"\nat = "5,1"'),
     "unit[3].side"),
    (GOOD.replace("turns = 6", "turns = 0"), "rules.turns"),
    (GOOD.replace("turns = 6", "tunrs = 6"), "rules.tunrs: unknown field"),
    (GOOD.replace("default_terrain", "defualt_terrain"), "board.defualt_terrain: unknown field"),
    (GOOD.replace('at = "5,1"', 'at = "1,1"'), "unit[3].at: hex already holds R1"),
    (GOOD.replace('sides = ["Red", "Blue"]', 'sides = ["Red", "Red"]'), "scenario.sides"),
    (GOOD.replace("columns = [0, 3]", "columns = [3, 99]"), "board.region[0].columns"),
])
def test_malformed_scenarios_name_file_field_and_problem(text, expected):
    assert expected in problems(text)


def test_every_problem_is_reported_at_once():
    text = GOOD.replace('type = "woods"', 'type = "lava"').replace('at = "1,1"', 'at = "40,40"')
    message = problems(text)
    assert "board.terrain[0].type" in message and "unit[0].at" in message


def test_wrong_encoding_and_binary_files():
    assert "not UTF-8" in problems(GOOD.encode("utf-16"))
    assert "not UTF-8" in problems(b"\xff\xfe\x00garbage")
    # a UTF-8 byte-order mark is fine
    read_text(b"\xef\xbb\xbf" + GOOD.encode(), "skirmish/meadow", "bom.toml")


def test_a_missing_file_or_unknown_id():
    with pytest.raises(ScenarioError, match="no such file"):
        read("nowhere/missing.toml")
    with pytest.raises(ScenarioError, match="no scenario with this id"):
        hexlab.load("skirmish/nonesuch")
    with pytest.raises(ScenarioError, match="etc/passwd: not valid TOML"):
        hexlab.load("/etc/passwd")  # a path is read as a scenario file, and refused as one


def test_nothing_in_a_file_is_executed(tmp_path):
    marker = tmp_path / "pwned"
    evil = GOOD.replace('title = "Skirmish at the meadow (test)"',
                        f'title = "__import__(\'os\').system(\'touch {marker}\')"')
    s = read_text(evil, "skirmish/evil", "evil.toml")
    assert s.title.startswith("__import__")
    assert not marker.exists()
    assert "ruleset" in problems(GOOD.replace('ruleset = "skirmish"', 'ruleset = "os.path"'))


def test_scenarios_lists_a_broken_file_with_its_error_instead_of_failing(tmp_path, monkeypatch):
    from hexlab import scenario as scenario_module

    (tmp_path / "skirmish").mkdir()
    (tmp_path / "skirmish" / "bad.toml").write_text("this is not toml =", encoding="utf-8")
    monkeypatch.setattr(scenario_module, "SCENARIO_DIRS", [tmp_path])
    [entry] = hexlab.scenarios()
    assert entry["id"] == "skirmish/bad" and "not valid TOML" in entry["error"]


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_any_mangled_scenario_gives_a_scenario_error_or_loads(data):
    """Cut, splice or corrupt a good file: hexlab.load either loads it or raises ScenarioError."""
    text = GOOD
    for _ in range(data.draw(st.integers(1, 3))):
        op = data.draw(st.sampled_from(["cut", "insert", "replace"]))
        i = data.draw(st.integers(0, len(text)))
        if op == "cut":
            j = data.draw(st.integers(i, min(len(text), i + 40)))
            text = text[:i] + text[j:]
        else:
            piece = data.draw(st.text(alphabet=string.printable + "é\x00[]{}=\"'", max_size=12))
            text = text[:i] + piece + text[i + (len(piece) if op == "replace" else 0):]
    raw = text.encode("utf-8", errors="surrogatepass") if data.draw(st.booleans()) else text
    try:
        s = read_text(raw, "skirmish/fuzz", "fuzz.toml")
    except ScenarioError as exc:
        assert str(exc).startswith("fuzz.toml")
    else:
        assert all(u.at is None or u.at in s.board.terrain for u in s.units)
        s.new_game(seed=1)


@given(st.binary(max_size=200))
@settings(max_examples=100, deadline=None)
def test_any_bytes_give_a_scenario_error(blob):
    with pytest.raises(ScenarioError):
        read_text(blob, "skirmish/bytes", "bytes.toml")


def test_hex_labels_follow_the_board_notation():
    s = read(MEADOW)
    assert s.board.label(Hex(0, 0)) == "0,0"
    assert s.board.label(None) == "off map"
    with pytest.raises(ValueError, match="off the map"):
        s.board.parse("9,9")


def test_a_scenarios_notes_show_its_history_teacher_notes_and_our_values():
    from hexlab.scenario import read

    notes = read("cactus/guadalcanal").notes()
    assert notes.startswith("### Guadalcanal") and "**The history.**" in notes and "**For the teacher.**" in notes
    assert "Our values, not the published game's" in notes and "\n- 5 turns of 10 hours" in notes


def test_only_a_regular_file_is_read_as_a_scenario(tmp_path):
    (tmp_path / "folder.toml").mkdir()
    with pytest.raises(ScenarioError, match=r"folder\.toml: not a regular file \(it is a folder\)"):
        read(tmp_path / "folder.toml")
    (tmp_path / "link.toml").symlink_to(MEADOW)  # a link to a scenario file is read as that file
    assert read(tmp_path / "link.toml").title == "Skirmish at the meadow (test)"
