"""Sea Movement: loading as it opens, the ships' moves, unloading as it closes (was.naval.load.*, was.naval.unload.*,
was.base.sea_movement_default)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ...engine import Action, Context, GameState, RuleError, Unit
from ...engine.actions import made
from ...engine.state import Aboard
from . import board, flow
from .actions import EndLoading, EndMoves, EndUnloading, Load, Move, Unload
from .data import TROOP_HULL, capacity_of
from .events import Loaded, Moved, Unloaded
from .handlers import handlers

if TYPE_CHECKING:
    from .rules import Warsea

END_LOADING, END_MOVES, END_UNLOADING = EndLoading(), EndMoves(), EndUnloading()
"""The passes, made once: a listing offers the same one every time (an action is a frozen value)."""


def deciding(rules: Warsea, state: GameState) -> str:
    rnd = rules.mine(state).round
    return rnd.to_act if rnd is not None else state.active


def listed(state: GameState, key: tuple[Any, ...], action: Action) -> bool:
    """Whether ``action`` is one of those the listing of legal actions in progress has already found legal (the
    list it remembered under ``key``, :meth:`GameState.cached`): its check need not be made again."""
    memo = state.memo
    if memo is None or key not in memo:
        return False
    found = memo.get(("listed", key))
    if found is None:
        found = memo[("listed", key)] = frozenset(memo[key])
    return action in found


def own(state: GameState, uid: str, side: str, what: str, clause: str) -> tuple[Unit | None, RuleError | None]:
    u = state.units.get(uid)
    if u is None or not u.alive or u.side != side:
        return None, RuleError(f"Choose one of {side}'s {what}.", clause)
    return u, None


# ------------------------------------------------------------------------------------------------ loading


def why_not_load(rules: Warsea, state: GameState, action: Load, side: str) -> RuleError | None:
    u, error = own(state, action.unit, side, "ships", "was.naval.capacity.no_other_carriers")
    if u is None:
        return error
    room, clause = board.capacity(rules, state, u)
    if room == 0 or not board.on_map(u):
        return RuleError(f"{u.id} has none of the landing abilities: it cannot carry troops.", clause)
    if u.at not in board.deployment_area(rules, side):
        return RuleError(f"{u.id} is in {rules.where(u.at)}, outside {side}'s deployment area: troops are loaded "
                         "only there.", "was.naval.load.deployment_area_only")
    load = state.load(u.id)
    if load + 1 > room:
        return RuleError(f"{u.id} carries at most {room} troop counter{'s' if room > 1 else ''} and has {load} "
                         "aboard.", "was.naval.load.capacity_limit")
    return None


@flow.work("sea.load")
def loads(rules: Warsea, state: GameState, side: str) -> list[Action]:
    return list(_each_load(rules, state, side))


@flow.works_any("sea.load")
def any_load(rules: Warsea, state: GameState, side: str) -> bool:
    return next(_each_load(rules, state, side), None) is not None


def _each_load(rules: Warsea, state: GameState, side: str) -> Iterator[Action]:
    """The loads :func:`why_not_load` accepts, in the order of the units, weighed without writing out the words of a
    refusal: each of ``side``'s living ships with room aboard (its capacity above what is aboard it now), in a sector
    of ``side``'s deployment area. The area and what each carrier has aboard are worked out once, not once a ship."""
    mine, cards = state.rules_state, rules.options.classes
    area: list[str] | None = None
    aboard: dict[str, int] | None = None
    for u in state.units.values():
        if u.side != side or u.kind != "ship" or u.strength <= 0 or not isinstance(u.at, str):
            continue
        c = cards.get(mine.classes.get(u.id))  # board.card
        room = capacity_of(c.abilities)[0] if c is not None and c.kind == "ship" else 0  # board.capacity
        if room == 0:
            continue
        if area is None:
            area = board.deployment_area(rules, side)
        if u.at not in area:
            continue
        if aboard is None:
            aboard = _aboard_counts(state)
        if aboard.get(u.id, 0) + 1 <= room:
            yield made(Load, u.id)


def _aboard_counts(state: GameState) -> dict[str, int]:
    """Living units aboard each carrier (``state.load`` of every carrier at once)."""
    out: dict[str, int] = {}
    for t in state.units.values():
        at = t.at
        if isinstance(at, Aboard) and t.strength > 0:
            out[at.carrier] = out.get(at.carrier, 0) + 1
    return out


@handlers.candidates("sea.load", checked=[Load])  # the loads found are those check_load accepts
def offer_loads(rules: Warsea, state: GameState) -> list[Action]:
    return [*loads(rules, state, deciding(rules, state)), END_LOADING]


@handlers.check(Load)
def check_load(rules: Warsea, state: GameState, action: Load) -> RuleError | None:
    return why_not_load(rules, state, action, deciding(rules, state))


def new_troop(rules: Warsea, state: GameState, side: str, at: Aboard) -> Unit:
    """A troop counter from the side's unlimited supply (was.components.troops.unlimited_supply)."""
    mine = rules.mine(state)
    prefix = f"{side[:1].upper()}T"
    while True:
        mine.troops_made += 1
        uid = f"{prefix}{mine.troops_made}"
        if uid not in state.units:
            break
    troop = Unit(uid, side, "troop", at, TROOP_HULL, TROOP_HULL)
    state.units[uid] = troop
    return troop


@handlers.effect(Load)
def load(rules: Warsea, ctx: Context, action: Load) -> None:
    u = ctx.state.units[action.unit]
    troop = new_troop(rules, ctx.state, u.side, Aboard(u.id))
    if not ctx.quiet:  # batch play keeps no log: no words to write
        n, room = ctx.state.load(u.id), board.capacity(rules, ctx.state, u)[0]
        ctx.emit(Loaded(u.id, troop.id), f"{u.id} loads troop counter {troop.id} in {rules.where(u.at)} ({n} of {room}).",
                 ["was.naval.load.start_of_sea_movement", "was.naval.load.deployment_area_only",
                  "was.naval.load.capacity_limit"], u.side)
    flow.acted(rules, ctx)


handlers.unchecked(EndLoading)  # a side may always load no more


@handlers.effect(EndLoading)
def end_loading(rules: Warsea, ctx: Context, action: EndLoading) -> None:
    flow.passed(rules, ctx, "no more loading.", ["was.naval.load.start_of_sea_movement"])


# ------------------------------------------------------------------------------------------------ moves


def why_not_move(rules: Warsea, state: GameState, action: Move, side: str) -> RuleError | None:
    u, error = _mover(rules, state, action.unit, side)
    return error if u is None else _why_not_to(rules, u, action.to)


def _mover(rules: Warsea, state: GameState, uid: str, side: str) -> tuple[Unit | None, RuleError | None]:
    """The ship ``uid`` if it may make a move now, else why not (what a move asks of the unit, wherever it goes)."""
    u, error = own(state, uid, side, "ships", "was.base.sea_movement_default")
    if u is None:
        return None, error
    if board.is_aircraft(u):
        return None, RuleError(f"{u.id} is an aircraft: aircraft do not move in Sea Movement, they fly in the Air "
                               "Mission phase.", "was.base.sea_movement_default")
    if not board.is_ship(u) or not isinstance(u.at, str):
        return None, RuleError(f"{u.id} moves only aboard its carrier.", "was.base.sea_movement_default")
    speed = board.card(rules, state, u).speed  # type: ignore[union-attr]
    if rules.mine(state).moved.get(u.id, 0) >= speed:
        return None, RuleError(f"{u.id} has moved its Speed of {speed} sector{'s' if speed != 1 else ''} this turn.",
                               "was.base.sea_movement_default")
    return u, None


def _why_not_to(rules: Warsea, u: Unit, to: str) -> RuleError | None:
    """What a move asks of the sector it goes to: the next one (was.base.sea_movement_default)."""
    if to not in rules.board.areas or board.distance(u.at, to) != 1:  # type: ignore[arg-type]
        return RuleError(f"{rules.where(to)} is not next to {rules.where(u.at)}: a ship moves one sector at a "
                         "time.", "was.base.sea_movement_default")
    return None


def _each_move(rules: Warsea, state: GameState, side: str, first: bool = False) -> list[Action]:
    """The moves :func:`why_not_move` accepts, weighed without writing out the words of a refusal: for each of
    ``side``'s living ships in a sector that has not used its Speed (:func:`_mover`), in the order of the units, its
    moves to each next sector (:func:`_why_not_to`). One pass over the units, reading each ship's card
    (``board.card``) and its sectors moved directly: this runs at nearly every move of the game, twice (the listing,
    and whether the side has a move left after it). ``first``: only the first ship's moves (enough to know whether
    there is any)."""
    mine = state.rules_state
    moved, classes, cards = mine.moved, mine.classes, rules.options.classes
    known: dict[tuple[str, str], tuple[Move, ...]] = rules.fixed["moves_from"]
    out: list[Action] = []
    for u in state.units.values():
        if u.side == side and u.kind == "ship" and u.strength > 0:  # units_of(side), is_ship (alive: strength > 0)
            at = u.at
            if isinstance(at, str) and moved.get(u.id, 0) < cards.get(classes.get(u.id)).speed:  # type: ignore[union-attr]
                found = known.get((u.id, at))
                out += found if found is not None else _moves_from(rules, u.id, at)
                if first and out:
                    break
    return out


def _moves_from(rules: Warsea, uid: str, at: str) -> tuple[Move, ...]:
    """A :class:`Move` of ship ``uid`` from ``at`` to each next sector (:func:`_next_sectors`), made once."""
    known: dict[tuple[str, str], tuple[Move, ...]] = rules.fixed["moves_from"]
    found = known.get((uid, at))
    if found is None:
        found = known[(uid, at)] = tuple(made(Move, uid, link) for link in _next_sectors(rules, at))
    return found


def _next_sectors(rules: Warsea, at: str) -> tuple[str, ...]:
    """The sectors a ship in ``at`` may move to: its links that are sectors of the map next to it (what
    :func:`_why_not_to` accepts), worked out once per sector (the map never changes)."""
    known: dict[str, tuple[str, ...]] = rules.fixed["next_sectors"]
    found = known.get(at)
    if found is None:
        areas = rules.board.areas
        found = known[at] = tuple(link for link in areas[at].links if link in areas and board.distance(at, link) == 1)
    return found


@flow.work("sea.move")
def moves(rules: Warsea, state: GameState, side: str) -> list[Action]:
    return state.cached(("moves", side), lambda: _each_move(rules, state, side))


@flow.works_any("sea.move")
def any_move(rules: Warsea, state: GameState, side: str) -> bool:
    return bool(_each_move(rules, state, side, first=True))  # stops at the first ship with a sector to go to


@handlers.candidates("sea.move", checked=[Move])  # the moves found are those check_move accepts
def offer_moves(rules: Warsea, state: GameState) -> list[Action]:
    return [*moves(rules, state, deciding(rules, state)), END_MOVES]


@handlers.check(Move)
def check_move(rules: Warsea, state: GameState, action: Move) -> RuleError | None:
    side = deciding(rules, state)
    if listed(state, ("moves", side), action):
        return None
    return why_not_move(rules, state, action, side)


@handlers.effect(Move)
def move(rules: Warsea, ctx: Context, action: Move) -> None:
    mine = rules.mine(ctx.state)
    u = ctx.state.units[action.unit]
    frm, u.at = u.at, action.to
    mine.moved[u.id] = mine.moved.get(u.id, 0) + 1
    if not ctx.quiet:  # batch play keeps no log: no words to write
        cargo = [t.id for t in ctx.state.aboard(u.id)]
        text = f"{u.id} moves from {rules.where(frm)} to {rules.where(u.at)}"
        text += f" with {', '.join(cargo)} aboard." if cargo else "."
        ctx.emit(Moved(u.id, str(frm), u.at), text, ["was.base.sea_movement_default"], u.side)
    rnd, speed = mine.round, board.card(rules, ctx.state, u).speed  # type: ignore[union-attr]
    if rnd is not None and not rnd.over and mine.moved[u.id] < speed and _moves_from(rules, u.id, action.to):
        return  # this ship may move on, so its side has a move left: flow.acted would leave the round as it is
    flow.acted(rules, ctx)


handlers.unchecked(EndMoves)  # a ship need not use its whole Speed


@handlers.effect(EndMoves)
def end_moves(rules: Warsea, ctx: Context, action: EndMoves) -> None:
    flow.passed(rules, ctx, "no more moves.", ["was.base.sea_movement_default"])


# ------------------------------------------------------------------------------------------------ unloading


def why_not_unload(rules: Warsea, state: GameState, action: Unload, side: str) -> RuleError | None:
    u, error = own(state, action.unit, side, "troops aboard a carrier", "was.naval.unload.any_island")
    if u is None:
        return error
    if not board.is_troop(u) or not isinstance(u.at, Aboard):
        return RuleError(f"{u.id} is not a troop counter aboard a carrier.", "was.naval.unload.any_island")
    sector = state.place_of(u)
    if sector not in board.islands(rules):
        return RuleError(f"{u.at.carrier} is in {rules.where(sector)}, which has no island: troops go ashore only on "
                         "an island in their carrier's sector.", "was.naval.unload.any_island")
    return None


@flow.work("sea.unload")
def unloads(rules: Warsea, state: GameState, side: str) -> list[Action]:
    return list(_each_unload(rules, state, side))


@flow.works_any("sea.unload")
def any_unload(rules: Warsea, state: GameState, side: str) -> bool:
    return next(_each_unload(rules, state, side), None) is not None


def _each_unload(rules: Warsea, state: GameState, side: str) -> Iterator[Action]:
    """The unloadings :func:`why_not_unload` accepts, in the order of the units, weighed without writing out the words
    of a refusal: each of ``side``'s living troop counters aboard a carrier in an island's sector (the islands found
    once, not once a troop)."""
    isles: list[str] | None = None
    for u in state.units.values():
        if u.side == side and u.kind == "troop" and u.strength > 0 and isinstance(u.at, Aboard):
            if isles is None:
                isles = board.islands(rules)
            if state.place_of(u) in isles:
                yield made(Unload, u.id)


@handlers.candidates("sea.unload", checked=[Unload])  # the unloadings found are those check_unload accepts
def offer_unloads(rules: Warsea, state: GameState) -> list[Action]:
    return [*unloads(rules, state, deciding(rules, state)), END_UNLOADING]


@handlers.check(Unload)
def check_unload(rules: Warsea, state: GameState, action: Unload) -> RuleError | None:
    return why_not_unload(rules, state, action, deciding(rules, state))


@handlers.effect(Unload)
def unload(rules: Warsea, ctx: Context, action: Unload) -> None:
    s, mine = ctx.state, rules.mine(ctx.state)
    u = s.units[action.unit]
    assert isinstance(u.at, Aboard)
    carrier, sector = u.at.carrier, s.place_of(u)
    u.at = sector
    if carrier not in mine.unloaded:
        mine.unloaded.append(carrier)
    if u.id in mine.rescued:
        mine.rescued.remove(u.id)
    if not ctx.quiet:  # batch play keeps no log: no words to write
        left = len(board.troops_aboard(s, carrier))
        kept = f"; {left} still aboard" if left else ""
        ctx.emit(Unloaded(u.id, carrier, str(sector)),
                 f"{carrier} puts {u.id} ashore on {rules.where(sector)}{kept}. {carrier} makes only anti-air attacks "
                 "for the rest of the turn.",
                 ["was.naval.unload.end_of_sea_movement", "was.naval.unload.any_island",
                  "was.naval.unload.partial_allowed", "was.naval.unload.only_anti_air_after"], u.side)
    flow.acted(rules, ctx)


handlers.unchecked(EndUnloading)  # troops may stay aboard (was.naval.unload.partial_allowed)


@handlers.effect(EndUnloading)
def end_unloading(rules: Warsea, ctx: Context, action: EndUnloading) -> None:
    flow.passed(rules, ctx, "the rest stay aboard.", ["was.naval.unload.partial_allowed"])
