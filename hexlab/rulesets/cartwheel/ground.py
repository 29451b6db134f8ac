"""Ground Operations Phase by the ground default (oc.base.ground_operations_default): each ground combat unit may
move to one adjacent land hex with no enemy ground unit; entering a hex takes control of it and captures an enemy
airbase there, whose aerial units must try to evacuate (6.6 Airbase Capture, Airbase Evacuation). Ground combat is
not modelled: the ground default leaves it out, so a hex with an enemy ground unit in it (a garrison too) is closed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...dice import D10
from ...engine import Action, Context, GameState, Roll, RuleError
from ...engine.actions import made
from ...engine.flow import Faces
from ...engine.state import Aboard, Unit
from . import board, combat, flow
from .actions import Disembark, Embark, EndGround, March
from .data import ABSENT, BASE_CAPTURED_VP, DESTROYED, DISRUPTED, GONE, MOBILE, OFFBOARD
from .events import AirbaseChanged, Marched, Rebased
from .handlers import handlers
from .losses import eliminate
from .scoring import award

if TYPE_CHECKING:
    from .rules import Cartwheel


def why_not_march(rules: Cartwheel, state: GameState, action: March, side: str) -> RuleError | None:
    u = state.units.get(action.unit)
    if u is None or not u.alive or u.side != side or not board.is_ground(u) or not board.on_map(u):
        return RuleError("Name one of your ground combat units on the map.", "oc.base.ground_operations_default")
    if u.id in rules.mine(state).moved:
        return RuleError(f"{u.id} has moved this phase.", "oc.base.ground_operations_default")
    if u.attrs.get("garrison"):
        return RuleError(f"{u.id} is a garrison: it only defends.", "oc.components.ground.garrison_defend_only")
    here = board.label(rules, u.at)  # type: ignore[arg-type]
    if action.to not in board.neighbours(rules, here) or not board.is_land(rules, action.to):
        return RuleError("A ground unit moves to one adjacent land hex.", "oc.base.ground_operations_default")
    if board.ground_at(state, rules, action.to, state.other(side)):
        return RuleError("That hex holds an enemy ground unit (ground combat is not modelled).",
                         "oc.base.ground_operations_default")
    return None


@flow.work("ground.move")
def marches(rules: Cartwheel, state: GameState, side: str) -> list[Action]:
    return list(each_ground_move(rules, state, side))


@flow.STEPS.works_any("ground.move")
def any_ground_move(rules: Cartwheel, state: GameState, side: str) -> bool:
    """Whether ``side`` has a ground move left (``bool(marches(...))``, stopping at the first found)."""
    return next(each_ground_move(rules, state, side), None) is not None


def each_ground_move(rules: Cartwheel, state: GameState, side: str) -> Iterator[Action]:
    """The marches, embarkations and landings ``side`` may make now, in order (the pass left out): exactly those
    :func:`why_not_march`, :func:`why_not_embark` and :func:`why_not_disembark` accept. For a unit on the map that
    may move, the tests about the unit are made once, not once per hex or transport."""
    mine = rules.mine(state)
    moved, enemy = mine.moved, state.other(side)
    own = state.units_of(side)
    ships: list[Unit] | None = None
    for u in own:
        if board.is_ground(u) and board.on_map(u):
            if u.id in moved:
                continue  # every march and embarkation of a unit that has moved is refused (why_not_march, why_not_embark)
            here = board.label(rules, u.at)  # type: ignore[arg-type]
            near = board.neighbours(rules, here)
            if not u.attrs.get("garrison"):  # a garrison never marches (why_not_march); it may still embark
                yield from (made(March, u.id, h) for h in near
                            if board.is_land(rules, h) and not board.ground_at(state, rules, h, enemy))
            if ships is None:
                ships = [t for t in own if t.id in mine.cargo]
            if ships:
                yield from (a for t in ships if why_not_embark(rules, state, a := Embark(u.id, t.id), side) is None)
        elif board.is_ground(u) and u.alive and isinstance(u.at, Aboard):
            ship = state.units[u.at.carrier]
            if board.on_map(ship):
                here = board.label(rules, ship.at)  # type: ignore[arg-type]
                yield from (a for h in board.neighbours(rules, here)
                            if why_not_disembark(rules, state, a := Disembark(u.id, h), side) is None)


def why_not_embark(rules: Cartwheel, state: GameState, action: Embark, side: str) -> RuleError | None:
    u, ship = state.units.get(action.unit), state.units.get(action.target)
    mine = rules.mine(state)
    if u is None or not board.is_ground(u) or u.side != side or not board.on_map(u) or u.id in mine.moved:
        return RuleError("Name one of your ground units on the map that has not moved.",
                         "oc.base.ground_operations_default")
    if ship is None or ship.side != side or ship.id not in mine.cargo or not board.on_map(ship):
        return RuleError("Name one of your transports at sea.", "oc.components.naval.cargo_capacity")
    if ship.at not in [board.hx(rules, n) for n in board.neighbours(rules, board.label(rules, u.at))]:  # type: ignore[arg-type]
        return RuleError("The transport must be in a sea hex next to the unit.", "oc.components.naval.cargo_capacity")
    if board.cargo(state, ship) + u.strength > mine.cargo[ship.id]:
        return RuleError(f"{ship.id} carries at most {mine.cargo[ship.id]} steps.",
                         "oc.components.naval.cargo_capacity")
    return None


def why_not_disembark(rules: Cartwheel, state: GameState, action: Disembark, side: str) -> RuleError | None:
    u = state.units.get(action.unit)
    if u is None or u.side != side or not isinstance(u.at, Aboard) or u.id in rules.mine(state).moved:
        return RuleError("Name one of your ground units aboard a transport.", "oc.components.naval.cargo_capacity")
    ship = state.units[u.at.carrier]
    if not board.on_map(ship) or action.to not in board.neighbours(rules, board.label(rules, ship.at)):  # type: ignore[arg-type]
        return RuleError("A unit lands on a land hex next to its transport.", "oc.base.ground_operations_default")
    if not board.is_land(rules, action.to) or board.ground_at(state, rules, action.to, state.other(side)):
        return RuleError("A unit lands on a land hex with no enemy ground unit.", "oc.base.ground_operations_default")
    return None


@handlers.check(Embark)
def check_embark(rules: Cartwheel, state: GameState, action: Embark) -> RuleError | None:
    return why_not_embark(rules, state, action, rules.mine(state).round.to_act)  # type: ignore[union-attr]


@handlers.effect(Embark)
def embark(rules: Cartwheel, ctx: Context, action: Embark) -> None:
    u = ctx.state.units[action.unit]
    u.at = Aboard(action.target)
    rules.mine(ctx.state).moved.append(u.id)
    ctx.emit(Marched(u.id, action.target), f"{u.id} goes aboard {action.target}.",
             ["oc.components.naval.cargo_capacity"], u.side)
    flow.acted(rules, ctx)
    flow.settle(rules, ctx)


@handlers.check(Disembark)
def check_disembark(rules: Cartwheel, state: GameState, action: Disembark) -> RuleError | None:
    return why_not_disembark(rules, state, action, rules.mine(state).round.to_act)  # type: ignore[union-attr]


@handlers.effect(Disembark)
def disembark(rules: Cartwheel, ctx: Context, action: Disembark) -> None:
    march(rules, ctx, March(action.unit, action.to))


@handlers.candidates("ground.move", checked=[March, Embark, Disembark])  # found by their own why_not_ functions
def offer_marches(rules: Cartwheel, state: GameState) -> Iterator[Action]:
    yield from marches(rules, state, rules.mine(state).round.to_act)  # type: ignore[union-attr]
    yield EndGround()


@handlers.check(March)
def check_march(rules: Cartwheel, state: GameState, action: March) -> RuleError | None:
    return why_not_march(rules, state, action, rules.mine(state).round.to_act)  # type: ignore[union-attr]


@handlers.effect(March)
def march(rules: Cartwheel, ctx: Context, action: March) -> None:
    s, mine = ctx.state, rules.mine(ctx.state)
    u = s.units[action.unit]
    u.at = board.hx(rules, action.to)
    mine.moved.append(u.id)
    mine.control[action.to] = u.side
    ctx.emit(Marched(u.id, action.to), f"{u.id} moves to {action.to}; {u.side} control it.",
             ["oc.base.ground_operations_default", "oc.special.concept.hex_control"], u.side)
    flow.acted(rules, ctx)
    for d, b in list(mine.bases.items()):
        if b.side != u.side and b.hex == action.to and b.kind != OFFBOARD and b.status not in (ABSENT, GONE):
            capture(rules, ctx, d, u.side)
            if mine.evacuating:
                ctx.goto("ground.evacuate")
                return
    flow.settle(rules, ctx)


def capture(rules: Cartwheel, ctx: Context, display: str, captor: str) -> None:
    """oc.air.airbase_capture.*: a non-mobile airbase changes to its captor's display, disrupted until repaired; a
    mobile one is removed for good; every aerial unit there tries to evacuate."""
    s, mine = ctx.state, rules.mine(ctx.state)
    b = mine.bases[display]
    name = rules.base_name(display)
    mine.evacuating = sorted(u.id for u in board.based(s, display))
    mine.evac_base = display
    mine.evac_base_disrupted = b.status in (DISRUPTED, DESTROYED)
    if b.kind == MOBILE:
        b.status = GONE
        ctx.emit(AirbaseChanged(display, GONE), f"{captor} overrun mobile airbase {name}: it is removed for good.",
                 ["oc.air.airbase_capture.mobile_removed_permanently"], captor)
        return
    site = rules.options.airbases[display].site
    twin = next((d for d, x in mine.bases.items() if x.side == captor and site and
                 rules.options.airbases[d].site == site), None)
    hex_ = b.hex
    b.status = ABSENT
    if twin is not None:
        mine.bases[twin].status = DISRUPTED
        mine.bases[twin].captured = True
        mine.bases[twin].hex = hex_
    award(rules, ctx, captor, BASE_CAPTURED_VP, f"{name} captured", "oc.base.victory_default")
    ctx.emit(AirbaseChanged(display, "captured"), f"{captor} capture {name}: it is now theirs, disrupted until "
             "repaired.", ["oc.air.airbase_capture.by_occupation", "oc.air.airbase_capture.disrupted_until_repaired",
                           "oc.air.airbase_target.ground_capture_non_mobile"], captor)


handlers.unchecked(EndGround)


@handlers.effect(EndGround)
def end_ground(rules: Cartwheel, ctx: Context, action: EndGround) -> None:
    flow.passed(rules, ctx, "no more ground moves.", ["oc.base.ground_operations_default"])


@handlers.roll("ground.evacuate")
def evacuation_dice(rules: Cartwheel, state: GameState) -> Roll:
    mine = rules.mine(state)
    owner = state.units[mine.evacuating[0]].side
    return Roll.of([(D10, len(mine.evacuating))], [f"{owner}: evacuation"], by=owner, to=owner,
                   public=f"{owner} roll to evacuate aerial units from {rules.base_name(mine.evac_base)}.")


@handlers.resolve("ground.evacuate")
def evacuation(rules: Cartwheel, ctx: Context, faces: Faces) -> None:
    s, mine = ctx.state, rules.mine(ctx.state)
    frm = rules.site_hex_of(mine.evac_base)
    for uid, f in zip(mine.evacuating, faces[0], strict=True):
        u = s.units[uid]
        drm = combat.evacuation_drm(mine.evac_base_disrupted, board.disrupted(u), board.flown(u))
        dis = board.disrupted(u)
        u.at = None
        srmp = mine.air[uid].mp + (1 if uid in mine.bombed else 0)  # oc.components.air.bomber_mp_after_release
        to = board.landing(rules, s, u, frm) if combat.evacuates(f, srmp, drm) else None
        if to is None:
            eliminate(rules, ctx, u)
            ctx.emit(Rebased(uid), f"{uid} rolls {f} (DRM {drm:+d}, SR/MP {mine.air[uid].mp}) and is destroyed.",
                     ["oc.air.evacuation.failure_destroyed", "oc.air.evacuation.success_at_or_below_srmp"], u.side,
                     to=u.side, public=f"A {u.side} aerial unit is destroyed at the captured airbase.")
        else:
            u.at = rules.board.displays[to].box(board.box(dis, True))
            ctx.emit(Rebased(uid, to), f"{uid} rolls {f} (DRM {drm:+d}) and escapes to {rules.base_name(to)}.",
                     ["oc.air.evacuation.success_at_or_below_srmp", "oc.air.evacuation.stage_within_printed_range"],
                     u.side, to=u.side, public=f"A {u.side} aerial unit escapes the captured airbase.")
    mine.evacuating, mine.evac_base = [], ""
    flow.resume(rules, ctx, "ground.move")
