"""How a Cartwheel turn moves on: each step of the turn either has work or is passed over (as in ``warsea/flow.py``).

A round step registers in :data:`WORK` what a side may do there (its legal actions but the pass); a dice or decision
step entered only from another (:data:`OWN_ENTRY`) is never entered by :func:`proceed`; a dice step registers in
:data:`NEEDED` whether it has anything to roll. The Air/Naval Operations round is the engine's ``Alternation`` with
a lead (the initiative missions) that ends when each side has passed twice of its own turns in a row."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...engine import Action, Context, GameState
from ...engine.seats import Alternation
from .events import Passed
from .sequence import TURN

if TYPE_CHECKING:
    from .rules import Cartwheel

WORK: dict[str, Callable[[Any, GameState, str], list[Action]]] = {}
NEEDED: dict[str, Callable[[Any, GameState], bool]] = {}
OWN_ENTRY = {"initiative.flight", "initiative.place", "ops.scramble", "ops.combat", "ops.aa", "ops.bomb",
             "ground.evacuate"}


def work(key: str) -> Callable[[Callable[..., list[Action]]], Callable[..., list[Action]]]:
    def register(fn: Callable[..., list[Action]]) -> Callable[..., list[Action]]:
        WORK[key] = fn
        return fn
    return register


def needed(key: str) -> Callable[[Callable[..., bool]], Callable[..., bool]]:
    def register(fn: Callable[..., bool]) -> Callable[..., bool]:
        NEEDED[key] = fn
        return fn
    return register


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
    here = after or s.position
    for key in TURN[TURN.index(here) + 1:]:
        if key in OWN_ENTRY:
            continue
        if key in WORK:
            rnd = start_round(rules, s, key)
            while not rnd.over and not WORK[key](rules, s, rnd.to_act):
                if key == "ops.mission":
                    mine.ops_log.append(f"{rnd.to_act} passes")
                rnd.skip()
            if rnd.over:
                continue
            mine.round = rnd
        elif key in NEEDED and not NEEDED[key](rules, s):
            continue
        ctx.goto(key)
        return
    raise AssertionError(f"nothing follows {here}")  # vp.score always has work


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
    while not rnd.over and not WORK[s.position](rules, s, rnd.to_act):
        if s.position == "ops.mission":
            mine.ops_log.append(f"{rnd.to_act} passes")
        rnd.skip()
    if rnd.over:
        proceed(rules, ctx)
