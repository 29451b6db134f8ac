"""The sea map's rules: sectors and their distances, the deployment areas, the islands and their values, and each
unit's card (class) read through the rules (was.base.map_sectors_default, was.setup.*)."""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Any

from ...engine import GameState, Unit
from ...engine.state import Aboard, Board, DisplayBox, parse_sector, sector_label
from .combat import TROOP, Target
from .data import CAPACITY, RESCUE, capacity_of
from .options import UnitClass

if TYPE_CHECKING:
    from .rules import Warsea


def distance(a: str, b: str) -> int:
    """Sectors between two sectors, counted king-wise: a diagonal step counts 1 (was.base.map_sectors_default)."""
    found = _DISTANCES.get((a, b))
    if found is None:
        (ra, ca), (rb, cb) = parse_sector(a), parse_sector(b)  # a label that is no sector raises, every time
        found = max(abs(ra - rb), abs(ca - cb))
        if len(_DISTANCES) < 65536:  # a map has a few dozen sectors: remember their distances
            _DISTANCES[(a, b)] = found
    return found


_DISTANCES: dict[tuple[str, str], int] = {}


def map_memory(board: Board) -> defaultdict[str, dict[Any, Any]]:
    """The memories, by name, of what follows from the map ``board`` alone (the islands, the sectors next to one or
    within a reach, the moves and flights to them, which are frozen values): shared by every game played on that
    board (the games a scenario read once makes share it, as a simulation's do), since the map never changes in play.
    A ruleset object takes it when it is made (``Warsea.fixed``). Kept with the board object itself (held here, so an
    entry never answers for another board); at most :data:`_MOST_BOARDS` boards are remembered, then it starts
    afresh."""
    entry = _BY_BOARD.get(id(board))
    if entry is None or entry[0] is not board:
        if len(_BY_BOARD) >= _MOST_BOARDS:
            _BY_BOARD.clear()
        entry = _BY_BOARD[id(board)] = (board, defaultdict(dict))
    return entry[1]


_BY_BOARD: dict[int, tuple[Board, defaultdict[str, dict[Any, Any]]]] = {}
_MOST_BOARDS = 64


def within(rules: Warsea, at: str, reach: int) -> dict[str, int]:
    """The sectors of the map at most ``reach`` from sector ``at``, each with its :func:`distance`, in the map's order;
    worked out once a board (:func:`map_memory`). Treat it as shared: don't change it."""
    known = rules.fixed["within"]
    found: dict[str, int] | None = known.get((at, reach))
    if found is None:
        found = known[(at, reach)] = {s: d for s in rules.board.areas if (d := distance(at, s)) <= reach}
    return found


def steps(a: str, b: str) -> int:
    """Sectors between two sectors counted along rows and columns only (to break ties between equally near ones)."""
    (ra, ca), (rb, cb) = parse_sector(a), parse_sector(b)
    return abs(ra - rb) + abs(ca - cb)


def deployment_edges(rules: Warsea) -> dict[str, str]:
    """Each side's edge, ``first`` or ``last``: the scenario's, else the first side the first edge."""
    chosen = dict(rules.options.deployment)
    for side in rules.sides:
        if side not in chosen:
            chosen[side] = "last" if "first" in chosen.values() else "first"
    return chosen


def deployment_area(rules: Warsea, side: str) -> list[str]:
    """The sectors of a side's deployment area: the column at its edge of the map, or the row with the map turned
    (was.base.map_sectors_default, was.special.optional.vertical_map)."""
    rows, cols = rules.board.sectors or (0, 0)
    edge = deployment_edges(rules).get(side, "first")
    if rules.options.vertical_map:
        r = 0 if edge == "first" else rows - 1
        return [sector_label(r, c) for c in range(cols)]
    c = 0 if edge == "first" else cols - 1
    return [sector_label(r, c) for r in range(rows)]


def islands(rules: Warsea) -> list[str]:
    """The sectors that hold an island: each is an objective (was.victory.island_is_objective). Found once a board
    (:func:`map_memory`); each call has a list of its own."""
    known = rules.fixed["islands"]
    found = known.get("all")
    if found is None:
        found = known["all"] = tuple(sorted((a.id for a in rules.board.areas.values() if a.terrain == "island"),
                                            key=parse_sector))
    return list(found)


def island_value(rules: Warsea, sector: str) -> int:
    """An island's objective value: its sector's ``value``, else the scenario's objective value (50 by default:
    was.victory.island_value_equals_objective)."""
    value = rules.board.areas[sector].attrs.get("value")
    return int(value) if isinstance(value, int) else rules.options.island_value


def card(rules: Warsea, state: GameState, unit: Unit) -> UnitClass | None:
    """A ship's or aircraft's class (its card), ``None`` for a troop counter."""
    cid = rules.mine(state).classes.get(unit.id)
    return rules.options.classes.get(cid) if cid is not None else None


def is_troop(unit: Unit) -> bool:
    return unit.kind == "troop"


def is_ship(unit: Unit) -> bool:
    return unit.kind == "ship"


def is_aircraft(unit: Unit) -> bool:
    return unit.kind == "aircraft"


def capacity(rules: Warsea, state: GameState, unit: Unit) -> tuple[int, str]:
    """Troop counters a unit may carry, and the clause (was.naval.capacity.*)."""
    c = card(rules, state, unit)
    if c is None or c.kind != "ship":
        return 0, "was.naval.capacity.no_other_carriers"
    return capacity_of(c.abilities)


def has(rules: Warsea, state: GameState, unit: Unit, ability: str | tuple[str, ...]) -> bool:
    c = card(rules, state, unit)
    wanted = (ability,) if isinstance(ability, str) else ability
    return c is not None and any(a in wanted for a in c.abilities)


def is_rescuer(rules: Warsea, state: GameState, unit: Unit) -> bool:
    return unit.alive and is_ship(unit) and has(rules, state, unit, RESCUE)


def rescuer(rules: Warsea, state: GameState, carrier: Unit) -> Unit | None:
    """The friendly ship with Rescue Operations, afloat in ``carrier``'s sector, that rolls for one of its troops if
    it sinks (the first in the scenario's order; was.naval.rescue.trigger); ``None`` when there is none."""
    return next((u for u in state.units.values() if u.side == carrier.side and u.id != carrier.id
                 and u.at == carrier.at and is_rescuer(rules, state, u)), None)


def is_carrier(rules: Warsea, state: GameState, unit: Unit) -> bool:
    return has(rules, state, unit, tuple(CAPACITY))


def on_map(unit: Unit) -> bool:
    """A ship or an aircraft in a sector (not at its airfield, not aboard)."""
    return unit.alive and isinstance(unit.at, str)


def at_base(unit: Unit) -> bool:
    return unit.alive and isinstance(unit.at, DisplayBox)


def troops_on(state: GameState, sector: str, side: str | None = None) -> list[Unit]:
    """The living troop counters ashore on the island of ``sector`` (of ``side``, or of both)."""
    return [u for u in state.units.values() if u.at == sector and u.kind == "troop" and u.strength > 0
            and (side is None or u.side == side)]  # the place first: most units are elsewhere (alive: strength > 0)


def troops_aboard(state: GameState, carrier: str) -> list[Unit]:
    return [u for u in state.aboard(carrier) if is_troop(u)]


def target_of(rules: Warsea, state: GameState, unit: Unit) -> Target:
    """The :class:`~.combat.Target` an attack on ``unit`` faces now."""
    if is_troop(unit):
        return Target("troop", TROOP.armour, None, unit.strength, True)
    c = card(rules, state, unit)
    assert c is not None
    return Target("aircraft" if is_aircraft(unit) else "ship", c.armour, c.vital, unit.strength, False)


def where(rules: Warsea, at: object) -> str:
    """A place in words: "Savo Island B4", "sector C5", "aboard DT1", "Henderson Field"."""
    if isinstance(at, str) and at in rules.board.areas:
        area = rules.board.areas[at]
        return area.title if area.name and area.name != at else f"sector {at}"
    if isinstance(at, Aboard):
        return f"aboard {at.carrier}"
    if isinstance(at, DisplayBox):
        d = rules.board.displays.get(at.display)
        return d.name if d is not None else at.display
    return rules.board.label(at)

