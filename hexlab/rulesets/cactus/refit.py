"""The Reinforcement Phase's refit (the ``end.refit`` step), after the turn's VP and before its last turn's end
(caf.supply.refit.in_reinforcement_phase): each side in turn may give up an air-unit refit
(caf.supply.refit.costs_air_refit) to give one ground unit in an uncontested box
(caf.supply.refit.uncontested_location_only) one step back, once a turn (caf.supply.refit.one_step_per_turn), up to
its full strength (caf.supply.refit.cap_full_strength) and within the stacking limit
(caf.stacking.overstack_prohibited).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...engine import Context, GameState, RuleError
from .actions import EndRefit, Refit
from .counters import face_text
from .data import STACK_LIMIT
from .events import Refitted
from .handlers import handlers
from .shared import next_decider

if TYPE_CHECKING:
    from .rules import Cactus


def refit_candidates(rules: Cactus, state: GameState, side: str) -> Iterator[Refit]:
    for u in state.units_of(side):
        yield Refit(u.id)


def _legal_refits(rules: Cactus, state: GameState, side: str) -> Iterator[str]:
    """The units of :func:`refit_candidates` that :func:`refit_error` accepts (their ids, in order), weighed without
    writing out the words of a refusal: none when the side has refitted this turn or has no air refit left, else
    each unit below full strength in an uncontested box with room for one more step."""
    facts = state.rules_state.turn
    if side in facts.refitted or facts.air_refits.get(side, 0) <= 0:
        return
    ground = rules.ground
    for u in state.units.values():
        if u.side != side or u.strength <= 0 or u.strength >= u.max_strength:
            continue
        at = u.at
        assert isinstance(at, str)
        if not ground.contested(state, at) and ground.steps(state, at, side) + 1 <= STACK_LIMIT:
            yield u.id


def can_refit(rules: Cactus, state: GameState, side: str) -> bool:
    return state.standing(_any_refit, rules, state, side)


def _any_refit(rules: Cactus, state: GameState, side: str) -> bool:
    """Whether :func:`_legal_refits` has a first refit (asked while the state stands still)."""
    return next(_legal_refits(rules, state, side), None) is not None


def continue_refits(rules: Cactus, ctx: Context) -> None:
    """The next side that may refit decides; when neither may, the next turn."""
    if not next_decider(rules, ctx, can_refit):
        ctx.goto("end.next")


def refit_error(rules: Cactus, state: GameState, side: str, action: Refit) -> RuleError | None:
    facts = state.rules_state.turn
    u = state.units.get(action.unit)
    if u is None or u.side != side:
        return RuleError(f"{action.unit} is not one of {side}'s ground units.",
                         "caf.supply.refit.in_reinforcement_phase")
    if not u.alive:
        return RuleError(f"{u.id} has been eliminated: refit does not bring a unit back.",
                         "caf.supply.refit.cap_full_strength")
    if side in facts.refitted:
        return RuleError(f"{side} has restored a ground step this turn already: one a turn.",
                         "caf.supply.refit.one_step_per_turn")
    if facts.air_refits.get(side, 0) <= 0:
        return RuleError(f"{side} has no air-unit refit left this turn to give up for a ground step.",
                         "caf.supply.refit.costs_air_refit")
    if u.strength >= u.max_strength:
        return RuleError(f"{u.id} is at full strength ({face_text(u.kind, u.strength)}).",
                         "caf.supply.refit.cap_full_strength")
    assert isinstance(u.at, str)
    if rules.ground.contested(state, u.at):
        return RuleError(f"{rules.where(u.at)} is contested: only a unit in an uncontested box is refitted.",
                         "caf.supply.refit.uncontested_location_only")
    have = rules.ground.steps(state, u.at, side)
    if have + 1 > STACK_LIMIT:
        return RuleError(f"{rules.where(u.at)} holds {have} {side} steps: one more would break the limit of "
                         f"{STACK_LIMIT}.", "caf.stacking.overstack_prohibited")
    return None


@handlers.candidates("end.refit", checked=[Refit])
def offer_refits(rules: Cactus, state: GameState) -> Iterator[Refit | EndRefit]:
    """No refit, or each refit :func:`refit_error` accepts (found by :func:`_legal_refits`: the listing calls no
    check)."""
    yield EndRefit()
    yield from (Refit(uid) for uid in _legal_refits(rules, state, state.active))


handlers.unchecked(EndRefit)  # a side may always decline to refit


@handlers.check(Refit)
def check_refit(rules: Cactus, state: GameState, action: Refit) -> RuleError | None:
    """caf.supply.refit.*: one step a turn, for an air refit, in an uncontested box, up to full strength."""
    return refit_error(rules, state, state.active, action)


@handlers.effect(EndRefit)
def end_refit(rules: Cactus, ctx: Context, action: EndRefit) -> None:
    ctx.state.rules_state.round.passed()
    continue_refits(rules, ctx)


@handlers.effect(Refit)
def refit(rules: Cactus, ctx: Context, action: Refit) -> None:
    """caf.supply.refit.costs_air_refit: an air refit given up, one step back (the counter turns back up)."""
    s = ctx.state
    mine = s.rules_state
    u = s.units[action.unit]
    quiet = ctx.quiet  # batch play keeps no log: the counters' words are not worked out
    before = "" if quiet else face_text(u.kind, u.strength)
    u.strength += 1  # the counter turns back up: facts.counter follows the steps
    mine.turn.air_refits[u.side] -= 1
    mine.turn.refitted.append(u.side)
    mine.round.passed()  # one refit a side a turn: its part of the round is over
    if not quiet:
        ctx.emit(Refitted(u.id, u.strength), f"{u.side} give up an air refit: {u.id} goes from {before} to "
                 f"{face_text(u.kind, u.strength)}.", ["caf.supply.refit.in_reinforcement_phase",
                                                        "caf.supply.refit.costs_air_refit",
                                                        "caf.supply.refit.one_step_per_turn"], u.side)
    continue_refits(rules, ctx)
