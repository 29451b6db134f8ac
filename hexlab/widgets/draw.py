"""Draw a :class:`~hexlab.render.Scene` layer on an ipycanvas Canvas with batch calls.

Shapes come from the scene in draw order. Consecutive shapes of one kind and line style form a run,
and each run is one batch call (``fill_styled_polygons``, ``stroke_styled_polygons``,
``stroke_styled_line_segments``, ``fill_styled_circles``...), with colours and alphas as arrays: a map
of 10,000 hexes is a handful of calls, not 10,000. Text has no batch call in the Canvas API, so a run of
labels is a sequence of ``fill_text`` calls; called inside ``hold_canvas`` (as :class:`HexMap` does) all
of it still leaves the kernel as one message.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from .. import style
from ..render.scene import Circle, Line, Poly, Shape, Text, halo_width


def _key(shape: Shape) -> tuple[Any, ...]:
    if isinstance(shape, Poly):
        return ("poly", shape.fill is not None, shape.stroke is not None, shape.width if shape.stroke else 0,
                shape.dash if shape.stroke else ())
    if isinstance(shape, Line):
        return ("line", shape.width, shape.dash)
    if isinstance(shape, Circle):
        return ("circle", shape.fill is not None, shape.stroke is not None, shape.width if shape.stroke else 0)
    if isinstance(shape, Text):
        return ("text", shape.size, shape.weight, shape.anchor, shape.halo is not None)
    raise TypeError(f"not a shape: {shape!r}")


def runs(shapes: Sequence[Shape]) -> list[tuple[tuple[Any, ...], list[Shape]]]:
    """Split shapes into runs of one batch key, keeping their order."""
    out: list[tuple[tuple[Any, ...], list[Shape]]] = []
    for shape in shapes:
        key = _key(shape)
        if out and out[-1][0] == key:
            out[-1][1].append(shape)
        else:
            out.append((key, [shape]))
    return out


def _points(run: Sequence[Any]) -> Any:
    """Polygon or polyline points for a batch call: one (n, k, 2) array when every item has k points
    (hexes always do), else a list of (k, 2) arrays."""
    lengths = {len(s.points) for s in run}
    if len(lengths) == 1:
        return np.array([s.points for s in run], dtype=np.float32)
    return [np.asarray(s.points, dtype=np.float32) for s in run]


def _colours(values: Sequence[str]) -> np.ndarray:
    return np.array([style.rgb(v) for v in values], dtype=np.uint8)


def _alphas(shapes: Sequence[Any]) -> np.ndarray:
    return np.array([s.alpha for s in shapes], dtype=np.float64)


def draw_shapes(canvas: Any, shapes: Sequence[Shape], scale: float = 1.0) -> int:
    """Draw shapes on ``canvas`` (an ipycanvas Canvas) at ``scale``; returns the number of batch calls."""
    canvas.set_transform(scale, 0, 0, scale, 0, 0)
    canvas.line_join = "round"
    canvas.line_cap = "round"
    calls = 0
    for key, run in runs(shapes):
        kind = key[0]
        if kind == "poly":
            _, has_fill, has_stroke, width, dash = key
            points = _points(run)
            if has_fill:
                canvas.fill_styled_polygons(points, _colours([s.fill for s in run]), _alphas(run))
                calls += 1
            if has_stroke:
                canvas.line_width = width
                canvas.set_line_dash(list(dash))
                canvas.stroke_styled_polygons(points, _colours([s.stroke for s in run]), _alphas(run))
                canvas.set_line_dash([])
                calls += 1
        elif kind == "line":
            _, width, dash = key
            canvas.line_width = width
            canvas.set_line_dash(list(dash))
            canvas.stroke_styled_line_segments(_points(run),
                                               _colours([s.stroke for s in run]), _alphas(run))
            canvas.set_line_dash([])
            calls += 1
        elif kind == "circle":
            _, has_fill, has_stroke, width = key
            xs = np.array([s.x for s in run])
            ys = np.array([s.y for s in run])
            rs = np.array([s.r for s in run])
            if has_fill:
                canvas.fill_styled_circles(xs, ys, rs, _colours([s.fill for s in run]), _alphas(run))
                calls += 1
            if has_stroke:
                canvas.line_width = width
                canvas.stroke_styled_circles(xs, ys, rs, _colours([s.stroke for s in run]), _alphas(run))
                calls += 1
        else:
            _, size, weight, anchor, halo = key
            canvas.font = f"{'bold ' if weight == 'bold' else ''}{size:.1f}px {style.FONT}"
            canvas.text_align = {"start": "left", "end": "right"}.get(anchor, "center")
            canvas.text_baseline = "alphabetic"
            if halo:
                canvas.line_width = halo_width(size)
            fill, alpha, edge = None, None, None
            for s in run:  # there is no batch call for text; set the style only when it changes
                if s.alpha != alpha:
                    canvas.global_alpha = alpha = s.alpha
                if s.halo:  # the halo first, then the letters over it
                    if s.halo != edge:
                        canvas.stroke_style = edge = s.halo
                    canvas.stroke_text(s.text, s.x, s.y)
                if s.fill != fill:
                    canvas.fill_style = fill = s.fill
                canvas.fill_text(s.text, s.x, s.y)
            canvas.global_alpha = 1.0
            calls += 1
    canvas.set_transform(1, 0, 0, 1, 0, 0)
    return calls
