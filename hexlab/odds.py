"""Shared pieces of every ruleset's exact-odds queries (``hexlab odds RULESET ...``, the odds panel).

Exact probabilities are ``Fraction``s; in JSON they are written as ``"a/b"`` strings so nothing is lost.
Each ruleset gives an :class:`OddsCommand`: its command-line arguments, a report as JSON-ready data,
and the same report in words. The numbers always come from the ruleset's own combat function pushed
through :mod:`hexlab.dice`'s exact enumeration, never from a separate formula.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any


def fraction_str(p: Fraction | int) -> str:
    """``Fraction(1, 6)`` -> ``"1/6"``; whole numbers too are written ``"a/b"`` (``"1/1"``, ``"0/1"``)."""
    p = Fraction(p)
    return f"{p.numerator}/{p.denominator}"


def percent(p: Fraction | str) -> str:
    """A probability for people: ``"16.7%"``."""
    if isinstance(p, str):
        p = Fraction(p)
    return f"{float(p) * 100:.1f}%"


class OddsCommand:
    """One ruleset's odds queries on the command line."""

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        """Add the ruleset's own arguments to ``parser``."""

    def report(self, args: argparse.Namespace) -> dict[str, Any]:
        """The exact odds as JSON-ready data (probabilities as ``"a/b"`` strings)."""
        return {}

    def text(self, report: dict[str, Any]) -> str:
        """The report in words: every probability as a fraction and a percentage."""
        lines = []
        for key, value in report.items():
            if key == "outcomes":
                lines.append("outcomes:")
                for row in value:
                    facts = ", ".join(f"{k}={v}" for k, v in row.items() if k != "p")
                    lines.append(f"  {facts:<40} {row['p']:>12}  {percent(row['p']):>6}")
            elif key.startswith("p_") and isinstance(value, str):
                lines.append(f"{key}: {value} ({percent(value)})")
            else:
                lines.append(f"{key}: {value}")
        return "\n".join(lines)


@dataclass
class OddsReport:
    """Exact odds of one attack, for the odds panel: every outcome's probability and the chances that
    matter (to eliminate the target, to force a retreat...), with the clauses that set the dice."""

    title: str
    outcomes: list[tuple[str, Fraction]]
    summary: dict[str, Fraction] = field(default_factory=dict)
    clauses: tuple[str, ...] = ()
    notes: list[str] = field(default_factory=list)

    def to_data(self) -> dict[str, Any]:
        return {"title": self.title, "outcomes": [{"outcome": o, "p": fraction_str(p)} for o, p in self.outcomes],
                "summary": {k: fraction_str(v) for k, v in self.summary.items()}, "clauses": list(self.clauses),
                "notes": list(self.notes)}
