"""More checks of Memoir '44's battle dice, their exact odds and the medal victory, written to close the gaps
mutation testing found (``make mutation``). One battle die: infantry 2 sides, armor, grenade, star, flag 1 each."""

from __future__ import annotations

import argparse
from fractions import Fraction

import pytest

from hexlab import scenario
from hexlab.engine import HexlabError
from hexlab.rulesets.memoir44.combat import Dice, battle_dice, range_dice, reach_error, resolve_faces
from hexlab.rulesets.memoir44.odds import Memoir44Odds, battle_report, dice_from_rules, hit_flag_dist
from tests.support.memoir44_boards import make

F = Fraction


@pytest.mark.rule("m44.resolve.hit.matching", "m44.resolve.symbol.star", "m44.resolve.artillery_target")
def test_which_faces_hit_which_unit():
    faces = ["infantry", "infantry", "armor", "grenade", "star", "flag", "flag"]
    assert resolve_faces(faces, "infantry") == (3, 2)
    assert resolve_faces(faces, "armor") == (2, 2)
    assert resolve_faces(faces, "artillery") == (1, 2)
    assert resolve_faces(faces, "infantry", stars_hit=True) == (4, 2)
    assert resolve_faces(["star"], "armor", stars_hit=True) == (1, 0)
    assert resolve_faces(["star"], "armor") == (0, 0)


@pytest.mark.rule("m44.range.infantry.d1", "m44.range.armor.d1", "m44.range.artillery.d1")
def test_dice_by_range():
    assert [range_dice("infantry", d) for d in range(0, 5)] == [0, 3, 2, 1, 0]
    assert [range_dice("armor", d) for d in range(1, 5)] == [3, 3, 3, 0]
    assert [range_dice("artillery", d) for d in range(1, 8)] == [3, 3, 2, 2, 1, 1, 0]
    assert range_dice("infantry", -1) == 0


def test_the_dice_explained_in_words():
    dice = Dice(2, 3, [("range 1", 3, "a"), ("target in town", -1, "b"), ("only the best counts", 0, "c")])
    assert dice.words() == "3 at range, -1 target in town = 2"
    assert dice.clauses == ["a", "b", "c"]


@pytest.mark.rule("m44.terrain.town.dice", "m44.terrain.forest.dice", "m44.terrain.town.armor_battle_out",
                  "m44.terrain.general.battle_out_cumulative", "m44.terrain.wire.infantry_battle_out",
                  "m44.terrain.hill.dice", "m44.terrain.sandbags.dice", "m44.terrain.bunker.dice",
                  "m44.terrain.general.artillery_unmodified", "m44.terrain.sea_wall.scope")
@pytest.mark.parametrize("case, expected", [
    (("infantry", 1, "town", "countryside", "infantry"),
     (2, ["m44.range.infantry.d1", "m44.terrain.town.dice"], "3 at range, -1 target in town or village = 2")),
    (("armor", 1, "forest", "town", "infantry"),
     (0, ["m44.range.armor.d1", "m44.terrain.forest.dice", "m44.terrain.town.armor_battle_out",
          "m44.terrain.general.battle_out_cumulative"],
      "3 at range, -2 target in forest, -2 battling out of town or village = 0")),
    (("infantry", 1, "hill", "hill", "infantry"), (3, ["m44.range.infantry.d1"], "3 at range = 3")),
    (("infantry", 1, "hill", "countryside", "armor"),
     (2, ["m44.range.infantry.d1", "m44.terrain.hill.dice"], "3 at range, -1 target in hill = 2")),
    (("infantry", 2, "sandbags", "countryside", "infantry"),
     (1, ["m44.range.infantry.d2", "m44.terrain.sandbags.dice"], "2 at range, -1 target in sandbags = 1")),
    (("infantry", 1, "sea_wall", "countryside", "infantry"), (3, ["m44.range.infantry.d1"], "3 at range = 3")),
    (("infantry", 1, "countryside", "wire", "infantry"),
     (2, ["m44.range.infantry.d1", "m44.terrain.wire.infantry_battle_out", "m44.terrain.general.battle_out_cumulative"],
      "3 at range, -1 battling out of barbed wire = 2")),
    (("artillery", 2, "town", "countryside", "infantry"), (3, ["m44.range.artillery.d2"], "3 at range = 3")),
    (("armor", 2, "bunker", "countryside", "infantry"),
     (1, ["m44.range.armor.d2", "m44.terrain.bunker.dice"], "3 at range, -2 target in bunker = 1")),
    (("infantry", 1, "town", "wire", "infantry"),
     (1, ["m44.range.infantry.d1", "m44.terrain.town.dice", "m44.terrain.wire.infantry_battle_out",
          "m44.terrain.general.battle_out_cumulative"],
      "3 at range, -1 target in town or village, -1 battling out of barbed wire = 1")),
])
def test_the_dice_of_a_battle_with_their_reasons(case, expected):
    assert dice_from_rules(*case) == expected


@pytest.mark.rule("m44.dice.battle.faces", "m44.resolve.hit.matching")
def test_hits_and_flags_are_exact():
    assert hit_flag_dist(1, "infantry") == hit_flag_dist(1, "infantry").from_weights({(1, 0): 3, (0, 0): 2, (0, 1): 1})
    two = hit_flag_dist(2, "armor")  # per die: a hit 1/3 (armor, grenade), a flag 1/6, nothing 1/2
    assert two.p((2, 0)) == F(1, 9) and two.p((0, 0)) == F(1, 4) and two.p((1, 1)) == F(1, 9)
    assert hit_flag_dist(0, "infantry").items() == (((0, 0), F(1)),)


def ask(**kw):
    base = dict(dice=None, target="infantry", figures=None, attacker=None, distance=None, terrain="countryside",
                attacker_terrain="countryside")
    return Memoir44Odds().report(argparse.Namespace(**{**base, **kw}))


@pytest.mark.rule("m44.terrain.town.dice", "m44.terrain.general.min_dice")
def test_the_odds_command():
    r = ask(attacker="infantry", distance=1, terrain="town", figures=4)
    assert r == {
        "target": "infantry", "attacker": "infantry", "range": 1, "terrain": "town", "attacker_terrain": "countryside",
        "dice": 2, "dice_reasoning": "3 at range, -1 target in town or village = 2",
        "clauses": ["m44.dice.battle.faces", "m44.resolve.hit.matching", "m44.range.infantry.d1",
                    "m44.terrain.town.dice"],
        "outcomes": [{"hits": 0, "flags": 0, "p": "1/9"}, {"hits": 0, "flags": 1, "p": "1/9"},
                     {"hits": 0, "flags": 2, "p": "1/36"}, {"hits": 1, "flags": 0, "p": "1/3"},
                     {"hits": 1, "flags": 1, "p": "1/6"}, {"hits": 2, "flags": 0, "p": "1/4"}],
        "expected_hits": "1/1", "expected_flags": "1/3", "p_at_least_one_hit": "3/4", "p_at_least_one_flag": "11/36",
        "figures": 4, "p_eliminate": "0/1"}
    plain = ask(dice=2, target="armor", figures=1)
    assert plain["dice"] == 2 and plain["p_eliminate"] == "5/9" and plain["clauses"] == [
        "m44.dice.battle.faces", "m44.resolve.hit.matching"]
    assert "figures" not in ask(dice=1) and ask(dice=12)["dice"] == 12 and ask(dice=0)["outcomes"] == [
        {"hits": 0, "flags": 0, "p": "1/1"}]
    assert ask(attacker="artillery", distance=6)["dice"] == 1


@pytest.mark.parametrize("kw, message", [
    ({}, "^give --dice N, or --attacker TYPE and --range R$"),
    ({"attacker": "infantry"}, "^give --dice N"),
    ({"distance": 1}, "^give --dice N"),
    ({"attacker": "infantry", "distance": 0}, r"^--range must be at least 1 \(1 is a close assault\)$"),
    ({"attacker": "infantry", "distance": 4},
     r"^the target is out of range: infantry battles at most 3 hexes away, and this target is 4 \(m44\.range\."),
    ({"attacker": "infantry", "distance": 3, "terrain": "forest"},
     r"^no dice are left \(1 at range, -1 target in forest = 0\): a battle with no dice cannot be made "
     r"\(m44\.terrain\.general\.min_dice\)$"),
    ({"dice": 13}, "^--dice must be 0 to 12$"),
    ({"dice": -1}, "^--dice must be 0 to 12$"),
    ({"dice": 1, "figures": 0}, "^--figures must be at least 1$"),
])
def test_the_odds_command_refuses_bad_questions(kw, message):
    with pytest.raises(HexlabError, match=message):
        ask(**kw)


@pytest.mark.rule("m44.victory.medals.target")
def test_the_medal_target_wins():
    game = scenario.load("memoir44/drill_basic", seed=1)
    rules, state = game.rules, game.state  # a fresh game of our own: changed in place
    target = rules.medal_target("Allies")
    assert target == rules.options.medals == 4
    assert rules.end_if(state) is None
    state.score["Axis"] = target - 1
    assert rules.end_if(state) is None
    state.score["Axis"] = target
    won = rules.end_if(state)
    assert won.winner == "Axis" and won.clauses == ("m44.victory.medals.target",)
    assert won.reason == "the Axis reaches 4 medals"
    state.score["Allies"] = target
    assert rules.end_if(state).winner == "Allies"  # the sides are asked in the scenario's order


@pytest.mark.rule("m44.victory.medals.target")
def test_each_side_may_have_its_own_medal_target():
    game = make([("A1", "Allies", "infantry", "1,6"), ("X1", "Axis", "infantry", "2,6")],
                rules={"medals": {"Allies": 2}})
    assert game.rules.medal_target("Allies") == 2
    assert game.rules.medal_target("Axis") == 6  # not named: the usual six
    game.state.score["Allies"] = 2
    assert game.rules.end_if(game.state).winner == "Allies"


def steps(attacker, frm, to, *, terrain=None, features=None, rules=None, strength=None, **kw):
    """The dice Allied ``attacker`` at ``frm`` rolls at an Axis infantry unit at ``to``, with every step."""
    extra = ({"strength": strength},) if strength else ()
    game = make([("A1", "Allies", attacker, frm, *extra), ("X1", "Axis", "infantry", to)], terrain=terrain,
                features=features, rules=rules)
    dice = battle_dice(game.rules.field, game.state, game.state.units["A1"], game.state.units["X1"], **kw)
    return dice.count, dice.steps, dice.words()


RANGE1 = ("range 1", 3, "m44.range.infantry.d1")
BEST = ("only the best reduction counts", 0, "m44.terrain.general.best_reduction")
SEISHIN = ("Seishin Kyoiku: full strength in close assault", 1, "m44.nation.japan.seishin.full_strength")
JAPAN = {"nations": {"Allies": "japan"}}


@pytest.mark.rule("m44.terrain.general.best_reduction", "m44.terrain.hill.from_below", "m44.terrain.field_bunker.dice",
                  "m44.terrain.general.battle_out_cumulative", "m44.terrain.sandbags.scope")
def test_only_the_best_terrain_reduction_counts_and_battling_out_adds():
    assert steps("infantry", "1,6", "2,6", terrain={"forest": ["2,6"]}, features={"field_bunker": ["2,6"]}) == (
        2, [RANGE1, ("target in forest", -1, "m44.terrain.forest.dice"), BEST], "3 at range, -1 target in forest = 2")
    # from a hill the target's hill gives nothing, but its field bunker still does
    assert steps("infantry", "1,6", "2,6", terrain={"hill": ["2,6", "1,6"]}, features={"field_bunker": ["2,6"]}) == (
        2, [RANGE1, ("target in field bunker", -1, "m44.terrain.field_bunker.dice"), BEST],
        "3 at range, -1 target in field bunker = 2")
    assert steps("infantry", "1,6", "2,6", terrain={"hill": ["2,6"]}, features={"sandbags": ["2,6"]})[:2] == (
        2, [RANGE1, ("target in hill", -1, "m44.terrain.hill.dice"), BEST])
    assert steps("infantry", "1,6", "2,6", terrain={"hill": ["2,6", "1,6"]}, features={"sandbags": ["2,6"]}) == (
        3, [RANGE1], "3 at range = 3")
    assert steps("infantry", "1,6", "2,6", features={"sandbags": ["2,6"], "wire": ["1,6"]}) == (
        1, [RANGE1, ("target in sandbags", -1, "m44.terrain.sandbags.dice"),
            ("battling out of barbed wire", -1, "m44.terrain.wire.infantry_battle_out"),
            ("added to the target's terrain", 0, "m44.terrain.general.battle_out_cumulative")],
        "3 at range, -1 target in sandbags, -1 battling out of barbed wire = 1")


@pytest.mark.rule("m44.nation.japan.seishin.full_strength")
def test_seishin_kyoiku_only_for_full_strength_japanese_infantry_in_close_assault():
    assert steps("infantry", "1,6", "2,6", rules=JAPAN) == (
        4, [RANGE1, SEISHIN], "3 at range, +1 Seishin Kyoiku: full strength in close assault = 4")
    assert steps("infantry", "0,6", "2,6", rules=JAPAN)[0] == 2  # not a close assault
    assert steps("infantry", "1,6", "2,6", rules=JAPAN, strength=3)[0] == 3  # not at full strength
    assert steps("armor", "1,6", "2,6", rules=JAPAN)[0] == 3  # not infantry
    assert steps("infantry", "1,6", "2,6", rules=JAPAN, terrain_free=True)[0] == 3
    assert steps("infantry", "1,6", "2,6")[0] == 3  # not Japanese
    assert steps("infantry", "1,6", "2,6", bonus=1, bonus_reason="card", bonus_clause="x.y") == (
        4, [RANGE1, ("card", 1, "x.y")], "3 at range, +1 card = 4")


def reach(units, *, terrain=None, **kw):
    """Why Allied A1 may not battle Axis X1 (the message and its clause), or None when it may."""
    game = make(units, terrain=terrain)
    error = reach_error(game.rules.field, game.state, game.state.units["A1"], game.state.units["X1"], **kw)
    return None if error is None else (error.reason, error.clause)


@pytest.mark.rule("m44.range.infantry.max", "m44.battle.close_assault.forced", "m44.los.required",
                  "m44.nation.japan.banzai.move_two")
def test_why_a_battle_cannot_be_made():
    assert reach([("A1", "Allies", "infantry", "0,6"), ("X1", "Axis", "infantry", "4,6")]) == (
        "X1 is 4 hexes away: beyond the infantry's range of 3.", "m44.range.infantry.max")
    assert reach([("A1", "Allies", "infantry", "0,6"), ("X1", "Axis", "infantry", "3,6")]) is None  # at range 3
    assert reach([("A1", "Allies", "infantry", "0,6"), ("X1", "Axis", "infantry", "2,6")], close_only=True) == (
        "X1 is not adjacent: only a close assault is allowed here.", "m44.nation.japan.banzai.move_two")
    assert reach([("A1", "Allies", "infantry", "0,6"), ("X1", "Axis", "infantry", "2,6"),
                  ("X2", "Axis", "infantry", "1,6")]) == (
        "X2 is adjacent: a unit next to an enemy must close assault it if it battles.", "m44.battle.close_assault.forced")
    assert reach([("A1", "Allies", "infantry", "0,6"), ("X1", "Axis", "infantry", "2,6"),
                  ("A2", "Allies", "infantry", "0,5")]) is None  # a friend next to it is no reason
    assert reach([("A1", "Allies", "infantry", "0,6"), ("X1", "Axis", "infantry", "2,6")],
                 terrain={"forest": ["1,6"]}) == ("No line of sight to X1: 1,6 blocks it.", "m44.los.required")
    assert reach([("A1", "Allies", "artillery", "0,6"), ("X1", "Axis", "infantry", "2,6")],
                 terrain={"forest": ["1,6"]}) is None  # artillery needs no line of sight here
    assert reach([("A1", "Allies", "infantry", "1,6"), ("X1", "Axis", "infantry", "2,6")], close_only=True) is None


@pytest.mark.rule("m44.terrain.general.artillery_unmodified")
def test_terrain_free_dice_and_out_of_range():
    assert steps("infantry", "1,6", "2,6", terrain={"town": ["2,6"]}, terrain_free=True) == (
        3, [RANGE1], "3 at range = 3")
    assert steps("infantry", "0,6", "4,6")[:2] == (0, [("range 4", 0, "m44.range.infantry.d3")])


@pytest.mark.rule("m44.resolve.hit.matching", "m44.resolve.flag.timing", "m44.terrain.town.dice")
def test_the_odds_panel_for_a_battle_on_the_table():
    # Two dice at a 2-figure unit: per die a hit 1/2, a flag 1/6, nothing 1/3.
    game = make([("A1", "Allies", "infantry", "1,6"), ("X1", "Axis", "infantry", "2,6", {"strength": 2})],
                terrain={"town": ["2,6"]})
    r = battle_report(game.rules, game.state, game.state.units["A1"], game.state.units["X1"])
    assert r.title == "A1 (infantry) at X1 (infantry, 2 figures)"
    assert r.outcomes == [("0 figures lost", F(1, 4)), ("1 figure lost", F(1, 2)),
                          ("2 figures lost (eliminated)", F(1, 4))]
    assert r.summary == {"eliminate": F(1, 4), "at least one figure": F(3, 4), "force a retreat": F(11, 36)}
    assert r.clauses == ("m44.resolve.hit.matching", "m44.range.infantry.d1", "m44.terrain.town.dice")
    assert r.notes == ["2 dice: 3 at range, -1 target in town or village = 2"]
    # Three dice at a lone armor figure: a hit 1/3 a die; a retreat needs no hit and a flag.
    game = make([("A1", "Allies", "armor", "1,6"), ("X1", "Axis", "armor", "2,6", {"strength": 1})])
    r = battle_report(game.rules, game.state, game.state.units["A1"], game.state.units["X1"])
    assert r.title == "A1 (armor) at X1 (armor, 1 figure)"
    assert r.outcomes == [("0 figures lost", F(8, 27)), ("1 figure lost (eliminated)", F(19, 27))]
    assert r.summary == {"eliminate": F(19, 27), "at least one figure": F(19, 27), "force a retreat": F(37, 216)}
    assert r.notes == ["3 dice: 3 at range = 3"]
