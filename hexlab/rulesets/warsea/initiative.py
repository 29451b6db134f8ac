"""Initiative: both roll two dice, ties rolled again; the winner chooses who moves first (was.base.initiative_default)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...dice import D6
from ...engine import Action, Context, GameState, Roll, RuleError
from ...engine.actions import made
from ...engine.flow import Faces
from . import flow
from .actions import Order
from .events import Initiative, MoveOrder
from .handlers import handlers

if TYPE_CHECKING:
    from .rules import Warsea


@handlers.roll("initiative.roll")
def initiative_dice(rules: Warsea, state: GameState) -> Roll:
    sides = list(state.sides)
    return Roll.of([(D6, 2)] * len(sides), [f"{side}: initiative" for side in sides], by=sides)


@handlers.resolve("initiative.roll")
def initiative(rules: Warsea, ctx: Context, faces: Faces) -> None:
    s, mine = ctx.state, rules.mine(ctx.state)
    totals = {side: sum(f) for side, f in zip(s.sides, faces, strict=True)}
    words = "" if ctx.quiet else " against ".join(f"{side} {n}" for side, n in totals.items())  # no log: no words
    best = max(totals.values())
    leaders = [side for side, n in totals.items() if n == best]
    if len(leaders) > 1:
        if not ctx.quiet:
            ctx.emit(Initiative(totals), f"Initiative: {words}, a tie: both roll again.", ["was.base.initiative_default"])
        return  # the same step: the dice are rolled again
    mine.initiative = leaders[0]
    s.active = leaders[0]
    if not ctx.quiet:
        ctx.emit(Initiative(totals, leaders[0]), f"Initiative: {words}. {leaders[0]} have the initiative and choose "
                 "who moves first.", ["was.base.initiative_default"], leaders[0])
    ctx.goto("initiative.choose")


@handlers.candidates("initiative.choose", checked=[Order])  # each side named is one check_order accepts
def offer_orders(rules: Warsea, state: GameState) -> list[Action]:
    return [made(Order, side) for side in state.sides]


@handlers.check(Order)
def check_order(rules: Warsea, state: GameState, action: Order) -> RuleError | None:
    if action.first not in state.sides:
        return RuleError(f"Name one of the sides: {', '.join(state.sides)}.", "was.base.initiative_default")
    return None


@handlers.effect(Order)
def choose_order(rules: Warsea, ctx: Context, action: Order) -> None:
    s, mine = ctx.state, rules.mine(ctx.state)
    mine.order = [action.first, s.other(action.first)]
    if not ctx.quiet:  # batch play keeps no log: no words to write
        ctx.emit(MoveOrder(action.first), f"{mine.initiative} choose: {action.first} move first, {mine.order[1]} "
                 "second.", ["was.base.initiative_default"], mine.initiative)
    flow.proceed(rules, ctx)
