"""Move: each ordered unit once, one after another (m44.move.unit.once_per_turn, m44.move.unit.sequential).

Infantry moves 1-2 hexes, armor up to 3, artillery 1 (m44.move.*.range); terrain may stop a move or keep a
unit out (m44.terrain.*.move_stop, .impassable), a beach or the ocean caps it (m44.terrain.beach.move,
m44.terrain.ocean.move), a hedgerow is entered only from next to it; no unit enters or passes an occupied
hex (m44.stack.no_entry_occupied). Armor entering wire crushes it (m44.terrain.wire.armor_remove);
sandbags go when their unit leaves (m44.terrain.sandbags.remove). Behind Enemy Lines gives a second move
after the battles (the ``again`` phase, m44.order.cards.data).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...engine import Context, GameState, RuleError
from ...engine.actions import made
from ...engine.state import Unit
from ...hexes import Hex, hex_distance
from ...words import possessive
from . import events as ev
from .actions import EndMoves, Move
from .cuts import cuts
from .data import ARMOR, ARTILLERY, INFANTRY, TERRAIN
from .handlers import handlers
from .state import Moved, StopRule
from .tactics import allowance, free_move, how_far

if TYPE_CHECKING:
    from .rules import Memoir44

RANGE_CLAUSE = {INFANTRY: "m44.move.infantry.range", ARMOR: "m44.move.armor.range",
                ARTILLERY: "m44.move.artillery.range"}


def moves(rules: Memoir44, state: GameState, u: Unit) -> dict:
    """Every hex ``u`` may end its move on this turn (with the card's allowance).

    Searched once per unit while the legal actions are listed (``GameState.cached``), since each
    offered move is checked again through this search."""
    memo = state.memo
    if memo is not None:  # while listing, the state stands still: the unit's id says it all
        found = memo.get(("moves", u.id))
        if found is None:
            most, free = how_far(rules, state, u)
            found = memo[("moves", u.id)] = rules.field.moves(state, u, most, free=free)
        return found
    most, free = how_far(rules, state, u)
    return rules.field.moves(state, u, most, free=free)


def move_error(rules: Memoir44, state: GameState, action: Move, again: bool = False) -> RuleError | None:
    """Why ``action`` may not be made (the clause of the first rule it breaks); ``again``: Behind Enemy
    Lines' second move, made by a unit that has moved already."""
    t = state.rules_state.turn
    u = state.units.get(action.unit)
    if u is None or not u.alive or u.side != state.active:
        return RuleError(f"{action.unit} is not one of {possessive(state.active)} units.", "m44.order.only_ordered_act")
    if u.id not in t.ordered:
        return RuleError(f"{u.id} was not ordered this turn: only ordered units move.", "m44.order.only_ordered_act")
    if u.id in t.moved and not again:
        return RuleError(f"{u.id} has already moved this turn.", "m44.move.unit.once_per_turn")
    to = action.to
    if to not in rules.board.terrain:
        return RuleError("That hex is off the battlefield.", "m44.move.unit.once_per_turn")
    if to in moves(rules, state, u):
        return None
    other = state.unit_at(to)
    if other is not None:
        return RuleError(f"{other.id} already holds {rules.where(to)}: one unit per hex.",
                         "m44.stack.one_unit_per_hex")
    blocker = rules.field.impassable(state, to, u.kind)
    if blocker is not None:
        return RuleError(f"{blocker.title} is impassable to {u.kind}.", blocker.impassable_clause)
    most = allowance(rules, state, u)
    d = hex_distance(u.at, to)
    if d > most:
        clause = RANGE_CLAUSE[u.kind]
        if rules.facts(u).badge == "french_resistance":
            clause = "m44.nation.french_resistance.move_range"
        card = ""
        if most != rules.field.allowance(u):  # the card in play sets how far (Infantry Assault, Behind Enemy Lines)
            clause = "m44.order.cards.data"
            card = f" with {rules.card(t.card).name}"
        return RuleError(f"{u.id} moves at most {most} hex(es){card}; {rules.where(to)} is {d} away.", clause)
    name = rules.board.terrain[to]
    if name == "beach" and d > 2:
        return RuleError("A move onto a beach covers at most 2 hexes.", "m44.terrain.beach.move")
    if name == "ocean" or rules.board.terrain[u.at] == "ocean":
        return RuleError("A move in or into the ocean covers at most 1 hex.", "m44.terrain.ocean.move")
    if name == "hedgerow":
        return RuleError("A unit enters a hedgerow only from a hex next to it.",
                         "m44.terrain.hedgerow.enter_from_adjacent")
    cut = cuts(rules.field, state, u, most, to, free=free_move(rules, state, u))
    if not cut:  # not expected: the checks above cover a hex no way of the allowed length reaches
        return RuleError(f"No way to {rules.where(to)} within {most} hex(es).", RANGE_CLAUSE[u.kind])
    (clause, words), others = cut[0], cut[1:]
    also = "".join(f"; another way: {w} [{c}]" for c, w in others)
    return RuleError(f"No way to {rules.where(to)} within {most} hex(es): on the shortest way, {words}{also}.", clause)


def move(rules: Memoir44, ctx: Context, u: Unit, to: Hex) -> None:
    """Move ``u`` to ``to``, remembering the hexes spent and the terrain that stopped it."""
    s = ctx.state
    info = moves(rules, s, u)[to]
    frm = u.at
    u.at = to
    stop_rules = [StopRule(r.name, r.no_battle_after_entry)
                  for r in rules.field.rules_at(s, to) if r.move_stop or r.no_battle_after_entry]
    s.rules_state.turn.moved[u.id] = Moved(info["cost"], stop_rules)
    if not ctx.quiet:  # batch play keeps no log: no words to build
        clauses = ["m44.move.unit.once_per_turn", RANGE_CLAUSE[u.kind]]
        clauses += [f"m44.terrain.{r.name}.move_stop" for r in stop_rules if r.name in TERRAIN or r.name == "wire"]
        ctx.emit(ev.UnitMoved(u.id, frm, to), f"{u.id} moves from {rules.where(frm)} to {rules.where(to)} "
                 f"({info['cost']} hex{'es' if info['cost'] != 1 else ''}).", clauses, u.side)
    vacate(rules, ctx, frm)
    if u.kind == ARMOR and "wire" in s.features.get(to, []):
        s.features[to].remove("wire")
        if not ctx.quiet:
            ctx.emit(ev.WireRemoved(), f"{u.id}'s tanks crush the wire in {rules.where(to)}.",
                     ["m44.terrain.wire.armor_remove"], u.side)


def vacate(rules: Memoir44, ctx: Context, h: Hex) -> None:
    """Sandbags go when their hex is left (m44.terrain.sandbags.remove); sea walls stay."""
    feats = ctx.state.features.get(h, [])
    if "sandbags" in feats:
        feats.remove("sandbags")
        if not ctx.quiet:
            ctx.emit(ev.SandbagsRemoved(), f"The sandbags in {rules.where(h)} are removed as their unit leaves.",
                     ["m44.terrain.sandbags.remove"])


# ----------------------------------------------------------------------------------- move.move
@handlers.candidates("move.move", checked=[Move])
def offer_moves(rules: Memoir44, state: GameState) -> Iterator[EndMoves | Move]:
    """m44.move.unit.once_per_turn: each ordered unit of the side to move that has not moved, to every hex its search
    reached: exactly the moves :func:`move_error` accepts, so the listing need not check them again."""
    t = state.rules_state.turn
    yield made(EndMoves)
    side = state.active
    for uid in t.ordered:
        u = state.units[uid]
        if not u.alive or uid in t.moved or u.side != side:
            continue
        yield from _move_list(rules, uid, moves(rules, state, u))


def _move_list(rules: Memoir44, uid: str, reached: dict) -> tuple[Move, ...]:
    """A :class:`Move` of ``uid`` to each hex of ``reached`` (a search's answer, :func:`moves`), in the hexes' order.
    The movement search hands back the very same answer while nothing near the unit changed, so these moves are made
    once for it and offered again at each listing (actions are frozen: sharing them is safe); each move itself is
    one :func:`~hexlab.engine.actions.made` hands out again whenever the unit may reach the hex."""
    lists: dict[tuple[str, int], tuple[dict, tuple[Move, ...]]] = rules.__dict__.setdefault("_m44_move_lists", {})
    key = (uid, id(reached))
    hit = lists.get(key)
    if hit is not None and hit[0] is reached:  # the same answer (kept alive here, so its id is its own)
        return hit[1]
    if len(lists) >= 512:  # a long game: forget the old ones (kept small: a search is reused within a turn)
        lists.clear()
    listed = tuple([made(Move, uid, h) for h in sorted(reached)])
    lists[key] = (reached, listed)
    return listed


handlers.unchecked(EndMoves)  # m44.move.optional: an ordered unit need not move


@handlers.check(Move, at="move.move")
def check_move(rules: Memoir44, state: GameState, action: Move) -> RuleError | None:
    """m44.move.*, m44.stack.*, m44.terrain.*.move*: the first rule the move breaks, if any."""
    return move_error(rules, state, action)


@handlers.effect(Move, at="move.move")
def make_move(rules: Memoir44, ctx: Context, action: Move) -> None:
    """m44.move.unit.sequential: one unit moves, the others wait their turn."""
    move(rules, ctx, ctx.state.units[action.unit], action.to)


@handlers.effect(EndMoves, at="move.move")
def end_moves(rules: Memoir44, ctx: Context, action: EndMoves) -> None:
    """m44.turn.sequence.move_before_battle: the moves are over; the battles begin."""
    ctx.goto("battle.choose")


# ----------------------------------------------------------------------------------- again.move
@handlers.candidates("again.move")
def offer_moves_again(rules: Memoir44, state: GameState) -> Iterator[EndMoves | Move]:
    """Behind Enemy Lines (m44.order.cards.data): each ordered unit may move again."""
    yield EndMoves()
    for uid in state.rules_state.turn.ordered:
        u = state.units[uid]
        if u.alive:
            for h in sorted(moves(rules, state, u)):
                yield Move(uid, h)


@handlers.check(Move, at="again.move")
def check_move_again(rules: Memoir44, state: GameState, action: Move) -> RuleError | None:
    """Behind Enemy Lines (m44.order.cards.data): the unit moves again after its battle."""
    return move_error(rules, state, action, again=True)


@handlers.effect(Move, at="again.move")
def move_again(rules: Memoir44, ctx: Context, action: Move) -> None:
    """Behind Enemy Lines (m44.order.cards.data): one unit moves again, and the turn goes to the draw."""
    move(rules, ctx, ctx.state.units[action.unit], action.to)
    ctx.state.rules_state.turn.again_done = True
    ctx.goto("draw.draw")


@handlers.effect(EndMoves, at="again.move")
def end_moves_again(rules: Memoir44, ctx: Context, action: EndMoves) -> None:
    """Behind Enemy Lines (m44.order.cards.data): no second move; the turn goes to the draw."""
    ctx.goto("draw.draw")
