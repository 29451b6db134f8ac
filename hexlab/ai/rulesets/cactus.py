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
- **fights to come** (caf.combat.hit_on_six; caf.combat.hit_costs_one_step): the units under threat. In each
  contested box whose dice are still to roll this hour, the steps each side expects to lose there in the hour's
  combat, from its exact odds (``combat.hour_dist``: the engine's own ``hour_result`` pushed through every roll, what
  ``odds.hour_outcomes`` lists; Banzai attacks already declared counted, each side's loss capped at the steps it has
  there): 0.5 points a step, the enemy's expected loss less one's own. It counts only where the enemy can no longer
  change the fight before the dice: in a position where the side that moves last in the hour is moving
  (caf.sequence.ground_move_timing), or in the combat phase for the boxes not yet fought; in one where the side that
  moves first is still moving, none (its opponent still moves, and may reinforce, before the dice). A Banzai still
  to declare is not counted: it never nets the attacker steps (a sure step for a sixth of a hit per die: a unit
  would need more than 6 dice to gain).

  Measured on 25 November 2026 (games with both computers playing by this evaluation). A first version counted
  every contested box at 2 points a step and lost games against the novice (Guadalcanal, seeds 1-40: as the Marines
  21-12-7 against 28-10-2 without it, as Japan 25-15-0 against 33-7-0). Not from counting this hour's fight again
  after its dice (leaving out the boxes fought already played the very same games), nor from Banzai (the same games
  again). Two causes. The novice plays by this evaluation too, and at 2 points a step the term outweighs its noise
  (0.6) and stops its blunders: the veteran without the term went 22-11-7 and 25-15-0 against a novice with it. And
  the veteran as Japan, moving first, broke an exact tie in the first hour (stay at Cape Esperance, or march into
  Beach Red) by the exchange it would win there, 4 dice to the reserve's 3, before the Marines had moved: it marched
  in, in the first hour of all 40 games (26-12-2 against 33-7-0 with the novice left as it was). Counting the
  chance of being thrown back as well made both sides stop attacking (Japan 11-26-3 against the novice, 2 battles a
  game instead of 4 to 6). This version, seeds 1-100, against the novice: Marines 70-29-1 (76-21-3 without; 74-24-2
  against a novice without the term), Japan 71-24-5 (73-26-1); against the random player: Marines 84-14-2 (85-13-2),
  Japan 94-5-1 (93-5-2); the novice against the random player: Marines 75-22-3 (70-27-3), Japan 88-12-0 (88-12-0);
  novice against novice, seeds 1-30, 7.0 battle rolls a game (7.3); the drill turn within a game of before on every
  row.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...dice import Rng
from ...engine import GameState
from ...rulesets.cactus import battle
from ...rulesets.cactus.combat import hour_dist
from ..world import generic_resample

TERMS = {
    "vp": ("victory points", "caf.victory.uncontested_location_vp"),
    "steps": ("steps and dice on the map", "caf.combat.hit_costs_one_step"),
    "boxes": ("boxes held alone", "caf.victory.uncontested_location_vp"),
    "guadalcanal": ("Guadalcanal", "caf.victory.sudden_death_guadalcanal"),
    "threat": ("expected steps lost in the fights to come", "caf.combat.hit_on_six"),
}

THREAT = 0.5
"""Points per step a side expects to lose in the fights to come (a step on the map is worth 1.5 and its dice 0.5 more:
this breaks ties and small gaps, and is small beside the novice's noise of 0.6; at 2 points it lost games, see the
module's notes)."""


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
    terms["threat"] = THREAT * _fights_to_come(rules, state, side)
    return terms


def _pending(rules: Any, state: GameState) -> list[str]:
    """The contested boxes whose dice are still to roll this hour and that the enemy of the side deciding can no
    longer change: all of them while the side that moves last in the hour is moving
    (caf.sequence.ground_move_timing), the boxes not fought yet in the combat phase
    (caf.combat.timing.every_hour_before_air); none otherwise (the other side still moves before the dice)."""
    mine = state.rules_state
    pos = state.position
    if pos == "ground.move":
        rnd = mine.round
        return rules.ground.contested_boxes(state) if rnd is not None and rnd.to_act == rnd.order[-1] else []
    if pos.startswith("combat."):
        left = list(mine.battles)
        b = mine.battle
        if b is not None and pos in ("combat.banzai", "combat.roll"):
            left.append(b.box)
        return [box for box in rules.ground.contested_boxes(state) if box in left]
    return []


def _hour(rules: Any, state: GameState, box: str, fight: Any, banzai: set[str]) -> tuple[float, float]:
    """(attacker's, defender's) expected steps lost in the box's next hour of combat, the units in ``banzai``
    making Banzai attacks: the exact distribution of the engine's own :func:`combat.hour_result` (``hour_dist``,
    what ``odds.hour_outcomes`` lists) on the dice the engine's battle would roll, each side's loss capped at the
    steps it has there."""
    rolled, dice = battle.hour_dice(rules, state, box, banzai)
    seaborne, overland = battle.approach(rules, state, box)
    steps = rules.ground.steps
    return _expected_losses(rolled, dice, len(banzai), seaborne, overland, steps(state, box, fight.attacker),
                            steps(state, box, fight.defender))


@lru_cache(maxsize=4096)
def _expected_losses(rolled: int, dice: int, banzai: int, sea: bool, land: bool, a_steps: int,
                     d_steps: int) -> tuple[float, float]:
    dist = hour_dist(rolled, dice, banzai, sea, land)
    return (float(dist.expectation(lambda r: min(r.attacker_steps_lost, a_steps))),
            float(dist.expectation(lambda r: min(r.defender_steps_lost, d_steps))))


def _fights_to_come(rules: Any, state: GameState, side: str) -> float:
    """Steps the enemy expects to lose in the fights to come less the side's own (see the module's notes)."""
    total = 0.0
    b = state.rules_state.battle
    for box in _pending(rules, state):
        f = state.rules_state.fights.get(box)
        if f is None:
            continue
        declared = set(b.banzai) if b is not None and b.box == box else set()
        lost_a, lost_d = _hour(rules, state, box, f, declared)
        mine, theirs = (lost_a, lost_d) if f.attacker == side else (lost_d, lost_a)
        total += theirs - mine
    return total


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
