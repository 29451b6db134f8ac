"""Cadet Commander (ruleset id ``cadet``): bands of figures on an 8 x 8 hex board, chained activation
rolls, two actions a figure, punch ups with the ATK die (keep one die), push-backs towards the flag,
stacking of two with the bump rule, flags to capture; exact odds of a punch up."""

from ... import rulesets
from .rules import Cadet

rulesets.register(Cadet)

__all__ = ["Cadet"]
