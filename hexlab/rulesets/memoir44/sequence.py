"""Memoir '44's sequence of play: a turn's phases and steps, and the actions each decision accepts.

Play a command card (m44.turn.sequence.phases), order units (m44.order.units.announce), move
(m44.move.*), battle one at a time (m44.turn.battle.steps), draw (m44.turn.draw.one_card), count medals
(m44.victory.medals.target); then the other side plays. The tactic cards and nations add steps: targets
and rolls for a card, the Commissar chip, Ambush, retreats, take ground, overrun, battle back, Behind
Enemy Lines' second move, Recon's keep-one, High Command's discard. What the refusal of an action at a step
that does not take it says is here too: :data:`REFUSALS`, by the action's type.
"""

from __future__ import annotations

from typing import Any

from ...engine import Action, GameState, SequenceOfPlay, phase, step
from .actions import (
    Battle,
    BattleBack,
    Discard,
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
    PutUnderChip,
    RemoveWire,
    Retreat,
    StopRetreat,
    TakeGround,
    Target,
)
from .state import over_limit


def under_fire(rules: Any, state: GameState) -> str:
    """The side of the unit under fire decides its Ambush, its retreat and its battle back, whichever
    side's turn it is (m44.retreat.direction.choice, m44.order.cards.data, m44.nation.bcf.battle_back.trigger)."""
    turn = state.rules_state.turn
    if turn.retreat is not None:
        return state.units[turn.retreat.unit].side
    if turn.battle is not None:
        return state.units[turn.battle.target].side
    return state.other(state.active)


def over_the_limit(rules: Any, state: GameState) -> str:
    """High Command's discard is made by the side holding more cards than its limit
    (m44.nation.italy.high_command.discard_on_loss)."""
    return over_limit(state) or state.active


SEQUENCE = SequenceOfPlay((
    phase("card", "Play a command card", [
        step("play", "Play a command card", ["m44.turn.sequence.phases", "m44.order.card.one_per_turn",
                                             "m44.order.cards.data", "m44.nation.soviet.commissar.play_from_chip"],
             "Choose one card from your hand. A section card orders units in one part of the battlefield; "
             "the card limits how many.",
             next=["order.announce", "card.chip", "card.target", "card.finest", "draw.draw"], accepts=[PlayCard]),
        step("target", "Pick the card's targets", ["m44.order.cards.data", "m44.resolve.symbol.star"],
             "Barrage and Air Power strike enemy units chosen anywhere on the map; Medics & Mechanics "
             "tends one of your damaged units.", next=["battle.roll", "card.heal", "draw.draw"],
             accepts=[Target, DoneTargets]),
        step("heal", "Roll for the medics", ["m44.order.cards.data", "m44.resolve.symbol.star"],
             "One die per card in hand: the unit's own symbol or a star brings back a figure.", kind="dice",
             next=["move.move", "draw.draw"]),
        step("finest", "Roll for Their Finest Hour", ["m44.order.cards.data", "m44.resolve.symbol.star"],
             "One die per card in hand: each infantry symbol orders an infantry unit, each tank an armor "
             "unit, each star any unit.", kind="dice", next=["order.announce"]),
        step("chip", "Card under the Commissar chip", ["m44.nation.soviet.commissar.timing",
                                                       "m44.nation.soviet.commissar.no_direct_play"],
             "The Soviet player puts a card from hand under the Commissar chip, to be played next turn.",
             next=["card.play", "order.announce", "card.target", "card.finest", "draw.draw"], accepts=[PutUnderChip]),
    ]),
    phase("order", "Order units", [
        step("announce", "Announce the ordered units", ["m44.order.units.announce", "m44.order.section.straddle",
                                                        "m44.order.only_ordered_act"],
             "Pick the units the card orders, one by one, then press Done. Only ordered units move and "
             "battle this turn.", next=["move.move", "draw.draw", "battle.choose"], accepts=[Order, DoneOrdering]),
    ]),
    phase("move", "Move", [
        step("move", "Move ordered units", ["m44.move.unit.once_per_turn", "m44.move.unit.sequential",
                                            "m44.move.optional", "m44.stack.no_entry_occupied"],
             "Move each ordered unit once, one after another: infantry 1-2 hexes, armor up to 3, artillery 1. "
             "Terrain may stop a move.", next=["battle.choose"], accepts=[Move, EndMoves]),
    ]),
    phase("battle", "Battle", [
        step("choose", "Choose a battle", ["m44.turn.battle.steps", "m44.battle.unit.once_per_turn",
                                           "m44.battle.close_assault.forced", "m44.los.required"],
             "Pick an ordered unit and an enemy in range and in sight. The dice come from the range table, "
             "less the target's terrain.", next=["battle.roll", "draw.draw", "battle.ambush", "again.move"],
             accepts=[Battle, RemoveWire, EndBattles]),
        step("ambush", "Ambush?", ["m44.battle.close_assault.definition", "m44.order.cards.data"],
             "The defender may play Ambush: its unit battles the attacker first.", decider=under_fire,
             next=["battle.ambush_roll", "battle.roll"], accepts=[Hold, PlayAmbush]),
        step("ambush_roll", "Roll the ambush", ["m44.dice.battle.faces", "m44.resolve.hit.matching"],
             "The ambushing unit rolls its normal dice at the attacker.", kind="dice",
             next=["battle.retreat", "battle.roll", "battle.choose"]),
        step("roll", "Roll the battle dice", ["m44.dice.battle.faces", "m44.resolve.hit.matching",
                                              "m44.resolve.flag.timing"],
             "Each symbol that matches the target's type, and each grenade, removes a figure; then each flag "
             "pushes the target back.", kind="dice",
             next=["battle.retreat", "battle.take_ground", "battle.battle_back", "battle.choose", "draw.draw"]),
        step("retreat", "Retreat for flags", ["m44.retreat.flag.distance", "m44.retreat.direction.choice",
                                              "m44.retreat.blocked.loss", "m44.retreat.ignore_flag.general"],
             "The unit hit by flags moves back toward its own edge, one hex per flag; each retreat it cannot "
             "make costs a figure.", decider=under_fire,
             next=["battle.take_ground", "battle.battle_back", "battle.choose", "battle.roll", "draw.draw"],
             accepts=[IgnoreFlag, StopRetreat, Retreat]),
        step("take_ground", "Take ground", ["m44.take_ground.infantry", "m44.take_ground.close_assault_only",
                                            "m44.overrun.armor.take_ground"],
             "After a close assault that empties the enemy's hex, the attacker may move into it.",
             next=["battle.overrun", "battle.choose"], accepts=[Hold, TakeGround]),
        # the overrun step takes TakeGround only to refuse it with its own clause (m44.overrun.take_ground_again)
        step("overrun", "Armor overrun", ["m44.overrun.armor.extra_battle", "m44.overrun.target",
                                          "m44.overrun.once_per_turn"],
             "Armor that took ground may battle once more at once.", next=["battle.roll", "battle.choose"],
             accepts=[Hold, Battle, TakeGround]),
        step("battle_back", "Battle back", ["m44.nation.bcf.battle_back.trigger", "m44.nation.bcf.battle_back.no_terrain"],
             "A British Commonwealth unit left with one figure by a close assault may fire back with one die.",
             decider=under_fire, next=["battle.back_roll", "battle.choose"], accepts=[Hold, BattleBack]),
        step("back_roll", "Roll the battle-back die", ["m44.nation.bcf.battle_back.trigger"],
             "One die, no terrain reduction.", kind="dice", next=["battle.retreat", "battle.choose"]),
    ]),
    phase("again", "Move again", [
        step("move", "Move again (Behind Enemy Lines)", ["m44.order.cards.data", "m44.move.unit.sequential"],
             "The Behind Enemy Lines unit may move up to 3 more hexes, free of terrain movement limits.",
             next=["draw.draw"], accepts=[Move, EndMoves]),
    ]),
    phase("draw", "Draw a command card", [
        step("draw", "Draw a card", ["m44.turn.draw.one_card", "m44.turn.deck.reshuffle"],
             "Draw one card (two after a Recon card: keep one).", kind="auto",
             next=["draw.keep", "draw.discard", "end.check"]),
        step("keep", "Keep one of two", ["m44.order.cards.data"], "Recon: keep one of the two cards drawn.",
             next=["draw.discard", "end.check"], accepts=[KeepCard]),
        step("discard", "Discard for High Command", ["m44.nation.italy.high_command.discard_on_loss",
                                                     "m44.nation.italy.high_command.floor"],
             "The Italian player discards down to the shrinking hand size.", next=["end.check"],
             decider=over_the_limit, accepts=[Discard]),
    ]),
    phase("end", "End of turn", [
        step("check", "Count medals", ["m44.victory.medals.target", "m44.victory.medal.last_figure"],
             "Objective medals are counted; a side that reaches its medal target wins. Then the other side "
             "plays.", kind="auto", next=["card.play", "card.chip"]),
    ]),
))

REFUSALS: dict[type[Action], tuple[str, str]] = {
    PlayCard: ("A command card is played only at the start of the turn, once.", "m44.order.card.one_per_turn"),
    Order: ("Units are ordered right after the card is played.", "m44.order.units.announce"),
    DoneOrdering: ("Units are ordered right after the card is played.", "m44.order.units.announce"),
    Target: ("Cards pick their targets right after they are played.", "m44.order.cards.data"),
    DoneTargets: ("Cards pick their targets right after they are played.", "m44.order.cards.data"),
    Move: ("Units move in the Move phase, before any battle.", "m44.turn.sequence.move_before_battle"),
    EndMoves: ("Units move in the Move phase, before any battle.", "m44.turn.sequence.move_before_battle"),
    Battle: ("Battles come after all moves, one at a time.", "m44.battle.unit.sequential"),
    RemoveWire: ("Wire is removed in place of a battle.", "m44.terrain.wire.infantry_remove"),
    IgnoreFlag: ("Retreats come only from flags rolled in a battle.", "m44.retreat.flag.distance"),
    Retreat: ("Retreats come only from flags rolled in a battle.", "m44.retreat.flag.distance"),
    StopRetreat: ("Retreats come only from flags rolled in a battle.", "m44.retreat.flag.distance"),
    TakeGround: ("Ground is taken only after a close assault that empties the enemy's hex.",
                 "m44.take_ground.close_assault_only"),
    Hold: ("Ground is taken only after a close assault that empties the enemy's hex.",
           "m44.take_ground.close_assault_only"),
    PlayAmbush: ("Ambush is played when one of your units is close assaulted, before the roll.",
                 "m44.order.cards.data"),
    BattleBack: ("Only a British Commonwealth unit left with one figure by a close assault may battle back.",
                 "m44.nation.bcf.battle_back.trigger"),
    KeepCard: ("Keep one of the two cards just drawn.", "m44.order.cards.data"),
    Discard: ("No card has to be discarded now.", "m44.nation.italy.high_command.discard_on_loss"),
}
"""Why an action is refused at a step that does not take it, by its type, at every step (``Memoir44.refusals``;
``PutUnderChip`` and ``EndBattles`` get the words of :data:`NOT_A_CHOICE`)."""

NOT_A_CHOICE = "That is not a choice at this step ({step})."
"""The refusal of any other action, citing the step's own first clause (``Memoir44.refusal``)."""
