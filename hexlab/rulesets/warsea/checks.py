"""A War at Sea landing scenario's own checks, and the ruleset's invariants for the random simulation tests."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import GameState
from ...engine.state import Aboard, DisplayBox
from . import board

if TYPE_CHECKING:
    from .rules import Warsea


def scenario_problems(rules: Warsea, scenario: Any) -> list[tuple[str, str]]:
    """``(field path, problem)`` pairs: the map, the deployment areas, the airfields, each unit's class and place."""
    problems: list[tuple[str, str]] = []
    opts = rules.options
    if rules.board.sectors is None:
        problems.append(("board.grid", "War at Sea is played on a grid of square sectors ([board.grid])"))
        return problems
    if not board.islands(rules):
        problems.append(("board.sector", "a landing scenario needs at least one island (a sector with terrain = "
                                         "\"island\"): these rules apply only to scenarios with islands to land on "
                                         "(was.special.scope.excluded_scenarios)"))
    for sector in board.islands(rules):
        value = rules.board.areas[sector].attrs.get("value")
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
            problems.append((f"board.sector.{sector}.attrs.value", "an island's objective value is a whole number"))
    for side in opts.deployment:
        if side not in rules.sides:
            problems.append((f"rules.deployment.{side}", f"not a side of this scenario ({', '.join(rules.sides)})"))
    edges = board.deployment_edges(rules)
    if len(set(edges.values())) < len(edges):
        problems.append(("rules.deployment", "each side needs its own edge (first, last)"))
    for display, sector in opts.airfields.items():
        if display not in rules.board.displays:
            problems.append((f"rules.airfields.{display}", "no [[board.display]] with that id"))
        if sector not in rules.board.areas:
            problems.append((f"rules.airfields.{display}", f"no sector {sector!r} on this map"))
    for i, u in enumerate(scenario.units):
        path = f"unit[{i}]"
        cid = u.attrs.get("class")
        if u.kind in ("ship", "aircraft"):
            c = opts.classes.get(cid) if isinstance(cid, str) else None
            if c is None:
                problems.append((f"{path}.attrs.class", f"a {u.kind} names its class, one of: "
                                                        f"{', '.join(opts.classes) or '(none in [rules.classes])'}"))
            elif c.kind != u.kind:
                problems.append((f"{path}.attrs.class", f"{cid} is a class of {c.kind}, not of {u.kind}"))
        elif cid is not None:
            problems.append((f"{path}.attrs.class", "a troop counter has no class: its card is fixed "
                                                    "(was.components.troop.armour_5)"))
        if u.kind == "troop":
            if isinstance(u.at, Aboard):
                problems.append((f"{path}.at", "no unit deploys with troops aboard: they are loaded in Sea Movement "
                                               "(was.setup.no_preloaded_deployment)"))
            elif u.at not in board.islands(rules):
                problems.append((f"{path}.at", "a troop counter stands on an island (or aboard a carrier)"))
        elif u.kind == "ship" and not isinstance(u.at, str):
            problems.append((f"{path}.at", "a ship starts in a sector"))
        elif u.kind == "aircraft" and not (isinstance(u.at, DisplayBox) and u.at.display in opts.airfields):
            problems.append((f"{path}.at", "an aircraft starts at an airfield: a display named in [rules.airfields]"))
    return problems


def broken_invariants(rules: Warsea, state: GameState) -> list[str]:
    """No carrier above its capacity (troops rescued beyond it aside); troops only on an island or aboard a living
    ship of their side; aircraft at their airfield or in a sector."""
    mine = rules.mine(state)
    if mine is None:
        return []
    out: list[str] = []
    isles = set(board.islands(rules))
    for u in state.units.values():
        if not u.alive:
            continue
        if board.is_ship(u):
            room = board.capacity(rules, state, u)[0]
            load = sum(1 for t in board.troops_aboard(state, u.id) if t.id not in mine.rescued)
            if load > room:
                out.append(f"{u.id} carries {load} troops, over its capacity of {room}")
        elif board.is_troop(u):
            if isinstance(u.at, Aboard):
                carrier = state.units.get(u.at.carrier)
                if carrier is None or not carrier.alive or not board.is_ship(carrier) or carrier.side != u.side:
                    out.append(f"{u.id} is aboard {u.at.carrier}, not a living ship of its side")
            elif u.at not in isles:
                out.append(f"{u.id} stands in {u.at}, not on an island")
        elif not isinstance(u.at, (DisplayBox, str)):
            out.append(f"aircraft {u.id} is at {u.at}")
    return out
