"""Area maps drawn as their places: each area a large named box, the links between areas drawn as routes.

Cactus Air Force's four locations (and War at Sea's sectors next) are areas: what matters is which box a
unit is in and which boxes are joined, not the hexes the scenario uses to say where a box lies. So the hex
grid is not drawn at all. The boxes keep the order of their grid references, left to right and top to
bottom (a box further north on the source's map stays higher), each with its name, its grid reference
and its units at a legible size; land links are drawn as solid roads, sea lanes as dashed lines.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import style
from ..engine.state import Board, GameState, Location
from ..hexes import hex_to_pixel
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
    dice_tag_at,
    fit_layout,
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

ROUTE_STYLE = {  # kind -> (colour, width, dash)
    "land": ("#9b6b33", 7.0, ()),
    "sea": ("#2f6fa8", 4.0, (12.0, 8.0)),
}


@dataclass(frozen=True)
class AreaPlan:
    """Where each area's box is drawn: ``boxes[id] = (x0, y0, x1, y1)`` in CSS pixels."""

    boxes: dict[str, tuple[float, float, float, float]]
    width: float
    height: float
    counter: float = COUNTER

    def centre(self, area: str) -> XY:
        x0, y0, x1, y1 = self.boxes[area]
        return (round((x0 + x1) / 2, 2), round((y0 + y1) / 2, 2))

    def positions(self, where: Location, n: int, c: float) -> tuple[list[XY], float, bool]:
        """Counters in rows of three under the box's name, smaller if many share the box."""
        if not isinstance(where, str) or where not in self.boxes:
            return [(-100.0, -100.0)] * n, c, False
        x0, y0, x1, y1 = self.boxes[where]
        rows = max(1, math.ceil(n / PER_ROW))
        size = min(c, (y1 - y0 - NAME_BAND - PAD) / (rows * 1.1))
        cx = (x0 + x1) / 2
        top = y0 + NAME_BAND + size * 0.55
        out = []
        for i in range(n):
            row, col = divmod(i, PER_ROW)
            in_row = min(PER_ROW, n - row * PER_ROW)
            out.append((round(cx + (col - (in_row - 1) / 2) * size * 1.12, 2), round(top + row * size * 1.1, 2)))
        return out, round(size, 2), False

    def area_at(self, x: float, y: float) -> str | None:
        for area, (x0, y0, x1, y1) in self.boxes.items():
            if x0 <= x <= x1 and y0 <= y <= y1:
                return area
        return None


def plan(board: Board) -> AreaPlan:
    """Lay the boxes out in the order of their grid references: one column per distinct column of the
    source's grid and one row per distinct row, so order is kept and empty sea is left out."""
    layout = fit_layout(board, 30.0)
    anchors = {a.id: hex_to_pixel(layout, a.anchor) for a in board.areas.values()}
    xs = sorted({round(p.x, 1) for p in anchors.values()})
    ys = sorted({round(p.y, 1) for p in anchors.values()})
    w = PER_ROW * COUNTER * 1.12 + 2 * PAD
    h = NAME_BAND + ROWS * COUNTER * 1.1 + PAD
    boxes = {}
    for area, p in anchors.items():
        col, row = xs.index(round(p.x, 1)), ys.index(round(p.y, 1))
        x0, y0 = MARGIN + col * (w + GAP_X), MARGIN + row * (h + GAP_Y)
        boxes[area] = (round(x0, 2), round(y0, 2), round(x0 + w, 2), round(y0 + h, 2))
    width = MARGIN * 2 + len(xs) * w + (len(xs) - 1) * GAP_X
    height = MARGIN * 2 + len(ys) * h + (len(ys) - 1) * GAP_Y + LEGEND
    return AreaPlan(boxes, round(width, 1), round(height, 1))


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


def _terrain(board: Board, p: AreaPlan, routes: Sequence[tuple[str, str, str]]) -> list[Shape]:
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
        name = board.terrain.get(area.anchor, "")
        land = style.terrain_colour(board.styles.get(name, name))
        out.append(Poly(((x0 + 3, y0 + 4), (x1 + 3, y0 + 4), (x1 + 3, y1 + 4), (x0 + 3, y1 + 4)), "#1f1f1f",
                        None, 1.0, 0.18))  # a shadow, so the box stands off the sea
        out.append(Poly(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), land, style.INK, 2.0))
        out.append(Poly(((x0, y0), (x1, y0), (x1, y0 + NAME_BAND - 8), (x0, y0 + NAME_BAND - 8)), "#ffffff", None,
                        1.0, 0.85))
    kinds = sorted({kind for _, _, kind in routes})
    x, y = MARGIN, p.height - LEGEND + 4
    for kind in kinds:
        colour, width, dash = ROUTE_STYLE.get(kind, ROUTE_STYLE["land"])
        out.append(Line(((x, y), (x + 36, y)), colour, width, 1.0, dash))
        words = {"land": "overland", "sea": "by sea"}.get(kind, kind)
        out.append(Text(x + 44, y + 4, words, 12.0, style.INK, "start"))
        x += 44 + len(words) * 7 + 30
    for area in board.areas.values():
        x0, y0, x1, _ = p.boxes[area.id]
        cx = round((x0 + x1) / 2, 2)
        where = board.labels.label(area.anchor)
        note = str(area.attrs.get("airstrip", "")) if area.attrs else ""
        out.append(Text(cx, round(y0 + (20 if note else 24), 2), f"{area.name} {where}", 16.0, style.INK,
                        weight="bold"))
        if note:  # what stands there (an airstrip)
            out.append(Text(cx, round(y0 + NAME_BAND - 11, 2), note, 11.0, style.INK, alpha=0.8))
    return out


def _highlights(p: AreaPlan, highlights: Mapping[Location, str] | Iterable[Location], selected: str | None,
                counters: list[CounterInfo], arrows: Sequence[tuple[Location, Location, str]]) -> list[Shape]:
    out: list[Shape] = []
    items = highlights.items() if isinstance(highlights, Mapping) else ((h, "move") for h in highlights)
    for where, verb in items:
        if not isinstance(where, str) or where not in p.boxes:
            continue
        colour = style.HIGHLIGHT.get(verb, style.HIGHLIGHT["act"])
        x0, y0, x1, y1 = p.boxes[where]
        box = ((x0 - 4, y0 - 4), (x1 + 4, y0 - 4), (x1 + 4, y1 + 4), (x0 - 4, y1 + 4))
        out.append(Poly(box, colour, None, 1.0, 0.25))
        out.append(Poly(box, None, colour, 5.0, 0.95))
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
    routes = rules.map_routes() if rules is not None else [
        (a.id, link, "land") for a in board.areas.values() for link in a.links if a.id < link]
    terrain = _terrain(board, p, routes) if "terrain" in wanted else []
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
                 title, p)
