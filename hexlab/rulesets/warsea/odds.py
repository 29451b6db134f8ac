"""Exact War at Sea landing odds, every face combination pushed through the functions the engine plays with
(``combat.py``): one attack by a ship or an aircraft, one round of infantry combat, and the whole fight for an island
as a Markov chain over Infantry Combat phases. Used by the odds panel and by

    hexlab odds warsea --gunnery 4 [--bombard] [--armour 5] [--vital V] [--hull H] [--json]
    hexlab odds warsea --infantry 3 --defenders 2 [--json]
    hexlab odds warsea --island 3 2 [--json]
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from functools import cache
from typing import Any

from ...dice import D6, Dist, through
from ...engine import HexlabError
from ...odds import OddsCommand, OddsReport, fraction_str
from .combat import TROOP, Result, Target, attack, infantry_hits, infantry_losses, successes
from .data import BOMBARD_DICE

MOST_DICE = 30
MOST_TROOPS = 12


def attack_dist(dice: int, target: Target) -> Dist[Result]:
    """The exact distribution of one attack's result (:func:`combat.attack`)."""
    return through(D6, dice, lambda faces: attack(faces, target))


def attack_report(title: str, dice: int, target: Target, clauses: list[str] | tuple[str, ...] = ()) -> OddsReport:
    """The odds panel's report of one attack on ``target`` as it stands."""
    dist = attack_dist(dice, target).map(lambda r: r.effect)
    outcomes = [(effect, p) for effect, p in dist.items()]
    summary: dict[str, Fraction] = {}
    notes = [f"{dice} dice: each 4 or 5 one success, each 6 two (illustrative base-game values)"]
    if target.kind == "aircraft":
        summary["abort or destroy"] = dist.p(lambda e: e in ("aborted", "destroyed"))
        summary["destroy"] = dist.p("destroyed")
    else:
        gone = "destroyed" if target.kind == "troop" else "sunk"
        summary["damage or worse"] = dist.p(lambda e: e != "no effect")
        summary[f"{gone}"] = dist.p(gone)
        if target.kind == "troop" and target.hull_left > 1:
            notes.append("Hard to Kill: one attack never destroys a troop counter with both hull points")
    return OddsReport(title, outcomes, summary,
                      ("was.combat.base_attack_dice_default", "was.base.attack_on_ships_default", *clauses), notes)


@cache
def hits_dist(troops: int) -> Dist[int]:
    """One side's infantry hits with ``troops`` troop counters (one die each: :func:`combat.infantry_hits`)."""
    return through(D6, troops, infantry_hits)


def infantry_dist(attackers: int, defenders: int) -> Dist[tuple[int, int]]:
    """One Infantry Combat phase: the exact distribution of ``(attacker losses, defender losses)``."""
    return hits_dist(attackers).convolve(hits_dist(defenders),
                                         lambda ha, hd: infantry_losses(ha, hd, attackers, defenders))


@cache
def island_chain(attackers: int, defenders: int) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """The fight for one island with no reinforcements, one Infantry Combat phase a turn, to the end: the chance the
    attackers end as the sole survivors, the defenders, nobody (mutual destruction), and the expected number of turns
    (phases) it takes. A round where nobody is marked leaves the state as it was: the chain's self-loop."""
    if attackers == 0 or defenders == 0:
        if attackers:
            return Fraction(1), Fraction(0), Fraction(0), Fraction(0)
        if defenders:
            return Fraction(0), Fraction(1), Fraction(0), Fraction(0)
        return Fraction(0), Fraction(0), Fraction(1), Fraction(0)
    dist = infantry_dist(attackers, defenders)
    stay = dist.p((0, 0))
    go = 1 - stay
    win = lose = both = Fraction(0)
    turns = Fraction(1)
    for (la, ld), p in dist.items():
        if (la, ld) == (0, 0):
            continue
        w, lo, b, t = island_chain(attackers - la, defenders - ld)
        win += p * w
        lose += p * lo
        both += p * b
        turns += p * t
    return win / go, lose / go, both / go, turns / go


class WarseaOdds(OddsCommand):
    """Exact odds of War at Sea troop landings: one ship or aircraft attack (gunnery, bombs), one round of infantry
    combat, or the whole fight for an island."""

    words = {"p_damage": "damage (or worse)", "p_sink": "sink or destroy", "p_attackers_hold": "attackers sole survivors",
             "p_defenders_hold": "defenders sole survivors", "p_mutual_destruction": "mutual destruction"}

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--gunnery", type=int, help="attack dice of a ship's gunnery (or an aircraft's bombs)")
        parser.add_argument("--bombard", action="store_true", help="the ship has Bombard or Shore Support: +2 dice "
                                                                   "against troops")
        parser.add_argument("--armour", type=int, help="the target's Armour (default: a troop counter, 5)")
        parser.add_argument("--vital", type=int, help="the target's Vital Armour (default: none)")
        parser.add_argument("--hull", type=int, help="the target's hull points left (default: 2 for a troop, else 1)")
        parser.add_argument("--infantry", type=int, help="troops attacking in one round of infantry combat")
        parser.add_argument("--defenders", type=int, help="enemy troops on the island")
        parser.add_argument("--island", type=int, nargs=2, metavar=("A", "D"),
                            help="the whole fight for an island: A troops against D, no reinforcements")

    def report(self, args: argparse.Namespace) -> dict[str, Any]:
        if args.island is not None:
            return island_report(*args.island)
        if args.infantry is not None:
            if args.defenders is None:
                raise HexlabError("--infantry needs --defenders D (the enemy troops on the island)")
            return infantry_report(args.infantry, args.defenders)
        if args.gunnery is not None:
            return gunnery_report(args.gunnery, args.bombard, args.armour, args.vital, args.hull)
        raise HexlabError("give --gunnery N, or --infantry A --defenders D, or --island A D")


def _troops(n: int, what: str) -> None:
    if not 0 <= n <= MOST_TROOPS:
        raise HexlabError(f"{what} must be 0 to {MOST_TROOPS}")


def gunnery_report(dice: int, bombard: bool = False, armour: int | None = None, vital: int | None = None,
                   hull: int | None = None) -> dict[str, Any]:
    """One attack's successes, and the chance it damages and sinks (destroys) its target."""
    troop = armour is None and vital is None
    if not 0 <= dice <= MOST_DICE:
        raise HexlabError(f"--gunnery must be 0 to {MOST_DICE}")
    n = dice + (BOMBARD_DICE if bombard and troop else 0)
    clauses = ["was.combat.base_attack_dice_default", "was.base.attack_on_ships_default"]
    notes: list[str] = []
    if bombard and not troop:
        notes.append("Bombard and Shore Support add dice only against troop counters")
    if bombard and troop:
        clauses.append("was.combat.bombard_shore_support_bonus")
    if troop:
        target = Target("troop", TROOP.armour, None, TROOP.hull_left if hull is None else hull, True)
        clauses += ["was.components.troop.armour_5", "was.components.troop.hull_points_2",
                    "was.combat.base_armour_damage_default", "was.combat.troop.hard_to_kill"]
    else:
        target = Target("ship", armour if armour is not None else TROOP.armour, vital, 1 if hull is None else hull)
    if target.hull_left < 1:
        raise HexlabError("--hull must be at least 1")
    dist = attack_dist(n, target)
    succ = through(D6, n, successes)
    out: dict[str, Any] = {
        "dice": n, "bombard": bombard,
        "target": {"kind": target.kind, "armour": target.armour, "vital": target.vital, "hull_left": target.hull_left},
        "outcomes": [{"successes": k, "p": fraction_str(p)} for k, p in succ.items()],
        "expected_successes": fraction_str(succ.expectation()),
        "p_damage": fraction_str(dist.p(lambda r: r.effect != "no effect")),
        "p_sink": fraction_str(dist.p(lambda r: r.effect in ("sunk", "destroyed"))),
    }
    if troop:
        damaged = Target("troop", TROOP.armour, None, 1, True)
        out["p_destroy_if_damaged_already"] = fraction_str(attack_dist(n, damaged).p(lambda r: r.effect == "destroyed"))
        if target.hull_left > 1:
            notes.append("one attack can never destroy an undamaged troop counter (Hard to Kill): it needs two "
                         "damaging attacks in the same turn, before Regroup")
    if notes:
        out["notes"] = notes
    out["clauses"] = clauses
    return out


def infantry_report(attackers: int, defenders: int) -> dict[str, Any]:
    _troops(attackers, "--infantry")
    _troops(defenders, "--defenders")
    dist = infantry_dist(attackers, defenders)
    return {"attackers": attackers, "defenders": defenders,
            "outcomes": [{"attacker_losses": a, "defender_losses": d, "p": fraction_str(p)} for (a, d), p in dist.items()],
            "clauses": ["was.combat.troop.one_die_per_counter", "was.combat.troop.hit_on_5_or_6",
                        "was.combat.troop.simultaneous_removal"]}


def island_report(attackers: int, defenders: int) -> dict[str, Any]:
    _troops(attackers, "attackers (--island A D)")
    _troops(defenders, "defenders (--island A D)")
    win, lose, both, turns = island_chain(attackers, defenders)
    return {"attackers": attackers, "defenders": defenders,
            "p_attackers_hold": fraction_str(win), "p_defenders_hold": fraction_str(lose),
            "p_mutual_destruction": fraction_str(both), "expected_turns": fraction_str(turns),
            "notes": ["one Infantry Combat phase a turn, no reinforcements, no ship or air attacks"],
            "clauses": ["was.combat.troop.one_die_per_counter", "was.combat.troop.hit_on_5_or_6",
                        "was.combat.troop.simultaneous_removal", "was.combat.troop.contested_continues",
                        "was.combat.troop.control_if_sole_survivor"]}
