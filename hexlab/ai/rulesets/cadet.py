"""What the computer values in Cadet Commander (nothing is hidden: one world, the view itself).

For one side, its own account minus the enemy's:

- **victory points** (cc.victory.vp.ten): 3 points each, 6 more when one short of winning;
- **STR** on the board (cc.score.vp.str_loss): 1 point a point of STR, and 1 more for each figure still in
  play (a figure gone home to mum is lost with its STR: cc.stack.overflow.sulk, cc.punch.retreat.off_board);
- **the flags** (cc.victory.flag.capture): a figure standing on the enemy's flag is 6 points (held through
  the enemy's turn, it wins), and each figure loses a little for every hex it is away from the enemy's flag;
- **objectives** (cc.score.vp.scenario): a place held alone is worth its VP at the end of each turn: 1.5
  points a VP while held;
- **punches to come** (cc.punch.contact.same_hex, cc.move.enemy.forced_punch_free): each figure an enemy figure
  can reach with its two actions and punch (a walk into its hex is a free punch up; over a wall or hedge one ATK
  die fewer, cc.punch.wall.minus_one), valued by the exact chance of a STR loss (the odds module's
  ``result_dist``, through the engine's ``punch_result``) times what that loss costs: its STR point, the VP it
  scores and, at STR 1, the figure. A turn surely activates two figures (the leader and one free pick,
  cc.turn.activation.leader_first, .free_second; more only on a roll), so the punches that come first count
  whole: at the start of a turn the acting side's best two; once it has activated a figure, the best of its
  figures not yet activated for the free activation left, and the other side's best two (its turn is next).
  Every other punch counts at a third (the acting side's turn is still to be played, or its activations need a
  roll). A figure already activated this turn adds nothing: what it does is in the search. Punches on one
  figure add up to what the figure is worth at most.
"""

from __future__ import annotations

import functools
from typing import Any

from ...dice import Rng
from ...engine import GameState
from ...hexes import Hex, hex_distance, hex_neighbors
from ..world import generic_resample

TERMS = {
    "vp": ("victory points", "cc.victory.vp.ten"),
    "str": ("STR on the board", "cc.score.vp.str_loss"),
    "flag": ("the race to the flags", "cc.victory.flag.capture"),
    "objectives": ("objectives held", "cc.score.vp.scenario"),
    "punches": ("punches to come", "cc.move.enemy.forced_punch_free"),
}
SURE = 2
"""Figures a turn surely activates: the leader and one free pick."""
LATER = 1 / 3
"""The weight of a punch that does not come first (see the module)."""


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
    done = set(state.rules_state.activated)  # this turn's (cc.turn.activation.once)
    for s in state.sides:
        sign = 1.0 if s == side else -1.0
        if s == state.active:
            whole = max(0, SURE - len(done))
        else:
            whole = SURE if done else 0
        terms["punches"] += sign * _punches(rules, state, s, whole, done)
    return terms


def _punches(rules: Any, state: GameState, s: str, whole: int, done: set[str]) -> float:
    """What ``s``'s punches to come are worth (see the module): each of its figures' (not yet activated this turn)
    best punch on an enemy figure it can reach, the best ``whole`` of them whole, the rest at ``LATER``; capped per
    target."""
    foe = state.other(s)
    targets = {u.id: u for u in state.units_of(foe) if isinstance(u.at, Hex)}
    if not targets:
        return 0.0
    by_hex: dict[Hex, list[Any]] = {}
    for t in targets.values():
        by_hex.setdefault(t.at, []).append(t)
    best: list[tuple[float, str]] = []
    for u in state.units_of(s):
        if not isinstance(u.at, Hex) or u.id in done:
            continue
        top = (0.0, "")
        for h, cover in _reach(rules, state, u.at, foe):
            for t in by_hex.get(h, ()):
                v = _str_loss_chance(rules.punch_dice(u, cover)) * _worth(t)
                if v > top[0]:
                    top = (v, t.id)
        if top[0] > 0:
            best.append(top)
    best.sort(key=lambda vt: (-vt[0], vt[1]))
    on: dict[str, float] = {}
    for i, (v, whom) in enumerate(best):
        on[whom] = on.get(whom, 0.0) + v * (1.0 if i < whole else LATER)
    return sum(min(v, _worth(targets[whom])) for whom, v in on.items())


def _worth(t: Any) -> float:
    """What one STR lost costs ``t``'s side in this evaluation: the STR point, the VP it gives (3 points) and, at
    STR 1, the figure (its 1 point)."""
    return 1.0 + 3.0 + (1.0 if t.strength <= 1 else 0.0)


def _reach(rules: Any, state: GameState, start: Hex, foe: str) -> list[tuple[Hex, bool]]:
    """The hexes with ``foe``'s figures a figure at ``start`` can punch in with its two actions (cc.action.limit.two,
    cc.move.action.one_hex): its own hex, a neighbour it can walk into with one or two actions, or a hex two away
    through an empty neighbour with one action for each step (entering an enemy's hex stops a move,
    cc.move.enemy.stop; a wall, hedge, woods or river costs an action more, cc.move.terrain.*). With whether the
    defender is behind a wall or hedge on the way in (cc.punch.wall.behind)."""
    ground = rules.ground
    occupied = {u.at for u in state.units_of(foe) if isinstance(u.at, Hex)}
    out: dict[Hex, bool] = {}
    if start in occupied:
        out[start] = False
    for m in hex_neighbors(start):
        if m not in rules.board:
            continue
        cost = 1 + len(ground.extra_costs(start, m))
        if m in occupied:
            if cost <= 2:
                out[m] = out.get(m, True) and ground.crossing(start, m) is not None
            continue
        if cost > 1:
            continue
        for h in hex_neighbors(m):
            if h in occupied and h != start and not ground.extra_costs(m, h):
                out[h] = False
    return list(out.items())


@functools.cache
def _str_loss_chance(dice: int) -> float:
    """The exact chance a punch up with ``dice`` ATK dice costs the defender STR (cadet's odds module)."""
    from ...rulesets.cadet.odds import result_dist, str_loss

    return float(str_loss(result_dist(dice))) if dice > 0 else 0.0


def resample(rules: Any, view: GameState, side: str, rng: Rng) -> GameState:
    return generic_resample(view, rng, [])


def hides_more(rules: Any, view: GameState, side: str) -> bool:
    return False
