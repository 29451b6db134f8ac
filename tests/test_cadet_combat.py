"""Cadet Commander: punch ups, the ATK die, push-backs, follow-ups, walls, stacking, scoring and victory.

The Ottomans' flag is 4,0, so an Ottoman figure pushed back moves up the board. From 4,3 the hexes one
nearer the flag are 4,2 and 5,2; from 2,0 only 3,0 is nearer.
"""

from __future__ import annotations

from collections import Counter

import pytest

from hexlab.rulesets.cadet.board import gone_home
from hexlab.rulesets.cadet.combat import ATK_DIE, ORDER, punch_result
from hexlab.rulesets.cadet.rules import (
    Activate,
    ChooseDie,
    EndActivation,
    EndTurn,
    FallBack,
    Follow,
    Move,
    Punch,
    PushBack,
    RollActivation,
    Stay,
)
from tests.support.cadet_boards import G, O, activate, at, event, hx, kinds, make, refused, roll

NONE = ["oh_dear"]


def punch(game, attacker, target, faces, choose=None):
    """``attacker`` punches ``target`` in its hex; the dice show ``faces``; keep ``choose`` if asked."""
    game.apply(Punch(attacker, target))
    events = roll(game, faces)
    if game.state.position == "turn.choose":
        events += game.apply(ChooseDie(choose or punch_result(faces)))
        events += game.play_to_decision()
    return events


# ------------------------------------------------------------------------------------------------ the dice


@pytest.mark.rule("cc.dice.atk.faces")
def test_the_atk_die_has_two_oh_dear_two_run_away_one_ouch_one_hit_and_run():
    assert ATK_DIE.name == "atk" and Counter(ATK_DIE.faces) == {"oh_dear": 2, "run_away": 2, "ouch": 1,
                                                                "hit_and_run": 1}
    assert ATK_DIE.label("hit_and_run") == "Hit and Run" and ATK_DIE.symbol("ouch")
    from hexlab.rulesets.cadet.rules import Cadet
    assert Cadet.dice_by_name()["atk"] is ATK_DIE
    assert ORDER == ("hit_and_run", "ouch", "run_away", "oh_dear")


@pytest.mark.rule("cc.punch.roll.dice_count", "cc.punch.atk.standard", "cc.punch.atk.leader_hero",
                  "cc.punch.stats.atk_str", "cc.components.atk_dice.count")
def test_only_the_attacker_rolls_as_many_atk_dice_as_its_atk():
    units = [("GL", G, "leader", "3,4"), ("G1", G, "warrior", "2,4"), ("GH", G, "hero", "4,4"),
             ("OL", O, "leader", "3,4"), ("O1", O, "warrior", "2,4"), ("O2", O, "warrior", "4,4")]
    game = make(units)
    game.apply(Punch("GL", "OL"))
    assert list(game.rules.roll(game.state).pool) == [(ATK_DIE, 3)]  # one group: the defender rolls nothing
    assert "cc.punch.atk.leader_hero" in event(game.log, "PunchUp").clauses
    roll(game, NONE * 3)
    game.apply(EndActivation())
    game.play_to_decision()
    game.apply(Activate("G1"))
    game.apply(Punch("G1", "O1"))
    assert list(game.rules.roll(game.state).pool) == [(ATK_DIE, 2)]
    assert "cc.punch.atk.standard" in event(game.log, "PunchUp").clauses
    roll(game, NONE * 2)
    game.apply(EndActivation())
    game.play_to_decision()
    game.apply(RollActivation())
    roll(game, [6])
    game.apply(Activate("GH"))
    game.apply(Punch("GH", "O2"))
    assert list(game.rules.roll(game.state).pool) == [(ATK_DIE, 3)]
    # a figure's own ATK (attrs) replaces its type's
    game = make([("G1", G, "warrior", "3,4", {"atk": 1}), ("OL", O, "leader", "3,4")])
    game.apply(Activate("G1"))
    game.apply(Punch("G1", "OL"))
    assert list(game.rules.roll(game.state).pool) == [(ATK_DIE, 1)]


@pytest.mark.rule("cc.punch.contact.same_hex")
def test_a_punch_up_is_made_in_the_attackers_own_hex():
    game = make([("GL", G, "leader", "3,5"), ("G1", G, "warrior", "3,5"), ("OL", O, "leader", "3,4")])
    assert refused(game, Punch("GL", "OL")) == "cc.punch.contact.same_hex"
    assert refused(game, Punch("GL", "G1")) == "cc.punch.contact.same_hex"
    assert not [a for a in game.legal_actions() if isinstance(a, Punch)]


@pytest.mark.rule("cc.punch.roll.choose_one", "cc.punch.result.ouch", "cc.score.vp.str_loss",
                  "cc.components.scoreboard.tracking")
def test_the_attacker_keeps_one_die_and_only_that_face_counts():
    game = make([("GL", G, "leader", "3,3"), ("OL", O, "leader", "3,3")])
    game.apply(Punch("GL", "OL"))
    roll(game, ["oh_dear", "ouch", "run_away"])
    assert game.state.position == "turn.choose"
    assert set(game.legal_actions()) == {ChooseDie("ouch"), ChooseDie("run_away"), ChooseDie("oh_dear")}
    assert refused(game, ChooseDie("hit_and_run")) == "cc.punch.roll.choose_one"
    events = game.apply(ChooseDie("ouch"))
    # Ouch: one STR token off, no move; the attacker's player scores a VP on the scoreboard
    assert game.state.units["OL"].strength == 3 and at(game, "OL") == "3,3"
    assert "cc.punch.result.ouch" in event(events, "PunchResult").clauses
    assert "cc.components.scoreboard.tracking" in event(events, "StrLost").clauses
    assert game.state.score == {G: 1, O: 0}
    assert "cc.score.vp.str_loss" in event(events, "VictoryPoint").clauses


@pytest.mark.rule("cc.punch.result.oh_dear", "cc.punch.result.run_away", "cc.score.vp.str_loss")
def test_oh_dear_does_nothing_and_run_away_moves_the_defender_back_without_loss():
    game = make([("GL", G, "leader", "2,0"), ("OL", O, "leader", "2,0")])
    before = (at(game, "OL"), game.state.units["OL"].strength)
    events = punch(game, "GL", "OL", ["oh_dear", "run_away", "oh_dear"], choose="oh_dear")
    assert "cc.punch.result.oh_dear" in event(events, "PunchResult").clauses
    assert (at(game, "OL"), game.state.units["OL"].strength) == before
    events = punch(game, "GL", "OL", ["oh_dear", "run_away", "oh_dear"], choose="run_away")
    assert "cc.punch.result.run_away" in event(events, "PunchResult").clauses
    assert at(game, "OL") == "3,0" and game.state.units["OL"].strength == 4
    assert game.state.score == {G: 0, O: 0}  # a move back costs no STR: no point


@pytest.mark.rule("cc.punch.result.hit_and_run", "cc.punch.str.zero_removed")
def test_hit_and_run_costs_str_then_moves_back_and_str_zero_leaves_the_board():
    game = make([("GL", G, "leader", "2,0"), ("OL", O, "leader", "2,0"), ("O1", O, "warrior", "5,5")])
    events = punch(game, "GL", "OL", ["hit_and_run"] * 3)
    assert "cc.punch.result.hit_and_run" in event(events, "PunchResult").clauses
    assert game.state.units["OL"].strength == 3 and at(game, "OL") == "3,0"
    assert kinds(events).index("StrLost") < kinds(events).index("PushedBack")
    # a defender with 1 STR left is knocked out and does not move
    game = make([("GL", G, "leader", "2,0"), ("OL", O, "leader", "2,0", {"max_strength": 1}),
                 ("O1", O, "warrior", "5,5")])
    events = punch(game, "GL", "OL", ["hit_and_run"] * 3)
    assert "PushedBack" not in kinds(events)
    removed = event(events, "Removed")
    assert "cc.punch.str.zero_removed" in removed.clauses and removed.data["at"] == hx(game, "2,0")
    assert game.state.units["OL"].strength == 0 and game.state.units["OL"].at is None
    assert game.state.score[G] == 1


# ------------------------------------------------------------------------------------------------ push backs


@pytest.mark.rule("cc.punch.retreat.direction")
def test_a_pushed_back_figure_goes_one_hex_nearer_its_flag_its_owner_choosing():
    game = make([("GL", G, "leader", "4,3"), ("OL", O, "leader", "4,3"), ("O1", O, "warrior", "0,0")])
    game.apply(Punch("GL", "OL"))
    roll(game, ["run_away"] * 3)
    assert game.state.position == "turn.push" and game.to_act == O  # the defender's owner chooses
    assert set(game.legal_actions()) == {PushBack("OL", hx(game, "4,2")), PushBack("OL", hx(game, "5,2"))}
    assert refused(game, PushBack("OL", hx(game, "3,3"))) == "cc.punch.retreat.direction"
    assert refused(game, PushBack("OL", hx(game, "4,4"))) == "cc.punch.retreat.direction"
    assert refused(game, Stay("GL")) == "cc.punch.follow_up"
    game.apply(PushBack("OL", hx(game, "5,2")))
    assert at(game, "OL") == "5,2"


@pytest.mark.rule("cc.punch.retreat.off_board")
def test_a_figure_pushed_back_from_its_own_flag_goes_home():
    game = make([("GL", G, "leader", "4,0"), ("OL", O, "leader", "4,0"), ("O1", O, "warrior", "0,5")])
    events = punch(game, "GL", "OL", ["run_away"] * 3)
    home = event(events, "WentHome")
    assert "cc.punch.retreat.off_board" in home.clauses
    ol = game.state.units["OL"]
    assert ol.at is None and ol.strength == 4 and gone_home(game.state, ol)
    assert game.state.score == {G: 0, O: 0}  # no STR lost, so no point


@pytest.mark.rule("cc.punch.retreat.blocked_full", "cc.punch.retreat.blocked_destination")
def test_a_full_hex_blocks_the_way_back_the_figure_steps_aside_and_loses_str():
    units = [("GL", G, "leader", "2,0"), ("OL", O, "leader", "2,0"), ("O1", O, "warrior", "3,0"),
             ("O2", O, "warrior", "3,0")]
    game = make(units)
    events = punch(game, "GL", "OL", ["run_away"] * 3)
    blocked = event(events, "PushBlocked")
    assert "cc.punch.retreat.blocked_full" in blocked.clauses
    assert game.state.units["OL"].strength == 3 and game.state.score[G] == 1
    # the owner picks any hex next to it that is not a river, has no enemy and fewer than two figures
    assert game.state.position == "turn.push" and game.state.rules_state.push.blocked
    assert {a.to for a in game.legal_actions()} == {hx(game, "1,0"), hx(game, "1,1"), hx(game, "2,1")}
    assert refused(game, PushBack("OL", hx(game, "3,0"))) == "cc.punch.retreat.blocked_destination"
    game.apply(PushBack("OL", hx(game, "2,1")))
    assert at(game, "OL") == "2,1"


@pytest.mark.rule("cc.punch.retreat.blocked_destination")
def test_the_state_of_a_waiting_push_back_goes_to_data_and_back():
    from hexlab.engine import GameState

    units = [("GL", G, "leader", "2,0"), ("OL", O, "leader", "2,0"), ("O1", O, "warrior", "3,0"),
             ("O2", O, "warrior", "3,0")]
    game = make(units)
    punch(game, "GL", "OL", ["run_away"] * 3)
    assert game.state.position == "turn.push"
    again = GameState.from_data(game.state.to_data(), type(game.rules).state_type)
    assert again.rules_state == game.state.rules_state  # the push choice, the punch up, the tally
    game.state = again
    game.apply(PushBack("OL", hx(game, "2,1")))
    assert at(game, "OL") == "2,1"


@pytest.mark.rule("cc.punch.retreat.blocked_river")
def test_nobody_is_pushed_back_into_a_river():
    game = make([("GL", G, "leader", "2,0"), ("OL", O, "leader", "2,0"), ("O1", O, "warrior", "6,6")],
                terrain={"river": ["3,0", "1,0", "1,1"]})
    events = punch(game, "GL", "OL", ["run_away"] * 3)
    assert "cc.punch.retreat.blocked_river" in event(events, "PushBlocked").clauses
    # the only dry hex next to it is 2,1: it goes there at once, one STR down
    assert at(game, "OL") == "2,1" and game.state.units["OL"].strength == 3


@pytest.mark.rule("cc.punch.retreat.enemy_blocks", "cc.punch.retreat.blocked_destination")
def test_an_attacker_side_figure_blocks_the_way_back_and_a_surrounded_figure_stays():
    game = make([("GL", G, "leader", "2,0"), ("G1", G, "warrior", "3,0"), ("OL", O, "leader", "2,0")])
    events = punch(game, "GL", "OL", ["run_away"] * 3)
    assert "cc.punch.retreat.enemy_blocks" in event(events, "PushBlocked").clauses
    assert game.state.units["OL"].strength == 3
    # surrounded in the corner: 1,0 (nearer its flag) is full, 0,1 holds an enemy: it stays, still losing 1 STR
    game = make([("GL", G, "leader", "0,0"), ("G1", G, "warrior", "0,1"), ("OL", O, "leader", "0,0"),
                 ("O1", O, "warrior", "1,0"), ("O2", O, "warrior", "1,0")])
    events = punch(game, "GL", "OL", ["run_away"] * 3)
    assert "cc.punch.retreat.blocked_destination" in event(events, "StoodFast").clauses
    assert at(game, "OL") == "0,0" and game.state.units["OL"].strength == 3


@pytest.mark.rule("cc.score.vp.per_event")
def test_one_punch_up_scores_one_point_even_when_it_costs_two_str():
    units = [("GL", G, "leader", "2,0"), ("OL", O, "leader", "2,0"), ("O1", O, "warrior", "3,0"),
             ("O2", O, "warrior", "3,0")]
    game = make(units)
    events = punch(game, "GL", "OL", ["hit_and_run"] * 3)
    assert game.state.units["OL"].strength == 2 and game.state.score[G] == 1
    assert kinds(events).count("VictoryPoint") == 1
    assert "cc.score.vp.per_event" in event(events, "NoExtraPoint").clauses
    # a scenario may score every STR point instead
    game = make(units, rules={"vp_per_str_point": True})
    punch(game, "GL", "OL", ["hit_and_run"] * 3)
    assert game.state.score[G] == 2


@pytest.mark.rule("cc.punch.follow_up")
def test_the_attacker_may_follow_the_defender_if_there_is_room():
    game = make([("GL", G, "leader", "2,0"), ("OL", O, "leader", "2,0"), ("O1", O, "warrior", "0,5")])
    game.apply(Punch("GL", "OL"))
    roll(game, ["run_away"] * 3)
    assert game.state.position == "turn.follow"
    assert set(game.legal_actions()) == {Follow("GL", hx(game, "3,0")), Stay("GL")}
    assert refused(game, Follow("GL", hx(game, "2,1"))) == "cc.punch.follow_up"
    events = game.apply(Follow("GL", hx(game, "3,0")))
    assert "cc.punch.follow_up" in event(events, "FollowedUp").clauses
    assert at(game, "GL") == at(game, "OL") == "3,0"
    # free: one action left, and in contact again: it may punch but not walk on
    assert game.state.rules_state.current.actions == 1
    assert Punch("GL", "OL") in game.legal_actions()
    assert refused(game, Move("GL", hx(game, "3,1"))) == "cc.move.enemy.stop"
    # no room: the defender joined a friend, a follow-up would make three
    game = make([("GL", G, "leader", "2,0"), ("OL", O, "leader", "2,0"), ("O1", O, "warrior", "3,0")])
    events = punch(game, "GL", "OL", ["run_away"] * 3)
    assert "NoRoomToFollow" in kinds(events) and at(game, "GL") == "2,0"


@pytest.mark.rule("cc.punch.wall.minus_one", "cc.punch.wall.behind")
def test_a_defender_behind_a_wall_or_hedge_faces_one_die_fewer():
    for feature in ("wall", "hedge"):
        game = make([("GL", G, "leader", "3,5"), ("G1", G, "warrior", "2,5"), ("OL", O, "leader", "3,4"),
                     ("O1", O, "warrior", "2,4")], hexsides={feature: [["3,5", "3,4"], ["2,5", "2,4"]]})
        events = game.apply(Move("GL", hx(game, "3,4")))
        punch_up = event(events, "PunchUp")
        assert punch_up.data["cover"] and {"cc.punch.wall.minus_one", "cc.punch.wall.behind"} <= set(punch_up.clauses)
        assert list(game.rules.roll(game.state).pool) == [(ATK_DIE, 2)]  # the leader: 3 - 1
        roll(game, NONE * 2)
        game.play_to_decision()
        game.apply(Activate("G1"))
        game.apply(Move("G1", hx(game, "2,4")))
        assert list(game.rules.roll(game.state).pool) == [(ATK_DIE, 1)]  # a warrior: 2 - 1
    # no wall: the full ATK; and a second punch inside the hex is made at full ATK too
    game = make([("GL", G, "leader", "3,5"), ("OL", O, "leader", "3,4", {"max_strength": 9})],
                hexsides={"wall": [["4,5", "4,4"]]})
    game.apply(Move("GL", hx(game, "3,4")))
    assert list(game.rules.roll(game.state).pool) == [(ATK_DIE, 3)]
    # ATK 1 over a wall rolls no dice at all: nothing happens
    game = make([("GL", G, "leader", "0,7"), ("G1", G, "warrior", "3,5", {"atk": 1}), ("OL", O, "leader", "3,4")],
                hexsides={"wall": [["3,5", "3,4"]]})
    activate(game, "G1")
    game.apply(Move("G1", hx(game, "3,4")))
    events = roll(game, [])
    assert event(events, "PunchResult").data["result"] == "oh_dear" and game.state.units["OL"].strength == 4


# ------------------------------------------------------------------------------------------------ stacking


@pytest.mark.rule("cc.stack.limit.end_of_activation", "cc.stack.overflow.return")
def test_the_last_figure_into_a_crowded_hex_goes_back_where_it_came_from():
    game = make([("GL", G, "leader", "3,5"), ("G1", G, "warrior", "3,4"), ("G2", G, "warrior", "3,4"),
                 ("OL", O, "leader", "0,0")])
    game.apply(Move("GL", hx(game, "3,4")))
    game.apply(EndActivation())
    events = game.play_to_decision()
    assert "cc.stack.limit.end_of_activation" in event(events, "Overcrowded").clauses
    back = event(events, "BumpedBack")
    assert "cc.stack.overflow.return" in back.clauses and at(game, "GL") == "3,5"
    assert len(game.state.units_at(hx(game, "3,4"))) == 2


@pytest.mark.rule("cc.stack.overflow.alternative")
def test_when_the_way_back_is_full_the_figure_falls_back_next_door():
    # GL walks 3,6 -> 3,5 (two friends) -> 3,4 (two friends): 3,5 is no way back
    units = [("GL", G, "leader", "3,6"), ("G1", G, "warrior", "3,5"), ("G2", G, "warrior", "3,5"),
             ("G3", G, "warrior", "3,4"), ("G4", G, "warrior", "3,4"), ("OL", O, "leader", "0,0")]
    game = make(units)
    game.apply(Move("GL", hx(game, "3,5")))
    game.apply(Move("GL", hx(game, "3,4")))
    game.play_to_decision()
    assert game.state.position == "turn.bump" and game.to_act == G
    options = {a.to for a in game.legal_actions()}
    assert options == {hx(game, x) for x in ("2,3", "3,3", "2,4", "4,4", "2,5")}
    assert refused(game, FallBack("GL", hx(game, "3,5"))) == "cc.stack.overflow.alternative"
    events = game.apply(FallBack("GL", hx(game, "4,4")))
    assert "cc.stack.overflow.alternative" in event(events, "FellBack").clauses
    assert at(game, "GL") == "4,4" and game.state.position == "turn.free"


@pytest.mark.rule("cc.stack.overflow.sulk", "cc.stack.overflow.sulk_no_penalty")
def test_with_nowhere_to_go_the_figure_goes_home_to_mum_at_no_cost():
    # GL walks 2,0 -> 1,0 (two friends) -> 0,0 (two friends); 0,1 holds an enemy: no allowable hex
    units = [("GL", G, "leader", "2,0"), ("G1", G, "warrior", "1,0"), ("G2", G, "warrior", "1,0"),
             ("G3", G, "warrior", "0,0"), ("G4", G, "warrior", "0,0"), ("OL", O, "leader", "0,1")]
    game = make(units)
    game.apply(Move("GL", hx(game, "1,0")))
    game.apply(Move("GL", hx(game, "0,0")))
    events = game.play_to_decision()
    home = event(events, "WentHome")
    assert {"cc.stack.overflow.sulk", "cc.stack.overflow.sulk_no_penalty"} <= set(home.clauses)
    gl = game.state.units["GL"]
    assert gl.at is None and gl.strength == 4 and game.state.score == {G: 0, O: 0}
    assert game.rules.leader(game.state, G) is None
    assert game.rules.invariants(game.state) == []


# ------------------------------------------------------------------------------------------------ winning


@pytest.mark.rule("cc.victory.vp.ten")
def test_the_first_player_to_reach_the_target_wins_at_once():
    game = make([("GL", G, "leader", "3,3"), ("OL", O, "leader", "3,3")])
    assert game.rules.options.vp_to_win == 10
    game = make([("GL", G, "leader", "3,3"), ("G1", G, "warrior", "0,7"), ("OL", O, "leader", "3,3")],
                rules={"vp_to_win": 1})
    events = punch(game, "GL", "OL", ["ouch"] * 3)
    assert game.is_over and game.result["winner"] == G and game.result["clauses"] == ["cc.victory.vp.ten"]
    assert "cc.victory.vp.ten" in event(events, "GameOver").clauses
    assert game.state.position == "turn.punch"  # mid-turn: nothing more happens
    assert not list(game.legal_actions())


@pytest.mark.rule("cc.victory.flag.capture")
def test_a_flag_is_captured_when_the_enemys_turn_ends_with_our_figure_alone_in_its_hex():
    units = [("GL", G, "leader", "4,1"), ("OL", O, "leader", "0,6"), ("O1", O, "warrior", "2,3")]
    game = make(units)
    game.apply(Move("GL", hx(game, "4,0")))
    game.apply(EndActivation())
    game.play_to_decision()
    assert not game.is_over and game.state.active == O  # standing on it at the end of your own turn is not enough
    game.apply(EndActivation())
    game.play_to_decision()
    game.apply(EndTurn())
    events = game.play_to_decision()
    assert game.is_over and game.result["winner"] == G
    assert "cc.victory.flag.capture" in event(events, "FlagCaptured").clauses
    # an enemy figure in the flag hex at the end of its turn keeps the flag
    game = make([("GL", G, "leader", "4,1"), ("OL", O, "leader", "5,0")])
    game.apply(Move("GL", hx(game, "4,0")))
    game.apply(EndActivation())
    game.play_to_decision()
    events = game.apply(Move("OL", hx(game, "4,0")))
    roll(game, NONE * 3)
    if game.state.position == "turn.act":
        game.apply(EndActivation())
        game.play_to_decision()
    assert not game.is_over and "FlagCaptured" not in kinds(game.log)


@pytest.mark.rule("cc.score.vp.scenario")
def test_a_scenario_objective_scores_for_the_side_that_alone_holds_it():
    objective = {"objectives": [{"hex": "3,4", "vp": 2, "name": "the church"}]}
    game = make([("GL", G, "leader", "3,5"), ("OL", O, "leader", "0,0")], rules=objective)
    assert "objective" in game.state.features[hx(game, "3,4")]
    game.apply(Move("GL", hx(game, "3,4")))
    game.apply(EndActivation())
    events = game.play_to_decision()
    assert "cc.score.vp.scenario" in event(events, "ObjectiveHeld").clauses
    assert game.state.score == {G: 2, O: 0}
    # with an enemy in it, nobody scores
    game = make([("GL", G, "leader", "3,5"), ("OL", O, "leader", "3,4", {"max_strength": 9})], rules=objective)
    game.apply(Move("GL", hx(game, "3,4")))
    roll(game, NONE * 3)
    game.apply(EndActivation())
    game.play_to_decision()
    assert "ObjectiveHeld" not in kinds(game.log) and game.state.score == {G: 0, O: 0}
    assert game.rules.invariants(game.state) == []
