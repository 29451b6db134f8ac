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
"""

from __future__ import annotations

import dataclasses
import io
import os
import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

from .. import reference
from ..engine import Game, HexlabError
from ..engine.seats import PUBLIC
from ..render import Scene, Text, scene, to_svg
from ..render.scene import SIDE_MARK_NAMES
from ..scenario import Scenario, read
from .briefings import Briefing, briefings

PAPERS = {"a4": "A4", "letter": "Letter"}

FONT_FILES = tuple(
    tuple(f"{folder}/{name}" for name in names)
    for folder, names in (
        ("/usr/share/fonts/truetype/dejavu", ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")),
        ("/usr/share/fonts/TTF", ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")),
        ("/Library/Fonts", ("Arial.ttf", "Arial Bold.ttf")),
        ("C:/Windows/Fonts", ("arial.ttf", "arialbd.ttf")),
    )
)
"""Unicode fonts looked for (the map's labels and side marks need more than Latin-1); without one, the core
Helvetica is used and characters it lacks are replaced."""

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


def _font_files() -> tuple[str, ...] | None:
    for files in FONT_FILES:
        if all(os.path.isfile(f) for f in files):
            return files
    return None


class Sheet:
    """An fpdf2 document with the handout's font and a few drawing helpers."""

    def __init__(self, paper: str, title: str) -> None:
        from fpdf import FPDF

        self.pdf = FPDF(orientation="portrait", unit="mm", format=paper)
        self.pdf.set_auto_page_break(True, margin=14)
        self.pdf.set_margins(14, 14, 14)
        self.pdf.set_title(title)
        self.pdf.set_creator("hexlab")
        files = _font_files()
        if files:
            for style, file in zip(("", "B"), files, strict=True):
                self.pdf.add_font("hand", style, file)
            self.font = "hand"
        else:
            self.font = "helvetica"
        self.footer_text = title

    def text(self, s: str) -> str:
        """Text the font can print (the core font is Latin-1 only)."""
        if self.font != "helvetica":
            return s
        s = s.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
        s = s.replace("\u2013", "-").replace("\u2014", "-").replace("\u2026", "...")
        return s.encode("latin-1", "replace").decode("latin-1")

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
        family = "DejaVu Sans" if self.font == "hand" else "helvetica"
        svg = re.sub(r'font-family="[^"]*"', f'font-family="{self.font if self.font == "hand" else family}"', svg)
        svg = re.sub(r"<title>.*?</title>", "", svg, count=1, flags=re.S)
        if self.font == "helvetica":
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
    marks = ", ".join(f"{mark} {side}" for mark, side in zip(SIDE_MARK_NAMES, scen.meta.sides, strict=False))
    sheet.para(f"{game.rules.name}. The position at the start, as every player may see it. Sides: {marks}"
               + (f"; {scen.meta.first} plays first." if scen.meta.first else ".")
               + (" Units in the off-map displays are listed on the roster page." if game.board.displays else ""), size=9)
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
            strength = rules.strength_text(u) or f"{u.strength} {ut.measure if ut else 'steps'}"
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
    cols = table.columns()
    head = [table.label(c) if c in table.measures else c.replace("-", " ") for c in cols]
    rows = [[_cell(c, r.get(c)) for c in cols] for r in table.rows]
    sheet.table(head, rows, [max(18, min(40, 4 + 2.2 * len(h))) for h in head], size=8, align="CENTER")
    if game.rules.id == "cartwheel":
        sheet.para("Where a table behind these numbers is not in the source, its values are illustrative (ours), as "
                   "the rules summary marks them.", size=8)


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
                sh.para("\u2022  " + text, size=size, gap=0.3, markdown=True)
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
    ``paint-order``) and no transparency, so hex labels stay legible on a grey copy."""
    def solid(shape: Any) -> Any:
        return dataclasses.replace(shape, halo=None, alpha=1.0) if isinstance(shape, Text) else shape

    layers = {name: [solid(s) for s in shapes] for name, shapes in sc.layers.items()}
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
