"""Ground moves (the ``ground.move`` step), every hour: each side in turn, the scenario's first side first
(caf.sequence.ground_move_timing), moves units that have not moved this turn (caf.movement.once_per_turn)
straight to another box (caf.movement.direct_location_to_location, caf.movement.locations.four_boxes_only):
overland along a land link (caf.movement.option.overland, caf.movement.overland_connections), by naval transport
into a box with no enemy (caf.movement.option.naval_transport), or by amphibious invasion into an enemy box
(caf.movement.option.amphibious_invasion, caf.movement.may_enter_enemy_box). A sea move needs friendly fighters
over every box of its route (caf.air.cover.required_for_sea_moves; caf.air.cover.not_needed_overland). No unit
leaves a contested box (caf.movement.no_exit_from_contested_box) and no side puts more than 4 steps in a box
(caf.stacking.four_steps_per_box). Entering an enemy box starts a fight there, or joins the one going on
(caf.combat.attacker_defender_roles).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...engine import Context, GameState, RuleError
from ...engine.actions import made
from ...engine.state import Unit
from . import facts
from .actions import HOWS, EndMoves, Move
from .board import BOTH, box_view
from .counters import face_text
from .data import HOW_WORDS, MOVE_CLAUSES, STACK_LIMIT
from .events import AirCover, BattleJoined, UnitMoved
from .handlers import handlers
from .shared import next_decider
from .state import Roles

if TYPE_CHECKING:
    from .rules import Cactus


def move_candidates(rules: Cactus, state: GameState, side: str) -> Iterator[Move]:
    """Each of ``side``'s units that may move at all (not moved this turn, not in a contested box: otherwise every
    move of its would be refused, caf.movement.once_per_turn, caf.movement.no_exit_from_contested_box) to every
    other box, each way."""
    moved, ground = state.rules_state.turn.moved, rules.ground
    for u in state.units_of(side):
        if not isinstance(u.at, str) or u.id in moved or ground.contested(state, u.at):
            continue
        for box in ground.boxes:
            if box != u.at:
                for how in HOWS:
                    yield Move(u.id, box, how)


def _legal_moves(rules: Cactus, state: GameState, side: str) -> Iterator[tuple[Unit, str, str]]:
    """The moves of :func:`move_candidates` that :func:`move_rules_error` accepts, as (unit, box, way), weighed before
    any :class:`Move` is made (most candidates are refused)."""
    mine = state.rules_state
    moved, ground = mine.turn.moved, rules.ground
    view = box_view(state)  # who stands where, found once while the state stands still
    side_at, steps_at = view.side_at, view.steps
    hour = mine.hour
    land, covered = ground.land, ground.cover_map(side, hour)
    for u in state.units.values():
        at = u.at
        if (u.side != side or u.strength <= 0 or not isinstance(at, str) or u.id in moved
                or side_at.get(at) is BOTH):
            continue  # (of state.units_of(side), those that may move at all: not moved, not in a contested box)
        for box in ground.box_ids:
            if box == at or steps_at.get((box, side), 0) + u.strength > STACK_LIMIT:
                continue  # (no way in: the stacking limit holds whichever way the unit comes)
            # _may_go for each way of HOWS in its order: overland along a land link; then by sea, under cover over the
            # whole route, as an invasion where the enemy is and by transport where it is not
            linked = land.get((at, box))
            if linked is None:  # (a place that is no box: as the map answers)
                linked = ground.linked(at, box)
            if linked:
                yield u, box, "overland"
            by_sea = covered.get((at, box))
            if by_sea is None:  # a route not asked before: worked out, and remembered in ``covered``
                by_sea = ground.covered(side, hour, at, box)
            if by_sea:
                there = side_at.get(box)
                yield u, box, "invasion" if there is not None and there != side else "transport"


def can_move(rules: Cactus, state: GameState, side: str) -> bool:
    """Whether ``side`` has a legal move (a unit that can make none, having moved or standing in a contested box,
    caf.movement.once_per_turn, caf.movement.no_exit_from_contested_box, is passed over at once). Asked for each side
    every hour, mostly when every unit has moved already: that is found first, with one look at each unit."""
    moved = state.rules_state.turn.moved
    for u in state.units.values():
        if u.side == side and u.strength > 0 and isinstance(u.at, str) and u.id not in moved:
            return state.standing(_any_move, rules, state, side)
    return False


def _any_move(rules: Cactus, state: GameState, side: str) -> bool:
    """Whether :func:`_legal_moves` has a first move (asked while the state stands still: see :func:`can_move`)."""
    return next(_legal_moves(rules, state, side), None) is not None


def may_go(rules: Cactus, state: GameState, u: Unit, action: Move) -> bool:
    """For a move :func:`move_candidates` offers (a unit of the side that may move at all, to another box, a known
    way): whether :func:`move_rules_error` accepts it, found without writing out the words of a refusal (the
    listing asks it of every box and way, and most are refused)."""
    return _may_go(rules, state, u, action.to, action.how)


def _may_go(rules: Cactus, state: GameState, u: Unit, to: str, how: str) -> bool:
    ground = rules.ground
    if how == "overland":
        if not ground.linked(u.at, to):  # type: ignore[arg-type]
            return False
    else:
        if (how == "transport") == ground.enemy_in(state, to, u.side):
            return False  # transport into an enemy box, or an invasion of a box with no enemy
        if ground.cover(u.side, state.rules_state.hour, ground.route(u.at, to))[1]:  # type: ignore[arg-type]
            return False  # a box of the sea route has no fighter over it
    return ground.steps(state, to, u.side) + u.strength <= STACK_LIMIT


def continue_moves(rules: Cactus, ctx: Context) -> None:
    """The next side with a move to make decides; when neither has, on to the hour's combat."""
    if not next_decider(rules, ctx, can_move):
        ctx.goto("combat.battles")


def move_error(rules: Cactus, state: GameState, side: str, action: Move) -> RuleError | None:
    u = state.units.get(action.unit)
    if u is None or not u.alive or not isinstance(u.at, str):
        return RuleError(f"{action.unit} is not a ground unit on the map.", "caf.movement.locations.four_boxes_only")
    error = move_rules_error(rules, state, u, action)
    if error is None and u.side != side:
        return RuleError(f"{u.id} belongs to {u.side}; {side} is moving now.", "caf.sequence.ground_move_timing")
    return error


def move_rules_error(rules: Cactus, state: GameState, u: Unit, action: Move) -> RuleError | None:
    """Why ``u`` may not make this move, whoever's turn it is (``None``: it may, in its side's moves)."""
    side = u.side
    ground, where = rules.ground, rules.where
    assert isinstance(u.at, str)
    if action.to not in rules.board.areas:
        names = ", ".join(f"{a.name} {rules.board.labels.label(a.anchor)}" for a in rules.board.areas.values())
        return RuleError(f"Ground units may only go to the boxes {names}.", "caf.movement.locations.four_boxes_only")
    if action.to == u.at:
        return RuleError(f"{u.id} is in {where(u.at)} already: a move takes it to another box.",
                         "caf.movement.direct_location_to_location")
    if action.how not in HOWS:
        return RuleError(f"A move is overland, transport or invasion, not {action.how!r}.",
                         "caf.movement.direct_location_to_location")
    if u.id in state.rules_state.turn.moved:
        return RuleError(f"{u.id} has moved this turn already: each ground unit moves once a turn.",
                         "caf.movement.once_per_turn")
    if ground.contested(state, u.at):
        return RuleError(f"{where(u.at)} is contested: no unit may move out of it while both sides are there.",
                         "caf.movement.no_exit_from_contested_box")
    enemy = ground.enemy_in(state, action.to, side)
    if action.how == "overland":
        if not ground.linked(u.at, action.to):
            return RuleError(f"No land links {where(u.at)} with {where(action.to)}: go by sea.",
                             "caf.movement.overland_connections")
    elif action.how == "transport":
        if enemy:
            return RuleError(f"The enemy is in {where(action.to)}: naval transport only goes to a box with no "
                             "enemy (land there by amphibious invasion).", "caf.movement.option.naval_transport")
    elif not enemy:
        return RuleError(f"No enemy is in {where(action.to)}: an amphibious invasion is made against enemy "
                         "units (go by naval transport).", "caf.movement.option.amphibious_invasion")
    if action.how != "overland":
        _, bare = ground.cover(side, state.rules_state.hour, ground.route(u.at, action.to))
        if bare:
            boxes = ", ".join(rules.board.labels.label(h) for h in bare)
            return RuleError(f"No {side} fighter covers {boxes} this hour: a sea move needs cover over every box of "
                             "its route, the destination included.", "caf.air.cover.required_for_sea_moves")
    have = ground.steps(state, action.to, side)
    if have + u.strength > STACK_LIMIT:
        return RuleError(f"{where(action.to)} would hold {have + u.strength} {side} steps: at most "
                         f"{STACK_LIMIT}.", "caf.stacking.four_steps_per_box")
    return None


# ----------------------------------------------------------------------------------------------- handlers


@handlers.candidates("ground.move", checked=[Move])
def offer_moves(rules: Cactus, state: GameState) -> Iterator[Move | EndMoves]:
    """Stop moving, or each move :func:`move_error` accepts (found by :func:`may_go`: the listing calls no check)."""
    yield EndMoves()
    for u, box, how in _legal_moves(rules, state, state.active):
        yield made(Move, u.id, box, how)


handlers.unchecked(EndMoves)  # a side may always stop moving for this hour (caf.sequence.ground_move_timing)


@handlers.check(Move)
def check_move(rules: Cactus, state: GameState, action: Move) -> RuleError | None:
    """caf.movement.*, caf.air.cover.required_for_sea_moves, caf.stacking.four_steps_per_box."""
    return move_error(rules, state, state.active, action)


@handlers.effect(EndMoves)
def end_moves(rules: Cactus, ctx: Context, action: EndMoves) -> None:
    """caf.sequence.ground_move_timing: the other side moves, or the hour's combat begins."""
    ctx.state.rules_state.round.passed()
    continue_moves(rules, ctx)


@handlers.effect(Move)
def move(rules: Cactus, ctx: Context, action: Move) -> None:
    """caf.movement.option.*: the unit goes straight to the box; entering an enemy box starts or joins a fight
    (caf.combat.attacker_defender_roles); the attacker remembers how it came (caf.combat.retreat_overland_to_start,
    caf.combat.seaborne_no_retreat_extra_step)."""
    s = ctx.state
    mine = s.rules_state
    ground, where = rules.ground, rules.where
    u = s.units[action.unit]
    side = u.side
    frm = u.at
    assert isinstance(frm, str)
    enemy = ground.enemy_in(s, action.to, side)
    quiet = ctx.quiet  # batch play keeps no log: the words (and the cover named in them) are not worked out
    if action.how != "overland" and not quiet:
        route = ground.route(frm, action.to)
        used, _ = ground.cover(side, mine.hour, route)
        names = ", ".join(g.name for g in ground.fighters if g.id in used)
        ctx.emit(AirCover(u.id, used), f"Fighters cover the route {', '.join(rules.board.labels.label(h) for h in route)}"
                 f": {names}.", ["caf.air.cover.required_for_sea_moves", "caf.air.cover.within_fighter_speed",
                                 "caf.air.cover.route_and_speed_defaults"], side)
    u.at = action.to
    mine.turn.moved.append(u.id)
    if not quiet:
        ctx.emit(UnitMoved(u.id, frm, action.to, action.how),
                 f"{u.id} ({face_text(u.kind, u.strength)}) moves {HOW_WORDS[action.how]} from {where(frm)} to "
                 f"{where(action.to)}.", [*MOVE_CLAUSES[action.how], "caf.movement.once_per_turn"], side)
    if enemy:
        fights = mine.fights
        if action.to not in fights:
            fights[action.to] = Roles(side, ground.other(side))
            for x in ground.units_in(s, action.to):
                mine.pinned[x.id] = action.to
            if not quiet:
                ctx.emit(BattleJoined(action.to), f"{side} attack {ground.other(side)} in {where(action.to)}: combat "
                         "this hour.", ["caf.movement.may_enter_enemy_box", "caf.combat.attacker_defender_roles",
                                        "caf.combat.trigger.opposing_units_share_box"], side)
        else:
            mine.pinned[u.id] = action.to
            if not quiet:
                role = "attackers" if fights[action.to].attacker == side else "defenders"
                ctx.emit(BattleJoined(action.to), f"{u.id} joins the {role} in {where(action.to)}.",
                         ["caf.movement.may_enter_enemy_box", "caf.combat.attacker_defender_roles"], side)
        if fights[action.to].attacker == side:
            facts.arrive(s, u, frm if action.how == "overland" else None, action.how == "invasion")
    if ctx.is_over():  # Japanese troops alone in Guadalcanal: sudden death, no more moves
        return
    continue_moves(rules, ctx)
