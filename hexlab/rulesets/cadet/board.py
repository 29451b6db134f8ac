"""The ground of a Cadet Commander game: what a move costs, who may stand where, and where a figure
pushed back can go. Plain questions about the board and the figures on it (and ``send_home``, the one way a
figure leaves the board alive); the turn's bookkeeping is in the phase modules.

Walls, fences and hedges lie on hexsides (cc.terrain.edges.definition): crossing one costs an extra
action (cc.move.terrain.wall) and a figure attacked by an enemy who has just come over one is behind
cover (cc.punch.wall.behind). Rivers and woods are whole hexes: entering one costs an extra action
(cc.move.terrain.river, cc.move.terrain.woods), and nobody is pushed back into a river
(cc.punch.retreat.blocked_river).
"""

from __future__ import annotations

from ...engine.state import Board, GameState, Unit
from ...hexes import Hex, hex_distance
from .data import EDGES, HEX_COSTS, MAX_PER_HEX


def in_play(u: Unit) -> bool:
    """On the board: not knocked out (STR 0) and not gone home to mum."""
    return u.alive and isinstance(u.at, Hex)


def _by_id(u: Unit) -> str:
    return u.id


def send_home(state: GameState, u: Unit) -> None:
    """The figure goes home to mum: off the board, with its STR (cc.stack.overflow.sulk,
    cc.punch.retreat.off_board); ``CadetState.home`` lists it."""
    u.at = None
    if u.id not in state.rules_state.home:
        state.rules_state.home.append(u.id)


def gone_home(state: GameState, u: Unit) -> bool:
    """Whether the figure went home to mum (:func:`send_home`)."""
    return u.id in state.rules_state.home


class Ground:
    """The board, the flags and the baselines of one game."""

    def __init__(self, board: Board, flags: dict[str, Hex], baselines: dict[str, int]) -> None:
        self.board = board
        self.flags = flags
        self.baselines = baselines

    # ----------------------------------------------------------------------------------- figures
    @staticmethod
    def figures_at(state: GameState, h: Hex) -> list[Unit]:
        return sorted((u for u in state.units.values() if u.at == h and in_play(u)), key=_by_id)

    def enemies_at(self, state: GameState, side: str, h: Hex) -> list[Unit]:
        return [u for u in self.figures_at(state, h) if u.side != side]

    def friends_at(self, state: GameState, side: str, h: Hex) -> list[Unit]:
        return [u for u in self.figures_at(state, h) if u.side == side]

    # ----------------------------------------------------------------------------------- movement
    def crossing(self, a: Hex, b: Hex) -> str | None:
        """The wall, fence or hedge on the edge between two neighbouring hexes, if any."""
        feature = self.board.hexside(a, b)
        return feature if feature in EDGES else None

    def extra_costs(self, frm: Hex, to: Hex) -> list[tuple[str, str]]:
        """What makes a move cost more than its one action: ``(words, clause)`` per extra action."""
        extras = []
        edge = self.crossing(frm, to)
        if edge:
            extras.append((f"crossing the {edge}", "cc.move.terrain.wall"))
        terrain = self.board.terrain.get(to)
        if terrain in HEX_COSTS:
            verb = "wading into the river" if terrain == "river" else "going into the woods"
            extras.append((verb, HEX_COSTS[terrain]))
        return extras

    # ----------------------------------------------------------------------------------- stacking
    def allowable(self, state: GameState, unit: Unit, h: Hex) -> bool:
        """A hex an overcrowded figure may go to: on the board, no enemy, at most one other figure
        (cc.stack.overflow.return, cc.stack.overflow.alternative)."""
        if h not in self.board.terrain:
            return False
        others = [u for u in self.figures_at(state, h) if u.id != unit.id]
        return not any(u.side != unit.side for u in others) and len(others) <= MAX_PER_HEX - 1

    def fall_back_hexes(self, state: GameState, unit: Unit) -> list[Hex]:
        """The allowable hexes next to an overcrowded figure's hex (the chosen reading of
        cc.stack.overflow.alternative)."""
        assert isinstance(unit.at, Hex)
        return sorted(h for h in self.board.neighbors(unit.at) if self.allowable(state, unit, h))

    # ----------------------------------------------------------------------------------- push backs
    def towards_flag(self, unit: Unit) -> list[Hex]:
        """The hexes next to the figure that are nearer its own flag (cc.punch.retreat.direction); empty
        when it stands on its flag, so the move back would take it off the board."""
        assert isinstance(unit.at, Hex)
        flag = self.flags[unit.side]
        here = hex_distance(unit.at, flag)
        return sorted(h for h in self.board.neighbors(unit.at) if hex_distance(h, flag) < here)

    def push_block(self, state: GameState, unit: Unit, h: Hex) -> tuple[str, str] | None:
        """Why a pushed-back figure cannot go into ``h``: ``(words, clause)``, or ``None`` if it can."""
        if self.board.terrain.get(h) == "river":
            return "it is a river", "cc.punch.retreat.blocked_river"
        figures = self.figures_at(state, h)
        if any(u.side != unit.side for u in figures):
            return "the enemy holds it", "cc.punch.retreat.enemy_blocks"
        if len(figures) >= MAX_PER_HEX:
            return "it already holds two figures", "cc.punch.retreat.blocked_full"
        return None

    def sidestep_hexes(self, state: GameState, unit: Unit) -> list[Hex]:
        """Where a blocked figure may go instead: next to it, not a river, no enemy, fewer than two figures
        (cc.punch.retreat.blocked_destination)."""
        assert isinstance(unit.at, Hex)
        return sorted(h for h in self.board.neighbors(unit.at) if self.push_block(state, unit, h) is None)


__all__ = ["EDGES", "Ground", "HEX_COSTS", "MAX_PER_HEX", "gone_home", "in_play", "send_home"]
