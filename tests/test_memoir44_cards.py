"""Memoir '44: the command deck and the tactic cards."""

from __future__ import annotations

from collections import Counter

import pytest

from hexlab.rulesets.memoir44.cards import load_deck, standard_deck
from hexlab.rulesets.memoir44.rules import (
    Battle,
    DoneOrdering,
    DoneTargets,
    EndBattles,
    EndMoves,
    Hold,
    IgnoreFlag,
    KeepCard,
    Move,
    Order,
    PlayAmbush,
    PlayCard,
    Retreat,
    Target,
)
from tests.support.memoir44_boards import (
    ASSAULTS,
    at,
    dice_of,
    faces_are,
    give,
    hx,
    kinds,
    make,
    order,
    pass_turn,
    refused,
    roll,
    to_battle,
)

SECTION_COUNTS = {
    "recon_left": 2, "recon_centre": 2, "recon_right": 2,
    "probe_left": 4, "probe_centre": 5, "probe_right": 4,
    "attack_left": 3, "attack_centre": 4, "attack_right": 3,
    "assault_left": 2, "assault_centre": 2, "assault_right": 2,
    "general_advance": 1, "pincer_move": 1, "recon_in_force": 3,
}
TACTIC_COUNTS = {
    "direct_from_hq": 2, "move_out": 2, "armor_assault": 2, "infantry_assault": 2, "close_assault": 1,
    "firefight": 1, "artillery_bombard": 1, "dig_in": 1, "barrage": 1, "air_power": 1, "medics_mechanics": 1,
    "their_finest_hour": 1, "behind_enemy_lines": 1, "ambush": 1, "counter_attack": 2,
}


@pytest.mark.rule("m44.order.cards.data")
def test_the_deck_has_the_forty_section_cards_and_the_tactic_cards():
    cards, missing = load_deck()
    sections = {c.id: c.count for c in cards.values() if c.kind == "section"}
    assert sections == SECTION_COUNTS and sum(sections.values()) == 40
    slots = {c.id: [(sorted(s.sections or []), s.count) for s in c.slots] for c in cards.values() if c.kind == "section"}
    assert slots["recon_left"] == [(["left"], 1)]
    assert slots["probe_centre"] == [(["centre"], 2)]
    assert slots["attack_right"] == [(["right"], 3)]
    assert slots["assault_left"] == [(["left"], None)]
    assert slots["general_advance"] == [(["left"], 2), (["centre"], 2), (["right"], 2)]
    assert slots["pincer_move"] == [(["left"], 2), (["right"], 2)]
    assert slots["recon_in_force"] == [(["left"], 1), (["centre"], 1), (["right"], 1)]
    tactics = {c.id: c.count for c in cards.values() if c.kind == "tactic"}
    assert tactics == TACTIC_COUNTS
    # every card is dealt: nothing is left out any more
    assert missing == ()
    assert Counter(standard_deck()) == Counter({**SECTION_COUNTS, **TACTIC_COUNTS})
    game = make([("A1", "Allies", "infantry", "6,6")])
    s = game.state
    assert Counter(s.decks["deck"] + s.hands["Allies"] + s.hands["Axis"]) == Counter(standard_deck())


@pytest.mark.rule("m44.order.cards.data", "m44.turn.draw.one_card")
def test_recon_draws_two_and_keeps_one():
    game = make([("A1", "Allies", "infantry", "1,7"), ("X1", "Axis", "infantry", "6,0")],
                hand=["recon_left", "probe_left", "probe_centre", "probe_right", "attack_left"])
    order(game, "recon_left", ["A1"])
    game.apply(EndMoves())
    game.apply(EndBattles())
    game.play_to_decision()
    assert game.state.position == "draw.keep" and len(game.state.rules_state.keep) == 2
    first, second = game.state.rules_state.keep
    discards = len(game.state.decks["discard"])
    game.apply(KeepCard(second))
    game.play_to_decision()
    assert len(game.state.hands["Allies"]) == 5 and second in game.state.hands["Allies"]
    assert len(game.state.decks["discard"]) == discards + 1
    # Recon in Force is not a Recon 1: one card is drawn
    game = make([("A1", "Allies", "infantry", "1,7"), ("X1", "Axis", "infantry", "6,0")], hand=["recon_in_force"])
    order(game, "recon_in_force", ["A1"])
    game.apply(EndMoves())
    events = game.apply(EndBattles()) + game.play_to_decision()
    assert "CardDrawn" in kinds(events) and game.state.active == "Axis"


ARMY = [("I1", "Allies", "infantry", "1,7"), ("I2", "Allies", "infantry", "6,7"), ("I3", "Allies", "infantry", "10,7"),
        ("I4", "Allies", "infantry", "11,7"), ("I5", "Allies", "infantry", "0,8"), ("T1", "Allies", "armor", "3,7"),
        ("T2", "Allies", "armor", "9,7"), ("G1", "Allies", "artillery", "6,8"), ("X1", "Axis", "infantry", "6,0")]


@pytest.mark.rule("m44.order.cards.data")
def test_direct_from_hq_orders_four_units_anywhere():
    game = make(ARMY, hand=["direct_from_hq"])
    order(game, "direct_from_hq", ["I1", "T2", "G1", "I3"], done=False)
    assert refused(game, Order("I4")) == "m44.order.units.announce"


@pytest.mark.rule("m44.order.cards.data")
def test_move_out_orders_four_infantry_or_one_unit_without_infantry():
    game = make(ARMY, hand=["move_out"])
    order(game, "move_out", ["I1", "I2", "I3", "I4"], done=False)
    assert refused(game, Order("I5")) == "m44.order.units.announce"
    game = make(ARMY, hand=["move_out"])
    order(game, "move_out", [], done=False)
    assert refused(game, Order("T1")) == "m44.order.units.announce"
    tanks = [u for u in ARMY if u[2] != "infantry"]
    game = make(tanks, hand=["move_out"])
    events = game.apply(PlayCard("move_out"))
    assert "CardFallback" in kinds(events)
    game.apply(Order("T1"))
    assert refused(game, Order("T2")) == "m44.order.units.announce"


@pytest.mark.rule("m44.order.cards.data")
def test_armor_assault_gives_armor_an_extra_die_in_close_assault():
    units = [("T1", "Allies", "armor", "6,6"), ("T2", "Allies", "armor", "2,6"), ("X1", "Axis", "infantry", "6,5"),
             ("X2", "Axis", "infantry", "2,4")]
    game = make(units, hand=["armor_assault"])
    to_battle(game, "armor_assault", ["T1", "T2"])
    game.apply(Battle("T1", "X1"))
    assert dice_of(game) == 4
    roll(game, faces_are("star", "star", "star", "star"))
    game.apply(Battle("T2", "X2"))
    assert dice_of(game) == 3                       # firing: no bonus


@pytest.mark.rule("m44.order.cards.data")
def test_infantry_assault_orders_one_sections_infantry_to_move_further():
    game = make(ARMY, hand=["infantry_assault"])
    order(game, "infantry_assault", ["I3", "I4"], done=False)
    assert refused(game, Order("I1")) == "m44.order.units.announce"   # another section
    assert refused(game, Order("T2")) == "m44.order.units.announce"   # not infantry
    game.apply(DoneOrdering())
    assert game.explain(Move("I3", hx(game, "10,4"))) is None          # 3 hexes
    units = [("I1", "Allies", "infantry", "6,8"), ("I2", "Allies", "infantry", "7,7"), ("X1", "Axis", "infantry", "6,4"),
             ("X2", "Axis", "infantry", "8,4")]
    game = make(units, hand=["infantry_assault"])
    order(game, "infantry_assault", ["I1", "I2"])
    game.apply(Move("I1", hx(game, "6,5")))        # 3 hexes: no battle
    game.apply(Move("I2", hx(game, "7,5")))        # 2 hexes: may battle
    game.apply(EndMoves())
    assert refused(game, Battle("I1", "X1")) == "m44.order.cards.data"
    assert game.explain(Battle("I2", "X2")) is None


@pytest.mark.rule("m44.order.cards.data", "m44.move.infantry.range")
def test_a_move_past_the_cards_reach_is_refused_by_the_card_not_the_units_own_range():
    """With Infantry Assault the card, not infantry's own 2 hexes, says how far a unit goes: a student told
    "infantry moves at most 2" after being allowed 3 would be misled. Without the card, the unit's own range."""
    game = make(ARMY, hand=["infantry_assault"])
    order(game, "infantry_assault", ["I3"])
    assert game.explain(Move("I3", hx(game, "10,4"))) is None                    # 3 hexes: the card's reach
    err = game.explain(Move("I3", hx(game, "10,3")))                               # 4 hexes
    assert err is not None and err.clause == "m44.order.cards.data"
    assert "at most 3 hex(es) with Infantry Assault" in err.reason
    game = make(ARMY, hand=["probe_right"])
    order(game, "probe_right", ["I3"])
    err = game.explain(Move("I3", hx(game, "10,4")))                               # 3 hexes, a section card
    assert err is not None and err.clause == "m44.move.infantry.range"
    assert "at most 2 hex(es);" in err.reason


@pytest.mark.rule("m44.order.cards.data")
def test_an_exercise_on_a_turn_names_the_card_in_play():
    """A reach or dice question on Memoir '44 hangs on the card played: the question says which it is and what
    it does, so the student can answer from the question and the map alone."""
    import hexlab.exercises as hx_ex

    for kind in ("reach", "targets", "dice", "order"):
        ex = hx_ex.generate("memoir44", kind, seed=3)
        game = ex.game()
        card = game.rules.card(game.state.rules_state.turn.card)
        assert f"(The card in play is {card.name}: {card.summary})" in ex.question, (kind, ex.question)


@pytest.mark.rule("m44.order.cards.data")
def test_close_assault_orders_units_next_to_an_enemy_with_an_extra_die():
    units = [("I1", "Allies", "infantry", "6,6"), ("I2", "Allies", "infantry", "2,6"), ("X1", "Axis", "infantry", "6,5"),
             ("X2", "Axis", "infantry", "2,4")]
    game = make(units, hand=["close_assault"])
    order(game, "close_assault", ["I1"], done=False)
    assert refused(game, Order("I2")) == "m44.order.units.announce"
    game.apply(DoneOrdering())
    assert game.state.position == "battle.choose"          # no moves
    game.apply(Battle("I1", "X1"))
    assert dice_of(game) == 4


@pytest.mark.rule("m44.order.cards.data")
def test_firefight_orders_units_not_in_contact_to_fire_with_an_extra_die():
    units = [("I1", "Allies", "infantry", "6,6"), ("I2", "Allies", "infantry", "2,6"), ("X1", "Axis", "infantry", "6,5"),
             ("X2", "Axis", "infantry", "2,4")]
    game = make(units, hand=["firefight"])
    order(game, "firefight", ["I2"], done=False)
    assert refused(game, Order("I1")) == "m44.order.units.announce"
    game.apply(DoneOrdering())
    assert game.state.position == "battle.choose"
    game.apply(Battle("I2", "X2"))
    assert dice_of(game) == 3                              # range 2: 2 + 1


@pytest.mark.rule("m44.order.cards.data")
def test_artillery_bombard_moves_three_or_battles_twice():
    units = [("G1", "Allies", "artillery", "6,8"), ("G2", "Allies", "artillery", "2,8"), ("X1", "Axis", "infantry", "6,4"),
             ("X2", "Axis", "infantry", "6,2")]
    game = make(units, hand=["artillery_bombard"])
    order(game, "artillery_bombard", ["G1", "G2"])
    game.apply(Move("G2", hx(game, "2,5")))                # 3 hexes
    game.apply(EndMoves())
    game.apply(Battle("G1", "X1"))
    roll(game, faces_are("star", "star"))
    game.apply(Battle("G1", "X2"))                          # a second battle
    roll(game, faces_are("star"))
    assert refused(game, Battle("G1", "X1")) == "m44.battle.unit.once_per_turn"


@pytest.mark.rule("m44.order.cards.data", "m44.terrain.sandbags.dice")
def test_dig_in_puts_sandbags_under_the_ordered_infantry():
    game = make(ARMY, hand=["dig_in"])
    order(game, "dig_in", ["I1", "I2"])
    assert "sandbags" in game.state.features[hx(game, "1,7")]
    assert "sandbags" in game.state.features[hx(game, "6,7")]
    assert game.state.active == "Axis"                     # they do nothing else this turn


@pytest.mark.rule("m44.order.cards.data")
def test_barrage_rolls_four_dice_at_any_enemy_ignoring_terrain_and_shelter():
    units = [("A1", "Allies", "infantry", "1,8"), ("X1", "Axis", "infantry", "6,1"), ("X2", "Axis", "infantry", "9,1")]
    game = make(units, terrain={"forest": ["6,1"]}, features={"sandbags": ["6,1"]}, hand=["barrage"])
    game.apply(PlayCard("barrage"))
    assert refused(game, Target("A1")) == "m44.order.cards.data"
    game.apply(Target("X1"))
    assert game.rules.roll(game.state).pool[0][1] == 4
    roll(game, faces_are("flag", "star", "star", "star"))
    assert IgnoreFlag("X1") not in set(game.legal_actions())   # no flag may be ignored
    assert {a.to for a in game.legal_actions() if isinstance(a, Retreat)}


@pytest.mark.rule("m44.order.cards.data", "m44.resolve.symbol.star")
def test_air_power_strikes_up_to_four_adjacent_enemies_and_stars_hit():
    units = [("A1", "Allies", "infantry", "1,8"), ("X1", "Axis", "infantry", "5,1"), ("X2", "Axis", "infantry", "6,1"),
             ("X3", "Axis", "infantry", "9,1")]
    game = make(units, hand=["air_power"])
    game.apply(PlayCard("air_power"))
    game.apply(Target("X1"))
    assert refused(game, Target("X3")) == "m44.order.cards.data"   # not next to a picked unit
    game.apply(Target("X2"))
    game.apply(DoneTargets())
    assert game.rules.roll(game.state).pool[0][1] == 2                    # the Allies roll 2 a unit
    roll(game, faces_are("star", "star"))
    assert game.state.units["X1"].strength == 2                      # stars hit
    # the Axis rolls 1 a unit
    game = make(units, first="Axis")
    give(game, "Axis", ["air_power"])
    game.apply(PlayCard("air_power"))
    game.apply(Target("A1"))
    game.apply(DoneTargets())
    assert game.rules.roll(game.state).pool[0][1] == 1


@pytest.mark.rule("m44.order.cards.data")
def test_medics_bring_figures_back_and_order_the_unit():
    units = [("A1", "Allies", "infantry", "6,6", {"strength": 2}), ("A2", "Allies", "infantry", "2,7"),
             ("X1", "Axis", "infantry", "6,0")]
    game = make(units, hand=["medics_mechanics", "probe_left", "probe_right", "probe_centre", "attack_left"])
    game.apply(PlayCard("medics_mechanics"))
    assert refused(game, Target("A2")) == "m44.order.cards.data"    # not damaged
    game.apply(Target("A1"))
    assert game.rules.roll(game.state).pool[0][1] == 5                   # 4 cards in hand + the one played
    roll(game, faces_are("infantry", "star", "star", "armor", "flag"))
    assert game.state.units["A1"].strength == 4                      # 3 rolled, capped at its 4
    assert game.state.position == "move.move" and game.state.rules_state.turn.ordered == ["A1"]


@pytest.mark.rule("m44.order.cards.data")
def test_their_finest_hour_orders_by_the_dice_adds_a_die_and_reshuffles():
    units = [("I1", "Allies", "infantry", "6,6"), ("I2", "Allies", "infantry", "2,6"), ("T1", "Allies", "armor", "9,6"),
             ("X1", "Axis", "infantry", "6,5")]
    game = make(units, hand=["their_finest_hour", "probe_left", "probe_right", "probe_centre", "attack_left"])
    game.apply(PlayCard("their_finest_hour"))
    roll(game, lambda f: f.count("infantry") == 1 and f.count("armor") == 0 and f.count("star") == 1)
    game.apply(Order("I1"))
    game.apply(Order("T1"))                                      # the star: any unit
    assert refused(game, Order("I2")) == "m44.order.units.announce"
    game.apply(DoneOrdering())
    game.apply(EndMoves())
    game.apply(Battle("I1", "X1"))
    assert dice_of(game) == 4
    roll(game, faces_are("star", "star", "star", "star"))
    events = game.apply(EndBattles()) + game.play_to_decision()
    assert "Reshuffled" in kinds(events) and game.state.decks["discard"] == []


@pytest.mark.rule("m44.order.cards.data")
def test_behind_enemy_lines_moves_free_battles_with_a_bonus_and_moves_again():
    units = [("I1", "Allies", "infantry", "6,8"), ("X1", "Axis", "infantry", "6,4")]
    game = make(units, terrain={"forest": ["6,7"], "beach": ["6,6"]}, hand=["behind_enemy_lines"])
    order(game, "behind_enemy_lines", ["I1"])
    game.apply(Move("I1", hx(game, "6,5")))                  # 3 hexes through a forest and a beach
    game.apply(EndMoves())
    game.apply(Battle("I1", "X1"))
    assert dice_of(game) == 4
    roll(game, faces_are("star", "star", "star", "star"))
    game.apply(EndBattles())
    assert game.state.position == "again.move"
    game.apply(Move("I1", hx(game, "6,8")))
    game.play_to_decision()
    assert at(game, "I1") == "6,8" and game.state.active == "Axis"


@pytest.mark.rule("m44.order.cards.data")
def test_ambush_strikes_the_attacker_first_and_can_stop_the_attack():
    units = [("A1", "Allies", "infantry", "6,6", {"strength": 1}), ("X1", "Axis", "infantry", "6,5")]
    game = make(units, ambush=True, hand=ASSAULTS)
    give(game, "Axis", ["ambush", "probe_left", "probe_right", "probe_centre", "attack_left"])
    to_battle(game, "assault_centre", ["A1"])
    game.apply(Battle("A1", "X1"))
    assert game.state.position == "battle.ambush"
    assert set(game.legal_actions()) == {PlayAmbush("X1"), Hold("X1")}
    game.apply(PlayAmbush("X1"))
    events = roll(game, faces_are("grenade", "star", "star"))
    assert not game.state.units["A1"].alive
    assert "AttackCancelled" in kinds(events) and game.state.units["X1"].strength == 4
    assert "ambush" not in game.state.hands["Axis"]
    # the ambusher draws a replacement at the end of the turn
    game.apply(EndBattles())
    game.play_to_decision()
    assert len(game.state.hands["Axis"]) == 5


@pytest.mark.rule("m44.order.cards.data")
def test_ambush_is_not_played_from_hand_on_ones_own_turn():
    game = make([("A1", "Allies", "infantry", "6,6")], ambush=True, hand=["ambush", "probe_left"])
    assert refused(game, PlayCard("ambush")) == "m44.order.cards.data"


@pytest.mark.rule("m44.order.cards.data")
def test_counter_attack_plays_the_opponents_card_on_the_same_flank_of_the_board():
    units = [("A1", "Allies", "infantry", "1,7"), ("A2", "Allies", "infantry", "11,7"),
             ("X1", "Axis", "infantry", "1,1"), ("X2", "Axis", "infantry", "11,1")]
    game = make(units, hand=["counter_attack", "probe_left"])
    assert refused(game, PlayCard("counter_attack")) == "m44.order.cards.data"   # nothing to copy yet
    order(game, "probe_left", ["A1"])                  # the Allied left, columns 0-3
    game.apply(EndMoves())
    game.apply(EndBattles())
    game.play_to_decision()
    give(game, "Axis", ["counter_attack"])
    events = game.apply(PlayCard("counter_attack"))
    assert [e.data.get("card") for e in events if e.kind == "CounterAttack"] == ["probe_right"]
    game.apply(Order("X1"))                            # the same flank of the board: the Axis right
    assert refused(game, Order("X2")) == "m44.order.units.announce"


@pytest.mark.rule("m44.turn.draw.one_card")
def test_a_turn_draws_one_card_for_the_one_played():
    game = make(ARMY, hand=["probe_left", "probe_right", "probe_centre", "attack_left", "attack_right"])
    deck = len(game.state.decks["deck"])
    pass_turn(game)
    assert len(game.state.hands["Allies"]) == 5
    assert len(game.state.decks["deck"]) == deck - 1


@pytest.mark.rule("m44.order.card.one_per_turn", "m44.order.only_ordered_act")
def test_a_refusal_names_whose_hand_and_units_in_good_english():
    """The refusals once read "in Allies's hand" and "one of Allies's units"; now "the Allies' hand"."""
    from hexlab.engine import RuleError

    game = make(ARMY, hand=["move_out"])
    with pytest.raises(RuleError) as exc:
        game.apply(PlayCard("ambush"))
    assert "card in the Allies' hand." in str(exc.value)
    game.apply(PlayCard("move_out"))
    with pytest.raises(RuleError) as exc:
        game.apply(Order("X1"))
    assert str(exc.value).startswith("X1 is not one of the Allies' units.")
