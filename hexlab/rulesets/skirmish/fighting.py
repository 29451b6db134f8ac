"""The combat phase: both sides roll at once and the losses are removed together (sk.combat.*)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...dice import D6
from ...engine import Context, GameState, Roll, Unit
from ...engine.flow import Faces
from ...engine.simultaneous import Together
from .combat import attack_dice, combat, return_dice
from .events import Eliminated, StepLost
from .handlers import handlers

if TYPE_CHECKING:
    from .rules import Skirmish


def fighters(state: GameState) -> tuple[Unit, Unit]:
    attack = state.rules_state.attack
    return state.units[attack.unit], state.units[attack.target]


@handlers.roll("combat.roll")
def combat_roll(rules: Skirmish, state: GameState) -> Roll:
    att, tgt = fighters(state)
    return Roll.of([(D6, attack_dice(rules.board, att, tgt)), (D6, return_dice(att, tgt))],
                   [f"{att.id} attacks", f"{tgt.id} fires back"], by=[att.side, tgt.side])


@handlers.resolve("combat.roll")
def combat_result(rules: Skirmish, ctx: Context, faces: Faces) -> None:
    s = ctx.state
    att, tgt = fighters(s)
    on_target, on_attacker = combat(*faces)
    losses: Together[tuple[Unit, int]] = Together()  # both rolled before either loses a step
    losses.record((tgt, on_target))
    losses.record((att, on_attacker))
    for unit, hits in losses.take():  # removed together (sk.combat.return_fire)
        hit(ctx, unit, hits)
    s.rules_state.attack = None
    if s.rules_state.activations > 0 and s.units_of(s.active) and s.units_of(s.other(s.active)):
        ctx.goto("action.act")
    else:
        ctx.goto("draw.draw")


def hit(ctx: Context, unit: Unit, hits: int) -> None:
    """Each hit removes a step; the unit flips (its reduced face is its strength below full), or is eliminated
    and the enemy scores (sk.combat.step_loss, sk.score.elimination)."""
    if hits <= 0:
        return
    lost = min(hits, unit.strength)
    unit.strength -= lost
    ctx.emit(StepLost(unit.id, lost), f"{unit.id} loses {lost} step(s).", ["sk.combat.step_loss"], unit.side)
    if unit.strength == 0:
        other = ctx.state.other(unit.side)
        ctx.state.score[other] += 1
        ctx.emit(Eliminated(unit.id), f"{unit.id} is eliminated; {other} scores a point.",
                 ["sk.combat.step_loss", "sk.score.elimination"], other)
