"""Memoir '44: moving ordered units (how far each type goes, one unit per hex, battle after a move)."""

from __future__ import annotations

import pytest

from hexlab.engine import ScenarioError
from hexlab.rulesets.memoir44.rules import Battle, EndBattles, EndMoves, Move, Order
from hexlab.scenario import load_text
from tests.support.memoir44_boards import at, dice_of, faces_are, hx, make, order, refused, roll, scenario_text, snapshot


def moves_of(game, uid):
    return sorted(game.board.label(a.to) for a in game.legal_actions() if isinstance(a, Move) and a.unit == uid)


@pytest.mark.rule("m44.move.unit.once_per_turn")
def test_a_unit_moves_once_a_turn():
    game = make([("A1", "Allies", "infantry", "6,7"), ("X1", "Axis", "infantry", "6,0")], hand=["probe_centre"])
    order(game, "probe_centre", ["A1"])
    game.apply(Move("A1", hx(game, "6,6")))
    assert refused(game, Move("A1", hx(game, "6,5"))) == "m44.move.unit.once_per_turn"
    assert moves_of(game, "A1") == []


@pytest.mark.rule("m44.move.unit.sequential", "m44.move.unit.once_per_turn")
def test_an_armor_move_is_finished_before_another_unit_moves():
    game = make([("A1", "Allies", "armor", "6,7"), ("A2", "Allies", "infantry", "7,7"),
                 ("X1", "Axis", "infantry", "6,0")], hand=["probe_centre"])
    order(game, "probe_centre", ["A1", "A2"])
    game.apply(Move("A1", hx(game, "6,6")))       # 1 hex of its 3
    game.apply(Move("A2", hx(game, "7,6")))
    # the armor may not now use its 2 unused hexes
    assert refused(game, Move("A1", hx(game, "6,5"))) == "m44.move.unit.once_per_turn"
    assert at(game, "A1") == "6,6"


@pytest.mark.rule("m44.move.optional", "m44.battle.optional")
def test_ordered_units_need_neither_move_nor_battle():
    game = make([("A1", "Allies", "artillery", "6,7"), ("A2", "Allies", "infantry", "7,6"),
                 ("X1", "Axis", "infantry", "6,4"), ("X2", "Axis", "infantry", "7,5")], hand=["probe_centre"])
    order(game, "probe_centre", ["A1", "A2"])
    game.apply(EndMoves())                                    # nobody moves
    assert Battle("A1", "X1") in set(game.legal_actions())    # the artillery that stayed may battle
    assert Battle("A2", "X2") in set(game.legal_actions())
    game.apply(Battle("A1", "X1"))
    assert dice_of(game) == 2                                 # range 3
    roll(game, faces_are("star", "star"))
    # A2 is next to X2 and ordered, but may end the turn without attacking
    game.apply(EndBattles())
    game.play_to_decision()
    assert game.state.active == "Axis"
    assert game.state.units["X2"].strength == 4


@pytest.mark.rule("m44.stack.one_unit_per_hex")
def test_one_unit_per_hex():
    game = make([("A1", "Allies", "infantry", "6,7"), ("A2", "Allies", "infantry", "6,6"),
                 ("X1", "Axis", "infantry", "6,0")], hand=["probe_centre"])
    order(game, "probe_centre", ["A1"])
    assert refused(game, Move("A1", hx(game, "6,6"))) == "m44.stack.one_unit_per_hex"
    assert "6,6" not in moves_of(game, "A1")
    # a scenario may not stack two units either
    text = scenario_text([("A1", "Allies", "infantry", "6,7"), ("A2", "Allies", "armor", "6,7")])
    with pytest.raises(ScenarioError, match="m44.stack.one_unit_per_hex"):
        load_text(text, "memoir44/test")


@pytest.mark.rule("m44.stack.no_entry_occupied")
@pytest.mark.parametrize("blocker_side", ["Allies", "Axis"])
def test_no_moving_through_a_unit_friend_or_foe(blocker_side):
    # rivers at 0,3 and 0,5 leave 1,4 the only way out of 0,4
    units = [("A1", "Allies", "armor", "0,4"), ("B", blocker_side, "infantry", "1,4"),
             ("X1", "Axis", "infantry", "12,0")]
    game = make(units, terrain={"river": ["0,3", "0,5"]}, hand=["probe_left"])
    order(game, "probe_left", ["A1"])
    assert moves_of(game, "A1") == []
    assert refused(game, Move("A1", hx(game, "2,4"))) == "m44.stack.no_entry_occupied"
    # with the way clear the same hex is in reach
    game = make([units[0], units[2]], terrain={"river": ["0,3", "0,5"]}, hand=["probe_left"])
    order(game, "probe_left", ["A1"])
    assert "2,4" in moves_of(game, "A1") and "3,4" in moves_of(game, "A1")


@pytest.mark.rule("m44.stack.figures_together")
def test_a_unit_moves_as_one_with_all_its_figures():
    game = make([("A1", "Allies", "infantry", "6,7"), ("X1", "Axis", "infantry", "6,0")], hand=["probe_centre"])
    order(game, "probe_centre", ["A1"])
    game.apply(Move("A1", hx(game, "6,5")))
    assert game.state.units_at(hx(game, "6,5"))[0].strength == 4
    assert game.state.units_at(hx(game, "6,7")) == []
    assert len([u for u in game.state.units.values() if u.side == "Allies"]) == 1


@pytest.mark.rule("m44.move.infantry.range")
def test_infantry_moves_up_to_two_hexes():
    game = make([("A1", "Allies", "infantry", "6,7"), ("X1", "Axis", "infantry", "6,0")], hand=["probe_centre"])
    order(game, "probe_centre", ["A1"])
    reach = moves_of(game, "A1")
    assert "6,5" in reach and "6,6" in reach
    assert refused(game, Move("A1", hx(game, "6,4"))) == "m44.move.infantry.range"
    assert all(game.rules.field.moves(game.state, game.state.units["A1"], 2)[hx(game, lab)]["cost"] <= 2
               for lab in reach)


@pytest.mark.rule("m44.move.infantry.two_hex_no_battle")
def test_infantry_that_moved_two_hexes_does_not_battle():
    units = [("A1", "Allies", "infantry", "6,7"), ("A2", "Allies", "infantry", "8,6"),
             ("X1", "Axis", "infantry", "6,4"), ("X2", "Axis", "infantry", "9,4")]
    game = make(units, hand=["attack_centre"])
    order(game, "attack_centre", ["A1", "A2"])
    game.apply(Move("A1", hx(game, "6,5")))    # 2 hexes, next to X1
    game.apply(Move("A2", hx(game, "8,5")))    # 1 hex, next to X2
    game.apply(EndMoves())
    assert refused(game, Battle("A1", "X1")) == "m44.move.infantry.two_hex_no_battle"
    assert [a for a in game.legal_actions() if isinstance(a, Battle) and a.unit == "A1"] == []
    assert game.explain(Battle("A2", "X2")) is None


@pytest.mark.rule("m44.move.special_forces.infantry", "m44.sf.badge")
def test_special_forces_move_two_and_still_battle():
    units = [("A1", "Allies", "infantry", "6,8", {"badge": "special_forces"}), ("A2", "Allies", "infantry", "8,8"),
             ("X1", "Axis", "infantry", "6,4"), ("X2", "Axis", "infantry", "9,4")]
    game = make(units, hand=["attack_centre"])
    order(game, "attack_centre", ["A1", "A2"])
    game.apply(Move("A1", hx(game, "6,6")))    # 2 hexes; X1 is 2 hexes away
    game.apply(Move("A2", hx(game, "8,6")))    # the same without a badge; X2 is 2 hexes away
    game.apply(EndMoves())
    assert refused(game, Battle("A2", "X2")) == "m44.move.infantry.two_hex_no_battle"
    game.apply(Battle("A1", "X1"))
    assert dice_of(game) == 2


@pytest.mark.rule("m44.move.armor.range", "m44.move.armor.battle_after_move")
def test_armor_moves_up_to_three_hexes_and_battles():
    game = make([("A1", "Allies", "armor", "6,8"), ("X1", "Axis", "infantry", "6,4")], hand=["probe_centre"])
    order(game, "probe_centre", ["A1"])
    assert refused(game, Move("A1", hx(game, "6,4"))) == "m44.stack.one_unit_per_hex"
    assert refused(game, Move("A1", hx(game, "5,4"))) == "m44.move.armor.range"   # 4 hexes
    assert "7,5" in moves_of(game, "A1")                                           # 3 hexes
    game.apply(Move("A1", hx(game, "6,5")))    # 3 hexes, next to X1
    game.apply(EndMoves())
    game.apply(Battle("A1", "X1"))
    assert dice_of(game) == 3


@pytest.mark.rule("m44.move.artillery.range", "m44.move.artillery.move_or_battle")
def test_artillery_moves_one_hex_or_battles():
    game = make([("A1", "Allies", "artillery", "6,8"), ("X1", "Axis", "infantry", "6,4")], hand=["probe_centre"])
    order(game, "probe_centre", ["A1"])
    assert refused(game, Move("A1", hx(game, "6,6"))) == "m44.move.artillery.range"
    assert sorted(moves_of(game, "A1")) == ["5,7", "5,8", "6,7", "7,8"]
    game.apply(Move("A1", hx(game, "6,7")))
    game.apply(EndMoves())
    # X1 is 3 hexes away, in range, but the artillery moved
    assert refused(game, Battle("A1", "X1")) == "m44.move.artillery.move_or_battle"


@pytest.mark.rule("m44.order.only_ordered_act", "m44.order.units.announce")
def test_ordering_is_over_before_moving():
    game = make([("A1", "Allies", "infantry", "6,7"), ("A2", "Allies", "infantry", "7,7"),
                 ("X1", "Axis", "infantry", "6,0")], hand=["probe_centre"])
    order(game, "probe_centre", ["A1"])
    assert refused(game, Order("A2")) == "m44.order.units.announce"
    assert refused(game, Move("A2", hx(game, "7,6"))) == "m44.order.only_ordered_act"


# ----------------------------------------------------------------------------- the rule a refused move breaks
def refusal(game, action):
    err = game.explain(action)
    assert err is not None, f"{action} was allowed"
    return err


@pytest.mark.rule("m44.terrain.forest.move_stop")
def test_a_hex_beyond_a_forest_is_refused_under_the_forest_rule():
    # rivers at 0,3 and 0,5 leave the forest at 1,4 the only way out of 0,4
    units = [("A1", "Allies", "armor", "0,4"), ("X1", "Axis", "infantry", "12,0")]
    game = make(units, terrain={"river": ["0,3", "0,5"], "forest": ["1,4"]}, hand=["probe_left"])
    order(game, "probe_left", ["A1"])
    assert moves_of(game, "A1") == ["1,4"]
    before = snapshot(game)
    err = refusal(game, Move("A1", hx(game, "2,4")))
    assert err.clause == "m44.terrain.forest.move_stop"
    assert "forest in 1,4" in err.reason and "units in the way" not in err.reason
    assert snapshot(game) == before


@pytest.mark.rule("m44.terrain.wire.move_stop")
def test_a_hex_beyond_wire_is_refused_under_the_wire_rule():
    units = [("A1", "Allies", "infantry", "0,4"), ("X1", "Axis", "infantry", "12,0")]
    game = make(units, terrain={"river": ["0,3", "0,5"]}, features={"wire": ["1,4"]}, hand=["probe_left"])
    order(game, "probe_left", ["A1"])
    err = refusal(game, Move("A1", hx(game, "2,4")))
    assert err.clause == "m44.terrain.wire.move_stop"
    assert "barbed wire in 1,4" in err.reason


@pytest.mark.rule("m44.terrain.hedgerow.enter_from_adjacent")
def test_a_hedgerow_two_hexes_away_is_refused_under_the_hedgerow_rule():
    units = [("A1", "Allies", "armor", "6,7"), ("X1", "Axis", "infantry", "6,0")]
    game = make(units, terrain={"hedgerow": ["6,5"]}, hand=["probe_centre"])
    order(game, "probe_centre", ["A1"])
    assert refusal(game, Move("A1", hx(game, "6,5"))).clause == "m44.terrain.hedgerow.enter_from_adjacent"


@pytest.mark.rule("m44.stack.no_entry_occupied", "m44.terrain.forest.move_stop")
def test_when_a_unit_and_a_forest_each_cut_a_shortest_way_both_are_named():
    # from 0,4 the ways out are 1,4 (a unit) and, with the river at 0,3 gone, 0,3 (a forest); 1,3 is two
    # hexes away along either, and no other way of two hexes leads there
    units = [("A1", "Allies", "infantry", "0,4"), ("B", "Allies", "infantry", "1,4"),
             ("X1", "Axis", "infantry", "12,0")]
    game = make(units, terrain={"river": ["0,5"], "forest": ["0,3"]}, hand=["probe_left"])
    order(game, "probe_left", ["A1"])
    assert "1,3" not in moves_of(game, "A1")
    err = refusal(game, Move("A1", hx(game, "1,3")))
    assert err.clause in ("m44.stack.no_entry_occupied", "m44.terrain.forest.move_stop")
    assert "[m44." in err.reason  # the other way's rule is named in the words too
    named = {err.clause} | {c for c in ("m44.stack.no_entry_occupied", "m44.terrain.forest.move_stop")
                             if f"[{c}]" in err.reason}
    assert named == {"m44.stack.no_entry_occupied", "m44.terrain.forest.move_stop"}
