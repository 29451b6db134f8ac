"""What the computer values in Cadet Commander (nothing is hidden: one world, the view itself).

For one side, its own account minus the enemy's:

- **victory points** (cc.victory.vp.ten): 3 points each, 6 more when one short of winning;
- **STR** on the board (cc.score.vp.str_loss): 1 point a point of STR, and 1 more for each figure still in
  play (a figure gone home to mum is lost with its STR: cc.stack.overflow.sulk, cc.punch.retreat.off_board);
- **the flags** (cc.victory.flag.capture): a figure standing on the enemy's flag is 6 points (held through
  the enemy's turn, it wins), and each figure loses a little for every hex it is away from the enemy's flag;
- **objectives** (cc.score.vp.scenario): a place held alone is worth its VP at the end of each turn: 1.5
  points a VP while held.
"""

from __future__ import annotations

from typing import Any

from ...dice import Rng
from ...engine import GameState
from ...hexes import Hex, hex_distance
from ..world import generic_resample

TERMS = {
    "vp": ("victory points", "cc.victory.vp.ten"),
    "str": ("STR on the board", "cc.score.vp.str_loss"),
    "flag": ("the race to the flags", "cc.victory.flag.capture"),
    "objectives": ("objectives held", "cc.score.vp.scenario"),
}


def evaluate(rules: Any, state: GameState, side: str) -> dict[str, float]:
    terms = dict.fromkeys(TERMS, 0.0)
    goal = rules.options.vp_to_win
    objectives = [(rules.board.parse(o.hex), o.vp) for o in rules.options.objectives]
    for s in state.sides:
        sign = 1.0 if s == side else -1.0
        vp = state.score.get(s, 0)
        terms["vp"] += sign * (3.0 * vp + (6.0 if vp >= goal - 1 else 0.0))
        foe_flag = rules.flags[state.other(s)]
        for u in state.units_of(s):
            if not isinstance(u.at, Hex):
                continue
            terms["str"] += sign * (u.strength + 1.0)
            d = hex_distance(u.at, foe_flag)
            terms["flag"] += sign * (6.0 if d == 0 else -0.25 * d)
        for h, vp_worth in objectives:
            here = {u.side for u in state.units_at(h)}
            if here == {s}:
                terms["objectives"] += sign * 1.5 * vp_worth
    return terms


def resample(rules: Any, view: GameState, side: str, rng: Rng) -> GameState:
    return generic_resample(view, rng, [])


def hides_more(rules: Any, view: GameState, side: str) -> bool:
    return False
