"""The after-action report: one standalone HTML page built from a game's log and history.

``hexlab.classroom.report(game)`` (also ``game.report()``, ``table.report()`` and ``hexlab report SAVE.json --out
report.html``) gives a page with the scenario and its history note, the result and why, a turn-by-turn account in
plain words, the map at the start, at the end of every turn and at the finish, losses and the score over time as
charts, and "Was it luck?": each side's hits against the hits the exact odds expected, turn by turn
(:mod:`hexlab.classroom.luck`). The page needs no network (no script, no font or stylesheet fetched; every
picture is inline SVG) and has a print stylesheet.

The game is replayed from its scenario, seed and history to see the state at the end of each turn, so a game
built without a scenario cannot be reported on.
"""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape

from .. import words
from ..engine import Game, GameState, HexlabError
from ..engine.events import DiceRolled, Event, PhaseBegan
from ..engine.game import STEP
from ..render import scene, to_svg
from ..render.rules_html import code, marked
from .charts import line_chart
from .luck import Attack, Luck, attack_at, counting_note, replay

CSS = """
body { font-family: Georgia, 'Times New Roman', serif; color: #111; background: #fff; margin: 0 auto;
       max-width: 60rem; padding: 1.5rem; line-height: 1.45; }
h1 { font-size: 1.7rem; margin-bottom: .2rem; } h2 { border-bottom: 2px solid #333; margin-top: 2rem; }
h3 { margin-bottom: .3rem; }
.sub { color: #444; margin-top: 0; }
.result { border: 2px solid #111; padding: .6rem 1rem; font-size: 1.1rem; }
.clauses, .note { color: #444; font-size: .9rem; }
figure { margin: 1rem 0; break-inside: avoid; page-break-inside: avoid; }
figure svg { max-width: 100%; height: auto; border: 1px solid #999; }
figure.chart svg { border: none; }
figcaption { font-weight: bold; margin-bottom: .3rem; }
.maps { display: grid; grid-template-columns: repeat(auto-fill, minmax(26rem, 1fr)); gap: 1rem; }
.maps.wide { grid-template-columns: 1fr; }
figure svg.displays { display: block; margin-top: .5rem; }
table { border-collapse: collapse; margin: .5rem 0; font-size: .95rem; }
th, td { border: 1px solid #777; padding: .2rem .5rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
.turn ul { margin-top: .2rem; } .turn li { margin: .1rem 0; }
.turn code, .clauses code { font-size: .85em; overflow-wrap: anywhere; }
.hexlab-mark { margin-left: .25em; color: #7a4a00; } /* a rule of ours: our reading, illustrative, published game */
.turn { break-inside: avoid-page; }
nav a { margin-right: 1rem; }
@media print {
  body { max-width: none; padding: 0; font-size: 11pt; }
  nav { display: none; }
  h2 { break-before: page; page-break-before: always; }
  h2.first { break-before: auto; page-break-before: auto; }
  .maps { grid-template-columns: 1fr 1fr; }
  .maps.wide { display: block; }
  figcaption { break-after: avoid; page-break-after: avoid; }
  .maps.wide figure { break-inside: auto; page-break-inside: auto; }
  figure.map svg { max-height: 24cm; width: auto; break-inside: avoid; page-break-inside: avoid; }
  a { color: inherit; text-decoration: none; }
}
"""

WIDE_MAP = 150
"""A map of more hexes than this (or with off-map displays, like Operation Cartwheel's airbases) is drawn one to a
row, at the page's full width, so its counters stay legible."""

SKIP = (PhaseBegan, DiceRolled)
"""Events the turn-by-turn account leaves out (the roll's result is told by the events that follow it)."""


@dataclass
class TurnEnd:
    """The game as one turn ended."""

    turn: int
    state: GameState
    lost: dict[str, int]
    score: dict[str, int]


@dataclass
class Story:
    """What the report is made of: the snapshots, the turns' losses and scores, the attacks."""

    start: GameState
    ends: list[TurnEnd] = field(default_factory=list)
    final: GameState | None = None
    attacks: list[Attack] = field(default_factory=list)


def _lost(start: GameState, now: GameState) -> dict[str, int]:
    """Strength each side has lost since the start (units there at the start; a unit gone counts in full)."""
    out = {s: 0 for s in start.sides}
    for u in start.units.values():
        later = now.units.get(u.id)
        left = later.strength if later is not None and later.alive else 0
        out[u.side] = out.get(u.side, 0) + max(0, u.strength - left)
    return out


def story(game: Game) -> Story:
    """Replay ``game`` once and keep what the report shows."""
    if game.scenario is None:
        raise HexlabError("this game was not built from a scenario, so it cannot be replayed for a report")
    start = game.scenario.new_game(game.seed).state
    out = Story(start)
    sides = list(start.sides)
    last = start
    for index, entry, before, after, events in replay(game):
        if entry == STEP:
            found = attack_at(game.rules, index, before, after, events, sides, seed=game.seed)
            if found is not None:
                out.attacks.append(found)
        if after.turn != before.turn:
            out.ends.append(TurnEnd(before.turn, after, _lost(start, after), dict(after.score)))
        last = after
    out.final = last
    return out


def _inline(svg: str, css_class: str = "") -> str:
    """An SVG document as an element of the page (inline in HTML, it needs no namespace)."""
    cls = f' class="{css_class}"' if css_class else ""
    return re.sub(r'^<svg xmlns="[^"]*" ', f'<svg role="img"{cls} ', svg, count=1)


def _svg_map(game: Game, state: GameState, viewer: str | None, title: str) -> str:
    """The map as ``viewer`` may see it. A board with off-map displays (Operation Cartwheel's airbases) gives two
    pictures: the map, then the displays that hold a unit the viewer can see, with their boxes side by side; drawn
    together they would make one picture several pages tall, too small to read on screen or split on paper."""
    shown = game.rules.view(state, viewer) if viewer is not None else state
    board = game.board
    if not board.displays:
        return _inline(to_svg(scene(shown, board=board, rules=game.rules, title=title)))
    from ..engine.state import DisplayBox
    from ..render.displays import displays_scene

    used = {p.display for u in shown.units.values() if u.alive and isinstance(p := shown.place_of(u), DisplayBox)}
    bare = dataclasses.replace(board, displays={})
    out = _inline(to_svg(scene(shown, board=bare, rules=game.rules, title=title)))
    if used:
        held = dataclasses.replace(board, displays={k: d for k, d in board.displays.items() if k in used})
        out += _inline(to_svg(displays_scene(shown, held, game.rules, across=True, title=f"{title}: the displays")),
                       "displays")
    return out


def prose(text: str) -> str:
    """Scenario text as HTML: escaped, with its Markdown ``*titles*`` in italics."""
    return re.sub(r"\*([^*\n]+)\*", r"<em>\1</em>", escape(text))


def _frac(v: Fraction) -> str:
    return f"{v.numerator}/{v.denominator}" if v.denominator != 1 else str(v.numerator)


def _result(game: Game) -> str:
    result = game.result
    if result is None:
        return (f"<p class=\"result\">The game was not finished: it stopped in {escape(game.rules.clock(game.state))}, "
                f"at {escape(game.current_phase.title)} ({escape(game.current_step.title.lower())}).</p>")
    who = words.wins(result["winner"], start=True) if result.get("winner") else "The game was drawn"
    clauses = result.get("clauses") or []
    cite = f'<p class="clauses">Rule: {", ".join(code(c) for c in clauses)}</p>' if clauses else ""
    return f'<p class="result"><strong>{escape(who)}</strong>: {escape(result.get("reason", ""))}.</p>{cite}'


def _unit_word(measure: str, n: int) -> str:
    """"1 figure", "2 figures" ("STR" and the like stay as they are)."""
    return measure[:-1] if n == 1 and measure.endswith("s") else measure


def _turn_summary(sides: list[str], prev: dict[str, int], now: dict[str, int], score: dict[str, int],
                  measure: str) -> str:
    parts = []
    for s in sides:
        n = now.get(s, 0) - prev.get(s, 0)
        parts.append(f"{words.side(s, start=not parts)} lost {n} {_unit_word(measure, n)}" if n else
                     f"{words.side(s, start=not parts)} lost nothing")
    text = "; ".join(parts) + "."
    if any(score.values()):
        text += " Score: " + ", ".join(f"{s} {score.get(s, 0)}" for s in sides) + "."
    return text


def _narrative(game: Game, st: Story, log: list[Event], measure: str) -> str:
    sides = list(st.start.sides)
    by_turn: dict[int, list[Event]] = {}
    for e in log:
        if not isinstance(e.payload, SKIP):
            by_turn.setdefault(e.turn, []).append(e)
    ends = {t.turn: t for t in st.ends}
    prev = {s: 0 for s in sides}
    out = []
    for turn in sorted(set(by_turn) | set(ends)):
        items = by_turn.get(turn, [])
        end = ends.get(turn)
        head = f'<section class="turn" id="turn-{turn}"><h3>Turn {turn}</h3>'
        summary = ""
        if end is not None:
            summary = f"<p>{escape(_turn_summary(sides, prev, end.lost, end.score, measure))}</p>"
            prev = end.lost
        lines = "".join(f"<li>{marked(e.text)}</li>" for e in items if e.text)  # a computer's reason cites rules
        out.append(head + summary + (f"<ul>{lines}</ul>" if lines else "<p>Nothing happened.</p>") + "</section>")
    return "\n".join(out)


def _maps(game: Game, st: Story, viewer: str | None) -> str:
    title = game.scenario.title if game.scenario else game.rules.name
    figs = [f'<figure class="map" id="map-start" data-turn="start"><figcaption>At the start</figcaption>'
            f'{_svg_map(game, st.start, viewer, f"{title}: the start")}</figure>']
    for end in st.ends:
        figs.append(f'<figure class="map" id="map-turn-{end.turn}" data-turn="{end.turn}"><figcaption>At the end of '
                    f'turn {end.turn}</figcaption>{_svg_map(game, end.state, viewer, f"{title}: end of turn {end.turn}")}'
                    "</figure>")
    assert st.final is not None
    figs.append(f'<figure class="map" id="map-finish" data-turn="finish"><figcaption>At the finish</figcaption>'
                f'{_svg_map(game, st.final, viewer, f"{title}: the finish")}</figure>')
    board = game.board
    wide = bool(board.displays) or board.width * board.height > WIDE_MAP
    return f'<div class="maps{" wide" if wide else ""}">' + "\n".join(figs) + "</div>"


def _charts(st: Story, measure: str) -> str:
    sides = list(st.start.sides)
    if not st.ends:
        return "<p>The game did not finish a turn, so there is nothing to chart yet.</p>"
    xs = [0] + [e.turn for e in st.ends]
    losses = [(s, [0] + [e.lost.get(s, 0) for e in st.ends], i, False) for i, s in enumerate(sides)]
    scores = [(s, [st.start.score.get(s, 0)] + [e.score.get(s, 0) for e in st.ends], i, False)
              for i, s in enumerate(sides)]
    lost = line_chart(f"{measure.capitalize()} lost so far", xs, losses, "end of turn", measure)
    score = line_chart("Score (medals or victory points) so far", xs, scores, "end of turn", "score")
    return f'<figure class="chart">{lost}</figure><figure class="chart">{score}</figure>'


def luck_of(st: Story, game: Game) -> Luck:
    return Luck(list(st.start.sides), st.attacks, counting_note(game.rules.id))


def _expected_cell(lk: Luck, side: str, turn: int | None, strong: bool = False) -> str:
    """An "expected" cell: the number, and "± error" when sampled rolls are in it (exact value in data-exact)."""
    value = lk.expected(side, turn)
    err = lk.error(side, turn)
    shown = f"{float(value):.2f}"
    if any(side in a.expected for a in lk.sampled(turn)):
        shown = f"≈{shown} <small>±{err:.2f}</small>"
    if strong:
        shown = f"<strong>{shown}</strong>"
    return (f'<td data-side="{escape(side)}" data-kind="expected" data-exact="{_frac(value)}" '
            f'data-error="{err:.4f}">{shown}</td>')


def _luck(st: Story, game: Game, viewer: str | None = None) -> str:
    lk = luck_of(st, game)
    sides = lk.sides
    turns = lk.turns()
    parts = [f'<p class="note">{escape(lk.note)}</p>']
    if not turns:
        parts.append("<p>No attack was made that the dice could decide.</p>")
    else:
        head = "".join(f"<th>{escape(s)}: hits</th><th>{escape(s)}: expected</th>" for s in sides)
        rows = []
        for t in turns:
            cells = "".join(f'<td data-side="{escape(s)}" data-kind="actual">{lk.actual(s, t)}</td>'
                            + _expected_cell(lk, s, t) for s in sides)
            rows.append(f'<tr data-turn="{t}"><td>Turn {t}</td>{cells}</tr>')
        total = "".join(f'<td data-side="{escape(s)}" data-kind="actual"><strong>{lk.actual(s)}</strong></td>'
                        + _expected_cell(lk, s, None, strong=True) for s in sides)
        rows.append(f'<tr data-turn="all"><td><strong>The whole game</strong></td>{total}</tr>')
        parts.append(f'<table class="luck"><tr><th>Turn</th>{head}</tr>{"".join(rows)}</table>')
        verdicts = []
        for s in sides:
            got, want, err = lk.actual(s), float(lk.expected(s)), lk.error(s)
            if abs(got - want) < 1:
                how = "about as many hits as the odds promised"
            elif got > want:
                how = f"{got - want:.1f} more hits than the odds promised: the dice were kind"
            else:
                how = f"{want - got:.1f} fewer hits than the odds promised: the dice were unkind"
            sampled_here = any(s in a.expected for a in lk.sampled())
            expect = f"about {want:.2f} expected (within {err:.2f})" if sampled_here else f"{want:.2f} expected"
            verdicts.append(f"<li>{escape(words.side(s, start=True))} scored {got} hit{'' if got == 1 else 's'} "
                            f"against {escape(expect)}: "
                            f"{escape(how)}.</li>")
        parts.append(f"<ul>{''.join(verdicts)}</ul>")
        sampled = lk.sampled()
        if sampled:
            items = []
            for a in sampled:
                what = escape(a.text) if viewer is None else "a roll"  # a seat's report does not repeat a private roll
                est = "; ".join(f"{escape(s)} about {float(a.expected.get(s, 0)):.2f} hits, within "
                                f"{a.error.get(s, 0.0):.2f}" for s in sides if s in a.expected)
                items.append(f'<li data-index="{a.index}">Turn {a.turn}: {what} ({a.outcomes:,} possible outcomes): '
                             f"{est or 'no hits expected'}, from {a.samples:,} seeded samples</li>")
            parts.append("<p>Estimated by sampling (too many outcomes to list one by one; the errors are 95% "
                         f"intervals):</p><ul class=\"sampled\">{''.join(items)}</ul>")
        xs = turns
        series: list[tuple[str, list[float], int, bool]] = []
        for i, s in enumerate(sides):
            run, exp, acc_a, acc_e = [], [], 0, Fraction(0)
            for t in turns:
                acc_a += lk.actual(s, t)
                acc_e += lk.expected(s, t)
                run.append(float(acc_a))
                exp.append(float(acc_e))
            series += [(f"{s}: hits", run, i, False), (f"{s}: expected", exp, i, True)]
        chart = line_chart("Hits so far, and the hits the odds expected", xs, series, "turn", "hits")
        parts.append(f'<figure class="chart">{chart}</figure>')
    skipped = lk.uncounted()
    if skipped:
        items = "".join(f"<li>Turn {a.turn}: {escape(a.text) if viewer is None else 'a roll'} ({a.outcomes:,} possible "
                        "outcomes)</li>" for a in skipped)  # a seat's report does not repeat a private roll's words
        parts.append(f"<p>Not counted (the roll could not be resolved again):</p><ul>{items}</ul>")
    data = {"sides": sides, "turns": {str(t): {s: {"actual": lk.actual(s, t), "expected": _frac(lk.expected(s, t)),
                                                   "error": lk.error(s, t)}
                                               for s in sides} for t in turns},
            "attacks": [{"index": a.index, "turn": a.turn, "roller": a.roller, "counted": a.counted,
                         "outcomes": a.outcomes, "actual": a.actual, "method": a.method, "samples": a.samples,
                         "error": a.error, "expected": {k: _frac(v) for k, v in a.expected.items()}}
                        for a in lk.attacks]}
    parts.append('<script type="application/json" id="luck-data">' + json.dumps(data).replace("</", "<\\/")
                 + "</script>")
    return "\n".join(parts)


def _measure(game: Game) -> str:
    kinds = {t.measure for t in game.rules.unit_types.values()} if game.rules.unit_types else set()
    return kinds.pop() if len(kinds) == 1 else "strength"


def report(game: Game, viewer: str | None = None) -> str:
    """The after-action report of ``game`` as a standalone HTML page (see the module's note). ``viewer`` (a side,
    or ``PUBLIC``) draws the maps and tells the story as that seat may see them; ``None`` shows everything."""
    st = story(game)
    scen = game.scenario
    assert scen is not None
    meta = scen.meta
    measure = _measure(game)
    log = game.log_for(viewer)
    title = f"After-action report: {meta.title}"
    history = f"<h3>The history</h3><p>{prose(meta.history)}</p>" if meta.history else ""
    illustrative = ""
    if meta.illustrative:
        items = "".join(f"<li>{escape(v)}</li>" for v in meta.illustrative)
        illustrative = f"<p>Values this scenario chose where the rules are silent (ours, illustrative):</p><ul>{items}</ul>"
    played = (f"{escape(game.rules.name)}, scenario <code>{escape(scen.id)}</code>, seed {game.seed}, "
              f"{len(game.actions)} decisions; it reached {escape(game.rules.clock(game.state))}.")
    body = f"""<h1>{escape(title)}</h1>
<p class="sub">{played}</p>
<nav><a href="#scenario">Scenario</a><a href="#result">Result</a><a href="#turns">Turn by turn</a>
<a href="#maps">Maps</a><a href="#charts">Losses and score</a><a href="#luck">Was it luck?</a></nav>
<h2 id="scenario" class="first">The scenario</h2>
<p>{prose(meta.summary)}</p>
{history}
{illustrative}
<h2 id="result">The result</h2>
{_result(game)}
<h2 id="turns">Turn by turn</h2>
{_narrative(game, st, log, measure)}
<h2 id="maps">The maps</h2>
{_maps(game, st, viewer)}
<h2 id="charts">Losses and score</h2>
{_charts(st, measure)}
<h2 id="luck">Was it luck?</h2>
{_luck(st, game, viewer)}
"""
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>{escape(title)}</title>\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n<style>{CSS}</style>\n</head>\n'
            f"<body>\n{body}</body>\n</html>\n")


def write_report(game: Game, path: str, viewer: str | None = None) -> str:
    """Write :func:`report` to ``path``; returns the path."""
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(report(game, viewer))
    return path


__all__ = ["Story", "TurnEnd", "report", "story", "write_report"]
