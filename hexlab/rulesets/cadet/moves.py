"""Moving: one hex an action, and what makes a move dearer or stops it.

A move takes a figure one hex (cc.move.action.one_hex), at most twice an activation
(cc.move.activation.max_two, which follows from two actions). Crossing a wall, fence or hedge on the
hexside, or entering a river or woods, costs one action more (cc.move.terrain.wall,
cc.move.terrain.river, cc.move.terrain.woods; the costs are ``board.Ground.extra_costs``). Figures may pass
through friends (cc.move.friendly.pass) and may walk out of contact (cc.move.leave_contact); a figure
that walks into an enemy's hex stops there and punches up at once, free (cc.move.enemy.stop,
cc.move.enemy.forced_punch_free), choosing whom when there are two (cc.move.enemy.choose). Home to mum
(a figure leaving the board alive) is ``board.send_home``: the crowd's sulk (``stacking``) and the push
off the board (``punch``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...engine import Context, GameState, RuleError
from ...hexes import Hex, hex_distance
from .actions import EndActivation, Move, Punch, Rest
from .activation import actor_error, mine
from .events import Contact, UnitMoved
from .handlers import handlers
from .punch import start_punch
from .state import Engagement

if TYPE_CHECKING:
    from .rules import Cadet


@handlers.candidates("turn.act")
def offer_actions(rules: Cadet, state: GameState) -> Iterator[EndActivation | Move | Punch | Rest]:
    """Stop, move next door, punch up an enemy in the hex, or rest (cc.action.limit.two)."""
    cur = mine(state).activation()
    u = state.units[cur.unit]
    assert isinstance(u.at, Hex)
    yield EndActivation()
    for h in sorted(rules.board.neighbors(u.at)):
        yield Move(u.id, h)
    for e in rules.ground.enemies_at(state, u.side, u.at):
        yield Punch(u.id, e.id)
    yield Rest(u.id)


@handlers.check(Move)
def check_move(rules: Cadet, state: GameState, action: Move) -> RuleError | None:
    """The activated figure, not stopped by an enemy (cc.move.enemy.stop), one hex on the board
    (cc.move.action.one_hex), with the actions the move costs (cc.move.terrain.*, cc.action.limit.two)."""
    error = actor_error(state, action.unit)
    if error is not None:
        return error
    cur = mine(state).activation()
    u = state.units[action.unit]
    assert isinstance(u.at, Hex)
    if cur.stopped:
        return RuleError(f"{u.id} went into an enemy's hex this activation: it stops there and may only punch "
                         "up.", "cc.move.enemy.stop")
    if action.to not in rules.board.terrain:
        return RuleError("That hex is off the board: figures move on the board only.", "cc.move.action.one_hex")
    if hex_distance(u.at, action.to) != 1:
        return RuleError(f"A move takes a figure into a neighbouring hex; {rules.where(action.to)} is "
                         f"{hex_distance(u.at, action.to)} hexes away.", "cc.move.action.one_hex")
    extras = rules.ground.extra_costs(u.at, action.to)
    cost = 1 + len(extras)
    if cost > cur.actions:
        why = " and ".join(w for w, _ in extras)
        return RuleError(f"Moving to {rules.where(action.to)} costs {cost} actions ({why}); {u.id} has "
                         f"{cur.actions} left.", extras[0][1] if extras else "cc.action.limit.two")
    return None


@handlers.effect(Move)
def move(rules: Cadet, ctx: Context, action: Move) -> None:
    """One hex, paying for walls, rivers and woods; into an enemy's hex, stop and punch up (free)."""
    s = ctx.state
    cur = mine(s).activation()
    u = s.units[action.unit]
    frm, to = u.at, action.to
    assert isinstance(frm, Hex)
    extras = rules.ground.extra_costs(frm, to)
    cost = 1 + len(extras)
    left_contact = bool(rules.ground.enemies_at(s, u.side, frm))
    cur.actions -= cost
    cur.moves += 1
    cur.came_from = frm
    u.at = to
    clauses = ["cc.move.action.one_hex", *(c for _, c in extras)]
    if cur.moves == 2:
        clauses.append("cc.move.activation.max_two")
    if rules.ground.friends_at(s, u.side, to)[1:]:
        clauses.append("cc.move.friendly.pass")
    if left_contact:
        clauses.append("cc.move.leave_contact")
    why = f" ({', '.join(w for w, _ in extras)}: {cost} actions)" if extras else ""
    ctx.emit(UnitMoved(u.id, frm, to, cost), f"{u.id} moves from {rules.where(frm)} to {rules.where(to)}{why}.",
             clauses, u.side)
    enemies = rules.ground.enemies_at(s, u.side, to)
    if enemies:
        cur.stopped = True
        cover = rules.ground.crossing(frm, to) is not None
        ctx.emit(Contact(u.id), f"{u.id} walks into {', '.join(e.id for e in enemies)}: it stops and must punch up "
                 "(free).", ["cc.move.enemy.stop", "cc.move.enemy.forced_punch_free"], u.side)
        if len(enemies) == 1:
            start_punch(rules, ctx, u, enemies[0], forced=True, cover=cover, clauses=[])
        else:
            mine(s).engage = Engagement(u.id, tuple(e.id for e in enemies), cover)
            ctx.goto("turn.engage")
        return
    if cur.actions <= 0:
        ctx.goto("turn.finish")


# ------------------------------------------------------------------------------------------- walked into two


@handlers.candidates("turn.engage")
def offer_enemies(rules: Cadet, state: GameState) -> Iterator[Punch]:
    """Each enemy in the hex the figure walked into (cc.move.enemy.choose)."""
    e = mine(state).engage
    assert e is not None
    for enemy in e.enemies:
        yield Punch(e.unit, enemy)


@handlers.check(Punch, at="turn.engage")
def check_engage(rules: Cadet, state: GameState, action: Punch) -> RuleError | None:
    """The figure that walked in punches one of the enemies there (cc.move.enemy.stop, cc.move.enemy.choose)."""
    e = mine(state).engage
    assert e is not None
    if action.unit != e.unit:
        return RuleError(f"{e.unit} walked into the enemy's hex: it makes the punch up.", "cc.move.enemy.stop")
    if action.target not in e.enemies:
        return RuleError(f"Punch one of the enemy figures in the hex: {', '.join(e.enemies)}.",
                         "cc.move.enemy.choose")
    return None


@handlers.effect(Punch, at="turn.engage")
def punch_engaged(rules: Cadet, ctx: Context, action: Punch) -> None:
    """The forced punch up, free (cc.move.enemy.choose, cc.move.enemy.forced_punch_free)."""
    s = ctx.state
    m = mine(s)
    assert m.engage is not None
    cover = m.engage.cover
    m.engage = None
    start_punch(rules, ctx, s.units[action.unit], s.units[action.target], forced=True, cover=cover,
                clauses=["cc.move.enemy.choose"])
