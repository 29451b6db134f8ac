"""Mobile Airbase Construction Phase (4.2, 6.5): mobile airbases are started here and finished in the Regroup Phase;
dismantling is in the Regroup Phase too (``closing.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...engine import Action, Context, GameState, RuleError
from . import board, flow
from .actions import Build, EndBuilding
from .data import ABSENT, CONSTRUCTION, GONE, MOBILE, MOBILE_MAX
from .events import AirbaseChanged
from .handlers import handlers

if TYPE_CHECKING:
    from .rules import Cartwheel


def why_not_build(rules: Cartwheel, state: GameState, action: Build, side: str) -> RuleError | None:
    mine = rules.mine(state)
    b = mine.bases.get(action.airbase)
    if b is None or b.side != side or b.kind != MOBILE:
        return RuleError("Name one of your own mobile airbase counters.", "oc.air.mobile.place_under_construction")
    if b.status == GONE:
        return RuleError("That mobile airbase was overrun: it can never be rebuilt.",
                         "oc.air.airbase_capture.mobile_removed_permanently")
    if b.status != ABSENT:
        return RuleError("That mobile airbase is already on the map.", "oc.air.mobile.place_under_construction")
    built = sum(1 for x in mine.bases.values() if x.side == side and x.kind == MOBILE and x.status not in (ABSENT, GONE))
    if built >= MOBILE_MAX[side]:
        return RuleError(f"{side} may have at most {MOBILE_MAX[side]} mobile airbases.", "oc.air.airbase.mobile_maximum")
    first = next(d for d, x in mine.bases.items() if x.side == side and x.kind == MOBILE and x.status == ABSENT)
    if action.airbase != first:  # the counters are alike: the one offered (``builds``) is the only one accepted
        return RuleError(f"Start mobile airbase {rules.base_name(first)} first: the counters are alike, so they are "
                         "used in order.", "oc.air.mobile.place_under_construction")
    try:
        h = board.hx(rules, action.to)
    except ValueError:
        return RuleError("Name a hex by its four digits.", "oc.components.map.hex_ids")
    if not board.in_play(rules, h):
        return RuleError("That hex is out of play.", "oc.components.map.fractional_hexes_unplayable")
    if not board.is_land(rules, action.to) or board.terrain(rules, action.to) == "mountain":
        return RuleError("A mobile airbase needs a land hex that is not Mountain.",
                         "oc.air.airbase.mobile_site_requirements")
    if mine.control.get(action.to) != side:
        return RuleError("A mobile airbase may be built only in a hex you control.",
                         "oc.air.airbase.mobile_site_requirements")
    if action.to not in mine.supplied.get(side, []):
        return RuleError("That hex did not trace supply at the last Supply Determination Phase.",
                         "oc.air.airbase.mobile_site_requirements")
    if any(x.kind == MOBILE and x.hex == action.to and x.status not in (ABSENT, GONE) for x in mine.bases.values()):
        return RuleError("A hex may hold only one mobile airbase.", "oc.air.mobile.one_per_hex")
    return None


@flow.work("construction.build")
def builds(rules: Cartwheel, state: GameState, side: str) -> list[Action]:
    mine = rules.mine(state)
    out: list[Action] = []
    for d, b in mine.bases.items():
        if b.side == side and b.kind == MOBILE and b.status == ABSENT:
            out += [a for h in mine.control if mine.control[h] == side
                    if why_not_build(rules, state, a := Build(d, h), side) is None]
            break  # one counter is enough to offer: the letters are alike
    return out


@handlers.candidates("construction.build", checked=[Build])  # found by why_not_build, as check_build asks
def offer_builds(rules: Cartwheel, state: GameState) -> Iterator[Action]:
    yield from builds(rules, state, rules.mine(state).round.to_act)  # type: ignore[union-attr]
    yield EndBuilding()


@handlers.check(Build)
def check_build(rules: Cartwheel, state: GameState, action: Build) -> RuleError | None:
    return why_not_build(rules, state, action, rules.mine(state).round.to_act)  # type: ignore[union-attr]


@handlers.effect(Build)
def build(rules: Cartwheel, ctx: Context, action: Build) -> None:
    b = rules.mine(ctx.state).bases[action.airbase]
    b.hex, b.status = action.to, CONSTRUCTION
    ctx.emit(AirbaseChanged(action.airbase, CONSTRUCTION), f"{b.side} start mobile airbase "
             f"{rules.base_name(action.airbase)} in {action.to}, Under Construction.",
             ["oc.air.mobile.place_under_construction", "oc.air.mobile.construction_timing"], b.side)
    flow.acted(rules, ctx)
    flow.settle(rules, ctx)


handlers.unchecked(EndBuilding)


@handlers.effect(EndBuilding)
def end_building(rules: Cartwheel, ctx: Context, action: EndBuilding) -> None:
    flow.passed(rules, ctx, "no more mobile airbases this turn.", ["oc.sequence.phase.mobile_airbase_construction"])
