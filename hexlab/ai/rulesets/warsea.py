"""What the computer values in War at Sea's troop landings (nothing is hidden: one world, the view itself).

Everything is in victory points divided by ten, for one side: its own account minus the enemy's.

- **ships sunk** (was.victory.check.point_total): the points each side has scored for enemy ships sunk;
- **fleet afloat** (was.victory.check.point_total): a ship or aircraft of ours is points the enemy has not yet
  scored: each counts its class's points, in proportion to the hull points it has left (a damaged ship is
  half way to the enemy's score);
- **islands** (was.victory.claim.sole_troops_at_check, was.victory.island_value_equals_objective): an island
  where only our troops stand is its value at the next check; an island we share with the enemy counts in
  proportion to our share of the troops on it;
- **troops on their way** (was.naval.unload.*): a troop counter aboard a ship is worth a little, more the
  nearer its carrier is to an island not yet ours (troops only score once ashore);
- **guns in reach** (was.combat.base_attack_dice_default): each ship's gunnery at the range of the nearest
  enemy ship, as expected successes (a 4 or 5 is one, a 6 two: two thirds of a success a die) against that
  ship's Armour, worth a share of its points. Counted for both sides, it draws our ships to fight where they
  out-gun the enemy and away where they are out-gunned.
"""

from __future__ import annotations

from typing import Any

from ...dice import Rng
from ...engine import GameState
from ...engine.state import Aboard
from ..world import generic_resample

TERMS = {
    "sunk": ("points for ships sunk", "was.victory.check.point_total"),
    "fleet": ("ships and aircraft afloat", "was.victory.check.point_total"),
    "islands": ("islands held", "was.victory.claim.sole_troops_at_check"),
    "troops": ("troops carried towards the islands", "was.naval.unload.only_anti_air_after"),
    "guns": ("guns in reach of enemy ships", "was.combat.base_attack_dice_default"),
}

SCALE = 0.1
"""Points of the evaluation per victory point."""
SUCCESS_PER_DIE = 2 / 3
"""Expected successes of one attack die: a 4 or a 5 is one success, a 6 two (was.combat.base_attack_dice_default)."""


def evaluate(rules: Any, state: GameState, side: str) -> dict[str, float]:
    from ...rulesets.warsea import board

    terms = dict.fromkeys(TERMS, 0.0)
    mine = rules.mine(state)
    for s in mine.sinkings:
        terms["sunk"] += SCALE * s.points * (1.0 if s.by == side else -1.0)
    ships: dict[str, list[tuple[Any, Any]]] = {s: [] for s in state.sides}
    for u in state.units.values():
        if not u.alive or board.is_troop(u):
            continue
        c = board.card(rules, state, u)
        if c is None:
            continue
        sign = 1.0 if u.side == side else -1.0
        terms["fleet"] += sign * SCALE * c.points * u.strength / max(1, u.max_strength)
        if board.is_ship(u) and isinstance(u.at, str):
            ships.setdefault(u.side, []).append((u, c))
    isles = board.islands(rules)
    held: dict[str, str] = {}
    for isle in isles:
        counts = {s: len(board.troops_on(state, isle, s)) for s in state.sides}
        total = sum(counts.values())
        if total == 0:
            continue
        value = SCALE * board.island_value(rules, isle)
        share = counts.get(side, 0) / total
        terms["islands"] += value * (2 * share - 1)
        if share == 1:
            held[isle] = side
        elif share == 0:
            held[isle] = "enemy"
    for u in state.units.values():
        if not (u.alive and board.is_troop(u) and isinstance(u.at, Aboard)):
            continue
        carrier = state.units.get(u.at.carrier)
        if carrier is None or not isinstance(carrier.at, str):
            continue
        open_isles = [i for i in isles if held.get(i) != (side if u.side == side else "enemy")]
        near = min((board.distance(carrier.at, i) for i in open_isles), default=0)
        sign = 1.0 if u.side == side else -1.0
        terms["troops"] += sign * SCALE * (5.0 - 1.0 * near)
    for s in state.sides:
        sign = 1.0 if s == side else -1.0
        foes = ships.get(state.other(s), [])
        for u, c in ships.get(s, []):
            if not c.gunnery or not foes:
                continue
            best = 0.0
            for t, tc in foes:
                d = board.distance(u.at, t.at)
                if d >= len(c.gunnery):
                    continue
                expected = c.gunnery[d] * SUCCESS_PER_DIE
                best = max(best, min(1.0, expected / max(1, tc.armour)) * tc.points)
            terms["guns"] += sign * SCALE * 0.3 * best
    return terms


def resample(rules: Any, view: GameState, side: str, rng: Rng) -> GameState:
    """Nothing is hidden in War at Sea (every unit is seen, attacks are declared in the open): the view is the
    world, with a generator of its own."""
    return generic_resample(view, rng, [])


def hides_more(rules: Any, view: GameState, side: str) -> bool:
    return False
