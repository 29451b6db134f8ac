"""More checks of War at Sea's attacks, infantry combat and exact odds, written to close the gaps mutation testing
found (``make mutation``). Every chance below is worked by hand from a d6 (4 or 5 one success, 6 two)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hexlab import scenario
from hexlab.engine import HexlabError
from hexlab.engine.ruleset import Context
from hexlab.rulesets.warsea import combat, end_turn
from hexlab.rulesets.warsea.combat import TROOP, Result, Target, attack, attack_dice, infantry_round, successes
from hexlab.rulesets.warsea.odds import (
    attack_report,
    gunnery_report,
    hits_dist,
    infantry_dist,
    infantry_report,
    island_chain,
    island_report,
)
from hexlab.rulesets.warsea.options import UnitClass
from hexlab.rulesets.warsea.state import Sinking

F = Fraction


@pytest.mark.rule("was.combat.base_attack_dice_default")
def test_successes_per_face():
    assert [successes([f]) for f in range(1, 7)] == [0, 0, 0, 1, 1, 2]
    assert successes([6, 6, 4, 1]) == 5


@pytest.mark.rule("was.base.attack_on_ships_default", "was.combat.base_armour_damage_default")
def test_an_attack_on_a_ship():
    ship = Target("ship", armour=2, vital=4, hull_left=2)
    assert attack([4], ship) == Result(1, "no effect")
    assert attack([6], ship) == Result(2, "damaged")  # Armour reached, hull points left
    assert attack([6, 5], ship) == Result(3, "damaged")
    assert attack([6, 6], ship) == Result(4, "sunk")  # Vital Armour
    last = Target("ship", armour=2, vital=4, hull_left=1)
    assert attack([6], last) == Result(2, "sunk")  # the last hull point
    no_vital = Target("ship", armour=2, vital=None, hull_left=3)
    assert attack([6, 6, 6], no_vital) == Result(6, "damaged")


@pytest.mark.rule("was.base.air_missions_default")
def test_an_attack_on_an_aircraft():
    plane = Target("aircraft", armour=1, vital=3)
    assert attack([3], plane) == Result(0, "no effect")
    assert attack([4], plane) == Result(1, "aborted")
    assert attack([6, 4], plane) == Result(3, "destroyed")
    assert attack([6, 6], Target("aircraft", armour=1)) == Result(4, "aborted")


@pytest.mark.rule("was.combat.troop.hard_to_kill")
def test_a_troop_counter_is_hard_to_kill():
    assert attack([6, 6], TROOP) == Result(4, "no effect")
    assert attack([6, 6, 4], TROOP) == Result(5, "damaged")
    assert attack([6, 6, 6, 6], TROOP) == Result(8, "damaged")  # never destroyed by one attack with two hull points
    hurt = Target("troop", 5, None, 1, True)
    assert attack([6, 6, 4], hurt) == Result(5, "destroyed")
    plain = Target("troop", 5, 7, 2, False)
    assert attack([6, 6, 6, 4], plain) == Result(7, "destroyed")
    vital = Target("troop", 5, 7, 2, True)  # even at a Vital Armour, Hard to Kill leaves the last hull point
    assert attack([6, 6, 6, 4], vital) == Result(7, "damaged")
    assert attack([6, 6, 6, 4], Target("troop", 5, 7, 1, True)) == Result(7, "destroyed")


@pytest.mark.rule("was.combat.troop.hit_on_5_or_6", "was.combat.troop.simultaneous_removal")
def test_infantry_combat_marks_a_different_troop_per_hit():
    assert [combat.infantry_hits([f]) for f in range(1, 7)] == [0, 0, 0, 0, 1, 1]
    assert combat.marks(3, 2) == 2 and combat.marks(1, 2) == 1
    assert combat.infantry_losses(attacker_hits=2, defender_hits=1, attackers=3, defenders=1) == (1, 1)
    assert infantry_round([5, 6, 1], [6]) == (1, 1)
    assert infantry_round([4, 4], [5, 5, 5]) == (2, 0)
    assert infantry_round([6, 6, 6], [1, 2]) == (0, 2)


SHIP = UnitClass(name="cruiser", kind="ship", points=5, armour=3, gunnery=[3, 2, 1, 1], anti_air=2,
                 abilities=["Shore Support"], torpedo=4, bombs=2)
PLANE = UnitClass(name="bomber", kind="aircraft", points=2, armour=1, gunnery=[1], bombs=3)


@pytest.mark.rule("was.base.gunnery_range_default", "was.combat.bombard_shore_support_bonus")
def test_the_dice_an_attack_gets():
    assert attack_dice(SHIP, "gunnery", 0, False) == (3, ["was.base.gunnery_range_default"])
    assert attack_dice(SHIP, "gunnery", 3, False) == (1, ["was.base.gunnery_range_default"])
    assert attack_dice(SHIP, "gunnery", 4, False) == (0, ["was.base.gunnery_range_default"])  # beyond 3 sectors
    assert attack_dice(SHIP, "gunnery", 1, True) == (4, ["was.base.gunnery_range_default",
                                                         "was.combat.bombard_shore_support_bonus"])
    assert attack_dice(SHIP, "gunnery", 2, True) == (3, ["was.base.gunnery_range_default",
                                                         "was.combat.bombard_shore_support_bonus"])
    short = UnitClass(name="gunboat", kind="ship", points=1, armour=1, gunnery=[1, 0], abilities=["Bombard"])
    assert attack_dice(short, "gunnery", 1, True) == (0, ["was.base.gunnery_range_default"])
    assert attack_dice(short, "gunnery", 2, False) == (0, ["was.base.gunnery_range_default"])
    assert attack_dice(SHIP, "anti_air", 0, False) == (2, ["was.base.air_missions_default"])
    assert attack_dice(SHIP, "bombs", 0, False) == (0, ["was.base.air_missions_default"])
    assert attack_dice(PLANE, "bombs", 0, True) == (3, ["was.base.air_missions_default"])
    assert attack_dice(SHIP, "torpedo", 0, False) == (4, ["was.base.attack_on_ships_default"])
    assert attack_dice(PLANE, "gunnery", 0, False) == (1, ["was.base.air_missions_default"])
    assert attack_dice(PLANE, "gunnery", 1, False) == (0, ["was.base.air_missions_default"])
    assert attack_dice(SHIP, "ram", 0, False) == (0, [])


@pytest.mark.rule("was.base.attack_on_ships_default", "was.combat.base_attack_dice_default")
def test_the_gunnery_odds_report():
    assert gunnery_report(1, armour=1, vital=2) == {
        "dice": 1, "bombard": False, "target": {"kind": "ship", "armour": 1, "vital": 2, "hull_left": 1},
        "outcomes": [{"successes": 0, "p": "1/2"}, {"successes": 1, "p": "1/3"}, {"successes": 2, "p": "1/6"}],
        "expected_successes": "2/3", "p_damage": "1/2", "p_sink": "1/2",
        "clauses": ["was.combat.base_attack_dice_default", "was.base.attack_on_ships_default"]}
    ship = gunnery_report(2, bombard=True, armour=3)
    assert ship["dice"] == 2 and ship["p_damage"] == "5/36" and ship["p_sink"] == "5/36"
    assert ship["notes"] == ["Bombard and Shore Support add dice only against troop counters"]
    two_hulls = gunnery_report(2, armour=3, hull=2)  # no Vital Armour and a hull point to spare: never sunk at once
    assert two_hulls["p_sink"] == "0/1" and two_hulls["p_damage"] == "5/36"
    troop = gunnery_report(1, bombard=True)
    assert troop["dice"] == 3 and troop["target"] == {"kind": "troop", "armour": 5, "vital": None, "hull_left": 2}
    assert troop["p_damage"] == "7/216" and troop["p_sink"] == "0/1" and troop["p_destroy_if_damaged_already"] == "7/216"
    assert troop["clauses"] == ["was.combat.base_attack_dice_default", "was.base.attack_on_ships_default",
                                "was.combat.bombard_shore_support_bonus", "was.components.troop.armour_5",
                                "was.components.troop.hull_points_2", "was.combat.base_armour_damage_default",
                                "was.combat.troop.hard_to_kill"]
    assert troop["notes"][0].startswith("one attack can never destroy an undamaged troop counter")
    hurt = gunnery_report(3, hull=1)
    assert hurt["p_sink"] == hurt["p_destroy_if_damaged_already"] == "7/216" and "notes" not in hurt
    assert "notes" not in gunnery_report(1, armour=1)
    for bad, message in (((31,), "^--gunnery must be 0 to 30$"), ((-1,), "^--gunnery must be 0 to 30$")):
        with pytest.raises(HexlabError, match=message):
            gunnery_report(*bad)
    with pytest.raises(HexlabError, match="^--hull must be at least 1$"):
        gunnery_report(1, armour=2, hull=0)


@pytest.mark.rule("was.base.air_missions_default", "was.combat.troop.hard_to_kill")
def test_the_attack_odds_panel():
    plane = attack_report("t", 2, Target("aircraft", 1, 2), ["x.y"])
    assert plane.outcomes == [("aborted", F(1, 3)), ("destroyed", F(5, 12)), ("no effect", F(1, 4))]
    assert plane.summary == {"abort or destroy": F(3, 4), "destroy": F(5, 12)}
    assert plane.clauses == ("was.combat.base_attack_dice_default", "was.base.attack_on_ships_default", "x.y")
    assert plane.notes == ["2 dice: each 4 or 5 one success, each 6 two (illustrative base-game values)"]
    troop = attack_report("t", 3, TROOP)
    assert troop.summary == {"damage or worse": F(7, 216), "destroyed": F(0)}
    assert troop.notes[1] == "Hard to Kill: one attack never destroys a troop counter with both hull points"
    ship = attack_report("t", 1, Target("ship", 1, 2))
    assert ship.summary == {"damage or worse": F(1, 2), "sunk": F(1, 2)} and len(ship.notes) == 1


@pytest.mark.rule("was.combat.troop.one_die_per_counter", "was.combat.troop.hit_on_5_or_6",
                  "was.combat.troop.simultaneous_removal", "was.combat.troop.contested_continues")
def test_the_infantry_and_island_odds():
    assert infantry_dist(1, 2).p((0, 0)) == F(8, 27)
    assert [(o["attacker_losses"], o["defender_losses"], o["p"]) for o in infantry_report(1, 2)["outcomes"]] == [
        (0, 0, "8/27"), (0, 1, "4/27"), (1, 0, "10/27"), (1, 1, "5/27")]
    # one against one: each hits one time in three; a round with no hit is fought again
    assert island_chain(1, 1) == (F(2, 5), F(2, 5), F(1, 5), F(9, 5))
    assert island_chain(2, 0) == (1, 0, 0, 0) and island_chain(0, 2) == (0, 1, 0, 0)
    assert island_chain(0, 0) == (0, 0, 1, 0)
    report = island_report(1, 1)
    assert (report["p_attackers_hold"], report["p_defenders_hold"], report["p_mutual_destruction"],
            report["expected_turns"]) == ("2/5", "2/5", "1/5", "9/5")
    win, lose, both, _ = island_chain(2, 1)
    assert win + lose + both == 1 and win > lose
    with pytest.raises(HexlabError, match="^--infantry must be 0 to 12$"):
        infantry_report(13, 1)
    with pytest.raises(HexlabError, match=r"^defenders \(--island A D\) must be 0 to 12$"):
        island_report(1, -1)
    assert infantry_report(12, 0)["outcomes"] == [{"attacker_losses": 0, "defender_losses": 0, "p": "1/1"}]


def check(game):
    """Run the victory check of the current turn on ``game`` (a fresh game of our own, changed in place)."""
    ctx = Context(game.rules, game.state)
    end_turn.victory_check(game.rules, ctx)
    return game.rules.mine(game.state), ctx.events


@pytest.mark.rule("was.victory.claim.sole_troops_at_check", "was.victory.claim.revert_to_neutral",
                  "was.victory.claim.switch_sides", "was.victory.claim.not_removed", "was.victory.check.point_total")
def test_islands_are_claimed_switched_kept_and_lost():
    game = scenario.load("warsea/tokyo_express", seed=1)
    s = game.state
    us, japan = s.sides
    mine, events = check(game)
    assert mine.claims == {"D6": us} and s.score == {us: 75, japan: 0} and not mine.over and s.turn == 2
    assert events[0].text == f"{us} alone have troops on Lunga Point D6: they claim it."
    assert events[-1].text == (f"Victory check after turn 1: {us} 75 (0 for ships sunk, 75 for islands); {japan} 0 "
                               "(0 for ships sunk, 0 for islands). To win: more than 150.")
    mine, events = check(game)
    assert list(events[0].clauses) == ["was.victory.claim.not_removed", "was.victory.claim.sole_troops_at_check"]
    s.units["M1"].side = s.units["M2"].side = japan
    mine, events = check(game)
    assert mine.claims == {"D6": japan} and s.score == {us: 0, japan: 75}
    assert list(events[0].clauses) == ["was.victory.claim.switch_sides", "was.victory.claim.sole_troops_at_check"]
    s.units["M1"].side = us
    mine, events = check(game)
    assert mine.claims == {} and s.score == {us: 0, japan: 0}
    assert list(events[0].clauses) == ["was.victory.claim.revert_to_neutral"]


@pytest.mark.rule("was.victory.check.win_if_exceeds", "was.victory.check.point_total")
def test_more_than_the_target_wins_and_the_last_turn_decides():
    game = scenario.load("warsea/tokyo_express", seed=1)
    s = game.state
    us, japan = s.sides
    mine = game.rules.mine(s)
    mine.sinkings.append(Sinking("BB1", us, 75))  # 75 + 75 for the island: exactly the target is not enough
    check(game)
    assert not mine.over and s.score[us] == 150
    mine.sinkings.append(Sinking("DD1", us, 1))
    check(game)
    assert mine.over and mine.winner == us and mine.reason == f"{us} have 151 points, more than 150, after turn 2"
    both = scenario.load("warsea/tokyo_express", seed=1)
    m2 = both.rules.mine(both.state)
    m2.sinkings += [Sinking("BB1", us, 80), Sinking("CL1", japan, 160)]
    check(both)
    assert m2.over and m2.winner == japan  # both above: the higher total wins
    tie = scenario.load("warsea/tokyo_express", seed=1)
    m3 = tie.rules.mine(tie.state)
    m3.sinkings += [Sinking("BB1", us, 100), Sinking("CL1", japan, 175)]
    check(tie)
    assert not m3.over and tie.state.turn == 2  # both above the target with equal points: play on
    last = scenario.load("warsea/tokyo_express", seed=1)
    last.state.turn = last.rules.options.turns
    m4, _ = check(last)
    assert m4.over and m4.winner == us and m4.reason == f"after the last turn (8) {us} have the most points (75)"
    draw = scenario.load("warsea/tokyo_express", seed=1)
    draw.state.turn = draw.rules.options.turns
    draw.rules.mine(draw.state).sinkings.append(Sinking("CL1", japan, 75))
    m5, _ = check(draw)
    assert m5.over and m5.winner is None and m5.reason == "after the last turn (8) both sides have 75 points"


@pytest.mark.rule("was.combat.troop.one_die_per_counter", "was.combat.troop.hit_on_5_or_6",
                  "was.combat.troop.simultaneous_removal", "was.combat.troop.contested_continues",
                  "was.combat.troop.control_if_sole_survivor")
def test_the_island_fight_worked_afresh_by_hand():
    # The chances are remembered between calls: forget them, so the sums below are worked now.
    island_chain.cache_clear()
    hits_dist.cache_clear()
    # Two against one: the attackers mark the defender 5/9 of the time, the defender marks one attacker 1/3.
    assert island_chain(2, 1) == (F(83, 95), F(8, 95), F(4, 95), F(9, 5))
    assert island_chain(1, 2) == (F(8, 95), F(83, 95), F(4, 95), F(9, 5))
    assert island_chain(1, 1) == (F(2, 5), F(2, 5), F(1, 5), F(9, 5))
    assert island_chain(1, 0) == (1, 0, 0, 0) and island_chain(0, 1) == (0, 1, 0, 0)
    assert hits_dist(2).p(0) == F(4, 9)
    assert infantry_report(1, 2) == {
        "attackers": 1, "defenders": 2,
        "outcomes": [{"attacker_losses": 0, "defender_losses": 0, "p": "8/27"},
                     {"attacker_losses": 0, "defender_losses": 1, "p": "4/27"},
                     {"attacker_losses": 1, "defender_losses": 0, "p": "10/27"},
                     {"attacker_losses": 1, "defender_losses": 1, "p": "5/27"}],
        "clauses": ["was.combat.troop.one_die_per_counter", "was.combat.troop.hit_on_5_or_6",
                    "was.combat.troop.simultaneous_removal"]}
    with pytest.raises(HexlabError, match="^--defenders must be 0 to 12$"):
        infantry_report(1, 13)


@pytest.mark.rule("was.combat.troop.hard_to_kill", "was.combat.bombard_shore_support_bonus")
def test_the_gunnery_report_edges():
    none = gunnery_report(0, armour=1)
    assert none["dice"] == 0 and none["p_damage"] == "0/1" and none["outcomes"] == [{"successes": 0, "p": "1/1"}]
    plain_troop = gunnery_report(1)
    assert "was.combat.bombard_shore_support_bonus" not in plain_troop["clauses"]
    assert plain_troop["notes"] == ["one attack can never destroy an undamaged troop counter (Hard to Kill): it needs "
                                    "two damaging attacks in the same turn, before Regroup"]
    only_vital = gunnery_report(2, vital=3)  # no Armour given: a troop's 5
    assert only_vital["target"] == {"kind": "ship", "armour": 5, "vital": 3, "hull_left": 1}
    assert only_vital["p_sink"] == only_vital["p_damage"] == "5/36"
    two_hulls = attack_report("t", 1, Target("ship", 1, None, 2))
    assert len(two_hulls.notes) == 1  # the Hard to Kill note is for troops only
    hurt_troop = attack_report("t", 3, Target("troop", 5, None, 1, True))
    assert len(hurt_troop.notes) == 1 and hurt_troop.summary["destroyed"] == F(7, 216)


@pytest.mark.rule("was.combat.troop.contested_continues", "was.combat.troop.control_if_sole_survivor")
def test_the_island_report():
    assert island_report(1, 1) == {
        "attackers": 1, "defenders": 1, "p_attackers_hold": "2/5", "p_defenders_hold": "2/5",
        "p_mutual_destruction": "1/5", "expected_turns": "9/5",
        "notes": ["one Infantry Combat phase a turn, no reinforcements, no ship or air attacks"],
        "clauses": ["was.combat.troop.one_die_per_counter", "was.combat.troop.hit_on_5_or_6",
                    "was.combat.troop.simultaneous_removal", "was.combat.troop.contested_continues",
                    "was.combat.troop.control_if_sole_survivor"]}
    with pytest.raises(HexlabError, match=r"^attackers \(--island A D\) must be 0 to 12$"):
        island_report(13, 1)
