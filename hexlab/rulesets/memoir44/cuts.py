"""Why a Memoir '44 move cannot end on a hex: the rule that cuts each shortest way there, named in a refusal's
words (:func:`hexlab.rulesets.memoir44.movement` asks it only when a move is refused, never while listing)."""

from __future__ import annotations

from ...engine.state import GameState, Unit
from ...hexes import Hex, hex_distance
from .board import Field
from .data import ARMOR, TERRAIN, TerrainRule


def cuts(field: Field, state: GameState, unit: Unit, allowance: int, to: Hex,
         free: bool = False) -> list[tuple[str, str]]:
    """Why no move of ``unit`` within ``allowance`` ends on ``to`` though :meth:`Field.moves` left it out: for each of the
    shortest ways there (fewest hexes, each no longer than the allowance), the first rule it breaks, as
    ``(clause, words)`` pairs, in the order the ways are found, each clause once (empty if no way of at most
    ``allowance`` hexes leads there at all). Only asked for a refusal's words, never while listing."""
    start = unit.at
    assert isinstance(start, Hex)
    terrain = field.board.terrain
    taken = {u.at for u in state.units.values() if u.alive and u.id != unit.id}
    no_cap = allowance + 1
    start_cap = ((TERRAIN["ocean"].move_cap or no_cap, "ocean") if terrain[start] == "ocean" and not free
                 else (no_cap, ""))
    found: list[tuple[int, tuple[str, str]]] = []
    where = field.board.label

    def first_broken(h: Hex, n: Hex, cost: int, cap: tuple[int, str],
                     stopped: Hex | None) -> tuple[tuple[str, str] | None, int, tuple[int, str]]:
        """The rule a step from ``h`` into ``n`` breaks (if any), the cost and the cap after it (the most hexes the
        move may cover, and the terrain that says so)."""
        if stopped is not None:
            rule = next(r for r in field.rules_at(state, stopped) if r.move_stop or r.name == "wire")
            words = f"{rule.title.lower()} in {where(stopped)} stops a move that enters it"
            return (_stop_clause(rule), words), cost, cap
        if n in taken:
            return ("m44.stack.no_entry_occupied", f"a unit in {where(n)} is in the way"), cost, cap
        blocker = field.impassable(state, n, unit.kind)
        if blocker is not None:
            clause = blocker.impassable_clause or "m44.stack.no_entry_occupied"
            return (clause, f"{blocker.title.lower()} in {where(n)} is impassable to {unit.kind}"), cost, cap
        step = 1 if free else field.step_cost(state, unit, h, n)
        if step is None:
            return ("m44.terrain.cliff.armor_artillery_beach",
                    f"{unit.kind} can't climb between the beach and the cliff at {where(n)}"), cost, cap
        if cost + step > allowance:
            clause = ("m44.terrain.steep_hill.move_up" if terrain[n] == "steep_hill"
                      else "m44.terrain.cliff.infantry_beach_move")
            return (clause, f"the climb into {where(n)} costs {step} hexes of movement"), cost + step, cap
        name = terrain[n]
        if name == "hedgerow" and h != start and not free:
            return ("m44.terrain.hedgerow.enter_from_adjacent",
                    f"the hedgerow in {where(n)} is entered only from a hex next to it"), cost + step, cap
        entered = TERRAIN[name].move_cap if not free else None
        new_cap = (entered, name) if entered is not None and entered < cap[0] else cap
        if cost + step > new_cap[0]:
            return (f"m44.terrain.{new_cap[1]}.move",
                    f"a move in or into {new_cap[1]} covers at most {new_cap[0]} hex(es)"), cost + step, new_cap
        return None, cost + step, new_cap

    def walk(h: Hex, path: tuple[Hex, ...], cost: int, cap: tuple[int, str], broken: tuple[str, str] | None) -> None:
        stopped = None
        if h != start and not free:
            if any(r.move_stop for r in field.rules_at(state, h)) or (
                    unit.kind == ARMOR and "wire" in state.features.get(h, ())):
                stopped = h
        for n in field._near[h]:
            if n in path or hex_distance(n, to) > allowance - len(path):
                continue
            why, new_cost, new_cap = first_broken(h, n, cost, cap, stopped)
            first = broken or why
            if n == to:
                if first is not None:
                    found.append((len(path), first))
                continue
            # past a broken rule the way goes on as if it held (only the first is named)
            walk(n, (*path, n), new_cost, new_cap, first)

    walk(start, (start,), 0, start_cap, None)
    if not found:
        return []
    shortest = min(length for length, _ in found)
    out: list[tuple[str, str]] = []
    for length, why in found:
        if length == shortest and why[0] not in [c for c, _ in out]:
            out.append(why)
    return out

def _stop_clause(rule: TerrainRule) -> str:
    """The clause by which ``rule``'s terrain or obstacle stops a move that enters it."""
    for clause in rule.clauses:
        if clause.endswith(".move_stop"):
            return clause
    return next((c for c in rule.clauses if ".move" in c), f"m44.terrain.{rule.name}.move_stop")
