"""Classroom material made from a scenario or a game: print-ready handouts and the after-action report.

``handout(scenario, out_dir, paper="A4")`` writes the map (SVG and PDF), the unit roster, a one-page rules
summary, an odds table and each side's briefing (:mod:`hexlab.classroom.handout`); ``report(game)`` returns the
after-action report as a standalone HTML page (:mod:`hexlab.classroom.report`). Neither needs a widget library:
the PDF is drawn by fpdf2, imported only when a handout is made.
"""

from __future__ import annotations

from .handout import handout
from .report import report

__all__ = ["handout", "report"]
