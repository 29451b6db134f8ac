"""Hostile input (issue 29): every class of bad scenario, save and action is refused at its source with a clean
error naming the file, the field and the problem, in a short message, with the game untouched.

One test per class of failure the issue found (wrongly typed actions, deep nesting, huge numbers, scenarios
that validate but cannot be played, sizes and special files, loose save headers, terminal escapes; the links
planted in ``hexlab lab``'s folder are in ``test_lab.py``), then hypothesis strategies that build structured
hostile documents for both formats and wrongly typed actions.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hexlab
from hexlab import saves
from hexlab import scenario as scenario_module
from hexlab.cli import main
from hexlab.engine import Game, RuleError, SaveError, ScenarioError
from hexlab.engine.codec import hints_of
from hexlab.hexes import Hex
from hexlab.players import players_for
from hexlab.rulesets.memoir44.actions import Move as M44Move
from hexlab.rulesets.memoir44.actions import PlayCard as M44PlayCard
from hexlab.scenario import MAX_FILE_BYTES, read, read_text
from tests.support.toml_text import toml_value

HERE = Path(__file__).resolve().parent
MEADOW = (HERE / "scenarios" / "skirmish" / "meadow.toml").read_text(encoding="utf-8")
M44 = (HERE.parent / "scenarios" / "memoir44" / "drill_basic.toml").read_text(encoding="utf-8")
CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f]")
MESSAGE_LIMIT = 6_000
"""No error message is longer than this, whatever it is about (a screenful)."""


def scenario_problem(text: str | bytes, name: str = "hostile.toml") -> str:
    """The message of the ScenarioError that ``text`` must raise, checked to be clean: it names the file on
    every line, is short, and holds no control character."""
    with pytest.raises(ScenarioError) as caught:
        read_text(text, "skirmish/hostile", name)
    return clean(str(caught.value), name)


def save_problem(text: str | bytes, name: str = "hostile.json") -> str:
    with pytest.raises(SaveError) as caught:
        saves.loads(text, name=name)
    return clean(str(caught.value), name)


def clean(message: str, name: str) -> str:
    assert message.startswith(name), message[:300]
    assert len(message) < MESSAGE_LIMIT, f"{len(message)} characters: {message[:300]}"
    assert not CONTROL.search(message), repr(message[:300])
    return message


def state_bytes(game: Game) -> str:
    return json.dumps(game.state.to_data(), sort_keys=True) + f"|{len(game.log)}|{len(game.history)}"


def m44_scenario(rules: str = "", units: str | None = None, sides: str | None = None) -> str:
    """Memoir '44's basic drill with extra lines in its ``[rules]`` table (and other units or sides)."""
    text = M44.replace("[rules]\n", f"[rules]\n{rules}\n", 1) if rules else M44
    if units is not None:
        text = text[:text.index("[[unit]]")] + units + "\n" + text[text.index("[rules]"):]
    if sides is not None:
        text = re.sub(r"^sides = .*$", f"sides = {sides}", text, count=1, flags=re.M)
    return text


@pytest.fixture(scope="module")
def small_save() -> str:
    """A short Skirmish game's save (a few decisions in)."""
    game = hexlab.load("skirmish/meadow", seed=5)
    for _ in game.run(players_for(game, "random,random"), 12):
        pass
    return saves.dumps(game)


# ------------------------------------------------------------------------------------------- wrongly typed actions


def _cadet_move() -> tuple[Game, Any]:
    game = hexlab.load("cadet/village", seed=1)
    game.play_to_decision()
    move = next(a for a in game.legal_actions() if isinstance(getattr(a, "to", None), Hex))
    return game, move


@pytest.mark.parametrize("batch", [False, True])
def test_a_plain_tuple_where_a_hex_belongs_is_refused_and_the_game_stays_its_own_replay(batch):
    game, move = _cadet_move()
    if batch:
        game.batch_mode()
        list(game.legal_actions())  # in batch mode an action from the listing is not checked again
    before, saved = state_bytes(game), saves.dumps(game)
    bad = dataclasses.replace(move, to=tuple(move.to))
    assert bad == move  # equal as tuples: only the field's type tells them apart
    with pytest.raises(RuleError, match=r"Move\.to must be a Hex, not \(-?\d+, -?\d+\)"):
        game.apply(bad)
    assert state_bytes(game) == before and saves.dumps(game) == saved
    assert not game.is_legal(bad) and "must be a Hex" in str(game.explain(bad))  # asking says the same
    assert list(game.legal_actions())  # and the game goes on
    game.apply(move)
    assert saves.loads(saves.dumps(game)).state == game.state


@pytest.mark.parametrize(("make", "field"), [
    (lambda: M44PlayCard(card=None), "PlayCard.card"),
    (lambda: M44PlayCard(card=["probe"]), "PlayCard.card"),
    (lambda: M44Move(unit="A1", to={"q": 1, "r": 2}), "Move.to"),
    (lambda: M44Move(unit=7, to=Hex(1, 2)), "Move.unit"),
    (lambda: M44Move(unit="A1", to=Hex(1.5, 2)), "Move.to"),
    (lambda: M44Move(unit=None, to=None), "Move.unit"),
])
def test_other_wrongly_typed_actions_are_refused_naming_the_field(make, field):
    game = hexlab.load("memoir44/drill_basic", seed=3)
    game.play_to_decision()
    before = state_bytes(game)
    with pytest.raises(RuleError) as caught:
        game.apply(make())
    assert field in str(caught.value) and len(str(caught.value)) < 300
    assert state_bytes(game) == before


def test_something_that_is_not_an_action_is_refused():
    game = hexlab.load("memoir44/drill_basic", seed=3)
    game.play_to_decision()
    before = state_bytes(game)
    for thing in (None, "PlayCard", {"type": "PlayCard", "card": "x"}, [0] * 1000):
        with pytest.raises(RuleError, match="is not an action"):
            game.apply(thing)
    assert state_bytes(game) == before


# ------------------------------------------------------------------------------------------- structure


@pytest.mark.parametrize("value", [
    "[" * 3000 + "]" * 3000,
    "{a = " * 3000 + "1" + "}" * 3000,
    "[{a = [{b = [" * 500 + "]}]}]" * 500,
])
def test_deep_nesting_in_a_scenario_is_refused_before_it_is_parsed(value):
    message = scenario_problem(MEADOW.replace("[scenario]", f"deep = {value}\n[scenario]", 1))
    assert "nested more than 32 deep" in message and "line 2" in message


def test_a_dotted_key_of_thousands_of_parts_is_refused():
    assert "dotted key" in scenario_problem(".".join(["a"] * 100_000) + " = 1\n" + MEADOW)


@pytest.mark.parametrize("where", ["history", "state"])
def test_deep_nesting_in_a_save_is_refused(small_save, where):
    data = json.loads(small_save)
    text = json.dumps({**data, where: "HOLE"}).replace('"HOLE"', "[" * 5000 + "]" * 5000)
    assert "nested more than 32 deep" in save_problem(text)


def test_a_broken_file_in_the_scenarios_folder_never_breaks_the_listing_or_an_unknown_id(tmp_path, monkeypatch,
                                                                                           capsys):
    (tmp_path / "skirmish").mkdir()
    (tmp_path / "skirmish" / "deep.toml").write_text("x = " + "[" * 5000 + "]" * 5000 + "\n" + MEADOW)
    (tmp_path / "skirmish" / "fine.toml").write_text(MEADOW)
    monkeypatch.setattr(scenario_module, "SCENARIO_DIRS", [tmp_path])
    assert main(["scenarios"]) == 0
    out = capsys.readouterr().out
    assert "skirmish/deep  (cannot load:" in out and "nested more than 32 deep" in out
    assert "skirmish/fine  Skirmish at the meadow" in out
    with pytest.raises(ScenarioError, match=r"known ids: skirmish/deep, skirmish/fine"):
        read("skirmish/nonesuch")


# ------------------------------------------------------------------------------------------- numbers


@pytest.mark.parametrize(("value", "words"), [
    ("9" * 5000, "a number of 5,000 digits"),
    ("-" + "1_0" * 30, "a number of 60 digits"),
    ("0x" + "f" * 5000, "deep: a whole number of more than 40 digits"),
    ("inf", "deep: inf is not a number"),
    ("-nan", "deep: nan is not a number"),
    ("[1, 2, [3, inf]]", "deep[2][1]: inf is not a number"),
])
def test_numbers_too_long_or_not_finite_in_a_scenario_are_refused(value, words):
    assert words in scenario_problem(f"deep = {value}\n{MEADOW}")


@pytest.mark.parametrize(("token", "words"), [
    ("Infinity", "Infinity is not a number"),
    ("-Infinity", "-Infinity is not a number"),
    ("NaN", "NaN is not a number"),
    ("1e999", "too large to hold"),
    ("9" * 5000, "a number of 5,000 digits"),
])
def test_numbers_too_long_or_not_finite_in_a_save_are_refused(small_save, token, words):
    text = small_save.replace('"turn": ', f'"turn": {token}, "was_turn": ', 1)
    assert words in save_problem(text)


# ------------------------------------------------------------------------------------------- valid on paper


@pytest.mark.rule("m44.setup.hand_size")
@pytest.mark.parametrize(("rules", "field", "words"), [
    ("hand_size = 40", "rules.hand_size", "the hands take 80 command cards, but the deck has 60"),
    ('hand_size = { "Allies" = 5, "Axis" = 54 }', "rules.hand_size", "the hands take 59 command cards"),
    ("hand_size = -3", "rules.hand_size", "a hand must hold at least 1 command card, not -3"),
    ('hand_size = { "Allies" = 0 }', "rules.hand_size.Allies", "a hand must hold at least 1 command card, not 0"),
])
def test_a_hand_the_deck_cannot_deal_is_refused_naming_the_field(rules, field, words):
    with pytest.raises(ScenarioError) as caught:
        read_text(m44_scenario(rules), "memoir44/hands", "hands.toml")
    assert f"hands.toml: {field}: {words}" in str(caught.value)


@pytest.mark.rule("m44.victory.medals.target")
@pytest.mark.parametrize(("rules", "field"), [
    ("medals = 0", "rules.medals"), ("medals = -2", "rules.medals"),
    ('medals = { "Axis" = 0 }', "rules.medals.Axis"),
])
def test_a_medal_target_below_one_is_refused(rules, field):
    text = m44_scenario(rules).replace("medals = 4\n", "", 1) if "medals" in rules else m44_scenario(rules)
    with pytest.raises(ScenarioError, match=rf"medals.toml: {re.escape(field)}: a medal target must be at least 1"):
        read_text(text, "memoir44/medals", "medals.toml")


def test_the_largest_hands_the_deck_can_deal_still_play():
    game = read_text(m44_scenario("hand_size = 29"), "memoir44/hands", "hands.toml").new_game(seed=1)
    for _ in game.run(players_for(game, "random,random"), 40):
        pass
    assert all(len(hand) == 29 for hand in list(game.state.hands.values())[:1]) or game.history


def test_a_unit_with_no_place_on_the_map_is_refused():
    units = '[[unit]]\nside = "Allies"\ntype = "infantry"\n'
    with pytest.raises(ScenarioError, match=r"noplace.toml: unit\[0\]\.at: missing: every unit starts on a hex"):
        read_text(m44_scenario(units=units), "memoir44/noplace", "noplace.toml")


@pytest.mark.parametrize("sides", ['["Allies", "Allies "]', '["Allies", "allies"]', '["Allies", " Axis"]',
                                   '["Allies", "All  ies", "all ies"]'])
def test_side_names_that_differ_only_in_spaces_or_capitals_are_refused(sides):
    message = scenario_problem(re.sub(r"^sides = .*$", f"sides = {sides}", MEADOW, count=1, flags=re.M))
    assert "scenario.sides" in message


# ------------------------------------------------------------------------------------------- sizes and special files


def test_a_save_or_scenario_that_is_a_link_to_a_device_is_refused_without_reading(tmp_path):
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    (tmp_path / "game.json").symlink_to("/dev/zero")
    (tmp_path / "scenario.toml").symlink_to("/dev/zero")
    with pytest.raises(SaveError, match="not a regular file"):
        saves.load(tmp_path / "game.json")
    with pytest.raises(ScenarioError, match="not a regular file"):
        read(tmp_path / "scenario.toml")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_is_refused_at_once_not_waited_on(tmp_path):
    os.mkfifo(tmp_path / "game.json")
    os.mkfifo(tmp_path / "pipe.toml")
    with pytest.raises(SaveError, match="it is a pipe"):
        saves.load(tmp_path / "game.json")
    with pytest.raises(ScenarioError, match="it is a pipe"):
        read(tmp_path / "pipe.toml")


def test_the_scenario_size_limit_holds_for_text_and_for_a_scenario_in_a_save(small_save):
    big = MEADOW + "#" * MAX_FILE_BYTES
    assert "too large" in scenario_problem(big)
    assert "too large" in scenario_problem(big.encode())
    data = json.loads(small_save)
    data["scenario"]["source"] = big
    message = save_problem(json.dumps(data))
    assert "(scenario): file is too large" in message


@pytest.mark.parametrize(("change", "field"), [
    (lambda t: t.replace("width = 8", "width = 200").replace("height = 6", "height = 200"), "board:"),
    (lambda t: t + "".join('\n[[unit]]\nside = "Red"\ntype = "squad"\nat = "0,0"\n' for _ in range(401)), "unit:"),
])
def test_a_board_or_army_too_big_to_play_is_refused_with_the_limit(change, field):
    message = scenario_problem(change(MEADOW))
    assert field in message and "at most" in message


def test_an_error_about_a_huge_value_shows_only_an_excerpt(small_save):
    data = json.loads(small_save)
    data["history"].append([0] * 1_000_000)
    message = save_problem(json.dumps(data))
    assert "[0, 0, 0, 0, ...]" in message and len(message) < 500
    many = MEADOW.replace('hexes = ["3,2", "4,2", "3,3"]', "hexes = [" + "1, " * 9_000 + "]")
    message = scenario_problem(many)
    assert "board.terrain[0].hexes[0]" in message and "... and 8,970 more problems" in message
    too_many = MEADOW.replace('hexes = ["3,2", "4,2", "3,3"]', "hexes = [" + '"1,1", ' * 30_000 + "]")
    assert "board.terrain[0].hexes: 30,000 entries (at most 10,000)" in scenario_problem(too_many)
    title = MEADOW.replace("(test)", "x" * 1_500_000)
    assert len(scenario_problem(title.replace('ruleset = "skirmish"', "ruleset = 7"))) < 1000


# ------------------------------------------------------------------------------------------- loose headers


@pytest.mark.parametrize(("mangle", "words"), [
    (lambda d: {**d, "version": True}, "version: saves of version True can't be read"),
    (lambda d: {**d, "version": 4.0}, "version: saves of version 4.0"),
    (lambda d: {**d, "seed": True}, "seed: missing or not a whole number (got True)"),
    (lambda d: {**d, "seed": 5.0}, "seed: missing or not a whole number"),
    (lambda d: {**d, "state": {**d["state"], "turn": d["state"]["turn"] + 0.9}}, "state.turn: expected a whole number"),
    (lambda d: {**d, "state": {**d["state"], "rng": str(d["state"]["rng"])}}, "state.rng: expected a whole number"),
    (lambda d: {**d, "state": {**d["state"], "units": [{**d["state"]["units"][0], "strength": "4"}]
                               + d["state"]["units"][1:]}}, "state.units[0].strength: expected a whole number"),
    (lambda d: {**d, "state": {**d["state"], "units": [{**d["state"]["units"][0], "colour": "red"}]
                               + d["state"]["units"][1:]}}, "state.units[0]: unknown fields: 'colour'"),
    (lambda d: {**d, "state": {**d["state"], "mood": 1}}, "state: unknown fields: 'mood'"),
    (lambda d: {k: v for k, v in d.items() if k != "ruleset"}, "ruleset: missing"),
    (lambda d: {**d, "cheat": True}, "unknown fields: 'cheat'"),
    (lambda d: {**d, "ruleset": "memoir44"}, "ruleset: the save says 'memoir44', but its scenario is for skirmish"),
    (lambda d: {**d, "scenario": {**d["scenario"], "id": "memoir44/tenaru"}}, "names a memoir44 scenario"),
    (lambda d: {**d, "scenario": {**d["scenario"], "id": "../../etc/passwd"}}, "scenario.id: not a scenario id"),
    (lambda d: {**d, "scenario": {**d["scenario"], "extra": 1}}, "scenario: needs 'id' and 'source' text"),
])
def test_a_loose_save_header_or_state_is_refused_naming_the_field(small_save, mangle, words):
    assert words in save_problem(json.dumps(mangle(json.loads(small_save))))


def test_a_key_given_twice_in_a_save_is_refused(small_save):
    assert "the key 'seed' appears twice" in save_problem(small_save.replace('"seed": ', '"seed": 1, "seed": ', 1))


def test_the_untouched_save_still_loads(small_save):
    assert saves.dumps(saves.loads(small_save)) == small_save


# ------------------------------------------------------------------------------------------- terminal escapes


def test_a_title_with_terminal_escapes_is_refused_and_never_printed_raw(tmp_path, capsys):
    text = MEADOW.replace("Skirmish at the meadow (test)", "\\u001b[2J\\u001b]0;pwned\\u0007Meadow")
    message = scenario_problem(text)
    assert "scenario.title: holds the control character \\x1b" in message
    path = tmp_path / "escape\x1b[31m.toml"
    path.write_text(text, encoding="utf-8")
    assert main(["validate", str(path)]) == 2
    assert main(["play", str(path)]) == 2
    out = capsys.readouterr()
    assert "\x1b" not in out.out + out.err and "escape\\x1b[31m.toml" in out.err


# ------------------------------------------------------------------------------------------- generated hostile input


class Raw(str):
    """Text written into a document as it is (a number too long for ``str(int)``, ``Infinity``, a nest)."""


def nested(depth: int, inner: str = "1", kind: str = "list") -> Raw:
    if kind == "list":
        return Raw("[" * depth + inner + "]" * depth)
    return Raw("{a = " * depth + inner + "}" * depth)


HOSTILE_SCALARS = st.one_of(
    st.integers(40, 6000).map(lambda n: Raw("9" * n)),
    st.integers(1, 800).map(lambda n: Raw("0x" + "f" * n)),
    st.sampled_from([Raw("inf"), Raw("-inf"), Raw("nan"), Raw("1e999")]),
    st.text(alphabet=st.sampled_from("ab \x00\x07\x1b[]\x7f\x9b\u202e\t\n"), max_size=12),
    st.integers(-2**70, 2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.booleans(),
    st.sampled_from(["", " ", "Red ", "red", "9,9", "0,0", "x" * 5000]),
)
"""Values a hostile file might hold: numbers too long or not finite, text with control characters, the wrong
type, near-miss names."""


def hostile_values() -> st.SearchStrategy[Any]:
    leaf = HOSTILE_SCALARS
    nests = st.tuples(st.integers(20, 200), st.sampled_from(["list", "table"])).map(lambda p: nested(p[0], "1", p[1]))
    shallow = st.recursive(leaf, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["a", "at", "q", "x\x1b", "hex"]), inner, max_size=3), max_leaves=6)
    return st.one_of(shallow, nests, st.integers(5_000, 40_000).map(lambda n: Raw("[" + "1," * n + "]")))


def toml_of(value: Any) -> str:
    if isinstance(value, Raw):
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_of(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))} = {toml_of(v)}" for k, v in value.items()) + "}"
    return toml_value(value)


def json_of(value: Any) -> str:
    if isinstance(value, Raw):
        return str(value).replace(" = ", ": ").replace("{a", '{"a"').replace("inf", "Infinity").replace(
            "nan", "NaN").replace("0x", "")
    if isinstance(value, list):
        return "[" + ", ".join(json_of(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))}: {json_of(v)}" for k, v in value.items()) + "}"
    return json.dumps(value)


ASSIGNMENT = re.compile(r"^([a-z_]+) = .*$", re.M)
FIELDS = ["title", "sides", "first", "ruleset", "width", "height", "at", "strength", "id", "type", "hexes",
          "attrs", "columns", "between", "max_strength", "unknown_field", "offset"]


@st.composite
def hostile_scenarios(draw: st.DrawFn) -> tuple[str, str]:
    """A good scenario with one to three assignments replaced, or added under a table, each with a hostile value;
    returns the text and the key changed last."""
    text, key = MEADOW, ""
    for _ in range(draw(st.integers(1, 3))):
        value = toml_of(draw(hostile_values()))
        spots = list(ASSIGNMENT.finditer(text))
        if draw(st.booleans()):
            m = spots[draw(st.integers(0, len(spots) - 1))]
            key = m.group(1)
            text = text[:m.start()] + f"{key} = {value}" + text[m.end():]
        else:
            headers = [m.end() for m in re.finditer(r"^\[.*\]$", text, re.M)]
            at = headers[draw(st.integers(0, len(headers) - 1))]
            key = draw(st.sampled_from(FIELDS))
            text = text[:at] + f"\n{key} = {value}" + text[at:]
    return text, key


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(hostile_scenarios(), st.booleans())
def test_hostile_scenarios_give_a_clean_scenario_error_or_load(case, as_bytes):
    text, key = case
    try:
        s = read_text(text.encode("utf-8", "surrogatepass") if as_bytes else text, "skirmish/hostile", "hostile.toml")
    except ScenarioError as exc:
        clean(str(exc), "hostile.toml")
        assert exc.problems and all(isinstance(path, str) and isinstance(msg, str) for path, msg in exc.problems)
        assert len(exc.problems) <= 31
    else:  # loaded: then it plays, and its values are what the models promise
        assert all(isinstance(u.strength, int) and not CONTROL.search(u.id) for u in s.units)
        assert not CONTROL.search(s.title.replace("\n", ""))
        game = s.new_game(seed=1)
        for _ in game.run(players_for(game, "random,random"), 5):
            pass


SAVE_SPOTS = ["format", "version", "ruleset", "seed", "history", "state", "scenario", "scenario.id",
              "state.turn", "state.rng", "state.sides", "state.score", "state.units", "state.units.0",
              "state.units.0.strength", "state.units.0.at", "state.hands", "state.features", "state.result",
              "state.rules", "history.0", "history.-1", "history.-1.to", "new", "state.new"]


def _put(data: Any, spot: str, value: Any) -> None:
    *parents, last = spot.split(".")
    for part in parents:
        data = data[int(part)] if isinstance(data, list) else data[part]
    if isinstance(data, list):
        if data:
            data[int(last)] = value
    elif isinstance(data, dict):
        data[last] = value


@st.composite
def hostile_saves(draw: st.DrawFn, base: str) -> str:
    """A good save with one to three fields (header, state, units, history entries) given hostile values, or a
    key written twice."""
    data = json.loads(base)
    raws: dict[str, str] = {}
    for i in range(draw(st.integers(1, 3))):
        value = draw(hostile_values())
        marker = f"@@RAW{i}@@"
        raws[marker] = json_of(value)
        try:
            _put(data, draw(st.sampled_from(SAVE_SPOTS)), marker)
        except (KeyError, IndexError, TypeError, ValueError):
            pass
    text = json.dumps(data)
    for marker, raw in raws.items():
        text = text.replace(json.dumps(marker), raw)
    if draw(st.booleans()):
        key = draw(st.sampled_from(['"seed"', '"turn"', '"id"', '"type"']))
        text = text.replace(f"{key}: ", f"{key}: 0, {key}: ", 1)
    return text


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                                                  HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_hostile_saves_give_a_clean_save_error_or_load(small_save, data):
    text = data.draw(hostile_saves(small_save))
    try:
        game = saves.loads(text, name="hostile.json")
    except SaveError as exc:
        clean(str(exc), "hostile.json")
    else:  # a save that loads is a game that saves and loads again exactly
        assert saves.loads(saves.dumps(game)).state == game.state


def _matches(value: Any, hint: Any) -> bool:
    """Whether ``value`` is exactly of the simple annotation ``hint`` (those the fuzzed actions use)."""
    if hint is Hex:
        return type(value) is Hex and all(type(v) is int for v in value)
    if hint is str:
        return type(value) is str and len(value) <= 200 and not re.search("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]",
                                                                           value)
    if hint in (int, bool):
        return type(value) is hint
    return True


WRONG_VALUES = st.one_of(
    st.sampled_from([None, (1, 2), [1, 2], {"q": 1, "r": 2}, 1.5, True, 7, -1, "x", "", b"A1", Hex(1.5, 2),
                     Hex("1", "2"), float("nan"), object(), ("A1",), "9" * 3000]),
    st.text(max_size=8), st.integers(), st.tuples(st.integers(-3, 12), st.integers(-3, 12)),
)


@pytest.fixture(scope="module")
def games_at_decisions() -> list[Game]:
    """Games of three rulesets standing at decisions with moves among their legal actions."""
    out = []
    for sid, seed, steps in (("cadet/village", 1, 0), ("memoir44/drill_basic", 2, 3), ("skirmish/meadow", 3, 2)):
        game = hexlab.load(sid, seed=seed)
        for _ in game.run(players_for(game, "random,random"), steps):
            pass
        game.play_to_decision()
        out.append(game)
    return out


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_wrongly_typed_actions_are_refused_naming_the_field_and_change_nothing(games_at_decisions, data):
    game = data.draw(st.sampled_from(games_at_decisions)).copy()
    if data.draw(st.booleans()):
        game.batch_mode()
    legal = [a for a in game.legal_actions() if dataclasses.fields(a)]
    action = data.draw(st.sampled_from(legal))
    field = data.draw(st.sampled_from([f.name for f in dataclasses.fields(action)]))
    value = data.draw(WRONG_VALUES)
    bad = dataclasses.replace(action, **{field: value})
    before = state_bytes(game)
    fits = _matches(value, hints_of(type(action))[field])
    try:
        game.apply(bad)
    except RuleError as exc:
        assert state_bytes(game) == before
        assert len(str(exc)) < 400
        if not fits:
            assert f"{type(action).__name__}.{field} must be" in str(exc)
    else:
        assert fits, f"{bad!r} was applied"
        assert saves.loads(saves.dumps(game)).state == game.state if not game.batched else True
