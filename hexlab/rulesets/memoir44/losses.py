"""Figures lost, and medals: each hit removes a figure (m44.resolve.hit.figure_removal), hits beyond the
last figure are lost (m44.resolve.excess_hits), the last figure of a unit is a medal for the side that
took it (m44.victory.medal.last_figure), and a lost Italian unit shrinks High Command's hand
(m44.nation.italy.high_command.*). A side that reaches its medal target wins (m44.victory.medals.target,
``Memoir44.end_if``): the game stops at once, in the middle of a battle or a retreat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Context, GameState
from ...engine.state import Unit
from ...words import possessive
from . import events as ev
from .movement import vacate

if TYPE_CHECKING:
    from .rules import Memoir44


def lose(rules: Memoir44, ctx: Context, u: Unit, n: int, by: str, clauses: list[str]) -> None:
    """``u`` loses ``n`` figures to ``by``'s dice (or flags it could not retreat for)."""
    s = ctx.state
    mine = s.rules_state
    lost = min(n, u.strength)
    u.strength -= lost
    if not ctx.quiet:
        ctx.emit(ev.FiguresLost(u.id, lost), f"{u.id} loses {lost} figure{'s' if lost != 1 else ''}"
                 + (f" ({n - lost} hit(s) more than it had)" if n > lost else "") + ".",
                 clauses + (["m44.resolve.excess_hits"] if n > lost else []), u.side)
    if u.strength == 0:
        at = u.at
        u.at = None
        mine.eliminated[by].append(u.id)
        vacate(rules, ctx, at)
        if not ctx.quiet:
            ctx.emit(ev.MedalWon(u.id), f"{u.id} is eliminated: {by} takes its last figure as a medal.",
                     ["m44.victory.medal.last_figure"], by)
        if rules.nation(u.side) == "italy":
            limit = mine.hand_limit
            if limit[u.side] > 3:
                limit[u.side] -= 1
                ctx.emit(ev.HighCommand(), f"High Command: {possessive(u.side)} hand shrinks to {limit[u.side]} cards.",
                         ["m44.nation.italy.high_command.discard_on_loss", "m44.nation.italy.high_command.floor"],
                         u.side)
        count_medals(s)
        ctx.is_over()  # the last medal ends the game now, before anything else happens


def count_medals(s: GameState) -> None:
    """Each side's medals: the enemy units it eliminated and the objectives it holds."""
    mine = s.rules_state
    for side in s.sides:
        s.score[side] = len(mine.eliminated[side]) + len(mine.held[side])
