"""The Submarine Attack phase (it passes: no submarine is in play), and the End of Turn: Regroup, then the victory
check (was.combat.troop.regroup_end_of_turn, was.victory.*)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Context, GameState
from . import board, flow
from .events import Claim, PhasePassed, Points, Regrouped
from .handlers import handlers

if TYPE_CHECKING:
    from .rules import Warsea


@handlers.auto("submarine.attack")
def submarine_attack(rules: Warsea, ctx: Context) -> None:
    """No scenario of this ruleset has submarines (``validate_scenario`` refuses them), so the phase passes."""
    if not ctx.quiet:  # batch play keeps no log: no event to make
        ctx.emit(PhasePassed(), "No submarine is in play: the Submarine Attack phase passes.",
                 ["was.sequence.base_turn_order_default"])
    flow.proceed(rules, ctx)


@handlers.auto("end.regroup")
def regroup(rules: Warsea, ctx: Context) -> None:
    healed = []
    for u in ctx.state.units.values():
        if u.alive and board.is_troop(u) and u.strength < u.max_strength:
            u.strength = u.max_strength
            healed.append(u.id)
    if not ctx.quiet:  # batch play keeps no log: no words to write
        words = f"{', '.join(healed)} regroup: their damage is removed." if healed else "no troop counter is damaged."
        ctx.emit(Regrouped(healed), f"Regroup: {words}", ["was.combat.troop.regroup_end_of_turn"])
    flow.proceed(rules, ctx)


def claims(rules: Warsea, state: GameState) -> dict[str, str]:
    """Island -> the side that is the only one with troops on it now (was.victory.claim.sole_troops_at_check); ships
    in the sector do not count."""
    out: dict[str, str] = {}
    for sector in board.islands(rules):
        sides = {u.side for u in board.troops_on(state, sector)}
        if len(sides) == 1:
            out[sector] = sides.pop()
    return out


def has_ships(rules: Warsea, state: GameState, side: str) -> bool:
    """Whether ``side`` has a Ship left; with the optional Auxiliary rule, Auxiliaries do not count
    (was.special.optional.auxiliary_not_ship_for_bonus)."""
    for u in state.units_of(side):
        if board.is_ship(u):
            c = board.card(rules, state, u)
            if not (rules.options.auxiliary_respawn and c is not None and c.auxiliary):
                return True
    return False


def totals(rules: Warsea, state: GameState, claimed: dict[str, str]) -> tuple[dict[str, int], ...]:
    """Each side's points at a check: the enemy ships it sank, the islands it claims, and the "no Ship remaining"
    bonus; nothing for landing abilities or Rescue Operations (was.victory.check.point_total,
    was.victory.no_vp_for_cargo_abilities, was.victory.no_vp_for_rescue_operations)."""
    mine = rules.mine(state)
    sunk = {side: sum(x.points for x in mine.sinkings if x.by == side) for side in state.sides}
    held = {side: sum(board.island_value(rules, i) for i, s in claimed.items() if s == side) for side in state.sides}
    bonus = {side: (rules.options.no_ship_bonus if rules.options.no_ship_bonus
                    and not has_ships(rules, state, state.other(side)) else 0) for side in state.sides}
    total = {side: sunk[side] + held[side] + bonus[side] for side in state.sides}
    return total, sunk, held, bonus


@handlers.auto("end.victory")
def victory_check(rules: Warsea, ctx: Context) -> None:
    s, mine = ctx.state, rules.mine(ctx.state)
    now = claims(rules, s)
    for sector in board.islands(rules):
        old, new = mine.claims.get(sector, ""), now.get(sector, "")
        where = rules.where(sector)
        if new and not old:
            ctx.emit(Claim(sector, new), f"{new} alone have troops on {where}: they claim it.",
                     ["was.victory.claim.sole_troops_at_check", "was.victory.island_is_objective"], new)
        elif new and old and new != old:
            ctx.emit(Claim(sector, new, old), f"{where}, claimed by {old}, now has only {new} troops: {new} claim it.",
                     ["was.victory.claim.switch_sides", "was.victory.claim.sole_troops_at_check"], new)
        elif old and not new:
            ctx.emit(Claim(sector, "", old), f"{where} no longer has {old} troops alone on it: it is neutral again.",
                     ["was.victory.claim.revert_to_neutral"], old)
        elif new:
            ctx.emit(Claim(sector, new, old), f"{new} still claim {where}; the island stays on the map.",
                     ["was.victory.claim.not_removed", "was.victory.claim.sole_troops_at_check"], new)
    mine.claims = now
    total, sunk, held, bonus = totals(rules, s, now)
    s.score = dict(total)
    goal = rules.options.victory_points
    words = "; ".join(f"{side} {total[side]} ({sunk[side]} for ships sunk, {held[side]} for islands"
                      + (f", {bonus[side]} bonus" if bonus[side] else "") + ")" for side in s.sides)
    ctx.emit(Points(total, sunk, held, bonus), f"Victory check after turn {s.turn}: {words}. To win: more than {goal}.",
             ["was.victory.check.end_of_each_turn", "was.victory.check.point_total",
              "was.victory.island_value_equals_objective", "was.victory.no_vp_for_cargo_abilities",
              "was.victory.no_vp_for_rescue_operations"])
    above = sorted((side for side in s.sides if total[side] > goal), key=lambda side: -total[side])
    if len(above) == 1 or (len(above) > 1 and total[above[0]] > total[above[1]]):
        mine.over, mine.winner = True, above[0]
        mine.reason = f"{above[0]} have {total[above[0]]} points, more than {goal}, after turn {s.turn}"
        return
    if rules.options.turns is not None and s.turn >= rules.options.turns:
        best = max(total.values())
        leaders = [side for side in s.sides if total[side] == best]
        mine.over = True
        mine.winner = leaders[0] if len(leaders) == 1 else None
        mine.reason = (f"after the last turn ({s.turn}) {leaders[0]} have the most points ({best})" if len(leaders) == 1
                       else f"after the last turn ({s.turn}) both sides have {best} points")
        return
    s.turn += 1
    mine.new_turn()
    ctx.goto("initiative.roll")
