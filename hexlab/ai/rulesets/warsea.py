"""What the computer values in War at Sea's troop landings (nothing is hidden: one world, the view itself).

Everything is in victory points divided by ten, for one side: its own account minus the enemy's.

- **ships sunk** (was.victory.check.point_total): the points each side has scored for enemy ships sunk;
- **fleet afloat** (was.victory.check.point_total): a ship or aircraft of ours is points the enemy has not yet
  scored: each counts its class's points, in proportion to the hull points it has left (a damaged ship is
  half way to the enemy's score);
- **islands** (was.victory.claim.sole_troops_at_check, was.victory.island_value_equals_objective): an island
  where only our troops stand is its value at the next check; an island we share with the enemy counts in
  proportion to our share of the troops on it;
- **troops on their way** (was.naval.unload.*, was.victory.island_value_equals_objective): a troop counter aboard
  a ship is worth a share of the island it is carried to (the best of the islands not yet ours): half the island's
  value in its sector, a quarter one sector away, halving with every sector more (:data:`UNDERWAY`); an island the
  enemy's troops hold counts at half its value (:data:`CONTESTED`: landing there starts a fight). Troops only
  score once ashore, but one that can land next turn is most of the way there. Before, a troop aboard was worth
  at most half a point (5 less a point a sector, in tenths), against 5 points once ashore: sailing a sector closer
  was worth less than keeping out of an enemy cruiser's reach, and in the Rescue drill the transport wandered
  sideways until it was sunk (46 wins in 100 against the random player, benchmarks/results/ai.md). Without the
  half for a held island, a Tokyo Express transport sailed past an open Savo Island to land on the Americans' Lunga
  Point (worth more) and lost the fight there: Japan won 21 of seeds 1-30 against random, against 27 before;
- **guns in reach** (was.combat.base_attack_dice_default, was.base.attack_on_ships_default): each ship's best
  shot where it stands: its gunnery dice at the range of each enemy ship in reach, as the points the attack takes
  off that ship on average, from the exact odds of the attack (sunk: its whole remaining value; damaged: one hull
  point's share), counted at a share (:data:`GUNS`: a shot in reach is not yet fired). Counted for both sides;
- **ships under the enemy's guns** (the same clauses): each ship's danger where it stands: the worst shot one
  enemy ship in reach has at it, by the same measure. "Guns in reach" counts each ship's best shot only, so it
  cannot see that a ship sailing into the reach of an enemy that already has a target puts itself in danger
  (Tokyo Express games were lost this way, an unloaded destroyer-transport sailing in to be sunk); with both,
  our ships fight where they out-gun the enemy and keep out of reach where they are out-gunned. A carrier's worth
  in both terms includes the troops aboard, as "troops on their way" values them: they go down with it
  (was.naval.carrier_sunk_troops_lost), less what a rescue would save. A friendly ship with Rescue Operations in the
  carrier's sector rolls one die when it sinks, and on 4 or more one troop goes aboard the rescuer
  (was.naval.rescue.trigger, .success_one_troop, .roll_default), so there the troops at risk are their worth less
  that chance of the most valuable one. Without it the Rescue drill's destroyer sailed where it pleased, and each of
  the 18 games Japan lost in 100 against the random player was its transport sunk in the first turn with both
  troops aboard; with it the destroyer keeps beside the transport, and Japan won 90-10 against random (82-18 before)
  and 75-25 against the novice (48-52), benchmarks/results/ai.md;
- **closing in** (was.base.sea_movement_default, was.naval.gunfire_vs_troops.gunnery_only): each of our own
  warships with guns (not a transport: those carry troops, valued above) loses a little for every sector it
  must still sail before a target it can fight comes within its longest gunnery range: enemy troops ashore, an
  enemy transport, or an enemy warship with no more gunnery dice than it has (a destroyer is not sent after a
  battleship). Without it a ship with nothing in reach has no reason to move, and a battleship left in its
  deployment corner wins nothing. A sector is worth less than the smallest attack "guns in reach" counts, so a
  real shot comes first. It counts only our ships: counted for both sides, two fleets closing would cancel out
  and nothing would move.
"""

from __future__ import annotations

from functools import cache
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
    "exposed": ("ships under the enemy's guns", "was.combat.base_attack_dice_default"),
    "closing": ("warships closing with the enemy", "was.base.sea_movement_default"),
}

SCALE = 0.1
"""Points of the evaluation per victory point."""
GUNS = 0.3
"""The share of a shot's worth that "guns in reach" and "ships under the enemy's guns" count: a shot in reach now is
not yet fired (the initiative, the enemy's moves and its own choice of target come first)."""
CLOSING = 0.35
"""Victory points a sector a warship of ours must still sail before a target is in its reach. The smallest shot
"guns in reach" values in Tokyo Express is 0.4 points (one die at the 8-point, Armour 2 APD: a 6, 1 in 6, sinks it;
counted at :data:`GUNS`), so closing one sector is worth less than a shot."""
UNDERWAY = 0.5
"""A troop aboard is worth this share of the island it is carried to when its carrier is in the island's sector, and
this share again for every sector further away (a quarter one sector away, an eighth two away)."""
CONTESTED = 0.5
"""An island the enemy's troops hold is worth this share of its value to troops carried to it: landing there starts a
fight for it (was.combat.troop.mandatory_same_island), it does not take it."""


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
    cargo: dict[str, float] = {}  # carrier -> the worth (victory points) of the troops aboard it
    best: dict[str, float] = {}  # carrier -> the worth of its most valuable troop (the one a rescue would save)
    for u in state.units.values():
        if not (u.alive and board.is_troop(u) and isinstance(u.at, Aboard)):
            continue
        carrier = state.units.get(u.at.carrier)
        if carrier is None or not isinstance(carrier.at, str):
            continue
        open_isles = [i for i in isles if held.get(i) != (side if u.side == side else "enemy")]
        if not open_isles:
            continue
        theirs = "enemy" if u.side == side else side  # what ``held`` calls the troop's enemy
        worth = max(board.island_value(rules, i) * (CONTESTED if held.get(i) == theirs else 1.0)
                    * UNDERWAY ** (board.distance(carrier.at, i) + 1) for i in open_isles)
        cargo[carrier.id] = cargo.get(carrier.id, 0.0) + worth
        best[carrier.id] = max(best.get(carrier.id, 0.0), worth)
        terms["troops"] += (1.0 if u.side == side else -1.0) * SCALE * worth
    # what a carrier's sinking would cost in troops: a friendly Rescue Operations ship in its sector rolls one die to
    # save one troop, the most valuable (was.naval.rescue.trigger, .success_one_troop, .roll_default)
    rescue = (7 - rules.options.rescue_on) / 6
    for cid, worth in list(cargo.items()):
        if board.rescuer(rules, state, state.units[cid]) is not None:
            cargo[cid] = worth - rescue * best[cid]
    for s in state.sides:
        sign = 1.0 if s == side else -1.0
        foes = ships.get(state.other(s), [])
        for u, c in ships.get(s, []):
            if not c.gunnery or not foes:
                continue
            best = 0.0
            for t, tc in foes:
                d = board.distance(u.at, t.at)
                if d < len(c.gunnery):
                    best = max(best, _shot(c.gunnery[d], t, tc, cargo.get(t.id, 0.0)))
            terms["guns"] += sign * SCALE * GUNS * best
        for u, c in ships.get(s, []):
            terms["exposed"] -= sign * SCALE * GUNS * _threat(u, c, foes, cargo.get(u.id, 0.0))
    terms["closing"] = -SCALE * CLOSING * sum(_sectors_to_reach(rules, state, u, c, ships.get(state.other(side), []))
                                              for u, c in ships.get(side, []))
    return terms


def _threat(ship: Any, card: Any, foes: list[tuple[Any, Any]], cargo: float = 0.0) -> float:
    """The worst one enemy ship can do to ``ship`` (troops aboard worth ``cargo``) where it stands (:func:`_shot` at
    their range)."""
    from ...rulesets.warsea import board

    worst = 0.0
    for t, tc in foes:
        d = board.distance(t.at, ship.at)
        if d < len(tc.gunnery):
            worst = max(worst, _shot(tc.gunnery[d], ship, card, cargo))
    return worst


def _shot(dice: int, target: Any, card: Any, cargo: float = 0.0) -> float:
    """The points one gunnery attack of ``dice`` dice takes off ``target`` (a ship, its class ``card``, troops aboard
    worth ``cargo``) on average, from the exact odds of the attack (:func:`hexlab.rulesets.warsea.odds.attack_dist`):
    its whole remaining value ("fleet afloat") and its cargo if it sinks, one hull point's share if it is damaged."""
    if dice <= 0:
        return 0.0
    sunk, damaged = _attack_odds(dice, card.armour, card.vital, target.strength)
    per_hull = card.points / max(1, target.max_strength)
    return sunk * (per_hull * target.strength + cargo) + damaged * per_hull


@cache
def _attack_odds(dice: int, armour: int, vital: int | None, hull_left: int) -> tuple[float, float]:
    """The chances one attack sinks a ship, and damages it without sinking it (was.combat.base_attack_dice_default,
    was.base.attack_on_ships_default): a few dozen cases in a game, each worked out once."""
    from ...rulesets.warsea.combat import Target
    from ...rulesets.warsea.odds import attack_dist

    effects = attack_dist(dice, Target("ship", armour, vital, hull_left)).map(lambda r: r.effect)
    return float(effects.p("sunk")), float(effects.p("damaged"))


def _sectors_to_reach(rules: Any, state: GameState, ship: Any, card: Any, foes: list[tuple[Any, Any]]) -> int:
    """Sectors ``ship`` must still sail before a target it can fight is within its longest gunnery range: enemy
    troops on an island, an enemy transport, or an enemy warship with no more gunnery dice than ``ship`` at its
    best. 0 when one already is, when there is none, or when the ship is a transport or has no guns (those have
    other work)."""
    from ...rulesets.warsea import board

    reach = max((r for r, dice in enumerate(card.gunnery) if dice > 0), default=-1)
    if reach < 0 or board.capacity(rules, state, ship)[0] > 0:
        return 0
    guns = max(card.gunnery)
    targets = [t.at for t, tc in foes if board.capacity(rules, state, t)[0] > 0 or max(tc.gunnery, default=0) <= guns]
    targets += [u.at for u in state.units.values()
                if u.alive and u.side != ship.side and board.is_troop(u) and isinstance(u.at, str)]
    if not targets:
        return 0
    return max(0, min(board.distance(ship.at, t) for t in targets) - reach)


def resample(rules: Any, view: GameState, side: str, rng: Rng) -> GameState:
    """Nothing is hidden in War at Sea (every unit is seen, attacks are declared in the open): the view is the
    world, with a generator of its own."""
    return generic_resample(view, rng, [])


def hides_more(rules: Any, view: GameState, side: str) -> bool:
    return False
