"""``HexExplorer``: a live hex grid to explore the geometry every ruleset uses, after Red Blob Games'
guide to hexagonal grids: coordinates, distance, neighbours, lines and line of sight (with the
hex-edge rule), rings and ranges, movement costs and paths.

Click a hex to put the point it names (A, B, or a blocker) there; the readout says what the engine
computes, and the map shows it. The drawing is the same scene and batch drawing as the game map's.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets
from ipycanvas import MultiCanvas, hold_canvas

from ..engine.state import Board
from ..hexes import (
    Hex,
    hex_distance,
    hex_line,
    hex_neighbors,
    hex_path,
    hex_path_cost,
    hex_range,
    hex_reachable,
    hex_ring,
    line_of_sight,
    pixel_to_hex,
)
from ..render.scene import Scene, fit_layout, scene
from .draw import draw_shapes
from .hexmap import DRAWING

MODES = ("coordinates", "distance", "neighbors", "line", "sight", "ring", "range", "path", "reachable")
COST = {"clear": 1, "forest": 2, "woods": 2, "hill": 2, "marsh": 3, "water": None, "ocean": None, "lake": None}
"""The hex-basics notebook's illustrative costs (no ruleset's): give ``costs=`` to use a ruleset's own."""


class HexExplorer(widgets.VBox):
    """An explorable hex grid. ``mode`` is one of :data:`MODES`."""

    def __init__(self, board: Board, mode: str = "distance", a: Hex | None = None, b: Hex | None = None,
                 blockers: set[Hex] | None = None, radius: int = 2, budget: int = 4, size: float = 30.0,
                 dpr: int = 2, costs: Mapping[str, int | None] | None = None, **kwargs: Any) -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}")
        self.board = board
        self.costs = dict(COST if costs is None else costs)
        """Movement points to enter each terrain (``None``: impassable), for the path and reach modes."""
        self.mode = mode
        cells = list(board.terrain)
        self.a = a if a is not None else cells[len(cells) // 2]
        self.b = b if b is not None else cells[-1]
        self.blockers = set(blockers or ())
        self.radius = radius
        self.budget = budget
        self.dpr = dpr
        self.hex_layout = fit_layout(board, size)
        sc = self._scene()
        self.css_width, self.css_height = int(math.ceil(sc.width)), int(math.ceil(sc.height))
        self.canvas = MultiCanvas(3, width=self.css_width * dpr, height=self.css_height * dpr,
                                  layout=widgets.Layout(width=f"{self.css_width}px", height=f"{self.css_height}px",
                                                        flex="0 0 auto"))
        self.canvas.add_class("hexlab-map")
        self.tool = widgets.ToggleButtons(options=[("Click sets A", "a"), ("B", "b"), ("Blocker", "blocker")],
                                          value="a", style={"button_width": "auto"})
        self.readout = widgets.HTML()
        self.readout.add_class("hexlab-readout")
        super().__init__([self.tool, self.canvas, self.readout], **kwargs)
        self.canvas.on_client_ready(lambda: self.redraw(terrain=True))
        self.canvas.on_mouse_down(self._mouse_down)
        self.redraw(terrain=True)

    def __repr__(self) -> str:
        return f"<HexExplorer {self.mode}: A={self.a} B={self.b}>"

    # ------------------------------------------------------------------------------------ computing
    def labels(self, h: Hex) -> str:
        if self.mode == "coordinates":
            return f"{h.q},{h.r},{h.s}"
        return self.board.labels.label(h)

    def cost(self, frm: Hex, to: Hex) -> int | None:
        if to not in self.board.terrain or to in self.blockers:
            return None
        return self.costs.get(self.board.terrain[to], 1)

    def compute(self) -> tuple[dict[Hex, str], str, Any]:
        """(highlights, readout HTML, line of sight or None) for the current mode."""
        a, b, board = self.a, self.b, self.board
        name = board.labels.label
        hl: dict[Hex, str] = {}
        los = None
        if self.mode == "coordinates":
            text = (f"A is cube (q={a.q}, r={a.r}, s={a.s}); q+r+s = 0 always. In this board's notation it is "
                    f"<b>{name(a)}</b>.")
            hl[a] = "origin"
        elif self.mode == "distance":
            d = hex_distance(a, b)
            for h in board.terrain:
                if hex_distance(a, h) == d:
                    hl[h] = "result"
            hl[a], hl[b] = "origin", "goal"
            text = (f"distance(A {name(a)}, B {name(b)}) = <b>{d}</b>: the largest of |Δq|={abs(a.q - b.q)}, "
                    f"|Δr|={abs(a.r - b.r)}, |Δs|={abs(a.s - b.s)}. Shaded: every hex at that distance from A.")
        elif self.mode == "neighbors":
            ns = [n for n in hex_neighbors(a) if n in board.terrain]
            hl.update(dict.fromkeys(ns, "result"))
            hl[a] = "origin"
            text = f"A ({name(a)}) has {len(ns)} neighbours on the map: " + ", ".join(name(n) for n in ns)
        elif self.mode == "line":
            plus, minus = hex_line(a, b, +1), hex_line(a, b, -1)
            hl.update(dict.fromkeys(plus, "result"))
            hl.update({h: "second" for h in minus if h not in plus})
            hl[a], hl[b] = "origin", "goal"
            differ = "the two nudged lines differ (orange: the other side)" if plus != minus else \
                "both nudged lines agree"
            text = f"line A→B: {len(plus)} hexes ({' → '.join(name(h) for h in plus)}); {differ}."
        elif self.mode == "sight":
            result = line_of_sight(a, b, lambda h: h in self.blockers)
            los = (a, b, result)
            hl.update(dict.fromkeys(result.crossed, "result"))
            hl.update({h: "second" for h in result.touched})
            hl[a], hl[b] = "origin", "goal"
            verdict = "<b style='color:#1b7f3b'>clear</b>" if result.clear else \
                "<b style='color:#d7263d'>blocked</b>"
            text = (f"Line of sight A→B is {verdict}. Crossed: {', '.join(name(h) for h in result.crossed) or 'none'}; "
                    f"grazed along an edge: {', '.join(name(h) for h in result.touched) or 'none'}. "
                    "A line along a hex edge is blocked only if blockers stand on <i>both</i> sides.")
        elif self.mode in ("ring", "range"):
            cells = hex_ring(a, self.radius) if self.mode == "ring" else hex_range(a, self.radius)
            on = [h for h in cells if h in board.terrain]
            hl.update(dict.fromkeys(on, "result"))
            hl[a] = "origin"
            formula = f"6×{self.radius} = {6 * self.radius}" if self.mode == "ring" else \
                f"3×{self.radius}×{self.radius + 1}+1 = {3 * self.radius * (self.radius + 1) + 1}"
            text = (f"{self.mode} of radius {self.radius} around A: {len(cells)} hexes ({formula}), "
                    f"{len(on)} of them on this map.")
        elif self.mode == "path":
            path = hex_path(a, b, self.cost)
            if path is None:
                text = "No path from A to B: blockers and water wall it off."
            else:
                hl.update(dict.fromkeys(path, "path"))
                text = (f"Cheapest path A→B costs <b>{hex_path_cost(path, self.cost)}</b> movement points "
                        f"over {len(path) - 1} steps (clear 1, forest and hill 2, marsh 3, water impassable).")
            hl[a], hl[b] = "origin", "goal"
        else:
            reach = hex_reachable(a, self.budget, self.cost)
            hl.update(dict.fromkeys(reach, "result"))
            hl[a] = "origin"
            text = (f"With {self.budget} movement points A can reach {len(reach) - 1} hexes "
                    "(clear 1, forest and hill 2, marsh 3, water impassable).")
        for h in self.blockers:
            hl.setdefault(h, "los_blocked")
        return hl, text, los

    # ------------------------------------------------------------------------------------ drawing
    def _scene(self) -> Scene:
        hl, _, los = self.compute()
        return scene(self.board, self.hex_layout, highlights=hl, los=los, labels=self.labels)

    def to_svg(self) -> str:
        from ..render.svg import to_svg

        return to_svg(self._scene())

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def redraw(self, terrain: bool = False) -> None:
        """Draw the highlights again (and the terrain too, when ``terrain``), and say what they show.

        Under the maps' drawing lock (:data:`hexlab.widgets.hexmap.DRAWING`): a click and the canvas' "client ready"
        message may be handled on two kernel threads at once, and ipycanvas gathers the commands of every canvas
        in the kernel into one batch, so two drawings at the same time (this one's, or a game map's) would get
        mixed. The picture is also worked out under it, so an older one is never sent after a newer one."""
        with DRAWING:
            sc = self._scene()
            _, text, _ = self.compute()
            with hold_canvas():
                layers = (("terrain", 0), ("highlight", 2)) if terrain else (("highlight", 2),)
                for name, index in layers:
                    self.canvas[index].clear()
                    draw_shapes(self.canvas[index], sc.layers[name], self.dpr)
            self.readout.value = f"<div style='font-size:13px'>{text}</div>"

    def set(self, **changes: Any) -> None:
        """Change ``mode``, ``a``, ``b``, ``blockers``, ``radius`` or ``budget`` and redraw."""
        for key, value in changes.items():
            if key not in ("mode", "a", "b", "blockers", "radius", "budget"):
                raise ValueError(f"cannot set {key!r}")
            setattr(self, key, set(value) if key == "blockers" else value)
        self.redraw(terrain="mode" in changes)

    def click(self, h: Hex) -> None:
        if h not in self.board.terrain:
            return
        if self.tool.value == "a":
            self.a = h
        elif self.tool.value == "b":
            self.b = h
        else:
            self.blockers ^= {h}
        self.redraw()

    def _mouse_down(self, x: float, y: float) -> None:
        self.click(pixel_to_hex(self.hex_layout, (x / self.dpr, y / self.dpr)))


