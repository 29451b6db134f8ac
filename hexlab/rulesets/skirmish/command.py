"""The command phase: play a card, whose number is how many units may act (sk.order.*)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...engine import Context, GameState, RuleError
from .actions import PlayCard
from .data import CARDS
from .events import CardPlayed
from .handlers import handlers

if TYPE_CHECKING:
    from .rules import Skirmish


@handlers.candidates("command.play")
def offer_cards(rules: Skirmish, state: GameState) -> Iterator[PlayCard]:
    for card in sorted(set(state.hands[state.active])):
        yield PlayCard(card)


@handlers.check(PlayCard)
def check_card(rules: Skirmish, state: GameState, action: PlayCard) -> RuleError | None:
    """Only a card in the active side's hand (sk.order.play_card)."""
    if action.card not in state.hands[state.active]:
        return RuleError(f"You have no {action.card!r} card in your hand.", "sk.order.play_card")
    return None


@handlers.effect(PlayCard)
def play_card(rules: Skirmish, ctx: Context, action: PlayCard) -> None:
    """Discard the card; its number of units may act this turn (sk.order.activations)."""
    s, mine = ctx.state, rules.mine(ctx.state)
    s.hands[s.active].remove(action.card)
    s.decks["discard"].append(action.card)
    mine.activations = CARDS[action.card]
    mine.acted = []
    ctx.emit(CardPlayed(action.card), f"{s.active} plays {action.card}: {CARDS[action.card]} action(s).",
             ["sk.order.play_card", "sk.order.activations"], s.active)
    ctx.goto("action.act")
