"""Skirmish's map rules: what a move costs and where a unit can reach, and what blocks sight."""

from __future__ import annotations

from collections.abc import Callable

from ...engine import Board, GameState, Unit
from ...hexes import Hex, hex_reachable
from .data import MOVE_COST


def move_cost(board: Board, state: GameState, side: str) -> Callable[[Hex, Hex], int | None]:
    """The cost of stepping from ``a`` to ``b``: ``None`` off the map, into an enemy (sk.move.enemy),
    across a wall (sk.move.wall) or into water (sk.move.water)."""
    enemy = {u.at for u in state.units.values() if u.alive and u.side != side}

    def cost(a: Hex, b: Hex) -> int | None:
        if b not in board.terrain or b in enemy:
            return None
        if board.hexside(a, b) == "wall":
            return None
        return MOVE_COST.get(board.terrain[b])

    return cost


def reachable(board: Board, state: GameState, unit: Unit, allowance: int) -> dict[Hex, int]:
    """Hexes ``unit`` can end its move in, with their cost (sk.move.allowance, sk.stack.one); computed
    once per unit while the legal actions are listed (every offered move's check asks)."""

    def compute() -> dict[Hex, int]:
        reach = hex_reachable(unit.at, allowance, move_cost(board, state, unit.side))
        occupied = {u.at for u in state.units.values() if u.alive}
        return {h: c for h, c in reach.items() if h not in occupied}

    return state.cached(("reach", unit.id, unit.at, allowance), compute)


def blocks_sight(board: Board, h: Hex) -> bool:
    """Woods block the line of sight (sk.attack.los)."""
    return board.terrain.get(h) == "woods"
