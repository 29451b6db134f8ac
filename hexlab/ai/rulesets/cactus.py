"""What the computer values in Cactus Air Force's ground game (nothing is hidden: one world).

For one side, its own account minus the enemy's:

- **victory points** (caf.victory.uncontested_location_vp, caf.victory.occupied_unbombed_target): 2 points
  each;
- **steps** (caf.combat.hit_costs_one_step): 1.5 points a step on the map, and the dice its face rolls
  (caf.components.counters.left_number_is_dice) at 0.5 a die;
- **boxes held alone** (caf.victory.uncontested_location_vp): each is a VP at the end of the turn: 1.5
  points a box, and 2 (a whole VP) once the count is sure: the turn's last hour, with no move left before the count
  but those of the side deciding (the one that moves last in the hour); a box fought over counts for neither side,
  and then a fight still to roll this hour counts by the exact chances of each side holding the box alone after
  it. A target on its holder's roster never bombed (caf.victory.occupied_unbombed_target) adds half its target VP
  (it may still be lost before the end), and a quarter of it while the side does not hold it: bombing it would
  give that up, so the computer bombs an enemy-held box for the same VP instead (caf.victory.new_target_bombing_vp;
  not Guadalcanal on the Japanese roster, whose holding wins the game before any count);
- **Guadalcanal** (caf.victory.sudden_death_guadalcanal): Japanese troops alone there win at once, and the two
  sides see that differently. The Marines guard it: 8 points for holding it alone, less 3 for every Japanese step
  there and 3 for every step the Japanese could bring into it at their next move beyond the steps the Marines could
  have there by then (the steps in it and those that can join them in the same hour, the Marines moving second:
  :func:`_shortfall`). So they never leave it open while the Japanese can still come, and they send out the units
  they do not need there. (Before, every Marine step in it was worth 3 points: the Marines never left it to take a
  box, and that cost them most of the drill turn's games; see the twelfth and thirteenth sittings in
  benchmarks/results/ai.md.) The Japanese value it only by the
  fight there: nothing while they have no troops in it, up to 8 points as they outnumber the Marines in it, and
  down to -3 as they are outnumbered (a fight they are likely to lose). Before, the Japanese counted it as the
  Marines do, so merely entering it was worth 14 points or more: one decision ahead, the computer sent every
  SNLF into the perimeter in the first hour, most of them with a Banzai, lost them all, and lost 3 games in 10
  on points against the random player (see benchmarks/results/ai.md).
- **Guadalcanal falling** (caf.victory.sudden_death_guadalcanal): in its fight to come (counted where the fights to
  come below are), the exact chance that the Japanese take it (every Marine step there lost, an attacker left and
  not sent back): 50 points for the whole chance, for the Japanese, against the Marines;
- **moves left** (caf.movement.once_per_turn, caf.sequence.ground_move_timing): for the side that moves last in
  the hour, 1.6 points for each of its own units that can still move in a later hour of the turn (not moved yet,
  and not held in a fight): it takes a box best in the turn's last hour, when the count is sure, and a unit that
  has moved cannot come back to Guadalcanal. None in the last hour. Only the side's own: counting the enemy's too
  made pinning them in a fight worth a move. Not for the side that moves first, which can never answer the
  other's last moves: counting it for Japan in the drill turn cost it 12 games in 100 against `random` (seeds
  1-100: 71-22-7 with it, 83-14-3 without);
- **the last hour** (caf.victory.uncontested_location_vp, caf.victory.occupied_unbombed_target): in the game's
  last hour only the count decides, so a position is worth the chance of winning less that of losing, in the
  search's points for a won game (:func:`_last_count`), and the terms above count nothing. Before, a 1-in-10
  chance of losing Guadalcanal outweighed the 4 VP of Munda that decide the game (as points, 2 a VP, against a lost
  game's 10,000), and the Marines gave up won games to reinforce it;
- **the other side's last moves** (caf.sequence.ground_move_timing, caf.movement.no_exit_from_contested_box): in the
  last hour of every turn, for the side that moves first, while the ground moves are not over, the position is
  valued after the other side's last moves that are worst for it, every one of them tried through the engine
  (:func:`_before_count`). Read as it stood, the count misled the Japanese in the drill turn: in the game's last
  hour they stayed in Beach Red at 1 VP to 1, and the Marines then walked into empty Cape Esperance and won; in the
  first turn's last hour they never attacked Guadalcanal, which holds both Marine units there before the count
  (best play against the veteran's Marines does);
- **a game won early** (caf.victory.sudden_death_guadalcanal): Guadalcanal taken before the game's last hour is
  worth the position's points and 50 more (:func:`finished`), not the search's 10,000, so a tiny chance of it no
  longer outweighs sure losses (a Banzai in the drill turn's first turn cost Japan 0.09 of its score);
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

from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from ...dice import Rng
from ...engine import GameState
from ...rulesets.cactus import battle, facts
from ...rulesets.cactus.combat import hour_dist
from ...rulesets.cactus.data import STACK_LIMIT, TARGET_VP
from ..world import generic_resample

TERMS = {
    "vp": ("victory points", "caf.victory.uncontested_location_vp"),
    "steps": ("steps and dice on the map", "caf.combat.hit_costs_one_step"),
    "boxes": ("boxes held alone", "caf.victory.uncontested_location_vp"),
    "guadalcanal": ("Guadalcanal", "caf.victory.sudden_death_guadalcanal"),
    "threat": ("expected steps lost in the fights to come", "caf.combat.hit_on_six"),
    "sudden": ("the chance that Guadalcanal falls in this hour's fight", "caf.victory.sudden_death_guadalcanal"),
    "moves": ("units that can still move this turn", "caf.movement.once_per_turn"),
    "result": ("the chance of winning at the last count, less that of losing", "caf.victory.uncontested_location_vp"),
}

THREAT = 0.5
"""Points per step a side expects to lose in the fights to come (a step on the map is worth 1.5 and its dice 0.5 more:
this breaks ties and small gaps, and is small beside the novice's noise of 0.6; at 2 points it lost games, see the
module's notes)."""


PROSPECT = 0.5
"""Points per target VP of a target on a side's roster, never bombed, that it does not hold now: the bonus it may
still take by holding it at the end (caf.victory.occupied_unbombed_target). Small: it only tells bombing one's own
target (which gives the bonus up) from bombing an enemy-held box for the same VP (caf.victory.new_target_bombing_vp).
Not for Guadalcanal on the Japanese roster: holding it alone wins the game before any count."""

SUDDEN = 50.0
"""Points for the whole chance that Guadalcanal falls in its fight this hour (a lost game for the Marines)."""

MOVE_LEFT = 1.6
"""Points per unit of the side that moves last in the hour that can still move in a later hour of the turn."""


def evaluate(rules: Any, state: GameState, side: str) -> dict[str, float]:
    if state.rules_state.hour < rules.options.hours:
        return _points(rules, state, side)
    # a turn's last hour: for the side that moves first, the position after the other side's last moves that is
    # worst for it (:func:`_before_count`); for the other side, the position itself
    worth = _last_count if _last_hour(rules, state) else _points
    return min((worth(rules, s, side) for s in _before_count(rules, state, side)), key=lambda t: sum(t.values()))


def finished(rules: Any, state: GameState, side: str) -> float | None:
    """What a game won or lost at ``state`` is worth to ``side`` where the search should not weigh it at its
    :data:`~hexlab.ai.search.WIN` (None: it should). Guadalcanal taken before the game's last hour
    (caf.victory.sudden_death_guadalcanal) is worth the position's own points and :data:`SUDDEN` more for the
    Japanese (less for the Marines): what the evaluation gives the whole chance of it before the fight's dice, so
    a position is worth the same before the dice and after them, and a sure win still outweighs any other move by
    the whole of it. In the game's last hour the evaluation is already on the search's scale (:func:`_last_count`).
    Before, a win at 10,000 points against positions counted in points made a one-in-15,000 chance of taking
    Guadalcanal at once outweigh a sure step: the veteran declared a Banzai in turn 1's last hour of the drill turn
    that cost Japan 0.09 of its score (0.672 against 0.761 exactly; benchmarks/results/ai.md, fifteenth sitting)."""
    if state.turn >= rules.options.turns and state.rules_state.hour >= rules.options.hours:
        return None
    winner = (state.result or {}).get("winner")
    if winner is None:
        return None
    points = sum(_points(rules, state, side).values())
    return points + SUDDEN if winner == side else points - SUDDEN


def _points(rules: Any, state: GameState, side: str) -> dict[str, float]:
    """The evaluation's terms before the game's last hour, for the position as it stands."""
    terms = dict.fromkeys(TERMS, 0.0)
    ground = rules.ground
    gc = rules.guadalcanal
    for s in state.sides:
        sign = 1.0 if s == side else -1.0
        terms["vp"] += sign * 2.0 * state.score.get(s, 0)
        for u in state.units_of(s):
            if isinstance(u.at, str) and u.at in rules.board.areas:
                terms["steps"] += sign * (1.5 * u.strength + 0.5 * rules.dice_of(u))
    sure = _count_is_sure(rules, state)
    for box in ground.boxes:
        holder = ground.holder(state, box)
        if holder is not None:
            worth = _box_worth(rules, state, box, holder, sure)
            terms["boxes"] += worth if holder == side else -worth
        for s in state.sides:  # a target still to be held at the end: bombing it now would give that up
            if s != holder and _unbombed_target(rules, state, box, s) and not (s == rules.japanese and box == gc):
                worth = PROSPECT * TARGET_VP[ground.nation(s)]
                terms["boxes"] += worth if s == side else -worth
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
            # the Marines guard it: never leaving it to the Japanese, and enough steps to meet every Japanese step
            # that can come at it before they can answer; every Japanese step there counts against them
            when = _next_japanese_hour(rules, state)
            terms["guadalcanal"] -= 3.0 * (_shortfall(rules, state, side, when) + ground.steps(state, gc, japanese))
            if when is not None and ground.holder(state, gc) == side:
                terms["guadalcanal"] += 8.0
    exchange, falls, held = _fights_to_come(rules, state, side)
    terms["threat"] = THREAT * exchange
    if sure:  # the boxes fought over this hour: who is likelier to hold each alone at the count
        for box, (mine, theirs) in held.items():
            terms["boxes"] += (mine * _box_worth(rules, state, box, side, sure)
                               - theirs * _box_worth(rules, state, box, rules.ground.other(side), sure))
    terms["sudden"] = SUDDEN * (falls if side == rules.japanese else -falls)
    terms["moves"] = MOVE_LEFT * _moves_left(rules, state, side)
    return terms


def _last_hour(rules: Any, state: GameState) -> bool:
    """The game's last hour (its last turn, its last hour, before the count)."""
    return (state.turn >= rules.options.turns and state.rules_state.hour >= rules.options.hours
            and not state.position.startswith("end."))


def _last_count(rules: Any, state: GameState, side: str) -> dict[str, float]:
    """In the game's last hour the count decides the game (caf.victory.uncontested_location_vp,
    caf.victory.occupied_unbombed_target), so the position is worth the side's chance of winning less its chance of
    losing, in the search's points for a won game (:data:`hexlab.ai.search.WIN`, what a game that ends one decision
    ahead is worth), and nothing else: steps, boxes and guards count only as they turn into VP. The score now, each
    box held alone (its VP, and its target VP on the holder's roster if never bombed), and each fight still to roll
    this hour with the exact chances of each side holding its box alone after it (the fights the enemy can no longer
    change, as for the fights to come); the Japanese taking Guadalcanal win at once
    (caf.victory.sudden_death_guadalcanal). Raids still to fly are left out. The expected VP lead breaks ties, at a
    fiftieth of a point a VP.

    For the side that moves first in the hour (caf.sequence.ground_move_timing), while the ground moves are not
    over, :func:`evaluate` reads it after the other side's last moves that are worst for it (:func:`_before_count`),
    every one of them tried through the engine. Before, the count was read as it stood: the Japanese in the drill
    turn's last hour stayed in Beach Red, 1 VP to 1, and the Marines then walked into empty Cape Esperance and won;
    attacking Guadalcanal instead holds both Marine units there and draws at worst (exact, against the veteran's
    Marines: 0.139 for staying, 0.607 for the attack; see the fifteenth sitting in benchmarks/results/ai.md)."""
    from ..search import WIN

    ground = rules.ground
    other = ground.other(side)
    gc = rules.guadalcanal
    fights = _fights_to_roll(rules, state)

    def vp(box: str, holder: str) -> int:
        return 1 + (TARGET_VP[ground.nation(holder)] if _unbombed_target(rules, state, box, holder) else 0)

    def worth(box: str, holder: str | None) -> int:
        return 0 if holder is None else vp(box, holder) if holder == side else -vp(box, holder)

    holders = {box: ground.holder(state, box) for box in ground.boxes}
    lead = state.score.get(side, 0) - state.score.get(other, 0)
    lead += sum(worth(box, h) for box, h in holders.items() if box not in fights)
    # each fight's outcomes: (chance, VP to the side, Guadalcanal falls), the fights taken as independent; an
    # attacker sent back lands in the boxes it came from, holding an empty one and contesting the defender's
    outcomes = [(1.0, lead, False)]
    for box, (attacker, defender, taken, kept, back, emptied, homes) in fights.items():
        falls = box == gc and attacker == rules.japanese
        home = sum(worth(h, attacker if holders[h] is None else None if holders[h] == defender else holders[h])
                   - worth(h, holders[h]) for h in homes)
        cases = [(taken, worth(box, attacker), falls), (kept - back, worth(box, defender), False),
                 (back, worth(box, defender) + home, False), (emptied, home, False),
                 (1.0 - taken - kept - emptied, 0, False)]
        outcomes = [(p * q, v + dv, fell or f) for p, v, fell in outcomes for q, dv, f in cases if q > 0]
    won = lost = expected = 0.0
    for p, v, fell in outcomes:
        expected += p * v
        if fell:  # Guadalcanal taken: the Japanese win, whatever the score
            won, lost = (won + p, lost) if side == rules.japanese else (won, lost + p)
        elif v > 0:
            won += p
        elif v < 0:
            lost += p
    terms = dict.fromkeys(TERMS, 0.0)
    terms["result"], terms["vp"] = WIN * (won - lost), 0.02 * expected
    return terms


def _before_count(rules: Any, state: GameState, side: str) -> list[GameState]:
    """The positions the count may be read from: the position itself, or, for the side that moves first in the hour
    while the ground moves are not over (caf.sequence.ground_move_timing), each position after the other side's
    last moves (the side stopping where it stands, then every order of the other side's moves the engine allows,
    each unit at most once: caf.movement.once_per_turn), where the hour's combat begins."""
    from ...rulesets.cactus.actions import EndMoves
    from ..search import state_key
    from ..world import World

    last = rules.order[-1]
    if side == last or state.position != "ground.move" or state.rules_state.round is None:
        return [state]
    world = World(rules)
    start = world.settle(world.apply(state, EndMoves())) if rules.to_act(state) == side else state
    ends: list[GameState] = []
    seen: set[str] = set()
    stack = [start]
    while stack:
        s = stack.pop()
        key = state_key(s)
        if key in seen:
            continue
        seen.add(key)
        if s.position != "ground.move" or s.result is not None or rules.to_act(s) != last:
            ends.append(s)
            continue
        stack.extend(world.settle(world.apply(s, a)) for a in world.legal(s))
    return ends


def _fights_to_roll(rules: Any, state: GameState) -> dict[str, tuple]:
    """The fights still to roll this hour that the enemy of the side deciding can no longer change (as for the fights
    to come): box -> (attacker, defender, the chance the attacker takes the box, that the defender is left alone in
    it, that the attacker is sent back with a step left and the defender keeps one, that it is sent back with a step
    left and the defender keeps none, the boxes it came from overland)."""
    found = {}
    for box, f, (_, _, taken, kept, back, emptied) in _rolls(rules, state):
        homes = {came for u in battle.attackers(rules, state, box)
                 if (came := facts.came_from(state, u)) is not None and came != box}
        found[box] = (f.attacker, f.defender, taken, kept, back, emptied, sorted(homes))
    return found


def _rolls(rules: Any, state: GameState) -> Iterator[tuple[str, Any, tuple[float, ...]]]:
    """Each fight still to roll this hour that the enemy of the side deciding can no longer change
    (:func:`_pending`): its box, its roles and its hour's odds (:func:`_hour`, Banzai attacks already declared
    counted)."""
    b = state.rules_state.battle
    for box in _pending(rules, state):
        f = state.rules_state.fights.get(box)
        if f is not None:
            declared = set(b.banzai) if b is not None and b.box == box else set()
            yield box, f, _hour(rules, state, box, f, declared)


def _moves_left(rules: Any, state: GameState, side: str) -> int:
    """Units of the side that can still move in a later hour of this turn: not moved yet
    (caf.movement.once_per_turn) and not held in a contested box (caf.movement.no_exit_from_contested_box). None
    count in the turn's last hour (every move left is then made or given up in this hour's own decisions). Only the
    side's own: counting the enemy's too made pinning them in a fight worth a move of one's own. Only for the side
    that moves last in the hour (caf.sequence.ground_move_timing): it can take a box in the last hour after the
    enemy has moved; the side that moves first never can, and holding its units back cost it games."""
    mine = state.rules_state
    if mine.hour >= rules.options.hours or state.position.startswith("end.") or side != rules.order[-1]:
        return 0
    moved = mine.turn.moved
    contested = set(rules.ground.contested_boxes(state))
    n = 0
    for u in state.units.values():
        if u.side == side and u.strength > 0 and isinstance(u.at, str) and u.at not in contested and u.id not in moved:
            n += 1
    return n


def _box_worth(rules: Any, state: GameState, box: str, holder: str, sure: bool) -> float:
    """Points of a box held alone by ``holder`` (before the game's last hour, :func:`_last_count`): its VP at the end
    of the turn (caf.victory.uncontested_location_vp), a whole VP (2 points) once the count is sure, 1.5 before; and
    a target on the holder's roster never bombed, half its target VP at the end of the game
    (caf.victory.occupied_unbombed_target), as it may still be lost before then."""
    worth = 2.0 if sure else 1.5
    if _unbombed_target(rules, state, box, holder):
        worth += 1.0 * TARGET_VP[rules.ground.nation(holder)]
    return worth


def _unbombed_target(rules: Any, state: GameState, box: str, side: str) -> bool:
    """The box is a target on the side's roster that the side has never bombed: held at the end, it scores the target
    VP (caf.victory.occupied_unbombed_target)."""
    return rules.ground.on_roster(side, box) and box not in state.rules_state.bombed.get(side, ())


def _count_is_sure(rules: Any, state: GameState) -> bool:
    """Whether the boxes held now are the ones the end of the turn counts (caf.victory.uncontested_location_vp):
    the turn's last hour, with no ground move of either side left before the count but the moves of the side that
    moves last in the hour (caf.sequence.ground_move_timing), which is deciding now. (A bombing raid may still
    take a last step; that is rare enough to leave out.)"""
    mine = state.rules_state
    if mine.hour < rules.options.hours:
        return False
    pos = state.position
    if pos == "ground.move":
        rnd = mine.round
        return rnd is not None and rnd.to_act == rnd.order[-1]
    return pos.startswith(("combat.", "air."))


def _next_japanese_hour(rules: Any, state: GameState) -> tuple[int, bool] | None:
    """The hour of the next Japanese ground move, and whether it is in a later turn (every unit may move again,
    caf.movement.once_per_turn); None if the game ends first. The Marines, moving second, answer in the same hour
    (caf.sequence.ground_move_timing)."""
    mine = state.rules_state
    rnd = mine.round
    if state.position == "ground.move" and rnd is not None and rnd.to_act == rules.japanese:
        return mine.hour, False
    if mine.hour < rules.options.hours and not state.position.startswith("end."):
        return mine.hour + 1, False
    return (1, True) if state.turn < rules.options.turns else None


def _shortfall(rules: Any, state: GameState, marines: str, when: tuple[int, bool] | None) -> int:
    """How many steps the Japanese could have in Guadalcanal at its next fight beyond what the Marines can have
    there: the Japanese steps in it and those that can go into it at their next ground move, against the Marines'
    steps in it and those that can join them in the same hour, once the Japanese have moved; each side at most 4
    steps in a box (caf.stacking.four_steps_per_box). A unit can go if it is not held in a contested box
    (caf.movement.no_exit_from_contested_box), has its move left then (caf.movement.once_per_turn) and has a way in
    (a land link, or fighters over the sea route that hour: caf.movement.overland_connections,
    caf.air.cover.required_for_sea_moves). With no Marines in Guadalcanal none can join them: the Japanese walk in
    and win before the Marines move (caf.victory.sudden_death_guadalcanal)."""
    ground = rules.ground
    gc = rules.guadalcanal
    japanese = rules.japanese
    held = {side: ground.steps(state, gc, side) for side in (marines, japanese)}
    come = dict.fromkeys(held, 0)
    if when is not None:
        hour, new_turn = when
        moved = () if new_turn else state.rules_state.turn.moved
        contested = set(ground.contested_boxes(state))
        free = sorted((u for u in state.units.values()
                       if u.strength > 0 and u.side in come and isinstance(u.at, str) and u.at != gc
                       and u.at in rules.board.areas and u.at not in contested and u.id not in moved
                       and (ground.linked(u.at, gc) or ground.covered(u.side, hour, u.at, gc))),
                      key=lambda u: -u.strength)
        for u in free:  # the strongest first, each only if it fits beside the steps there already
            if held[u.side] + come[u.side] + u.strength <= STACK_LIMIT:
                come[u.side] += u.strength
    threat = held[japanese] + come[japanese]
    guard = held[marines] + come[marines] if held[marines] else 0
    return max(0, threat - guard)


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


def _hour(rules: Any, state: GameState, box: str, fight: Any,
          banzai: set[str]) -> tuple[float, float, float, float, float, float]:
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
                     d_steps: int) -> tuple[float, float, float, float, float, float]:
    """(attacker's, defender's) expected steps lost; the chance that the attacker takes the box (the defender
    loses every step there while the attacker keeps one and is not sent back, caf.combat.retreat_overland_to_start);
    the chance that the defender is left alone in it (the attacker loses every step or is sent back, the defender
    keeps one); and the chances that the attacker is sent back with a step left (to the boxes it came from), the
    defender keeping a step, and with none."""
    dist = hour_dist(rolled, dice, banzai, sea, land)

    def gone(r: Any) -> bool:
        return r.attacker_steps_lost >= a_steps or r.attacker_retreats

    return (float(dist.expectation(lambda r: min(r.attacker_steps_lost, a_steps))),
            float(dist.expectation(lambda r: min(r.defender_steps_lost, d_steps))),
            float(dist.expectation(lambda r: int(r.defender_steps_lost >= d_steps and not gone(r)))),
            float(dist.expectation(lambda r: int(r.defender_steps_lost < d_steps and gone(r)))),
            float(dist.expectation(lambda r: int(r.attacker_retreats and r.attacker_steps_lost < a_steps
                                                   and r.defender_steps_lost < d_steps))),
            float(dist.expectation(lambda r: int(r.attacker_retreats and r.attacker_steps_lost < a_steps
                                                   and r.defender_steps_lost >= d_steps))))


def _fights_to_come(rules: Any, state: GameState, side: str) -> tuple[float, float, dict[str, tuple[float, float]]]:
    """Steps the enemy expects to lose in the fights to come less the side's own (see the module's notes); the
    chance that the Japanese, attacking in Guadalcanal, take it in its fight to come: a sudden-death win
    (caf.victory.sudden_death_guadalcanal); and for each box fought over, the chances that the side and that the
    enemy hold it alone after the hour's fight (a unit sent back overland counted as gone from the box)."""
    total = falls = 0.0
    held: dict[str, tuple[float, float]] = {}
    for box, f, (lost_a, lost_d, taken, kept, _, _) in _rolls(rules, state):
        mine, theirs = (lost_a, lost_d) if f.attacker == side else (lost_d, lost_a)
        total += theirs - mine
        held[box] = (taken, kept) if f.attacker == side else (kept, taken)
        if box == rules.guadalcanal and f.attacker == rules.japanese:
            falls = taken
    return total, falls, held


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
