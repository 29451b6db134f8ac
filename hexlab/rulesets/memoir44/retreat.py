"""Retreat for flags: one hex toward the unit's own edge per flag (m44.retreat.flag.distance), the owner
choosing among the hexes (m44.retreat.direction.choice); a retreat that is blocked by units, the sea,
impassable terrain or the board's edge costs a figure a hex instead (m44.retreat.blocked.loss,
m44.retreat.units.block, m44.retreat.sea.loss, m44.retreat.off_board.loss,
m44.retreat.terrain.impassable). Flags may, or must, be ignored (``flags.py``); artillery in a bunker
and armor or artillery in a field bunker never retreat (m44.terrain.bunker.artillery_no_retreat,
m44.terrain.field_bunker.no_retreat). French Resistance and Italian units may retreat up to 3 hexes a
flag (m44.sf.french_resistance.retreat, m44.nation.italy.motorized.retreat).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...engine import Context, GameState, RuleError
from ...engine.state import Unit
from ...hexes import Hex
from . import events as ev
from .actions import IgnoreFlag, Retreat, StopRetreat
from .data import ARMOR, ARTILLERY
from .flags import NONE, flag_ignores
from .handlers import handlers
from .losses import lose
from .movement import vacate
from .state import RetreatInProgress
from .take_ground import after_resolution

if TYPE_CHECKING:
    from .rules import Memoir44


def holds_fast(rules: Memoir44, state: GameState, u: Unit) -> bool:
    """Artillery in a bunker, and armor or artillery in a field bunker, never retreat."""
    names = [r.name for r in rules.field.rules_at(state, u.at)]
    return (u.kind == ARTILLERY and "bunker" in names) or (u.kind in (ARMOR, ARTILLERY) and "field_bunker" in names)


def retreat_options(rules: Memoir44, state: GameState, u: Unit) -> list[Hex]:
    """The hexes ``u`` may retreat into now."""
    if holds_fast(rules, state, u):
        return []  # m44.terrain.bunker.artillery_no_retreat, m44.terrain.field_bunker.no_retreat
    hexes, _ = rules.field.retreat_hexes(u.side, u.at)
    out = []
    for h in hexes:
        if state.unit_at(h) is not None:
            continue  # m44.retreat.units.block
        if rules.board.terrain[h] == "ocean":
            continue  # m44.retreat.sea.loss, m44.terrain.ocean.no_retreat
        if rules.field.impassable(state, h, u.kind):
            continue  # m44.retreat.terrain.impassable
        out.append(h)
    return out


def retreat_reason(rules: Memoir44, state: GameState, u: Unit, h: Hex) -> RuleError:
    """Why ``u`` may not retreat into ``h``."""
    if holds_fast(rules, state, u):
        in_bunker = u.kind == ARTILLERY and rules.board.terrain[u.at] == "bunker"
        return RuleError(f"{u.id} cannot retreat from its bunker: each flag costs a figure instead.",
                         "m44.terrain.bunker.artillery_no_retreat" if in_bunker
                         else "m44.terrain.field_bunker.no_retreat")
    hexes, _ = rules.field.retreat_hexes(u.side, u.at)
    if h not in hexes:
        return RuleError("A retreat goes to an adjacent hex nearer the unit's own edge of the board.",
                         "m44.retreat.direction.choice")
    if state.unit_at(h) is not None:
        return RuleError("A retreating unit may not enter a hex with another unit.", "m44.retreat.units.block")
    if rules.board.terrain[h] == "ocean":
        return RuleError("No unit may retreat into the sea.", "m44.terrain.ocean.no_retreat")
    return RuleError("Impassable terrain.", "m44.retreat.terrain.impassable")


def begin_retreat(rules: Memoir44, ctx: Context, u: Unit, flags: int, by: str, may_ignore: bool = True,
                  attacker_at: Hex | None = None) -> None:
    """``flags`` rolled by ``by`` push ``u`` back; a card's strike lets no flag be ignored."""
    s = ctx.state
    ignores = flag_ignores(rules.field, s, u, attacker_at) if may_ignore else NONE
    compulsory = ignores.compulsory(flags)
    if compulsory:
        flags -= compulsory
        if not ctx.quiet:
            ctx.emit(ev.FlagIgnored(u.id), f"{u.id} must ignore {compulsory} flag(s).", [ignores.clause], u.side)
    per_flag = 3 if (rules.facts(u).badge == "french_resistance" or rules.nation(u.side) == "italy") else 1
    s.rules_state.turn.retreat = RetreatInProgress(u.id, flags, min(ignores.may, flags), per_flag, by,
                                                   ignores.clause)
    continue_retreat(rules, ctx)


def continue_retreat(rules: Memoir44, ctx: Context) -> None:
    """Retreat on by itself while there is no choice to make; stop at the retreat step when there is."""
    s = ctx.state
    turn = s.rules_state.turn
    r = turn.retreat
    u = s.units[r.unit]
    while True:
        if ctx.is_over():
            return
        if not u.alive or r.flags <= 0:
            turn.retreat = None
            if not u.alive:
                turn.battle.vacated = True
            after_resolution(rules, ctx)
            return
        if r.this_flag >= r.per_flag:
            r.flags -= 1
            r.this_flag = 0
            continue
        no_retreat = [x for x in rules.field.rules_at(s, u.at)
                      if (x.name == "bunker" and u.kind == ARTILLERY) or
                      (x.name == "field_bunker" and u.kind in (ARMOR, ARTILLERY))]
        if no_retreat and r.optional == 0:  # the flag it may ignore is decided first (the note's reading)
            clause = ("m44.terrain.bunker.artillery_no_retreat" if no_retreat[0].name == "bunker"
                      else "m44.terrain.field_bunker.no_retreat")
            n = r.flags
            r.flags = 0
            ctx.emit(ev.NoRetreat(), f"{u.id} cannot retreat from the {no_retreat[0].title.lower()}: it loses a "
                     "figure for each flag instead.", [clause], u.side)
            lose(rules, ctx, u, n, r.by, [clause])
            continue
        options = retreat_options(rules, s, u)
        if r.this_flag == 0 and not options and r.optional == 0:
            hexes, off = rules.field.retreat_hexes(u.side, u.at)
            free = [h for h in hexes if s.unit_at(h) is None]
            if not hexes and off:
                clause, why = "m44.retreat.off_board.loss", "would leave the battlefield"
            elif free and all(rules.board.terrain[h] == "ocean" for h in free):
                clause, why = "m44.retreat.sea.loss", "would go into the sea"
            else:
                clause, why = "m44.retreat.blocked.loss", "is blocked"
            n = r.flags
            r.flags = 0
            if not ctx.quiet:
                ctx.emit(ev.RetreatBlocked(u.id), f"{u.id}'s retreat {why}: it loses {n} figure(s) instead.",
                         [clause, "m44.retreat.blocked.loss"], u.side)
            lose(rules, ctx, u, n, r.by, [clause])
            continue
        if r.this_flag >= 1 and not options:
            r.flags -= 1  # it has retreated at least one hex for this flag; it may stop here
            r.this_flag = 0
            continue
        if len(options) == 1 and r.optional == 0 and r.per_flag == 1:
            retreat_step(rules, ctx, u, options[0])
            continue
        ctx.goto("battle.retreat")
        return


def retreat_step(rules: Memoir44, ctx: Context, u: Unit, to: Hex) -> None:
    """One hex back (m44.retreat.flag.distance; terrain does not slow it, m44.retreat.terrain.no_effect)."""
    turn = ctx.state.rules_state.turn
    r = turn.retreat
    frm = u.at
    u.at = to
    r.this_flag += 1
    if r.this_flag >= r.per_flag:
        r.flags -= 1
        r.this_flag = 0
    clauses = ["m44.retreat.flag.distance", "m44.retreat.terrain.no_effect"]
    if r.per_flag > 1:
        clauses.append("m44.sf.french_resistance.retreat" if rules.facts(u).badge == "french_resistance"
                       else "m44.nation.italy.motorized.retreat")
    if not ctx.quiet:
        ctx.emit(ev.Retreated(u.id, frm, to), f"{u.id} retreats from {rules.where(frm)} to {rules.where(to)}.", clauses,
                 u.side)
    turn.battle.vacated = True
    vacate(rules, ctx, frm)


# ----------------------------------------------------------------------------------- battle.retreat
@handlers.candidates("battle.retreat")
def offer_retreats(rules: Memoir44, state: GameState) -> Iterator[IgnoreFlag | StopRetreat | Retreat]:
    """m44.retreat.direction.choice: ignore a flag, stop after a hex, or each hex it may retreat into."""
    r = state.rules_state.turn.retreat
    if r.optional > 0:
        yield IgnoreFlag(r.unit)
    if 1 <= r.this_flag < r.per_flag:
        yield StopRetreat(r.unit)
    for h in retreat_options(rules, state, state.units[r.unit]):
        yield Retreat(r.unit, h)


def _not_retreating(state: GameState, unit: str) -> RuleError | None:
    """m44.retreat.flag.distance: only the unit hit by the flags retreats."""
    r = state.rules_state.turn.retreat
    if unit != r.unit:
        return RuleError(f"{r.unit} is the unit retreating.", "m44.retreat.flag.distance")
    return None


@handlers.check(IgnoreFlag)
def check_ignore(rules: Memoir44, state: GameState, action: IgnoreFlag) -> RuleError | None:
    """m44.retreat.ignore_flag.general: only a flag the unit may ignore."""
    err = _not_retreating(state, action.unit)
    if err is None and state.rules_state.turn.retreat.optional <= 0:
        return RuleError("No flag may be ignored here.", "m44.retreat.ignore_flag.general")
    return err


@handlers.check(StopRetreat)
def check_stop(rules: Memoir44, state: GameState, action: StopRetreat) -> RuleError | None:
    """m44.retreat.flag.distance: a unit that may retreat up to 3 hexes a flag may stop after 1."""
    err = _not_retreating(state, action.unit)
    r = state.rules_state.turn.retreat
    if err is None and not 1 <= r.this_flag < r.per_flag:
        return RuleError("Each flag moves the unit back at least one hex.", "m44.retreat.flag.distance")
    return err


@handlers.check(Retreat)
def check_retreat(rules: Memoir44, state: GameState, action: Retreat) -> RuleError | None:
    """m44.retreat.direction.choice and what blocks a retreat (m44.retreat.units.block, ...)."""
    err = _not_retreating(state, action.unit)
    if err is not None:
        return err
    u = state.units[action.unit]
    if action.to in retreat_options(rules, state, u):
        return None
    return retreat_reason(rules, state, u, action.to)


@handlers.effect(IgnoreFlag)
def ignore_flag(rules: Memoir44, ctx: Context, action: IgnoreFlag) -> None:
    """m44.retreat.ignore_flag.general: the unit holds its ground for one flag."""
    s = ctx.state
    r = s.rules_state.turn.retreat
    r.optional -= 1
    r.flags -= 1
    ctx.emit(ev.FlagIgnored(r.unit), f"{r.unit} holds its ground and ignores a flag.", [r.ignore_clause],
             s.units[r.unit].side)
    continue_retreat(rules, ctx)


@handlers.effect(Retreat)
def retreat(rules: Memoir44, ctx: Context, action: Retreat) -> None:
    """m44.retreat.flag.distance: one hex back, then on by itself while there is no choice."""
    retreat_step(rules, ctx, ctx.state.units[action.unit], action.to)
    continue_retreat(rules, ctx)


@handlers.effect(StopRetreat)
def stop_retreat(rules: Memoir44, ctx: Context, action: StopRetreat) -> None:
    """m44.sf.french_resistance.retreat, m44.nation.italy.motorized.retreat: 1 hex is enough."""
    r = ctx.state.rules_state.turn.retreat
    r.flags -= 1
    r.this_flag = 0
    continue_retreat(rules, ctx)
