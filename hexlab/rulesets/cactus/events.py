"""Cactus Air Force Ground Combat's events: one payload class per kind the rules write in the log.

Every field is always written in the event's ``data`` (none has a default), as the log has always had them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import Payload

# ----------------------------------------------------------------------------------------------- setup


@dataclass(frozen=True, slots=True)
class Setup(Payload):
    """The units are placed (caf.setup.*)."""


@dataclass(frozen=True, slots=True)
class CountersAside(Payload):
    """The reduced counters held off the map, by counter id (caf.setup.reduced_counters_held_aside)."""

    aside: dict[str, int]


# ----------------------------------------------------------------------------------------------- the hour, moves


@dataclass(frozen=True, slots=True)
class HourBegan(Payload):
    """A new hour of the turn (caf.sequence.turn_structure_default)."""

    hour: int


@dataclass(frozen=True, slots=True)
class AirCover(Payload):
    """The fighter groups over a sea move's route (caf.air.cover.required_for_sea_moves)."""

    unit: str
    fighters: list[str]


@dataclass(frozen=True, slots=True)
class UnitMoved(Payload):
    """A ground unit moved from box to box (caf.movement.option.*)."""

    unit: str
    frm: str
    to: str
    how: str


@dataclass(frozen=True, slots=True)
class BattleJoined(Payload):
    """A fight began in a box, or a unit joined one (caf.combat.attacker_defender_roles)."""

    box: str


# ----------------------------------------------------------------------------------------------- ground combat


@dataclass(frozen=True, slots=True)
class Battles(Payload):
    """The boxes fought over this hour (caf.combat.trigger.opposing_units_share_box)."""

    boxes: list[str]


@dataclass(frozen=True, slots=True)
class BanzaiDeclared(Payload):
    """A Japanese attacking unit makes a Banzai attack (caf.combat.banzai.doubled_dice)."""

    unit: str


@dataclass(frozen=True, slots=True)
class GroundCombat(Payload):
    """One hour's combat result in a box (caf.combat.both_sides_roll)."""

    box: str
    attacker_steps_lost: int
    defender_steps_lost: int
    attacker_retreats: bool
    defender_five: bool


@dataclass(frozen=True, slots=True)
class StepLost(Payload):
    """A unit lost a step: its counter flipped or was replaced (caf.components.counters.flip_on_step_loss)."""

    unit: str
    steps: int
    counter: str
    face: str


@dataclass(frozen=True, slots=True)
class Eliminated(Payload):
    """A unit lost its last step and left the map (caf.components.counters.eliminated_at_zero_steps)."""

    unit: str
    at: str


@dataclass(frozen=True, slots=True)
class RetreatBlocked(Payload):
    """An overland attacker could not go back and lost a step instead (caf.combat.blocked_retreat_default)."""

    unit: str


@dataclass(frozen=True, slots=True)
class Retreated(Payload):
    """A defender's 5 sent an overland attacker back where it came from (caf.combat.retreat_overland_to_start)."""

    unit: str
    frm: str
    to: str


@dataclass(frozen=True, slots=True)
class NoRetreatFromTheSea(Payload):
    """Seaborne attackers lose a step more instead of retreating (caf.combat.seaborne_no_retreat_extra_step)."""


@dataclass(frozen=True, slots=True)
class StillContested(Payload):
    """Both sides are left in the box: the fight goes on (caf.combat.occupation.contested_otherwise)."""

    box: str


@dataclass(frozen=True, slots=True)
class Occupied(Payload):
    """The attacker took the box (caf.combat.occupation.requires_elimination_and_survivor)."""

    box: str


@dataclass(frozen=True, slots=True)
class Held(Payload):
    """The defender kept the box (caf.combat.occupation.requires_elimination_and_survivor)."""

    box: str


@dataclass(frozen=True, slots=True)
class NobodyHolds(Payload):
    """Both sides were wiped out in the box (caf.combat.occupation.requires_elimination_and_survivor)."""

    box: str


# ----------------------------------------------------------------------------------------------- air operations


@dataclass(frozen=True, slots=True)
class RaidOrdered(Payload):
    """A bomber group flies against a box (caf.air.bombing.choose_installation_or_troops)."""

    group: str
    box: str
    aim: str


@dataclass(frozen=True, slots=True)
class RaidDrivenOff(Payload):
    """AA hit the raid (caf.air.aa.hit_number_default)."""

    box: str


@dataclass(frozen=True, slots=True)
class BombsMissed(Payload):
    """The bombing roll failed (caf.air.bombing.standard_resolution)."""

    box: str


@dataclass(frozen=True, slots=True)
class BombsHit(Payload):
    """The bombing roll hit the troops (caf.air.bombing.success_costs_one_step)."""

    box: str


@dataclass(frozen=True, slots=True)
class LastStepHolds(Payload):
    """Every bombed unit is down to its last step (caf.air.bombing.last_step_immune)."""

    box: str


@dataclass(frozen=True, slots=True)
class TargetBombed(Payload):
    """An installation was wrecked for its VP (caf.victory.new_target_bombing_vp)."""

    box: str
    vp: int


# ----------------------------------------------------------------------------------------------- end of the turn


@dataclass(frozen=True, slots=True)
class VictoryPoint(Payload):
    """A box held alone scored its holder 1 VP (caf.victory.uncontested_location_vp)."""

    box: str
    vp: int


@dataclass(frozen=True, slots=True)
class TurnScored(Payload):
    """The VP each side gained this turn (caf.victory.uncontested_location_vp)."""

    gained: dict[str, int]


@dataclass(frozen=True, slots=True)
class Refitted(Payload):
    """A unit got a step back for an air refit (caf.supply.refit.costs_air_refit)."""

    unit: str
    steps: int


@dataclass(frozen=True, slots=True)
class TargetHeld(Payload):
    """A held, never bombed target on the holder's roster scored at the end (caf.victory.occupied_unbombed_target)."""

    box: str
    vp: int


EVENTS = (Setup, CountersAside, HourBegan, AirCover, UnitMoved, BattleJoined, Battles, BanzaiDeclared, GroundCombat,
          StepLost, Eliminated, RetreatBlocked, Retreated, NoRetreatFromTheSea, StillContested, Occupied, Held,
          NobodyHolds, RaidOrdered, RaidDrivenOff, BombsMissed, BombsHit, LastStepHolds, TargetBombed, VictoryPoint,
          TurnScored, Refitted, TargetHeld)
"""Every kind of event the ruleset writes."""

__all__ = [cls.__name__ for cls in EVENTS] + ["EVENTS"]
