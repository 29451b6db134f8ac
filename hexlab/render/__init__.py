"""Rendering: a game or board as plain data (:func:`scene`), and that data as SVG (:func:`to_svg`).

No widget library is imported here; the live map in :mod:`hexlab.widgets` draws the same scenes.
"""

from .scene import CellInfo, Circle, CounterInfo, Line, Poly, Scene, Shape, Text, fit_layout, scene
from .svg import save_svg, shape_svg, to_svg

__all__ = ["CellInfo", "Circle", "CounterInfo", "Line", "Poly", "Scene", "Shape", "Text", "fit_layout", "save_svg",
           "scene", "shape_svg", "to_svg"]
