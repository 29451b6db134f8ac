"""Off-map displays drawn beside the map: one titled panel per display, its named boxes and the units in them.

A display (Operation Cartwheel's airbase: Ready, Flown, Disrupted) is not on the map, but a player reads it
with the map, so the scene of a map draws its board's displays beside it: under a map wider than it is
tall, with each display's boxes side by side; to the right of a taller map, with the boxes one under the
other. :func:`displays_scene` draws the panels alone, for a widget placed beside the map. Either way the
units drawn are those of the state given: a seat's view of the game shows what that seat may see.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import style
from ..engine.state import Board, DisplayBox, GameState, Location
from ..hexes import Layout
from .scene import XY, Poly, Scene, Shape, Text, _counters, ring_width, rings, selection_ring, side_mark

if TYPE_CHECKING:
    from ..engine import Ruleset

COUNTER = 50.0
"""A counter's side in a display box, in CSS pixels."""
PER_ROW = 2
ROWS = 2
PAD = 10.0
BOX_BAND = 26.0
TITLE_BAND = 32.0
GAP = 12.0
MARGIN = 24.0
RING_SCALE = 44.0
"""The scale of highlight rings around boxes, of displays and area maps (as a hex size: a ring about 4 px wide
on a 6 px casing)."""

Rect = tuple[float, float, float, float]


def fit_counters(rect: Rect, band: float, n: int, c: float, per_row_max: int = 3, pad: float = 12.0
                 ) -> tuple[list[XY], float]:
    """Where ``n`` counters go in a box under its name band, and their size: as many to a row (up to
    ``per_row_max``) as keeps them largest (or nearly: fewer rows win a near tie), never above ``c``, rows
    from the top, each row centred."""
    x0, y0, x1, y1 = rect
    room_w, room_h = x1 - x0 - 2 * pad, y1 - y0 - band - pad
    sizes = {per_row: min(c, room_w / (per_row * 1.12), room_h / (math.ceil(n / per_row) * 1.1))
             for per_row in range(1, max(1, min(n, per_row_max)) + 1)}
    largest = max(sizes.values())
    per_row = max(k for k, v in sizes.items() if v >= largest * 0.95)
    size = sizes[per_row]
    return slots((x0 + x1) / 2, y0 + band + size * 0.55, n, per_row, size), round(size, 2)


def slots(cx: float, top: float, n: int, per_row: int, size: float) -> list[XY]:
    """Where ``n`` counters of ``size`` stand in rows of ``per_row``, each row centred on ``cx``, the first at
    ``top`` (a box of an area map, a box of a display)."""
    out = []
    for i in range(n):
        row, col = divmod(i, per_row)
        in_row = min(per_row, n - row * per_row)
        out.append((round(cx + (col - (in_row - 1) / 2) * size * 1.12, 2), round(top + row * size * 1.1, 2)))
    return out


@dataclass(frozen=True)
class DisplayPlan:
    """Where each display's panel and each of its boxes is drawn, in CSS pixels."""

    panels: dict[str, Rect]
    boxes: dict[DisplayBox, Rect]
    width: float
    height: float
    counter: float = COUNTER

    def positions(self, where: Location, n: int, c: float) -> tuple[list[XY], float, bool] | None:
        """Counters in a display box (``None`` for any other place)."""
        if not isinstance(where, DisplayBox) or where not in self.boxes:
            return None
        spots, size = fit_counters(self.boxes[where], BOX_BAND, n, self.counter, PER_ROW, PAD)
        return spots, size, False

    def box_at(self, x: float, y: float) -> DisplayBox | None:
        for box, (x0, y0, x1, y1) in self.boxes.items():
            if x0 <= x <= x1 and y0 <= y <= y1:
                return box
        return None


def display_plan(board: Board, x: float, y: float, across: bool) -> DisplayPlan:
    """Lay the board's displays out from (x, y): one panel under another, each with its boxes side by side
    (``across``) or one under the other."""
    box_w = PER_ROW * COUNTER * 1.12 + 2 * PAD
    box_h = BOX_BAND + ROWS * COUNTER * 1.1 + PAD
    panels: dict[str, Rect] = {}
    boxes: dict[DisplayBox, Rect] = {}
    top, right = y, x
    for d in board.displays.values():
        n = len(d.boxes)
        title = len(d.name) * 8.8 + 2 * GAP + (18 if d.side else 0)  # the title's width, near enough
        w = max(title, GAP + (n * (box_w + GAP) if across else box_w + GAP))
        bw = box_w if across else w - 2 * GAP  # boxes one under another take the panel's width
        h = TITLE_BAND + (box_h + GAP if across else n * (box_h + GAP))
        panels[d.id] = (round(x, 2), round(top, 2), round(x + w, 2), round(top + h, 2))
        for i, name in enumerate(d.boxes):
            bx = x + GAP + (i * (box_w + GAP) if across else 0)
            by = top + TITLE_BAND + (0 if across else i * (box_h + GAP))
            boxes[DisplayBox(d.id, name)] = (round(bx, 2), round(by, 2), round(bx + bw, 2), round(by + box_h, 2))
        top += h + GAP
        right = max(right, x + w)
    return DisplayPlan(panels, boxes, round(right - x, 2), round(top - y - GAP, 2) if panels else 0.0)


def beside(board: Board, width: float, height: float) -> tuple[DisplayPlan, float, float]:
    """The displays' plan beside a map of ``width`` x ``height``, and the size of map and displays together:
    under a map wider than tall, to the right of a taller one."""
    across = width >= height
    if across:
        p = display_plan(board, MARGIN, height, True)
        return p, max(width, MARGIN + p.width + MARGIN), height + p.height + MARGIN
    p = display_plan(board, width, MARGIN, False)
    return p, width + p.width + MARGIN, max(height, MARGIN + p.height + MARGIN)


def panel_shapes(board: Board, p: DisplayPlan, sides: list[str], rules: Ruleset | None = None) -> list[Shape]:
    """The panels: a card for each display with its title (and its side's mark), and each box named."""
    cards: list[Shape] = []
    bands: list[Shape] = []
    words: list[Shape] = []
    for d in board.displays.values():
        x0, y0, x1, y1 = p.panels[d.id]
        cards.append(Poly(((x0 + 3, y0 + 4), (x1 + 3, y0 + 4), (x1 + 3, y1 + 4), (x0 + 3, y1 + 4)), "#1f1f1f", None,
                          1.0, 0.18))
        cards.append(Poly(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), style.BACKGROUND, style.INK, 2.0))
        fill, ink = style.INK, "#ffffff"
        if d.side is not None:
            fill, ink = rules.side_colours(d.side, sides) if rules is not None else style.side_colours(d.side, sides)
        bands.append(Poly(((x0, y0), (x1, y0), (x1, y0 + TITLE_BAND - 6), (x0, y0 + TITLE_BAND - 6)), fill, style.INK,
                          2.0))
        tx = x0 + GAP
        if d.side is not None:
            bands += side_mark(sides.index(d.side) if d.side in sides else 0, tx + 6, y0 + 13, 12.0, ink)
            tx += 18
        words.append(Text(round(tx, 2), round(y0 + 19, 2), d.name, 14.0, ink, "start", weight="bold"))
        for name in d.boxes:
            bx0, by0, bx1, by1 = p.boxes[DisplayBox(d.id, name)]
            cards.append(Poly(((bx0, by0), (bx1, by0), (bx1, by1), (bx0, by1)), "#ece8da", style.GRID, 1.5))
            words.append(Text(round((bx0 + bx1) / 2, 2), round(by0 + 18, 2), name, 13.0, style.INK, weight="bold"))
    return cards + bands + words


def box_highlights(p: DisplayPlan, highlights: Mapping[Location, str] | Iterable[Location],
                   occupied: Iterable[Location] = ()) -> list[Shape]:
    """Display boxes a selected unit can act on, ringed in the verb's look just outside the box (tinted too when
    no counter is in the box: ``occupied`` names the places that hold one)."""
    items = highlights.items() if isinstance(highlights, Mapping) else ((h, "move") for h in highlights)
    full = set(occupied)
    _, case = ring_width(RING_SCALE)
    places: list[tuple[Sequence[XY], str, bool]] = []
    for where, verb in items:
        if isinstance(where, DisplayBox) and where in p.boxes:
            x0, y0, x1, y1 = p.boxes[where]
            d = case + 1.0
            places.append((((x0 - d, y0 - d), (x1 + d, y0 - d), (x1 + d, y1 + d), (x0 - d, y1 + d)), verb,
                           where not in full))
    return rings(places, RING_SCALE)


def displays_scene(state: GameState | None, board: Board, rules: Ruleset | None = None, *, across: bool = False,
                   selected: str | None = None, highlights: Mapping[Location, str] | Iterable[Location] = (),
                   title: str = "") -> Scene:
    """The board's displays alone, as a scene (for a widget beside the map, or a printed sheet): the panels
    one under another, their boxes side by side if ``across``. ``state`` is what is shown (a seat's view)."""
    p = display_plan(board, MARGIN, MARGIN, across)
    sides = list(state.sides) if state is not None else sorted({d.side for d in board.displays.values() if d.side})
    units: list[Shape] = []
    counters = []
    if state is not None:
        def place(where: Location, n: int, c: float) -> tuple[list[XY], float, bool]:
            return p.positions(where, n, c) or ([(-100.0, -100.0)] * n, c, False)

        shown = state.copy()  # only the units in the displays (and those aboard them)
        shown.units = {k: u for k, u in shown.units.items() if isinstance(state.place_of(u), DisplayBox)}
        units, counters = _counters(shown, board, Layout.pointy(COUNTER), rules, selected, place, COUNTER)
    width, height = round(p.width + 2 * MARGIN, 1), round(p.height + 2 * MARGIN, 1)
    terrain: list[Shape] = [Poly(((0, 0), (width, 0), (width, height), (0, height)), "#ffffff")]
    terrain += panel_shapes(board, p, sides, rules)
    hl = box_highlights(p, highlights, {c.at for c in counters}) + selection_ring(counters, selected, COUNTER)
    return Scene(width, height, Layout.pointy(COUNTER), {"terrain": terrain, "units": units, "highlight": hl}, {},
                 counters, title, None, p)
