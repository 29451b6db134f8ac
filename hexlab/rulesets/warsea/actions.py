"""War at Sea landings' decisions: small frozen dataclasses (``unit``/``to``/``target`` let the map act)."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import Action


@dataclass(frozen=True, slots=True)
class Order(Action):
    """The initiative winner names the side that moves first (was.base.initiative_default)."""

    first: str
    verb = "act"


@dataclass(frozen=True, slots=True)
class Load(Action):
    """Take one troop counter aboard a carrier in its owner's deployment area (was.naval.load.*)."""

    unit: str
    verb = "act"


@dataclass(frozen=True, slots=True)
class EndLoading(Action):
    """No more loading this turn."""

    verb = "pass"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """A ship moves one sector (was.base.sea_movement_default)."""

    unit: str
    to: str
    verb = "move"


@dataclass(frozen=True, slots=True)
class EndMoves(Action):
    """No more ship moves this turn."""

    verb = "pass"


@dataclass(frozen=True, slots=True)
class Unload(Action):
    """Put one troop counter ashore on the island in its carrier's sector (was.naval.unload.*)."""

    unit: str
    verb = "move"


@dataclass(frozen=True, slots=True)
class EndUnloading(Action):
    """Keep the rest aboard (was.naval.unload.partial_allowed)."""

    verb = "pass"


@dataclass(frozen=True, slots=True)
class Fly(Action):
    """An aircraft flies its mission to a sector in its range (was.base.air_missions_default)."""

    unit: str
    to: str
    verb = "move"


@dataclass(frozen=True, slots=True)
class EndMissions(Action):
    """No more air missions this turn."""

    verb = "pass"


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """An attack declared this phase: ``weapon`` is ``anti_air``, ``bombs``, ``gunnery`` or ``torpedo``."""

    unit: str
    target: str
    weapon: str
    verb = "battle"


@dataclass(frozen=True, slots=True)
class EndAttacks(Action):
    """No more attacks this phase."""

    verb = "pass"


@dataclass(frozen=True, slots=True)
class Mark(Action):
    """The roller puts a destroyed marker on this enemy troop (was.combat.troop.hit_on_5_or_6)."""

    target: str
    verb = "battle"


ALL = (Order, Load, EndLoading, Move, EndMoves, Unload, EndUnloading, Fly, EndMissions, Attack, EndAttacks, Mark)
