"""Cactus Air Force Ground Combat: the counters, the set-up, the map, the scenario file and the shape of a turn."""

from __future__ import annotations

import tomllib

import pytest

import hexlab
from hexlab import rulesets
from hexlab.engine import ScenarioError
from hexlab.render import scene, to_svg
from hexlab.rulesets.cactus import facts
from hexlab.rulesets.cactus.counters import COUNTERS, KINDS, counters_aside, face_attrs, face_text
from hexlab.rulesets.cactus.rules import Cactus, EndMoves
from hexlab.scenario import load_text
from tests.support.cactus_boards import BR, CE, GC, JP, MU, US, make, pass_until, scenario_text
from tests.support.catalogs import team_catalog

CATALOG = team_catalog("cactus")


@pytest.fixture(scope="module")
def game():
    return hexlab.load("cactus/guadalcanal", seed=1)


def test_shipped_clause_ids_match_the_catalog():
    if not CATALOG.exists():
        pytest.skip("../shared/rules is not beside this checkout")
    ids = {c["id"] for c in tomllib.loads(CATALOG.read_text(encoding="utf-8"))["clause"]}
    assert rulesets.get("cactus") is Cactus
    assert Cactus.known_clauses() == ids and len(ids) == 75
    assert Cactus.sequence.clause_ids() <= ids and Cactus.sequence.unreachable() == []


@pytest.mark.rule("caf.components.counters.blank_counters_required")
def test_seven_counters_three_allied_four_japanese():
    assert sum(c.copies for c in COUNTERS.values()) == 7
    assert sum(c.copies for c in COUNTERS.values() if c.nation == "allied") == 3
    assert sum(c.copies for c in COUNTERS.values() if c.nation == "japanese") == 4


@pytest.mark.rule("caf.components.counter.mar1_full", "caf.components.counter.mar1_reduced",
                  "caf.components.counter.mar1_res", "caf.components.counter.snlf_full",
                  "caf.components.counter.snlf_reduced")
def test_the_new_counters_list():
    faces = {cid: (str(c.front), str(c.back), c.copies) for cid, c in COUNTERS.items()}
    assert faces == {"mar1_full": ("5-4", "4-3", 1), "mar1_reduced": ("3-2", "2-1", 1), "mar1_res": ("3-2", "2-1", 1),
                     "snlf_full": ("4-4", "3-3", 2), "snlf_reduced": ("2-2", "1-1", 2)}
    assert COUNTERS["mar1_full"].name == "1Mar" and COUNTERS["mar1_res"].name == "1Mar Res"


@pytest.mark.rule("caf.components.counters.left_number_is_dice", "caf.components.counters.right_number_is_steps",
                  "caf.components.counters.replacement_counter_chain")
def test_each_kind_goes_down_its_chain_of_faces():
    chain = [face_text("1mar", s) for s in (4, 3, 2, 1)]
    assert chain == ["1Mar 5-4", "1Mar 4-3", "1Mar 3-2", "1Mar 2-1"]
    assert [face_text("snlf", s) for s in (4, 3, 2, 1)] == ["SNLF 4-4", "SNLF 3-3", "SNLF 2-2", "SNLF 1-1"]
    assert [face_text("1mar_res", s) for s in (2, 1)] == ["1Mar Res 3-2", "1Mar Res 2-1"]
    assert [KINDS["1mar"].dice(s) for s in (4, 3, 2, 1, 0)] == [5, 4, 3, 2, 0]
    assert [KINDS["snlf"].dice(s) for s in (4, 3, 2, 1)] == [4, 3, 2, 1]
    assert face_attrs("1mar", 3) == {"counter": "mar1_full", "face": "back"}
    assert face_attrs("1mar", 2) == {"counter": "mar1_reduced", "face": "front"}
    assert face_attrs("snlf", 0) == {"counter": None, "face": None}
    with pytest.raises(ValueError):
        KINDS["1mar_res"].at_steps(3)


@pytest.mark.rule("caf.setup.allied.mar1_guadalcanal", "caf.setup.allied.mar1_res_beach_red",
                  "caf.setup.japan.snlf_cape_esperance", "caf.setup.japan.snlf_munda",
                  "caf.components.counters.right_number_is_steps")
def test_the_scenario_sets_up_as_the_variant_says(game):
    units = {u.id: (u.side, u.kind, u.at, u.strength, facts.counter(u), facts.face(u))
             for u in game.state.units.values()}
    assert units == {
        "1Mar": (US, "1mar", GC, 4, "mar1_full", "front"),
        "1MarRes": (US, "1mar_res", BR, 2, "mar1_res", "front"),
        "SNLF1": (JP, "snlf", CE, 4, "snlf_full", "front"),
        "SNLF2": (JP, "snlf", MU, 4, "snlf_full", "front"),
    }
    labels = {a.id: game.board.labels.label(a.anchor) for a in game.board.areas.values()}
    assert labels == {GC: "7/13", BR: "8/14", CE: "7/12", MU: "7/9"}
    assert [game.rules.dice_of(u) for u in game.state.units.values()] == [5, 3, 4, 4]
    assert game.rules.unit_title(game.state.units["1Mar"]) == "US Marines 1Mar 5-4 (1Mar)"


@pytest.mark.rule("caf.setup.reduced_counters_held_aside")
def test_the_reduced_counters_start_off_the_map(game):
    aside = counters_aside(game.state.units.values())
    assert aside == {"mar1_full": 0, "mar1_reduced": 1, "mar1_res": 0, "snlf_full": 0, "snlf_reduced": 2}
    ev = next(e for e in game.log if e.kind == "CountersAside")
    assert "caf.setup.reduced_counters_held_aside" in ev.clauses and ev.data["aside"] == aside


def test_the_scenario_file_carries_its_history_and_classroom_notes(game):
    meta = game.scenario.meta
    assert meta.sides == [US, JP] and meta.ruleset == "cactus"
    words = len(meta.history.split())
    assert 150 <= words <= 210, words
    for fact in ("7 August 1942", "Henderson Field", "Tenaru", "Edson's Ridge", "Tokyo Express"):
        assert fact in meta.history
    assert "Why did the Japanese attacks on the perimeter fail" in meta.teacher_notes
    assert meta.summary and len(meta.illustrative) >= 8


def test_the_map_draws_the_four_boxes_with_their_grid_references(game):
    svg = to_svg(scene(game))
    for text in ("Guadalcanal 7/13", "Beach Red 8/14", "Cape Esperance 7/12", "Munda 7/9"):
        assert text in svg
    assert game.board.width == 12 and game.board.height == 16 and game.board.offset == "odd-q"
    assert game.board.terrain[game.board.parse("7/13")] == "airfield"
    assert {game.board.terrain[h] for h in game.board.terrain} == {"sea", "jungle", "airfield"}


def test_scenario_checks_name_the_field():
    bad = scenario_text([("S", JP, "1mar", GC)])
    with pytest.raises(ScenarioError, match=r"unit\[0\]\.type"):
        load_text(bad, "cactus/bad")
    crowded = scenario_text([("A", US, "1mar", GC), ("B", US, "1mar_res", GC)])
    with pytest.raises(ScenarioError, match="at most 4"):
        load_text(crowded, "cactus/bad")
    unmarked = scenario_text([("A", US, "1mar", GC), ("S", JP, "snlf", GC)])
    with pytest.raises(ScenarioError, match="starts contested"):
        load_text(unmarked, "cactus/bad")
    off = scenario_text([("A", US, "1mar", GC)], fighters=[{"id": "f", "side": US, "base": "40/40"}])
    with pytest.raises(ScenarioError, match=r"rules\.fighters\[0\]\.base"):
        load_text(off, "cactus/bad")


@pytest.mark.rule("caf.sequence.turn_structure_default", "caf.special.variant.base_rules_apply")
def test_five_turns_of_ten_hours_then_the_end():
    game = make([("A", US, "1mar_res", BR), ("S", JP, "snlf", MU)])
    assert game.rules.clock(game.state) == "Turn 1, hour 1"
    opts = game.rules.options
    assert (opts.turns, opts.hours, opts.bomb_hit, opts.aa_hit) == (5, 10, 5, 6)
    pass_until(game, "end.vp")
    assert game.state.turn == 1 and game.rules.clock(game.state) == "Turn 1, end of turn"
    hours = [e.data["hour"] for e in game.log if e.kind == "HourBegan"]
    assert hours == list(range(1, 11))
    pass_until(game, "never")
    assert game.is_over
    began = [(e.turn, e.data["hour"]) for e in game.log if e.kind == "HourBegan"]
    assert len(began) == 50 and began[-1] == (5, 10)
    # each hour: ground moves, then ground combat, then air operations
    seq = [p.id for p in Cactus.sequence.phases]
    assert seq == ["ground", "combat", "air", "end"]
    meta = hexlab.load("cactus/guadalcanal", seed=1).scenario.meta
    assert any("turn_structure_default" in line for line in meta.illustrative)


@pytest.mark.rule("caf.sequence.ground_move_timing")
def test_the_first_side_moves_then_the_other_each_hour():
    game = make([("A", US, "1mar_res", BR), ("S", JP, "snlf", CE)])
    assert game.state.position == "ground.move" and game.to_act == JP
    game.apply(EndMoves())
    assert game.state.position == "ground.move" and game.to_act == US
    game.apply(EndMoves())
    assert game.state.position != "ground.move"
    assert game.state.phase_id in ("combat", "air")
