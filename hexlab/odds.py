"""Shared pieces of every ruleset's exact-odds queries (``hexlab odds RULESET ...``, the odds panel).

Exact probabilities are ``Fraction``s; in JSON they are written as ``"a/b"`` strings so nothing is lost.
Each ruleset gives an :class:`OddsCommand`: its command-line arguments, a report as JSON-ready data,
and the same report in words. The numbers always come from the ruleset's own combat function pushed
through :mod:`hexlab.dice`'s exact enumeration, never from a separate formula.

The words are a table for people: chances as percentages (``12.5%``), the exact fraction beside each on
request (``12.5% (1/8)``, the odds panel's way of writing it), and a long distribution grouped so that it
stays a screenful: a tail of values merged into "N or more", or the least likely outcomes into "other
outcomes" (the odds panel's words for them).
"""

from __future__ import annotations

import argparse
import inspect
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

ROWS = 20
"""The most rows a distribution is shown with; past that its tail is grouped."""
COLUMNS = 6
"""The most value columns of a two-way table (hits down, flags across); past that the rest are grouped."""
OTHER = "{n} other outcomes"
"""The row that gathers the least likely outcomes of a long distribution, as the odds panel words it."""

_FRACTION = re.compile(r"^-?\d+/\d+$")


def fraction_str(p: Fraction | int) -> str:
    """``Fraction(1, 6)`` -> ``"1/6"``; whole numbers too are written ``"a/b"`` (``"1/1"``, ``"0/1"``)."""
    p = Fraction(p)
    return f"{p.numerator}/{p.denominator}"


def percent(p: Fraction | str) -> str:
    """A probability for people: ``"16.7%"``."""
    if isinstance(p, str):
        p = Fraction(p)
    return f"{float(p) * 100:.1f}%"


def is_fraction(value: Any) -> bool:
    """Whether a report's value is an exact probability written ``"a/b"``."""
    return isinstance(value, str) and bool(_FRACTION.match(value))


def chance(p: Fraction | str, exact: bool = False) -> str:
    """A chance as the odds panel writes it: ``"12.5%"``, or ``"12.5% (1/8)"`` when ``exact``. A chance that
    is possible but rounds to 0.0% is written ``"<0.1%"`` (and one short of certain ``">99.9%"``), so the
    table never calls a possible outcome impossible."""
    p = Fraction(p)
    text = f"{float(p):.1%}"
    if 0 < p < 1 and text in ("0.0%", "100.0%"):
        text = "<0.1%" if p < Fraction(1, 2) else ">99.9%"
    return f"{text} ({p.numerator}/{p.denominator})" if exact else text


def number(value: Fraction | str, exact: bool = False) -> str:
    """An expected value: ``"1.50"``, or ``"1.50 (3/2)"`` when ``exact``."""
    v = Fraction(value)
    text = f"{float(v):.2f}"
    return f"{text} ({v.numerator}/{v.denominator})" if exact and v.denominator != 1 else text


def words(key: str) -> str:
    """A report's key in words: ``"p_at_least_one_hit"`` -> ``"at least one hit"``, ``"hits_back"`` ->
    ``"hits back"``."""
    return key.removeprefix("p_").replace("_", " ")


def _cell(value: Any) -> str:
    """A value in words: yes/no, "none", lists joined with commas, a table as "key value, ..."."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, (list, tuple)):
        return ", ".join(_cell(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{words(k)} {_cell(v)}" for k, v in value.items())
    return str(value)


def _grid(lines: list[list[str]], left: int = 1) -> list[str]:
    """Rows of cells as aligned text: the first ``left`` columns to the left, the others to the right."""
    widths = [max(len(row[i]) for row in lines) for i in range(len(lines[0]))]
    return ["  " + "  ".join(c.ljust(w) if i < left else c.rjust(w)
                             for i, (c, w) in enumerate(zip(row, widths, strict=True))).rstrip() for row in lines]


def _chance_cells(p: Fraction | str, exact: bool) -> list[str]:
    """A chance as table cells: the percentage, then the exact fraction in brackets when ``exact``."""
    p = Fraction(p)
    return [chance(p), f"({fraction_str(p)})"] if exact else [chance(p)]


def _capped(values: Sequence[Any], most: int) -> dict[Any, str]:
    """Each value's label when at most ``most`` labels may be shown: the first ``most - 1`` values as they
    are, and every value from there on as "N or more" (the values are whole numbers, in order)."""
    if len(values) <= most:
        return {v: _cell(v) for v in values}
    cut = values[most - 1]
    return {v: (_cell(v) if i < most - 1 else f"{cut} or more") for i, v in enumerate(values)}


def _total(ps: Any) -> Fraction:
    return sum((Fraction(p) for p in ps), Fraction(0))


def _show(p: Fraction | None, exact: bool) -> str:
    """A table cell: the percentage, or the exact fraction alone when ``exact`` (the cells stay narrow)."""
    if p is None:
        return "-"
    return fraction_str(p) if exact else chance(p)


def distribution(rows: Sequence[dict[str, Any]], exact: bool = False, label: Callable[[str], str] = words
                 ) -> list[str]:
    """The lines of a distribution's table. ``rows`` are ``{fact: value, ..., "p": "a/b"}``; ``label`` puts a
    fact's key in words.

    A fact with the same value in every row is said once above the table. Two facts that are whole numbers
    (hits and flags) make a two-way table, the first down and the second across, with the chance of each
    row and column whatever the other ("any"). One whole-number fact is one column, its tail merged into
    "N or more" past :data:`ROWS` rows. Anything else is listed in order, and past :data:`ROWS` rows the
    least likely outcomes are gathered into one row ("31 other outcomes")."""
    rows = [r for r in rows if "p" in r]
    if not rows:
        return ["  (no outcomes)"]
    keys = [k for k in rows[0] if k != "p"]
    out: list[str] = []
    fixed = [k for k in keys if len({_cell(r.get(k)) for r in rows}) == 1 and len(rows) > 1]
    for k in fixed:
        out.append(f"  {label(k)}: {_cell(rows[0][k])} in every outcome")
    keys = [k for k in keys if k not in fixed]
    whole = all(isinstance(r.get(k), int) and not isinstance(r.get(k), bool) for r in rows for k in keys)
    if len(keys) == 2 and whole:
        return out + _two_way(rows, keys[0], keys[1], exact, label)
    if len(keys) == 1 and whole:
        key = keys[0]
        labels = _capped(sorted({r[key] for r in rows}), ROWS)
        merged: dict[str, Fraction] = {}
        for r in rows:
            merged[labels[r[key]]] = merged.get(labels[r[key]], Fraction(0)) + Fraction(r["p"])
        table = [[label(key), "chance"]] + [[label, _show(p, exact)] for label, p in merged.items()]
        return out + _grid(table, left=0)
    shown = list(rows)
    rest = Fraction(0)
    if len(rows) > ROWS:
        keep = set(sorted(range(len(rows)), key=lambda i: -Fraction(rows[i]["p"]))[: ROWS - 1])
        shown = [r for i, r in enumerate(rows) if i in keep]
        rest = _total(r["p"] for i, r in enumerate(rows) if i not in keep)
    table = [[label(k) for k in keys] + ["chance"]] if keys else [["outcome", "chance"]]
    for r in shown:
        table.append([_cell(r[k]) for k in keys] + [_show(Fraction(r["p"]), exact)])
    if rest:
        table.append([OTHER.format(n=len(rows) - len(shown))] + [""] * (len(keys) - 1) + [_show(rest, exact)])
    return out + _grid(table, left=0)


def _two_way(rows: Sequence[dict[str, Any]], down: str, across: str, exact: bool, label: Callable[[str], str]
             ) -> list[str]:
    row_of = _capped(sorted({r[down] for r in rows}), ROWS)
    col_of = _capped(sorted({r[across] for r in rows}), COLUMNS)
    row_labels, col_labels = list(dict.fromkeys(row_of.values())), list(dict.fromkeys(col_of.values()))
    cells: dict[tuple[str, str], Fraction] = {}
    for r in rows:
        key = (row_of[r[down]], col_of[r[across]])
        cells[key] = cells.get(key, Fraction(0)) + Fraction(r["p"])
    table = [[f"{label(down)} \\ {label(across)}", *col_labels, "any"]]
    for a in row_labels:
        table.append([a, *(_show(cells.get((a, b)), exact) for b in col_labels),
                      _show(_total(p for (x, _), p in cells.items() if x == a), exact)])
    table.append(["any", *(_show(_total(p for (_, y), p in cells.items() if y == b), exact) for b in col_labels),
                  ""])
    return _grid(table, left=1)


def table(report: dict[str, Any], exact: bool = False, label: Callable[[str], str] = words) -> str:
    """A report (``OddsCommand.report``) as a table for people: its facts, its outcomes
    (:func:`distribution`), its chances and expected values, any other table in it, and the rules it
    follows. Chances are percentages; ``exact`` adds the exact fraction beside each. ``label`` turns a key
    into words."""
    facts: list[str] = []
    chances: list[tuple[str, str]] = []  # (label, "a/b")
    expected: list[tuple[str, str]] = []
    more: list[str] = []
    outcomes: list[str] = []
    rules = ""
    for key, value in report.items():
        if key == "outcomes" and isinstance(value, list):
            outcomes = ["outcomes:", *distribution(value, exact, label)]
        elif key == "clauses" and isinstance(value, list):
            rules = f"rules: {', '.join(value)}" if value else ""
        elif is_fraction(value) and key.startswith("expected_"):
            expected.append((label(key), number(value, exact)))
        elif is_fraction(value):
            chances.append((label(key), value))
        elif isinstance(value, dict) and value and all(is_fraction(v) for v in value.values()):
            more += [f"{label(key)}:", *_grid([[_cell(k), *_chance_cells(v, exact)] for k, v in value.items()])]
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            heads = list(value[0])
            grid = [[label(h) for h in heads]]
            grid += [[chance(v.get(h), exact) if is_fraction(v.get(h)) else _cell(v.get(h)) for h in heads]
                     for v in value]
            more += [f"{label(key)}:", *_grid(grid, left=0)]
        elif value is not None:
            facts.append(f"{label(key)}: {_cell(value)}")
    lines = list(facts)
    lines += outcomes
    if chances:
        lines += ["chances:", *_grid([[k, *_chance_cells(v, exact)] for k, v in chances])]
    if expected:
        lines += ["on average:", *_grid([[k, v] for k, v in expected])]
    lines += more
    if rules:
        lines.append(rules)
    return "\n".join(lines)


class OddsCommand:
    """One ruleset's odds queries on the command line."""

    words: dict[str, str] = {}
    """A report's keys in the ruleset's own words, where the key alone does not say it (``p_str_loss`` ->
    ``"cause a STR loss"``); other keys are read as they are (``p_eliminate`` -> ``"eliminate"``)."""

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        """Add the ruleset's own arguments to ``parser``."""

    def report(self, args: argparse.Namespace) -> dict[str, Any]:
        """The exact odds as JSON-ready data (probabilities as ``"a/b"`` strings)."""
        return {}

    def label(self, key: str) -> str:
        """A report's key in words (:attr:`words`, else the key read as it is)."""
        return self.words.get(key) or words(key)

    def text(self, report: dict[str, Any], exact: bool = False) -> str:
        """The report in words (:func:`table`): chances as percentages, with the exact fractions when
        ``exact``."""
        return table(report, exact, self.label)

    def render(self, report: dict[str, Any], exact: bool = False) -> str:
        """What ``hexlab odds`` prints. A ruleset whose ``text`` takes no ``exact`` writes its own words
        (fractions and percentages together) whichever is asked."""
        if "exact" in inspect.signature(self.text).parameters:
            return self.text(report, exact=exact)
        return self.text(report)


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
