"""A map as plain data: the shapes to draw, in order, in three layers, plus what each hex and counter is.

``scene(game)`` (or ``scene(state, layout, board=...)``, or ``scene(board)`` for an empty map) returns a
:class:`Scene`. Nothing here draws: :func:`hexlab.render.svg.to_svg` writes the scene as SVG (for
``_repr_svg_``, handouts and reports) and :class:`hexlab.widgets.HexMap` draws the very same scene on an
ipycanvas MultiCanvas, so the picture in a printed handout and the live map cannot differ.

Layers, bottom to top:

- ``terrain``: drawn once per game (background, hex fills, grid, region and area outlines, hexside
  walls/hedges/rivers, the ruleset's lines such as Memoir '44's sections, and over them the hex labels in
  the ruleset's own notation);
- ``units``: redrawn on every change (per-hex features such as wire, and unit counters: side colour, the
  unit's id as the log names it, a type symbol with any badge beside it, strength as figures, steps or
  STR; two or three in a hex side by side, none covering another; four or more offset in a cascade);
- ``highlight``: redrawn on every selection (the places the selected unit may act on, each ringed in its
  verb's look from :data:`hexlab.style.HIGHLIGHT_LOOKS`, inside the place's edge and clear of its counters,
  so a highlight never washes a counter out; the selected unit's ring; arrows; a line of sight).

Within a layer the shapes come in passes (all fills, then all outlines, then all text...), so the canvas
can draw each pass with one batch call.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .. import style
from ..engine.state import Aboard, Board, GameState, Location, Unit
from ..hexes import (
    Hex,
    Hexside,
    Layout,
    Point,
    bounds,
    hex_neighbors,
    hex_to_pixel,
    hexside_endpoints,
    polygon_corners,
)

if TYPE_CHECKING:
    from ..engine import Game, Ruleset

XY = tuple[float, float]
MIN_TEXT = 9.0
"""No text on a map is smaller than this, in CSS pixels at the size it is drawn."""


# ----------------------------------------------------------------------------------------- shapes


def halo_width(size: float) -> float:
    """The width of the halo drawn around text of ``size`` (:attr:`Text.halo`)."""
    return round(size * 0.3, 2)


@dataclass(frozen=True, slots=True)
class Poly:
    points: tuple[XY, ...]
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    alpha: float = 1.0
    dash: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True)
class Line:
    points: tuple[XY, ...]
    stroke: str
    width: float = 1.0
    alpha: float = 1.0
    dash: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True)
class Circle:
    x: float
    y: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    alpha: float = 1.0


@dataclass(frozen=True, slots=True)
class Text:
    x: float
    y: float
    text: str
    size: float
    fill: str = style.INK
    anchor: str = "middle"
    """``start``, ``middle`` or ``end``."""
    weight: str = "normal"
    alpha: float = 1.0
    halo: str | None = None
    """A colour drawn around the letters first (the hex's own colour behind a hex label), so a line that
    passes under the text never runs through it."""


Shape = Poly | Line | Circle | Text


@dataclass(frozen=True, slots=True)
class CellInfo:
    hex: Hex
    label: str
    terrain: str
    center: XY


@dataclass(frozen=True, slots=True)
class CounterInfo:
    unit: str
    at: Location
    x: float
    y: float
    size: float


@dataclass
class Scene:
    width: float
    height: float
    layout: Layout
    layers: dict[str, list[Shape]]
    cells: dict[Hex, CellInfo]
    counters: list[CounterInfo] = field(default_factory=list)
    title: str = ""
    areas: Any = None
    """For an area map, its :class:`hexlab.render.areas.AreaPlan` (where each box is drawn)."""
    displays: Any = None
    """For a board with off-map displays, their :class:`hexlab.render.displays.DisplayPlan` (drawn beside it)."""

    def area_at(self, x: float, y: float) -> str | None:
        """The area whose box is under a pixel, on an area map."""
        return self.areas.area_at(x, y) if self.areas is not None else None

    def box_at(self, x: float, y: float) -> Location:
        """The place drawn as a box under a pixel: an area's box on an area map, or a box of an off-map
        display (a :class:`~hexlab.engine.state.DisplayBox`); ``None`` elsewhere (a hex map's hexes)."""
        box = self.displays.box_at(x, y) if self.displays is not None else None
        return box if box is not None else self.area_at(x, y)

    def shapes(self) -> list[Shape]:
        return [s for layer in ("terrain", "units", "highlight") for s in self.layers[layer]]

    def counter_at(self, x: float, y: float) -> CounterInfo | None:
        """The topmost counter under a pixel."""
        for c in reversed(self.counters):
            if abs(x - c.x) <= c.size / 2 and abs(y - c.y) <= c.size / 2:
                return c
        return None

    def _repr_svg_(self) -> str:
        from .svg import to_svg

        return to_svg(self)


# ----------------------------------------------------------------------------------------- geometry


def _corners(layout: Layout, h: Hex, shrink: float = 1.0) -> tuple[XY, ...]:
    pts = polygon_corners(layout, h)
    if shrink == 1.0:
        return tuple((round(p.x, 2), round(p.y, 2)) for p in pts)
    c = hex_to_pixel(layout, h)
    return tuple((round(c.x + (p.x - c.x) * shrink, 2), round(c.y + (p.y - c.y) * shrink, 2)) for p in pts)


def _style_key(shape: Shape) -> tuple[Any, ...]:
    if isinstance(shape, Poly):
        return ("poly", shape.fill is not None, shape.stroke, shape.width, shape.dash)
    if isinstance(shape, Line):
        return ("line", shape.width, shape.dash)
    if isinstance(shape, Circle):
        return ("circle", shape.fill is not None, shape.stroke is not None, shape.width)
    return ("text", shape.size, shape.weight, shape.anchor, shape.halo is not None)


def grouped(shapes: list[Shape]) -> list[Shape]:
    """Shapes of one pass (which don't overlap one another from item to item) regrouped by style, each
    group in the order its style first appears, so a canvas can draw each group with one batch call."""
    order: dict[tuple[Any, ...], list[Shape]] = {}
    for shape in shapes:
        order.setdefault(_style_key(shape), []).append(shape)
    return [shape for group in order.values() for shape in group]


def _box(x0: float, y0: float, x1: float, y1: float) -> tuple[XY, ...]:
    """The corners of a rectangle, rounded for stable output."""
    x0, y0, x1, y1 = round(x0, 2), round(y0, 2), round(x1, 2), round(y1, 2)
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def _centre(layout: Layout, h: Hex) -> XY:
    p = hex_to_pixel(layout, h)
    return (round(p.x, 2), round(p.y, 2))


def fit_layout(board: Board, size: float = 30.0, margin: float | None = None) -> Layout:
    """A layout for ``board`` with hexes of ``size`` (centre to corner) and a margin around the map."""
    margin = size * 0.6 if margin is None else margin
    return board.layout(size, margin)


# ----------------------------------------------------------------------------------------- symbols


def _symbol(kind: str, x: float, y: float, w: float, ink: str) -> list[Shape]:
    """A unit-type symbol in a box of width ``w`` centred on (x, y), in the manner of map symbols."""
    h = w * 0.62
    x0, y0, x1, y1 = x - w / 2, y - h / 2, x + w / 2, y + h / 2
    lw = max(1.0, w * 0.07)
    box = Poly(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), None, ink, lw)
    if kind in ("infantry", "marine", "snlf", "warrior", "squad", "troops", "battalion", "garrison"):
        shapes: list[Shape] = [box, Line(((x0, y0), (x1, y1)), ink, lw), Line(((x0, y1), (x1, y0)), ink, lw)]
        if kind == "marine":
            shapes.append(Line(((x - w * 0.18, y1 + h * 0.25), (x + w * 0.18, y1 + h * 0.25)), ink, lw))
        return shapes
    if kind in ("armor", "tank"):
        pts = tuple((x + math.cos(t) * w * 0.34, y + math.sin(t) * h * 0.3)
                    for t in (i * math.pi / 8 for i in range(16)))
        return [box, Poly(tuple((round(a, 2), round(b, 2)) for a, b in pts), None, ink, lw)]
    if kind in ("artillery", "gun"):
        return [box, Circle(x, y, h * 0.2, ink)]
    if kind in ("recon", "scout", "cavalry"):
        return [box, Line(((x0, y1), (x1, y0)), ink, lw)]
    if kind in ("engineer",):
        return [box, Line(((x - w * .25, y + h * .15), (x - w * .25, y - h * .15), (x + w * .25, y - h * .15),
                           (x + w * .25, y + h * .15)), ink, lw), Line(((x, y - h * .15), (x, y + h * .1)), ink, lw)]
    if kind in ("leader", "hero", "hq", "commander"):
        r_out, r_in = w * 0.42, w * 0.17
        pts = []
        for i in range(10):
            r = r_out if i % 2 == 0 else r_in
            t = -math.pi / 2 + i * math.pi / 5
            pts.append((round(x + r * math.cos(t), 2), round(y + r * math.sin(t), 2)))
        return [Poly(tuple(pts), ink if kind != "hero" else None, ink, lw)]
    if kind in ("ship", "transport", "destroyer", "cruiser"):
        return [Poly(((x0, y), (x1, y), (x1 - w * 0.15, y1), (x0 + w * 0.15, y1)), ink, ink, lw),
                Line(((x, y), (x, y0)), ink, lw)]
    if kind in ("aircraft", "fighter", "bomber", "plane"):
        return [Line(((x0, y), (x1, y)), ink, lw * 1.5), Line(((x, y0), (x, y1)), ink, lw * 1.5),
                Line(((x - w * 0.2, y1), (x + w * 0.2, y1)), ink, lw * 1.5)]
    return [box, Text(x, y + h * 0.28, kind[:3].upper(), h * 0.7, ink, weight="bold")]


def side_mark(index: int, x: float, y: float, w: float, ink: str) -> list[Shape]:
    """Each side's shape in a counter's corner (circle, triangle, square, diamond), so sides are told
    apart by shape as well as colour."""
    r = max(2.5, w / 2)
    x, y = round(x, 2), round(y, 2)
    kind = index % 4
    if kind == 0:  # a round mark, drawn as a polygon so it never counts as a figure's dot
        return [Poly(tuple((round(x + r * math.cos(t * math.pi / 6), 2), round(y + r * math.sin(t * math.pi / 6), 2))
                           for t in range(12)), ink)]
    if kind == 1:
        return [Poly(((x, round(y - r, 2)), (round(x + r, 2), round(y + r * 0.8, 2)),
                      (round(x - r, 2), round(y + r * 0.8, 2))), ink)]
    if kind == 2:
        return [Poly(_box(x - r * 0.85, y - r * 0.85, x + r * 0.85, y + r * 0.85), ink)]
    return [Poly(((x, round(y - r, 2)), (round(x + r, 2), y), (x, round(y + r, 2)), (round(x - r, 2), y)), ink)]


SIDE_MARK_NAMES = ("●", "▲", "■", "◆")
"""The same shapes as text, for legends and titles."""


# ----------------------------------------------------------------------------------------- scene


def scene(
    source: Game | GameState | Board,
    layout: Layout | None = None,
    *,
    board: Board | None = None,
    rules: Ruleset | None = None,
    size: float = 30.0,
    highlights: Mapping[Location, str] | Iterable[Location] = (),
    selected: str | None = None,
    arrows: Sequence[tuple[Location, Location, str]] = (),
    los: tuple[Location, Location, Any] | None = None,
    labels: bool | Callable[[Hex], str] | None = None,
    title: str = "",
    layers: Iterable[str] = ("terrain", "units", "highlight"),
    dice: tuple[Location, Sequence[str]] | None = None,
    viewer: str | None = None,
) -> Scene:
    """Build the scene of a game (or of a state on a board, or of an empty board).

    ``highlights`` maps locations to a verb (``move``, ``battle``...; colours from :mod:`hexlab.style`)
    or lists locations; ``selected`` is a unit id drawn outlined; ``arrows`` are ``(from, to, verb)``;
    ``los`` is ``(from, to, LosResult)`` for a line of sight. ``labels`` defaults to on for maps of up
    to 2,000 hexes; a function ``hex -> str`` labels the hexes some other way (cube coordinates...).
    ``layers`` names the layers to build (a live map rebuilds only units and highlights on a move; the
    terrain layer and ``cells`` then stay empty). ``dice`` is ``(place, face symbols)``: the last roll,
    shown as a small tag beside the place it happened. ``viewer`` draws a game as that seat sees it (a
    side, or ``PUBLIC`` for nobody's seat: :mod:`hexlab.engine.seats`); ``None`` draws everything.
    """
    state: GameState | None
    from ..engine.game import Game

    if isinstance(source, Game):
        state, board, rules = source.state, source.board, source.rules
        if viewer is not None:
            state = source.view(viewer)
        title = title or (source.scenario.title if source.scenario else source.rules.name)
    elif isinstance(source, Board):
        state, board = None, source
    else:
        state = source
        if board is None:
            raise ValueError("scene(state, ...) needs the board: scene(state, layout, board=board)")
    assert board is not None
    if board.kind == "area" and board.areas:
        from .areas import area_scene

        return area_scene(board, state, rules, title=title, highlights=highlights, selected=selected,
                          arrows=arrows, layers=layers, dice=dice)
    layout = layout or fit_layout(board, size)
    hexes = list(board.terrain)
    x0, y0, x1, y1 = bounds(layout, hexes)
    width = round(x1 + max(x0, 0.0), 1)  # the same margin on the far sides as on the near ones
    height = round(y1 + max(y0, 0.0), 1)
    shown = None  # off-map displays, drawn beside the map
    if board.displays:
        from .displays import beside

        shown, width, height = beside(board, width, height)
        width, height = round(width, 1), round(height, 1)
    show_labels = len(hexes) <= 2000 if labels is None else bool(labels)
    label_of = labels if callable(labels) else board.labels.label

    wanted = set(layers)
    terrain: list[Shape] = []
    cells: dict[Hex, CellInfo] = {}
    if "terrain" in wanted:
        lines = _map_lines(board, layout, rules.map_lines()) if rules is not None else []
        terrain, cells = _terrain(board, layout, hexes, width, height, show_labels, label_of, lines)
        if shown is not None:
            from .displays import panel_shapes

            terrain += panel_shapes(board, shown, display_sides(board, state), rules)

    units: list[Shape] = []
    counters: list[CounterInfo] = []
    if state is not None and ("units" in wanted or "highlight" in wanted):
        place = None
        if shown is not None:
            def place(where: Location, n: int, c: float, p: Any = shown) -> tuple[list[XY], float, bool]:
                return p.positions(where, n, c) or _stack_positions(board, layout, where, n, c)
        u_shapes, counters = _counters(state, board, layout, rules, selected, place)
        if "units" in wanted:
            units = _features(state, board, layout) + u_shapes

    hl = _highlights(board, layout, state, highlights, selected, counters, arrows, los,
                     label_of if show_labels else None) if "highlight" in wanted else []
    if shown is not None and "highlight" in wanted:
        from .displays import box_highlights

        hl = box_highlights(shown, highlights, {c.at for c in counters}) + hl
    if dice is not None and "highlight" in wanted and _hexes_of(board, dice[0]):
        hl += _dice_tag(board, layout, dice[0], list(dice[1]))
    return Scene(width, height, layout, {"terrain": terrain, "units": units, "highlight": hl}, cells,
                 counters, title, None, shown)


def display_sides(board: Board, state: GameState | None) -> list[str]:
    """The sides in the order their colours go: the game's, or those the displays name."""
    if state is not None:
        return list(state.sides)
    return sorted({d.side for d in board.displays.values() if d.side})


def _terrain(board: Board, layout: Layout, hexes: list[Hex], width: float, height: float, show_labels: bool,
             label_of: Callable[[Hex], str], lines: Sequence[Shape] = ()) -> tuple[list[Shape], dict[Hex, CellInfo]]:
    """Background, hex fills and marks, grid, regions, hexsides, the ruleset's lines (Memoir '44's sections),
    then the hex labels over all of them, each on a halo of its hex's colour, then area outlines."""
    s = layout.size.x
    terrain: list[Shape] = [Poly(((0, 0), (width, 0), (width, height), (0, height)), style.BACKGROUND)]
    cells: dict[Hex, CellInfo] = {}
    fills: list[Shape] = []
    grid: list[Shape] = []
    texts: list[Shape] = []
    grid_w = max(0.6, s * 0.03)
    for h in hexes:
        name = board.terrain[h]
        key = board.styles.get(name, name)
        corners = _corners(layout, h)
        fill = style.terrain_colour(key)
        fills.append(Poly(corners, fill))
        grid.append(Poly(corners, None, style.GRID, grid_w, 0.55))
        label = label_of(h) if board.kind == "hex" or show_labels else ""
        cx, cy = _centre(layout, h)
        cells[h] = CellInfo(h, label, board.titles.get(name, name), (cx, cy))
        if show_labels and label:
            texts.append(hex_label(board, layout, h, label))
    plates = [Poly(_box(*box), t.halo) for t in texts if isinstance(t, Text)
              if any(_crosses(line, box := _text_box(t)) for line in lines if isinstance(line, Line))]
    terrain += fills
    terrain += grouped(_terrain_marks(board, layout))
    terrain += grid
    terrain += _regions(board, layout)
    terrain += _hexsides(board, layout)
    terrain += lines
    terrain += plates  # a line that crosses a label stops at it
    terrain += texts
    terrain += _areas(board, layout)
    return terrain, cells


def hex_label(board: Board, layout: Layout, h: Hex, label: str) -> Text:
    """A hex's label at the top of the hex, on a halo of the hex's own colour."""
    s = layout.size.x
    cx, cy = _centre(layout, h)
    name = board.terrain.get(h, "")
    top = cy - s * (0.62 if board.orientation == "pointy" else 0.66)
    return Text(cx, round(top, 2), label, round(max(MIN_TEXT, s * 0.26), 2), style.INK, alpha=0.75,
                halo=style.terrain_colour(board.styles.get(name, name)))


def _text_box(t: Text) -> tuple[float, float, float, float]:
    """About where a text is drawn: (x0, y0, x1, y1)."""
    w = _text_width(t.text, t.size, t.weight == "bold")
    x0 = t.x - w / 2 if t.anchor == "middle" else t.x - w if t.anchor == "end" else t.x
    return (round(x0 - 1, 2), round(t.y - t.size * 0.8, 2), round(x0 + w + 1, 2), round(t.y + t.size * 0.12, 2))


def _crosses(line: Line, box: tuple[float, float, float, float]) -> bool:
    """Whether a polyline passes through a box (Liang-Barsky on each segment)."""
    x0, y0, x1, y1 = box
    for (ax, ay), (bx, by) in zip(line.points, line.points[1:], strict=False):
        lo, hi = 0.0, 1.0
        for p, q in ((ax - bx, ax - x0), (bx - ax, x1 - ax), (ay - by, ay - y0), (by - ay, y1 - ay)):
            if p == 0:
                if q < 0:
                    break
                continue
            t = q / p
            if p < 0:
                lo = max(lo, t)
            else:
                hi = min(hi, t)
        else:
            if lo <= hi:
                return True
    return False


def _terrain_marks(board: Board, layout: Layout) -> list[Shape]:
    """Small marks that tell terrain apart without colour (for print and colour-blind readers)."""
    s = layout.size.x
    out: list[Shape] = []
    for h, name in board.terrain.items():
        key = board.styles.get(name, name)
        cx, cy = _centre(layout, h)
        if key in ("forest", "woods", "jungle", "orchard"):
            for dx, dy in ((-0.3, 0.05), (0.28, 0.12), (0.0, 0.35)):
                out.append(Circle(round(cx + dx * s, 2), round(cy + dy * s, 2), round(s * 0.15, 2),
                                  "#4f7d45" if key != "orchard" else "#6f9a4f", alpha=0.8))
        elif key in ("hill", "steep_hill", "mountain", "ridge"):
            n = 2 if key == "hill" else 3
            for i in range(n):
                dy = (i - (n - 1) / 2) * s * 0.2
                out.append(Line(((round(cx - s * 0.35, 2), round(cy + dy + s * 0.1, 2)),
                                 (round(cx, 2), round(cy + dy - s * 0.12, 2)),
                                 (round(cx + s * 0.35, 2), round(cy + dy + s * 0.1, 2))),
                                "#8a6a40", max(0.8, s * 0.04), 0.8))
        elif key in ("town", "village"):
            for dx, dy in ((-0.22, 0.0), (0.12, 0.2), (0.15, -0.15)):
                bx, by, b = cx + dx * s, cy + dy * s, s * 0.12
                out.append(Poly(_box(bx - b, by - b, bx + b, by + b), "#8c7865", "#5d4d3e", max(0.6, s * 0.02)))
        elif key == "church":
            out.append(Line(((round(cx, 2), round(cy - s * 0.35, 2)), (round(cx, 2), round(cy + s * 0.3, 2))),
                            "#5d4d3e", max(1.0, s * 0.08)))
            out.append(Line(((round(cx - s * 0.2, 2), round(cy - s * 0.12, 2)),
                             (round(cx + s * 0.2, 2), round(cy - s * 0.12, 2))), "#5d4d3e", max(1.0, s * 0.08)))
        elif key in ("marsh",):
            for dy in (-0.1, 0.15):
                out.append(Line(((round(cx - s * .3, 2), round(cy + dy * s, 2)),
                                 (round(cx + s * .3, 2), round(cy + dy * s, 2))), "#5b7d73", max(.8, s * .035)))
        elif key in ("ocean", "sea", "river", "lake", "water", "lagoon"):
            out.append(Line(((round(cx - s * .3, 2), round(cy + s * .15, 2)), (round(cx - s * .1, 2),
                             round(cy + s * .05, 2)), (round(cx + s * .1, 2), round(cy + s * .15, 2)),
                             (round(cx + s * .3, 2), round(cy + s * .05, 2))), "#ffffff", max(.8, s * .035), 0.6))
    return out


def _regions(board: Board, layout: Layout) -> list[Shape]:
    """Dashed outlines along each region's border (Memoir '44's three sections and the like)."""
    s = layout.size.x
    out: list[Shape] = []
    for members in board.regions.values():
        if len(members) == len(board.terrain):
            continue
        for h in sorted(members):
            for n in hex_neighbors(h):
                if n in board.terrain and n not in members:
                    a, b = hexside_endpoints(layout, Hexside.between(h, n))
                    out.append(Line(((round(a.x, 2), round(a.y, 2)), (round(b.x, 2), round(b.y, 2))),
                                    style.REGION, max(1.0, s * 0.06), 0.8, (s * 0.2, s * 0.12)))
    return out


def _map_lines(board: Board, layout: Layout, lines: list[tuple[Location, Location]]) -> list[Shape]:
    s = layout.size.x
    out: list[Shape] = []
    for a, b in lines:
        (ax, ay), (bx, by) = _point_of(board, layout, a), _point_of(board, layout, b)
        d = math.hypot(bx - ax, by - ay) or 1.0
        ux, uy = (bx - ax) / d * s * 0.95, (by - ay) / d * s * 0.95
        out.append(Line(((round(ax - ux, 2), round(ay - uy, 2)), (round(bx + ux, 2), round(by + uy, 2))),
                        style.REGION, max(1.2, s * 0.07), 0.85, (s * 0.22, s * 0.14)))
    return out


def _hexsides(board: Board, layout: Layout) -> list[Shape]:
    s = layout.size.x
    out: list[Shape] = []
    for side, name in sorted(board.hexsides.items()):
        key = board.styles.get(name, name)
        colour, w, dash = style.HEXSIDE.get(key, ("#333333", 0.1, ()))
        a, b = hexside_endpoints(layout, side)
        out.append(Line(((round(a.x, 2), round(a.y, 2)), (round(b.x, 2), round(b.y, 2))), colour,
                        round(w * s, 2), 1.0, tuple(round(d * s, 2) for d in dash)))
    return out


def _areas(board: Board, layout: Layout) -> list[Shape]:
    """Area maps: each box outlined over its hexes, with its name."""
    s = layout.size.x
    out: list[Shape] = []
    for area in board.areas.values():
        members = {area.anchor, *area.hexes}
        for h in sorted(members):
            for n in hex_neighbors(h):
                if n not in members:
                    a, b = hexside_endpoints(layout, Hexside.between(h, n))
                    out.append(Line(((round(a.x, 2), round(a.y, 2)), (round(b.x, 2), round(b.y, 2))),
                                    style.INK, max(1.5, s * 0.09)))
    for area in board.areas.values():
        cx, cy = _centre(layout, area.anchor)
        label = f"{area.name} {board.labels.label(area.anchor)}"
        y = round(cy - s * 1.05, 2)
        w = round(len(label) * s * 0.2 + s * 0.3, 2)
        out.append(Poly(_box(cx - w / 2, y - s * 0.2, cx + w / 2, y + s * 0.16), "#ffffff", style.INK,
                        max(0.8, s * 0.03), 0.9))
        out.append(Text(cx, round(y + s * 0.1, 2), label, round(s * 0.32, 2), style.INK, weight="bold"))
    return out


def _features(state: GameState, board: Board, layout: Layout, only: set[Hex] | None = None) -> list[Shape]:
    """Per-hex features (wire, a medal), as glyphs down the hex's right side; ``only`` those hexes, if given."""
    s = layout.size.x
    out: list[Shape] = []
    for h, names in sorted(state.features.items()):
        if h not in board.terrain or (only is not None and h not in only):
            continue
        cx, cy = _centre(layout, h)
        for i, name in enumerate(names):  # down the hex's right side, clear of a counter
            glyph, colour = style.FEATURE.get(board.styles.get(name, name), (name[:2], style.INK))
            out.append(Text(round(cx + s * 0.68, 2), round(cy + s * (0.1 + 0.36 * i - 0.18 * (len(names) - 1)), 2),
                            glyph, round(s * 0.34, 2), colour, weight="bold"))
    return out


def _stack_positions(board: Board, layout: Layout, where: Location, n: int, c: float
                     ) -> tuple[list[XY], float, bool]:
    """Where the counters of one place go, their size, and whether they overlap (a cascade).

    In a hex, two counters sit side by side and three two above one, at a smaller size, apart and inside
    the highlight ring, so each stays whole and readable (Cadet Commander's two figures a hex, three after
    a bump); four or more cascade; in an area box they line up in rows."""
    s = layout.size.x
    if not isinstance(where, Hex | str):  # a place not on this map (a display not drawn here)
        return [(-100.0, -100.0)] * n, c, False
    if isinstance(where, str):  # an area: counters in rows centred on the box's anchor
        area = board.areas[where]
        cx, cy = _centre(layout, area.anchor)
        per_row = 4
        out = []
        for i in range(n):
            row, col = divmod(i, per_row)
            in_row = min(per_row, n - row * per_row)
            out.append((round(cx + (col - (in_row - 1) / 2) * c * 1.08, 2), round(cy + row * c * 1.08, 2)))
        return out, c, False
    cx, cy = _centre(layout, where)
    if n == 1:
        return [(cx, round(cy + s * 0.02, 2))], c, False
    pointy = board.orientation == "pointy"
    if n == 2:  # side by side, a gap between them, both inside the highlight ring
        k = round(min(c * 0.66, s * (0.64 if pointy else 0.58)), 2)
        half = round((k + s * 0.08) / 2, 2)
        y = round(cy + s * 0.04, 2)
        return [(round(cx - half, 2), y), (round(cx + half, 2), y)], k, False
    if n == 3:  # two above, one below, none covering another (Cadet Commander's bump leaves three a while)
        k = round(min(c * 0.52, s * 0.5), 2)
        half = round((k + s * 0.05) / 2, 2)
        return [(round(cx - half, 2), round(cy - half + s * 0.03, 2)), (round(cx + half, 2), round(cy - half + s * 0.03, 2)),
                (cx, round(cy + half + s * 0.03, 2))], k, False
    step = s * 0.16
    return ([(round(cx + (i - (n - 1) / 2) * step, 2), round(cy - (i - (n - 1) / 2) * step + s * 0.02, 2))
             for i in range(n)], c, True)


Positions = Callable[[Location, int, float], tuple[list[XY], float, bool]]


def _counters(state: GameState, board: Board, layout: Layout, rules: Ruleset | None, selected: str | None,
              positions: Positions | None = None, counter: float | None = None,
              ) -> tuple[list[Shape], list[CounterInfo]]:
    """The counters of every unit on the map; ``positions(where, n, size)`` places a stack (by default in
    its hex or area box on the hex grid) and ``counter`` is the counter's side in pixels."""
    s = layout.size.x
    c = round(counter or s * 0.98, 2)  # counter side
    place = positions or (lambda where, n, size: _stack_positions(board, layout, where, n, size))
    stacks: dict[Location, list[Unit]] = {}
    cargo: dict[str, list[Unit]] = {}
    for u in state.units.values():
        if u.alive and isinstance(u.at, Aboard):
            cargo.setdefault(u.at.carrier, []).append(u)
        elif u.alive and u.at is not None:
            stacks.setdefault(u.at, []).append(u)
    placed: list[tuple[int, Unit, XY, float]] = []
    plates: list[Shape] = []
    for where, units in stacks.items():
        order: list[tuple[Unit, int] | None] = list(_with_cargo(units, cargo))
        spots, size, cascade = place(where, len(order), c)
        for _ in range(3):  # each carrier with its cargo starts a row, if it fits in one
            if cascade or len(order) == len(units):
                break
            per_row = sum(1 for _, y in spots if y == spots[0][1])
            padded = _rows_by_carrier([e for e in order if e is not None], per_row)
            if padded == order:
                break
            order = padded
            spots, size, cascade = place(where, len(order), c)
        for level, (entry, xy) in enumerate(zip(order, spots, strict=True)):
            if entry is not None:
                placed.append((level if cascade else 0, entry[0], xy, size))
        if not cascade:
            plates += _plates(order, spots, size, state, rules)
    placed.sort(key=lambda t: (t[0], t[2][1], t[2][0]))
    shapes: list[Shape] = plates
    infos: list[CounterInfo] = []
    # level by level, so a stacked counter covers the one beneath it; passes within a level
    for level in sorted({p[0] for p in placed}):
        batch = [p for p in placed if p[0] == level]
        bodies: list[Shape] = []
        marks: list[Shape] = []
        words: list[Shape] = []
        for _, u, (x, y), c in batch:
            fill, ink = rules.side_colours(u.side, state.sides) if rules is not None else \
                style.side_colours(u.side, state.sides)
            utype = rules.unit_types.get(u.kind) if rules else None
            symbol = utype.symbol if utype else u.kind
            measure = utype.measure if utype else "steps"
            half = c / 2
            sq = _box(x - half, y - half, x + half, y + half)
            concealed = getattr(rules, "is_hidden", None)  # a ruleset's hook; a bare stand-in reads the unit's fact
            hidden = concealed(state, u) if concealed is not None else bool(u.attrs.get("hidden"))
            bodies.append(Poly(sq, fill, "#1f1f1f", max(1.0, s * 0.045), 1.0, (s * .12, s * .08) if hidden else ()))
            if u.strength < u.max_strength and measure == "steps":  # a flipped counter: a pale stripe at its foot
                foot = round(y + half - c * 0.07, 2)
                bodies.append(Poly(((sq[0][0], foot), (sq[1][0], foot), sq[2], sq[3]), "#ffffff", None, 1.0, 0.7))
            printed = rules.strength_text(u) if rules is not None else None
            badge = rules.badge_text(u) if rules is not None else None
            side = state.sides.index(u.side) if u.side in state.sides else 0
            m, w = _face(u, symbol, measure, printed, badge, side, x, y, c, ink)
            marks += m
            words += w
            infos.append(CounterInfo(u.id, u.at, x, y, c))
        shapes += grouped(bodies) + grouped(marks) + grouped(words)
    return shapes, infos


def _text_width(text: str, size: float, bold: bool = False) -> float:
    """About how wide a line of text is drawn (the map's sans-serif: digits and capitals ~0.62 em)."""
    return len(text) * size * (0.66 if bold else 0.62)


def _face(u: Unit, symbol: str, measure: str, printed: str | None, badge: str | None, side: int, x: float, y: float,
          c: float, ink: str) -> tuple[list[Shape], list[Shape]]:
    """A counter's face in three bands, none over another: the unit's id (as the log names it) top left and its
    side's mark top right; the type symbol in the middle, with a badge ("SF") beside it, not over it; the
    strength along the foot. On a small counter the symbol shrinks to the room left, and goes if none is."""
    half = c / 2
    pad = max(1.5, c * 0.06)
    f = round(max(MIN_TEXT, c * 0.2), 2)
    marks: list[Shape] = []
    words: list[Shape] = [Text(round(x - half + pad, 2), round(y - half + pad + f * 0.74, 2), u.id, f, ink, "start",
                               alpha=0.95)]
    r = max(2.5, c * 0.08)
    long_id = _text_width(u.id, f) + pad * 3 + 2 * r > c  # the id takes the whole top row: the mark goes lower
    if not long_id:
        marks += side_mark(side, round(x + half - pad - r, 2), round(y - half + pad + r, 2), 2 * r, ink)
    # the foot: the printed face ("5-4"), the figures as dots, or the steps
    if printed:
        fs = round(max(MIN_TEXT, c * 0.26), 2)
        words.append(Text(x, round(y + half - pad * 0.9, 2), printed, fs, ink, weight="bold"))
        foot = y + half - pad * 0.9 - fs * 0.74
    else:
        shapes = _strength(u, measure, x, y, c, ink)
        words += shapes
        foot = min((sh.y - sh.r if isinstance(sh, Circle) else sh.y - sh.size * 0.74) for sh in shapes) \
            if shapes else y + half - pad
    # the middle: the symbol, the badge beside it
    room_top = y - half + pad + f * 0.74 + max(1.2, f * 0.15)  # under the id's baseline and its descenders
    room = foot - max(1.0, c * 0.04) - room_top
    tall = 0.84 if symbol in ("leader", "hero", "hq", "commander") else 0.62
    sw = min(c * 0.5, room / tall)
    gap = max(1.5, c * 0.05)
    bw = _text_width(badge, f, True) + gap if badge else 0.0
    mw = 2 * r + gap if long_id else 0.0
    sw = min(sw, c - 2 * pad - bw - 2 * mw)  # the symbol stays centred when the mark is beside it
    cy = room_top + room / 2
    left = x - (bw + sw) / 2 if not mw else x - sw / 2 - bw
    if badge:
        words.append(Text(round(left, 2), round(cy + f * 0.36, 2), badge, f, ink, "start", weight="bold"))
    if sw * tall >= 4.5:
        marks += _symbol(symbol, round(left + bw + sw / 2, 2), round(cy, 2), sw, ink)
    if long_id:
        marks += side_mark(side, round(x + half - pad - r, 2), round(cy, 2), 2 * r, ink)
    return marks, words


def _with_cargo(units: list[Unit], cargo: dict[str, list[Unit]]) -> list[tuple[Unit, int]]:
    """A place's units in order, each carrier followed by the units aboard it (and theirs), with how deep
    aboard each is (0: standing in the place itself). Units aboard a carrier that is not drawn (off the map,
    unseen) are not drawn either."""
    out: list[tuple[Unit, int]] = []

    def add(u: Unit, depth: int) -> None:
        out.append((u, depth))
        for v in cargo.pop(u.id, []):
            add(v, depth + 1)

    for u in units:
        add(u, 0)
    return out


def _rows_by_carrier(order: list[tuple[Unit, int]], per_row: int) -> list[tuple[Unit, int] | None]:
    """The order with gaps (``None``) so that each carrier and its cargo begin a row of ``per_row``, when
    they fit in one; units standing alone fill the rows left."""
    groups: list[list[tuple[Unit, int]]] = []
    for entry in order:
        if entry[1] == 0:
            groups.append([entry])
        else:
            groups[-1].append(entry)
    singles = [g[0] for g in groups if len(g) == 1]
    out: list[tuple[Unit, int] | None] = []
    for g in (g for g in groups if len(g) > 1):
        if out and len(out) % per_row and len(g) <= per_row:
            room = per_row - len(out) % per_row
            fill, singles = singles[:room], singles[room:]
            out += fill + [None] * (room - len(fill))
        out += g
    return out + singles


def _plates(order: list[tuple[Unit, int] | None], spots: list[XY], size: float, state: GameState,
            rules: Ruleset | None) -> list[Shape]:
    """Units aboard a carrier sit next to it on one pale plate edged in the carrier's side colour (a plate per
    row where the group wraps), so they read as riding together."""
    out: list[Shape] = []
    pad = max(3.0, size * 0.1)
    i = 0
    while i < len(order):
        head = order[i]
        j = i + 1
        while j < len(order) and head is not None and (e := order[j]) is not None and e[1] > head[1]:
            j += 1
        if head is not None and j > i + 1 and head[1] == 0:
            edge, _ = rules.side_colours(head[0].side, state.sides) if rules is not None else \
                style.side_colours(head[0].side, state.sides)
            rows: dict[float, list[float]] = {}
            for x, y in spots[i:j]:
                rows.setdefault(y, []).append(x)
            for y, xs in rows.items():
                half = size / 2 + pad
                out.append(Poly(_box(min(xs) - half, y - half, max(xs) + half, y + half), "#ffffff", edge,
                                max(2.0, size * 0.06), 0.8))
        i = j
    return out


def _strength(u: Unit, measure: str, x: float, y: float, c: float, ink: str) -> list[Shape]:
    base = round(y + c * 0.36, 2)
    if measure == "figures":  # a row of dots, one per figure
        n, r = u.strength, c * 0.065
        gap = r * 2.6
        return [Circle(round(x + (i - (n - 1) / 2) * gap, 2), base - r * 0.4, round(r, 2), ink) for i in range(n)]
    # "STR 3" where it fits; on a small counter (two side by side in a hex) the number alone
    text = f"STR {u.strength}" if measure.upper() == "STR" and c >= 30 else f"{u.strength}"
    if measure == "steps" and u.max_strength > 1:
        text = f"{u.strength}/{u.max_strength}"
    return [Text(x, round(base + c * 0.06, 2), text, round(max(MIN_TEXT, c * 0.24), 2), ink, weight="bold")]


def _highlights(board: Board, layout: Layout, state: GameState | None,
                highlights: Mapping[Location, str] | Iterable[Location], selected: str | None,
                counters: list[CounterInfo], arrows: Sequence[tuple[Location, Location, str]],
                los: tuple[Location, Location, Any] | None, label_of: Callable[[Hex], str] | None = None
                ) -> list[Shape]:
    """Each highlighted place ringed in its verb's look (:data:`hexlab.style.HIGHLIGHT_LOOKS`), inside the hex's
    edge and clear of its counters (an empty hex is tinted as well), with its label and features drawn again
    over the ring; the selected unit's ring; arrows; a line of sight."""
    s = layout.size.x
    items = highlights.items() if isinstance(highlights, Mapping) else ((h, "move") for h in highlights)
    occupied = {c.at for c in counters}
    ringed = [(h, verb, where not in occupied) for where, verb in items for h in _hexes_of(board, where)]
    out = rings([(_corners(layout, h), verb, empty) for h, verb, empty in ringed], s)
    hexes = {h for h, _, _ in ringed if h in board.terrain}
    if state is not None:
        out += _features(state, board, layout, hexes)
    if label_of is not None and board.kind == "hex":
        out += [hex_label(board, layout, h, label) for h in sorted(hexes) if (label := label_of(h))]
    out += selection_ring(counters, selected, s)
    for frm, to, verb in arrows:
        if isinstance(frm, Hex | str) and isinstance(to, Hex | str):  # not to a display or aboard a unit
            out += _arrow(board, layout, frm, to, style.HIGHLIGHT.get(verb, style.INK))
    if los is not None:
        frm, to, result = los
        clear = bool(getattr(result, "clear", True))
        colour = style.HIGHLIGHT["los_clear" if clear else "los_blocked"]
        for h in getattr(result, "blocked_by", ()):
            out.append(Poly(_corners(layout, h, 0.8), None, style.HIGHLIGHT["los_blocked"], max(1.5, s * 0.08)))
        a, b = _point_of(board, layout, frm), _point_of(board, layout, to)
        width = max(2.0, s * 0.08)
        out.append(Line((a, b), style.CASING, round(width + max(1.5, s * 0.05), 2), 0.9))
        out.append(Line((a, b), colour, width, 0.95, () if clear else (s * 0.2, s * 0.12)))
        out.append(Circle(a[0], a[1], round(s * 0.1, 2), colour))
        out.append(Circle(b[0], b[1], round(s * 0.1, 2), colour))
    return out


def _inset(points: Sequence[XY], d: float) -> tuple[XY, ...]:
    """A convex polygon with every side moved ``d`` towards its middle."""
    n = len(points)
    mx, my = sum(p[0] for p in points) / n, sum(p[1] for p in points) / n
    lines = []
    for i in range(n):
        (x0, y0), (x1, y1) = points[i], points[(i + 1) % n]
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        nx, ny = -(y1 - y0) / length, (x1 - x0) / length
        if nx * (mx - x0) + ny * (my - y0) < 0:
            nx, ny = -nx, -ny
        lines.append(((x0 + nx * d, y0 + ny * d), (x1 - x0, y1 - y0)))
    out = []
    for i in range(n):
        (px, py), (dx, dy) = lines[i - 1]
        (qx, qy), (ex, ey) = lines[i]
        det = dx * ey - dy * ex
        t = ((qx - px) * ey - (qy - py) * ex) / det if det else 0.0
        out.append((round(px + dx * t, 2), round(py + dy * t, 2)))
    return tuple(out)


def ring_width(s: float) -> tuple[float, float]:
    """(the coloured ring's width, its white casing's width) for places of scale ``s``."""
    w = round(max(2.0, s * 0.09), 2)
    return w, round(w + max(1.5, s * 0.05), 2)


def rings(places: Sequence[tuple[Sequence[XY], str, bool]], s: float) -> list[Shape]:
    """Highlight rings: for each ``(outline, verb, empty)``, a ring just inside the outline in the verb's look
    (:func:`hexlab.style.highlight_look`) on a white casing, and a light tint over the place when ``empty`` (no
    counter in it to wash out). ``s`` sets the scale (the hex size; dashes are in its units). Drawn in passes:
    tints, casings, rings, marks."""
    w, case = ring_width(s)
    tints: list[Shape] = []
    casings: list[Shape] = []
    strokes: list[Shape] = []
    marks: list[Shape] = []
    for outline, verb, empty in places:
        look = style.highlight_look(verb)
        ring = _inset(outline, case / 2 + max(0.5, s * 0.015))
        dash = tuple(round(d * s, 2) for d in look.dash)
        if empty:
            tints.append(Poly(ring, look.colour, None, 1.0, 0.16))
        if look.mark == "brackets":  # only the corners of the ring
            for i, v in enumerate(ring):
                a, b = ring[i - 1], ring[(i + 1) % len(ring)]
                arm = ((round(v[0] + (a[0] - v[0]) * 0.3, 2), round(v[1] + (a[1] - v[1]) * 0.3, 2)), v,
                       (round(v[0] + (b[0] - v[0]) * 0.3, 2), round(v[1] + (b[1] - v[1]) * 0.3, 2)))
                casings.append(Line(arm, style.CASING, case, 0.9))
                strokes.append(Line(arm, look.colour, round(w * 1.2, 2), 1.0, dash))
            continue
        casings.append(Poly(ring, None, style.CASING, case, 0.9))
        strokes.append(Poly(ring, None, look.colour, w, 1.0, dash))
        if look.mark == "corners":  # a solid wedge in each corner, like a gunsight's
            for i, v in enumerate(ring):
                a, b = ring[i - 1], ring[(i + 1) % len(ring)]
                k = min(0.22, s * 0.2 / (math.hypot(a[0] - v[0], a[1] - v[1]) or 1.0))
                marks.append(Poly((v, (round(v[0] + (a[0] - v[0]) * k, 2), round(v[1] + (a[1] - v[1]) * k, 2)),
                                   (round(v[0] + (b[0] - v[0]) * k, 2), round(v[1] + (b[1] - v[1]) * k, 2))),
                                  look.colour, look.colour, round(w * 0.6, 2)))
    return grouped(tints) + grouped(casings) + grouped(strokes) + marks


def selection_ring(counters: list[CounterInfo], selected: str | None, s: float) -> list[Shape]:
    """A white ring between two dark edges, hugging the selected unit's counter; ``s`` sets its scale."""
    out: list[Shape] = []
    width = round(max(3.0, s * 0.12), 2)
    for info in counters:
        if info.unit == selected:
            half = info.size / 2 + width / 2
            ring = _box(info.x - half, info.y - half, info.x + half, info.y + half)
            out.append(Poly(ring, None, style.SELECT_EDGE, width))
            out.append(Poly(ring, None, style.SELECT_INSIDE, round(width * 0.45, 2)))
    return out


def _dice_tag(board: Board, layout: Layout, where: Location, symbols: list[str]) -> list[Shape]:
    """The faces of the last roll in a white tag at the upper right of the place where it was rolled."""
    x, y = _point_of(board, layout, where)
    return dice_tag_at(x, y, layout.size.x, symbols)


def dice_tag_at(x: float, y: float, s: float, symbols: list[str]) -> list[Shape]:
    """A white tag with the faces of a roll, up and to the right of (x, y); ``s`` sets its scale."""
    text = " ".join(symbols[:8]) + (" …" if len(symbols) > 8 else "")
    w = round(s * 0.3 + len(text) * s * 0.2, 2)
    x0, y0 = round(x + s * 0.35, 2), round(y - s * 1.05, 2)
    return [Poly(_box(x0, y0, x0 + w, y0 + s * 0.48), "#ffffff", style.INK, max(0.8, s * 0.04), 0.95),
            Text(round(x0 + w / 2, 2), round(y0 + s * 0.36, 2), text, round(s * 0.34, 2), style.INK, weight="bold")]


def _hexes_of(board: Board, where: Location) -> list[Hex]:
    if where is None:
        return []
    if isinstance(where, str):
        area = board.areas.get(where)
        return [area.anchor, *area.hexes] if area else []
    return [where]


def _point_of(board: Board, layout: Layout, where: Location) -> XY:
    if isinstance(where, str):
        return _centre(layout, board.areas[where].anchor)
    assert where is not None
    return _centre(layout, where)


def _arrow(board: Board, layout: Layout, frm: Location, to: Location, colour: str) -> list[Shape]:
    return _arrow_between(_point_of(board, layout, frm), _point_of(board, layout, to), colour, layout.size.x)


def _arrow_between(a: XY, b: XY, colour: str, s: float) -> list[Shape]:
    """An arrow from ``a`` to ``b``, stopping short of both; ``s`` sets its scale."""
    (ax, ay), (bx, by) = a, b
    d = math.hypot(bx - ax, by - ay) or 1.0
    ux, uy = (bx - ax) / d, (by - ay) / d
    tip = (round(bx - ux * s * 0.35, 2), round(by - uy * s * 0.35, 2))
    tail = (round(ax + ux * s * 0.35, 2), round(ay + uy * s * 0.35, 2))
    head = s * 0.3
    left = (round(tip[0] - ux * head - uy * head * 0.6, 2), round(tip[1] - uy * head + ux * head * 0.6, 2))
    right = (round(tip[0] - ux * head + uy * head * 0.6, 2), round(tip[1] - uy * head - ux * head * 0.6, 2))
    return [Line((tail, tip), colour, max(2.0, s * 0.09), 0.9), Poly((tip, left, right), colour, None, 1.0, 0.9)]


__all__ = ["CellInfo", "Circle", "CounterInfo", "Line", "Point", "Poly", "Scene", "Shape", "Text", "fit_layout",
           "scene"]
