"""The action phase: each unit moves or attacks once, as many as the card allows (sk.act.*, sk.move.*,
sk.attack.*)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...engine import Action, Context, GameState, RuleError, Unit
from ...hexes import Hex, hex_distance, line_of_sight
from .actions import Attack, Move, Pass
from .board import blocks_sight, reachable
from .events import Attacked, Passed, Revealed, UnitMoved
from .handlers import handlers
from .state import AttackInProgress

if TYPE_CHECKING:
    from .rules import Skirmish


def allowance(rules: Skirmish, unit: Unit) -> int:
    return rules.unit_types[unit.kind].stats["move"]


def attack_error(rules: Skirmish, state: GameState, unit: Unit, enemy: Unit) -> RuleError | None:
    """Why ``unit`` may not attack ``enemy``: hidden (sk.attack.hidden), out of range (sk.attack.range),
    no line of sight at range 2 (sk.attack.los)."""
    if rules.is_hidden(state, enemy):
        return RuleError(f"{enemy.id} is hidden: you cannot see it yet.", "sk.attack.hidden")
    d = hex_distance(unit.at, enemy.at)
    if not 1 <= d <= 2:
        return RuleError(f"{enemy.id} is {d} hexes away; attacks reach 1 or 2 hexes.", "sk.attack.range")
    if d == 2 and not line_of_sight(unit.at, enemy.at, lambda h: blocks_sight(rules.board, h)).clear:
        return RuleError(f"Woods block the line of sight to {enemy.id}.", "sk.attack.los")
    return None


@handlers.candidates("action.act")
def offer_actions(rules: Skirmish, state: GameState) -> Iterator[Action]:
    yield Pass()
    mine = rules.mine(state)
    if mine.activations <= 0:
        return
    for unit in sorted(state.units_of(state.active), key=lambda u: u.id):
        if unit.id in mine.acted:
            continue
        for h in sorted(reachable(rules.board, state, unit, allowance(rules, unit))):
            if h != unit.at:
                yield Move(unit.id, h)
        for enemy in sorted(state.units_of(state.other(state.active)), key=lambda u: u.id):
            yield Attack(unit.id, enemy.id)


def actor_error(state: GameState, uid: str) -> RuleError | None:
    """A unit of the active side that may still act (sk.act.once, sk.order.activations)."""
    unit = state.units.get(uid)
    mine = state.rules_state
    if unit is None or not unit.alive:
        return RuleError(f"There is no unit {uid!r} on the map.", "sk.act.once")
    if unit.side != state.active:
        return RuleError(f"{unit.id} belongs to {unit.side}; it is {state.active}'s turn.", "sk.act.once")
    if mine.activations <= 0:
        return RuleError("Your card's actions are used up.", "sk.order.activations")
    if unit.id in mine.acted:
        return RuleError(f"{unit.id} has already acted this turn.", "sk.act.once")
    return None


handlers.unchecked(Pass)  # the active side may always stop (sk.act.pass)


@handlers.check(Move)
def check_move(rules: Skirmish, state: GameState, action: Move) -> RuleError | None:
    error = actor_error(state, action.unit)
    if error is not None:
        return error
    unit, to, board = state.units[action.unit], action.to, rules.board
    if to not in board.terrain:
        return RuleError("That hex is off the map.", "sk.move.allowance")
    if to == unit.at:
        return RuleError("A move must leave the unit's hex.", "sk.move.allowance")
    if board.terrain[to] == "water":
        return RuleError("No unit may enter water.", "sk.move.water")
    if any(u.at == to and u.alive for u in state.units.values()):
        if any(u.at == to and u.alive and u.side != unit.side for u in state.units.values()):
            return RuleError("An enemy holds that hex.", "sk.move.enemy")
        return RuleError("Another unit already holds that hex.", "sk.stack.one")
    if to in reachable(board, state, unit, allowance(rules, unit)):
        return None
    if hex_distance(unit.at, to) == 1 and board.hexside(unit.at, to) == "wall":
        return RuleError("A wall stands between those hexes.", "sk.move.wall")
    return RuleError(f"{unit.id} cannot reach {rules.where(to)} with {allowance(rules, unit)} movement points.",
                     "sk.move.allowance")


@handlers.check(Attack)
def check_attack(rules: Skirmish, state: GameState, action: Attack) -> RuleError | None:
    error = actor_error(state, action.unit)
    if error is not None:
        return error
    unit, enemy = state.units[action.unit], state.units.get(action.target)
    if enemy is None or not enemy.alive or enemy.side == unit.side:
        return RuleError(f"{action.target!r} is not an enemy unit on the map.", "sk.attack.range")
    return attack_error(rules, state, unit, enemy)


def spend(state: GameState, uid: str) -> None:
    mine = state.rules_state
    mine.activations -= 1
    mine.acted.append(uid)


@handlers.effect(Pass)
def stop(rules: Skirmish, ctx: Context, action: Pass) -> None:
    ctx.emit(Passed(), f"{ctx.state.active} stops acting.", ["sk.act.pass"], ctx.state.active)
    ctx.goto("draw.draw")


@handlers.effect(Move)
def move(rules: Skirmish, ctx: Context, action: Move) -> None:
    s = ctx.state
    unit = s.units[action.unit]
    frm: Hex = unit.at
    unit.at = action.to
    spend(s, unit.id)
    hidden = rules.is_hidden(s, unit)  # the enemy reads only that something moved (sk.hidden.scouts)
    ctx.emit(UnitMoved(unit.id, frm, action.to), f"{unit.id} moves {rules.where(frm)} to {rules.where(action.to)}.",
             ["sk.move.allowance"], unit.side, to=unit.side if hidden else None,
             public=f"{unit.side} moves a hidden unit." if hidden else None)
    if s.rules_state.activations <= 0:
        ctx.goto("draw.draw")


@handlers.effect(Attack)
def attack(rules: Skirmish, ctx: Context, action: Attack) -> None:
    """A hidden scout that attacks is revealed (sk.hidden.scouts); the dice step follows."""
    s = ctx.state
    unit = s.units[action.unit]
    spend(s, unit.id)
    if rules.is_hidden(s, unit):
        s.rules_state.hidden.remove(unit.id)  # Skirmish.is_hidden reads it
        ctx.emit(Revealed(unit.id), f"{unit.id} is revealed.", ["sk.hidden.scouts"], unit.side)
    s.rules_state.attack = AttackInProgress(unit.id, action.target)
    ctx.emit(Attacked(unit.id, action.target), f"{unit.id} attacks {action.target}.", ["sk.attack.range"],
             unit.side)
    ctx.goto("combat.roll")
