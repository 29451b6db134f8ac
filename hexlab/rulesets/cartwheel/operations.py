"""Air/Naval Operations Phase (4.4): mission opportunities alternate, the Initiative player's initiative missions
first, until each side has passed twice in a row (our reading). A mission is an air strike on an enemy airbase or an
enemy naval unit at sea (oc.base.strike_mission_default: flown in ``strikes.py``), a C-47's parachute drop, or a naval
mission (oc.base.naval_mission_default), here.

What the other side sees: a strike's target and its size are public (the enemy sees the raid arrive); which units
flew, which fighters scrambled and who was hit are told to their owners only."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...engine import Action, Context, GameState, RuleError
from ...engine.actions import made
from ...engine.state import Aboard, DisplayBox, Unit
from ...hexes import Hex
from . import board, flow
from .actions import Airdrop, PassMission, Sail, StrikeBase, StrikeGround, StrikeShip
from .data import (
    ABSENT,
    DESTROYED,
    GONE,
    NAVAL_MOVE,
    OFFBOARD,
)
from .events import Sailed
from .handlers import handlers
from .strikes import (  # noqa: F401  (bomb_airbase, bombing_factor, interceptor_candidates, scramble_drm_of: named here by older code)
    bomb_airbase,
    bomber_reaches,
    bombing_factor,
    fliers,
    interceptor_candidates,
    launch,
    may_fly,
    scramble_drm_of,
    strike_force,
    target_hex,
)

if TYPE_CHECKING:
    from .rules import Cartwheel


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
        if t_u is None or not t_u.alive or t_u.side == side or not (board.is_naval(t_u) or board.is_ground(t_u)):
            return RuleError("Name an enemy airbase, an enemy naval unit at sea or an enemy ground unit.",
                             "oc.base.strike_mission_default")
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


def _aim(rules: Cartwheel, state: GameState, target: str, side: str) -> str | None:
    """The hex ``side`` strikes at ``target`` if :func:`why_not_strike` accepts it there as a target, else ``None``:
    its tests that do not hang on the airbase the strike flies from, in its order (an airbase first: an off-board,
    own, absent, gone, destroyed or unplaced one is never a target; else a unit: an enemy naval or ground unit in a
    hex of the map, TF-36's only when it is committed)."""
    mine = rules.mine(state)
    t = mine.bases.get(target)
    if t is not None:
        if t.kind == OFFBOARD or t.side == side or t.status in (ABSENT, GONE, DESTROYED) or t.hex is None:
            return None
        return t.hex
    t_u = state.units.get(target)
    if t_u is None or not t_u.alive or t_u.side == side or not (board.is_naval(t_u) or board.is_ground(t_u)):
        return None
    if t_u.attrs.get("tf36") and not mine.tf36:
        return None
    return target_hex(rules, state, target)


def _aims(rules: Cartwheel, state: GameState, side: str) -> list[tuple[type[Action], str, str]]:
    """Every target ``side`` may strike now from an airbase whose bombers reach it, as (action class, target, its
    hex), in the listing's order: the enemy airbases, then the enemy naval units, then the enemy ground units on the
    map (each passing :func:`_aim`). Worked out once for all of the side's airbases."""
    mine = rules.mine(state)
    out: list[tuple[type[Action], str, str]] = []
    for d, t in mine.bases.items():
        if t.side != side and (h := _aim(rules, state, d, side)) is not None:
            out.append((StrikeBase, d, h))
    troops: list[tuple[type[Action], str, str]] = []
    for u in state.units.values():  # the ships in the order of the units, then the troops
        if u.side == side or not u.alive:
            continue
        if board.is_naval(u) and (h := _aim(rules, state, u.id, side)) is not None:
            out.append((StrikeShip, u.id, h))
        elif board.is_ground(u) and isinstance(u.at, Hex) and (h := _aim(rules, state, u.id, side)) is not None:
            troops.append((StrikeGround, u.id, h))
    return out + troops


@flow.work("ops.mission")
def missions(rules: Cartwheel, state: GameState, side: str) -> list[Action]:
    return list(each_mission(rules, state, side))


@flow.STEPS.works_any("ops.mission")
def any_mission(rules: Cartwheel, state: GameState, side: str) -> bool:
    """Whether ``side`` has any mission left: ``bool(missions(...))``, asked first of its naval units (a voyage is
    the cheapest mission to find), then in the listing's order."""
    if any(board.is_naval(u) and sea_reach(rules, state, u) for u in state.units_of(side)):
        return True
    return next(each_mission(rules, state, side), None) is not None


def each_mission(rules: Cartwheel, state: GameState, side: str) -> Iterator[Action]:
    """The missions ``side`` may fly or sail now, in order (the pass left out): the strikes of each of its airbases
    (:func:`_aims` within :func:`bomber_reaches`: exactly those :func:`why_not_strike` accepts), then each naval
    unit's voyages and each parachute unit's drops."""
    mine = rules.mine(state)
    aims: list[tuple[type[Action], str, str]] | None = None
    reaches = bomber_reaches(rules, state, side)
    for d, b in mine.bases.items():
        reach = reaches.get(d) if b.side == side else None
        if reach is None:
            continue  # no bomber of its may fly a strike, whatever the target (why_not_strike would refuse each)
        if aims is None:
            aims = _aims(rules, state, side)
        frm = b.hex
        assert frm is not None  # (bomber_reaches leaves out an airbase with no hex)
        for cls, t, h in aims:
            if reach <= 0 or board.distance(rules, frm, h) <= reach:
                yield made(cls, d, t)
    for u in state.units_of(side):
        if board.is_naval(u):
            yield from (made(Sail, u.id, h) for h in sea_reach(rules, state, u))
        elif u.kind == "parachute" and isinstance(u.at, Aboard):
            yield from (a for h in rules.board.terrain if board.in_play(rules, h)
                        if why_not_drop(rules, state, a := Airdrop(u.id, board.label(rules, h)), side) is None)


@handlers.candidates("ops.mission", checked=[StrikeBase, StrikeShip, StrikeGround, Sail, Airdrop])  # as the checks
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
    t = state.units.get(action.target)
    if t is None or not board.is_naval(t):
        return RuleError("Name an enemy naval unit.", "oc.base.strike_mission_default")
    return why_not_strike(rules, state, action.base, action.target, deciding(rules, state))


@handlers.check(StrikeGround)
def check_strike_ground(rules: Cartwheel, state: GameState, action: StrikeGround) -> RuleError | None:
    t = state.units.get(action.target)
    if t is None or not board.is_ground(t):
        return RuleError("Name an enemy ground combat unit on the map.", "oc.components.ground.combat_factor")
    return why_not_strike(rules, state, action.base, action.target, deciding(rules, state))


@handlers.effect(StrikeBase)
def strike_base(rules: Cartwheel, ctx: Context, action: StrikeBase) -> None:
    launch(rules, ctx, action.base, action.airbase)


@handlers.effect(StrikeShip, StrikeGround)
def strike_ship(rules: Cartwheel, ctx: Context, action: StrikeShip | StrikeGround) -> None:
    launch(rules, ctx, action.base, action.target)


def why_not_drop(rules: Cartwheel, state: GameState, action: Airdrop, side: str) -> RuleError | None:
    """oc.components.air.c47_carries_parachute: a Ready C-47 drops the parachute unit it carries on a land hex in its
    range with no enemy ground unit and no enemy airbase (our reading: a drop takes an empty field)."""
    u = state.units.get(action.unit)
    if u is None or u.side != side or u.kind != "parachute" or not isinstance(u.at, Aboard):
        return RuleError("Name a parachute unit aboard a C-47.", "oc.components.air.c47_carries_parachute")
    c47 = state.units[u.at.carrier]
    if c47.kind != "transport" or not may_fly(rules, state, c47):
        return RuleError("Its C-47 must be Ready at its airbase.", "oc.components.air.c47_carries_parachute")
    try:
        board.hx(rules, action.to)
    except ValueError:  # (an airbase's or a unit's name where a hex belongs): refused, never a traceback
        return RuleError(f"{action.to!r} is not a hex of the map: name a hex by its four digits.",
                         "oc.components.map.hex_ids")
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


# ============================================================================ naval missions
def sea_reach(rules: Cartwheel, state: GameState, u: Unit) -> list[str]:
    """The hexes naval unit ``u`` may sail to now (remembered while the legal actions are listed: the listing
    and each Sail's check ask the same)."""
    return list(state.cached(("cartwheel.sea_reach", u.id), lambda: _sea_reach(rules, state, u)))


def _sea_reach(rules: Cartwheel, state: GameState, u: Unit) -> list[str]:
    mine = rules.mine(state)
    if u.id in mine.sailed or u.at is None or isinstance(u.at, DisplayBox):
        return []
    if u.attrs.get("tf36") and not mine.tf36:
        return []
    return list(voyages(rules, board.label(rules, u.at)))  # type: ignore[arg-type]


def voyages(rules: Cartwheel, start: str) -> tuple[str, ...]:
    """The hexes a naval mission from ``start`` may end in, sorted: up to :data:`NAVAL_MOVE` hexes through sea, a
    coastal port ending the way. It hangs on the map alone (its terrain, its coast and the scenario's ports, none of
    which changes in a game), so it is worked out once per hex and ruleset object and remembered for good."""
    known = board.tables(rules).voyages
    found = known.get(start)
    if found is None:
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
        found = known[start] = tuple(sorted(h for h in seen if h != start))
    return found


@handlers.check(Sail)
def check_sail(rules: Cartwheel, state: GameState, action: Sail) -> RuleError | None:
    u = state.units.get(action.unit)
    if u is None or not u.alive or u.side != deciding(rules, state) or not board.is_naval(u):
        return RuleError("Name one of your naval units.", "oc.base.naval_mission_default")
    if action.to not in sea_reach(rules, state, u):
        return why_not_sail(rules, state, u, action.to)
    return None


def why_not_sail(rules: Cartwheel, state: GameState, u: Unit, to: str) -> RuleError:
    """The real reason naval unit ``u`` may not sail to ``to`` now (which :func:`sea_reach` leaves out): it has
    sailed this turn, it belongs to a TF-36 not committed, it is not on the map, or the hex is not in play, is
    where it stands, is land without a port, or lies beyond 4 sea hexes."""
    mine = rules.mine(state)
    clause = "oc.base.naval_mission_default"
    if u.id in mine.sailed:
        return RuleError(f"{u.id} has made its naval mission this turn: a naval unit sails once a turn.", clause)
    if u.attrs.get("tf36") and not mine.tf36:
        return RuleError(f"{u.id} belongs to TF-36, which the Allies have not committed this turn: its units "
                         "sail only in a turn it is committed.", "oc.naval.tf36.commitment_effects_default")
    if not isinstance(u.at, Hex):
        return RuleError(f"{u.id} is not on the map ({rules.where(u.at) if u.at is not None else 'nowhere'}): "
                         "a naval mission starts from a hex of the map.", clause)
    try:
        there = board.hx(rules, to)
    except ValueError:
        return RuleError(f"{to!r} is not a hex of the map.", clause)
    if not board.in_play(rules, there):
        return RuleError(f"{to} is not a hex in play.", "oc.components.map.fractional_hexes_unplayable")
    start = board.label(rules, u.at)
    if to == start:
        return RuleError(f"{u.id} is in {to} already: a naval mission moves it to another hex.", clause)
    if board.terrain(rules, to) != "sea" and not (board.coastal(rules, to) and rules.is_port(to)):
        port = "a port away from the coast" if rules.is_port(to) else "land with no port"
        return RuleError(f"{to} is {port}: a naval unit sails through sea hexes and may end in a coastal port, "
                         "never on other land.", clause)
    return RuleError(f"{to} is beyond {u.id}'s reach: a naval mission moves it up to {NAVAL_MOVE} sea hexes from "
                     f"{start} (a port ends the way).", clause)


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
