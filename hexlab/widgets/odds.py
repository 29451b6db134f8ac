"""``OddsPanel``: the exact odds of the selected attack, as a bar chart with the numbers.

The numbers come from the ruleset's ``odds`` (exact enumeration through the same combat function the
engine plays with): every outcome's probability as a fraction and a percentage, and the chances that
matter (to eliminate, to force a retreat...). Attached to a :class:`HexMap`, the panel follows the
selected unit and the enemy under the mouse.
"""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from ..engine import Game
from ..odds import OddsReport
from .rules_html import code


def bar_chart(report: OddsReport) -> str:
    """The report as HTML: a title, one bar per outcome, the headline chances, the clauses."""
    top = max((p for _, p in report.outcomes), default=Fraction(1)) or Fraction(1)
    rows = []
    for label, p in report.outcomes:
        width = float(p / top) * 100
        rows.append(
            "<div class='hexlab-odds-row'>"
            f"<span class='hexlab-odds-label'>{html.escape(label)}</span>"
            f"<span class='hexlab-odds-bar'><span style='width:{width:.1f}%'></span></span>"
            f"<span class='hexlab-odds-p'>{float(p):.1%} <small>({p.numerator}/{p.denominator})</small></span>"
            "</div>")
    summary = "".join(
        f"<li><b>{html.escape(k)}</b>: {float(v):.1%} <small>({v.numerator}/{v.denominator})</small></li>"
        for k, v in report.summary.items())
    notes = "".join(f"<li>{html.escape(n)}</li>" for n in report.notes)
    cite = " ".join(code(c) for c in report.clauses)
    return (f"<div class='hexlab-odds'><div class='hexlab-odds-title'>{html.escape(report.title)}</div>"
            f"{''.join(rows)}<ul class='hexlab-odds-summary'>{summary}</ul>"
            f"<ul class='hexlab-odds-notes'>{notes}</ul><small>Exact odds. Rules: {cite}</small></div>")


class OddsPanel(widgets.VBox):
    """Exact odds for an attacker and a target: ``panel.show(attacker_id, target_id)``."""

    def __init__(self, game: Game, hexmap: Any = None, **kwargs: Any) -> None:
        self.game = game
        self.body = widgets.HTML()
        super().__init__([widgets.HTML("<b>Odds</b>"), self.body], **kwargs)
        self.add_class("hexlab-oddspanel")
        self.report: OddsReport | None = None
        self._map = None
        self.clear()
        if hexmap is not None:
            hexmap.observe(self._follow_map, names=["selected", "target"])
            self._map = hexmap

    def __repr__(self) -> str:
        return f"<OddsPanel: {self.report.title if self.report else 'no attack selected'}>"

    def show(self, attacker: str, target: str) -> OddsReport | None:
        """Show the odds of ``attacker`` attacking ``target`` (unit ids); ``None`` if it can't. The odds are
        worked out on what the map's seat sees, so they never give away a hidden unit."""
        seen = self._map.seen() if self._map is not None else self.game.state
        report = (self.game.rules.odds(seen, attacker, target)
                  if attacker in seen.units and target in seen.units else None)
        self.report = report
        if report is None:
            self.body.value = (f"<div class='hexlab-odds-empty'>{html.escape(attacker)} cannot attack "
                               f"{html.escape(target)} now.</div>")
        else:
            self.body.value = bar_chart(report)
        return report

    def clear(self) -> None:
        self.report = None
        self.body.value = ("<div class='hexlab-odds-empty'>Select one of your units, then point at an enemy "
                           "it may attack.</div>")

    def _follow_map(self, change: dict[str, Any]) -> None:
        m = self._map
        if m.selected and m.target:
            self.show(m.selected, m.target)
        elif not m.selected:
            self.clear()
