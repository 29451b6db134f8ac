"""What a Skirmish game logs: one payload class per kind of event (the engine adds ``PhaseBegan``,
``DiceRolled`` and ``GameOver``)."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import Payload
from ...hexes import Hex


@dataclass(frozen=True, slots=True)
class Setup(Payload):
    """Hands dealt at the start."""


@dataclass(frozen=True, slots=True)
class Reshuffled(Payload):
    """The discards became the deck."""


@dataclass(frozen=True, slots=True)
class CardPlayed(Payload):
    card: str


@dataclass(frozen=True, slots=True)
class CardDrawn(Payload):
    """The active side drew a card."""


@dataclass(frozen=True, slots=True)
class Passed(Payload):
    """The active side stopped acting."""


@dataclass(frozen=True, slots=True)
class UnitMoved(Payload):
    unit: str
    frm: Hex
    to: Hex


@dataclass(frozen=True, slots=True)
class Revealed(Payload):
    unit: str


@dataclass(frozen=True, slots=True)
class Attacked(Payload):
    unit: str
    target: str
    kind = "Attack"


@dataclass(frozen=True, slots=True)
class StepLost(Payload):
    unit: str
    lost: int


@dataclass(frozen=True, slots=True)
class Eliminated(Payload):
    unit: str


@dataclass(frozen=True, slots=True)
class TurnBegan(Payload):
    """A new turn for the active side."""
