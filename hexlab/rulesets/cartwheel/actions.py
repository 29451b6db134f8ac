"""Operation Cartwheel's decisions: small frozen dataclasses (``unit``/``to``/``target`` let the map act)."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import Action


@dataclass(frozen=True, slots=True)
class Commit(Action):
    """Japan commits the 11th Hikoshidan this turn, or not (oc.special.hikoshidan.decision_timing)."""

    yes: bool
    verb = "act"


@dataclass(frozen=True, slots=True)
class CommitTF36(Action):
    """The Allies commit TF-36 this turn, or not (oc.naval.tf36.commitment_declaration)."""

    yes: bool
    verb = "act"


@dataclass(frozen=True, slots=True)
class Build(Action):
    """Start a mobile airbase (its display) in a hex (oc.air.mobile.place_under_construction)."""

    airbase: str
    to: str
    verb = "act"


@dataclass(frozen=True, slots=True)
class EndBuilding(Action):
    verb = "pass"


@dataclass(frozen=True, slots=True)
class GeneralRegroup(Action):
    """The Allies declare this turn a general regroup turn, or not (oc.sequence.general_regroup.declaration)."""

    yes: bool
    verb = "act"


@dataclass(frozen=True, slots=True)
class Designate(Action):
    """Put a Regroup marker on a disrupted or reduced aerial unit (oc.air.unit_regroup.designation)."""

    unit: str
    verb = "act"


@dataclass(frozen=True, slots=True)
class EndDesignation(Action):
    verb = "pass"


@dataclass(frozen=True, slots=True)
class FlyRecon(Action):
    """Try a recon flight with a recon unit (oc.air.recon.flight_roll_seven_or_less)."""

    unit: str
    verb = "act"


@dataclass(frozen=True, slots=True)
class PlaceMagic(Action):
    """Place the Magic PBY marker, which always flies (oc.air.recon.magic_always_flies), and examine an airbase."""

    to: str
    airbase: str = ""
    verb = "act"


@dataclass(frozen=True, slots=True)
class PlaceRecon(Action):
    """Place a recon unit that flies in a hex in range, naming an enemy airbase there to examine (or none)."""

    unit: str
    to: str
    airbase: str = ""
    verb = "move"


@dataclass(frozen=True, slots=True)
class EndRecon(Action):
    verb = "pass"


@dataclass(frozen=True, slots=True)
class StrikeBase(Action):
    """An air strike from one of one's airbases on an enemy airbase (oc.base.strike_mission_default)."""

    base: str
    airbase: str
    verb = "battle"


@dataclass(frozen=True, slots=True)
class StrikeShip(Action):
    """An air strike from one of one's airbases on an enemy naval unit at sea."""

    base: str
    target: str
    verb = "battle"


@dataclass(frozen=True, slots=True)
class StrikeGround(Action):
    """An air strike from one of one's airbases on an enemy ground combat unit on the map (ours, on
    oc.base.strike_mission_default: its CF resists the bombs, oc.components.ground.combat_factor)."""

    base: str
    target: str
    verb = "battle"


@dataclass(frozen=True, slots=True)
class Sail(Action):
    """A naval mission: one naval unit moves up to 4 sea hexes (oc.base.naval_mission_default)."""

    unit: str
    to: str
    verb = "move"


@dataclass(frozen=True, slots=True)
class PassMission(Action):
    """Pass this mission opportunity (oc.sequence.phase.air_naval_end_on_passes)."""

    verb = "pass"


@dataclass(frozen=True, slots=True)
class March(Action):
    """A ground combat unit moves to an adjacent land hex (oc.base.ground_operations_default)."""

    unit: str
    to: str
    verb = "move"


@dataclass(frozen=True, slots=True)
class EndGround(Action):
    verb = "pass"


@dataclass(frozen=True, slots=True)
class Dismantle(Action):
    """Take an empty, undisrupted mobile airbase off the map (oc.air.mobile.dismantle)."""

    airbase: str
    verb = "act"


@dataclass(frozen=True, slots=True)
class EndDismantling(Action):
    verb = "pass"


@dataclass(frozen=True, slots=True)
class Airdrop(Action):
    """A C-47 mission dropping the parachute unit it carries on a land hex in its range
    (oc.components.air.c47_carries_parachute)."""

    unit: str
    to: str
    verb = "move"


@dataclass(frozen=True, slots=True)
class Embark(Action):
    """A ground unit goes aboard a friendly transport in an adjacent sea hex, within its cargo capacity
    (oc.components.naval.cargo_capacity)."""

    unit: str
    target: str
    verb = "move"


@dataclass(frozen=True, slots=True)
class Disembark(Action):
    """A ground unit aboard a transport lands on an adjacent land hex."""

    unit: str
    to: str
    verb = "move"


ALL = (Commit, CommitTF36, Build, EndBuilding, GeneralRegroup, Designate, EndDesignation, FlyRecon, PlaceMagic,
       PlaceRecon, EndRecon, StrikeBase, StrikeShip, StrikeGround, Sail, PassMission, March, EndGround, Dismantle,
       EndDismantling, Airdrop, Embark, Disembark)
