"""Memoir '44: nations and special units (Japan, US Marines, British Commonwealth, Italy, Soviets, French
Resistance, Special Forces, Elite Armor)."""

from __future__ import annotations

import pytest

from hexlab.rulesets.memoir44.rules import (
    Battle,
    BattleBack,
    Discard,
    DoneOrdering,
    EndBattles,
    EndMoves,
    Hold,
    Move,
    Order,
    PlayAmbush,
    PlayCard,
    PutUnderChip,
    TakeGround,
    Target,
)
from tests.support.memoir44_boards import (
    ASSAULTS,
    at,
    battle,
    cited,
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

MISS = faces_are("star", "star", "star")


def nations(**kw):
    return {"nations": kw}


# ---------------------------------------------------------------------------------- Japan

@pytest.mark.rule("m44.nation.japan.seishin.full_strength")
def test_seishin_kyoiku_adds_a_die_at_full_strength_in_close_assault():
    units = [("X1", "Axis", "infantry", "6,5"), ("A1", "Allies", "infantry", "6,6")]
    game = battle(units, attacker="X1", target="A1", rules=nations(Axis="japan"))
    assert dice_of(game) == 4
    assert "m44.nation.japan.seishin.full_strength" in cited(game.log)
    units[0] = ("X1", "Axis", "infantry", "6,5", {"strength": 3})
    assert dice_of(battle(units, attacker="X1", target="A1", rules=nations(Axis="japan"))) == 3
    # firing at range 2: no extra die
    units = [("X1", "Axis", "infantry", "6,4"), ("A1", "Allies", "infantry", "6,6")]
    assert dice_of(battle(units, attacker="X1", target="A1", rules=nations(Axis="japan"))) == 2


@pytest.mark.rule("m44.nation.japan.banzai.move_two")
def test_banzai_two_hexes_then_only_a_close_assault():
    units = [("X1", "Axis", "infantry", "6,2"), ("X2", "Axis", "infantry", "4,2"),
             ("A1", "Allies", "infantry", "6,5"), ("A2", "Allies", "infantry", "4,6")]
    game = make(units, first="Axis", rules=nations(Axis="japan"))
    give(game, "Axis", ["attack_centre"])
    order(game, "attack_centre", ["X1", "X2"])
    game.apply(Move("X1", hx(game, "6,4")))        # 2 hexes, next to A1
    game.apply(Move("X2", hx(game, "4,4")))        # 2 hexes, A2 2 hexes away
    game.apply(EndMoves())
    assert game.explain(Battle("X1", "A1")) is None
    assert refused(game, Battle("X2", "A2")) == "m44.nation.japan.banzai.move_two"
    game.apply(Battle("X1", "A1"))
    assert dice_of(game) == 4                       # and Seishin: still at full strength


# ---------------------------------------------------------------------------------- US Marines

MARINES = [("A1", "Allies", "infantry", "9,6"), ("A2", "Allies", "infantry", "10,6"),
           ("A3", "Allies", "infantry", "11,6"), ("A4", "Allies", "armor", "12,6"),
           ("A5", "Allies", "infantry", "6,6"), ("A6", "Allies", "armor", "6,7"), ("A7", "Allies", "armor", "7,7"),
           ("A8", "Allies", "infantry", "1,7"), ("X1", "Axis", "infantry", "6,0")]


@pytest.mark.rule("m44.nation.usmc.section_plus_one")
def test_gung_ho_orders_one_more_unit_in_the_cards_section():
    game = make(MARINES, rules=nations(Allies="usmc"), hand=["probe_right"])
    order(game, "probe_right", ["A1", "A2", "A3"], done=False)      # 2 + 1
    assert refused(game, Order("A4")) == "m44.order.units.announce"
    game = make(MARINES, rules=nations(Allies="usmc"), hand=["probe_right"])
    order(game, "probe_right", ["A1"], done=False)
    assert refused(game, Order("A5")) == "m44.order.units.announce"  # not outside the section
    # standard players get the card's number
    game = make(MARINES, hand=["probe_right"])
    order(game, "probe_right", ["A1", "A2"], done=False)
    assert refused(game, Order("A3")) == "m44.order.units.announce"


@pytest.mark.rule("m44.nation.usmc.tactic_plus_one")
def test_gung_ho_adds_a_unit_to_a_tactic_card_of_up_to_four():
    game = make(MARINES, rules=nations(Allies="usmc"), hand=["direct_from_hq"])
    order(game, "direct_from_hq", ["A1", "A2", "A4", "A5", "A8"], done=False)
    assert refused(game, Order("A3")) == "m44.order.units.announce"
    game = make(MARINES, hand=["direct_from_hq"])
    order(game, "direct_from_hq", ["A1", "A2", "A4", "A5"], done=False)
    assert refused(game, Order("A8")) == "m44.order.units.announce"


@pytest.mark.rule("m44.nation.usmc.exclusions")
def test_gung_ho_adds_nothing_to_barrage_air_power_or_their_finest_hour():
    enemies = [(f"X{i}", "Axis", "infantry", f"{i},2") for i in range(2, 8)]
    units = [("A1", "Allies", "infantry", "2,7"), *enemies]
    # Barrage strikes one unit
    game = make(units, rules=nations(Allies="usmc"), hand=["barrage"])
    game.apply(PlayCard("barrage"))
    game.apply(Target("X2"))
    assert game.state.position != "card.target"
    # Air Power strikes at most 4
    game = make(units, rules=nations(Allies="usmc"), hand=["air_power"])
    game.apply(PlayCard("air_power"))
    for uid in ("X2", "X3", "X4"):
        game.apply(Target(uid))
    game.apply(Target("X5"))
    assert game.state.position != "card.target" and game.state.rules_state.turn.targets == ["X2", "X3", "X4", "X5"]
    # Their Finest Hour orders what the dice give, no more
    game = make(MARINES, rules=nations(Allies="usmc"),
                hand=["their_finest_hour", "probe_left", "probe_centre", "probe_right", "attack_left"])
    game.apply(PlayCard("their_finest_hour"))
    roll(game, lambda f: f.count("infantry") == 1 and f.count("armor") == 0 and f.count("star") == 0)
    game.apply(Order("A1"))
    assert refused(game, Order("A2")) == "m44.order.units.announce"


def counter_attack_game(us, them, their_card, their_units, *, first="Axis"):
    """``them`` (the Axis) play ``their_card`` ordering ``their_units``; then the Allies hold a
    Counter-Attack."""
    units = [("A1", "Allies", "infantry", "5,6"), ("A2", "Allies", "infantry", "6,6"),
             ("A3", "Allies", "infantry", "7,6"), ("A4", "Allies", "armor", "6,7"), ("A5", "Allies", "armor", "7,7"),
             ("X1", "Axis", "infantry", "5,1"), ("X2", "Axis", "infantry", "6,1"), ("X3", "Axis", "infantry", "7,1"),
             ("X4", "Axis", "armor", "6,0"), ("X5", "Axis", "armor", "7,0")]
    game = make(units, first=first, rules=nations(Allies=us, Axis=them))
    give(game, "Axis", [their_card])
    order(game, their_card, their_units)
    game.apply(EndMoves())
    game.apply(EndBattles())
    game.play_to_decision()
    give(game, "Allies", ["counter_attack"])
    return game


@pytest.mark.rule("m44.nation.usmc.counter_attack_bonus")
def test_marines_copying_a_japanese_card_order_one_more():
    game = counter_attack_game("usmc", "japan", "attack_centre", ["X1", "X2", "X3"])
    events = game.apply(PlayCard("counter_attack"))
    assert "CounterAttack" in kinds(events)
    for uid in ("A1", "A2", "A3", "A4"):
        game.apply(Order(uid))
    assert refused(game, Order("A5")) == "m44.order.units.announce"


@pytest.mark.rule("m44.nation.usmc.counter_attack_reverse")
def test_a_japanese_counter_attack_gets_no_marine_bonus():
    units = [("A1", "Allies", "infantry", "5,6"), ("A2", "Allies", "infantry", "6,6"),
             ("A3", "Allies", "infantry", "7,6"), ("X1", "Axis", "infantry", "5,1"), ("X2", "Axis", "infantry", "6,1"),
             ("X3", "Axis", "infantry", "7,1")]
    game = make(units, rules=nations(Allies="usmc", Axis="japan"), hand=["probe_centre"])
    order(game, "probe_centre", ["A1", "A2", "A3"])   # the Marines order 3 with a 2-unit card
    game.apply(EndMoves())
    game.apply(EndBattles())
    game.play_to_decision()
    give(game, "Axis", ["counter_attack"])
    game.apply(PlayCard("counter_attack"))
    game.apply(Order("X1"))
    game.apply(Order("X2"))
    assert refused(game, Order("X3")) == "m44.order.units.announce"


# ---------------------------------------------------------------------------------- British Commonwealth

BCF = nations(Axis="bcf")


def leave_one(extra=(), terrain=None, attacker_kind="infantry"):
    """Allied A1 close assaults BCF infantry X1, leaving it 1 figure and no flag."""
    units = [("A1", "Allies", attacker_kind, "6,6"), ("X1", "Axis", "infantry", "6,5"), *extra]
    hits = "infantry" if attacker_kind != "artillery" else "grenade"
    return battle(units, terrain=terrain, rules=BCF, want=faces_are(hits, hits, "grenade"))


@pytest.mark.rule("m44.nation.bcf.battle_back.trigger")
def test_a_bcf_unit_left_with_one_figure_may_battle_back_with_one_die():
    game = leave_one()
    assert game.state.units["X1"].strength == 1
    assert game.state.position == "battle.battle_back" and game.to_act == "Axis"
    assert set(game.legal_actions()) == {BattleBack("X1"), Hold("X1")}
    game.apply(BattleBack("X1"))
    assert game.rules.roll(game.state).pool[0][1] == 1
    roll(game, faces_are("grenade"))
    assert game.state.units["A1"].strength == 3
    assert game.state.position == "battle.choose" and game.state.active == "Allies"
    # it may decline
    game = leave_one()
    game.apply(Hold("X1"))
    assert game.state.position == "battle.choose"
    # a standard unit gets no battle back
    units = [("A1", "Allies", "infantry", "6,6"), ("X1", "Axis", "infantry", "6,5")]
    game = battle(units, want=faces_are("infantry", "infantry", "grenade"))
    assert game.state.position == "battle.choose"


@pytest.mark.rule("m44.nation.bcf.battle_back.no_terrain")
def test_the_battle_back_die_ignores_terrain():
    # the attacker stands in a forest (and began its turn there): still 1 die
    game = leave_one(terrain={"forest": ["6,6"]})
    game.apply(BattleBack("X1"))
    assert game.rules.roll(game.state).pool[0][1] == 1


@pytest.mark.rule("m44.nation.bcf.battle_back.overrun")
def test_battle_back_against_an_overrun_close_assault():
    units = [("A1", "Allies", "armor", "6,6"), ("X1", "Axis", "infantry", "6,5", {"strength": 1}),
             ("X3", "Axis", "infantry", "7,4")]
    game = battle(units, rules=BCF, want=faces_are("grenade", "star", "star"))
    game.apply(TakeGround("A1"))
    game.apply(Battle("A1", "X3"))
    roll(game, faces_are("infantry", "infantry", "grenade"))
    assert game.state.units["X3"].strength == 1
    assert game.state.position == "battle.battle_back"
    assert BattleBack("X3") in set(game.legal_actions())


@pytest.mark.rule("m44.nation.bcf.battle_back.no_ambush")
def test_no_battle_back_during_an_ambush():
    # the BCF unit attacks; its target ambushes it down to 1 figure: no battle back
    units = [("A1", "Allies", "infantry", "6,6"), ("X1", "Axis", "infantry", "6,5")]
    game = make(units, rules=nations(Allies="bcf"), ambush=True, hand=ASSAULTS)
    give(game, "Axis", ["ambush"])
    to_battle(game, "assault_centre", ["A1"])
    game.apply(Battle("A1", "X1"))
    assert game.state.position == "battle.ambush" and game.to_act == "Axis"
    game.apply(PlayAmbush("X1"))
    events = roll(game, faces_are("infantry", "infantry", "grenade"))
    assert game.state.units["A1"].strength == 1
    assert "BattleBack" not in kinds(events)
    assert all(e.position != "battle.battle_back" for e in game.log)
    assert "AttackGoesOn" in kinds(events)


# ---------------------------------------------------------------------------------- Italy

ITALY = nations(Axis="italy")


@pytest.mark.rule("m44.nation.italy.high_command.start_hand", "m44.setup.hand_size")
def test_the_italians_start_with_six_cards():
    game = make([("A1", "Allies", "infantry", "6,6")], rules=ITALY)
    assert len(game.state.hands["Axis"]) == 6 and len(game.state.hands["Allies"]) == 5


@pytest.mark.rule("m44.nation.italy.high_command.start_hand")
def test_the_italians_start_with_six_whatever_the_scenario_hand_size():
    game = make([("A1", "Allies", "infantry", "6,6")], rules={**ITALY, "hand_size": 5})
    assert len(game.state.hands["Axis"]) == 6


@pytest.mark.rule("m44.nation.italy.high_command.discard_on_loss")
def test_each_italian_loss_costs_a_card_for_good():
    units = [("A1", "Allies", "artillery", "6,6"), ("X1", "Axis", "infantry", "6,4", {"strength": 1}),
             ("X2", "Axis", "infantry", "1,1")]
    game = battle(units, rules=ITALY, want=faces_are("grenade", "star", "star"))
    assert not game.state.units["X1"].alive
    game.apply(EndBattles())
    game.play_to_decision()
    assert game.state.position == "draw.discard" and game.to_act == "Axis"
    card = game.state.hands["Axis"][0]
    game.apply(Discard(card))
    game.play_to_decision()
    assert len(game.state.hands["Axis"]) == 5 and game.state.active == "Axis"
    # the Italians play on with 5: play one, draw one
    pass_turn(game)
    assert len(game.state.hands["Axis"]) == 5


@pytest.mark.rule("m44.nation.italy.high_command.floor")
def test_high_command_never_goes_below_three_cards():
    units = [("A1", "Allies", "artillery", "6,6"), ("X1", "Axis", "infantry", "6,4", {"strength": 1}),
             ("X2", "Axis", "infantry", "1,1")]
    # the scenario deals the Italians 3 cards
    game = battle(units, rules={**ITALY, "hand_size": {"Axis": 3}}, want=faces_are("grenade", "star", "star"))
    assert not game.state.units["X1"].alive
    game.apply(EndBattles())
    game.play_to_decision()
    assert game.state.active == "Axis" and game.state.position == "card.play"
    assert len(game.state.hands["Axis"]) == 3
    assert game.state.rules_state.hand_limit["Axis"] == 3


# ---------------------------------------------------------------------------------- Soviets

SOVIET = nations(Allies="soviet")
REDS = [("A1", "Allies", "infantry", "6,6"), ("A2", "Allies", "infantry", "2,7"), ("X1", "Axis", "infantry", "6,0")]


def soviet_game(hand):
    game = make(REDS, rules=SOVIET)
    give(game, "Allies", hand)
    return game


@pytest.mark.rule("m44.nation.soviet.commissar.timing")
def test_a_card_goes_under_the_commissar_chip_before_the_first_soviet_turn():
    game = soviet_game(["attack_centre", "probe_centre", "probe_left", "recon_left", "attack_left"])
    assert game.state.position == "card.chip"
    assert {type(a) for a in game.legal_actions()} == {PutUnderChip}
    game.apply(PutUnderChip("attack_centre"))
    assert len(game.state.hands["Allies"]) == 4
    assert game.state.rules_state.chip["Allies"] == "attack_centre"
    assert game.state.position == "card.play"


@pytest.mark.rule("m44.nation.soviet.commissar.no_direct_play")
def test_the_soviet_player_may_not_play_straight_from_hand():
    game = soviet_game(["attack_centre", "probe_centre", "probe_left", "recon_left", "attack_left"])
    game.apply(PutUnderChip("attack_centre"))
    assert refused(game, PlayCard("probe_centre")) == "m44.nation.soviet.commissar.no_direct_play"
    assert PlayCard("probe_left") not in set(game.legal_actions())


@pytest.mark.rule("m44.nation.soviet.commissar.exceptions")
def test_recon_1_is_played_from_hand_and_the_chip_card_waits():
    game = soviet_game(["attack_centre", "probe_centre", "probe_left", "recon_left", "attack_left"])
    game.apply(PutUnderChip("attack_centre"))
    assert game.explain(PlayCard("recon_left")) is None
    game.apply(PlayCard("recon_left"))
    assert game.state.rules_state.chip["Allies"] == "attack_centre"
    assert game.state.position == "order.announce"


@pytest.mark.rule("m44.nation.soviet.commissar.exceptions")
def test_counter_attack_is_played_from_the_soviet_hand():
    game = make(REDS, first="Axis", rules=SOVIET)
    give(game, "Axis", ["probe_left"])
    order(game, "probe_left", [])                     # the Axis plays a card (and orders nobody)
    give(game, "Allies", ["attack_centre", "counter_attack", "probe_left", "attack_left", "probe_right"])
    assert game.state.position == "card.chip"
    game.apply(PutUnderChip("attack_centre"))
    assert refused(game, PlayCard("probe_left")) == "m44.nation.soviet.commissar.no_direct_play"
    game.apply(PlayCard("counter_attack"))
    assert game.state.rules_state.chip["Allies"] == "attack_centre"
    assert game.state.position == "order.announce"


@pytest.mark.rule("m44.nation.soviet.commissar.play_from_chip", "m44.nation.soviet.commissar.timing")
def test_the_soviet_player_plays_the_card_waiting_under_the_chip():
    game = soviet_game(["attack_centre", "probe_centre", "probe_left", "probe_right", "attack_left"])
    game.apply(PutUnderChip("attack_centre"))
    assert PlayCard("attack_centre") in set(game.legal_actions())
    game.apply(PlayCard("attack_centre"))
    # then a new card goes under the chip: 3 left, and the draw brings the hand back to 4
    assert game.state.position == "card.chip"
    game.apply(PutUnderChip("probe_centre"))
    assert len(game.state.hands["Allies"]) == 3
    game.apply(DoneOrdering())
    game.play_to_decision()
    assert len(game.state.hands["Allies"]) == 4


# ---------------------------------------------------------------------------------- special units

@pytest.mark.rule("m44.setup.unit_figures", "m44.sf.elite_armor.figures", "m44.sf.french_resistance.figures")
def test_starting_figures_by_type_and_badge():
    game = make([("I", "Allies", "infantry", "1,7"), ("T", "Allies", "armor", "2,7"), ("G", "Allies", "artillery", "3,7"),
                 ("E", "Allies", "armor", "4,7", {"badge": "elite_armor"}),
                 ("F", "Allies", "infantry", "5,7", {"badge": "french_resistance"}),
                 ("S", "Allies", "infantry", "6,7", {"badge": "special_forces"})])
    assert {u.id: u.strength for u in game.state.units.values()} == {"I": 4, "T": 3, "G": 2, "E": 4, "F": 3, "S": 4}


@pytest.mark.rule("m44.sf.elite_armor.figures")
def test_elite_armor_survives_three_hits():
    units = [("X1", "Axis", "armor", "6,4"), ("A1", "Allies", "armor", "6,5", {"badge": "elite_armor"})]
    game = battle(units, attacker="X1", target="A1", want=faces_are("armor", "armor", "grenade"))
    assert game.state.units["A1"].strength == 1


@pytest.mark.rule("m44.sf.french_resistance.figures")
def test_french_resistance_is_eliminated_by_three_hits():
    units = [("X1", "Axis", "infantry", "6,4"), ("A1", "Allies", "infantry", "6,5", {"badge": "french_resistance"})]
    game = battle(units, attacker="X1", target="A1", want=faces_are("infantry", "infantry", "grenade"))
    assert not game.state.units["A1"].alive


FR = {"badge": "french_resistance"}


@pytest.mark.rule("m44.nation.french_resistance.move_range", "m44.sf.french_resistance.two_hex_no_battle")
def test_french_resistance_moves_two_and_then_may_not_battle():
    units = [("A1", "Allies", "infantry", "6,7", FR), ("X1", "Axis", "infantry", "6,4")]
    game = make(units, hand=["probe_centre"])
    order(game, "probe_centre", ["A1"])
    assert refused(game, Move("A1", hx(game, "6,4"))) in ("m44.stack.one_unit_per_hex",)
    assert refused(game, Move("A1", hx(game, "5,4"))) == "m44.nation.french_resistance.move_range"
    game.apply(Move("A1", hx(game, "6,5")))
    game.apply(EndMoves())
    assert refused(game, Battle("A1", "X1")) == "m44.sf.french_resistance.two_hex_no_battle"


@pytest.mark.rule("m44.sf.french_resistance.two_hex_no_battle")
def test_french_resistance_battles_after_one_hex():
    units = [("A1", "Allies", "infantry", "6,6", FR), ("X1", "Axis", "infantry", "6,4")]
    game = make(units, hand=["probe_centre"])
    order(game, "probe_centre", ["A1"])
    game.apply(Move("A1", hx(game, "6,5")))
    game.apply(EndMoves())
    assert game.explain(Battle("A1", "X1")) is None


@pytest.mark.rule("m44.nation.french_resistance.fire_dice")
@pytest.mark.parametrize("distance, dice", [(1, 3), (2, 2), (3, 1)])
def test_french_resistance_fires_like_infantry(distance, dice):
    units = [("A1", "Allies", "infantry", "0,6", FR), ("X1", "Axis", "infantry", f"{distance},6")]
    assert dice_of(battle(units)) == dice


@pytest.mark.rule("m44.nation.french_resistance.terrain_move", "m44.sf.french_resistance.terrain_battle")
def test_french_resistance_stops_in_a_forest_but_may_battle_from_it():
    units = [("A1", "Allies", "infantry", "6,7", FR), ("X1", "Axis", "infantry", "6,4")]
    game = make(units, terrain={"forest": ["6,6"]}, hand=["probe_centre"])
    order(game, "probe_centre", ["A1"])
    reach = {game.board.label(a.to) for a in game.legal_actions() if isinstance(a, Move)}
    assert "6,6" in reach and "6,5" in reach
    assert game.rules.field.moves(game.state, game.state.units["A1"], 2)[hx(game, "6,5")]["path"][0] != hx(game, "6,6")
    game.apply(Move("A1", hx(game, "6,6")))       # into the forest: its move ends
    game.apply(EndMoves())
    game.apply(Battle("A1", "X1"))                 # and yet it fires: 2 hexes, 2 dice
    assert dice_of(game) == 2


@pytest.mark.rule("m44.nation.french_resistance.take_ground")
def test_french_resistance_takes_ground():
    units = [("A1", "Allies", "infantry", "6,6", FR), ("X1", "Axis", "infantry", "6,5", {"strength": 1})]
    game = battle(units, want=faces_are("grenade", "star", "star"))
    events = game.apply(TakeGround("A1"))
    assert at(game, "A1") == "6,5"
    assert "m44.nation.french_resistance.take_ground" in cited(events)


@pytest.mark.rule("m44.sf.badge")
def test_only_a_badge_makes_special_forces():
    units = [("A1", "Allies", "infantry", "6,7", {"badge": "special_forces"}), ("X1", "Axis", "infantry", "6,4")]
    game = make(units, hand=["probe_centre"])
    order(game, "probe_centre", ["A1"])
    game.apply(Move("A1", hx(game, "6,5")))
    game.apply(EndMoves())
    assert game.explain(Battle("A1", "X1")) is None


@pytest.mark.rule("m44.nation.soviet.commissar.exceptions", "m44.nation.soviet.commissar.timing")
def test_ambush_never_goes_under_the_commissar_chip():
    """Our reading: a card under the chip must be playable on a later Soviet turn; Ambush never is, and a
    chip holding it left the Soviet player with no legal card (a stalled game found by the notebook)."""
    game = soviet_game(["ambush", "probe_centre", "probe_left", "recon_left", "attack_left"])
    assert game.state.position == "card.chip"
    assert PutUnderChip("ambush") not in set(game.legal_actions())
    assert refused(game, PutUnderChip("ambush")) == "m44.nation.soviet.commissar.exceptions"


@pytest.mark.rule("m44.nation.soviet.commissar.exceptions")
def test_counter_attack_goes_under_the_chip_only_once_there_is_a_card_to_copy():
    game = soviet_game(["counter_attack", "probe_centre", "probe_left", "recon_left", "attack_left"])
    assert refused(game, PutUnderChip("counter_attack")) == "m44.nation.soviet.commissar.exceptions"
    assert PutUnderChip("probe_centre") in set(game.legal_actions())


# ---------------------------------------------------------------------------------- issue 21: defects

@pytest.mark.rule("m44.nation.soviet.commissar.exceptions", "m44.nation.soviet.commissar.no_direct_play")
def test_recon_in_force_is_not_exempt_from_the_commissar_chip():
    """Only Recon 1 (the three flank and centre cards), Counter-Attack and Ambush skip the chip; Recon in
    Force is an ordinary section card and waits its turn under the chip like any other."""
    game = soviet_game(["attack_centre", "recon_in_force", "probe_left", "recon_right", "attack_left"])
    game.apply(PutUnderChip("attack_centre"))
    before = game.state.to_data()
    assert refused(game, PlayCard("recon_in_force")) == "m44.nation.soviet.commissar.no_direct_play"
    assert game.state.to_data() == before
    assert PlayCard("recon_in_force") not in set(game.legal_actions())
    assert PlayCard("recon_right") in set(game.legal_actions())


@pytest.mark.rule("m44.nation.soviet.commissar.play_from_chip", "m44.nation.soviet.commissar.exceptions",
                  "m44.order.cards.data")
def test_a_counter_attack_under_the_chip_answers_an_enemy_counter_attack():
    """The stall the issue found: the Soviet chip holds Counter-Attack, the enemy has just played a
    Counter-Attack, and the hand holds only cards the chip forbids. Our reading: a Counter-Attack is played
    as the card it copied, so the Soviet Counter-Attack copies that card in turn (on the same flank of the
    board), and the Soviet player always has a card to play."""
    game = make(REDS, first="Axis", rules=SOVIET)
    give(game, "Axis", ["probe_centre", "counter_attack", "attack_centre", "probe_right", "attack_right"])
    order(game, "probe_centre", [])                     # Axis turn 1
    give(game, "Allies", ["probe_left", "counter_attack", "attack_centre", "attack_left", "probe_centre"])
    game.apply(PutUnderChip("probe_left"))
    game.apply(PlayCard("probe_left"))                  # Allies turn 1: the chip's Probe (Allied left)
    game.apply(PutUnderChip("counter_attack"))          # ... and Counter-Attack waits under the chip
    game.apply(DoneOrdering())
    game.play_to_decision()
    assert game.state.active == "Axis"
    events = game.apply(PlayCard("counter_attack"))     # Axis turn 2: the same flank, its right
    assert [e.data.get("card") for e in events if e.kind == "CounterAttack"] == ["probe_right"]
    game.play_to_decision()
    game.apply(DoneOrdering())
    game.play_to_decision()
    assert game.state.active == "Allies"
    assert game.state.rules_state.chip["Allies"] == "counter_attack"
    assert set(game.legal_actions()) == {PlayCard("counter_attack")}   # none of the hand is exempt
    events = game.apply(PlayCard("counter_attack"))
    assert [e.data.get("card") for e in events if e.kind == "CounterAttack"] == ["probe_left"]


@pytest.mark.rule("m44.nation.japan.seishin.full_strength")
def test_seishin_full_strength_is_the_full_figure_count_not_the_starting_one():
    """'Full strength' is infantry's full figure count (4): a unit a scenario sets up with 3 figures out
    of 3 is not at full strength (our reading, as the published game means it)."""
    units = [("X1", "Axis", "infantry", "6,5", {"strength": 3, "max_strength": 3}),
             ("A1", "Allies", "infantry", "6,6")]
    game = battle(units, attacker="X1", target="A1", rules=nations(Axis="japan"))
    assert dice_of(game) == 3
    assert "m44.nation.japan.seishin.full_strength" not in cited(game.log)


@pytest.mark.rule("m44.nation.japan.seishin.full_strength", "m44.order.cards.data")
def test_an_attack_resumed_after_an_ambush_works_its_dice_out_again():
    """J1 at full strength declares 4 dice (Seishin); the Ambush takes a figure and J1 holds its ground
    (Yamato ignores the flag); the attack then rolls 3, not the 4 it declared."""
    units = [("X1", "Axis", "infantry", "6,5"), ("A1", "Allies", "infantry", "6,6")]
    game = make(units, first="Axis", rules=nations(Axis="japan"), ambush=True)
    give(game, "Axis", ASSAULTS)
    give(game, "Allies", ["ambush", "probe_left", "probe_right", "probe_centre", "attack_left"])
    to_battle(game, "assault_centre", ["X1"])
    game.apply(Battle("X1", "A1"))
    assert dice_of(game) == 4
    game.apply(PlayAmbush("A1"))
    events = roll(game, faces_are("infantry", "star", "star"))
    assert game.state.units["X1"].strength == 3 and at(game, "X1") == "6,5"
    goes_on = [e for e in events if e.kind == "AttackGoesOn"]
    assert goes_on and "3 dice now" in goes_on[0].text
    assert dice_of(game) == 3
