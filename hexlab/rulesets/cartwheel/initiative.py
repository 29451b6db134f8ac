"""Initiative Phase (7.0): the Allied general regroup (7.1), unit regroup designation (7.2), recon flights (7.3), the
initiative roll (7.4) and the initiative missions roll (7.5)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...dice import D10
from ...engine import Action, Context, GameState, Roll, RuleError
from ...engine.flow import Faces
from . import board, combat, flow
from .actions import Designate, EndDesignation, EndRecon, FlyRecon, GeneralRegroup, PlaceMagic, PlaceRecon
from .data import (
    ABSENT,
    BOMBER,
    FIGHTER,
    GONE,
    MOST_GENERAL_REGROUPS,
    READY,
    RECON,
    RECON_ON_MORESBY_DRM,
    RECON_ON_RABAUL_DRM,
    SEPTEMBER_MARKER_TURN,
    calendar,
    missions_for,
    month_of,
)
from .events import Examined, InitiativeWon, ReconFlight, Regrouping
from .handlers import handlers
from .state import Sighting
from .words import possessive

if TYPE_CHECKING:
    from .rules import Cartwheel


# ============================================================================ 7.1 general regroup
@flow.needed("initiative.regroup")
def regroup_asked(rules: Cartwheel, state: GameState) -> bool:
    return True


@handlers.candidates("initiative.regroup")
def offer_regroup(rules: Cartwheel, state: GameState) -> Iterator[Action]:
    yield GeneralRegroup(True)
    yield GeneralRegroup(False)


def why_not_regroup(rules: Cartwheel, state: GameState) -> RuleError | None:
    mine = rules.mine(state)
    cal = rules.calendar_turn(state)
    if len(mine.general_regroups) >= MOST_GENERAL_REGROUPS:
        return RuleError("No game may have more than two general regroup turns.", "oc.sequence.general_regroup.max_two")
    if mine.general_regroups and month_of(mine.general_regroups[0]) == "December":
        return RuleError("The first general regroup fell in December: there can be no second.",
                         "oc.sequence.general_regroup.december_first_blocks_second")
    if mine.marker_turn and cal <= mine.marker_turn:
        return RuleError(f"After a September general regroup the second may not come before turn "
                         f"{mine.marker_turn + 1}.", "oc.sequence.general_regroup.second_not_before_marker")
    return None


@handlers.check(GeneralRegroup)
def check_regroup(rules: Cartwheel, state: GameState, action: GeneralRegroup) -> RuleError | None:
    return why_not_regroup(rules, state) if action.yes else None


@handlers.effect(GeneralRegroup)
def general_regroup(rules: Cartwheel, ctx: Context, action: GeneralRegroup) -> None:
    mine = rules.mine(ctx.state)
    mine.general_regroup = action.yes
    cal = rules.calendar_turn(ctx.state)
    words = "no general regroup this turn."
    if action.yes:
        mine.general_regroups.append(cal)
        words = f"a general regroup turn ({calendar(cal)}): every recon flight roll gets +1."
        if month_of(cal) == "September":
            mine.marker_turn = SEPTEMBER_MARKER_TURN
            words += " A Regroup marker goes on turn 8 (October II)."
    ctx.emit(Regrouping(), f"Allies declare {words}", ["oc.sequence.general_regroup.declaration"], "Allies")
    flow.proceed(rules, ctx)


# ============================================================================ 7.2 unit regroup designation
def why_not_designate(rules: Cartwheel, state: GameState, uid: str, side: str) -> RuleError | None:
    u = state.units.get(uid)
    if u is None or not u.alive or u.side != side or not board.is_combat_air(u) or board.base_of(u) is None:
        return RuleError("Name one of your aerial combat units at an airbase.", "oc.air.unit_regroup.designation")
    if uid in rules.mine(state).regrouping:
        return RuleError(f"{uid} is already marked to regroup.", "oc.air.unit_regroup.designation")
    if not board.disrupted(u) and u.strength >= u.max_strength:
        return RuleError(f"{uid} is neither disrupted nor reduced.", "oc.air.concept.regroup_marker_required")
    return None


@flow.work("initiative.designate")
def designations(rules: Cartwheel, state: GameState, side: str) -> list[Action]:
    return [a for u in state.units_of(side) if why_not_designate(rules, state, (a := Designate(u.id)).unit, side) is None]


@handlers.candidates("initiative.designate", checked=[Designate])  # found by why_not_designate
def offer_designations(rules: Cartwheel, state: GameState) -> Iterator[Action]:
    yield from designations(rules, state, rules.mine(state).round.to_act)  # type: ignore[union-attr]
    yield EndDesignation()


@handlers.check(Designate)
def check_designate(rules: Cartwheel, state: GameState, action: Designate) -> RuleError | None:
    return why_not_designate(rules, state, action.unit, rules.mine(state).round.to_act)  # type: ignore[union-attr]


@handlers.effect(Designate)
def designate(rules: Cartwheel, ctx: Context, action: Designate) -> None:
    side = ctx.state.units[action.unit].side
    rules.mine(ctx.state).regrouping.append(action.unit)
    ctx.emit(Regrouping(action.unit), f"{action.unit} gets a Regroup marker (secret).",
             ["oc.air.unit_regroup.designation", "oc.air.unit_regroup.secret"], side, to=side)
    flow.acted(rules, ctx)
    flow.settle(rules, ctx)


handlers.unchecked(EndDesignation)


@handlers.effect(EndDesignation)
def end_designation(rules: Cartwheel, ctx: Context, action: EndDesignation) -> None:
    flow.passed(rules, ctx, "no more regroup markers.", ["oc.air.unit_regroup.designation"])


# ============================================================================ 7.3 recon flights
def why_not_recon(rules: Cartwheel, state: GameState, uid: str, side: str) -> RuleError | None:
    mine = rules.mine(state)
    u = state.units.get(uid)
    if u is None or not u.alive or u.side != side or u.kind != RECON:
        return RuleError("Name one of your recon units.", "oc.components.air.recon_units")
    if uid in mine.recon_tried:
        return RuleError(f"{uid} has had its recon flight this turn.", "oc.air.recon.flown_in_initiative_phase")
    d = board.base_of(u)
    if d is None or u.at.box != READY or not board.hosts(rules, state, d):  # type: ignore[union-attr]
        return RuleError(f"{uid} must be Ready at a working friendly airbase.",
                         "oc.air.recon.basing_any_operating_airbase")
    if mine.air[uid].group == "11th" and not mine.committed:
        return RuleError("The second Dinah flies only in turns the 11th Hikoshidan is committed.",
                         "oc.air.recon.japanese_units")
    return None


def recon_hexes(rules: Cartwheel, state: GameState, side: str) -> list[tuple[str, str]]:
    """Hexes with an enemy airbase, and that airbase (``""`` where none): the places worth a recon."""
    mine = rules.mine(state)
    out: list[tuple[str, str]] = []
    for d, b in mine.bases.items():
        if b.side != side and b.hex is not None and b.status not in (ABSENT, GONE) and b.kind != "offboard":
            out.append((b.hex, d))
    return out


@flow.work("initiative.recon")
def recon_work(rules: Cartwheel, state: GameState, side: str) -> list[Action]:
    mine = rules.mine(state)
    out: list[Action] = [a for u in state.units_of(side) if u.kind == RECON
                         if why_not_recon(rules, state, (a := FlyRecon(u.id)).unit, side) is None]
    if side == "Allies" and mine.event == "magic" and not mine.magic_at:
        out += [PlaceMagic(h, d) for h, d in recon_hexes(rules, state, side)]
    return out


@handlers.candidates("initiative.recon", checked=[FlyRecon, PlaceMagic])  # as check_fly_recon, check_magic
def offer_recon(rules: Cartwheel, state: GameState) -> Iterator[Action]:
    yield from recon_work(rules, state, rules.mine(state).round.to_act)  # type: ignore[union-attr]
    yield EndRecon()


@handlers.check(FlyRecon)
def check_fly_recon(rules: Cartwheel, state: GameState, action: FlyRecon) -> RuleError | None:
    return why_not_recon(rules, state, action.unit, rules.mine(state).round.to_act)  # type: ignore[union-attr]


@handlers.effect(FlyRecon)
def fly_recon(rules: Cartwheel, ctx: Context, action: FlyRecon) -> None:
    mine = rules.mine(ctx.state)
    mine.flying = action.unit
    mine.recon_tried.append(action.unit)
    flow.acted(rules, ctx)
    ctx.goto("initiative.flight")


@handlers.check(PlaceMagic)
def check_magic(rules: Cartwheel, state: GameState, action: PlaceMagic) -> RuleError | None:
    mine = rules.mine(state)
    if mine.round is None or mine.round.to_act != "Allies" or mine.event != "magic" or mine.magic_at:
        return RuleError("The Magic PBY flies only for the Allies, once, in a turn Magic Intelligence is in effect.",
                         "oc.air.recon.magic_pby")
    if (action.to, action.airbase) not in recon_hexes(rules, state, "Allies"):
        return RuleError("Place the Magic PBY over an enemy airbase to examine it.", "oc.air.recon.examine_airbase")
    return None


@handlers.effect(PlaceMagic)
def place_magic(rules: Cartwheel, ctx: Context, action: PlaceMagic) -> None:
    mine = rules.mine(ctx.state)
    mine.magic_at = action.to
    ctx.emit(ReconFlight("Allies", True, action.to), f"The Magic PBY flies, without a roll, over {action.to}.",
             ["oc.air.recon.magic_always_flies", "oc.air.recon.magic_pby"], "Allies")
    examine(rules, ctx, "Allies", action.airbase)
    flow.acted(rules, ctx)
    flow.settle(rules, ctx)


handlers.unchecked(EndRecon)


@handlers.effect(EndRecon)
def end_recon(rules: Cartwheel, ctx: Context, action: EndRecon) -> None:
    flow.passed(rules, ctx, "no more recon flights.", ["oc.air.recon.alternate_placement"])


@handlers.roll("initiative.flight")
def flight_die(rules: Cartwheel, state: GameState) -> Roll:
    side = state.units[rules.mine(state).flying].side
    return Roll.of([(D10, 1)], [f"{side}: recon flight"], by=side)


@handlers.resolve("initiative.flight")
def flight(rules: Cartwheel, ctx: Context, faces: Faces) -> None:
    s, mine = ctx.state, rules.mine(ctx.state)
    u = s.units[mine.flying]
    dr = faces[0][0]
    drm = "+1 (general regroup) " if mine.general_regroup else ""
    if combat.recon_flies(dr, mine.general_regroup):
        ctx.emit(ReconFlight(u.side), f"{possessive(u.side)} recon flight rolls {dr} {drm}and flies.",
                 ["oc.air.recon.flight_roll_seven_or_less", "oc.air.recon.general_regroup_plus_one"], u.side)
        ctx.goto("initiative.place")
        return
    d = board.base_of(u)
    assert d is not None
    u.at = rules.board.displays[d].box(board.box(board.disrupted(u), True))
    ctx.emit(ReconFlight(u.side, False), f"{possessive(u.side)} recon flight rolls {dr} {drm}and does "
             "not fly: it goes to the Flown half of its airbase.",
             ["oc.air.recon.fail_goes_to_flown", "oc.air.recon.general_regroup_plus_one"], u.side)
    mine.flying = ""
    flow.resume(rules, ctx, "initiative.recon")


def placements(rules: Cartwheel, state: GameState, uid: str) -> list[PlaceRecon]:
    u = state.units[uid]
    frm = board.home_hex(rules, state, u)
    out = []
    enemy = dict(recon_hexes(rules, state, u.side))
    for h in rules.board.terrain:
        if not board.in_play(rules, h):
            continue
        lab = board.label(rules, h)
        if board.in_range(rules, state, u, frm, lab):
            out.append(PlaceRecon(uid, lab, enemy.get(lab, "")))
    return out


@handlers.candidates("initiative.place", checked=[PlaceRecon])  # the tests of check_place
def offer_placements(rules: Cartwheel, state: GameState) -> Iterator[Action]:
    yield from placements(rules, state, rules.mine(state).flying)


@handlers.check(PlaceRecon)
def check_place(rules: Cartwheel, state: GameState, action: PlaceRecon) -> RuleError | None:
    if action.unit != rules.mine(state).flying:
        return RuleError("Place the recon unit that is flying.", "oc.air.recon.place_within_range")
    u = state.units[action.unit]
    try:
        h = board.hx(rules, action.to)
    except ValueError:
        h = None
    enemy = dict(recon_hexes(rules, state, u.side))
    if h is None or not board.in_play(rules, h) or enemy.get(action.to, "") != action.airbase or not board.in_range(
            rules, state, u, board.home_hex(rules, state, u), action.to):
        return RuleError("A recon goes to a hex within its range of its airbase, examining the enemy airbase there.",
                         "oc.air.recon.place_within_range")
    return None


@handlers.effect(PlaceRecon)
def place_recon(rules: Cartwheel, ctx: Context, action: PlaceRecon) -> None:
    s, mine = ctx.state, rules.mine(ctx.state)
    u = s.units[action.unit]
    home = board.base_of(u)
    assert home is not None
    mine.recon_home[u.id] = home
    mine.recon_over[u.id] = action.to
    u.at = board.hx(rules, action.to)
    ctx.emit(ReconFlight(u.side, True, action.to), f"{u.id} flies recon over {action.to}.",
             ["oc.air.recon.place_within_range", "oc.air.recon.immune_in_flight"], u.side, to=u.side,
             public=f"A {u.side} recon flies over {action.to}.")
    examine(rules, ctx, u.side, action.airbase)
    mine.flying = ""
    flow.resume(rules, ctx, "initiative.recon")


def examine(rules: Cartwheel, ctx: Context, side: str, display: str) -> None:
    """oc.air.recon.examine_airbase: the enemy states how many fighters and bombers are there (numbers only)."""
    if not display:
        return
    s, mine = ctx.state, rules.mine(ctx.state)
    units = board.based(s, display)
    f = sum(1 for u in units if u.kind == FIGHTER)
    b = sum(1 for u in units if u.kind == BOMBER)
    mine.intel.setdefault(side, {})[display] = Sighting(f, b, s.turn)
    ctx.emit(Examined(display, f, b), f"Recon examines {rules.base_name(display)}: {f} fighters, {b} bombers.",
             ["oc.air.recon.examine_airbase", "oc.air.airbase.adc_disclosure_sources"], side)


# ============================================================================ 7.4 / 7.5
def initiative_drm(rules: Cartwheel, state: GameState) -> int:
    """oc.sequence.initiative_roll.drm_table_default: +1 an Allied recon over Rabaul, -1 a Japanese one over Port
    Moresby (oc.air.recon.initiative_drm_trigger)."""
    mine = rules.mine(state)
    rabaul, moresby = rules.site_hex("rabaul"), rules.site_hex("port_moresby")
    allied = any(state.units[u].side == "Allies" and h == rabaul for u, h in mine.recon_over.items())
    allied = allied or (mine.magic_at == rabaul and bool(rabaul))
    japanese = any(state.units[u].side == "Japan" and h == moresby for u, h in mine.recon_over.items())
    return RECON_ON_RABAUL_DRM * allied + RECON_ON_MORESBY_DRM * japanese


@flow.needed("initiative.roll")
def roll_needed(rules: Cartwheel, state: GameState) -> bool:
    return state.turn > 1  # oc.sequence.initiative.no_roll_turn_one


@handlers.roll("initiative.roll")
def initiative_die(rules: Cartwheel, state: GameState) -> Roll:
    return Roll.of([(D10, 1)], ["Allies: initiative"], by="Allies")


@handlers.resolve("initiative.roll")
def initiative(rules: Cartwheel, ctx: Context, faces: Faces) -> None:
    s, mine = ctx.state, rules.mine(ctx.state)
    dr, drm = faces[0][0], initiative_drm(rules, s)
    mine.initiative = "Allies" if combat.allied_initiative(dr, drm) else "Japan"
    ctx.emit(InitiativeWon(mine.initiative), f"Initiative: Allied DR {dr}, DRM {drm:+d}, result {dr + drm}: "
             f"{mine.initiative} have the initiative; the marker shows their side.",
             ["oc.sequence.initiative_roll.six_or_more_allied", "oc.sequence.initiative_roll.five_or_less_japanese",
              "oc.sequence.initiative_roll.flip_marker"], mine.initiative)
    ctx.goto("initiative.missions")


@flow.needed("initiative.missions")
def missions_needed(rules: Cartwheel, state: GameState) -> bool:
    return state.turn > 1


@handlers.roll("initiative.missions")
def missions_die(rules: Cartwheel, state: GameState) -> Roll:
    side = rules.mine(state).initiative
    return Roll.of([(D10, 1)], [f"{side}: initiative missions"], by=side)


@handlers.resolve("initiative.missions")
def initiative_missions(rules: Cartwheel, ctx: Context, faces: Faces) -> None:
    mine = rules.mine(ctx.state)
    mine.missions = missions_for(faces[0][0])
    ctx.emit(InitiativeWon(mine.initiative, mine.missions), f"{mine.initiative} roll {faces[0][0]}: "
             f"{mine.missions} initiative missions before the Reaction player flies any.",
             ["oc.sequence.initiative_missions.table_default", "oc.sequence.initiative_missions.count_before_opponent"],
             mine.initiative)
    flow.proceed(rules, ctx)
