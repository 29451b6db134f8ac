"""Map redraw benchmark: batch calls against a loop of single-shape calls, kernel side.

Run from the project root:  .venv/bin/python benchmarks/bench_render.py

For boards of 13x9 (Memoir '44), 40x30 and 100x100 hexes, with a counter on every tenth hex, it times
the kernel-side work of one full redraw of the terrain and unit layers (building the scene is timed
separately, since both ways share it) and counts the bytes that would go to the browser, once with
hexlab's batch drawing (``hexlab.widgets.draw.draw_shapes``: ``fill_styled_polygons`` and friends inside
``hold_canvas``) and once with one canvas call per shape, also inside ``hold_canvas``. Figures are
printed with their ratios, measured in the same run.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ipycanvas import Canvas, hold_canvas  # noqa: E402
from ipycanvas import canvas as ipycanvas_canvas  # noqa: E402

from hexlab.engine import Board, GameState, Unit  # noqa: E402
from hexlab.hexes import offset_rect  # noqa: E402
from hexlab.render import Circle, Line, Poly, fit_layout, scene  # noqa: E402
from hexlab.widgets.draw import draw_shapes  # noqa: E402

SIZES = [(13, 9), (40, 30), (100, 100)]


def one_by_one(canvas, shapes, scale: float = 2.0) -> None:
    """The baseline: a canvas call for every shape."""
    canvas.set_transform(scale, 0, 0, scale, 0, 0)
    for s in shapes:
        if isinstance(s, Poly):
            if s.fill:
                canvas.fill_style = s.fill
                canvas.fill_polygon(s.points)
            if s.stroke:
                canvas.stroke_style = s.stroke
                canvas.line_width = s.width
                canvas.stroke_polygon(s.points)
        elif isinstance(s, Line):
            canvas.stroke_style = s.stroke
            canvas.line_width = s.width
            canvas.stroke_lines(s.points)
        elif isinstance(s, Circle):
            if s.fill:
                canvas.fill_style = s.fill
                canvas.fill_circle(s.x, s.y, s.r)
        else:
            canvas.fill_style = s.fill
            canvas.fill_text(s.text, s.x, s.y)


class Meter:
    """Counts the bytes the canvas manager would send."""

    def __init__(self) -> None:
        self.bytes = 0
        self.messages = 0
        manager = ipycanvas_canvas._CANVAS_MANAGER
        self._original = manager._send_custom

        def capture(command, buffers=[]):  # noqa: B006
            self.messages += 1
            self.bytes += len(json.dumps(command, default=str)) + sum(memoryview(b).nbytes for b in buffers)
            return self._original(command, buffers)

        manager._send_custom = capture


def board_and_state(width: int, height: int) -> tuple[Board, GameState]:
    terrain = {}
    for i, h in enumerate(offset_rect(width, height, "odd-r")):
        terrain[h] = ("clear", "forest", "hill", "town", "marsh")[i * 7 % 5]
    board = Board.rect(width, height, terrain=terrain)
    units = {}
    for i, h in enumerate(list(board.terrain)[::10]):
        units[f"u{i}"] = Unit(f"u{i}", ("A", "B")[i % 2], "infantry", h, 2, 2)
    return board, GameState("bench", ["A", "B"], "A", "p.s", 0, units=units)


def measure(draw, shapes, canvas, meter: Meter, repeat: int) -> tuple[float, int]:
    best = float("inf")
    size = 0
    for _ in range(repeat):
        meter.bytes = 0
        t0 = time.perf_counter()
        with hold_canvas():
            canvas.clear()
            draw(canvas, shapes, 2.0)
        best = min(best, time.perf_counter() - t0)
        size = meter.bytes
    return best, size


def main() -> None:
    meter = Meter()
    print(f"python {sys.version.split()[0]}; one full redraw of terrain + units, kernel side")
    print(f"{'board':>9} {'hexes':>6} {'shapes':>7} {'scene ms':>9} {'batch ms':>9} {'loop ms':>9} {'speed-up':>8}"
          f" {'batch KB':>9} {'loop KB':>9} {'bytes ratio':>11}")
    for width, height in SIZES:
        board, state = board_and_state(width, height)
        size = 30 if width < 50 else 12
        t0 = time.perf_counter()
        sc = scene(state, fit_layout(board, size), board=board, labels=width < 50)
        t_scene = time.perf_counter() - t0
        shapes = sc.layers["terrain"] + sc.layers["units"]
        canvas = Canvas(width=int(sc.width * 2), height=int(sc.height * 2))
        repeat = 5 if width < 50 else 2
        t_batch, b_batch = measure(draw_shapes, shapes, canvas, meter, repeat)
        t_loop, b_loop = measure(one_by_one, shapes, canvas, meter, max(1, repeat // 2))
        print(f"{width:>4}x{height:<4} {len(board.terrain):>6} {len(shapes):>7} {t_scene * 1e3:>9.1f} "
              f"{t_batch * 1e3:>9.1f} {t_loop * 1e3:>9.1f} {t_loop / t_batch:>7.1f}x "
              f"{b_batch / 1024:>9.0f} {b_loop / 1024:>9.0f} {b_loop / b_batch:>10.1f}x")


if __name__ == "__main__":
    main()
