"""The views: the live hex map, the phase stepper, the dice tray, the odds panel and the play table.

These need the widget libraries (``pip install hexlab[lab]``); the engine never imports them.
"""

from .dicetray import DiceTray
from .explorer import HexExplorer
from .hexmap import HexMap
from .odds import OddsPanel, bar_chart
from .stepper import PhaseStepper
from .table import Table, play, resume

__all__ = ["DiceTray", "HexExplorer", "HexMap", "OddsPanel", "PhaseStepper", "Table", "bar_chart", "play", "resume"]
