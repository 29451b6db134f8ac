"""Cadet Commander (ruleset id ``cadet``): bands of figures on an 8 x 8 hex board, chained activation
rolls, two actions a figure, punch ups with the ATK die (keep one die), push-backs towards the flag,
stacking of two with the bump rule, flags to capture; exact odds of a punch up.

The phase modules are imported first so that their step handlers are registered before the ruleset
class is built (``Cadet.handlers``; ``Handlers.verify`` checks them against the sequence of play)."""

from ... import rulesets
from . import activation, end_turn, moves, punch, stacking  # noqa: F401  (register the step handlers)
from .rules import Cadet

rulesets.register(Cadet)

__all__ = ["Cadet"]
