"""Cadet Commander's actions: one small frozen dataclass per kind of decision. Which step takes which is
declared in ``sequence.py`` (``accepts=``); the scenario options are in ``options.py``."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import Action
from ...hexes import Hex


@dataclass(frozen=True, slots=True)
class Activate(Action):
    """Activate a figure: the free one after the leader, or one more after a good activation roll."""

    unit: str
    verb = "act"


@dataclass(frozen=True, slots=True)
class RollActivation(Action):
    """Roll the D6 to activate one more figure (a 1 ends the turn)."""

    verb = "act"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Stop activating figures: the turn passes to the other player."""

    verb = "pass"


@dataclass(frozen=True, slots=True)
class Move(Action):
    unit: str
    to: Hex
    verb = "move"


@dataclass(frozen=True, slots=True)
class Punch(Action):
    """Punch up an enemy figure in the same hex (or pick the enemy of a forced punch up)."""

    unit: str
    target: str
    verb = "battle"


@dataclass(frozen=True, slots=True)
class Rest(Action):
    """The figure spends both its actions resting (it gets STR back): its activation ends."""

    unit: str
    verb = "act"
    ends_turn = True


@dataclass(frozen=True, slots=True)
class EndActivation(Action):
    verb = "pass"


@dataclass(frozen=True, slots=True)
class ChooseDie(Action):
    """Keep one of the ATK dice rolled: only its face counts."""

    face: str
    verb = "act"


@dataclass(frozen=True, slots=True)
class PushBack(Action):
    """The defender's owner picks the hex his pushed-back figure goes to."""

    unit: str
    to: Hex
    verb = "move"


@dataclass(frozen=True, slots=True)
class Follow(Action):
    """The attacker follows the pushed-back defender into its new hex."""

    unit: str
    to: Hex
    verb = "move"


@dataclass(frozen=True, slots=True)
class Stay(Action):
    """The attacker does not follow up."""

    unit: str
    verb = "pass"


@dataclass(frozen=True, slots=True)
class FallBack(Action):
    """An overcrowded figure's owner picks the hex it moves to."""

    unit: str
    to: Hex
    verb = "move"
