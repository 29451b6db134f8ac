"""More checks of Cactus Air Force's hour of ground combat and its exact odds, written to close the gaps mutation
testing found (``make mutation``). The one-die chances are worked by hand: a 6 hits (1/6), a defender's 5 is a
retreat result (1/6), anything else does nothing (4/6)."""

from __future__ import annotations

import argparse
from fractions import Fraction

import pytest

from hexlab import scenario
from hexlab.engine import HexlabError
from hexlab.rulesets.cactus import clock
from hexlab.rulesets.cactus.combat import BLANK, HourResult, hour_dist, hour_result, rolled_dice
from hexlab.rulesets.cactus.odds import CactusOdds, hour_outcomes, hour_report

F = Fraction
BASE = ["caf.combat.both_sides_roll", "caf.combat.hit_on_six", "caf.combat.hit_costs_one_step",
        "caf.combat.defender_five_forces_retreat", "caf.components.counters.left_number_is_dice"]


@pytest.mark.rule("caf.combat.hit_on_six", "caf.combat.defender_five_forces_retreat",
                  "caf.combat.retreat_overland_to_start", "caf.combat.seaborne_no_retreat_extra_step",
                  "caf.combat.banzai.automatic_step_loss")
def test_one_hour_from_the_faces():
    assert hour_result([6, 6, 5], [1, 4]) == HourResult(0, 2, False, 0, False, 0, 0)  # the attacker's 5 does nothing
    assert hour_result([1], [6, 5, 5]) == HourResult(1, 0, True, 1, True, 0, 0)  # one retreat however many 5s
    assert hour_result([6], [5], seaborne=True) == HourResult(1, 1, False, 0, True, 1, 0)
    assert hour_result([6], [5], seaborne=True, overland=True) == HourResult(1, 1, True, 0, True, 1, 0)
    assert hour_result([BLANK, 6, 6, 6], [6, BLANK], banzai=2) == HourResult(3, 3, False, 1, False, 0, 2)
    assert hour_result([1], [2], banzai=True).attacker_steps_lost == 1
    assert tuple(hour_result([6], [6, 5])) == (1, 1, True)
    assert hour_result([6], [6, 5]).key() == (1, 1, True)


@pytest.mark.rule("caf.combat.banzai.doubled_dice")
def test_bad_faces_and_counts_are_refused():
    for face in (0, 7, True, "6", 5.0):
        with pytest.raises(ValueError, match=r"is not a d6 face \(1 to 6, or '1-4'\)$"):
            hour_result([face], [1])
    with pytest.raises(ValueError, match="^banzai counts the units making a Banzai attack: 0 or more$"):
        hour_result([1], [1], banzai=-1)
    with pytest.raises(ValueError, match="^dice counts must be 0 or more$"):
        hour_dist(-1, 1)
    with pytest.raises(ValueError, match="^dice counts must be 0 or more$"):
        hour_dist(1, -1)
    assert rolled_dice(3, True) == 6 and rolled_dice(3, False) == 3
    assert hour_dist(0, 0).items() == ((HourResult(0, 0, False), F(1)),)


@pytest.mark.rule("caf.combat.hit_on_six", "caf.combat.defender_five_forces_retreat",
                  "caf.combat.retreat_overland_to_start", "caf.combat.seaborne_no_retreat_extra_step")
def test_one_die_against_one_worked_by_hand():
    hour_dist.cache_clear()  # the chances are remembered between calls: work them afresh
    assert hour_outcomes(1, 1) == {(0, 0, False): F(20, 36), (0, 0, True): F(5, 36), (0, 1, False): F(4, 36),
                                   (0, 1, True): F(1, 36), (1, 0, False): F(5, 36), (1, 1, False): F(1, 36)}
    assert hour_outcomes(1, 1, seaborne=True) == {(0, 0, False): F(20, 36), (0, 1, False): F(4, 36),
                                                  (1, 0, False): F(10, 36), (1, 1, False): F(2, 36)}
    banzai = hour_outcomes(1, 1, banzai=True)  # two attacking dice, one step lost after
    assert sum(p for (a, _, _), p in banzai.items() if a >= 1) == 1
    assert banzai[(1, 2, False)] == F(1, 36) * F(4, 6) and banzai[(2, 2, False)] == F(1, 36) * F(1, 6)


@pytest.mark.rule("caf.combat.retreat_overland_to_start", "caf.combat.seaborne_no_retreat_extra_step")
def test_the_hour_odds_panel():
    hour_dist.cache_clear()  # the chances are remembered between calls: work them afresh
    r = hour_report("t", 3, 3, defender_steps=1, attacker_steps=2, notes=["n"])
    assert r.title == "t"
    assert r.outcomes[:3] == [("attacker -0, defender -0", F(125, 729)),
                              ("attacker -0, defender -0, attacker retreats", F(7625, 46656)),
                              ("attacker -1, defender -0", F(125, 972))]
    assert len(r.outcomes) == 11 and r.outcomes[-1] == ("other outcomes", F(1049, 11664))
    assert sum(p for _, p in r.outcomes) == 1
    assert r.summary == {"defender loses a step": 1 - F(5, 6) ** 3, "attacker loses a step": 1 - F(5, 6) ** 3,
                         "defender rolls a 5 (retreat result)": 1 - F(5, 6) ** 3,
                         "every defender step gone this hour": 1 - F(5, 6) ** 3,
                         "every attacker step gone this hour": F(2, 27)}
    assert r.clauses == (*BASE, "caf.combat.retreat_overland_to_start")
    assert r.notes == ["3 attacking dice against 3; 6s hit, any defender 5 is a retreat result", "n"]
    sea = hour_report("t", 1, 1, banzai=1, seaborne=True)
    assert sea.outcomes == [("attacker -1, defender -0", F(5, 9)), ("attacker -2, defender -0", F(5, 18)),
                            ("attacker -1, defender -1", F(1, 9)), ("attacker -2, defender -1", F(1, 18))]
    assert sea.summary == {"defender loses a step": F(1, 6), "attacker loses a step": F(1),
                           "defender rolls a 5 (retreat result)": F(1, 6)}
    assert sea.clauses[-1] == "caf.combat.seaborne_no_retreat_extra_step"


def ask(**kw):
    base = dict(attacker_dice=None, defender_dice=None, banzai=False, seaborne=False, battle=False, attacker=None,
                defender=None, max_hours=None, hours=None)
    return CactusOdds().report(argparse.Namespace(**{**base, **kw}))


@pytest.mark.rule("caf.combat.banzai.doubled_dice", "caf.combat.banzai.automatic_step_loss")
def test_the_hour_odds_command():
    hour_dist.cache_clear()  # the chances are remembered between calls: work them afresh
    r = ask(attacker_dice=1, defender_dice=1, banzai=True)
    assert r["kind"] == "hour" and r["rolled"] == {"attacker": 2, "defender": 1}
    assert (r["attacker_dice"], r["defender_dice"], r["banzai"], r["seaborne"]) == (1, 1, True, False)
    assert r["outcomes"][0] == {"attacker_steps_lost": 1, "defender_steps_lost": 0, "attacker_retreats": False,
                                "p": "25/54"}
    assert len(r["outcomes"]) == 9
    assert (r["p_defender_loses_a_step"], r["p_attacker_loses_a_step"], r["p_retreat_result"]) == ("11/36", "1/1", "1/6")
    assert (r["expected_defender_steps_lost"], r["expected_attacker_steps_lost"]) == ("1/3", "7/6")
    assert r["clauses"] == [*BASE, "caf.combat.retreat_overland_to_start", "caf.combat.banzai.doubled_dice",
                            "caf.combat.banzai.automatic_step_loss"]
    sea = ask(attacker_dice=1, defender_dice=1, seaborne=True)
    assert sea["clauses"] == [*BASE, "caf.combat.seaborne_no_retreat_extra_step"]
    assert [o["p"] for o in sea["outcomes"]] == ["5/9", "1/9", "5/18", "1/18"]
    assert sea["expected_attacker_steps_lost"] == "1/3"  # a 6 or a 5 each cost a step
    assert ask(attacker_dice=20, defender_dice=1)["rolled"]["attacker"] == 20
    for bad in ({"attacker_dice": 0, "defender_dice": 1}, {"attacker_dice": 1, "defender_dice": 21},
                {"attacker_dice": 21, "defender_dice": 1}, {"attacker_dice": 1, "defender_dice": 0}):
        with pytest.raises(HexlabError, match="^--attacker-dice and --defender-dice must be 1 to 20$"):
            ask(**bad)
    with pytest.raises(HexlabError, match="^give --attacker-dice and --defender-dice"):
        ask(attacker_dice=1)
    with pytest.raises(HexlabError, match="^a battle needs --attacker and --defender stacks$"):
        ask(battle=True, attacker="snlf")


@pytest.mark.rule("caf.victory.sudden_death_guadalcanal")
def test_japanese_troops_alone_on_guadalcanal_win_at_once():
    game = scenario.load("cactus/guadalcanal", seed=1)
    rules, state = game.rules, game.state  # a fresh game of our own: changed in place
    gc = rules.guadalcanal
    assert clock.sudden_death(rules, state) is None  # the Marines hold it
    state.units["1Mar"].at = "beach_red"
    assert clock.sudden_death(rules, state) is None  # nobody holds it
    state.units["SNLF1"].at = gc
    won = clock.sudden_death(rules, state)
    assert won.winner == rules.japanese and won.clauses == ("caf.victory.sudden_death_guadalcanal",)
    assert won.reason == f"Japanese troops alone hold {rules.where(gc)}: sudden death"
    state.rules_state.fights[gc] = state.rules_state.fights.get(gc) or object()  # a fight still going on there
    assert clock.sudden_death(rules, state) is None


@pytest.mark.rule("caf.victory.uncontested_location_vp", "caf.victory.occupied_unbombed_target")
def test_after_the_last_turn_more_vp_wins_and_equal_vp_is_a_draw():
    game = scenario.load("cactus/guadalcanal", seed=1)
    rules, state = game.rules, game.state
    a, b = state.sides
    state.score.update({a: 3, b: 2})
    assert clock.final_outcome(rules, state) is None  # not finished yet
    state.rules_state.finished = True
    won = clock.final_outcome(rules, state)
    assert won.winner == a and won.reason == f"after {rules.options.turns} turns: {a} 3 VP, {b} 2 VP"
    assert won.clauses == ("caf.victory.uncontested_location_vp", "caf.victory.occupied_unbombed_target")
    state.score.update({a: 2, b: 4})
    assert clock.final_outcome(rules, state).winner == b
    state.score.update({a: 4, b: 4})
    draw = clock.final_outcome(rules, state)
    assert draw.winner is None and draw.reason.endswith(f"{a} 4 VP, {b} 4 VP")
