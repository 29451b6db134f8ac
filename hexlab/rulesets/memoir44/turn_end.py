"""The end of a turn: draw a command card, count the objectives' medals, and the other side plays.

One card is drawn (m44.turn.draw.one_card); an empty deck is remade from the discards
(m44.turn.deck.reshuffle). Recon draws two and keeps one, Their Finest Hour reshuffles, an Ambush played
is replaced (m44.order.cards.data). Italian High Command holds the hand to its shrinking limit
(m44.nation.italy.high_command.*). Objectives held give medals (m44.victory.medals.target); then the
turn passes (m44.turn.first_player.scenario), the Soviet player first putting a card under the Commissar
chip (m44.nation.soviet.commissar.timing).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...engine import Context, GameState, RuleError
from ...hexes import Hex
from ...words import possessive
from . import events as ev
from .actions import Discard, KeepCard
from .handlers import handlers
from .losses import count_medals
from .options import Objective
from .state import over_limit

if TYPE_CHECKING:
    from .rules import Memoir44


def pop(ctx: Context) -> str:
    """The top card of the deck, remade from the discards when it is empty (m44.turn.deck.reshuffle)."""
    s = ctx.state
    if not s.decks["deck"]:
        s.decks["deck"], s.decks["discard"] = s.decks["discard"], []
        ctx.shuffle(s.decks["deck"])
        if not ctx.quiet:
            ctx.emit(ev.Reshuffled(), "The command deck is empty: the discards are shuffled into a new deck.",
                     ["m44.turn.deck.reshuffle"])
    return s.decks["deck"].pop()


def after_draw(ctx: Context) -> None:
    """A hand over High Command's limit discards first (m44.nation.italy.high_command.discard_on_loss)."""
    ctx.goto("draw.discard" if over_limit(ctx.state) else "end.check")


# ----------------------------------------------------------------------------------- draw.draw
@handlers.auto("draw.draw")
def draw(rules: Memoir44, ctx: Context) -> None:
    """m44.turn.draw.one_card, with the cards that change the draw (m44.order.cards.data)."""
    s = ctx.state
    mine = s.rules_state
    card = rules.card(mine.turn.card) if mine.turn.card else None
    owner = mine.ambush_draw
    if owner:
        s.hands[owner].append(pop(ctx))
        mine.ambush_draw = None
        if not ctx.quiet:
            ctx.emit(ev.CardDrawn(), f"{owner} draws a card to replace the Ambush.", ["m44.turn.draw.one_card"], owner)
    if card is not None and card.effect == "their_finest_hour" and not mine.turn.counter:
        s.decks["deck"] += s.decks["discard"]
        s.decks["discard"] = []
        ctx.shuffle(s.decks["deck"])
        ctx.emit(ev.Reshuffled(), "Their Finest Hour: the deck and the discards are shuffled together.",
                 ["m44.order.cards.data"], s.active)
    if card is not None and card.effect == "recon":
        mine.keep = [pop(ctx), pop(ctx)]
        if not ctx.quiet:
            ctx.emit(ev.CardsDrawn(), f"{s.active} draws two cards (Recon) and keeps one.",
                     ["m44.turn.draw.one_card", "m44.order.cards.data"], s.active)
        ctx.goto("draw.keep")
        return
    if len(s.hands[s.active]) < mine.hand_limit[s.active]:
        s.hands[s.active].append(pop(ctx))
        if not ctx.quiet:
            ctx.emit(ev.CardDrawn(), f"{s.active} draws a command card.", ["m44.turn.draw.one_card"], s.active)
    else:
        ctx.emit(ev.NoDraw(), f"{possessive(s.active, start=True)} hand is at its High Command limit: no card is drawn.",
                 ["m44.nation.italy.high_command.discard_on_loss"], s.active)
    after_draw(ctx)


# ----------------------------------------------------------------------------------- draw.keep
@handlers.candidates("draw.keep")
def offer_keep(rules: Memoir44, state: GameState) -> Iterator[KeepCard]:
    """Recon (m44.order.cards.data): either card drawn."""
    for c in sorted(set(state.rules_state.keep)):
        yield KeepCard(c)


@handlers.check(KeepCard)
def check_keep(rules: Memoir44, state: GameState, action: KeepCard) -> RuleError | None:
    """Recon (m44.order.cards.data): one of the two cards just drawn."""
    if action.card not in state.rules_state.keep:
        return RuleError("Keep one of the two cards just drawn.", "m44.order.cards.data")
    return None


@handlers.effect(KeepCard)
def keep(rules: Memoir44, ctx: Context, action: KeepCard) -> None:
    """Recon (m44.order.cards.data): one card kept, the other discarded."""
    s = ctx.state
    mine = s.rules_state
    s.hands[s.active].append(action.card)
    rest = list(mine.keep)
    rest.remove(action.card)
    s.decks["discard"].extend(rest)
    mine.keep = []
    if not ctx.quiet:
        ctx.emit(ev.CardKept(), f"{s.active} keeps one of the two cards and discards the other.",
                 ["m44.order.cards.data"], s.active)
    after_draw(ctx)


# ----------------------------------------------------------------------------------- draw.discard
@handlers.candidates("draw.discard")
def offer_discards(rules: Memoir44, state: GameState) -> Iterator[Discard]:
    """m44.nation.italy.high_command.discard_on_loss: any card of the hand over its limit."""
    who = over_limit(state)
    if who:
        for c in sorted(set(state.hands[who])):
            yield Discard(c)


@handlers.check(Discard)
def check_discard(rules: Memoir44, state: GameState, action: Discard) -> RuleError | None:
    """m44.nation.italy.high_command.discard_on_loss: only a hand over its limit discards."""
    who = over_limit(state)
    if who is None or action.card not in state.hands[who]:
        return RuleError("No card has to be discarded now.", "m44.nation.italy.high_command.discard_on_loss")
    return None


@handlers.effect(Discard)
def discard(rules: Memoir44, ctx: Context, action: Discard) -> None:
    """m44.nation.italy.high_command.discard_on_loss: down to the shrunken hand size."""
    s = ctx.state
    who = over_limit(s)
    s.hands[who].remove(action.card)
    s.decks["discard"].append(action.card)
    ctx.emit(ev.HighCommand(), f"{who} discards a command card: High Command shrinks with each lost unit.",
             ["m44.nation.italy.high_command.discard_on_loss"], who)
    if over_limit(s) is None:
        ctx.goto("end.check")


# ----------------------------------------------------------------------------------- end.check
@handlers.auto("end.check")
def end_of_turn(rules: Memoir44, ctx: Context) -> None:
    """Objectives held are medals (m44.victory.medals.target); a side at its target wins; else the other
    side's turn begins."""
    s = ctx.state
    mine = s.rules_state
    held: dict[str, list[str]] = {side: [] for side in s.sides}
    for obj, h in objective_hexes(rules):
        u = s.unit_at(h)
        if obj.kind == "permanent" and obj.hex in mine.held[obj.side]:
            held[obj.side].append(obj.hex)
        elif u is not None and u.side == obj.side:
            held[obj.side].append(obj.hex)
    if not ctx.quiet:  # the words of the medals won and lost (batch play keeps no log)
        for side in s.sides:
            gained = set(held[side]) - set(mine.held[side])
            lost = set(mine.held[side]) - set(held[side])
            for label in sorted(gained):
                ctx.emit(ev.MedalWon(), f"{side} holds the objective {label}: one medal.", ["m44.victory.medals.target"],
                         side)
            for label in sorted(lost):
                ctx.emit(ev.MedalLost(), f"{side} no longer holds the objective {label}.",
                         ["m44.victory.medals.target"], side)
    mine.held = held
    count_medals(s)
    if ctx.is_over():
        return
    mine.new_turn()
    if s.active == s.sides[-1]:
        s.turn += 1
    s.active = s.other(s.active)
    if rules.nation(s.active) == "soviet" and mine.chip.get(s.active) is None and s.hands[s.active]:
        ctx.goto("card.chip")
    else:
        ctx.goto("card.play")
    if not ctx.quiet:
        ctx.emit(ev.TurnBegan(), f"Turn {s.turn}: {s.active} to play.", ["m44.turn.first_player.scenario"], s.active)


def objective_hexes(rules: Memoir44) -> list[tuple[Objective, Hex]]:
    """The scenario's objectives, each with its hex read from its label: read once for the scenario's list of
    objectives (remembered on the ruleset with that list, which the scenario fixes; counted at every turn's end)."""
    objectives = rules.options.objectives
    known = rules.__dict__.get("_m44_objective_hexes")
    if known is None or known[0] is not objectives:
        known = (objectives, [(obj, rules.board.parse(obj.hex)) for obj in objectives])
        rules.__dict__["_m44_objective_hexes"] = known
    return known[1]
