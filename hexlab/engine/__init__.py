"""The rules-agnostic core: state, actions, the sequence of play, the event log and ``Game``.

No widget library is imported here (or anywhere in the engine): ``import hexlab`` works without Jupyter.
"""

from .actions import Action, ActionCodec
from .errors import HexlabError, RuleError, SaveError, ScenarioError
from .events import DiceRolled, Event, GameOver, Payload, PhaseBegan
from .flow import Handlers, Outcome, Roll
from .game import STEP, Game, LegalActions
from .ruleset import Context, NoOptions, Objective, Options, Ruleset, Terrain, UnitType
from .sequence import Phase, Refusal, SequenceOfPlay, Step, phase, step
from .state import Aboard, Area, Board, Display, DisplayBox, GameState, Location, Unit

__all__ = [
    "Aboard", "Action", "ActionCodec", "Area", "Board", "Context", "DiceRolled", "Display", "DisplayBox", "Event",
    "Game", "GameOver", "GameState",
    "Handlers", "HexlabError", "LegalActions", "Location", "NoOptions", "Objective", "Options", "Outcome",
    "Payload", "Phase", "PhaseBegan", "Refusal", "Roll", "RuleError", "Ruleset", "STEP", "SaveError", "ScenarioError",
    "SequenceOfPlay",
    "Step", "Terrain", "Unit", "UnitType", "phase", "step",
]
