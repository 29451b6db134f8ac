"""The rules-agnostic core: state, actions, the sequence of play, the event log and ``Game``.

No widget library is imported here (or anywhere in the engine): ``import hexlab`` works without Jupyter.
"""

from .actions import Action, ActionCodec
from .errors import HexlabError, RuleError, SaveError, ScenarioError
from .events import Event
from .game import STEP, Game, LegalActions
from .ruleset import Context, NoOptions, Ruleset, Terrain, UnitType
from .sequence import Phase, SequenceOfPlay, Step, phase, step
from .state import Area, Board, GameState, Location, Unit

__all__ = [
    "Action", "ActionCodec", "Area", "Board", "Context", "Event", "Game", "GameState", "HexlabError",
    "LegalActions", "Location", "NoOptions", "Phase", "RuleError", "Ruleset", "STEP", "SaveError",
    "ScenarioError", "SequenceOfPlay", "Step", "Terrain", "Unit", "UnitType", "phase", "step",
]
