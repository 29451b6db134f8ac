"""More checks of Cactus Air Force's ground combat hour as the engine plays it and of its clock and score (the end of
each turn, the last turn's target VP), written to close the gaps mutation testing found (``make mutation``).

Every position is a small one on the test map of ``tests/support/cactus_boards.py`` (Guadalcanal, Beach Red, Cape
Esperance, Munda, looked at in that order), and every expected number is counted by hand from the catalog's
clauses: 1 VP a turn for each box one side holds alone, 3 VP (Allies) or 4 VP (Japanese) for a held target on the
holder's roster it never bombed, one step for each 6, a defender's 5 sends an overland attacker home and costs a
seaborne one a step, and a Banzai unit loses a step after the combat.
"""

from __future__ import annotations

import argparse
from fractions import Fraction as F

import pytest

from hexlab import saves
from hexlab.engine import HexlabError
from hexlab.rulesets.cactus.combat import BLANK, HourResult, hour_dist
from hexlab.rulesets.cactus.odds import CactusOdds, hour_outcomes, hour_report
from hexlab.rulesets.cactus.rules import Banzai, EndMoves, EndRaids, EndRefit, Fight, Refit, TakeLoss
from tests.support.cactus_boards import BR, CE, GC, JP, MU, US, make, roll, steps, where

HITS = ("caf.combat.hit_on_six", "caf.combat.hit_costs_one_step", "caf.combat.resolution_defaults")
HOUR = ("caf.combat.both_sides_roll", "caf.combat.hit_on_six", "caf.combat.hit_costs_one_step")
BOX_VP = ("caf.victory.uncontested_location_vp",)
TARGET = ("caf.victory.occupied_unbombed_target",)
PASS = {"ground.move": EndMoves(), "air.raids": EndRaids(), "end.refit": EndRefit(), "combat.banzai": Fight()}


def no_effect(faces: tuple) -> bool:
    """A ground combat die roll that does nothing: no 6 (no hit), no 5 (no retreat result)."""
    return all(f == BLANK for f in faces)


def play_out(game, asked: list[tuple[int, str]] | None = None) -> list:
    """Play the game to its end with nobody doing anything: every decision is the "nothing more" one and every
    ground combat roll comes up without a 5 or a 6. ``asked`` collects (turn, step) of each decision asked."""
    events = []
    while not game.is_over:
        if game.state.position == "combat.roll":
            events += roll(game, no_effect, no_effect)
        elif game.current_step.automatic:
            events += game.step()
        else:
            if asked is not None:
                asked.append((game.state.turn, game.state.position))
            events += game.apply(PASS[game.state.position])
    return events


def of_kind(events, kind: str) -> list:
    return [e for e in events if e.kind == kind]


# ----------------------------------------------------------------------------------------------- the clock


def beach_red_fight(**rules):
    """Guadalcanal held by 1Mar, Cape Esperance and Munda by an SNLF each, and Beach Red fought over (1Mar Res came
    from Cape Esperance and attacks an SNLF 2-2 there)."""
    return make([("1Mar", US, "1mar", GC), ("S1", JP, "snlf", CE), ("S2", JP, "snlf", MU),
                 ("Res", US, "1mar_res", BR, {"came_from": CE}), ("S3", JP, "snlf", BR, {"strength": 2})],
                hours=1, **rules)


@pytest.mark.rule("caf.victory.uncontested_location_vp", "caf.sequence.turn_structure_default")
def test_each_box_held_alone_scores_its_holder_one_vp_at_every_turn_end():
    """A player's score is 1 VP per box held alone per turn, added up over the turns; a contested box scores for
    nobody, and the log says what each box gave whom."""
    game = beach_red_fight(turns=2)
    events = play_out(game)
    # by hand, each turn: Guadalcanal -> US +1; Beach Red contested -> nobody; Cape Esperance, Munda -> Japan +2
    for turn, (us_total, jp_total) in ((1, (1, 2)), (2, (2, 4))):
        vp = [(e.side, e.data, e.text, e.clauses) for e in of_kind(events, "VictoryPoint") if e.turn == turn]
        assert vp == [(US, {"box": GC, "vp": 1}, "US Marines hold Guadalcanal alone: 1 VP.", BOX_VP),
                      (JP, {"box": CE, "vp": 1}, "Japan hold Cape Esperance alone: 1 VP.", BOX_VP),
                      (JP, {"box": MU, "vp": 1}, "Japan hold Munda alone: 1 VP.", BOX_VP)]
        [scored] = [e for e in of_kind(events, "TurnScored") if e.turn == turn]
        assert scored.data == {"gained": {US: 1, JP: 2}} and scored.clauses == BOX_VP
        assert scored.text == (f"End of turn {turn}: US Marines +1 VP ({us_total} in all), "
                               f"Japan +2 VP ({jp_total} in all).")
    assert game.state.score == {US: 2, JP: 4}
    assert game.result == {"winner": JP, "reason": "after 2 turns: US Marines 2 VP, Japan 4 VP",
                           "clauses": ["caf.victory.uncontested_location_vp", "caf.victory.occupied_unbombed_target"]}
    # the record of where each VP came from agrees with the score (the kit's own consistency check)
    assert [(a.turn, a.box, a.side) for a in game.state.rules_state.awards] == [
        (1, GC, US), (1, CE, JP), (1, MU, JP), (2, GC, US), (2, CE, JP), (2, MU, JP)]
    assert game.rules.invariants(game.state) == []


@pytest.mark.rule("caf.victory.uncontested_location_vp")
def test_a_turn_in_which_nobody_holds_anything_alone_scores_nothing():
    """The only box with troops in it is fought over: the turn ends with no VP for either side, and the game is a
    draw."""
    game = make([("1Mar", US, "1mar", GC), ("S", JP, "snlf", GC, {"came_from": CE})], hours=1, turns=1)
    events = play_out(game)
    assert of_kind(events, "VictoryPoint") == []
    [scored] = of_kind(events, "TurnScored")
    assert scored.data == {"gained": {US: 0, JP: 0}}
    assert scored.text == "End of turn 1: US Marines +0 VP (0 in all), Japan +0 VP (0 in all)."
    assert game.state.score == {US: 0, JP: 0} and game.result["winner"] is None


@pytest.mark.rule("caf.sequence.turn_structure_default", "caf.supply.refit.in_reinforcement_phase",
                  "caf.supply.refit.costs_air_refit")
def test_the_refit_comes_after_each_turns_vp_but_not_after_the_last_turn():
    """A side with a worn unit in a box it holds alone is offered the refit at the end of a turn, once the turn's
    VP are scored; after the last turn the game ends on VP with nothing more to decide."""
    units = [("1Mar", US, "1mar", GC, {"strength": 3}), ("S", JP, "snlf", CE)]
    game = make(units, hours=1, turns=2)
    events = []
    while game.state.position != "end.refit":
        events += game.apply(PASS[game.state.position]) if not game.current_step.automatic else game.step()
    assert of_kind(events, "TurnScored")  # the VP first
    assert game.to_act == US and game.is_legal(Refit("1Mar"))  # the Japanese SNLF is at full strength
    game.apply(Refit("1Mar"))
    assert steps(game, "1Mar") == 4
    play_out(game)
    assert game.is_over and game.state.score == {US: 2, JP: 2}
    # one turn only: the last turn's VP end the game, the worn unit is never offered a refit
    game = make(units, hours=1, turns=1)
    asked: list[tuple[int, str]] = []
    play_out(game, asked)
    assert asked and all(step != "end.refit" for _, step in asked) and steps(game, "1Mar") == 3
    assert game.result["reason"] == "after 1 turns: US Marines 1 VP, Japan 1 VP"


# ----------------------------------------------------------------------------------------------- the target VP


def held_targets(**rules):
    """1Mar holds Guadalcanal, an SNLF each Cape Esperance and Munda, Beach Red is empty. The Allied roster is
    Guadalcanal and Munda, the Japanese roster Beach Red and Cape Esperance."""
    return make([("1Mar", US, "1mar", GC), ("S1", JP, "snlf", CE), ("S2", JP, "snlf", MU)], hours=1, turns=1,
                targets={US: [GC, MU], JP: [BR, CE]}, **rules)


@pytest.mark.rule("caf.victory.occupied_unbombed_target", "caf.victory.uncontested_location_vp")
def test_each_side_scores_the_targets_on_its_roster_it_holds_and_never_bombed():
    """At the end each side gets its target VP (Allies 3, Japanese 4) for every target on its own roster it holds:
    not for an empty target, nor for one on the enemy's roster, nor for its own target the enemy holds."""
    game = held_targets()
    events = play_out(game)
    held = [(e.side, e.data, e.text, e.clauses) for e in of_kind(events, "TargetHeld")]
    # by hand: Guadalcanal (US roster, US hold it) -> US +3; Beach Red (empty) -> nobody; Cape Esperance (Japanese
    # roster, Japan hold it) -> Japan +4; Munda (US roster, but Japan hold it) -> nobody
    assert held == [(US, {"box": GC, "vp": 3},
                     "US Marines hold Guadalcanal, a target on their roster never bombed: 3 VP.", TARGET),
                    (JP, {"box": CE, "vp": 4},
                     "Japan hold Cape Esperance, a target on their roster never bombed: 4 VP.", TARGET)]
    # on top of the last turn's box VP: US 1 (Guadalcanal), Japan 2 (Cape Esperance, Munda)
    assert game.state.score == {US: 1 + 3, JP: 2 + 4}
    assert game.result["winner"] == JP and game.result["reason"] == "after 1 turns: US Marines 4 VP, Japan 6 VP"
    assert [(b.why, b.box, b.side, b.vp) for b in game.state.rules_state.bonus] == [
        ("held target", GC, US, 3), ("held target", CE, JP, 4)]
    assert game.rules.invariants(game.state) == []


@pytest.mark.rule("caf.victory.occupied_unbombed_target", "caf.victory.new_target_bombing_vp")
def test_a_target_the_side_has_bombed_scores_no_more_when_it_holds_it():
    """A target already bombed by the side that holds it at the end gives that side nothing more (the bombing
    scored it), while the other side's held target still counts."""
    game = held_targets()
    game.state.rules_state.bombed[JP].append(CE)  # a position in which the Japanese bombed Cape Esperance before
    events = play_out(game)
    assert [(e.side, e.data) for e in of_kind(events, "TargetHeld")] == [(US, {"box": GC, "vp": 3})]
    assert game.state.score == {US: 1 + 3, JP: 2}
    assert game.result["winner"] == US and game.result["reason"] == "after 1 turns: US Marines 4 VP, Japan 2 VP"


@pytest.mark.rule("caf.victory.occupied_unbombed_target")
def test_a_target_held_by_nobody_or_by_the_enemy_scores_nothing():
    """A roster target that is fought over at the end, or that the enemy holds, scores no target VP for anyone."""
    game = beach_red_fight(turns=1, targets={US: [BR, CE], JP: [GC]})
    events = play_out(game)
    assert of_kind(events, "TargetHeld") == []
    assert game.state.score == {US: 1, JP: 2}


# ----------------------------------------------------------------------------------------------- the hour's dice


def snlf_attacks(how, defenders=(("1Mar", US, "1mar", GC),), attackers=None, **kw):
    attackers = attackers or (("S", JP, "snlf", GC, how),)
    game = make([*defenders, *attackers], **kw)
    assert game.state.position == "combat.banzai", game.state.position
    return game


@pytest.mark.rule("caf.combat.both_sides_roll", "caf.combat.attacker_defender_roles")
def test_the_roll_is_shown_in_the_box_fought_over_and_each_side_rolls_its_own_dice():
    """The map shows the ground combat dice in the box where the fight is, and the log says the attacker rolls the
    first group and the defender the second (no single side makes the roll)."""
    game = snlf_attacks({"came_from": CE})
    game.apply(Fight())
    events = roll(game, no_effect, no_effect)
    [dice] = of_kind(events, "DiceRolled")
    assert dice.data["at"] == GC and dice.data["by"] == [JP, US] and dice.side is None
    assert dice.data["groups"] == ["Japan (attacking)", "US Marines (defending)"]


@pytest.mark.rule(*HOUR, "caf.combat.defender_five_forces_retreat", "caf.combat.retreat_overland_to_start")
def test_the_hours_report_for_an_overland_attacker_thrown_back():
    """The log's report of the hour: where, the hits each side scored, the defender's 5; its data says the
    attacker retreats. SNLF 4-4 rolls 6 6 and two blanks; 1Mar 5-4 rolls 6, 5 and three blanks."""
    game = snlf_attacks({"came_from": CE})
    game.apply(Fight())
    events = roll(game, [6, 6, 1, 1], [6, 5, 1, 1, 1])
    [hour] = of_kind(events, "GroundCombat")
    assert hour.data == {"box": GC, "attacker_steps_lost": 1, "defender_steps_lost": 2, "attacker_retreats": True,
                         "defender_five": True}
    assert hour.text == "In Guadalcanal: Japan score 2 hit(s) with 6s; US Marines score 1 hit(s), and at least one 5."
    assert hour.clauses == HOUR
    # each step lost says why and cites the hit rules: two 6s on 1Mar, one on the SNLF
    lost = [(e.text, e.clauses) for e in of_kind(events, "StepLost")]
    assert lost == [
        ("1Mar loses a step (a 6 rolled against it): 1Mar 5-4 flips to 1Mar 4-3.",
         (*HITS, "caf.components.counters.flip_on_step_loss", "caf.components.counter.mar1_full")),
        ("1Mar loses a step (a 6 rolled against it): 1Mar 4-3 is replaced by 1Mar 3-2.",
         (*HITS, "caf.components.counters.replacement_counter_chain", "caf.components.counter.mar1_reduced")),
        ("S loses a step (a 6 rolled against it): SNLF 4-4 flips to SNLF 3-3.",
         (*HITS, "caf.components.counters.flip_on_step_loss", "caf.components.counter.snlf_full"))]
    assert where(game, "S") == CE and steps(game, "S") == 3 and steps(game, "1Mar") == 2


@pytest.mark.rule(*HOUR, "caf.combat.seaborne_no_retreat_extra_step")
def test_the_hours_report_for_a_seaborne_attacker_counts_its_extra_step():
    """A seaborne attacker hit by one 6 and a 5 loses two steps and does not retreat; the report says so. SNLF
    4-4 rolls four blanks; 1Mar 5-4 rolls 6, 5 and three blanks."""
    game = snlf_attacks({"seaborne": True})
    game.apply(Fight())
    events = roll(game, [1, 1, 1, 1], [6, 5, 1, 1, 1])
    [hour] = of_kind(events, "GroundCombat")
    assert hour.data == {"box": GC, "attacker_steps_lost": 2, "defender_steps_lost": 0, "attacker_retreats": False,
                         "defender_five": True}
    assert hour.text == "In Guadalcanal: Japan score 0 hit(s) with 6s; US Marines score 1 hit(s), and at least one 5."
    assert where(game, "S") == GC and steps(game, "S") == 2


@pytest.mark.rule(*HOUR, "caf.combat.retreat_overland_to_start", "caf.combat.seaborne_no_retreat_extra_step")
def test_an_attack_by_land_and_sea_at_once_both_retreats_and_pays_the_extra_step():
    """Two SNLF attack Guadalcanal, one come overland from Cape Esperance, one landed from the sea. The defender's
    5 sends the first home and costs the second a step; the hour's report has both."""
    attackers = (("S", JP, "snlf", GC, {"came_from": CE, "strength": 2}),
                 ("S2", JP, "snlf", GC, {"seaborne": True, "strength": 2}))
    game = snlf_attacks(None, attackers=attackers)
    game.apply(Fight())
    events = roll(game, [1, 1, 1, 1], [5, 1, 1, 1, 1])  # SNLF 2-2 twice: 4 dice; 1Mar 5-4: 5 dice
    [hour] = of_kind(events, "GroundCombat")
    assert hour.data == {"box": GC, "attacker_steps_lost": 1, "defender_steps_lost": 0, "attacker_retreats": True,
                         "defender_five": True}
    assert where(game, "S") == CE and steps(game, "S") == 2
    assert where(game, "S2") == GC and steps(game, "S2") == 1


@pytest.mark.rule(*HOUR, "caf.combat.banzai.doubled_dice", "caf.combat.banzai.automatic_step_loss")
def test_the_hours_report_counts_the_banzai_step_and_has_no_five_when_none_was_rolled():
    """A Banzai SNLF 4-4 rolls 8 dice: one 6. 1Mar 5-4 rolls one 6 and no 5. The SNLF loses the hit and its
    Banzai step (2 steps), the Marines one; nobody retreats, and the report mentions no 5."""
    game = snlf_attacks({"came_from": CE})
    game.apply(Banzai("S"))
    events = roll(game, [6] + [1] * 7, [6, 1, 1, 1, 1])
    [hour] = of_kind(events, "GroundCombat")
    assert hour.data == {"box": GC, "attacker_steps_lost": 2, "defender_steps_lost": 1, "attacker_retreats": False,
                         "defender_five": False}
    assert hour.text == "In Guadalcanal: Japan score 1 hit(s) with 6s; US Marines score 1 hit(s)."
    assert steps(game, "S") == 2 and steps(game, "1Mar") == 3 and where(game, "S") == GC


@pytest.mark.rule("caf.combat.resolution_defaults", "caf.combat.occupation.requires_elimination_and_survivor")
def test_a_game_saved_while_the_owner_picks_who_takes_the_hit_loads_and_plays_on():
    """A game saved while the Marines choose which of their two units takes a hit opens again at that choice and
    plays on the same way: the pick, then the rest of the hour's results in order (the defender's 5, then who holds
    the box)."""
    defenders = (("1Mar", US, "1mar", GC, {"strength": 1}), ("Res", US, "1mar_res", GC, {"strength": 1}))
    # a save replays its dice from the seed: seed 3 is a game whose first roll is SNLF 4-4: 6 and three blanks,
    # the two 2-1 Marine units: 5 and three blanks
    game = snlf_attacks({"came_from": CE}, defenders=defenders, seed=3)
    game.apply(Fight())
    [dice] = of_kind(game.step(), "DiceRolled")
    assert sorted(map(str, dice.data["faces"][0])) == ["1-4", "1-4", "1-4", "6"]
    assert sorted(map(str, dice.data["faces"][1])) == ["1-4", "1-4", "1-4", "5"]
    assert game.state.position == "combat.losses" and game.to_act == US  # one hit, two units that could take it
    loaded = saves.loads(saves.dumps(game))
    assert loaded.state.position == "combat.losses" and loaded.to_act == US
    for g in (game, loaded):
        events = g.apply(TakeLoss("Res"))
        assert [e.kind for e in events][:3] == ["Eliminated", "Retreated", "Held"]
        assert where(g, "S") == CE and steps(g, "1Mar") == 1 and not g.state.units["Res"].alive
    assert loaded.state.to_data() == game.state.to_data()


# ----------------------------------------------------------------------------------------------- the odds


def ask(**kw):
    """``hexlab odds cactus`` with these options (the rest left out)."""
    base = dict(attacker_dice=None, defender_dice=None, banzai=False, seaborne=False, battle=False, attacker=None,
                defender=None, max_hours=None, hours=None)
    return CactusOdds().report(argparse.Namespace(**{**base, **kw}))


@pytest.mark.rule("caf.combat.defender_five_forces_retreat", "caf.combat.retreat_overland_to_start")
def test_by_default_the_hour_odds_are_for_an_attacker_that_came_overland():
    """Asked without saying how the attacker came, the exact odds are those of an overland attacker: a single
    defender die sends it back on a 5 (1/6) and costs it a step on a 6 (1/6)."""
    hour_dist.cache_clear()  # the chances are remembered between calls: work them afresh
    assert dict(hour_dist(0, 1).items()) == {HourResult(0, 0, False): F(4, 6),
                                             HourResult(0, 0, True, defender_five=True): F(1, 6),
                                             HourResult(1, 0, False, attacker_hits=1): F(1, 6)}


@pytest.mark.rule("caf.combat.defender_five_forces_retreat", "caf.combat.retreat_overland_to_start",
                  "caf.combat.seaborne_no_retreat_extra_step")
def test_the_odds_of_an_attack_by_land_and_sea_at_once():
    """When attackers that came overland and by sea share the box, a defender's 5 both sends the first home and
    costs the second a step. One die against one, by hand: the defender's 6 (1/6) or 5 (1/6) each cost a step, the
    5 with a retreat; the attacker's 6 (1/6) costs the defender a step."""
    hour_dist.cache_clear()
    assert hour_outcomes(1, 1, seaborne=True, overland=True) == {
        (0, 0, False): F(4, 6) * F(5, 6), (0, 1, False): F(4, 6) * F(1, 6),
        (1, 0, False): F(1, 6) * F(5, 6), (1, 0, True): F(1, 6) * F(5, 6),
        (1, 1, False): F(1, 6) * F(1, 6), (1, 1, True): F(1, 6) * F(1, 6)}
    # the odds panel of such a fight on the map: two SNLF 1-1 (one overland, one from the sea) against 1Mar Res 2-1
    game = make([("Res", US, "1mar_res", GC, {"strength": 1}), ("S", JP, "snlf", GC, {"came_from": CE, "strength": 1}),
                  ("S2", JP, "snlf", GC, {"seaborne": True, "strength": 1})])
    report = game.rules.odds(game.state, "S", "Res")
    retreats = [(label, p) for label, p in report.outcomes if label.endswith("attacker retreats")]
    # a retreat result always costs a step too; the likeliest: the Marines' 2 dice show a 5 and no 6
    # ((5/6)^2 - (4/6)^2 = 9/36) and the SNLFs' 2 dice no 6 (25/36): one step lost (the extra one) and a retreat
    assert ("attacker -1, defender -0, attacker retreats", F(9, 36) * F(25, 36)) in retreats
    assert all(not label.startswith("attacker -0") for label, _ in retreats)
    assert report.summary["defender rolls a 5 (retreat result)"] == 1 - F(5, 6) ** 2


@pytest.mark.rule("caf.combat.hit_on_six", "caf.combat.defender_five_forces_retreat")
def test_equally_likely_outcomes_are_listed_fewest_attacker_losses_first():
    """The odds panel lists the outcomes from the most to the least likely; outcomes with the same chance come in
    a fixed order (fewer attacker steps lost first). Two attacking dice against one, by hand: no 6 for the attacker
    25/36, one 6 10/36, two 1/36; the defender's die a blank 4/6, a 5 (retreat) or a 6 (a step) 1/6 each."""
    hour_dist.cache_clear()
    r = hour_report("t", 2, 1)
    assert r.outcomes == [("attacker -0, defender -0", F(25, 36) * F(4, 6)),
                          ("attacker -0, defender -1", F(10, 36) * F(4, 6)),
                          ("attacker -0, defender -0, attacker retreats", F(25, 36) * F(1, 6)),
                          ("attacker -1, defender -0", F(25, 36) * F(1, 6)),
                          ("attacker -0, defender -1, attacker retreats", F(10, 36) * F(1, 6)),
                          ("attacker -1, defender -1", F(10, 36) * F(1, 6)),
                          ("attacker -0, defender -2", F(1, 36) * F(4, 6)),
                          ("attacker -0, defender -2, attacker retreats", F(1, 36) * F(1, 6)),
                          ("attacker -1, defender -2", F(1, 36) * F(1, 6))]


@pytest.mark.rule("caf.combat.hit_on_six", "caf.combat.defender_five_forces_retreat")
def test_an_impossible_outcome_has_an_exact_zero_chance_in_the_odds_report():
    """Every chance in an hour's odds report is an exact fraction, an impossible one included (0, not a rounded
    number), so a notebook can go on computing with it exactly."""
    hour_dist.cache_clear()
    for a, d, steps_d, steps_a in ((0, 1, 1, 1), (1, 0, 1, 1), (1, 1, 2, 2)):
        summary = hour_report("t", a, d, defender_steps=steps_d, attacker_steps=steps_a).summary
        assert all(isinstance(p, F) for p in summary.values()), (a, d, summary)
    # one die a side, two steps a side: neither can lose both steps in one hour
    summary = hour_report("t", 1, 1, defender_steps=2, attacker_steps=2).summary
    assert summary["every defender step gone this hour"] == summary["every attacker step gone this hour"] == 0
    # no attacking dice: the defender cannot lose a step; no defending dice: no 5, no hit on the attacker
    assert hour_report("t", 0, 1).summary["defender loses a step"] == 0
    assert hour_report("t", 1, 0).summary["attacker loses a step"] == 0
    assert hour_report("t", 1, 0).summary["defender rolls a 5 (retreat result)"] == 0


@pytest.mark.rule("caf.combat.seaborne_no_retreat_extra_step", "caf.combat.defender_five_forces_retreat")
def test_the_odds_command_for_a_seaborne_battle_and_its_table_of_hours():
    """``hexlab odds cactus --battle --seaborne`` gives a seaborne attacker's odds. SNLF 1-1 (1 die) against 1Mar
    Res 2-1 (2 dice) for one hour, by hand: the SNLF is gone if the Marines roll any 5 or 6 (1 - (4/6)^2 = 5/9); the
    Marines are gone if the SNLF rolls a 6 (1/6)."""
    hour_dist.cache_clear()
    r = ask(battle=True, attacker="snlf:1", defender="res:1", seaborne=True, max_hours=1)
    assert r["seaborne"] is True
    assert {o["outcome"]: o["p"] for o in r["outcomes"]} == {
        "attacker_eliminated": "25/54",  # 5/9 * 5/6
        "defender_eliminated": "2/27",  # 1/6 * 4/9
        "attacker_retreats": "0/1",  # from the sea, never
        "both_eliminated": "5/54"}  # 5/9 * 1/6
    assert r["undecided"] == "10/27"  # 4/9 * 5/6
    # overland instead, a 5 without a 6 sends it back: (5/6)^2 - (4/6)^2 = 1/4
    land = ask(battle=True, attacker="snlf:1", defender="res:1", max_hours=1)
    assert land["seaborne"] is False and land["outcomes"][2] == {"outcome": "attacker_retreats", "p": "1/4"}
    # the table of hours: as many rows as asked for, else 10
    assert [h["hour"] for h in ask(battle=True, attacker="snlf:1", defender="res:1", hours=3)["hours"]] == [1, 2, 3]
    assert len(ask(battle=True, attacker="snlf:1", defender="res:1")["hours"]) == 10


@pytest.mark.rule("caf.combat.seaborne_no_retreat_extra_step", "caf.combat.both_sides_roll")
def test_the_odds_command_reads_its_options_and_names_what_is_missing():
    """The one-hour report says whether it is for a seaborne attacker; 20 dice a side are allowed; a stack given
    without ``--battle`` or without the other stack is refused with a message naming what is missing."""
    hour_dist.cache_clear()
    assert ask(attacker_dice=1, defender_dice=1, seaborne=True)["seaborne"] is True
    assert ask(attacker_dice=1, defender_dice=20)["rolled"] == {"attacker": 1, "defender": 20}
    for one in ({"attacker": "snlf"}, {"defender": "1mar"}, {"battle": True}):
        with pytest.raises(HexlabError, match="^a battle needs --attacker and --defender stacks$"):
            ask(**one)
    with pytest.raises(HexlabError) as err:
        ask(defender_dice=3)
    assert str(err.value) == ("give --attacker-dice and --defender-dice (one hour), or --battle with --attacker and "
                              "--defender")
