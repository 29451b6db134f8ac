"""Area maps drawn as their places: boxes at their positions joined by routes, or a true grid of square sectors.

Cactus Air Force's four locations are boxes: what matters is which box a unit is in and which boxes are
joined. Each box stands at its position (``Area.at``: column and row, one step a box), coloured by its own
terrain, titled with its name (and the source's reference, "Guadalcanal 7/13", where it has one), with
its units at a legible size; land links are drawn as solid roads, sea lanes as dashed lines. An older map,
whose areas are anchored on hexes, keeps the order of its anchors, left to right and top to bottom.

War at Sea's sea is a grid of square sectors (``Board.sectors``): drawn as squares in rows and columns, no
staggering, each labelled in its corner (``B3``: row B, column 3), the row letters and column numbers
along the edges, a sector with terrain of its own (an island) drawn as land inside its square.

Units aboard a carrier are drawn on their carrier's counter; off-map displays (:mod:`.displays`) beside
the map.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import style
from ..engine.state import SECTOR_ROWS, Aboard, Area, Board, DisplayBox, GameState, Location
from ..hexes import hex_to_pixel
from .displays import RING_SCALE, DisplayPlan, beside, box_highlights, fit_counters, panel_shapes, slots
from .scene import (
    XY,
    CounterInfo,
    Line,
    Poly,
    Scene,
    Shape,
    Text,
    _arrow_between,
    _counters,
    _text_width,
    dice_tag_at,
    display_sides,
    fit_layout,
    ring_width,
    rings,
    selection_ring,
)

if TYPE_CHECKING:
    from ..engine import Ruleset

COUNTER = 54.0
"""A counter's side in an area box, in CSS pixels (its smallest text stays at 9 px or more)."""
PER_ROW = 3
ROWS = 2
PAD = 12.0
NAME_BAND = 40.0
GAP_X, GAP_Y = 96.0, 48.0
MARGIN = 24.0
LEGEND = 30.0
SECTOR_MAX, SECTOR_MIN = 200.0, 120.0
"""A square sector's side in CSS pixels: as large as fits about 900 px across, between these."""
SECTOR_BAND = 30.0
HEADER = 22.0
"""The band along the top and left of a sector grid with its column numbers and row letters."""

ROUTE_STYLE = {  # kind -> (colour, width, dash)
    "land": ("#9b6b33", 7.0, ()),
    "sea": ("#2f6fa8", 4.0, (12.0, 8.0)),
}


@dataclass(frozen=True)
class AreaPlan:
    """Where each area's box is drawn: ``boxes[id] = (x0, y0, x1, y1)`` in CSS pixels; ``sector`` is the side
    of a square sector (0 for a map of boxes); ``displays`` the off-map displays drawn beside the map."""

    boxes: dict[str, tuple[float, float, float, float]]
    width: float
    height: float
    counter: float = COUNTER
    sector: float = 0.0
    displays: DisplayPlan | None = None

    def centre(self, area: str) -> XY:
        x0, y0, x1, y1 = self.boxes[area]
        return (round((x0 + x1) / 2, 2), round((y0 + y1) / 2, 2))

    def positions(self, where: Location, n: int, c: float) -> tuple[list[XY], float, bool]:
        """Counters in rows under the box's name (three to a row in a box), smaller if many share it."""
        if isinstance(where, DisplayBox) and self.displays is not None:
            found = self.displays.positions(where, n, c)
            if found is not None:
                return found
        if not isinstance(where, str) or where not in self.boxes:
            return [(-100.0, -100.0)] * n, c, False
        if self.sector:
            spots, size = fit_counters(self.boxes[where], SECTOR_BAND, n, c, 3, 10.0)
            return spots, size, False
        x0, y0, x1, y1 = self.boxes[where]
        rows = max(1, math.ceil(n / PER_ROW))
        size = min(c, (y1 - y0 - NAME_BAND - PAD) / (rows * 1.1))
        return slots((x0 + x1) / 2, y0 + NAME_BAND + size * 0.55, n, PER_ROW, size), round(size, 2), False

    def area_at(self, x: float, y: float) -> str | None:
        for area, (x0, y0, x1, y1) in self.boxes.items():
            if x0 <= x <= x1 and y0 <= y <= y1:
                return area
        return None

    def box_at(self, x: float, y: float) -> Location:
        """The area or the display box under a pixel."""
        box = self.displays.box_at(x, y) if self.displays is not None else None
        return box if box is not None else self.area_at(x, y)


def _grid_positions(board: Board) -> dict[str, tuple[float, float]]:
    """Each area's (column, row) in the drawing: its own position, or on an older map the order of its anchors
    (one column per distinct column of the source's grid and one row per distinct row, so order is kept and
    empty sea is left out)."""
    if all(a.at is not None for a in board.areas.values()):
        at = {a.id: a.at for a in board.areas.values() if a.at is not None}
        x0, y0 = min(x for x, _ in at.values()), min(y for _, y in at.values())
        return {k: (x - x0, y - y0) for k, (x, y) in at.items()}
    layout = fit_layout(board, 30.0)
    anchors = {a.id: hex_to_pixel(layout, a.anchor) for a in board.areas.values() if a.anchor is not None}
    xs = sorted({round(p.x, 1) for p in anchors.values()})
    ys = sorted({round(p.y, 1) for p in anchors.values()})
    return {k: (float(xs.index(round(p.x, 1))), float(ys.index(round(p.y, 1)))) for k, p in anchors.items()}


def sector_side(cols: int) -> float:
    """A square sector's side for a grid of ``cols`` columns: about 900 px across in all."""
    return round(max(SECTOR_MIN, min(SECTOR_MAX, 880.0 / cols)), 1)


def plan(board: Board) -> AreaPlan:
    """Where the boxes (or sectors) go, and the displays beside them."""
    if board.sectors is not None:
        rows, cols = board.sectors
        side = sector_side(cols)
        boxes = {}
        for a in board.areas.values():
            col, row = a.at or (0.0, 0.0)
            x0, y0 = MARGIN + HEADER + col * side, MARGIN + HEADER + row * side
            boxes[a.id] = (round(x0, 2), round(y0, 2), round(x0 + side, 2), round(y0 + side, 2))
        width = MARGIN * 2 + HEADER + cols * side
        height = MARGIN * 2 + HEADER + rows * side
        counter = min(COUNTER, round(side * 0.3, 1))
    else:
        at = _grid_positions(board)
        w = PER_ROW * COUNTER * 1.12 + 2 * PAD
        h = NAME_BAND + ROWS * COUNTER * 1.1 + PAD
        boxes = {}
        for area, (col, row) in at.items():
            x0, y0 = MARGIN + col * (w + GAP_X), MARGIN + row * (h + GAP_Y)
            boxes[area] = (round(x0, 2), round(y0, 2), round(x0 + w, 2), round(y0 + h, 2))
        cols = max((x for x, _ in at.values()), default=0.0) + 1
        rows = max((y for _, y in at.values()), default=0.0) + 1
        width = MARGIN * 2 + cols * w + (cols - 1) * GAP_X
        height = MARGIN * 2 + rows * h + (rows - 1) * GAP_Y + LEGEND
        side, counter = 0.0, COUNTER
    shown = None
    if board.displays:
        shown, width, height = beside(board, width, height)
    return AreaPlan(boxes, round(width, 1), round(height, 1), counter, side, shown)


def _edge_point(box: tuple[float, float, float, float], toward: XY) -> XY:
    """Where the line from a box's centre toward a point leaves the box."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    dx, dy = toward[0] - cx, toward[1] - cy
    if dx == 0 and dy == 0:
        return (cx, cy)
    tx = (x1 - cx) / abs(dx) if dx else math.inf
    ty = (y1 - cy) / abs(dy) if dy else math.inf
    t = min(tx, ty)
    return (round(cx + dx * t, 2), round(cy + dy * t, 2))


def _colour(board: Board, terrain: str) -> str:
    return style.terrain_colour(board.styles.get(terrain, terrain))


def _sector_terrain(board: Board, p: AreaPlan) -> list[Shape]:
    """A grid of square sectors: each its terrain's colour, land inset in a sea sector (an island), a thin
    grid, the label in each corner, names where sectors have them, and the row letters and column numbers."""
    rows, cols = board.sectors or (0, 0)
    out: list[Shape] = [Poly(((0, 0), (p.width, 0), (p.width, p.height), (0, p.height)), style.BACKGROUND)]
    common = _common_terrain(board)
    fills: list[Shape] = []
    land: list[Shape] = []
    grid: list[Shape] = []
    words: list[Shape] = []
    s = p.sector
    for a in board.areas.values():
        x0, y0, x1, y1 = p.boxes[a.id]
        fills.append(Poly(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), _colour(board, common or a.terrain)))
        if common and a.terrain != common:  # an island (or whatever stands in the sector)
            i = round(s * 0.1, 2)
            land.append(Poly(_octagon(x0 + i, y0 + i + SECTOR_BAND * 0.6, x1 - i, y1 - i), _colour(board, a.terrain),
                             style.INK, 1.5))
        grid.append(Poly(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), None, style.GRID, 1.2, 0.8))
        words.append(Text(round(x0 + 6, 2), round(y0 + 15, 2), a.ref or a.id, 12.0, style.INK, "start", alpha=0.75))
        if a.name != (a.ref or a.id):
            words += _sector_name(a.name, x0 + 12 + _text_width(a.ref or a.id, 12.0), x1 - 6, y0)
    gx0, gy0 = MARGIN + HEADER, MARGIN + HEADER
    frame = Poly(((gx0, gy0), (gx0 + cols * s, gy0), (gx0 + cols * s, gy0 + rows * s), (gx0, gy0 + rows * s)), None,
                 style.INK, 2.0)
    for col in range(cols):
        words.append(Text(round(gx0 + (col + 0.5) * s, 2), round(MARGIN + HEADER - 7, 2), str(col + 1), 13.0,
                          style.INK, weight="bold"))
    for row in range(rows):
        words.append(Text(round(MARGIN + HEADER / 2 - 2, 2), round(gy0 + (row + 0.5) * s + 5, 2), SECTOR_ROWS[row], 13.0,
                          style.INK, weight="bold"))
    return out + fills + land + grid + [frame] + words


def _sector_name(name: str, left: float, right: float, top: float) -> list[Shape]:
    """A sector's name in its top band, right of its label and never over it: on one line if it fits (at 13 px,
    or smaller down to 11), else on two, split at the space nearest its middle."""
    room = right - left
    for size in (13.0, 12.0, 11.0):
        if _text_width(name, size, True) <= room:
            return [Text(round(right, 2), round(top + 15, 2), name, size, style.INK, "end", weight="bold")]
    spaces = [i for i, ch in enumerate(name) if ch == " "]
    if not spaces:
        return [Text(round(right, 2), round(top + 15, 2), name, 11.0, style.INK, "end", weight="bold")]
    cut = min(spaces, key=lambda i: abs(i - len(name) / 2))
    return [Text(round(right, 2), round(top + 12, 2), name[:cut], 11.0, style.INK, "end", weight="bold"),
            Text(round(right, 2), round(top + 24, 2), name[cut + 1:], 11.0, style.INK, "end", weight="bold")]


def _common_terrain(board: Board) -> str:
    """The terrain most sectors have (the sea), which the others stand in."""
    counts: dict[str, int] = {}
    for a in board.areas.values():
        counts[a.terrain] = counts.get(a.terrain, 0) + 1
    return max(counts, key=lambda t: counts[t]) if counts else ""


def _octagon(x0: float, y0: float, x1: float, y1: float) -> tuple[XY, ...]:
    """A rectangle with its corners cut: land drawn inside a sector."""
    k = min(x1 - x0, y1 - y0) * 0.22
    pts = ((x0 + k, y0), (x1 - k, y0), (x1, y0 + k), (x1, y1 - k), (x1 - k, y1), (x0 + k, y1), (x0, y1 - k),
           (x0, y0 + k))
    return tuple((round(x, 2), round(y, 2)) for x, y in pts)


def _terrain(board: Board, p: AreaPlan, routes: Sequence[tuple[str, str, str]]) -> list[Shape]:
    if p.sector:
        return _sector_terrain(board, p)
    sea = style.terrain_colour(board.styles.get(board.background, board.background or "sea"))
    out: list[Shape] = [Poly(((0, 0), (p.width, 0), (p.width, p.height), (0, p.height)), sea)]
    for a, b, kind in routes:
        if a not in p.boxes or b not in p.boxes:
            continue
        colour, width, dash = ROUTE_STYLE.get(kind, ROUTE_STYLE["land"])
        start = _edge_point(p.boxes[a], p.centre(b))
        end = _edge_point(p.boxes[b], p.centre(a))
        out.append(Line((start, end), "#ffffff", width + 4, 0.8))
        out.append(Line((start, end), colour, width, 1.0, dash))
    for area in board.areas.values():
        x0, y0, x1, y1 = p.boxes[area.id]
        land = _colour(board, _area_terrain(board, area))
        out.append(Poly(((x0 + 3, y0 + 4), (x1 + 3, y0 + 4), (x1 + 3, y1 + 4), (x0 + 3, y1 + 4)), "#1f1f1f",
                        None, 1.0, 0.18))  # a shadow, so the box stands off the sea
        out.append(Poly(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), land, style.INK, 2.0))
        out.append(Poly(((x0, y0), (x1, y0), (x1, y0 + NAME_BAND - 8), (x0, y0 + NAME_BAND - 8)), "#ffffff", None,
                        1.0, 0.85))
    kinds = sorted({kind for _, _, kind in routes})
    x, y = MARGIN, _legend_y(p)
    for kind in kinds:
        colour, width, dash = ROUTE_STYLE.get(kind, ROUTE_STYLE["land"])
        out.append(Line(((x, y), (x + 36, y)), colour, width, 1.0, dash))
        words = {"land": "overland", "sea": "by sea"}.get(kind, kind)
        out.append(Text(x + 44, y + 4, words, 12.0, style.INK, "start"))
        x += 44 + len(words) * 7 + 30
    for area in board.areas.values():
        x0, y0, x1, _ = p.boxes[area.id]
        cx = round((x0 + x1) / 2, 2)
        note = str(area.attrs.get("airstrip", "")) if area.attrs else ""
        out.append(Text(cx, round(y0 + (20 if note else 24), 2), area.title, 16.0, style.INK, weight="bold"))
        if note:  # what stands there (an airstrip)
            out.append(Text(cx, round(y0 + NAME_BAND - 11, 2), note, 11.0, style.INK, alpha=0.8))
    return out


def _area_terrain(board: Board, area: Area) -> str:
    """An area's terrain: its own, or on an older map its anchor hex's."""
    return area.terrain or (board.terrain.get(area.anchor, "") if area.anchor is not None else "")


def _legend_y(p: AreaPlan) -> float:
    """The routes' legend, under the boxes (and over displays drawn under the map)."""
    bottom = max((y1 for _, _, _, y1 in p.boxes.values()), default=0.0)
    return round(bottom + MARGIN + 4, 2)


def _grown(box: tuple[float, float, float, float], d: float) -> tuple[XY, ...]:
    x0, y0, x1, y1 = box
    return ((round(x0 - d, 2), round(y0 - d, 2)), (round(x1 + d, 2), round(y0 - d, 2)), (round(x1 + d, 2), round(y1 + d, 2)),
            (round(x0 - d, 2), round(y1 + d, 2)))


def _highlights(p: AreaPlan, highlights: Mapping[Location, str] | Iterable[Location], selected: str | None,
                counters: list[CounterInfo], arrows: Sequence[tuple[Location, Location, str]]) -> list[Shape]:
    """Each highlighted box ringed in its verb's look, just outside its edge (inside, on a grid of sectors,
    where boxes touch): never over its counters, which a ring around a box cannot wash out; a box with no
    counter is tinted too. A unit to board: a ring around its counter."""
    items = list(highlights.items() if isinstance(highlights, Mapping) else ((h, "move") for h in highlights))
    _, case = ring_width(RING_SCALE)
    outside = case + 1.0 if not p.sector else 0.0
    occupied = {c.at for c in counters}
    places: list[tuple[Sequence[XY], str, bool]] = []
    for where, verb in items:
        if isinstance(where, Aboard):  # aboard a unit: its counter
            c = next((c for c in counters if c.unit == where.carrier), None)
            if c is not None:
                places.append((_grown((c.x - c.size / 2, c.y - c.size / 2, c.x + c.size / 2, c.y + c.size / 2),
                                      case + 2.0), verb, False))
            continue
        if isinstance(where, str) and where in p.boxes:
            places.append((_grown(p.boxes[where], outside), verb, where not in occupied))
    out = rings(places, RING_SCALE)
    if p.displays is not None:
        out = box_highlights(p.displays, dict(items), occupied) + out
    out += selection_ring(counters, selected, COUNTER)
    for frm, to, verb in arrows:
        if isinstance(frm, str) and isinstance(to, str) and frm in p.boxes and to in p.boxes:
            out += _arrow_between(p.centre(frm), p.centre(to), style.HIGHLIGHT.get(verb, style.INK), 30.0)
    return out


def area_scene(board: Board, state: GameState | None, rules: Ruleset | None, *, title: str = "",
               highlights: Mapping[Location, str] | Iterable[Location] = (), selected: str | None = None,
               arrows: Sequence[tuple[Location, Location, str]] = (), layers: Iterable[str] = ("terrain", "units",
               "highlight"), dice: tuple[Location, Sequence[str]] | None = None, **_: Any) -> Scene:
    """The scene of an area map (see the module's docstring); the same layers as a hex map's."""
    p = plan(board)
    wanted = set(layers)
    routes = [] if p.sector else rules.map_routes() if rules is not None else [
        (a.id, link, "land") for a in board.areas.values() for link in a.links if a.id < link]
    terrain = _terrain(board, p, routes) if "terrain" in wanted else []
    if "terrain" in wanted and p.displays is not None:
        terrain += panel_shapes(board, p.displays, display_sides(board, state), rules)
    units: list[Shape] = []
    counters: list[CounterInfo] = []
    layout = fit_layout(board, COUNTER / 0.98)
    if state is not None and ("units" in wanted or "highlight" in wanted):
        shapes, counters = _counters(state, board, layout, rules, selected, p.positions, p.counter)
        if "units" in wanted:
            units = shapes
    hl = _highlights(p, highlights, selected, counters, arrows) if "highlight" in wanted else []
    if dice is not None and "highlight" in wanted and isinstance(dice[0], str) and dice[0] in p.boxes:
        x0, y0, x1, _ = p.boxes[dice[0]]
        hl += dice_tag_at(x1 - 70, y0 + 12, 30.0, list(dice[1]))
    return Scene(p.width, p.height, layout, {"terrain": terrain, "units": units, "highlight": hl}, {}, counters,
                 title, p, p.displays)
