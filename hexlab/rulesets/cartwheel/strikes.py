"""An air strike, once declared in the Air/Naval Operations Phase (oc.base.strike_mission_default): the enemy's
fighters scramble, one round of aerial combat, the target airbase's AA, the bombing, and the flight home, each stage
a dice step entered from the mission round (``flow.OWN_ENTRY``) and passed over when it has nothing to roll."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from ...dice import D10
from ...engine import Context, GameState, Roll
from ...engine.flow import Faces
from ...engine.state import DisplayBox, Unit
from ...hexes import Hex
from . import board, combat, flow
from .data import (
    ABSENT,
    BASE_DESTROYED_VP,
    BOMBER,
    CONSTRUCTION,
    DESTROYED,
    DISRUPTED,
    FIGHTER,
    MOBILE,
    READY,
    READY_D,
    naval_combat,
)
from .events import AirbaseChanged, AirLoss, StrikeFlown
from .handlers import handlers
from .losses import apply_hits, lose_steps, rebase
from .scoring import award
from .state import AirStats, Strike

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
    escort fighters of ``base`` that reach ``hex_`` (remembered while the legal actions are listed)."""
    bombers, escorts = state.cached(("cartwheel.strike_force", base, hex_),
                                    lambda: _strike_force(rules, state, base, hex_))
    return list(bombers), list(escorts)


def bomber_reaches(rules: Cartwheel, state: GameState, side: str) -> dict[str, int]:
    """How far a strike from each airbase of ``side``'s may reach, for each one with a hex where a bomber may fly a
    strike (one :func:`fliers` names as a bomber): the longest range among those bombers, or 0 when one of them
    reaches any hex (range U). A hex is within it (0, or a distance from the airbase at most this) exactly when
    :func:`strike_force` there names a bomber, each measured as :func:`board.in_range` does. Found in one pass over the
    units (remembered while the legal actions are listed)."""
    return state.cached(("cartwheel.bomber_reaches", side), lambda: _bomber_reaches(rules, state, side))


def _bomber_reaches(rules: Cartwheel, state: GameState, side: str) -> dict[str, int]:
    mine = rules.mine(state)
    air, bombed = mine.air, mine.bombed
    out: dict[str, int] = {}
    for d, units in board.by_base(state).items():  # fliers(): the combat units at the airbase that may fly
        b = mine.bases.get(d)
        if b is None or b.side != side or b.hex is None:
            continue  # (board.in_range: no bomber reaches anything from an airbase with no hex)
        ranges = [st.range for u in units if (st := air.get(u.id)) is not None and board.is_combat_air(u)
                  and _as_bomber(u, st) and u.id not in bombed and may_fly(rules, state, u)]
        if ranges:  # (escorts do not make a strike: only a bomber's reach counts; may_fly refuses a unit with no factors)
            out[d] = 0 if min(ranges) <= 0 else max(ranges)
    return out


def _strike_force(rules: Cartwheel, state: GameState, base: str, hex_: str) -> tuple[list[str], list[str]]:
    frm = board.base_hex(rules, state, base)
    bombers, escorts = [], []
    for u, as_bomber in fliers(rules, state, base):
        if not board.in_range(rules, state, u, frm, hex_):
            continue
        if as_bomber:
            bombers.append(u.id)  # a strafer, or the Beaufighter flying as a bomber (oc.components.air.*)
        else:
            escorts.append(u.id)
    return sorted(bombers), sorted(escorts)


def fliers(rules: Cartwheel, state: GameState, base: str) -> list[tuple[Unit, bool]]:
    """The units of ``base`` that may fly in a strike wherever it goes (range aside), each with whether it flies
    as a bomber (else as an escort), in the order of the units (remembered while the legal actions are listed)."""
    return state.cached(("cartwheel.fliers", base), lambda: _fliers(rules, state, base))


def _fliers(rules: Cartwheel, state: GameState, base: str) -> list[tuple[Unit, bool]]:
    mine = rules.mine(state)
    out = []
    for u in board.based(state, base):
        if not board.is_combat_air(u) or not may_fly(rules, state, u):
            continue
        as_bomber = _as_bomber(u, mine.air[u.id])
        if as_bomber and u.id not in mine.bombed:
            out.append((u, True))
        elif u.kind == FIGHTER:
            out.append((u, False))
    return out


def _as_bomber(u: Unit, st: AirStats) -> bool:
    """Whether an aerial combat unit flies a strike as a bomber (a bomber with a BF, a strafer, a fighter-bomber with a
    BF: oc.components.air.*), else as an escort."""
    return u.kind == BOMBER and st.bf >= 1 or u.kind == FIGHTER and (st.strafe or st.code == "FB" and st.bf >= 1)


def target_hex(rules: Cartwheel, state: GameState, target: str) -> str | None:
    mine = rules.mine(state)
    if target in mine.bases:
        return mine.bases[target].hex
    u = state.units.get(target)
    if u is not None and u.alive and isinstance(u.at, Hex):  # not on a display, aboard a ship or gone
        return board.label(rules, u.at)
    return None


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


STAGES = ["ops.scramble", "ops.combat", "ops.aa", "ops.bomb"]


def stage_needed(rules: Cartwheel, state: GameState, key: str) -> bool:
    st = rules.mine(state).strike
    assert st is not None
    live = st.still_in()
    if key == "ops.scramble":
        return bool(st.candidates)
    if key == "ops.combat":
        return bool(st.interceptors)
    if key == "ops.aa":
        return bool(live) and target_aa(rules, state, st.target) > 0
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


@handlers.resolve("ops.combat")
def aerial_combat(rules: Cartwheel, ctx: Context, faces: Faces) -> None:
    st = rules.mine(ctx.state).strike
    assert st is not None
    by_i, by_e = combat.targets(len(st.bombers), len(st.escorts), len(st.interceptors))
    mine = rules.mine(ctx.state)
    hits: dict[str, int] = {}
    s = ctx.state
    for uid, f, t in zip(st.interceptors, faces[0], by_i, strict=True):
        if combat.fire_hits(f, mine.air[uid].af, df_drm(rules, s, st.bombers[t])):
            hits[st.bombers[t]] = hits.get(st.bombers[t], 0) + 1
    for uid, f, t in zip(st.escorts, faces[1], by_e, strict=True):
        if combat.fire_hits(f, mine.air[uid].af, df_drm(rules, s, st.interceptors[t])):
            hits[st.interceptors[t]] = hits.get(st.interceptors[t], 0) + 1
    for (b, i), f in zip(defenders(st), faces[2], strict=True):
        if combat.fire_hits(f, mine.air[st.bombers[b]].af, df_drm(rules, s, st.interceptors[i])):
            hits[st.interceptors[i]] = hits.get(st.interceptors[i], 0) + 1
    apply_hits(rules, ctx, hits, "aerial combat", "oc.base.aerial_combat_default")
    next_stage(rules, ctx, "ops.combat")


def df_drm(rules: Cartwheel, state: GameState, uid: str) -> int:
    """The DRM on fire at aerial unit ``uid``: its DF against the scenario's standard DF (ours, illustrative:
    oc.components.air.defense_factor, the unit's ability to withstand enemy fire)."""
    return combat.resistance(rules.mine(state).air[uid].df, rules.options.df_standard)


def target_aa(rules: Cartwheel, state: GameState, target: str) -> int:
    """The AA factor that fires at a strike: the target airbase's, or a naval combat unit's own (a transport has
    none: oc.naval.concept.naval_combat_units); a ground unit has none."""
    mine = rules.mine(state)
    if target in mine.bases:
        return board.aa_factor(rules, state, target)
    ship = mine.ships.get(target)
    return ship.aa if ship is not None and naval_combat(ship.ship) else 0


@handlers.roll("ops.aa")
def aa_dice(rules: Cartwheel, state: GameState) -> Roll:
    st = rules.mine(state).strike
    assert st is not None
    enemy = state.other(st.side)
    return Roll.of([(D10, target_aa(rules, state, st.target))], [f"{enemy}: AA"], by=enemy)


@handlers.resolve("ops.aa")
def aa_fire(rules: Cartwheel, ctx: Context, faces: Faces) -> None:
    """oc.base.aa_fire_default: each die fires at a bomber still in the strike (:func:`combat.aa_aim`), hitting at 3
    or less after that bomber's DF modifier (oc.components.air.defense_factor, ours)."""
    st = rules.mine(ctx.state).strike
    assert st is not None
    live = st.still_in()
    aim = combat.aa_aim(len(faces[0]), len(live))
    landed = [combat.aa_hits(f, df_drm(rules, ctx.state, live[t])) for f, t in zip(faces[0], aim, strict=True)]
    hits = {live[i]: 1 for i in combat.aa_targets(landed, len(live))}
    clause = "oc.base.aa_fire_default" if st.target in rules.mine(ctx.state).bases else "oc.naval.concept.naval_combat_units"
    apply_hits(rules, ctx, hits, "AA fire", clause)
    next_stage(rules, ctx, "ops.aa")


@handlers.roll("ops.bomb")
def bomb_dice(rules: Cartwheel, state: GameState) -> Roll:
    st = rules.mine(state).strike
    assert st is not None
    live = st.still_in()
    return Roll.of([(D10, len(live))], [f"{st.side}: bombing"], by=st.side)


@handlers.resolve("ops.bomb")
def bombing(rules: Cartwheel, ctx: Context, faces: Faces) -> None:
    s, mine = ctx.state, rules.mine(ctx.state)
    st = mine.strike
    assert st is not None
    live = st.still_in()
    drm = combat.resistance(mine.ground[st.target].cf, rules.options.cf_standard) if st.target in mine.ground else 0
    hits = sum(1 for uid, f in zip(live, faces[0], strict=True)
               if combat.bomb_hits(f, bombing_factor(rules, s, uid), drm))
    if st.target in mine.bases:
        bomb_airbase(rules, ctx, st.target, hits)
    elif st.target in mine.ground:
        bomb_ground(rules, ctx, st.target, hits)
    else:
        ship = s.units[st.target]
        lose_steps(ctx, ship, hits)
        ctx.emit(AirLoss(ship.id, "sunk" if not ship.alive else "reduced" if hits else "missed"),
                 f"{hits} bomb hits on {ship.id}" + (": sunk." if not ship.alive else "."),
                 ["oc.base.bombing_default"], st.side)
    land(rules, ctx)


def bomb_ground(rules: Cartwheel, ctx: Context, target: str, hits: int) -> None:
    """Bombs on a ground combat unit: each hit, after its CF's resistance (oc.components.ground.combat_factor), costs
    it a step (ours, on oc.base.bombing_default)."""
    u = ctx.state.units[target]
    lose_steps(ctx, u, hits)
    side = ctx.state.other(u.side)
    ctx.emit(AirLoss(u.id, "eliminated" if not u.alive else "reduced" if hits else "missed"),
             f"{hits} bomb hits on {u.id} (CF {rules.mine(ctx.state).ground[target].cf})"
             + (": eliminated." if not u.alive else "."), ["oc.base.bombing_default", "oc.components.ground.combat_factor"],
             side)


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
