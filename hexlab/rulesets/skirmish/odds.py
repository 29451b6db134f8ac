"""Exact odds of a Skirmish attack, enumerated through :func:`combat.combat`."""

from __future__ import annotations

import argparse
from typing import Any

from ...dice import D6, Dist, through_mixed
from ...engine import HexlabError
from ...odds import OddsCommand, fraction_str
from .combat import combat


def combat_odds(attack_dice: int, return_dice: int) -> Dist:
    """Exact distribution of (hits on the target, hits on the attacker)."""
    return through_mixed([(D6, attack_dice), (D6, return_dice)], lambda faces: combat(*faces))


class SkirmishOdds(OddsCommand):
    """Exact odds of one Skirmish combat."""

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--attack", type=int, required=True, help="the attacker's dice")
        parser.add_argument("--return-fire", type=int, default=0, help="the target's dice back")

    def report(self, args: argparse.Namespace) -> dict[str, Any]:
        if not 1 <= args.attack <= 12 or not 0 <= args.return_fire <= 12:
            raise HexlabError("--attack must be 1-12 and --return-fire 0-12")
        dist = combat_odds(args.attack, args.return_fire)
        return {
            "outcomes": [{"hits": h, "hits_back": b, "p": fraction_str(p)} for (h, b), p in dist.items()],
            "expected_hits": fraction_str(dist.expectation(lambda r: r[0])),
            "p_at_least_one_hit": fraction_str(dist.p(lambda r: r[0] >= 1)),
        }
