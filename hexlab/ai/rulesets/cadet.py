"""What the computer values in Cadet Commander (nothing is hidden: one world, the view itself).

For one side, its own account minus the enemy's:

- **victory points** (cc.victory.vp.ten): 3 points each, 6 more when one short of winning;
- **STR** on the board (cc.score.vp.str_loss): 1 point a point of STR, and 1 more for each figure still in
  play (a figure gone home to mum is lost with its STR: cc.stack.overflow.sulk, cc.punch.retreat.off_board);
- **the flags** (cc.victory.flag.capture): a figure standing on the enemy's flag is 6 points (held through
  the enemy's turn, it wins), and each figure loses a little for every hex it is away from the enemy's flag;
- **objectives** (cc.score.vp.scenario): a place held alone is worth its VP at the end of each turn: 1.5
  points a VP while held;
- **punches to come** (cc.punch.contact.same_hex, cc.move.enemy.forced_punch_free): the side to move's figures
  that can still act this turn, each with its best punch ups on an enemy figure it can reach where it stands
  (its own hex; a walk into a neighbour's hex, whose punch up is free, one ATK die fewer over a wall or hedge,
  cc.punch.wall.minus_one; a walk of two hexes; and a second punch up with an action left, cc.action.repeat),
  valued by the exact chance of a STR loss (the odds module's ``result_dist`` through the engine's
  ``punch_result``) times what the loss costs (its STR point and the VP it scores; at STR 1 the figure). The
  figure activated now counts with the actions it has left (and a punch up it has rolled, by its best die); the
  others by the chance they are activated: the leader and the free pick surely
  (cc.turn.activation.leader_first, .free_second), each further one by a roll of 2 to 6 in turn
  (cc.turn.activation.roll). Only the side to move's punches count: the other side's come only after this
  turn, and this side may still walk away or punch first. Expected losses on one figure count up to its STR.
  A first try counted both sides (the other side's best two punches whole once a figure was activated): a step
  into reach then cost a whole enemy punch and the figure's own punches dropped out of the count, and two novices
  stopped fighting (village, seeds 1-5: four games without a die to choose). Counted for the side to move only,
  two novices fight more than before (village, seeds 1-20 a seat: 16.6 punch ups a game, 7.6 without the term).
  It also lets a look one decision ahead see a punch up: the dice usually stop at the die to keep, before the
  result, and without the rolled punch counted the novice valued a punch up by the state before it. Pilot,
  seeds 1-100 (benchmarks/results/ai.md has the count before): the veteran against random still wins every
  village game and every drill_bump game; against the novice, which plays by this evaluation and is now much
  stronger (the veteran before this term won 9 of 40 village games against it), the village as the Greeks
  92-8-0 (100-0-0 before), as the Ottomans 72-28-0 (84-16-0), drill_bump as the Ottomans' lone warrior 2-98-0
  (51-49-0). Against the novice before this term, seeds 1-20: village as the Ottomans 19-1-0 (18-2-0),
  drill_bump as the Ottomans 10-10-0 (12-8-0).
"""

from __future__ import annotations

import functools
from fractions import Fraction
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
GOOD_ROLL = 5 / 6
"""The chance a roll for one more activation comes up 2 to 6 (cc.turn.activation.roll)."""
HURT = ("ouch", "hit_and_run")
"""The ATK faces that cost STR (cc.punch.result.ouch, cc.punch.result.hit_and_run)."""


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
    if state.result is None:
        terms["punches"] = (1.0 if state.active == side else -1.0) * _punches(rules, state)
    return terms


def _punches(rules: Any, state: GameState) -> float:
    """What the side to move's punch ups to come this turn are worth (see the module)."""
    m = state.rules_state
    s = state.active
    foe = state.other(s)
    targets = {u.id: u for u in state.units_of(foe) if isinstance(u.at, Hex)}
    if not targets:
        return 0.0
    double = rules.options.allow_double_punch
    losses: dict[str, float] = {}

    def add(best: tuple[float, str, float], weight: float) -> None:
        if best[1]:
            losses[best[1]] = losses.get(best[1], 0.0) + weight * best[2]

    cur = m.current
    done = set(m.activated)
    waiting = [u for u in state.units_of(s) if isinstance(u.at, Hex) and u.id not in done]
    if cur is not None:
        u = state.units.get(cur.unit)
        if u is not None and isinstance(u.at, Hex):
            extra: tuple[float, str, float] = (0.0, "", 0.0)
            p = m.punch
            if p is not None and p.attacker == u.id and p.result is None and p.target in targets:
                # rolled: a die that hurts is kept if there is one (cc.punch.roll.choose_one)
                chance = float(any(f in HURT for f in p.faces)) if p.faces else float(_loss_chance(p.dice))
                extra = (chance * _worth(targets[p.target]), p.target, chance)
            elif m.engage is not None and m.engage.unit == u.id:
                dice = rules.punch_dice(u, m.engage.cover)
                extra = max(((float(_loss_chance(dice)) * _worth(targets[e]), e, float(_loss_chance(dice)))
                             for e in m.engage.enemies if e in targets), default=extra)
            add(extra, 1.0)
            left = cur.actions if (double or cur.punches == 0) else 0
            add(_best(rules, state, u, targets, left, cur.stopped, double), 1.0)
    # the figures still to be activated: the leader and the free pick surely, then a roll each
    sure = 1 if m.stage in (None, "leader") or state.position == "turn.pick" else 0
    options = []
    for u in waiting:
        best = _best(rules, state, u, targets, 2, False, double)
        if u.kind == "leader" and m.stage is None:
            add(best, 1.0)
        else:
            options.append(best)
    options.sort(key=lambda b: (-b[0], b[1]))
    weight = 1.0
    for i, best in enumerate(options):
        if i >= sure:
            weight *= GOOD_ROLL
        add(best, weight)
    return sum(_worth(targets[t]) * min(e, targets[t].strength) for t, e in losses.items())


def _best(rules: Any, state: GameState, u: Any, targets: dict[str, Any], actions: int, stopped: bool,
          double: bool) -> tuple[float, str, float]:
    """``u``'s best punch ups with ``actions`` left: (value, target, expected STR losses)."""
    best: tuple[float, str, float] = (0.0, "", 0.0)
    for h, dice in _reach(rules, state, u, actions, stopped, double):
        e = float(sum(_loss_chance(d) for d in dice))
        for t in targets.values():
            if t.at == h and e * _worth(t) > best[0]:
                best = (e * _worth(t), t.id, e)
    return best


def _worth(t: Any) -> float:
    """What one STR lost costs ``t``'s side in this evaluation: the STR point, the VP it gives (3 points) and, at
    STR 1, the figure (its 1 point)."""
    return 1.0 + 3.0 + (1.0 if t.strength <= 1 else 0.0)


def _reach(rules: Any, state: GameState, u: Any, actions: int, stopped: bool,
           double: bool) -> list[tuple[Hex, list[int]]]:
    """The hexes with enemies ``u`` can punch in with ``actions`` left, and the ATK dice of each punch up it can make
    there (cc.action.limit.two): in its own hex one an action; walking next door (cc.move.action.one_hex, a wall,
    hedge, woods or river one action more, cc.move.terrain.*) a free punch up (one die fewer over a wall or hedge,
    cc.punch.wall.behind) and one more for an action left; two hexes away through an empty hex, the free one."""
    ground = rules.ground
    start = u.at
    foe = state.other(u.side)
    occupied = {t.at for t in state.units_of(foe) if isinstance(t.at, Hex)}
    full = rules.punch_dice(u, False)
    out: dict[Hex, list[int]] = {}

    def offer(h: Hex, dice: list[int]) -> None:
        if not double:
            dice = dice[:1]
        if sum(_loss_chance(d) for d in dice) > sum(_loss_chance(d) for d in out.get(h, [])):
            out[h] = dice

    if start in occupied and actions > 0:
        offer(start, [full] * actions)
    if stopped or actions <= 0:
        return list(out.items())
    for m in hex_neighbors(start):
        if m not in rules.board.terrain:
            continue
        cost = 1 + len(ground.extra_costs(start, m))
        if cost > actions:
            continue
        if m in occupied:
            first = rules.punch_dice(u, ground.crossing(start, m) is not None)
            offer(m, [first] + [full] * (actions - cost))
            continue
        if actions - cost < 1:
            continue
        for h in hex_neighbors(m):
            if h in occupied and h != start and not ground.extra_costs(m, h):
                offer(h, [full])
    return list(out.items())


@functools.cache
def _loss_chance(dice: int) -> Fraction:
    """The exact chance a punch up with ``dice`` ATK dice costs the defender STR (cadet's odds module)."""
    from ...rulesets.cadet.odds import result_dist, str_loss

    return str_loss(result_dist(dice)) if dice > 0 else Fraction(0)


def resample(rules: Any, view: GameState, side: str, rng: Rng) -> GameState:
    return generic_resample(view, rng, [])


def hides_more(rules: Any, view: GameState, side: str) -> bool:
    return False
