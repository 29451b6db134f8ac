"""Air/Naval Operations Phase (4.4): mission opportunities alternate, the Initiative player's initiative missions
first, until each side has passed twice in a row (our reading). A mission is an air strike on an enemy airbase or an
enemy naval unit at sea (oc.base.strike_mission_default), resolved as scramble, one round of aerial combat, AA and
bombing by the ``oc.base.*`` defaults, or a naval mission (oc.base.naval_mission_default).

What the other side sees: a strike's target and its size are public (the enemy sees the raid arrive); which units
flew, which fighters scrambled and who was hit are told to their owners only."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...dice import D10
from ...engine import Action, Context, GameState, Roll, RuleError
from ...engine.flow import Faces
from ...engine.state import Aboard, DisplayBox, Unit
from . import board, combat, flow
from .actions import Airdrop, PassMission, Sail, StrikeBase, StrikeShip
from .data import (
    ABSENT,
    BASE_DESTROYED_VP,
    BOMBER,
    CONSTRUCTION,
    DESTROYED,
    DISRUPTED,
    FIGHTER,
    GONE,
    MOBILE,
    NAVAL_MOVE,
    OFFBOARD,
    READY,
    READY_D,
)
from .events import AirbaseChanged, AirLoss, Rebased, Sailed, StrikeFlown
from .handlers import handlers
from .scoring import award
from .state import Strike

if TYPE_CHECKING:
    from .rules import Cartwheel


def may_fly(rules: Cartwheel, state: GameState, u: Unit) -> bool:
    """A unit may fly a mission: Ready and undisrupted, not regrouping (oc.air.concept.regroup_no_missions), its
    airbase not over capacity (oc.air.hosting.over_capacity_stage_only), and its force committed this turn
    (oc.naval.tf36.commitment_effects_default; the 11th Hikoshidan's units are at Truk otherwise)."""
    mine = rules.mine(state)
    d = board.base_of(u)
    if d is None or u.at.box != READY or u.id in mine.regrouping:  # type: ignore[union-attr]
        return False
    st = mine.air.get(u.id)
    if st is None or (st.group == "tf36" and not mine.tf36) or (st.group == "11th" and not mine.committed):
        return False
    return not board.over_capacity(rules, state, d)


def strike_force(rules: Cartwheel, state: GameState, base: str, hex_: str) -> tuple[list[str], list[str]]:
    """The bombers (BF 1+ or strafers, not yet bombed this turn: oc.air.concept.one_bombing_mission_per_turn) and the
    escort fighters of ``base`` that reach ``hex_``."""
    mine = rules.mine(state)
    frm = board.base_hex(rules, state, base)
    bombers, escorts = [], []
    for u in board.based(state, base):
        if not board.is_combat_air(u) or not may_fly(rules, state, u) or not board.in_range(rules, state, u, frm, hex_):
            continue
        st = mine.air[u.id]
        as_bomber = u.kind == BOMBER and st.bf >= 1 or u.kind == FIGHTER and (st.strafe or st.code == "FB" and st.bf >= 1)
        if as_bomber and u.id not in mine.bombed:
            bombers.append(u.id)  # a strafer, or the Beaufighter flying as a bomber (oc.components.air.*)
        elif u.kind == FIGHTER:
            escorts.append(u.id)
    return sorted(bombers), sorted(escorts)


def target_hex(rules: Cartwheel, state: GameState, target: str) -> str | None:
    mine = rules.mine(state)
    if target in mine.bases:
        return mine.bases[target].hex
    u = state.units.get(target)
    if u is not None and u.alive and not isinstance(u.at, DisplayBox) and u.at is not None:
        return board.label(rules, u.at)  # type: ignore[arg-type]
    return None


def why_not_strike(rules: Cartwheel, state: GameState, base: str, target: str, side: str) -> RuleError | None:
    mine = rules.mine(state)
    b = mine.bases.get(base)
    if b is None or b.side != side:
        return RuleError("A strike flies from one of your own airbases.", "oc.base.strike_mission_default")
    if target in mine.bases:
        t = mine.bases[target]
        if t.kind == OFFBOARD:
            return RuleError("Off-board airbases can never be attacked.", "oc.air.airbase.offboard_invulnerable")
        if t.side == side or t.status in (ABSENT, GONE, DESTROYED) or t.hex is None:
            return RuleError("Name an enemy airbase on the map.", "oc.air.airbase_target.may_be_bombed")
    else:
        t_u = state.units.get(target)
        if t_u is None or not t_u.alive or t_u.side == side or not board.is_naval(t_u):
            return RuleError("Name an enemy airbase or an enemy naval unit at sea.", "oc.base.strike_mission_default")
        if t_u.attrs.get("tf36") and not mine.tf36:
            return RuleError("TF-36 is not on the map this turn.", "oc.naval.tf36.commitment_effects_default")
    h = target_hex(rules, state, target)
    if h is None:
        return RuleError("That target is not on the map.", "oc.base.strike_mission_default")
    bombers, _ = strike_force(rules, state, base, h)
    if not bombers:
        return RuleError("No Ready bomber there that has not bombed this turn reaches the target.",
                         "oc.air.concept.one_bombing_mission_per_turn")
    return None


@flow.work("ops.mission")
def missions(rules: Cartwheel, state: GameState, side: str) -> list[Action]:
    mine = rules.mine(state)
    out: list[Action] = []
    targets = [d for d, t in mine.bases.items() if t.side != side]
    ships = [u.id for u in state.units.values() if u.alive and board.is_naval(u) and u.side != side]
    for d, b in mine.bases.items():
        if b.side != side or not any(u.kind in (BOMBER, FIGHTER) for u in board.based(state, d)):
            continue
        out += [StrikeBase(d, t) for t in targets if why_not_strike(rules, state, d, t, side) is None]
        out += [StrikeShip(d, t) for t in ships if why_not_strike(rules, state, d, t, side) is None]
    for u in state.units_of(side):
        if board.is_naval(u):
            out += [Sail(u.id, h) for h in sea_reach(rules, state, u)]
        elif u.kind == "parachute" and isinstance(u.at, Aboard):
            out += [a for h in rules.board.terrain if board.in_play(rules, h)
                    if why_not_drop(rules, state, a := Airdrop(u.id, board.label(rules, h)), side) is None]
    return out


def why_not_drop(rules: Cartwheel, state: GameState, action: Airdrop, side: str) -> RuleError | None:
    """oc.components.air.c47_carries_parachute: a Ready C-47 drops the parachute unit it carries on a land hex in its
    range with no enemy ground unit and no enemy airbase (our reading: a drop takes an empty field)."""
    u = state.units.get(action.unit)
    if u is None or u.side != side or u.kind != "parachute" or not isinstance(u.at, Aboard):
        return RuleError("Name a parachute unit aboard a C-47.", "oc.components.air.c47_carries_parachute")
    c47 = state.units[u.at.carrier]
    if c47.kind != "transport" or not may_fly(rules, state, c47):
        return RuleError("Its C-47 must be Ready at its airbase.", "oc.components.air.c47_carries_parachute")
    if not board.is_land(rules, action.to) or board.ground_at(state, rules, action.to, state.other(side)) or any(
            b.hex == action.to and b.side != side and b.status not in ("absent", "gone")
            for b in rules.mine(state).bases.values()):
        return RuleError("A drop goes to a land hex with no enemy ground unit or airbase.",
                         "oc.components.air.c47_carries_parachute")
    if not board.in_range(rules, state, c47, board.home_hex(rules, state, c47), action.to):
        return RuleError("The drop zone is beyond the C-47's range.", "oc.components.air.range")
    return None


@handlers.check(Airdrop)
def check_drop(rules: Cartwheel, state: GameState, action: Airdrop) -> RuleError | None:
    return why_not_drop(rules, state, action, deciding(rules, state))


@handlers.effect(Airdrop)
def airdrop(rules: Cartwheel, ctx: Context, action: Airdrop) -> None:
    s, mine = ctx.state, rules.mine(ctx.state)
    u = s.units[action.unit]
    c47 = s.units[u.at.carrier]  # type: ignore[union-attr]
    u.at = board.hx(rules, action.to)
    mine.control[action.to] = u.side
    c47.at = DisplayBox(c47.at.display, board.box(board.disrupted(c47), True))  # type: ignore[union-attr]
    flow.acted(rules, ctx)
    ctx.emit(Sailed(u.id, action.to), f"{u.side} air mission: a C-47 drops {u.id} on {action.to}; {u.side} control it.",
             ["oc.components.air.c47_carries_parachute", "oc.special.concept.hex_control"], u.side)
    flow.settle(rules, ctx)


@handlers.candidates("ops.mission")
def offer_missions(rules: Cartwheel, state: GameState) -> Iterator[Action]:
    yield from missions(rules, state, rules.mine(state).round.to_act)  # type: ignore[union-attr]
    yield PassMission()


def deciding(rules: Cartwheel, state: GameState) -> str:
    rnd = rules.mine(state).round
    return rnd.to_act if rnd is not None else state.active


@handlers.check(StrikeBase)
def check_strike_base(rules: Cartwheel, state: GameState, action: StrikeBase) -> RuleError | None:
    if action.airbase not in rules.mine(state).bases:
        return RuleError("Name an enemy airbase.", "oc.air.airbase_target.may_be_bombed")
    return why_not_strike(rules, state, action.base, action.airbase, deciding(rules, state))


@handlers.check(StrikeShip)
def check_strike_ship(rules: Cartwheel, state: GameState, action: StrikeShip) -> RuleError | None:
    if action.target in rules.mine(state).bases:
        return RuleError("Name an enemy naval unit.", "oc.base.strike_mission_default")
    return why_not_strike(rules, state, action.base, action.target, deciding(rules, state))


def interceptor_candidates(rules: Cartwheel, state: GameState, side: str, hex_: str, target: str) -> list[str]:
    """oc.air.concept.scramble_to_intercept: enemy fighters Ready at the target airbase or at an airbase whose
    range reaches the target hex."""
    mine = rules.mine(state)
    out = []
    for u in state.units.values():
        if not u.alive or u.side == side or u.kind != FIGHTER:
            continue
        d = board.base_of(u)
        if d is None or u.at.box not in (READY, READY_D) or not board.hosts(rules, state, d):  # type: ignore[union-attr]
            continue
        st = mine.air[u.id]
        if (st.group == "11th" and not mine.committed) or (st.group == "tf36" and not mine.tf36):
            continue
        if d == target or board.in_range(rules, state, u, board.base_hex(rules, state, d), hex_):
            out.append(u.id)
    for uid, marks in mine.afloat.items():  # a Rufe at a port, not yet flown (oc.air.hosting.rufe_at_port_on_map)
        u = state.units[uid]
        if u.alive and u.side != side and "Flown" not in marks and mine.committed and board.on_map(u) \
                and board.in_range(rules, state, u, board.label(rules, u.at), hex_):  # type: ignore[arg-type]
            out.append(uid)
    return sorted(out)


def launch(rules: Cartwheel, ctx: Context, base: str, target: str) -> None:
    s, mine = ctx.state, rules.mine(ctx.state)
    side = mine.bases[base].side
    h = target_hex(rules, s, target)
    assert h is not None
    bombers, escorts = strike_force(rules, s, base, h)
    escapers = [u.id for u in board.based(s, target) if u.kind != FIGHTER and u.at.box in (READY, READY_D)] \
        if target in mine.bases else []  # type: ignore[union-attr]
    mine.strike = Strike(side, base, target, h, bombers, escorts,
                         interceptor_candidates(rules, s, side, h, target) + sorted(escapers))
    mine.bombed += bombers
    name = rules.base_name(target) if target in mine.bases else f"{target} at {h}"
    flow.acted(rules, ctx)
    ctx.emit(StrikeFlown(side, target, list(bombers), list(escorts)),
             f"{side} strike {name} from {rules.base_name(base)}: {', '.join(bombers)}"
             + (f", escorted by {', '.join(escorts)}" if escorts else "") + ".",
             ["oc.base.strike_mission_default", "oc.sequence.phase.air_naval_roles", "oc.air.concept.missions"],
             side, to=side, public=f"{side} strike {name} with {len(bombers)} bombers and {len(escorts)} fighters.")
    next_stage(rules, ctx, "ops.mission")


@handlers.effect(StrikeBase)
def strike_base(rules: Cartwheel, ctx: Context, action: StrikeBase) -> None:
    launch(rules, ctx, action.base, action.airbase)


@handlers.effect(StrikeShip)
def strike_ship(rules: Cartwheel, ctx: Context, action: StrikeShip) -> None:
    launch(rules, ctx, action.base, action.target)


STAGES = ["ops.scramble", "ops.combat", "ops.aa", "ops.bomb"]


def stage_needed(rules: Cartwheel, state: GameState, key: str) -> bool:
    st = rules.mine(state).strike
    assert st is not None
    live = [b for b in st.bombers if b not in st.aborted]
    if key == "ops.scramble":
        return bool(st.candidates)
    if key == "ops.combat":
        return bool(st.interceptors)
    if key == "ops.aa":
        return bool(live) and st.target in rules.mine(state).bases and board.aa_factor(rules, state, st.target) > 0
    return bool(live)


def next_stage(rules: Cartwheel, ctx: Context, after: str) -> None:
    later = STAGES[STAGES.index(after) + 1:] if after in STAGES else STAGES
    for key in later:
        if stage_needed(rules, ctx.state, key):
            ctx.goto(key)
            return
    land(rules, ctx)


def scramble_drm_of(rules: Cartwheel, state: GameState, uid: str) -> int:
    mine = rules.mine(state)
    st = mine.strike
    assert st is not None
    u = state.units[uid]
    d = board.base_of(u)
    recon = any(state.units[r].side == st.side and h == st.hex for r, h in mine.recon_over.items()) or (
        st.side == "Allies" and mine.magic_at == st.hex)
    return combat.scramble_drm(d is not None and mine.bases[d].status == DISRUPTED, uid in mine.regrouping, recon)


@handlers.roll("ops.scramble")
def scramble_dice(rules: Cartwheel, state: GameState) -> Roll:
    st = rules.mine(state).strike
    assert st is not None
    enemy = state.other(st.side)
    return Roll.of([(D10, len(st.candidates))], [f"{enemy}: scramble"], by=enemy, to=enemy,
                   public=f"{enemy} roll to scramble fighters.")


@handlers.resolve("ops.scramble")
def scramble(rules: Cartwheel, ctx: Context, faces: Faces) -> None:
    s, st = ctx.state, rules.mine(ctx.state).strike
    assert st is not None
    up = [uid for uid, f in zip(st.candidates, faces[0], strict=True)
          if combat.scrambles(f, scramble_drm_of(rules, s, uid))]
    st.interceptors = [uid for uid in up if s.units[uid].kind == FIGHTER]
    st.escaped = [uid for uid in up if s.units[uid].kind != FIGHTER]
    enemy = s.other(st.side)
    ctx.emit(AirLoss(), f"{enemy} scramble {', '.join(st.interceptors) or 'no fighter'}"
             + (f"; {', '.join(st.escaped)} scramble away from the target" if st.escaped else "") + ".",
             ["oc.base.scramble_default", "oc.air.recon.scramble_drm", "oc.air.concept.scramble_to_escape"], enemy,
             to=enemy, public=f"{enemy} scramble {len(st.interceptors)} fighters.")
    next_stage(rules, ctx, "ops.scramble")


@handlers.roll("ops.combat")
def combat_dice(rules: Cartwheel, state: GameState) -> Roll:
    st = rules.mine(state).strike
    assert st is not None
    enemy = state.other(st.side)
    return Roll.of([(D10, len(st.interceptors)), (D10, len(st.escorts)), (D10, len(defenders(st)))],
                   [f"{enemy}: interceptors", f"{st.side}: escorts", f"{st.side}: bombers' defensive fire"],
                   by=[enemy, st.side, st.side])


def defenders(st: Strike) -> list[tuple[int, int]]:
    """Bombers under attack and the first interceptor attacking each: a bomber's AF (printed red) fires only back at
    an attacker (oc.components.air.attack_factor_red_defensive)."""
    by_i, _ = combat.targets(len(st.bombers), len(st.escorts), len(st.interceptors))
    out: dict[int, int] = {}
    for i, t in enumerate(by_i):
        out.setdefault(t, i)
    return sorted(out.items())


def damage_of(state: GameState, u: Unit) -> combat.Damage:
    return combat.Damage(board.disrupted(u), u.strength < u.max_strength)


def apply_hits(rules: Cartwheel, ctx: Context, hits: dict[str, int], why: str, clause: str) -> None:
    """Hits on aerial units, all at once (a unit hit still fired): disrupted, reduced or eliminated."""
    s, mine = ctx.state, rules.mine(ctx.state)
    for uid, n in hits.items():
        u = s.units[uid]
        if not u.alive:
            continue
        if (st := mine.strike) and uid in st.bombers and uid not in st.aborted:
            st.aborted.append(uid)  # a disrupted or destroyed bomber does not bomb
        d = damage_of(s, u)
        for _ in range(n):
            d = combat.hit(d, mine.air[uid].two_sided)
        words = "eliminated" if d.eliminated else "reduced and disrupted" if d.reduced and u.strength == u.max_strength \
            else "disrupted"
        if d.eliminated:
            eliminate(rules, ctx, u)
        else:
            if d.reduced:
                u.strength = 1
            if isinstance(u.at, DisplayBox):
                u.at = DisplayBox(u.at.display, board.box(True, board.flown(u)))
            elif uid in mine.afloat and "Disrupted" not in mine.afloat[uid]:
                mine.afloat[uid].append("Disrupted")
        ctx.emit(AirLoss(uid, words), f"{uid} is {words} ({why}).", [clause], u.side, to=u.side,
                 public=f"A {u.side} aerial unit is {words} ({why}).")


def eliminate(rules: Cartwheel, ctx: Context, u: Unit) -> None:
    mine = rules.mine(ctx.state)
    u.strength = 0
    u.at = None
    mine.afloat.pop(u.id, None)
    if mine.air.get(u.id) and mine.air[u.id].group == "11th" and u.id not in mine.destroyed_11th:
        mine.destroyed_11th.append(u.id)


@handlers.resolve("ops.combat")
def aerial_combat(rules: Cartwheel, ctx: Context, faces: Faces) -> None:
    st = rules.mine(ctx.state).strike
    assert st is not None
    by_i, by_e = combat.targets(len(st.bombers), len(st.escorts), len(st.interceptors))
    mine = rules.mine(ctx.state)
    hits: dict[str, int] = {}
    for uid, f, t in zip(st.interceptors, faces[0], by_i, strict=True):
        if combat.fire_hits(f, mine.air[uid].af):
            hits[st.bombers[t]] = hits.get(st.bombers[t], 0) + 1
    for uid, f, t in zip(st.escorts, faces[1], by_e, strict=True):
        if combat.fire_hits(f, mine.air[uid].af):
            hits[st.interceptors[t]] = hits.get(st.interceptors[t], 0) + 1
    for (b, i), f in zip(defenders(st), faces[2], strict=True):
        if combat.fire_hits(f, mine.air[st.bombers[b]].af):
            hits[st.interceptors[i]] = hits.get(st.interceptors[i], 0) + 1
    apply_hits(rules, ctx, hits, "aerial combat", "oc.base.aerial_combat_default")
    next_stage(rules, ctx, "ops.combat")


@handlers.roll("ops.aa")
def aa_dice(rules: Cartwheel, state: GameState) -> Roll:
    st = rules.mine(state).strike
    assert st is not None
    enemy = state.other(st.side)
    return Roll.of([(D10, board.aa_factor(rules, state, st.target))], [f"{enemy}: AA"], by=enemy)


@handlers.resolve("ops.aa")
def aa_fire(rules: Cartwheel, ctx: Context, faces: Faces) -> None:
    st = rules.mine(ctx.state).strike
    assert st is not None
    live = [b for b in st.bombers if b not in st.aborted]
    n = sum(1 for f in faces[0] if combat.aa_hits(f))
    hits = {live[i]: 1 for i in combat.aa_targets(n, len(live))}
    apply_hits(rules, ctx, hits, "AA fire", "oc.base.aa_fire_default")
    next_stage(rules, ctx, "ops.aa")


@handlers.roll("ops.bomb")
def bomb_dice(rules: Cartwheel, state: GameState) -> Roll:
    st = rules.mine(state).strike
    assert st is not None
    live = [b for b in st.bombers if b not in st.aborted]
    return Roll.of([(D10, len(live))], [f"{st.side}: bombing"], by=st.side)


@handlers.resolve("ops.bomb")
def bombing(rules: Cartwheel, ctx: Context, faces: Faces) -> None:
    s, mine = ctx.state, rules.mine(ctx.state)
    st = mine.strike
    assert st is not None
    live = [b for b in st.bombers if b not in st.aborted]
    hits = sum(1 for uid, f in zip(live, faces[0], strict=True) if combat.bomb_hits(f, bombing_factor(rules, s, uid)))
    if st.target in mine.bases:
        bomb_airbase(rules, ctx, st.target, hits)
    else:
        ship = s.units[st.target]
        for _ in range(hits):
            if not ship.alive:
                break
            if ship.strength > 1:
                ship.strength -= 1
            else:
                for passenger in s.aboard(ship.id):  # lost with their transport
                    passenger.strength = 0
                    passenger.at = None
                ship.strength = 0
                ship.at = None
        ctx.emit(AirLoss(ship.id, "sunk" if not ship.alive else "reduced" if hits else "missed"),
                 f"{hits} bomb hits on {ship.id}" + (": sunk." if not ship.alive else "."),
                 ["oc.base.bombing_default"], st.side)
    land(rules, ctx)


def bombing_factor(rules: Cartwheel, state: GameState, uid: str) -> int:
    st = rules.mine(state).air[uid]
    return st.bf if st.bf else (1 if st.strafe else 0)


def bomb_airbase(rules: Cartwheel, ctx: Context, target: str, hits: int) -> None:
    s, mine = ctx.state, rules.mine(ctx.state)
    b = mine.bases[target]
    res = combat.airbase_bombed(hits, b.status == DISRUPTED, b.status == CONSTRUCTION)
    name = rules.base_name(target)
    clauses = ["oc.base.bombing_default"]
    if res.status == "removed" or (res.status == "destroyed" and b.kind == MOBILE):
        clauses.append("oc.air.mobile.under_construction_removed_if_hit" if b.status == CONSTRUCTION
                       else "oc.air.mobile.operational_removed_if_destroyed")
        b.status, b.hex = ABSENT, None
    elif res.status in ("disrupted", "destroyed"):
        b.status = DISRUPTED if res.status == "disrupted" else DESTROYED
        if res.status == "destroyed":
            clauses.append("oc.air.airbase_destruction.eliminated_marker")
    if res.status == "destroyed":
        award(rules, ctx, s.other(b.side), BASE_DESTROYED_VP, f"{name} destroyed", "oc.base.victory_default")
    ctx.emit(AirbaseChanged(target, res.status), f"{hits} bomb hits on {name}: {res.status}.", clauses,
             s.other(b.side))
    away = set(mine.strike.interceptors + mine.strike.escaped) if mine.strike else set()
    ground = deque(u for u in board.based(s, target) if not board.disrupted(u) and u.id not in away)
    extra = {}
    for _ in range(res.ground_hits):
        if ground:
            extra[ground.popleft().id] = 1
    if extra:
        apply_hits(rules, ctx, extra, "bombed on the ground", "oc.base.bombing_default")
    if not board.hosts(rules, s, target):  # a destroyed or removed airbase hosts nothing: its units stage out
        for u in board.based(s, target):
            rebase(rules, ctx, u, b.hex or rules.site_hex_of(target))


def rebase(rules: Cartwheel, ctx: Context, u: Unit, frm: str | None) -> None:
    """A unit whose airbase can no longer host it flies to the nearest friendly airbase in range with room, Flown;
    with none it is lost (our reading: oc.air.hosting.must_be_based)."""
    dis = board.disrupted(u)
    u.at = None
    to = board.landing(rules, ctx.state, u, frm)
    if to is None:
        eliminate(rules, ctx, u)
        ctx.emit(Rebased(u.id), f"{u.id} finds no friendly airbase in range and is lost.",
                 ["oc.air.hosting.must_be_based"], u.side, to=u.side, public=f"A {u.side} aerial unit is lost.")
        return
    u.at = rules.board.displays[to].box(board.box(dis, True))
    ctx.emit(Rebased(u.id, to), f"{u.id} lands at {rules.base_name(to)}.", ["oc.air.hosting.must_be_based"], u.side,
             to=u.side)


def land(rules: Cartwheel, ctx: Context) -> None:
    """Every unit that flew goes to the Flown half of its airbase, the disrupted ones to Flown-Disrupted
    (oc.air.layout.flown_half, oc.air.layout.disrupted_quadrants); a unit whose airbase was lost meanwhile rebases."""
    s, mine = ctx.state, rules.mine(ctx.state)
    st = mine.strike
    assert st is not None
    for uid in st.bombers + st.escorts + st.interceptors + st.escaped:
        u = s.units[uid]
        if uid in mine.afloat and u.alive and "Flown" not in mine.afloat[uid]:
            mine.afloat[uid].append("Flown")  # the Flown marker on the Rufe's counter, on the map
        if not u.alive or not isinstance(u.at, DisplayBox):
            continue
        d = u.at.display
        u.at = DisplayBox(d, board.box(board.disrupted(u), True))
        if not board.hosts(rules, s, d):
            rebase(rules, ctx, u, mine.bases[d].hex or rules.site_hex_of(d))
    mine.strike = None
    flow.resume(rules, ctx, "ops.mission")


# ============================================================================ naval missions
def sea_reach(rules: Cartwheel, state: GameState, u: Unit) -> list[str]:
    mine = rules.mine(state)
    if u.id in mine.sailed or u.at is None or isinstance(u.at, DisplayBox):
        return []
    if u.attrs.get("tf36") and not mine.tf36:
        return []
    start = board.label(rules, u.at)  # type: ignore[arg-type]
    seen, frontier = {start: 0}, deque([start])
    while frontier:
        h = frontier.popleft()
        if seen[h] >= NAVAL_MOVE:
            continue
        for n in board.neighbours(rules, h):
            if n not in seen and (board.terrain(rules, n) == "sea" or board.coastal(rules, n) and rules.is_port(n)):
                seen[n] = seen[h] + 1
                if board.terrain(rules, n) == "sea":
                    frontier.append(n)
    return sorted(h for h in seen if h != start)


@handlers.check(Sail)
def check_sail(rules: Cartwheel, state: GameState, action: Sail) -> RuleError | None:
    u = state.units.get(action.unit)
    if u is None or not u.alive or u.side != deciding(rules, state) or not board.is_naval(u):
        return RuleError("Name one of your naval units.", "oc.base.naval_mission_default")
    if action.to not in sea_reach(rules, state, u):
        return RuleError("A naval mission moves one naval unit up to 4 sea hexes, once a turn.",
                         "oc.base.naval_mission_default")
    return None


@handlers.effect(Sail)
def sail(rules: Cartwheel, ctx: Context, action: Sail) -> None:
    u = ctx.state.units[action.unit]
    frm = board.label(rules, u.at)  # type: ignore[arg-type]
    u.at = board.hx(rules, action.to)
    rules.mine(ctx.state).sailed.append(u.id)
    flow.acted(rules, ctx)
    ctx.emit(Sailed(u.id, action.to), f"{u.side} naval mission: {u.id} sails from {frm} to {action.to}.",
             ["oc.base.naval_mission_default", "oc.air.concept.missions"], u.side)
    flow.settle(rules, ctx)


handlers.unchecked(PassMission)


@handlers.effect(PassMission)
def pass_mission(rules: Cartwheel, ctx: Context, action: PassMission) -> None:
    flow.passed(rules, ctx, "passes this mission opportunity.", ["oc.sequence.phase.air_naval_end_on_passes"])


_ = (READY_D,)
