"""Operation Cartwheel's invariants, checked after every action and step by the random simulation test."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from ...engine import GameState
from ...engine.state import DisplayBox
from . import board
from .data import FLOWN, FLOWN_D

if TYPE_CHECKING:
    from .rules import Cartwheel


def broken_invariants(rules: Cartwheel, state: GameState) -> list[str]:
    mine = rules.mine(state)
    if mine is None:
        return []
    out = []
    for d in mine.bases:
        units = board.based(state, d)
        if board.over_capacity(rules, state, d) and any(isinstance(u.at, DisplayBox) and u.at.box not in
                                                        (FLOWN, FLOWN_D) for u in units) \
                and state.position.startswith(("vp.", "events.", "construction.", "initiative.")):
            out.append(f"{d} is over capacity with units still Ready")
        units = [u for u in units if u.id not in mine.evacuating]  # at a captured airbase, before their roll
        if units and not board.hosts(rules, state, d):
            out.append(f"{d} ({mine.bases[d].status}) hosts {[u.id for u in units]}")
    for u in state.units.values():
        if u.alive and board.is_air(u) and not isinstance(u.at, DisplayBox) and u.id not in mine.recon_over \
                and u.id not in mine.afloat:
            out.append(f"aerial unit {u.id} is not based ({u.at})")
    if len(mine.bombed) != len(set(mine.bombed)):
        out.append(f"a unit bombed twice this turn: {mine.bombed}")
    return out


def vp_by_cause(rules: Cartwheel, state: GameState) -> dict[str, Fraction]:
    out = {side: Fraction(0) for side in state.sides}
    for a in rules.mine(state).awards:
        out[a.side] += Fraction(a.halves, 2)
    return out
