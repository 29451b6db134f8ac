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
from collections.abc import Callable, Mapping, Sequence
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
    situation: str = ""
    """The position the chances suppose when it is not the one on the map ("if SNLF2 moves in overland this
    hour"): a question built on the report must say it."""

    def to_data(self) -> dict[str, Any]:
        return {"title": self.title, "outcomes": [{"outcome": o, "p": fraction_str(p)} for o, p in self.outcomes],
                "summary": {k: fraction_str(v) for k, v in self.summary.items()}, "clauses": list(self.clauses),
                "notes": list(self.notes)}


# ------------------------------------------------------------------------------------------------ sweeps

SWEEP_FORMATS = ("markdown", "csv", "json", "text")
_TRUE = {"yes", "true", "on", "1", "y"}
_FALSE = {"no", "false", "off", "0", "n"}
_RANGE = re.compile(r"^(-?\d+)(?:-|\.\.)(-?\d+)$")


class _SweepParser(argparse.ArgumentParser):
    """A ruleset's odds parser for one cell of a sweep: a mistake is a :class:`HexlabError`, never an exit."""

    def error(self, message: str) -> Any:  # type: ignore[override]
        from .engine import HexlabError

        raise HexlabError(message)


def parse_values(text: str) -> list[str]:
    """A sweep's values as given on the command line: ``"1-6"`` or ``"1..6"`` (whole numbers, both ends in),
    ``"countryside,forest,town"``, or a mix (``"1,3-5"``)."""
    out: list[str] = []
    for item in (t.strip() for t in text.split(",")):
        if not item:
            continue
        m = _RANGE.match(item)
        if m:
            lo, hi = int(m.group(1)), int(m.group(2))
            step = 1 if hi >= lo else -1
            out += [str(v) for v in range(lo, hi + step, step)]
        else:
            out.append(item)
    return out


def _natural_value(text: Any) -> Any:
    """A value as a table shows it: ``"3"`` -> ``3``; anything else as it is."""
    if isinstance(text, str) and re.fullmatch(r"-?\d+", text):
        return int(text)
    return text


def _flag(value: Any, name: str) -> bool:
    from .engine import HexlabError

    if isinstance(value, bool):
        return value
    word = str(value).strip().lower()
    if word in _TRUE:
        return True
    if word in _FALSE:
        return False
    raise HexlabError(f"--{name} is yes or no, not {value!r}")


@dataclass
class Sweep:
    """Exact odds across parameters: one row for each combination of the swept values, each row the
    chances (and expected values) of the ruleset's own odds report for it (:func:`sweep`). A cell the rules
    do not allow (a target out of range) has no chances, and says why in ``note``."""

    ruleset: str
    params: list[str]
    facts: list[str]
    measures: list[str]
    rows: list[dict[str, Any]]
    labels: dict[str, str] = field(default_factory=dict)
    fixed: list[str] = field(default_factory=list)

    def label(self, key: str) -> str:
        return self.labels.get(key) or words(key.replace(".", " "))

    @property
    def has_notes(self) -> bool:
        return any(r.get("note") for r in self.rows)

    def columns(self) -> list[str]:
        return [*self.params, *self.facts, *self.measures] + (["note"] if self.has_notes else [])

    def to_data(self) -> dict[str, Any]:
        """JSON-ready: every chance an exact fraction ``"a/b"``."""
        def cell(v: Any) -> Any:
            return fraction_str(v) if isinstance(v, Fraction) else v

        return {"ruleset": self.ruleset, "params": self.params, "fixed": self.fixed, "facts": self.facts,
                "measures": self.measures, "labels": {k: self.label(k) for k in self.measures},
                "rows": [{k: cell(r.get(k)) for k in self.columns()} for r in self.rows]}

    def _cell(self, key: str, value: Any, exact: bool, decimal: bool = False) -> str:
        if value is None:
            return "" if decimal or key == "note" else "-"
        if isinstance(value, Fraction):
            if decimal:
                return fraction_str(value) if exact else f"{float(value):.6f}"
            if key.startswith("expected_"):
                return number(value, exact)
            return chance(value, exact)
        return _cell(value)

    def csv(self, exact: bool = False) -> str:
        """One row per combination, for a spreadsheet: chances as decimals (``0.125000``), or as exact
        fractions (``1/8``) when ``exact``."""
        import csv as _csv
        import io

        buffer = io.StringIO()
        writer = _csv.writer(buffer, lineterminator="\n")
        cols = self.columns()
        writer.writerow(cols)
        for r in self.rows:
            writer.writerow([self._cell(k, r.get(k), exact, decimal=True) for k in cols])
        return buffer.getvalue()

    def markdown(self, exact: bool = False) -> str:
        """A Markdown table for a handout: chances as percentages, the exact fraction beside each when
        ``exact``. Two parameters and one measure make a grid (the first down, the second across)."""
        lines: list[str] = []
        if self.fixed:
            lines += [f"{self.ruleset}: {' '.join(self.fixed)}", ""]
        if len(self.params) == 2 and len(self.measures) == 1 and not self.has_notes_only_grid():
            down, across = self.params
            measure = self.measures[0]
            downs = list(dict.fromkeys(r[down] for r in self.rows))
            acrosses = list(dict.fromkeys(r[across] for r in self.rows))
            grid = {(r[down], r[across]): r.get(measure) for r in self.rows}
            lines.append(f"{self.label(measure)}, by {self.label(down)} (down) and {self.label(across)} (across)")
            lines.append("")
            lines.append("| " + " | ".join([f"{self.label(down)} \\ {self.label(across)}",
                                            *(_cell(a) for a in acrosses)]) + " |")
            lines.append("|" + "---|" + "---:|" * len(acrosses))
            for d in downs:
                cells = [self._cell(measure, grid.get((d, a)), exact) for a in acrosses]
                lines.append("| " + " | ".join([_cell(d), *cells]) + " |")
        else:
            cols = self.columns()
            lines.append("| " + " | ".join(self.label(c) for c in cols) + " |")
            lines.append("|" + "".join("---|" if c in self.params or c == "note" else "---:|" for c in cols))
            for r in self.rows:
                lines.append("| " + " | ".join(self._cell(c, r.get(c), exact).replace("|", "/") for c in cols) + " |")
        notes = [r for r in self.rows if r.get("note")]
        if notes and len(self.params) == 2 and len(self.measures) == 1:
            lines += ["", "cells marked - have no answer: " + "; ".join(
                dict.fromkeys(str(r["note"]) for r in notes))]
        return "\n".join(lines)

    def has_notes_only_grid(self) -> bool:
        """Whether two parameters repeat a combination (then a grid would hide rows): list them instead."""
        keys = [(r[self.params[0]], r[self.params[1]]) for r in self.rows]
        return len(set(keys)) != len(keys)

    def text(self, exact: bool = False) -> str:
        """Aligned columns for a terminal."""
        cols = self.columns()
        grid = [[self.label(c) for c in cols]]
        grid += [[self._cell(c, r.get(c), exact) for c in cols] for r in self.rows]
        return "\n".join(_grid(grid, left=len(self.params)))

    def render(self, fmt: str = "markdown", exact: bool = False) -> str:
        import json

        if fmt == "csv":
            return self.csv(exact).rstrip("\n")
        if fmt == "json":
            return json.dumps(self.to_data(), indent=2)
        if fmt == "text":
            return self.text(exact)
        return self.markdown(exact)

    def pivot(self, measure: str | None = None) -> tuple[list[Any], list[Any], list[list[Fraction | None]]]:
        """For a heat map: the first parameter's values (rows), the second's (columns) and the measure's exact
        chance in each cell (``None`` where the rules give no answer)."""
        if len(self.params) != 2:
            raise ValueError("a pivot needs a sweep over exactly two parameters")
        measure = measure or self.measures[0]
        down, across = self.params
        downs = list(dict.fromkeys(r[down] for r in self.rows))
        acrosses = list(dict.fromkeys(r[across] for r in self.rows))
        grid = {(r[down], r[across]): r.get(measure) for r in self.rows}
        return downs, acrosses, [[grid.get((d, a)) for a in acrosses] for d in downs]

    def _repr_markdown_(self) -> str:
        return self.markdown()


def _tokens(action: argparse.Action, name: str, value: Any) -> list[str]:
    """The command-line words that give ``value`` to one of a ruleset's odds options."""
    option = action.option_strings[0]
    if action.nargs == 0:  # a switch (--banzai, --behind-wall)
        return [option] if _flag(value, name) else []
    if action.nargs not in (None, "?"):  # several words (--island A D)
        parts = value.split() if isinstance(value, str) else [str(v) for v in value]
        return [option, *parts]
    return [option, str(value)]


def sweep(ruleset: str, params: Mapping[str, Any] | None = None, *, measures: Sequence[str] | None = None,
          base: Sequence[str] = (), **fixed: Any) -> Sweep:
    """Exact odds across parameters, through the ruleset's own odds queries (``hexlab odds RULESET``), and so
    through the combat function the game plays with. ``params`` maps an option of that query (``"dice"``,
    ``"range"``, ``"behind_wall"``) to the values to sweep (a list, or text such as ``"1-6"`` or
    ``"forest,town"``); ``fixed`` gives the options that stay the same; ``measures`` picks the chances to
    tabulate (default: every chance and expected value in the report).

    >>> sweep("memoir44", {"dice": "1-4", "figures": [2, 4]}, target="infantry",
    ...       measures=["p_eliminate"]).pivot()[2][0]     # doctest: +SKIP
    [Fraction(1, 9), Fraction(0, 1)]

    A combination the rules refuse (a target out of range, no dice left) is a row with no chances and a
    note saying why. ``base`` is a list of command-line words given to every combination (the CLI's)."""
    from . import rulesets
    from .engine import HexlabError

    try:
        cls = rulesets.get(ruleset)
    except KeyError as exc:
        raise HexlabError(str(exc.args[0])) from None
    query = cls.odds_cli
    if query is None:
        raise HexlabError(f"{cls.name} has no odds queries")
    parser = _SweepParser(prog=f"hexlab odds {ruleset}", add_help=False)
    query.arguments(parser)
    options = {s.removeprefix("--"): a for a in parser._actions for s in a.option_strings if s.startswith("--")}
    options.update({a.dest.replace("_", "-"): a for a in parser._actions if a.option_strings})

    def action_for(name: str) -> tuple[str, argparse.Action]:
        key = name.replace("_", "-").removeprefix("--")
        if key not in options:
            known = ", ".join(sorted({a.option_strings[0].removeprefix("--") for a in options.values()}))
            raise HexlabError(f"{ruleset} odds have no parameter {name!r} (they have: {known})")
        return key, options[key]

    swept: list[tuple[str, argparse.Action, list[Any]]] = []
    for name, values in (params or {}).items():
        key, action = action_for(name)
        vals = parse_values(values) if isinstance(values, str) else list(values)
        if not vals:
            raise HexlabError(f"--sweep {key}: no values")
        if action.nargs == 0:
            vals = [_flag(v, key) for v in vals]
        elif action.nargs not in (None, "?"):  # several words each (--island A D): "3 2" or [3, 2]
            vals = [v if isinstance(v, str) else " ".join(str(x) for x in v) for v in vals]
        elif action.type is int:
            try:
                vals = [int(v) for v in vals]
            except (TypeError, ValueError):
                raise HexlabError(f"--sweep {key}: whole numbers, not {values!r}") from None
        swept.append((key, action, vals))
    fixed_words: list[str] = list(base)
    for name, value in fixed.items():
        key, action = action_for(name)
        fixed_words += _tokens(action, key, value)

    import itertools

    names = [k for k, _, _ in swept]
    rows: list[dict[str, Any]] = []
    reports: list[dict[str, Any] | None] = []
    for combo in itertools.product(*(vals for _, _, vals in swept)):
        argv = list(fixed_words)
        for (key, action, _), value in zip(swept, combo, strict=True):
            argv += _tokens(action, key, value)
        row: dict[str, Any] = {k: _natural_value(v) for k, v in zip(names, combo, strict=True)}
        try:
            report = query.report(parser.parse_args(argv))
        except HexlabError as exc:
            if not swept:
                raise
            row["note"] = str(exc)
            report = None
        rows.append(row)
        reports.append(report)
    if all(r is None for r in reports):
        raise HexlabError(f"no combination of the sweep has an answer: {rows[0].get('note', '')}")
    found: dict[str, None] = {}
    facts: dict[str, None] = {}
    dests = {a.dest for _, a, _ in swept}
    for report in reports:
        for key, value in (report or {}).items():
            if is_fraction(value):
                found[key] = None
            elif isinstance(value, dict) and value and all(is_fraction(v) for v in value.values()):
                for sub in value:
                    found[f"{key}.{sub}"] = None
            elif isinstance(value, int) and not isinstance(value, bool) and key not in dests and key not in names:
                facts[key] = None
    chosen = list(measures) if measures else list(found)
    unknown = [m for m in chosen if m not in found]
    if unknown:
        raise HexlabError(f"no measure {', '.join(unknown)} in {ruleset}'s odds here (there are: {', '.join(found)})")
    varying = [f for f in facts if len({_cell((r or {}).get(f)) for r in reports if r is not None}) > 1 or not swept]
    for row, report in zip(rows, reports, strict=True):
        if report is None:
            row.update(dict.fromkeys([*varying, *chosen]))
            continue
        for f in varying:
            row[f] = report.get(f)
        for m in chosen:
            key, _, sub = m.partition(".")
            value = report.get(key)
            if sub and isinstance(value, dict):
                value = value.get(sub)
            row[m] = Fraction(value) if is_fraction(value) else None
    labels = dict(getattr(query, "words", {}) or {})
    return Sweep(ruleset, names, varying, chosen, rows, labels, fixed_words)
