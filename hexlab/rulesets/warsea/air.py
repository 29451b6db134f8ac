"""Air Mission and Air Return: aircraft fly from their airfields to sectors in range and come back at the end of the
turn (was.base.air_missions_default). Their attacks are in ``attacks.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action, Context, GameState, RuleError
from ...engine.actions import made
from ...engine.state import DisplayBox
from . import board, flow
from .actions import EndMissions, Fly
from .events import Flew, Returned
from .handlers import handlers
from .sea import deciding, listed, own

if TYPE_CHECKING:
    from .rules import Warsea

END_MISSIONS = EndMissions()
"""The pass, made once: a listing offers the same one every time (an action is a frozen value)."""


def airfield_sector(rules: Warsea, state: GameState, uid: str) -> str:
    return rules.options.airfields[rules.mine(state).bases[uid]]


def why_not_fly(rules: Warsea, state: GameState, action: Fly, side: str) -> RuleError | None:
    u, error = own(state, action.unit, side, "aircraft", "was.base.air_missions_default")
    if u is None:
        return error
    if not board.is_aircraft(u):
        return RuleError(f"{u.id} is not an aircraft.", "was.base.air_missions_default")
    if not board.at_base(u):
        return RuleError(f"{u.id} has flown its mission this turn.", "was.base.air_missions_default")
    reach = board.card(rules, state, u).range  # type: ignore[union-attr]
    home = airfield_sector(rules, state, u.id)
    if action.to not in rules.board.areas or board.distance(home, action.to) > reach:
        return RuleError(f"{rules.where(action.to)} is beyond {u.id}'s range of {reach} sectors from "
                         f"{rules.where(u.at)} ({home}).", "was.base.air_missions_default")
    return None


@flow.work("air.mission")
def missions(rules: Warsea, state: GameState, side: str) -> list[Action]:
    return state.cached(("missions", side), lambda: _missions(rules, state, side))


def _missions(rules: Warsea, state: GameState, side: str) -> list[Action]:
    return _each_mission(rules, state, side)


@flow.works_any("air.mission")
def any_mission(rules: Warsea, state: GameState, side: str) -> bool:
    return bool(_each_mission(rules, state, side, first=True))  # stops at the first aircraft with a sector to fly to


def _each_mission(rules: Warsea, state: GameState, side: str, first: bool = False) -> list[Action]:
    """What :func:`why_not_fly` lets through: each of ``side``'s living aircraft at its airfield (in the order of the
    units), to each sector of the map within its range of the airfield (:func:`_flights`). ``first``: only the first
    aircraft's flights (enough to know whether there is any)."""
    mine = state.rules_state
    classes, cards, bases, fields = mine.classes, rules.options.classes, mine.bases, rules.options.airfields
    out: list[Action] = []
    for u in state.units.values():
        if u.side == side and u.kind == "aircraft" and u.strength > 0 and isinstance(u.at, DisplayBox):  # at_base
            reach, home = cards.get(classes.get(u.id)).range, fields[bases[u.id]]  # type: ignore[union-attr]
            out += _flights(rules, u.id, home, reach)
            if first and out:
                break
    return out


def _flights(rules: Warsea, uid: str, home: str, reach: int) -> tuple[Fly, ...]:
    """A :class:`Fly` of aircraft ``uid`` to each sector within ``reach`` of ``home`` (:func:`_in_range`), made once
    for these three values (they say all a flight needs, and the map never changes)."""
    known: dict[tuple[str, str, int], tuple[Fly, ...]] = rules.fixed["flights"]
    found = known.get((uid, home, reach))
    if found is None:
        found = known[(uid, home, reach)] = tuple(made(Fly, uid, sector) for sector in _in_range(rules, home, reach))
    return found


def _in_range(rules: Warsea, home: str, reach: int) -> tuple[str, ...]:
    """The sectors of the map within ``reach`` of ``home``, in the map's order, worked out once (the map never
    changes)."""
    known: dict[tuple[str, int], tuple[str, ...]] = rules.fixed["in_range"]
    found = known.get((home, reach))
    if found is None:
        found = known[(home, reach)] = tuple(s for s in rules.board.areas if board.distance(home, s) <= reach)
    return found


@handlers.candidates("air.mission", checked=[Fly])  # the missions found are those check_fly accepts
def offer_missions(rules: Warsea, state: GameState) -> list[Action]:
    return [*missions(rules, state, deciding(rules, state)), END_MISSIONS]


@handlers.check(Fly)
def check_fly(rules: Warsea, state: GameState, action: Fly) -> RuleError | None:
    side = deciding(rules, state)
    if listed(state, ("missions", side), action):
        return None
    return why_not_fly(rules, state, action, side)


@handlers.effect(Fly)
def fly(rules: Warsea, ctx: Context, action: Fly) -> None:
    u = ctx.state.units[action.unit]
    frm, u.at = u.at, action.to
    rules.mine(ctx.state).flown.append(u.id)
    if not ctx.quiet:  # batch play keeps no log: no words to write
        ctx.emit(Flew(u.id, action.to), f"{u.id} flies from {rules.where(frm)} to {rules.where(u.at)}.",
                 ["was.base.air_missions_default"], u.side)
    flow.acted(rules, ctx)


handlers.unchecked(EndMissions)  # aircraft may stay at their airfield


@handlers.effect(EndMissions)
def end_missions(rules: Warsea, ctx: Context, action: EndMissions) -> None:
    flow.passed(rules, ctx, "no more air missions.", ["was.base.air_missions_default"])


@handlers.auto("airreturn.back")
def air_return(rules: Warsea, ctx: Context) -> None:
    s, mine = ctx.state, rules.mine(ctx.state)
    back = []
    for u in s.units.values():
        if u.alive and board.is_aircraft(u) and not isinstance(u.at, DisplayBox):
            display = rules.board.displays[mine.bases[u.id]]
            u.at = display.box(display.boxes[0])
            back.append(u.id)
    mine.aborted = []
    if not ctx.quiet:  # batch play keeps no log: no words to write
        words = f"{', '.join(back)} return to their airfields." if back else "No aircraft is flying."
        ctx.emit(Returned(back), f"Air Return: {words}", ["was.base.air_missions_default"])
    flow.proceed(rules, ctx)
