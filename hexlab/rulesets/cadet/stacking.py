"""Stacking: two figures a hex once an activation is over, and the bump rule.

Figures may crowd a hex while they move, but when an activation ends no hex may hold more than two
(cc.stack.limit.end_of_activation). The last figure in goes back, free, to the hex it came from
(cc.stack.overflow.return); if that will not do, to another hex next door with no enemy and at most one
figure, its owner choosing when there are several (cc.stack.overflow.alternative); with nowhere to go it
goes home to mum in a sulk, losing no STR and giving no victory point (cc.stack.overflow.sulk,
cc.stack.overflow.sulk_no_penalty).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...engine import Context, GameState, RuleError, Unit
from ...hexes import Hex
from .actions import FallBack
from .activation import close_activation, mine
from .board import in_play, send_home
from .data import MAX_PER_HEX
from .events import BumpedBack, FellBack, Overcrowded, WentHome
from .handlers import handlers
from .state import Bump

if TYPE_CHECKING:
    from .rules import Cadet


def relocate(rules: Cadet, ctx: Context, u: Unit, to: Hex, kind: type[BumpedBack | FellBack], words: str,
             clauses: list[str]) -> None:
    frm = u.at
    assert isinstance(frm, Hex)
    u.at = to
    ctx.emit(kind(u.id, frm, to), f"{u.id} {words} {rules.where(to)}.", clauses, u.side)


@handlers.auto("turn.finish")
def end_of_activation(rules: Cadet, ctx: Context) -> None:
    """The stacking check once the activation is over (cc.stack.*)."""
    s = ctx.state
    cur = mine(s).activation()
    u = s.units[cur.unit]
    if not in_play(u):
        close_activation(ctx)
        return
    assert isinstance(u.at, Hex)
    crowd = rules.ground.figures_at(s, u.at)
    if len(crowd) <= MAX_PER_HEX:
        close_activation(ctx)
        return
    ctx.emit(Overcrowded(u.id, u.at), f"{rules.where(u.at)} holds {len(crowd)} figures: {u.id}, the last in, must "
             "leave.", ["cc.stack.limit.end_of_activation"], u.side)
    back = cur.came_from
    if back is not None and rules.ground.allowable(s, u, back):
        relocate(rules, ctx, u, back, BumpedBack, "goes back, free, to", ["cc.stack.overflow.return"])
        close_activation(ctx)
        return
    options = rules.ground.fall_back_hexes(s, u)
    if len(options) == 1:
        relocate(rules, ctx, u, options[0], FellBack, "cannot go back; it moves instead to",
                 ["cc.stack.overflow.alternative"])
        close_activation(ctx)
    elif options:
        mine(s).bump = Bump(u.id, tuple(options))
        ctx.goto("turn.bump")
    else:
        send_home(s, u)
        ctx.emit(WentHome(u.id), f"{u.id} has nowhere to go: it goes home to mum in a sulk (no STR lost, no "
                 "victory point).", ["cc.stack.overflow.sulk", "cc.stack.overflow.sulk_no_penalty"], u.side)
        close_activation(ctx)


@handlers.candidates("turn.bump")
def offer_fall_back(rules: Cadet, state: GameState) -> Iterator[FallBack]:
    """Each allowable hex next to the crowded one (cc.stack.overflow.alternative)."""
    b = mine(state).bump
    assert b is not None
    for h in b.options:
        yield FallBack(b.unit, h)


@handlers.check(FallBack)
def check_fall_back(rules: Cadet, state: GameState, action: FallBack) -> RuleError | None:
    """The last figure in, to an allowable hex next door (cc.stack.overflow.return,
    cc.stack.overflow.alternative)."""
    b = mine(state).bump
    assert b is not None
    if action.unit != b.unit:
        return RuleError(f"{b.unit} is the figure that must leave the crowded hex.", "cc.stack.overflow.return")
    if action.to not in b.options:
        where = ", ".join(rules.where(h) for h in b.options)
        return RuleError(f"{rules.where(action.to)} is not allowable: it must be next to the crowded hex, with no "
                         f"enemy and at most one figure ({where}).", "cc.stack.overflow.alternative")
    return None


@handlers.effect(FallBack)
def fall_back(rules: Cadet, ctx: Context, action: FallBack) -> None:
    """Out of the crowd to the chosen hex (cc.stack.overflow.alternative); the activation ends."""
    mine(ctx.state).bump = None
    relocate(rules, ctx, ctx.state.units[action.unit], action.to, FellBack, "moves out of the crowd to",
             ["cc.stack.overflow.alternative"])
    close_activation(ctx)
