"""More checks of Operation Cartwheel's die rolls, strikes, exact odds and scoring, written to close the gaps mutation
testing found (``make mutation``). Every roll is a d10 read 1 to 10, so each threshold is checked on all ten faces."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hexlab import scenario
from hexlab.engine import HexlabError
from hexlab.engine.ruleset import Context
from hexlab.rulesets.cartwheel import closing, combat, odds, scoring
from hexlab.rulesets.cartwheel.combat import BaseResult, Damage
from hexlab.rulesets.cartwheel.state import Award

F = Fraction
FACES = range(1, 11)


def passing(pred) -> list[int]:
    return [f for f in FACES if pred(f)]


@pytest.mark.rule("oc.sequence.initiative_roll.six_or_more_allied", "oc.air.recon.flight_roll_seven_or_less",
                  "oc.air.recon.general_regroup_plus_one", "oc.base.scramble_default", "oc.base.aa_fire_default",
                  "oc.air.airbase_destruction.repair_roll_default", "oc.components.die.dr_and_drm")
def test_each_roll_on_every_face():
    assert combat.modified(7, -2) == 5
    assert passing(lambda f: combat.allied_initiative(f, 0)) == [6, 7, 8, 9, 10]
    assert passing(lambda f: combat.allied_initiative(f, -2)) == [8, 9, 10]
    assert passing(lambda f: combat.recon_flies(f, False)) == [1, 2, 3, 4, 5, 6, 7]
    assert passing(lambda f: combat.recon_flies(f, True)) == [1, 2, 3, 4, 5, 6]
    assert passing(lambda f: combat.scrambles(f, 0)) == [1, 2, 3, 4, 5, 6]
    assert passing(lambda f: combat.scrambles(f, 2)) == [1, 2, 3, 4]
    assert passing(lambda f: combat.aa_hits(f)) == [1, 2, 3]
    assert passing(lambda f: combat.aa_hits(f, 1)) == [1, 2]
    assert passing(lambda f: combat.fire_hits(f, 4)) == [1, 2, 3, 4]
    assert passing(lambda f: combat.fire_hits(f, 4, -1)) == [1, 2, 3, 4, 5]
    assert passing(lambda f: combat.bomb_hits(f, 3)) == [1, 2, 3]
    assert passing(lambda f: combat.bomb_hits(f, 3, 1)) == [1, 2]
    assert passing(combat.repaired) == [1, 2, 3, 4, 5]
    assert passing(lambda f: combat.evacuates(f, 5, 2)) == [1, 2, 3]


@pytest.mark.rule("oc.base.scramble_default", "oc.air.evacuation.table_default")
def test_the_modifiers():
    assert combat.scramble_drm(False, False, False) == 0
    assert combat.scramble_drm(True, False, False) == 1
    assert combat.scramble_drm(True, True, True) == 3
    assert combat.scramble_drm(False, True, False) == combat.scramble_drm(False, False, True) == 1
    assert combat.evacuation_drm(False, False, False) == 0
    assert combat.evacuation_drm(True, False, False) == 2
    assert combat.evacuation_drm(False, True, False) == 1
    assert combat.evacuation_drm(False, False, True) == 1
    assert combat.evacuation_drm(True, True, True) == 4
    assert combat.resistance(5, 3) == 2 and combat.resistance(2, 3) == -1


@pytest.mark.rule("oc.base.aerial_combat_default", "oc.components.pieces.no_back_eliminated")
def test_hits_disrupt_then_reduce_then_eliminate():
    fresh = Damage()
    assert combat.hit(fresh, True) == Damage(True, False, False)
    assert combat.hit(Damage(True), True) == Damage(True, True, False)
    assert combat.hit(Damage(True), False) == Damage(True, False, True)
    assert combat.hit(Damage(True, True), True) == Damage(True, True, True)
    gone = Damage(True, True, True)
    assert combat.hit(gone, True) is gone
    assert combat.hit(Damage(False, True), True) == Damage(True, True, False)


@pytest.mark.rule("oc.base.aerial_combat_default", "oc.base.aa_fire_default")
def test_who_fires_at_whom():
    assert combat.targets(2, 3, 3) == ([0, 1, 0], [0, 1, 2])
    assert combat.targets(0, 2, 1) == ([], [0, 0])
    assert combat.targets(3, 2, 0) == ([], [])
    assert combat.aa_aim(3, 2) == [0, 1, 0]
    assert combat.aa_aim(2, 0) == []
    assert combat.aa_targets([True, False, True], 2) == [0]
    assert combat.aa_targets([False, True, True], 2) == [0, 1]
    assert combat.aa_targets([False, False], 2) == []


@pytest.mark.rule("oc.base.bombing_default", "oc.air.mobile.under_construction_removed_if_hit")
def test_an_airbase_under_bombs():
    assert combat.airbase_bombed(0, False, False) == BaseResult("no effect", 0)
    assert combat.airbase_bombed(0, True, True) == BaseResult("no effect", 0)
    assert combat.airbase_bombed(1, False, False) == BaseResult("disrupted", 0)
    assert combat.airbase_bombed(2, False, False) == BaseResult("destroyed", 0)
    assert combat.airbase_bombed(4, False, False) == BaseResult("destroyed", 2)
    assert combat.airbase_bombed(1, True, False) == BaseResult("destroyed", 0)
    assert combat.airbase_bombed(3, True, False) == BaseResult("destroyed", 2)
    assert combat.airbase_bombed(5, False, True) == BaseResult("removed", 0)


@pytest.mark.rule("oc.sequence.initiative_roll.drm_table_default", "oc.air.evacuation.success_at_or_below_srmp")
def test_the_single_roll_odds():
    assert odds.chance(lambda f: f <= 3) == F(3, 10)
    r = odds.initiative_odds(2)
    assert (r["drm"], r["p_allied_initiative"], r["p_japanese_initiative"]) == (2, "7/10", "3/10")
    assert r["missions"] == [{"missions": 1, "p": "3/10"}, {"missions": 2, "p": "2/5"}, {"missions": 3, "p": "3/10"}]
    assert r["clauses"][0] == "oc.sequence.initiative_roll.six_or_more_allied" and len(r["clauses"]) == 5
    assert odds.recon_odds(True) == {"general_regroup": True, "p_flies": "3/5", "p_grounded": "2/5",
                                     "clauses": ["oc.air.recon.flight_roll_seven_or_less",
                                                 "oc.air.recon.general_regroup_plus_one"]}
    e = odds.evacuation_odds(5, True, False, True)
    assert (e["srmp"], e["drm"], e["p_escape"], e["p_destroyed"]) == (5, 3, "1/5", "4/5")
    assert e["clauses"] == ["oc.air.evacuation.success_at_or_below_srmp", "oc.air.evacuation.table_default",
                            "oc.air.evacuation.failure_destroyed"]


@pytest.mark.rule("oc.base.scramble_default", "oc.base.aerial_combat_default", "oc.base.aa_fire_default",
                  "oc.base.bombing_default")
def test_a_strike_worked_by_hand():
    # The interceptor scrambles on 1-6 (6/10) and hits on 1-5 (1/2): the bomber is stopped 3/10 of the time;
    # otherwise AA (1-3) stops it 3/10 of the rest; a bomber that gets through bombs on 1-3.
    r = odds.strike_odds([3], [], [5], 1)
    assert (r["p_disrupted"], r["p_destroyed"], r["p_no_effect"]) == ("147/1000", "0/1", "853/1000")
    assert r["bombers_lost"] == [{"bombers": 0, "p": "49/100"}, {"bombers": 1, "p": "51/100"}]
    assert (r["bombers"], r["escorts"], r["interceptors"], r["aa"], r["scramble_drm"]) == ([3], [], [5], 1, 0)
    assert r["clauses"] == ["oc.base.scramble_default", "oc.base.aerial_combat_default", "oc.base.aa_fire_default",
                            "oc.base.bombing_default"]
    two = odds.strike_dist([3, 3], [], [], 0)
    assert two == {("no effect", 0, 0): F(49, 100), ("disrupted", 0, 0): F(42, 100), ("destroyed", 0, 0): F(9, 100)}
    assert odds.strike_dist([3], [], [], 0, already_disrupted=True) == {("no effect", 0, 0): F(7, 10),
                                                                         ("destroyed", 0, 0): F(3, 10)}
    hardy = odds.strike_dist([3], [], [10], 0, bomber_drms=[2])  # AF 10 at DF +2: hits on 1-8
    assert sum(q for (_, a, _), q in hardy.items() if a == 1) == F(6, 10) * F(8, 10)
    report = odds.strike_report("t", [3, 2], [1], 2, scramble_drm=1, interceptors=[4], bomber_drms=[1, 0])
    assert report.outcomes == [("destroyed", F(357, 12500)), ("disrupted", F(14029, 50000)),
                               ("no effect", F(34543, 50000))]
    assert report.summary == {"disrupt or destroy": F(15457, 50000), "destroy": F(357, 12500)}
    assert odds._bools([F(1, 3), F(1)]) == [((True, True), F(1, 3)), ((False, True), F(2, 3))]


@pytest.mark.parametrize("args, message", [
    (([3] * 9, [], [], 1), "^--bombers: at most 8 values, each 0 to 10$"),
    (([11], [], [], 1), "^--bombers: at most 8 values, each 0 to 10$"),
    (([3], [-1], [], 1), "^--escorts: at most 8 values, each 0 to 10$"),
    (([3], [], [11], 1), "^--interceptors: at most 8 values, each 0 to 10$"),
    (([], [], [], 1), "^--bombers: a strike needs at least one bomber$"),
    (([3], [], [], 4), "^--aa must be 0 to 3$"),
    (([3], [], [], -1), "^--aa must be 0 to 3$"),
])
def test_bad_strikes_are_refused(args, message):
    with pytest.raises(HexlabError, match=message):
        odds.strike_odds(*args)


def test_edge_strikes_are_allowed():
    assert odds.strike_odds([0, 10], [], [], 3)["aa"] == 3
    assert odds.strike_odds([3] * 8, [], [], 0)["p_no_effect"] == fraction_of(F(7, 10) ** 8)
    assert odds._ints("3, 4,,5", "--bombers") == [3, 4, 5]
    with pytest.raises(HexlabError, match='^--bombers: numbers separated by commas, like "3,3"$'):
        odds._ints("3,x", "--bombers")


def fraction_of(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


@pytest.mark.rule("oc.base.victory_default")
def test_victory_points_are_counted_in_halves():
    assert scoring.vp(2) == "1" and scoring.vp(3) == "1.5" and scoring.vp(0) == "0" and scoring.vp(1) == "0.5"


def vp_phase(game):
    ctx = Context(game.rules, game.state)
    closing.victory_points(game.rules, ctx)
    return game.rules.mine(game.state), [e.text for e in ctx.events]


@pytest.mark.rule("oc.victory.concept.control_by_occupation", "oc.sequence.phase.victory_points_final_turn",
                  "oc.base.victory_default")
def test_the_last_victory_points_phase_scores_occupation_and_names_the_winner():
    game = scenario.load("cartwheel/wewak", seed=1)  # a fresh game of our own, changed in place
    rules, s = game.rules, game.state
    assert closing.occupier(rules, s, "0605") == "Japan"
    s.turn = rules.options.turns
    mine, texts = vp_phase(game)
    assert texts == ["Japan score 2 VP: a ground combat unit occupies 0505.",
                     "Japan score 2 VP: a ground combat unit occupies 0605.",
                     "Victory Points Phase of the last turn: Allies 0, Japan 4."]
    assert scoring.totals(rules, s) == {"Allies": 0, "Japan": 4}
    assert mine.over and mine.winner == "Japan"
    assert mine.reason == "after the last turn (2) the VPs stand Allies 0, Japan 4"


@pytest.mark.rule("oc.base.victory_default", "oc.sequence.phase.victory_points_advance")
def test_equal_points_after_the_last_turn_are_a_draw_and_earlier_turns_go_on():
    game = scenario.load("cartwheel/wewak", seed=1)
    rules, s = game.rules, game.state
    rules.mine(s).awards.append(Award("Allies", 9, "test", "oc.base.victory_default", 1))
    mine, texts = vp_phase(game)  # turn 1 of 2: no occupation score yet, the marker moves on
    assert not mine.over and s.turn == 2
    assert texts[0] == "Victory Points: Allies 4.5, Japan 0. The turn marker moves to turn 2."
    mine.awards.append(Award("Japan", 1, "test", "oc.base.victory_default", 2))
    mine, texts = vp_phase(game)  # Japan scores 4 for occupation: 4.5 each
    assert mine.over and mine.winner is None
    assert mine.reason == "after the last turn (2) the VPs stand Allies 4.5, Japan 4.5: a draw"
    assert scoring.totals(rules, s) == {"Allies": F(9, 2), "Japan": F(9, 2)}
