"""The end of a turn: draw a card, check victory, pass the turn (sk.draw.card, sk.victory.*)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Context
from .events import CardDrawn, Reshuffled, TurnBegan
from .handlers import handlers

if TYPE_CHECKING:
    from .rules import Skirmish


def draw(ctx: Context, side: str) -> None:
    """Draw one card; an empty deck is first reshuffled from the discards (sk.draw.card)."""
    s = ctx.state
    if not s.decks["deck"]:
        s.decks["deck"], s.decks["discard"] = s.decks["discard"], []
        ctx.shuffle(s.decks["deck"])
        ctx.emit(Reshuffled(), "The discards are shuffled into a new deck.", ["sk.draw.card"])
    if s.decks["deck"]:
        s.hands[side].append(s.decks["deck"].pop())


@handlers.auto("draw.draw")
def draw_card(rules: Skirmish, ctx: Context) -> None:
    draw(ctx, ctx.state.active)
    ctx.emit(CardDrawn(), f"{ctx.state.active} draws a card.", ["sk.draw.card"], ctx.state.active)
    ctx.advance()


@handlers.auto("draw.check")
def check_victory(rules: Skirmish, ctx: Context) -> None:
    """A side with no units loses (sk.victory.annihilation); after the last side's last turn, points
    decide (sk.victory.turns). Otherwise the other side's turn begins."""
    s = ctx.state
    last_side = s.sides[-1]
    if any(not s.units_of(side) for side in s.sides) or (s.active == last_side and s.turn >= rules.options.turns):
        s.rules_state.game_ends = True  # end_if says who won
        return
    if s.active == last_side:
        s.turn += 1
    s.active = s.other(s.active)
    s.rules_state.new_turn()
    ctx.goto("command.play")
    ctx.emit(TurnBegan(), f"{s.active}'s turn ({rules.clock(s)}).", ["sk.order.play_card"], s.active)
