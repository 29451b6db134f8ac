"""How a Cartwheel turn moves on: each step of the turn either has work or is passed over (as in ``warsea/flow.py``).

A round step registers in :data:`WORK` what a side may do there (its legal actions but the pass); a dice or decision
step entered only from another (:data:`OWN_ENTRY`) is never entered by :func:`proceed`; a dice step registers in
:data:`NEEDED` whether it has anything to roll. The Air/Naval Operations round is the engine's ``Alternation`` with
a lead (the initiative missions) that ends when each side has passed twice of its own turns in a row."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...engine import Context, GameState
from ...engine.flow import PassOver
from ...engine.seats import Alternation
from .events import Passed
from .sequence import TURN

if TYPE_CHECKING:
    from .rules import Cartwheel

STEPS = PassOver(TURN, own_entry={"initiative.flight", "initiative.place", "ops.scramble", "ops.combat", "ops.aa",
                                   "ops.bomb", "ground.evacuate"})
"""The turn's steps; the recon's and the strike's dice steps and the evacuation are entered from their round step,
never by :func:`proceed`."""
WORK = STEPS.work
NEEDED = STEPS.needed
OWN_ENTRY = STEPS.own_entry
work = STEPS.works
needed = STEPS.needs


def first_side(rules: Cartwheel, state: GameState, key: str) -> list[str]:
    mine = rules.mine(state)
    if key == "initiative.recon":  # oc.air.recon.alternate_placement: last turn's Initiative player first
        lead = mine.last_initiative or rules.options.initiative
    else:
        lead = mine.initiative or rules.options.initiative
    return [lead, state.other(lead)]


def start_round(rules: Cartwheel, state: GameState, key: str) -> Alternation:
    mine = rules.mine(state)
    order = first_side(rules, state, key)
    if key == "ops.mission":
        return Alternation.start(order, lead=mine.missions, passes_each=2)
    if key == "initiative.recon":
        return Alternation.start(order)
    return Alternation.start(order, alternate=False)


def proceed(rules: Cartwheel, ctx: Context, after: str | None = None) -> None:
    """Go on to the next step of the turn that has work."""
    s, mine = ctx.state, rules.mine(ctx.state)
    mine.round = None

    def open_round(key: str) -> Alternation:
        rnd = start_round(rules, s, key)
        STEPS.pass_idle(rules, s, key, rnd, skipped(rules, s, key))
        return rnd

    key, mine.round = STEPS.next_step(rules, s, after or s.position, open_round)
    ctx.goto(key)


def skipped(rules: Cartwheel, state: GameState, key: str) -> Callable[[str], None] | None:
    """What passing over a side records: its pass in the Air/Naval Operations log."""
    if key != "ops.mission":
        return None
    return lambda side: rules.mine(state).ops_log.append(f"{side} passes")


def resume(rules: Cartwheel, ctx: Context, key: str) -> None:
    """Back to a round step after a procedure entered from it (a recon placed, a strike flown)."""
    ctx.goto(key)
    settle(rules, ctx)


def acted(rules: Cartwheel, ctx: Context) -> None:
    rnd = rules.mine(ctx.state).round
    assert rnd is not None
    if ctx.state.position == "ops.mission":
        rules.mine(ctx.state).ops_log.append(f"{rnd.to_act}: mission")
    rnd.acted()


def passed(rules: Cartwheel, ctx: Context, words: str, clauses: list[str]) -> None:
    rnd = rules.mine(ctx.state).round
    assert rnd is not None
    side = rnd.to_act
    if ctx.state.position == "ops.mission":
        rules.mine(ctx.state).ops_log.append(f"{side} passes")
    rnd.passed()
    ctx.emit(Passed(side), f"{side}: {words}", clauses, side)
    settle(rules, ctx)


def settle(rules: Cartwheel, ctx: Context) -> None:
    s, mine = ctx.state, rules.mine(ctx.state)
    rnd = mine.round
    assert rnd is not None
    if STEPS.pass_idle(rules, s, s.position, rnd, skipped(rules, s, s.position)):
        proceed(rules, ctx)
