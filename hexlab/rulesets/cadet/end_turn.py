"""Resting, and the end of a player's turn: objectives, the flag, the next player.

A rest takes the figure's whole activation and gives back STR, never above its starting STR
(cc.rest.restore, cc.rest.amount, cc.rest.whole_activation, cc.rest.cap). When a player's turn ends he
scores each objective his figures hold with no enemy (cc.score.vp.scenario); a player whose figure
stands on the enemy's flag with no enemy there at the end of the enemy's turn has captured it and wins
(cc.victory.flag.capture; the game's end is ``Cadet.end_if``). Then the other player's turn begins, and a
new turn number once both have played (cc.turn.activation.any_or_all).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Context, GameState, RuleError
from .actions import Rest
from .activation import actor_error, mine
from .events import FlagCaptured, ObjectiveHeld, Rested, TurnBegan
from .handlers import handlers

if TYPE_CHECKING:
    from .rules import Cadet


@handlers.check(Rest)
def check_rest(rules: Cadet, state: GameState, action: Rest) -> RuleError | None:
    """The activated figure, with both its actions left (cc.rest.whole_activation)."""
    error = actor_error(state, action.unit)
    if error is not None:
        return error
    cur = mine(state).activation()
    if cur.actions < 2:
        return RuleError(f"A rest takes both actions, and {action.unit} has used one already.",
                         "cc.rest.whole_activation")
    return None


@handlers.effect(Rest)
def rest(rules: Cadet, ctx: Context, action: Rest) -> None:
    """+``rest_amount`` STR, capped at the starting STR (cc.rest.restore, cc.rest.amount, cc.rest.cap)."""
    s = ctx.state
    m = mine(s)
    u = s.units[action.unit]
    amount = rules.options.rest_amount
    gain = min(amount, u.max_strength - u.strength)
    u.strength += gain
    m.count(u.side, healed=gain)
    m.activation().actions = 0
    clauses = ["cc.rest.restore", "cc.rest.amount", "cc.rest.whole_activation"]
    if gain < amount:
        clauses.append("cc.rest.cap")
    ctx.emit(Rested(u.id, gain), f"{u.id} rests (both actions): +{gain} STR, now {u.strength} of {u.max_strength}.",
             clauses, u.side)
    ctx.goto("turn.finish")


@handlers.auto("end.check")
def end_of_turn(rules: Cadet, ctx: Context) -> None:
    """Objectives (cc.score.vp.scenario), the flag (cc.victory.flag.capture), then the next player."""
    s = ctx.state
    m = mine(s)
    me, them = s.active, s.other(s.active)
    for h, obj in rules.objectives:
        here = rules.ground.figures_at(s, h)
        if any(u.side == me for u in here) and not any(u.side == them for u in here):
            s.score[me] += obj.vp
            m.count(me, objective_vp=obj.vp)
            name = obj.name[:1].upper() + obj.name[1:]
            ctx.emit(ObjectiveHeld(h, obj.vp), f"{name} ({rules.where(h)}) is held by {me} alone: {obj.vp} VP to "
                     f"{me}.", ["cc.score.vp.scenario"], me)
            if ctx.is_over():  # cc.victory.vp.ten: the game ends at once
                return
    flag = rules.flags[me]
    here = rules.ground.figures_at(s, flag)
    if any(u.side == them for u in here) and not any(u.side == me for u in here):
        holder = next(u for u in here if u.side == them)
        m.captured = me
        ctx.emit(FlagCaptured(flag), f"{holder.id} is on the {me} flag at the end of the {me} turn, with no {me} "
                 "figure in its hex: the flag is captured.", ["cc.victory.flag.capture"], them)
        return  # end_if ends the game
    if me != m.first:
        s.turn += 1
    s.active = them
    m.new_turn()
    ctx.goto("turn.start")
    ctx.emit(TurnBegan(), f"Turn {s.turn}: {them} to play.", ["cc.turn.activation.any_or_all"], them)
