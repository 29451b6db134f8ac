"""Cadet Commander: the turn (leader, free figure, activation rolls), actions, movement and terrain."""

from __future__ import annotations

import pytest

from hexlab.dice import D6
from hexlab.hexes import from_offset
from hexlab.rulesets.cadet.combat import ATK_DIE
from hexlab.rulesets.cadet.rules import Activate, EndActivation, EndTurn, Move, Punch, Rest, RollActivation
from tests.support.cadet_boards import G, O, activate, at, event, hx, kinds, make, refused, roll

BAND = [
    ("GL", G, "leader", "3,5"), ("G1", G, "warrior", "1,6"), ("G2", G, "warrior", "5,6"), ("G3", G, "warrior", "2,7"),
    ("OL", O, "leader", "3,1"), ("O1", O, "warrior", "5,0"),
]


def actions_left(game) -> int:
    return game.state.rules_state.current.actions


# ------------------------------------------------------------------------------------------------ the turn


@pytest.mark.rule("cc.turn.activation.leader_first", "cc.turn.activation.free_second", "cc.turn.activation.roll",
                  "cc.components.d6")
def test_the_leader_goes_first_then_one_free_figure_then_a_d6_per_figure():
    game = make(BAND)
    # the leader is activated at once, with no roll
    assert game.state.position == "turn.act" and game.state.rules_state.current.unit == "GL"
    first = event(game.log, "Activated")
    assert "cc.turn.activation.leader_first" in first.clauses and "DiceRolled" not in kinds(game.log)
    assert refused(game, Move("G1", hx(game, "1,5"))) == "cc.turn.activation.leader_first"
    assert refused(game, Activate("G1")) == "cc.turn.activation.leader_first"
    assert refused(game, RollActivation()) == "cc.turn.activation.leader_first"
    game.apply(EndActivation())
    game.play_to_decision()
    # then one figure of the player's choice, again with no roll
    assert game.state.position == "turn.free"
    assert set(game.legal_actions()) == {EndTurn(), Activate("G1"), Activate("G2"), Activate("G3")}
    assert refused(game, RollActivation()) == "cc.turn.activation.free_second"
    assert refused(game, Move("G1", hx(game, "1,5"))) == "cc.turn.activation.free_second"
    game.apply(Activate("G1"))
    assert game.state.rules_state.current.unit == "G1" and "DiceRolled" not in kinds(game.log)
    game.apply(EndActivation())
    game.play_to_decision()
    # every further figure needs a D6 roll of 2-6, rolled before the figure is chosen
    assert game.state.position == "turn.ask"
    assert set(game.legal_actions()) == {EndTurn(), RollActivation()}
    assert refused(game, Activate("G2")) == "cc.turn.activation.roll"
    game.apply(RollActivation())
    assert game.current_step.kind == "dice" and list(game.rules.roll(game.state).pool) == [(D6, 1)]
    assert list(game.rules.roll(game.state).groups) == ["Greeks: activation"]
    events = roll(game, [4])
    assert "RollGood" in kinds(events) and game.state.position == "turn.pick"
    game.apply(Activate("G2"))
    assert game.state.rules_state.current.unit == "G2" and game.state.rules_state.stage == "rolled"


@pytest.mark.rule("cc.turn.activation.roll_one")
def test_an_activation_roll_of_one_ends_the_turn_at_once():
    game = make(BAND)
    activate(game, "G1")
    game.apply(EndActivation())
    game.play_to_decision()
    game.apply(RollActivation())
    events = roll(game, [1])
    over = event(events, "TurnOver")
    assert "cc.turn.activation.roll_one" in over.clauses
    # no figure was activated by the roll; the Ottomans' turn has begun with their leader
    assert game.state.active == O and game.state.rules_state.current.unit == "OL"
    activated_greeks = [e.data["unit"] for e in game.log if e.kind == "Activated" and e.side == G]
    assert activated_greeks == ["GL", "G1"]


@pytest.mark.rule("cc.turn.activation.any_or_all")
def test_a_player_may_stop_activating_at_any_point():
    for stop_at in ("turn.free", "turn.ask", "turn.pick"):
        game = make(BAND)
        game.apply(EndActivation())
        game.play_to_decision()
        if stop_at != "turn.free":
            game.apply(Activate("G1"))
            game.apply(EndActivation())
            game.play_to_decision()
        if stop_at == "turn.pick":
            game.apply(RollActivation())
            roll(game, [6])
        assert game.state.position == stop_at
        events = game.apply(EndTurn())
        assert "cc.turn.activation.any_or_all" in event(events, "TurnEnded").clauses
        game.play_to_decision()
        assert game.state.active == O
    # ending the turn in the middle of an activation is not allowed: the activation ends first
    game = make(BAND)
    assert refused(game, EndTurn()) == "cc.turn.activation.leader_first"


@pytest.mark.rule("cc.turn.activation.once")
def test_a_figure_is_activated_at_most_once_a_turn():
    game = make(BAND)
    activate(game, "G1")
    game.apply(EndActivation())
    game.play_to_decision()
    game.apply(RollActivation())
    roll(game, [5])
    assert refused(game, Activate("G1")) == "cc.turn.activation.once"
    assert refused(game, Activate("GL")) == "cc.turn.activation.once"
    game.apply(Activate("G2"))
    assert refused(game, Move("G1", hx(game, "1,5"))) == "cc.turn.activation.once"
    game.apply(EndActivation())
    game.play_to_decision()
    game.apply(RollActivation())
    roll(game, [3])
    game.apply(Activate("G3"))
    game.apply(EndActivation())
    events = game.play_to_decision()
    # every figure has had its activation: the turn passes without a roll
    assert "cc.turn.activation.once" in event(events, "AllActivated").clauses
    assert game.state.active == O


@pytest.mark.rule("cc.turn.activation.no_leader")
def test_without_a_leader_the_turn_starts_with_the_free_choice():
    game = make([u for u in BAND if u[0] != "GL"])
    assert game.state.position == "turn.free"
    assert "cc.turn.activation.no_leader" in event(game.log, "NoLeader").clauses
    game.apply(Activate("G2"))
    game.apply(EndActivation())
    game.play_to_decision()
    assert game.state.position == "turn.ask"  # only one free activation: the next figure needs a roll


# ------------------------------------------------------------------------------------------------ actions


@pytest.mark.rule("cc.action.limit.two", "cc.move.activation.max_two", "cc.move.action.one_hex")
def test_two_actions_a_move_is_one_hex_and_two_moves_end_the_activation():
    game = make(BAND)
    assert actions_left(game) == 2
    # one hex at a time, on the board only
    assert refused(game, Move("GL", hx(game, "3,3"))) == "cc.move.action.one_hex"
    off = from_offset(3, 8, "odd-r")
    assert refused(game, Move("GL", off)) == "cc.move.action.one_hex"
    game.apply(Move("GL", hx(game, "3,4")))
    assert actions_left(game) == 1
    events = game.apply(Move("GL", hx(game, "3,3")))
    assert "cc.move.activation.max_two" in event(events, "UnitMoved").clauses
    events = game.play_to_decision()
    # no third action: the activation is over
    assert "ActivationEnded" in kinds(events) and game.state.position == "turn.free"
    assert refused(game, Move("GL", hx(game, "3,2"))) == "cc.turn.activation.free_second"
    assert at(game, "GL") == "3,3"


@pytest.mark.rule("cc.action.limit.two", "cc.action.repeat")
def test_a_figure_may_punch_up_twice_unless_the_scenario_says_otherwise():
    units = [("GL", G, "leader", "3,3"), ("OL", O, "leader", "3,3", {"max_strength": 9})]
    game = make(units)
    game.apply(Punch("GL", "OL"))
    roll(game, ["oh_dear"] * 3)
    assert actions_left(game) == 1
    assert Punch("GL", "OL") in game.legal_actions()
    game.apply(Punch("GL", "OL"))
    roll(game, ["oh_dear"] * 3)
    # both actions spent: the activation ended (and, no other Greek figure being there, the turn)
    assert event(game.log, "ActivationEnded").data["unit"] == "GL" and game.state.active == O
    game = make(units, rules={"allow_double_punch": False})
    game.apply(Punch("GL", "OL"))
    roll(game, ["oh_dear"] * 3)
    assert refused(game, Punch("GL", "OL")) == "cc.action.repeat"
    assert Move("GL", hx(game, "3,4")) in game.legal_actions()  # the second action may still be a move


@pytest.mark.rule("cc.rest.restore", "cc.rest.amount", "cc.rest.whole_activation", "cc.rest.cap")
def test_a_rest_takes_both_actions_gives_back_one_str_and_never_more_than_the_start():
    game = make(BAND)
    game.state.units["GL"].strength = 2  # direct set-up: the leader has lost 2 of its 4 STR
    events = game.apply(Rest("GL"))
    rested = event(events, "Rested")
    assert game.state.units["GL"].strength == 3 and rested.data["gain"] == 1
    assert {"cc.rest.restore", "cc.rest.amount", "cc.rest.whole_activation"} <= set(rested.clauses)
    game.play_to_decision()
    assert game.state.position == "turn.free"  # nothing else in that activation
    # a figure that has moved cannot rest
    game.apply(Activate("G1"))
    game.apply(Move("G1", hx(game, "1,5")))
    assert refused(game, Rest("G1")) == "cc.rest.whole_activation"
    # at full STR a rest changes nothing
    game = make(BAND)
    events = game.apply(Rest("GL"))
    assert game.state.units["GL"].strength == 4 and "cc.rest.cap" in event(events, "Rested").clauses
    # a scenario may give back more; still capped at the starting STR
    game = make(BAND, rules={"rest_amount": 2})
    game.state.units["GL"].strength = 3
    game.apply(Rest("GL"))
    assert game.state.units["GL"].strength == 4


# ------------------------------------------------------------------------------------------------ terrain


@pytest.mark.rule("cc.move.terrain.wall", "cc.terrain.edges.definition")
def test_crossing_a_wall_fence_or_hedge_costs_an_extra_action():
    for feature in ("wall", "fence", "hedge"):
        game = make(BAND, hexsides={feature: [["3,5", "3,4"]]})
        events = game.apply(Move("GL", hx(game, "3,4")))
        moved = event(events, "UnitMoved")
        assert moved.data["cost"] == 2 and "cc.move.terrain.wall" in moved.clauses
        game.play_to_decision()
        assert game.state.position == "turn.free"  # both actions spent
    # the edge only lies between those two hexes: the hex next door is reached for one action
    game = make(BAND, hexsides={"wall": [["3,5", "3,4"]]})
    game.apply(Move("GL", hx(game, "4,4")))
    assert actions_left(game) == 1
    # with one action left, the wall cannot be crossed
    game = make(BAND, hexsides={"wall": [["2,4", "3,4"]]})
    game.apply(Move("GL", hx(game, "3,4")))
    assert refused(game, Move("GL", hx(game, "2,4"))) == "cc.move.terrain.wall"
    assert game.board.hexside(hx(game, "3,4"), hx(game, "2,4")) == "wall"


@pytest.mark.rule("cc.move.terrain.river", "cc.move.terrain.woods")
def test_wading_into_a_river_or_entering_woods_costs_an_extra_action():
    for terrain, clause in (("river", "cc.move.terrain.river"), ("woods", "cc.move.terrain.woods")):
        game = make(BAND, terrain={terrain: ["3,4"]})
        events = game.apply(Move("GL", hx(game, "3,4")))
        assert event(events, "UnitMoved").data["cost"] == 2 and clause in event(events, "UnitMoved").clauses
        game = make(BAND, terrain={terrain: ["3,3"]})
        game.apply(Move("GL", hx(game, "3,4")))
        assert refused(game, Move("GL", hx(game, "3,3"))) == clause
        # leaving costs the one action only
        game = make([("GL", G, "leader", "3,4"), *BAND[1:]], terrain={terrain: ["3,4"]})
        game.apply(Move("GL", hx(game, "3,5")))
        assert actions_left(game) == 1
    # a wall into woods would take three actions: never possible
    game = make(BAND, terrain={"woods": ["3,4"]}, hexsides={"hedge": [["3,5", "3,4"]]})
    assert refused(game, Move("GL", hx(game, "3,4"))) == "cc.move.terrain.wall"


# ------------------------------------------------------------------------------------------------ figures


@pytest.mark.rule("cc.move.friendly.pass", "cc.stack.limit.end_of_activation")
def test_a_figure_may_pass_through_a_crowded_friendly_hex():
    game = make([("GL", G, "leader", "3,6"), ("G1", G, "warrior", "3,5"), ("G2", G, "warrior", "3,5"),
                 ("OL", O, "leader", "0,0")])
    events = game.apply(Move("GL", hx(game, "3,5")))
    assert "cc.move.friendly.pass" in event(events, "UnitMoved").clauses
    assert len(game.state.units_at(hx(game, "3,5"))) == 3  # three for now: only the end of the activation counts
    assert game.rules.invariants(game.state) == []
    game.apply(Move("GL", hx(game, "3,4")))
    game.play_to_decision()
    assert at(game, "GL") == "3,4" and "Overcrowded" not in kinds(game.log)


@pytest.mark.rule("cc.move.enemy.stop", "cc.move.enemy.forced_punch_free")
def test_walking_into_an_enemy_stops_the_figure_and_forces_a_free_punch_up():
    game = make([("GL", G, "leader", "3,5"), ("OL", O, "leader", "3,4", {"max_strength": 9})])
    events = game.apply(Move("GL", hx(game, "3,4")))
    assert {"cc.move.enemy.stop", "cc.move.enemy.forced_punch_free"} <= set(event(events, "Contact").clauses)
    punch = event(events, "PunchUp")
    assert punch.data["forced"] and "cc.move.enemy.forced_punch_free" in punch.clauses
    assert game.state.position == "turn.punch" and list(game.rules.roll(game.state).pool) == [(ATK_DIE, 3)]
    roll(game, ["oh_dear"] * 3)
    # the punch up cost nothing: one action is left, for a punch up but not a move
    assert actions_left(game) == 1
    assert refused(game, Move("GL", hx(game, "3,3"))) == "cc.move.enemy.stop"
    assert set(game.legal_actions()) == {EndActivation(), Punch("GL", "OL")}


@pytest.mark.rule("cc.move.enemy.choose")
def test_walking_into_two_enemies_the_mover_chooses_whom_to_punch():
    game = make([("GL", G, "leader", "3,5"), ("G9", G, "warrior", "0,7"), ("OL", O, "leader", "3,4"),
                 ("O1", O, "warrior", "3,4")])
    game.apply(Move("GL", hx(game, "3,4")))
    assert game.state.position == "turn.engage"
    assert set(game.legal_actions()) == {Punch("GL", "OL"), Punch("GL", "O1")}
    assert refused(game, Move("GL", hx(game, "3,3"))) == "cc.move.enemy.stop"
    assert refused(game, Punch("GL", "G9")) == "cc.move.enemy.choose"
    game.apply(Punch("GL", "O1"))
    assert game.state.rules_state.punch.target == "O1" and actions_left(game) == 1


@pytest.mark.rule("cc.move.leave_contact")
def test_a_figure_in_contact_may_simply_walk_away():
    game = make([("GL", G, "leader", "3,4"), ("OL", O, "leader", "3,4")])
    assert Move("GL", hx(game, "3,5")) in game.legal_actions()
    events = game.apply(Move("GL", hx(game, "3,5")))
    assert "cc.move.leave_contact" in event(events, "UnitMoved").clauses
    assert "PunchUp" not in kinds(events) and actions_left(game) == 1
    assert game.state.units["GL"].strength == 4
