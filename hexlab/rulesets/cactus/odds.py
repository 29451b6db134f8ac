"""Exact Cactus Air Force ground-combat odds: one hour, and a whole battle hour after hour.

Every number comes from :func:`combat.hour_result`, the function the engine resolves real combat with, pushed
through every roll of the dice (:func:`combat.hour_dist`).

One hour (the odds panel, and the command line)::

    hexlab odds cactus --attacker-dice 4 --defender-dice 5 [--banzai] [--seaborne] [--json]

``--attacker-dice`` and ``--defender-dice`` are the left numbers of the counters in the box (their sums for a
stack); ``--banzai`` doubles the attacker's dice and costs it one step after (one Banzai unit); ``--seaborne``
makes the attacker one that came by amphibious invasion (a defender 5 costs it a step instead of sending it
back). The report lists every ``(attacker_steps_lost, defender_steps_lost, attacker_retreats)`` with its exact
probability.

A whole battle: ``hexlab odds cactus --battle ...``, computed by :func:`chain.battle_odds` (the Markov chain
over the units' steps; ``chain.py``), which is importable from here as well.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from ...engine import HexlabError
from ...odds import OddsCommand, OddsReport, chance, fraction_str, percent
from .chain import OUTCOMES, BattleOdds, battle_odds, parse_stack, take_steps
from .combat import HourResult, hour_dist, rolled_dice
from .data import HOUR_CLAUSES

# ----------------------------------------------------------------------------------------------- one hour


def hour_outcomes(attacker_dice: int, defender_dice: int, banzai: bool = False, seaborne: bool = False,
                  overland: bool | None = None) -> dict[tuple[int, int, bool], Fraction]:
    """``(attacker_steps_lost, defender_steps_lost, attacker_retreats)`` -> exact probability, for one hour in
    which the attacker's counters show ``attacker_dice`` and the defender's ``defender_dice`` (one Banzai unit
    when ``banzai``: its dice doubled, one step lost after)."""
    dist = hour_dist(rolled_dice(attacker_dice, banzai), defender_dice, int(banzai), seaborne, overland)
    out: dict[tuple[int, int, bool], Fraction] = {}
    for res, p in dist.items():
        out[res.key()] = out.get(res.key(), Fraction(0)) + p
    return dict(sorted(out.items()))


def _hour_summary(dist_items: Iterable[tuple[HourResult, Fraction]], defender_steps: int | None = None,
                  attacker_steps: int | None = None) -> dict[str, Fraction]:
    items = list(dist_items)
    summary = {
        "defender loses a step": sum((p for r, p in items if r.defender_steps_lost > 0), Fraction(0)),
        "attacker loses a step": sum((p for r, p in items if r.attacker_steps_lost > 0), Fraction(0)),
        "defender rolls a 5 (retreat result)": sum((p for r, p in items if r.defender_five), Fraction(0)),
    }
    if defender_steps is not None:
        summary["every defender step gone this hour"] = sum(
            (p for r, p in items if r.defender_steps_lost >= defender_steps), Fraction(0))
    if attacker_steps is not None:
        summary["every attacker step gone this hour"] = sum(
            (p for r, p in items if r.attacker_steps_lost >= attacker_steps), Fraction(0))
    return summary


def _label(key: tuple[int, int, bool]) -> str:
    a, d, r = key
    words = f"attacker -{a}, defender -{d}"
    return words + (", attacker retreats" if r else "")


def hour_report(title: str, attacker_dice: int, defender_dice: int, banzai: int = 0, seaborne: bool = False,
                overland: bool | None = None, defender_steps: int | None = None, attacker_steps: int | None = None,
                notes: Sequence[str] = ()) -> OddsReport:
    """The odds panel's report for one hour of combat in a box."""
    dist = hour_dist(attacker_dice, defender_dice, banzai, seaborne, overland)
    merged: dict[tuple[int, int, bool], Fraction] = {}
    for res, p in dist.items():
        merged[res.key()] = merged.get(res.key(), Fraction(0)) + p
    ranked = sorted(merged.items(), key=lambda kv: (-kv[1], kv[0]))
    outcomes = [(_label(k), p) for k, p in ranked[:10]]
    rest = sum((p for _, p in ranked[10:]), Fraction(0))
    if rest:
        outcomes.append(("other outcomes", rest))
    clauses = list(HOUR_CLAUSES)
    clauses.append("caf.combat.seaborne_no_retreat_extra_step" if seaborne else "caf.combat.retreat_overland_to_start")
    words = [f"{attacker_dice} attacking dice against {defender_dice}; 6s hit, any defender 5 is a retreat result",
             *notes]
    return OddsReport(title, outcomes, _hour_summary(dist.items(), defender_steps, attacker_steps), tuple(clauses),
                      words)


# ----------------------------------------------------------------------------------------------- command line


class CactusOdds(OddsCommand):
    """Exact odds of Cactus Air Force ground combat: one hour (--attacker-dice, --defender-dice) or a whole
    battle between two stacks (--battle --attacker STACK --defender STACK)."""

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--attacker-dice", type=int, help="left numbers of the attacking counters (one hour)")
        parser.add_argument("--defender-dice", type=int, help="left numbers of the defending counters (one hour)")
        parser.add_argument("--banzai", action="store_true",
                            help="Banzai attack: the attacker's dice doubled, one step lost after")
        parser.add_argument("--seaborne", action="store_true",
                            help="the attacker came by amphibious invasion: a defender 5 costs a step, no retreat")
        parser.add_argument("--battle", action="store_true", help="a whole battle between --attacker and --defender")
        parser.add_argument("--attacker", help='attacking stack, e.g. "snlf" or "snlf:2,snlf:1"')
        parser.add_argument("--defender", help='defending stack, e.g. "1mar" or "1mar:2,res:2"')
        parser.add_argument("--max-hours", type=int, default=None, help="stop the battle after this many hours")
        parser.add_argument("--hours", type=int, default=None, help="hours in the battle's table (default 10)")

    def report(self, args: argparse.Namespace) -> dict[str, Any]:
        if args.battle or args.attacker or args.defender:
            if not (args.attacker and args.defender):
                raise HexlabError("a battle needs --attacker and --defender stacks")
            odds = battle_odds(args.attacker, args.defender, banzai=args.banzai, seaborne=args.seaborne,
                               max_hours=args.max_hours, horizon=args.hours)
            return {"kind": "battle", **odds.to_data()}
        if args.attacker_dice is None or args.defender_dice is None:
            raise HexlabError("give --attacker-dice and --defender-dice (one hour), or --battle with --attacker and "
                              "--defender")
        a, d = args.attacker_dice, args.defender_dice
        if not (1 <= a <= 20 and 1 <= d <= 20):
            raise HexlabError("--attacker-dice and --defender-dice must be 1 to 20")
        dist = hour_dist(rolled_dice(a, args.banzai), d, int(args.banzai), args.seaborne, not args.seaborne)
        outcomes = hour_outcomes(a, d, args.banzai, args.seaborne)
        summary = _hour_summary(dist.items())
        clauses = list(HOUR_CLAUSES)
        clauses.append("caf.combat.seaborne_no_retreat_extra_step" if args.seaborne
                       else "caf.combat.retreat_overland_to_start")
        if args.banzai:
            clauses += ["caf.combat.banzai.doubled_dice", "caf.combat.banzai.automatic_step_loss"]
        return {
            "kind": "hour",
            "attacker_dice": a, "defender_dice": d, "banzai": bool(args.banzai), "seaborne": bool(args.seaborne),
            "rolled": {"attacker": rolled_dice(a, args.banzai), "defender": d},
            "outcomes": [{"attacker_steps_lost": k[0], "defender_steps_lost": k[1], "attacker_retreats": k[2],
                          "p": fraction_str(p)} for k, p in outcomes.items()],
            "p_defender_loses_a_step": fraction_str(summary["defender loses a step"]),
            "p_attacker_loses_a_step": fraction_str(summary["attacker loses a step"]),
            "p_retreat_result": fraction_str(summary["defender rolls a 5 (retreat result)"]),
            "expected_defender_steps_lost": fraction_str(dist.expectation(lambda r: r.defender_steps_lost)),
            "expected_attacker_steps_lost": fraction_str(dist.expectation(lambda r: r.attacker_steps_lost)),
            "clauses": clauses,
        }

    def text(self, report: dict[str, Any], exact: bool = False) -> str:
        """The report as ``hexlab odds cactus`` prints it: percentages, with the exact fractions when
        ``exact``."""
        if report["kind"] == "battle":
            return self._battle_text(report, exact)
        extra = (", Banzai" if report["banzai"] else "") + (", seaborne" if report["seaborne"] else "")
        lines = [f"One hour: {report['rolled']['attacker']} attacking dice against {report['rolled']['defender']}"
                 f"{extra}", "  attacker lost  defender lost  retreat            p"]
        for row in report["outcomes"]:
            lines.append(f"  {row['attacker_steps_lost']:>13}  {row['defender_steps_lost']:>13}  "
                         f"{'yes' if row['attacker_retreats'] else 'no':>7}  {chance(row['p'], exact):>22}")
        for key, words in (("p_defender_loses_a_step", "the defender loses a step"),
                           ("p_attacker_loses_a_step", "the attacker loses a step"),
                           ("p_retreat_result", "a defender 5 (retreat result)")):
            lines.append(f"{words}: {chance(report[key], exact)}")
        lines.append(f"expected steps lost: attacker {float(Fraction(report['expected_attacker_steps_lost'])):.3f}, "
                     f"defender {float(Fraction(report['expected_defender_steps_lost'])):.3f}")
        lines.append(f"rules: {', '.join(report['clauses'])}")
        return "\n".join(lines)

    @staticmethod
    def _battle_text(report: dict[str, Any], exact: bool = False) -> str:
        def stack(units: list[dict[str, Any]]) -> str:
            return " + ".join(u["counter"] for u in units)

        extra = (", Banzai every hour" if report["banzai"] else "") + (", seaborne" if report["seaborne"] else "")
        lines = [f"Battle: {stack(report['attacker'])} attacking {stack(report['defender'])}{extra}", "outcome:"]
        for row in report["outcomes"]:
            lines.append(f"  {row['outcome']:<22} {chance(row['p'], exact):>24}")
        lines.append("who holds the box: " + ", ".join(f"{k} {percent(v)}" for k, v in report["holds"].items()))
        if report["max_hours"] is not None:
            lines.append(f"still undecided after {report['max_hours']} hours: {percent(report['undecided'])}")
        else:
            lines.append(f"expected length: {float(Fraction(report['expected_hours'])):.2f} hours")
        lines.append("  hour   ends in this hour   over by then")
        for row in report["hours"]:
            lines.append(f"  {row['hour']:>4}   {percent(row['p_ends']):>17}   {percent(row['p_over_by']):>12}")
        lines.append(f"  later  {percent(report['p_longer']):>16}")
        lines.append(f"assumes: {report['policy']}")
        lines.append(f"rules: {', '.join(report['clauses'])}")
        return "\n".join(lines)


__all__ = ["BattleOdds", "CactusOdds", "HOUR_CLAUSES", "OUTCOMES", "battle_odds", "hour_outcomes", "hour_report",
           "parse_stack", "take_steps"]
