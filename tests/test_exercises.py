"""Exercises the rules grade (issue 30): each kind graded against hand-built positions (right, partly right, wrong),
each mistake named with the clause that decides it; generated exercises are worth asking and the same from the
same seed; the notebook's sheet, the command line and the widget's keyboard answer."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from hexlab.cli import main
from hexlab.engine import HexlabError
from hexlab.exercises import KINDS, Exercise, Sheet, generate, generate_many, kinds_for, make
from hexlab.exercises.generate import scenario_ids
from hexlab.rulesets.cadet.actions import Move
from hexlab.rulesets.memoir44.rules import DoneOrdering, EndMoves, Order, PlayCard
from hexlab.scenario import load, load_text
from tests.support import cactus_boards, cadet_boards
from tests.support.memoir44_boards import scenario_text

GREEKS, OTTOMANS = "Greeks", "Ottomans"


def m44(units, terrain=None, order=None):
    """A Memoir '44 position from a scenario and actions only (no state set by hand, so the exercise rebuilds it):
    the first seed whose dealt hand has a card that orders ``order``; the card is played."""
    text = scenario_text(units, terrain=terrain)
    for seed in range(1, 80):
        game = load_text(text, "memoir44/test", seed=seed)
        game.play_to_decision()
        for a in list(game.legal_actions()):
            if isinstance(a, PlayCard):
                trial = game.copy()
                trial.apply(a)
                trial.play_to_decision()
                if Order(order) in trial.legal_actions():
                    game.apply(a)
                    game.play_to_decision()
                    return game
    raise AssertionError("no dealt hand orders that unit")


def ordered_and_moved(game, uid):
    game.apply(Order(uid))
    game.apply(DoneOrdering())
    game.play_to_decision()
    return game


def mistakes(grade):
    return {(m.item, m.how): m.clause for m in grade.mistakes}


# ---------------------------------------------------------------------------------------------- Memoir '44
FOREST = {"forest": ["6,6", "7,6"]}
REACH_UNITS = [("A1", "Allies", "infantry", "6,7"), ("A2", "Allies", "infantry", "5,7"),
               ("X1", "Axis", "infantry", "7,5"), ("X2", "Axis", "infantry", "9,4"), ("A3", "Allies", "infantry", "1,7")]


@pytest.mark.rule("m44.move.infantry.range", "m44.stack.one_unit_per_hex", "m44.terrain.forest.move_stop")
def test_m44_reach_is_graded_hex_by_hex_with_the_clause_of_each_mistake():
    game = ordered_and_moved(m44(REACH_UNITS, FOREST, "A1"), "A1")
    ex = make(game, "reach", unit="A1")
    assert ex.answer_type == "hexes"
    # the answer is the engine's: the forest hexes are entered (and stop the move), nothing beyond them
    assert ex.expected == tuple(sorted({game.board.label(a.to) for a in game.legal_actions()
                                        if getattr(a, "unit", None) == "A1" and a.verb == "move"},
                                       key=lambda s: tuple(int(p) for p in s.split(","))))
    assert "6,6" in ex.expected and "7,6" in ex.expected and "6,5" not in ex.expected
    right = ex.check(list(ex.expected))
    assert right.correct and right.score == 1 and right.missed == () and right.wrong == ()
    # partly right: one hex missed, two picked that the rules refuse
    picked = [h for h in ex.expected if h != "6,6"] + ["5,7", "6,4"]
    partly = ex.check(picked)
    assert not partly.correct
    assert partly.missed == ("6,6",) and set(partly.wrong) == {"5,7", "6,4"}
    found = mistakes(partly)
    assert found[("5,7", "wrong")] == "m44.stack.one_unit_per_hex"
    assert found[("6,4", "wrong")] == "m44.move.infantry.range"
    assert "A2" in next(m.reason for m in partly.mistakes if m.item == "5,7")
    assert partly.score == Fraction(len(ex.expected) - 1, len(ex.expected) + 2)
    wrong = ex.check(["6,4"])
    assert wrong.score == 0 and len(wrong.missed) == len(ex.expected)
    # a hex given as a Hex counts like its label; a hex off the map is a clear error
    assert ex.check([game.board.parse(h) for h in ex.expected]).correct
    with pytest.raises(HexlabError, match="not a hex on this map"):
        ex.check(["99,99"])


@pytest.mark.rule("m44.los.required", "m44.range.infantry.max", "m44.terrain.general.min_dice")
def test_m44_targets_name_line_of_sight_range_and_terrain():
    units = [("A1", "Allies", "infantry", "6,7"), ("X2", "Axis", "infantry", "4,6"), ("X3", "Axis", "infantry", "6,4"),
             ("X4", "Axis", "infantry", "8,5"), ("X5", "Axis", "infantry", "6,3")]
    game = ordered_and_moved(m44(units, {"forest": ["5,6"], "town": ["8,5"]}, "A1"), "A1")
    game.apply(EndMoves())
    game.play_to_decision()
    ex = make(game, "targets", unit="A1")
    assert ex.answer_type == "units" and ex.expected == ("X3",)
    assert ex.check(["X3"]).correct
    g = ex.check(["X2", "X5"])
    assert g.missed == ("X3",) and mistakes(g) == {("X3", "missed"): "m44.range.infantry.d3",
                                                   ("X2", "wrong"): "m44.los.required",
                                                   ("X5", "wrong"): "m44.range.infantry.max"}
    assert ex.why["X4"].clause == "m44.terrain.general.min_dice"
    # the odds of the one legal battle, exact or within two percentage points
    odds = make(game, "odds", unit="A1", target="X3")
    assert odds.answer_type == "number" and Fraction(odds.expected[0]) == Fraction(1, 2)
    assert odds.check("1/2").correct and odds.check("51%").correct and odds.check(0.49).correct
    miss = odds.check("1/3")
    assert not miss.correct and miss.mistakes[0].clause == "m44.resolve.hit.matching"
    with pytest.raises(HexlabError, match="not a number"):
        odds.check("lots")


@pytest.mark.rule("m44.terrain.forest.dice", "m44.range.infantry.d1")
def test_m44_dice_counts_the_targets_terrain():
    units = [("A1", "Allies", "infantry", "6,7"), ("X1", "Axis", "infantry", "7,6")]
    game = ordered_and_moved(m44(units, {"forest": ["7,6"]}, "A1"), "A1")
    game.apply(EndMoves())
    game.play_to_decision()
    ex = make(game, "dice", unit="A1", target="X1")
    assert ex.expected == ("2",)  # 3 dice at range 1, one fewer at a unit in a forest
    assert ex.check(2).correct and ex.check("two").correct
    g = ex.check("3")
    assert not g.correct and g.mistakes[0].clause == "m44.terrain.forest.dice"
    assert "= 2" in g.mistakes[0].reason
    assert KINDS["dice"].nontrivial(ex, game)


@pytest.mark.rule("m44.order.only_ordered_act")
def test_m44_may_it_move_names_the_rule_that_says_no():
    game = ordered_and_moved(m44(REACH_UNITS, FOREST, "A1"), "A1")
    ex = make(game, "mayit", unit="A2", verb="move")
    assert ex.answer_type == "choice" and ex.expected == ("no: m44.order.only_ordered_act",)
    assert "yes" in ex.choices and ex.expected[0] in ex.choices and len(ex.choices) >= 2
    assert ex.check("no: m44.order.only_ordered_act").correct
    g = ex.check("yes")
    assert g.mistakes[0].clause == "m44.order.only_ordered_act" and "not ordered" in g.mistakes[0].reason
    with pytest.raises(HexlabError, match="not one of the choices"):
        ex.check("maybe")
    assert make(game, "mayit", unit="A1", verb="move").expected == ("yes",)


@pytest.mark.rule("m44.order.section.straddle", "m44.order.units.announce")
def test_m44_order_is_the_cards_section():
    game = m44(REACH_UNITS, FOREST, "A1")
    ex = make(game, "order")
    assert ex.answer_type == "units"
    assert "A1" in ex.expected and "A2" in ex.expected and "A3" not in ex.expected
    assert ex.check(list(ex.expected)).correct
    g = ex.check(["A1", "A3"])
    assert ("A2", "missed") in mistakes(g) and ("A3", "wrong") in mistakes(g)
    assert game.explain(Order("A3")).clause == mistakes(g)[("A3", "wrong")]


@pytest.mark.rule("m44.retreat.flag.distance")
def test_m44_retreat_matches_the_engines_retreats():
    ex = generate("memoir44", "retreat", seed=2)
    game = ex.game()
    legal = {game.board.label(a.to) for a in game.legal_actions() if type(a).__name__ == "Retreat"}
    assert set(ex.expected) == legal and legal
    refused = [k for k in ex.candidates if k not in ex.expected]
    assert refused and ex.check(list(ex.expected)).correct
    g = ex.check(list(ex.expected[1:]) + [refused[0]])
    assert mistakes(g)[(refused[0], "wrong")] == ex.why[refused[0]].clause


# ---------------------------------------------------------------------------------------------- Cadet Commander
@pytest.mark.rule("cc.move.terrain.wall", "cc.move.action.one_hex")
def test_cadet_reach_refuses_the_wall_with_its_clause():
    band = [("GL", GREEKS, "leader", "3,5"), ("G1", GREEKS, "warrior", "1,6"), ("OL", OTTOMANS, "leader", "3,1"),
            ("O1", OTTOMANS, "warrior", "5,0")]
    game = cadet_boards.make(band, hexsides={"wall": [["2,4", "3,4"]]})
    game.apply(Move("GL", game.board.parse("3,4")))  # one action left: the wall to 2,4 costs two
    ex = make(game, "reach", unit="GL")
    assert "2,4" not in ex.expected and ex.expected
    assert ex.why["2,4"].clause == "cc.move.terrain.wall"
    g = ex.check(list(ex.expected) + ["2,4"])
    assert mistakes(g) == {("2,4", "wrong"): "cc.move.terrain.wall"}
    far = next(k for k in ex.candidates if ex.why[k].clause == "cc.move.action.one_hex")
    assert mistakes(ex.check([far]))[(far, "wrong")] == "cc.move.action.one_hex"


@pytest.mark.rule("cc.punch.retreat.direction", "cc.punch.retreat.blocked_destination")
def test_cadet_pushback_and_odds_come_from_the_engine():
    ex = generate("cadet", "pushback", seed=1)
    game = ex.game()
    assert set(ex.expected) == {game.board.label(a.to) for a in game.legal_actions() if type(a).__name__ == "PushBack"}
    assert KINDS["pushback"].nontrivial(ex, game)
    odds = generate("cadet", "odds", seed=1)
    assert odds.check(odds.expected[0]).correct and not odds.check("0").correct


# ---------------------------------------------------------------------------------------------- Cactus
@pytest.mark.rule("caf.air.cover.required_for_sea_moves", "caf.movement.overland_connections")
def test_cactus_seaborne_needs_air_cover_and_reach_needs_a_land_link():
    us, jp = cactus_boards.US, cactus_boards.JP
    setup = [("1Mar", us, "1mar", "guadalcanal"), ("Res", us, "1mar_res", "beach_red"), ("S1", jp, "snlf", "cape_esperance"),
             ("S2", jp, "snlf", "munda")]
    bare = cactus_boards.make(setup)  # no fighters: no cover for a move by sea
    ex = make(bare, "seaborne", unit="S2")
    assert ex.answer_type == "areas" and ex.expected == ()
    assert all(ex.why[k].clause == "caf.air.cover.required_for_sea_moves" for k in ex.candidates
               if k != "munda" and ex.why[k].clause != "caf.stacking.four_steps_per_box")
    g = ex.check(["cape_esperance"])
    assert g.wrong == ("cape_esperance",)
    alone = [("1Mar", us, "1mar", "guadalcanal"), ("S2", jp, "snlf", "munda")]
    covered = cactus_boards.make(alone, fighters=[cactus_boards.WILDCATS, cactus_boards.ZEROS])
    ex2 = make(covered, "seaborne", unit="S2")
    assert ex2.expected == ("cape_esperance",)  # the Zeros (reach 3) cover the route there, not to Guadalcanal
    assert ex2.why["guadalcanal"].clause == "caf.air.cover.required_for_sea_moves"
    assert ex2.check(["cape_esperance"]).correct
    assert mistakes(ex2.check(["guadalcanal"])) == {("cape_esperance", "missed"): ex2.why["cape_esperance"].clause,
                                                    ("guadalcanal", "wrong"): "caf.air.cover.required_for_sea_moves"}
    reach = make(bare, "reach", unit="S1")
    assert reach.answer_type == "areas"
    linked = set(bare.board.areas["cape_esperance"].links)
    assert set(reach.expected) <= linked
    far = next(k for k in reach.candidates if k not in linked and k != "cape_esperance")
    assert reach.why[far].clause == "caf.movement.overland_connections"
    assert reach.why["cape_esperance"].clause == "caf.movement.direct_location_to_location"  # staying is no move


# ---------------------------------------------------------------------------------------------- War at Sea, Cartwheel
@pytest.mark.rule("was.naval.capacity.tokyo_express")
def test_warsea_capacity_from_the_ships_card():
    game = load("warsea/tokyo_express", 1)
    ex = make(game, "capacity", unit="DT2")
    assert ex.expected == ("1",) and ex.why["answer"].clause == "was.naval.capacity.tokyo_express"
    assert ex.check(1).correct
    g = ex.check("2")
    assert g.mistakes[0].clause == "was.naval.capacity.tokyo_express"


@pytest.mark.rule("oc.sequence.initiative_roll.drm_table_default", "oc.air.recon.initiative_drm_trigger")
def test_cartwheel_initiative_modifier_from_the_rules():
    ex = generate("cartwheel", "initiative", seed=1)
    game = ex.game()
    assert game.state.position == "initiative.roll" and game.state.turn > 1
    from hexlab.rulesets.cartwheel.initiative import initiative_drm

    assert ex.expected == (str(initiative_drm(game.rules, game.state)),)
    assert ex.check(ex.expected[0]).correct
    assert not ex.check(int(ex.expected[0]) + 1).correct


# ---------------------------------------------------------------------------------------------- generated
CASES = [(r, k) for r in ("memoir44", "cadet", "cactus", "warsea", "cartwheel") for k in kinds_for(r)]


@pytest.mark.parametrize("ruleset, kind", CASES)
def test_generated_exercises_are_worth_asking_and_the_same_from_the_same_seed(ruleset, kind):
    ex = generate(ruleset, kind, seed=5)
    assert ex.scenario in scenario_ids(ruleset)
    again = Exercise.loads(generate(ruleset, kind, seed=5).dumps())
    assert again == ex  # same seed, same exercise, through JSON
    game = again.game()  # the position rebuilds from scenario, seed and actions
    k = KINDS[kind]
    rebuilt = k.build(game, dict(ex.subject))
    assert rebuilt is not None and rebuilt.expected == ex.expected and rebuilt.why == ex.why
    assert k.nontrivial(rebuilt, game)
    assert ex.check(list(ex.expected) if ex.answer_type in ("hexes", "units", "areas") else ex.expected[0]).correct
    for key, why in ex.why.items():
        assert why.clause, f"{key} has no clause"


def test_generate_many_gives_different_exercises_and_refuses_bad_input():
    many = generate_many("cadet", "reach", 3, seed=1)
    assert len({e.dumps() for e in many}) == 3
    with pytest.raises(HexlabError, match="no 'dice' exercises"):
        generate("cadet", "dice", 1)
    with pytest.raises(HexlabError, match="no exercise kind"):
        generate("cadet", "nonsense", 1)
    with pytest.raises(HexlabError, match="no exercises for ruleset"):
        kinds_for("chess")


# ---------------------------------------------------------------------------------------------- sheet, CLI
def test_the_sheet_keeps_the_last_answer_to_each_exercise():
    game = ordered_and_moved(m44(REACH_UNITS, FOREST, "A1"), "A1")
    ex = make(game, "reach", unit="A1")
    other = make(game, "mayit", unit="A2", verb="move")
    sheet = Sheet()
    sheet.record(ex, ["6,4"])
    sheet.record(ex, list(ex.expected))
    sheet.record(other, "yes")
    assert len(sheet.attempts) == 3 and len(sheet.latest()) == 2
    assert sheet.score == Fraction(1, 2)
    text = str(sheet)
    assert "2 exercises, 1 right" in text and "m44.order.only_ordered_act" in text
    json.dumps(sheet.to_data())


def test_cli_prints_a_teachers_list(capsys):
    assert main(["exercises", "cadet", "--kind", "reach", "--count", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.count("Which hexes may") == 2 and "Answer:" in out and "[cc.move." in out
    assert main(["exercises", "cadet", "--kind", "reach", "--count", "1", "--seed", "1", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert Exercise.from_data(data[0]).kind == "reach"
    assert main(["exercises", "cadet", "--kind", "dice"]) == 2
    assert "no 'dice' exercises" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------------- the widget
@pytest.mark.rule("m44.move.infantry.range")
def test_the_widget_answers_with_the_keyboard_and_marks_the_map():
    from hexlab.widgets.exercise import ExerciseView

    game = ordered_and_moved(m44(REACH_UNITS, FOREST, "A1"), "A1")
    ex = make(game, "reach", unit="A1")
    sheet = Sheet()
    view = ExerciseView(ex, sheet=sheet)
    view._key(None, {"key": "ArrowUp"})            # the focus starts on the unit's hex
    assert view.focus == "6,7"
    view._key(None, {"key": "ArrowRight"})
    assert view.focus == "7,7"
    view._key(None, {"key": "Space"})
    assert view.picked == {"7,7"}
    view._key(None, {"key": "ArrowRight"})
    view._key(None, {"key": "ArrowRight"})
    view._key(None, {"key": "Enter"})               # 9,7: three hexes away
    view._key(None, {"key": "c"})
    g = view.grade
    assert g is not None and ("9,7", "wrong") in mistakes(g)
    assert mistakes(g)[("9,7", "wrong")] == "m44.move.infantry.range"
    assert "m44.move.infantry.range" in view.result.value and "<details" in view.result.value
    assert len(sheet.attempts) == 1
    shapes = view._overlay()
    assert any(getattr(s, "stroke", None) == "#b3261e" for s in shapes)  # the wrong hex is marked red
    view._key(None, {"key": "x"})
    assert view.picked == set() and view.grade is None
    for h in ex.expected:
        view.toggle(h)
    assert view.check().correct and "Right!" in view.result.value


# ---------------------------------------------------------------------------------------------- nbgrader
def test_nbgrader_export_writes_autograded_cells_that_call_the_engine(tmp_path, capsys):
    assert main(["exercises", "cadet", "--kind", "reach", "--count", "2", "--seed", "1", "--nbgrader",
                 str(tmp_path), "--name", "cadet_reach"]) == 0
    path = tmp_path / "source" / "cadet_reach" / "cadet_reach.ipynb"
    assert capsys.readouterr().out.strip() == str(path)
    nb = json.loads(path.read_text())
    ids = []
    for cell in nb["cells"]:
        meta = cell["metadata"]["nbgrader"]
        # nbgrader's cell metadata schema (version 3): these keys, these types, nothing else
        assert {"schema_version", "grade", "locked", "solution"} <= set(meta)
        assert set(meta) <= {"schema_version", "grade", "locked", "solution", "task", "grade_id", "points"}
        assert meta["schema_version"] == 3
        assert all(isinstance(meta[k], bool) for k in ("grade", "locked", "solution"))
        assert ("points" in meta) == meta["grade"]
        assert meta["grade_id"].replace("_", "").replace("-", "").isalnum()
        ids.append(meta["grade_id"])
    assert len(ids) == len(set(ids))
    graded = [c for c in nb["cells"] if c["metadata"]["nbgrader"]["grade"]]
    answers = [c for c in nb["cells"] if c["metadata"]["nbgrader"]["solution"]]
    assert len(graded) == len(answers) == 2
    assert all("### BEGIN SOLUTION" in c["source"] for c in answers)
    setup = next(c for c in nb["cells"] if c["metadata"]["nbgrader"]["grade_id"] == "setup")
    assert "expected" not in setup["source"]  # the answers are asked of the engine, never stored
    # run the assignment as the autograder would: right answers pass, a wrong one fails its test cell
    code = [c["source"] for c in nb["cells"] if c["cell_type"] == "code" and "hx.widget" not in c["source"]]
    scope: dict = {}
    for source in code:
        exec(source, scope)  # noqa: S102 - our own generated notebook
    assert scope["grade_1"].correct and scope["grade_2"].correct
    scope["answer_1"] = ["0,0"]
    with pytest.raises(AssertionError, match="not yet"):
        exec(code[2], scope)  # noqa: S102 - the first test cell


# ---------------------------------------------------------------------------------------------- the student's copy
def _strings(data):
    """Every string in a piece of JSON data, keys included."""
    if isinstance(data, dict):
        for k, v in data.items():
            yield str(k)
            yield from _strings(v)
    elif isinstance(data, list):
        for v in data:
            yield from _strings(v)
    elif isinstance(data, str):
        yield data


def _hidden_from(ex):
    """The teacher's full position and the ids of the units the question's seat does not see there."""
    from hexlab.exercises.seat import seat_of

    game = ex.game()
    seat = seat_of(ex, game)
    seen = {u["id"] for u in game.observation(seat)["units"]}
    return game, seat, sorted(u for u in game.state.units if u not in seen)


def _names_any(text_items, ids):
    import re

    found = set()
    for text in text_items:
        for uid in ids:
            if re.search(rf"(?<![\w-]){re.escape(uid)}(?![\w-])", text):
                found.add(uid)
    return found


@pytest.mark.rule("oc.air.airbase.adc_hidden")
def test_a_students_copy_holds_no_unit_hidden_from_the_seat_and_grades_as_the_teachers():
    from hexlab.exercises import student_copy
    from hexlab.exercises.seat import digest

    ex = generate("cartwheel", "reach", seed=1)
    game, seat, hidden = _hidden_from(ex)
    assert hidden, "this position must hide units from the seat, or the test proves nothing"
    assert _names_any(_strings(ex.to_data()["history"]), hidden) or ex.history  # the teacher's copy can replay them
    copy = student_copy(ex)
    text = copy.dumps()
    data = json.loads(text)
    assert data["history"] == [] and data["seed"] == 0  # nothing to replay, no dice to predict
    assert _names_any(_strings(data), hidden) == set()
    assert data["view"]["seat"] == seat and data["digest"] == digest(ex.scenario, ex.seed, ex.history)
    student = Exercise.loads(text)
    assert student == copy
    shown = student.game()  # the map the student sees: the seat's units only
    assert not set(hidden) & set(shown.state.units)
    # grading in the student's copy is the teacher's, item by item, clause by clause
    wrong = next(k for k in ex.candidates if k not in ex.expected)
    for answer in (list(ex.expected), list(ex.expected)[1:], list(ex.expected)[1:] + [wrong], [wrong]):
        mine, theirs = student.check(answer), ex.check(answer)
        assert (mine.right, mine.missed, mine.wrong, mine.score) == (theirs.right, theirs.missed, theirs.wrong, theirs.score)
        assert [m.clause for m in mine.mistakes] == [m.clause for m in theirs.mistakes]
    far = [game.board.label(h) for h in game.board.terrain if game.board.label(h) not in ex.why]
    assert far and student.check([far[0]]).wrong == (far[0],)  # a hex far from the unit still has its clause
    assert student.check([far[0]]).mistakes[0].clause == ex.check([far[0]]).mistakes[0].clause


@pytest.mark.rule("m44.setup.hand_size")
def test_a_students_copy_of_a_memoir_exercise_shows_no_enemy_hand_and_no_seed():
    from hexlab.exercises import student_copy

    ex = generate("memoir44", "reach", seed=5)
    game = ex.game()
    unit_side = game.state.units[ex.subject["unit"]].side
    enemy = game.state.other(unit_side)
    copy = student_copy(ex)
    data = json.loads(copy.dumps())
    hands = data["view"]["state"]["hands"]
    assert hands[enemy] == len(game.state.hands[enemy])  # only how many cards, not which
    assert hands[unit_side] == list(game.state.hands[unit_side])
    assert "deck" not in data["view"]["state"]["decks"] or isinstance(data["view"]["state"]["decks"]["deck"], int)
    assert data["seed"] == 0 and data["history"] == []
    assert copy.check(list(ex.expected)).correct
    assert Exercise.loads(copy.dumps()).game().state.hands[enemy] == ["?"] * len(game.state.hands[enemy])


def test_a_game_that_hides_nothing_keeps_its_exercise_as_it_is():
    from hexlab.exercises import student_copy

    ex = generate("cadet", "reach", seed=1)
    assert student_copy(ex) is ex
    assert "view" not in ex.to_data()  # the teacher's JSON has the shape it always had


def test_a_seat_copy_with_a_broken_view_is_refused_with_a_clear_error():
    from hexlab.exercises import student_copy

    data = json.loads(student_copy(generate("warsea", "capacity", seed=3)).dumps())
    del data["view"]["state"]["units"]
    with pytest.raises(HexlabError, match="the seat's view is not a position"):
        Exercise.from_data(data).game()


@pytest.mark.rule("oc.air.airbase.adc_hidden")
def test_an_nbgrader_assignment_on_hidden_units_leaks_none_and_still_grades(tmp_path):
    from hexlab.exercises.nbgrader import export

    ex = generate("cartwheel", "reach", seed=1)
    _game, _seat, hidden = _hidden_from(ex)
    path = export([ex], tmp_path, name="cartwheel_reach")
    nb = json.loads(path.read_text())
    sources = [c["source"] for c in nb["cells"]]
    assert _names_any(sources, hidden) == set()
    assert all('"history": [{' not in s for s in sources)  # no actions to replay
    code = [c["source"] for c in nb["cells"] if c["cell_type"] == "code" and "hx.widget" not in c["source"]]
    scope: dict = {}
    for source in code:
        exec(source, scope)  # noqa: S102 - our own generated notebook
    assert scope["grade_1"].correct
    scope["answer_1"] = list(ex.expected)[1:]
    with pytest.raises(AssertionError, match="not yet"):
        exec(code[2], scope)  # noqa: S102 - the test cell


@pytest.mark.rule("oc.air.airbase.adc_hidden")
def test_the_students_json_from_the_command_line_names_no_hidden_unit_and_the_map_shows_the_seat(capsys):
    from hexlab.exercises.seat import seat_of
    from hexlab.widgets.exercise import ExerciseView

    ex = generate("cartwheel", "reach", seed=1)
    _game, seat, hidden = _hidden_from(ex)
    assert main(["exercises", "cartwheel", "--kind", "reach", "--count", "1", "--seed", "1", "--format", "json",
                 "--no-answers"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data[0]["history"] == [] and data[0]["view"]["seat"] == seat
    assert _names_any(_strings(data), hidden) == set()
    # the teacher's exercise on screen is drawn for the question's seat too, never the whole board
    view = ExerciseView(ex)
    assert view.map.viewer == seat_of(ex, view.game) == seat


# ---------------------------------------------------------------------------------------------- keyboard alone (issue 30)
def _arrow_reach(view, wanted):
    """The items the arrow keys reach from where the first key puts the focus, searched breadth-first until every
    wanted item is found (the widget's own focus moves, as in the browser)."""
    from collections import deque

    view._key(None, {"key": "ArrowUp"})
    routes = {view.focus: []}
    queue = deque([view.focus])
    while queue and not set(wanted) <= set(routes):
        here = queue.popleft()
        for arrow in ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"):
            view.focus = here
            view.move_focus(arrow)
            if view.focus not in routes:
                routes[view.focus] = routes[here] + [arrow]
                queue.append(view.focus)
    return routes


@pytest.mark.parametrize("ruleset, kind", [("memoir44", "targets"), ("memoir44", "reach"), ("cadet", "reach"),
                                           ("cactus", "reach"), ("warsea", "targets"), ("cartwheel", "reach")])
def test_the_arrow_keys_reach_every_item_of_a_question_in_every_ruleset(ruleset, kind):
    from hexlab.widgets.exercise import ExerciseView

    ex = generate(ruleset, kind, seed=1)
    view = ExerciseView(ex, sheet=Sheet())
    items = set(ex.candidates) | set(ex.expected)
    routes = _arrow_reach(view, items)
    assert items <= set(routes), f"the keyboard cannot pick {sorted(items - set(routes))}"
    # and the answer picked with the keys alone is right
    for item in ex.expected:
        view.focus = None
        view._key(None, {"key": "ArrowUp"})
        for arrow in routes[item]:
            view._key(None, {"key": arrow})
        assert view.focus == item
        view._key(None, {"key": "Space"})
    view._key(None, {"key": "c"})
    assert view.grade is not None and view.grade.correct and "Right!" in view.result.value


@pytest.mark.rule("was.naval.gunfire_vs_troops.surface_attack_phase")
def test_a_troop_aboard_a_ship_is_picked_with_the_keyboard_and_refused_with_its_clause():
    from hexlab.engine.state import Aboard
    from hexlab.widgets.exercise import ExerciseView

    found = None
    for seed in range(1, 10):
        ex = generate("warsea", "targets", seed=seed)
        game = ex.game()
        aboard = [k for k in ex.candidates if isinstance(game.state.units[k].at, Aboard)]
        if aboard:
            found = ex, aboard[0]
            break
    assert found, "no War at Sea targets question with a troop aboard a ship among the seeds tried"
    ex, troop = found
    view = ExerciseView(ex, sheet=Sheet())
    assert troop in view._spots  # its counter, drawn beside its ship, is a place the focus can take
    route = _arrow_reach(view, [troop])[troop]
    view.focus = None
    for key in ["ArrowUp", *route, "Space", "c"]:
        view._key(None, {"key": key})
    assert view.picked == {troop}
    g = view.grade
    assert g is not None and (troop, "wrong") in mistakes(g)
    assert mistakes(g)[(troop, "wrong")] == "was.naval.gunfire_vs_troops.surface_attack_phase"
    assert "was.naval.gunfire_vs_troops.surface_attack_phase" in view.result.value


@pytest.mark.rule("was.naval.capacity.tokyo_express")
def test_enter_in_the_number_box_grades_the_text_sent_with_it():
    from hexlab.widgets.exercise import ExerciseView

    ex = make(load("warsea/tokyo_express", 1), "capacity", unit="DT2")
    sheet = Sheet()
    view = ExerciseView(ex, sheet=sheet)
    assert view.answer_box in view.children
    # the box's last synced value may lag behind what was typed: Enter's message carries the text itself
    view.answer_box.value = ""
    view.answer_box._handle_custom_msg({"submit": "1"}, [])
    assert view.grade is not None and view.grade.correct and "Right!" in view.result.value
    assert view.answer_box.value == "1" and len(sheet.attempts) == 1
    view.answer_box._handle_custom_msg({"submit": "2"}, [])
    assert not view.grade.correct and view.grade.mistakes[0].clause == "was.naval.capacity.tokyo_express"
    assert "Not quite" in view.result.value and "<details class='hexlab-chip'" in view.result.value
    view.answer_box._handle_custom_msg({"submit": "lots"}, [])
    assert view.grade is None and "not a number" in view.result.value and len(sheet.attempts) == 2
    view.answer_box._handle_custom_msg({"event": "submit"}, [])  # a message without the text changes nothing
    assert view.grade is None and len(sheet.attempts) == 2


# ---------------------------------------------------------------------------------------------- nbgrader's own rules
def _nbgrader_cells(tmp_path):
    from hexlab.exercises.nbgrader import export

    exercises = [generate("cadet", "reach", seed=1), generate("cadet", "odds", seed=1),
                 generate("memoir44", "mayit", seed=1), generate("cartwheel", "reach", seed=1)]
    path = export(exercises, tmp_path, name="mixed")
    return exercises, path, json.loads(path.read_text())


def test_the_nbgrader_export_keeps_to_nbgraders_cell_rules(tmp_path):
    """What nbgrader 0.9's validator and ``generate_assignment`` ask of a source notebook, checked without nbgrader:
    the export went through ``generate_assignment``, ``autograde`` and ``export`` with these rules (issue 30)."""
    import re
    import warnings

    import nbformat

    exercises, path, nb = _nbgrader_cells(tmp_path)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a cell without an id is only a warning in today's nbformat
        nbformat.validate(nbformat.reads(path.read_text(), as_version=4))
    assert (nb["nbformat"], nb["nbformat_minor"]) >= (4, 5)
    ids = [c["id"] for c in nb["cells"]]
    assert len(ids) == len(set(ids)) and all(re.fullmatch(r"[A-Za-z0-9_-]{1,64}", i) for i in ids)
    grade_ids = []
    for cell in nb["cells"]:
        meta = cell["metadata"]["nbgrader"]
        assert meta["schema_version"] == 3
        assert "checksum" not in meta and "cell_type" not in meta  # generate_assignment writes them in the copy
        if meta["grade"] or meta["solution"] or meta["locked"]:
            assert re.fullmatch(r"[A-Za-z0-9_-]+", meta["grade_id"])
            grade_ids.append(meta["grade_id"])
        if meta["grade"]:
            assert isinstance(meta["points"], int | float) and not isinstance(meta["points"], bool) \
                and meta["points"] > 0
        if cell["cell_type"] == "markdown":  # a graded markdown cell must be a solution too, and the other way
            assert meta["grade"] == meta["solution"] == False  # noqa: E712
        if meta["solution"]:  # the student writes here: never locked, never a test
            assert cell["cell_type"] == "code" and not meta["locked"] and not meta["grade"]
        if meta["grade"]:  # the tests are locked, so autograde puts back the teacher's version
            assert cell["cell_type"] == "code" and meta["locked"] and not meta["solution"]
    assert len(grade_ids) == len(set(grade_ids)) == len(nb["cells"])
    answers = [c for c in nb["cells"] if c["metadata"]["nbgrader"]["solution"]]
    tests = [c for c in nb["cells"] if c["metadata"]["nbgrader"]["grade"]]
    assert len(answers) == len(tests) == len(exercises)
    assert sum(c["metadata"]["nbgrader"]["points"] for c in tests) == len(exercises)
    for i, (answer, test) in enumerate(zip(answers, tests, strict=True), 1):
        lines = answer["source"].split("\n")
        assert lines.count("### BEGIN SOLUTION") == lines.count("### END SOLUTION") == 1
        begin, end = lines.index("### BEGIN SOLUTION"), lines.index("### END SOLUTION")
        assert begin < end
        # generate_assignment replaces the lines between the markers; what is left must tell the student what to set
        left = "\n".join(lines[:begin] + lines[end + 1:])
        assert f"answer_{i}" in left and "raises" in left
        assert nb["cells"].index(answer) < nb["cells"].index(test) and f"answer_{i}" in test["source"]


def test_the_nbgrader_test_cells_fail_a_blank_answer_and_pass_a_right_one_quietly(tmp_path):
    """nbgrader's autograde gives a test cell no points if it raises or writes to stderr, all of them otherwise."""
    import contextlib
    import io
    import warnings

    exercises, _path, nb = _nbgrader_cells(tmp_path)
    code = {c["metadata"]["nbgrader"]["grade_id"]: c["source"] for c in nb["cells"] if c["cell_type"] == "code"}
    scope: dict = {}
    exec(code["setup"], scope)  # noqa: S102 - our own generated notebook
    # the students' copy as nbgrader releases it: the answer lines replaced by a line that raises
    blank = code["answer_1"].split("### BEGIN SOLUTION")[0] + "raise NotImplementedError()"
    with pytest.raises(NotImplementedError):
        exec(blank, scope)  # noqa: S102
    with pytest.raises(NameError):
        exec(code["check_1"], scope)  # noqa: S102 - no answer, no point
    for i in range(1, len(exercises) + 1):
        exec(code[f"answer_{i}"], scope)  # noqa: S102 - the teacher's answer
        err = io.StringIO()
        with warnings.catch_warnings(record=True) as caught, contextlib.redirect_stderr(err), \
                contextlib.redirect_stdout(io.StringIO()):
            warnings.simplefilter("always")
            exec(code[f"check_{i}"], scope)  # noqa: S102
        assert scope[f"grade_{i}"].correct
        assert err.getvalue() == "" and [str(w.message) for w in caught] == []
