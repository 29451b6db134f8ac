"""How a War at Sea turn moves on: each step of the turn either has work or is passed over.

A decision step that runs as a round (loading, moves, unloading, air missions, the declarations of each attack phase)
registers in :data:`WORK` what a side may do there (its legal actions other than the pass); the round takes the
sides that have something to do, in the turn's order, each until it passes, and a side with nothing left is passed
over. A dice step registers in :data:`NEEDED` whether it has anything to roll. :func:`proceed` goes on from the
current step to the next one with work (the automatic steps always have some)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Context, GameState
from ...engine.flow import PassOver
from ...engine.seats import Alternation
from .events import Passed
from .sequence import TURN

if TYPE_CHECKING:
    from .rules import Warsea

BY_INITIATIVE = {"airdef.declare", "airatk.declare", "surface.declare"}
"""Rounds in initiative order (the initiative player declares and rolls first: was.base.simultaneous_phase_default);
the others go in the move order the initiative winner chose."""
STEPS = PassOver(TURN, own_entry={"initiative.choose", "infantry.mark"})
"""The turn's steps; ``initiative.choose`` and ``infantry.mark`` are entered by their own dice step, never by
:func:`proceed`."""
WORK = STEPS.work
"""Round step -> ``fn(rules, state, side)``: that side's legal actions there, the pass left out."""
NEEDED = STEPS.needed
"""Dice step -> ``fn(rules, state)``: whether it has dice to roll."""
OWN_ENTRY = STEPS.own_entry
work = STEPS.works
works_any = STEPS.works_any
needed = STEPS.needs


def order_for(rules: Warsea, state: GameState, key: str) -> list[str]:
    mine = rules.mine(state)
    if key in BY_INITIATIVE:
        return [mine.initiative, state.other(mine.initiative)]
    return list(mine.order)


def proceed(rules: Warsea, ctx: Context) -> None:
    """Go on to the next step of the turn that has work."""
    s, mine = ctx.state, rules.mine(ctx.state)
    mine.round = None

    def open_round(key: str) -> Alternation | None:
        sides = [side for side in order_for(rules, s, key) if STEPS.has_work(rules, s, key, side)]
        return Alternation.start(sides, alternate=False) if sides else None

    key, mine.round = STEPS.next_step(rules, s, s.position, open_round)
    ctx.goto(key)


def acted(rules: Warsea, ctx: Context) -> None:
    """After an action of a round: the side goes on unless it has nothing left to do (then it is passed over)."""
    settle(rules, ctx)


def passed(rules: Warsea, ctx: Context, words: str, clauses: list[str]) -> None:
    """The side to act passes: the round goes to the next side, or the step is over."""
    rnd = rules.mine(ctx.state).round
    assert rnd is not None
    side = rnd.to_act
    rnd.passed()
    if not ctx.quiet:  # batch play keeps no log
        ctx.emit(Passed(side), f"{side}: {words}", clauses, side)
    settle(rules, ctx)


def settle(rules: Warsea, ctx: Context) -> None:
    s, mine = ctx.state, rules.mine(ctx.state)
    rnd = mine.round
    assert rnd is not None
    if STEPS.pass_idle(rules, s, s.position, rnd):  # a side with nothing left to do is passed over
        proceed(rules, ctx)
