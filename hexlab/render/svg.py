"""A scene as a standalone SVG document: for ``_repr_svg_``, printable handouts and reports.

The output is deterministic (fixed decimals, shapes in scene order), so notebooks that show it can be
checked by nbval, and it needs nothing but a browser or an SVG viewer.
"""

from __future__ import annotations

import os
from html import escape

from .. import style
from .scene import Circle, Line, Poly, Scene, Shape, Text, halo_width


def _n(v: float) -> str:
    text = f"{v:.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _pts(points) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def _paint(fill: str | None, stroke: str | None, width: float, alpha: float, dash: tuple[float, ...]) -> str:
    parts = [f'fill="{fill}"' if fill else 'fill="none"']
    if stroke:
        parts.append(f'stroke="{stroke}" stroke-width="{_n(width)}" stroke-linejoin="round" stroke-linecap="round"')
        if dash:
            parts.append(f'stroke-dasharray="{" ".join(_n(d) for d in dash)}"')
    if alpha != 1.0:
        parts.append(f'opacity="{_n(alpha)}"')
    return " ".join(parts)


def shape_svg(shape: Shape) -> str:
    if isinstance(shape, Poly):
        paint = _paint(shape.fill, shape.stroke, shape.width, shape.alpha, shape.dash)
        return f'<polygon points="{_pts(shape.points)}" {paint}/>'
    if isinstance(shape, Line):
        paint = _paint(None, shape.stroke, shape.width, shape.alpha, shape.dash)
        return f'<polyline points="{_pts(shape.points)}" {paint}/>'
    if isinstance(shape, Circle):
        paint = _paint(shape.fill, shape.stroke, shape.width, shape.alpha, ())
        return f'<circle cx="{_n(shape.x)}" cy="{_n(shape.y)}" r="{_n(shape.r)}" {paint}/>'
    if isinstance(shape, Text):
        extra = f' font-weight="{shape.weight}"' if shape.weight != "normal" else ""
        if shape.alpha != 1.0:
            extra += f' opacity="{_n(shape.alpha)}"'
        if shape.halo:
            extra += (f' stroke="{shape.halo}" stroke-width="{_n(halo_width(shape.size))}" stroke-linejoin="round" '
                      'paint-order="stroke"')
        return (f'<text x="{_n(shape.x)}" y="{_n(shape.y)}" font-size="{_n(shape.size)}" fill="{shape.fill}" '
                f'text-anchor="{shape.anchor}"{extra}>{escape(shape.text)}</text>')
    raise TypeError(f"not a shape: {shape!r}")


def to_svg(scene: Scene, scale: float = 1.0) -> str:
    """The scene as an SVG document (``scale`` multiplies its displayed size, not its drawing)."""
    w, h = scene.width, scene.height
    title = f"<title>{escape(scene.title)}</title>" if scene.title else ""
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(w * scale)}" height="{_n(h * scale)}" '
            f'viewBox="0 0 {_n(w)} {_n(h)}" font-family="{escape(style.FONT)}">{title}')
    body = []
    for layer in ("terrain", "units", "highlight"):
        body.append(f'<g class="{layer}">')
        body.extend(shape_svg(s) for s in scene.layers[layer])
        body.append("</g>")
    return head + "\n".join(body) + "</svg>"


def save_svg(scene_or_game, path: str | os.PathLike[str], **kwargs) -> str:
    """Write a printable SVG of a scene (or of a game, board or state via :func:`scene`); returns the path."""
    from .scene import scene as make_scene

    sc = scene_or_game if isinstance(scene_or_game, Scene) else make_scene(scene_or_game, **kwargs)
    with open(path, "w", encoding="utf-8") as f:
        f.write(to_svg(sc))
    return os.fspath(path)
