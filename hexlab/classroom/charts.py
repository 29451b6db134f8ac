"""Small line charts as inline SVG, readable in black and white: each side has its own dash pattern and marker.

No script and nothing fetched: a chart is one ``<svg>`` element to put in a page.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

INKS = ("#1f3b70", "#8a2b1f", "#2f5d2a", "#5a3d74")
"""Dark inks that stay apart in grey."""


def _n(v: float) -> str:
    text = f"{v:.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _marker(kind: int, x: float, y: float, ink: str) -> str:
    """A small mark at a data point: a dot, a triangle, a square or a diamond."""
    r = 3.5
    if kind % 4 == 0:
        return f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{ink}"/>'
    if kind % 4 == 1:
        pts = f"{_n(x)},{_n(y - r)} {_n(x + r)},{_n(y + r)} {_n(x - r)},{_n(y + r)}"
        return f'<polygon points="{pts}" fill="{ink}"/>'
    if kind % 4 == 2:
        return f'<rect x="{_n(x - r)}" y="{_n(y - r)}" width="{_n(2 * r)}" height="{_n(2 * r)}" fill="{ink}"/>'
    pts = f"{_n(x)},{_n(y - r)} {_n(x + r)},{_n(y)} {_n(x)},{_n(y + r)} {_n(x - r)},{_n(y)}"
    return f'<polygon points="{pts}" fill="white" stroke="{ink}" stroke-width="1.5"/>'


def _ticks(top: float) -> list[float]:
    """Round values for the vertical axis, from 0 to at least ``top``."""
    if top <= 0:
        return [0, 1]
    for step in (0.5, 1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000):
        if top / step <= 6:
            break
    n = int(-(-top // step))
    return [i * step for i in range(n + 1)]


def line_chart(title: str, xs: Sequence[int], series: Sequence[tuple[str, Sequence[float], int, bool]],
               x_label: str = "turn", y_label: str = "", width: int = 640, height: int = 260,
               inks: Sequence[str] | None = None) -> str:
    """A line chart: ``series`` is ``(name, values, style index, dashed)``, each value at the matching ``x``.
    A dashed series (an expectation) is drawn thinner with hollow marks; its style index keeps its side's ink
    (``inks[index]``, or one of :data:`INKS`). The legend stands to the right of the plot, clear of the lines;
    ``width`` is the plot's share, the legend's column is added to it."""
    legend_w = 44 + 7 * max((len(name) for name, _, _, _ in series), default=0)
    left, right, top, bottom = 52, 16, 34, 44
    pw, ph = width - left - right, height - top - bottom
    width += legend_w
    palette = list(inks) if inks else list(INKS)
    values = [v for _, vals, _, _ in series for v in vals]
    ticks = _ticks(max(values, default=0))
    y_top = ticks[-1] or 1
    x0, x1 = (min(xs), max(xs)) if xs else (0, 1)
    span = (x1 - x0) or 1

    def px(x: float) -> float:
        return left + (x - x0) / span * pw if len(xs) > 1 else left + pw / 2

    def py(v: float) -> float:
        return top + ph - v / y_top * ph

    out = [f'<svg class="chart" viewBox="0 0 {width} {height}" width="{width}" '
           f'height="{height}" role="img" aria-label="{escape(title)}" font-family="sans-serif">',
           f'<title>{escape(title)}</title>',
           f'<text x="{left}" y="18" font-size="14" font-weight="bold">{escape(title)}</text>']
    for t in ticks:
        y = py(t)
        out.append(f'<line x1="{left}" y1="{_n(y)}" x2="{left + pw}" y2="{_n(y)}" stroke="#bbb" stroke-width="0.7"/>')
        out.append(f'<text x="{left - 6}" y="{_n(y + 4)}" font-size="11" text-anchor="end">{_n(t)}</text>')
    every = max(1, len(xs) // 12)
    for i, x in enumerate(xs):
        if i % every == 0 or i == len(xs) - 1:
            out.append(f'<text x="{_n(px(x))}" y="{top + ph + 16}" font-size="11" text-anchor="middle">{x}</text>')
    out.append(f'<line x1="{left}" y1="{top + ph}" x2="{left + pw}" y2="{top + ph}" stroke="#222" stroke-width="1"/>')
    out.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + ph}" stroke="#222" stroke-width="1"/>')
    out.append(f'<text x="{left + pw / 2}" y="{height - 6}" font-size="11" text-anchor="middle">'
               f'{escape(x_label)}</text>')
    if y_label:
        out.append(f'<text x="12" y="{top + ph / 2}" font-size="11" text-anchor="middle" '
                   f'transform="rotate(-90 12 {top + ph / 2})">{escape(y_label)}</text>')
    legend_x = left + pw + 18
    for k, (name, vals, kind, dashed) in enumerate(series):
        ink = palette[kind % len(palette)]
        dash = "4 3" if dashed else ""  # a side's own line is solid; its marks tell the sides apart in grey
        pts = " ".join(f"{_n(px(x))},{_n(py(v))}" for x, v in zip(xs, vals, strict=False))
        extra = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<polyline points="{pts}" fill="none" stroke="{ink}" stroke-width="{1.4 if dashed else 2.2}"'
                   f'{extra}/>')
        if len(xs) <= 40:
            for x, v in zip(xs, vals, strict=False):
                if dashed:
                    out.append(f'<circle cx="{_n(px(x))}" cy="{_n(py(v))}" r="2.5" fill="white" stroke="{ink}"/>')
                else:
                    out.append(_marker(kind, px(x), py(v), ink))
        ly = top + 14 + 15 * k
        out.append(f'<line x1="{legend_x}" y1="{ly - 4}" x2="{legend_x + 26}" y2="{ly - 4}" stroke="{ink}" '
                   f'stroke-width="2"{extra}/>')
        out.append(_marker(kind, legend_x + 13, ly - 4, ink) if not dashed else
                   f'<circle cx="{legend_x + 13}" cy="{ly - 4}" r="2.5" fill="white" stroke="{ink}"/>')
        out.append(f'<text x="{legend_x + 32}" y="{ly}" font-size="11">{escape(name)}</text>')
    out.append("</svg>")
    return "\n".join(out)
