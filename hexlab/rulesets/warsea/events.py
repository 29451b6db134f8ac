"""What a War at Sea landing game logs: one payload class per kind of event (the engine adds ``PhaseBegan``,
``DiceRolled`` and ``GameOver``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...engine import Payload


@dataclass(frozen=True, slots=True)
class Deployed(Payload):
    """The set-up: the deployment areas and the islands."""


@dataclass(frozen=True, slots=True)
class Initiative(Payload):
    rolls: dict[str, int]
    winner: str = ""


@dataclass(frozen=True, slots=True)
class MoveOrder(Payload):
    first: str


@dataclass(frozen=True, slots=True)
class Loaded(Payload):
    unit: str
    troop: str


@dataclass(frozen=True, slots=True)
class Moved(Payload):
    unit: str
    frm: str
    to: str


@dataclass(frozen=True, slots=True)
class Unloaded(Payload):
    unit: str
    carrier: str
    island: str


@dataclass(frozen=True, slots=True)
class Flew(Payload):
    unit: str
    to: str


@dataclass(frozen=True, slots=True)
class Passed(Payload):
    side: str


@dataclass(frozen=True, slots=True)
class AttackDeclared(Payload):
    unit: str
    target: str
    weapon: str
    dice: int


@dataclass(frozen=True, slots=True)
class AttackResult(Payload):
    unit: str
    target: str
    successes: int
    effect: str


@dataclass(frozen=True, slots=True)
class Damaged(Payload):
    unit: str
    hull_left: int


@dataclass(frozen=True, slots=True)
class Aborted(Payload):
    unit: str


@dataclass(frozen=True, slots=True)
class Destroyed(Payload):
    unit: str


@dataclass(frozen=True, slots=True)
class ShipSunk(Payload):
    unit: str
    by: str
    points: int


@dataclass(frozen=True, slots=True)
class TroopsLost(Payload):
    carrier: str
    troops: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Respawned(Payload):
    unit: str
    at: str


@dataclass(frozen=True, slots=True)
class Rescued(Payload):
    rescuer: str
    troop: str = ""


@dataclass(frozen=True, slots=True)
class InfantryHits(Payload):
    island: str
    side: str
    dice: int
    hits: int


@dataclass(frozen=True, slots=True)
class Marked(Payload):
    target: str
    by: str


@dataclass(frozen=True, slots=True)
class TroopRemoved(Payload):
    unit: str


@dataclass(frozen=True, slots=True)
class IslandControl(Payload):
    island: str
    side: str = ""


@dataclass(frozen=True, slots=True)
class PhasePassed(Payload):
    """A phase with nothing to do (the Submarine Attack phase with no submarine in play)."""


@dataclass(frozen=True, slots=True)
class Returned(Payload):
    units: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Regrouped(Payload):
    units: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Claim(Payload):
    island: str
    side: str = ""
    was: str = ""


@dataclass(frozen=True, slots=True)
class Points(Payload):
    totals: dict[str, int]
    sunk: dict[str, int]
    claims: dict[str, int]
    bonus: dict[str, int]
