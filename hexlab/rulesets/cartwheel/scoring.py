"""Victory points: every award is recorded with its cause and clause, so the totals are the sum of their causes
(oc.victory.concept.vp_track)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from ...engine import Context, GameState
from .events import VictoryPoints
from .state import Award

if TYPE_CHECKING:
    from .rules import Cartwheel


def vp(halves: int) -> str:
    f = Fraction(halves, 2)
    return str(f.numerator) if f.denominator == 1 else f"{float(f):g}"


def award(rules: Cartwheel, ctx: Context, side: str, halves: int, cause: str, clause: str) -> None:
    if halves <= 0:
        return
    mine = rules.mine(ctx.state)
    mine.awards.append(Award(side, halves, cause, clause, ctx.state.turn))
    ctx.emit(VictoryPoints(side, halves, cause), f"{side} score {vp(halves)} VP: {cause}.", [clause], side)


def totals(rules: Cartwheel, state: GameState) -> dict[str, Fraction]:
    out = {side: Fraction(0) for side in state.sides}
    for a in rules.mine(state).awards:
        out[a.side] += Fraction(a.halves, 2)
    return out
