"""War at Sea: Troop-Landing rules (ruleset id ``warsea``): the fan rules for landing troops on islands in Axis &
Allies War at Sea, on a small model of the base game's turn. Sea sectors, carriers loading troops in their deployment
area and unloading them on islands, air missions and attacks, naval gunfire, infantry combat, claims and the victory
check; exact odds for one attack, one round of infantry combat and the whole fight for an island.

The phase modules are imported first, so their step handlers are registered when the class is built (and checked
against the sequence of play)."""

from ... import rulesets
from . import air, attacks, end_turn, infantry, initiative, sea  # noqa: F401  (their handlers register on import)
from .rules import Warsea

rulesets.register(Warsea)

__all__ = ["Warsea"]
