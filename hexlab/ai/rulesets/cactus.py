"""What the computer values in Cactus Air Force's ground game (nothing is hidden: one world).

For one side, its own account minus the enemy's:

- **victory points** (caf.victory.uncontested_location_vp, caf.victory.occupied_unbombed_target): 2 points
  each;
- **steps** (caf.combat.hit_costs_one_step): 1.5 points a step on the map, and the dice its face rolls
  (caf.components.counters.left_number_is_dice) at 0.5 a die;
- **boxes held alone** (caf.victory.uncontested_location_vp): each is a VP at the end of the turn: 1.5
  points a box, and Guadalcanal counts for more; a box both sides are fighting over leans to the side with more
  steps there (from +1.5 to -1.5 by its share of the steps), so that entering a box to fight where one is
  outnumbered is not worth as much as the box one leaves;
- **Guadalcanal** (caf.victory.sudden_death_guadalcanal): Japanese troops alone there win at once, and the two
  sides see that differently. The Marines guard it: 3 points a step of theirs there (less 3 for every Japanese
  step), and 8 for holding it alone, so they never walk out and leave it open. The Japanese value it only by the
  fight there: nothing while they have no troops in it, up to 8 points as they outnumber the Marines in it, and
  down to -3 as they are outnumbered (a fight they are likely to lose). Before, the Japanese counted it as the
  Marines do, so merely entering it was worth 14 points or more: one decision ahead, the computer sent every
  SNLF into the perimeter in the first hour, most of them with a Banzai, lost them all, and lost 3 games in 10
  on points against the random player (see benchmarks/results/ai.md).
"""

from __future__ import annotations

from typing import Any

from ...dice import Rng
from ...engine import GameState
from ..world import generic_resample

TERMS = {
    "vp": ("victory points", "caf.victory.uncontested_location_vp"),
    "steps": ("steps and dice on the map", "caf.combat.hit_costs_one_step"),
    "boxes": ("boxes held alone", "caf.victory.uncontested_location_vp"),
    "guadalcanal": ("Guadalcanal", "caf.victory.sudden_death_guadalcanal"),
}


def evaluate(rules: Any, state: GameState, side: str) -> dict[str, float]:
    terms = dict.fromkeys(TERMS, 0.0)
    ground = rules.ground
    gc = rules.guadalcanal
    for s in state.sides:
        sign = 1.0 if s == side else -1.0
        terms["vp"] += sign * 2.0 * state.score.get(s, 0)
        for u in state.units_of(s):
            if isinstance(u.at, str) and u.at in rules.board.areas:
                terms["steps"] += sign * (1.5 * u.strength + 0.5 * rules.dice_of(u))
    for box in ground.boxes:
        holder = ground.holder(state, box)
        if holder is not None:
            terms["boxes"] += (1.5 if holder == side else -1.5)
    if gc in rules.board.areas:
        japanese = rules.japanese
        if side == japanese:
            # the Japanese value Guadalcanal by how near they are to holding it alone: nothing while the Marines
            # have as many steps there, up to 8 points as they outnumber them
            jp = ground.steps(state, gc, japanese)
            total = sum(ground.steps(state, gc, s) for s in state.sides)
            if total and jp:
                lead = 2.0 * jp / total - 1.0  # -1 to 1: their share of the steps fighting there
                terms["guadalcanal"] += 8.0 * lead if lead > 0 else 3.0 * lead
        else:
            # the Marines guard it: every step of theirs there, and above all never leaving it to the Japanese
            for s in state.sides:
                terms["guadalcanal"] += (3.0 if s == side else -3.0) * ground.steps(state, gc, s)
            holder = ground.holder(state, gc)
            if holder is not None:
                terms["guadalcanal"] += 8.0 if holder == side else -8.0
    return terms


def shape(level: Any) -> Any:
    """A named level fitted to Cactus: one decision ahead, with every battle's dice searched exactly (up to 2,000
    outcomes; 40 samples past that) instead of deeper.

    Why: an hour of Cactus is a run of moves by one side, then combat for both at once, so a search a few
    decisions deep mostly sees more of its own moves and compares positions caught at different points of the
    hour (after a move it is still its own turn and the best next move is added; after "no more moves" the dice
    and the enemy's best answer are). That bias cost more than the depth gained: measured against the novice
    over 24 games (12 from each seat), the veteran searching up to 4 decisions ahead went 10-14, one decision
    ahead 14-9-1, and one decision ahead with exact dice 15-9. A level that already looks one decision ahead
    (the novice) is left as it is."""
    from dataclasses import replace

    if level.max_depth <= 1:
        return level
    return replace(level, max_depth=1, exact_outcomes=2000, samples=40, nodes=max(level.nodes, 3000))


def resample(rules: Any, view: GameState, side: str, rng: Rng) -> GameState:
    return generic_resample(view, rng, [])


def hides_more(rules: Any, view: GameState, side: str) -> bool:
    return False
