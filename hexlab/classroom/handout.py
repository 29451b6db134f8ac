"""Print-ready handouts for a scenario: ``hexlab handout SCENARIO --out DIR [--paper A4|Letter]``.

Written into ``DIR`` (``<name>`` is the scenario's file name, ``<paper>`` ``a4`` or ``letter``):

- ``<name>-map.svg``: the map at the start, as everyone may see it (no hidden unit);
- ``<name>-handout-<paper>.pdf``: the map (vector art) with a terrain key, the unit roster, a one-page rules
  summary (the sequence of play, one line a step, with its clause ids; our readings and illustrative values
  marked) and the odds table a player needs most (from :func:`hexlab.odds.sweep`, exact);
- ``<name>-briefing-<Side>-<paper>.pdf``: one page per side, for that side only (:mod:`.briefings`).

The pages are black on white: terrain on the map carries marks as well as colours and the key names every
terrain's hexes, so a black-and-white copy reads the same. The PDF is drawn by fpdf2 (pure Python); nothing
else is needed to make it.

Every page is set in the PDF's built-in Helvetica, which every PDF reader has and which needs no font file, so
the same scenario gives the same PDF, byte for byte, on any machine (a fresh clone, an installed wheel, with or
without system fonts). Helvetica prints Latin-1 only: the map's feature marks (a star, an anchor, a plane...) and
the side marks are drawn as vector shapes instead of characters (:func:`vector_marks`), bullets are drawn, and
other letters are written in their plain form (Ō as O, a dash as -). ``Sheet.replaced`` lists any character that
still had to be replaced; the tests keep it empty for every scenario.
"""

from __future__ import annotations

import dataclasses
import io
import math
import os
import re
import unicodedata
from collections.abc import Callable
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path
from typing import Any

from .. import reference
from ..engine import Game, HexlabError
from ..engine.seats import PUBLIC
from ..render import Scene, Text, scene, to_svg
from ..render.scene import SIDE_MARK_NAMES, Circle, Line, Poly, Shape, side_mark
from ..scenario import Scenario, read
from .briefings import Briefing, briefings

PAPERS = {"a4": "A4", "letter": "Letter"}

FONT = "helvetica"
"""The handouts' one typeface: a PDF reader's own Helvetica (no font file is looked for or embedded)."""

PLAIN = {"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": " - ",
         "\u2026": "...", "\u2212": "-", "\u2192": "->", "\u2190": "<-", "\u2264": "<=", "\u2265": ">=",
         "\u2022": "-", "\u2009": " ", "\u202f": " ", "\u2248": "~", "\u2260": "!="}
"""Characters outside Latin-1 that have a plain spelling in it."""

CREATED = datetime(2024, 1, 1, tzinfo=UTC)
"""The creation date written into every handout, so that a handout is the same file whenever it is made."""


def latin1(s: str, lost: set[str] | None = None) -> str:
    """``s`` in characters Helvetica can print: typographic marks spelled plainly, accented letters outside
    Latin-1 without their accents; anything else becomes "?" and is added to ``lost``."""
    out = []
    for ch in s:
        if ord(ch) < 256:
            out.append(ch)
        elif ch in PLAIN:
            out.append(PLAIN[ch])
        else:
            base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
            if base and all(ord(c) < 256 for c in base):
                out.append(base)
            else:
                out.append("?")
                if lost is not None:
                    lost.add(ch)
    return "".join(out)


def _star(cx: float, cy: float, r_out: float, r_in: float, points: int) -> tuple[tuple[float, float], ...]:
    pts = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        t = -math.pi / 2 + i * math.pi / points
        pts.append((round(cx + r * math.cos(t), 2), round(cy + r * math.sin(t), 2)))
    return tuple(pts)


def _arc(cx: float, cy: float, r: float, start: float, end: float, n: int = 10) -> tuple[tuple[float, float], ...]:
    return tuple((round(cx + r * math.cos(start + (end - start) * i / n), 2),
                  round(cy + r * math.sin(start + (end - start) * i / n), 2)) for i in range(n + 1))


def _mark(ch: str, cx: float, cy: float, r: float, ink: str) -> list[Shape] | None:
    """One map mark drawn as shapes in a box of half-size ``r`` around ``(cx, cy)``, or ``None`` if unknown."""
    w = max(0.6, r * 0.22)
    if ch in SIDE_MARK_NAMES:
        return side_mark(SIDE_MARK_NAMES.index(ch), cx, cy, 2 * r * 0.9, ink)
    if ch == "\u2605":  # a star: an objective or a medal
        return [Poly(_star(cx, cy, r, r * 0.4, 5), ink, ink, w * 0.5)]
    if ch == "\u2739":  # mines: a sharp twelve-pointed star
        return [Poly(_star(cx, cy, r, r * 0.45, 12), ink, ink, w * 0.5)]
    if ch == "\u2733":  # a hedgehog: an eight-spoked asterisk
        d = r * 0.7
        return [Line(((cx - r, cy), (cx + r, cy)), ink, w), Line(((cx, cy - r), (cx, cy + r)), ink, w),
                Line(((cx - d, cy - d), (cx + d, cy + d)), ink, w), Line(((cx - d, cy + d), (cx + d, cy - d)), ink, w)]
    if ch == "\u2715":  # one cross of wire
        d = r * 0.75
        return [Line(((cx - d, cy - d), (cx + d, cy + d)), ink, w), Line(((cx - d, cy + d), (cx + d, cy - d)), ink, w)]
    if ch == "\u2691":  # a flag on its pole
        x0 = cx - r * 0.6
        return [Line(((x0, cy + r), (x0, cy - r)), ink, w),
                Poly(((x0, cy - r), (cx + r * 0.8, cy - r * 0.5), (x0, cy)), ink, ink, w * 0.5)]
    if ch == "\u25e0":  # sandbags: an arc open below
        return [Line(_arc(cx, cy + r * 0.4, r, math.pi, 2 * math.pi), ink, w * 1.3)]
    if ch == "\u25a3":  # a bunker: a square with a square inside
        o, i = r * 0.85, r * 0.4
        return [Poly(((cx - o, cy - o), (cx + o, cy - o), (cx + o, cy + o), (cx - o, cy + o)), None, ink, w),
                Poly(((cx - i, cy - i), (cx + i, cy - i), (cx + i, cy + i), (cx - i, cy + i)), ink)]
    if ch == "\u2550":  # a bridge: two rails
        return [Line(((cx - r, cy - r * 0.3), (cx + r, cy - r * 0.3)), ink, w),
                Line(((cx - r, cy + r * 0.3), (cx + r, cy + r * 0.3)), ink, w)]
    if ch == "\u25ac":  # a wall: a solid bar
        return [Poly(((cx - r, cy - r * 0.3), (cx + r, cy - r * 0.3), (cx + r, cy + r * 0.3), (cx - r, cy + r * 0.3)),
                     ink)]
    if ch == "\u2708":  # an airbase: an aircraft seen from above, nose up
        return [Poly(((cx, cy - r), (cx + r * 0.12, cy - r * 0.2), (cx + r, cy + r * 0.1), (cx + r, cy + r * 0.3),
                      (cx + r * 0.12, cy + r * 0.15), (cx + r * 0.1, cy + r * 0.65), (cx + r * 0.45, cy + r * 0.9),
                      (cx - r * 0.45, cy + r * 0.9), (cx - r * 0.1, cy + r * 0.65), (cx - r * 0.12, cy + r * 0.15),
                      (cx - r, cy + r * 0.3), (cx - r, cy + r * 0.1), (cx - r * 0.12, cy - r * 0.2)), ink)]
    if ch == "\u2693":  # a port: an anchor
        return [Circle(cx, cy - r * 0.75, r * 0.22, None, ink, w * 0.8), Line(((cx, cy - r * 0.53), (cx, cy + r)), ink, w),
                Line(((cx - r * 0.45, cy - r * 0.25), (cx + r * 0.45, cy - r * 0.25)), ink, w),
                Line(_arc(cx, cy + r * 0.2, r * 0.8, 0.15 * math.pi, 0.85 * math.pi), ink, w)]
    return None


def vector_marks(shape: Shape) -> list[Shape]:
    """A text made only of map marks (★, ⚓, ✕✕...) as vector shapes in its place, so it prints without a font that
    has them; any other shape as it is."""
    if not isinstance(shape, Text) or all(ord(c) < 256 for c in shape.text):
        return [shape]
    chars = [c for c in shape.text if not c.isspace()]
    r = shape.size * 0.36
    step = 2.1 * r
    left = {"start": shape.x + r, "end": shape.x - step * (len(chars) - 1) - r}.get(
        shape.anchor, shape.x - step * (len(chars) - 1) / 2)
    cy = shape.y - shape.size * 0.36
    out: list[Shape] = []
    for i, ch in enumerate(chars):
        drawn = _mark(ch, left + i * step, cy, r, shape.fill)
        if drawn is None:
            return [shape]  # not a mark: left as text (and spelled in Latin-1 when printed)
        out += drawn
    return out


ODDS_TABLES: dict[str, tuple[str, dict[str, str], dict[str, Any], list[str] | None]] = {
    "memoir44": ("Battle dice against each kind of target", {"dice": "1-5", "target": "infantry,armor,artillery"},
                 {}, None),
    "cadet": ("A punch up: the attacker's ATK, in the open or against a wall", {"atk": "1-4", "behind-wall": "no,yes"},
              {}, ["p_str_loss", "p_push_back", "p_no_effect"]),
    "cactus": ("One hour of ground combat, by the dice on each side",
               {"attacker-dice": "1-5", "defender-dice": "1-5"}, {}, None),
    "warsea": ("One attack on a troop counter, by attack dice", {"gunnery": "1-8"}, {}, None),
    "cartwheel": ("The initiative roll, by its modifier", {"drm": "-3,-2,-1,0,1,2,3"}, {"initiative": True}, None),
}
"""The odds table each ruleset's players need most: title, swept parameters, fixed options, measures kept."""


# ----------------------------------------------------------------------------------------- the PDF


class Sheet:
    """An fpdf2 document in the handout's font (:data:`FONT`) with a few drawing helpers."""

    def __init__(self, paper: str, title: str) -> None:
        from fpdf import FPDF

        self.pdf = FPDF(orientation="portrait", unit="mm", format=paper)
        self.pdf.set_auto_page_break(True, margin=14)
        self.pdf.set_margins(14, 14, 14)
        self.pdf.set_title(latin1(title))
        self.pdf.set_creator("hexlab")
        self.pdf.set_creation_date(CREATED)
        self.font = FONT
        self.footer_text = title
        self.replaced: set[str] = set()
        """Characters this sheet could not print and wrote as "?" (none, for every scenario hexlab ships)."""

    def text(self, s: str) -> str:
        """Text the font can print (Helvetica is Latin-1 only: see :func:`latin1`)."""
        return latin1(s, self.replaced)

    def bullet(self, s: str, size: float, gap: float = 0.3, markdown: bool = False) -> None:
        """A list item: a drawn dot, then the text indented beside it."""
        self.pdf.set_font(self.font, "", size)
        y = self.pdf.get_y()
        indent = size * 0.45
        r = size * 0.055
        self.pdf.set_fill_color(0, 0, 0)
        self.pdf.circle(x=self.pdf.l_margin + indent * 0.45, y=y + size * 0.45 * 0.5, radius=r, style="F")
        self.pdf.set_x(self.pdf.l_margin + indent)
        self.pdf.multi_cell(self.width - indent, size * 0.45, self.text(s), new_x="LMARGIN", new_y="NEXT",
                            markdown=markdown, align="L")
        self.pdf.ln(gap)

    def side_marks(self, sides: list[str], size: float = 9) -> None:
        """A line naming each side after its mark, the marks drawn as the counters draw them."""
        self.pdf.set_font(self.font, "", size)
        y = self.pdf.get_y()
        x = self.pdf.l_margin
        h = size * 0.45
        self.pdf.set_fill_color(0, 0, 0)
        scale = h * 0.32 / 5  # side_mark draws a mark of radius 5 for a width of 10, scaled here to the type
        for i, side in enumerate(sides):
            for shape in side_mark(i, 0, 0, 10, "#000000"):
                if isinstance(shape, Poly):
                    self.pdf.polygon([(x + h * 0.35 + px * scale, y + h * 0.5 + py * scale) for px, py in shape.points],
                                     style="F")
            self.pdf.set_xy(x + h * 0.8, y)
            label = self.text(side) + ("    " if i < len(sides) - 1 else "")
            self.pdf.cell(self.pdf.get_string_width(label), h, label)
            x = self.pdf.get_x()
        self.pdf.set_xy(self.pdf.l_margin, y + h + 1.5)

    @property
    def width(self) -> float:
        return self.pdf.w - self.pdf.l_margin - self.pdf.r_margin

    def page(self, heading: str, size: float = 16) -> None:
        self.pdf.add_page()
        self.pdf.set_font(self.font, "B", size)
        self.pdf.multi_cell(self.width, size * 0.5, self.text(heading), new_x="LMARGIN", new_y="NEXT", align="L")
        self.pdf.ln(2)
        y = self.pdf.get_y()
        self.pdf.set_auto_page_break(False)
        self.pdf.set_font(self.font, "", 7)
        self.pdf.set_y(self.pdf.h - 10)
        self.pdf.cell(self.width, 4, self.text(self.footer_text), align="C")
        self.pdf.set_auto_page_break(True, margin=14)
        self.pdf.set_y(y)

    def para(self, s: str, size: float = 10, bold: bool = False, gap: float = 1.5, markdown: bool = False) -> None:
        self.pdf.set_font(self.font, "B" if bold else "", size)
        self.pdf.multi_cell(self.width, size * 0.45, self.text(s), new_x="LMARGIN", new_y="NEXT", markdown=markdown,
                            align="L")
        self.pdf.ln(gap)

    def table(self, head: list[str], rows: list[list[str]], widths: list[float], size: float = 9,
              align: str = "LEFT") -> None:
        self.pdf.set_font(self.font, "", size)
        total = sum(widths)
        scale = (self.width - 0.01) / total if total > self.width - 0.01 else 1.0
        cols = tuple(w * scale for w in widths)
        with self.pdf.table(col_widths=cols, width=sum(cols), text_align=align, line_height=size * 0.5,
                            first_row_as_headings=True, borders_layout="ALL", align="LEFT") as t:
            r = t.row()
            for h in head:
                r.cell(self.text(h))
            for row in rows:
                r = t.row()
                for c in row:
                    r.cell(self.text(c))
        self.pdf.ln(2)

    def svg(self, svg: str, max_h: float) -> None:
        """Place an SVG picture at the full width, or smaller to fit ``max_h`` mm."""
        m = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg)
        w, h = (float(m.group(1)), float(m.group(2))) if m else (4.0, 3.0)
        width = min(self.width, max_h * w / h)
        x = self.pdf.l_margin + (self.width - width) / 2
        svg = re.sub(r'font-family="[^"]*"', f'font-family="{self.font}"', svg)
        svg = re.sub(r"<title>.*?</title>", "", svg, count=1, flags=re.S)
        svg = self.text(svg)
        y = self.pdf.get_y()
        self.pdf.image(io.BytesIO(svg.encode("utf-8")), x=x, y=y, w=width)
        self.pdf.set_y(y + width * h / w + 3)

    def fits(self, body: Callable[[Sheet, float], None], size: float) -> bool:
        """Whether ``body`` drawn at ``size`` stays on the current page (tried on a dummy copy, then undone)."""
        real = self.pdf
        with real.offset_rendering() as dummy:
            self.pdf = dummy  # type: ignore[assignment]
            try:
                body(self, size)
            finally:
                self.pdf = real
        return not dummy.page_break_triggered

    def fit(self, body: Callable[[Sheet, float], None], sizes: tuple[float, ...]) -> float:
        """Draw ``body`` at the largest of ``sizes`` that keeps it on this page (the smallest if none does)."""
        chosen = next((z for z in sizes if self.fits(body, z)), sizes[-1])
        body(self, chosen)
        return chosen

    def pages(self) -> int:
        return self.pdf.pages_count

    def output(self, path: Path) -> str:
        self.pdf.output(str(path))
        return str(path)


# ----------------------------------------------------------------------------------------- the pages


def _map_page(sheet: Sheet, scen: Scenario, game: Game, svg: str) -> None:
    sheet.page(f"{scen.title}: the map")
    sheet.para(f"{game.rules.name}. The position at the start, as every player may see it. Each counter carries its "
               "side's mark in its corner:" + (f" {scen.meta.first} plays first." if scen.meta.first else "")
               + (" Units in the off-map displays are listed on the roster page." if game.board.displays else ""),
               size=9, gap=0.5)
    sheet.side_marks(list(game.state.sides)[:len(SIDE_MARK_NAMES)])
    room = sheet.pdf.h - sheet.pdf.get_y() - 70
    sheet.svg(svg, max_h=room)
    board = game.board
    if board.kind == "hex" and board.terrain:
        by_type: dict[str, list[str]] = {}
        for h, name in board.terrain.items():
            by_type.setdefault(name, []).append(board.labels.label(h))
        common = max(by_type, key=lambda k: len(by_type[k]))
        sheet.para("Terrain key (for a black-and-white copy: each hex is labelled; the marks differ by terrain)",
                   size=9, bold=True, gap=0.5)
        lines = []
        for name, hexes in sorted(by_type.items()):
            title = board.titles.get(name, name).replace("_", " ")
            if name == common:
                lines.append(f"{title}: every other hex")
            else:
                lines.append(f"{title}: {', '.join(sorted(hexes, key=words_key))}")
        sheet.para("\n".join(lines), size=7.5)


def words_key(label: str) -> tuple[Any, ...]:
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", label))


def _roster_page(sheet: Sheet, scen: Scenario, game: Game) -> None:
    sheet.page(f"{scen.title}: the units")
    view = game.view(PUBLIC)
    rules = game.rules
    hidden = len(game.state.units) - len(view.units)
    for side in scen.meta.sides:
        units = sorted(view.units_of(side), key=lambda u: words_key(u.id))
        sheet.para(f"{side}: {len(units)} unit{'s' if len(units) != 1 else ''}", size=11, bold=True, gap=0.5)
        rows = []
        for u in units:
            ut = rules.unit_types.get(u.kind)
            measure = ut.measure if ut else "steps"
            if u.strength == 1 and measure.endswith("s"):
                measure = measure[:-1]  # "1 step", "1 figure"
            strength = rules.strength_text(u) or f"{u.strength} {measure}"
            rows.append([u.id, rules.unit_title(u), rules.where(u.at), strength])
        if rows:
            sheet.table(["Id", "Unit", "Where", "Strength"], rows, [18, 70, 50, 40], size=8.5)
    if hidden > 0:
        sheet.para("Some units start hidden from the other side; they are listed only in their own side's briefing.",
                   size=9)


def _rules_lines(ruleset: str) -> list[tuple[str, list[str]]]:
    """(phase title, its steps' lines) with the clause ids each step teaches; our readings marked."""
    from .. import rulesets

    cls = rulesets.get(ruleset)
    try:
        ref = reference.load(ruleset)
    except KeyError:
        ref = None
    out = []
    for phase in cls.sequence.phases:
        lines = []
        for step in phase.steps:
            ids = []
            for cid in step.clauses:
                clause = ref.clauses.get(cid) if ref else None
                mark = f" ({clause.label})" if clause is not None and clause.mark in ("reading", "illustrative") else ""
                ids.append(cid + mark)
            kind = {"auto": "bookkeeping", "dice": "dice"}.get(step.kind, "decision")
            first = step.explanation.split(". ")[0].rstrip(".") + "." if step.explanation else ""
            lines.append(f"**{step.title}** ({kind}). {first} [{', '.join(ids)}]")
        out.append((phase.title + (f" ({phase.repeat})" if phase.repeat else ""), lines))
    return out


def _grouped(ids: list[str]) -> str:
    """Clause ids written short: those sharing their first two parts once, in braces
    (``oc.air.{recon.flight_roll, recon.placement}``)."""
    groups: dict[str, list[str]] = {}
    for cid in ids:
        parts = cid.split(".", 2)
        head, rest = (".".join(parts[:2]), parts[2]) if len(parts) == 3 else (cid, "")
        groups.setdefault(head, []).append(rest)
    out = []
    for head, rests in groups.items():
        if len(rests) == 1 or "" in rests:
            out.extend(f"{head}.{r}" if r else head for r in rests)
        else:
            out.append(f"{head}.{{{', '.join(rests)}}}")
    return ", ".join(out)


def _rules_page(sheet: Sheet, scen: Scenario, game: Game) -> None:
    """The sequence of play on one page, in the largest type that fits and never below 7 points: a long sequence
    (Operation Cartwheel's ten phases) keeps each step's title and clauses, leaves its one-sentence explanation to
    ``hexlab rules`` and writes the marks short ("(r)" our reading, "(i)" illustrative, explained at the top)."""
    sheet.page(f"{game.rules.name}: the sequence of play", size=14)
    groups = _rules_lines(game.rules.id)

    def body(sh: Sheet, size: float, short: bool = False) -> None:
        marks = ("\"(r)\": our reading, the source is ambiguous or silent there and this is how hexlab reads it; "
                 "\"(i)\": illustrative, a value of ours, not the published game's.") if short else (
                 "\"(our reading)\": the source is ambiguous or silent there and this is how hexlab reads it; "
                 "\"(illustrative)\": a value of ours, not the published game's.")
        sh.para(f"One line a step, in order, with the rule clauses it follows (hexlab rules {game.rules.id} CLAUSE "
                f"prints any of them). {marks}", size=size * 0.9, gap=1)
        for title, lines in groups:
            sh.para(title, size=size, bold=True, gap=0.3)
            for line in lines:
                if short:  # "**Title** (kind). Explanation. [clauses]" -> "**Title** (kind). [clauses]"
                    line = re.sub(r"^(\*\*.*?\*\* \(\w+\)\.) .*? (\[[^\[\]]*\])$", r"\1 \2", line)
                    line = line.replace(" (our reading)", " (r)").replace(" (illustrative)", " (i)")
                    line = re.sub(r"\[([^\[\]]*)\]$", lambda m: "[" + _grouped(m.group(1).split(", ")) + "]", line)
                sh.para(line, size=size * 0.9, gap=0.3, markdown=True)
            sh.pdf.ln(0.8)

    full = next((z for z in (10, 9, 8.5, 8) if sheet.fits(body, z)), None)
    if full is not None:
        body(sheet, full)
    else:
        sheet.fit(lambda sh, z: body(sh, z, short=True), (9, 8.5, 8, 7.5, 7))


def _cell(key: str, value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, Fraction):
        return f"{float(value):.2f}" if key.startswith("expected_") else f"{float(value) * 100:.1f}%"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _useful_columns(cols: list[str], measures: Any, rows: list[dict[str, Any]]) -> list[str]:
    """The table's columns less those that tell a reader nothing: a measure that is 0 in every row (a troop
    counter is never sunk) and a fact that repeats an earlier column (as many dice as the gunnery)."""
    out: list[str] = []
    for c in cols:
        values = [r.get(c) for r in rows]
        if c in measures and all(v == 0 for v in values):
            continue
        if c not in measures and any(values == [r.get(k) for r in rows] for k in out):
            continue
        out.append(c)
    return out


def _odds_page(sheet: Sheet, scen: Scenario, game: Game) -> None:
    from ..odds import sweep

    spec = ODDS_TABLES.get(game.rules.id)
    sheet.page(f"{game.rules.name}: the odds")
    if spec is None:
        sheet.para("This ruleset has no odds table yet.")
        return
    title, params, fixed, measures = spec
    table = sweep(game.rules.id, params, measures=measures, **fixed)
    sheet.para(f"{title}. Exact chances, worked out through the same combat function the game plays with "
               f"(hexlab odds {game.rules.id} --sweep {' '.join(f'{k}={v}' for k, v in params.items())}).", size=9)
    cols = _useful_columns(table.columns(), table.measures, table.rows)
    head = [table.label(c) if c in table.measures else c.replace("-", " ") for c in cols]
    rows = [[_cell(c, r.get(c)) for c in cols] for r in table.rows]
    sheet.table(head, rows, [max(18, min(40, 4 + 2.2 * len(h))) for h in head], size=8, align="CENTER")
    if game.rules.id == "cartwheel":
        _strike_table(sheet)
        sheet.para("Where a table behind these numbers is not in the source, its values are illustrative (ours), as "
                   "the rules summary marks them.", size=8)


STRIKE_BOMBERS = (3, 3)
"""The strike the Cartwheel odds page works out: two B-25s (BF 3) with one P-38 escort (AF 4)."""
STRIKE_ESCORTS = (4,)
STRIKE_INTERCEPTOR_AF = 4


def _strike_table(sheet: Sheet) -> None:
    """Operation Cartwheel's other table a player needs: what a strike on an airbase does, by the fighters that
    scramble against it and the airbase's AA (:func:`hexlab.rulesets.cartwheel.odds.strike_dist`, exact)."""
    from ..rulesets.cartwheel.odds import strike_dist

    rows = []
    for aa in (0, 2, 3):
        for n in range(3):
            dist = strike_dist(list(STRIKE_BOMBERS), list(STRIKE_ESCORTS), [STRIKE_INTERCEPTOR_AF] * n, aa)
            hit = sum((p for (status, _, _), p in dist.items() if status != "no effect"), Fraction(0))
            destroyed = sum((p for (status, _, _), p in dist.items() if status == "destroyed"), Fraction(0))
            lost = sum((p * aborted for (_, aborted, _), p in dist.items()), Fraction(0))
            rows.append([str(n), str(aa), _cell("p", hit), _cell("p", destroyed), _cell("expected_lost", lost)])
    sheet.pdf.ln(2)
    sheet.para(f"An air strike on an airbase: {len(STRIKE_BOMBERS)} bombers (BF {STRIKE_BOMBERS[0]}) escorted by "
               f"{len(STRIKE_ESCORTS)} fighter (AF {STRIKE_ESCORTS[0]}), by the enemy fighters that may scramble "
               f"(AF {STRIKE_INTERCEPTOR_AF} each) and the airbase's AA. Exact, through the game's strike functions "
               f"(hexlab odds cartwheel --strike --bombers \"{','.join(map(str, STRIKE_BOMBERS))}\" --escorts "
               f"\"{','.join(map(str, STRIKE_ESCORTS))}\" --interceptors \"4,4\" --aa 3).", size=9)
    sheet.table(["fighters that may scramble", "AA", "airbase disrupted or destroyed", "airbase destroyed",
                 "bombers turned back (expected)"], rows, [30, 14, 36, 30, 36], size=8, align="CENTER")


def _briefing_pdf(paper: str, scen: Scenario, b: Briefing, path: Path) -> str:
    """One side's briefing on one page, in the largest type that fits."""
    sheet = Sheet(paper, f"{scen.title}: briefing for {b.side}")
    sheet.page(f"{scen.title}: {b.title}", size=14)
    blocks = _blocks(b.markdown)

    def body(sh: Sheet, size: float) -> None:
        for kind, text in blocks:
            if kind == "h1":
                continue  # the page heading says it
            if kind == "h":
                sh.para(text, size=size + 1, bold=True, gap=0.5)
            elif kind == "li":
                sh.bullet(text, size=size, gap=0.3, markdown=True)
            else:
                sh.para(text, size=size, gap=1.2, markdown=True)
        sh.para(f"For {b.side} only: do not show this page to the other side.", size=size * 0.8, bold=True)

    sheet.fit(body, (11, 10, 9, 8, 7, 6.5, 6))
    return sheet.output(path)


def _blocks(markdown: str) -> list[tuple[str, str]]:
    """Simple Markdown as blocks: headings, list items and paragraphs (``**bold**`` kept; ``*x*`` printed plain, as
    the sheet's font has no italics)."""
    out: list[tuple[str, str]] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            out.append(("p", " ".join(para)))
            para.clear()

    for raw in markdown.splitlines():
        line = re.sub(r"(?<!\*)\*([^*\n]+)\*(?!\*)", r"\1", raw.rstrip()).replace("__", "")
        if not line.strip():
            flush()
        elif line.startswith("# "):
            flush()
            out.append(("h1", line[2:].strip()))
        elif line.startswith("#"):
            flush()
            out.append(("h", line.lstrip("#").strip()))
        elif re.match(r"\s*[-*] ", line):
            flush()
            out.append(("li", re.sub(r"^\s*[-*] ", "", line)))
        else:
            para.append(line.strip())
    flush()
    return out


# ----------------------------------------------------------------------------------------- the entry


def _map_scene(game: Game, title: str) -> Scene:
    """The start as every player may see it. Off-map displays (Cartwheel's airbases) make a page many times taller
    than the map, so a handout draws the map alone and the roster says what stands in each display."""
    board = game.board
    if board.displays:
        board = dataclasses.replace(board, displays={})
        return scene(game.view(PUBLIC), board=board, rules=game.rules, title=title)
    return scene(game, viewer=PUBLIC, title=title)


def for_print(sc: Scene) -> Scene:
    """The scene with every text solid black-on-paper: no halo (a PDF draws a halo over the letters, as it knows no
    ``paint-order``) and no transparency, so hex labels stay legible on a grey copy; map marks drawn as shapes
    (:func:`vector_marks`)."""
    def solid(shape: Any) -> Any:
        return dataclasses.replace(shape, halo=None, alpha=1.0) if isinstance(shape, Text) else shape

    layers = {name: [m for s in shapes for m in vector_marks(solid(s))] for name, shapes in sc.layers.items()}
    return dataclasses.replace(sc, layers=layers)


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "_", name).strip("_") or "side"


def handout(scenario: str | os.PathLike[str] | Scenario, out_dir: str | os.PathLike[str], paper: str = "A4") -> list[str]:
    """Write the handouts of ``scenario`` (an id such as ``memoir44/tenaru``, a path, or a :class:`Scenario`) into
    ``out_dir`` (made if needed) on ``paper`` (``"A4"`` or ``"Letter"``); returns the files written.
    :class:`HexlabError` for an unknown paper size, a scenario that does not load, or a folder that can't be made."""
    key = str(paper).lower()
    if key not in PAPERS:
        raise HexlabError(f"paper: {paper!r} is not a paper size hexlab prints on (choose A4 or Letter)")
    scen = scenario if isinstance(scenario, Scenario) else read(scenario)
    try:
        import fpdf  # noqa: F401
    except ImportError:
        raise HexlabError("handouts need fpdf2 (pip install 'hexlab[lab]' or pip install fpdf2)") from None
    out = Path(out_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise HexlabError(f"{out}: can't make the folder ({exc.strerror})") from None
    game = scen.new_game(0)
    stem = _safe(scen.id.split("/")[-1])
    written: list[str] = []
    svg = to_svg(for_print(_map_scene(game, f"{scen.title}: the start")))
    svg_path = out / f"{stem}-map.svg"
    svg_path.write_text(svg, encoding="utf-8")
    written.append(str(svg_path))

    paper_name = PAPERS[key]
    sheet = Sheet(paper_name, f"{scen.title} ({scen.id})")
    _map_page(sheet, scen, game, svg)
    _roster_page(sheet, scen, game)
    _rules_page(sheet, scen, game)
    _odds_page(sheet, scen, game)
    written.append(sheet.output(out / f"{stem}-handout-{key}.pdf"))
    for b in briefings(scen, game):
        written.append(_briefing_pdf(paper_name, scen, b, out / f"{stem}-briefing-{_safe(b.side)}-{key}.pdf"))
    return written


__all__ = ["PAPERS", "handout"]
