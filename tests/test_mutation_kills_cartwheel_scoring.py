"""More checks of Operation Cartwheel's victory points, written to close the gaps mutation testing found
(``make mutation``): how an award reaches the VP track and the log, how points are written, who scores for occupying
an objective hex, and what the Victory Points Phase does at the end of a turn and of the game.

The positions are the Wewak scenario's, changed by hand: two turns; objective hexes 0505 (the Japanese 51st Division)
and 0605 (the Lae garrison), each worth 2 VP to the side with a ground combat unit in it at the end; the Australians
stand next to them at 0606 and 0706. Every expected number is worked from the clauses named on each test."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hexlab import scenario
from hexlab.engine.ruleset import Context
from hexlab.rulesets.cartwheel import board, closing, scoring
from hexlab.rulesets.cartwheel.actions import Commit, CommitTF36, GeneralRegroup
from hexlab.rulesets.cartwheel.state import Award

F = Fraction
FLOWN = "oc.victory.hikoshidan.flown_unit_half_vp"
DECLINE = (Commit(False), CommitTF36(False), GeneralRegroup(False))
WEWAK = scenario.read("cartwheel/wewak")


def wewak(random_events: bool = True):
    """A fresh game of the Wewak scenario (``random_events=False``: the same scenario without random events)."""
    if random_events:
        return scenario.load("cartwheel/wewak", seed=1)
    text = WEWAK.source.replace("[rules]\n", "[rules]\nrandom_events = false\n", 1)
    return scenario.load_text(text, "cartwheel/wewak_no_events", seed=1)


def vp_phase(game):
    """Run the Victory Points Phase of the current turn on ``game``; return the events it logged."""
    game.state.position = "vp.score"
    ctx = Context(game.rules, game.state)
    closing.victory_points(game.rules, ctx)
    return ctx.events


def logged(events):
    return [(e.kind, e.data, e.side, e.clauses, e.text) for e in events]


@pytest.mark.rule("oc.victory.concept.vp_track", "oc.victory.hikoshidan.flown_unit_half_vp")
def test_half_a_vp_is_kept_on_the_track_and_logged_with_its_cause():
    """Every VP a side earns is kept with who earned it, how much, why, under which rule and in which turn, and the
    log says the same: the after-action report and the VP totals are built from these. Half points are kept, not
    rounded: one flown 11th Hikoshidan survivor is worth 0.5 VP to the Allies."""
    game = wewak()
    rules, s = game.rules, game.state
    ctx = Context(rules, s)
    scoring.award(rules, ctx, "Allies", 1, "1 11th Hikoshidan unit flew and survived", FLOWN)
    assert rules.mine(s).awards == [Award("Allies", 1, "1 11th Hikoshidan unit flew and survived", FLOWN, 1)]
    assert logged(ctx.events) == [("VictoryPoints", {"side": "Allies", "halves": 1,
                                                     "cause": "1 11th Hikoshidan unit flew and survived"},
                                   "Allies", (FLOWN,), "Allies score 0.5 VP: 1 11th Hikoshidan unit flew and survived.")]
    assert scoring.totals(rules, s) == {"Allies": F(1, 2), "Japan": 0}


@pytest.mark.rule("oc.victory.concept.vp_track", "oc.victory.hikoshidan.destroyed_unit_vp")
def test_an_award_of_nothing_leaves_no_trace():
    """The Regroup Phase offers the Allies 1 VP per 11th Hikoshidan unit destroyed every turn, most often for none:
    nothing is then put on the track and the log stays quiet (no "score 0 VP" lines)."""
    game = wewak()
    rules, s = game.rules, game.state
    ctx = Context(rules, s)
    scoring.award(rules, ctx, "Allies", 0, "0 11th Hikoshidan units destroyed", "oc.victory.hikoshidan.destroyed_unit_vp")
    assert rules.mine(s).awards == [] and ctx.events == []
    assert scoring.totals(rules, s) == {"Allies": 0, "Japan": 0}


@pytest.mark.rule("oc.victory.concept.vp_track")
def test_whole_points_are_written_in_full():
    """The log writes whole VPs as plain whole numbers at any size (never as "1e+06"), half points with ".5"."""
    assert scoring.vp(2_000_000) == "1000000"
    assert scoring.vp(7) == "3.5"


@pytest.mark.rule("oc.victory.concept.control_by_occupation", "oc.sequence.phase.victory_points_final_turn",
                  "oc.base.victory_default")
def test_only_a_ground_unit_standing_in_an_objective_hex_scores_it():
    """At the end, an objective hex scores for the side whose ground combat unit stands in it, whoever held it
    before; an objective hex nobody stands in scores nothing. Here the Lae garrison is gone and an Australian
    brigade stands in Lae (0605, 2 VP); the 51st Division has left 0505: the Allies win 2 to 0."""
    game = wewak()
    rules, s = game.rules, game.state
    s.units["LAEG"].strength = 0
    s.units["7AUS"].at = board.hx(rules, "0605")
    s.units["51D"].at = board.hx(rules, "0405")
    assert closing.occupier(rules, s, "0605") == "Allies"
    assert closing.occupier(rules, s, "0505") is None
    s.turn = rules.options.turns
    events = vp_phase(game)
    assert logged(events) == [
        ("VictoryPoints", {"side": "Allies", "halves": 4, "cause": "a ground combat unit occupies 0605"}, "Allies",
         ("oc.victory.concept.control_by_occupation",), "Allies score 2 VP: a ground combat unit occupies 0605."),
        ("Note", {}, None, ("oc.sequence.phase.victory_points_final_turn", "oc.base.victory_default"),
         "Victory Points Phase of the last turn: Allies 2, Japan 0."),
    ]
    mine = rules.mine(s)
    assert mine.over and mine.winner == "Allies"
    assert [a.clause for a in mine.awards] == ["oc.victory.concept.control_by_occupation"]


@pytest.mark.rule("oc.sequence.phase.victory_points_advance", "oc.special.random_event.roll_and_apply",
                  "oc.air.recon.alternate_placement")
def test_before_the_last_turn_the_marker_moves_on_and_the_next_turn_begins():
    """Before the last turn the Victory Points Phase moves the turn marker and the next turn starts with its Random
    Events roll; the side that held the initiative in the turn just ended places its recon first in the next
    (our reading of the recon order). Japan held it here, though the Allies had it on turn 1 of the scenario."""
    game = wewak()
    rules = game.rules
    rules.mine(game.state).initiative = "Japan"
    events = vp_phase(game)
    assert logged(events)[0] == ("Note", {}, None, ("oc.sequence.phase.victory_points_advance",),
                                 "Victory Points: Allies 0, Japan 0. The turn marker moves to turn 2.")
    assert game.state.turn == 2 and game.state.position == "events.roll" and not game.is_over
    game.step()  # the random event roll
    assert game.log[-1].kind == "RandomEvent"
    for _ in range(50):  # on through the decisions before recon, declining each (no commitment, no regroup)
        if game.state.position == "initiative.recon":
            break
        step = game.current_step
        if step.kind in ("auto", "dice"):
            game.step()
        else:
            legal = list(game.legal_actions())
            game.apply(next(a for a in legal if a.verb == "pass" or a in DECLINE))
    assert game.state.position == "initiative.recon" and game.to_act == "Japan"


@pytest.mark.rule("oc.sequence.phase.victory_points_advance", "oc.special.random_event.roll_and_apply")
def test_without_random_events_the_next_turn_goes_straight_to_its_first_decision():
    """A scenario without random events has no roll to make: after the marker moves, the next turn opens at its
    first decision, Japan's choice whether to commit the 11th Hikoshidan."""
    game = wewak(random_events=False)
    vp_phase(game)
    assert game.state.turn == 2 and game.state.position == "events.hikoshidan" and game.to_act == "Japan"
