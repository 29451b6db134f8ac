"""What several phases of a Cactus Air Force Ground Combat turn share: passing a round of decisions from side to
side (caf.sequence.ground_move_timing); taking a step off a unit, which flips or replaces its counter or
removes it (caf.components.counters.flip_on_step_loss, caf.components.counters.replacement_counter_chain,
caf.components.counters.eliminated_at_zero_steps); and the owner's pick of the unit that takes a step, at the
combat losses and the bombing loss alike (caf.combat.resolution_defaults, caf.air.bombing.defaults).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

from ...engine import Context, GameState, RuleError
from ...engine.seats import Alternation
from ...engine.state import Unit
from . import facts
from .actions import TakeLoss
from .counters import COUNTERS, face_text
from .events import Eliminated, StepLost
from .handlers import handlers

if TYPE_CHECKING:
    from .rules import Cactus


def new_round(rules: Cactus, ctx: Context) -> None:
    """A round of decisions (moves, raids or refits): each side in the scenario's order decides until it
    passes (the engine's :class:`~hexlab.engine.seats.Alternation`, not alternating)."""
    ctx.state.rules_state.round = Alternation.start(rules.order, alternate=False)


def next_decider(rules: Cactus, ctx: Context, can: Callable[[Cactus, GameState, str], bool]) -> bool:
    """Make the side whose part of the round it is the active one; ``False`` once the round is over (a
    side with nothing to do is passed over). ``can`` is a question that does not change the state; it asks what it
    needs to remember while it runs through :meth:`GameState.standing` itself (most answers need nothing)."""
    s = ctx.state
    r = s.rules_state.round
    while not r.over:
        if can(rules, s, r.to_act):
            s.active = r.to_act
            return True
        r.skip()
    return False


def lose_step(rules: Cactus, ctx: Context, u: Unit, clauses: Sequence[str], why: str) -> None:
    """One step off ``u``: flip its counter, swap in the reduced counter, or remove it. (The counters before and
    after are only words for the log: batch play, which keeps none, only takes the step.)"""
    if ctx.quiet:
        u.strength -= 1
        if u.strength == 0:
            u.at = None
            facts.settle(ctx.state, u)
            ctx.state.rules_state.pinned.pop(u.id, None)
        return
    before = face_text(u.kind, u.strength)
    old_counter = facts.counter(u)
    u.strength -= 1  # the counter flips or is replaced: facts.counter follows the steps
    if u.strength == 0:
        frm = u.at
        assert isinstance(frm, str)
        u.at = None
        facts.settle(ctx.state, u)
        ctx.state.rules_state.pinned.pop(u.id, None)
        ctx.emit(Eliminated(u.id, frm), f"{u.id} loses its last step ({why}) and is removed.",
                 [*clauses, "caf.components.counters.eliminated_at_zero_steps"], u.side)
        return
    after = face_text(u.kind, u.strength)
    up = facts.counter(u)
    assert up is not None
    how = ("flips to" if up == old_counter else "is replaced by")
    clause = ("caf.components.counters.flip_on_step_loss" if up == old_counter
              else "caf.components.counters.replacement_counter_chain")
    counter = COUNTERS[up]
    ctx.emit(StepLost(u.id, u.strength, up, facts.face(u)),
             f"{u.id} loses a step ({why}): {before} {how} {after}.", [*clauses, clause, counter.clause], u.side)


# ----------------------------------------------------------------------------------------------- the owner's pick


@handlers.candidates("combat.losses", "air.bomb_loss")
def offer_losses(rules: Cactus, state: GameState) -> Iterator[TakeLoss]:
    return (TakeLoss(uid) for uid in state.rules_state.allocation.units)


@handlers.check(TakeLoss)
def check_loss(rules: Cactus, state: GameState, action: TakeLoss) -> RuleError | None:
    """caf.combat.resolution_defaults, caf.air.bombing.defaults: the owner picks one of the units that may take the
    step (the effect at each step is in ``battle.py`` and ``air.py``)."""
    alloc = state.rules_state.allocation
    if action.unit not in alloc.units:
        names = ", ".join(alloc.units)
        return RuleError(f"{action.unit} cannot take this step: {alloc.side} picks one of {names}.", alloc.refusal)
    return None
