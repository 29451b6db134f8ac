"""Play a command card and order units (m44.turn.sequence.phases, m44.order.*).

One card a turn, from the hand (m44.order.card.one_per_turn); the Soviet player plays the card under the
Commissar chip and puts another there (m44.nation.soviet.commissar.*); Counter-Attack plays the card the
enemy played last (m44.order.cards.data). Then the units the card orders are announced one by one, each
given its own slot of the card: a section and a unit type (m44.order.units.announce), a unit on a
section line fitting either section (m44.order.section.straddle). Only ordered units act
(m44.order.only_ordered_act).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ...engine import Context, GameState, RuleError
from ...engine.actions import made
from ...engine.state import Unit
from ...words import possessive
from . import events as ev
from .actions import DoneOrdering, Order, PlayCard, PutUnderChip
from .cards import admitting, fits, matches
from .handlers import handlers
from .state import living_by_id
from .tactics import effect, one_section, order_extra, slot_key, slots, slots_for

if TYPE_CHECKING:
    from .rules import Memoir44


COMMISSAR_EXEMPT = frozenset({"ambush", "counter_attack", "recon_left", "recon_centre", "recon_right"})
"""The cards a Soviet player may still play straight from hand: Ambush, Counter-Attack and Recon 1 (each of
the three Recon 1 cards), never Recon in Force (m44.nation.soviet.commissar.exceptions)."""


def mirrored(card_id: str) -> str:
    """The card a Counter-Attack plays for a flank card: the same flank of the board, which is the other
    flank seen from the other side."""
    if card_id.endswith("_left"):
        return card_id[: -len("left")] + "right"
    if card_id.endswith("_right"):
        return card_id[: -len("right")] + "left"
    return card_id


# ----------------------------------------------------------------------------------- card.play
@handlers.candidates("card.play", checked=[PlayCard])
def offer_cards(rules: Memoir44, state: GameState) -> Iterator[PlayCard]:
    """m44.order.card.one_per_turn: each card in hand (and the Soviet chip's card) that :func:`check_play` accepts,
    worked out here for all of them at once (the side's nation and the enemy's last card looked up once), so the
    listing need not check them again: never Ambush (played on the enemy's turn), Counter-Attack only once the enemy
    has played a card, and for the Soviet player only the chip's card or a card exempt from the chip."""
    side = state.active
    mine = state.rules_state
    soviet = rules.nation(side) == "soviet"
    chip = mine.chip.get(side) if soviet else None
    nothing_to_copy = mine.last_card.get(state.other(side)) is None
    for c in sorted(set(state.hands[side]) | ({chip} if chip else set())):
        if c == "ambush" or (c == "counter_attack" and nothing_to_copy):
            continue
        if soviet and c != chip and c not in COMMISSAR_EXEMPT:
            continue
        yield made(PlayCard, c)


@handlers.check(PlayCard)
def check_play(rules: Memoir44, state: GameState, action: PlayCard) -> RuleError | None:
    """m44.order.card.one_per_turn; Ambush and Counter-Attack's conditions (m44.order.cards.data); the
    Commissar chip (m44.nation.soviet.commissar.no_direct_play)."""
    side = state.active
    mine = state.rules_state
    chip_card = mine.chip.get(side) if rules.nation(side) == "soviet" else None
    if action.card not in state.hands[side] and action.card != chip_card:
        return RuleError(f"There is no {action.card!r} card in {possessive(side)} hand.", "m44.order.card.one_per_turn")
    if action.card == "ambush":
        return RuleError("Ambush is played on the enemy's turn, when one of your units is close assaulted.",
                         "m44.order.cards.data")
    if action.card == "counter_attack":
        last = mine.last_card.get(state.other(side))
        if last is None:
            return RuleError("Counter-Attack copies the card your opponent played last turn: there is none "
                             "yet.", "m44.order.cards.data")
    if rules.nation(side) == "soviet":
        if action.card != mine.chip[side] and action.card not in COMMISSAR_EXEMPT:
            return RuleError("The Soviet player plays the card under the Commissar chip (or Ambush, "
                             "Counter-Attack or a Recon 1 from hand).", "m44.nation.soviet.commissar.no_direct_play")
    return None


@handlers.effect(PlayCard)
def play_card(rules: Memoir44, ctx: Context, action: PlayCard) -> None:
    """m44.order.card.one_per_turn: the card goes to the discards; a Counter-Attack becomes the copied
    card; a card whose named units are all gone orders 1 unit of any kind (m44.order.cards.data)."""
    s = ctx.state
    mine = s.rules_state
    t = mine.turn
    side = s.active
    card = rules.card(action.card)
    if mine.chip.get(side) == action.card and rules.nation(side) == "soviet":
        mine.chip[side] = None  # m44.nation.soviet.commissar.play_from_chip
        s.decks["chip"].remove(action.card)
    else:
        s.hands[side].remove(action.card)
    s.decks["discard"].append(action.card)
    mine.last_card[side] = action.card
    played = action.card
    if played == "counter_attack":
        copied = mirrored(mine.last_card[s.other(side)])
        ctx.emit(ev.CounterAttack(copied), f"{side} plays Counter-Attack: it becomes {rules.card(copied).name}, "
                 "the card the enemy played last turn.", ["m44.order.cards.data"], side)
        t.counter = True
        card = rules.card(copied)
        played = copied
        # Our reading: a Counter-Attack is played "as if it were" the card it copies, so the card this side
        # played last turn is that card; a Counter-Attack answering it copies the same card (on the same
        # flank of the board), and no Counter-Attack is ever left with nothing to copy.
        mine.last_card[side] = copied
    t.card = played
    named = frozenset().union(*(sl.kinds or frozenset() for sl in card.slots))
    if card.any_fallback and named and not any(u.kind in named for u in s.units_of(side)):
        t.fallback = True
        ctx.emit(ev.CardFallback(), f"{side} has no {' or '.join(sorted(named))} units: {card.name} orders 1 "
                 "unit of the player's choice instead, with no bonus.", ["m44.order.cards.data"], side)
    if not ctx.quiet:  # batch play keeps no log: no words to build
        extra = " (Gung-Ho!: one more unit)" if rules.nation(side) == "usmc" and card.gung_ho else ""
        ctx.emit(ev.CardPlayed(played), f"{side} plays {card.name}: {card.summary}{extra}",
                 ["m44.order.card.one_per_turn", "m44.order.cards.data"]
                 + (["m44.nation.usmc.section_plus_one"] if extra and card.kind == "section" else []), side)
    if rules.nation(side) == "soviet" and mine.chip.get(side) is None and s.hands[side]:
        ctx.goto("card.chip")
    else:
        begin_orders(rules, ctx)


def begin_orders(rules: Memoir44, ctx: Context) -> None:
    """After the card: pick its targets, roll for it, or order units (m44.order.cards.data)."""
    s = ctx.state
    kind = effect(rules, s)
    if kind == "medics_mechanics" and not any(u.strength < u.max_strength for u in s.units_of(s.active)):
        ctx.emit(ev.NoTarget(), "Medics & Mechanics: no unit has lost a figure, so the card does nothing.",
                 ["m44.order.cards.data"], s.active)
        ctx.goto("draw.draw")
    elif kind in ("barrage", "air_power") and not s.units_of(s.other(s.active)):
        ctx.emit(ev.NoTarget(), f"{rules.card(s.rules_state.turn.card).name}: no enemy unit is left to strike.",
                 ["m44.order.cards.data"], s.active)
        ctx.goto("draw.draw")
    elif kind in ("barrage", "air_power", "medics_mechanics"):
        ctx.goto("card.target")
    elif kind == "their_finest_hour":
        ctx.goto("card.finest")
    else:
        ctx.goto("order.announce")


# ----------------------------------------------------------------------------------- card.chip
@handlers.candidates("card.chip")
def offer_chip(rules: Memoir44, state: GameState) -> Iterator[PutUnderChip]:
    """m44.nation.soviet.commissar.timing: any card in hand may go under the chip."""
    for c in sorted(set(state.hands[state.active])):
        yield PutUnderChip(c)


@handlers.check(PutUnderChip)
def check_chip(rules: Memoir44, state: GameState, action: PutUnderChip) -> RuleError | None:
    """m44.nation.soviet.commissar.timing: a card from the player's own hand. Our reading: a card goes under
    the chip only if it could be played from there on a later Soviet turn, so Ambush (played only on the
    enemy's turn, and exempt from the chip anyway: m44.nation.soviet.commissar.exceptions) never does;
    otherwise the chip could hold a card that can never be played and the Soviet player could be left
    with no legal card at all."""
    if action.card not in state.hands[state.active]:
        return RuleError(f"There is no {action.card!r} card in {possessive(state.active)} hand.",
                         "m44.nation.soviet.commissar.timing")
    if action.card == "ambush":
        return RuleError("Ambush stays in the hand: it is played on the enemy's turn, never from under the "
                         "Commissar chip (our reading).", "m44.nation.soviet.commissar.exceptions")
    if action.card == "counter_attack" and state.rules_state.last_card.get(state.other(state.active)) is None:
        return RuleError("Counter-Attack can't go under the chip before your opponent has played a card: "
                         "there would be nothing for it to copy (our reading).",
                         "m44.nation.soviet.commissar.exceptions")
    return None


@handlers.effect(PutUnderChip)
def put_under_chip(rules: Memoir44, ctx: Context, action: PutUnderChip) -> None:
    """m44.nation.soviet.commissar.timing: a card goes under the chip, to be played next turn."""
    s = ctx.state
    mine = s.rules_state
    side = s.active
    s.hands[side].remove(action.card)
    s.decks["chip"].append(action.card)
    mine.chip[side] = action.card
    if not ctx.quiet:
        ctx.emit(ev.CommissarChip(), f"{side} puts a card under the Commissar chip.",
                 ["m44.nation.soviet.commissar.timing"], side)
    if mine.turn.card is None:
        ctx.goto("card.play")
    else:
        begin_orders(rules, ctx)


# ----------------------------------------------------------------------------------- order.announce
@handlers.candidates("order.announce", checked=[Order])
def offer_orders(rules: Memoir44, state: GameState) -> Iterator[DoneOrdering | Order]:
    """m44.order.units.announce: Done, then each of the player's units the card can still order (worked out here for
    all of them at once, so each Order offered is one :func:`check_order` accepts)."""
    yield made(DoneOrdering)
    listing = _order_listing(rules, state)
    ordered = state.rules_state.turn.ordered
    for u in living_by_id(rules, state, state.active):
        if u.id not in ordered and listing.fits(u):
            yield made(Order, u.id)


handlers.unchecked(DoneOrdering)  # m44.order.cards.data: orders beyond the units a player has are simply lost


@handlers.check(Order)
def check_order(rules: Memoir44, state: GameState, action: Order) -> RuleError | None:
    """m44.order.units.announce: every ordered unit needs a slot of its own on the card."""
    side = state.active
    t = state.rules_state.turn
    u = state.units.get(action.unit)
    if u is None or not u.alive or u.side != side:
        return RuleError(f"{action.unit} is not one of {possessive(side)} units.", "m44.order.only_ordered_act")
    if u.id in t.ordered:
        return RuleError(f"{u.id} is already ordered.", "m44.order.units.announce")
    if state.memo is not None:  # while the legal actions are listed: the answer by what the unit offers the card
        if _order_listing(rules, state).fits(u):
            return None
    else:
        units = [state.units[x] for x in t.ordered] + [u]
        if fits(units, slots(rules, state), rules.sections_of, order_extra(rules, state)) and \
                one_section(rules, state, units):
            return None
    card = rules.card(t.card)
    where = "/".join(rules.sections_of(u)) or "nowhere"
    what = "the dice rolled for it" if t.finest is not None else card.summary
    return RuleError(f"{card.name} cannot order {u.id} ({u.kind}, {where}) as well: {what}",
                     "m44.order.units.announce")


class _OrderListing:
    """What every Order's check of one listing shares: the card's slots, the slots each unit ordered so far fits, and
    the answer for each kind of unit already asked. Whether one more unit can be ordered depends on that unit only
    through the slots it fits and the sections it stands in, which follow from its type and sections (unless the card
    looks at its neighbours: Close Assault, Firefight), so units alike in those get one answer, worked out once (the
    full matching of :func:`~.cards.fits`)."""

    __slots__ = ("rules", "state", "slots", "rows", "extra", "capacity", "ordered", "ordered_rows", "assault", "answers")

    def __init__(self, rules: Memoir44, state: GameState) -> None:
        self.rules, self.state = rules, state
        key = slot_key(rules, state)
        self.slots = slots_for(rules, key)
        rows: dict[Any, dict[tuple[str, ...], tuple[int, ...]]] = rules.__dict__.setdefault("_m44_rows", {})
        self.rows = rows.get(key)
        if self.rows is None:
            self.rows = rows[key] = {}
        self.extra = order_extra(rules, state)
        self.capacity = tuple(s.count for s in self.slots)
        self.ordered = [state.units[x] for x in state.rules_state.turn.ordered]
        self.ordered_rows = tuple(self.row(rules.field.kind_and_sections(u)) if self.extra is None
                                  else tuple(admitting(u, self.slots, rules.sections_of, self.extra)) for u in self.ordered)
        self.assault = effect(rules, state) == "infantry_assault"
        self.answers: dict[Any, bool] = {}
        if self.extra is None and not self.assault:
            # the answers then hang on the card's slots, the slots of the units ordered so far and the candidate's type
            # and sections alone: kept for the game under the first two (orders come back turn after turn)
            kept: dict[Any, dict[Any, bool]] = rules.__dict__.setdefault("_m44_order_answers", {})
            if len(kept) >= 4096:  # a long game: forget the old ones
                kept.clear()
            self.answers = kept.setdefault((key, tuple(sorted(self.ordered_rows))), self.answers)

    def row(self, kind_and_sections: tuple[str, ...]) -> tuple[int, ...]:
        """The slots a unit of this kind in these sections fits (:func:`~.cards.admitting`). Remembered for the game
        under the card's :func:`~.tactics.slot_key` (which fixes the slots) and the unit's type and sections (which
        fix the answer): the same few cards and kinds of units come back all game long."""
        found = self.rows.get(kind_and_sections)
        if found is None:
            kind, sections = kind_and_sections[0], kind_and_sections[1:]
            found = self.rows[kind_and_sections] = tuple(
                i for i, slot in enumerate(self.slots) if (slot.kinds is None or kind in slot.kinds)
                and (slot.sections is None or not slot.sections.isdisjoint(sections)))
        return found

    def fits(self, u: Unit) -> bool:
        """Whether ``u`` (a unit of the side, not ordered yet) can be ordered as well."""
        extra = self.extra
        key: Any = self.rules.field.kind_and_sections(u) if extra is None else u.id
        answer = self.answers.get(key)
        if answer is None:
            row = self.row(key) if extra is None else tuple(admitting(u, self.slots, self.rules.sections_of, extra))
            answer = _matches(self.capacity, tuple(sorted((*self.ordered_rows, row)))) and (
                not self.assault or one_section(self.rules, self.state, [*self.ordered, u]))
            self.answers[key] = answer
        return answer


@lru_cache(maxsize=4096)
def _matches(capacity: tuple[int | None, ...], rows: tuple[tuple[int, ...], ...]) -> bool:
    """:func:`~.cards.matches`, remembered: the same few cards and kinds of units come back all game long."""
    return matches(rows, list(capacity))


def _order_listing(rules: Memoir44, state: GameState) -> _OrderListing:
    return state.cached("m44.order_listing", lambda: _OrderListing(rules, state))


@handlers.effect(Order)
def order(rules: Memoir44, ctx: Context, action: Order) -> None:
    """m44.order.units.announce, m44.order.section.straddle: the unit is ordered."""
    s = ctx.state
    s.rules_state.turn.ordered.append(action.unit)
    u = s.units[action.unit]
    if not ctx.quiet:
        ctx.emit(ev.UnitOrdered(u.id), f"{rules.unit_title(u)} is ordered ({'/'.join(rules.sections_of(u))}).",
                 ["m44.order.units.announce", "m44.order.section.straddle"], s.active)


@handlers.effect(DoneOrdering)
def done_ordering(rules: Memoir44, ctx: Context, action: DoneOrdering) -> None:
    """The orders are given: Dig-In places its sandbags, Close Assault and Firefight skip the moves
    (m44.order.cards.data), a card that ordered nobody ends the turn's action."""
    s = ctx.state
    mine = s.rules_state
    t = mine.turn
    side = s.active
    kind = effect(rules, s)
    if kind == "infantry_assault" and t.ordered:
        common = set(rules.sections_of(s.units[t.ordered[0]]))
        for uid in t.ordered[1:]:
            common &= set(rules.sections_of(s.units[uid]))
        mine.ia_section[side] = sorted(common)[0] if common else None
    if not t.ordered:
        if not ctx.quiet:
            ctx.emit(ev.NoOrders(), "The card orders no unit: the turn passes to the draw.", ["m44.order.cards.data"],
                     side)
        ctx.goto("draw.draw")
    elif kind == "dig_in":
        for uid in t.ordered:
            u = s.units[uid]
            feats = s.features.setdefault(u.at, [])
            if "sandbags" not in feats and rules.board.terrain[u.at] not in ("ocean", "river"):
                feats.append("sandbags")
                ctx.emit(ev.DugIn(uid), f"{uid} digs in: sandbags in {rules.where(u.at)}.",
                         ["m44.order.cards.data", "m44.terrain.sandbags.dice"], side)
        ctx.goto("draw.draw")
    elif kind in ("close_assault", "firefight"):
        if not ctx.quiet:
            ctx.emit(ev.NoMoves(), f"{rules.card(t.card).name}: the ordered units do not move.",
                     ["m44.order.cards.data"], side)
        ctx.goto("battle.choose")
    else:
        ctx.goto("move.move")
