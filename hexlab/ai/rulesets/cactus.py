"""What the computer values in Cactus Air Force's ground game (nothing is hidden: one world).

For one side, its own account minus the enemy's:

- **victory points** (caf.victory.uncontested_location_vp, caf.victory.occupied_unbombed_target): 2 points
  each;
- **steps** (caf.combat.hit_costs_one_step): 1.5 points a step on the map, and the dice its face rolls
  (caf.components.counters.left_number_is_dice) at 0.5 a die;
- **boxes held alone** (caf.victory.uncontested_location_vp): each is a VP at the end of the turn: 1.5
  points a box, and Guadalcanal counts for more;
- **Guadalcanal** (caf.victory.sudden_death_guadalcanal): Japanese troops alone there win at once, so the
  Japanese value every step they have there and the Marines every step of theirs that holds it (3 points
  a step, and 8 for holding it alone).
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
        for s in state.sides:
            sign = 1.0 if s == side else -1.0
            terms["guadalcanal"] += sign * 3.0 * ground.steps(state, gc, s)
        holder = ground.holder(state, gc)
        if holder is not None:
            terms["guadalcanal"] += 8.0 if holder == side else -8.0
    return terms


def resample(rules: Any, view: GameState, side: str, rng: Rng) -> GameState:
    return generic_resample(view, rng, [])


def hides_more(rules: Any, view: GameState, side: str) -> bool:
    return False
