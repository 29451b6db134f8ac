"""Cactus Air Force Ground Combat's actions: one small frozen dataclass per kind of decision, each accepted at
the steps of the sequence of play that declare it (``sequence.py``). The scenario options moved to
``options.py``; ``AirGroup`` and ``CactusOptions`` are still importable from here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...engine import Action
from .options import AirGroup, CactusOptions

# ----------------------------------------------------------------------------------------------- actions

How = Literal["overland", "transport", "invasion"]
HOWS: tuple[str, ...] = ("overland", "transport", "invasion")


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move a ground unit straight to another box: ``overland`` along a land link, or by sea: ``transport``
    into a box with no enemy, ``invasion`` into a box with enemy units (caf.movement.option.*)."""

    unit: str
    to: str
    how: str = "overland"
    verb = "move"


@dataclass(frozen=True, slots=True)
class EndMoves(Action):
    """No more ground moves for this side this hour."""

    verb = "pass"


@dataclass(frozen=True, slots=True)
class Banzai(Action):
    """A Japanese attacking unit makes a Banzai attack this hour: double dice, one step lost after."""

    unit: str
    verb = "battle"


@dataclass(frozen=True, slots=True)
class Fight(Action):
    """No (more) Banzai declarations: roll the dice."""

    verb = "pass"


@dataclass(frozen=True, slots=True)
class TakeLoss(Action):
    """The owner picks the unit that loses the next step (a combat hit, or a successful bombing)."""

    unit: str
    verb = "act"


@dataclass(frozen=True, slots=True)
class Raid(Action):
    """Send a bomber group against a box: ``aim`` is ``troops`` (the ground units there) or ``installation``."""

    group: str
    to: str
    aim: str = "troops"
    verb = "battle"


@dataclass(frozen=True, slots=True)
class EndRaids(Action):
    """No more bombing raids for this side this hour."""

    verb = "pass"


@dataclass(frozen=True, slots=True)
class Refit(Action):
    """Give up an air-unit refit to restore one step to a ground unit (Reinforcement Phase)."""

    unit: str
    verb = "act"


@dataclass(frozen=True, slots=True)
class EndRefit(Action):
    """No ground refit for this side this turn."""

    verb = "pass"


__all__ = ["HOWS", "AirGroup", "Banzai", "CactusOptions", "EndMoves", "EndRaids", "EndRefit", "Fight", "How", "Move",
           "Raid", "Refit", "TakeLoss"]
