"""The end of the turn: Operations Conclusion (recon returns), Supply Determination, Regroup (repairs, airbase
reorganization, dismantling), Reinforcement (passes: Module 15 is not in the excerpt) and Victory Points."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...dice import D10
from ...engine import Action, Context, GameState, Roll, RuleError, Unit
from ...engine.flow import Faces
from ...engine.state import DisplayBox
from ...hexes import Hex
from . import board, combat, flow
from .actions import Dismantle, EndDismantling
from .data import (
    ABSENT,
    CONSTRUCTION,
    DESTROYED,
    DISRUPTED,
    HIKOSHIDAN_DESTROYED_VP,
    HIKOSHIDAN_FLOWN_VP,
    MOBILE,
    OFFBOARD,
    REPLACEMENT_VP,
    WORKING,
)
from .events import AirbaseChanged, Note, Rebased
from .handlers import handlers
from .losses import eliminate
from .scoring import award, totals

if TYPE_CHECKING:
    from .rules import Cartwheel


@handlers.auto("conclusion.return")
def recon_return(rules: Cartwheel, ctx: Context) -> None:
    s, mine = ctx.state, rules.mine(ctx.state)
    for uid, h in sorted(mine.recon_over.items()):
        u = s.units[uid]
        home = mine.recon_home.get(uid, "")
        dis = False
        u.at = None
        to = home if home and board.may_base(rules, s, home, u) is None else board.landing(rules, s, u, h)
        if to is None:
            eliminate(rules, ctx, u)
            ctx.emit(Rebased(uid), f"{uid} finds no friendly airbase in range and is lost.",
                     ["oc.air.recon.duration_and_return"], u.side)
            continue
        u.at = rules.board.displays[to].box(board.box(dis, True))
        ctx.emit(Rebased(uid, to), f"{uid} returns from {h} to {rules.base_name(to)}.",
                 ["oc.sequence.phase.operations_conclusion_recon_return", "oc.air.recon.duration_and_return"],
                 u.side, to=u.side, public=f"The {u.side} recon over {h} returns to base.")
    mine.recon_over = {}
    mine.magic_at = ""
    ctx.emit(Note(), "Naval units at sea stay there (returning to port is optional).",
             ["oc.sequence.phase.operations_conclusion_naval_return"])
    flow.proceed(rules, ctx)


def trace(rules: Cartwheel, state: GameState, side: str) -> list[str]:
    """Hexes a side's supply line reaches: from its sources, through in-play hexes with no enemy ground unit, any
    length (oc.supply.phase.trace_requirement). Sorted, a new list."""
    enemy = state.other(side)
    # where the enemy's ground units stand (the hexes where board.ground_at would find some), by label
    held = frozenset(board.label(rules, u.at) for u in state.units.values()
                     if u.alive and board.is_ground(u) and u.side == enemy and isinstance(u.at, Hex))
    known = board.tables(rules).supply
    found = known.get((side, held))
    if found is None:  # the answer hangs on the map, the side's sources (neither changes in a game) and ``held`` alone
        sources = [h for h in rules.options.supply_sources.get(side, []) if _label_of(rules, h) not in held]
        seen, frontier = set(sources), deque(sources)
        while frontier:
            h = frontier.popleft()
            for n in board.neighbours(rules, h):  # (the neighbours' labels are the map's own)
                if n not in seen and n not in held:
                    seen.add(n)
                    frontier.append(n)
        if len(known) >= 256:  # a bound on the memory
            known.clear()
        found = known[(side, held)] = tuple(sorted(seen))
    return list(found)


def _label_of(rules: Cartwheel, label: str) -> str:
    """A supply source's label as the map writes it (the hex it names, labelled back): the scenario may write a hex
    another way ("712" for "0712"), and a malformed one raises here as ever."""
    return board.label(rules, board.hx(rules, label))


@handlers.auto("supply.trace")
def supply(rules: Cartwheel, ctx: Context) -> None:
    s, mine = ctx.state, rules.mine(ctx.state)
    mine.supplied = {side: trace(rules, s, side) for side in s.sides}
    cut = [u.id for u in s.units.values() if (board.is_ground(u) or board.is_naval(u)) and board.on_map(u)
           and board.label(rules, u.at) not in mine.supplied[u.side]]  # type: ignore[arg-type]
    ctx.emit(Note(), "Supply traced. " + (f"Out of supply: {', '.join(cut)} (the 13.3 penalty is not in the excerpt)."
                                         if cut else "Every ground and naval unit is in supply.")
             + " Aerial units trace no supply.", ["oc.supply.phase.trace_requirement",
                                                  "oc.supply.phase.aerial_units_exempt"])
    flow.proceed(rules, ctx)


def to_repair(rules: Cartwheel, state: GameState) -> list[str]:
    return sorted(d for d, b in rules.mine(state).bases.items() if b.status in (DESTROYED, DISRUPTED))


@flow.needed("regroup.repair")
def repairs_needed(rules: Cartwheel, state: GameState) -> bool:
    return bool(to_repair(rules, state))


@handlers.roll("regroup.repair")
def repair_dice(rules: Cartwheel, state: GameState) -> Roll:
    ds = to_repair(rules, state)
    mine = rules.mine(state)
    return Roll.of([(D10, 1)] * len(ds), [f"{mine.bases[d].side}: repair {rules.base_name(d)}" for d in ds],
                   by=[mine.bases[d].side for d in ds])


@handlers.resolve("regroup.repair")
def repair(rules: Cartwheel, ctx: Context, faces: Faces) -> None:
    mine = rules.mine(ctx.state)
    for d, f in zip(to_repair(rules, ctx.state), faces, strict=True):
        b = mine.bases[d]
        if not combat.repaired(f[0]):
            ctx.emit(AirbaseChanged(d, b.status), f"Repair of {rules.base_name(d)} fails (DR {f[0]}).",
                     ["oc.air.airbase_destruction.repair_roll_default"], b.side)
            continue
        b.status = DISRUPTED if b.status == DESTROYED else WORKING
        if b.status == WORKING:
            b.captured = False
        ctx.emit(AirbaseChanged(d, b.status), f"{rules.base_name(d)} is repaired (DR {f[0]}): now {b.status}.",
                 ["oc.air.airbase_destruction.repair_attempt_each_regroup",
                  "oc.air.airbase_destruction.repair_roll_default"], b.side)
    flow.proceed(rules, ctx)


def regroups(rules: Cartwheel, state: GameState, u: Unit) -> bool:
    """Whether a unit marked to regroup does so at Airbase Reorganization: alive, on the display of a working
    airbase (oc.air.airbase_disruption.blocks_unit_regroup). The computer's evaluation asks the same."""
    d = board.base_of(u)
    return u.alive and d is not None and rules.mine(state).bases[d].status == WORKING


def hikoshidan_flown(rules: Cartwheel, state: GameState) -> list[str]:
    """The 11th Hikoshidan units alive in a Flown section, each 0.5 VP to the Allies at Airbase Reorganization in a
    committed turn (oc.victory.hikoshidan.flown_unit_half_vp). The computer's evaluation asks the same."""
    air = rules.mine(state).air
    return [u.id for u in state.units.values() if u.alive and u.id in air and air[u.id].group == "11th"
            and board.flown(u)]


@handlers.auto("regroup.reorganize")
def reorganize(rules: Cartwheel, ctx: Context) -> None:
    s, mine = ctx.state, rules.mine(ctx.state)
    for d, b in mine.bases.items():  # oc.air.mobile.flip_in_regroup_phase
        if b.status == CONSTRUCTION:
            b.status = WORKING
            ctx.emit(AirbaseChanged(d, WORKING), f"Mobile airbase {rules.base_name(d)} is finished.",
                     ["oc.air.mobile.flip_in_regroup_phase"], b.side)
    recovered: dict[str, list[str]] = {}
    for uid in mine.regrouping:
        u = s.units[uid]
        if not regroups(rules, s, u):
            continue
        d = board.base_of(u)
        if board.disrupted(u):
            u.at = DisplayBox(d, board.box(False, board.flown(u)))
            recovered.setdefault(u.side, []).append(uid)
        if u.strength < u.max_strength:  # a replacement step (oc.air.concept.regroup_marker_required, our reading)
            u.strength = u.max_strength
            award(rules, ctx, s.other(u.side), REPLACEMENT_VP, f"a replacement step for a {u.side} aerial unit",
                  "oc.victory.concept.regroup_replacement_vp")
    for side, uids in recovered.items():
        ctx.emit(Note(), f"{side} regrouping units recover: {', '.join(uids)}.", ["oc.sequence.phase.regroup"], side,
                 to=side)
    if mine.committed:  # oc.victory.hikoshidan.flown_unit_half_vp: flown survivors; destroyed: 1 VP each
        flown = hikoshidan_flown(rules, s)
        award(rules, ctx, "Allies", HIKOSHIDAN_FLOWN_VP * len(flown),
              f"{len(flown)} 11th Hikoshidan units flew and survived", "oc.victory.hikoshidan.flown_unit_half_vp")
    award(rules, ctx, "Allies", HIKOSHIDAN_DESTROYED_VP * len(mine.destroyed_11th),
          f"{len(mine.destroyed_11th)} 11th Hikoshidan units destroyed", "oc.victory.hikoshidan.destroyed_unit_vp")
    for uid, marks in mine.afloat.items():  # the Rufe at a port loses its Flown marker; regrouping, its Disrupted one
        if "Flown" in marks:
            marks.remove("Flown")
        if uid in mine.regrouping and "Disrupted" in marks:
            marks.remove("Disrupted")
    over = [d for d in mine.bases if board.over_capacity(rules, s, d)]
    for u in s.units.values():  # back to Ready, except at an airbase over capacity (oc.air.hosting.over_capacity_all_flown)
        d = board.base_of(u)
        if not u.alive or d is None:
            continue
        u.at = DisplayBox(d, board.box(board.disrupted(u), d in over))
    ctx.emit(Note(), "Airbase reorganization: aerial units go back to the Ready half" +
             (f"; over capacity, all stay Flown: {', '.join(rules.base_name(d) for d in over)}" if over else "") +
             ". No city hits to remove (not modelled).",
             ["oc.air.layout.ready_half", "oc.air.hosting.over_capacity_all_flown", "oc.sequence.phase.regroup_city_hits"])
    flow.proceed(rules, ctx)


def why_not_dismantle(rules: Cartwheel, state: GameState, display: str, side: str) -> RuleError | None:
    b = rules.mine(state).bases.get(display)
    if b is None or b.side != side or b.kind != MOBILE or b.status != WORKING:
        return RuleError("Only a working, undisrupted mobile airbase of yours may be dismantled.",
                         "oc.air.mobile.dismantle")
    if board.based(state, display):
        return RuleError("A mobile airbase with aerial units based at it may not be dismantled.",
                         "oc.air.mobile.dismantle")
    return None


@flow.work("regroup.dismantle")
def dismantlings(rules: Cartwheel, state: GameState, side: str) -> list[Action]:
    return [Dismantle(d) for d in rules.mine(state).bases if why_not_dismantle(rules, state, d, side) is None]


@handlers.candidates("regroup.dismantle", checked=[Dismantle])  # found by why_not_dismantle, as check_dismantle asks
def offer_dismantle(rules: Cartwheel, state: GameState) -> Iterator[Action]:
    yield from dismantlings(rules, state, rules.mine(state).round.to_act)  # type: ignore[union-attr]
    yield EndDismantling()


@handlers.check(Dismantle)
def check_dismantle(rules: Cartwheel, state: GameState, action: Dismantle) -> RuleError | None:
    return why_not_dismantle(rules, state, action.airbase, rules.mine(state).round.to_act)  # type: ignore[union-attr]


@handlers.effect(Dismantle)
def dismantle(rules: Cartwheel, ctx: Context, action: Dismantle) -> None:
    b = rules.mine(ctx.state).bases[action.airbase]
    b.status, b.hex = ABSENT, None
    ctx.emit(AirbaseChanged(action.airbase, ABSENT), f"{b.side} dismantle mobile airbase "
             f"{rules.base_name(action.airbase)}.", ["oc.air.mobile.dismantle"], b.side)
    flow.acted(rules, ctx)
    flow.settle(rules, ctx)


handlers.unchecked(EndDismantling)


@handlers.effect(EndDismantling)
def end_dismantling(rules: Cartwheel, ctx: Context, action: EndDismantling) -> None:
    flow.passed(rules, ctx, "dismantles nothing more.", ["oc.air.mobile.dismantle"])


@handlers.auto("reinforcement.place")
def reinforcements(rules: Cartwheel, ctx: Context) -> None:
    ctx.emit(Note(), "Reinforcement Phase: Module 15 is not in the excerpt and this scenario schedules none.",
             ["oc.sequence.phase.reinforcement"])
    flow.proceed(rules, ctx)


def occupier(rules: Cartwheel, state: GameState, hex_: str) -> str | None:
    """The side with a ground combat unit in ``hex_`` now, if any: control counts for VPs only by occupation, so a
    hex a side controls after passing through scores nothing (oc.victory.concept.control_by_occupation)."""
    here = board.ground_at(state, rules, hex_)
    return here[0].side if here else None


def score_occupation(rules: Cartwheel, ctx: Context) -> None:
    for hex_, points in sorted(rules.options.occupation_vp.items()):
        side = occupier(rules, ctx.state, hex_)
        if side is not None:
            award(rules, ctx, side, round(points * 2), f"a ground combat unit occupies {hex_}",
                  "oc.victory.concept.control_by_occupation")


@handlers.auto("vp.score")
def victory_points(rules: Cartwheel, ctx: Context) -> None:
    s, mine = ctx.state, rules.mine(ctx.state)
    if s.turn >= rules.options.turns:
        score_occupation(rules, ctx)
    vp = totals(rules, s)
    words = ", ".join(f"{side} {float(v):g}" for side, v in vp.items())
    if s.turn >= rules.options.turns:
        best = max(vp.values())
        leaders = [side for side, v in vp.items() if v == best]
        mine.over = True
        mine.winner = leaders[0] if len(leaders) == 1 else None
        mine.reason = (f"after the last turn ({s.turn}) the VPs stand {words}"
                       + ("" if mine.winner else ": a draw"))
        ctx.emit(Note(), f"Victory Points Phase of the last turn: {words}.",
                 ["oc.sequence.phase.victory_points_final_turn", "oc.base.victory_default"])
        return
    ctx.emit(Note(), f"Victory Points: {words}. The turn marker moves to turn {s.turn + 1}.",
             ["oc.sequence.phase.victory_points_advance"])
    s.turn += 1
    mine.last_initiative = mine.initiative
    mine.new_turn()
    ctx.goto("events.roll")
    if not flow.NEEDED["events.roll"](rules, s):
        flow.proceed(rules, ctx)


_ = OFFBOARD
