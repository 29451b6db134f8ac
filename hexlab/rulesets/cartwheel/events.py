"""What an Operation Cartwheel game logs: one payload class per kind of event."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import Payload


@dataclass(frozen=True, slots=True)
class Note(Payload):
    """A phase or step that passes, with why."""


@dataclass(frozen=True, slots=True)
class RandomEvent(Payload):
    dr: int
    event: str


@dataclass(frozen=True, slots=True)
class Committed(Payload):
    force: str
    yes: bool


@dataclass(frozen=True, slots=True)
class VictoryPoints(Payload):
    side: str
    halves: int
    cause: str


@dataclass(frozen=True, slots=True)
class AirbaseChanged(Payload):
    airbase: str
    status: str


@dataclass(frozen=True, slots=True)
class Regrouping(Payload):
    unit: str = ""


@dataclass(frozen=True, slots=True)
class ReconFlight(Payload):
    side: str
    flies: bool = True
    to: str = ""


@dataclass(frozen=True, slots=True)
class Examined(Payload):
    airbase: str
    fighters: int
    bombers: int


@dataclass(frozen=True, slots=True)
class InitiativeWon(Payload):
    side: str
    missions: int = 0


@dataclass(frozen=True, slots=True)
class Passed(Payload):
    side: str


@dataclass(frozen=True, slots=True)
class StrikeFlown(Payload):
    side: str
    target: str
    bombers: list[str]
    escorts: list[str]


@dataclass(frozen=True, slots=True)
class AirLoss(Payload):
    unit: str = ""
    result: str = ""


@dataclass(frozen=True, slots=True)
class Sailed(Payload):
    unit: str
    to: str


@dataclass(frozen=True, slots=True)
class Marched(Payload):
    unit: str
    to: str


@dataclass(frozen=True, slots=True)
class Rebased(Payload):
    unit: str = ""
    to: str = ""
