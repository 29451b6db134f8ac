"""Exact Cadet Commander odds: every roll of the ATK dice pushed through ``combat.punch_result``, the
function the engine resolves real punch ups with. Used by the odds panel and by

    hexlab odds cadet --atk 3 [--behind-wall] [--json]

The attacker keeps one die (cc.punch.roll.choose_one); the odds are those of the best die by the order
Hit and Run > Ouch > Run away > Oh Dear, the pick the
ruleset suggests (and the novice takes).
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import Any

from ...dice import Dist, through
from ...engine import HexlabError
from ...odds import OddsCommand, OddsReport, chance, fraction_str
from .combat import ATK_DIE, EFFECTS, ORDER, label, punch_result

DICE_CLAUSES = ("cc.dice.atk.faces", "cc.punch.roll.dice_count", "cc.punch.roll.choose_one")


def result_dist(dice: int) -> Dist[str]:
    """The exact distribution of the result of a punch up with ``dice`` ATK dice, the best die kept."""
    return through(ATK_DIE, dice, punch_result)


def at_least_one(dice: int, face: str) -> Fraction:
    """The chance that at least one of ``dice`` ATK dice shows ``face``."""
    return through(ATK_DIE, dice, lambda faces: face in faces).p(True)


def str_loss(dist: Dist[str]) -> Fraction:
    return dist.p(lambda r: EFFECTS[r].str_loss > 0)


def push_back(dist: Dist[str]) -> Fraction:
    return dist.p(lambda r: EFFECTS[r].push)


def punch_report(attacker_words: str, target_words: str, dice: int, target_str: int, notes: list[str],
                 clauses: tuple[str, ...]) -> OddsReport:
    """The odds panel's report for one punch up."""
    dist = result_dist(dice)
    outcomes = [(f"{label(r)}: {EFFECTS[r].words}", dist.p(r)) for r in ORDER]
    summary = {"cause a STR loss": str_loss(dist), "push back": push_back(dist), "no effect": dist.p("oh_dear")}
    if target_str <= 1:
        summary["knock out (STR 0)"] = str_loss(dist)
    notes = [f"{dice} ATK {'die' if dice == 1 else 'dice'}; the attacker keeps the best one "
             "(Hit and Run > Ouch > Run away > Oh Dear)", *notes]
    return OddsReport(f"{attacker_words} punches {target_words}", outcomes, summary,
                      tuple(dict.fromkeys((*DICE_CLAUSES, *clauses))), notes)


class CadetOdds(OddsCommand):
    """Exact odds of a Cadet Commander punch up: the attacker rolls its ATK dice and keeps the best one."""

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--atk", type=int, required=True,
                            help="the attacker's ATK: 2 for a warrior, 3 for a leader or a hero")
        parser.add_argument("--behind-wall", action="store_true",
                            help="the defender is behind a wall or hedge: one die fewer")

    def report(self, args: argparse.Namespace) -> dict[str, Any]:
        if not 1 <= args.atk <= 6:
            raise HexlabError("--atk must be 1 to 6")
        dice = args.atk - (1 if args.behind_wall else 0)
        dist = result_dist(dice)
        clauses = list(DICE_CLAUSES) + (["cc.punch.wall.minus_one"] if args.behind_wall else [])
        return {
            "atk": args.atk,
            "behind_wall": bool(args.behind_wall),
            "dice": dice,
            "order": list(ORDER),
            "outcomes": [{"result": r, "p": fraction_str(dist.p(r))} for r in ORDER],
            "p_str_loss": fraction_str(str_loss(dist)),
            "p_push_back": fraction_str(push_back(dist)),
            "p_no_effect": fraction_str(dist.p("oh_dear")),
            "p_at_least_one": {face: fraction_str(at_least_one(dice, face)) for face in ORDER},
            "clauses": clauses,
        }

    def text(self, report: dict[str, Any], exact: bool = False) -> str:
        """The report as ``hexlab odds cadet`` prints it: percentages, with the exact fractions when
        ``exact``."""
        wall = ", behind a wall or hedge" if report["behind_wall"] else ""
        dice = f"{report['dice']} {'die' if report['dice'] == 1 else 'dice'}"
        lines = [f"ATK {report['atk']}{wall}: {dice}, the best one kept "
                 "(Hit and Run > Ouch > Run away > Oh Dear)", "best result:"]
        for row in report["outcomes"]:
            lines.append(f"  {label(row['result']):<12} {chance(row['p'], exact):>18}")
        for key, words in (("p_str_loss", "cause a STR loss"), ("p_push_back", "push back"),
                           ("p_no_effect", "no effect")):
            lines.append(f"{words}: {chance(report[key], exact)}")
        lines.append("at least one die showing:")
        for face, p in report["p_at_least_one"].items():
            lines.append(f"  {label(face):<12} {chance(p, exact):>18}")
        lines.append(f"rules: {', '.join(report['clauses'])}")
        return "\n".join(lines)


__all__ = ["CadetOdds", "at_least_one", "punch_report", "result_dist"]
