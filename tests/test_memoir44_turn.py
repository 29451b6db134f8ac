"""Memoir '44: the turn sequence, the hand, the deck, playing a card and ordering units by section."""

from __future__ import annotations

import pytest

from hexlab.rulesets.memoir44.cards import standard_deck
from hexlab.rulesets.memoir44.rules import Battle, DoneOrdering, EndBattles, EndMoves, Move, Order, PlayCard
from tests.support.memoir44_boards import (
    at,
    faces_are,
    give,
    hx,
    kinds,
    make,
    order,
    pass_turn,
    refused,
    roll,
    snapshot,
    to_battle,
)

# An infantry and an armor a side, far apart, and a pair facing each other in the centre.
FIELD = [
    ("A1", "Allies", "infantry", "6,6"),
    ("A2", "Allies", "armor", "1,7"),
    ("X1", "Axis", "infantry", "6,4"),
    ("X2", "Axis", "armor", "11,1"),
]


@pytest.mark.rule("m44.turn.sequence.phases", "m44.turn.draw.one_card", "m44.order.card.one_per_turn")
def test_a_turn_runs_card_order_move_battle_draw_in_that_order():
    game = make(FIELD, hand=["attack_centre", "probe_left", "probe_right", "recon_left", "probe_centre"])
    assert game.state.position == "card.play"
    # nothing but a card may be played first: no order, move or battle
    assert refused(game, Order("A1")) == "m44.order.units.announce"
    assert refused(game, Move("A1", hx(game, "6,5"))) == "m44.turn.sequence.move_before_battle"
    assert refused(game, Battle("A1", "X1")) == "m44.battle.unit.sequential"
    assert {type(a) for a in game.legal_actions()} == {PlayCard}

    game.apply(PlayCard("attack_centre"))
    assert len(game.state.hands["Allies"]) == 4
    assert game.state.position == "order.announce"
    # one card a turn: a second card (for the flanks) may not be played as well
    assert refused(game, PlayCard("probe_left")) == "m44.order.card.one_per_turn"
    game.apply(Order("A1"))
    game.apply(DoneOrdering())
    assert game.state.position == "move.move"
    game.apply(Move("A1", hx(game, "6,5")))
    game.apply(EndMoves())
    assert game.state.position == "battle.choose"
    game.apply(Battle("A1", "X1"))
    roll(game, faces_are("star", "star", "star"))          # a clean miss
    game.apply(EndBattles())
    game.play_to_decision()
    # the turn ended with the draw: the hand is back to 5 and the other side plays
    assert len(game.state.hands["Allies"]) == 5
    assert game.state.active == "Axis" and game.state.position == "card.play"
    log = kinds(game.log)
    order_seen = [log.index(k) for k in ("CardPlayed", "UnitOrdered", "UnitMoved", "BattleDeclared", "DiceRolled",
                                         "CardDrawn", "TurnBegan")]
    assert order_seen == sorted(order_seen)
    assert sum(1 for e in game.log if e.kind == "CardDrawn") == 1


@pytest.mark.rule("m44.turn.sequence.move_before_battle")
def test_no_move_after_the_battles_have_begun():
    game = make(FIELD, hand=["attack_centre"])
    order(game, "attack_centre", ["A1"])
    game.apply(EndMoves())
    # A1 never moved, but the Move phase is over
    assert refused(game, Move("A1", hx(game, "6,5"))) == "m44.turn.sequence.move_before_battle"
    assert refused(game, EndMoves()) == "m44.turn.sequence.move_before_battle"


@pytest.mark.rule("m44.turn.battle.steps")
def test_a_battle_checks_target_range_and_sight_before_any_dice_are_rolled():
    game = make([("A1", "Allies", "infantry", "2,6"), ("X1", "Axis", "infantry", "6,6")], hand=["attack_left"])
    to_battle(game, "attack_left", ["A1"])
    # 4 hexes away: refused outright, nothing rolled
    assert refused(game, Battle("A1", "X1")) == "m44.range.infantry.max"
    assert "DiceRolled" not in kinds(game.log)
    # a legal battle declares its dice (range, then terrain) before the roll step
    game = make([("A1", "Allies", "infantry", "2,6"), ("X1", "Axis", "infantry", "4,6")], terrain={"forest": ["4,6"]},
                hand=["attack_left"])
    to_battle(game, "attack_left", ["A1"])
    events = game.apply(Battle("A1", "X1"))
    declared = next(e for e in events if e.kind == "BattleDeclared")
    assert "m44.range.infantry.d2" in declared.clauses and "m44.terrain.forest.dice" in declared.clauses
    assert "DiceRolled" not in kinds(events)
    assert game.current_step.kind == "dice" and game.state.rules_state.turn.battle.dice == 1


@pytest.mark.rule("m44.turn.first_player.scenario")
@pytest.mark.parametrize("first", ["Allies", "Axis"])
def test_the_scenario_names_the_first_side_and_turns_alternate(first):
    game = make(FIELD, first=first)
    assert game.state.active == first
    other = "Axis" if first == "Allies" else "Allies"
    for expected in (first, other, first, other):
        assert game.state.active == expected
        pass_turn(game)
    assert game.state.turn == 3


@pytest.mark.rule("m44.turn.first_player.scenario")
def test_without_a_first_side_the_allies_start():
    game = make(FIELD, first=None, sides=("Axis", "Allies"))
    assert game.state.active == "Allies" and game.state.position == "card.play"


@pytest.mark.rule("m44.setup.hand_size")
def test_hands_are_dealt_from_the_scenario_hand_size():
    game = make(FIELD)
    assert {s: len(h) for s, h in game.state.hands.items()} == {"Allies": 5, "Axis": 5}  # the default
    game = make(FIELD, rules={"hand_size": {"Allies": 4, "Axis": 6}})
    assert {s: len(h) for s, h in game.state.hands.items()} == {"Allies": 4, "Axis": 6}
    game = make(FIELD, rules={"hand_size": 3})
    assert {s: len(h) for s, h in game.state.hands.items()} == {"Allies": 3, "Axis": 3}
    # the hand size is kept: one card drawn per card played
    give(game, "Allies", ["probe_left", "probe_right", "probe_centre"])
    order(game, "probe_left", ["A2"])
    game.apply(EndMoves())
    game.apply(EndBattles())
    game.play_to_decision()
    assert len(game.state.hands["Allies"]) == 3


@pytest.mark.rule("m44.turn.deck.reshuffle")
def test_an_empty_deck_is_rebuilt_from_the_discards_before_drawing():
    game = make(FIELD, hand=["probe_left", "probe_right", "probe_centre", "attack_left", "attack_right"])
    s = game.state
    # direct set-up: the deck has run out (its cards are all in the discard pile)
    s.decks["discard"].extend(s.decks["deck"])
    s.decks["deck"] = []
    order(game, "probe_left", ["A2"])
    game.apply(EndMoves())
    events = game.apply(EndBattles()) + game.play_to_decision()
    assert "Reshuffled" in kinds(events)
    assert kinds(events).index("Reshuffled") < kinds(events).index("CardDrawn")
    s = game.state
    assert len(s.hands["Allies"]) == 5 and s.decks["discard"] == []
    assert len(s.decks["deck"]) == len(standard_deck()) - 10 == 50


# ---------------------------------------------------------------------------------- ordering by section

SECTIONS = [
    ("L1", "Allies", "infantry", "1,6"),    # left
    ("L2", "Allies", "infantry", "2,7"),    # left
    ("L3", "Allies", "infantry", "0,8"),    # left
    ("S1", "Allies", "infantry", "4,6"),    # on the left/centre line (even row, column 4)
    ("C1", "Allies", "infantry", "6,6"),    # centre
    ("C2", "Allies", "armor", "6,8"),       # centre
    ("R1", "Allies", "infantry", "10,6"),   # right
    ("X1", "Axis", "infantry", "1,1"),      # the Allies' left, the Axis player's right
    ("X2", "Axis", "infantry", "10,1"),     # the Allies' right, the Axis player's left
    ("X3", "Axis", "infantry", "6,0"),
]


@pytest.mark.rule("m44.setup.board.sections")
def test_the_standard_board_has_three_sections_with_shared_boundary_hexes():
    game = make(SECTIONS)
    fld = game.rules.field
    assert fld.sections_of(hx(game, "6,4"), "Allies") == ["centre"]     # the middle column
    assert fld.sections_of(hx(game, "0,4"), "Allies") == ["left"]
    assert fld.sections_of(hx(game, "12,4"), "Allies") == ["right"]
    assert fld.sections_of(hx(game, "4,4"), "Allies") == ["left", "centre"]
    assert fld.sections_of(hx(game, "8,4"), "Allies") == ["centre", "right"]
    for h in game.board.terrain:  # every hex is in one section, or two on a line
        assert 1 <= len(fld.sections_of(h, "Allies")) <= 2
    # each side's baseline is its own long edge: the Allies (bottom) retreat down the rows
    assert fld.retreat_hexes("Allies", hx(game, "6,4"))[0] == sorted([hx(game, "5,5"), hx(game, "6,5")])
    assert fld.retreat_hexes("Axis", hx(game, "6,4"))[0] == sorted([hx(game, "5,3"), hx(game, "6,3")])


@pytest.mark.rule("m44.order.units.announce", "m44.order.cards.data")
def test_a_section_card_orders_its_number_of_units_in_its_section_only():
    game = make(SECTIONS, hand=["probe_left"])
    order(game, "probe_left", ["L1", "L2"], done=False)
    before = snapshot(game)
    assert refused(game, Order("L3")) == "m44.order.units.announce"      # a third unit
    assert refused(game, Order("C1")) == "m44.order.units.announce"      # a centre unit
    assert snapshot(game) == before
    game.apply(DoneOrdering())
    game.play_to_decision()
    assert game.state.rules_state.turn.ordered == ["L1", "L2"]
    assert refused(game, Order("L3")) == "m44.order.units.announce"      # announced once, then moves


@pytest.mark.rule("m44.order.cards.data")
@pytest.mark.parametrize("card, can, cannot", [
    ("recon_centre", ["C1"], ["C2"]),
    ("attack_centre", ["C1", "C2", "S1"], []),
    ("assault_left", ["L1", "L2", "L3", "S1"], ["C1"]),
    ("general_advance", ["L1", "L2", "C1", "C2", "R1"], ["L3"]),
    ("pincer_move", ["L1", "L2", "R1"], ["L3"]),
    ("pincer_move", ["L1", "R1"], ["C1"]),
    ("recon_in_force", ["L1", "C1", "R1"], ["L2"]),
])
def test_section_card_limits(card, can, cannot):
    game = make(SECTIONS, hand=[card])
    order(game, card, can, done=False)
    for uid in cannot:
        assert refused(game, Order(uid)) == "m44.order.units.announce"


@pytest.mark.rule("m44.order.section.straddle")
@pytest.mark.parametrize("card", ["probe_left", "probe_centre"])
def test_a_unit_on_a_section_line_may_be_ordered_for_either_section(card):
    game = make(SECTIONS, hand=[card])
    order(game, card, ["S1"], done=False)
    assert game.state.rules_state.turn.ordered == ["S1"]
    game = make(SECTIONS, hand=["probe_right"])
    order(game, "probe_right", [], done=False)
    assert refused(game, Order("S1")) == "m44.order.units.announce"


@pytest.mark.rule("m44.order.cards.data", "m44.setup.board.sections")
def test_the_top_side_reads_left_and_right_from_its_own_edge():
    game = make(SECTIONS, first="Axis", hand=["probe_right"])
    give(game, "Axis", ["probe_right", "probe_left"])
    order(game, "probe_right", ["X1"], done=False)      # X1 is on the Allies' left: the Axis right
    assert refused(game, Order("X2")) == "m44.order.units.announce"
    game = make(SECTIONS, first="Axis")
    give(game, "Axis", ["probe_left"])
    order(game, "probe_left", ["X2"], done=False)
    assert refused(game, Order("X1")) == "m44.order.units.announce"


@pytest.mark.rule("m44.order.cards.data")
def test_orders_beyond_the_units_in_the_section_are_lost():
    game = make(SECTIONS, hand=["attack_right"])   # 3 orders, 1 unit on the right
    order(game, "attack_right", ["R1"], done=False)
    assert [a for a in game.legal_actions() if isinstance(a, Order)] == []
    assert refused(game, Order("C1")) == "m44.order.units.announce"   # not given to another section
    game.apply(DoneOrdering())
    assert game.state.position == "move.move"


@pytest.mark.rule("m44.order.cards.data")
def test_a_card_that_orders_nobody_is_still_played_and_the_turn_passes_to_the_draw():
    game = make([("A1", "Allies", "infantry", "6,6"), ("X1", "Axis", "infantry", "6,2")], hand=["probe_left"])
    game.apply(PlayCard("probe_left"))
    assert list(game.legal_actions()) == [DoneOrdering()]
    events = game.apply(DoneOrdering()) + game.play_to_decision()
    assert "NoOrders" in kinds(events) and "CardDrawn" in kinds(events)
    assert "probe_left" in game.state.decks["discard"]
    assert game.state.active == "Axis" and game.state.position == "card.play"


@pytest.mark.rule("m44.order.only_ordered_act")
def test_units_not_ordered_do_not_move_or_battle():
    game = make([("A1", "Allies", "infantry", "6,6"), ("A2", "Allies", "armor", "5,5"),
                 ("X1", "Axis", "infantry", "5,4")], hand=["probe_centre"])
    order(game, "probe_centre", ["A1"])
    assert refused(game, Move("A2", hx(game, "4,5"))) == "m44.order.only_ordered_act"
    game.apply(EndMoves())
    # A2 is next to X1 but was not ordered
    assert refused(game, Battle("A2", "X1")) == "m44.order.only_ordered_act"
    assert Battle("A2", "X1") not in set(game.legal_actions())
    assert at(game, "A2") == "5,5"
