"""hexlab: a Jupyter teaching kit for hex-and-counter wargames.

The engine (``hexlab.hexes``, ``hexlab.dice``, ``hexlab.engine``, ``hexlab.rulesets``,
``hexlab.scenario``, ``hexlab.saves``) is pure Python and imports no widget library; the views live in
``hexlab.render`` and ``hexlab.widgets``.

    >>> import hexlab
    >>> game = hexlab.load("cadet/village", seed=1)      # doctest: +SKIP
    >>> [s["id"] for s in hexlab.scenarios()]             # doctest: +SKIP
"""

from __future__ import annotations

from typing import Any

from . import saves
from .engine import Game, HexlabError, RuleError, SaveError, ScenarioError
from .hexes import (
    FLAT,
    POINTY,
    Hex,
    Hexside,
    Layout,
    Point,
    hex_distance,
    hex_line,
    hex_neighbors,
    hex_path,
    hex_range,
    hex_reachable,
    hex_ring,
    hex_to_pixel,
    line_of_sight,
    pixel_to_hex,
    polygon_corners,
)
from .scenario import load, scenarios

__version__ = "0.1.0"

__all__ = [
    "FLAT", "POINTY", "Game", "Hex", "Hexside", "HexlabError", "Layout", "Point", "RuleError",
    "SaveError", "ScenarioError", "hex_distance", "hex_line", "hex_neighbors", "hex_path", "hex_range",
    "hex_reachable", "hex_ring", "hex_to_pixel", "line_of_sight", "load", "pixel_to_hex", "play",
    "polygon_corners", "resume", "saves", "scenarios", "simulate",
]


def play(scenario_id: str, seed: int | None = None, players: Any = None, **kwargs: Any) -> Any:
    """The whole play table (map, stepper, dice tray, odds panel, log) for a notebook.

    Needs the widget libraries (``pip install hexlab[lab]``)."""
    from .widgets import play as _play

    return _play(scenario_id, seed=seed, players=players, **kwargs)


def resume(path: str, players: Any = None, **kwargs: Any) -> Any:
    """The play table for a saved game (a JSON file written by the table's Save button or ``Table.save``).

    Needs the widget libraries (``pip install hexlab[lab]``)."""
    from .widgets.table import resume as _resume

    return _resume(path, players=players, **kwargs)


def simulate(scenario: str, games: int = 100, players: Any = "random,random", seed: int = 0, **kwargs: Any) -> Any:
    """Play ``games`` whole games of a scenario and count: win rates with 95% intervals, length, score, casualties,
    how games were decided (:func:`hexlab.simulate.simulate`; on Dask with ``pip install hexlab[sim]``)."""
    from .simulate import simulate as _simulate

    return _simulate(scenario, games=games, players=players, seed=seed, **kwargs)
