"""``OddsPanel``: exact odds as a bar chart with the numbers, for the roll about to be made or the selected attack.

Two questions, one panel:

- At a dice step, the roll about to be made: every result it can have and its exact chance
  (:func:`pending_roll`). The outcomes are the engine's own (``game.chance_outcomes()``: every combination of
  faces of exactly the pool this step rolls, as an exact fraction), and each is pushed through the ruleset's
  resolution of that step, the very function the engine calls with the faces it rolls, on a copy of what the
  map's seat sees; outcomes that do the same thing (the same events) are added up. So the panel's odds and
  the game's play can never disagree.
- At a decision, with a unit selected on a :class:`HexMap` and an enemy under the mouse: the ruleset's
  ``odds`` for that attack (exact enumeration through the same combat function), with the chances that
  matter (to eliminate, to force a retreat...).

The panel follows the game and the map: a pending roll is shown as soon as its dice step comes up, and the
panel goes back to the selected attack (or its hint) once the roll is made.
"""

from __future__ import annotations

import html
import re
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from ..engine import Context, Event, Game, PhaseBegan
from ..odds import OddsReport, chance
from ..render.rules_html import code

MOST_ROWS = 12
"""The most outcomes a pending roll is shown with; the least likely beyond them are added up as one row."""


def bar_chart(report: OddsReport, wide: bool = False) -> str:
    """The report as HTML: a title, one bar per outcome, the headline chances, the clauses. ``wide`` puts each
    outcome's words on a line of their own above its bar (for long outcomes: what a roll does)."""
    top = max((p for _, p in report.outcomes), default=Fraction(1)) or Fraction(1)
    rows = []
    label_style = " style='width:100%;flex:1 1 100%'" if wide else ""
    row_style = " style='flex-wrap:wrap'" if wide else ""
    for label, p in report.outcomes:
        width = float(p / top) * 100
        rows.append(
            f"<div class='hexlab-odds-row'{row_style}>"
            f"<span class='hexlab-odds-label'{label_style}>{html.escape(label)}</span>"
            f"<span class='hexlab-odds-bar'><span style='width:{width:.1f}%'></span></span>"
            f"<span class='hexlab-odds-p'>{chance(p)} <small>({p.numerator}/{p.denominator})</small></span>"
            "</div>")
    summary = "".join(
        f"<li><b>{html.escape(k)}</b>: {chance(v)} <small>({v.numerator}/{v.denominator})</small></li>"
        for k, v in report.summary.items())
    notes = "".join(f"<li>{html.escape(n)}</li>" for n in report.notes)
    cite = " ".join(code(c) for c in report.clauses)
    rules = f"Rules: {cite}" if cite else ""
    return (f"<div class='hexlab-odds'><div class='hexlab-odds-title'>{html.escape(report.title)}</div>"
            f"{''.join(rows)}<ul class='hexlab-odds-summary'>{summary}</ul>"
            f"<ul class='hexlab-odds-notes'>{notes}</ul><small>Exact odds. {rules}</small></div>")


MOST_OUTCOMES = 2_000
"""The largest roll (in distinct outcomes) whose odds the panel works out as the game is played."""


def pending_roll(game: Game, viewer: str | None = None) -> OddsReport | None:
    """At a dice step, the exact odds of the roll about to be made, as ``viewer``'s seat may know them
    (``None``: the teacher's view); ``None`` at any other step.

    Every outcome of ``game.chance_outcomes()`` is resolved by the ruleset's own handler for the step on a
    copy of the seat's view (no dice generator in it); outcomes that log the same events are one result,
    named in the log's words. The report's summary gives the chance of each kind of event that may or may
    not happen (a figure lost, a unit eliminated, the turn over...). A roll private to another side is not
    shown."""
    if game.is_over or game.current_step.kind != "dice":
        return None
    rules, step = game.rules, game.current_step
    roll = rules.roll(game.state)
    pool = "; ".join(f"{label + ': ' if label else ''}{_dice_words(die.name, n)}"
                     for label, (die, n) in zip(list(roll.groups) + [""] * len(roll.pool), roll.pool, strict=False))
    title = f"{step.title}: {pool}"
    if roll.to is not None and viewer is not None and viewer != roll.to:
        return OddsReport(f"{step.title}: {roll.public or f'a roll only {roll.to} sees'}", [], {}, step.clauses)
    count = game.chance_count()
    if count > MOST_OUTCOMES:  # each outcome is resolved through the rules: a big roll would stall the table
        return OddsReport(title, [], {}, step.clauses,
                          [f"{count:,} possible rolls: too many to work through here as the game is played. "
                           "The odds of each attack are exact when you point at its target before the roll."])
    outcomes = game.chance_outcomes()
    seen = rules.view(game.state, viewer)
    results: dict[tuple[Any, ...], list[tuple[list[str], Fraction]]] = {}
    kinds: dict[str, Fraction] = {}
    try:
        for faces, p in outcomes:
            state = seen.copy()
            ctx = Context(rules, state)
            rules.resolve(ctx, faces)
            events = [e for e in (ev.for_side(viewer) for ev in ctx.events) if e is not None]
            events = [e for e in events if not isinstance(e.payload, PhaseBegan)]
            key = tuple((e.kind, repr(sorted(e.data.items())), e.side) for e in events)
            texts = [e.text for e in events]
            if not events:  # nothing settled yet: a decision comes first (keep one of the dice...)
                key = (("next", state.position),)
                texts = [f"No result yet: next, {rules.sequence.lookup(state.position)[1].title.lower()}."]
            results.setdefault(key, []).append((texts, p))
            for kind in dict.fromkeys(e.kind for e in events):
                kinds[kind] = kinds.get(kind, Fraction(0)) + p
    except Exception:  # noqa: BLE001 - a what-if on a seat's view the ruleset can't resolve: show the faces
        return _faces_report(game, title, outcomes, step.clauses)
    rows = sorted(((_label(texts for texts, _ in members), sum((p for _, p in members), Fraction(0)))
                   for members in results.values()), key=lambda r: -r[1])
    if len(rows) > MOST_ROWS:
        rest = sum((p for _, p in rows[MOST_ROWS - 1:]), Fraction(0))
        rows = rows[:MOST_ROWS - 1] + [(f"{len(rows) - MOST_ROWS + 1} other results", rest)]
    summary = {_kind_words(k): p for k, p in kinds.items() if 0 < p < 1}
    notes = [f"{len(outcomes)} possible rolls, through the rules the game plays with."]
    return OddsReport(title, rows, summary, step.clauses, notes)


def _faces_report(game: Game, title: str, outcomes: list[tuple[Any, Fraction]], clauses: tuple[str, ...]
                  ) -> OddsReport:
    """The roll's chances as faces only (when its results can't be worked out on what the seat sees)."""
    dice = game.rules.roll(game.state).pool
    rows = []
    for faces, p in sorted(outcomes, key=lambda o: -o[1]):
        words = "; ".join(", ".join(die.label(f) for f in group) or "-" for (die, _), group in zip(dice, faces,
                                                                                                    strict=False))
        rows.append((words, p))
    if len(rows) > MOST_ROWS:
        rest = sum((p for _, p in rows[MOST_ROWS - 1:]), Fraction(0))
        rows = rows[:MOST_ROWS - 1] + [(f"{len(rows) - MOST_ROWS + 1} other rolls", rest)]
    return OddsReport(title, rows, {}, clauses, [f"{len(outcomes)} possible rolls."])


def _dice_words(name: str, n: int) -> str:
    """``3 × d6``, ``1 battle die``, ``2 atk dice``."""
    if re.match(r"d\d", name):
        return f"{n} × {name}"
    return f"{n} {name} {'die' if n == 1 else 'dice'}"


def _label(members: Any) -> str:
    """One result's words: the log's words, the same in every roll that gives it; where those rolls' words
    differ only in the numbers they quote, the numbers are listed ("A 2/3/4/5/6: one more figure")."""
    texts = [" ".join(t) for t in members]
    first = texts[0]
    if all(t == first for t in texts):
        return first
    split = [re.split(r"(\s+)", t) for t in texts]
    if len({len(s) for s in split}) != 1:
        return first
    out = []
    for tokens in zip(*split, strict=True):
        values = list(dict.fromkeys(tokens))
        out.append(values[0] if len(values) == 1 else "/".join(values))
    return "".join(out)


def _kind_words(kind: str) -> str:
    """An event kind in words: ``FiguresLost`` -> ``figures lost``."""
    return re.sub(r"(?<!^)(?=[A-Z])", " ", kind).lower()


class OddsPanel(widgets.VBox):
    """Exact odds: of the roll about to be made at a dice step (:func:`pending_roll`), else of an attacker on
    a target (``panel.show(attacker_id, target_id)``, or the map's selected unit and the enemy under the
    mouse)."""

    def __init__(self, game: Game, hexmap: Any = None, **kwargs: Any) -> None:
        self.game = game
        self.body = widgets.HTML()
        super().__init__([widgets.HTML("<b>Odds</b>"), self.body], **kwargs)
        self.add_class("hexlab-oddspanel")
        self.report: OddsReport | None = None
        self.pending: OddsReport | None = None
        """The odds of the roll about to be made, while a dice step waits to be rolled."""
        self._map = None
        self._pending_at: tuple[int, str] | None = None
        self._render()
        if hexmap is not None:
            hexmap.observe(self._follow_map, names=["selected", "target", "viewer"])
            self._map = hexmap
        self._stop = game.on_change(self._follow_game)
        self._follow_game(game, [])

    def __repr__(self) -> str:
        if self.pending is not None:
            return f"<OddsPanel: {self.pending.title}>"
        return f"<OddsPanel: {self.report.title if self.report else 'no attack selected'}>"

    def _viewer(self) -> str | None:
        return self._map.viewer if self._map is not None else None

    def show(self, attacker: str, target: str) -> OddsReport | None:
        """Show the odds of ``attacker`` attacking ``target`` (unit ids); ``None`` if it can't. The odds are
        worked out on what the map's seat sees, so they never give away a hidden unit. While a roll is
        about to be made, its odds stay on show and these wait."""
        seen = self._map.seen() if self._map is not None else self.game.state
        report = (self.game.rules.odds(seen, attacker, target)
                  if attacker in seen.units and target in seen.units else None)
        self.report = report
        self._render(f"{attacker} cannot attack {target} now." if report is None else None)
        return report

    def clear(self) -> None:
        """Forget the selected attack (the odds of a pending roll stay)."""
        self.report = None
        self._render()

    def _render(self, refusal: str | None = None) -> None:
        if self.pending is not None:
            self.body.value = ("<div class='hexlab-odds-roll'><div class='hexlab-odds-empty'>The roll about to be "
                               "made:</div>" + bar_chart(self.pending, wide=True) + "</div>")
        elif self.report is not None:
            self.body.value = bar_chart(self.report)
        elif refusal is not None:
            self.body.value = f"<div class='hexlab-odds-empty'>{html.escape(refusal)}</div>"
        else:
            self.body.value = ("<div class='hexlab-odds-empty'>Select one of your units, then point at an enemy "
                               "it may attack. At a roll, the odds of that roll show here.</div>")

    def _follow_game(self, game: Game, events: list[Event]) -> None:
        """A dice step has come up (show its roll's odds) or has been rolled (back to the selected attack)."""
        at = (len(game.log), game.state.position) if not game.is_over and game.current_step.kind == "dice" else None
        if at == self._pending_at:
            return
        self._pending_at = at
        self.pending = pending_roll(game, self._viewer()) if at is not None else None
        self._render()

    def _follow_map(self, change: dict[str, Any]) -> None:
        if change.get("name") == "viewer":  # another seat: the pending roll as that seat may know it
            self._pending_at = None
            self._follow_game(self.game, [])
            return
        m = self._map
        if m is not None and m.selected and m.target:
            self.show(m.selected, m.target)
        elif m is None or not m.selected:
            self.clear()
